"""How the version-1 save files beside this script were made, kept so that old saves
keep loading (tests/test_game.py). They were written by cribbage-edu as of commit
793eae3 (save format version 1: the winner's score written as reached, no start event):

    git archive 793eae3 cribbage_edu | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python tests/data/make_v1_saves.py tests/data

Run with today's package it writes today's format instead.
"""

from __future__ import annotations

import sys


def main(out: str) -> None:
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.rules.game import Game, stack_deck
    from cribbage_edu.rules.scoring import score_hand
    from cribbage_edu.strategy.players import ExpertPlayer

    # 1. a short game from 55-0 won with a run that takes the winner past 61, to 63
    deck = stack_deck("5H 5C 6D JS 2C 9H", "4S 4D 7C 8S KH QD", "6C")
    game = Game(seed=11, first_dealer=1, decks=[deck], scores=(55, 0), target=61)
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    game.advance()
    for who, card in [(0, "5H"), (1, "4S"), (0, "6D"), (1, "4D"), (0, "5C")]:
        game.play(who, card)
    assert game.is_over and game.scores == (63, 0), game.scores
    game.save(f"{out}/v1_short_game_won_past_61.json")
    # 2. a whole game between two experts, to 121 (it ended 109-122)
    game = play_out(Game(seed=21, first_dealer=0), [ExpertPlayer(), ExpertPlayer()])
    game.save(f"{out}/v1_expert_game.json")
    # 3. a game where both seats count by hand, saved in the count of the first deal
    #    when player 1 (the computer, at a table) must count its hand
    game = Game(seed=7, first_dealer=1, manual_count=True)
    game.advance()
    game.advance()
    for player in (0, 1):
        game.discard(player, game.hand(player)[:2])
    game.advance()
    while game.phase.value == "play":
        who = game.turn
        assert who is not None
        fits = game.legal_cards(who)
        if fits:
            game.play(who, fits[0])
        else:
            game.go(who)
    show = game.next_show()
    assert show is not None and game.starter is not None
    game.claim(show[0], score_hand(show[2], game.starter).total)
    assert game.to_act == (1,)
    game.save(f"{out}/v1_manual_count_mid_count.json")


if __name__ == "__main__":
    main(sys.argv[1])
