"""One two-player game of cribbage as a state machine, from the cut for deal to 121.

Players are the seats ``0`` and ``1``. The game moves through the phases of a deal
(:class:`Phase`): the cut for deal (first deal only), the deal, the discard, the
starter (his heels), the play, the count (pone's hand, the dealer's hand, the crib),
then the next deal with the other dealer, until the instant a player reaches the
target: the game ends there, at heels, at any pegging point or in the middle of
the count, and nothing after that moment is scored.

Players decide with :meth:`Game.discard`, :meth:`Game.play` and :meth:`Game.go`
(and :meth:`Game.claim` when counting their own hands); everything else happens
with :meth:`Game.advance`. Every change is an :class:`Event` in ``game.events``;
every action is kept in ``game.actions``, so a game replays, saves, loads and
undoes exactly. An illegal action raises an error of the engine's family and
changes nothing.

>>> game = Game(seed=7, first_dealer=0)
>>> print(game.advance()[0])  # who deals first
player 0 deals first (chosen before the game)
>>> events = game.advance()  # the deal
>>> game.phase, len(game.hand(0)), len(game.hand(1))
(<Phase.DISCARD: 'discard'>, 6, 6)
>>> print(game.discard(1, game.hand(1)[:2])[0])
player 1 lays away two cards for player 0's crib
>>> game.discard(0, "2H 3H")
Traceback (most recent call last):
  ...
cribbage_edu.IllegalPlayError: player 0 cannot lay away 2H: not in hand '3C 3H 3S 5S 10S KH'

A seed gives the same game to everyone; a whole game between two computer players
is one call (see :mod:`cribbage_edu.strategy.players`).

This module is the state machine only. Its vocabulary (phases, kinds of events and
actions, sources of points) is in :mod:`cribbage_edu.rules.events`, the table rules in
:mod:`cribbage_edu.rules.options`, the save format in :mod:`cribbage_edu.rules.saves`, the
notebook picture in :mod:`cribbage_edu.render`, and the loop that moves a game on
between players in :func:`cribbage_edu.rules.drive.drive`.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

from .board import GAME_HOLE, Board, Skunk, skunk_kind
from .cards import (
    FULL_DECK,
    THIRTY_ONE,
    Card,
    CardLike,
    Deck,
    Hand,
    Rank,
    checked_card,
    checked_cards,
    distinct_cards,
    parse_cards,
)
from .checks import flag, no_card_twice, seat, two_names, two_scores, whole_number
from .errors import (
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
)
from .events import Action, ActionKind, Event, EventKind, Phase, Source
from .misses import count_misses, diagnose
from .options import GameOptions, game_target, manual_flags
from .pegging import MOST_PLAY_POINTS, PegJudgement, Play, PlayEvent, go_slip, judge_peg
from .saves import (
    CLAIMS_LOOKED_AT_AGAIN,
    SAVE_FORMAT,
    SAVE_VERSION,
    GameState,
    check_save,
    read_save_file,
    read_save_text,
    save_body,
    save_text,
    write_save_file,
)
from .scoring import (
    HandScore,
    Judgement,
    Kind,
    ScoreItem,
    Verdict,
    claimed_points,
    judge_claim,
    score_hand,
)

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Action",
    "ActionKind",
    "Claim",
    "Event",
    "Game",
    "GameOptions",
    "GameResult",
    "PegClaim",
    "Phase",
    "PlayerView",
    "Source",
    "cut_for_deal",
    "stack_deck",
    "stacked_game",
]

@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: the ``winner``, the final ``scores``, whether the loser was
    skunked, what the win is worth (``games_won``, counted in ``unit``: games by the
    house convention, game points by the tournament's), and how many deals it took."""

    winner: int
    scores: tuple[int, int]
    target: int
    skunk: Skunk
    games_won: int
    deals: int
    unit: str = "games"

    @property
    def loser(self) -> int:
        return 1 - self.winner

    def describe(self, names: Sequence[str] = ("player 0", "player 1"), *,
                 you: int | None = None) -> str:
        """The result as a table says it (the one wording of a result: the game, the
        widgets, the terminal and the lessons all say it so): the winner's score first,
        the deals, and a skunk with what it is worth, or that the skunk rule is off.
        ``you`` is the seat of the person addressed, said "you".

        >>> GameResult(1, (80, 121), 121, Skunk.SKUNK, 2, 9).describe(("Ann", "Bob"))
        'Bob wins 121-80 in 9 deals: a skunk, worth 2 games'
        >>> GameResult(1, (95, 121), 121, Skunk.NONE, 2, 9, "game points").describe()
        'player 1 wins 121-95 in 9 deals, worth 2 game points'
        >>> GameResult(0, (61, 20), 61, Skunk.DOUBLE, 1, 1).describe(("Ann", "Bob"), you=0)
        'You win 61-20 in 1 deal: a double skunk, not counted: the skunk rule is off'
        """
        won, lost = self.scores[self.winner], self.scores[self.loser]
        who = "You win" if self.winner == you else f"{names[self.winner]} wins"
        deals = "1 deal" if self.deals == 1 else f"{self.deals} deals"
        text = f"{who} {won}-{lost} in {deals}"
        if self.skunk is not Skunk.NONE:
            text += f": a {self.skunk}, " + (f"worth {self.games_won} {self.unit}"
                                              if self.games_won > 1
                                              else "not counted: the skunk rule is off")
        elif self.games_won > 1:
            text += f", worth {self.games_won} {self.unit}"
        return text

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class Claim:
    """The answer to a player's claim in the count: who claimed (``player``, ``name``)
    for what (``source``: their hand or their crib), what they ``claimed``, what the
    cards really score (``score``, with every item), the points ``awarded`` to them and
    those taken by the opponent under ``muggins``, and the ``events`` it caused.

    ``again`` marks a wrong first claim without muggins: it is not taken (nothing is
    scored), the player is told what it reveals and counts again; the second claim is
    the one that scores (:func:`~cribbage_edu.rules.scoring.judge_claim`).
    """

    player: int
    name: str
    source: Source
    claimed: int
    score: HandScore
    awarded: int
    muggins: int
    events: tuple[Event, ...]
    again: bool = False

    @property
    def what(self) -> str:
        """What was counted, by its owner's name: ``"Ann's hand"``."""
        return f"{self.name}'s {self.source}"

    @property
    def actual(self) -> int:
        return self.score.total

    @property
    def judgement(self) -> Judgement:
        """The claim as :func:`~cribbage_edu.rules.scoring.judge_claim` judged it."""
        return Judgement(self.claimed, self.score, Verdict.of(self.claimed, self.actual),
                         self.awarded, self.muggins)

    @property
    def verdict(self) -> Verdict:
        """Right, over or under (a :class:`~cribbage_edu.rules.scoring.Verdict`)."""
        return self.judgement.verdict

    @property
    def slip(self) -> str:
        """What a wrong claim reveals: the known slip that leads to it
        (:func:`~cribbage_edu.rules.misses.count_misses`), or, for a first claim that
        is looked at again, its kind and how many without the cards, which would give the
        count away, or which kinds score (:func:`~cribbage_edu.rules.misses.diagnose`);
        "" for a right claim."""
        if self.again:
            return diagnose(self.claimed, self.score, reveal=False)
        return count_misses(self.score).get(self.claimed, "")

    def explain(self, *, you: bool = False) -> str:
        """The claim in words, to its claimer (``you=True``: "your hand") or of them:
        the verdict with the count as it should have been said and what it scores, then
        the slip that leads to a wrong claim; a first claim not taken says so and asks
        for a second (see :meth:`Game.claim`)."""
        whose = f"your {self.source}" if you else self.what
        if self.again:
            said = "You said" if you else f"{self.name} said"
            again = (f"Count {whose} again and claim once more: "
                     f"{'your' if you else 'the'} second claim is the one that scores")
            slip = self.slip
            return (f"{said} {self.claimed}: that is {self.verdict}. "
                    + (f"{slip[0].upper()}{slip[1:]}. " if slip else "") + again
                    + " (points missed are lost; an over-count scores only what the cards "
                      "hold).")
        text = self.judgement.explain(whose)
        text = text[0].upper() + text[1:]
        slip = self.slip
        return text + (f". {slip[0].upper()}{slip[1:]}." if slip else ".")

    @property
    def explanation(self) -> str:
        """The claim in words, of the claimer by name (:meth:`explain`)."""
        return self.explain()

    def __str__(self) -> str:
        return self.explanation


_AUTOMATIC = {Phase.CUT_FOR_DEAL: ActionKind.CUT_FOR_DEAL, Phase.DEAL: ActionKind.DEAL,
              Phase.STARTER: ActionKind.STARTER}
"""The phases that move on by themselves, and the step that does it."""


_Said = TypeVar("_Said")


@dataclass(frozen=True)
class PegClaim:
    """Play points claimed by hand (see :meth:`Game.peg`): who, the points claimed, the
    engine's :class:`~cribbage_edu.rules.pegging.PegJudgement` and the events it caused."""

    player: int
    claimed: int
    judgement: PegJudgement
    events: tuple[Event, ...]

    @property
    def verdict(self) -> Verdict:
        return self.judgement.verdict

    def explain(self) -> str:
        """The verdict in words (see :meth:`PegJudgement.explain`)."""
        return self.judgement.explain()


def cut_for_deal(first: Card, second: Card) -> int | None:
    """Who deals first when player 0 cuts ``first`` and player 1 cuts ``second``: the
    lower rank deals (ace lowest, suits do not count); on equal ranks nobody yet, ``None``:
    they cut again.

    >>> ace, king, nine, two = (Card.parse(c) for c in ("AS", "KH", "9C", "2D"))
    >>> cut_for_deal(ace, king), cut_for_deal(nine, two)
    (0, 1)
    >>> cut_for_deal(Card.parse("7C"), Card.parse("7H")) is None
    True
    """
    if first.rank is second.rank:
        return None
    return 0 if first.rank < second.rank else 1


def stack_deck(pone: str | Iterable[CardLike], dealer: str | Iterable[CardLike],
               starter: CardLike, rest: str | Iterable[CardLike] = ()) -> Deck:
    """A deck stacked for one deal: the dealer deals one card at a time, pone first,
    so the six cards of each hand alternate on top; the starter comes next.

    >>> deck = stack_deck("AH 2H 3H 4H 5H 6H", "7C 8C 9C 10C JC QC", "KD")
    >>> [str(c) for c in list(deck)[:4]], str(list(deck)[12])
    (['AH', '7C', '2H', '8C'], 'KD')
    """
    first = parse_cards(pone)
    second = parse_cards(dealer)
    if len(first) != 6 or len(second) != 6:
        raise IllegalHandError(
            f"a stacked deal needs six cards a hand, got '{first}' and '{second}'")
    order = [c for pair in zip(first, second, strict=True) for c in pair]
    return Deck.stacked([*order, Card.parse(starter), *parse_cards(rest)])


def stacked_game(pone: str | Iterable[CardLike], dealer: str | Iterable[CardLike],
                 starter: CardLike, *, seed: int = 0, scores: Sequence[int] = (0, 0),
                 names: Sequence[str] = ("player 0", "player 1"),
                 options: GameOptions | None = None) -> Game:
    """A game at a chosen first deal, waiting for the throws: player 0 is pone and is
    dealt ``pone`` (six cards), player 1 deals and is dealt ``dealer``, the starter will
    be ``starter`` (:func:`stack_deck`), the pegs start at ``scores`` (player 0's first).
    Later deals are shuffled from ``seed``. The one way the lessons and tests set up a
    deal to study.

    >>> game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119))
    >>> game.phase, game.dealer, str(game.hand(0)), game.scores
    (<Phase.DISCARD: 'discard'>, 1, '2C 3D 4H 5S 9C KD', (113, 119))
    """
    game = Game(seed, options=options, first_dealer=1, scores=scores, names=names,
                decks=[stack_deck(pone, dealer, starter)])
    game.advance()  # the cut for deal: player 1 deals
    game.advance()  # the deal
    return game



def _takes_only_its_own(action: Action) -> None:
    """Refuse cards on an action that lays none (only a discard and a play do) and points
    on one that claims none (only a claim and a peg do), so the log holds nothing else.

    >>> _takes_only_its_own(Action(ActionKind.GO, 0, cards=("5H",)))
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: a go takes no cards '5H'
    """
    extra = []
    if action.cards and action.kind not in (ActionKind.DISCARD, ActionKind.PLAY):
        extra.append(f"cards '{Hand(action.cards)}'")
    if action.points is not None and action.kind not in (ActionKind.CLAIM, ActionKind.PEG):
        extra.append(f"points {action.points!r}")
    if extra:
        raise IllegalActionError(f"a {action.kind} takes no {' or '.join(extra)}")

@dataclass(frozen=True, slots=True, eq=False)
class PlayerView:
    """What one player may see of a game (a frozen value, made by ``Game.view``): never
    the opponent's hand or the crib before they are shown, never the opponent's
    discards. Computer players decide from this.

    Attributes: ``player``, ``phase``, ``deal``, ``dealer``, ``scores``, ``target``,
    ``hand`` (cards held now: six before the discard, then those not yet laid),
    ``kept`` (the four kept, once discarded), ``discards`` (own cards thrown to the
    crib), ``starter``, ``count``, ``pile`` (cards since the last reset), ``laid``
    (every card laid this deal, with who laid it), ``opponent_cards`` (how many the
    opponent still holds), ``opponent_said_go``, ``shown`` (hands and crib already
    counted this deal), ``turn`` and ``legal`` (the actions open to this player).
    """

    player: int
    names: tuple[str, str]
    phase: Phase
    deal: int
    dealer: int | None
    scores: tuple[int, int]
    target: int
    hand: Hand
    kept: Hand
    discards: Hand
    starter: Card | None
    count: int
    pile: Hand
    laid: tuple[tuple[int, Card], ...]
    opponent_cards: int
    opponent_said_go: bool
    shown: tuple[tuple[int, Source, Hand], ...]
    turn: int | None
    legal: tuple[Action, ...]
    _events: list[Event]  # the log this player sees, shared, read up to _n_events
    _n_events: int

    @classmethod
    def for_throw(cls, six: str | Iterable[CardLike], *, dealer: bool,
                  scores: Sequence[int] = (0, 0), target: int = GAME_HOLE,
                  names: Sequence[str] = ("you", "the opponent")) -> PlayerView:
        """Seat 0's view of a deal about to be thrown from, with no game behind it: its
        ``six`` cards, whether it is the ``dealer``, the board (``scores``, seat 0's
        first) and the ``target``; the opponent holds six, nothing is laid or shown, and
        the log is empty. What a judge of a throw hands a player that decides from a
        view. Every argument is checked, as :class:`Game` checks its own.

        >>> view = PlayerView.for_throw("5H 5C 6D JS QH 2C", dealer=True, scores=(100, 95))
        >>> view.phase, view.is_dealer, view.opponent_cards, view.scores, view.events
        (<Phase.DISCARD: 'discard'>, True, 6, (100, 95), ())
        """
        hand = distinct_cards(six, 6, "the six cards")
        is_dealer = flag(dealer, "dealer")
        goal = game_target(target)
        board = two_scores(scores, goal, "scores")
        return cls(player=0, names=two_names(names), phase=Phase.DISCARD, deal=1,
                   dealer=0 if is_dealer else 1, scores=board, target=goal, hand=hand,
                   kept=Hand(), discards=Hand(), starter=None, count=0, pile=Hand(),
                   laid=(), opponent_cards=6, opponent_said_go=False, shown=(), turn=None,
                   legal=(), _events=[], _n_events=0)

    @classmethod
    def in_play(cls, kept: str | Iterable[CardLike], thrown: str | Iterable[CardLike],
                starter: CardLike, *, dealer: bool, laid: str | Iterable[CardLike] = (),
                scores: Sequence[int] | None = None, target: int = GAME_HOLE) -> PlayerView:
        """Seat 0's view of a stated deal in the play, at its turn to lay a card: its
        ``kept`` four and ``thrown`` two, the ``starter``, whether it is the ``dealer``,
        every card ``laid`` this deal in order (each is seat 0's if it is one of
        ``kept``, else the opponent's) and the board now (``scores``, seat 0's first, his
        heels and every point pegged so far counted; ``None``: the pegs started this deal
        at 0). A go is said where the order of the play shows one: when the next card
        laid, or seat 0's turn at the end, comes to a player whose turn it was not (or who
        holds no card that fits), that player said go. What a judge of a stated position
        hands the judge of the whole deal.

        The view is made by playing the deal on a :class:`Game`, so the rules check the
        statement; the opponent is dealt, besides the cards he laid, cards seat 0 has
        not seen that fit none of his gos (ten-cards, which fit nowhere a go can be
        said). Nothing of them reaches the view: it shows only what seat 0 saw, the
        same for any hand he could hold. A statement no deal can make (a card laid out
        of turn, a go while a card fits, a card laid twice, scores now below what this
        deal has pegged) is refused with an error of the engine's family that names it.

        >>> view = PlayerView.in_play("6D 8H KC 2C", "9S 3D", "QD", dealer=True, laid="6S",
        ...                           scores=(105, 110))
        >>> view.phase, view.turn, str(view.hand), str(view.pile), view.opponent_cards
        (<Phase.PLAY: 'play'>, 0, '2C 6D 8H KC', '6S', 3)
        >>> late = PlayerView.in_play("4D 9S 2H 6C", "7H 8C", "2D", dealer=True,
        ...                           laid="5H 6C KS 4D")  # he says go at 25
        >>> late.opponent_said_go, late.count, str(late.hand), late.opponent_cards
        (True, 25, '2H 9S', 2)
        >>> PlayerView.in_play("6D 8H KC 2C", "9S 3D", "QD", dealer=True, laid="6S 6D 8H")
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalPlayError: the stated deal cannot be played: laying 8H: the opponent ...
        """
        mine = distinct_cards(checked_cards(kept, "the kept hand"), 4, "the kept hand")
        throw = distinct_cards(checked_cards(thrown, "the thrown cards"), 2,
                               "the thrown cards")
        turned = checked_card(starter, "the starter")
        order = checked_cards(laid, "the cards laid")
        no_card_twice(order, "the cards laid")
        his_laid = [c for c in order if c not in mine]
        no_card_twice([*mine, *throw, turned, *his_laid], "the stated deal")
        is_dealer = flag(dealer, "dealer")
        goal = game_target(target)
        board = None if scores is None else two_scores(scores, goal, "scores")
        if len(his_laid) > 4:
            raise IllegalPlayError(f"the opponent laid {len(his_laid)} cards: "
                                   f"'{Hand(his_laid)}' (he keeps four)")
        seen = {*mine, *throw, turned, *his_laid}
        unseen = [c for c in FULL_DECK if c not in seen]
        tens = [c for c in unseen if c.value == 10]
        held = tens[:4 - len(his_laid)]
        rest = [c for c in unseen if c not in held][:2]
        his_six = [*his_laid, *held, *rest]
        six = [*mine, *throw]

        def said_go(game: Game, who: int) -> None:
            """``who`` says go (the turn was his, the next card the other's): for the
            opponent, refused here when a card fits, so that no card he was given
            shows in the words."""
            if who == 1 and game.hand(1):
                fits = [c for c in game.hand(1) if game.count + c.value <= THIRTY_ONE]
                if fits:
                    later = [c for c in fits if c in his_laid]
                    why = (f"{later[0]} fits, which he lays later" if later else
                           "any card fits there (a go needs a count of 22 at least)")
                    raise IllegalPlayError(f"the opponent cannot have said go at "
                                           f"{game.count}: {why}")
            game.go(who)

        def play(start: tuple[int, int]) -> Game:
            pone, dealer_six = (his_six, six) if is_dealer else (six, his_six)
            game = Game(0, first_dealer=1 if not is_dealer else 0, scores=start,
                        target=goal, decks=[stack_deck(pone, dealer_six, turned)])
            game.advance()
            game.advance()
            game.discard(0, throw)
            game.discard(1, rest)
            game.advance()  # the starter
            doing = "at the lead"
            try:
                for card in order:
                    doing = f"laying {card}"
                    who = 0 if card in mine else 1
                    while (game.phase is Phase.PLAY and game.turn is not None
                           and (game.turn != who or game.count + card.value > THIRTY_ONE)):
                        said_go(game, game.turn)  # a go (both: the count starts again)
                    game.play(who, card)
                doing = "at its end"
                while game.phase is Phase.PLAY and (game.turn == 1 or (
                        game.turn == 0 and not game.legal_cards(0))):
                    if game.turn == 1 and game.count + 10 <= THIRTY_ONE:
                        raise IllegalPlayError(f"the opponent lays next, at {game.count}, "
                                               f"where every card fits: state the card he "
                                               f"lays")
                    said_go(game, game.turn)  # his go, or yours: no card of yours fits
            except CribbageError as error:
                text = str(error).replace("player 0", "you").replace("player 1",
                                                                         "the opponent")
                raise IllegalPlayError(f"the stated deal cannot be played: {doing}: {text}"
                                       ) from None
            if game.phase is not Phase.PLAY or game.turn != 0:
                raise IllegalPlayError("the stated deal cannot be played: it does not come "
                                       "to your turn to lay a card (the play is over)")
            return game

        first = play((0, 0))
        if board is None:
            return first.view(0)
        pegged = first.scores
        start = (board[0] - pegged[0], board[1] - pegged[1])
        if min(start) < 0:
            raise IllegalActionError(f"scores {board} now are less than this deal has "
                                     f"pegged: {pegged[0]} and {pegged[1]}")
        return play(start).view(0)

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.player

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this player has seen this deal: the cards dealt to them (held,
        kept, thrown), the starter and every card laid.

        >>> view = PlayerView.for_throw("5H 5C 6D JS QH 2C", dealer=True)
        >>> sorted(str(c) for c in view.seen)
        ['2C', '5C', '5H', '6D', 'JS', 'QH']
        """
        seen = {*self.hand, *self.kept, *self.discards, *(c for _, c in self.laid)}
        if self.starter is not None:
            seen.add(self.starter)
        return frozenset(seen)

    @property
    def unseen(self) -> list[Card]:
        """The cards this player has not seen this deal (:attr:`seen`), in deck order."""
        seen = self.seen
        return [c for c in FULL_DECK if c not in seen]

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as this player saw it: the opponent's discards show no cards (the view
        holds no other copy of the log, so there is nothing hidden to peek at)."""
        return tuple(self._events[:self._n_events])

    def __repr__(self) -> str:
        return (f"<PlayerView player {self.player}, {self.phase}, hand '{self.hand}', "
                f"scores {self.scores[0]}-{self.scores[1]}>")

    def _repr_html_(self) -> str:
        from ..render import view_html

        return view_html(self)


class Game:
    """One game. ``Game(seed=7)`` is the same game for everyone who uses seed 7.

    Keyword options: ``target`` (121 or 61), ``skunk``, ``skunk_value``,
    ``double_skunk_value``, ``manual_count`` (a flag, or one per player),
    ``muggins``, ``claim_play`` (a flag, or one per player: they peg their play points
    by hand, :meth:`peg`; see :class:`GameOptions`), ``first_dealer`` (skip the cut for deal),
    ``decks`` (stacked decks used for the first deals, in order, e.g. from
    :func:`stack_deck`; later deals are shuffled from the seed), ``names``, and
    ``scores`` (where the pegs start: a teacher can set up an end game; the log's
    first event says so, and the save file keeps it).

    >>> end = Game(seed=4, scores=(110, 115), first_dealer=0)
    >>> [str(e) for e in end.advance()]  # doctest: +NORMALIZE_WHITESPACE
    ['the game starts with player 0 on 110 and player 1 on 115 (set before the game)',
     'player 0 deals first (chosen before the game)']

    >>> game = Game(seed=1, first_dealer=1)
    >>> _ = game.advance(), game.advance()
    >>> game.dealer, game.pone, game.phase, game.to_act
    (1, 0, <Phase.DISCARD: 'discard'>, (0, 1))
    """

    def __init__(self, seed: int | None = None, *, options: GameOptions | None = None,
                 target: int = GAME_HOLE, skunk: bool = False,
                 skunk_value: int = 2, double_skunk_value: int = 3,
                 manual_count: bool | Sequence[bool] = False, muggins: bool = False,
                 claim_play: bool | Sequence[bool] = False,
                 first_dealer: int | None = None,
                 decks: Sequence[Deck | str | Iterable[CardLike]] = (),
                 names: Sequence[str] = ("player 0", "player 1"),
                 scores: Sequence[int] = (0, 0)) -> None:
        rules = GameOptions(target, skunk, skunk_value, double_skunk_value,
                            manual_flags(manual_count), muggins,
                            claim_play=manual_flags(claim_play, "claim_play"))
        if options is None:
            options = rules
        elif not isinstance(options, GameOptions):
            raise IllegalActionError(f"options is a GameOptions, not {options!r}")
        elif rules != GameOptions():
            raise IllegalActionError("give the table rules either as options= or as "
                                     "keywords, not both")
        self.options: GameOptions = options
        if first_dealer is not None:
            first_dealer = seat(first_dealer, "first_dealer")
        if seed is None:
            seed = random.randrange(2**63)
        elif isinstance(seed, bool) or not hasattr(seed, "__index__"):
            raise IllegalActionError(f"a seed is a whole number, not {seed!r}")
        self.seed: int = operator.index(seed)
        self.first_dealer = first_dealer
        self.names: tuple[str, str] = _names(names)
        self._stacked: list[tuple[Card, ...]] = _stacked_decks(decks)
        self.start_scores: tuple[int, int] = two_scores(scores, self.options.target,
                                                        "starting scores")
        self._claims_stand = False  # True replaying a save of version 1 or 2 (no second look)
        self._reset_state()

    def _reset_state(self) -> None:
        self._rng = random.Random(self.seed)
        self._phase = Phase.CUT_FOR_DEAL
        self._deal_no = 0
        self._dealer: int | None = None
        self._hands: list[list[Card]] = [[], []]
        self._kept: list[Hand | None] = [None, None]
        self._discards: list[Hand | None] = [None, None]
        self._crib: list[Card] = []
        self._deck: list[Card] = []
        self._starter: Card | None = None
        self._play: Play | None = None
        # claimed play: the play's events held from a claimer's points until they peg
        self._unpegged: list[PlayEvent] = []
        self._show_step = 0
        self._shown: list[tuple[int, Source, Hand]] = []
        self._held: Claim | None = None  # a wrong first claim, looked at again
        self._deal_action = 0  # how many actions came before this deal was dealt
        a, b = self.start_scores
        self._board = Board(self.options.target, ((a, a), (b, b)))
        self._winner: int | None = None
        self._past_the_hole = 0  # points of the winning score beyond the game hole
        self._events: list[Event] = []
        self._seen: tuple[list[Event], list[Event]] = ([], [])  # the log each player sees
        self._actions: list[Action] = []
        self._decks_used: list[tuple[Card, ...]] = []
        self._deal_scores: list[tuple[int, int]] = []

    # --- queries -------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def deal_number(self) -> int:
        """The deal in progress (1 for the first), 0 before the first deal."""
        return self._deal_no

    @property
    def dealer(self) -> int | None:
        """The dealer of the current deal (``None`` before the cut for deal)."""
        return self._dealer

    @property
    def pone(self) -> int | None:
        """The non-dealer of the current deal."""
        return None if self._dealer is None else 1 - self._dealer

    @property
    def scores(self) -> tuple[int, int]:
        return self._board.scores  # the front pegs: the one record of the score

    @property
    def board(self) -> Board:
        """A copy of the board with both players' pegs."""
        return self._board.copy()

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def crib(self) -> Hand:
        """The cards in the crib (the engine's view: no secrets here)."""
        return Hand(self._crib)

    @property
    def count(self) -> int:
        """The running count of the play (0 outside the play)."""
        return self._play.count if self._play is not None and self._phase is Phase.PLAY else 0

    @property
    def pile(self) -> Hand:
        """The cards laid since the last reset of the count."""
        return self._play.pile if self._play is not None and self._phase is Phase.PLAY else Hand()

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]:
        """Every card laid in this deal's play, with the player who laid it."""
        if self._play is None:
            return ()
        return self._play.laid

    @property
    def deal_start(self) -> int:
        """How many of the game's actions came before the deal in progress was dealt
        (all of them between deals and at the end): ``game.replay(game.deal_start)`` is
        the game as this deal began, which shows no card of it.

        >>> game = Game(seed=5, first_dealer=0)
        >>> _ = game.advance(), game.advance(), game.discard(0, game.hand(0)[:2])
        >>> game.deal_start, len(game.actions), game.replay(game.deal_start).phase
        (1, 3, <Phase.DEAL: 'deal'>)
        """
        if self._phase in (Phase.CUT_FOR_DEAL, Phase.DEAL, Phase.GAME_OVER):
            return len(self._actions)
        return self._deal_action

    @property
    def series(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """This deal's play count by count (:attr:`Play.series`): the cards laid, one
        tuple a count, each with who laid it; empty before the play.

        >>> Game(seed=1).series
        ()
        """
        return () if self._play is None else self._play.series

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken so far, in order: replaying them rebuilds the game."""
        return tuple(self._actions)

    @property
    def deal_scores(self) -> tuple[tuple[int, int], ...]:
        """The scores at the end of each deal (the last entry is where the game ended)."""
        return tuple(self._deal_scores)

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def result(self) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        if self._winner is None:
            return None
        target = self.options.target
        skunk = skunk_kind(self.scores[1 - self._winner], target)
        worth = self.options.win_value
        if self.options.skunk:
            worth = {Skunk.NONE: worth, Skunk.SKUNK: self.options.skunk_value,
                     Skunk.DOUBLE: self.options.double_skunk_value}[skunk]
        return GameResult(self._winner, self.scores, target, skunk, worth, self._deal_no,
                          self.options.game_unit)

    def hand(self, player: int) -> Hand:
        """The cards ``player`` holds now (the engine's view: see :meth:`view` for what a
        player may see)."""
        player = seat(player)
        if self._play is not None:
            return self._play.hand(player)
        return Hand(self._hands[player])

    def legal_cards(self, player: int) -> Hand:
        """The cards ``player`` may lay now (empty outside their turn in the play, and
        while a player who pegs by hand has points to peg).

        >>> Game(seed=1).legal_cards(0)
        Hand('')
        """
        player = seat(player)
        if self._play is None or self._phase is not Phase.PLAY or self._unpegged:
            return Hand()
        return self._play.legal_cards(player)

    def go_slip(self, player: int, card: Card | None) -> str | None:
        """What is wrong, in the course's words, with ``player`` laying ``card`` (or
        saying go, for ``None``) now, when it breaks the rule of the go: go while a card
        fits, or a card past 31 (:func:`~cribbage_edu.rules.pegging.go_slip`). ``None``
        outside their turn in the play, while points are due to be pegged, or when the
        move keeps the rule (the game answers any other wrong move when it is made).

        >>> Game(seed=1).go_slip(0, None) is None
        True
        """
        player = seat(player)
        if self._phase is not Phase.PLAY or self.turn != player or self._unpegged:
            return None
        return go_slip(card, self.hand(player), self.legal_cards(player), self.count)

    def can_go(self, player: int) -> bool:
        """Whether ``player`` must say go now: their turn in the play, cards in hand,
        none that fits (:meth:`Play.can_go`).

        >>> Game(seed=1).can_go(0)
        False
        """
        player = seat(player)
        return self._play is not None and self._phase is Phase.PLAY and \
            not self._unpegged and self._play.can_go(player)

    def go_count(self, player: int) -> int | None:
        """The count at which ``player`` said go, while that go stands in the count in
        play (the other lays on to it, or pegs the go): ``None`` when ``player`` has not
        said go since the count was last at zero, has laid a card since, or outside the
        play. Read from the game's own events, so a go whose point is still to be pegged
        by hand counts too.

        >>> game = stacked_game("KH QS AC 2D 5S 6S", "JD 9C 8C 7C 3H 4H", "KD")
        >>> _ = game.discard(0, "5S 6S"), game.discard(1, "3H 4H"), game.advance()
        >>> for who, card in ((0, "KH"), (1, "JD"), (0, "QS")):
        ...     _ = game.play(who, card)
        >>> _ = game.go(1)
        >>> game.go_count(1), game.go_count(0)
        (30, None)
        >>> _ = game.play(0, "AC")  # thirty-one: the count goes back to zero
        >>> game.go_count(1) is None
        True
        """
        player = seat(player)
        if self._phase is not Phase.PLAY:
            return None
        events = [e for e in self._events if e.deal == self.deal_number]
        ends = (EventKind.RESET, EventKind.STARTER, EventKind.END_OF_PLAY)
        for n in range(len(events) - 1, -1, -1):
            event = events[n]
            if event.kind is EventKind.GO and event.player == player:
                count = 0
                for before in reversed(events[:n]):
                    if before.kind in (EventKind.RESET, EventKind.STARTER):
                        break
                    if before.kind is EventKind.LAY:
                        count += sum(c.value for c in before.cards)
                return count
            if event.kind in ends or (event.kind is EventKind.LAY and event.player == player):
                return None
        return None

    def tally(self, deal: int | None = None) -> tuple[dict[Source, int], dict[Source, int]]:
        """The points each seat scored, by source (pegging, hand, crib, heels, muggins),
        in one ``deal`` or, by default, the whole game. They add up to what each seat
        scored from its starting score.

        >>> from cribbage_edu.strategy.players import ExpertPlayer
        >>> from cribbage_edu.rules.drive import play_out
        >>> game = play_out(Game(seed=3, target=61), [ExpertPlayer(), ExpertPlayer()])
        >>> [sum(points.values()) for points in game.tally()] == list(game.scores)
        True
        """
        out: tuple[dict[Source, int], dict[Source, int]] = (
            dict.fromkeys(Source, 0), dict.fromkeys(Source, 0))
        for event in self._events:
            if (event.points and event.source is not None and event.player is not None
                    and (deal is None or event.deal == deal)):
                out[event.player][event.source] += event.points
        return out

    def next_show(self) -> tuple[int, Source, Hand] | None:
        """In the count: who counts next, what (``Source.HAND`` or ``Source.CRIB``,
        which read ``"hand"`` and ``"crib"``) and its four cards (the starter is
        ``game.starter``); ``None`` outside the count."""
        if self._phase is not Phase.COUNT:
            return None
        return self._show_cards()

    def kept(self, player: int) -> Hand | None:
        """The four cards ``player`` kept this deal, once both have discarded."""
        player = seat(player)
        return self._kept[player]

    @property
    def turn(self) -> int | None:
        """The one player whose decision the game waits for, if exactly one."""
        who = self.to_act
        return who[0] if len(who) == 1 else None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who may act now (both in the discard)."""
        return self._now()[0]

    def _now(self) -> tuple[tuple[int, ...], ActionKind | None]:
        """Who may decide now and, when nobody, the automatic step to take (``None``
        when the game is over). The one place that reads the phase to say what comes
        next: :attr:`to_act`, :meth:`legal_actions` and :meth:`apply` all ask it."""
        phase = self._phase
        if phase is Phase.DISCARD:
            return tuple(p for p in (0, 1) if self._discards[p] is None), None
        if phase is Phase.PLAY:
            assert self._play is not None
            if self._unpegged:
                return (self._unpegged[0].player,), None  # their play points, by hand
            turn = self._play.turn
            return ((), None) if turn is None else ((turn,), None)
        if phase is Phase.COUNT:
            owner, _ = self._next_show()
            if self.options.manual_count[owner]:
                return (owner,), None
            return (), ActionKind.COUNT
        return (), _AUTOMATIC.get(phase)

    def _decisions(self, player: int) -> Iterator[Action]:
        """What ``player``, who may act now, can decide: which two cards to lay away,
        which card to lay (or go), or a claim (listed once, with any number of points)."""
        if self._phase is Phase.DISCARD:
            for pair in combinations(self._hands[player], 2):
                yield Action(ActionKind.DISCARD, player, pair)
        elif self._phase is Phase.PLAY and self._unpegged:
            yield Action(ActionKind.PEG, player)
        elif self._phase is Phase.PLAY:
            assert self._play is not None
            fits = self._play.legal_cards(player)
            for card in fits:
                yield Action(ActionKind.PLAY, player, (card,))
            if not fits:
                yield Action(ActionKind.GO, player)
        else:
            yield Action(ActionKind.CLAIM, player)

    @property
    def needs_player(self) -> bool:
        """Whether the game waits for a player's decision (else :meth:`advance` moves it)."""
        return bool(self.to_act) or self._phase is Phase.GAME_OVER

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The actions allowed now (of ``player``, if given). The automatic steps have
        ``player=None``; a claim is listed once with ``points=None`` (any number).

        >>> game = Game(seed=3, first_dealer=0)
        >>> game.legal_actions()
        (Action(kind='cut for deal'),)
        """
        if player is not None:
            player = seat(player)
        who, automatic = self._now()
        out = [Action(automatic)] if automatic is not None and player is None else []
        for p in who:
            if player is None or p == player:
                out.extend(self._decisions(p))
        return tuple(out)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now."""
        player = seat(player)
        play = self._play if self._phase is Phase.PLAY else None
        seen = self._seen[player]
        return PlayerView(
            player=player, names=self.names, phase=self._phase, deal=self._deal_no,
            dealer=self._dealer, scores=self.scores,
            target=self.options.target, hand=self.hand(player),
            kept=self._kept[player] or Hand(), discards=self._discards[player] or Hand(),
            starter=self._starter, count=play.count if play else 0,
            pile=play.pile if play else Hand(),
            laid=self.laid,
            opponent_cards=(len(play.hand(1 - player)) if play
                            else len(self._hands[1 - player])),
            opponent_said_go=play.said_go(1 - player) if play else False,
            shown=tuple(self._shown), turn=self.turn, legal=self.legal_actions(player),
            _events=seen, _n_events=len(seen))

    def card_places(self) -> dict[str, Hand]:
        """Where each of the 52 cards is: ``deck``, ``hand 0``, ``hand 1`` (held),
        ``laid 0``, ``laid 1`` (laid in the play), ``crib``, ``starter``."""
        laid: list[list[Card]] = [[], []]
        for who, card in self.laid:
            laid[who].append(card)
        places = {
            "hand 0": self.hand(0), "hand 1": self.hand(1),
            "laid 0": Hand(laid[0]), "laid 1": Hand(laid[1]),
            "crib": Hand(self._crib),
            "starter": Hand(() if self._starter is None else (self._starter,)),
        }
        used = {c for cards in places.values() for c in cards}
        places["deck"] = Hand(c for c in FULL_DECK if c not in used)
        return places

    # --- actions -------------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Take ``action`` (any kind); returns the events it caused. Cards or points an
        action of its kind does not take are refused, so the log holds nothing else."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"apply takes an Action, not {action!r}")
        _takes_only_its_own(action)
        kind = action.kind
        if kind is ActionKind.DISCARD:
            return self.discard(self._need_player(action), action.cards)
        if kind is ActionKind.PLAY:
            if len(action.cards) != 1:
                raise IllegalPlayError(f"a play is one card, got {len(action.cards)}")
            return self.play(self._need_player(action), action.cards[0])
        if kind is ActionKind.GO:
            return self.go(self._need_player(action))
        if kind is ActionKind.CLAIM:
            if action.points is None:
                raise IllegalActionError("a claim needs the points claimed")
            return self.claim(self._need_player(action), action.points).events
        if kind is ActionKind.PEG:
            if action.points is None:
                raise IllegalActionError("a peg needs the points claimed")
            return self.peg(self._need_player(action), action.points).events
        if action.player is not None:
            raise OutOfTurnError(f"{kind} is not a player's action (player {action.player})")
        automatic = self._now()[1]
        if kind is not automatic:
            if kind is ActionKind.COUNT and self._phase is Phase.COUNT:
                owner, source = self._next_show()
                raise OutOfTurnError(f"{self.names[owner]} counts "
                                     f"{self._whose(owner, source)} themselves: claim a score")
            raise OutOfTurnError(f"cannot do the {kind}: the game is in the {self._phase}")
        steps = {ActionKind.CUT_FOR_DEAL: self._cut_for_deal, ActionKind.DEAL: self._deal,
                 ActionKind.STARTER: self._turn_starter, ActionKind.COUNT: self._count_next}
        return self._record(action, steps[kind])

    def advance(self) -> tuple[Event, ...]:
        """Take the next automatic step: the cut for deal, the deal, the starter, or the
        count of the next hand. Raises ``OutOfTurnError`` when a player must decide.

        >>> game = Game(seed=3, first_dealer=1)
        >>> [e.kind for e in game.advance() + game.advance()]
        ['cut', 'deal']
        """
        steps = self.legal_actions()
        if len(steps) != 1 or steps[0].player is not None:
            if self._phase is Phase.GAME_OVER:
                raise OutOfTurnError("the game is over")
            raise OutOfTurnError(
                f"the {self._phase} waits for {self._waiting_for()}")
        return self.apply(steps[0])

    def discard(self, player: int, cards: str | Iterable[CardLike]) -> tuple[Event, ...]:
        """``player`` lays away two cards into the dealer's crib."""
        player = seat(player)
        name = self.names[player]
        if self._phase is not Phase.DISCARD:
            raise OutOfTurnError(f"{name} cannot lay away cards: the game is in the "
                                 f"{self._phase}")
        if self._discards[player] is not None:
            raise OutOfTurnError(f"{name} has already laid away "
                                 f"'{self._discards[player]}' for the crib")
        try:
            pair = parse_cards(cards)
        except TypeError:
            raise IllegalHandError(f"{name} cannot lay away {cards!r}: give two cards, "
                                   f"like '5H JS'") from None
        if len(pair) != 2:
            raise IllegalHandError(f"{name} must lay away two cards, not {len(pair)}: "
                                   f"'{pair}'")
        no_card_twice(pair, f"{name}'s throw")
        for card in pair:
            if card not in self._hands[player]:
                raise IllegalPlayError(f"{name} cannot lay away {card}: not in hand "
                                       f"'{Hand(self._hands[player])}'")
        return self._record(Action(ActionKind.DISCARD, player, tuple(pair)),
                            lambda: self._do_discard(player, pair))

    def play(self, player: int, card: CardLike) -> tuple[Event, ...]:
        """``player`` lays ``card`` in the play."""
        player = seat(player)
        laid = Card.parse(card)
        if self._phase is not Phase.PLAY:
            raise OutOfTurnError(f"{self.names[player]} cannot lay {laid}: the game is in "
                                 f"the {self._phase}")
        play = self._play
        assert play is not None
        self._no_peg_due(player, f"lay {laid}")
        return self._record(Action(ActionKind.PLAY, player, (laid,)),
                            lambda: self._peg(play.play(player, laid)))

    def go(self, player: int) -> tuple[Event, ...]:
        """``player`` says go: they hold cards but none fits under 31."""
        player = seat(player)
        if self._phase is not Phase.PLAY:
            raise OutOfTurnError(f"{self.names[player]} cannot say go: the game is in the "
                                 f"{self._phase}")
        play = self._play
        assert play is not None
        self._no_peg_due(player, "say go")
        return self._record(Action(ActionKind.GO, player),
                            lambda: self._peg(play.go(player)))

    def _no_peg_due(self, player: int, what: str) -> None:
        if self._unpegged:
            due = self._unpegged[0].player
            raise OutOfTurnError(f"{self.names[player]} cannot {what}: {self.names[due]} "
                                 f"pegs first")

    @property
    def peg_due(self) -> int | None:
        """The player who pegs the play by hand and has just made play points (or none:
        they may have made 0): the game waits for them to say how many (:meth:`peg`)."""
        return self._unpegged[0].player if self._unpegged else None

    @property
    def points_to_peg(self) -> int:
        """The play points the player due to peg (:attr:`peg_due`) has made: what a
        computer that pegs by hand claims (a table never shows it before the claim)."""
        due = self.peg_due
        return sum(pe.points for pe in self._unpegged[1:]
                   if pe.action is EventKind.PEG and pe.player == due)

    def peg(self, player: int, points: int) -> PegClaim:
        """``player``, who pegs the play by hand (``claim_play``), says the points their
        last card made (or the go, or the last card): the engine judges the claim
        (:func:`cribbage_edu.rules.pegging.judge_peg`), as a claim in the show that
        stands: it scores what was claimed, an over-claim only what the cards made; the
        points an under-claim misses are lost, or, under muggins, taken by the opponent.

        >>> game = stacked_game("5H 6C 7D 8S 2C 3D", "10C 9D 2S 3H KC QD", "AS",
        ...                     options=GameOptions(claim_play=(False, True)))
        >>> _ = game.discard(0, "2C 3D"), game.discard(1, "KC QD"), game.advance()
        >>> _ = game.play(0, "5H"); _ = game.play(1, "10C")  # fifteen for two
        >>> game.peg_due, game.to_act
        (1, (1,))
        >>> game.play(0, "6C")
        Traceback (most recent call last):
          ...
        cribbage_edu.OutOfTurnError: player 0 cannot lay 6C: player 1 pegs first
        >>> claim = game.peg(1, 2); claim.verdict, game.scores
        (<Verdict.RIGHT: 'right'>, (0, 2))
        """
        player = seat(player)
        name = self.names[player]
        if self._phase is not Phase.PLAY or not self._unpegged:
            raise OutOfTurnError(f"{name} has no play points to peg now: the game is in "
                                 f"the {self._phase}" + (", waiting for a card"
                                                         if self._phase is Phase.PLAY else ""))
        due = self._unpegged[0].player
        if player != due:
            raise OutOfTurnError(f"{name} cannot peg now: {self.names[due]} pegs first")
        try:
            number = whole_number(points, "points", 0, MOST_PLAY_POINTS)
        except IllegalActionError:
            raise IllegalActionError(f"{name} pegs {points!r}: the play's points are a "
                                     f"whole number, 0 to {MOST_PLAY_POINTS}") from None
        return self._take_points(ActionKind.PEG, player, number, self._do_peg)

    def _take_points(self, kind: ActionKind, player: int, number: int,
                     judge: Callable[[int, int], _Said]) -> _Said:
        """A claim of ``number`` points (checked) by ``player``, recorded as an action of
        ``kind`` and judged by ``judge``: the one way a claim in the show and a peg in the
        play are taken."""
        result: list[_Said] = []
        self._record(Action(kind, player, (), number),
                     lambda: result.append(judge(player, number)))
        return result[0]

    def claim(self, player: int, points: int) -> Claim:
        """``player`` counts their own hand (or crib) aloud and claims ``points``: the
        one judge of a claim, for the widgets and the terminal alike.

        The engine says whether the claim is right, over or under, with the count as it
        should be said (:meth:`Claim.explain`). Without muggins, a wrong first claim is
        not taken: the player is told what it reveals and counts again (``claim.again``;
        nothing is scored, the show waits, and a save or an undo keeps it). The claim
        that stands (a right one, a second one, any under muggins) scores what was
        claimed, except that an over-claim scores only what the cards hold; the points
        an under-claim misses are lost, or, under muggins, taken by the opponent.

        >>> game = stacked_game("5H 5C 6D JS KH QD", "AC 2D 3H 4S 9C 8D", "6C",
        ...                     options=GameOptions(manual_count=(True, False)))
        >>> _ = game.discard(0, "KH QD"), game.discard(1, "9C 8D"), game.advance()
        >>> while game.phase is Phase.PLAY:
        ...     _ = game.play(game.turn, game.legal_cards(game.turn)[0]) if game.legal_cards(
        ...         game.turn) else game.go(game.turn)
        >>> first = game.claim(0, 6)   # 5 5 6 J with 6: fifteen four and two pairs, 8
        >>> first.again, first.awarded, game.held_claim is first
        (True, 0, True)
        >>> second = game.claim(0, 6)  # the second claim scores as claimed: 2 are lost
        >>> second.again, second.awarded, second.verdict
        (False, 6, <Verdict.UNDER: 'under'>)
        """
        player = seat(player)
        if self._phase is not Phase.COUNT:
            raise OutOfTurnError(f"{self.names[player]} cannot claim points: the game is in "
                                 f"the {self._phase}")
        owner, source = self._next_show()
        if player != owner or not self.options.manual_count[owner]:
            raise OutOfTurnError(f"{self.names[player]} cannot claim points now: "
                                 f"{self._waiting_for()} counts "
                                 f"{self._whose(owner, source)}")
        number = claimed_points(points, self.names[player])
        return self._take_points(ActionKind.CLAIM, player, number, self._do_claim)

    @property
    def held_claim(self) -> Claim | None:
        """The wrong first claim of the show being counted, looked at again (without
        muggins): the player counts again and claims once more. ``None`` otherwise."""
        return self._held

    def undo(self, player: int | None = None) -> tuple[Action, ...]:
        """Take back the last decision (of ``player``, if given) and the automatic
        steps after it, by replaying the game without them. Returns the actions undone.

        >>> game = Game(seed=5, first_dealer=0)
        >>> _ = game.advance(), game.advance()
        >>> _ = game.discard(0, game.hand(0)[:2])
        >>> game.undo()
        (Action(kind='discard', player=0, cards=('5H', '7D')),)
        >>> len(game.hand(0))
        6
        """
        if player is not None:
            player = seat(player)
        at = len(self._actions) - 1
        while at >= 0 and not (self._actions[at].is_decision
                               and (player is None or self._actions[at].player == player)):
            at -= 1
        if at < 0:
            who = "" if player is None else f" by {self.names[player]}"
            raise IllegalActionError(f"there is no decision{who} to undo")
        undone = tuple(self._actions[at:])
        self._replay(self._actions[:at])
        return undone

    # --- save, load, replay ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data, in the save format of :mod:`cribbage_edu.rules.saves`: the
        seed, the setup, the stacked decks, the actions, the state they lead to and a
        checksum of it all."""
        return save_body(seed=self.seed, first_dealer=self.first_dealer, names=self.names,
                         start_scores=self.start_scores, options=self.options,
                         decks=self._stacked, actions=[a.to_dict() for a in self._actions],
                         state=self._state(),
                         version=(CLAIMS_LOOKED_AT_AGAIN - 1 if self._claims_stand
                                  else SAVE_VERSION))

    def to_json(self) -> str:
        return save_text(self.to_dict())

    def save(self, path: str | Path) -> Path:
        """Write the game to ``path`` as JSON (only when asked: the engine never writes
        files on its own). Returns the path."""
        return write_save_file(path, self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict` data by replaying it. Anything wrong (an
        unknown version, a changed byte, an illegal action, a card twice) raises
        ``SaveFileError`` naming the problem (see :mod:`cribbage_edu.rules.saves`), and
        nothing is half-loaded."""
        body = check_save(data)
        try:
            game = cls(body.seed, options=body.options, first_dealer=body.first_dealer,
                       decks=body.decks, names=body.names, scores=body.start_scores)
        except CribbageError as exc:
            raise SaveFileError(f"the saved game's setup is refused: {exc}") from None
        game._claims_stand = body.version < CLAIMS_LOOKED_AT_AGAIN
        game._replay([Action.from_dict(a) for a in body.actions])
        if game._state().as_written(body.version) != body.state:
            raise SaveFileError("the saved game replays to a different state than it "
                                "records: the file was changed")
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from the text :meth:`to_json` wrote (or its UTF-8 bytes)."""
        return cls.from_dict(read_save_text(text))

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a game written by :meth:`save`."""
        return cls.from_dict(read_save_file(path))

    def replay(self, upto: int | None = None) -> Game:
        """A new game with the same seed, options and decks, replaying the first ``upto``
        actions (all of them by default).

        >>> game = Game(seed=2, first_dealer=0)
        >>> _ = game.advance(), game.advance()
        >>> game.replay().events == game.events
        True
        """
        twin = Game(self.seed, options=self.options, first_dealer=self.first_dealer,
                    decks=self._stacked, names=self.names, scores=self.start_scores)
        twin._claims_stand = self._claims_stand
        twin._replay(self._actions[:upto])
        return twin

    def _replay(self, actions: Sequence[Action]) -> None:
        """Rebuild the state from the start by taking ``actions``; on failure the game
        keeps its state and ``SaveFileError`` names the action."""
        saved = self.__dict__.copy()
        self._reset_state()
        try:
            for i, action in enumerate(actions):
                try:
                    self.apply(action)
                except CribbageError as exc:
                    raise SaveFileError(f"action {i + 1} of the log ({action!r}) is illegal: "
                                        f"{exc}") from exc
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(saved)
            raise

    def _state(self) -> GameState:
        """What a save file records of the state (see :class:`saves.GameState`)."""
        return GameState(self._phase.value, self._deal_no, self.scores,
                         len(self._events), self._winner, self._past_the_hole,
                         sum(1 for e in self._events if e.kind is EventKind.START))

    # --- the machinery -------------------------------------------------------------------

    def _record(self, action: Action, step: Callable[[], object]) -> tuple[Event, ...]:
        start = len(self._events)
        step()
        self._actions.append(action)
        return tuple(self._events[start:])

    def _need_player(self, action: Action) -> int:
        if action.player is None:
            raise OutOfTurnError(f"the {action.kind} needs a player")
        return action.player

    def _waiting_for(self) -> str:
        who = self.to_act
        if not who:
            return "nobody"
        return " and ".join(self.names[p] for p in who)

    def _next_show(self) -> tuple[int, Source]:
        """Who counts next and what: pone's hand, the dealer's hand, then the crib."""
        dealer = self._dealer
        assert dealer is not None
        step = self._show_step
        if step == 0:
            return 1 - dealer, Source.HAND
        return dealer, Source.HAND if step == 1 else Source.CRIB

    def _whose(self, owner: int, source: Source) -> str:
        return f"{self.names[owner]}'s {source}"

    def _emit(self, kind: EventKind, player: int | None, points: int = 0,
              cards: tuple[Card, ...] = (), reason: str = "", source: Source | None = None,
              items: tuple[ScoreItem, ...] = ()) -> None:
        event = Event(self._deal_no, kind, player, points, cards, reason, source, items)
        self._events.append(event)
        for viewer, seen in enumerate(self._seen):
            if kind is EventKind.DISCARD and player != viewer:
                seen.append(Event(self._deal_no, kind, player, 0, (), reason))
            else:
                seen.append(event)

    def _award(self, kind: EventKind, player: int, points: int, source: Source,
               items: tuple[ScoreItem, ...], cards: tuple[Card, ...], reason: str) -> bool:
        """Score ``points`` for ``player``; returns True when that wins the game. The
        score stops at the game hole: the event adds only the points that reach it (its
        items still show all the cards held), and the win notes the rest, once."""
        target = self.options.target
        counted = min(points, target - self.scores[player])
        self._emit(kind, player, counted, cards, reason, source, items)
        if not counted:
            return False
        self._board.peg(player, counted)
        if self.scores[player] >= target:
            self._winner = player
            self._phase = Phase.GAME_OVER
            self._deal_scores.append(self.scores)
            lost = self.scores[1 - player]
            self._past_the_hole = points - counted
            note = (f" (the last score was {points}, {points - counted} more than the "
                    f"{counted} needed)" if points > counted else "")
            self._emit(EventKind.WIN, player, 0, (),
                       f"{self.names[player]} reaches {target} and wins {target}-{lost}{note}")
            return True
        return False

    def _next_deck(self) -> tuple[Card, ...]:
        shuffled = tuple(Deck(self._rng))  # always drawn, so later deals keep the seed's order
        n = len(self._decks_used)
        order = self._stacked[n] if n < len(self._stacked) else shuffled
        self._decks_used.append(order)
        return order

    def _cut_for_deal(self) -> None:
        if any(self.start_scores):
            first, second = self.start_scores
            self._emit(EventKind.START, None, 0, (),
                       f"the game starts with {self.names[0]} on {first} and {self.names[1]} "
                       f"on {second} (set before the game)")
        if self.first_dealer is not None:
            self._dealer = self.first_dealer
            self._emit(EventKind.CUT, self.first_dealer, 0, (),
                       f"{self.names[self.first_dealer]} deals first (chosen before the game)")
        else:
            while True:
                a, b = self._rng.sample(FULL_DECK, 2)
                dealer = cut_for_deal(a, b)
                if dealer is None:
                    self._emit(EventKind.CUT, None, 0, (a, b),
                               f"both cut a {a.rank.name.lower()} ({a.symbol}, {b.symbol}): "
                               f"cut again")
                    continue
                self._dealer = dealer
                self._emit(EventKind.CUT, self._dealer, 0, (a, b),
                           f"{self.names[0]} cuts {a.symbol}, {self.names[1]} cuts "
                           f"{b.symbol}: the lower card deals, {self.names[self._dealer]}")
                break
        self._phase = Phase.DEAL

    def _deal(self) -> None:
        if self._deal_no:
            assert self._dealer is not None
            self._dealer = 1 - self._dealer
        dealer = self._dealer
        assert dealer is not None
        self._deal_no += 1
        self._deal_action = len(self._actions)  # this deal's own action comes next
        order = self._next_deck()
        pone = 1 - dealer
        self._hands = [[], []]
        self._hands[pone] = sorted(order[0:12:2])
        self._hands[dealer] = sorted(order[1:12:2])
        self._deck = list(order[12:])
        self._kept = [None, None]
        self._discards = [None, None]
        self._crib = []
        self._starter = None
        self._play = None
        self._show_step = 0
        self._shown = []
        self._emit(EventKind.DEAL, dealer, 0, (),
                   f"deal {self._deal_no}: {self.names[dealer]} deals six cards each")
        self._phase = Phase.DISCARD

    def _do_discard(self, player: int, pair: Hand) -> None:
        hand = self._hands[player]
        for card in pair:
            hand.remove(card)
        self._crib.extend(pair)
        self._discards[player] = pair
        dealer = self._dealer
        assert dealer is not None
        whose = "their own" if player == dealer else f"{self.names[dealer]}'s"
        self._emit(EventKind.DISCARD, player, 0, tuple(pair),
                   f"{self.names[player]} lays away two cards for {whose} crib")
        if self._discards[0] is not None and self._discards[1] is not None:
            self._kept = [Hand(self._hands[0]), Hand(self._hands[1])]
            self._phase = Phase.STARTER

    def _turn_starter(self) -> None:
        dealer = self._dealer
        assert dealer is not None
        starter = self._deck.pop(0)
        self._starter = starter
        self._emit(EventKind.STARTER, 1 - dealer, 0, (starter,),
                   f"{self.names[1 - dealer]} cuts and {self.names[dealer]} turns the "
                   f"starter: {starter.symbol}")
        if starter.rank is Rank.JACK:
            won = self._award(EventKind.HEELS, dealer, 2, Source.HEELS,
                              (ScoreItem(Kind.HEELS, (starter,), 2),), (starter,),
                              f"{self.names[dealer]} scores two for his heels")
            if won:
                return
        pone_kept, dealer_kept = self._kept[1 - dealer], self._kept[dealer]
        assert pone_kept is not None and dealer_kept is not None
        self._play = Play(pone_kept, dealer_kept, names=self.names, dealer=dealer)
        self._phase = Phase.PLAY

    def _peg(self, play_events: Iterable[PlayEvent]) -> None:
        """Log the play's events and score their points. For a player who pegs the play by
        hand, the first event of their turn's points and every event after it are held
        until they say how many (:meth:`peg`): the card laid is logged, then the claim,
        then its points, as at the table. A lay or a go that makes them nothing is held
        too (a card is followed by its points, even none)."""
        events = list(play_events)
        claiming = self.options.claim_play
        for n, pe in enumerate(events):
            if pe.action is EventKind.LAY and claiming[pe.player]:
                due, held = pe.player, events[n + 1:]  # its points follow, even none
            elif pe.action is EventKind.PEG and claiming[pe.player]:
                due, held = pe.player, events[n:]  # the go, or the last card
            else:
                continue
            self._unpegged = [PlayEvent(due, EventKind.PEG, None, 0, 0, (), "to peg"), *held]
            events = events[:len(events) - len(held)]
            break
        self._log_play(events)

    def _log_play(self, play_events: Iterable[PlayEvent]) -> None:
        """Log the play's events as they are (the play and the game share one word for
        each), pegging the points."""
        for pe in play_events:
            kind = pe.action
            if kind is EventKind.PEG:
                cards = tuple(dict.fromkeys(c for item in pe.items for c in item.cards))
                if self._award(kind, pe.player, pe.points, Source.PEGGING, pe.items, cards,
                               pe.reason):
                    return
            else:
                self._emit(kind, None if kind is EventKind.END_OF_PLAY else pe.player, 0,
                           () if pe.card is None else (pe.card,), pe.reason)
        play = self._play
        assert play is not None
        if play.is_over and not self._unpegged and self._phase is Phase.PLAY:
            self._phase = Phase.COUNT

    def _do_peg(self, player: int, points: int) -> PegClaim:
        """Judge the claim against the held points of ``player``, score it, then log what
        was held after them."""
        held, self._unpegged = self._unpegged[1:], []
        mine = [pe for pe in held if pe.action is EventKind.PEG and pe.player == player]
        items = tuple(item for pe in mine for item in pe.items)
        judged = judge_peg(points, items, muggins=self.options.muggins)
        start = len(self._events)
        cards = tuple(dict.fromkeys(c for item in items for c in item.cards))
        name = self.names[player]
        self._emit(EventKind.CLAIM, player, 0, cards,
                   f"{name} pegs {points} for the play: {judged.verdict}")
        said = "; ".join(pe.reason for pe in mine) or f"{name} made no points"
        won = False
        if judged.awarded or judged.points:
            won = self._award(EventKind.PEG, player, judged.awarded, Source.PEGGING, items,
                              cards, said if judged.verdict is Verdict.RIGHT else
                              f"{name} scores {judged.awarded} ({said})")
        if not won and judged.taken:
            won = self._award(EventKind.MUGGINS, 1 - player, judged.taken, Source.MUGGINS, (),
                              cards, f"muggins! {self.names[1 - player]} takes the "
                              f"{judged.taken} {name} missed in the play")
        if not won:
            rest = [pe for pe in held if not (pe.action is EventKind.PEG
                                              and pe.player == player)]
            self._peg(rest)
        return PegClaim(player, points, judged, tuple(self._events[start:]))

    def _show_cards(self) -> tuple[int, Source, Hand]:
        owner, source = self._next_show()
        if source is Source.HAND:
            cards = self._kept[owner]
            assert cards is not None
            return owner, source, cards
        return owner, source, Hand(sorted(self._crib))

    def _score_next(self) -> tuple[int, Source, Hand, HandScore]:
        """The next show: who counts, what, its four cards and its score."""
        owner, source, cards = self._show_cards()
        starter = self._starter
        assert starter is not None
        return owner, source, cards, score_hand(cards, starter, crib=source is Source.CRIB)

    def _count_next(self) -> None:
        owner, source, cards, score = self._score_next()
        starter = self._starter
        assert starter is not None
        self._shown.append((owner, source, cards))
        what = "the crib" if source is Source.CRIB else "their hand"
        if self._award(EventKind.SHOW, owner, score.total, source, score.items, tuple(cards),
                       f"{self.names[owner]} counts {what} {cards.symbols} with "
                       f"{starter.symbol}: {score}"):
            return
        self._after_show()

    def _after_show(self) -> None:
        self._held = None
        self._show_step += 1
        if self._show_step == 3:
            self._deal_scores.append(self.scores)
            self._phase = Phase.DEAL

    def _do_claim(self, player: int, points: int) -> Claim:
        owner, source, cards, score = self._score_next()
        what = self._whose(owner, source)
        start = len(self._events)
        muggins = self.options.muggins
        judged = judge_claim(points, score, muggins=muggins)
        if judged.verdict is not Verdict.RIGHT and not muggins and self._held is None \
                and not self._claims_stand:
            # the second look: a wrong first claim is not taken; the player counts again
            self._emit(EventKind.CLAIM, player, 0, tuple(cards),
                       f"{self.names[player]} claims {points} for {what}: {judged.verdict}, "
                       f"not taken: a second look")
            self._held = Claim(player, self.names[owner], source, points, score, 0, 0,
                               tuple(self._events[start:]), again=True)
            return self._held
        if self._claims_stand and judged.verdict is Verdict.UNDER and not muggins:
            judged = judged._replace(awarded=score.total)  # a save of version 1 or 2
        self._shown.append((owner, source, cards))
        awarded, taken = judged.awarded, judged.taken
        self._emit(EventKind.CLAIM, player, 0, tuple(cards),
                   f"{self.names[player]} claims {points} for {what}: {judged.verdict}")
        won = self._award(EventKind.SHOW, owner, awarded, source, score.items, tuple(cards),
                          f"{self.names[owner]} scores {awarded} for {what}"
                          + ("" if judged.verdict is Verdict.RIGHT
                             else f" (it scores {score.total}: {score})"))
        if not won and taken:
            won = self._award(EventKind.MUGGINS, 1 - owner, taken, Source.MUGGINS, (), tuple(cards),
                              f"muggins! {self.names[1 - owner]} takes the {taken} "
                              f"{self.names[owner]} missed")
        if not won:
            self._after_show()
        return Claim(player, self.names[owner], source, points, score, awarded, taken,
                     tuple(self._events[start:]))

    def __repr__(self) -> str:
        a, b = self.scores
        return (f"<Game seed {self.seed}, deal {self._deal_no}, {self._phase}, "
                f"scores {a}-{b}>")

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def _repr_html_(self) -> str:
        """The table as player 0 (the learner's seat) sees it: the phase, the scores,
        their own cards, the starter, the play, hands already shown; the opponent's
        hand and the crib stay face down until they are shown. ``game.view(1)`` shows
        the other seat."""
        from ..render import view_html

        return view_html(self.view(0))


MAX_NAME = 40
"""The longest name a player may have, in characters."""


def _names(names: object) -> tuple[str, str]:
    """Two names, each a text of 1 to :data:`MAX_NAME` characters.

    >>> _names(["Ann", "Bob"])
    ('Ann', 'Bob')
    """
    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2
            or not all(isinstance(n, str) and len(n.strip()) > 0 and len(n) <= MAX_NAME
                       for n in names)):
        raise IllegalActionError(f"names are two texts of 1 to {MAX_NAME} characters, one "
                                 f"a player, not {names!r}")
    return names[0], names[1]


def _stacked_decks(decks: object) -> list[tuple[Card, ...]]:
    """Each stacked deck as its 52 cards in order (a deck given in part is completed
    in sort order, as :meth:`Deck.stacked` does)."""
    if isinstance(decks, (str, Deck)) or not isinstance(decks, Iterable):
        raise IllegalActionError(f"decks is a list of stacked decks (one a deal), not "
                                 f"{decks!r}")
    out = []
    for number, deck in enumerate(decks, 1):
        try:
            order = tuple(deck) if isinstance(deck, Deck) else tuple(Deck.stacked(deck))
        except (TypeError, CribbageError) as exc:
            raise IllegalHandError(f"deck {number} is not a deck of cards ({deck!r}): "
                                   f"{exc}") from None
        if len(order) != 52 or len(set(order)) != 52:
            raise IllegalHandError(f"deck {number} must hold each of the 52 cards once: got "
                                   f"{len(order)} cards, {len(set(order))} distinct")
        out.append(order)
    return out
