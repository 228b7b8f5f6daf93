"""Wrong counts of the show and of the play, and what each reveals: the one home of that
diagnosis.

A wrong count usually has a reason a teacher would name: a fifteen missed, the pair of a
double run counted twice, a four-card flush claimed in the crib, a jack of the wrong suit
taken for nobs. :func:`count_misses` works out, from the engine's itemised count, which
wrong totals those slips lead to, and says each in the words of the rule;
:func:`kinds_hint` says which kinds score, without their points, for a miss no slip
explains; :func:`diagnose` picks between them for one claimed total. The lessons, the
counting quiz and the table's count by hand all ask here. In the play,
:func:`play_misses` does the same for the points of the last card laid (a pair with a
card further back, a run broken by a card between, fifteen as any two cards), and
:func:`play_hint` names the kinds it scores.

>>> misses = count_misses("3H 3C 4S 5D", "9S")
>>> misses[14]
'you counted the pairs twice: ...'
>>> misses[9]
'there are 2 runs of three here, not one: ...'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, pairwise

from .cards import FIFTEEN, THIRTY_ONE, Card, CardLike, Rank, parse_cards
from .pegging import PlayScore, score_play
from .scoring import SHOW_KINDS, HandScore, Kind, score_hand, spoken_number

__all__ = ["FIFTEENS_AND_PAIRS", "count_misses", "diagnose", "kinds_hint",
           "play_hint", "play_misses"]

FIFTEENS_AND_PAIRS = SHOW_KINDS[:2]
"""The kinds a learner meets first."""
RUN_NAMES = {3: "three", 4: "four", 5: "five"}
OR_ELSE = "; or else "
"""Joins two slips that lead to the same wrong total."""


def _words(names: list[str], last: str = "and") -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def _score(hand: str | Iterable[CardLike] | HandScore, starter: CardLike | None,
           crib: bool) -> HandScore:
    if isinstance(hand, HandScore):
        return hand
    if starter is None:
        raise TypeError("a starter is needed with a hand (or pass a HandScore)")
    return score_hand(hand, starter, crib=crib)


def kinds_hint(hand: str | Iterable[CardLike] | HandScore, starter: CardLike | None = None,
               crib: bool = False, taught: tuple[Kind, ...] = SHOW_KINDS) -> str:
    """Which kinds score in this show, and which do not, without their points (only the
    ``taught`` kinds are named). ``hand`` may be a :class:`HandScore` (then the starter
    and ``crib`` are its own).

    >>> print(kinds_hint("5H 5C JS QH", "2C").replace(": ", ":\\n"))
    this hand scores from fifteens and pairs, and nothing from runs, a flush or nobs:
    count each kind again, in order
    """
    s = _score(hand, starter, crib)
    kinds = [(name, points) for name, points, kind in
             [("fifteens", s.fifteens, Kind.FIFTEEN), ("pairs", s.pairs, Kind.PAIR),
              ("runs", s.runs, Kind.RUN), ("a flush", s.flush, Kind.FLUSH),
              ("nobs", s.nobs, Kind.NOBS)] if kind in taught]
    scoring = [name for name, points in kinds if points]
    missing = [name for name, points in kinds if not points]
    what = "crib" if s.crib else "hand"
    if not scoring:
        return f"this {what} scores nothing at all: check each kind again"
    absent = f", and nothing from {_words(missing, 'or')}" if missing else ""
    return f"this {what} scores from {_words(scoring)}{absent}: count each kind again, in order"


def _jack_of(jacks: list[Card], starter: Card) -> str:
    """The symbol of the jack that matches the starter's suit."""
    return next(jack.symbol for jack in jacks if jack.suit == starter.suit)


def count_misses(hand: str | Iterable[CardLike] | HandScore, starter: CardLike | None = None,
                 crib: bool = False, taught: tuple[Kind, ...] = SHOW_KINDS, *,
                 reveal: bool = True) -> dict[int, str]:
    """The common wrong totals for this show, each with what it reveals. Where two
    slips about different kinds give the same total, both are said, the more telling
    first ("...; or else ..."); of two about the same kind, the first is kept. Only
    slips about the ``taught`` kinds are named (a lesson that has not taught nobs does
    not explain a miss by nobs). ``hand`` may be a :class:`HandScore`. With
    ``reveal=False`` (a first try) a miss of fifteens says how many were missed and of
    what kind, without listing their cards, which would give the count away:

    >>> count_misses("5H 5C JS QH", "2C")[6]
    'you missed two of the four fifteens (5♣+J♠; 5♣+Q♥; 5♥+J♠; 5♥+Q♥)'
    >>> count_misses("5H 5C JS QH", "2C", reveal=False)[6]
    'you missed two of the four fifteens: look again for every set of cards that adds to 15'

    >>> count_misses("JC 6C 7S 3S", "KH", crib=True)[1]
    "nobs needs the jack of the starter's suit: the J♣ does not match the K♥"
    >>> list(count_misses("JC 6C 7S 3S", "KH", crib=True, taught=FIFTEENS_AND_PAIRS))
    [2]
    """
    score = _score(hand, starter, crib)
    total = score.total
    found: dict[int, str] = {}
    kinds: dict[int, Kind] = {}
    for slips in SHOW_SLIPS:
        for wrong, why, kind in slips(score, reveal):
            if wrong == total or wrong < 0 or kind not in taught:
                continue
            if wrong not in found:
                found[wrong], kinds[wrong] = why, kind
            elif OR_ELSE not in found[wrong] and kinds[wrong] != kind:
                found[wrong] += OR_ELSE + why
    return found


Slip = tuple[int, str, Kind]
"""A wrong total, what it reveals, and the kind of points the slip is about."""


def _runs_miscounted(score: HandScore, reveal: bool) -> Iterator[Slip]:
    """A double (or triple) run counted as one, or with its pairs twice; a long run
    counted as the shorter runs inside it, or as a run of three."""
    total = score.total
    five = [*score.hand, score.starter]
    runs = [item for item in score.items if item.kind is Kind.RUN]
    if len(runs) >= 2:
        length = len(runs[0].cards)
        in_runs = {card.rank for item in runs for card in item.cards}
        pair_points = sum(2 for a, b in combinations(five, 2)
                          if a.rank == b.rank and a.rank in in_runs)
        yield (total + pair_points,
               "you counted the pairs twice: say the pairs first, then the runs; each run of "
               f"{RUN_NAMES[length]} adds only {length}, since its pairs are already said",
               Kind.RUN)
        yield (total - length * (len(runs) - 1),
               f"there are {len(runs)} runs of {RUN_NAMES[length]} here, not one: each card "
               "of a doubled rank makes its own run with the other cards", Kind.RUN)
    if len(runs) == 1 and len(runs[0].cards) >= 4:
        length = len(runs[0].cards)
        yield (total - length + 3 * (length - 2),
               f"a run of {RUN_NAMES[length]} counts once, {length} points: not as the "
               "shorter runs inside it", Kind.RUN)
        yield (total - length + 3,
               f"the run is {RUN_NAMES[length]} cards long: {length} points, not 3", Kind.RUN)


def _flush_slips(score: HandScore, reveal: bool) -> Iterator[Slip]:
    """A crib's four-card flush claimed, three of a suit and the starter taken for one,
    the starter left out of a five-card flush, the flush missed."""
    total, crib, turned = score.total, score.crib, score.starter
    suit, held = Counter(card.suit for card in score.hand).most_common(1)[0]
    if crib and held == 4 and turned.suit != suit:
        yield (total + 4, "a crib scores a flush only when the starter is of its suit too: "
                          f"four {suit.name.lower()} and the {turned.symbol} make no flush",
               Kind.FLUSH)
    if held == 3 and turned.suit == suit:
        why = (f"three {suit.name.lower()} in the hand and a {suit.name.lower()[:-1]} "
               "starter are no flush: the four hand cards must all be one suit")
        for flush in (4, 5):  # claimed as a hand flush, or as one with the starter
            yield total + flush, why, Kind.FLUSH
    if score.flush == 5 and not crib:
        yield (total - 1, "the starter is of the same suit too: the flush is five, not four",
               Kind.FLUSH)
    if score.flush:
        yield (total - score.flush, f"you missed the flush: the four cards are all "
                                    f"{suit.name.lower()}", Kind.FLUSH)


def _nobs_slips(score: HandScore, reveal: bool) -> Iterator[Slip]:
    """Nobs missed, his heels counted in the show, the starter jack or a jack of another
    suit taken for nobs."""
    total, turned = score.total, score.starter
    jacks = [card for card in score.hand if card.rank is Rank.JACK]
    if score.nobs:
        yield (total - 1, f"you missed one for his nobs: the {_jack_of(jacks, turned)} in "
                          f"the {'crib' if score.crib else 'hand'} is of the starter's suit",
               Kind.NOBS)
    if turned.rank is Rank.JACK:
        yield (total + 2, "a jack turned as the starter is his heels: 2 for the dealer, "
                          "pegged the moment it is turned, never counted again in the show",
               Kind.NOBS)
        if not score.nobs:
            yield (total + 1, "the starter jack is not nobs: nobs is a jack in the hand (or "
                              "crib) of the starter's suit", Kind.NOBS)
    for jack in jacks:
        if jack.suit != turned.suit:
            yield (total + 1, f"nobs needs the jack of the starter's suit: the {jack.symbol} "
                              f"does not match the {turned.symbol}", Kind.NOBS)


def _pairs_and_runs_left_out(score: HandScore, reveal: bool) -> Iterator[Slip]:
    """Two ten-cards of different ranks taken for a pair; the pairs or the runs left
    out."""
    total = score.total
    five = [*score.hand, score.starter]
    tens = [(a, b) for a, b in combinations(five, 2)
            if a.value == b.value == 10 and a.rank != b.rank]
    if tens:
        a, b = tens[0]
        yield (total + 2 * len(tens), "tens, jacks, queens and kings all count ten, but they "
                                      f"are different ranks: the {a.symbol} and the "
                                      f"{b.symbol} are not a pair", Kind.PAIR)
    if score.pairs:
        yield (total - score.pairs, "you left out the pairs: count every two cards of one "
                                    "rank (three of a rank are three pairs, 6)", Kind.PAIR)
    if score.runs:
        yield (total - score.runs, "you left out the runs: three or more ranks in a row, "
                                   "ace low", Kind.RUN)


def _fifteens_missed(score: HandScore, reveal: bool) -> Iterator[Slip]:
    """The fifteens of three cards or more missed; one, some or all of the fifteens
    missed (their cards listed only when ``reveal``)."""
    total = score.total
    fifteens = [item.cards for item in score.items if item.kind is Kind.FIFTEEN]
    big = [fifteen for fifteen in fifteens if len(fifteen) >= 3]
    if big:
        sets = "; ".join("+".join(card.symbol for card in fifteen) for fifteen in big)
        shown = sets if reveal else (f"{spoken_number(len(big))} of three cards or more"
                                     if len(big) > 1 else "one of three cards or more")
        yield (total - 2 * len(big), "a fifteen can use three, four or all five cards: "
                                     f"you missed {shown}", Kind.FIFTEEN)
    sets = "; ".join("+".join(card.symbol for card in fifteen) for fifteen in fifteens)
    n = len(fifteens)
    for k in range(1, n + 1):
        what = _fifteens_named(k, n)
        yield (total - 2 * k, f"you missed {what} ({sets})" if reveal else
               f"you missed {what}: look again for every set of cards that adds to 15",
               Kind.FIFTEEN)


def _fifteens_named(k: int, n: int) -> str:
    """``k`` of ``n`` fifteens in words: "the fifteen", "both fifteens", "two of the
    four fifteens", "all four fifteens"."""
    if n == 1:
        return "the fifteen"
    if k == n:
        return f"all {spoken_number(n)} fifteens" if n > 2 else "both fifteens"
    return f"{spoken_number(k)} of the {spoken_number(n)} fifteens"


SHOW_SLIPS: tuple[Callable[[HandScore, bool], Iterator[Slip]], ...] = (
    _runs_miscounted, _flush_slips, _nobs_slips, _pairs_and_runs_left_out, _fifteens_missed)
"""The slips of a count of the show, in the order they are told: where two lead to the
same wrong total, the one told first is kept (:func:`count_misses`)."""


def diagnose(claimed: int, score: HandScore, taught: tuple[Kind, ...] = SHOW_KINDS, *,
             reveal: bool = True) -> str:
    """What a claimed total of this show reveals: "" when it is right, the known slip
    that leads to it if one does, else which kinds score (:func:`kinds_hint`).

    >>> crib = score_hand("JC 6C 7S 3S", "KH", crib=True)  # no fifteen, pair or run: 0
    >>> diagnose(0, crib)
    ''
    >>> diagnose(1, crib)
    "nobs needs the jack of the starter's suit: the J♣ does not match the K♥"
    >>> diagnose(5, crib)
    'this crib scores nothing at all: check each kind again'
    """
    if claimed == score.total:
        return ""
    return (count_misses(score, taught=taught, reveal=reveal).get(claimed)
            or kinds_hint(score, taught=taught))


# --- the play: what the last card laid scores --------------------------------------------

def _run_anywhere(cards: Sequence[Card]) -> tuple[int, list[Card]]:
    """The longest run that the last card makes with any of the other cards, ignoring
    order and gaps (the wrong instinct), and the cards of it."""
    last, others = cards[-1], cards[:-1]
    for size in range(len(cards), 2, -1):
        for chosen in combinations(others, size - 1):
            group = [*chosen, last]
            ranks = sorted(int(card.rank) for card in group)
            if all(b == a + 1 for a, b in pairwise(ranks)):
                return size, group
    return 0, []


def play_misses(cards: str | Iterable[CardLike]) -> dict[int, str]:
    """The common wrong answers to "what does the last card score?" in the play (the
    cards laid since the count was last reset, in order), each with the rule it breaks.
    Where two slips give the same number, the first is kept.

    >>> play_misses("5S 6H 5C")[2]
    'a pair in the play is only with the card just before: the 5♠ is not next to the 5♣'
    >>> play_misses("4S 6H 5D")[2]
    'the last three cards are three ranks in a row, in any order: a run of three'
    """
    pile = list(parse_cards(cards))
    score = score_play(pile)
    found: dict[int, str] = {}
    for slips in PLAY_SLIPS:
        for wrong, why in slips(pile, score):
            if wrong != score.total and wrong >= 0:
                found.setdefault(wrong, why)
    return found


PlaySlip = tuple[int, str]
"""A wrong number of points for the last card laid, and the rule it breaks."""


def _pair_further_back(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """A card of the same rank further back taken for a pair."""
    last = pile[-1]
    if len(pile) >= 3 and pile[-2].rank != last.rank:
        earlier = [card for card in pile[:-2] if card.rank == last.rank]
        if earlier:
            yield (score.total + 2, f"a pair in the play is only with the card just before: "
                                    f"the {earlier[-1].symbol} is not next to the {last.symbol}")


def _run_with_a_card_between(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """A run counted across a card laid between its cards."""
    run = score.points(Kind.RUN)
    size, group = _run_anywhere(pile)
    if size < 3 or size <= run:
        return
    first = min(pile.index(card) for card in group)
    strangers = [card.symbol for card in pile[first:] if card not in group]
    if strangers:
        verb = "breaks" if len(strangers) == 1 else "break"
        yield (score.total - run + size,
               f"a run in the play must be the last cards laid, with no other card between: "
               f"the {' and the '.join(strangers)} {verb} it")


def _fifteen_of_two_cards(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """Fifteen claimed for two cards that add to 15 when the count is not 15."""
    last = pile[-1]
    if score.count != FIFTEEN and any(card.value + last.value == FIFTEEN
                                      for card in pile[:-1]):
        yield (score.total + 2, f"fifteen in the play is the running count, not any two "
                                f"cards: the count is {score.count}")


def _thirty_one_and_the_last_card(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """Thirty-one and the last card both claimed."""
    if score.count == THIRTY_ONE:
        yield score.total + 1, "exactly 31 scores 2 instead of the 1 for the last card, never both"


def _pairs_of_a_rank_short(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """A pair royal or a double pair royal counted as fewer pairs."""
    pairs = score.points(Kind.PAIR)
    if pairs == 6:
        royal = ("the third card of a rank pairs with both cards before it: three pairs, a "
                 "pair royal, 6")
        yield score.total - 4, royal
        yield score.total - 2, royal
    if pairs == 12:
        yield (score.total - 6, "the fourth card of a rank makes six pairs with the three "
                                "before it: a double pair royal, 12")


def _run_too_short(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """A run of four or more counted as a run of three."""
    run = score.points(Kind.RUN)
    if run > 3:
        yield (score.total - run + 3, f"the run is longer: the last {spoken_number(run)} "
                                      f"cards are {spoken_number(run)} ranks in a row, in any "
                                      f"order")


def _a_kind_left_out(pile: Sequence[Card], score: PlayScore) -> Iterator[PlaySlip]:
    """A kind the last card scores, left out: fifteen, thirty-one, a run, a pair."""
    run = spoken_number(score.points(Kind.RUN))
    said = {Kind.FIFTEEN: "the count is exactly 15: fifteen for two",
            Kind.THIRTY_ONE: "the count is exactly 31: thirty-one for two",
            Kind.RUN: f"the last {run} cards are {run} ranks in a row, in any order: a run of "
                      f"{run}",
            Kind.PAIR: "the card just before is of the same rank: a pair"}
    for kind, why in said.items():
        if score.points(kind):
            yield score.total - score.points(kind), why


PLAY_SLIPS: tuple[Callable[[Sequence[Card], PlayScore], Iterator[PlaySlip]], ...] = (
    _pair_further_back, _run_with_a_card_between, _fifteen_of_two_cards,
    _thirty_one_and_the_last_card, _pairs_of_a_rank_short, _run_too_short, _a_kind_left_out)
"""The slips of a count of the last card in the play, in the order they are told: where
two lead to the same wrong number, the one told first is kept (:func:`play_misses`)."""


def play_hint(cards: str | Iterable[CardLike]) -> str:
    """The count, and the kinds the last card of the play scores for, without the points.

    >>> play_hint("5H 7C 6D")[:52]
    'the count is 18; the last card scores for a run. Che'
    """
    score = score_play(cards)
    names = {Kind.PAIR: "a pair (or more)", Kind.RUN: "a run"}
    kinds = sorted({names.get(item.kind, str(item.kind)) for item in score.items})
    found = " and ".join(kinds) if kinds else "nothing"
    return (f"the count is {score.count}; the last card scores for {found}. Check each: "
            "15 or 31 is 2; a pair with the card just before is 2 (three in a row 6); a run "
            "of the last k cards is k")
