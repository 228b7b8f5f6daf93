"""``cribbage-edu practice``: positions from your own mistakes, brought back on a spaced
schedule, and fresh ones of the same kind when too few are due (see
:mod:`cribbage_edu.study.practice`). Each answer is typed (two cards for a throw, one for a
card, a number for a count), judged by the coach, and written to your record with the
position's new schedule; an answer that cannot be read is said in one line and asked again,
and nothing is written for it. ``why`` at the prompt after an answer (the next position's,
or the last one's closing prompt) shows the numbers behind the coach's word, as the
widget's Why? does.

The record is the course folder's (the current folder or one above it holding the course),
or ``$CRIBBAGE_EDU_RECORD``, or the file ``--record`` names.

>>> import io, tempfile
>>> from cribbage_edu.cli import main
>>> main(["practice", "--record", f"{tempfile.mkdtemp()}/r.sqlite", "--count", "1"],
...      stdin=io.StringIO("quit\\n"))  # doctest: +ELLIPSIS
Nothing is due from your mistakes yet; ... fresh position ...
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..rules.errors import CribbageError
from ..strategy.coach import DecisionKind
from ..study.practice import Answer, Item, Practice, when_said
from ..study.record import Record, course_record
from .console import PROG, BadInput, Console, Subparsers, count_argument, seed_argument

__all__ = ["add_practice", "item_lines", "run_practice", "why_lines"]

SESSION = 5
"""How many positions a practice brings, unless ``--count`` says."""
STOP = ("quit", "q", "exit")
WHY = "why"
WHY_SAID = " ('why' at the next prompt: the numbers behind the coach's word.)"


def add_practice(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu practice [--record FILE] [--count N] [--seed N]``."""
    parser = subparsers.add_parser(
        "practice", help="practise positions from your own mistakes",
        description="Positions from your own mistakes (the same cards, the same board), "
                    "brought back on a spaced schedule: a right answer moves a position "
                    "later, a wrong one brings it back soon. When too few are due, fresh "
                    "positions of the same kind fill the session. Type 'quit' to stop.")
    parser.add_argument("--record", metavar="FILE", type=Path, default=None,
                        help="the record to practise from (default: your course folder's, "
                             "or $CRIBBAGE_EDU_RECORD)")
    parser.add_argument("--count", type=count_argument("--count", 1, 100), default=SESSION,
                        help=f"how many positions to practise (default {SESSION})")
    parser.add_argument("--seed", type=seed_argument, default=None,
                        help="the first seed of the fresh positions' games (default: the "
                             "course's, the same for a whole class)")
    parser.set_defaults(run=run_practice)


def run_practice(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu practice``: the session, an answer at a time."""
    path = args.record if args.record is not None else course_record()
    if path is None:
        raise BadInput(f"{PROG}: error: no record here: run this in your course folder, or "
                       f"name one with --record FILE")
    with Record.open(path) as record:
        practice = Practice(record) if args.seed is None else Practice(record, seed=args.seed)
        items = practice.session(args.count)
        due = sum(1 for item in items if not item.fresh)
        console.say(opening(practice, len(items), due))
        for line in practice.skipped:
            console.say(f"  left out: {line}")
        answered = right = 0
        last: Answer | None = None
        for number, item in enumerate(items, 1):
            console.say()
            console.say(f"Position {number} of {len(items)} "
                        f"({'fresh' if item.fresh else 'from your mistakes'}):")
            for line in item_lines(item):
                console.say(f"  {line}")
            answer = _answer(practice, item, console, last)
            if answer is None:
                break
            answered += 1
            right += answer.right
            console.say(f"  Coach: {answer.line}")
            console.say(f"  It comes back {when_said(answer.due, answer.at)}."
                        + (WHY_SAID if last is None else ""))
            last = answer
        if last is not None and answered == len(items):
            _last_why(last, console)
        console.say()
        console.say(closing(practice, answered, right))
    return 0


def opening(practice: Practice, count: int, due: int) -> str:
    """The first line of a session: what is due and what is fresh."""
    fresh = count - due
    if due:
        said = f"{due} position{'s' if due != 1 else ''} from your mistakes due now"
    else:
        said = "Nothing is due from your mistakes yet"
    if fresh:
        said += f"; {fresh} fresh position{'s' if fresh != 1 else ''} of the same kind"
    return said + "."


def closing(practice: Practice, answered: int, right: int) -> str:
    """The last line: the answers, what is due today and when the next comes."""
    today = practice.due_today()
    upcoming = practice.next_due()
    later = "" if upcoming is None else f"; the next comes {when_said(upcoming, practice.clock())}"
    return (f"{right} of {answered} right. Due today: {today} position"
            f"{'s' if today != 1 else ''}{later}.")


def item_lines(item: Item) -> list[str]:
    """The position as text: the cards, the board and the question."""
    board = item.scores
    on = "" if board is None else f", the score {board[0]}-{board[1]}"
    if item.kind is DecisionKind.THROW:
        target = item.position["target"]
        from ..rules.cards import Hand

        return [f"You are {'the dealer' if item.position['dealer'] else 'pone'}{on} "
                f"(a game to {target}). Your six cards: {Hand(item.six).symbols}",
                item.question + " (two cards, e.g. 'KD 5C')"]
    if item.kind is DecisionKind.CARD:
        view = item.view
        assert view is not None and view.starter is not None
        role = "the dealer" if view.is_dealer else "pone"
        pile = view.pile.symbols if view.pile else "nothing yet"
        went = "; he said go" if view.opponent_said_go else ""
        return [f"You are {role}{on}. The starter: {view.starter.symbol}",
                f"Count {view.count}, laid since the count began: {pile}{went}; he holds "
                f"{view.opponent_cards} card{'s' if view.opponent_cards != 1 else ''}",
                f"Your cards: {view.hand.symbols}", item.question + " (one card, e.g. '7H')"]
    score = item.score
    assert score is not None
    whose = "The crib" if score.crib else "Your hand"
    return [f"{whose}: {score.hand.symbols}, the starter {score.starter.symbol}",
            item.question + " (a number)"]


def why_lines(answer: Answer) -> list[str]:
    """The numbers behind the coach's word on ``answer`` (what Why? shows), a line each."""
    return [line for line in answer.why.splitlines() if line.strip()]


def _say_why(last: Answer | None, console: Console) -> None:
    if last is None:
        console.say("  nothing judged yet: answer, and 'why' then shows the numbers behind "
                    "the coach's word")
        return
    chose = "you said" if last.item.kind is DecisionKind.COUNT else "you chose"
    console.say(f"  The numbers behind the coach's word ({chose} {last.entry.chosen}):")
    for line in why_lines(last):
        console.say(f"    {line}")


def _last_why(last: Answer, console: Console) -> None:
    """After the session's last answer: 'why' shows its numbers; anything else ends."""
    while True:
        console.stdout.write("  'why' for the numbers, Enter to finish: ")
        console.stdout.flush()
        line = console.stdin.readline()
        if line.strip().lower() != WHY:
            if not line:
                console.say()
            return
        _say_why(last, console)


def _answer(practice: Practice, item: Item, console: Console,
            last: Answer | None = None) -> Answer | None:
    """The learner's answer, judged and written; ``None`` when they stop (or the input
    ends). An answer that cannot be read is said in one line, and asked again; ``why``
    shows the numbers behind the coach's word on the ``last`` answer."""
    while True:
        console.stdout.write("  Your answer: ")
        console.stdout.flush()
        line = console.stdin.readline()
        if not line:
            console.say()
            return None
        text = line.strip()
        if text.lower() in STOP:
            return None
        if text.lower() == WHY:
            _say_why(last, console)
            continue
        if not text:
            console.say("  type your answer, or 'quit' to stop")
            continue
        try:
            return practice.answer(item, text)
        except CribbageError as exc:
            console.say(f"  {exc}; try again")
