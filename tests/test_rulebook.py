"""The rulebook: each rule of thumb's test and choice on positions worked by hand (RULES.md),
the procedure and the player always choose a legal option (hypothesis), and the stored
search (``cribbage_edu/data/rulebook.json``) holds what its judged positions give: its
figures are worked out again here from the judged positions by :func:`follow` itself, and a
small measurement and search are run again."""

from __future__ import annotations

import gzip
import json
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import FULL_DECK, THIRTY_ONE, Card, Hand
from cribbage_edu.rules.drive import play_game
from cribbage_edu.rules.errors import IllegalActionError, IllegalHandError
from cribbage_edu.rules.events import Phase
from cribbage_edu.rules.game import Game
from cribbage_edu.stats import mean_interval, wilson_interval
from cribbage_edu.strategy.roster import make_player
from cribbage_edu.strategy.rulebook import (
    HEAT_MARGIN,
    PlayPosition,
    Procedure,
    Rule,
    ThrowPosition,
    crib_by_heat,
    follow,
    heat,
    play_rules,
    throw_rules,
)
from cribbage_edu.strategy.rulebook.play import (
    AFTER_HIS_GO_LAY_LOW,
    AVOID_5_AND_21,
    BEWARE_THE_PAIR_TRAP,
    CARD_TABLE,
    FEWEST_ANSWERS,
    HE_CANNOT_PAIR,
    LAY_FROM_A_PAIR,
    LAY_HIGH,
    LAY_LOW,
    LEAD_FROM_A_PAIR,
    LEAD_UNDER_FIVE,
    LEAVE_NO_FIFTEEN,
    LEAVE_NO_THIRTY_ONE,
    NET_OF_THE_WORST_ANSWER,
    NEVER_LEAD_A_FIVE,
    PLAY_OFF_A_RUN,
    TAKE_THE_POINTS,
    TRAP_LEAD,
    card_terms,
    close_to_31,
    count_the_card,
    keep_a_low_card,
)
from cribbage_edu.strategy.rulebook.player import RulebookPlayer, rule_of, stored_procedures
from cribbage_edu.strategy.rulebook.throw import (
    COLD,
    COUNT_TABLE,
    CRIB_TABLES,
    KEEP_A_FLUSH,
    KEEP_A_PAIR,
    KEEP_A_RUN,
    KEEP_TABLE,
    KEEP_YOUR_FIVES,
    NEVER_GIVE_THE_DEALER_A_FIVE,
    POINTS_NOW,
    THROW_A_KING,
    count_the_keep,
    crib_count,
    crib_counted,
    feed_your_crib,
    keep_figures,
    keep_it_cold,
    keep_terms,
    points_and_heat,
    points_now,
    pone_besides,
)
from tests.scripts_loaded import script

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "cribbage_edu" / "data" / "rulebook.json"




def kept(rule: Rule[Any, Any], position: Any) -> list[str]:
    return [str(c) for c in rule.keep(position, position.choices)]


# --- the throw, worked by hand -------------------------------------------------------


def test_points_now_keeps_the_four_that_score_most_before_the_starter() -> None:
    # 2-3-4 is a run of three (3); with a ten-card, 2+3+10 = 15 (2): 5; with the 9,
    # 2+4+9 = 15 (2): 5 too; nothing keeps more
    six = ThrowPosition.parse("2C 3D 4H 9S 10C KD", dealer=True)
    assert points_now(six, Hand("9S 10C")) == 5  # keep 2 3 4 K: run 3 + 2+3+K
    assert points_now(six, Hand("10C KD")) == 5  # keep 2 3 4 9: run 3 + 2+4+9
    assert points_now(six, Hand("2C 3D")) == 0  # keep 4 9 10 K: nothing
    assert set(kept(POINTS_NOW, six)) == {"9S 10C", "9S KD", "10C KD"}


def test_cold_gives_your_own_crib_the_hottest_and_his_the_coldest() -> None:
    mine = ThrowPosition.parse("5H 10S 7C 8D AH KS", dealer=True)
    assert kept(COLD, mine) == ["5H 10S", "5H KS"]  # a five with a ten-card: heat 3
    his = ThrowPosition.parse("5H 10S 7C 8D AH QS", dealer=False)
    # heat 0: neither touching nor one apart, no five, no fifteen or five made
    assert all(heat(Hand(t)) == 0 for t in kept(COLD, his))
    assert "AH 10S" in kept(COLD, his)


def test_never_give_the_dealer_a_five_is_pones_rule_only() -> None:
    pone = ThrowPosition.parse("5H 5C 6D JS QH 2C", dealer=False)
    assert not any("5" in t for t in kept(NEVER_GIVE_THE_DEALER_A_FIVE, pone))
    dealer = ThrowPosition.parse("5H 5C 6D JS QH 2C", dealer=True)
    assert len(kept(NEVER_GIVE_THE_DEALER_A_FIVE, dealer)) == 15  # does not apply


def test_keep_your_fives_and_keep_a_run() -> None:
    six = ThrowPosition.parse("4C 5D 6H JS KC QD", dealer=False)
    assert not any("5D" in t for t in kept(KEEP_YOUR_FIVES, six))
    # 4-5-6 kept (a throw of two of J, Q, K) or J-Q-K kept (a throw of two of 4, 5, 6)
    assert set(kept(KEEP_A_RUN, six)) == {"JS QD", "JS KC", "QD KC", "4C 5D", "4C 6H",
                                          "5D 6H"}


def test_pairs_kings_and_flushes() -> None:
    six = ThrowPosition.parse("7C 7D 2H 9H JH KH", dealer=False)
    assert all("7C" not in t and "7D" not in t for t in kept(KEEP_A_PAIR, six))
    assert all("KH" in t for t in kept(THROW_A_KING, six))
    assert kept(THROW_A_KING, ThrowPosition.parse("7C 7D 2H 9H JH KH", dealer=True)) == \
        [str(t) for t in six.choices]  # pone's rule only
    assert kept(KEEP_A_FLUSH, six) == ["7C 7D"]  # keep the four hearts


def test_points_and_heat_weighs_the_throw_as_points() -> None:
    # dealer with 5 K 7 7 2 9: keeping 7-7-2-9 (the pair, 2; no fifteen) and throwing 5-K
    # (heat 3) gives 2 + 3 = 5; keeping 5-K-7-7 (5+K and the pair, 4) throws 2-9 (heat 0):
    # 4; keeping 5-K-2-9 (5+K, 2) throws the pair of 7s (heat 2): 4
    six = ThrowPosition.parse("5H KD 7C 7S 2D 9H", dealer=True)
    assert points_now(six, Hand("5H KD")) == 2
    assert kept(points_and_heat(1), six) == ["5H KD"]


def test_keep_it_cold_and_feed_your_crib_give_up_at_most_so_many_points_now() -> None:
    six = ThrowPosition.parse("5H KD 7C 8S 2D 9H", dealer=False)
    # the most now: 7-8-9 with any fourth (the run, 3, and 7+8, 2) = 5
    assert six.most_points_now == 5
    # of those, only throwing 2-K is cold (no five, 2+K = 12, eleven ranks apart)
    assert kept(keep_it_cold(0), six) == ["2D KD"]
    assert kept(keep_it_cold(0), ThrowPosition.parse("5H KD 7C 8S 2D 9H", dealer=True)) \
        == [str(t) for t in six.choices]  # pone's rule only
    mine = ThrowPosition.parse("5H KD 7C 8S 2D 9H", dealer=True)
    # hot throws keeping at least 3 now: 2-5 (keep 7-8-9-K, 5) and 5-K (keep 7-8-9-2, 5);
    # 7-8 (fifteen, hot) keeps 2-5-9-K, only 2
    assert kept(feed_your_crib(2), mine) == ["2D 5H", "5H KD"]


def test_the_crib_count_is_the_crib_tables_fit_and_is_near_them() -> None:
    from cribbage_edu.tables.cribtable import crib_ev, pair_classes
    for dealer in (True, False):
        table = crib_count(dealer)
        assert all(v * 2 == int(v * 2) for v in table.values())  # half points, to learn
        errors = []
        for low, high, suited in pair_classes():
            a, b = Card(low, 0), Card(high, 0 if suited else 1)
            errors.append(abs(crib_counted((a, b), dealer) - crib_ev((a, b), dealer=dealer)))
        assert max(errors) < 1.5 and sum(errors) / len(errors) < 0.4
    by_heat = crib_by_heat(True)
    assert sorted(by_heat) == list(by_heat)  # hotter, better: the heat's promise


def test_keep_terms_and_count_the_keep_by_hand() -> None:
    six = ThrowPosition.parse("4C 5D 6H 6S JC KD", dealer=True)
    # kept 4 5 6 6: a ten turned adds 5+10 only (2); one five; no ten-card or jack; one
    # card under five; 4-5 and 5-6 touch; one pair
    assert keep_terms(six, Hand("JC KD")) == {
        "ten_turned": 2, "five": 1, "ten": 0, "jack": 0, "low": 1, "touch": 2, "gap": 0,
        "pair": 1}
    rule = count_the_keep({"five": 1.0}, {}, crib="count")
    throw = Hand("JC KD")
    expected = points_now(six, throw) + crib_counted(throw, True) + 1.0
    assert rule.value(six, throw) == expected
    with pytest.raises(IllegalActionError, match="no such thing"):
        count_the_keep({"sevens": 1.0})
    with pytest.raises(IllegalActionError, match="'heat' or by 'count'"):
        count_the_keep(crib="table")


def test_a_keep_table_of_one_column_and_what_pone_counts_besides() -> None:
    """A table is one column when pone counts all the dealer counts, alike; then a learner
    carries that column and pone's few things besides, and the rule's name says so."""
    column = {"five": 0.5, "ten": -0.5, "touch": 0.75}
    pone = {**column, "ten_turned": 0.25}
    assert pone_besides(column, pone) == {"ten_turned": 0.25}
    assert keep_figures(column, pone) == 4  # three and one besides, not 3 + 4
    assert pone_besides(column, {**pone, "five": 1.0}) is None  # pone weighs a five apart
    assert keep_figures(column, {**pone, "five": 1.0}) == 7
    assert pone_besides({}, {}) == {} and keep_figures({}, {}) == 0
    name = count_the_keep(column, pone, crib="count").name
    assert name.endswith("dealer and pone +0.5 a five, -0.5 a ten-card, +0.75 two ranks that "
                         "touch; pone besides +0.25 each point a ten turned would add")
    assert "as dealer" in count_the_keep(column, {**pone, "five": 1.0}, crib="count").name
    # as pone the four kept 4-5-6-6 count the column and the ten turned (2 points: 5+10)
    six = ThrowPosition.parse("4C 5D 6H 6S JC KD", dealer=False)
    thrown = Hand("JC KD")
    assert count_the_keep(column, pone, crib="count").value(six, thrown) == (
        points_now(six, thrown) - crib_counted(thrown, False) + 0.5 + 2 * 0.75 + 2 * 0.25)


# --- the play, worked by hand --------------------------------------------------------


def test_take_the_points() -> None:
    p = PlayPosition.parse("5C 7D KS", "8H")  # 8 + 7 = 15 (2)
    assert kept(TAKE_THE_POINTS, p) == ["7D"]
    p = PlayPosition.parse("5C 7D KS", "KH")  # pair of kings 2, 5 makes fifteen 2: both
    assert kept(TAKE_THE_POINTS, p) == ["5C", "KS"]


def test_the_leads() -> None:
    p = PlayPosition.parse("5C 5D 9S KH")
    assert [str(c) for c in p.choices] == ["5C", "9S", "KH"]  # one card of each rank
    assert kept(NEVER_LEAD_A_FIVE, p) == ["9S", "KH"]
    assert kept(LEAD_FROM_A_PAIR, p) == ["5C"]
    assert kept(LEAD_UNDER_FIVE, PlayPosition.parse("3C 9D KS QH")) == ["3C"]
    assert kept(TRAP_LEAD, PlayPosition.parse("7C 8D AD KD")) == ["7C"]  # the 7 from 7-8
    assert kept(TRAP_LEAD, PlayPosition.parse("6C 9D AD KD")) == ["6C", "9D"]
    assert kept(TRAP_LEAD, PlayPosition.parse("5C 10D AD KD")) == ["5C", "10D", "AD", "KD"]
    second = PlayPosition.parse("5C 9S", "KH")  # not a lead: the lead rules do not apply
    assert kept(NEVER_LEAD_A_FIVE, second) == ["5C", "9S"]


def test_the_counts_to_avoid() -> None:
    p = PlayPosition.parse("6C 8D KS", "8H 7S")  # 15: the 6 makes 21, the 8 23, the K 25
    assert kept(AVOID_5_AND_21, p) == ["8D", "KS"]
    p = PlayPosition.parse("4C 3D 9S")  # a lead of 4 or 3: no card makes 15; on a 9, a 6
    assert kept(LEAVE_NO_FIFTEEN, p) == ["4C", "3D"]
    p = PlayPosition.parse("AC 10D", "10H KS")  # 20: the ace makes 21, the ten 30
    assert kept(LEAVE_NO_THIRTY_ONE, p) == ["AC", "10D"]  # both leave a one-card 31
    p = PlayPosition.parse("AC 2D", "10H 9S")  # 19: the ace 20 leaves no 31 card
    assert kept(LEAVE_NO_THIRTY_ONE, p) == ["AC"]


def test_beware_the_pair_trap_unless_you_hold_the_fourth() -> None:
    p = PlayPosition.parse("7C 9D KS", "7H", dealer=True)
    assert kept(BEWARE_THE_PAIR_TRAP, p) == ["9D", "KS"]
    fourth = PlayPosition.parse("7C 7D 7S", "7H", dealer=True)
    assert kept(BEWARE_THE_PAIR_TRAP, fourth) == ["7C"]  # pair gladly with the fourth
    later = PlayPosition.parse("7C 9D", "2H 7H")  # not the lead: does not apply
    assert kept(BEWARE_THE_PAIR_TRAP, later) == ["7C", "9D"]


def test_play_off_a_run_and_the_answers() -> None:
    p = PlayPosition.parse("7C KS", "6H")
    assert kept(PLAY_OFF_A_RUN, p) == ["KS"]
    scoring = PlayPosition.parse("5C KS", "4H 6D")  # the 5 makes a run of three: it scores
    assert kept(PLAY_OFF_A_RUN, scoring) == ["5C", "KS"]
    lead = PlayPosition.parse("5C 3D", starter="KH")
    # on a 5: a 5 pairs it, a ten-card makes fifteen (10 J Q K): 5 ranks; on a 3 only a 3
    assert sum(1 for a in lead.answers(Card.parse("5C")) if a) == 5
    assert sum(1 for a in lead.answers(Card.parse("3D")) if a) == 1
    assert kept(FEWEST_ANSWERS, lead) == ["3D"]
    late = PlayPosition.parse("7C KS", "8H 3D")  # 11: the 7 makes 18, the K 21
    # on 18 only another 7 scores (a pair, 2: 8-3-7 is no run); on 21 a ten-card makes 31
    # (2), and a king makes 31 and a pair (4); neither card pegs now
    assert max(late.answers(Card.parse("7C"))) == 2
    assert max(late.answers(Card.parse("KS"))) == 4
    assert kept(NET_OF_THE_WORST_ANSWER, late) == ["7C"]
    said_go = PlayPosition.parse("AC 2D", "10H KS", opponent_said_go=True)
    assert said_go.answers(Card.parse("AC")) == []  # he said go: no answer
    assert kept(AFTER_HIS_GO_LAY_LOW, said_go) == ["AC"]


def test_pairs_low_cards_and_the_last_word() -> None:
    p = PlayPosition.parse("9C 9D 3S", "2H", laid="KD 2H")
    assert kept(LAY_FROM_A_PAIR, p) == ["9C"]
    # holding 9 9 3 K: two 9s unseen, three 3s, three kings
    assert kept(HE_CANNOT_PAIR, PlayPosition.parse("9C 9D 3S KD")) == ["9C"]
    assert kept(keep_a_low_card(4), PlayPosition.parse("AC 10D KS")) == ["10D", "KS"]
    assert kept(keep_a_low_card(4), PlayPosition.parse("AC 2D KS")) == ["AC", "2D", "KS"]
    assert kept(keep_a_low_card(4, leading_only=True),
                PlayPosition.parse("AC 10D", "5H")) == ["AC", "10D"]
    assert kept(close_to_31(20), PlayPosition.parse("AC 3D 6S", "10H KS")) == ["6S"]
    assert kept(close_to_31(21), PlayPosition.parse("AC 3D 6S", "10H KS")) == \
        ["AC", "3D", "6S"]  # 20: not yet
    assert kept(LAY_HIGH, PlayPosition.parse("10C KD 2S")) == ["KD"]
    assert kept(LAY_LOW, PlayPosition.parse("10C KD 2S")) == ["2S"]


def test_card_terms_and_count_the_card_by_hand() -> None:
    p = PlayPosition.parse("5C 5D 3S")
    # a 5 lead: a 5 pairs it and four ten-card ranks make fifteen, 2 at most; the 3 is still
    # held; one of a pair; it leaves 5, from which a ten-card makes fifteen; no pair is left
    assert card_terms(p, Card.parse("5C")) == {
        "answers": 5, "worst": 2, "pips": 5, "low_kept": 1, "from_pair": 1, "danger": 1,
        "leaves_fifteen": 1, "pairs_lead": 0, "keeps_pair": 0, "past_fifteen": 0}
    three = card_terms(p, Card.parse("3S"))
    assert three["low_kept"] == 0 and three["keeps_pair"] == 1 and three["from_pair"] == 0
    on_a_lead = PlayPosition.parse("7C 7D 9S", "7H")  # pairing his 7 (a third 7 unseen)
    seven = card_terms(on_a_lead, Card.parse("7C"))
    assert seven["pairs_lead"] == 1 and seven["answers"] == 2  # the last 7, and an ace
    assert card_terms(on_a_lead, Card.parse("9S"))["past_fifteen"] == 1  # 16
    rule = count_the_card({"answers": -0.5})
    assert rule.value(p, Card.parse("5C")) == 0 - 2.5
    with pytest.raises(IllegalActionError, match="no such thing"):
        count_the_card({"luck": 1.0})


def advance_to(game: Game, phase: Phase) -> None:
    while game.phase is not phase:
        game.advance()


def test_a_position_from_a_view_is_the_players() -> None:
    game = Game(seed=3, first_dealer=0)
    advance_to(game, Phase.DISCARD)
    game.discard(0, game.hand(0)[:2])
    game.discard(1, game.hand(1)[:2])
    advance_to(game, Phase.PLAY)
    view = game.view(1)  # pone leads
    position = PlayPosition.from_view(view)
    assert position.hand == view.hand and position.leading and not position.dealer
    assert position.opponent_cards == 4 and position.thrown == view.discards
    assert PlayPosition.from_dict(position.to_dict()) == position


def test_follow_applies_the_rules_in_order() -> None:
    p = PlayPosition.parse("5C 5D 9S KH")
    assert str(follow(Procedure("a", (NEVER_LEAD_A_FIVE, LAY_HIGH)), p, p.choices)) == "KH"
    assert str(follow(Procedure("b", (LEAD_FROM_A_PAIR, LAY_HIGH)), p, p.choices)) == "5C"
    assert str(follow(Procedure("c", (LAY_LOW, LEAD_FROM_A_PAIR)), p, p.choices)) == "5C"
    assert str(follow(Procedure("none", ()), p, p.choices)) == "5C"  # the first left
    with pytest.raises(IllegalActionError, match="counts 35, past 31"):
        PlayPosition.parse("5C", "10H 10D KS 5S")
    with pytest.raises(IllegalHandError, match="two places at once: 9S"):
        PlayPosition.parse("5C 9S", "KH", starter="9S")
    with pytest.raises(IllegalHandError, match="at most 4 cards held"):
        PlayPosition.parse("5C 9S 2H 3H 4H")
    with pytest.raises(IllegalHandError, match="not the last of the cards laid"):
        PlayPosition.parse("5C", "KH", laid="KH QD")


def test_heat_keeps_its_name_and_margin() -> None:
    from cribbage_edu.strategy.rulebook import HEAT_MARGIN as again
    assert again == HEAT_MARGIN == 0.75
    assert heat("5H 5C") == 3


# --- every rule, every procedure: a legal choice -------------------------------------


decks = st.permutations(list(FULL_DECK))


@settings(max_examples=60, deadline=None)
@given(deck=decks, dealer=st.booleans())
def test_every_throw_rule_keeps_legal_throws(deck: list[Card], dealer: bool) -> None:
    six = ThrowPosition(Hand(deck[:6]), dealer)
    legal = {frozenset(t) for t in combinations(deck[:6], 2)}
    for rule in throw_rules().values():
        left = rule.keep(six, six.choices)
        assert left and all(frozenset(t) in legal for t in left), rule.name
    procedure: Procedure[ThrowPosition, Hand] = Procedure("all", tuple(throw_rules().values()))
    chosen: Hand = follow(procedure, six, six.choices)
    assert frozenset(chosen) in legal


@st.composite
def play_positions(draw: st.DrawFn) -> PlayPosition:
    deck = draw(decks)
    held = draw(st.integers(1, 4))
    hand, rest = deck[:held], deck[held:]
    pile: list[Card] = []
    for card in rest[:draw(st.integers(0, 6))]:
        if sum(c.value for c in pile) + card.value > THIRTY_ONE:
            break
        pile.append(card)
    starter = rest[10]
    position = PlayPosition(Hand(hand), Hand(pile), Hand(pile), starter, Hand(rest[11:13]),
                            draw(st.booleans()), draw(st.booleans()))
    return position


@settings(max_examples=150, deadline=None)
@given(position=play_positions())
def test_every_play_rule_keeps_cards_that_fit(position: PlayPosition) -> None:
    fits = [c for c in position.hand if position.count + c.value <= THIRTY_ONE]
    if not fits:
        assert position.choices == ()
        return
    assert {c.rank for c in position.choices} == {c.rank for c in fits}
    for rule in play_rules().values():
        left = rule.keep(position, position.choices)
        assert left and set(left) <= set(fits), rule.name
    for procedure in (Procedure("all", tuple(play_rules().values())), stored_procedures()[1]):
        assert follow(procedure, position, position.choices) in fits


def test_the_rulebook_player_plays_whole_games_legally() -> None:
    player = make_player("rulebook")
    assert isinstance(player, RulebookPlayer)
    game = play_game([player, make_player("expert")], seed=11)
    assert game.is_over


# --- the stored search --------------------------------------------------------------


@cache
def stored() -> dict[str, Any]:
    return dict(json.loads(RULEBOOK.read_text("utf-8")))


def judged(kind: str) -> list[dict[str, Any]]:
    path = ROOT / stored()[kind]["sample"]["file"]
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_the_stored_search_is_whole_and_small_enough_to_carry() -> None:
    data = stored()
    for kind, most in (("throw", 5), ("play", 8)):
        part = data[kind]
        procedure = part["procedure"]
        assert 1 <= len(procedure["rules"]) <= most
        # the shortest within a thousandth of a point of the best a learner may carry
        best = min(p["train_loss"] for p in part["by_length"][:most])
        shortest = next(p for p in part["by_length"] if p["train_loss"] <= best + 0.001)
        assert procedure["rules"] == shortest["rules"]
        rebuilt = [rule_of(kind, spec) for spec in procedure["specs"]]
        assert [r.name for r in rebuilt] == procedure["rules"]
        for figure in ("loss", "agree", "within_margin"):
            mean, low, high = procedure["all"][figure]
            assert low <= mean <= high
        assert len(procedure["each_rule"]) == len(procedure["rules"])
        sample = part["sample"]
        assert sample["positions"] >= 10_000
        lengths = [len(p["rules"]) for p in part["by_length"]]
        assert lengths == list(range(1, len(lengths) + 1)) and most <= len(lengths) <= most + 1
        # a learner carries one way to price the crib and at most one table of weights
        carried = [t for r in rebuilt for t in r.carries]
        assert len({t for t in carried if t in CRIB_TABLES}) <= 1
        assert len([t for t in carried if t in (KEEP_TABLE, CARD_TABLE)]) <= 1
    assert data["throw"]["sample"]["deals"] >= 10_000
    by_heat = data["throw"]["alternatives"]["crib by heat"]
    assert not any(COUNT_TABLE in rule_of("throw", s).carries for s in by_heat["specs"])


def test_the_stored_keep_table_is_the_fewest_figures_within_the_slack() -> None:
    """The throw's procedure carries the keep table of fewest figures whose procedure costs
    at most the slack more than the one by role: the figures counted again from the stored
    tables, and the paired difference worked out again by :func:`follow` position by
    position."""
    throw = stored()["throw"]
    kept = throw["keep_table"]
    shapes = kept["shapes"]
    procedures = {shape: throw["procedure"] if shape == kept["carried"]
                  else throw["alternatives"][f"the keep table {shape}"] for shape in shapes}
    for shape, procedure in procedures.items():
        tables = [s["table"] for s in procedure["specs"] if "table" in s]
        assert shapes[shape]["figures"] == sum(keep_figures(t["dealer"], t["pone"])
                                               for t in tables)
        assert shapes[shape]["loss"] == procedure["all"]["loss"]
        assert all(s["name"] in shapes[shape]["count_rules"] for s in procedure["specs"]
                   if "table" in s)
    assert shapes["by role"]["figures"] == 15
    table = throw["procedure"]["specs"][0]["table"]
    assert pone_besides(table["dealer"], table["pone"]) is not None  # one column carried
    rebuilt = {shape: Procedure(shape, tuple(rule_of("throw", s) for s in p["specs"]))
               for shape, p in procedures.items()}
    paired = []
    for row in judged("throw"):
        position = ThrowPosition.parse(row["six"], dealer=row["dealer"])
        worth = {shape: row["net"][position.choices.index(follow(p, position,
                                                                  position.choices))]
                 for shape, p in rebuilt.items()}
        paired.append((worth["by role"] - worth[kept["carried"]]) / 100)
    for shape in shapes:
        assert shapes[shape]["against_by_role"][0] <= kept["slack"] or (
            shapes[shape]["figures"] >= shapes[kept["carried"]]["figures"])
    assert shapes[kept["carried"]]["against_by_role"] == pytest.approx(
        list(mean_interval(paired)), abs=6e-5)
    assert mean_interval(paired)[0] <= kept["slack"]
    assert shapes[kept["carried"]]["figures"] == min(
        s["figures"] for s in shapes.values() if s["against_by_role"][0] <= kept["slack"])


@pytest.mark.parametrize("kind", ["throw", "play"])
def test_the_stored_figures_are_what_the_judged_positions_give(kind: str) -> None:
    """The procedure's cost, agreement and share within the margin, worked out again by
    :func:`follow` position by position from the judged file."""
    part = stored()[kind]["procedure"]
    procedure = Procedure("stored", tuple(rule_of(kind, s) for s in part["specs"]))
    losses, agree, within = [], 0, 0
    position: Any
    for row in judged(kind):
        if kind == "throw":
            position = ThrowPosition.parse(row["six"], dealer=row["dealer"])
            worth = [n / 100 for n in row["net"]]
            i = position.choices.index(follow(procedure, position, position.choices))
            top = max(range(len(worth)), key=worth.__getitem__)
            margin = (row["err"][i] ** 2 + row["err"][top] ** 2) ** 0.5 / 100
            within += worth[top] - worth[i] <= margin + 1e-9
        else:
            position = PlayPosition.from_dict(row)
            worth = [points for points, _, _ in row["cards"]]
            i = position.choices.index(follow(procedure, position, position.choices))
            within += worth[i] + row["cards"][i][1] >= max(worth) - 1e-9
        losses.append(max(worth) - worth[i])
        agree += losses[-1] <= 1e-9
    mean, low, high = mean_interval(losses)
    assert part["all"]["loss"] == pytest.approx([mean, low, high], abs=6e-5)
    assert part["all"]["agree"][0] == pytest.approx(agree / len(losses), abs=6e-5)
    assert part["all"]["agree"][1:] == pytest.approx(list(wilson_interval(agree, len(losses))),
                                                     abs=6e-5)
    assert part["all"]["within_margin"][0] == pytest.approx(within / len(losses), abs=6e-5)


def test_the_stored_player_follows_the_stored_procedures() -> None:
    throw, play = stored_procedures()
    assert [r.name for r in throw.rules] == stored()["throw"]["procedure"]["rules"]
    assert [r.name for r in play.rules] == stored()["play"]["procedure"]["rules"]


def test_a_small_measurement_and_search_run_again() -> None:
    """One game measured as the script measures (its throws judged against the judge's
    own verdict), then the search over its positions, in a second or two."""
    from cribbage_edu.strategy.coach.throw import judge_throw

    measure, search = script("measure_rulebook"), script("search_rulebook")
    seed, throws, plays = measure.measure_game(0)
    assert seed == 0 and len(throws) == 2 * len({t["deal"] for t in throws})
    throws += measure.measure_game(1)[1]  # an odd game too: the search's check holds it
    for row in throws[:4]:
        position = ThrowPosition.parse(row["six"], dealer=row["dealer"])
        best = position.choices[max(range(15), key=row["net"].__getitem__)]
        verdict = judge_throw(position.six, best, dealer=position.dealer)
        assert verdict.loss == 0.0
        worst = position.choices[min(range(15), key=row["net"].__getitem__)]
        loss = (max(row["net"]) - min(row["net"])) / 100
        assert judge_throw(position.six, worst, dealer=position.dealer).loss == \
            pytest.approx(loss, abs=0.011)
    for row in plays:
        assert len(row["cards"]) == len(PlayPosition.from_dict(row).choices) > 1
    logged: list[str] = []
    rules = {r.name: r for r in (POINTS_NOW, COLD, KEEP_YOUR_FIVES)}
    result = search.measure("throw", throws, ROOT / "x", 2, rules, (), logged.append)
    assert [len(p["rules"]) for p in result["by_length"]] == [1, 2, 3]
    # the best single rule is the one that loses least on the even games, worked out
    # here by follow, rule by rule
    carried = result["keep_table"]["carried"]  # the tables of the shape the search kept
    candidates = {**rules, **{name: rule_of("throw", {"name": name, "table": table})
                              for name, table in search.TABLES.items()
                              if name in result["keep_table"]["shapes"][carried]["count_rules"]}}

    def even_loss(rule: Rule[Any, Any]) -> float:
        lost: list[float] = []
        for row in throws:
            if row["game"] % 2 == 0:
                position = ThrowPosition.parse(row["six"], dealer=row["dealer"])
                i = position.choices.index(follow(Procedure("one", (rule,)), position,
                                                  position.choices))
                lost.append(max(row["net"]) - row["net"][i])
        return sum(lost) / len(lost)
    least = min(even_loss(r) for r in candidates.values())
    assert even_loss(candidates[result["by_length"][0]["rules"][0]]) == pytest.approx(least)
    losses = [p["all"]["loss"][0] for p in result["by_length"]]
    assert all(loss >= 0 for loss in losses)
    assert result["sample"]["positions"] == len(throws)
    shapes = result["keep_table"]["shapes"]
    assert carried == min((s for s in shapes if shapes[s]["against_by_role"][0] <= 0.005),
                          key=lambda s: shapes[s]["figures"])
    assert {r["rule"] for r in result["each_rule_alone"]} <= set(rules) | {
        n for p in result["by_length"] for n in p["rules"]} | set(search.TABLES)


def test_a_position_by_its_cards_alone_reads_the_throw_and_the_cards_laid() -> None:
    """The coach's judge holds a position by the cards seen, unordered: the first two
    seen are read as the player's throw, the rest as cards laid before the pile (worked
    by hand: a hand of 5-9, the king on the pile, 2-3 thrown and a 7 laid earlier)."""
    position = PlayPosition.from_seen(Hand("5C 9S"), Hand("KH"), Hand("2D 3D 7D"),
                                      Card.parse("2H"), True, False, (90, 100))
    assert position.thrown == Hand("2D 3D")
    assert position.laid == Hand("7D KH")
    assert position.count == 10 and position.scores == (90, 100) and position.dealer
    # more seen than a deal holds is no position: nine cards before the pile
    with pytest.raises(IllegalHandError, match="at most 8 cards laid"):
        PlayPosition.from_seen(Hand("5C"), Hand("KH"), Hand("2D 3D 4D 6D 7D 8D 9D TD JD QD"),
                               Card.parse("2H"), False, False, None)
