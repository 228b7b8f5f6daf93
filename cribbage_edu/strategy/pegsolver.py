"""The rest of the play, solved with both hands open: the coach's measure of a card.

Given the ranks each player still holds and the cards laid since the count was last
reset, :func:`rest_of_play` works out the net points (the player to lay less the other)
of the whole rest of the play when both players lay their best, each seeing the other's
cards: every fifteen, pair, run and 31, every go and the last card. It is a minimax
over every order the cards can be laid in, with a table of positions already solved.

Suits never score in the play, so a hand is a sorted tuple of ranks (1 for the ace to
13 for the king).

>>> rest_of_play((5,), (), ())             # one card left: one for the last card
1
>>> rest_of_play((10,), (5,), ())          # lead the ten: the five makes fifteen (2 + 1 last)
-3
>>> # lead the ten: fifteen 2 for his five, then your five pairs it (2) and is last (1)
>>> after_card((5, 10), (5,), (), 10)
1
>>> # lead the five: he pairs it for 2; your ten pegs only the last card
>>> after_card((5, 10), (5,), (), 5)
-1

How it is fast: a position is (the ranks the player to lay holds, the other's ranks, the
count, and only the cards of the pile that can still score: a run never reaches past
two cards of one rank, so only the end of the pile with no rank twice is kept, or the
cards of one rank that end it). Positions are remembered across calls (ranks only, so
the same position recurs game after game), up to :data:`MEMO_LIMIT` of them.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from ..rules.cards import COUNT_VALUES, FIFTEEN, THIRTY_ONE
from ..rules.errors import IllegalPlayError

__all__ = ["MEMO_LIMIT", "PegRace", "after_card", "answer_after", "gc_paused", "lay_points",
           "pile_key", "replies", "rest_of_play", "solved_positions", "straight_back"]

MEMO_LIMIT = 1_500_000
"""The most positions remembered; past it the table is emptied and starts again."""

_VALUE = tuple(COUNT_VALUES[r] if r else 0 for r in range(14))
_PAIR_POINTS = (0, 0, 2, 6, 12)

Ranks = tuple[int, ...]
_MEMO: dict[tuple[Ranks, Ranks, Ranks, int], int] = {}
_STEP: dict[Ranks, tuple[int, Ranks]] = {}


def pile_key(ranks: Sequence[int]) -> Ranks:
    """The end of a pile (ranks since the reset) that can still score for cards laid on
    it: the longest end with no rank twice (a run cannot reach past a repeated rank), or
    the cards of one rank that end it, whichever is longer.

    >>> pile_key((3, 9, 4, 5)), pile_key((6, 2, 6, 7)), pile_key((8, 4, 4))
    ((3, 9, 4, 5), (2, 6, 7), (4, 4))
    """
    n = len(ranks)
    if not n:
        return ()
    last = ranks[-1]
    same = 1
    while same < n and ranks[n - 1 - same] == last:
        same += 1
    if same > 1:
        return tuple(ranks[n - same:])
    seen = {last}
    start = n - 1
    while start > 0 and ranks[start - 1] not in seen:
        start -= 1
        seen.add(ranks[start])
    return tuple(ranks[start:])


def _step(pile: Ranks) -> tuple[int, Ranks]:
    """For a kept pile end with a new card on it: the pair and run points of that card
    (fifteen and 31 need the count, added by the caller), and the new kept end. The kept
    end holds no rank twice (or is one rank only), so the longest run is found by
    widening the window back from the new card while its ranks stay distinct.

    >>> _step((4, 6, 5)), _step((9, 9)), _step((3, 9, 4, 5, 3)), _step((9, 9, 10))
    ((3, (4, 6, 5)), (2, (9, 9)), (3, (9, 4, 5, 3)), (0, (9, 10)))
    """
    found = _STEP.get(pile)
    if found is not None:
        return found
    n = len(pile)
    rank = pile[-1]
    if n > 1 and pile[-2] == rank:
        same = 2
        while same < n and same < 4 and pile[n - 1 - same] == rank:
            same += 1
        found = (_PAIR_POINTS[same], pile)
    else:
        kept = pile_key(pile)
        run = 0
        low = high = rank
        for k in range(2, len(kept) + 1):
            r = kept[-k]
            if r < low:
                low = r
            elif r > high:
                high = r
            if k >= 3 and high - low == k - 1:
                run = k
        found = (run, kept)
    _STEP[pile] = found
    return found


def lay_points(kept: Ranks, count: int, rank: int) -> tuple[int, Ranks]:
    """The points a card of ``rank`` pegs laid on a pile known by the end of it that can
    still score (``kept``: :func:`pile_key` of the pile, or an end this function gave) and
    its ``count``: fifteen, 31, pairs and runs (the go and the last card are the caller's);
    and the kept end of the pile with the card on it. A look-ahead that lays card after
    card keeps only these ends, which many piles share.

    >>> lay_points(pile_key((9, 4, 5)), 18, 6)   # 9 4 5 6: a run of three, count 24
    (3, (9, 4, 5, 6))
    >>> lay_points(pile_key((10, 5)), 15, 5)     # 10 5 5: a pair, count 20
    (2, (10, 5, 5))
    >>> lay_points((), 0, 5)                     # a lead scores nothing
    (0, (5,))
    """
    laid = (*kept, rank)
    step = _STEP.get(laid)
    if step is None:
        step = _step(laid)
    count += _VALUE[rank]
    if count in (FIFTEEN, THIRTY_ONE):
        return step[0] + 2, step[1]
    return step


def replies(kept: Ranks, count: int) -> tuple[tuple[int, Ranks], ...]:
    """:func:`lay_points` of each rank that fits on the pile (``kept``, ``count``), the ace
    first: the ranks that fit are always the lowest, so the n-th is the rank n.

    >>> [points for points, _ in replies((1, 10, 10), 21)]   # A-K on 21: a third 10 makes 31
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 2, 2]
    """
    out = []
    for r in range(1, 14):
        now = count + _VALUE[r]
        if now > THIRTY_ONE:
            break  # sorted by rank, so by value too: nothing further fits
        laid = (*kept, r)
        step = _STEP.get(laid)
        if step is None:
            step = _step(laid)
        out.append((step[0] + 2, step[1]) if now in (FIFTEEN, THIRTY_ONE) else step)
    return tuple(out)


def straight_back(ends: Sequence[Ranks], count: int, rank: int) -> tuple[int, ...]:
    """For each rank the other could lay on a pile of ``count`` (the ace first, as
    :func:`replies` gives them; ``ends`` the kept end after each), the points a card of
    ``rank`` pegs laid straight back on it: 0 where it does not fit, or his card made 31.

    >>> straight_back([end for _, end in replies((10, 10), 20)], 20, 1)[:4]  # 21 A A: a pair
    (2, 0, 0, 0)
    """
    out = []
    value = _VALUE[rank]
    for r, kept in enumerate(ends, 1):
        now = count + _VALUE[r]
        if now >= THIRTY_ONE or now + value > THIRTY_ONE:
            out.append(0)
            continue
        laid = (*kept, rank)
        step = _STEP.get(laid)
        if step is None:
            step = _step(laid)
        out.append(step[0] + 2 if now + value in (FIFTEEN, THIRTY_ONE) else step[0])
    return tuple(out)


def after_card(mine: Ranks, theirs: Ranks, pile: Sequence[int], rank: int) -> int:
    """The net points, for the player who lays ``rank`` from ``mine`` (sorted ranks) on
    ``pile`` (ranks since the reset), of that card and the whole rest of the play, both
    players laying their best with both hands open; ``theirs`` is the other's sorted
    ranks.

    A 31 on the last card: 2 for the 31, no last card.

    >>> after_card((4,), (), (10, 10, 7), 4)
    2
    """
    i = mine.index(rank)
    key = pile_key(pile)
    count = 0
    for r in pile:
        count += _VALUE[r]
    return _after(mine[:i] + mine[i + 1:], theirs, key, count, rank)


def _after(rest: Ranks, theirs: Ranks, pile: Ranks, count: int, rank: int) -> int:
    """The net for the player who lays ``rank`` (``rest`` is what they hold after it)."""
    points, kept = _step((*pile, rank))
    count += _VALUE[rank]
    if count in (FIFTEEN, THIRTY_ONE):
        points += 2
    if count != THIRTY_ONE:
        room = THIRTY_ONE - count
        if theirs and _VALUE[theirs[0]] <= room:
            return points - _best(theirs, rest, kept, count)
        if rest and _VALUE[rest[0]] <= room:
            return points + _best(rest, theirs, kept, count)
        points += 1  # a go, or the last card
    if theirs:  # the other leads the next series if they can
        return points - _best(theirs, rest, (), 0)
    return points + _best(rest, (), (), 0) if rest else points


def _best(mine: Ranks, theirs: Ranks, pile: Ranks, count: int) -> int:
    """The best net for the player to lay, who holds a card that fits. (The body of
    :func:`_after` is written out in the loop: this is the solver's inner loop.)"""
    key = (mine, theirs, pile, count)
    found = _MEMO.get(key)
    if found is not None:
        return found
    best = -1000
    previous = 0
    room = THIRTY_ONE - count
    value_of = _VALUE
    for i, rank in enumerate(mine):
        if rank == previous:
            continue
        if value_of[rank] > room:
            break  # sorted by rank, so by value too: nothing further fits
        previous = rank
        rest = mine[:i] + mine[i + 1:]
        laid = (*pile, rank)
        step = _STEP.get(laid)
        if step is None:
            step = _step(laid)
        points, kept = step
        now = count + value_of[rank]
        reset = now == THIRTY_ONE
        if now == FIFTEEN or reset:
            points += 2
        if not reset:
            left = THIRTY_ONE - now
            if theirs and value_of[theirs[0]] <= left:
                points -= _best(theirs, rest, kept, now)
            elif rest and value_of[rest[0]] <= left:
                points += _best(rest, theirs, kept, now)
            else:
                points += 1  # a go, or the last card
                reset = True
        if reset:  # the other leads the next series if they can
            if theirs:
                points -= _best(theirs, rest, (), 0)
            elif rest:
                points += _best(rest, (), (), 0)
        if points > best:
            best = points
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def rest_of_play(mine: Ranks, theirs: Ranks, pile: Sequence[int]) -> int:
    """The net points of the rest of the play for the player to lay (``mine``, sorted
    ranks) against ``theirs``, from ``pile`` (ranks since the reset), both laying their
    best with both hands open. If no card of ``mine`` fits, the other lays on (the
    player to lay says go).

    >>> # at 30 the ace makes 31 (2); his ace, led alone, is the last card (1)
    >>> rest_of_play((1,), (1,), (10, 10, 10))
    1
    >>> # the 2 does not fit: his ace makes 31, then the 2 is the last card
    >>> rest_of_play((2,), (1,), (10, 10, 10))
    -1
    """
    key = pile_key(pile)
    count = 0
    for r in pile:
        count += _VALUE[r]
    room = THIRTY_ONE - count
    if mine and _VALUE[mine[0]] <= room:
        return _best(mine, theirs, key, count)
    if theirs and _VALUE[theirs[0]] <= room:
        return -_best(theirs, mine, key, count)
    if not pile:
        return 0
    raise IllegalPlayError(f"no card of {mine} or {theirs} fits on {tuple(pile)}: the go "
                           f"is scored before the count starts again")


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a judge solves many positions (the solver
    makes no reference cycles: everything it makes is freed as usual). The collector
    would otherwise walk the table of solved positions again and again: about a tenth
    of the time of a first lead's judgement, and its slowest moments.

    >>> import gc
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def solved_positions() -> int:
    """How many positions are remembered now.

    >>> solved_positions() >= 0
    True
    """
    return len(_MEMO)


def answer_after(mine: Ranks, theirs: Ranks, pile: Sequence[int], rank: int) -> tuple[int, int]:
    """For the player who lays ``rank``: the net of the rest of the play (as
    :func:`after_card`), and the points the other pegs at once with the best answer
    (0 when no card of theirs fits, or the card made 31 and the count starts again).
    Of equally good answers, the lowest rank is taken.

    >>> answer_after((5, 10), (5,), (), 10)   # the five answers the ten: fifteen for 2
    (1, 2)
    >>> # lead the five: his ten makes fifteen (2); your king is the last card (1)
    >>> answer_after((5, 13), (10,), (), 5)
    (-1, 2)
    """
    value = after_card(mine, theirs, pile, rank)
    key = pile_key(pile)
    count = _VALUE[rank]
    for r in pile:
        count += _VALUE[r]
    if count == THIRTY_ONE or not theirs or _VALUE[theirs[0]] > THIRTY_ONE - count:
        return value, 0
    i = mine.index(rank)
    rest = mine[:i] + mine[i + 1:]
    kept = _step((*key, rank))[1]
    best, answer, previous = -1000, 0, 0
    for j, reply in enumerate(theirs):
        if reply == previous:
            continue
        if _VALUE[reply] > THIRTY_ONE - count:
            break
        previous = reply
        worth = _after(theirs[:j] + theirs[j + 1:], rest, kept, count, reply)
        if worth > best:
            points = _step((*kept, reply))[0]
            if count + _VALUE[reply] in (FIFTEEN, THIRTY_ONE):
                points += 2
            best, answer = worth, points
    return value, answer


class PegRace:
    """The rest of the play solved for the chance to win rather than for points, when
    the game may end in this deal: a player who pegs the points they still need wins
    at once; at the end of the play ``show(need_a, need_b)`` gives the chance that
    player A (the one judged) wins from there (the show and the deals after it). Both
    players lay to win, with both hands open. Positions are remembered for the life
    of the object (the show differs from one position to another).

    Player A needs 2 and lays the last ace on 29: 31 for 2 wins at once.

    >>> race = PegRace(lambda need_a, need_b: 0.5)
    >>> race.after_card((1,), (), (10, 10, 10), 1, 2, 5)
    1.0
    >>> race.after_card((1,), (), (10, 10, 8), 1, 2, 5)   # 29 and the last card: 1, not 2
    0.5
    """

    def __init__(self, show: Callable[[int, int], float]) -> None:
        self._show = show
        self._memo: dict[tuple[Ranks, Ranks, Ranks, int, int, int, bool], float] = {}

    def after_card(self, mine: Ranks, theirs: Ranks, pile: Sequence[int], rank: int,
                   need_a: int, need_b: int) -> float:
        """Player A's chance to win after laying ``rank`` from ``mine`` on ``pile``, when
        A still needs ``need_a`` points and the other ``need_b`` (both at least 1)."""
        i = mine.index(rank)
        count = 0
        for r in pile:
            count += _VALUE[r]
        return self._after(mine[:i] + mine[i + 1:], theirs, pile_key(pile), count, rank,
                           need_a, need_b, True)

    def _end(self, need_me: int, need_them: int, a: bool) -> float:
        return self._show(need_me, need_them) if a else 1.0 - self._show(need_them, need_me)

    def _after(self, rest: Ranks, theirs: Ranks, pile: Ranks, count: int, rank: int,
               need_me: int, need_them: int, a: bool) -> float:
        points, kept = _step((*pile, rank))
        count += _VALUE[rank]
        if count in (FIFTEEN, THIRTY_ONE):
            points += 2
        if points >= need_me:
            return 1.0
        need_me -= points
        if count != THIRTY_ONE:
            room = THIRTY_ONE - count
            if theirs and _VALUE[theirs[0]] <= room:
                return 1.0 - self._best(theirs, rest, kept, count, need_them, need_me, not a)
            if rest and _VALUE[rest[0]] <= room:
                return self._best(rest, theirs, kept, count, need_me, need_them, a)
            if need_me <= 1:
                return 1.0  # the go, or the last card, takes the player home
            need_me -= 1
        if theirs:
            return 1.0 - self._best(theirs, rest, (), 0, need_them, need_me, not a)
        if rest:
            return self._best(rest, (), (), 0, need_me, need_them, a)
        return self._end(need_me, need_them, a)

    def _best(self, mine: Ranks, theirs: Ranks, pile: Ranks, count: int, need_me: int,
              need_them: int, a: bool) -> float:
        key = (mine, theirs, pile, count, need_me, need_them, a)
        found = self._memo.get(key)
        if found is not None:
            return found
        best = -1.0
        previous = 0
        room = THIRTY_ONE - count
        for i, rank in enumerate(mine):
            if rank == previous:
                continue
            if _VALUE[rank] > room:
                break
            previous = rank
            value = self._after(mine[:i] + mine[i + 1:], theirs, pile, count, rank, need_me,
                                need_them, a)
            if value > best:
                best = value
                if best >= 1.0:
                    break  # home: nothing is better
        self._memo[key] = best
        return best
