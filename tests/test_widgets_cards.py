"""The card and hand views: faces, backs, alt text, selecting and playing by click."""

from __future__ import annotations

from cribbage_edu import Card, parse_cards
from cribbage_edu.widgets import CardView, HandView, PlayableHand, SelectableHand


def test_a_face_shows_rank_suit_colour_and_alt_text() -> None:
    html = CardView(Card.parse("10H")).value
    assert 'aria-label="ten of hearts"' in html
    assert ">10<" in html and "♥" in html
    assert "#c62828" in html  # hearts are red
    black = CardView(Card.parse("KS")).value
    assert "♠" in black and "#c62828" not in black


def test_a_back_hides_the_card() -> None:
    view = CardView(None)
    assert "cribbage-card-back" in view.value and view.card is None
    hand = HandView(parse_cards("5H JD"), face_up=False, caption="computer")
    assert hand.value.count("cribbage-card-back") == 2
    assert "jack" not in hand.value and "five" not in hand.value
    assert 'aria-label="a face-down card"' in hand.value


def test_selecting_marks_the_card_and_clicking_again_deselects() -> None:
    picker = SelectableHand(parse_cards("AS 5H 5C JD"))
    seen: list[object] = []
    picker.on_change(seen.append)
    picker.button("5H").value = True  # what a click on the toggle does
    assert picker.value == parse_cards("5H")
    assert 'stroke-width="3"' in picker.face("5H").value  # gold border
    assert 'stroke-width="3"' not in picker.face("5C").value
    assert picker.button("5H").description == "✓ 5♥"
    picker.button("5H").value = False
    assert picker.value == parse_cards("") and 'stroke-width="3"' not in picker.face("5H").value
    assert seen == [parse_cards("5H"), parse_cards("")]


def test_selection_keeps_hand_order_and_lock_disables() -> None:
    picker = SelectableHand(parse_cards("AS 5H 5C JD"))
    picker.toggle("JD")
    picker.toggle("AS")
    assert picker.value == parse_cards("AS JD")
    picker.lock()
    assert all(picker.button(c).disabled for c in picker.cards)
    picker.clear()
    assert picker.value == parse_cards("")


def test_playable_hand_enables_only_what_fits_and_reports_the_click() -> None:
    played: list[Card] = []
    hand = PlayableHand(parse_cards("5H KS 2C"), on_play=played.append)
    hand.enable(parse_cards("5H 2C"))
    assert [hand.button(c).disabled for c in hand.cards] == [False, True, False]
    hand.button("2C").click()
    assert played == [Card.parse("2C")]
    assert 'aria-label="king of spades"' in hand.children[1].children[0].value
