"""Positions of the play from seeded games between two experts, for the tests of the
judge's model of the whole deal and of the table's judge."""

from __future__ import annotations

from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.events import Phase
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.players import ExpertPlayer

EXPERTS = [ExpertPlayer(), ExpertPlayer()]


def decision(seed: int, steps: int) -> Game:
    """A seeded game between two experts, moved on until a player must choose between
    two cards or more, after at least ``steps`` choices of the play."""
    game = Game(seed=seed, first_dealer=seed % 2)
    seen = 0
    while True:
        drive(game, EXPERTS, stop=lambda g: g.phase is Phase.PLAY and bool(g.to_act)
              and len({c.rank for c in g.legal_cards(g.to_act[0])}) > 1)
        assert not game.is_over
        if seen >= steps:
            return game
        seen += 1
        who = game.to_act[0]
        game.play(who, EXPERTS[who].play(game.view(who)))
