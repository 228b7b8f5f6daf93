"""The play's procedure for lesson 13: the rules of thumb the search found (stored in
``cribbage_edu/data/rulebook.json`` by ``scripts/search_rulebook.py``), in the order a
player applies them, each with what breaking it costs, read from that file; the small
table of "count the card" worked card by card; the procedure followed on a stated deal
(the same arguments as the judge's, :func:`whole_play.judged`), naming the rule that
decides; and the measured positions where it chose outside the judge's margin.

>>> followed = follow_on("AC 10H KD KS", thrown="9C QD", starter="3D", dealer=False)
>>> followed.card.symbol, followed.rule
('K♦', 'count the card')
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from cribbage_edu.rules.cards import THIRTY_ONE, Card, CardLike, Rank, parse_cards
from cribbage_edu.strategy.players import peg_points
from cribbage_edu.strategy.rulebook import PlayPosition, Procedure
from cribbage_edu.strategy.rulebook.explain import steps
from cribbage_edu.strategy.rulebook.play import CARD_WORDS, TRAP_LEAD, card_terms
from cribbage_edu.strategy.rulebook.player import RULEBOOK_FILE, stored_procedures
from whole_play import pile_of

__all__ = ["APPENDIX", "Followed", "alone_cost", "card_count", "exceptions", "follow_on",
           "lone_ace_leads", "position", "print_card_table", "print_counted", "print_exception",
           "print_procedure", "rule_cost", "scoring_ranks", "short", "the_procedure", "weights"]

APPENDIX = "15_how_the_rules_are_measured.ipynb"
"""The appendix notebook: every interval, agreement table and how the numbers are made."""
LOW_LEAD = 6
"""Rule 1's exception: every other card you could lead is of this value or more."""
PLAYS = Path(__file__).parent / "data" / "rulebook_plays.jsonl.gz"
"""The positions the rulebook was measured on, every card judged."""

Cards = str | list[CardLike]


@cache
def measured() -> dict[str, Any]:
    """The play's part of ``rulebook.json``."""
    text = resources.files("cribbage_edu").joinpath("data").joinpath(
        RULEBOOK_FILE).read_text("utf-8")
    play: dict[str, Any] = json.loads(text)["play"]
    return play


def the_procedure() -> Procedure[PlayPosition, Card]:
    """The play's procedure as stored (the one the rulebook player follows)."""
    return stored_procedures()[1]


def short(name: str) -> str:
    """A rule's name without its table: ``"count the card"``.

    >>> short("count the card: the points now, -0.5 each rank that scores on it")
    'count the card'
    """
    return name.split(":")[0]


def rule_cost(name: str) -> float:
    """What breaking the procedure's rule ``name`` (its short name will do) costs, in
    points a decision: the procedure without it less the procedure, over every position
    measured.

    >>> rule_cost("count the card") > rule_cost("lay your highest card") > 0
    True
    """
    for rule in measured()["procedure"]["each_rule"]:
        if short(rule["rule"]) == short(name):
            return float(rule["broken"][0])
    raise KeyError(f"the procedure has no rule {name!r}")


def alone_cost(name: str) -> float:
    """What breaking the rule ``name`` costs on its own, in points, where it decides (the
    best card it keeps less the best it rules out): negative for a rule that costs points
    when followed.

    >>> alone_cost("after his go, lay your lowest first") < 0 < alone_cost("take the points")
    True
    """
    for rule in measured()["each_rule_alone"]:
        if rule["rule"] == name:
            return float(rule["broken"][0])
    raise KeyError(f"no rule {name!r} was measured")


def weights() -> dict[str, float]:
    """The table of "count the card", as stored: what each thing weighed adds."""
    for spec in measured()["procedure"]["specs"]:
        if "table" in spec:
            return dict(spec["table"]["weights"])
    raise KeyError("the procedure carries no table")


def print_procedure() -> None:
    """The procedure's rules in order, each with what breaking it costs a decision."""
    for number, rule in enumerate(the_procedure().rules, 1):
        print(f"{number}. {short(rule.name):<54} breaking it costs "
              f"{rule_cost(rule.name) + 0.0:.3f} a decision")
    whole = measured()["procedure"]["all"]
    print(f"the whole procedure loses {whole['loss'][0]:.2f} points a decision to the judge "
          f"(the expert's one-card look-ahead {measured()['reference']['all']['loss'][0]:.2f})")


def print_card_table() -> None:
    """"Count the card" as text a learner can learn."""
    print("count the card = the points it pegs now")
    for term, weight in weights().items():
        print(f"    {weight:+.2f}  for {CARD_WORDS[term]}")
    print("lay the card that counts most")


def position(kept: Cards, *, thrown: Cards, starter: CardLike, laid: Cards = "",
             dealer: bool, scores: tuple[int, int] | None = None) -> PlayPosition:
    """The position of a stated deal (the judge's arguments): the cards still held of
    ``kept``, the pile since the count was last 0, every card laid.

    >>> p = position("4D 9S 2H 5H", thrown="JC QD", starter="2D", laid="10S 5H 6C",
    ...              dealer=True)
    >>> p.count, str(p.hand)
    (21, '4D 9S 2H')
    """
    played = parse_cards(laid) if laid else []
    held = [c for c in parse_cards(kept) if c not in played]
    return PlayPosition.parse(held, pile_of(played), laid=played, starter=starter,
                              thrown=thrown, dealer=dealer, scores=scores or (0, 0))


def scoring_ranks(p: PlayPosition, card: Card) -> list[Rank]:
    """The ranks he may hold that score on ``card`` (a fifteen, a 31, a pair, a run).

    >>> [r.symbol for r in scoring_ranks(PlayPosition.parse("5C 3D"), Card.parse("5C"))]
    ['5', '10', 'J', 'Q', 'K']
    """
    after = p.after(card)
    if after == THIRTY_ONE or p.opponent_said_go:
        return []
    piled = tuple(int(c.rank) for c in (*p.pile, card))
    return [r for r in Rank if p.unseen(int(r)) and after + r.count_value <= THIRTY_ONE
            and peg_points((*piled, int(r)))]


def card_count(p: PlayPosition, card: Card) -> float:
    """What "count the card" gives ``card`` at ``p``: the points now plus the table's
    weights times what it weighs (the rulebook's own sum).

    >>> p = PlayPosition.parse("5C 3D")
    >>> card_count(p, Card.parse("5C")), card_count(p, Card.parse("3D"))
    (-3.0, -1.0)
    """
    terms = card_terms(p, card)
    return p.pegs(card) + sum(w * terms[t] for t, w in weights().items())


def print_counted(kept: Cards, **deal: Any) -> None:
    """Each card that fits, counted by the table: points now, the ranks that score on it,
    the most he can peg back, one of a pair, pairing his lead, and the count."""
    p = position(kept, **deal)
    print(f"{'card':<5}{'now':>4}  {'ranks that score on it':<24}{'most back':>9}"
          f"{'pair':>6}{'pairs lead':>11}{'count':>8}")
    for card in p.choices:
        terms = card_terms(p, card)
        ranks = " ".join(r.symbol for r in scoring_ranks(p, card)) or "none"
        print(f"{card.symbol:<5}{p.pegs(card):>4}  {ranks:<24}{terms['worst']:>9}"
              f"{'yes' if terms['from_pair'] else '':>6}"
              f"{'yes' if terms['pairs_lead'] else '':>11}{card_count(p, card):>+8.2f}")


@dataclass(frozen=True)
class Followed:
    """The procedure on a position: the ``card`` it lays, the ``rule`` that decided (its
    short name, or ``""`` if only one card fits), and each rule that narrowed the cards
    with the cards it kept (``steps``)."""

    card: Card
    rule: str
    steps: tuple[tuple[str, tuple[Card, ...]], ...]

    def __str__(self) -> str:
        said = "; ".join(f"{name}: {' '.join(c.symbol for c in kept)}"
                         for name, kept in self.steps)
        return f"the procedure lays the {self.card.symbol} ({said})"


def follow_on(kept: Cards, **deal: Any) -> Followed:
    """The procedure followed on a stated deal."""
    return _followed(position(kept, **deal))


def _followed(p: PlayPosition) -> Followed:
    procedure = the_procedure()
    made = steps(procedure, p, p.choices)
    card = made[-1].kept[0] if made else p.choices[0]
    rule = made[-1].rule.name if made else ""  # the rule that decided: the last to narrow
    return Followed(card, short(rule) if rule else "",
                    tuple((short(s.rule.name), s.kept) for s in made))


@dataclass(frozen=True)
class Measured:
    """A measured position: the position, each choice's worth by the judge (points) and
    whether it is within the judge's margin of the best."""

    position: PlayPosition
    worth: tuple[float, ...]
    within: tuple[bool, ...]
    near: bool


@cache
def _measured() -> tuple[Measured, ...]:
    """Every measured decision, read once."""
    return tuple(_read_measured())


def _read_measured() -> Iterator[Measured]:
    with gzip.open(PLAYS, "rt", encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            worth = tuple(points for points, _, _ in row["cards"])
            top = max(worth)
            within = tuple(points + margin >= top - 1e-9 for points, margin, _ in row["cards"])
            yield Measured(PlayPosition.from_dict(row), worth, within, row["near"])


@cache
def exceptions() -> tuple[int, dict[str, list[tuple[Measured, Followed]]]]:
    """Every measured position, and those where the procedure's card is outside the
    judge's margin, by the rule that decided."""
    found: dict[str, list[tuple[Measured, Followed]]] = {}
    total = 0
    for m in _measured():
        total += 1
        followed = _followed(m.position)
        if not m.within[m.position.choices.index(followed.card)]:
            found.setdefault(followed.rule, []).append((m, followed))
    return total, found


def print_exception(rule: str) -> None:
    """The first measured decision (in the games' order) that the rule ``rule`` decided
    outside the judge's margin: the deal as the player saw it, each card's worth by the
    judge (✓ within its margin of the best), and the procedure's steps."""
    m, followed = exceptions()[1][rule][0]
    p = m.position
    role = "the dealer" if p.dealer else "pone"
    pile = f", the pile {p.pile.symbols} (count {p.count})" if p.pile else ", to lead"
    starter = "" if p.starter is None else p.starter.symbol
    print(f"{role} holds {p.hand.symbols}{pile}; the starter {starter}, threw "
          f"{p.thrown.symbols}")
    for card, worth, within in zip(p.choices, m.worth, m.within, strict=True):
        print(f"  {card.symbol:<4}{worth:>+7.2f}{'  ✓' if within else ''}")
    print(followed)


def lone_ace_leads() -> tuple[int, int]:
    """The measured leads from one ace where every other card is 6 or more and none is a
    trap lead (rule 1's exception): how many, and in how many the ace was within the
    judge's margin of the best."""
    hands = within = 0
    for m in _measured():
        p = m.position
        aces = [c for c in p.choices if c.value == 1]
        others = [c for c in p.choices if c.value != 1]
        if (not p.leading or len(aces) != 1 or sum(c.value == 1 for c in p.hand) != 1
                or not others or any(c.value < LOW_LEAD for c in others)
                or any(TRAP_LEAD.value(p, c) for c in others)):
            continue
        hands += 1
        within += m.within[p.choices.index(aces[0])]
    return hands, within
