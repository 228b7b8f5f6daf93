"""Small widgets built for single lessons, with their wiring kept out of the lessons.

Each returns a :class:`cribbage_edu.widgets.Panel` (a column of widgets that, in a lesson
not yet run, shows one line saying what running the cell gives instead of a list of widget
reprs). They are thin: every rule question goes to the engine. Callbacks set ``.value``
(never ``print`` inside an Output), so they behave the same in JupyterLab, Voila and strict
nbval.

>>> box = deal_viewer(seed=2024)
>>> box.children[0].value
2024
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import ipywidgets as widgets  # type: ignore[import-untyped]

from cribbage_edu import FULL_DECK, Deck, Hand, parse_cards, score_hand
from cribbage_edu.render import hand_html
from cribbage_edu.rules.cards import CardLike
from cribbage_edu.rules.game import cut_for_deal
from cribbage_edu.rules.scoring import BEST_HAND
from cribbage_edu.widgets import Panel

__all__ = ["cut_viewer", "deal_viewer", "score_chance", "starter_picker"]


def deal_two(seed: int) -> tuple[Hand, Hand]:
    """Six cards each, dealt one at a time from a deck shuffled with ``seed``:
    (pone's hand, dealer's hand). Pone gets the first card."""
    twelve = Deck(seed=seed).deal(12)
    return parse_cards(twelve[0::2]), parse_cards(twelve[1::2])


def deal_viewer(seed: int = 2024) -> Panel:
    """A seed slider and the two hands it deals."""
    slider = widgets.IntSlider(value=seed, min=0, max=9999, description="seed")
    view = widgets.HTML()

    def show(change: object = None) -> None:
        pone, dealer = deal_two(slider.value)
        view.value = (hand_html(pone, caption="pone's six cards")
                      + hand_html(dealer, caption="the dealer's six cards"))

    slider.observe(show, names="value")
    show()
    return Panel([slider, view], run_to="deal the hands of any seed")


def cut_viewer(seed: int = 1) -> Panel:
    """Cut for deal again and again, from a seeded sequence of shuffles: each press of
    the button cuts two cards and says who deals (or that they must cut again)."""
    state = {"seed": seed, "cuts": 0, "again": 0}
    button = widgets.Button(description="Cut for deal")
    view = widgets.HTML("Press the button: each player cuts a card, and the lower rank deals.")
    tally = widgets.HTML()

    def cut(_: object = None) -> None:
        deck = Deck(seed=state["seed"] * 1000 + state["cuts"])
        first, second = deck.cut(), deck.cut()
        state["cuts"] += 1
        dealer = cut_for_deal(first, second)  # the engine's rule: the lower rank deals
        if dealer is None:
            state["again"] += 1
            verdict = "equal ranks: cut again"
        else:
            verdict = "you deal" if dealer == 0 else "your opponent deals"
        view.value = (hand_html([first], caption="your cut")
                      + hand_html([second], caption="your opponent's cut")
                      + f"<b>{verdict}</b>")
        tally.value = (f"cuts so far: {state['cuts']}; equal ranks: {state['again']} "
                       f"(seed {seed})")

    button.on_click(cut)
    return Panel([button, view, tally], run_to="cut for deal again and again")


def starter_picker(keep: str | Iterable[CardLike], thrown: str | Iterable[CardLike]) -> Panel:
    """A kept hand and a menu of the starters it may meet; the count for the one chosen."""
    kept, laid_away = parse_cards(keep), parse_cards(thrown)
    seen = {*kept, *laid_away}
    starters = [card for card in FULL_DECK if card not in seen]
    menu = widgets.Dropdown(options=[(c.symbol, str(c)) for c in starters],
                            value=str(starters[0]), description="starter")
    view = widgets.HTML()

    def show(change: object = None) -> None:
        score = score_hand(kept, menu.value)
        view.value = score._repr_html_()

    menu.observe(show, names="value")
    show()
    return Panel([widgets.HTML(hand_html(kept, caption="kept")
                               + hand_html(laid_away, caption="thrown")), menu, view],
                 run_to="count the hand with any starter")


def score_chance(hand_census: dict[int, int], crib_census: dict[int, int]) -> Panel:
    """A score slider and hand/crib buttons: the exact chance of that score, and of that
    score or more, read from the census."""
    slider = widgets.IntSlider(value=12, min=0, max=BEST_HAND, description="score")
    kind = widgets.ToggleButtons(options=["hand", "crib"], value="hand")
    view = widgets.HTML()

    def say(p: Fraction) -> str:
        if p in (0, 1):
            return "never" if p == 0 else "always"
        percent = f"{100 * float(p):.2f}%" if p >= Fraction(1, 10_000) else "under 0.01%"
        return f"{p} = {percent}, about 1 in {round(1 / p):,}"

    def show(change: object = None) -> None:
        census = hand_census if kind.value == "hand" else crib_census
        total = sum(census.values())
        score = slider.value
        exactly = Fraction(census.get(score, 0), total)
        at_least = Fraction(sum(n for s, n in census.items() if s >= score), total)
        view.value = (f"<b>exactly {score}</b>: {census.get(score, 0):,} of {total:,} cases: "
                      f"{say(exactly)}<br><b>{score} or more</b>: {say(at_least)}")

    slider.observe(show, names="value")
    kind.observe(show, names="value")
    show()
    return Panel([widgets.HBox([slider, kind]), view],
                 run_to="read the exact chance of any score")
