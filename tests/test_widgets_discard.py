"""DiscardTrainer and ProbabilityExplorer driven from Python."""

from __future__ import annotations

import re
from fractions import Fraction

from cribbage_edu import parse_cards
from cribbage_edu.strategy.coach import judge_throw, verdict_line
from cribbage_edu.strategy.discard import advise, starter_distribution
from cribbage_edu.widgets import DiscardTrainer, ProbabilityExplorer
from cribbage_edu.widgets.cards import face_of
from cribbage_edu.widgets.discard import why_html
from tests.pictures import all_of, svg_of, ticks, words


def _select(trainer: DiscardTrainer, n: int) -> None:
    for card in trainer.value.hand[:n]:
        trainer.picker.button(card).value = True


def test_the_trainer_deals_six_from_its_seed_and_shows_it() -> None:
    a, b = DiscardTrainer(seed=7), DiscardTrainer(seed=7)
    assert len(a.value.hand) == 6 and a.value.hand == b.value.hand
    assert "seed 7" in a.children[0].children[1].value
    faces = [face_of(button) for button in a.picker.children[1:]]
    assert faces == list(a.value.hand)
    assert [b.description for b in a.picker.children[1:]] == [c.name for c in a.value.hand]


def test_throwing_three_or_one_is_refused_and_changes_nothing() -> None:
    trainer = DiscardTrainer(seed=7)
    _select(trainer, 3)
    trainer.throw_button.click()
    state = trainer.value
    assert state.message == "select exactly two cards to throw: you selected 3"
    assert state.thrown is None and state.options == () and state.hands_played == 0
    assert trainer.ranking.value == "" and len(state.selected) == 3


def test_a_throw_is_judged_by_the_coach_with_the_play() -> None:
    trainer = DiscardTrainer(seed=7, dealer=False)
    _select(trainer, 2)
    trainer.throw_button.click()
    state = trainer.value
    verdict = judge_throw(state.hand, state.hand[:2], dealer=False)
    assert state.verdict == verdict
    # the coach's three columns: the advisor with the play, best first
    options = advise(state.hand, dealer=False, pegging=True)
    assert [o.discard for o in state.options] == [o.discard for o in options]
    mine = next(o for o in options if set(o.discard) == set(state.hand[:2]))
    assert state.rank == options.index(mine) + 1
    assert state.shortfall == verdict.loss  # both the difference of the printed totals
    assert verdict_line(verdict) in trainer.summary.value.replace("&#x27;", "'")
    assert trainer.ranking.value.count("<tr") == 16  # a header and the 15 throws
    assert trainer.ranking.value.count("background:#fff3c4") == 1  # the learner's row
    if state.rank != 1:
        assert state.message.startswith(f"Your throw ranks {state.rank} of 15")
        assert "biggest difference" in trainer.why.value
    assert all(trainer.picker.button(c).disabled for c in state.hand)


def test_the_best_throw_is_called_right() -> None:
    trainer = DiscardTrainer(seed=7)
    best = advise(trainer.value.hand, dealer=True, pegging=True)[0]
    for card in best.discard:
        trainer.picker.toggle(card)
    trainer.throw_button.click()
    state = trainer.value
    assert state.rank == 1 and state.shortfall == 0.0
    assert state.message.startswith("Right: the best throw, ") and trainer.message.kind == "success"
    assert trainer.why.value == ""
    assert trainer.summary.value.count("Right: ") == 1


def _printed(row: str) -> list[str]:
    return re.findall(r"<td>([^<]*)</td>", row)


def test_every_sum_adds_up_as_printed() -> None:
    """Each row of the ranking: hand, less (pone) or plus (dealer) the crib, plus the play,
    is the total printed, to the hundredth; the tally is the sum of the shortfalls as
    printed, hand after hand."""
    for dealer in (True, False):
        trainer = DiscardTrainer(seed=11, dealer=dealer)
        printed_shortfalls = []
        for n in range(4):
            for k in (n % 6, (n + 3) % 6):
                trainer.picker.toggle(trainer.value.hand[k])
            trainer.throw_button.click()
            rows = trainer.ranking.value.split("<tr")[2:]
            for row in rows:
                cells = _printed(row)
                hand, crib, play, total = (Fraction(cells[3]), Fraction(cells[4][2:]),
                                           Fraction(cells[5]), Fraction(cells[6]))
                assert hand + (crib if dealer else -crib) + play == total
            totals = [Fraction(_printed(r)[6]) for r in rows]
            mine = Fraction(_printed(rows[trainer.value.rank - 1])[6])  # type: ignore[operator]
            assert trainer.value.shortfall == float(totals[0] - mine)
            printed_shortfalls.append(totals[0] - mine)
            if trainer.value.rank != 1:
                assert f"({float(totals[0] - mine):.2f} less)" in trainer.message.text
            tally = trainer.tally.value
            assert f"the best: {float(sum(printed_shortfalls)):.2f} (" in tally
            trainer.next_button.click()


def test_throwing_twice_and_dealing_before_throwing_are_refused() -> None:
    trainer = DiscardTrainer(seed=7)
    hand = trainer.value.hand
    trainer.next_button.click()
    assert trainer.value.hand == hand
    assert trainer.value.message == "throw two cards first: select two and press Throw two"
    _select(trainer, 2)
    trainer.throw_button.click()
    thrown = trainer.value
    trainer.throw_button.click()
    assert trainer.value.message == "already thrown: press Next hand for a new deal"
    assert trainer.value.hands_played == thrown.hands_played == 1
    trainer.next_button.click()
    assert trainer.value.thrown is None and trainer.value.hand != hand
    # a double click on Next hand deals once: the second click is refused
    dealt = trainer.value.hand
    trainer.next_button.click()
    assert trainer.value.hand == dealt
    assert trainer.value.message == "throw two cards first: select two and press Throw two"


def test_whose_crib_it_is_changes_the_advice() -> None:
    trainer = DiscardTrainer(seed=7)
    trainer.role.value = False
    _select(trainer, 2)
    trainer.throw_button.click()
    assert trainer.value.dealer is False
    verdict = trainer.value.verdict
    assert verdict is not None and verdict.dealer is False
    assert "crib (opponent&#x27;s)" in trainer.why.value and "the opponent's crib" in verdict.why


def test_the_explorer_shows_the_29_hand() -> None:
    explorer = ProbabilityExplorer(seed=7)
    explorer.cards_box.value = "5H 5C 5S JD"
    explorer.use_button.click()
    explorer.compare_button.click()
    dist = explorer.value.a
    assert dist is not None and dist.n_starters == 48
    # only the five of diamonds (the jack's suit) makes 29; the lowest is 14:
    # 5-5-5 and J with each five are four fifteens (8) and a pair royal (6)
    assert dist.starters[29] == (parse_cards("5D")[0],)
    assert dist.minimum == 14
    assert "29 points: 1 of 48" in explorer.panel_a.value


def test_the_explorer_compares_two_keeps_side_by_side() -> None:
    explorer = ProbabilityExplorer(seed=7)
    six = explorer.value.cards
    for card in six[:4]:
        explorer.choice_a.toggle(card)
    for card in six[2:]:
        explorer.choice_b.toggle(card)
    explorer.compare_button.click()
    a, b = explorer.value.a, explorer.value.b
    assert a is not None and b is not None and a.n_starters == b.n_starters == 46
    assert a.expected == starter_distribution(six[:4], six[4:]).expected
    assert f"{float(b.expected):.2f}" in explorer.panel_b.value


def test_the_explorer_refuses_bad_choices() -> None:
    explorer = ProbabilityExplorer(seed=7)
    for card in explorer.value.cards[:3]:
        explorer.choice_a.toggle(card)
    explorer.compare_button.click()
    assert explorer.value.message == "select exactly four cards to keep in A: you selected 3"
    assert explorer.value.a is None and explorer.panel_a.value == ""
    cards = explorer.value.cards
    for typed in ("", "5H 5H 6C 7D", "5H 6C 7D", "ZZ"):
        explorer.cards_box.value = typed
        explorer.use_button.click()
        assert explorer.message.kind == "warning" and explorer.value.cards == cards
    explorer.cards_box.value = "5H 5H JS QH"
    explorer.use_button.click()
    assert explorer.value.message == "the text typed '5H 5H JS QH' holds 5H twice"


def test_why_names_the_best_throws_gain_and_never_a_loss_as_its_reason() -> None:
    # keep 3-3-8-J (throw 5-10) against the best, keep 5-8-10-J (throw 3-3), as dealer:
    # the best keep makes many more fifteens (5-10, 5-J, and 10/J with each 5 starter),
    # the 3-3 keep has the pair; the reason must be the fifteens, and the pair is named
    # as what the learner's keep does better.
    options = advise("5D 10S 8S 3H JC 3S", dealer=True)
    best = options[0]
    mine = next(o for o in options if set(o.discard) == set(parse_cards("5D 10S")))
    assert set(best.discard) == set(parse_cards("3H 3S"))
    html = why_html(mine, best)
    lead = html.split("</p>")[0]
    assert "The biggest difference is in fifteens: +" in lead
    assert "Your keep does better in pairs (" in lead and "but not by enough" in lead


def test_the_explorer_draws_both_choices_on_one_scale() -> None:
    explorer = ProbabilityExplorer(seed=7)
    explorer.cards_box.value = "5H 5C 5S JD 2C 9H"
    explorer.use_button.click()
    for card in parse_cards("5H 5C 5S JD"):
        explorer.choice_a.toggle(card)
    for card in parse_cards("5H JD 2C 9H"):
        explorer.choice_b.toggle(card)
    explorer.compare_button.click()
    a, b = explorer.value.a, explorer.value.b
    assert a is not None and b is not None
    pictures = [svg_of(explorer.chart_a.value), svg_of(explorer.chart_b.value)]
    # one scale: the same ticks at the same places, up (starters) and across (points)
    assert ticks(pictures[0], along="x") == ticks(pictures[1], along="x")
    assert ticks(pictures[0], along="y") == ticks(pictures[1], along="y")
    assert max(v for v, _ in ticks(pictures[1], along="x")) >= 29  # A's 29 on B's axis too
    for dist, root in zip((a, b), pictures, strict=True):
        bars = {int(g.get("data-points", "0")): words(g)
                for g in all_of(root, "g", "cribbage-starter-bar")}
        assert bars == {t: [str(len(s))] for t, s in dist.starters.items()}
    assert "5♦" not in words(pictures[0])  # the chart counts; the page lists the starters
    assert "5♦" in explorer.panel_a.value  # the starter that makes 29, listed
