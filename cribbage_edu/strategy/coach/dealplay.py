"""The rest of the play with hidden hands, for the judge's model of the whole deal
(:mod:`.deal`): after the card judged, each side lays knowing only its own cards and
what it has seen.

Both sides play the expert's look-ahead
(:func:`cribbage_edu.strategy.players.look_ahead_values`, through
:func:`cribbage_edu.strategy.reading.expert_rank`): for each card it may lay, the points it
pegs now, less the other's likely best answer, weighed by how many cards of each rank that
side has not seen; a card that pegs out is laid at once. Each side's count of unseen cards
shrinks as the other lays; neither ever looks at the other's hand. Given the two hands the
play is then fixed: the policy draws nothing at random.

The play follows RULES.md: turns alternate; a player with no card that fits says go and
the other lays on; when neither can lay, the last card scores 1 (a 31 scores its 2
instead); the player who did not lay the last card leads the next series if he has a card.

Suits never score in the play, so hands are sorted ranks (1 for the ace to 13 for the
king), and the cards each side has not seen are counts by rank (index 1-13).

Pone leads the 5 from 5 and K against the dealer's lone 10: his ten makes fifteen (2);
her king (25) pegs nothing but the last card (1). Net -1 for her; neither is home.

>>> from cribbage_edu.rules.cards import unseen_by_rank
>>> played = play_rest((5, 13), (10,), (), 5, unseen_by_rank(), unseen_by_rank(), False, 121, 121)
>>> played.net, played.mine, played.his, played.home
(-1, 1, 2, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.cards import COUNT_VALUES, THIRTY_ONE
from ..pegsolver import lay_points, pile_key
from ..reading import expert_rank

__all__ = ["PlayedOut", "play_rest"]

Ranks = tuple[int, ...]

_NEED_CAP = THIRTY_ONE + 1
"""Needs past this are all alike to the look-ahead (no card pegs more): capped so that one
remembered answer serves them all."""
_DANGER_CAP = 7
"""The look-ahead only asks whether the other needs 6 or fewer."""


@dataclass(frozen=True, slots=True)
class PlayedOut:
    """The rest of the play from the card judged: the points the judged side pegged
    (``mine``, that card's included) and the other's (``his``), ``net`` (mine less his),
    and ``home``: 1.0 if the judged side pegged what it needed first, 0.0 if the other did,
    ``None`` if neither got home in the play."""

    mine: int
    his: int
    home: float | None

    @property
    def net(self) -> int:
        return self.mine - self.his


def play_rest(mine: Ranks, his: Ranks, pile: Ranks, rank: int, my_unseen: list[int],
              his_unseen: list[int], his_go: bool, need_me: int, need_him: int) -> PlayedOut:
    """The judged side lays ``rank`` from ``mine`` (sorted ranks, ``rank`` among them) on
    ``pile`` (ranks since the count was reset); the other holds ``his`` and said go in this
    series or not (``his_go``). ``my_unseen`` and ``his_unseen`` count by rank the cards each
    side has not seen before the card (not changed: copies are kept). The points each side
    still needs (``need_me``, ``need_him``, at least 1) decide who gets home first, and what
    the look-ahead weighs near home. The play is then laid to its end by both sides' policy
    (see the module docstring)."""
    hands = [sorted(mine), sorted(his)]  # sorted: a hand's lowest card fits first
    hands[0].remove(rank)
    blind = [list(my_unseen), list(his_unseen)]  # what each side has not seen; 0 is judged
    got = [0, 0]
    need = (need_me, need_him)
    home: float | None = None
    said_go = [False, his_go]
    seq = tuple(pile)
    kept = pile_key(seq)  # the end of the pile that can still score
    count = 0
    for r in seq:
        count += COUNT_VALUES[r]
    who = 0
    while True:
        # ``who`` lays ``rank``
        other = 1 - who
        blind[other][rank] -= 1
        seq = (*seq, rank)
        points, kept = lay_points(kept, count, rank)
        count += COUNT_VALUES[rank]
        if points:
            got[who] += points
            if home is None and got[who] >= need[who]:
                home = 1.0 if who == 0 else 0.0
        if count == THIRTY_ONE:
            last = who
            nxt = None
        else:
            room = THIRTY_ONE - count
            if hands[other] and COUNT_VALUES[hands[other][0]] <= room:
                nxt = other
            elif hands[who] and COUNT_VALUES[hands[who][0]] <= room:
                said_go[other] = True
                nxt = who
            else:
                got[who] += 1  # the go, or the last card
                if home is None and got[who] >= need[who]:
                    home = 1.0 if who == 0 else 0.0
                last = who
                nxt = None
        if nxt is None:  # a new series: the one who did not lay last leads, if he can
            lead = 1 - last if hands[1 - last] else last
            if not hands[lead]:
                break
            seq, kept, count, said_go = (), (), 0, [False, False]
            nxt = lead
        who = nxt
        held = hands[who]
        rank = _only_fit(held, THIRTY_ONE - count) or expert_rank(
            tuple(held), seq, tuple(blind[who]), len(hands[1 - who]), said_go[1 - who],
            min(max(need[who] - got[who], 1), _NEED_CAP),
            min(max(need[1 - who] - got[1 - who], 1), _DANGER_CAP))
        held.remove(rank)
    return PlayedOut(got[0], got[1], home)


def _only_fit(held: list[int], room: int) -> int:
    """The rank a side lays when it has no choice: its lowest (``held`` is sorted, and its
    lowest card fits) when no card of another rank fits; else 0 (the look-ahead chooses)."""
    low = held[0]
    for r in held:
        if r != low:
            return 0 if COUNT_VALUES[r] <= room else low
    return low
