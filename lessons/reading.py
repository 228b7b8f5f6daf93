"""Reading the opponent, for lesson 13: what a good player's lead and keep say about the
cards they hold, counted from seeded deals between experts, and a card judged by the judge
of the whole deal reading the lead, beside the same judge not reading it.

**The deals.** :func:`expert_deals` deals six cards to each player from a shuffled deck
(seeded), each keeps four as the expert does (:class:`~cribbage_edu.strategy.players.
ExpertPlayer`: the throw with the best net, lesson 10), the starter is turned and pone
leads as the expert leads. :func:`share_after` counts, among the deals with a given
lead, how often the leader's other three cards hold a card of a kind; :func:`at_random`
says the same exactly for a hand drawn at random (three of the other 51 cards).

>>> deals = expert_deals(200, seed=1)
>>> len(deals), all(len(d.pone_kept) == len(d.dealer_kept) == 4 for d in deals)
(200, True)
>>> all(d.lead in d.pone_kept for d in deals)
True
>>> round(at_random(4), 3)  # the other three hold a five: 1 - C(47, 3)/C(51, 3)
0.221

**The read.** :func:`read_hands` deals pone the card she led and five more at random from
the cards the dealer has not seen, has her keep four and lead as the expert does, and keeps
the deals where she leads a card of that rank: her other three cards in those deals are a
sample of the hands the lead leaves her, each as often as the expert would hold it.
:func:`read_compared` judges each card of the dealer by the judge of the whole deal
(:func:`cribbage_edu.strategy.coach.deal.judge_deal`), which reads the lead itself (her
keep as a strong player's, her lead weighed by the chance the expert leads it), beside the
same judge not reading it (every keep of her six and every lead alike).

The model and its limits: the read trusts that pone keeps and leads like a strong player
(a 10% chance of another keep, 20% of another card), and that her six cards were any six
of those unseen; the rest of the play is laid with hidden hands, each side looking one
card ahead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cribbage_edu import FULL_DECK, Card, parse_cards
from cribbage_edu.rules.cards import CardLike
from cribbage_edu.rules.game import PlayerView, stacked_game
from cribbage_edu.strategy.coach.deal import DealVerdict, judge_deal
from cribbage_edu.strategy.players import ExpertPlayer
from exercises import Exercise
from throwing import share_text
from whole_play import DEALS, SEED, card_exercise

__all__ = ["Deal", "at_random", "expert_deals", "print_read", "print_tells", "read_compared",
           "read_exercise", "read_hands", "share_after", "tell", "with_a_five"]

Ranks = tuple[int, ...]
FIVE = 5
TEN = 10
EXPERT = ExpertPlayer()


@dataclass(frozen=True)
class Deal:
    """One deal between experts up to the lead: each player's four kept ranks (sorted)
    and the rank pone led."""

    pone_kept: Ranks
    dealer_kept: Ranks
    lead: int

    @property
    def pone_rest(self) -> Ranks:
        """Pone's other three cards, after her lead."""
        rest = list(self.pone_kept)
        rest.remove(self.lead)
        return tuple(rest)


def _ranks(cards: Sequence[Card]) -> Ranks:
    return tuple(sorted(int(c.rank) for c in cards))


def expert_deals(n: int, *, seed: int) -> list[Deal]:
    """``n`` seeded deals: both players keep four as the expert does, and pone leads."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = rng.sample(FULL_DECK, 13)
        game = stacked_game(cards[:6], cards[6:12], cards[12])
        for seat in (0, 1):
            game.discard(seat, EXPERT.discard(game.view(seat)))
        game.advance()  # the starter
        lead = EXPERT.play(game.view(0))
        kept = (game.kept(0), game.kept(1))
        assert kept[0] is not None and kept[1] is not None
        deals.append(Deal(_ranks(kept[0]), _ranks(kept[1]), int(lead.rank)))
    return deals


def share_after(deals: Sequence[Deal], led: Callable[[int], bool],
                holds: Callable[[Ranks], bool]) -> tuple[int, int]:
    """Among the deals whose lead passes ``led``, how many leave pone other cards that
    pass ``holds``: ``(hits, deals)``."""
    chosen = [d for d in deals if led(d.lead)]
    return sum(holds(d.pone_rest) for d in chosen), len(chosen)


def at_random(wanted: int, held: int = 3, unseen: int = 51) -> float:
    """The chance that ``held`` cards drawn at random from ``unseen`` hold at least one of
    ``wanted`` particular cards (a random leader's other three: of the 51 other cards)."""
    return 1 - math.comb(unseen - wanted, held) / math.comb(unseen, held)


def with_a_five(deals: Sequence[Deal], *, dealer: bool) -> tuple[int, int]:
    """How many of the kept fours (the dealer's or pone's) hold a five: ``(hits, deals)``."""
    return (sum(FIVE in (d.dealer_kept if dealer else d.pone_kept) for d in deals),
            len(deals))


def read_hands(dealer_six: str, starter: CardLike, lead: CardLike, *, tries: int,
               seed: int) -> list[Ranks]:
    """Pone's other three cards (ranks) in every deal of ``tries`` where she, dealt the
    card she led and five more from the cards the dealer has not seen, keeps four and
    leads that very card as the expert does (a deal where she would lead another card of
    its rank is not hers: counting it would weigh a hand of two aces twice). The dealer's
    six cards are ``dealer_six`` (he keeps four as the expert does)."""
    six = parse_cards(dealer_six)
    led = Card.parse(str(lead))
    turned = Card.parse(str(starter))
    known = {*six, turned, led}
    pool = [c for c in FULL_DECK if c not in known]
    rng = random.Random(seed)
    hands = []
    for _ in range(tries):
        game = stacked_game([led, *rng.sample(pool, 5)], six, turned)
        for seat in (0, 1):
            game.discard(seat, EXPERT.discard(game.view(seat)))
        game.advance()
        if EXPERT.play(game.view(0)) == led:
            kept = game.kept(0)
            assert kept is not None
            rest = list(_ranks(kept))
            rest.remove(int(led.rank))
            hands.append(tuple(rest))
    return hands


def read_compared(kept: str, *, thrown: str, starter: CardLike, laid: str, dealer: bool,
                  deals: int = DEALS, seed: int = SEED) -> tuple[DealVerdict, DealVerdict]:
    """The judge of the whole deal on each card of a stated deal, twice over the same
    number of deals: reading the opponent (his keep and his cards as a strong player's,
    the judge's own read) and not reading him (every keep of his six and every card he
    could lay alike: the read's slips set to 1)."""
    view = PlayerView.in_play(kept, thrown, starter, dealer=dealer, laid=laid)
    return (judge_deal(view, deals, seed=seed),
            judge_deal(view, deals, seed=seed, throw_slip=1.0, play_slip=1.0))


def print_read(kept: str, **position: object) -> None:
    """Each card's net points to the end of the play, with its 95% interval, not reading
    the opponent and reading him; ✓ marks the cards within the judge's margin of the best
    in each column."""
    read, alike = read_compared(kept, **position)  # type: ignore[arg-type]
    rows = {row.card: row for row in alike.cards}
    good = (set(alike.within_margin()), set(read.within_margin()))
    print(f"{'card':<6}{'every hand alike':>20}{'the read':>20}")
    for row in read.cards:
        other = rows[row.card]
        marks = ["  ✓" if row.card in g else "   " for g in good]
        print(f"{row.card.symbol:<6}{other.points:>+10.2f} ± {other.points_error:.2f}{marks[0]}"
              f"{row.points:>+10.2f} ± {row.points_error:.2f}{marks[1]}")
    print(f"(the judge of the whole deal, {read.drawn:,} deals drawn for the opponent in "
          f"each column, seeded; ✓: within its margin of the best)")


def print_tells(deals: Sequence[Deal]) -> None:
    """What an expert's lead says of her other three cards, and her keep of a five, each
    share of the deals with its 95% interval beside the exact chance for random cards."""
    print(f"{len(deals):,} deals between experts")
    print(f"{'after the lead':<16}{'the leader still holds':<26}{'an expert':<33}at random")
    for name, lead, kind, wanted in TELLS:
        led, holds, cards = tell(lead, wanted)
        hits, out_of = share_after(deals, led, holds)
        print(f"{name:<16}{kind:<26}{share_text(hits, out_of):<33}{at_random(cards):.1%}")
    fives = sum(d.lead == FIVE for d in deals)
    kept = sum(FIVE in d.pone_kept for d in deals)
    five_led = "never led" if fives == 0 else f"led in {fives} deals"
    print(f"{'a five':<16}{five_led}, though pone kept one in {kept:,} deals")
    print()
    print(f"{'the four cards kept':<42}{'an expert':<33}at random")
    random_four = at_random(4, held=4, unseen=52)
    for dealer in (False, True):
        hits, out_of = with_a_five(deals, dealer=dealer)
        role = "the dealer's" if dealer else "pone's"
        print(f"{role + ' hold a five':<42}{share_text(hits, out_of):<33}{random_four:.1%}")


TELLS: tuple[tuple[str, int, str, Callable[[int], bool]], ...] = (
    ("an ace", 1, "another ace", lambda r: r == 1),
    ("a four", 4, "another four", lambda r: r == 4),
    ("a four", 4, "another card under five", lambda r: r < FIVE),
    ("a four", 4, "a five", lambda r: r == FIVE),
    ("a ten-card", TEN, "a five", lambda r: r == FIVE),
)
"""Each tell: the lead (a ten-card: any rank from 10 up), the rank it stands for, and the
ranks the leader's other three cards may hold."""


def tell(lead: int, wanted: Callable[[int], bool]) -> tuple[Callable[[int], bool],
                                                            Callable[[Ranks], bool], int]:
    """A tell as :func:`share_after` and :func:`at_random` read it: which leads it is
    about, whether three cards hold a wanted rank, and how many of the other 51 cards (all
    but the led card) are of a wanted rank.

    >>> led, holds, cards = tell(4, lambda r: r < 5)
    >>> led(4), holds((4, 9, 13)), cards  # 16 cards under five, less the 4 led
    (True, True, 15)
    """
    def led(rank: int) -> bool:
        return rank >= TEN if lead == TEN else rank == lead

    def holds(hand: Ranks) -> bool:
        return any(wanted(r) for r in hand)

    cards = sum(wanted(int(c.rank)) for c in FULL_DECK) - wanted(lead)
    return led, holds, cards



def read_exercise(number: int, kept: str, *, thrown: str, starter: CardLike, laid: str,
                  why: str) -> Exercise:
    """Which card does the dealer lay on pone's lead, the lead read? Graded by the judge of
    the whole deal, which reads it (every card within its margin accepted); a miss is told
    its numbers, and the card that would be best not reading the lead is told so."""
    read, alike = read_compared(kept, thrown=thrown, starter=starter, laid=laid,
                                dealer=True)
    unread = alike.best
    lost = read.card(unread)
    more = {unread: (f"not reading the lead, the {unread.symbol} would be the best card "
                     f"({alike.card(unread).points:+.2f} to the end of the play), but read, "
                     f"it nets {lost.points:+.2f}, {-lost.difference:.2f} ± {lost.margin:.2f} "
                     f"less than the {read.best.symbol}")}
    return card_exercise(number, kept, thrown=thrown, starter=starter, laid=laid,
                         dealer=True, why=why, more=more,
                         question="Pone, who plays like an expert, led. You are the dealer.")
