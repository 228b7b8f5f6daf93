"""A peer to measure against: CribbageSim 1.0.2's computer player, asked over a pipe.

CribbageSim (``cribbagesim`` on PyPI, Python 3.12) is never a dependency of this project
and none of its code is kept here: it is installed by hand in a Python 3.12 environment
of its own::

    /root/.pyenv/versions/3.12.1/bin/python -m venv /tmp/peer312
    /tmp/peer312/bin/pip install cribbagesim==1.0.2

:class:`PeerPlayer` is one of our players whose decisions come from that environment: a
small server (the text :data:`SERVER`, written to a temporary file and run by the peer's
Python) reads one question a line as JSON and answers with the peer's choice. The game
itself is ours (our rules, our deal); the peer is asked only what it would throw and
lay, as its own game asks it:

- the throw: its Hoyle-ish crib strategy for the dealer (most points in hand plus crib
  before the starter) or for pone (hand less crib);
- the play: its ``lead`` on a new count, else its ``rate_follows_in_hand`` over the
  cards that fit (which is also what it lays after our go).
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import PlayerView

SERVER = r'''
import json, sys
from HandsDecksCards.card import Card
from HandsDecksCards.hand import Hand
from CribbageSim.CribbagePlayStrategy import (HoyleishDealerCribbagePlayStrategy,
                                              HoyleishPlayerCribbagePlayStrategy)

DEALER, PONE = HoyleishDealerCribbagePlayStrategy(), HoyleishPlayerCribbagePlayStrategy()

def card(text):
    return Card(suit=text[-1], pips=text[:-1])

def hand(texts):
    h = Hand()
    h.add_cards([card(t) for t in texts])
    return h

for line in sys.stdin:
    ask = json.loads(line)
    if ask["op"] == "discard":
        cards = [card(t) for t in ask["hand"]]
        thrown = []
        def take(i):
            thrown.append(str(cards.pop(i)))
        (DEALER if ask["dealer"] else PONE).form_crib(take, lambda: cards)
        answer = thrown
    else:
        legal = hand(ask["legal"])
        if not ask["pile"]:
            answer = str(PONE.lead(legal)[1])
        else:
            rated = PONE.rate_follows_in_hand(legal, hand(ask["pile"]))
            answer = str(sorted(rated, key=lambda r: r[1], reverse=True)[0][0])
    print(json.dumps(answer), flush=True)
'''


class PeerPlayer:
    """CribbageSim's computer player, run by ``python`` (the peer's Python 3.12)."""

    name = "cribbagesim"

    def __init__(self, python: str = "/tmp/peer312/bin/python") -> None:
        folder = Path(tempfile.mkdtemp(prefix="peer"))
        server = folder / "peer_server.py"
        server.write_text(SERVER, "utf-8")
        self._process = subprocess.Popen([python, str(server)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)

    def _ask(self, question: dict[str, Any]) -> Any:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(question) + "\n")
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError("the peer's server stopped")
        return json.loads(line)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        thrown = self._ask({"op": "discard", "hand": [str(c) for c in view.hand],
                            "dealer": view.is_dealer})
        return [Card.parse(t) for t in thrown]

    def play(self, view: PlayerView) -> Card:
        legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        answer = self._ask({"op": "play", "legal": [str(c) for c in legal],
                            "pile": [str(c) for c in view.pile]})
        return Card.parse(answer)

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=10)
