"""Who decides: the player protocol and three computer opponents of graded strength.

A player answers two questions, each from a :class:`~cribbage_edu.game.PlayerView`
(what that player may see, nothing more): which two cards to lay away for the crib,
and which card to lay in the play. Saying go is not a decision (the game drives it
when no card fits), and the counting is exact unless a human counts by hand.

- :class:`RandomPlayer` picks any legal choice: a baseline that knows only the rules.
- :class:`GreedyPlayer` keeps the four cards worth most before the starter and lays the
  card that pegs most at once: what a beginner does.
- :class:`ExpertPlayer` discards by exact expected value and pegs with look-ahead and
  the known heuristics: see its docstrings for the reasoning, step by step.

>>> game = play_game([ExpertPlayer(), RandomPlayer(seed=1)], seed=4, first_dealer=0)
>>> game.is_over, max(game.scores) >= 121
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple, Protocol, runtime_checkable

from .cards import COUNT_VALUES, Card
from .discard import advise, best_discard
from .errors import IllegalActionError
from .events import Action, ActionKind, Source
from .game import Game, Phase, PlayerView
from .pegging import pile_points
from .ranks import held_rank_points
from .scoring import score_hand

__all__ = [
    "ExpertPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "drive",
    "peg_points",
    "play_game",
    "play_out",
    "points_before_starter",
]


@runtime_checkable
class Player(Protocol):
    """What the game asks a player. ``discard`` returns the two cards to lay away from
    ``view.hand`` (six cards); ``play`` returns one of the cards in ``view.legal``
    (it is only asked when at least one card fits)."""

    name: str

    def discard(self, view: PlayerView) -> Sequence[Card]: ...

    def play(self, view: PlayerView) -> Card: ...


def _legal_cards(view: PlayerView) -> list[Card]:
    return [a.cards[0] for a in view.legal if a.cards and len(a.cards) == 1]


class RandomPlayer:
    """Any legal choice, at random (seeded).

    >>> from cribbage_edu.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> len(RandomPlayer(seed=1).discard(game.view(0)))
    2
    """

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self._rng.sample(list(view.hand), 2)

    def play(self, view: PlayerView) -> Card:
        return self._rng.choice(_legal_cards(view))


def points_before_starter(cards: Sequence[Card]) -> int:
    """What four cards score on their own, before the starter is turned: fifteens,
    pairs, runs and a four-card flush (nobs needs a starter).

    >>> from cribbage_edu import parse_cards
    >>> points_before_starter(parse_cards("5H 5C 10S JD"))  # four fifteens and a pair
    10
    >>> points_before_starter(parse_cards("2H 4H 6H 8H"))  # a flush only
    4
    """
    points = held_rank_points(int(c.rank) for c in cards)
    if len(cards) == 4 and len({c.suit for c in cards}) == 1:
        points += 4
    return points


_PEG_MEMO: dict[tuple[int, ...], int] = {}


def peg_points(ranks: tuple[int, ...]) -> int:
    """Points for the last card of a pile given by ranks (1-13) since the last reset:
    :func:`cribbage_edu.pegging.pile_points`, remembered, because a look-ahead asks it
    thousands of times.

    >>> peg_points((5, 7, 6)), peg_points((5, 10)), peg_points((4, 4, 4)), peg_points((13, 12))
    (3, 2, 6, 0)
    """
    found = _PEG_MEMO.get(ranks)
    if found is not None:
        return found
    points = pile_points(ranks)
    if len(_PEG_MEMO) < 200_000:
        _PEG_MEMO[ranks] = points
    return points


def _pile_ranks(view: PlayerView) -> tuple[int, ...]:
    return tuple(int(c.rank) for c in view.pile)


class GreedyPlayer:
    """Takes what it can see now: keeps the four cards worth most before the starter
    (ignoring the crib), and lays the card that pegs most at once. Ties are broken at
    random (seeded).

    >>> from cribbage_edu.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> view = game.view(0)
    >>> str(view.hand), [str(c) for c in GreedyPlayer(seed=0).discard(view)]
    ('2H 6D 7C 7H 8D 9H', ['2H', '6D'])
    """

    name = "greedy"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        hand = list(view.hand)
        best: list[tuple[Card, ...]] = []
        best_points = -1
        keep: tuple[Card, ...]
        for keep in combinations(hand, 4):
            points = points_before_starter(keep)
            if points > best_points:
                best, best_points = [keep], points
            elif points == best_points:
                best.append(keep)
        keep = self._rng.choice(best)
        return [c for c in hand if c not in keep]

    def play(self, view: PlayerView) -> Card:
        pile = _pile_ranks(view)
        options = _legal_cards(view)
        scored = [(peg_points((*pile, int(c.rank))), c) for c in options]
        top = max(p for p, _ in scored)
        return self._rng.choice([c for p, c in scored if p == top])


class ExpertPlayer:
    """Plays by expected value: exact for the discard, a short look-ahead for the play.

    **The discard.** Of the 15 ways to lay away two of six cards, keep the one with the
    best *net expected value*: the mean score of the four kept cards over the 46
    starters this player cannot see, plus the expected value of the two cards thrown
    when the crib is ours (as dealer), minus it when the crib is the opponent's (as
    pone). The crib's value comes from the crib table of :mod:`cribbage_edu.cribtable`,
    through :func:`cribbage_edu.discard.best_discard` (the same numbers the advisor
    :func:`cribbage_edu.discard.advise` shows a learner). So as dealer it will throw a
    pair of fives into its own crib; as pone it keeps fives and throws cards far apart.

    **The play.** For each card it may lay (see :meth:`card_values`) it weighs:

    1. the points the card pegs now (15, 31, pairs, runs);
    2. minus the opponent's best answer: for each rank the opponent could lay next, the
       points that card would peg, less what we could peg straight back with the cards
       we hold. The chance that the opponent holds a rank is worked out from the cards
       this player has not seen (its own hand, discards, the starter and the cards laid
       are known); the opponent is assumed to lay his best such card;
    3. plus about one point when the opponent is likely to have no card that fits (a go).

    The classic advice falls out of this arithmetic rather than being written in as
    rules: *do not leave a count of 5 or 21* (a ten-card, the commonest value, makes
    15 or 31); *lead a card under 5* (nothing the opponent lays can make 15); *lead from
    a pair* (if the opponent pairs it, we answer with three of a kind for 6: the pair
    trap); *do not lay a card that lets the opponent complete a run* unless we can
    extend it. On ties it keeps its low cards for later, when they win the go.

    **Near the end.** When a card pegs enough to reach the target it is laid at once
    (counting out beats any expectation). When the opponent is close enough to win by
    pegging, his answers are weighed double: denying him points matters more than
    taking our own.

    >>> from cribbage_edu.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> view = game.view(1)
    >>> str(view.hand), [str(c) for c in ExpertPlayer().discard(view)]
    ('2C 3C 3D 4S 6H KS', ['6H', 'KS'])
    """

    name = "expert"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        # Deterministic: the seed is accepted so that every player is built alike.
        self.seed = seed

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw with the best net expected value (see the class docstring)."""
        _, throw = best_discard(list(view.hand), dealer=view.is_dealer)
        return throw

    def play(self, view: PlayerView) -> Card:
        """The card with the best value from :meth:`card_values`."""
        options = _legal_cards(view)
        if len(options) == 1:
            return options[0]
        values = self.card_values(view)
        return max(options, key=lambda c: (values[c], c.value))

    def card_values(self, view: PlayerView) -> dict[Card, float]:
        """The look-ahead value of laying each legal card (higher is better): the points
        it pegs, less the opponent's expected best answer net of our reply, plus the
        chance of a go; a card that reaches the target is worth 1000.

        >>> from cribbage_edu.game import Game, stack_deck
        >>> deck = stack_deck("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
        >>> game = Game(seed=0, first_dealer=1, decks=[deck])
        >>> _ = game.advance(), game.advance()
        >>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
        >>> values = ExpertPlayer().card_values(game.view(0))
        >>> max(values, key=values.get), min(values, key=values.get)  # lead under 5, never the 5
        (Card.parse('3D'), Card.parse('5S'))
        """
        me = view.player
        options = _legal_cards(view)
        pile = _pile_ranks(view)
        held_ranks = [int(c.rank) for c in view.hand]
        need = view.target - view.scores[me]
        opp_need = view.target - view.scores[1 - me]
        unseen = _unseen_by_rank(view)
        total_unseen = sum(unseen)
        k = view.opponent_cards
        # the chance the opponent holds at least one card of each rank: one minus the
        # chance that all k of his cards come from the unseen cards of other ranks
        held_chance = [0.0] * 14
        if k and total_unseen:
            miss = [1.0 - _choose(total_unseen - u, k) / _choose(total_unseen, k)
                    for u in range(5)]
            for r in range(1, 14):
                held_chance[r] = miss[unseen[r]]
        danger = 2.0 if opp_need <= 6 else 1.0
        values: dict[Card, float] = {}
        for card in options:
            rank = int(card.rank)
            after = (*pile, rank)
            now = peg_points(after)
            if now >= need:
                values[card] = 1000.0 + now
                continue
            if not k or view.opponent_said_go:
                values[card] = now + 0.01 * COUNT_VALUES[rank]
                continue
            rest = list(held_ranks)
            rest.remove(rank)
            answers = [(theirs * danger - ours, held_chance[r])
                       for r, theirs, ours in _replies(after, tuple(sorted(rest)))
                       if held_chance[r]]
            answers.sort(reverse=True)
            expected, none_yet = 0.0, 1.0
            for net, chance in answers:
                expected += net * chance * none_yet
                none_yet *= 1.0 - chance
            values[card] = now - expected + none_yet + 0.01 * COUNT_VALUES[rank]
        return values


def _unseen_by_rank(view: PlayerView) -> list[int]:
    """How many cards of each rank (index 1-13) this player has not seen."""
    left = [0] + [4] * 13
    seen: set[Card] = {*view.kept, *view.discards, *view.hand}
    if view.starter is not None:
        seen.add(view.starter)
    seen.update(card for _, card in view.laid)
    for card in seen:
        left[card.rank] -= 1
    return left


def _choose(n: int, k: int) -> float:
    """C(n, k) as a float (small k)."""
    out = 1.0
    for i in range(k):
        out *= (n - i) / (i + 1)
    return max(out, 0.0)


_REPLY_MEMO: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, int, int], ...]] = {}


def _replies(after: tuple[int, ...], rest: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """For a pile (ranks since the last reset, ending with our card) and the ranks we
    still hold: each rank the opponent could lay next, the points it pegs him, and the
    most we could peg straight back. Remembered: the same positions recur game after
    game."""
    key = (after, rest)
    found = _REPLY_MEMO.get(key)
    if found is not None:
        return found
    count = sum(COUNT_VALUES[r] for r in after)
    if count == 31:
        after, count = (), 0
    out = []
    for r in range(1, 14):
        reply_count = count + COUNT_VALUES[r]
        if reply_count > 31:
            continue
        reply = (*after, r)
        theirs = peg_points(reply)
        ours = 0
        if reply_count < 31:
            for mine in rest:
                if reply_count + COUNT_VALUES[mine] <= 31:
                    ours = max(ours, peg_points((*reply, mine)))
        out.append((r, theirs, ours))
    found = tuple(out)
    if len(_REPLY_MEMO) < 300_000:
        _REPLY_MEMO[key] = found
    return found


class Hint(NamedTuple):
    """Advice for the player whose view it is: the ``action`` the expert would take
    (``None`` when there is nothing to decide), the ``explanation`` in one sentence, and
    ``details`` (the next-best throws, or what each card is worth)."""

    action: Action | None
    explanation: str
    details: tuple[str, ...] = ()


def hint(view: PlayerView) -> Hint:
    """What the expert would do in this player's place, and why: the one hint the
    widget table and the terminal game give. In the discard, the advisor's best throw
    (:func:`~cribbage_edu.discard.advise`); in the play, the expert's card with what it
    pegs and each card's look-ahead worth (:meth:`ExpertPlayer.card_values`), or go.

    >>> from cribbage_edu.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> advice = hint(game.view(1))
    >>> advice.action.kind, advice.explanation.startswith("keep ")
    (<ActionKind.DISCARD: 'discard'>, True)
    >>> hint(game.view(1)).details == advice.details
    True
    """
    kinds = {action.kind for action in view.legal}
    if ActionKind.DISCARD in kinds:
        options = advise(view.hand, dealer=view.is_dealer)
        best = options[0]
        return Hint(Action(ActionKind.DISCARD, view.player, tuple(best.discard)),
                    best.explanation, tuple(o.explanation for o in options[:3]))
    if ActionKind.PLAY in kinds:
        values = ExpertPlayer().card_values(view)
        ranked = sorted(values, key=lambda c: (-values[c], c))
        choice = ranked[0]
        action = Action(ActionKind.PLAY, view.player, (choice,))
        if values[choice] >= 1000:
            return Hint(action, f"lay {choice.symbol}: it pegs out and wins the game")
        now = peg_points((*_pile_ranks(view), int(choice.rank)))
        pegs = f"it pegs {now} now" if now else "it pegs nothing now"
        if not view.pile and choice.value < 5:  # a new count: the lead's own principle
            pegs += (f"; a lead under five: no one card makes fifteen with it, since "
                     f"{choice.value} + 10 is only {choice.value + 10}")
        worth = (f"Each card's worth in points, what it pegs less what "
                 f"{view.names[view.opponent]} is likely to peg back: "
                 + ", ".join(f"{c.symbol} {values[c]:+.1f}" for c in ranked))
        return Hint(action, f"the expert would lay {choice.symbol} ({pegs})", (worth,))
    if ActionKind.GO in kinds:
        return Hint(Action(ActionKind.GO, view.player), "no card fits under 31: say go")
    return Hint(None, "nothing to decide just now")


def drive(game: Game, players: Sequence[Player | None], *,
          stop: Callable[[Game], bool] | None = None) -> Game:
    """Move ``game`` on: take its automatic steps and the decisions of every seat that
    has a computer player (``players[seat]``; ``None`` for a person). Returns the game
    when it is over, when a person must decide, or when ``stop(game)`` is true (asked
    before each step: a table pauses between deals this way).

    Each computer sees only its own view. In the discard the computers throw first; a
    card that is the only one that fits is laid without asking; a computer counting
    by hand (the game's ``manual_count`` for its seat, as in a save made with manual
    counting) claims the true score. This is the one loop the whole-game players,
    the terminal game and the widget table share.

    >>> from cribbage_edu.game import Game
    >>> game = drive(Game(seed=4, first_dealer=0), [None, ExpertPlayer()])
    >>> game.phase, game.to_act  # the person in seat 0 throws next
    (<Phase.DISCARD: 'discard'>, (0,))
    """
    if len(players) != 2 or not all(p is None or isinstance(p, Player) for p in players):
        raise IllegalActionError(f"drive takes a computer player or None for each seat, two "
                                 f"in all, not {list(players)!r}")
    while not game.is_over and (stop is None or not stop(game)):
        phase = game.phase
        waiting = game.to_act
        if phase is Phase.DISCARD:
            computers = [p for p in waiting if players[p] is not None]
            if not computers:
                return game
            who = computers[0]
            game.discard(who, _ask(players, who).discard(game.view(who)))
        elif waiting:
            who = waiting[0]
            if players[who] is None:
                return game
            if phase is Phase.COUNT:
                show = game.next_show()
                assert show is not None and game.starter is not None
                _, what, cards = show
                game.claim(who, score_hand(cards, game.starter, crib=what is Source.CRIB).total)
                continue
            fits = game.legal_cards(who)
            if len(fits) > 1:
                game.play(who, _ask(players, who).play(game.view(who)))
            elif fits:
                game.play(who, fits[0])  # a forced card: nothing to decide
            else:
                game.go(who)
        else:
            game.advance()
    return game


def _ask(players: Sequence[Player | None], seat: int) -> Player:
    player = players[seat]
    assert player is not None
    return player


def play_out(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` to the end, asking ``players[0]`` and ``players[1]`` for every
    decision (:func:`drive` with a computer in both seats). Returns the game.

    >>> from cribbage_edu.game import Game
    >>> play_out(Game(seed=1, target=61), [RandomPlayer(1), RandomPlayer(2)]).is_over
    True
    """
    return drive(game, players)


def play_game(players: Sequence[Player], *, seed: int, first_dealer: int | None = None,
              target: int = 121, scores: Sequence[int] = (0, 0)) -> Game:
    """A whole game between two players, from the cut for deal (or a chosen
    ``first_dealer``) to the end; ``scores`` sets where the pegs start (an end game).

    >>> game = play_game([GreedyPlayer(seed=1), RandomPlayer(seed=2)], seed=9, target=61)
    >>> game.result.winner in (0, 1), game.result.target
    (True, 61)
    >>> end = play_game([ExpertPlayer(), ExpertPlayer()], seed=1, first_dealer=1,
    ...                 scores=(110, 115))
    >>> end.events[0].reason
    'the game starts with expert 0 on 110 and expert 1 on 115 (set before the game)'
    """
    if len(players) != 2:
        raise IllegalActionError(f"a game has two players, got {len(players)}")
    game = Game(seed, target=target, first_dealer=first_dealer, scores=scores,
                names=(players[0].name, players[1].name) if players[0].name != players[1].name
                else (f"{players[0].name} 0", f"{players[1].name} 1"))
    return play_out(game, players)

