"""Card and hand views: faces from :mod:`cribbage_edu.render`, backs, selectable cards.

Every picture is an ``ipywidgets.HTML`` holding the engine's SVG, so a card looks the
same in a lesson's stored output, in a widget and on a Voila page, and screen readers
read its name (``aria-label="ten of hearts"``).

>>> from cribbage_edu import parse_cards
>>> picker = SelectableHand(parse_cards("5H 5C JD 4S"))
>>> picker.toggle("JD")
>>> str(picker.value[0]), picker.face("JD").value.count('stroke-width="3"')
('JD', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.cards import Card, CardLike, Hand, parse_cards
from cribbage_edu.render import (
    BLACK,
    CARD_WIDTH,
    RED,
    card_back_svg,
    card_row,
    card_svg,
    hand_html,
)

__all__ = [
    "CardView",
    "HandView",
    "PlayableHand",
    "SelectableHand",
    "backs_html",
    "cards_html",
]

cards_html = hand_html
"""A row of faces (with the cards' names as alt text) and an optional caption
(:func:`cribbage_edu.render.hand_html`)."""


def backs_html(n: int, *, caption: str = "", width: int = CARD_WIDTH,
               label: str = "a face-down card") -> str:
    """``n`` face-down cards in a row.

    >>> backs_html(3).count("cribbage-card-back")
    3
    """
    return card_row("".join(card_back_svg(width=width, label=label) for _ in range(n)), caption)


class CardView(w.HTML):  # type: ignore[misc]
    """One card, face up (``card`` given) or face down (``card=None``).

    >>> CardView(Card.parse("QS")).value.count('aria-label="queen of spades"')
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
        self.value = (card_back_svg(width=self._width) if self._card is None
                      else card_svg(self._card, width=self._width, highlight=highlight))

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
            self.value = cards_html(self._cards, caption=caption, width=self._width,
                                    highlight=parse_cards(highlight))
        else:
            self.value = backs_html(len(self._cards), caption=caption, width=self._width)

    @property
    def cards(self) -> Hand:
        """The cards in the row (also when they are shown face down)."""
        return self._cards


def _card_column(face: w.HTML, button: w.DOMWidget) -> w.VBox:
    return w.VBox([face, button], layout=w.Layout(align_items="center", width="auto",
                                                  margin="0 2px"))


class SelectableHand(w.HBox):  # type: ignore[misc]
    """A hand whose cards the learner selects and deselects by clicking.

    Each card is its face with a toggle under it; a selected card gets a gold border,
    rises a little and its toggle reads "✓ 5♥". ``value`` is the selected cards in hand
    order (read-only); ``on_change(callback)`` is told the new selection.

    >>> picker = SelectableHand(parse_cards("AS 2S 3S"))
    >>> picker.toggle("3S"); picker.toggle("AS")
    >>> picker.value
    Hand('AS 3S')
    >>> picker.toggle("AS"); picker.value
    Hand('3S')
    """

    def __init__(self, cards: Iterable[CardLike] = (), *, width: int = CARD_WIDTH) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="flex-end"))
        self.add_class("cribbage-selectable-hand")
        self._width = width
        self._callbacks: list[Callable[[Hand], None]] = []
        self._cards = Hand()
        self._faces: dict[Card, w.HTML] = {}
        self._toggles: dict[Card, w.ToggleButton] = {}
        self.deal(cards)

    def deal(self, cards: Iterable[CardLike]) -> None:
        """Show a new hand with nothing selected."""
        self._cards = parse_cards(cards)
        self._faces, self._toggles, columns = {}, {}, []
        for card in self._cards:
            face = w.HTML(card_svg(card, width=self._width))
            toggle = w.ToggleButton(
                value=False, description=card.symbol, tooltip=f"select the {card.name}",
                layout=w.Layout(width=f"{self._width + 8}px", padding="0"))
            toggle.add_class("cribbage-card-toggle")
            toggle.style.text_color = RED if card.is_red else BLACK
            toggle.observe(self._toggled, names="value")
            self._faces[card], self._toggles[card] = face, toggle
            columns.append(_card_column(face, toggle))
        self.children = tuple(columns)

    def _toggled(self, change: dict[str, object]) -> None:
        for card, toggle in self._toggles.items():
            if toggle is change["owner"]:
                self._paint(card)
        selection = self.value
        for callback in self._callbacks:
            callback(selection)

    def _paint(self, card: Card) -> None:
        on = bool(self._toggles[card].value)
        self._faces[card].value = card_svg(card, width=self._width, highlight=on)
        self._faces[card].layout.margin = "0 0 8px 0" if on else "0"
        self._toggles[card].description = ("✓ " if on else "") + card.symbol
        self._toggles[card].button_style = "warning" if on else ""
        self._toggles[card].tooltip = f"{'deselect' if on else 'select'} the {card.name}"

    @property
    def cards(self) -> Hand:
        """Every card in the hand."""
        return self._cards

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

    def face(self, card: CardLike) -> w.HTML:
        """The face widget of ``card``."""
        return self._faces[Card.parse(card)]

    def button(self, card: CardLike) -> w.ToggleButton:
        """The toggle under ``card``."""
        return self._toggles[Card.parse(card)]

    def on_change(self, callback: Callable[[Hand], None]) -> None:
        """Call ``callback(selection)`` after every select or deselect."""
        self._callbacks.append(callback)


class PlayableHand(w.HBox):  # type: ignore[misc]
    """A hand with a button under each card: clicking it asks to play that card.

    Which cards are enabled is set from outside (the engine knows what fits):
    :meth:`enable` takes the playable cards and disables the rest.

    >>> played = []
    >>> hand = PlayableHand(parse_cards("5H KS"), on_play=played.append)
    >>> hand.enable(parse_cards("5H"))
    >>> hand.button("KS").disabled, hand.button("5H").disabled
    (True, False)
    >>> hand.button("5H").click(); played
    [Card.parse('5H')]
    """

    def __init__(self, cards: Iterable[CardLike] = (), *,
                 on_play: Callable[[Card], object] | None = None,
                 width: int = CARD_WIDTH) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="flex-end"))
        self.add_class("cribbage-playable-hand")
        self._width = width
        self._on_play = on_play
        self._cards = Hand()
        self._buttons: dict[Card, w.Button] = {}
        self.deal(cards)

    def deal(self, cards: Iterable[CardLike]) -> None:
        """Show ``cards`` with every button enabled."""
        self._cards = parse_cards(cards)
        self._buttons, columns = {}, []
        for card in self._cards:
            button = w.Button(description=card.symbol, tooltip=f"play the {card.name}",
                              layout=w.Layout(width=f"{self._width + 8}px", padding="0"))
            button.add_class("cribbage-card-button")
            button.style.text_color = RED if card.is_red else BLACK
            button.on_click(self._clicked(card))
            self._buttons[card] = button
            columns.append(_card_column(w.HTML(card_svg(card, width=self._width)), button))
        self.children = tuple(columns)

    def _clicked(self, card: Card) -> Callable[[w.Button], None]:
        def handle(_: w.Button) -> None:
            if self._on_play is not None:
                self._on_play(card)
        return handle

    @property
    def cards(self) -> Hand:
        return self._cards

    def enable(self, playable: Iterable[CardLike]) -> None:
        """Enable the buttons of ``playable`` and disable the others."""
        fits = set(parse_cards(playable))
        for card, button in self._buttons.items():
            button.disabled = card not in fits

    def button(self, card: CardLike) -> w.Button:
        """The button under ``card``."""
        return self._buttons[Card.parse(card)]
