"""The card table: PeggingPractice (one play against the computer) and GameTable
(a whole game to 121), both driving the engine's :class:`~cribbage_edu.game.Game`.

The learner is always player 0 and the computer player 1. Every rule question goes to
the game (which cards fit, whether a go is due, the points, the count); the computer's
decisions come from :mod:`cribbage_edu.players`; hints from the discard advisor and the
expert player.

>>> table = GameTable(seed=7)
>>> table.value.phase, len(table.value.hand)
('discard', 6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.board import Skunk
from cribbage_edu.cards import Card, Hand
from cribbage_edu.charts import progress_chart
from cribbage_edu.errors import CribbageError
from cribbage_edu.game import Event, Game, GameResult, Phase
from cribbage_edu.players import ExpertPlayer, Player, drive, hint
from cribbage_edu.render import card_back_svg, card_svg
from cribbage_edu.roster import PLAYER_NAMES, make_player

from .board import BoardWidget
from .cards import HandView, PlayableHand, SelectableHand
from .feedback import Message, choose_seed, draw_soon, seed_badge

__all__ = ["GameTable", "PeggingPractice", "TableState"]

YOU, COMPUTER = 0, 1
NAMES = ("Learner", "Computer")
_SCORING = frozenset({"peg", "heels", "show", "muggins"})


@dataclass(frozen=True)
class TableState:
    """What a table shows (read it as ``table.value``): the phase, the deal, the
    scores (learner first), the learner's cards, the count and the cards laid since
    it was last reset, whose turn it is, whether Go is offered, the last words said,
    the log, the message and, at the end, the result."""

    seed: int
    opponent: str
    phase: str
    deal: int
    dealer: int | None
    scores: tuple[int, int]
    hand: Hand
    count: int
    pile: Hand
    turn: int | None
    can_go: bool
    announcement: str
    log: tuple[str, ...]
    message: str
    result: GameResult | None


def _count_html(count: int, pile: Hand, laid: Sequence[Card] = ()) -> str:
    """The cards since the count was reset, the count, and (once a card is laid) every
    card of this deal's play in order, earlier series before the bar, so a card that
    made 31 or a go stays in sight after the reset."""
    faces = "".join(card_svg(c, width=40) for c in pile)
    earlier = laid[:len(laid) - len(pile)]
    history = ""
    if laid:
        parts = [" ".join(c.symbol for c in earlier), " ".join(c.symbol for c in pile)]
        history = (f'<div class="cribbage-laid" style="font-size:small;color:#555">'
                   f'laid this deal: {escape(" | ".join(p for p in parts if p))}</div>')
    return (f'<div class="cribbage-pile" style="display:flex;gap:3px;min-height:58px">'
            f'{faces}</div><div class="cribbage-count-line">count '
            f'<b class="cribbage-count">{count}</b></div>{history}')


def _backs(n: int, who: str) -> str:
    backs = "".join(card_back_svg(width=40, label=f"a card {who} holds") for _ in range(n))
    return (f'<div style="display:flex;gap:3px;min-height:58px">{backs}</div>'
            f'<div style="font-size:small;color:#555">{escape(who)}: {n} '
            f'card{"" if n == 1 else "s"}</div>')


class _Table(w.VBox):  # type: ignore[misc]
    """What both tables share: a game, a computer opponent, the play area and the log."""

    def __init__(self, seed: int | None, opponent: str, title: str) -> None:
        super().__init__()
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._opponent_name = opponent
        self._computer: Player = make_player(opponent, random.Random(self._seed + 1))
        self._expert = ExpertPlayer()
        self._game = Game(0)
        self._seen_events = 0
        self._log: list[str] = []
        self._announcement = ""

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
        self.go_button = w.Button(description="Go", button_style="warning")
        self.go_button.add_class("cribbage-go")
        self.go_button.on_click(lambda _: self.go())
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o")
        self.hint_button.add_class("cribbage-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.message = Message()
        self.log_view = w.HTML()
        self.log_view.add_class("cribbage-log")

    def _set_opponent(self, opponent: str) -> None:
        self._opponent_name = opponent
        self._computer = make_player(opponent, random.Random(self._seed + 1))
        self.against.value = (f"<span style='font-size:small;color:#555'>against the "
                              f"{escape(opponent)} player</span>")

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

    def _take_events(self) -> list[Event]:
        fresh = list(self._game.events[self._seen_events:])
        self._seen_events += len(fresh)
        self._log.extend(e.reason for e in fresh if e.reason)
        return fresh

    def _announce(self, fresh: Sequence[Event]) -> None:
        said = [e.reason for e in fresh if e.kind in _SCORING and e.points]
        self._announcement = "; ".join(said)
        self.announce.value = (f"<div role='status' style='font-weight:bold;color:#2e7d32;"
                               f"min-height:1.3em'>{escape(self._announcement)}</div>")

    def _act(self, action: str, *args: object) -> bool:
        """Ask the game to take the learner's action; a refusal is shown, nothing changes."""
        try:
            getattr(self._game, action)(YOU, *args)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return False
        self.message.clear()
        self._run()
        self._refresh()
        return True

    # --- the learner's actions -----------------------------------------------------------

    def play(self, card: Card | str) -> None:
        """Lay ``card`` (what clicking a card in the play does)."""
        if self._game.phase is not Phase.PLAY:
            self.message.warn(f"cannot lay {card}: the game is in the {self._game.phase}")
            return
        self._act("play", card)

    def go(self) -> None:
        """Say go (what the Go button does)."""
        self._act("go")

    def hint(self) -> None:
        """What the advisor (in the discard) or the expert player (in the play) would do."""
        self.message.say(f"Hint: {hint(self._game.view(YOU)).explanation}")

    # --- drawing -------------------------------------------------------------------------

    def _refresh(self) -> None:
        fresh = self._take_events()
        self._announce(fresh)
        game = self._game
        view = game.view(YOU)
        phase = game.phase
        theirs = game.view(COMPUTER)
        self.opponent_view.value = _backs(len(theirs.hand), NAMES[COMPUTER])
        self.play_area.value = _count_html(game.count, game.pile,
                                           [card for _, card in game.laid])
        discarding = phase is Phase.DISCARD and YOU in game.to_act
        playing = phase is Phase.PLAY
        self.picker.layout.display = "flex" if discarding else "none"
        self.playable.layout.display = "flex" if playing else "none"
        self.hand_view.layout.display = "none" if discarding or playing else "flex"
        if discarding and set(self.picker.cards) != set(view.hand):
            self.picker.deal(view.hand)
        if playing:
            if set(self.playable.cards) != set(view.hand):
                self.playable.deal(view.hand)
            self.playable.enable(game.legal_cards(YOU))
        else:
            if self.playable.cards:
                self.playable.deal(())
            self.hand_view.show(view.kept or view.hand, caption=f"{NAMES[YOU]}'s hand")
        can_go = playing and game.turn == YOU and not game.legal_cards(YOU)
        self.go_button.layout.display = "inline-flex" if can_go else "none"
        self.log_view.value = (
            "<div style='max-height:160px;overflow-y:auto;font-size:small;"
            "border:1px solid #ddd;padding:4px'>"
            + "".join(f"<div class='cribbage-log-line'>{escape(line)}</div>"
                      for line in reversed(self._log[-200:]))
            + "</div>")

    # --- what a test or a lesson reads ---------------------------------------------------

    @property
    def game(self) -> Game:
        """A copy of the game as it stands (replayed from its actions)."""
        return self._game.replay()

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
        playing = game.phase is Phase.PLAY
        return TableState(
            seed=self._seed, opponent=self._opponent_name, phase=str(game.phase),
            deal=game.deal_number, dealer=game.dealer, scores=game.scores,
            hand=game.hand(YOU), count=game.count, pile=game.pile, turn=game.turn,
            can_go=playing and game.turn == YOU and not game.legal_cards(YOU),
            announcement=self._announcement, log=tuple(self._log), message=self.message.text,
            result=game.result)


class PeggingPractice(_Table):
    """Practise the play against a computer opponent (``opponent`` one of "random",
    "greedy", "expert"). Both hands are dealt and discarded by the advisor; the
    learner lays cards by clicking them (only cards that fit are enabled; Go appears
    only when none fits); every score is announced in words; at the end of the play a
    summary shows who pegged what. Next hand deals again, the dealer alternating.

    >>> practice = PeggingPractice(seed=7)
    >>> practice.value.phase, practice.value.count == sum(c.value for c in practice.value.pile)
    ('play', True)
    """

    def __init__(self, seed: int | None = None, *, opponent: str = "expert",
                 dealer: bool = False) -> None:
        super().__init__(seed, opponent, "The play: lay cards to 31")
        self.add_class("cribbage-pegging-practice")
        self._learner_deals = dealer
        self._hands = 0
        self.summary = w.HTML()
        self.summary.add_class("cribbage-play-summary")
        self.next_button = w.Button(description="Next hand")
        self.next_button.add_class("cribbage-next")
        self.next_button.on_click(lambda _: self.next_hand())
        self.children = [
            self.header, self.opponent_view, self.play_area, self.announce, self.playable,
            w.HBox([self.go_button, self.hint_button, self.next_button]), self.message,
            self.summary, self.log_view,
        ]
        self._new_hand()

    def _pause_here(self) -> bool:
        return self._game.phase is not Phase.PLAY and self._game.phase is not Phase.DISCARD \
            and self._game.phase is not Phase.STARTER

    def _new_hand(self) -> None:
        self._hands += 1
        first = YOU if self._learner_deals else COMPUTER
        self._game = Game(self._rng.randrange(2**31), first_dealer=first, names=NAMES)
        self._seen_events, self._log = 0, []
        game = self._game
        game.advance()
        game.advance()
        game.discard(YOU, self._expert.discard(game.view(YOU)))
        self._run()
        self.summary.value = ""
        self._refresh()
        role = "dealer" if self._learner_deals else "pone"
        if game.phase is Phase.PLAY:
            self.message.say(f"Hand {self._hands}: you are {role}. "
                             + ("Your lead." if game.turn == YOU else "The computer led."))

    def _refresh(self) -> None:
        super()._refresh()
        game = self._game
        if game.phase is not Phase.PLAY and not self.summary.value:
            pegged = [0, 0]
            for event in game.events:
                if event.kind in ("peg", "heels") and event.player is not None:
                    pegged[event.player] += event.points
            laid = " ".join(f"{c.symbol}" for _, c in game.laid)
            self.summary.value = (
                f"<p><b>The play is over.</b> You pegged {pegged[YOU]}, the computer "
                f"{pegged[COMPUTER]}.<br>Cards laid in order: {escape(laid)}</p>")
            self.message.say("The play is over: press Next hand for another.")

    def next_hand(self) -> None:
        """Deal again (what Next hand does); refused while the play goes on."""
        if self._game.phase is Phase.PLAY:
            self.message.warn("finish this play first: lay your cards (or say go)")
            return
        self._learner_deals = not self._learner_deals
        self._new_hand()


class GameTable(_Table):
    """A whole game against a computer opponent ("random", "greedy" or "expert").

    Every phase comes in order: the cut for deal, the deal, the discard (select two,
    Throw two), the starter, the play (click a card; Go when none fits), the count
    (shown hand by hand, or typed by the learner with ``manual_count=True``, with
    ``muggins`` if wanted), then Next deal. The board, the scores and the log follow
    every point; Hint asks the advisor or the expert; Save puts the game as JSON in the
    box and Load reads it back. At the end: the result (skunk included) and the
    board's progress through the game.

    >>> table = GameTable(seed=7, target=61)
    >>> table.throw_button.click(); table.value.message
    'select exactly two cards to throw: you selected 0'
    """

    def __init__(self, seed: int | None = None, *, opponent: str = "expert",
                 target: int = 121, manual_count: bool = False, muggins: bool = False,
                 skunk: bool = True) -> None:
        if opponent not in PLAYER_NAMES:
            raise ValueError(f"no computer player {opponent!r}: choose one of "
                             f"{', '.join(PLAYER_NAMES)}")
        super().__init__(seed, opponent, "Cribbage")
        self.add_class("cribbage-game-table")
        self._target, self._manual, self._muggins, self._skunk = (
            target, manual_count, muggins, skunk)
        self._paused = False
        self._paused_after = 0
        self.board = BoardWidget(self._seed, target=target, names=NAMES, controls=False)
        self.throw_button = w.Button(description="Throw two", button_style="primary")
        self.throw_button.add_class("cribbage-throw")
        self.throw_button.on_click(lambda _: self.throw())
        self.next_button = w.Button(description="Next deal")
        self.next_button.add_class("cribbage-next")
        self.next_button.on_click(lambda _: self.next_deal())
        self.claim_box = w.Text(placeholder="points", description="Your count",
                                layout=w.Layout(width="200px"))
        self.claim_button = w.Button(description="Claim")
        self.claim_button.on_click(lambda _: self.claim())
        self.claim_row = w.HBox([self.claim_box, self.claim_button])
        self.starter_view = w.HTML(layout=w.Layout(margin="0 24px 0 0"))
        self.crib_view = w.HTML(layout=w.Layout(margin="0 24px 0 0"))
        self.show_view = w.HTML()
        self.show_view.add_class("cribbage-show")
        self.result_view = w.HTML()
        self.result_view.add_class("cribbage-result")
        self.chart_out = w.Output()
        self.save_box = w.Textarea(placeholder="Save puts the game here; paste one and Load",
                                   layout=w.Layout(width="100%", height="60px"))
        self.save_button = w.Button(description="Save")
        self.save_button.on_click(lambda _: self.save())
        self.load_button = w.Button(description="Load")
        self.load_button.on_click(lambda _: self.load())
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(lambda _: self.new_game())
        self.opponent_picker = w.Dropdown(options=list(PLAYER_NAMES), value=opponent,
                                          description="Opponent",
                                          layout=w.Layout(width="220px"))
        self.children = [
            self.header, self.board, self.opponent_view,
            w.HBox([self.starter_view, self.crib_view, self.play_area],
                   layout=w.Layout(justify_content="flex-start")),
            self.announce, self.picker, self.playable, self.hand_view,
            w.HBox([self.throw_button, self.go_button, self.next_button, self.hint_button]),
            self.claim_row, self.message, self.show_view, self.result_view, self.chart_out,
            self.log_view,
            w.HBox([self.save_button, self.load_button, self.new_button,
                    self.opponent_picker]),
            self.save_box,
        ]
        self._confirm_new = False
        self._games_started = 1
        self._start(self._new_game(self._seed))

    def _new_game(self, seed: int) -> Game:
        return Game(seed, target=self._target, skunk=self._skunk,
                    manual_count=(self._manual, False), muggins=self._muggins, names=NAMES)

    def _start(self, game: Game) -> None:
        self._game = game
        self._seen_events, self._log, self._paused = 0, [], False
        self._paused_after = 0
        self.show_view.value = self.result_view.value = ""
        self.chart_out.outputs = ()
        self._run()
        self._refresh()

    def _pause_here(self) -> bool:
        game = self._game
        if (game.phase is Phase.DEAL and game.deal_number >= 1
                and self._paused_after != game.deal_number):
            self._paused, self._paused_after = True, game.deal_number
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
        """Claim the typed count for your hand or crib (with manual counting)."""
        game = self._game
        if game.phase is not Phase.COUNT or YOU not in game.to_act:
            self.message.warn("nothing for you to count now")
            return
        text = self.claim_box.value.strip()
        if not text.isdigit():
            self.message.warn("type your count as a number, like 8, then press Claim"
                              if not text else f"{text!r} is not a number of points")
            return
        try:
            verdict = game.claim(YOU, int(text))
        except CribbageError as exc:
            self.message.warn(str(exc))
            return
        self.claim_box.value = ""
        self.message.clear()
        self._run()
        self._refresh()  # says what comes next: the crib to count, Next deal, game over
        following = self.message.text
        self.message.say(verdict.explanation + (f". {following}" if following else ""))

    def next_deal(self) -> None:
        """Go on to the next deal (what Next deal does); refused mid-deal."""
        if not self._paused or self._game.is_over:
            self.message.warn("this deal is not finished yet" if not self._game.is_over
                              else "the game is over: press New game")
            return
        self._paused = False
        self.show_view.value = ""
        self.message.clear()
        self._run()
        self._refresh()

    def save(self) -> None:
        """Put the game, as JSON, in the save box."""
        self.save_box.value = self._game.to_json()
        self.message.say("Saved: copy the text in the box to keep the game.")

    def load(self) -> None:
        """Load the game in the save box (a damaged one is refused, nothing changes)."""
        text = self.save_box.value.strip()
        if not text:
            self.message.warn("paste a saved game in the box first, then press Load")
            return
        try:
            game = Game.from_json(text)
        except CribbageError as exc:
            self.message.warn(f"cannot load: {exc}")
            return
        self._start(game)
        self.message.say(f"Loaded: deal {game.deal_number}, {game.phase}.")

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

    # --- drawing -------------------------------------------------------------------------

    def _refresh(self) -> None:
        super()._refresh()
        self._confirm_new = False  # any other action asks again before abandoning
        game = self._game
        self.board.show(game.board)
        starter = game.starter
        self.starter_view.value = (
            (card_svg(starter, width=40) if starter is not None
             else card_back_svg(width=40, label="the deck")) +
            "<div style='font-size:small;color:#555'>starter</div>")
        crib = len(game.crib)
        whose = "your" if game.dealer == YOU else "the computer's"
        self.crib_view.value = (
            "".join(card_back_svg(width=40, label="a card in the crib") for _ in range(min(
                crib, 1))) + f"<div style='font-size:small;color:#555'>{whose} crib: "
            f"{crib} cards</div>")
        discarding = game.phase is Phase.DISCARD and YOU in game.to_act
        self.throw_button.layout.display = "inline-flex" if discarding else "none"
        counting = game.phase is Phase.COUNT and YOU in game.to_act
        self.claim_row.layout.display = "flex" if counting else "none"
        self.next_button.layout.display = ("inline-flex" if self._paused and not game.is_over
                                           else "none")
        if self._paused or game.is_over or counting:
            self.show_view.value = self._show_html()
        if counting:
            show = game.next_show()
            assert show is not None and starter is not None
            self.message.say(f"Count your {show[1]}: {show[2].symbols} with the starter "
                             f"{starter.symbol}, type the points and press Claim.")
        elif self._paused and not game.is_over:
            self.message.say(f"Deal {game.deal_number} is counted: press Next deal.")
        elif discarding:
            whose_crib = "your crib" if game.dealer == YOU else "the computer's crib"
            self.message.say(f"Deal {game.deal_number}: select two cards for {whose_crib} "
                             f"and press Throw two.")
        elif game.phase is Phase.PLAY and game.turn == YOU and not self.message.text:
            self.message.say("Your turn: click a card to lay it"
                             + (", or say go" if not game.legal_cards(YOU) else "") + ".")
        if game.is_over:
            self._finish()

    def _show_html(self) -> str:
        """The hands and crib counted in this deal, each with its count."""
        game = self._game
        deal = game.deal_number
        rows = []
        for event in game.events:
            if event.deal == deal and event.kind == "show" and event.player is not None:
                rows.append(f"<div style='margin:4px 0'>{escape(event.reason)}</div>")
        if not rows:
            return ""
        return "<div><b>The count</b>" + "".join(rows) + "</div>"

    def _finish(self) -> None:
        result = self._game.result
        if result is None or self.result_view.value:
            return
        winner = NAMES[result.winner]
        scores = self._game.board.scores  # the pegs stop in the game hole
        won, lost = scores[result.winner], scores[result.loser]
        text = f"{winner} wins {won}-{lost} in {result.deals} deals"
        if result.skunk is not Skunk.NONE:
            text += f": a {result.skunk}"
            if result.games_won > 1:
                text += f", worth {result.games_won} games"
        self.result_view.value = f"<h3 class='cribbage-result-text'>{escape(text)}.</h3>"
        self.message.say("Game over: press New game to play again.")
        game = self._game
        draw_soon(self.chart_out, lambda: progress_chart(game))
