"""The discard advisor and the starter distribution: exact against brute force,
hand-worked cases, the ordering and the dealer/pone sign."""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu import FULL_DECK, Card, IllegalHandError, parse_cards, score_hand
from cribbage_edu.cli import main
from cribbage_edu.strategy.discard import advise, best_discard, discard_table, starter_distribution
from cribbage_edu.tables.cribtable import crib_ev


def brute_hand(keep: tuple[Card, ...], six: tuple[Card, ...]) -> list[int]:
    """score_hand over every starter the holder of ``six`` cannot see."""
    return [score_hand(keep, s).total for s in FULL_DECK if s not in six]


def random_six(rng: random.Random) -> tuple[Card, ...]:
    return tuple(rng.sample(FULL_DECK, 6))


def flushy_six(rng: random.Random) -> tuple[Card, ...]:
    """Five of a suit and a jack of another: flushes and nobs to get right."""
    suit = rng.randrange(4)
    same = [c for c in FULL_DECK if c.suit == suit]
    jacks = [c for c in FULL_DECK if c.rank == 11 and c.suit != suit]
    return (*rng.sample(same, 5), rng.choice(jacks))


@pytest.mark.parametrize("seed", range(8))
def test_every_option_is_exact_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    six = flushy_six(rng) if seed % 2 else random_six(rng)
    options = advise(six, dealer=bool(seed % 3))
    assert len(options) == 15
    for option in options:
        totals = brute_hand(option.keep, six)
        assert len(totals) == 46
        assert option.hand_ev == Fraction(sum(totals), 46)
        assert (option.hand_min, option.hand_max) == (min(totals), max(totals))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=6, max_size=6, unique=True),
       st.booleans())
def test_advice_invariants(six: list[Card], dealer: bool) -> None:
    options = advise(six, dealer=dealer)
    throws = {frozenset(o.discard) for o in options}
    assert throws == {frozenset(p) for p in combinations(six, 2)}
    for o in options:
        assert set(o.keep) | set(o.discard) == set(six)
        assert o.crib_ev == crib_ev(o.discard, dealer=dealer)
        sign = 1 if dealer else -1
        assert o.net_ev == pytest.approx(float(o.hand_ev) + sign * o.crib_ev)
        assert o.hand_min <= o.hand_ev <= o.hand_max
    nets = [o.net_ev for o in options]
    assert nets == sorted(nets, reverse=True)
    assert best_discard(six, dealer=dealer) == (options[0].keep, options[0].discard)


def test_dealer_and_pone_see_the_same_hands_but_opposite_cribs() -> None:
    six = parse_cards("5H 5C 6D JS QH 2C")
    as_dealer = {o.discard: o for o in advise(six, dealer=True)}
    as_pone = {o.discard: o for o in advise(six, dealer=False)}
    assert as_dealer.keys() == as_pone.keys()
    for throw, mine in as_dealer.items():
        theirs = as_pone[throw]
        assert mine.hand_ev == theirs.hand_ev
        assert mine.net_ev == pytest.approx(float(mine.hand_ev) + mine.crib_ev)
        assert theirs.net_ev == pytest.approx(float(theirs.hand_ev) - theirs.crib_ev)


def test_pone_does_not_throw_two_fives_the_dealer_might() -> None:
    # 5-5 in the crib is worth about 9 points: pone keeps them, whatever else he holds
    six = parse_cards("5H 5C KD QS 9H 2C")
    pone_best = advise(six, dealer=False)[0]
    assert Card.parse("5H") in pone_best.keep and Card.parse("5C") in pone_best.keep


def test_a_hand_worked_keep() -> None:
    # keep 4C 5D 6H 6S, throw KC QC: points with each starter rank, worked by hand.
    # Base 4-5-6-6: fifteens 4+5+6 twice = 4, pair 2, double run 6 -> 12.
    # 3: 3+6+6 and a double run of four -> 16; 4 or 5: four fifteens, two pairs,
    # four runs of three -> 24; 6: three fifteens, pair royal, triple run -> 21;
    # 7: double run of four -> 14; 9: two more fifteens (9+6) -> 16; ten-cards: one
    # more (5+10) -> 14; A, 2, 8 add nothing -> 12.
    six = parse_cards("4C 5D 6H 6S KC QC")
    option = next(o for o in advise(six, dealer=True) if set(o.discard) == set(six[4:]))
    per_rank = {1: 12, 2: 12, 3: 16, 4: 24, 5: 24, 6: 21, 7: 14, 8: 12, 9: 16,
                10: 14, 11: 14, 12: 14, 13: 14}
    left = {r: 4 for r in range(1, 14)}
    for card in six:
        left[card.rank] -= 1
    expected = Fraction(sum(left[r] * per_rank[r] for r in left), 46)
    assert option.hand_ev == expected
    assert expected == Fraction(710, 46)
    assert (option.hand_min, option.hand_max) == (12, 24)


def test_a_kept_flush_and_nobs_are_counted_by_suit() -> None:
    # keep 2H 4H 8H JH (no rank points at all but the jack's fifteens): every starter
    # gives the flush 4, the 9 unseen hearts one more and nobs.
    six = parse_cards("2H 4H 8H JH KS QS")
    option = next(o for o in advise(six, dealer=True) if set(o.discard) == set(six[4:]))
    totals = brute_hand(option.keep, six)
    assert option.hand_ev == Fraction(sum(totals), 46)
    hearts_left = 13 - 4
    flush_and_nobs = 4 * 46 + hearts_left + hearts_left
    rank_part = sum(totals) - flush_and_nobs
    assert rank_part == sum(score_hand(option.keep, s).fifteens + score_hand(option.keep, s).pairs
                            + score_hand(option.keep, s).runs
                            for s in FULL_DECK if s not in six)


def test_bad_hands_raise_and_say_why() -> None:
    with pytest.raises(IllegalHandError, match="must have 6 cards, got 5"):
        advise("5H 5C 6D JS QH", dealer=True)
    with pytest.raises(IllegalHandError, match="holds 5H twice"):
        advise("5H 5C 6D JS QH 5H", dealer=True)
    with pytest.raises(IllegalHandError, match="must have 6 cards"):
        best_discard("5H 5C 6D JS QH 2C 3C", dealer=False)


def test_the_option_explains_itself() -> None:
    option = advise("5H 5C 6D JS QH 2C", dealer=False)[0]
    text = option.explanation
    assert text.startswith(f"keep {option.keep.symbols}, throw {option.discard.symbols}")
    assert "the opponent's crib" in text and f"{option.net_ev:.2f}" in text
    assert option.to_dict()["hand_ev_fraction"] == str(option.hand_ev)
    rows = discard_table(advise("5H 5C 6D JS QH 2C", dealer=True))
    assert len(rows) == 16 and rows[0][0] == "keep"


def test_starter_distribution_of_the_29_hand_worked_by_hand() -> None:
    # 5-5-5-J: 14 points; a ten-card adds three fifteens (20); a jack also pairs (22);
    # the 5D makes 29; a diamond starter gives nobs for the JD.
    dist = starter_distribution("5H 5C 5S JD")
    assert dist.n_starters == 48
    assert dist.counts == {14: 24, 15: 8, 20: 9, 21: 3, 22: 3, 29: 1}
    assert dist.expected == Fraction(24 * 14 + 8 * 15 + 9 * 20 + 3 * 21 + 3 * 22 + 29, 48)
    assert dist.starters[29] == (Card.parse("5D"),)
    assert sum(dist.probabilities.values()) == 1


def test_starter_distribution_knows_the_seen_cards() -> None:
    six = parse_cards("5H 5C 6D JS QH 2C")
    dist = starter_distribution(six[:2] + six[3:5], seen=(six[2], six[5]))
    assert dist.n_starters == 46
    option = next(o for o in advise(six, dealer=True) if set(o.discard) == {six[2], six[5]})
    assert dist.expected == option.hand_ev
    assert (dist.minimum, dist.maximum) == (option.hand_min, option.hand_max)
    with pytest.raises(IllegalHandError, match="also in the kept hand"):
        starter_distribution("5H 5C JS QH", seen="5H")


def test_starter_distribution_as_a_crib_drops_the_four_card_flush() -> None:
    hand = starter_distribution("2H 4H 8H 10H")
    crib = starter_distribution("2H 4H 8H 10H", crib=True)
    assert hand.expected - crib.expected == Fraction(4 * 39, 48)


# --- the command line -------------------------------------------------------------------

def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stdin=io.StringIO(""), stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_advise_command_prints_the_15_throws_best_first(tmp_path: Path) -> None:
    code, out, _ = run_cli("advise", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer")
    assert code == 0
    lines = out.splitlines()
    numbered = [line for line in lines if line[:3].strip().rstrip(".").isdigit()]
    assert [int(line[:3].strip().rstrip(".")) for line in numbered] == list(range(1, 16))
    options = advise("5H 5C 6D JS QH 2C", dealer=True)
    for line, option in zip(numbered, options, strict=True):
        assert f"{option.keep}  {option.discard}" in line and f"+{option.crib_ev:.2f}" in line
    assert lines[-1] == f"best: {options[0].explanation}"
    code, out, _ = run_cli("advise", "5H", "5C", "6D", "JS", "QH", "2C", "--pone", "--json")
    data = json.loads(out)
    assert code == 0 and len(data) == 15 and all(not row["dealer"] for row in data)
    assert {frozenset(row["discard"]) for row in data} == {
        frozenset(p) for p in combinations(["5H", "5C", "6D", "JS", "QH", "2C"], 2)}
    png = tmp_path / "advice.png"
    code, out, _ = run_cli("advise", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer",
                           "--plot", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG" and str(png) in out


def test_the_advise_command_needs_a_side_and_six_cards() -> None:
    code, out, err = run_cli("advise", "5H", "5C", "6D", "JS", "QH", "2C")  # no side
    assert (code, out) == (2, "") and "one of the arguments --dealer --pone is required" in err
    code, out, err = run_cli("advise", "5H", "5C", "6D", "JS", "QH", "--dealer")
    assert (code, out) == (2, "") and "must have 6 cards, got 5: '5H 5C 6D JS QH'" in err
