"""One driver for every loop that moves a game on (issue 11), and a computer player
that counts its own hands in every mode (issue 13 item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribbage_edu.rules.drive import drive, play_out
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.game import Game, Phase
from cribbage_edu.strategy.players import ExpertPlayer, GreedyPlayer, RandomPlayer

DATA = Path(__file__).parent / "data"


def test_a_computer_counts_its_own_hand_when_the_save_says_by_hand() -> None:
    # saved (by an older version) with manual counting for both seats, in the count,
    # waiting for seat 1: at a table, seat 1 is the computer
    game = Game.load(DATA / "v1_manual_count_mid_count.json")
    assert game.phase is Phase.COUNT and game.to_act == (1,)
    drive(game, [None, ExpertPlayer()])
    claims = [e for e in game.events if e.kind == "claim"]
    assert claims[-1].player == 1 and claims[-1].reason.endswith("right")
    # it went on to the crib, then to the next deal, and stops where the person decides
    assert game.phase is Phase.DISCARD and game.to_act == (0,)


def test_drive_stops_where_a_person_decides() -> None:
    game = Game(seed=4, first_dealer=0, manual_count=(True, False))
    drive(game, [None, GreedyPlayer(seed=1)])
    assert game.phase is Phase.DISCARD and game.to_act == (0,)  # the computer threw first
    game.discard(0, game.hand(0)[:2])
    drive(game, [None, GreedyPlayer(seed=1)])
    assert game.turn == 0 or (game.phase is Phase.COUNT and game.to_act == (0,))


def test_drive_stops_when_asked() -> None:
    game = Game(seed=4, first_dealer=0)
    players = [ExpertPlayer(), ExpertPlayer()]
    drive(game, players, stop=lambda g: g.phase is Phase.DEAL and g.deal_number == 1)
    assert game.phase is Phase.DEAL and game.deal_number == 1
    drive(game, players)
    assert game.is_over


def test_play_out_is_drive_with_two_computers() -> None:
    a = play_out(Game(seed=9, target=61), [RandomPlayer(seed=1), GreedyPlayer(seed=2)])
    b = drive(Game(seed=9, target=61), [RandomPlayer(seed=1), GreedyPlayer(seed=2)])
    assert a.is_over and a.events == b.events


def test_computers_count_by_hand_when_both_seats_are_marked_so() -> None:
    game = drive(Game(seed=3, target=61, manual_count=True, muggins=True),
                 [ExpertPlayer(), ExpertPlayer()])
    assert game.is_over
    assert not [e for e in game.events if e.kind == "muggins"]  # they count right


@pytest.mark.parametrize("players", [[ExpertPlayer()], [None, None, None], [None, "expert"]])
def test_drive_needs_a_player_or_none_for_each_seat(players: list[object]) -> None:
    with pytest.raises(IllegalActionError, match="seat"):
        drive(Game(seed=1), players)  # type: ignore[arg-type]


def test_the_game_table_goes_on_from_a_save_made_with_manual_counting() -> None:
    pytest.importorskip("ipywidgets")
    from cribbage_edu.widgets import GameTable

    table = GameTable(seed=1)
    table.save_box.value = (DATA / "v1_manual_count_mid_count.json").read_text()
    table.load_button.click()  # raised OutOfTurnError on every click before
    state = table.value
    assert "cannot" not in state.message and state.phase != "count"
    assert any("claims" in line and line.endswith("right") for line in state.log)
    # the learner goes on: Next deal, then a throw
    table.next_button.click()
    assert table.value.phase == "discard"
    for card in table.value.hand[:2]:
        table.picker.toggle(card)
    table.throw_button.click()
    assert table.value.phase in ("play", "count")


def test_the_terminal_game_goes_on_from_a_save_made_with_manual_counting(
        tmp_path: Path) -> None:
    import io

    from cribbage_edu.cli.play import TerminalGame

    game = Game.load(DATA / "v1_manual_count_mid_count.json")
    out = io.StringIO()
    TerminalGame(game, "expert", stdin=io.StringIO("quit\n\n"), stdout=out).run()
    text = out.getvalue()
    assert "claims" in text and "Lay away two cards" in text  # counted, then dealt again
