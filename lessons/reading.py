"""Reading the opponent, for lesson 13: what a good player's lead and keep say about the
cards they hold, counted from seeded deals between experts, and a card judged over the
hands the read leaves instead of over every hand alike.

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
:func:`read_judged` then weighs each card of the dealer by the whole rest of the play (the
judge's open-hands model, :func:`cribbage_edu.strategy.pegsolver.after_card`) over that
sample, beside the judge's figure over every hand alike
(:func:`cribbage_edu.strategy.coach.judge_card`).

The model and its limits: the read trusts that pone keeps and leads like the expert, and
that her six cards were any six of those unseen; the rest of the play is still played by
both with both hands open.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cribbage_edu import FULL_DECK, Card, parse_cards
from cribbage_edu.rules.cards import THIRTY_ONE, CardLike
from cribbage_edu.rules.game import stacked_game
from cribbage_edu.stats import mean_interval
from cribbage_edu.strategy.coach import judge_card
from cribbage_edu.strategy.discard import best_discard
from cribbage_edu.strategy.pegsolver import after_card
from cribbage_edu.strategy.players import ExpertPlayer
from exercises import Exercise, as_card, question_html
from throwing import share_text

__all__ = ["Deal", "ReadOption", "at_random", "expert_deals", "good_by_read",
           "loss_against_best", "print_read", "print_tells", "read_exercise", "read_hands",
           "read_judged", "share_after", "tell", "with_a_five"]

Ranks = tuple[int, ...]
FIVE = 5
TEN = 10
GOOD = 0.5
"""Points under which a card is as good as the best (the coach's grade ``good``)."""
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
    leads a card of that rank as the expert does. The dealer's six cards are
    ``dealer_six`` (he keeps four as the expert does)."""
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
        if EXPERT.play(game.view(0)).rank is led.rank:
            kept = game.kept(0)
            assert kept is not None
            rest = list(_ranks(kept))
            rest.remove(int(led.rank))
            hands.append(tuple(rest))
    return hands


@dataclass(frozen=True)
class ReadOption:
    """One card of the dealer's: the judge over every hand alike (``uniform``, with its
    95% ``uniform_error``) and over the read's hands (``read``, with ``read_error``), and
    the card's whole-play figure in each hand read (``values``, for paired comparisons)."""

    card: Card
    uniform: float
    uniform_error: float
    read: float
    read_error: float
    values: tuple[float, ...]


def read_judged(hand: str, *, starter: CardLike, pile: str, seen: str,
                hands: Sequence[Ranks]) -> list[ReadOption]:
    """Each card of ``hand`` that fits on ``pile``, best by the read first: the judge's
    whole-play figure over every hand (``seen`` are the dealer's thrown cards) and the same
    figure over the read's ``hands``, each with its 95% interval."""
    cards = parse_cards(hand)
    laid = parse_cards(pile)
    count = sum(c.value for c in laid)
    fits = [c for c in cards if count + c.value <= THIRTY_ONE]
    verdict = judge_card(cards, fits[0], starter=starter, pile=laid, seen=seen, dealer=True)
    uniform = {o.card: o for o in verdict.options}
    mine = _ranks(cards)
    ranks = [int(c.rank) for c in laid]
    options = []
    for card in fits:
        values = tuple(float(after_card(mine, theirs, ranks, int(card.rank)))
                       for theirs in hands)
        mean, low, _ = mean_interval(values)
        options.append(ReadOption(card, uniform[card].value, uniform[card].error, mean,
                                  mean - low, values))
    return sorted(options, key=lambda o: (-o.read, o.card))


def loss_against_best(options: Sequence[ReadOption], card: Card) -> tuple[float, float]:
    """What ``card`` loses by the read against the read's best card, and the 95% interval
    of that loss (paired: the same hands for both cards)."""
    best = options[0]
    mine = next(o for o in options if o.card == card)
    if mine is best:
        return 0.0, 0.0
    diffs = [b - m for b, m in zip(best.values, mine.values, strict=True)]
    mean, low, _ = mean_interval(diffs)
    return mean, mean - low


def good_by_read(options: Sequence[ReadOption]) -> frozenset[Card]:
    """The cards as good as the read's best, as the coach grades: a loss under half a
    point, or within its 95% interval."""
    good = set()
    for o in options:
        loss, error = loss_against_best(options, o.card)
        if loss < GOOD or loss <= error:
            good.add(o.card)
    return frozenset(good)


def print_read(options: Sequence[ReadOption], hands: int) -> None:
    """The two columns side by side: every hand alike, and the hands the read leaves."""
    print(f"whole play: every hand alike, and the {hands} hands the lead leaves an expert")
    print(f"{'card':<6}{'every hand':>16}{'the read':>18}")
    for o in options:
        print(f"{o.card.symbol:<6}{o.uniform:>+9.2f} ± {o.uniform_error:.2f}"
              f"{o.read:>+11.2f} ± {o.read_error:.2f}")


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



def read_exercise(number: int, dealer_six: str, *, starter: CardLike, lead: CardLike,
                  hands: Sequence[Ranks], why: str) -> tuple[Exercise, list[ReadOption]]:
    """Which card does the dealer lay on ``lead``, the lead read? Graded by the read (the
    cards as good as its best, :func:`good_by_read`); a miss is told its loss by the read,
    and its figure over every hand alike. Returns the exercise and the judged options."""
    six = parse_cards(dealer_six)
    keep, throw = best_discard(six, dealer=True)
    options = read_judged(str(keep), starter=starter, pile=str(lead), seen=str(throw),
                          hands=hands)
    right = good_by_read(options)
    fits = {o.card: o for o in options}

    def miss(guess: Card) -> str | None:
        if guess not in fits or guess in right:
            return None
        loss, error = loss_against_best(options, guess)
        best = options[0].card.symbol
        lost = (f"over the hands the lead leaves it loses {loss:.2f} ± {error:.2f} against "
                f"the {best}")
        if guess == max(options, key=lambda o: (o.uniform, o.card)).card:
            return (f"over every hand alike the {guess.symbol} is the best card "
                    f"({fits[guess].uniform:+.2f}), but {lost}. {why}")
        return f"the {guess.symbol} is no better over every hand alike, and {lost}. {why}"

    return Exercise(
        number, answer=options[0].card, read=as_card, accept=lambda guess: guess in right,
        misses=miss,
        form=lambda guess: None if guess in fits else
            "choose one of your cards: " + " ".join(c.symbol for c in fits),
        explain=lambda guess: "what does the lead say pone still holds?",
        solution=lambda: print_read(options, len(hands)), praise=why,
        question=question_html("Pone, who plays like an expert, led. You are the dealer.",
                               ("your cards", keep), ("starter", [Card.parse(str(starter))]),
                               ("pone led", [Card.parse(str(lead))]))), options
