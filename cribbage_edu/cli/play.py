"""``cribbage-edu play``: a game of cribbage in the terminal, against a computer player.

:class:`TerminalGame` drives a :class:`~cribbage_edu.rules.game.Game` through text streams:
it shows your hand, the count and the board, explains every score as it happens,
asks for your discards and plays (re-asking with the reason after a bad answer),
saves when you ask and when you quit, and resumes from a saved file. It writes no
file unless you ask it to, but for the learner's record: in a course folder each
decision the coach judges is added to the record there
(:mod:`cribbage_edu.study.record`; ``--no-record`` switches it off, ``--record FILE``
names another).

At any prompt you may type ``help``, ``hint`` (what the coach's judge would do),
``board``, ``undo`` (take back your last decision), ``why`` (the numbers behind the
coach's last word), ``review`` (the coach's review of your decisions so far),
``save [FILE]`` or ``quit``. The coach (``--coach``) judges each throw and card right
after it; the review is printed at the end of the game. With ``--claim-play`` you peg
your own play points: say the points of each card you lay, and say go yourself.

>>> import io
>>> out = io.StringIO()
>>> moves = io.StringIO("quit\\n\\n")
>>> TerminalGame(Game(seed=5), "expert", stdin=moves, stdout=out).run()
0
>>> "Lay away two cards" in out.getvalue(), "not saved" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from ..rules.board import skunk_lines
from ..rules.cards import Card, Hand, parse_cards
from ..rules.checks import is_number, typed_points
from ..rules.drive import Player, drive
from ..rules.errors import CribbageError, IllegalActionError, IllegalHandError
from ..rules.events import ActionKind, EventKind
from ..rules.game import Event, Game, Phase
from ..rules.options import TARGETS
from ..rules.scoring import Kind, ScoreItem
from ..strategy.coach import (
    CardVerdict,
    CoachMode,
    ThrowVerdict,
    judge_view,
    review,
    verdict_line,
)
from ..strategy.hint import hint
from ..strategy.roster import PLAYER_NAMES, StateSeeded
from ..study.record import Recorder, course_record
from ..tables.chance import chance_words
from .console import EXIT_INTERRUPTED, Console, Subparsers, seed_argument, shortened

__all__ = [
    "HUMAN", "NOT_TEXT", "TerminalGame", "add_play", "item_words", "run_play",
    "small_number",
]

T = TypeVar("T")

HUMAN = 0
"""The person at the keyboard is always player 0; the computer is player 1."""

_HELP = """\
commands, at any prompt:
  help          this list
  hint          what the coach's judge would do now, and why
  board         the scores and the pegs
  undo          take back your last decision (and the computer's moves after it)
  why           the numbers behind the coach's last word
  review        the coach's review of your decisions so far
  save [FILE]   save the game (to FILE, or to the file it was saved to or loaded from)
  quit          stop; the game is saved first if you give (or have given) a file
cards are written like 5H, 10C, TD, AS, J♦; you may also give their places: 1 2"""


NOT_TEXT = "\ufffd"
"""What a byte that is not UTF-8 reads as (the game reads its input with bad bytes
replaced, so a stray byte is answered like any other wrong answer)."""


class _Quit(Exception):
    """The player asked to stop (``ended=False``) or the input ended (``ended=True``)."""

    def __init__(self, *, ended: bool) -> None:
        super().__init__("quit")
        self.ended = ended


class TerminalGame:
    """One game between the person at ``stdin``/``stdout`` (player 0) and a computer
    ``opponent`` (a name from :data:`~cribbage_edu.strategy.roster.PLAYER_NAMES`, or a
    player). A named opponent's every choice depends only on the game as it stands
    (:class:`~cribbage_edu.strategy.roster.StateSeeded`), so a resumed game plays on as
    the game would have played straight through, and as the widget table plays it.
    ``save_path`` is where ``save`` and ``quit`` write when no file is named (the
    file a game was resumed from, or ``--save``). A game counted by hand is judged by
    the game (:meth:`Game.claim`), as at the widget table."""

    def __init__(self, game: Game, opponent: str | Player, *, stdin: TextIO,
                 stdout: TextIO, save_path: str | Path | None = None,
                 show_chance: bool = True,
                 coach: str = "mistakes", record: object = False) -> None:
        self.coach = CoachMode.check(coach)  # a bad mode is refused before anything
        self.recorder = Recorder(record, origin="terminal")
        """Where each verdict of the coach is recorded (``record``: a file's path, True
        for the course's record, False for none, the default)."""
        self.verdicts: dict[int, ThrowVerdict | CardVerdict] = {}
        self.last_verdict: ThrowVerdict | CardVerdict | None = None
        self.game = game
        self.show_chance = show_chance  # your chance to win at the start of each deal
        self.opponent: Player = (StateSeeded(opponent, lambda: self.game)
                                 if isinstance(opponent, str) else opponent)
        self.stdin = stdin
        self.stdout = stdout
        self.save_path = None if save_path is None else Path(save_path)
        self._shown_events = 0

    # --- output ----------------------------------------------------------------------------

    def say(self, line: str = "") -> None:
        self.stdout.write(line + "\n")

    def _flush_events(self) -> None:
        """Print what happened since last time, as the human may see it, each score
        with the scores after it."""
        events = self.game.view(HUMAN).events
        scores = list(self.game.start_scores)
        for event in events[:self._shown_events]:
            if event.player is not None:
                scores[event.player] += event.points
        for event in events[self._shown_events:]:
            if event.player is not None:
                scores[event.player] += event.points
            text = self._describe(event, scores)
            if text:
                self.say(text)
        self._shown_events = len(events)

    def _describe(self, event: Event, scores: Sequence[int]) -> str:
        """One event in words for the learner: who scored what, with which cards, and
        the scores after it (yours first)."""
        names = self.game.names
        if event.kind is EventKind.DEAL:
            if not self.show_chance:
                return f"\n--- {event.reason} ---"
            chance = chance_words(scores[HUMAN], scores[1 - HUMAN],
                                  target=self.game.options.target,
                                  dealer=event.player == HUMAN)
            return f"\n--- {event.reason} ---\n  {chance}"
        if event.kind is EventKind.WIN:
            return f"\n*** {event.reason} ***"
        if event.kind is EventKind.CLAIM and event.player == HUMAN:
            return ""  # the verdict was just said, with the right count
        if event.kind is EventKind.DISCARD and event.player == HUMAN and event.cards:
            dealer = self.game.dealer
            whose = "your" if dealer == HUMAN else f"{names[1 - HUMAN]}'s"
            return f"  You lay away {Hand(event.cards).symbols} for {whose} crib"
        if not event.points:
            return f"  {event.reason}"
        tag = f"  [you {scores[HUMAN]}, {names[1 - HUMAN]} {scores[1 - HUMAN]}]"
        if event.kind is EventKind.PEG:
            words = ", ".join(item_words(item, pegging=True) for item in event.items)
            return f"  {names[event.player or 0]} pegs {event.points}: {words}{tag}"
        lines = [f"  {event.reason}{tag}"]
        if event.kind is EventKind.SHOW:
            lines += [f"      {item_words(item)}" for item in event.items]
        return "\n".join(lines)

    def board_lines(self) -> list[str]:
        """The scores as two lines of pegs along a track of 60 characters, the skunk
        line marked ``:``, and a key."""
        game = self.game
        board = game.board
        width = 60
        skunk = skunk_lines(board.target)[0]
        lines = []
        for player in (0, 1):
            rear, front = board.pegs(player)
            track = ["."] * width
            track[skunk * width // board.target] = ":"
            for peg, mark in ((rear, "o"), (front, "#")):
                track[min(width - 1, peg * width // board.target)] = mark
            last = "home" if front >= board.target else f"last +{front - rear}"
            lines.append(f"  {game.names[player]:>8} {game.scores[player]:>3} "
                         f"|{''.join(track)}| {board.target}  ({last})")
        lines.append(f"  # front peg (the score), o rear peg (the score before), "
                     f": the skunk line ({skunk})")
        return lines

    # --- input -----------------------------------------------------------------------------

    def _line(self, prompt: str) -> str:
        """One line typed in answer to ``prompt``, stripped; the end of the input raises
        :class:`_Quit`. A line that was not UTF-8 text (read with its bad bytes
        replaced) comes back as ``"\ufffd"``, which no question accepts."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise _Quit(ended=True)
        return line.strip()

    def _ask(self, prompt: str, usage: str = "") -> str:
        """One answer; commands are handled here and the question asked again (an empty
        answer is told what to type, a line that is not text is refused)."""
        while True:
            answer = self._line(prompt)
            word, _, rest = answer.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                raise _Quit(ended=False)
            if NOT_TEXT in answer:
                self.say("  that line is not UTF-8 text; try again")
            elif word in ("help", "?"):
                self.say(_HELP)
            elif word == "board":
                for text in self.board_lines():
                    self.say(text)
            elif word == "hint":
                self.say(self.hint())
            elif word == "why":
                self.say(self.why())
            elif word == "review":
                self.say(self.review_text())
            elif word == "save":
                self._save(rest.strip() or None)
            elif word == "undo":
                self._undo()
                return ""
            elif answer:
                return answer
            elif usage:
                self.say(f"  {usage}; help lists the commands")

    def _save(self, name: str | None) -> bool:
        path = Path(name) if name else self.save_path
        if path is None:
            self.say("  save where? type: save FILE")
            return False
        try:
            self.game.save(path)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.say(f"  could not save to {shortened(str(path))!r}: {reason}")
            return False
        self.save_path = path
        self.say(f"  saved to {path}")
        return True

    def _undo(self) -> None:
        try:
            undone = self.game.undo(HUMAN)
        except IllegalActionError as exc:
            self.say(f"  {exc}")
            return
        mine = [_action_words(a.kind, a.cards) for a in undone if a.player == HUMAN]
        self.say(f"  taken back: {', '.join(mine)}")
        self._shown_events = len(self.game.events)

    def _read_cards(self, answer: str, hand: Hand) -> Hand:
        """Cards named (``5H 10C``) or given by their places in the hand (``1 4``)."""
        words = answer.replace(",", " ").split()
        if words and all(is_number(w) for w in words):
            bad = [w for w in words if not 1 <= small_number(w) <= len(hand)]
            if bad:
                raise IllegalHandError(f"there is no card {shortened(bad[0])}: your cards "
                                       f"are numbered 1 to {len(hand)}")
            return Hand(hand[int(w) - 1] for w in words)
        if len(answer) > 40:
            raise IllegalHandError(f"cannot read {shortened(answer)!r} as cards")
        return parse_cards(words)

    # --- the coach -------------------------------------------------------------------------

    def _judged(self, decide: str, *args: object) -> None:
        """Take the human's throw or card (``decide`` is the game's method) and give the
        coach's verdict on it, as the mode asks."""
        game = self.game
        view = game.view(HUMAN)
        index = len(game.actions)
        getattr(game, decide)(HUMAN, *args)
        if self.coach is CoachMode.OFF:
            return
        chosen = game.actions[index]
        if decide == "play" and len({c.rank for c in view.hand if any(
                a.cards == (c,) for a in view.legal)}) < 2:
            return  # a forced card: nothing to judge
        verdict = judge_view(view, chosen.cards)
        self.verdicts[index] = verdict
        self.recorder.judged(verdict, deal=view.deal, action=index)
        if self.coach.speaks(verdict.grade):
            self.last_verdict = verdict
            self.say(f"  coach: {verdict_line(verdict)} (why: the numbers)")

    def why(self) -> str:
        """The numbers behind the coach's last word."""
        if self.last_verdict is None:
            return "  the coach has said nothing yet"
        return "\n".join(f"  {line}" for line in self.last_verdict.why.splitlines())

    def review_text(self) -> str:
        """The coach's review of the human's decisions so far."""
        game = self.game
        if not any(a.player == HUMAN and a.is_decision for a in game.actions):
            return "  nothing to review yet"
        judged = {n: v for n, v in self.verdicts.items() if n < len(game.actions)}
        return "\n".join(f"  {line}" for line in
                         str(review(game, HUMAN, judged=judged)).splitlines())

    # --- the game --------------------------------------------------------------------------

    def hint(self) -> str:
        """The judge's best choice in the human's place, and why (the judge the coach
        grades by): its sentence, then the next-best throws or every card's worth."""
        game = self.game
        advice = hint(game.view(HUMAN))
        if advice.action is None or HUMAN not in game.to_act:
            return "  nothing to decide just now"
        lead = "next best: " if game.phase is Phase.DISCARD else ""
        return "\n".join([f"  the judge's hint: {advice.explanation}",
                          *(f"    {lead}{line}" for line in advice.details)])

    def run(self) -> int:
        """Play until the game ends or the player quits; returns 0, or 130 after Ctrl-C.

        Quitting, the end of the input and Ctrl-C all keep the game in the save file
        when there is one (``--save``, or the file it was resumed from or last saved
        to); otherwise ``quit`` asks whether to save, and the other two say the game
        was not saved. A closed output (a broken pipe) saves quietly, then stops."""
        try:
            return self._play()
        finally:
            self.recorder.close()

    def _play(self) -> int:
        game = self.game
        self.say(f"Cribbage to {game.options.target}: {game.names[HUMAN]} against "
                 f"{game.names[1 - HUMAN]} ({self.opponent.name}), seed {game.seed}. "
                 f"Type help for commands.")
        self.recorder.playing(game)
        if self.recorder.problem:
            self.say(f"  {self.recorder.problem}")
        elif self.recorder.path is not None and self.coach is not CoachMode.OFF:
            self.say(f"Your decisions are recorded in {self.recorder.path} (--no-record "
                     f"to stop; cribbage-edu progress shows them).")
        if game.actions:
            self.say(f"Resuming: deal {game.deal_number}, {game.phase}, "
                     f"scores {game.scores[0]}-{game.scores[1]}.")
            self._shown_events = len(game.view(HUMAN).events)
        try:
            while not game.is_over:
                self._flush_events()
                self._step()
            self._flush_events()
        except _Quit as stop:
            try:
                self._quit(asked=not stop.ended)
            except KeyboardInterrupt:
                self.say("\nGame not saved.")
                return EXIT_INTERRUPTED
            return 0
        except KeyboardInterrupt:
            self.say()
            if not (self.save_path is not None and self._save(None)):
                self.say("Game not saved.")
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            if self.save_path is not None and not game.is_over:
                game.save(self.save_path)
            raise
        result = game.result
        assert result is not None
        for text in self.board_lines():
            self.say(text)
        self.say(result.describe(game.names, you=HUMAN) + ".")
        if self.coach is not CoachMode.OFF:
            self.say("\nThe coach's review:")
            self.say(self.review_text())
        return 0

    def _quit(self, *, asked: bool) -> None:
        """Stop: save to the save file if there is one; else, when the player asked to
        quit (rather than the input ending), ask whether to save, then where."""
        if self.game.is_over:
            return
        if self.save_path is not None and self._save(None):
            return
        if asked:
            with contextlib.suppress(_Quit):
                if self._yes("Save the game before quitting? (yes or no) "):
                    while True:
                        name = self._line("File name to save to: ")
                        if not name or NOT_TEXT in name:
                            break
                        if self._save(name):
                            return
        self.say("Game not saved.")

    def _yes(self, question: str) -> bool:
        """A yes-or-no answer (Enter is no)."""
        while True:
            answer = self._line(question).lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            self.say("  please answer yes or no")

    def _step(self) -> None:
        """The computer's moves and the automatic steps until you decide, then your
        decision."""
        game = self.game
        seats: list[Player | None] = [None, None]
        seats[1 - HUMAN] = self.opponent
        drive(game, seats, stop=lambda g: HUMAN in g.to_act)
        if game.is_over or HUMAN not in game.to_act:
            return
        self._flush_events()  # what happened since, before you are asked
        if game.phase is Phase.DISCARD:
            self._human_discard()
        elif game.phase is Phase.PLAY:
            self._human_play()
        else:
            self._human_count()

    def _human_discard(self) -> None:
        game = self.game
        view = game.view(HUMAN)
        whose = "your" if view.is_dealer else f"{game.names[1 - HUMAN]}'s"
        for text in self.board_lines()[:2]:
            self.say(text)
        self.say("You deal: the crib is yours." if view.is_dealer
                 else f"You are pone: {game.names[1 - HUMAN]} deals and owns the crib.")
        self.say(f"Your hand: {_numbered(view.hand)}")
        while True:
            answer = self._ask(f"Lay away two cards for {whose} crib: ",
                               "type two cards, like 5H JS, or their places, like 1 2")
            if not answer:
                return  # undone
            try:
                self._judged("discard", self._read_cards(answer, view.hand))
                return
            except CribbageError as exc:
                self.say(f"  {exc}; try again")

    def _human_play(self) -> None:
        game = self.game
        if game.peg_due == HUMAN:
            self._human_peg()
            return
        fits = game.legal_cards(HUMAN)
        view = game.view(HUMAN)
        by_hand = game.options.claim_play[HUMAN]
        if not fits and not by_hand:
            self.say(f"  Count {view.count}: none of {view.hand.symbols} fits; you say go.")
            game.go(HUMAN)
            return
        pile = f" ({view.pile.symbols})" if view.pile else ""
        starter = view.starter.symbol if view.starter else "-"
        held = view.opponent_cards
        self.say(f"Count {view.count}{pile}. Starter {starter}. {game.names[1 - HUMAN]} "
                 f"holds {held} card{'' if held == 1 else 's'}. "
                 f"Your cards: {_numbered(view.hand)}")
        while True:
            answer = self._ask("Lay a card (or say go): " if by_hand else "Lay a card: ",
                               "type a card, like 5H, or its place, like 1")
            if not answer:
                return
            try:
                if answer.lower() == "go":
                    self._refuse_a_slip(None)
                    game.go(HUMAN)
                    return
                cards = self._read_cards(answer, view.hand)
                if len(cards) != 1:
                    raise IllegalHandError(f"lay one card at a time, not {len(cards)}")
                self._refuse_a_slip(cards[0])
                self._judged("play", cards[0])
                return
            except CribbageError as exc:
                self.say(f"  {exc}; try again")

    def _refuse_a_slip(self, card: Card | None) -> None:
        """Refuse ``card`` (or go, for ``None``) when it breaks the rule of the go: a card
        past 31, or go while a card fits, in the game's words, the table's words too
        (:meth:`Game.go_slip`)."""
        why = self.game.go_slip(HUMAN, card)
        if why is not None:
            raise IllegalActionError(why)

    def _human_peg(self) -> None:
        """Your play points, said by you (``--claim-play``): the points of the card you
        just laid, or of the go; the game judges the claim."""
        game = self.game
        claim = self._ask_points(f"Count {game.count}. Points to peg? ",
                                 "type the points your card (or the go) made, 0 for none",
                                 lambda points: game.peg(HUMAN, points))
        if claim is not None:
            said = claim.explain()
            self.say(f"  {said[0].upper()}{said[1:]}")

    def _ask_points(self, prompt: str, usage: str, judge: Callable[[int], T]) -> T | None:
        """Points typed in answer to ``prompt``, judged by ``judge`` (the game), asked
        again with the reason until the game takes them; ``None`` after an undo."""
        while True:
            answer = self._ask(prompt, usage)
            if not answer:
                return None
            try:
                return judge(typed_points(answer))
            except CribbageError as exc:
                self.say(f"  {exc}; try again")

    def _human_count(self) -> None:
        """Your count of your hand or crib, judged by the game: without muggins a wrong
        first claim is told what it reveals and you count again."""
        game = self.game
        show = game.next_show()
        assert show is not None and game.starter is not None
        _, what, cards = show
        self.say(f"Count your {what}: {cards.symbols} with the starter {game.starter.symbol}")
        while True:
            claim = self._ask_points("How many points? ", "type the points as a number, like 8",
                                     lambda points: game.claim(HUMAN, points))
            if claim is None:
                return
            self.say("  " + claim.explain(you=True))
            self._record_count()
            if not claim.again:
                return

    def _record_count(self) -> None:
        """Record the count just claimed, as the coach's review charges it."""
        game = self.game
        if self.recorder.record is None or self.coach is CoachMode.OFF:
            return
        judged = {n: v for n, v in self.verdicts.items() if n < len(game.actions)}
        try:
            counted = review(game, HUMAN, judged=judged).decisions[-1]
        except CribbageError:  # a verdict of a decision since undone: the count is not kept
            return
        self.recorder.judged(counted)


def item_words(item: ScoreItem, *, pegging: bool = False) -> str:
    """One scoring item for a learner: ``'fifteen (A♣ 4♥ Q♦) for 2'``; in the play the
    fifteen and thirty-one are the count itself, so their cards are left out.

    >>> from cribbage_edu import score_play
    >>> [item_words(item, pegging=True) for item in score_play("5S 5H 5C").items]
    ['fifteen for 2', 'a pair royal (5♠ 5♥ 5♣) for 6']
    """
    kind = item.kind
    if kind is Kind.NOBS:
        what = "nobs, the jack of the starter's suit"
    elif kind in (Kind.PAIR, Kind.RUN, Kind.FLUSH):
        what = f"a {item.name}"  # the item's name (ScoreItem.name), with its article
    elif kind in (Kind.GO, Kind.LAST_CARD):
        what = f"the {item.name}"
    else:
        what = item.name
    if pegging and kind in (Kind.FIFTEEN, Kind.THIRTY_ONE, Kind.GO, Kind.LAST_CARD):
        return f"{what} for {item.points}"
    return f"{what} ({Hand(item.cards).symbols}) for {item.points}"


def small_number(text: str) -> int:
    """The value of digits 0-9 (see :func:`~cribbage_edu.rules.checks.is_number`); any
    number of more than six digits counts as 999,999, so a 5,000-digit answer is refused
    as too big instead of breaking ``int()``.

    >>> small_number("08"), small_number("9" * 5000)
    (8, 999999)
    """
    return int(text) if len(text) <= 6 else 999_999


def _numbered(hand: Hand) -> str:
    return "  ".join(f"{i}:{c.symbol}" for i, c in enumerate(hand, 1))


def _action_words(kind: ActionKind, cards: Sequence[Card]) -> str:
    return f"{kind} {' '.join(c.symbol for c in cards)}".strip()


# --- the command ---------------------------------------------------------------------------

def add_play(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu play`` (see :mod:`cribbage_edu.cli`)."""
    parser = subparsers.add_parser(
        "play", help="play a game in the terminal against the computer",
        description="Play cribbage against a computer player. Every score is explained "
                    "as it happens. Type help at any prompt for the commands (hint, "
                    "board, undo, save, quit). Nothing is written to disk unless you "
                    "save, but for your record: in a course folder each decision the "
                    "coach judges is added to the record there (--no-record to stop).")
    parser.add_argument("--seed", type=seed_argument, default=None, metavar="N",
                        help="the seed of the shuffles: the same seed, the same game")
    parser.add_argument("--opponent", choices=PLAYER_NAMES, default="expert",
                        help="the computer player: random, greedy, rulebook (the course's rules "
                             "of thumb, in order), expert, master (the "
                             "expert who also counts the play in its throw and plays for "
                             "the game near the end) or coach (the master who lays each "
                             "card by the coach's judge, reading your hand from your "
                             "throw and cards); default expert")
    parser.add_argument("--target", type=int, choices=TARGETS, default=TARGETS[0],
                        help="play to 121 (default) or 61")
    parser.add_argument("--name", default="Player", help="your name in the game")
    parser.add_argument("--count-yourself", action="store_true",
                        help="count your own hands and crib; a wrong first count is told "
                             "what it reveals and you count again (the second scores)")
    parser.add_argument("--muggins", action="store_true",
                        help="with --count-yourself or --claim-play: points you miss go to "
                             "the computer (in the play too, as the ACC plays it)")
    parser.add_argument("--claim-play", action="store_true",
                        help="peg your own play points: say the points of each card you "
                             "lay, and say go yourself")
    parser.add_argument("--coach", choices=[m.value for m in CoachMode],
                        default=CoachMode.MISTAKES.value,
                        help="the coach after each throw and card: off, mistakes (a "
                             "verdict when a choice loses a mistake's worth; the default) "
                             "or every (a verdict on each); why shows the numbers, review "
                             "the decisions so far, and the review is printed at the end")
    parser.add_argument("--resume", metavar="FILE", default=None,
                        help="go on with a game saved earlier")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="the file that save and quit write to")
    parser.add_argument("--no-record", dest="record", action="store_const", const=False,
                        default=True, help="record nothing: by default each decision the "
                                           "coach judges is added to your record, in your "
                                           "course folder (or $CRIBBAGE_EDU_RECORD)")
    parser.add_argument("--record", dest="record", metavar="FILE", type=Path,
                        help="the record to add your decisions to (instead of the course "
                             "folder's)")
    parser.add_argument("--no-chance", dest="chance", action="store_false",
                        help="do not show your chance to win at the start of each deal")
    parser.set_defaults(run=run_play)


def run_play(args: argparse.Namespace, console: Console) -> int:
    """Run ``cribbage-edu play``."""
    if args.resume is not None:
        game = Game.load(args.resume)
        saved_as = game.names[1 - HUMAN].lower()
        opponent = saved_as if saved_as in PLAYER_NAMES else args.opponent
        save_path = args.save or args.resume
    else:
        game = Game(args.seed, target=args.target,
                    manual_count=(args.count_yourself, False),
                    muggins=args.muggins and (args.count_yourself or args.claim_play),
                    claim_play=(args.claim_play, False),
                    names=(args.name, args.opponent.capitalize()))
        opponent = args.opponent
        save_path = args.save
    stdin = console.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # a stray byte is answered, not fatal
    return TerminalGame(game, opponent, stdin=stdin, stdout=console.stdout,
                        save_path=save_path, show_chance=args.chance,
                        coach=args.coach,
                        record=course_record() if args.record is True else args.record).run()
