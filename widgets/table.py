"""The card table: PeggingPractice (one play against the computer) and GameTable
(a whole game to 121), both driving the engine's :class:`~cribbage_edu.rules.game.Game`.

The learner is always player 0 and the computer player 1. Every rule question goes to
the game (which cards fit, whether a go is due, the points, the count, a claim's
verdict); the computer's decisions come from :mod:`cribbage_edu.strategy.players`, each seeded by
the game as it stands (:class:`~cribbage_edu.strategy.roster.StateSeeded`); hints from the
coach's judge (:func:`cribbage_edu.strategy.hint.hint`), the one that grades the learner's choices.

>>> table = GameTable(seed=7)
>>> table.value.phase, len(table.value.hand)
(<Phase.DISCARD: 'discard'>, 6)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TypeVar

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.charts.progress_svg import progress_svg
from cribbage_edu.render import (
    SMALL_CARD,
    back_img,
    backs_row,
    board_img,
    card_img,
    count_html,
    hand_html,
)
from cribbage_edu.render.colours import INK
from cribbage_edu.rules.board import GAME_HOLE, Board
from cribbage_edu.rules.cards import Card, Hand
from cribbage_edu.rules.checks import flag
from cribbage_edu.rules.drive import Player, drive
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.events import ActionKind, EventKind, Source
from cribbage_edu.rules.game import Event, Game, GameResult, Phase, PlayerView
from cribbage_edu.rules.scoring import HandScore, score_hand
from cribbage_edu.strategy.coach import CoachMode
from cribbage_edu.strategy.hint import hint
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.strategy.roster import PLAYER_NAMES, StateSeeded
from cribbage_edu.tables.chance import chance_words, chances_by_deal

from .answer import AnswerBox, AnswerButton
from .board import BoardWidget
from .cards import HandView, PlayableHand, SelectableHand
from .coaching import TableCoach
from .feedback import (
    Message,
    StaticPicture,
    choose_seed,
    read_points,
    seed_badge,
)
from .review import ReviewView, prepare_chart
from .show import ShowStepper

__all__ = ["GameTable", "PeggingPractice", "TableState"]

YOU, COMPUTER = 0, 1
_Said = TypeVar("_Said")
NAMES = ("Learner", "Computer")
_SCORING = frozenset({EventKind.PEG, EventKind.HEELS, EventKind.SHOW, EventKind.MUGGINS})


@dataclass(frozen=True)
class TableState:
    """What a table shows (read it as ``table.value``): the phase, the deal, the
    scores (learner first), the learner's cards, the count and the cards laid since
    it was last reset, whose turn it is, whether the learner must say go (no card of
    theirs fits: with ``say_go`` Go is offered on every turn all the same), the lines
    announced for the last action's points (one a score), the log, the message, at the
    end the result, and the learner's slips: each card past 31 or go while a card fit
    that the table refused, as the line that refused it, in this hand's play
    (PeggingPractice) or this game (GameTable)."""

    seed: int
    opponent: str
    phase: Phase
    deal: int
    dealer: int | None
    scores: tuple[int, int]
    hand: Hand
    count: int
    pile: Hand
    turn: int | None
    can_go: bool
    announcement: tuple[str, ...]
    log: tuple[str, ...]
    message: str
    result: GameResult | None
    slips: tuple[str, ...] = ()


def said_once(event: Event, names: Sequence[str]) -> str:
    """One short line for a score: the play's points as the game words them, a hand or
    crib as its total (the cards and the words are in the show)."""
    if event.kind == EventKind.SHOW and event.player is not None:
        what = "the crib" if event.source is Source.CRIB else "their hand"
        return f"{names[event.player]} scores {event.points} for {what}"
    return event.reason


def points_answer(description: str, button: str, tooltip: str, css: str,
                  answer: Callable[[], None]) -> tuple[AnswerBox, AnswerButton]:
    """A box for a number of points and its button: Enter in the box and the button both
    ``answer``. The box has the class ``css + "-box"``, the button ``css``. The button is
    drawn in the box's own view, so its click brings the text typed with it (see
    :mod:`cribbage_edu.widgets.answer`): the points judged are always those in the box."""
    box = AnswerBox(placeholder="points", description=description,
                    button_description=button, button_tooltip=tooltip,
                    button_class=css, layout=w.Layout(width="auto"))
    box.add_class(f"{css}-box")
    box.on_enter(answer)
    return box, box.button


_PEG_NOW = ("Peg your points: type what your last card (or the go) made, 0 if nothing, "
            "and press Peg.")


def _computer_count(event: Event) -> bool:
    """Whether ``event`` is the computer's count of its hand or crib."""
    return event.kind is EventKind.SHOW and event.player == COMPUTER


class _Table(StaticPicture, w.VBox):  # type: ignore[misc]
    """What both tables share: a game, a computer opponent, the play area and the log."""

    def __init__(self, seed: int | None, opponent: str, title: str, *,
                 coach: str = "mistakes", claim_play: bool = False,
                 say_go: bool = False) -> None:
        mode = CoachMode.check(coach)  # bad options are refused before anything is built
        self._claim_play = flag(claim_play, "claim_play")
        self._say_go = flag(say_go, "say_go")
        self._slips: list[tuple[int, str]] = []  # (deal, the line that refused it)
        super().__init__()
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._opponent_name = opponent
        self._computer: Player = StateSeeded(opponent, lambda: self._game)
        self._expert = ExpertPlayer()
        self._game = Game(0)
        self._seen_events = 0
        self._log: list[str] = []
        self._announcement: tuple[str, ...] = ()
        self.focused: w.DOMWidget | None = None
        """The control the keyboard's focus was last moved to (after an action)."""

        self.against = w.HTML()
        self.header = w.HBox([w.HTML(f"<b>{escape(title)}</b>"), seed_badge(self._seed),
                              self.against])
        self._set_opponent(opponent)
        self.opponent_view = w.HTML()
        self.opponent_view.add_class("cribbage-opponent")
        self.play_area = w.HTML()
        self.play_area.add_class("cribbage-play-area")
        self.announce = w.HTML()
        self.announce.add_class("cribbage-announce")
        self.picker = SelectableHand()
        self.playable = PlayableHand(on_play=self.play)
        self.hand_view = HandView()
        self.go_button = w.Button(description="Go", button_style="warning",
                                  tooltip="say go: no card fits under 31")
        self.go_button.add_class("cribbage-go")
        self.go_button.on_click(lambda _: self.go())
        self.hint_button = w.Button(description="Hint",
                                    tooltip="what would the expert do?")
        self.hint_button.add_class("cribbage-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.message = Message()
        self.log_view = w.HTML()
        self.log_view.add_class("cribbage-log")
        self.coach = TableCoach(mode, YOU)
        """The coach: a verdict on the learner's throws and cards (``coach=``)."""
        self.peg_box, self.peg_button = points_answer(
            "You peg", "Peg", "peg the points your card made (0 for none)", "cribbage-peg",
            self.peg)
        self.peg_row = w.HBox([self.peg_box])
        self.peg_row.add_class("cribbage-peg-row")
        self.peg_row.layout.display = "none"

    def _set_opponent(self, opponent: str, following: str | None = None) -> None:
        """Play against ``opponent``; ``following``: the one chosen for the next game."""
        self._opponent_name = opponent
        self._computer = StateSeeded(opponent, lambda: self._game)
        later = (f" (next game: the {escape(following)})"
                 if following not in (None, opponent) else "")
        self.against.value = (f"<span style='font-size:small;color:#555'>against the "
                              f"{escape(opponent)} player{later}</span>")

    # --- the game loop -------------------------------------------------------------------

    def _pause_here(self) -> bool:
        """Whether the automatic steps stop here for the learner to look."""
        raise NotImplementedError

    def _run(self) -> None:
        """Take automatic steps and the computer's decisions until the learner must act,
        the table pauses, or the game ends."""
        seats: list[Player | None] = [None, None]
        seats[COMPUTER] = self._computer
        drive(self._game, seats, stop=lambda _: self._pause_here())

    def _log_line(self, event: Event) -> str:
        return event.reason

    def _take_events(self) -> list[Event]:
        fresh = list(self._game.events[self._seen_events:])
        self._seen_events += len(fresh)
        self._log.extend(self._log_line(e) for e in fresh if e.reason)
        return fresh

    def _announce(self, fresh: Sequence[Event], *, more: bool = False) -> None:
        """Say the points of ``fresh``, one line a score (``more``: after the lines
        already said for this click)."""
        names = self._game.names
        self._announcement = (self._announcement if more else ()) + tuple(
            said_once(e, names) for e in fresh if e.kind in _SCORING and e.points)
        lines = "".join(f"<div class='cribbage-said'>{escape(line)}</div>"
                        for line in self._announcement)
        ink = INK["success"]
        self.announce.value = (f"<div role='status' style='color:{ink};min-height:1.3em'>"
                               f"{lines}</div>")

    def _act(self, action: str, *args: object) -> bool:
        """Ask the game to take the learner's action; a refusal is shown, nothing changes.
        A throw or a card is given to the coach, with the position it was chosen in."""
        game = self._game
        before = self.coach.position(game) if action in ("discard", "play") else None
        index = len(game.actions)
        try:
            getattr(game, action)(YOU, *args)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return False
        self.message.clear()
        if before is not None:
            self.coach.clear()
            self.coach.judge(before, args[0], index)  # type: ignore[arg-type]
        self._run()
        self._refresh()
        self._focus_next()
        self.coach.ahead(self._game)
        return True

    def _judged(self, typed: int | str, judge: Callable[[int], _Said]) -> _Said | None:
        """The game's judgement of the points typed (``typed``: the number, or why it
        cannot be read); a refusal is shown, and nothing changes."""
        if isinstance(typed, str):
            self.message.warn(typed)
            return None
        try:
            return judge(typed)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return None

    def peg(self) -> None:
        """Peg the points typed for the card just laid, or the go (what Peg, or Enter,
        does): with ``claim_play`` the learner says the play's points, and the game
        judges the claim (:meth:`cribbage_edu.rules.game.Game.peg`)."""
        game = self._game
        if game.peg_due != YOU:
            self.message.warn("nothing for you to peg now: say the points of a card just "
                              "after you lay it")
            return
        claim = self._judged(read_points(self.peg_box.value, "points you peg", 2),
                             lambda points: game.peg(YOU, points))
        if claim is None:
            return
        self.peg_box.value = ""
        self._run()
        self._refresh()
        said = claim.explain()
        text = f"You peg {claim.claimed}: {said[0].upper()}{said[1:]}."
        if go := self._go_line():  # the computer's go came with this peg: say what now
            text += f" {go}"
        if self._game.is_over:  # the peg won the game: say so after the verdict
            text += f" {self.message.text}"
        if claim.verdict == "right":
            self.message.praise(text)
        else:
            self.message.warn(text)
        self._focus_next()
        self.coach.ahead(self._game)

    def _next_control(self) -> w.DOMWidget | None:
        """The control the learner uses next: a card that fits (or Go) on their turn in
        the play, the first card in the discard."""
        game = self._game
        if game.peg_due == YOU:
            return self.peg_box
        if game.phase is Phase.PLAY and game.turn == YOU:
            if self._say_go and self.playable.cards:
                # the learner decides: the first card, never a hint of what fits
                return self.playable.button(self.playable.cards[0])
            if game.can_go(YOU):
                return self.go_button
            fits = game.legal_cards(YOU)
            return self.playable.button(fits[0]) if fits else None
        if game.phase is Phase.DISCARD and YOU in game.to_act and self.picker.cards:
            return self.picker.button(self.picker.cards[0])
        return None

    def _focus_next(self) -> None:
        """Move the keyboard's focus to the next control after an action: the button
        pressed may be gone (a card laid, Throw two hidden), and focus would otherwise
        fall to the page, many Tab presses away from the table."""
        control = self._next_control()
        self.focused = control
        if control is not None:
            control.focus()

    # --- the learner's actions -----------------------------------------------------------

    def play(self, card: Card | str) -> None:
        """Lay ``card`` (what clicking a card in the play does). A card of the learner's
        hand that would take the count past 31 is refused as a slip (:meth:`go`)."""
        if self._game.phase is not Phase.PLAY:
            self.message.warn(f"cannot lay {card}: the game is in the {self._game.phase}")
            return
        try:
            laid = Card.parse(card)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return
        if not self._slipped(laid):
            self._act("play", laid)

    def go(self) -> None:
        """Say go (what the Go button does). Go while a card fits, like a card past 31,
        is a slip: refused with a line that names why (the card that fits, or the count
        the card would make), counted in ``value.slips``; the game does not change."""
        if not self._slipped(None):
            self._act("go")

    def _slipped(self, card: Card | None) -> bool:
        """Whether the learner's ``card`` (or go, for ``None``) on their turn breaks the
        rule of the go; if so it is refused, said in the game's words (:meth:`Game.go_slip`,
        the words the terminal game says) and counted; anything else is left to the game."""
        game = self._game
        why = game.go_slip(YOU, card)
        if why is None:
            return False
        self._slips.append((game.deal_number, why))
        self.message.warn(why)
        return True

    def _slips_in(self, deal: int | None = None) -> list[str]:
        """The learner's slips (in ``deal``, or all)."""
        return [why for at, why in self._slips if deal is None or at == deal]

    @staticmethod
    def _slips_words(slips: Sequence[str]) -> str:
        """How many slips, in words: "no slips", "1 slip", "3 slips"."""
        return "no slips" if not slips else f"{len(slips)} slip{'s' * (len(slips) > 1)}"

    def _go_line(self) -> str:
        """What the learner does after the computer said go, in the table's words: lay on
        any card that fits; or, when none fits and the learner pegs the play by hand, peg
        the go. Empty when the computer has not said go in this count."""
        game = self._game
        count = game.go_count(COMPUTER)
        if count is None:
            return ""
        said = f"The computer said go at {count}"
        last = next((e for e in reversed(game.events) if e.deal == game.deal_number), None)
        if game.peg_due == YOU:
            if last is not None and last.kind is EventKind.GO and last.player == COMPUTER:
                return f"{said} and no card of yours fits: the go is yours. {_PEG_NOW}"
            return ""  # a card laid on after the go: its points are pegged as any card's
        if game.turn != YOU or not game.hand(YOU):
            return ""
        if self._say_go:
            return f"{said}: lay on any card that fits, or say go if none does."
        return f"{said}: lay on any card that fits." if game.legal_cards(YOU) else ""

    def hint(self) -> None:
        """What the advisor (in the discard) or the expert player (in the play) would do."""
        advice = hint(self._game.view(YOU))
        others = [line for line in advice.details if line != advice.explanation][:1]
        lead = ("Next best: " if advice.action is not None
                and advice.action.kind is ActionKind.DISCARD else "")
        why = "".join(f" {lead}{line}." for line in others)  # the numbers behind the advice
        self.message.say(f"Hint: {advice.explanation}.{why}")

    # --- drawing -------------------------------------------------------------------------

    def _refresh(self) -> None:
        self._announce(self._take_events())
        game = self._game
        held, who = len(game.view(COMPUTER).hand), NAMES[COMPUTER]
        self.opponent_view.value = backs_row(held, f"a card {who} holds",
                                             f"{who}: {held} card{'' if held == 1 else 's'}",
                                             width=SMALL_CARD)
        self.play_area.value = count_html(game.series, game.count,
                                          in_play=game.phase is Phase.PLAY, seat=YOU)
        discarding = game.phase is Phase.DISCARD and YOU in game.to_act
        self.peg_row.layout.display = "flex" if game.peg_due == YOU else "none"
        self._draw_hands(discarding)
        self._draw_log()

    def _draw_hands(self, discarding: bool) -> None:
        """The learner's cards as the phase asks: to select two in the discard, to click
        in the play, else face up in a row; and Go when it is offered."""
        game = self._game
        view = game.view(YOU)
        playing = game.phase is Phase.PLAY
        self.picker.layout.display = "flex" if discarding else "none"
        self.playable.layout.display = "flex" if playing else "none"
        self.hand_view.layout.display = "none" if discarding or playing else "flex"
        if discarding and set(self.picker.cards) != set(view.hand):
            self.picker.deal(view.hand)
            self.playable.deal(view.hand)  # ready for the play (hidden till then)
        choosing = self._choosing(view)
        if playing:
            self._draw_playable(view, choosing)
        else:
            if self.playable.cards and not discarding:
                self.playable.deal(())
            self.hand_view.show(view.kept or view.hand, caption=f"{NAMES[YOU]}'s hand")
        self._draw_go(choosing)

    def _choosing(self, view: PlayerView) -> bool:
        """Whether the learner chooses freely (``say_go``, on their turn in the play):
        every card clickable, Go always offered."""
        game = self._game
        return (game.phase is Phase.PLAY and self._say_go and game.turn == YOU
                and game.peg_due is None and bool(view.hand))

    def _draw_playable(self, view: PlayerView, choosing: bool) -> None:
        """In the play: the learner's cards, those that may be clicked enabled."""
        if set(self.playable.cards) != set(view.hand):
            self.playable.deal(view.hand)
        self.playable.enable(view.hand if choosing else self._game.legal_cards(YOU))

    def _draw_go(self, choosing: bool) -> None:
        """Go, when it is offered; offered on every turn (``say_go``), it must not stand
        out as the move to make."""
        offered = choosing or self._game.can_go(YOU)
        self.go_button.layout.display = "inline-flex" if offered else "none"
        self.go_button.button_style = "" if self._say_go else "warning"

    def _draw_log(self) -> None:
        # read top to bottom, oldest first, as it happened; the box opens scrolled to its
        # newest line at the bottom (a column-reverse box starts from its end: its one
        # child keeps its own order), so no script is needed
        self.log_view.value = (
            "<div style='font-size:small;color:#555'>The game so far (newest at the "
            "bottom):</div>"
            "<div role='log' aria-label='the game so far' tabindex='0' "
            "style='max-height:160px;overflow-y:auto;font-size:small;display:flex;"
            "flex-direction:column-reverse;border:1px solid #ddd;padding:4px'><div>"
            + "".join(f"<div class='cribbage-log-line'>{escape(line)}</div>"
                      for line in self._log[-200:])
            + "</div></div>")

    # --- what a test or a lesson reads ---------------------------------------------------

    @property
    def game(self) -> Game:
        """The game the table shows (read-only: the table plays it; a test or a lesson
        reads it, and acts through the table's own controls)."""
        return self._game

    def __repr__(self) -> str:
        game = self._game
        a, b = game.scores
        return (f"<{type(self).__name__} seed {self._seed} against the "
                f"{self._opponent_name} player: deal {game.deal_number}, {game.phase}, "
                f"{a}-{b}>")

    @property
    def value(self) -> TableState:
        """The table as it stands (read-only)."""
        game = self._game
        return TableState(
            seed=self._seed, opponent=self._opponent_name, phase=game.phase,
            deal=game.deal_number, dealer=game.dealer, scores=game.scores,
            hand=game.hand(YOU), count=game.count, pile=game.pile, turn=game.turn,
            can_go=game.can_go(YOU),
            announcement=self._announcement, log=tuple(self._log), message=self.message.text,
            result=game.result, slips=tuple(self._slips_in()))


class PeggingPractice(_Table):
    """Practise the play against a computer opponent (``opponent`` one of "random",
    "greedy", "expert"). Both hands are dealt and discarded by the advisor; the learner
    lays cards by clicking them (by default only cards that fit are enabled and Go
    appears only when none fits; see ``say_go`` below); every score is announced in
    words, one line a score; the cards of a count that ended (at 31 or a go) stay in
    sight until the next card; at the end of the play a summary shows who pegged what.
    Next hand deals again (the hands are numbered in the log), the dealer alternating.
    ``coach`` says what the coach says of each card laid ("off", "mistakes", the
    default, or "every"; see :class:`~cribbage_edu.widgets.coaching.TableCoach`); with
    ``claim_play=True`` the learner says the points of each card they lay (and of the
    go), and the game judges the claim.

    With ``say_go=True`` the learner says go themselves, as at a real table: on their
    turn every card of their hand can be clicked and Go is always offered. A card that
    would pass 31 is refused with a line that says why ("the 9♠ would make 36, past 31:
    no card of yours fits, say go"), and so is Go while a card fits (naming the card);
    a refusal changes nothing in the game, is counted in ``value.slips``, and the
    summary at the end of the play says how many. The default, ``say_go=False``, guides
    a beginner: only the cards that fit can be clicked, and Go appears only when none
    does (the table says go for them, in effect). Switch it on once lesson 06 has
    taught the go.

    >>> practice = PeggingPractice(seed=7)
    >>> practice.value.phase, practice.value.count == sum(c.value for c in practice.value.pile)
    (<Phase.PLAY: 'play'>, True)
    >>> practice = PeggingPractice(seed=7, say_go=True)
    >>> practice.go_button.click()  # the lead: every card fits
    >>> said = practice.value
    >>> said.message.endswith("you must lay a card when one fits"), said.slips == (said.message,)
    (True, True)
    """

    RUN_TO = "lay your cards against the computer"

    def _static_html(self) -> str:
        return ("<b>The play: lay cards to 31</b>"
                + hand_html(self._game.hand(YOU), caption="your hand"))

    def __init__(self, seed: int | None = None, *, opponent: str = "expert",
                 dealer: bool = False, coach: str = "mistakes",
                 claim_play: bool = False, say_go: bool = False) -> None:
        dealer = flag(dealer, "dealer")  # "no" would deal the learner in
        super().__init__(seed, opponent, "The play: lay cards to 31", coach=coach,
                         claim_play=claim_play, say_go=say_go)
        self.add_class("cribbage-pegging-practice")
        self._learner_deals = dealer
        self._hands = 0
        self.summary = w.HTML()
        self.summary.add_class("cribbage-play-summary")
        self.next_button = w.Button(description="Next hand", tooltip="deal another hand")
        self.next_button.add_class("cribbage-next")
        self.next_button.on_click(lambda _: self.next_hand())
        self.children = [
            self.header, self.opponent_view, self.play_area, self.announce, self.playable,
            self.peg_row, w.HBox([self.go_button, self.hint_button, self.next_button]),
            self.message, self.coach.box, self.summary, self.log_view,
        ]
        self._new_hand()

    def _pause_here(self) -> bool:
        return self._game.phase not in (Phase.PLAY, Phase.DISCARD, Phase.STARTER)

    def _log_line(self, event: Event) -> str:
        if event.kind == EventKind.DEAL:  # each hand is a new game's first deal: number the hands
            return event.reason.replace("deal 1:", f"hand {self._hands}:", 1)
        if event.kind == EventKind.DISCARD and event.player == YOU and event.cards:
            # the learner chose nothing: the practice throws for them, and says so
            return (f"the advisor throws {Hand(event.cards).symbols} to the crib for you "
                    f"(this practice is the play alone)")
        return event.reason

    def _new_hand(self) -> None:
        self._hands += 1
        first = YOU if self._learner_deals else COMPUTER
        self._game = Game(self._rng.randrange(2**31), first_dealer=first, names=NAMES,
                          claim_play=(self._claim_play, False))
        self._seen_events = 0
        self._slips = []  # counted hand by hand
        self.coach.forget()
        if self._log:
            self._log.append("")
        game = self._game
        game.advance()
        game.advance()
        game.discard(YOU, self._expert.discard(game.view(YOU)))
        self._run()
        self.summary.value = ""
        self._refresh()
        self._say_whose_turn()
        self.coach.ahead(game)

    def _say_whose_turn(self) -> None:
        game = self._game
        if game.phase is not Phase.PLAY:
            return
        role = "dealer" if game.dealer == YOU else "pone"
        laid = [card for who, card in game.laid if who == COMPUTER]
        if not game.laid:
            opening = "your lead."
        elif len(game.laid) == 1 and laid:
            opening = f"the computer led {laid[0].symbol}: your turn."
        else:
            opening = "your turn."
        self.message.say(f"Hand {self._hands}: you are {role}; {opening}")

    def _refresh(self) -> None:
        super()._refresh()
        if not self.message.text:
            line = self._next_line()
            if line:
                self.message.say(line)
        if self._game.phase is not Phase.PLAY and not self.summary.value:
            self._summarise()
            self.message.say("The play is over: press Next hand for another.")

    def _next_line(self) -> str:
        """What the learner does next, when nothing was just said: lay on or peg the go
        after the computer's, peg what is due, or, on their turn, lay a card (or say go)."""
        game = self._game
        go = self._go_line()
        if go:
            return go
        if game.peg_due == YOU:
            return _PEG_NOW
        if game.phase is not Phase.PLAY or game.turn != YOU:
            return ""
        if game.can_go(YOU) and not self._say_go:
            return f"No card fits under 31 (the count is {game.count}): say go."
        series = game.series
        if len(series) > 1 and len(series[-1]) == 1 and series[-1][0][0] == COMPUTER:
            return f"The computer leads a new count with {series[-1][0][1].symbol}: your turn."
        if self._say_go:
            return f"Your turn at {game.count}: lay a card, or say go if none fits."
        return "Your turn: lay a card."

    def _summarise(self) -> None:
        """The play is over: what each side pegged, the learner's slips (or, saying go
        themselves, that they made none) and the cards laid in order."""
        game = self._game
        pegged = [points[Source.PEGGING] + points[Source.HEELS] for points in game.tally()]
        laid = " ".join(f"{c.symbol}" for _, c in game.laid)
        slips = self._slips_in()
        said = ""
        if slips:
            said = (f"<br>You made {self._slips_words(slips)}, refused: a card past 31, "
                    f"or go while a card fit.")
        elif self._say_go:
            said = "<br>You said go yourself with no slips: every card and go as the rules ask."
        self.summary.value = (
            f"<p><b>The play is over.</b> You pegged {pegged[YOU]}, the computer "
            f"{pegged[COMPUTER]}.{said}<br>Cards laid in order: {escape(laid)}</p>")

    def next_hand(self) -> None:
        """Deal again (what Next hand does); refused while the play goes on."""
        if self._game.phase is Phase.PLAY:
            self.message.warn("finish this play first: lay your cards (or say go)")
            return
        self._learner_deals = not self._learner_deals
        self._new_hand()
        self._focus_next()

    def _next_control(self) -> w.DOMWidget | None:
        if self._game.phase is not Phase.PLAY:
            return self.next_button
        return super()._next_control()


class GameTable(_Table):
    """A whole game against a computer opponent ("random", "greedy" or "expert").

    Every phase comes in order: the cut for deal, the deal, the discard (select two,
    Throw two), the starter, the play (click a card; Go when none fits), the count,
    then Next deal. **You count your own hand and crib**, as at a real table: the
    cards are shown face up with the starter; type the points and press Claim (or
    Enter), and the game judges the claim (:meth:`Game.claim`). A first wrong claim for
    a hand or crib is told what it reveals and you count again; the second scores as
    claimed (points missed are lost, an over-count scores what the cards hold). With
    ``muggins=True`` every claim is judged at once, and points you miss go to the
    computer. ``manual_count=False`` lets the computer count for you. After each
    deal the show is told step by step (pone's hand, the dealer's hand, then the crib):
    Next lights each combination as its words appear, Show all says the rest.

    The board, the scores and the log follow every point; your chance to win from the
    board shows at each deal (from the chance-to-win table; untick it, or pass
    ``chance=False``, to hide it); Hint asks the coach's judge; Save puts the
    game as text in the box and Load reads it back (during a deal Save keeps the game as
    it was when the deal began, so the box never shows a card you could not see at the
    table). At the end: the result (skunk included) and the game's progress, both scores
    through the game with the skunk lines (``chart_out``, an SVG drawn with the click that
    ends the game), with the chance to win deal by deal under it. The Opponent box chooses
    who plays the next game (New game); a game keeps its opponent to the end. The
    computer's choices depend only on the game (:class:`StateSeeded`), so a loaded save
    plays the same as the game it was saved from.

    **The coach** (``coach=``: "off", "mistakes", the default, or "every") says, in one
    line right after a throw or a card, what it cost against the best choice and why
    (Why? shows the numbers); Review shows every decision so far, the most costly first,
    with Try again from the same position, and the review comes by itself at the end of
    the game. With ``claim_play=True`` you peg your own play points: say the points of
    each card you lay (and of the go), as at a real table; with ``muggins`` the points
    you miss go to the computer. With ``say_go=True`` you say go yourself: every card
    can be clicked and Go is always offered on your turn; a card past 31, or Go while a
    card fits, is refused with the reason, changes nothing and is counted as a slip (in
    ``value.slips``; the end of each deal and of the game say how many). The default
    guides a beginner, as :class:`PeggingPractice` does: only the cards that fit can be
    clicked, and Go appears only when none does.

    >>> table = GameTable(seed=7, target=61)
    >>> table.throw_button.click(); table.value.message
    'select exactly two cards to throw: you selected 0'
    """

    HELP = ("You count your own hand and crib: type the points and press Claim (or "
            "Enter); the computer judges your claim (a wrong first claim is told what it "
            "missed, and you count again: your second claim scores as claimed, and points "
            "you miss are lost).")
    HELP_MUGGINS = ("You count your own hand and crib: type the points and press Claim (or "
                    "Enter); each claim is judged at once, and points you miss go to the "
                    "computer (muggins).")
    HELP_SHOW = ("After each deal, Next says the show score by score, lighting the cards; "
                 "Show all says it at once.")
    HELP_SAY_GO = ("In the play you say go yourself: press Go when no card fits; a card past "
                   "31, or Go while a card fits, is refused and counted as a slip.")
    HELP_CLAIM_PLAY = ("You peg your own play points: after each card you lay (and each "
                       "go), type its points and press Peg (0 for none).")

    @classmethod
    def help_text(cls, *, manual_count: bool, muggins: bool, say_go: bool,
                  claim_play: bool) -> str:
        """The line under the table's title: what the chosen options ask of the learner.

        >>> GameTable.help_text(manual_count=False, muggins=False, say_go=True,
        ...                     claim_play=False)[:49]
        'In the play you say go yourself: press Go when no'
        """
        parts = []
        if manual_count:
            parts += [cls.HELP_MUGGINS if muggins else cls.HELP, cls.HELP_SHOW]
        if say_go:
            parts.append(cls.HELP_SAY_GO)
        if claim_play:
            parts.append(cls.HELP_CLAIM_PLAY
                         + (" Points you miss go to the computer." if muggins else ""))
        return " ".join(parts)

    RUN_TO = "play a whole game against the computer"

    def _static_html(self) -> str:
        return ("<b>Cribbage</b>" + board_img(self._game.board, NAMES)
                + hand_html(self._game.hand(YOU), caption="your six cards"))

    def __init__(self, seed: int | None = None, *, opponent: str = "expert",
                 target: int = GAME_HOLE, manual_count: bool = True, muggins: bool = False,
                 skunk: bool = True, chance: bool = True, coach: str = "mistakes",
                 claim_play: bool = False, say_go: bool = False) -> None:
        if opponent not in PLAYER_NAMES:
            raise ValueError(f"no computer player {opponent!r}: choose one of "
                             f"{', '.join(PLAYER_NAMES)}")
        super().__init__(seed, opponent, "Cribbage", coach=coach, claim_play=claim_play,
                         say_go=say_go)
        self.add_class("cribbage-game-table")
        self._target, self._manual, self._muggins, self._skunk = (
            target, manual_count, muggins, skunk)
        self._paused = False
        self._paused_after = 0
        self.board = BoardWidget(self._seed, target=target, names=NAMES, controls=False)
        help_text = self.help_text(manual_count=manual_count, muggins=muggins,
                                   say_go=say_go, claim_play=claim_play)
        self.help_line = w.HTML(
            f"<div style='font-size:small;color:#444'>{escape(help_text)}</div>"
            if help_text else "")
        self.throw_button = w.Button(description="Throw two", button_style="primary",
                                     tooltip="lay the two selected cards in the crib")
        self.throw_button.add_class("cribbage-throw")
        self.throw_button.on_click(lambda _: self.throw())
        self.next_button = w.Button(description="Next deal", tooltip="deal the next hand")
        self.next_button.add_class("cribbage-next")
        self.next_button.on_click(lambda _: self.next_deal())
        self.claim_box, self.claim_button = points_answer(
            "Your count", "Claim", "claim the points you counted", "cribbage-claim",
            self.claim)
        self.to_count = w.HTML()
        self.to_count.add_class("cribbage-to-count")
        self.claim_row = w.VBox([self.to_count, w.HBox([self.claim_box])])
        self.starter_view = w.HTML(layout=w.Layout(margin="0 24px 0 0"))
        self.crib_view = w.HTML(layout=w.Layout(margin="0 24px 0 0"))
        self.show_view = ShowStepper(width=SMALL_CARD + 6)
        self.show_view.on_step(self._said_so_far)  # the computer's points, as said
        self.show_view.on_done(self._focus_next)  # the show's buttons go: Next deal
        self.show_view.on_done(self._show_said)
        self._unsaid: list[Event] = []  # the show's events waiting to be said
        self.result_view = w.HTML()
        self.result_view.add_class("cribbage-result")
        self.chance_view = w.HTML()
        self.chance_view.add_class("cribbage-chance")
        self.chance_box = w.Checkbox(value=chance, description="show my chance to win",
                                     indent=False, layout=w.Layout(width="220px"))
        self.chance_box.observe(lambda _: self._refresh(), names="value")
        self.chart_out = w.HTML()  # the game's progress (SVG), at game over
        self.chart_out.add_class("cribbage-progress-chart-view")
        self.review_button = w.Button(description="Review", tooltip="the coach's review "
                                      "of your decisions so far")
        self.review_button.add_class("cribbage-review-button")
        self.review_button.on_click(lambda _: self.show_review())
        self.review_view = ReviewView()
        self.review_view.layout.display = "none"
        self.save_box = w.Textarea(placeholder="Save puts the game here; paste one and Load",
                                   layout=w.Layout(width="100%", height="60px"))
        self.save_box.add_class("cribbage-save-box")
        self.save_button = w.Button(description="Save", tooltip="put the game in the box")
        self.save_button.on_click(lambda _: self.save())
        self.load_button = w.Button(description="Load", tooltip="load the game in the box")
        self.load_button.on_click(lambda _: self.load())
        self.new_button = w.Button(description="New game", tooltip="start a new game")
        self.new_button.on_click(lambda _: self.new_game())
        self.opponent_picker = w.Dropdown(options=list(PLAYER_NAMES), value=opponent,
                                          description="Opponent",
                                          layout=w.Layout(width="220px"))
        self.opponent_picker.observe(lambda _: self._opponent_chosen(), names="value")
        self.children = [
            self.header, self.help_line, self.board, self.opponent_view,
            w.HBox([self.starter_view, self.crib_view, self.play_area],
                   layout=w.Layout(justify_content="flex-start")),
            self.announce, self.picker, self.playable, self.hand_view,
            self.peg_row,
            w.HBox([self.throw_button, self.go_button, self.next_button, self.hint_button,
                    self.review_button]),
            self.claim_row, self.message, self.coach.box, self.chance_view, self.show_view,
            self.result_view, self.review_view, self.chart_out, self.log_view,
            w.HBox([self.save_button, self.load_button, self.new_button,
                    self.opponent_picker, self.chance_box]),
            self.save_box,
        ]
        self._confirm_new = False
        self._games_started = 1
        self._start(self._new_game(self._seed))

    def _new_game(self, seed: int) -> Game:
        return Game(seed, target=self._target, skunk=self._skunk,
                    manual_count=(self._manual, False), muggins=self._muggins, names=NAMES,
                    claim_play=(self._claim_play, False))

    def _start(self, game: Game) -> None:
        self._game = game
        self._unsaid = []
        self._slips = []  # counted game by game
        self._seen_events, self._log, self._paused = 0, [], False
        self._paused_after = 0
        self.show_view.clear()
        self.result_view.value = ""
        self.coach.forget()
        self.review_view.layout.display = "none"
        self.chart_out.value = ""
        self._run()
        self._refresh()
        self.coach.ahead(game)

    def show_review(self) -> None:
        """The coach's review of the learner's decisions so far (what Review does): at
        any time, and at the end of a game by itself. The verdicts given during the game
        are taken as they are; any other decision is judged now."""
        game = self._game
        if not any(a.player == YOU and a.is_decision for a in game.actions):
            self.message.warn("nothing to review yet: throw two cards first")
            return
        self.review_view.show(self.coach.review(game), game)
        self.review_view.layout.display = "flex"
        self.message.say("The review of your decisions"
                         + (" in this game" if game.is_over else " so far")
                         + ": the most costly first; Try again replays one.")

    @property
    def paused(self) -> bool:
        """Whether the table waits between deals: the show is on view, and Next deal
        goes on (read-only)."""
        return self._paused

    def _pause_here(self) -> bool:
        game = self._game
        if (game.phase is Phase.DEAL and game.deal_number >= 1
                and self._paused_after != game.deal_number):
            self._paused, self._paused_after = True, game.deal_number
            # the deal's decisions are all made: the review's chart, drawn ahead
            prepare_chart(lambda: (self.coach.review(game), game))
        return self._paused

    # --- the learner's actions -----------------------------------------------------------

    def throw(self) -> None:
        """Lay the two selected cards away to the crib (what Throw two does)."""
        game = self._game
        if game.phase is not Phase.DISCARD or YOU not in game.to_act:
            self.message.warn(f"nothing to throw now: the game is in the {game.phase}")
            return
        chosen = self.picker.value
        if len(chosen) != 2:
            self.message.warn(f"select exactly two cards to throw: you selected {len(chosen)}")
            return
        self._act("discard", chosen)

    def claim(self) -> None:
        """Claim the typed count for your hand or crib (what Claim, or Enter, does). The
        game judges it (:meth:`cribbage_edu.rules.game.Game.claim`): without muggins a
        first wrong claim is not taken, and the learner is told what it reveals and
        counts again; the second claim is the one that scores."""
        game = self._game
        if game.phase is not Phase.COUNT or YOU not in game.to_act:
            self.message.warn("nothing for you to count now")
            return
        typed = read_points(self.claim_box.value)
        if isinstance(typed, str) and not self.claim_box.value.strip():
            typed = "type your count as a number, like 8, then press Claim"
        verdict = self._judged(typed, lambda points: game.claim(YOU, points))
        if verdict is None:
            return
        if verdict.again:  # a second look: the show waits for the learner's next claim (the
            self._refresh()  # box keeps the claim, to correct rather than type again)
            self.message.warn(verdict.explain(you=True))
            self._focus_next()
            return
        self.claim_box.value = ""
        self.message.clear()
        self._run()
        self._refresh()  # says what comes next: the crib to count, Next deal, game over
        following = self.message.text
        self.message.say(verdict.explain(you=True) + (f" {following}" if following else ""))
        self._focus_next()

    def _counting(self) -> tuple[Source, HandScore] | None:
        """In the count: what is counted next (hand or crib) and its score."""
        game = self._game
        show = game.next_show()
        if show is None or game.starter is None:
            return None
        _, what, cards = show
        return what, score_hand(cards, game.starter, crib=what is Source.CRIB)

    def _next_control(self) -> w.DOMWidget | None:
        game = self._game
        if game.is_over:
            return self.new_button
        if game.phase is Phase.COUNT and YOU in game.to_act:
            return self.claim_box
        if self._paused:
            done = self.show_view.value.done
            return self.next_button if done else self.show_view.next_button
        return super()._next_control()

    def hint(self) -> None:
        """As at the table (the coach's judge), and in the count a hint that
        leaves the counting to the learner: the order to count in and the kinds of
        points this hand holds, never how many."""
        game = self._game
        counting = self._counting() if YOU in game.to_act else None
        if counting is None or game.starter is None:
            super().hint()
            return
        what, score = counting
        found = [words for words, points in (
            ("fifteens", score.fifteens), ("a pair or more", score.pairs),
            ("a run", score.runs), ("a flush", score.flush), ("his nobs", score.nobs))
            if points]
        if found:
            look = ("look for " + ", ".join(found[:-1]) + " and " + found[-1]
                    if len(found) > 1 else f"look for {found[0]}")
        else:
            look = "look hard: this one may hold nothing at all"
        self.message.say(f"Hint: count your {what} in order with the starter "
                         f"{game.starter.symbol}: fifteens, pairs, runs, the flush, nobs; "
                         f"{look}.")

    def next_deal(self) -> None:
        """Go on to the next deal (what Next deal does); refused mid-deal."""
        if not self._paused or self._game.is_over:
            self.message.warn("this deal is not finished yet" if not self._game.is_over
                              else "the game is over: press New game")
            return
        self._paused = False
        self.show_view.clear()
        self.message.clear()
        self._run()
        self._refresh()
        self._focus_next()
        self.coach.ahead(self._game)

    def save(self) -> None:
        """Put the game, as text, in the save box. Between deals and at the end, the
        whole game; during a deal, the game as it was when the deal began (a save in the
        middle of a deal would show the computer's discards)."""
        game = self._game
        start = game.deal_start
        if start == len(game.actions):
            self.save_box.value = game.to_json()
            self.message.say("Saved: copy the text in the box to keep the game.")
            return
        self.save_box.value = game.replay(start).to_json()
        self.message.say(f"Saved as deal {game.deal_number} began (a save never shows "
                         f"the cards of a deal in play): loading it deals this deal again.")

    def load(self) -> None:
        """Load the game in the save box (a damaged one is refused, nothing changes)."""
        text = self.save_box.value.strip()
        if not text:
            self.message.warn("paste a saved game in the box first, then press Load")
            return
        try:
            game = Game.from_json(text)
        except (CribbageError, ValueError, RecursionError) as exc:
            self.message.warn(f"cannot load: {str(exc)[:300]}")
            return
        self.picker.deal(())  # a fresh selection for the loaded game
        self._start(game)
        where = (f"the game as deal {game.deal_number + 1} begins" if game.phase is Phase.DEAL
                 else f"deal {game.deal_number}, in the {game.phase}")
        self.message.say(f"Loaded {where}. " + self.message.text)

    def _opponent_chosen(self) -> None:
        """The Opponent box changed: the game in play keeps its opponent (a game's
        deals and its save are one opponent's); the new one plays from New game."""
        chosen, now = self.opponent_picker.value, self._opponent_name
        self._set_opponent(now, chosen)
        if chosen == now:
            self.message.say(f"The {now} player plays on.")
        elif self._game.is_over:
            self.message.say(f"The {chosen} player plays from your next game: press "
                             f"New game to start it.")
        else:
            self.message.say(f"The {chosen} player plays from your next game: press New "
                             f"game to start it (this game goes on against the {now} "
                             f"player).")

    def new_game(self) -> None:
        """Start a new game (the next in the table's seeded sequence, so a class that
        all press New game still shares its deals) against the opponent chosen in the
        Opponent box. A game still going on is only abandoned on a second press."""
        if not self._game.is_over and not self._confirm_new:
            self.message.warn("this game is not over: press New game again to abandon it "
                              "and start another")
            self._confirm_new = True
            return
        self._set_opponent(self.opponent_picker.value)
        self._games_started += 1
        self.header.children[1].value = (
            f'<span class="cribbage-seed" style="color:#555;font-size:small">'
            f"seed {self._seed}, game {self._games_started}</span>")
        self._start(self._new_game(self._rng.randrange(2**31)))

    # --- the show, counted as it is said ------------------------------------------------

    def _take_events(self) -> list[Event]:
        """The game's new events for the log and the announcement. The computer's hand
        and crib are counted aloud as the learner steps through the show, after the
        learner's own count: from the computer's first count of a deal, the events wait
        (in order) until the show says each total; the game's end says everything."""
        fresh = list(self._game.events[self._seen_events:])
        self._seen_events += len(fresh)
        for event in fresh:
            if self._unsaid or _computer_count(event):
                self._unsaid.append(event)
        self._said_events([e for e in fresh if not any(e is u for u in self._unsaid)])
        # the learner's own points are said at once, the computer's count when it is said
        return [e for e in fresh if not (_computer_count(e)
                                         and any(e is u for u in self._unsaid))]

    def _said_events(self, events: list[Event]) -> list[Event]:
        """Put ``events`` in the log, in the game's order; return the computer's counts
        among them (what is announced as they are said)."""
        self._log.extend(self._log_line(e) for e in events if e.reason)
        return [e for e in events if _computer_count(e)]

    def _computer_shows(self) -> list[Event]:
        """This deal's counts (one event a hand or crib, in the show's order)."""
        game = self._game
        return [e for e in game.events if e.deal == game.deal_number
                and e.kind is EventKind.SHOW]

    def _release(self) -> list[Event]:
        """The events whose turn to be said has come: a computer's count once the show
        has said its total, anything else once everything before it is said; all of
        them at the end of the game."""
        said = self.show_view.value.totals
        shows = self._computer_shows()
        out: list[Event] = []
        while self._unsaid:
            event = self._unsaid[0]
            if not self._game.is_over and event.kind is EventKind.SHOW \
                    and event.player == COMPUTER:
                n = next((k for k, e in enumerate(shows) if e is event), None)
                if n is None or n >= len(said) or not said[n]:
                    break
            out.append(self._unsaid.pop(0))
        return self._said_events(out)

    def _said_so_far(self) -> None:
        """A step of the show: the computer's points said by now reach the board, the
        one-line score, the announcement and the log."""
        released = self._release()
        if released:
            self._announce(released)
            self._draw_log()
        self.board.show(self._board_said())

    def _board_said(self) -> Board:
        """The board as the learner has heard it: every point, except the computer's
        counts still waiting to be said."""
        game = self._game
        a, b = game.start_scores
        board = Board(game.options.target, ((a, a), (b, b)))
        waiting = [e for e in self._unsaid if _computer_count(e)]
        for event in game.events:
            if event.points and event.player is not None \
                    and not any(event is e for e in waiting):
                board.peg(event.player, event.points)
        return board

    def _shows(self) -> tuple[list[tuple[str, HandScore]], list[bool]]:
        """This deal's hands and crib counted, in order, with their scores, once the
        learner's own count is done (and whether each is said already: the learner's
        own, which they counted, and every one once the game is over)."""
        game = self._game
        starter = game.starter
        if starter is None or not (self._paused or game.is_over):
            return [], []
        shows, said = [], []
        for owner, source, cards in game.view(YOU).shown:
            role = "dealer" if owner == game.dealer else "pone"
            what = "crib" if source is Source.CRIB else f"hand ({role})"
            shows.append((f"{NAMES[owner]}'s {what}",
                          score_hand(cards, starter, crib=source is Source.CRIB)))
            said.append(owner == YOU or game.is_over)
        return shows, said

    # --- drawing -------------------------------------------------------------------------

    def _refresh(self) -> None:
        super()._refresh()
        self._confirm_new = False  # any other action asks again before abandoning
        game = self._game
        self._draw_starter_and_crib()
        discarding = game.phase is Phase.DISCARD and YOU in game.to_act
        counting = game.phase is Phase.COUNT and YOU in game.to_act
        self._draw_buttons(discarding, counting)
        self.show_view.load(*self._shows())
        if game.is_over and self._unsaid:
            self._announce(self._release(), more=True)
            self._draw_log()
        self.board.show(self._board_said())
        if counting or self._paused or game.is_over:
            self.hand_view.layout.display = "none"  # the show has the cards face up
        self._prompt(discarding, counting)
        self.chance_view.value = self._chance_html()
        if game.is_over:
            self._finish()

    def _draw_buttons(self, discarding: bool, counting: bool) -> None:
        """Throw two in the discard, the claim in the count, Next deal at a pause."""
        self.throw_button.layout.display = "inline-flex" if discarding else "none"
        self.claim_row.layout.display = "flex" if counting else "none"
        waiting = self._paused and not self._game.is_over
        self.next_button.layout.display = "inline-flex" if waiting else "none"

    def _prompt(self, discarding: bool, counting: bool) -> None:
        """The line that says what to do now, by what the learner is doing: counting,
        stepping through a counted deal, throwing, or playing."""
        if counting:
            self._prompt_count()
        elif self._paused and not self._game.is_over:
            self._prompt_counted()
        elif discarding:
            self._prompt_discard()
        else:
            self._prompt_play()

    def _draw_starter_and_crib(self) -> None:
        """The starter (the deck's back before the cut) and the crib: face down with
        the number of cards in it, or a line once it is counted and face up in the show."""
        game = self._game
        starter = game.starter
        self.starter_view.value = (
            (card_img(starter, width=SMALL_CARD) if starter is not None
             else back_img(width=SMALL_CARD, label="the deck")) +
            "<div style='font-size:small;color:#555'>starter</div>")
        crib = len(game.crib)
        whose = "your" if game.dealer == YOU else "the computer's"
        counted = any(e.deal == game.deal_number and e.kind == EventKind.SHOW
                      and e.source is Source.CRIB for e in game.events)
        self.crib_view.value = (
            f"<div style='font-size:small;color:#555;max-width:9em'>{whose} crib: counted, "
            f"face up in the show below</div>" if counted else
            backs_row(min(crib, 1), "the crib, face down", f"{whose} crib: {crib} cards",
                      width=SMALL_CARD))

    def _prompt_count(self) -> None:
        """The learner counts a hand or the crib: its cards with the starter, and what
        to type."""
        game = self._game
        show, starter = game.next_show(), game.starter
        assert show is not None and starter is not None
        self.to_count.value = (
            f"<div style='margin-top:6px'><b>Count your {escape(show[1])}</b> with the "
            f"starter</div>" + "".join(card_img(c, width=SMALL_CARD + 6)
                                       for c in (*show[2], starter)))
        self.message.say(f"Count your {show[1]}: {show[2].symbols} with the starter "
                         f"{starter.symbol}, type the points and press Claim.")

    def _prompt_counted(self) -> None:
        """The deal is counted: the table waits while the learner steps through the show."""
        self.message.say(f"Deal {self._game.deal_number} is counted: step through the show "
                         f"below, then press Next deal." + self._slips_line())

    def _prompt_discard(self) -> None:
        game = self._game
        whose_crib = "your crib" if game.dealer == YOU else "the computer's crib"
        self.message.say(f"Deal {game.deal_number}: select two cards for {whose_crib} "
                         f"and press Throw two.")

    def _prompt_play(self) -> None:
        """In the play, unless a line was just said: after the computer's go, lay on or
        peg the go; peg what is due; or, on the learner's turn, lay a card."""
        game = self._game
        if self.message.text:
            return
        if go := self._go_line():
            self.message.say(go)
        elif game.peg_due == YOU:
            self.message.say(_PEG_NOW)
        elif game.phase is Phase.PLAY and game.turn == YOU:
            self.message.say("Your turn: click a card to lay it"
                             + (", or say go if none fits" if self._say_go else
                                ", or say go" if not game.legal_cards(YOU) else "") + ".")

    def _chance_html(self) -> str:
        """Your chance to win at the start of this deal (or, between deals, of the next),
        in words, when the box is ticked."""
        game = self._game
        if not self.chance_box.value or game.is_over or game.dealer is None:
            return ""
        if self._paused and not self.show_view.value.done:
            return ""  # the next deal's chance comes after the show has been said
        if self._paused:
            scores, dealer, deal = game.scores, 1 - game.dealer, game.deal_number + 1
        else:
            done = game.deal_scores
            scores = done[-1] if done else game.start_scores
            dealer, deal = game.dealer, game.deal_number
        words = chance_words(scores[YOU], scores[1 - YOU], dealer=dealer == YOU,
                             target=game.options.target)
        return (f"<div style='font-size:small;color:#333'>Deal {deal}. "
                f"{escape(words)}</div>")

    def _show_said(self) -> None:
        """The whole show has been said: now the chance for the next deal."""
        self.chance_view.value = self._chance_html()

    def _finish(self) -> None:
        result = self._game.result
        if result is None:
            return
        self._draw_progress()  # again when the chance box changes at the end
        if self.result_view.value:
            return
        text = result.describe(NAMES)
        self.result_view.value = f"<h3 class='cribbage-result-text'>{escape(text)}.</h3>"
        self.show_review()
        self.message.say("Game over: the coach's review is below; press New game to play "
                         "again." + self._slips_line(game_over=True))

    def _draw_progress(self) -> None:
        """The game's progress (SVG, a millisecond or two: drawn with the click), with
        the chance to win under the scores when the box is ticked."""
        game = self._game
        chances = ([(c.deal, c.chance) for c in chances_by_deal(game)]
                   if self.chance_box.value else [])
        self.chart_out.value = progress_svg(game, chances)

    def _slips_line(self, *, game_over: bool = False) -> str:
        """With ``say_go``: the slips of this deal's play (or, at the end, of the game)."""
        if not self._say_go:
            return ""
        if game_over:
            return f" In the play you made {self._slips_words(self._slips_in())} this game."
        slips = self._slips_in(self._game.deal_number)
        return f" In this deal's play you made {self._slips_words(slips)}."
