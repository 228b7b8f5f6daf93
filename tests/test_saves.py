"""Save files under attack (issue 13 item 5): every malformed file is refused with a
SaveFileError that names the problem, the size is capped before anything is parsed, a
UTF-8 byte-order mark is accepted, and the options are part of the checked state:
validated as they are written, never coerced."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cribbage_edu.rules.errors import SaveFileError
from cribbage_edu.rules.game import Game
from cribbage_edu.rules.saves import MAX_SAVE_BYTES, checksum

DATA = Path(__file__).parent / "data"


def saved(**options: Any) -> dict[str, Any]:
    game = Game(seed=5, first_dealer=0, **options)
    game.advance()
    game.advance()
    return game.to_dict()


def resealed(data: dict[str, Any]) -> dict[str, Any]:
    """The data with a checksum that matches it, as a careful forger would write it."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return {**body, "checksum": checksum(body)}


# --- text that is not a saved game -------------------------------------------------------

@pytest.mark.parametrize("text, problem", [
    ("[" * 100_000, "nested too deeply"),
    ("9" * 5000, "number too long"),
    ("{" + '"a":' * 3, "not valid JSON"),
    ("", "empty"),
    ("   \n", "empty"),
    ("[1, 2]", "a JSON object, not list"),
    ('"hello"', "a JSON object, not str"),
    ("null", "a JSON object, not NoneType"),
    ('{"format": "something else"}', "not a saved cribbage-edu game"),
    ("NaN", "not valid JSON"),
])
def test_text_that_is_not_a_saved_game_is_refused(text: str, problem: str) -> None:
    with pytest.raises(SaveFileError, match=problem):
        Game.from_json(text)


def test_a_huge_file_is_refused_by_its_size_before_parsing() -> None:
    text = "[" + "0," * 1_500_000 + "0]"  # about 3 MB
    with pytest.raises(SaveFileError, match=f"larger than a saved game can be .{MAX_SAVE_BYTES:,}"):
        Game.from_json(text)


def test_a_huge_file_on_disk_is_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:  # a sparse 3 GB file: reading it whole would take long
        out.truncate(3_000_000_000)
    with pytest.raises(SaveFileError, match="larger than a saved game can be"):
        Game.load(path)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    game = Game(seed=3, first_dealer=1)
    game.advance()
    text = game.to_json()
    assert Game.from_json("\ufeff" + text).to_dict() == game.to_dict()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert Game.load(path).to_dict() == game.to_dict()
    assert Game.from_json(text.encode("utf-8")).to_dict() == game.to_dict()


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"names": ["Ren\xe9"]}'.encode("latin-1"))
    with pytest.raises(SaveFileError, match="not UTF-8"):
        Game.load(path)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        Game.load(tmp_path)


# --- the options: part of the checked state, never coerced ------------------------------

@pytest.mark.parametrize("key, value", [
    ("target", "121"), ("target", 121.0), ("target", 100), ("target", 9999999999),
    ("skunk_value", "2"), ("skunk_value", 2.7), ("skunk_value", "9999999999"),
    ("skunk_value", 9999999999), ("skunk_value", True), ("skunk_value", 0),
    ("double_skunk_value", "3"), ("double_skunk_value", None),
    ("skunk", 1), ("skunk", "yes"), ("muggins", 0), ("muggins", "false"),
    ("manual_count", [1, 0]), ("manual_count", [True]), ("manual_count", True),
    ("manual_count", "no"),
])
def test_options_in_a_save_are_checked_not_coerced(key: str, value: Any) -> None:
    data = saved()
    data["options"][key] = value
    with pytest.raises(SaveFileError, match=key):
        Game.from_dict(resealed(data))


@pytest.mark.parametrize("change", ["missing", "unknown"])
def test_options_must_be_exactly_the_known_ones(change: str) -> None:
    data = saved()
    if change == "missing":
        del data["options"]["muggins"]
    else:
        data["options"]["house_rule"] = True
    with pytest.raises(SaveFileError, match="muggins" if change == "missing" else "house_rule"):
        Game.from_dict(resealed(data))


def test_good_options_round_trip() -> None:
    data = saved(target=61, skunk=True, skunk_value=3, double_skunk_value=4,
                 manual_count=(True, False), muggins=True)
    game = Game.from_dict(data)
    assert game.options.to_dict() == data["options"]


# --- every other field ---------------------------------------------------------------------

@pytest.mark.parametrize("key, value, problem", [
    ("seed", "7", "seed"), ("seed", 7.0, "seed"), ("seed", True, "seed"),
    ("seed", None, "seed"),
    ("names", ["a"], "names"), ("names", [1, 2], "names"), ("names", "ab", "names"),
    ("names", ["", "b"], "names"), ("names", ["x" * 500, "b"], "names"),
    ("first_dealer", 2, "first_dealer"), ("first_dealer", 1.0, "first_dealer"),
    ("first_dealer", "0", "first_dealer"),
    ("start_scores", [1.0, 0], "starting scores"), ("start_scores", [0], "starting scores"),
    ("start_scores", [121, 0], "starting scores"), ("start_scores", "0 0", "starting scores"),
    ("decks", "AH", "decks"), ("decks", [5], "deck"), ("decks", ["AH 2H"], "deck"),
    ("actions", {}, "actions"), ("actions", [5], "action"),
    ("actions", [{"kind": "fly"}], "action"),
    ("actions", [{"kind": "deal", "player": 1.0}], "action"),
    ("state", [], "state"), ("version", "2", "version"), ("version", 99, "version"),
    ("version", 2.0, "version"),
])
def test_every_malformed_field_is_named(key: str, value: Any, problem: str) -> None:
    data = saved()
    data[key] = value
    with pytest.raises(SaveFileError, match=problem):
        Game.from_dict(resealed(data))


@pytest.mark.parametrize("key", ["seed", "names", "options", "decks", "actions", "state",
                                 "start_scores", "first_dealer"])
def test_a_missing_field_is_named(key: str) -> None:
    data = saved()
    del data[key]
    with pytest.raises(SaveFileError, match=key):
        Game.from_dict(resealed(data))


def test_an_unknown_field_is_named() -> None:
    data = saved()
    data["cheat"] = "on"
    with pytest.raises(SaveFileError, match="cheat"):
        Game.from_dict(resealed(data))


def test_too_many_actions_are_refused() -> None:
    data = saved()
    data["actions"] = [{"kind": "deal"}] * 20_000
    with pytest.raises(SaveFileError, match="actions"):
        Game.from_dict(resealed(data))


def test_the_checksum_still_guards_a_changed_option() -> None:
    data = saved()
    data["options"]["target"] = 61
    with pytest.raises(SaveFileError, match="checksum"):
        Game.from_dict(data)


def test_a_refused_load_leaves_nothing_behind(tmp_path: Path) -> None:
    game = Game(seed=2, first_dealer=0)
    game.advance()
    before = game.to_dict()
    with pytest.raises(SaveFileError):
        Game.from_json("[" * 100_000)
    assert game.to_dict() == before


def test_saved_files_from_before_still_load() -> None:
    for path in sorted(DATA.glob("v1_*.json")):
        game = Game.load(path)
        assert json.loads(game.to_json())["version"] == 2
