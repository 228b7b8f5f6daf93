"""``cribbage-edu advise``: the 15 ways to throw two of six cards, best first.

>>> from cribbage_edu.cli import main
>>> main(["advise", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer"])  # doctest: +ELLIPSIS
throwing into your crib (dealer); hand over the 46 unseen starters
...
best: keep 5♣ 5♥ J♠ Q♥, throw 2♣ 6♦ to your crib: hand 12.70 (10 to 21) + crib 3.76 = 16.46
0
"""

from __future__ import annotations

import argparse

from ..strategy.discard import DiscardOption, advise, discard_table
from .console import Console, Subparsers, chart_file, print_json, read_cards, write_chart

__all__ = ["add_advise", "print_table", "run_advise"]


def add_advise(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu advise CARD x6 (--dealer | --pone) [--json] [--plot FILE]``."""
    parser = subparsers.add_parser(
        "advise", help="the 15 ways to throw two of six cards, best first",
        description="Weigh all 15 ways to throw two of six cards into the crib: the exact "
                    "expected hand over the 46 unseen starters (with its worst and best), "
                    "the crib table's expected crib, and the net (hand + crib for the "
                    "dealer, hand - crib for pone); beside them what the kept cards peg "
                    "in the play, simulated (yours less the opponent's, with its 95% "
                    "interval). A lone - reads the cards from stdin.")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the six cards dealt")
    side = parser.add_mutually_exclusive_group(required=True)
    side.add_argument("--dealer", dest="dealer", action="store_true",
                      help="the crib is yours")
    side.add_argument("--pone", dest="dealer", action="store_false",
                      help="the crib is the opponent's")
    parser.add_argument("--pegging", action="store_true",
                        help="rank the throws by hand, crib and pegging together")
    parser.add_argument("--json", action="store_true", help="print the options as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the options to a file")
    parser.set_defaults(run=run_advise)


def run_advise(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu advise``: the options as a table, best first."""
    plot = None if args.plot is None else chart_file(args.plot)
    options = advise(read_cards(args.cards, console), dealer=args.dealer,
                     pegging=args.pegging)
    if args.json:
        print_json([o.to_dict() for o in options], console)
    else:
        print_table(options, args.dealer, console)
    if plot is not None:
        from ..charts import advice_chart  # matplotlib only when a chart is asked for

        write_chart(advice_chart(options, pegging=args.pegging), plot, console,
                    say=not args.json)
    return 0


def print_table(options: list[DiscardOption], dealer: bool, console: Console) -> None:
    """The 15 options as an aligned table, best first, and the best in words.

    >>> import io, sys
    >>> print_table(advise("5H 5C 6D JS QH 2C", dealer=True)[:2], True,
    ...             Console(sys.stdout, io.StringIO(), io.StringIO()))
    throwing into your crib (dealer); hand over the 46 unseen starters
        keep         throw   hand  range   crib    net     pegging  with pegging
     1. 5C 5H JS QH  2C 6D  12.70  10-21  +3.76  16.46  +0.94±0.34         17.40
     2. 5C 5H 6D QH  2C JS   9.39   6-16  +3.71  13.10  +1.51±0.38         14.61
    best: keep 5♣ 5♥ J♠ Q♥, throw 2♣ 6♦ to your crib: hand 12.70 (10 to 21) + crib 3.76 = 16.46
    """
    rows = discard_table(options)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    whose = "your crib (dealer)" if dealer else "the dealer's crib (pone)"
    console.say(f"throwing into {whose}; hand over the 46 unseen starters")
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(w) for cell, w in zip(row[2:], widths[2:], strict=True)]
        console.say(("    " if n == 0 else f"{n:>2}. ") + "  ".join(cells))
    console.say(f"best: {options[0].explanation}")
