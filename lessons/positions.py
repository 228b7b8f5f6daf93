"""Positions in the play that a lesson states, rebuilt through the engine's ``Play``.

A lesson that says "pone led the 6♥ and you, the dealer, hold 7♣ 8♦ K♠ Q♥" states a
position: who led, the cards laid (and every go), the cards one player holds and how many
the other holds. :func:`rebuild` replays it in a real :class:`~cribbage_edu.Play`, the
unknown cards of the opponent filled in with cards that keep every step legal, and
refuses a position no table can reach:

>>> spot = rebuild([("pone", "6H")], holds={"dealer": "7C 8D KS QH", "pone": 3})
>>> spot.count, spot.to_play, spot.holding("dealer").symbols, len(spot.holding("pone"))
(6, 'dealer', '7♣ 8♦ K♠ Q♥', 3)
>>> rebuild([("pone", "6H")], holds={"dealer": "7C 8D KS", "pone": 3})
Traceback (most recent call last):
...
ValueError: no play reaches this position: the dealer holds 4 cards there, not 3
>>> rebuild([("dealer", "KH")], holds={"pone": "5C 10D 4S", "dealer": 3})
Traceback (most recent call last):
...
ValueError: no play reaches this position: pone leads the first series

The opponent's cards are found by search, cards of high value first (they fit least,
so they keep a go legal); a filler is never a card the position names.

This is the play alone, as lessons 05 and 06 state it: no starter, no throw, every go
said aloud, either player the one to choose. A position of a whole deal (one player's
four kept and two thrown, the starter, the board), as the strategy lessons state it, is
the engine's :meth:`~cribbage_edu.rules.game.PlayerView.in_play`, which the judge takes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribbage_edu import FULL_DECK, Play, parse_cards
from cribbage_edu.rules.errors import CribbageError

__all__ = ["Spot", "rebuild"]

SEATS = {"pone": Play.PONE, "dealer": Play.DEALER}
TRIES = 400


@dataclass(frozen=True)
class Spot:
    """A position reached in a real play: the play itself, and the player to act."""

    play: Play
    to_play: str

    @property
    def count(self) -> int:
        return self.play.count

    @property
    def pile(self) -> Any:
        """The cards laid since the count was last at zero."""
        return self.play.pile

    @property
    def laid(self) -> list[Any]:
        """Every card laid so far, in order."""
        return [card for _, card in self.play.laid]

    def holding(self, who: str) -> Any:
        return self.play.hand(SEATS[who])


def _replay(hands: Mapping[str, Sequence[Any]], actions: Sequence[tuple[str, str]]) -> Play:
    play = Play(pone_hand=list(hands["pone"]), dealer_hand=list(hands["dealer"]))
    for who, what in actions:
        if what == "go":
            play.go(SEATS[who])
        else:
            play.play(SEATS[who], what)
    return play


def rebuild(actions: Sequence[tuple[str, str]], *, holds: Mapping[str, str | int],
            to_play: str | None = None) -> Spot:
    """Replay ``actions`` (``("pone", "6H")``, ``("dealer", "go")``, ...) from the start of
    the play. ``holds`` gives, for each player, the cards still held (as text) or, when
    they are unknown, how many. ``to_play`` is who must act next (by default the player
    who holds named cards). Raises ``ValueError`` saying why when no deal reaches it."""
    if actions and actions[0][0] != "pone":
        raise ValueError("no play reaches this position: pone leads the first series")
    known = {who: parse_cards(held) for who, held in holds.items() if isinstance(held, str)}
    counts = {who: len(known[who]) if who in known else int(held)
              for who, held in holds.items()}
    laid = {who: [card for actor, card in actions if actor == who and card != "go"]
            for who in SEATS}
    for who in SEATS:
        total = len(laid[who]) + counts[who]
        if total != 4:
            said = "pone" if who == "pone" else "the dealer"
            raise ValueError(f"no play reaches this position: {said} holds "
                             f"{4 - len(laid[who])} cards there, not {counts[who]}")
    named = {c for who in SEATS for c in [*parse_cards(laid[who]), *known.get(who, [])]}
    spare = sorted((c for c in FULL_DECK if c not in named), key=lambda c: (-c.value, c))
    rng = random.Random(0)
    problem = ""
    for attempt in range(TRIES):
        pool = list(spare) if attempt == 0 else rng.sample(spare, len(spare))
        hands = {}
        for who in SEATS:
            fill = [] if who in known else [pool.pop(0) for _ in range(counts[who])]
            hands[who] = [*parse_cards(laid[who]), *known.get(who, []), *fill]
        try:
            play = _replay(hands, actions)
        except CribbageError as exc:
            problem = str(exc)
            continue
        chooser = to_play or next((who for who in SEATS if who in known), None)
        actor = {Play.PONE: "pone", Play.DEALER: "dealer"}.get(play.turn)  # type: ignore[arg-type]
        if chooser is not None and actor != chooser:
            problem = f"it is {actor}'s turn there, not {chooser}'s"
            continue
        return Spot(play, actor or "nobody")
    raise ValueError(f"no play reaches this position: {problem}")
