"""Search for the rules of thumb, in order, that lose least against the judge: a procedure
for the throw (at most :data:`THROW_RULES` rules, one of them may carry the small table of
the crib by heat) and one for the play (at most :data:`PLAY_RULES`), from the positions
``scripts/measure_rulebook.py`` judged. Writes ``cribbage_edu/data/rulebook.json``, which
the rulebook player and the lessons read.

Every choice of every position was judged once, so a procedure's cost is a look-up: each
rule's values at every position are worked out once by the rule itself
(:attr:`~cribbage_edu.strategy.rulebook.Rule.value`), and following a procedure is the
same steps as :func:`~cribbage_edu.strategy.rulebook.follow`, done for all the positions
at once.

- **Cost**: the judge's best choice less the procedure's, in points: a throw's total (the
  hand over the starters, the crib, the pegging table), a card's net to the end of the play
  (near home too: the chance lost there is stated beside it).
- **Agreement**: the procedure chose the judge's best (ties count); **within the margin**:
  its choice's 95% interval of difference from the best reaches 0 (a throw: the loss within
  the two pegging columns' errors together; a card: the judge's paired margin).
- **The search**: a beam search (:data:`BEAM` procedures kept at each length) that grows each
  procedure by one rule put in at any place (a procedure a learner can carry: one way to
  price the crib, at most one table of weights, :func:`carryable`), chosen on the positions
  of the even-numbered games; the procedure of each length is then measured on all the
  positions and, as a check on choosing by the same data, on the odd-numbered games alone.
  The search goes one rule past the limit, to say what the next rule would buy.
- **The keep table**: the search is made with each shape of the keep count's table
  (:data:`KEEP_SHAPES`: a column for each role, or one column and one thing pone counts
  besides); the procedure carries the table of fewest figures that costs at most
  :data:`KEEP_SLACK` a deal more than the one by role (:func:`keep_table`), and the other
  procedure is kept among the alternatives.
- **A rule broken**: the procedure without that rule, less the procedure, paired position
  by position, with its 95% interval.

Run: ``.venv/bin/python scripts/search_rulebook.py`` (three to six minutes).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.rules.cards import unseen_by_rank
from cribbage_edu.rules.game import PlayerView
from cribbage_edu.stats import mean_interval, wilson_interval
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.strategy.reading import expert_rank
from cribbage_edu.strategy.rulebook import (
    PlayPosition,
    Rule,
    ThrowPosition,
    crib_by_heat,
    play_rules,
    throw_rules,
)
from cribbage_edu.strategy.rulebook.play import (
    AVOID_5_AND_21,
    BEWARE_THE_PAIR_TRAP,
    CARD_TABLE,
    CARD_TERMS,
    LAY_HIGH,
    LEAD_FROM_A_PAIR,
    LEAD_UNDER_FIVE,
    NEVER_LEAD_A_FIVE,
    TAKE_THE_POINTS,
    card_terms,
    count_the_card,
    keep_a_low_card,
)
from cribbage_edu.strategy.rulebook.player import rule_spec
from cribbage_edu.strategy.rulebook.throw import (
    COLD,
    COUNT_TABLE,
    CRIB_TABLES,
    KEEP_TABLE,
    KEEP_TERMS,
    POINTS_NOW,
    count_the_keep,
    crib_counted,
    heat,
    keep_figures,
    keep_it_cold,
    keep_terms,
    points_and_heat,
    points_now,
)

ROOT = Path(__file__).resolve().parent.parent
THROWS = ROOT / "lessons" / "data" / "rulebook_throws.jsonl.gz"
PLAYS = ROOT / "lessons" / "data" / "rulebook_plays.jsonl.gz"
OUT = ROOT / "cribbage_edu" / "data" / "rulebook.json"
THROW_RULES = 5
PLAY_RULES = 8
BEAM = 12
WORTH = 0.001
"""A rule that saves less than this a decision (on the positions searched) is not worth
carrying: the procedure stored is the shortest within it of the best of at most the
limit's length."""
STEP = 0.25
SIGNS = {"answers": -1, "worst": -1, "danger": -1, "leaves_fifteen": -1, "pairs_lead": -1,
         "low_kept": 1, "from_pair": 1, "keeps_pair": 1,
         "ten_turned": 1, "five": 1, "jack": 1, "touch": 1, "gap": 1, "pair": 1}
"""The sign a weight of a learner's table must have, where the course says which way a
thing counts (a rank that scores on your card counts against it; a five kept for it):
a fit may leave a term at 0, never turn it round (two terms that go together, as the ranks
that score on a card and leaving 21, can trade weight so that one reads backwards)."""
KEEP_SHAPES = ("by role", "one column")
"""The shapes of the keep count's table the search fits (:func:`fitted_counts`): a column of
weights for each role, or one column for both and one thing pone counts besides."""
KEEP_SLACK = 0.005
"""A keep table of fewer figures is carried when the procedure it makes costs at most this
much a deal more than the one with the table by role, paired position by position over
all the positions (issue 26: a table a learner can carry, for a price too small to
matter)."""
TABLES: dict[str, dict[str, Any]] = {}
"""The table of each counting rule the search fitted, by the rule's name."""
"""The step of a weight in the learner's table of "count the keep"."""
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


def read_lines(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@dataclass
class Judged:
    """Positions of one kind with every choice judged: ``worth`` (points, ``-inf`` where a
    position has fewer choices), ``within`` (the choice is within the judge's margin of the
    best), ``games`` (the game each came from) and the positions themselves."""

    positions: list[Any]
    worth: Floats
    within: Bools
    games: npt.NDArray[np.int64]
    groups: dict[str, Bools]
    chance: Floats | None = None

    @property
    def best(self) -> Floats:
        return np.asarray(self.worth.max(axis=1))


def judged_throws(rows: Sequence[dict[str, Any]]) -> Judged:
    positions = [ThrowPosition.parse(r["six"], dealer=r["dealer"]) for r in rows]
    net = np.array([r["net"] for r in rows], dtype=float) / 100
    err = np.array([r["err"] for r in rows], dtype=float) / 100
    top = net.argmax(axis=1)
    top_err = err[np.arange(len(rows)), top]
    within = net.max(axis=1, keepdims=True) - net <= np.hypot(err, top_err[:, None]) + 1e-9
    dealer = np.array([r["dealer"] for r in rows])
    return Judged(positions, net, within, np.array([r["game"] for r in rows]),
                  {"dealer": dealer, "pone": ~dealer})


def judged_plays(rows: Sequence[dict[str, Any]]) -> Judged:
    positions = [PlayPosition.from_dict(r) for r in rows]
    width = max(len(r["cards"]) for r in rows)
    worth = np.full((len(rows), width), -np.inf)
    margin = np.zeros((len(rows), width))
    chance = np.full((len(rows), width), -np.inf)
    for i, r in enumerate(rows):
        for j, (points, pm, ch) in enumerate(r["cards"]):
            worth[i, j], margin[i, j] = points, pm
            if ch is not None:
                chance[i, j] = ch
    within = worth + margin >= worth.max(axis=1, keepdims=True) - 1e-9
    near = np.array([r["near"] for r in rows])
    dealer = np.array([r["dealer"] for r in rows])
    leads = np.array([not r["pile"] for r in rows])
    return Judged(positions, worth, within, np.array([r["game"] for r in rows]),
                  {"away from home": ~near, "near home": near, "dealer": dealer,
                   "pone": ~dealer, "leads": leads}, chance)


MATRICES: dict[tuple[int, str], Floats] = {}
"""Each rule's values over each set of positions, worked out once."""


def rule_matrix(rule: Rule[Any, Any], judged: Judged) -> Floats:
    """The rule's value of every choice at every position (0 for all where it does not
    apply, so that it keeps them all; ``-inf`` where there is no choice)."""
    key = (id(judged), rule.name)
    if key not in MATRICES:
        MATRICES[key] = _rule_matrix(rule, judged)
    return MATRICES[key]


def _rule_matrix(rule: Rule[Any, Any], judged: Judged) -> Floats:
    out = np.where(np.isfinite(judged.worth), 0.0, -np.inf)
    for i, position in enumerate(judged.positions):
        if rule.applies(position):
            for j, choice in enumerate(position.choices):
                out[i, j] = float(rule.value(position, choice))
    return out


def followed(matrices: Sequence[Floats], alive: Bools) -> npt.NDArray[np.int64]:
    """The choice each position's procedure makes: :func:`follow` for every position at
    once (each rule keeps the choices it values most among those left; the first left)."""
    left = alive.copy()
    for values in matrices:
        masked = np.where(left, values, -np.inf)
        left &= masked == masked.max(axis=1, keepdims=True)
    return np.asarray(left.argmax(axis=1))


def interval(values: Floats) -> list[float]:
    mean, low, high = mean_interval(list(map(float, values)))
    return [round(mean, 4), round(low, 4), round(high, 4)]


def rate(hits: Bools) -> list[float]:
    low, high = wilson_interval(int(hits.sum()), len(hits))
    return [round(float(hits.mean()), 4), round(low, 4), round(high, 4)]


def figures(judged: Judged, chosen: npt.NDArray[np.int64], where: Bools) -> dict[str, Any]:
    """Cost, agreement and within the margin, with their 95% intervals, over ``where``."""
    if where.sum() < 2:  # too few for an interval
        return {"positions": int(where.sum())}
    rows = np.arange(len(chosen))[where]
    worth = judged.worth[rows, chosen[where]]
    loss = judged.best[where] - worth
    out: dict[str, Any] = {"positions": int(where.sum()), "loss": interval(loss),
                           "agree": rate(loss <= 1e-9),
                           "within_margin": rate(judged.within[rows, chosen[where]])}
    if judged.chance is not None:
        near = where & judged.groups["near home"]
        if near.sum() >= 2:
            rows = np.arange(len(chosen))[near]
            lost = judged.chance[near].max(axis=1) - judged.chance[rows, chosen[near]]
            out["chance_lost_near_home"] = interval(lost)
    return out


def fitted_weights(judged: Judged, where: Bools, terms: Floats, base: Floats,
                   names: Sequence[str], log: Callable[[str], None], what: str
                   ) -> list[dict[str, float]]:
    """The weights of ``terms`` (positions x choices x terms) added to ``base`` that lose
    least over the positions ``where``, in steps of :data:`STEP` (a learner's table): the
    least squares fit of each term to the judge's values less ``base`` (each position's
    choices against their own mean), rounded, then moved a step at a time while the loss
    falls. Returns the fit rounded and the fit moved."""
    valid = np.isfinite(judged.worth[where])
    count = valid.sum(axis=1, keepdims=True)
    x = np.where(valid[..., None], terms[where], 0.0)
    x = np.where(valid[..., None], x - x.sum(axis=1, keepdims=True)[:, :] / count[..., None], 0.0)
    y = np.where(valid, judged.worth[where] - base[where], 0.0)
    y = np.where(valid, y - y.sum(axis=1, keepdims=True) / count, 0.0)
    fit, *_ = np.linalg.lstsq(x.reshape(-1, len(names)), y.reshape(-1), rcond=None)
    sign = np.array([SIGNS.get(n.split()[-1], 0) for n in names])  # "pone five": a five
    weights = keep_sign(np.round(fit / STEP) * STEP, sign)

    def loss(w: Floats) -> float:
        return counted_loss(judged, where, terms, base, w)
    start = weights.copy()
    best = loss(weights)
    moved = True
    while moved:
        moved = False
        for k in range(len(names)):
            for step in (STEP, -STEP):
                tried = weights.copy()
                tried[k] += step
                if tried[k] * sign[k] < 0:
                    continue
                if (cost := loss(tried)) < best - 1e-9:
                    weights, best, moved = tried, cost, True
    found = [{n: float(w) for n, w in zip(names, ws, strict=True) if w} for ws in (start, weights)]
    log(f"  {what}: fitted {found[0]}, moved {found[1]}: {best:.4f}")
    return found


def counted_loss(judged: Judged, where: Bools, terms: Floats, base: Floats, weights: Floats
                 ) -> float:
    """The mean loss over the positions ``where`` of choosing by ``base`` plus ``terms``
    weighed by ``weights`` (the count alone: ties go to the first choice)."""
    valid = np.isfinite(judged.worth[where])
    values = np.where(valid, base[where] + terms[where] @ weights, -np.inf)
    chosen = values.argmax(axis=1)
    rows = np.arange(len(judged.positions))[where]
    return float((judged.best[where] - judged.worth[rows, chosen]).mean())


def keep_sign(weights: Floats, sign: Floats) -> Floats:
    """``weights`` with each one of the wrong sign (:data:`SIGNS`) made 0."""
    return np.where(weights * sign < 0, 0.0, weights)


def term_arrays(judged: Judged, terms: Callable[[Any, Any], dict[str, int]],
                base: Callable[[Any, Any], float], names: Sequence[str]
                ) -> tuple[Floats, Floats]:
    width = judged.worth.shape[1]
    x = np.zeros((len(judged.positions), width, len(names)))
    b = np.zeros((len(judged.positions), width))
    for i, p in enumerate(judged.positions):
        for j, c in enumerate(p.choices):
            got = terms(p, c)
            x[i, j] = [got[n] for n in names]
            b[i, j] = base(p, c)
    return x, b


def fitted_counts(judged: Judged, train: Bools, crib: str, shape: str,
                  log: Callable[[str], None]) -> list[Rule[Any, Any]]:
    """"Count the keep" (the crib by ``crib``) with the table of ``shape``
    (:data:`KEEP_SHAPES`) that loses least on the ``train`` positions
    (:func:`fitted_weights`): by role, each role's column fitted on its own positions; in
    one column, one column fitted on every position, with the one thing pone counts besides
    that buys most there (a weight of its own, on a thing the column leaves out)."""
    def base(p: ThrowPosition, t: Any) -> float:
        cribbed = (crib_by_heat(p.dealer)[heat(t)] if crib == "heat"
                   else crib_counted(t, p.dealer))
        return points_now(p, t) + (1 if p.dealer else -1) * cribbed
    terms, values = term_arrays(judged, keep_terms, base, KEEP_TERMS)
    what = f"count the keep (crib by {crib}, {shape})"
    if shape == "by role":
        found = {dealer: fitted_weights(judged, judged.groups["dealer" if dealer else "pone"]
                                        & train, terms, values, KEEP_TERMS, log,
                                        f"{what} as {'dealer' if dealer else 'pone'}")
                 for dealer in (True, False)}
        tables = [(found[True][i], found[False][i]) for i in (0, 1)]
    else:
        tables = one_column(judged, train, terms, values, log, what)
    made = []
    for dealer, pone in tables:
        rule = count_the_keep(dealer, pone, crib)
        TABLES[rule.name] = {"dealer": dealer, "pone": pone, "crib": crib}
        made.append(rule)
    return made


def one_column(judged: Judged, train: Bools, terms: Floats, values: Floats,
               log: Callable[[str], None], what: str
               ) -> list[tuple[dict[str, float], dict[str, float]]]:
    """The keep table of one column for both roles and one thing pone counts besides: for
    each thing, the column of the other things and pone's weight for it fitted together on
    the ``train`` positions (:func:`fitted_weights`); the thing whose table, moved, loses
    least there. Returns its table fitted and moved, each as (dealer, pone)."""
    pone = judged.groups["pone"][:, None]
    best: tuple[float, list[tuple[dict[str, float], dict[str, float]]]] | None = None
    for extra in KEEP_TERMS:
        shared = [t for t in KEEP_TERMS if t != extra]
        design = np.stack([terms[..., KEEP_TERMS.index(t)] for t in shared]
                          + [terms[..., KEEP_TERMS.index(extra)] * pone], axis=-1)
        names = [*shared, f"pone {extra}"]
        found = fitted_weights(judged, train, design, values, names, log,
                               f"{what}, pone besides {extra}")
        cost = counted_loss(judged, train, design, values,
                            np.array([found[1].get(n, 0.0) for n in names]))
        tables = []
        for weights in found:
            column = {t: weights[t] for t in shared if t in weights}
            besides = weights.get(names[-1], 0.0)
            tables.append((column, {**column, extra: besides} if besides else dict(column)))
        if best is None or cost < best[0] - 1e-12:
            best = (cost, tables)
    assert best is not None
    return best[1]


def fitted_card_counts(judged: Judged, train: Bools, log: Callable[[str], None]
                       ) -> list[Rule[Any, Any]]:
    """"Count the card" with the weights that lose least on the ``train`` positions."""
    terms, values = term_arrays(judged, card_terms, lambda p, c: float(p.pegs(c)), CARD_TERMS)
    made = []
    for weights in fitted_weights(judged, train, terms, values, CARD_TERMS, log,
                                  "count the card"):
        rule = count_the_card(weights)
        TABLES[rule.name] = {"weights": weights}
        made.append(rule)
    return made


def carryable(rules: Sequence[Rule[Any, Any]]) -> bool:
    """Whether a learner can carry the tables of ``rules``: one way to price the crib (the
    heat or the crib count) and at most one table of weights (what to count in a keep,
    what to weigh in a card).

    >>> carryable([count_the_keep(crib="count"), POINTS_NOW])
    True
    >>> carryable([count_the_keep(crib="count"), COLD])  # the crib count and the heat
    False
    >>> carryable([count_the_keep(), count_the_keep({"five": 1})])  # two tables of weights
    False
    """
    tables = [t for r in rules for t in r.carries]
    return (len({t for t in tables if t in CRIB_TABLES}) <= 1
            and len([t for t in tables if t in (KEEP_TABLE, CARD_TABLE)]) <= 1)


def search(rules: dict[str, Rule[Any, Any]], judged: Judged, most: int,
           train: Bools, log: Callable[[str], None]) -> list[tuple[float, tuple[str, ...]]]:
    """The best procedure of each length up to ``most + 1`` rules, with its mean loss over the
    ``train`` positions (a beam search: each procedure kept grows by one rule at any
    place)."""
    alive = np.isfinite(judged.worth)
    start = time.perf_counter()
    matrices = {name: rule_matrix(rule, judged) for name, rule in rules.items()}
    log(f"  {len(rules)} rules worked out in {time.perf_counter() - start:.0f} s")
    rows = np.arange(len(judged.positions))

    def loss(names: tuple[str, ...]) -> float:
        chosen = followed([matrices[n] for n in names], alive)
        return float((judged.best - judged.worth[rows, chosen])[train].mean())

    beam: list[tuple[float, tuple[str, ...]]] = [(loss(()), ())]
    best_of_length: list[tuple[float, tuple[str, ...]]] = []
    for length in range(1, most + 2):
        seen: dict[tuple[str, ...], float] = {}
        for _, names in beam:
            for name in rules:
                if name in names:
                    continue
                for place in range(len(names) + 1):
                    grown = (*names[:place], name, *names[place:])
                    if grown not in seen and carryable([rules[n] for n in grown]):
                        seen[grown] = loss(grown)
        beam = sorted((cost, names) for names, cost in seen.items())[:BEAM]
        if not beam:  # no rule left that a learner could carry besides
            break
        best_of_length.append(beam[0])
        log(f"  {length} rules: {beam[0][0]:.4f} ({'; '.join(beam[0][1])})")
    return best_of_length


def report(name: str, names: tuple[str, ...], rules: dict[str, Rule[Any, Any]],
           judged: Judged, held_out: Bools) -> dict[str, Any]:
    alive = np.isfinite(judged.worth)
    matrices = {n: rule_matrix(rules[n], judged) for n in names}
    chosen = followed([matrices[n] for n in names], alive)
    everywhere = np.ones(len(chosen), dtype=bool)
    rows = np.arange(len(chosen))
    loss = judged.best - judged.worth[rows, chosen]
    broken = []
    for n in names:
        without = followed([matrices[m] for m in names if m != n], alive)
        extra = (judged.best - judged.worth[rows, without]) - loss
        applies = np.array([rules[n].applies(p) for p in judged.positions])
        broken.append({"rule": n, "broken": interval(extra),
                       "applies": round(float(applies.mean()), 4),
                       "decides": round(float((without != chosen).mean()), 4)})
    return {"name": name, "rules": list(names),
            "specs": [rule_spec(rules[n], TABLES) for n in names],
            "all": figures(judged, chosen, everywhere),
            "held_out": figures(judged, chosen, held_out),
            "by_group": {g: figures(judged, chosen, w) for g, w in judged.groups.items()},
            "each_rule": broken}


def each_rule(rules: dict[str, Rule[Any, Any]], judged: Judged) -> list[dict[str, Any]]:
    """Every rule on its own: where it applies and keeps some choices but not all, what
    breaking it costs (the best choice it keeps less the best it rules out, by the judge:
    what a player who breaks it loses when he otherwise chooses well), with its 95%
    interval, and how often the judge's best is among the choices it keeps."""
    alive = np.isfinite(judged.worth)
    out = []
    for name, rule in rules.items():
        values = np.where(alive, rule_matrix(rule, judged), -np.inf)
        keeps = alive & (values == values.max(axis=1, keepdims=True))
        narrows = keeps.sum(axis=1) < alive.sum(axis=1)
        if narrows.sum() < 2:
            continue
        kept = np.where(keeps, judged.worth, -np.inf).max(axis=1)[narrows]
        ruled_out = np.where(alive & ~keeps, judged.worth, -np.inf).max(axis=1)[narrows]
        out.append({"rule": name, "decides": round(float(narrows.mean()), 4),
                    "positions": int(narrows.sum()), "broken": interval(kept - ruled_out),
                    "right": rate(kept >= judged.best[narrows] - 1e-9)})
    return sorted(out, key=lambda r: -r["broken"][0])


def summary(judged: Judged, rows: Sequence[dict[str, Any]], path: Path) -> dict[str, Any]:
    games = sorted({r["game"] for r in rows})
    deals = len({(r["game"], r["deal"]) for r in rows})
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return {"file": str(where), "positions": len(rows), "deals": deals,
            "games": len(games), "game_seeds": [games[0], games[-1]]}


def best_procedures(rules: dict[str, Rule[Any, Any]], judged: Judged, most: int,
                    train: Bools, log: Callable[[str], None]
                    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The best procedure of each length (:func:`search`), each reported, and the one to
    carry: the shortest within :data:`WORTH` of the best of at most ``most`` rules."""
    lengths = search(rules, judged, most, train, log)
    procedures = [report(f"the best {len(n)} rule{'s' * (len(n) > 1)}", n, rules, judged,
                         ~train) for _, n in lengths]
    for procedure, (cost, _) in zip(procedures, lengths, strict=True):
        procedure["train_loss"] = round(cost, 4)
    limit = min(cost for cost, _ in lengths[:most])
    chosen = next(p for p, (cost, _) in zip(procedures, lengths, strict=True)
                  if cost <= limit + WORTH)
    return procedures, chosen


def procedure_losses(names: Sequence[str], rules: dict[str, Rule[Any, Any]], judged: Judged
                     ) -> Floats:
    """What the procedure of the rules ``names`` loses at each position."""
    alive = np.isfinite(judged.worth)
    chosen = followed([rule_matrix(rules[n], judged) for n in names], alive)
    return np.asarray(judged.best - judged.worth[np.arange(len(chosen)), chosen])


def figures_carried(names: Sequence[str]) -> int:
    """How many figures the keep tables of a procedure's rules hold (:func:`keep_figures`)."""
    return sum(keep_figures(TABLES[n]["dealer"], TABLES[n]["pone"]) for n in names
               if n in TABLES and "pone" in TABLES[n])


def keep_table(pools: dict[str, dict[str, Rule[Any, Any]]],
               searched: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]],
               judged: Judged, train: Bools) -> dict[str, Any]:
    """Which shape of keep table the procedure carries: of the procedures found with each
    (:data:`KEEP_SHAPES`), the one whose table has fewest figures among those that cost at
    most :data:`KEEP_SLACK` a deal more than the one by role, paired position by position
    over all the positions. Each shape's figures, its procedure's cost (all the positions
    and the odd-numbered games) and the paired difference from the one by role, with their
    95% intervals; and the names of the counting rules fitted with it."""
    losses = {shape: procedure_losses(searched[shape][1]["rules"], pools[shape], judged)
              for shape in KEEP_SHAPES}
    full = losses["by role"]
    shapes = {}
    for shape in KEEP_SHAPES:
        names = searched[shape][1]["rules"]
        shapes[shape] = {"figures": figures_carried(names), "loss": interval(losses[shape]),
                         "held_out": interval(losses[shape][~train]),
                         "against_by_role": interval(losses[shape] - full),
                         "count_rules": sorted(n for n in pools[shape] if n in TABLES)}
    fit = [s for s in KEEP_SHAPES if shapes[s]["against_by_role"][0] <= KEEP_SLACK + 1e-12]
    carried = min(fit, key=lambda s: (shapes[s]["figures"], KEEP_SHAPES.index(s)))
    return {"carried": carried, "slack": KEEP_SLACK, "shapes": shapes}


def expert_choices(judged: Judged) -> npt.NDArray[np.int64]:
    """The expert's choice at each position, for reference: its throw (the best hand and
    crib on average, :class:`~cribbage_edu.strategy.players.ExpertPlayer`) or its card (its
    look-ahead of a card each, :func:`~cribbage_edu.strategy.reading.expert_rank`)."""
    expert = ExpertPlayer()
    out = []
    for p in judged.positions:
        if isinstance(p, ThrowPosition):
            thrown = set(expert.discard(PlayerView.for_throw(p.six, dealer=p.dealer)))
            out.append(next(i for i, t in enumerate(p.choices) if set(t) == thrown))
        else:
            held = tuple(sorted(int(c.rank) for c in p.hand))
            unseen = tuple(unseen_by_rank(c.rank for c in (*p.hand, *p.laid, *p.thrown,
                                                           *([p.starter] if p.starter else []))))
            rank = expert_rank(held, tuple(int(c.rank) for c in p.pile), unseen,
                               p.opponent_cards, p.opponent_said_go,
                               GAME_HOLE - p.scores[0], GAME_HOLE - p.scores[1])
            out.append(next(i for i, c in enumerate(p.choices) if int(c.rank) == rank))
    return np.array(out)


def measure(kind: str, rows: list[dict[str, Any]], path: Path, most: int,
            rules: dict[str, Rule[Any, Any]],
            course: Iterable[tuple[str, Sequence[Rule[Any, Any]]]],
            log: Callable[[str], None]) -> dict[str, Any]:
    judged = judged_throws(rows) if kind == "throw" else judged_plays(rows)
    train = judged.games % 2 == 0
    log(f"{kind}: {len(rows)} positions, searching on {int(train.sum())}")
    alternatives = {}
    extra: dict[str, Any] = {}
    if kind == "throw":
        pools = {shape: {**rules, **{r.name: r for crib in ("heat", "count")
                                     for r in fitted_counts(judged, train, crib, shape, log)}}
                 for shape in KEEP_SHAPES}
        searched = {}
        for shape in KEEP_SHAPES:
            log(f"  the keep table {shape}:")
            searched[shape] = best_procedures(pools[shape], judged, most, train, log)
        extra["keep_table"] = keep_table(pools, searched, judged, train)
        carried = extra["keep_table"]["carried"]
        rules = pools[carried]
        procedures, chosen = searched[carried]
        for shape in KEEP_SHAPES:
            if shape != carried:
                alternatives[f"the keep table {shape}"] = searched[shape][1]
        log("  the crib priced by the heat alone:")  # the course's table of lesson 10
        by_heat = {n: r for n, r in rules.items() if COUNT_TABLE not in r.carries}
        alternatives["crib by heat"] = best_procedures(by_heat, judged, most, train, log)[1]
    else:
        rules = {**rules, **{r.name: r for r in fitted_card_counts(judged, train, log)}}
        procedures, chosen = best_procedures(rules, judged, most, train, log)
    every = {**rules}
    baselines = []
    for name, sequence in course:
        every.update({r.name: r for r in sequence})
        baselines.append(report(name, tuple(r.name for r in sequence), every, judged, ~train))
    expert = expert_choices(judged)
    reference = {"name": "the expert (a program, not rules: for reference)",
                 "all": figures(judged, expert, np.ones(len(expert), dtype=bool)),
                 "by_group": {g: figures(judged, expert, w) for g, w in judged.groups.items()}}
    return {"sample": summary(judged, rows, path), "procedure": chosen,
            "by_length": procedures, "course_today": baselines, "reference": reference,
            "alternatives": alternatives, **extra,
            "each_rule_alone": each_rule(every, judged)}


THROW_COURSE = (
    ("lesson 12: points now, then heat", (POINTS_NOW, COLD)),
    ("lesson 12: points now + heat (dealer), keep it cold (pone)",
     (keep_it_cold(2), points_and_heat(1), COLD)),
)
PLAY_COURSE = (
    ("lesson 13's summary in its order",
     (TAKE_THE_POINTS, NEVER_LEAD_A_FIVE, LEAD_FROM_A_PAIR, keep_a_low_card(2, True),
      LEAD_UNDER_FIVE, AVOID_5_AND_21, BEWARE_THE_PAIR_TRAP, LAY_HIGH)),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throws", type=Path, default=THROWS)
    parser.add_argument("--plays", type=Path, default=PLAYS)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    result = {
        "made_by": "scripts/search_rulebook.py from the positions scripts/measure_rulebook.py "
                   "judged (games of the master against the master)",
        "crib_by_heat": {"dealer": list(crib_by_heat(True)), "pone": list(crib_by_heat(False))},
        "throw": measure("throw", read_lines(args.throws), args.throws, THROW_RULES,
                         throw_rules(), THROW_COURSE, log),
        "play": measure("play", read_lines(args.plays), args.plays, PLAY_RULES, play_rules(),
                        PLAY_COURSE, log),
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
