"""How fast the show and pegging are scored, side by side with cribbage-scorer 0.2.5.

Run by hand (``pip install -e ".[bench]"`` first)::

    python benchmarks/bench_scoring.py [--hands 20000] [--seed 2026]

It deals the same seeded (hand, starter) combinations to both scorers in one
process, times ``score_hand`` (itemised, one hand at a time) against the peer's
bare-total ``show_calc_score``, checks that the totals agree and reports every
disagreement, judged by the simple rules-first scorer in ``tests/reference.py``.
Then it does the same for the points of the last card laid in the play
(``score_play`` against the peer's ``play_score_ongoing``).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cribbage_edu import FULL_DECK, Card, Hand, score_hand, score_play

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference import ref_peg, ref_show

try:
    from cribbage_scorer import cribbage_scorer as peer
except ImportError:  # pragma: no cover - the bench extra is not installed
    peer = None

PeerCard = tuple[int, str]


def as_peer(card: Card) -> PeerCard:
    """cribbage-scorer's card: (rank 1-13, suit letter)."""
    return (int(card.rank), card.suit.letter)


def race(contenders: dict[str, Callable[[], object]], repeats: int,
         n: int) -> dict[str, tuple[float, float]]:
    """Microseconds per item for each contender: its first pass and its best pass.

    The contenders take turns, pass after pass, so that a busy machine slows them
    alike; the first pass of each runs before any other pass of it (cold caches).
    """
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(repeats):
        for name, run in contenders.items():
            gc.collect()
            start = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - start) / n * 1e6)
    return {name: (t[0], min(t)) for name, t in times.items()}


def show_line(label: str, first_best: tuple[float, float]) -> None:
    print(f"  {label:<52}{first_best[0]:7.2f} / {first_best[1]:6.2f} µs")


def deal_hands(n: int, seed: int) -> list[tuple[Hand, Card, bool]]:
    rng = random.Random(seed)
    hands = []
    for i in range(n):
        five = rng.sample(FULL_DECK, 5)
        hands.append((Hand(five[:4]), five[4], i % 4 == 3))  # every fourth one a crib
    return hands


def laid_sequences(n: int, seed: int) -> list[Hand]:
    """Cards laid since a reset, each at most 31, mostly low so runs and pairs happen."""
    rng = random.Random(seed)
    low = [c for c in FULL_DECK if c.value <= 7]
    sequences: list[Hand] = []
    while len(sequences) < n:
        pool = list(FULL_DECK if rng.random() < 0.5 else low)
        rng.shuffle(pool)
        laid: list[Card] = []
        count = 0
        for card in pool:
            if count + card.value > 31:
                break
            laid.append(card)
            count += card.value
            sequences.append(Hand(laid))
    return sequences[:n]


def report_show(hands: Sequence[tuple[Hand, Card, bool]], repeats: int) -> None:
    n = len(hands)
    print(f"The show: {n:,} seeded (hand, starter) combinations, one at a time; "
          f"first pass / best of {repeats}")

    def engine() -> None:
        for hand, starter, crib in hands:
            score_hand(hand, starter, crib=crib)

    as_text = [(str(h), str(s), crib) for h, s, crib in hands]

    def engine_text() -> None:
        for hand, starter, crib in as_text:
            score_hand(hand, starter, crib=crib)

    contenders: dict[str, Callable[[], object]] = {
        "cribbage_edu.score_hand (Card objects, itemised)": engine,
        "cribbage_edu.score_hand (card text, itemised)": engine_text,
    }
    if peer is not None:
        peer_hands = [([as_peer(c) for c in h], as_peer(s), crib) for h, s, crib in hands]

        def peer_run() -> None:
            for hand, starter, crib in peer_hands:
                peer.show_calc_score(starter, hand, crib)

        contenders["cribbage_scorer.show_calc_score (bare total)"] = peer_run
    for label, figures in race(contenders, repeats, n).items():
        show_line(label, figures)
    if peer is None:
        print("  cribbage-scorer is not installed: pip install -e '.[bench]'")
        return

    wrong: list[tuple[str, str, bool, int, int, int]] = []
    for (hand, starter, crib), (p_hand, p_starter, _) in zip(hands, peer_hands, strict=True):
        ours = score_hand(hand, starter, crib=crib).total
        theirs = peer.show_calc_score(p_starter, p_hand, crib)[0]
        if ours != theirs:
            truth = ref_show([str(c) for c in hand], str(starter), crib)["total"]
            wrong.append((str(hand), str(starter), crib, ours, theirs, truth))
    print(f"  totals disagree on {len(wrong):,} of {n:,} ({100 * len(wrong) / n:.2f}%)")
    engine_right = sum(1 for w in wrong if w[3] == w[5])
    peer_right = sum(1 for w in wrong if w[4] == w[5])
    if wrong:
        print(f"  judged by tests/reference.py: cribbage_edu right on {engine_right:,}, "
              f"cribbage-scorer right on {peer_right:,}")
        for hand_text, starter_text, crib, ours, theirs, truth in wrong[:5]:
            print(f"    {hand_text} + {starter_text}{' (crib)' if crib else ''}: "
                  f"cribbage_edu {ours}, cribbage-scorer {theirs}, reference {truth}")


def report_play(sequences: Sequence[Hand], repeats: int) -> None:
    n = len(sequences)
    print(f"\nPegging: {n:,} seeded sequences of cards laid, points for the last card; "
          f"first pass / best of {repeats}")

    def engine() -> None:
        for laid in sequences:
            score_play(laid)

    contenders: dict[str, Callable[[], object]] = {
        "cribbage_edu.score_play (itemised)": engine}
    peer_sequences = [[as_peer(c) for c in laid] for laid in sequences]
    if peer is not None:

        def peer_run() -> None:
            for laid in peer_sequences:
                peer.play_score_ongoing(laid)

        contenders["cribbage_scorer.play_score_ongoing (bare total)"] = peer_run
    for label, figures in race(contenders, repeats, n).items():
        show_line(label, figures)
    if peer is None:
        return
    wrong: list[tuple[str, int, int, int]] = []
    for laid, p_laid in zip(sequences, peer_sequences, strict=True):
        ours = score_play(laid).total
        theirs = peer.play_score_ongoing(p_laid)[1]
        if ours != theirs:
            wrong.append((str(laid), ours, theirs, ref_peg([str(c) for c in laid])["total"]))
    print(f"  points disagree on {len(wrong):,} of {n:,} ({100 * len(wrong) / n:.2f}%)")
    if wrong:
        engine_right = sum(1 for w in wrong if w[1] == w[3])
        peer_right = sum(1 for w in wrong if w[2] == w[3])
        print(f"  judged by tests/reference.py: cribbage_edu right on {engine_right:,}, "
              f"cribbage-scorer right on {peer_right:,}")
        for laid_text, ours, theirs, truth in wrong[:5]:
            print(f"    {laid_text}: cribbage_edu {ours}, cribbage-scorer {theirs}, "
                  f"reference {truth}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeats", type=int, default=7)
    args: Any = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, seed {args.seed}")
    report_show(deal_hands(args.hands, args.seed), args.repeats)
    report_play(laid_sequences(args.hands, args.seed), args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
