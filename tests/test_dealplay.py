"""The expert's look-ahead and the hidden-hand play-out, checked against a plain account of
them written here from RULES.md and the look-ahead's own docstring: every value the same
float to the last bit, every play-out the same points, over many positions of real deals
(hypothesis). The fast versions remember answers and score piles by their ends; these
references remember nothing and score every pile from its cards (``tests/reference.py``)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import SUITS, ref_peg

from cribbage_edu.strategy.coach.dealplay import play_rest
from cribbage_edu.strategy.players import PEGS_OUT, look_ahead_values, peg_points

Ranks = tuple[int, ...]
NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def value(rank: int) -> int:
    """A card's count: an ace 1, a picture 10."""
    return min(rank, 10)


def count(ranks: Ranks) -> int:
    return sum(value(r) for r in ranks)


def points(ranks: Ranks) -> int:
    """The points the last of ``ranks`` (laid since the reset) pegs, by the reference
    scorer: each rank's cards take the suits in turn (suits never score in the play)."""
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(NAMES[r] + SUITS[seen[r]])
        seen[r] += 1
    return ref_peg(cards)["total"]


def choose(n: int, k: int) -> float:
    """C(n, k), as the look-ahead works it out: a product of k fractions."""
    out = 1.0
    for i in range(k):
        out *= (n - i) / (i + 1)
    return max(out, 0.0)


def ref_look_ahead(held: Ranks, pile: Ranks, unseen: list[int], his_cards: int,
                   his_go: bool, need: int, his_need: int) -> dict[int, float]:
    """The look-ahead as its docstring says it: for each rank that fits (in the order
    held), what it pegs now, less the opponent's answers best first for him (his points,
    twice near his home, less our best card straight back), each weighed by the chance he
    holds that rank and none better; plus the chance of his go, plus a hundredth of the
    card's count; a card that reaches ``need`` is worth PEGS_OUT and its points."""
    total = sum(unseen)
    danger = 2.0 if his_need <= 6 else 1.0
    values: dict[int, float] = {}
    for rank in held:
        if rank in values or count(pile) + value(rank) > 31:
            continue
        after = (*pile, rank)
        now = points(after)
        if now >= need:
            values[rank] = PEGS_OUT + now
            continue
        if not his_cards or his_go:
            values[rank] = now + 0.01 * value(rank)
            continue
        rest = list(held)
        rest.remove(rank)
        start = () if count(after) == 31 else after  # after a 31 he leads anew
        answers = []
        for r in range(1, 14):
            holds = 0.0
            if total:
                holds = 1.0 - choose(total - unseen[r], his_cards) / choose(total, his_cards)
            if not holds or count(start) + value(r) > 31:
                continue
            reply = (*start, r)
            back = [points((*reply, m)) for m in rest
                    if count(reply) < 31 and count(reply) + value(m) <= 31]
            answers.append((points(reply) * danger - max(back, default=0), holds))
        answers.sort(reverse=True)
        expected, none_yet = 0.0, 1.0
        for net, chance in answers:
            expected += net * chance * none_yet
            none_yet *= 1.0 - chance
        values[rank] = now - expected + none_yet + 0.01 * value(rank)
    return values


def ref_choice(held: list[int], pile: Ranks, unseen: list[int], his_cards: int,
               his_go: bool, need: int, his_need: int) -> int:
    """The rank a side lays: the only rank that fits, else the look-ahead's best; of equal
    values the card of the highest count, then the lowest rank. A side already home plays
    as if it needed one point more."""
    fits = {r for r in held if count(pile) + value(r) <= 31}
    if len(fits) == 1:
        return fits.pop()
    values = ref_look_ahead(tuple(sorted(held)), pile, unseen, his_cards, his_go,
                            max(need, 1), max(his_need, 1))
    return max(values, key=lambda r: (values[r], value(r), -r))


def ref_play_rest(mine: Ranks, his: Ranks, pile: Ranks, rank: int, my_unseen: list[int],
                  his_unseen: list[int], his_go: bool, need_me: int, need_him: int
                  ) -> tuple[int, int, float | None]:
    """The rest of the play by RULES.md, side 0 laying ``rank`` first, each side choosing
    from its own cards and the cards it has not seen (which shrink as the other lays)."""
    hands = [list(mine), list(his)]
    hands[0].remove(rank)
    blind = [list(my_unseen), list(his_unseen)]
    got = [0, 0]
    need = (need_me, need_him)
    home: float | None = None
    said_go = [False, his_go]
    laid = list(pile)
    who = 0

    def score(side: int, gained: int) -> None:
        nonlocal home
        got[side] += gained
        if gained and home is None and got[side] >= need[side]:
            home = 1.0 if side == 0 else 0.0

    while True:
        blind[1 - who][rank] -= 1
        laid.append(rank)
        score(who, points(tuple(laid)))
        room = 31 - count(tuple(laid))
        next_side = None
        if room:
            if any(value(r) <= room for r in hands[1 - who]):
                next_side = 1 - who
            elif any(value(r) <= room for r in hands[who]):
                said_go[1 - who] = True
                next_side = who
            else:
                score(who, 1)  # the go, or the last card
        if next_side is None:  # the count starts again: the other leads if he has a card
            next_side = 1 - who if hands[1 - who] else who
            if not hands[next_side]:
                return got[0], got[1], home
            laid, said_go = [], [False, False]
        who = next_side
        rank = ref_choice(hands[who], tuple(laid), blind[who], len(hands[1 - who]),
                          said_go[1 - who], need[who] - got[who], need[1 - who] - got[1 - who])
        hands[who].remove(rank)


def position(seed: int) -> dict[str, object]:
    """A position of a real deal, from a shuffled deck: the judged side's hand and the
    rank it lays, the other's hand, the pile since the reset, what each side has seen
    (its own hand, the pile and some cards more: starter, throw, cards laid before) and
    the points each needs."""
    rng = random.Random(seed)
    deck = [r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    mine = sorted(deck.pop() for _ in range(rng.randint(1, 4)))
    his = sorted(deck.pop() for _ in range(rng.randint(0, 4)))
    room = 31 - min(value(r) for r in mine)
    pile: list[int] = []
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4, 5, 6))):
        r = deck.pop()
        if count(tuple(pile)) + value(r) <= room:
            pile.append(r)
    rank = rng.choice([r for r in mine if count(tuple(pile)) + value(r) <= 31])
    unseen = []
    for side in (mine, his):
        seen = Counter([*side, *pile, *rng.sample(deck, rng.randint(0, 8))])
        unseen.append([0, *(4 - seen[r] for r in range(1, 14))])
    his_go = (rng.random() < 0.3
              and all(count(tuple(pile)) + value(r) > 31 for r in his))
    return {"mine": tuple(mine), "his": tuple(his), "pile": tuple(pile), "rank": rank,
            "my_unseen": unseen[0], "his_unseen": unseen[1], "his_go": his_go,
            "need_me": rng.choice((rng.randint(1, 12), 121)),
            "need_him": rng.choice((rng.randint(1, 12), 121))}


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_look_ahead_is_its_plain_account_to_the_last_bit(seed: int) -> None:
    p = position(seed)
    held, pile, unseen = p["mine"], p["pile"], p["my_unseen"]
    assert isinstance(held, tuple) and isinstance(pile, tuple) and isinstance(unseen, list)
    his = p["his"]
    assert isinstance(his, tuple)
    rng = random.Random(seed)
    need, his_need = rng.randint(1, 33), rng.randint(1, 12)
    for his_go in (False, bool(p["his_go"])):
        fast = look_ahead_values(held, pile, unseen, len(his), his_go, need, his_need)
        plain = ref_look_ahead(held, pile, unseen, len(his), his_go, need, his_need)
        assert list(fast.items()) == list(plain.items())  # the same floats, the same order


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_play_out_is_its_plain_account(seed: int) -> None:
    p = position(seed)
    played = play_rest(**p)  # type: ignore[arg-type]
    assert (played.mine, played.his, played.home) == ref_play_rest(**p)  # type: ignore[arg-type]


def test_the_plain_account_worked_by_hand() -> None:
    # the module's own example: pone leads the 5 from 5 K against the dealer's lone 10;
    # his ten makes fifteen (2), her king (25) is the last card (1)
    unseen = [0] + [4] * 13
    assert ref_play_rest((5, 13), (10,), (), 5, unseen, unseen, False, 121, 121) == (1, 2, None)
    # the ace on 30 makes 31 (2); his ace, led alone, is the last card (1): she needed 2
    assert ref_play_rest((1,), (1,), (10, 10, 10), 1, unseen, unseen, False, 2, 5) == (2, 1, 1.0)
    # against no cards a lead of a five is worth only a hundredth of its count
    assert ref_look_ahead((5,), (), unseen, 0, False, 121, 121) == {5: 0.05}
    assert peg_points((5, 10)) == points((5, 10)) == 2
