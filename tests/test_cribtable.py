"""The crib table: its pieces against brute force, the shipped file reproduced by
re-running the model's last round, and the comparison with published tables."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from importlib import resources
from pathlib import Path
from statistics import mean

import pytest

from cribbage_edu import FULL_DECK, Card, IllegalHandError, parse_cards, score_hand
from cribbage_edu.models.cribmodel import ROUNDS, TOLERANCE, HandModel, crib_sums, uniform_crib_ev
from cribbage_edu.strategy.discard import advise, best_discard
from cribbage_edu.strategy.ranks import SPLITS
from cribbage_edu.tables.cribtable import (
    crib_ev,
    crib_matrix,
    crib_table,
    crib_values,
    read_rows,
    table_header,
)
from tests.scripts_loaded import script as load_script


def test_crib_sums_match_score_hand() -> None:
    rng = random.Random(11)
    thrown = (Card.parse("5C"), Card.parse("JD"))
    sums = crib_sums(thrown)
    assert len(sums) == 50 * 49 // 2
    others = [*rng.sample(sorted(sums), 40), (Card.parse("5H"), Card.parse("JS")),
              (Card.parse("2D"), Card.parse("3D"))]
    for c, d in others:
        crib = (*thrown, c, d)
        brute = sum(score_hand(crib, s, crib=True).total for s in FULL_DECK if s not in crib)
        assert sums[c, d] == brute, (c, d)


def test_a_crib_flush_needs_the_starter() -> None:
    # the same ranks with and without four diamonds: the same rank points with every
    # starter, plus 5 for each of the 9 diamonds left as starter (a four-card crib
    # flush scores nothing)
    flush = parse_cards("2D 4D 8D 10D")
    plain = parse_cards("2D 4D 8D 10H")
    with_flush = crib_sums((flush[0], flush[1]))[flush[2], flush[3]]
    without = crib_sums((plain[0], plain[1]))[plain[2], plain[3]]
    assert with_flush - without == 5 * 9


def test_uniform_model_by_brute_force() -> None:
    thrown = (Card.parse("5C"), Card.parse("5D"))
    rest = [c for c in FULL_DECK if c not in thrown]
    total = 0
    count = 0
    for i, c in enumerate(rest):
        for d in rest[i + 1:]:
            crib = (*thrown, c, d)
            for s in rest:
                if s is not c and s is not d:
                    total += score_hand(crib, s, crib=True).total
                    count += 1
    assert count == 1225 * 48
    assert uniform_crib_ev(thrown) == Fraction(total, count)


def test_the_shipped_file_says_how_it_was_made() -> None:
    header = table_header()
    assert header["model"] == "strategic"
    assert header["generated_by"] == "python scripts/make_crib_table.py"
    assert header["converged"] is True
    changes = header["largest_change_per_round"]
    assert len(changes) == header["rounds"] and changes[-1] <= header["tolerance"] == TOLERANCE
    text = resources.files("cribbage_edu").joinpath("data").joinpath("crib_table.json").read_text()
    data = json.loads(text)
    assert data["columns"] == ["low", "high", "suited", "own_crib", "opponent_crib"]
    assert len(data["rows"]) == len(data["last_round_input"]) == 169


@pytest.fixture(scope="module")
def hand_model() -> Iterator[HandModel]:
    """Every six-card hand with its 15 keeps worked out (numpy, ~2.5 GB, ~10 s)."""
    model = HandModel(lambda _text: None)
    yield model
    del model


@pytest.mark.slow
def test_the_last_round_reproduces_the_shipped_table(hand_model: HandModel) -> None:
    """The script's last round, re-run from the table it started from (stored in the
    file), gives the shipped table to the last stored digit: every six-card hand the
    other player can hold is enumerated again."""
    rows = read_rows()
    again = hand_model.round(read_rows("last_round_input"))
    assert again.keys() == rows.keys()
    for key, (own, opponent) in rows.items():
        assert again[key][0] == pytest.approx(own, abs=1e-6), key
        assert again[key][1] == pytest.approx(opponent, abs=1e-6), key


@pytest.mark.slow
def test_the_script_writes_the_shipped_file(hand_model: HandModel, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """scripts/make_crib_table.py, run with its model cut to the last round (the
    earlier rounds only lead up to that round's stored input), writes the shipped
    file again: the same rows, the same stored input and the same header, but for
    the time it took and the machine it ran on."""
    module = load_script("make_crib_table")
    shipped = json.loads(resources.files("cribbage_edu").joinpath("data")
                         .joinpath("crib_table.json").read_text())
    earlier = shipped["header"]["largest_change_per_round"][:-1]

    def last_round_only(*, rounds: int, tolerance: float,
                        progress: object) -> tuple[object, object, list[float]]:
        assert (rounds, tolerance) == (ROUNDS, TOLERANCE)  # the script's defaults
        start = read_rows("last_round_input")
        new = hand_model.round(start)
        change = max(max(abs(new[k][0] - start[k][0]), abs(new[k][1] - start[k][1]))
                     for k in new)
        return new, start, [*earlier, round(change, 6)]

    monkeypatch.setattr(module, "strategic_tables", last_round_only)
    out = tmp_path / "crib_table.json"
    assert module.main(["--out", str(out)]) == 0
    again = json.loads(out.read_text())
    for key in ("seconds", "machine"):
        del again["header"][key], shipped["header"][key]
    assert again == shipped


@pytest.mark.slow
@pytest.mark.parametrize("dealer", [True, False])
def test_the_models_throws_are_the_advisors(hand_model: HandModel, dealer: bool) -> None:
    """The vectorised advisor inside the model throws what best_discard throws."""
    chosen = hand_model.choices(list(crib_values(dealer)), dealer=dealer)
    rng = random.Random(8 if dealer else 9)
    for h in rng.sample(range(len(chosen)), 400):
        six = [FULL_DECK[i] for i in hand_model.hands[h]]
        _, throw = SPLITS[chosen[h]]
        assert best_discard(six, dealer=dealer)[1] == tuple(six[i] for i in throw), six


@pytest.mark.slow
def test_a_sample_of_real_throws_agrees_with_the_table() -> None:
    """An independent check of the enumeration: deal the other player random hands
    (seeded), let best_discard throw, and average the exact crib over the starters.
    3,000 hands give a standard error near 0.05 points; the tolerance is 0.2."""
    rng = random.Random(31)
    for pair, dealer in (((Card.parse("5C"), Card.parse("5D")), True),
                         ((Card.parse("10C"), Card.parse("KD")), False)):
        sums = crib_sums(pair)
        rest = [c for c in FULL_DECK if c not in pair]
        values = []
        for _ in range(3000):
            six = rng.sample(rest, 6)
            _, throw = best_discard(six, dealer=not dealer)
            c, d = sorted(throw)
            values.append(sums[c, d] / 48)
        assert mean(values) == pytest.approx(crib_ev(pair, dealer=dealer), abs=0.2)


def test_the_table_has_settled() -> None:
    rows = read_rows()
    before = read_rows("last_round_input")
    assert max(max(abs(rows[k][0] - before[k][0]), abs(rows[k][1] - before[k][1]))
               for k in rows) <= TOLERANCE


# Michael Schell's discard tables (as quoted in issue #4): the "dealer's crib" column is
# the dealer throwing the pair into his own crib; the "pone" column is pone throwing it
# into the dealer's crib.
SCHELL = {("5C", "5D"): (8.8, 9.4), ("2C", "3D"): (7.0, 7.3), ("10C", "KD"): (2.8, 3.9)}
SCHELL_TOLERANCE = 0.25  # points


@pytest.mark.parametrize("pair", sorted(SCHELL))
def test_close_to_schells_published_tables(pair: tuple[str, str]) -> None:
    own, opponent = SCHELL[pair]
    assert crib_ev(pair, dealer=True) == pytest.approx(own, abs=SCHELL_TOLERANCE)
    assert crib_ev(pair, dealer=False) == pytest.approx(opponent, abs=SCHELL_TOLERANCE)


def test_a_pair_is_worth_more_in_the_opponents_crib() -> None:
    # the dealer feeds his own crib; pone starves it: so the same two cards bring more
    # when pone throws them (the other two cards are the dealer's)
    own, opponent = crib_table(dealer=True), crib_table(dealer=False)
    assert all(opponent[key] > own[key] for key in own)
    best = max(own, key=own.__getitem__)
    assert (best[0], best[1]) == (5, 5)


def test_lookup_by_cards() -> None:
    assert crib_ev(["KD", "10C"], dealer=True) == crib_ev(["10C", "KD"], dealer=True)
    assert crib_ev(["2C", "3C"], dealer=True) > crib_ev(["2C", "3D"], dealer=True)  # flush
    grid = crib_matrix(dealer=True)
    assert grid[1][2] == crib_ev(["2H", "3H"], dealer=True)  # suited above the diagonal
    assert grid[2][1] == crib_ev(["2H", "3S"], dealer=True)
    with pytest.raises(IllegalHandError, match="two different cards"):
        crib_ev(["5H"], dealer=True)
    with pytest.raises(IllegalHandError, match="two different cards"):
        crib_ev(["5H", "5H"], dealer=True)


def test_the_table_is_read_at_first_use_not_at_import() -> None:
    code = ("import cribbage_edu.strategy.discard, cribbage_edu.tables.cribtable as t, "
            "cribbage_edu.strategy.players;"
            "print(t.is_loaded()); t.crib_ev(['5H', '5C'], dealer=True); print(t.is_loaded())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "True"]


@pytest.mark.slow
def test_average_kept_hand_matches_the_published_figure() -> None:
    # published: the average hand after a sensible discard is about 8.2 points
    rng = random.Random(2024)
    kept = []
    for n in range(3000):
        six = rng.sample(FULL_DECK, 6)
        kept.append(float(advise(six, dealer=bool(n % 2))[0].hand_ev))
    assert mean(kept) == pytest.approx(8.2, abs=0.25)
