"""The rules of thumb for the play, in the course's words (lesson 13), each a :class:`Rule`
on a :class:`PlayPosition` whose choices are the cards that fit, one of each rank (suits
never score in the play).

Pone leads from 5♣ 5♦ 9♠ K♥: "never lead a five" leaves the 9 and the king; "lead from a
pair" does not apply to them; "lay your highest card" leads the king:

>>> position = PlayPosition.parse("5C 5D 9S KH", starter="2H", thrown="3C 4D", dealer=False)
>>> [str(c) for c in position.choices]
['5C', '9S', 'KH']
>>> procedure = Procedure("pone", (NEVER_LEAD_A_FIVE, LEAD_FROM_A_PAIR, LAY_HIGH))
>>> str(follow(procedure, position, position.choices))
'KH'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...rules.board import GAME_HOLE
from ...rules.cards import FIFTEEN, THIRTY_ONE, Card, CardLike, Hand, Rank, parse_cards
from ...rules.checks import flag, two_scores
from ...rules.errors import IllegalActionError, IllegalHandError
from ...rules.game import PlayerView
from ...rules.options import game_target
from ..players import peg_points
from .procedure import Procedure, Rule, follow

__all__ = [
    "AFTER_HIS_GO_LAY_LOW",
    "AVOID_5_AND_21",
    "BEWARE_THE_PAIR_TRAP",
    "CARD_TABLE",
    "CARD_TERMS",
    "FEWEST_ANSWERS",
    "HE_CANNOT_PAIR",
    "LAY_FROM_A_PAIR",
    "LAY_HIGH",
    "LAY_LOW",
    "LEAD_FROM_A_PAIR",
    "LEAD_UNDER_FIVE",
    "LEAVE_NO_FIFTEEN",
    "LEAVE_NO_THIRTY_ONE",
    "NET_OF_THE_WORST_ANSWER",
    "NEVER_LEAD_A_FIVE",
    "PLAY_OFF_A_RUN",
    "TAKE_THE_POINTS",
    "TRAP_LEAD",
    "PlayPosition",
    "card_terms",
    "close_to_31",
    "count_the_card",
    "keep_a_low_card",
    "play_rules",
]

HAND = 4
"""Cards each player holds when the play starts."""
THROWN = 2
"""Cards each player throws to the crib."""
RANK_CARDS = 4
"""Cards of each rank in the pack."""
RANKS = tuple(int(r) for r in Rank)
NO_CARDS = Hand()
TOP_CARD = max(r.count_value for r in Rank)
"""The most a card adds to the count (a ten-card)."""
FIVE = Rank.FIVE.value
DANGER = (FIVE, THIRTY_ONE - TOP_CARD)
"""The counts of 5 and 21: sixteen ten-cards make them fifteen and thirty-one."""


@dataclass(frozen=True)
class PlayPosition:
    """A player's turn in the play, as the player sees it: the ``hand`` held now, the
    ``pile`` since the count was last reset, every card ``laid`` this deal (in order), the
    ``starter``, the player's own ``thrown`` two, whether the player is the ``dealer``,
    whether the opponent said go in this series, and the board (``scores``, the player's
    first, and the ``target``). Its ``choices`` are the cards that fit, the first of each
    rank."""

    hand: Hand
    pile: Hand = NO_CARDS
    laid: Hand = NO_CARDS
    starter: Card | None = None
    thrown: Hand = NO_CARDS
    dealer: bool = False
    opponent_said_go: bool = False
    scores: tuple[int, int] = (0, 0)
    target: int = GAME_HOLE
    choices: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dealer", flag(self.dealer, "dealer"))
        object.__setattr__(self, "target", game_target(self.target))
        object.__setattr__(self, "scores", two_scores(self.scores, self.target, "scores"))
        self._check()
        count = sum(c.value for c in self.pile)
        if count > THIRTY_ONE:
            raise IllegalActionError(f"the pile '{self.pile}' counts {count}, past "
                                     f"{THIRTY_ONE}")
        choices: dict[Rank, Card] = {}
        for card in self.hand:
            if count + card.value <= THIRTY_ONE:
                choices.setdefault(card.rank, card)
        object.__setattr__(self, "choices", tuple(choices.values()))

    def _check(self) -> None:
        """Every card once; at most four held, two thrown, eight laid; the pile among the
        cards laid, the last of them. Else an error naming what is wrong.

        >>> PlayPosition.parse("5C 9S", "5C")
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalHandError: a card is in two places at once: 5C (held, laid)
        >>> PlayPosition.parse("5C 9S", "KH", laid="QD")
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalHandError: the pile 'KH' is not the last of the cards laid 'QD'
        """
        places = {"held": self.hand, "laid": self.laid, "thrown": self.thrown,
                  "starter": () if self.starter is None else (self.starter,)}
        seen: dict[Card, str] = {}
        for place, cards in places.items():
            for card in cards:
                if card in seen:
                    raise IllegalHandError(f"a card is in two places at once: {card} "
                                           f"({seen[card]}, {place})")
                seen[card] = place
        for place, cards, most in (("held", self.hand, HAND), ("thrown", self.thrown, THROWN),
                                   ("laid", self.laid, 2 * HAND)):
            if len(cards) > most:
                raise IllegalHandError(f"at most {most} cards {place}, not {len(cards)}: "
                                       f"'{Hand(cards)}'")
        if self.pile and tuple(self.laid[-len(self.pile):]) != tuple(self.pile):
            raise IllegalHandError(f"the pile '{self.pile}' is not the last of the cards "
                                   f"laid '{self.laid}'")

    @classmethod
    def parse(cls, hand: str | Iterable[CardLike], pile: str | Iterable[CardLike] = (), *,
              laid: str | Iterable[CardLike] | None = None, starter: CardLike | None = None,
              thrown: str | Iterable[CardLike] = (), dealer: bool = False,
              opponent_said_go: bool = False,
              scores: tuple[int, int] = (0, 0), target: int = GAME_HOLE) -> PlayPosition:
        """A position from text; ``laid`` defaults to the ``pile``."""
        stack = parse_cards(pile)
        return cls(parse_cards(hand), stack, stack if laid is None else parse_cards(laid),
                   None if starter is None else Card.parse(starter), parse_cards(thrown),
                   dealer, opponent_said_go, scores, target)

    @classmethod
    def from_view(cls, view: PlayerView) -> PlayPosition:
        """The position of the player of ``view`` (a game in the play)."""
        me = view.player
        return cls(view.hand, view.pile, Hand(c for _, c in view.laid), view.starter,
                   view.discards, view.is_dealer, view.opponent_said_go,
                   (view.scores[me], view.scores[1 - me]), view.target)

    @classmethod
    def from_seen(cls, hand: Sequence[Card], pile: Sequence[Card], seen: Sequence[Card],
                  starter: Card, dealer: bool, opponent_said_go: bool,
                  scores: tuple[int, int] | None, target: int = GAME_HOLE) -> PlayPosition:
        """A position given by its cards alone (no order of the cards laid, no throw), as
        the coach's judge holds one: the first two ``seen`` stand for the throw, the others
        for the cards laid before the ``pile`` (the rules read only which cards were seen).
        Cards that make no position (more seen than a deal holds) raise the error of
        :meth:`_check`.

        >>> PlayPosition.from_seen(Hand("5C 9S"), Hand("KH"), Hand("2D 3D 7D"),
        ...                        Card.parse("2H"), True, False, None).laid
        Hand('7D KH')
        """
        thrown, earlier = tuple(seen[:2]), tuple(seen[2:])
        return cls(Hand(hand), Hand(pile), Hand((*earlier, *pile)), starter, Hand(thrown),
                   dealer, opponent_said_go, scores or (0, 0), target)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": str(self.hand), "pile": str(self.pile), "laid": str(self.laid),
                "starter": str(self.starter or ""), "thrown": str(self.thrown),
                "dealer": self.dealer, "go": self.opponent_said_go,
                "scores": list(self.scores), "target": self.target}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayPosition:
        """The position :meth:`to_dict` wrote.

        >>> p = PlayPosition.parse("5C 9S", "KH", laid="7D KH", starter="2H", dealer=True)
        >>> PlayPosition.from_dict(p.to_dict()) == p
        True
        """
        starter = data["starter"] or None
        return cls(Hand(data["hand"]), Hand(data["pile"]), Hand(data["laid"]),
                   None if starter is None else Card.parse(starter), Hand(data["thrown"]),
                   data["dealer"], data["go"], tuple(data["scores"]),
                   data.get("target", GAME_HOLE))

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    @property
    def opponent_cards(self) -> int:
        """How many cards the opponent still holds: four, less those he laid (every card
        laid this deal that is not one of the player's, who laid four less those held)."""
        return 2 * HAND - len(self.laid) - len(self.hand)

    @property
    def leading(self) -> bool:
        """Whether the player lays the first card of a series."""
        return not self.pile

    def after(self, card: Card) -> int:
        """The count once ``card`` is laid."""
        return self.count + card.value

    def pegs(self, card: Card) -> int:
        """What ``card`` pegs at once (fifteen, 31, pairs, runs; not the go)."""
        return peg_points(tuple(int(c.rank) for c in (*self.pile, card)))

    def unseen(self, rank: int) -> int:
        """How many cards of ``rank`` the player has not seen (held by the opponent, in
        the crib or in the pack)."""
        seen = (*self.hand, *self.laid, *self.thrown,
                *(() if self.starter is None else (self.starter,)))
        return RANK_CARDS - sum(int(c.rank) == rank for c in seen)

    def answers(self, card: Card) -> list[int]:
        """What each rank he may hold (one the player has not seen all of) pegs on
        ``card``, for the ranks that fit after it (none if he said go)."""
        if self.opponent_said_go:
            return []
        after = self.after(card)
        piled = tuple(int(c.rank) for c in (*self.pile, card))
        if after == THIRTY_ONE:
            return []
        return [peg_points((*piled, r)) for r in RANKS
                if self.unseen(r) and after + Rank(r).count_value <= THIRTY_ONE]

    def held(self, rank: Rank) -> int:
        """How many cards of ``rank`` the player holds."""
        return sum(c.rank == rank for c in self.hand)


def _always(position: PlayPosition) -> bool:
    return True


def _leading(position: PlayPosition) -> bool:
    return position.leading


PlayRule = Rule[PlayPosition, Card]

TAKE_THE_POINTS = PlayRule("take the points", _always, lambda p, c: p.pegs(c))
"""Lay the card that pegs most now."""

NEVER_LEAD_A_FIVE = PlayRule("never lead a five", _leading,
                             lambda p, c: -(c.rank == Rank.FIVE))
"""Sixteen ten-cards make a five lead fifteen."""

LEAD_UNDER_FIVE = PlayRule("lead under five", _leading, lambda p, c: c.value < FIVE)
"""No single card makes fifteen from a lead of four or less."""

LEAD_FROM_A_PAIR = PlayRule(
    "lead from a pair", lambda p: p.leading and any(p.held(c.rank) > 1 for c in p.hand),
    lambda p, c: p.held(c.rank) > 1)
"""If he pairs it, you lay the third (a pair royal, 6)."""


def _trap(p: PlayPosition, c: Card) -> bool:
    """A lead he is likeliest to answer so that you score back: one of a pair, a 7 from
    7-8, a 6 or a 9 from 6-9 (he makes fifteen, you pair him)."""
    partner = FIFTEEN - c.value
    return p.held(c.rank) > 1 or (
        c.value in (6, 7, 9) and any(o.value == partner and o.value < TOP_CARD
                                     for o in p.hand))


TRAP_LEAD = PlayRule("lead a trap (from a pair, 7-8 or 6-9)", _leading, _trap)
"""A lead that invites his likeliest scoring answer, so that you score back."""

LAY_FROM_A_PAIR = PlayRule("lay from a pair", _always, lambda p, c: p.held(c.rank) > 1)
"""Lay a card you hold two of: if he pairs it, you have the pair royal."""

AVOID_5_AND_21 = PlayRule("avoid the counts of 5 and 21", _always,
                          lambda p, c: -(p.after(c) in DANGER))
"""Sixteen ten-cards answer them."""

LEAVE_NO_FIFTEEN = PlayRule("leave no fifteen", _always,
                            lambda p, c: -(0 < FIFTEEN - p.after(c) <= TOP_CARD))
"""Leave a count from which no one card makes fifteen (under 5, or 15 and past)."""

LEAVE_NO_THIRTY_ONE = PlayRule("leave no thirty-one", _always,
                               lambda p, c: -(0 < THIRTY_ONE - p.after(c) <= TOP_CARD))
"""Leave a count from which no one card makes 31 (under 21)."""

BEWARE_THE_PAIR_TRAP = PlayRule(
    "beware the pair trap: do not pair a lead", lambda p: len(p.pile) == 1,
    lambda p, c: -(c.rank == p.pile[0].rank and p.held(c.rank) < 3))
"""He may have led from a pair; pair gladly only with the fourth in hand."""


def _gives_a_run(p: PlayPosition, c: Card) -> bool:
    return bool(p.pile) and 0 < abs(int(c.rank) - int(p.pile[-1].rank)) <= 2 and not p.pegs(c)


PLAY_OFF_A_RUN = PlayRule("play off a run", _always, lambda p, c: -_gives_a_run(p, c))
"""Do not lay a card one or two ranks from the last card unless it scores: he may make
the run."""

FEWEST_ANSWERS = PlayRule(
    "lay the card fewest cards score on", _always,
    lambda p, c: -sum(1 for points in p.answers(c) if points))
"""Count the ranks he could score with on each card (a fifteen, a 31, a pair, a run);
lay the card with the fewest."""

NET_OF_THE_WORST_ANSWER = PlayRule(
    "take the points less the most he can peg back", _always,
    lambda p, c: p.pegs(c) - max(p.answers(c), default=0))
"""What the card pegs now, less the most any card he may hold pegs on it."""

HE_CANNOT_PAIR = PlayRule("lay a card he cannot pair", _always,
                          lambda p, c: -p.unseen(int(c.rank)))
"""Lay the rank you have seen most of: he holds fewer of it."""

AFTER_HIS_GO_LAY_LOW = PlayRule("after his go, lay your lowest first",
                                lambda p: p.opponent_said_go,
                                lambda p, c: -c.value - int(c.rank) / 100)
"""When he has said go, lay your low cards first: more of your cards fit."""

LAY_HIGH = PlayRule("lay your highest card", _always, lambda p, c: c.value + int(c.rank) / 100)
"""Keep the low cards for later (the last word of a procedure)."""

LAY_LOW = PlayRule("lay your lowest card", _always, lambda p, c: -c.value - int(c.rank) / 100)
"""Keep the high cards for later."""


CARD_TABLE = "what to weigh in a card"
CARD_TERMS = ("answers", "worst", "pips", "low_kept", "from_pair", "danger", "leaves_fifteen",
              "pairs_lead", "keeps_pair", "past_fifteen")
"""What a learner weighs in a card besides what it pegs now (:func:`card_terms`)."""
CARD_WORDS = {"answers": "each rank that scores on it", "worst": "each point of the most he "
              "can peg back", "pips": "each pip of the card", "low_kept": "keeping a card "
              "under five", "from_pair": "laying one of a pair", "danger": "leaving 5 or 21",
              "leaves_fifteen": "leaving a count one card makes fifteen",
              "pairs_lead": "pairing his lead", "keeps_pair": "keeping a pair",
              "past_fifteen": "taking the count past fifteen"}


def card_terms(p: PlayPosition, c: Card) -> dict[str, int]:
    """What a learner weighs in laying ``c``: the ranks that score on it, the most he can
    peg back, its pips, whether a card under five is still held after it, whether it is
    one of a pair, whether it leaves 5 or 21, whether it leaves a count from which one
    card makes fifteen, whether it pairs his lead (the pair trap), whether a pair is
    still held after it, and whether it takes the count past fifteen.

    >>> terms = card_terms(PlayPosition.parse("5C 5D 3S"), Card.parse("5C"))
    >>> terms["answers"], terms["worst"], terms["low_kept"], terms["danger"]
    (5, 2, 1, 1)
    """
    answers = p.answers(c)
    return {"answers": sum(1 for a in answers if a), "worst": max(answers, default=0),
            "pips": c.value,
            "low_kept": int(any(o.value < FIVE for o in p.hand if o is not c)),
            "from_pair": int(p.held(c.rank) > 1), "danger": int(p.after(c) in DANGER),
            "leaves_fifteen": int(0 < FIFTEEN - p.after(c) <= TOP_CARD),
            "pairs_lead": int(len(p.pile) == 1 and p.pile[0].rank == c.rank),
            "keeps_pair": int(any(p.held(o.rank) - (o.rank == c.rank) > 1 for o in p.hand)),
            "past_fifteen": int(p.after(c) > FIFTEEN)}


def count_the_card(weights: Mapping[str, float]) -> PlayRule:
    """"Count the card": what it pegs now, plus so much for each thing weighed in it
    (:func:`card_terms`): the small table a learner carries for the play.

    >>> p = PlayPosition.parse("5C 7D KS", "8H")
    >>> [str(c) for c in count_the_card({"answers": -0.5}).keep(p, p.choices)]
    ['7D']
    """
    table = dict(weights)
    unknown = set(table) - set(CARD_TERMS)
    if unknown:
        raise IllegalActionError(f"no such thing to weigh in a card: {sorted(unknown)}")
    words = ", ".join(f"{w:+g} {CARD_WORDS[t]}" for t, w in table.items() if w) or "nothing"

    def value(p: PlayPosition, c: Card) -> float:
        return p.pegs(c) + sum(w * n for t, n in card_terms(p, c).items()
                               if (w := table.get(t, 0.0)))
    return PlayRule(f"count the card: the points now, {words}", _always, value, (CARD_TABLE,))


def keep_a_low_card(limit: int, leading_only: bool = False) -> PlayRule:
    """"Keep a low card for the go": do not lay your last card of ``limit`` or under while
    you hold another card (of 1: "keep a lone ace", the only ace held).

    >>> p = PlayPosition.parse("AC 10D KS")
    >>> [str(c) for c in keep_a_low_card(4).keep(p, p.choices)]
    ['10D', 'KS']
    """
    def applies(p: PlayPosition) -> bool:
        return len(p.hand) > 1 and (p.leading or not leading_only)

    def value(p: PlayPosition, c: Card) -> float:
        low = [o for o in p.hand if o.value <= limit]
        return -(c.value <= limit and len(low) == 1)
    where = " when you lead" if leading_only else ""
    low = "a lone ace" if limit == 1 else f"a low card ({limit} or under)"
    return PlayRule(f"keep {low} for the go{where}", applies, value)


def close_to_31(start: int) -> PlayRule:
    """"Near 31, few cards fit": from a count of ``start`` on, lay the card that takes the
    count highest, so that he has the fewest cards that fit.

    >>> p = PlayPosition.parse("AC 3D 6S", "10H KS")
    >>> [str(c) for c in close_to_31(20).keep(p, p.choices)]
    ['6S']
    """
    return PlayRule(f"from {start} on, go as near 31 as you can",
                    lambda p: p.count >= start, lambda p, c: c.value)


def play_rules() -> dict[str, PlayRule]:
    """Every rule of the play the search may use, by its name: the course's rules and
    their variants by threshold."""
    rules = [TAKE_THE_POINTS, NEVER_LEAD_A_FIVE, LEAD_UNDER_FIVE, LEAD_FROM_A_PAIR, TRAP_LEAD,
             LAY_FROM_A_PAIR, AVOID_5_AND_21, LEAVE_NO_FIFTEEN, LEAVE_NO_THIRTY_ONE,
             BEWARE_THE_PAIR_TRAP, PLAY_OFF_A_RUN, FEWEST_ANSWERS, NET_OF_THE_WORST_ANSWER,
             HE_CANNOT_PAIR, AFTER_HIS_GO_LAY_LOW, LAY_HIGH, LAY_LOW]
    rules += [keep_a_low_card(limit, lead) for limit in (1, 2, 3, 4) for lead in (False, True)]
    rules += [close_to_31(start) for start in (11, 16, 21, 24)]
    return {r.name: r for r in rules}


def card_of(procedure: Procedure[PlayPosition, Card], position: PlayPosition) -> Card:
    """The card ``procedure`` lays at ``position``."""
    return follow(procedure, position, position.choices)


__test__ = {
    "TAKE_THE_POINTS": """On an 8 the 7 makes fifteen (2); the 5 (13) and the king (18) peg nothing.

    >>> p = PlayPosition.parse("5C 7D KS", "8H")
    >>> [str(c) for c in TAKE_THE_POINTS.keep(p, p.choices)]
    ['7D']
    """,
    "the leads": """Leading from 5-5-9-K, "never lead a five" keeps the 9 and the king, "lead
    from a pair" a five; from 3-9-K-Q, "lead under five" the 3; from 7-8-A-K, "lead a trap"
    the 7 (his 8 makes fifteen, you pair it).

    >>> p = PlayPosition.parse("5C 5D 9S KH")
    >>> [[str(c) for c in r.keep(p, p.choices)] for r in (NEVER_LEAD_A_FIVE, LEAD_FROM_A_PAIR)]
    [['9S', 'KH'], ['5C']]
    >>> p = PlayPosition.parse("3C 9D KS QH")
    >>> [str(c) for c in LEAD_UNDER_FIVE.keep(p, p.choices)]
    ['3C']
    >>> p = PlayPosition.parse("7C 8D AD KD")
    >>> [str(c) for c in TRAP_LEAD.keep(p, p.choices)]
    ['7C']
    """,
    "the counts": """At 15 with 6-8-K: the 6 makes 21 (a ten-card makes it 31); a lead of 4 or
    3 leaves no fifteen, a 9 does (a 6); at 19 the ace leaves 20, from which no card makes
    31, the 2 leaves 21.

    >>> p = PlayPosition.parse("6C 8D KS", "8H 7S")
    >>> [str(c) for c in AVOID_5_AND_21.keep(p, p.choices)]
    ['8D', 'KS']
    >>> p = PlayPosition.parse("4C 3D 9S")
    >>> [str(c) for c in LEAVE_NO_FIFTEEN.keep(p, p.choices)]
    ['4C', '3D']
    >>> p = PlayPosition.parse("AC 2D", "10H 9S")
    >>> [str(c) for c in LEAVE_NO_THIRTY_ONE.keep(p, p.choices)]
    ['AC']
    """,
    "answers": """On a 7 lead the dealer holding one 7 does not pair it (the pair trap); on
    a 6 the 7 gives him a run, the king does not; a 5 lead is scored on by five ranks (a 5,
    the four ten-cards), a 3 by one; at 11 the king (21) lets a king make 31 and a pair (4),
    the 7 (18) only a pair.

    >>> p = PlayPosition.parse("7C 9D KS", "7H", dealer=True)
    >>> [str(c) for c in BEWARE_THE_PAIR_TRAP.keep(p, p.choices)]
    ['9D', 'KS']
    >>> p = PlayPosition.parse("7C KS", "6H")
    >>> [str(c) for c in PLAY_OFF_A_RUN.keep(p, p.choices)]
    ['KS']
    >>> p = PlayPosition.parse("5C 3D", starter="KH")
    >>> [str(c) for c in FEWEST_ANSWERS.keep(p, p.choices)]
    ['3D']
    >>> p = PlayPosition.parse("7C KS", "8H 3D")
    >>> [str(c) for c in NET_OF_THE_WORST_ANSWER.keep(p, p.choices)]
    ['7C']
    """,
    "the rest": """From a pair, the 9; he holds fewer 9s (two unseen) than 3s or kings
    (three each); after his go, the ace first; the highest card, the king; the lowest, the 2.

    >>> p = PlayPosition.parse("9C 9D 3S KD")
    >>> [[str(c) for c in r.keep(p, p.choices)] for r in (LAY_FROM_A_PAIR, HE_CANNOT_PAIR)]
    [['9C'], ['9C']]
    >>> p = PlayPosition.parse("AC 2D", "10H KS", opponent_said_go=True)
    >>> [str(c) for c in AFTER_HIS_GO_LAY_LOW.keep(p, p.choices)]
    ['AC']
    >>> p = PlayPosition.parse("10C KD 2S")
    >>> [[str(c) for c in r.keep(p, p.choices)] for r in (LAY_HIGH, LAY_LOW)]
    [['KD'], ['2S']]
    """,
}
