"""A deal at the widget table clicked as a learner would, for the tests of what the table
records and what the practice makes of it."""

from __future__ import annotations

from cribbage_edu.rules.game import Phase
from cribbage_edu.widgets import GameTable


def click_a_deal(table: GameTable, *, last: bool = False) -> None:
    """Click one deal through at ``table``: throw the first two cards, lay the first card
    that fits (the last with ``last``) or say go, claim 0 for each count; stops when the
    table pauses after the deal."""
    for _ in range(80):
        game = table.game
        if table.paused:
            break
        if game.phase is Phase.DISCARD:
            table.picker.toggle(game.hand(0)[0])
            table.picker.toggle(game.hand(0)[1])
            table.throw_button.click()
        elif game.phase is Phase.PLAY:
            fits = game.legal_cards(0)
            if fits:
                table.playable.button(fits[-1 if last else 0]).click()
            else:
                table.go_button.click()
        elif game.phase is Phase.COUNT and 0 in game.to_act:
            table.claim_box.value = "0"
            table.claim_button.click()
