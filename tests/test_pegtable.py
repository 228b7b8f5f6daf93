"""The pegging table: plays worked by hand, the interval arithmetic, the shipped file
re-played from its seeds, and the table against whole games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cribbage_edu.models.pegmodel import play_pegging, sample_deal, sample_seeds, simulate_entry
from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.errors import IllegalHandError
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.discard import advise, discard_table
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.tables.pegtable import (
    SAMPLES,
    EntrySums,
    keep_classes,
    peg_ev,
    peg_table_header,
    value_from_sums,
)
from tests.scripts_loaded import script as load_script

# --- plays worked by hand (every legal order of play gives the same points) ------------

def test_tens_against_fives() -> None:
    """Pone 10 J Q K, dealer four fives. Pone leads a ten-card (10); each five makes
    fifteen (2 to the dealer); pone's next ten-card makes 25 and the dealer's five 30;
    pone cannot go past 31, so the dealer, who cannot either, takes 1 for the go; the
    same again after the reset, the last five taking 1 for the last card: dealer 6."""
    assert play_pegging("10S JD QC KH", "5S 5D 5C 5H", crib="2C 3C 9D 8D",
                        starter="AH") == (0, 6)


def test_aces_against_kings() -> None:
    """Pone four aces, dealer four kings. A 1, K 11, A 12, K 22, A 23; the dealer cannot
    lay a king (33): go. Pone lays her last ace (24), a pair with the ace before (2), and
    takes the go (1): the dealer still cannot play. After the reset the dealer lays his
    last two kings alone: a pair (2) and the last card (1). Pone 3, dealer 3."""
    assert play_pegging("AC AD AH AS", "KC KD KH KS", crib="2C 3C 9D 8D",
                        starter="5H") == (3, 3)


def test_tens_against_aces() -> None:
    """Pone 10 J Q K, dealer four aces. 10 10, A 11, J 21, A 22; pone cannot go past 31:
    go. The dealer lays an ace (23): a pair with the ace before (2); another (24): a pair
    royal (6); he is out of cards and takes the go (1). Pone leads after the reset: the
    last card (1). Pone 1, dealer 9."""
    assert play_pegging("10S JD QC KH", "AC AD AH AS", crib="2C 3C 9D 8D",
                        starter="5H") == (1, 9)


def test_bad_hands_for_the_play() -> None:
    with pytest.raises(IllegalHandError, match="four cards a hand"):
        play_pegging("10S JD QC", "AC AD AH AS", crib="2C 3C 9D 8D", starter="5H")


# --- the simulated deals ----------------------------------------------------------------

def test_the_opponent_holds_your_ranks_as_often_as_chance_says() -> None:
    """Keep 5 5 10 10: two fives are left among the 48 other cards, and the opponent gets
    six of them. By hand: P(no five) = C(46, 6) / C(48, 6) = (42 x 41) / (48 x 47) =
    1722/2256, so P(at least one five) = 534/2256 = 0.2367. Over 4,000 seeded deals the
    share must lie within four standard errors (0.027) of that."""
    n = 4000
    hits = 0
    for shuffle in sample_seeds(n, 99):
        mine, throws, theirs, starter = sample_deal((5, 5, 10, 10), shuffle)
        assert len({*mine, *throws, *theirs, starter}) == 13
        hits += any(c.rank == 5 for c in theirs)
    expected = 534 / 2256
    assert abs(hits / n - expected) < 4 * (expected * (1 - expected) / n) ** 0.5


# --- the interval arithmetic ---------------------------------------------------------------

def test_means_and_intervals_from_sums() -> None:
    """Four deals in which you pegged 1, 1, 3, 3 (sum 8, squares 20) and the opponent
    0, 1, 1, 2 (sum 4, squares 6); the nets 1, 0, 2, 1 (squares 6)... taken here as 14
    to test the net's own sum of squares. Your mean is 2, the sample variance
    (20 - 8^2/4) / 3 = 4/3, the standard error sqrt(4/3 / 4) = 0.577 and the 95%
    half-width 1.96 x 0.577 = 1.132. The opponent's variance is (6 - 4^2/4) / 3 = 2/3;
    the net's (14 - 4^2/4) / 3 = 10/3."""
    value = value_from_sums((1, 2, 3, 4), True, EntrySums(4, 8, 20, 4, 6, 14))
    assert value.mine == 2.0
    assert value.mine_error == pytest.approx(1.96 * (1 / 3) ** 0.5)
    assert value.theirs == 1.0
    assert value.theirs_error == pytest.approx(1.96 * ((2 / 3) / 4) ** 0.5)
    assert value.net == 1.0
    assert value.net_error == pytest.approx(1.96 * ((14 - 4) / 3 / 4) ** 0.5)


def test_one_deal_has_no_interval() -> None:
    value = value_from_sums((1, 2, 3, 4), False, EntrySums(1, 2, 4, 1, 1, 1))
    assert value.mine == 2.0 and value.mine_error == float("inf")


# --- the kinds of kept hand ----------------------------------------------------------------

def test_there_are_1820_kinds_of_kept_hand() -> None:
    """Four ranks from 13 with repeats allowed (at most four of a rank is automatic):
    C(13 + 4 - 1, 4) = C(16, 4) = 1820."""
    classes = keep_classes()
    assert len(classes) == len(set(classes)) == 1820
    assert all(list(k) == sorted(k) for k in classes)


@pytest.mark.parametrize("keep", ["5H 5C JS QH", [5, 5, 11, 12], ["QH", "5C", "JS", "5H"],
                                  [Card.parse(c) for c in ["5S", "5D", "JC", "QC"]]])
def test_suits_and_order_do_not_matter(keep: object) -> None:
    assert peg_ev(keep, dealer=True) == peg_ev([5, 5, 11, 12], dealer=True)  # type: ignore[arg-type]


@pytest.mark.parametrize(("keep", "message"), [
    ("5H 5C 5S", "a kept hand has 4 cards, got 3"),
    ("5H 5H 5S 6D", "holds 5H twice"),
    ([5, 5, 5, 5, 5], "a kept hand has 4 cards, got 5"),
    ([0, 5, 6, 7], "ranks run from 1 (ace) to 13 (king)"),
    ([5, 5, 5, 5.0], "four cards or four ranks"),
])
def test_bad_kept_hands_are_named(keep: object, message: str) -> None:
    with pytest.raises(IllegalHandError, match=re.escape(message)):
        peg_ev(keep, dealer=False)  # type: ignore[arg-type]


# --- the shipped table ---------------------------------------------------------------------

def _stored_row(keep: tuple[int, int, int, int]) -> list[object]:
    path = Path(__file__).resolve().parent.parent / "cribbage_edu" / "data" / "peg_table.json"
    rows = json.loads(path.read_text())["rows"]
    return next(r for r in rows if r[0] == " ".join(map(str, keep)))


def test_the_shipped_file_says_how_it_was_made() -> None:
    header = peg_table_header()
    assert header["generated_by"] == "python scripts/make_peg_table.py"
    assert header["samples"] == SAMPLES


@pytest.mark.slow
@pytest.mark.parametrize("keep", [(5, 5, 11, 12), (1, 2, 3, 4), (7, 8, 8, 9)])
def test_entries_replay_from_their_seeds(keep: tuple[int, int, int, int]) -> None:
    """Re-play three entries of the table, both roles, exactly as the script does."""
    header = peg_table_header()
    seeds = sample_seeds(header["samples"], header["seed"])
    row = _stored_row(keep)
    for dealer, stored in ((True, row[1]), (False, row[2])):
        sums = simulate_entry(keep, dealer, seeds)
        assert [sums.n, sums.mine, sums.mine_sq, sums.theirs, sums.theirs_sq,
                sums.net_sq] == stored


@pytest.mark.slow
def test_the_script_remakes_the_first_rows(tmp_path: Path) -> None:
    """scripts/make_peg_table.py, run for the first three kinds of kept hand, writes the
    stored rows of those hands exactly."""
    script = load_script("make_peg_table")
    out = tmp_path / "peg.json"
    assert script.main(["--first", "3", "--out", str(out)]) == 0
    made = json.loads(out.read_text())
    assert made["header"]["samples"] == SAMPLES
    assert made["rows"] == [_stored_row(k) for k in keep_classes()[:3]]


def test_the_table_agrees_with_whole_deals() -> None:
    """What the table says kept hands peg, averaged over the hands experts really keep,
    matches what they peg in whole deals (the README: dealer 3.44, pone 2.28 a deal,
    published 3.5 and 2.1). 400 seeded deals: the table's average and the deals'
    own average must agree within their sampling error."""
    expert = ExpertPlayer()
    table = {True: [0.0, 0.0], False: [0.0, 0.0]}
    n = 400
    for seed in range(n):
        game = Game(seed, first_dealer=1)
        game.advance()
        game.advance()
        for who in (0, 1):
            game.discard(who, expert.discard(game.view(who)))
        for who in (0, 1):
            value = peg_ev(game.kept(who), dealer=who == 1)  # type: ignore[arg-type]
            table[who == 1][0] += value.mine
            table[who == 1][1] += value.theirs
    assert table[True][0] / n == pytest.approx(3.4, abs=0.35)     # the dealer pegs
    assert table[False][0] / n == pytest.approx(2.3, abs=0.35)    # pone pegs
    # what the dealer's hand lets pone peg, and what pone's lets the dealer peg
    assert table[True][1] / n == pytest.approx(2.3, abs=0.35)
    assert table[False][1] / n == pytest.approx(3.4, abs=0.35)


def test_low_cards_peg_better_for_pone_than_ten_cards() -> None:
    """The standard advice (a pone's low cards make the go and can't be fifteened on the
    lead): A-2-3-4 nets more in the play than 10-J-Q-K, beyond both intervals."""
    low = peg_ev([1, 2, 3, 4], dealer=False)
    high = peg_ev([10, 11, 12, 13], dealer=False)
    assert low.net - low.net_error > high.net + high.net_error


def test_a_random_sample_of_entries_is_sane() -> None:
    draw = random.Random(3)
    for keep in draw.sample(keep_classes(), 50):
        for dealer in (True, False):
            value = peg_ev(list(keep), dealer=dealer)
            assert value.samples == SAMPLES
            assert 0 <= value.mine <= 20 and 0 <= value.theirs <= 20
            assert 0 < value.net_error < 1.0
            assert value.net == pytest.approx(value.mine - value.theirs)


# --- the advisor's pegging column ----------------------------------------------------------

@pytest.mark.parametrize("dealer", [True, False])
def test_the_advisor_shows_the_pegging_of_each_keep(dealer: bool) -> None:
    """Each of the 15 throws carries the table's net pegging of its kept cards and its
    interval; with pegging=True the throws are ranked by the net plus it; the ranking
    without it is the advisor's as before (hand and crib only)."""
    six = "5H 5C 6D JS QH 2C"
    options = advise(six, dealer=dealer)
    for option in options:
        value = peg_ev(option.keep, dealer=dealer)
        assert (option.peg_ev, option.peg_error) == (value.net, value.net_error)
        assert (option.peg_mine, option.peg_theirs) == (value.mine, value.theirs)
        assert option.with_pegging == pytest.approx(option.net_ev + value.net)
        assert option.to_dict()["peg_ev"] == value.net
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)
    ranked = advise(six, dealer=dealer, pegging=True)
    assert [o.with_pegging for o in ranked] == sorted((o.with_pegging for o in options),
                                                       reverse=True)
    assert {o.discard for o in ranked} == {o.discard for o in options}
    assert "pegging" in discard_table(options)[0]


def test_the_pegging_column_speaks_its_numbers() -> None:
    option = advise("AC 2D 3H 4S KC QD", dealer=False, pegging=True)[0]
    text = option.pegging_explanation
    assert text.startswith(f"in the play, keep {option.keep.symbols}: you peg ")
    assert f"net {option.peg_ev:+.2f} ± {option.peg_error:.2f} (simulated)" in text
