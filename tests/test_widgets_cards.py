"""The card and hand views: faces, backs, alt text, selecting and playing by click."""

from __future__ import annotations

import re
from base64 import b64decode

from cribbage_edu import Card, parse_cards
from cribbage_edu.widgets import CardView, HandView, PlayableHand, SelectableHand
from cribbage_edu.widgets.cards import face_of


def picture(html: str) -> str:
    """The SVG inside an ``<img>``'s data URL."""
    match = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert match, html
    return b64decode(match.group(1)).decode()


def test_a_face_shows_rank_suit_colour_and_alt_text() -> None:
    html = CardView(Card.parse("10H")).value
    assert 'alt="ten of hearts"' in html and html.startswith("<img")
    face = picture(html)
    assert ">10<" in face and "♥" in face
    assert "#c62828" in face  # hearts are red
    black = picture(CardView(Card.parse("KS")).value)
    assert "♠" in black and "#c62828" not in black


def test_a_back_hides_the_card() -> None:
    view = CardView(None)
    assert "cribbage-card-back" in view.value and view.card is None
    hand = HandView(parse_cards("5H JD"), face_up=False, caption="computer")
    assert hand.value.count("cribbage-card-back") == 2
    assert "jack" not in hand.value and "five" not in hand.value
    assert 'alt="a face-down card"' in hand.value


def test_selecting_marks_the_card_and_clicking_again_deselects() -> None:
    picker = SelectableHand(parse_cards("AS 5H 5C JD"))
    seen: list[object] = []
    picker.on_change(seen.append)
    picker.button("5H").value = True  # what a click on the card does
    assert picker.value == parse_cards("5H")
    assert picker.button("5H").description == "five of hearts, selected"
    assert picker.button("5C").description == "five of clubs"
    picker.button("5H").value = False
    assert picker.value == parse_cards("") and picker.button("5H").description == "five of hearts"
    assert seen == [parse_cards("5H"), parse_cards("")]


def test_each_card_button_is_the_card_face() -> None:
    picker = SelectableHand(parse_cards("AS 10H"))
    style = picker.children[0].value
    for card in picker.cards:
        button = picker.button(card)
        assert face_of(button) is card
        # the style paints that card's picture on the button
        rule = re.search(r"\.cribbage-face-" + str(card) + r" \{ --cribbage-face: url\(\"data:"
                         r"image/svg\+xml;base64,([A-Za-z0-9+/=]+)\"\)", style)
        assert rule, style[:200]
        assert f'aria-label="{card.name}"' in b64decode(rule.group(1)).decode()
    # a selected card keeps its white face, gains a frame, a tick and a lift
    assert re.search(r"\.mod-active \{[^}]*border: 3px solid[^}]*translateY", style)


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
    assert hand.button("KS").description == "king of spades (does not fit)"


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_rank_and_suit_keep_their_contrast_when_a_card_is_selected() -> None:
    """A selected card is framed, ticked and raised around its face; the face itself, its
    white ground and its ink, do not change, so red and black keep 4.5:1 or more."""
    from cribbage_edu.render import BLACK, RED, card_svg
    from cribbage_edu.widgets.cards import card_faces_css

    for text in ("10H", "QS"):
        card = Card.parse(text)
        face = card_svg(card)
        assert 'fill="#fff"' in face  # the white ground
        ink = RED if card.is_red else BLACK
        assert contrast(ink, "#ffffff") >= 4.5
    assert round(contrast(RED, "#ffffff"), 1) == 5.6
    css = card_faces_css(parse_cards("10H"))
    selected = re.search(r"\.mod-active \{([^}]*)\}", css)
    assert selected and "--cribbage-face" in selected.group(1)  # the same face, unchanged
    # the frame around a selected face stands out from the page and from the gold ground
    frame = re.search(r"border: 3px solid (#[0-9a-f]{6})", selected.group(1))
    assert frame and contrast(frame.group(1), "#ffffff") >= 3 and contrast(
        frame.group(1), "#fff3c4") >= 3
