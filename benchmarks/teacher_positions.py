"""The teacher's positions (issue 25): lesson 14's exercises 8 and 10 judged by the new model
of the deal (:func:`cribbage_edu.strategy.coach.deal.judge_deal`), beside a play-out of the
same positions written apart from it, on the rules engine.

Run by hand::

    python benchmarks/teacher_positions.py [--deals 2000] [--model-deals 4000] [--seed 25]
        [--master-keep 2000] [--out benchmarks/results/teacher_positions.txt]

**The play-out** deals the opponent six cards at random from the cards the learner has not
seen (the learner's six and the starter), lets him keep as the master keeps for points
(:func:`cribbage_edu.strategy.discard.advise` with the play, card by card) but for a slip
chance of any four of his six, and plays the deal on the engine: every card the opponent
laid before the learner's decision is his choice (the expert's rank, but for a slip chance
of any rank that fits; a suit of that rank at random), and the deal is kept only if he laid
what the position shows, as he showed it (rejection). Then each of the learner's cards is
laid in turn on a copy of the same deal, and both sides play the rest of the deal as the
expert (:class:`cribbage_edu.strategy.players.ExpertPlayer`, each from its own view): the
play, the show in order, pegging out ending it; after the deal, the chance-to-win table from
the new scores. ``--deals`` deals are kept; every card is played on the same ones.

Each figure is printed with its 95% interval; the two agree when each lies within the
other's interval (and the difference within the interval of a difference).

With ``--master-keep``, exercise 8 is judged and played out once more with the opponent
keeping as the master does near home (for the win, from the score): the model's
``keep_for_win``, too slow for a table as it stands.

Exercise 10's learner (the dealer) keeps 6♦ 8♥ K♣ 2♣; the lesson does not say what he threw,
so the position takes 9♠ 3♦ (the same throw in the model and the play-out).
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cribbage_edu.rules.cards import FULL_DECK, Card, parse_cards
from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.game import Game, PlayerView, stacked_game
from cribbage_edu.stats import mean_error
from cribbage_edu.strategy.coach.deal import DealVerdict, judge_deal
from cribbage_edu.strategy.discard import advise
from cribbage_edu.strategy.master import MasterPlayer
from cribbage_edu.strategy.players import ExpertPlayer, legal_cards
from cribbage_edu.strategy.reading import PLAY_SLIP, THROW_SLIP
from cribbage_edu.tables.chance import win_table

EXPERTS = [ExpertPlayer(), ExpertPlayer()]
MASTER = MasterPlayer()


@dataclass(frozen=True)
class Spot:
    """A position: who the learner is (seat 0 is pone), the six cards of each seat (the
    opponent's only to set up the view: neither judge looks at them), the starter, the
    scores (seat 0's first), each seat's throw, the cards laid before the decision (in
    order) and the figures the issue quotes."""

    name: str
    learner: int
    sixes: tuple[str, str]
    starter: str
    scores: tuple[int, int]
    throws: tuple[str, str]
    laid: str
    quoted: str


SPOTS = [
    Spot("lesson 14, exercise 8: pone on 113 leads, the dealer on 119", 0,
         ("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD"), "8S", (113, 119), ("9C KD", "JC QD"),
         "", "pone wins about 30% after the 2, 32% the 3, 40% the 4, 6.5% the 5 (± 6)"),
    Spot("lesson 14, exercise 10: the dealer on 105, pone on 110 led the 6S", 1,
         ("6S 7C 7D 10H JH QS", "6D 8H KC 2C 9S 3D"), "QD", (110, 105), ("JH QS", "9S 3D"),
         "6S", "kept hands: the pair 27.7% against the K 27.3%; the lead read: 8.7% "
               "against 31%"),
]


def spot_game(spot: Spot, his_six: Sequence[Card] | None = None,
              his_throw: Sequence[Card] | None = None) -> Game:
    """The spot's deal in the play, both throws made; the opponent's six and throw may be
    replaced (the play-out's draw)."""
    sixes = list(spot.sixes)
    throws = list(spot.throws)
    him = 1 - spot.learner
    if his_six is not None and his_throw is not None:
        sixes[him] = " ".join(str(c) for c in his_six)
        throws[him] = " ".join(str(c) for c in his_throw)
    game = stacked_game(sixes[0], sixes[1], spot.starter, scores=spot.scores)
    game.discard(0, throws[0])
    game.discard(1, throws[1])
    game.advance()
    return game


def learner_game(spot: Spot) -> Game:
    """The spot as the learner sees it, at his decision."""
    game = spot_game(spot)
    for card in parse_cards(spot.laid):
        game.play(game.to_act[0], card)
    return game


def _his_card(game: Game, him: int, rng: random.Random, play_slip: float) -> Card:
    """The opponent's card: the expert's rank, or any rank that fits (the slip); a card of
    that rank at random."""
    fits = legal_cards(game.view(him))
    ranks = sorted({c.rank for c in fits})
    if len(ranks) > 1 and rng.random() < play_slip:
        rank = rng.choice(ranks)
    elif len(ranks) > 1:
        rank = EXPERTS[him].play(game.view(him)).rank
    else:
        rank = ranks[0]
    return rng.choice([c for c in fits if c.rank == rank])


def play_out(spot: Spot, deals: int, seed: int, throw_slip: float = THROW_SLIP,
             play_slip: float = PLAY_SLIP, master_keep: bool = False
             ) -> tuple[dict[Card, list[float]], int]:
    """Each learner's card's chance to win over ``deals`` kept deals (see the module
    docstring), and how many deals were drawn to keep them. With ``master_keep`` the
    opponent keeps as the master near home (for the win, by the score:
    :meth:`~cribbage_edu.strategy.master.MasterPlayer.discard`), not for points."""
    rng = random.Random(seed)
    me, him = spot.learner, 1 - spot.learner
    my_six = parse_cards(spot.sixes[me])
    starter = Card.parse(spot.starter)
    unseen = [c for c in FULL_DECK if c not in my_six and c != starter]
    public = list(parse_cards(spot.laid))
    table = win_table()
    fits = legal_cards(learner_game(spot).view(me))
    out: dict[Card, list[float]] = {c: [] for c in fits}
    drawn = 0
    while len(out[fits[0]]) < deals:
        drawn += 1
        six = rng.sample(unseen, 6)
        if rng.random() < throw_slip:
            keep = rng.sample(six, 4)
        elif master_keep:
            view = PlayerView.for_throw(six, dealer=him == 1,
                                        scores=(spot.scores[him], spot.scores[me]))
            keep = [c for c in six if c not in MASTER.discard(view)]
        else:
            keep = list(advise(six, dealer=him == 1, pegging=True)[0].keep)
        game = spot_game(spot, six, [c for c in six if c not in keep])
        if not _replay(game, public, me, him, rng, play_slip):
            continue
        for card in fits:
            trial = copy.deepcopy(game)
            trial.play(me, card)
            deal = trial.deal_number
            drive(trial, EXPERTS, stop=lambda g, d=deal: g.deal_number != d)
            if trial.is_over:
                out[card].append(1.0 if trial.winner == me else 0.0)
            else:
                mine, his = trial.scores[me], trial.scores[him]
                out[card].append(table.chance(mine, his, dealer=me == 0))  # the deal passed
    return out, drawn


def _replay(game: Game, public: list[Card], me: int, him: int, rng: random.Random,
            play_slip: float) -> bool:
    """Lay the public cards in order; False when the opponent would not have laid his."""
    for card in public:
        who = game.to_act[0]
        if card in game.hand(me):
            game.play(me, card)
            continue
        if who != him or not game.legal_cards(him):
            return False
        if _his_card(game, him, rng, play_slip) != card:
            return False
        game.play(him, card)
    return game.to_act == (me,)


def _agree(apart: float, one: float, other: float) -> str:
    """Whether two figures agree: each within the other's interval, or their difference
    within the interval of a difference, or not."""
    if apart <= min(one, other) + 1e-12:
        return "each in the other"
    return "difference within" if apart <= math.hypot(one, other) else "NO"


def _rows(say: Callable[[str], None], verdict: DealVerdict,
          outs: dict[Card, list[float]]) -> None:
    """Each card's chance by the model beside the play-out's, and whether they agree."""
    for row in sorted(verdict.cards, key=lambda r: r.card):
        assert row.chance is not None and row.chance_error is not None
        mean, error = mean_error(outs[row.card])
        apart = abs(row.chance - mean)
        say(f"  {row.card.symbol:4} {row.chance:6.1%} ± {row.chance_error:4.1%}   "
            f"{mean:6.1%} ± {error:4.1%}   {apart:5.1%}   "
            f"{_agree(apart, row.chance_error, error)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--model-deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--out", default=None)
    parser.add_argument("--master-keep", type=int, default=0, metavar="DEALS",
                        help="also judge and play exercise 8 out over this many deals with "
                             "the opponent keeping as the master near home (for the win)")
    args = parser.parse_args()
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    say(f"the teacher's positions: the new model ({args.model_deals} deals drawn) beside a "
        f"play-out ({args.deals} deals kept), slips: throw {THROW_SLIP}, play {PLAY_SLIP}")
    for spot in SPOTS:
        say("")
        say(spot.name)
        say(f"  the issue: {spot.quoted}")
        game = learner_game(spot)
        start = time.perf_counter()
        verdict = judge_deal(game.view(spot.learner), args.model_deals, seed=args.seed)
        model_s = time.perf_counter() - start
        start = time.perf_counter()
        outs, drawn = play_out(spot, args.deals, args.seed)
        play_s = time.perf_counter() - start
        say(f"  model: {verdict.used} of {verdict.drawn} deals fit, worth "
            f"{verdict.effective:.0f}, {model_s:.1f} s; play-out: {args.deals} kept of "
            f"{drawn} drawn, {play_s:.0f} s")
        say("  card   model            play-out         apart   agree")
        best_out = max(outs, key=lambda c: sum(outs[c]))
        _rows(say, verdict, outs)
        inside = [c.symbol for c in verdict.within_margin()]
        paired_out = {c: mean_error([a - b for a, b in zip(outs[c], outs[best_out],
                                                              strict=True)])
                      for c in outs}
        say(f"  the model's best {verdict.best.symbol}; within its margin: {' '.join(inside)}")
        say("  the play-out's best " + best_out.symbol + "; paired differences: "
            + ", ".join(f"{c.symbol} {d:+.1%} ± {e:.1%}"
                        for c, (d, e) in sorted(paired_out.items())))
        if args.master_keep and not spot.laid:
            say(f"  the opponent keeping as the master near home (for the win), "
                f"{args.master_keep} deals each:")
            outs, _ = play_out(spot, args.master_keep, args.seed, master_keep=True)
            _rows(say, judge_deal(game.view(spot.learner), args.master_keep, seed=args.seed,
                                  keep_for_win=True), outs)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
