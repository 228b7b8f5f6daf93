"""The players of :mod:`strength`'s duels, by name, and the part of the engine that decides
their games.

:func:`seat_player` makes the player of a seat. :func:`engine_fingerprint` digests what a
duel's games depend on, so that a long match kept in a records file goes on in a later
session only if its games would be played the same: it asks a fresh interpreter to make the
two players and play one seeded game between them (this file run as a script, which prints
the files the game used as JSON), then digests the code of every ``cribbage_edu`` module
that interpreter had loaded (parsed, its docstrings left out: a comment, a docstring or a
moved line changes no game) and the bytes of every data file of the package it read (the
shipped tables). A change to a module the duel does not load (a widget, the CLI, a lesson
helper) leaves the digest as it was; a change to the code of one it loads, or to a table
it reads, changes it.

Run by hand (what the digest covers, for two players)::

    python benchmarks/seats.py deal coach [--hands 32] [--reads 64] [--deals 200]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.game import Game

_PEER: list[Any] = []
_PROBE_SEED = 2026
"""The seed of the one game the digest's interpreter plays."""


def seat_player(name: str, hands: int, reads: int, deals: int, peer_python: str) -> Any:
    """A player by name for a duel: ``coach`` (with ``hands`` and ``reads``) is today's
    reading player (the baseline), ``deal`` the coach player by the whole deal
    (:class:`~cribbage_edu.strategy.coach.CoachPlayer`, ``deals`` a verdict),
    ``peer`` (CribbageSim, one server a process, run by ``peer_python``), or any name of
    the roster."""
    if name == "coach":
        from cribbage_edu.strategy.coach import ReaderPlayer

        return ReaderPlayer(hands=hands, reads=reads)
    if name == "deal":
        from cribbage_edu.strategy.coach import CoachPlayer

        return CoachPlayer(deals=deals)
    if name == "peer":
        if not _PEER:
            from peer import PeerPlayer  # benchmarks/peer.py, beside this script

            _PEER.append(PeerPlayer(peer_python))
        return _PEER[0]
    from cribbage_edu.strategy.roster import make_player

    return make_player(name)


def engine_fingerprint(first: str, second: str, hands: int, reads: int, deals: int,
                       peer_python: str) -> str:
    """A digest of what decides the games of ``first`` against ``second`` (see the module
    docstring): two runs with the same digest play the same games."""
    probe = subprocess.run(
        [sys.executable, str(Path(__file__)), first, second, "--hands", str(hands),
         "--reads", str(reads), "--deals", str(deals), "--peer-python", peer_python],
        capture_output=True, text=True, check=True)
    used = json.loads(probe.stdout.splitlines()[-1])
    digest = hashlib.sha256()
    for name in used["modules"]:
        digest.update(name.encode())
        digest.update(_code(Path(used["root"], name)).encode())
    for name in used["data"]:
        digest.update(name.encode())
        digest.update(Path(used["root"], name).read_bytes())
    return digest.hexdigest()[:16]


def _code(path: Path) -> str:
    """A module's code without its docstrings (every bare string, which does nothing), its
    comments or its layout."""
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                kept = [s for s in body if not (isinstance(s, ast.Expr)
                                                and isinstance(s.value, ast.Constant)
                                                and isinstance(s.value.value, str))]
                setattr(node, field, kept or [ast.Pass()])
    return ast.dump(tree)


def engine_files(first: str, second: str, hands: int, reads: int, deals: int,
                 peer_python: str) -> dict[str, Any]:
    """Play one seeded game of ``first`` against ``second`` in this interpreter and say
    what of the package it used: its folder (``root``), the ``modules`` loaded (their
    source files, relative to it) and the ``data`` files read, each list sorted."""
    import cribbage_edu

    root = Path(cribbage_edu.__file__).parent.resolve()
    read: set[str] = set()

    def opened(event: str, args: tuple[Any, ...]) -> None:
        if event == "open" and isinstance(args[0], (str, Path)):
            path = Path(args[0]).resolve()
            if path.is_relative_to(root) and path.suffix not in (".py", ".pyc"):
                read.add(path.relative_to(root).as_posix())

    sys.addaudithook(opened)
    players = [seat_player(name, hands, reads, deals, peer_python) for name in (first, second)]
    play_out(Game(_PROBE_SEED, first_dealer=0, names=(first, second)), players)
    modules = set()
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None)
        if source and Path(source).resolve().is_relative_to(root):
            modules.add(Path(source).resolve().relative_to(root).as_posix())
    return {"root": str(root), "modules": sorted(modules),
            "data": sorted(p for p in read if "__pycache__" not in p)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--hands", type=int, help="default: the coach's own")
    parser.add_argument("--reads", type=int, help="default: the coach's own")
    parser.add_argument("--deals", type=int, help="default: the deal player's own")
    parser.add_argument("--peer-python", default="/tmp/peer312/bin/python")
    args = parser.parse_args()
    if None in (args.hands, args.reads, args.deals):  # by hand: the players' defaults
        from cribbage_edu.strategy.coach import PLAYER_HANDS
        from cribbage_edu.strategy.coach.deal import DEAL_HANDS
        from cribbage_edu.strategy.reading import READ_HANDS

        args.hands = PLAYER_HANDS if args.hands is None else args.hands
        args.reads = READ_HANDS if args.reads is None else args.reads
        args.deals = DEAL_HANDS if args.deals is None else args.deals
    used = engine_files(args.first, args.second, args.hands, args.reads, args.deals,
                        args.peer_python)
    print(json.dumps(used))


if __name__ == "__main__":
    main()
