"""A bounded fuzz test of the Game API (issue 13): seeded games with random table rules
and starting positions, driven by random legal actions mixed with random illegal ones
(wrong seat, odd player ids, cards not held or past 31, bad claims, unknown kinds,
steps out of phase), random undos and save/load round trips. Every illegal action must
raise an error of the engine's family and change nothing; every event that scores is
refereed by the independent scorer of ``tests/reference.py`` (the play replayed card by
card with ``ref_play``, each pegging score with ``ref_peg``, each hand and crib with
``ref_show``), and the scores must be the sum of the points, stopping at the game hole.

The default run plays 40 games in a few seconds. For a longer search::

    CRIBBAGE_FUZZ_GAMES=2000 python -m pytest tests/test_fuzz_game.py -q
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from reference import ref_peg, ref_play, ref_show

from cribbage_edu.rules.cards import FULL_DECK
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.game import Action, ActionKind, Event, Game, Phase, Source
from cribbage_edu.rules.scoring import Kind, score_hand

GAMES = int(os.environ.get("CRIBBAGE_FUZZ_GAMES", "40"))
MAX_STEPS = 4000


class Referee:
    """Reads a game's log from the start and checks every event that scores, from the
    log alone and the reference scorer (never from the engine's own scoring)."""

    def __init__(self, game: Game) -> None:
        self.target = game.options.target
        self.muggins = game.options.muggins
        self.scores = list(game.start_scores)
        self.seen = 0
        self.dealer: int | None = None
        self.starter: str | None = None
        self.pile: list[str] = []
        self.laid: list[tuple[int, str]] = []
        self.pegged = [0, 0]  # this deal's play, by seat
        self.capped = False  # the play was cut short by a win
        self.claimed: int | None = None
        self.shows = 0
        self.over = False
        self.previous = ""
        self.actual = 0
        self.owner_of_last_show: int | None = None

    def points_due(self, player: int, points: int) -> int:
        return min(points, self.target - self.scores[player])

    def score(self, event: Event, due: int) -> None:
        assert event.player is not None
        assert event.points == self.points_due(event.player, due), event
        self.scores[event.player] += event.points

    def check(self, game: Game) -> None:
        events = game.events
        for event in events[self.seen:]:
            self.read(event)
        self.seen = len(events)
        assert tuple(self.scores) == game.scores
        assert max(game.scores) <= self.target
        assert game.is_over == self.over == (max(self.scores) == self.target)

    def read(self, event: Event) -> None:
        assert not self.over, f"an event after the win: {event}"
        self.read_kind(event)
        self.previous = event.kind

    def read_kind(self, event: Event) -> None:
        kind = event.kind
        if kind == "deal":
            self.dealer, self.starter = event.player, None
            self.pile, self.laid, self.pegged, self.shows = [], [], [0, 0], 0
        elif kind == "starter":
            self.starter = str(event.cards[0])
        elif kind == "heels":
            assert self.starter is not None and self.starter.startswith("J")
            assert event.player == self.dealer
            self.score(event, 2)
        elif kind == "lay":
            assert event.player is not None
            self.pile.append(str(event.cards[0]))
            self.laid.append((event.player, str(event.cards[0])))
        elif kind == "peg":
            self.read_peg(event)
        elif kind == "reset":
            self.pile = []
        elif kind == "end of play":
            self.pile = []
            self.check_the_play()
        elif kind == "claim":
            found = re.search(r"claims (\d+) ", event.reason)
            assert found, event.reason
            self.claimed = int(found.group(1))
            # without muggins a wrong first claim is not taken: no points, a second look
            assert event.points == 0
            if event.reason.endswith("not taken: a second look"):
                assert not self.muggins and self.previous != "claim"
        elif kind == "show":
            self.read_show(event)
        elif kind == "muggins":  # right after the show of an under-claim
            assert self.previous == "show" and self.claimed is not None and self.muggins
            assert event.player is not None and event.player != self.owner_of_last_show
            self.score(event, self.actual - self.claimed)
        elif kind == "win":
            assert event.player is not None and self.scores[event.player] == self.target
            assert self.scores[1 - event.player] < self.target
            self.over = True

    def read_peg(self, event: Event) -> None:
        assert event.player is not None and event.source is Source.PEGGING
        table = sum(i.points for i in event.items
                    if i.kind not in (Kind.GO, Kind.LAST_CARD))
        ones = [i for i in event.items if i.kind in (Kind.GO, Kind.LAST_CARD)]
        if table:  # points for the card just laid, by the player who laid it
            assert self.laid and self.laid[-1][0] == event.player
            assert table == ref_peg(self.pile)["total"], (self.pile, event.items)
        for item in ones:  # one for the go or the last card, to the last card's player
            assert item.points == 1 and self.laid[-1][0] == event.player
        due = table + len(ones)
        self.capped = self.points_due(event.player, due) < due
        self.pegged[event.player] += due
        self.score(event, due)

    def check_the_play(self) -> None:
        """The whole play replayed by the reference rules, card for card: the same
        player lays each card, and each pegs the same points."""
        assert self.dealer is not None
        dealer, pone = self.dealer, 1 - self.dealer
        hands = {pone: [c for p, c in self.laid if p == pone],
                 dealer: [c for p, c in self.laid if p == dealer]}
        order = iter(self.laid)

        def follow(options: list[str]) -> str:
            _, card = next(order)
            assert card in options, (card, options)
            return card

        ref = ref_play(hands[pone], hands[dealer], follow)
        assert [(pone if p == 0 else dealer, c) for p, c in ref.laid] == self.laid
        assert ref.scores[0] == self.pegged[pone] and ref.scores[1] == self.pegged[dealer]

    def read_show(self, event: Event) -> None:
        assert self.dealer is not None and self.starter is not None and event.player is not None
        owner = (1 - self.dealer, self.dealer, self.dealer)[self.shows]
        crib = self.shows == 2
        assert event.player == owner and (event.source is Source.CRIB) == crib
        self.shows += 1
        cards = [str(c) for c in event.cards]
        self.actual = ref_show(cards, self.starter, crib)["total"]
        assert sum(i.points for i in event.items) == self.actual
        if self.previous != "claim":  # counted by the engine, not claimed
            self.claimed = None
        due = self.actual
        if self.claimed is not None and self.claimed < self.actual:
            due = self.claimed  # a claim that stands scores what was claimed (not more
            # than the cards hold): the rest is lost, or taken by muggins
        self.owner_of_last_show = owner
        self.score(event, due)


def fingerprint(game: Game) -> tuple[Any, ...]:
    return (game.actions, len(game.events), game.scores, game.phase, game.hand(0),
            game.hand(1), game.crib, game.count, game.to_act, game.board)


BAD_PLAYERS: tuple[Any, ...] = (1.0, 0.0, True, False, "0", "1", 2, -1, None, [0])


def illegal_attempts(game: Game, rng: random.Random) -> list[Callable[[], object]]:
    """Calls that the rules refuse in this state (a random one is tried)."""
    phase = game.phase
    waiting = game.to_act
    idle = [p for p in (0, 1) if p not in waiting]
    some = rng.sample(FULL_DECK, 3)
    bad = rng.choice(BAD_PLAYERS)
    out: list[Callable[[], object]] = [
        lambda: game.play(bad, some[0]), lambda: game.go(bad),
        lambda: game.discard(bad, some[:2]), lambda: game.claim(bad, 3),
        lambda: game.view(bad), lambda: game.undo(bad),
        lambda: game.play(0, "ZZ"), lambda: game.discard(0, "5H"),
        lambda: game.apply(Action(rng.choice(["fly", "PLAY", 3]), 0)),  # type: ignore[arg-type]
        lambda: game.apply(Action(ActionKind.DEAL, 0)),
        lambda: game.apply(Action(ActionKind.CLAIM, 0, (some[0],), 3)),
    ]
    for p in idle:
        out += [lambda p=p: game.play(p, game.hand(p)[0] if game.hand(p) else some[0]),
                lambda p=p: game.go(p), lambda p=p: game.claim(p, 0)]
    if phase is Phase.DISCARD and waiting:
        p = waiting[0]
        hand = game.hand(p)
        held = hand[0]
        out += [lambda: game.discard(p, [held, held]), lambda: game.discard(p, hand[:3]),
                lambda: game.discard(p, [held, next(c for c in FULL_DECK if c not in hand)]),
                lambda: game.advance()]
    if phase is Phase.PLAY and waiting:
        p = waiting[0]
        fits = game.legal_cards(p)
        too_big = [c for c in game.hand(p) if c not in fits]
        if too_big:
            out.append(lambda: game.play(p, too_big[0]))
        if fits:
            out.append(lambda: game.go(p))
        out += [lambda: game.play(p, next(c for c in FULL_DECK if c not in game.hand(p))),
                lambda: game.advance()]
    if phase is Phase.COUNT and waiting:
        p = waiting[0]
        points = rng.choice([-1, 30, 2.5, "8", None, 10**9])
        out += [lambda: game.claim(p, points), lambda: game.advance()]
    if phase is Phase.GAME_OVER:
        out += [lambda: game.advance(), lambda: game.play(0, some[0])]
    return out


def legal_step(game: Game, rng: random.Random) -> None:
    action = rng.choice(game.legal_actions())
    if action.kind is ActionKind.CLAIM:
        show = game.next_show()
        assert show is not None and game.starter is not None
        right = score_hand(show[2], game.starter, crib=show[1] == "crib").total
        points = right if rng.random() < 0.6 else rng.randrange(0, 30)
        action = Action(ActionKind.CLAIM, action.player, (), points)
    game.apply(action)


def play_fuzzed(seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    target = rng.choice([61, 121])
    start = ((rng.randrange(target - 12, target), rng.randrange(0, target))
             if rng.random() < 0.3 else (0, 0))
    game = Game(seed=seed, target=target, first_dealer=rng.choice([None, 0, 1]),
                manual_count=(rng.random() < 0.4, rng.random() < 0.4),
                muggins=rng.random() < 0.5, skunk=rng.random() < 0.5, scores=start,
                names=("Ann", "Bob"))
    referee = Referee(game)
    tally = {"legal": 0, "refused": 0, "undo": 0, "reload": 0}
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        roll = rng.random()
        if roll < 0.45:
            attempt = rng.choice(illegal_attempts(game, rng))
            before = fingerprint(game)
            try:
                attempt()
            except CribbageError:
                assert fingerprint(game) == before
                tally["refused"] += 1
            else:  # only a query or a legal action can pass (undo(None): anyone's last)
                referee = Referee(game)
        elif roll < 0.48 and any(a.is_decision for a in game.actions):
            game.undo()
            assert game.events == game.replay().events
            referee = Referee(game)
            tally["undo"] += 1
        elif roll < 0.51:
            loaded = Game.from_json(game.to_json())
            assert loaded.to_dict() == game.to_dict() and loaded.events == game.events
            game = loaded
            tally["reload"] += 1
        else:
            legal_step(game, rng)
            tally["legal"] += 1
        referee.check(game)
    assert game.is_over, "the game did not end"
    result = game.result
    assert result is not None and result.scores[result.winner] == target
    return tally


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_game_api_under_random_legal_and_illegal_actions(seed: int) -> None:
    tally = play_fuzzed(seed)
    assert tally["legal"] > 0  # a game started near the end may see no refusal at all


def test_the_fuzzing_reaches_every_kind_of_step() -> None:
    totals = {"legal": 0, "refused": 0, "undo": 0, "reload": 0}
    for seed in range(3):
        for key, value in play_fuzzed(seed).items():
            totals[key] += value
    assert min(totals.values()) > 0 and totals["refused"] > 100, totals
