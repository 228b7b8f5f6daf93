"""count_misses and check_save, split into tables of slips and of field checks (issue 28
§3), give what they gave before on random inputs: the old bodies are kept beside this test
(``tests/before_*.py``) until the comparison has run, then both go."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import FULL_DECK
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.game import Game
from cribbage_edu.rules.misses import count_misses
from cribbage_edu.rules.saves import check_save, checksum
from cribbage_edu.rules.scoring import SHOW_KINDS, score_hand
from tests import before_misses, before_saves

five_cards = st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True)
taught = st.lists(st.sampled_from(SHOW_KINDS), unique=True).map(tuple)


@settings(max_examples=3000, deadline=None)
@given(five_cards, st.booleans(), taught, st.booleans())
def test_count_misses_is_what_it_was(cards: list[Any], crib: bool, kinds: tuple[Any, ...],
                                     reveal: bool) -> None:
    score = score_hand(cards[:4], cards[4], crib=crib)
    assert count_misses(score, taught=kinds, reveal=reveal) == before_misses.count_misses(
        score, taught=kinds, reveal=reveal)


def _body() -> dict[str, Any]:
    game = Game(seed=3, first_dealer=0)
    game.advance()  # the first dealer, as chosen
    game.advance()  # the deal
    game.discard(0, game.hand(0)[:2])
    game.discard(1, game.hand(1)[:2])
    game.advance()  # the starter
    return game.to_dict()


BODY = _body()
values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8)
    | st.sampled_from([" ".join(map(str, FULL_DECK)), "5H", 1.5]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=8)


def _outcome(check: Any, data: Any) -> Any:
    try:
        body = check(data)
        return tuple(getattr(body, f.name) for f in dataclasses.fields(body))
    except CribbageError as exc:
        return type(exc), str(exc)


@settings(max_examples=3000, deadline=None)
@given(st.dictionaries(st.sampled_from([*BODY, "extra"]), values, max_size=3),
       st.lists(st.sampled_from(list(BODY)), max_size=2), st.booleans())
def test_check_save_is_what_it_was(changes: dict[str, Any], dropped: list[str],
                                   sealed: bool) -> None:
    data = copy.deepcopy(BODY)
    data.update(changes)
    for key in dropped:
        data.pop(key, None)
    if sealed and "checksum" in data:  # most changes are made past the checksum
        data["checksum"] = checksum({k: v for k, v in data.items() if k != "checksum"})
    assert _outcome(check_save, copy.deepcopy(data)) == _outcome(before_saves.check_save,
                                                                 copy.deepcopy(data))


def test_a_sealed_change_reaches_the_field_checks() -> None:
    data = copy.deepcopy(BODY)
    data["names"] = ["one"]
    data["checksum"] = checksum({k: v for k, v in data.items() if k != "checksum"})
    assert _outcome(check_save, data)[1].startswith("the saved game's names must be")
    assert _outcome(check_save, copy.deepcopy(BODY)) == _outcome(before_saves.check_save,
                                                                 copy.deepcopy(BODY))
    assert _outcome(check_save, copy.deepcopy(BODY))[1] == 3  # the seed: a body, read
