"""Playing the board: what a deal is worth, par, and the chance to win, for lesson 14.

Every figure comes from the engine: the 100,000 simulated deals between two experts that
the chance-to-win table is solved from (:mod:`cribbage_edu.models.chancemodel`), the table
itself (:mod:`cribbage_edu.tables.chance`) and the master's weighing of throws and cards
(:mod:`cribbage_edu.strategy.master`).

>>> worth = {(w.role, w.source): w for w in deal_worth()}
>>> round(worth["dealer", "total"].mean, 2), round(worth["pone", "total"].mean, 2)
(16.4, 10.48)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets  # type: ignore[import-untyped]
import numpy as np
import numpy.typing as npt

from cribbage_edu import Game
from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.rules.cards import CardLike
from cribbage_edu.rules.game import stacked_game
from cribbage_edu.stats import half_width
from cribbage_edu.tables.chance import PEG_SLOTS, STREAM, chance_words, win_probability
from cribbage_edu.widgets import Panel

__all__ = ["Worth", "chance_explorer", "chance_grid", "count_out", "deal_worth", "par",
           "position", "print_count_out", "print_deal_worth"]

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""

_COLUMN = {name: STREAM.index(name) for name in ("heels", "pone hand", "dealer hand", "crib")}


@dataclass(frozen=True)
class Worth:
    """What one source brings one role in a deal: the mean over the simulated deals and
    its 95% interval (:func:`cribbage_edu.stats.half_width`: the deals are independent)."""

    role: str
    source: str
    mean: float
    low: float
    high: float


def _worth(role: str, source: str, points: npt.ArrayLike) -> Worth:
    values = np.asarray(points, dtype=float)
    mean = float(values.mean())
    half = half_width(float(values.std(ddof=1)), len(values))
    return Worth(role, source, mean, mean - half, mean + half)


def _sources() -> dict[str, npt.NDArray[np.int64]]:
    """Each source of points of every stored deal (the deals the chance-to-win table is
    solved from): his heels, each side's pegging, the two hands and the crib."""
    from cribbage_edu.models.chancemodel import stored_deals

    deals = stored_deals().astype(int)
    pegs = deals[:, 1:1 + PEG_SLOTS]
    return {"heels": deals[:, _COLUMN["heels"]],
            "dealer pegs": np.where(pegs > 0, pegs, 0).sum(1),
            "pone pegs": np.where(pegs < 0, -pegs, 0).sum(1),
            "dealer hand": deals[:, _COLUMN["dealer hand"]], "crib": deals[:, _COLUMN["crib"]],
            "pone hand": deals[:, _COLUMN["pone hand"]]}


def count_out(need: int, *, dealer: bool) -> float:
    """The chance that the dealer (or pone) scores at least ``need`` points in a deal: the
    share of the stored deals between two experts (100,000, seeded) in which he did.

    >>> round(count_out(10, dealer=False), 2), round(count_out(16, dealer=True), 2)
    (0.54, 0.54)
    """
    s = _sources()
    total = (s["heels"] + s["dealer pegs"] + s["dealer hand"] + s["crib"] if dealer
             else s["pone pegs"] + s["pone hand"])
    return float((total >= need).mean())


def print_count_out(needs: Iterable[int] = range(6, 25, 2)) -> None:
    """The count-out card: for each number of points, the chance to score at least that
    many in the coming deal, as pone and as dealer."""
    print(f"{'points':>6}{'pone':>8}{'dealer':>8}")
    for need in needs:
        print(f"{need:>6}{count_out(need, dealer=False):>8.0%}"
              f"{count_out(need, dealer=True):>8.0%}")


def deal_worth() -> list[Worth]:
    """What a deal brings the dealer and pone, source by source, with totals."""
    s = _sources()
    heels, dealer_pegs, pone_pegs = s["heels"], s["dealer pegs"], s["pone pegs"]
    dealer_hand, crib, pone_hand = s["dealer hand"], s["crib"], s["pone hand"]
    return [
        _worth("dealer", "his heels", heels), _worth("dealer", "pegging", dealer_pegs),
        _worth("dealer", "hand", dealer_hand), _worth("dealer", "crib", crib),
        _worth("dealer", "total", heels + dealer_pegs + dealer_hand + crib),
        _worth("pone", "pegging", pone_pegs), _worth("pone", "hand", pone_hand),
        _worth("pone", "total", pone_pegs + pone_hand),
        _worth("dealer less pone", "total", heels + dealer_pegs + dealer_hand + crib
               - pone_pegs - pone_hand),
    ]


def print_deal_worth(*, difference: bool = False) -> None:
    """The table of :func:`deal_worth`, as text (the dealer-less-pone row only with
    ``difference=True``: lesson 14 asks for it first)."""
    print(f"{'':18}{'source':>10}{'mean':>8}   95% interval")
    for w in deal_worth():
        if w.role == "dealer less pone" and not difference:
            continue
        print(f"{w.role:18}{w.source:>10}{w.mean:8.2f}   {w.low:.2f} to {w.high:.2f}")


def par(deals: int, *, first_dealer: bool) -> float:
    """The points a player has on average after ``deals`` whole deals (as first dealer,
    he dealt the odd ones): a dealer's total for each deal he dealt, pone's for the
    others.

    >>> round(par(2, first_dealer=True), 1)
    26.9
    """
    worth = {(w.role, w.source): w.mean for w in deal_worth()}
    dealt = (deals + 1) // 2 if first_dealer else deals // 2
    return dealt * worth["dealer", "total"] + (deals - dealt) * worth["pone", "total"]


def chance_grid(scores: Sequence[int], *, dealer: bool, target: int = GAME_HOLE) -> None:
    """Your chance to win (in whole percent) for your score down the side and the other
    player's across the top, at the start of a deal you deal (or not)."""
    print("you \\ them" + "".join(f"{s:>6}" for s in scores))
    for mine in scores:
        row = "".join(f"{win_probability(mine, theirs, dealer=dealer, target=target):6.0%}"
                      for theirs in scores)
        print(f"{mine:>10}{row}")


def chance_explorer(score: int = 100, other: int = 100, *, dealer: bool = True) -> Panel:
    """Two sliders and a choice of role: your chance to win from any position, in words
    (before the cell is run it says so, rather than showing the widgets' text)."""
    mine = widgets.IntSlider(value=score, min=0, max=120, description="you")
    theirs = widgets.IntSlider(value=other, min=0, max=120, description="them")
    role = widgets.ToggleButtons(options=["you deal", "you are pone"],
                                 value="you deal" if dealer else "you are pone",
                                 description="this deal")
    said = widgets.HTML()

    def show(_: object = None) -> None:
        said.value = "<b>" + chance_words(mine.value, theirs.value,
                                          dealer=role.value == "you deal") + "</b>"

    for control in (mine, theirs, role):
        control.observe(show, names="value")
    show()
    return Panel([mine, theirs, role, said],
                 run_to="read your chance to win from any scores")


def position(pone_six: Cards, dealer_six: Cards, starter: CardLike, *, scores: tuple[int, int],
             throws: tuple[Cards, Cards] | None = None) -> Game:
    """A game at a chosen position: pone (seat 0) is dealt ``pone_six`` and the dealer
    (seat 1) ``dealer_six``, the starter will be ``starter``, the scores are ``scores``
    (pone's first). The game waits for the throws; with ``throws`` (pone's two cards,
    then the dealer's) they are made and the starter is turned, so the play is next.

    >>> game = position("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119),
    ...                 throws=("9C KD", "JC QD"))
    >>> str(game.phase), game.starter.symbol, game.scores
    ('play', '8♠', (113, 119))
    """
    game = stacked_game(pone_six, dealer_six, starter, scores=scores)
    if throws is not None:
        for seat, cards in enumerate(throws):
            game.discard(seat, cards)
        game.advance()  # the starter
    return game
