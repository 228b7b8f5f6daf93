"""Card and hand views: faces from :mod:`cribbage_edu.render`, backs, cards to click.

A picture of cards is an ``ipywidgets.HTML`` holding the engine's pictures as
``<img>`` elements named for screen readers (``alt="ten of hearts"``), so a card looks
the same in a lesson's stored output, in a widget and on a Voila page.

A card the learner can click (to select it for the crib, or to lay it) is a button
whose face is the card's picture: the whole face is the click target, Tab reaches it,
Space or Enter presses it, and its text (read by screen readers, not drawn) names the
card and says whether it is selected. A selected card rises, gets a thick dark frame and
a tick badge, and keeps its white face, so its rank and suit keep their contrast.

>>> from cribbage_edu import parse_cards
>>> picker = SelectableHand(parse_cards("5H 5C JD 4S"))
>>> picker.toggle("JD")
>>> str(picker.value[0]), picker.button("JD").description
('JD', 'jack of diamonds, selected')
"""

from __future__ import annotations

from base64 import b64encode
from collections.abc import Callable, Iterable

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render import (
    CARD_HEIGHT,
    CARD_WIDTH,
    back_img,
    backs_row,
    card_img,
    card_svg,
    hand_html,
)
from cribbage_edu.rules.cards import Card, CardLike, Hand, parse_cards

__all__ = [
    "CardView",
    "HandView",
    "PlayableHand",
    "SelectableHand",
    "card_faces_css",
    "face_of",
]

_TICK = ('<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 18 18">'
         '<circle cx="9" cy="9" r="8" fill="#1b5e20" stroke="#fff" stroke-width="1.5"/>'
         '<path d="M5 9.5l2.6 2.6L13 6.5" fill="none" stroke="#fff" stroke-width="2.2"/>'
         "</svg>")
_TICK_URL = "data:image/svg+xml;base64," + b64encode(_TICK.encode()).decode("ascii")
_W, _H = CARD_WIDTH, CARD_HEIGHT
_BUTTON = ".cribbage-card-face.jupyter-button"
_BUTTON_CSS = f"""
{_BUTTON} {{
  background-color: transparent; background-image: var(--cribbage-face);
  background-repeat: no-repeat; background-position: center 4px; background-size: {_W}px {_H}px;
  width: {_W + 10}px; height: {_H + 12}px; padding: 0; margin: 0 2px;
  border: 2px solid transparent; border-radius: 7px; font-size: 0; color: transparent;
  box-shadow: none; opacity: 1; transition: transform 80ms ease-out;
}}
{_BUTTON}:hover:enabled {{ border-color: #757575; }}
{_BUTTON}:focus-visible {{ outline: 3px solid #0d47a1; outline-offset: 1px; }}
{_BUTTON}.mod-active {{
  background-image: url("{_TICK_URL}"), var(--cribbage-face);
  background-position: right 1px top 0, center 4px; background-size: 18px 18px, {_W}px {_H}px;
  border: 3px solid #3e2723; background-color: #fff3c4; transform: translateY(-8px);
}}
.cribbage-card-button.jupyter-button:disabled {{ opacity: 0.45; cursor: not-allowed; }}
.cribbage-card-toggle.jupyter-button:disabled {{ opacity: 1; cursor: default; }}
"""


_FACE_PREFIX = "cribbage-face-"


def _face_class(card: Card) -> str:
    return f"{_FACE_PREFIX}{card}"


def face_of(button: w.Button) -> Card | None:
    """The card a card button draws (the one ``cribbage-face-<card>`` class it carries),
    or ``None`` for a button with no face.

    >>> row = SelectableHand(parse_cards("AS 10H"))
    >>> [str(face_of(row.button(card))) for card in row.cards]
    ['AS', '10H']
    """
    faces = [c for c in button._dom_classes if c.startswith(_FACE_PREFIX)]
    if len(faces) > 1:
        raise ValueError(f"a card button draws one face, not {len(faces)}: {faces}")
    return Card.parse(faces[0].removeprefix(_FACE_PREFIX)) if faces else None


def card_faces_css(cards: Iterable[Card]) -> str:
    """A ``<style>`` that draws ``cards`` on the card buttons (each button carries the
    class ``cribbage-face-<card>``), and how a card button looks when selected.

    >>> css = card_faces_css(parse_cards("5H"))
    >>> ".cribbage-face-5H" in css and "mod-active" in css
    True
    """
    faces = "".join(
        f".{_face_class(c)} {{ --cribbage-face: url(\"data:image/svg+xml;base64,"
        f"{b64encode(card_svg(c).encode()).decode('ascii')}\"); }}\n" for c in cards)
    return f"<style>{_BUTTON_CSS}{faces}</style>"


def _card_button(kind: type[w.Button], css_class: str) -> w.Button:
    """A card button with no face yet (:meth:`_CardButtons._buttons_for` gives it one)."""
    button = kind()
    button.add_class("cribbage-card-face")
    button.add_class(css_class)
    return button


class _CardButtons(w.HBox):  # type: ignore[misc]
    """A row of card buttons and the style that draws their faces."""

    def __init__(self, css_class: str) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="flex-end",
                                         padding="10px 0 0 0"))
        self._css = w.HTML(layout=w.Layout(display="none"))
        self._cards = Hand()
        self._pool: list[w.Button] = []  # every button this row has made, in order
        self._shown: tuple[w.Widget, ...] = ()
        self.add_class(css_class)

    def _buttons_for(self, cards: Hand, make: Callable[[], w.Button]) -> list[w.Button]:
        """A button showing each of ``cards``, enabled and in sight. The row's buttons
        are used again (a new face, a new name), and ``make`` adds one only when the hand
        is longer than any before: a new deal then changes a few properties of buttons
        already on the page instead of creating widgets, which the browser must build
        (and the kernel would keep for ever)."""
        while len(self._pool) < len(cards):
            self._pool.append(make())
        for card, button in zip(cards, self._pool, strict=False):
            with button.hold_sync():  # one message to the page for each button
                for old in [c for c in button._dom_classes if c.startswith(_FACE_PREFIX)]:
                    button.remove_class(old)
                button.add_class(_face_class(card))
                button.description = button.tooltip = card.name
                button.disabled = False
                button.layout.display = None
        return self._pool[:len(cards)]

    def _lay_out(self, buttons: Iterable[w.Button]) -> None:
        self._css.value = card_faces_css(self._cards)
        children = (self._css, *buttons)
        if children != self._shown:  # the same buttons: nothing to send to the page
            self.children = self._shown = children

    @property
    def cards(self) -> Hand:
        """Every card in the row."""
        return self._cards


class CardView(w.HTML):  # type: ignore[misc]
    """One card, face up (``card`` given) or face down (``card=None``).

    >>> CardView(Card.parse("QS")).value.count('alt="queen of spades"')
    1
    >>> "cribbage-card-back" in CardView(None).value
    True
    """

    def __init__(self, card: CardLike | None = None, *, highlight: bool = False,
                 width: int = CARD_WIDTH) -> None:
        super().__init__()
        self._width = width
        self.show(card, highlight=highlight)

    def show(self, card: CardLike | None, *, highlight: bool = False) -> None:
        """Turn the view to ``card`` (or to a back when ``None``)."""
        self._card = None if card is None else Card.parse(card)
        self.value = (back_img(width=self._width) if self._card is None
                      else card_img(self._card, width=self._width, highlight=highlight))

    @property
    def card(self) -> Card | None:
        """The card shown, or ``None`` for a back."""
        return self._card


class HandView(w.HTML):  # type: ignore[misc]
    """A row of cards: faces, or backs when ``face_up=False``, with a caption.

    >>> view = HandView(parse_cards("5H 5C"), caption="the crib")
    >>> view.cards, "the crib" in view.value
    (Hand('5H 5C'), True)
    >>> view.show(parse_cards("KD"), face_up=False)
    >>> "king" in view.value, view.value.count("cribbage-card-back")
    (False, 1)
    """

    def __init__(self, cards: Iterable[CardLike] = (), *, face_up: bool = True,
                 caption: str = "", highlight: Iterable[CardLike] = (),
                 width: int = CARD_WIDTH) -> None:
        super().__init__()
        self._width = width
        self._cards = Hand()
        self.show(cards, face_up=face_up, caption=caption, highlight=highlight)

    def show(self, cards: Iterable[CardLike], *, face_up: bool = True, caption: str = "",
             highlight: Iterable[CardLike] = ()) -> None:
        """Show ``cards`` (faces or backs) with ``caption``; ``highlight`` marks some."""
        self._cards = parse_cards(cards)
        if face_up:
            self.value = hand_html(self._cards, caption=caption, width=self._width,
                                    highlight=parse_cards(highlight))
        else:
            self.value = backs_row(len(self._cards), caption=caption, width=self._width)

    @property
    def cards(self) -> Hand:
        """The cards in the row (also when they are shown face down)."""
        return self._cards


class SelectableHand(_CardButtons):
    """A hand whose cards the learner selects and deselects by clicking them.

    Each card is a toggle button showing the card's face; a selected card rises, gets
    a dark frame, a tick badge and a pale gold surround, and its button text (what a
    screen reader says) reads "five of hearts, selected". ``value`` is the selected
    cards in hand order (read-only); ``on_change(callback)`` is told the new selection.

    >>> picker = SelectableHand(parse_cards("AS 2S 3S"))
    >>> picker.toggle("3S"); picker.toggle("AS")
    >>> picker.value
    Hand('AS 3S')
    >>> picker.toggle("AS"); picker.value
    Hand('3S')
    """

    def __init__(self, cards: Iterable[CardLike] = ()) -> None:
        super().__init__("cribbage-selectable-hand")
        self._callbacks: list[Callable[[Hand], None]] = []
        self._toggles: dict[Card, w.ToggleButton] = {}
        self._dealing = False
        self.deal(cards)

    def deal(self, cards: Iterable[CardLike]) -> None:
        """Show a new hand with nothing selected (no change is reported for the cards
        of the last hand being cleared).

        >>> picker = SelectableHand(parse_cards("AS 2S 3S")); picker.toggle("2S")
        >>> ace = picker.button("AS"); picker.deal(parse_cards("KH QH JH"))
        >>> picker.value, picker.button("KH") is ace, picker.button("KH").description
        (Hand(''), True, 'king of hearts')
        """
        self._cards = parse_cards(cards)
        self._dealing = True
        try:
            toggles = self._buttons_for(self._cards, self._new_toggle)
            for toggle in toggles:
                toggle.value = False
        finally:
            self._dealing = False
        self._toggles = dict(zip(self._cards, toggles, strict=True))
        for card in self._cards:
            self._paint(card)
        self._lay_out(toggles)

    def _new_toggle(self) -> w.ToggleButton:
        toggle = _card_button(w.ToggleButton, "cribbage-card-toggle")
        toggle.observe(self._toggled, names="value")
        return toggle

    def _toggled(self, change: dict[str, object]) -> None:
        if self._dealing:
            return
        for card, toggle in self._toggles.items():
            if toggle is change["owner"]:
                self._paint(card)
        selection = self.value
        for callback in self._callbacks:
            callback(selection)

    def _paint(self, card: Card) -> None:
        on = bool(self._toggles[card].value)
        self._toggles[card].description = card.name + (", selected" if on else "")
        self._toggles[card].tooltip = f"{card.name}: {'selected' if on else 'not selected'}"

    @property
    def value(self) -> Hand:
        """The selected cards, in hand order."""
        return Hand(c for c in self._cards if self._toggles[c].value)

    def toggle(self, card: CardLike) -> None:
        """Select ``card`` if it is not selected, else deselect it (as a click does)."""
        button = self._toggles[Card.parse(card)]
        button.value = not button.value

    def clear(self) -> None:
        """Deselect every card."""
        for button in self._toggles.values():
            button.value = False

    def lock(self, locked: bool = True) -> None:
        """Stop (or allow again) selecting."""
        for button in self._toggles.values():
            button.disabled = locked

    def button(self, card: CardLike) -> w.ToggleButton:
        """The toggle button that is ``card``'s face."""
        return self._toggles[Card.parse(card)]

    def on_change(self, callback: Callable[[Hand], None]) -> None:
        """Call ``callback(selection)`` after every select or deselect."""
        self._callbacks.append(callback)


class PlayableHand(_CardButtons):
    """A hand of cards to lay: clicking a card (or Space/Enter on it) asks to play it.

    Which cards are enabled is set from outside (the engine knows what fits):
    :meth:`enable` takes the playable cards and disables (and dims) the rest, whose
    button text then says so.

    >>> played = []
    >>> hand = PlayableHand(parse_cards("5H KS"), on_play=played.append)
    >>> hand.enable(parse_cards("5H"))
    >>> hand.button("KS").disabled, hand.button("KS").description
    (True, 'king of spades (does not fit)')
    >>> hand.button("5H").click(); played
    [Card.parse('5H')]
    """

    def __init__(self, cards: Iterable[CardLike] = (), *,
                 on_play: Callable[[Card], object] | None = None) -> None:
        super().__init__("cribbage-playable-hand")
        self._on_play = on_play
        self._buttons: dict[Card, w.Button] = {}
        self.deal(cards)

    def deal(self, cards: Iterable[CardLike]) -> None:
        """Show ``cards`` with every button enabled. Cards already in the row keep their
        buttons (the others are hidden), so the page keeps its place and focus can move
        to the next card at once.

        >>> hand = PlayableHand(parse_cards("5H KS 2C"))
        >>> five = hand.button("5H"); hand.deal(parse_cards("5H 2C"))
        >>> hand.cards, hand.button("5H") is five, hand.button("KS").layout.display
        (Hand('5H 2C'), True, 'none')
        """
        held = parse_cards(cards)
        if held and set(held) <= set(self._buttons):
            self._cards = held
            for card, button in self._buttons.items():
                if card not in set(held):  # laid: out of sight and out of reach
                    button.layout.display, button.disabled = "none", True
            return
        self._cards = held
        buttons = self._buttons_for(held, self._new_button)
        self._buttons = dict(zip(held, buttons, strict=True))
        for card, button in self._buttons.items():
            button.tooltip = f"lay the {card.name}"
        self._lay_out(buttons)  # buttons of a longer hand before are left out of the row

    def _new_button(self) -> w.Button:
        button = _card_button(w.Button, "cribbage-card-button")
        button.on_click(self._clicked)
        return button

    def _clicked(self, button: w.Button) -> None:
        card = next((c for c, b in self._buttons.items() if b is button), None)
        if card is not None and self._on_play is not None:
            self._on_play(card)

    def enable(self, playable: Iterable[CardLike]) -> None:
        """Enable the buttons of ``playable`` and disable the others."""
        fits = set(parse_cards(playable))
        for card in self._cards:
            button = self._buttons[card]
            button.disabled = card not in fits
            button.description = card.name + ("" if card in fits else " (does not fit)")

    def button(self, card: CardLike) -> w.Button:
        """The button that is ``card``'s face."""
        return self._buttons[Card.parse(card)]
