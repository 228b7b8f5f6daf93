"""The shapes render reads the rules' values through (``render.shapes``): render imports
nothing of the rules, so the few words it compares a view with must be the rules' own
words, and the rules' values must have what each picture reads (mypy checks the types
where a value is handed to a picture; this checks the words and draws each value once)."""

from __future__ import annotations

from cribbage_edu.render import board_svg, card_svg, view_html
from cribbage_edu.render.shapes import CRIB, CRIB_FACE_DOWN, HAND, THE_COUNT, THE_PLAY
from cribbage_edu.rules.board import Board
from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.events import Phase, Source
from cribbage_edu.rules.game import Game


def test_the_words_render_compares_with_are_the_rules_words() -> None:
    assert THE_PLAY == Phase.PLAY and THE_COUNT == Phase.COUNT
    assert CRIB_FACE_DOWN == (Phase.STARTER, Phase.PLAY, Phase.COUNT)
    assert HAND == Source.HAND and CRIB == Source.CRIB


def test_the_rules_values_draw_through_the_shapes() -> None:
    assert 'aria-label="ten of hearts"' in card_svg(Card.parse("10H"))
    assert "board: a 6 (rear peg 0), b 0 (rear peg 0)" in board_svg(Board().peg(0, 6),
                                                                     ("a", "b"))
    game = Game(seed=3, first_dealer=0)
    while game.phase is not Phase.PLAY:
        first = game.legal_actions()[0]  # a player's decision, or the game's own step
        if first.player is None:
            game.advance()
        else:
            game.apply(first)
    html = view_html(game.view(0))
    # in the play: the count is shown, and the crib lies face down (four backs)
    assert "the count is 0" in html and html.count('alt="a card in the crib"') == 4
