"""Playing the board all game, for lesson 14: offence or defence from the chance to win,
and the master's throws of the same six cards at different scores.

**Offence or defence.** From a position, four more points for you raise your chance to win;
four more for the opponent lower it. When your four points are worth more, play offence:
keep points, give your own crib good cards, peg when you can. When the opponent's are, play
defence: starve the crib, hold back cards that give points away. The chance-to-win table
says which:

>>> stance(80, 80, dealer=True).side, stance(80, 80, dealer=False).side
('defence', 'offence')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from course_figures import par
from cribbage_edu import FULL_DECK, parse_cards
from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.strategy.master import throw_chances
from cribbage_edu.tables.chance import win_probability
from the_board import position
from whole_play import how_made, judged

__all__ = ["Stance", "print_by_score", "print_fourth_street", "print_stances", "print_throws",
           "stance", "throws_at"]

STEP = 4
"""The points compared: four for you against four for the opponent."""
EVEN = 0.005
"""Under this difference (half a percent of a game) offence and defence are even."""


@dataclass(frozen=True)
class Stance:
    """What ``STEP`` points for you add to your chance to win, and what the same points
    for the opponent take from it; the side that follows."""

    gain: float
    loss: float

    @property
    def side(self) -> str:
        """``offence``, ``defence``, or ``either`` when the two differ by under half a
        percent of a game."""
        if abs(self.gain - self.loss) < EVEN:
            return "either"
        return "offence" if self.gain > self.loss else "defence"


def stance(me: int, them: int, *, dealer: bool) -> Stance:
    """Offence or defence at the start of a deal, from the chance-to-win table."""
    now = win_probability(me, them, dealer=dealer)
    gain = win_probability(min(me + STEP, 120), them, dealer=dealer) - now
    loss = now - win_probability(me, min(them + STEP, 120), dealer=dealer)
    return Stance(gain, loss)


def print_stances(deals: Sequence[int] = (2, 4, 6, 8),
                  ahead: Sequence[int] = (-20, -10, 0, 10, 20)) -> None:
    """For each number of deals played (the opponent at par) and how far you are from
    par: offence or defence, as dealer and as pone."""
    print("deals  par  " + "".join(f"{a:>+10}" for a in ahead) + "   (you against par)")
    for dealer in (True, False):
        print("you deal:" if dealer else "you are pone:")
        for played in deals:
            mark = round(par(played, first_dealer=True))
            cells = "".join(f"{stance(mark + a, mark, dealer=dealer).side:>10}"
                            if 0 <= mark + a < GAME_HOLE else f"{'':>10}" for a in ahead)
            print(f"{played:>5} {mark:>4}  {cells}")


def throws_at(six: Any, scores: tuple[int, int], *, dealer: bool = False) -> list[Any]:
    """The master's throws of ``six`` from a position, best first, each with the chance
    to win it leads to (``scores`` are yours first). The opponent's cards do not matter:
    the throw is weighed over the stored deals."""
    six = parse_cards(six)
    others = [c for c in FULL_DECK if c not in set(six)]
    mine, theirs = scores
    if dealer:
        game = position(others[:6], six, others[6], scores=(theirs, mine))
        return throw_chances(game.view(1))
    game = position(six, others[:6], others[6], scores=(mine, theirs))
    return throw_chances(game.view(0))


def print_throws(six: Any, scores: tuple[int, int], *, dealer: bool = False,
                 top: int = 3) -> None:
    """The best ``top`` throws by the chance to win, with the net of each (hand, crib and
    play, as lesson 13's advisor counts them)."""
    for weighed in throws_at(six, scores, dealer=dealer)[:top]:
        option = weighed.option
        print(f"throw {option.discard.symbols}, keep {option.keep.symbols}: chance to win "
              f"{weighed.chance:.1%} (net {option.net_ev + weighed.pegging:+.2f} points)")


def print_fourth_street(pone_needs: Sequence[int] = (6, 8, 10, 12, 14, 16),
                        dealer_needs: Sequence[int] = (6, 10, 14, 18, 22, 26)) -> None:
    """Fourth street: pone's chance to win at the start of a deal, by what each player
    needs to reach 121 (the chance-to-win table)."""
    print("pone needs   " + "".join(f"{n:>6}" for n in dealer_needs) + "   (the dealer needs)")
    for need in pone_needs:
        print(f"{need:>10}   " + "".join(
            f"{win_probability(GAME_HOLE - need, GAME_HOLE - other, dealer=False):>6.0%}"
            for other in dealer_needs))


def print_by_score(kept: str, scores: Sequence[tuple[int, int]], **position: Any) -> None:
    """Each card's chance to win of the whole deal (lesson 13's judge, reading the
    opponent) at each of ``scores`` (yours first); ✓ marks the cards within the judge's
    margin of the best. The cards in the order of the points of the whole play, the
    first the one that nets most."""
    by_points = judged(kept, **position)
    cards = [option.card for option in by_points.options]
    print(f"{'you':>4}{'opponent':>10}  " + "".join(f"{c.symbol:>8}" for c in cards))
    for mine, theirs in scores:
        verdict = judged(kept, scores=(mine, theirs), **position)
        chance = {o.card: o.chance for o in verdict.options}
        print(f"{mine:>4}{theirs:>10}  " + "".join(
            f"{chance[c]:>7.0%}{'✓' if c in verdict.within else ' '}" for c in cards))
    print(how_made(by_points))
