"""``cribbage-edu score`` (the show) and ``cribbage-edu peg`` (the play).

>>> from cribbage_edu.cli import main
>>> main(["peg", "4S", "6H", "5D", "--json"])
{"total": 5, "fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 3}
0
"""

from __future__ import annotations

import argparse

from ..rules.cards import Card
from ..rules.pegging import score_play
from ..rules.scoring import score_hand
from .console import EXIT_OK, Console, Subparsers, items_table, print_json, read_cards

__all__ = ["add_peg", "add_score", "run_peg", "run_score"]


def add_score(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu score CARD... --starter CARD [--crib] [--json]``."""
    parser = subparsers.add_parser(
        "score", help="count a hand or crib with its starter (the show)",
        description="Count four cards with the starter, item by item, and say the count "
                    "the way players do. Cards are written like 5H, 10C, TD, AS or J♦; "
                    "a lone - reads the cards from stdin.")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the four cards held")
    parser.add_argument("--starter", "-s", required=True, metavar="CARD",
                        help="the starter (the card turned up)")
    parser.add_argument("--crib", action="store_true",
                        help="count as the crib: only a five-card flush scores")
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    parser.set_defaults(run=run_score)


def run_score(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu score``: the itemised count, the total and the spoken count."""
    hand = read_cards(args.cards, console)
    score = score_hand(hand, Card.parse(args.starter), crib=args.crib)
    if args.json:
        print_json(score.to_dict(), console)
        return EXIT_OK
    what = "crib" if score.crib else "hand"
    console.say(f"{what} {score.hand}, starter {score.starter}: {score.total} points")
    for line in items_table(score.items, score.total):
        console.say(line)
    console.say(str(score))
    return EXIT_OK


def add_peg(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu peg CARD... [--json]``."""
    parser = subparsers.add_parser(
        "peg", help="points for the last card laid in the play",
        description="Score the last of the cards laid since the count was last reset "
                    "(fifteen, thirty-one, pairs, runs). A lone - reads the cards "
                    "from stdin.")
    parser.add_argument("cards", nargs="+", metavar="CARD",
                        help="the cards laid since the last reset, in order")
    parser.add_argument("--json", action="store_true", help="print the points as JSON")
    parser.set_defaults(run=run_peg)


def run_peg(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu peg``: the points for the last card laid, itemised."""
    laid = read_cards(args.cards, console)
    score = score_play(laid)
    if args.json:
        print_json(score.to_dict(), console)
        return EXIT_OK
    console.say(f"{score.cards}: count {score.count}")
    for line in items_table(score.items, score.total):
        console.say(line)
    console.say(str(score))
    return EXIT_OK
