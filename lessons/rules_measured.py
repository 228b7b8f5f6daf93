"""Helpers for lesson 15, how the rules are measured: the rulebook's measurement
(``cribbage_edu/data/rulebook.json``, made by ``scripts/measure_rulebook.py`` and
``scripts/search_rulebook.py``) printed as tables, every figure with its 95% interval.

A figure is stored as ``[estimate, low, high]``:

>>> interval([0.0858, 0.0824, 0.0891])
'0.086 (0.082 to 0.089)'
>>> interval([-0.0, -0.001, 0.0010])
'0.000 (-0.001 to 0.001)'
>>> interval([0.8049, 0.7995, 0.8102], share=True)
'80.5% (80.0 to 81.0)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from throwing import rulebook

__all__ = ["GOAL", "KINDS", "interval", "print_by_group", "print_by_length", "print_each_rule",
           "print_goal", "print_keep_tables", "print_procedure", "print_procedures",
           "print_rules_alone", "print_sample", "short"]

KINDS = {"throw": "a deal", "play": "a decision"}
"""What one position is, for the throw and for the play: a cost is in points a deal (the
throw: both players' throws of one deal counted apart, a cost a throw) or a decision."""
GOAL = 0.06
"""The issue's goal for both procedures: at most this many points lost a deal (the throw)
or a decision (the play), by the judge."""
WIDTH = 56
"""Rule names are cut to this many characters in a table (the full names are printed once,
with the procedure)."""


def interval(figure: Sequence[float], share: bool = False) -> str:
    """A stored figure and its 95% interval, as points to three places or as a percentage."""
    value, low, high = figure
    if share:
        return f"{value:.1%} ({low * 100:.1f} to {high * 100:.1f})"
    value, low, high = (round(x, 3) + 0.0 for x in figure)  # -0.0001 is 0.000, not -0.000
    return f"{value:.3f} ({low:.3f} to {high:.3f})"


def short(name: str, width: int = WIDTH) -> str:
    """A rule's name cut to fit a table.

    >>> short("keep the most points now")
    'keep the most points now'
    >>> len(short("count the keep: points now +/- the crib by count; as dealer +0.5 a five"))
    56
    """
    return name if len(name) <= width else name[:width - 1] + "…"


def print_sample(kind: str) -> None:
    """Where the positions of the ``kind`` (``"throw"`` or ``"play"``) came from."""
    sample = rulebook()[kind]["sample"]
    first, last = sample["game_seeds"]
    print(f"{sample['positions']:,} positions from {sample['deals']:,} deals of "
          f"{sample['games']:,} games (seeds {first} to {last}), stored in {sample['file']}")


def _row(name: str, measured: Mapping[str, Any]) -> str:
    return (f"{short(name):<{WIDTH}} {interval(measured['loss']):>24} "
            f"{interval(measured['agree'], share=True):>21} "
            f"{interval(measured['within_margin'], share=True):>21}")


def _head(first: str) -> str:
    return f"{first:<{WIDTH}} {'cost':>24} {'agrees':>21} {'within margin':>21}"


def print_procedures(kind: str) -> None:
    """Every procedure measured for the ``kind``: the one found, the course's own before it,
    the procedure priced another way, and the expert program for reference; over all the
    positions, and the one found on the odd-numbered games alone."""
    data = rulebook()[kind]
    print(_head(f"over all {data['sample']['positions']:,} positions"))
    print(_row(f"found: {data['procedure']['name']}", data["procedure"]["all"]))
    print(_row("  the same on the odd-numbered games only", data["procedure"]["held_out"]))
    for today in data["course_today"]:
        print(_row(today["name"], today["all"]))
    for why, other in data["alternatives"].items():
        print(_row(f"{other['name']}, {why}", other["all"]))
    print(_row(data["reference"]["name"], data["reference"]["all"]))


def print_keep_tables() -> None:
    """The throw's keep table in each shape the search tried: how many figures a learner
    carries, what the procedure found with it costs, and how much more than the one with
    the table by role, paired deal by deal; the one carried marked."""
    kept = rulebook()["throw"]["keep_table"]
    print(f"{'keep table':<24} {'figures':>7} {'cost':>24} {'more than by role, paired':>26}")
    for shape, measured in kept["shapes"].items():
        name = f"{shape}{' (carried)' if shape == kept['carried'] else ''}"
        print(f"{name:<24} {measured['figures']:>7} {interval(measured['loss']):>24} "
              f"{interval(measured['against_by_role']):>26}")


def print_by_group(kind: str) -> None:
    """The procedure found, by group of positions (the throw: dealer and pone; the play:
    by role, near home or not, and leads)."""
    data = rulebook()[kind]["procedure"]["by_group"]
    print(_head("the procedure found, by group") + f" {'positions':>10}")
    for group, measured in data.items():
        print(_row(group, measured) + f" {measured['positions']:>10,}")


def print_procedure(kind: str) -> None:
    """The procedure found for the ``kind``, each rule by its full name, in order."""
    for n, rule in enumerate(rulebook()[kind]["procedure"]["rules"], start=1):
        print(f"{n}. {rule}")


def print_each_rule(kind: str) -> None:
    """Each rule of the procedure found, in order: how often it applies, how often it
    decides (its choice is the procedure's and no later rule's), and what breaking it
    costs (the procedure without it, less the procedure, paired position by position)."""
    data = rulebook()[kind]["procedure"]
    print(f"{'rule, in order':<{WIDTH}} {'applies':>8} {'decides':>8} {'breaking it costs':>24}")
    for n, rule in enumerate(data["each_rule"], start=1):
        print(f"{n}. {short(rule['rule'], WIDTH - 3):<{WIDTH - 3}} {rule['applies']:>8.1%} "
              f"{rule['decides']:>8.1%} {interval(rule['broken']):>24}")


def print_rules_alone(kind: str, top: int | None = None) -> None:
    """Each rule the search could use, on the positions where it decides alone (its choice
    differs from some other choice): how often it is right there and what breaking it
    costs there; costliest first."""
    rules = rulebook()[kind]["each_rule_alone"][:top]
    print(f"{'rule':<{WIDTH}} {'decides':>8} {'right when it decides':>24} "
          f"{'breaking it costs':>24}")
    for rule in rules:
        print(f"{short(rule['rule']):<{WIDTH}} {rule['decides']:>8.1%} "
              f"{interval(rule['right'], share=True):>24} {interval(rule['broken']):>24}")


def print_by_length(kind: str) -> None:
    """The best procedure of each length the search found, and what each further rule
    bought (the search goes one rule past the limit)."""
    found = rulebook()[kind]["by_length"]
    print(f"{'rules':>5} {'cost':>24} {'the rule added bought':>24}")
    before = None
    for n, procedure in enumerate(found, start=1):
        cost = procedure["all"]["loss"][0]
        bought = "" if before is None else f"{before - cost:.4f}"
        print(f"{n:>5} {interval(procedure['all']['loss']):>24} {bought:>24}")
        before = cost


def print_goal(kind: str) -> None:
    """The goal for the ``kind``, the procedure's cost against it, and what the next rule
    the search found would buy."""
    data = rulebook()[kind]
    cost = data["procedure"]["all"]["loss"]
    found = data["by_length"]
    chosen = len(data["procedure"]["rules"])
    nxt = found[chosen]["all"]["loss"][0] if chosen < len(found) else cost[0]
    met = "met" if cost[2] <= GOAL else "not met"
    print(f"the {kind}: goal {GOAL:.2f} points {KINDS[kind]}; the procedure "
          f"{interval(cost)}: {met}; the next rule would buy {cost[0] - nxt:.4f}")
