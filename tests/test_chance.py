"""The chance to win: the solver on models worked by hand, the shipped table re-made
from its script, and the table's invariants."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cribbage_edu.models.chancemodel import (
    DEALS,
    deal_stream,
    order_matrix,
    play_one_deal,
    simulate_deals,
    solve,
    stored_deals,
)
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import EventKind
from cribbage_edu.rules.game import Game, stack_deck
from cribbage_edu.rules.options import TARGETS
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.tables.chance import (
    PEG_SLOTS,
    STREAM,
    scenarios,
    table_header,
    win_probability,
    win_table,
)
from tests.scripts_loaded import script as load_script

HEELS, PONE_HAND, DEALER_HAND, CRIB = 0, PEG_SLOTS + 1, PEG_SLOTS + 2, PEG_SLOTS + 3


def deals_of(*rows: dict[int, int]) -> np.ndarray:
    """Deals written as {column: points}, columns of STREAM."""
    out = np.zeros((len(rows), len(STREAM)), dtype=np.int8)
    for i, row in enumerate(rows):
        for column, points in row.items():
            out[i, column] = points
    return out


# --- the solver on models worked by hand ------------------------------------------------

def test_a_point_for_the_dealer_every_deal() -> None:
    """Each deal gives its dealer one point. The first dealer reaches the target on his
    (T - d)-th deal, deal 2(T - d) - 1 of the game; pone on deal 2(T - p). So the dealer
    wins exactly when d >= p."""
    V = solve(deals_of({1: 1}), 6)
    for d in range(6):
        for p in range(6):
            assert V[d, p] == (1.0 if d >= p else 0.0), (d, p)


def test_scoreless_deals_are_solved_exactly() -> None:
    """Half the deals score nothing, half give the dealer one point. Worked by hand:
    to 1, V = 1/2 + 1/2 (1 - V), so V = 2/3. To 2: V(1,1) = 2/3; V(1,0) = 1/2 +
    1/2 (1 - V(0,1)) and V(0,1) = 1/2 (1 - V(1,1)) + 1/2 (1 - V(1,0)) give V(1,0) = 8/9
    and V(0,1) = 2/9; then V(0,0) = 1/2 (1 - V(0,1)) + 1/2 (1 - V(0,0)) = 16/27."""
    model = deals_of({}, {1: 1})
    assert solve(model, 1)[0, 0] == pytest.approx(2 / 3)
    V = solve(model, 2)
    expected = [[Fraction(16, 27), Fraction(2, 9)], [Fraction(8, 9), Fraction(2, 3)]]
    assert pytest.approx(np.array(expected, dtype=float)) == V


@pytest.mark.parametrize(("deal", "dealer_wins"), [
    ({PONE_HAND: 5, DEALER_HAND: 5}, 0.0),         # pone counts first
    ({HEELS: 2, 1: 3, PONE_HAND: 5}, 1.0),          # heels and a peg come before the show
    ({1: -5, 2: 5}, 0.0),                           # pone pegged out first
    ({1: 5, 2: -5}, 1.0),                           # the dealer pegged out first
    ({PONE_HAND: 4, DEALER_HAND: 3, CRIB: 2}, 1.0), # hand and crib together
])
def test_the_order_inside_a_deal(deal: dict[int, int], dealer_wins: float) -> None:
    """Both players need 5 at the start of the deal."""
    assert solve(deals_of(deal), 5)[0, 0] == dealer_wins


def test_order_matrix_counts_who_gets_there_first() -> None:
    model = deals_of({1: -2, 2: 3}, {1: 1})   # pone 2 then dealer 3; the dealer 1 alone
    A = order_matrix(model, 4)
    assert A[1, 1] == 0.5    # first deal: pone's 2 comes first; second: the dealer's 1
    assert A[3, 3] == 0.5    # only the first deal takes the dealer to 3, pone needs 3: never
    assert A[3, 2] == 0.0    # pone's 2 comes first in the one deal where the dealer gets 3
    assert A[4, 1] == 0.0    # the dealer never reaches 4


@st.composite
def small_models(draw: st.DrawFn) -> np.ndarray:
    rows = draw(st.lists(
        st.dictionaries(st.sampled_from([HEELS, 1, 2, 3, PONE_HAND, DEALER_HAND, CRIB]),
                        st.integers(0, 3), max_size=4),
        min_size=1, max_size=5))
    out = deals_of(*rows)
    signs = draw(st.lists(st.sampled_from([1, -1]), min_size=3, max_size=3))
    out[:, 1:4] *= np.array(signs, dtype=np.int8)
    return out


def _value_iteration(deals: np.ndarray, target: int) -> np.ndarray:
    """The same chances by another road: start from nothing and apply the rule of a deal
    until nothing moves (a fixed point), deal by deal, event by event."""
    V = np.zeros((target, target))
    for _ in range(5000):
        new = np.zeros_like(V)
        for d in range(target):
            for p in range(target):
                total = 0.0
                for row in deals:
                    mine, theirs = d, p
                    done = None
                    for column, points in enumerate(row):
                        if points > 0 and column != PONE_HAND:
                            mine += int(points)
                        elif column == PONE_HAND or points < 0:
                            theirs += abs(int(points))
                        if mine >= target:
                            done = 1.0
                            break
                        if theirs >= target:
                            done = 0.0
                            break
                    total += done if done is not None else 1.0 - V[theirs, mine]
                new[d, p] = total / len(deals)
        if np.abs(new - V).max() < 1e-13:
            return new
        V = new
    raise AssertionError("value iteration did not settle")


@given(small_models(), st.integers(1, 5))
def test_the_solver_agrees_with_value_iteration(deals: np.ndarray, target: int) -> None:
    assume(deals.any())
    assert solve(deals, target) == pytest.approx(_value_iteration(deals, target), abs=1e-9)


def test_bad_input_to_the_solver() -> None:
    with pytest.raises(IllegalActionError, match="no deals"):
        solve(np.zeros((0, len(STREAM)), dtype=np.int8), 121)
    with pytest.raises(IllegalActionError, match="at least 1"):
        solve(deals_of({1: 1}), 0)
    with pytest.raises(IllegalActionError, match="no deal scores a point"):
        solve(deals_of({}, {}), 121)


# --- one deal, recorded --------------------------------------------------------------------

def test_a_deal_is_recorded_in_the_order_it_scored() -> None:
    """A stacked deal, the throws chosen, the shows worked by hand from the rules.
    Pone keeps 5H 5S 4C 6D: with the starter AH, fifteens 5-4-6 twice and 5-5-4-A (6),
    the pair of fives (2), the double run 4-5-6 (6): 14. The dealer keeps 10S JD 9C 8H:
    no fifteen, the run 8-9-10-J (4), no nobs (the jack is a diamond): 4. The crib
    KH QC 2S 3D: K-2-3 and Q-2-3 (4) and A-2-3 (3): 7. The play's points are the log's."""
    deck = stack_deck("5H 5S 4C 6D KH QC", "10S JD 9C 8H 2S 3D", "AH")
    game = Game(seed=0, first_dealer=1, decks=[deck])
    game.advance()
    game.advance()
    game.discard(0, "KH QC")
    game.discard(1, "2S 3D")
    play_one_deal(game, [ExpertPlayer(), ExpertPlayer()])
    row = deal_stream(game)
    assert (row[HEELS], row[PONE_HAND], row[DEALER_HAND], row[CRIB]) == (0, 14, 4, 7)
    pegs = [p for p in row[1:1 + PEG_SLOTS] if p]
    log = [(e.player, e.points) for e in game.events if e.kind is EventKind.PEG]
    assert pegs == [points if player == 1 else -points for player, points in log]
    assert sum(abs(p) for p in row) == sum(game.scores)


def test_heels_is_the_dealers_first_point() -> None:
    deck = stack_deck("5H 5S 4C 6D KH QC", "10S JD 9C 8H 2S 3D", "JH")
    game = play_one_deal(Game(seed=0, first_dealer=1, decks=[deck]),
                         [ExpertPlayer(), ExpertPlayer()])
    assert deal_stream(game)[HEELS] == 2


# --- the shipped table ---------------------------------------------------------------------

def test_the_shipped_file_says_how_it_was_made() -> None:
    header = table_header()
    assert header["generated_by"] == "python scripts/make_win_table.py"
    assert header["deals"] == DEALS == len(stored_deals())
    assert header["deals_file"] == "win_deals.npz"
    assert (np.array(scenarios()) == stored_deals()[:len(scenarios())]).all()
    assert header["stream"] == list(STREAM)


def test_the_script_replays_the_first_deals(tmp_path: Path) -> None:
    """The script, run for its first 300 deals, plays exactly the stored ones."""
    script = load_script("make_win_table")
    assert script.main(["--deals", "300", "--out", str(tmp_path),
                        "--deals-out", str(tmp_path)]) == 0
    with np.load(tmp_path / "win_deals.npz") as made:
        assert (made["deals"] == stored_deals()[:300]).all()
    assert (tmp_path / "win_table.json").read_text().startswith('{"header": {')
    assert table_header()["seed"] == script.SEED


def test_some_deals_far_into_the_sample_replay() -> None:
    seed = table_header()["seed"]
    for start in (12_345, DEALS - 3):
        assert (simulate_deals(3, seed=seed, start=start)
                == stored_deals()[start:start + 3]).all()


@pytest.mark.slow
@pytest.mark.parametrize("target", TARGETS)
def test_the_stored_table_is_the_solved_sample(target: int) -> None:
    """Re-solve the table from the stored deals (the script's last step)."""
    again = solve(stored_deals(), target)
    stored = np.array(win_table(target).dealer)
    assert np.abs(again - stored).max() <= 0.6e-9  # written to 9 decimals


# --- what the table says -------------------------------------------------------------------

@pytest.mark.parametrize("target", TARGETS)
def test_more_points_never_hurt(target: int) -> None:
    """With the same deals whatever the score, a player with more points gets home no
    later in any run of deals: the chance rises with your score and falls with theirs."""
    V = np.array(win_table(target).dealer)
    assert (np.diff(V, axis=0) >= -1e-12).all()
    assert (np.diff(V, axis=1) <= 1e-12).all()
    assert ((V >= 0) & (V <= 1)).all()


@given(st.integers(0, 120), st.integers(0, 120), st.booleans())
def test_the_two_players_chances_add_to_one(score: int, other: int, dealer: bool) -> None:
    mine = win_probability(score, other, dealer=dealer)
    theirs = win_probability(other, score, dealer=not dealer)
    assert mine + theirs == pytest.approx(1.0, abs=1e-12)


def test_the_first_dealers_edge_matches_published_figures() -> None:
    """Published: the first dealer wins 55-56% of games between good players (the
    README's check between two of our experts: 56.1% of the lessons' 4,000 games, 95% CI
    54.6-57.6%)."""
    assert 0.55 <= win_probability(0, 0, dealer=True) <= 0.565


def test_a_deal_in_the_sample_is_worth_what_experts_score() -> None:
    """The lessons' 4,000 expert games give the dealer 3.44 pegging points a whole deal
    and pone 2.28, and a kept hand about 8.0 (published 3.5, 2.1 and 8.2)."""
    deals = stored_deals().astype(int)
    pegs = deals[:, 1:1 + PEG_SLOTS]
    assert np.where(pegs > 0, pegs, 0).sum(1).mean() == pytest.approx(3.45, abs=0.15)
    assert np.where(pegs < 0, -pegs, 0).sum(1).mean() == pytest.approx(2.25, abs=0.15)
    hands = np.concatenate([deals[:, PONE_HAND], deals[:, DEALER_HAND]])
    assert hands.mean() == pytest.approx(8.1, abs=0.2)
    assert deals[:, HEELS].mean() == pytest.approx(2 / 13, abs=0.01)


@pytest.mark.parametrize(("args", "message"), [
    ((121, 0), "score must be a whole number from 0 to 120, not 121"),
    ((-1, 0), "score must be a whole number from 0 to 120, not -1"),
    ((0, 130), "other_score must be a whole number from 0 to 120, not 130"),
    ((1.5, 0), "score must be a whole number from 0 to 120, not 1.5"),
    ((True, 0), "score must be a whole number from 0 to 120, not True"),
    (("5", 0), "score must be a whole number from 0 to 120, not '5'"),
])
def test_bad_positions_are_named(args: tuple[object, object], message: str) -> None:
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        win_probability(*args, dealer=True)  # type: ignore[arg-type]


def test_only_games_to_121_and_61() -> None:
    with pytest.raises(IllegalActionError, match="target is 121 or 61, not 100"):
        win_probability(0, 0, dealer=True, target=100)
    with pytest.raises(IllegalActionError, match="from 0 to 60, not 61"):
        win_probability(61, 0, dealer=True, target=61)
    with pytest.raises(IllegalActionError, match="dealer is True or False, not 'yes'"):
        win_probability(0, 0, dealer="yes")  # type: ignore[arg-type]


def test_the_table_is_read_at_first_use_not_at_import() -> None:
    """The lookup needs neither numpy nor the file until it is asked."""
    # every file opened is heard by an audit hook: the table's file must not be among
    # them after the imports, and must be once a chance is asked
    code = ("import sys\n"
            "opened = []\n"
            "sys.addaudithook(lambda event, args: event == 'open' and opened.append(args[0]))\n"
            "import cribbage_edu, cribbage_edu.tables.chance as c\n"
            "import cribbage_edu.strategy.players, cribbage_edu.rules.game\n"
            "def read(): return any(str(p).endswith(c.WIN_TABLE_FILE) for p in opened)\n"
            "before = read()\n"
            "c.win_probability(0, 0, dealer=True)\n"
            "print(before, 'numpy' in sys.modules, read())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "False", "True"]  # read when asked, no numpy
