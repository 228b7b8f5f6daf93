"""What a judge is given and what it answers for each card: a position in the play
(:class:`CardPosition`), checked once as it is made (:func:`card_position`), or read from
a player's view of a game (:func:`view_position`); and one card's columns
(:class:`CardOption`).

>>> position = card_position("5C 7D", "AS", "QD 5H", "2C 9C KH QC 8S 3D", True, None,
...                          121, 0, False, None)
>>> position.count, [str(card) for card in position.legal]
(15, ['5C', '7D'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...rules.cards import FULL_DECK, THIRTY_ONE, Card, Hand, checked_card, checked_cards
from ...rules.checks import apart, flag, two_scores, whole_number
from ...rules.errors import IllegalActionError, IllegalHandError, IllegalPlayError
from ...rules.events import Phase
from ...rules.game import PlayerView
from ...rules.options import game_target

__all__ = ["CardOption", "CardPosition", "card_position", "judged_scores", "view_position"]

HAND = 4
"""Cards each player holds when the play starts (six dealt, two thrown)."""
THROWN = 2
"""Cards each player throws to the crib: the cards besides the play a player has seen."""


FEWEST_FOR_A_GO = 3
"""Cards in a series before a player can be stuck: no card fits only from 22 (a ten-card
left), and two cards make at most 20."""
FEWEST_FOR_31 = 4
"""Cards in a series that make 31 at the fewest: three make at most 30."""



def judged_scores(value: object, target: int) -> tuple[int, int] | None:
    """``None`` (the score left out), or the board as (your score, the opponent's), each
    from 0 to one under the ``target``."""
    if value is None:
        return None
    return two_scores(value, target, "scores (yours, the opponent's)")


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card you may lay, with its columns: what it pegs ``now``, what the opponent's best
    ``answer`` pegs at once (on average), and the ``value``: the net points of the whole rest
    of the play from this card on (yours less the opponent's, on average), with its 95%
    ``error`` (0 when every hand was weighed), and the ``chance`` to win when it is judged.
    Judged over the whole deal (the table's judge,
    :func:`~cribbage_edu.strategy.coach.view.judge_dealt`), it also has its ``difference``
    from the best card on the measure that ranks them (the chance to win near home, else
    points) with ``margin``, the 95% half-width of that paired difference; else both are
    ``None``."""

    card: Card
    now: int
    answer: float
    value: float
    error: float
    chance: float | None = None
    difference: float | None = None
    margin: float | None = None

    def row(self) -> str:
        text = (f"{self.card.symbol}: pegs {self.now} now, the answer {self.answer:.2f}, the "
                f"whole rest of the play {self.value:+.2f}")
        if self.error:
            text += f" (± {self.error:.2f})"
        if self.chance is not None:
            text += f"; chance to win {self.chance:.1%}"
        if self.difference is not None and self.margin is not None:
            if self.chance is not None:
                text += f"; against the best {self.difference:+.1%} (± {self.margin:.1%})"
            else:
                text += f"; against the best {self.difference:+.2f} (± {self.margin:.2f})"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"card": str(self.card), "now": self.now, "answer": self.answer,
                "value": self.value, "error": self.error, "chance": self.chance,
                "difference": self.difference, "margin": self.margin}


@dataclass(frozen=True, slots=True)
class CardPosition:
    """A position in the play, as a card is judged from it (checked by
    :func:`card_position`): your ``hand``, the ``starter``, the ``pile`` since the count was
    reset, the other cards ``seen``, whether you are the ``dealer``, the ``scores`` (yours,
    the opponent's; or ``None``), the ``target``, how many cards the opponent holds
    (``opponent_cards``), whether he said go in this series (``opponent_go``), and your
    four ``kept`` cards if known. A table's "try again" reopens it."""

    hand: Hand
    starter: Card
    pile: Hand
    seen: Hand
    dealer: bool
    scores: tuple[int, int] | None
    target: int
    opponent_cards: int
    opponent_go: bool
    kept: Hand | None

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    @property
    def legal(self) -> list[Card]:
        return [c for c in self.hand if self.count + c.value <= THIRTY_ONE]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": [str(c) for c in self.hand], "starter": str(self.starter),
                "pile": [str(c) for c in self.pile], "seen": [str(c) for c in self.seen],
                "dealer": self.dealer,
                "scores": None if self.scores is None else list(self.scores),
                "target": self.target, "opponent_cards": self.opponent_cards,
                "opponent_go": self.opponent_go,
                "kept": None if self.kept is None else [str(c) for c in self.kept]}

    def unseen_ranks(self) -> list[int]:
        """The ranks of the cards the player has not seen, one entry a card: those the
        opponent may hold (after a go, only cards that do not fit)."""
        known = {*self.hand, self.starter, *self.pile, *self.seen}
        room = THIRTY_ONE - self.count
        return [int(c.rank) for c in FULL_DECK if c not in known
                and (not self.opponent_go or c.value > room)]


def card_position(hand: object, starter: object, pile: object, seen: object, dealer: object,
                  scores: object, target: object, opponent_cards: object,
                  opponent_go: object, kept: object) -> CardPosition:
    """The position a card is judged from, every argument checked (those of
    :func:`~cribbage_edu.strategy.coach.judge_card`, in its order; ``opponent_cards`` may be
    ``None``, ``kept`` too): a position the rules cannot reach is refused with an error of
    the engine's family that names what is wrong, and nothing is judged."""
    held = checked_cards(hand, "the hand")
    if not 1 <= len(held) <= HAND:
        raise IllegalHandError(f"a hand in the play holds 1 to {HAND} cards, got "
                               f"{len(held)}: '{held}'")
    turned = checked_card(starter, "the starter")
    laid = checked_cards(pile, "the pile")
    known = checked_cards(seen, "the seen cards")
    mine = None if kept is None else checked_cards(kept, "the kept hand")
    apart([("the hand", held), ("the starter", (turned,)), ("the pile", laid),
           ("the seen cards", known)])
    count = sum(c.value for c in laid)
    if count > THIRTY_ONE:
        raise IllegalPlayError(f"the pile '{laid}' counts {count}: a count never passes 31")
    if count == THIRTY_ONE:
        raise IllegalPlayError(f"the pile '{laid}' counts 31: the count has gone back to 0, "
                               f"so the pile is empty")
    if mine is not None:
        if len(mine) != HAND:
            raise IllegalHandError(f"the kept hand is {HAND} cards, got {len(mine)}: "
                                   f"'{mine}'")
        missing = [c for c in held if c not in mine]
        if missing:
            raise IllegalHandError(f"{missing[0]} is in the hand but not in the kept hand "
                                   f"'{mine}'")
        if turned in mine:
            raise IllegalHandError(f"the starter {turned} cannot be in the kept hand '{mine}'")
    is_dealer = flag(dealer, "dealer")
    goal = game_target(target)
    board = judged_scores(scores, goal)
    go = flag(opponent_go, "opponent_go")
    if opponent_cards is None:
        # no go so far: pone has laid as many cards as the dealer, or one more
        left = len(held) if not is_dealer else len(held) - 1
        # a count reset by a go breaks the alternation; the caller says so then
        left = max(0, left)
    else:
        left = whole_number(opponent_cards, "opponent_cards", 0, HAND)
    position = CardPosition(held, turned, laid, known, is_dealer, board, goal, left, go, mine)
    unseen = position.unseen_ranks()
    if left > len(unseen):
        why = " that do not fit (he said go)" if go else ""
        raise IllegalHandError(f"the opponent cannot hold {left} cards: only {len(unseen)} "
                               f"unseen cards{why} are left")
    if go and left == 0:
        raise IllegalActionError("an opponent with no cards does not say go")
    _check_reached(position)
    return position


def _check_reached(position: CardPosition) -> None:
    """Refuse a position no deal can reach: cards that add up to more than a deal shows,
    kept cards that were neither laid nor held, a pile the order of the play cannot make."""
    held, left, pile = len(position.hand), position.opponent_cards, len(position.pile)
    laid = 2 * HAND - held - left  # every card laid this deal, by both
    mine = position.kept
    if mine is not None:
        shown = {*position.hand, *position.pile, *position.seen}
        nowhere = [c for c in mine if c not in shown]
        if nowhere:
            raise IllegalHandError(f"{nowhere[0]} of the kept hand '{mine}' is neither in the "
                                   f"hand nor laid (in the pile or the seen cards)")
    if pile > laid:
        raise IllegalPlayError(f"the pile '{position.pile}' holds {pile} cards, but only "
                               f"{laid} have been laid: you hold {held} of your {HAND} and "
                               f"the opponent {left} of his")
    before = laid - pile  # laid in the series before this one
    if len(position.seen) > THROWN + before:
        raise IllegalHandError(f"{len(position.seen)} cards seen besides the pile: a deal "
                               f"shows you at most your {THROWN} thrown and the {before} "
                               f"laid before this series (you hold {held}, the opponent "
                               f"{left}, the pile {pile})")
    yours = None if mine is None else sum(c in mine for c in position.pile)
    if not _the_play_reaches(not position.dealer, held, left, pile, yours, position.opponent_go):
        role = "dealer" if position.dealer else "pone"
        after = ", after his go" if position.opponent_go else ""
        of_yours = "" if yours is None else f", {yours} of them yours"
        raise IllegalPlayError(f"no play reaches your turn as {role} holding {held} with the "
                               f"opponent holding {left}{after} and the pile "
                               f"'{position.pile}' ({pile} cards{of_yours})")


_State = tuple[tuple[int, int], int, tuple[int, int], int | None, int | None]
"""A moment of the play in counts only: the cards each seat has laid, whose turn it is, the
cards each has laid in this series, who said go in it (or ``None``) and who laid last."""


@cache
def _the_play_reaches(pone: bool, held: int, left: int, pile: int, yours: int | None,
                      go: bool) -> bool:
    """Whether the order of the play (RULES.md) can bring your turn with ``held`` cards in
    your hand and ``left`` in the opponent's, ``pile`` cards since the count was reset
    (``yours`` of them yours, if known) and his go said in this series or not. Pone leads
    the first series; within one, turns alternate, except that after a go, or when one
    player has no card left, the other lays on alone; at a reset the player who did not
    lay the last card leads, if he has a card. Card values count only where they must: a
    go needs a count of 22 (three cards at least), a 31 four cards. Seat 0 is you, 1 the
    opponent.

    >>> _the_play_reaches(True, 4, 4, 0, None, False)  # pone leads the first series
    True
    >>> _the_play_reaches(False, 4, 4, 0, None, False)  # the dealer never leads it
    False
    """
    goal = (HAND - held, HAND - left)
    start: _State = ((0, 0), 0 if pone else 1, (0, 0), None, None)
    todo, seen = [start], {start}
    while todo:
        state = todo.pop()
        laid, turn, series, said, _ = state
        if (turn == 0 and laid == goal and sum(series) == pile and said in (None, 1)
                and (said == 1) == go and yours in (None, series[0])):
            return True
        for nxt in _next_states(state):
            if nxt not in seen and all(n <= h for n, h in zip(nxt[0], goal, strict=True)):
                seen.add(nxt)
                todo.append(nxt)
    return False


def _next_states(state: _State) -> list[_State]:
    laid, turn, series, said, last = state
    other = 1 - turn

    def can_act(who: int) -> bool:
        return laid[who] < HAND and said != who

    def reset(laid: tuple[int, int], last: int) -> list[_State]:
        lead = 1 - last if laid[1 - last] < HAND else last
        return [] if laid[lead] == HAND else [(laid, lead, (0, 0), None, None)]

    out: list[_State] = []
    if can_act(turn):
        now = (laid[0] + (turn == 0), laid[1] + (turn == 1))
        run = (series[0] + (turn == 0), series[1] + (turn == 1))
        if sum(run) >= FEWEST_FOR_31:
            out += reset(now, turn)  # the card makes 31
        if laid[other] < HAND and said != other:
            out.append((now, other, run, said, turn))
        elif now[turn] < HAND:
            out.append((now, turn, run, said, turn))  # he has said go, or holds nothing
        else:
            out += reset(now, turn)
        if sum(series) >= FEWEST_FOR_A_GO and said is None and laid[other] < HAND:
            out.append((laid, other, series, turn, last))  # no card fits: go
    if (sum(series) >= FEWEST_FOR_A_GO and last is not None
            and not (can_act(other) and said is None)):
        out += reset(laid, last)  # neither can lay: the go, and a new series
    return out


def view_position(view: PlayerView) -> CardPosition:
    """The position of a player's ``view`` in the play, with the cards seen and the
    opponent's cards filled in from it."""
    if view.phase is not Phase.PLAY or view.starter is None:
        raise IllegalActionError(f"there is no card to judge: the game is in the {view.phase}")
    laid = [card for _, card in view.laid]
    seen = [c for c in (*view.discards, *laid) if c not in view.pile]
    me = view.player
    scores = (view.scores[me], view.scores[1 - me])
    return card_position(view.hand, view.starter, view.pile, seen, view.is_dealer, scores,
                         view.target, view.opponent_cards, view.opponent_said_go,
                         view.kept or None)
