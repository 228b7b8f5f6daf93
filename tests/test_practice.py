"""Practice from your own mistakes (cribbage_edu.study.practice, ``cribbage-edu practice``):
the positions of the learner's mistakes come back exactly (the same cards, the same board,
a card from the same point of the same deal), each answer is the coach's verdict, a right
answer moves the position later and a wrong one brings it back soon on FSRS's published
steps, the schedule lives in the record, fresh positions of the same kind fill a session
and are the same for every learner, and bad input changes nothing."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.cli import main
from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.events import ActionKind, Phase
from cribbage_edu.rules.game import Game
from cribbage_edu.rules.scoring import score_hand
from cribbage_edu.strategy.coach import (
    CardVerdict,
    DecisionKind,
    Grade,
    ThrowVerdict,
    judge_count,
    judge_view,
)
from cribbage_edu.strategy.coach.position import view_position
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.study.practice import RATINGS, Practice, is_mistake
from cribbage_edu.study.record import (
    RECORD_NAME,
    Entry,
    Record,
    Recorder,
    count_position,
    position_text,
)

WHEN = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
LATER = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
"""A day after the learner's game is recorded (the recorder writes the time of the day)."""


class Clock:
    """A clock the test moves on."""

    def __init__(self, now: datetime = WHEN) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def worst(verdicts: list[ThrowVerdict | CardVerdict]) -> ThrowVerdict | CardVerdict:
    return max(verdicts, key=lambda v: v.loss)


def learner_game(path: Path, seed: int = 17) -> tuple[Game, list[Entry]]:
    """A seeded game of one deal where seat 0 (the learner, recorded as the terminal game
    records) throws the worst throw, lays the worst card at each choice, and counts the
    hand one over; the expert plays seat 1."""
    recorder = Recorder(path, origin="terminal")
    game = Game(seed=seed, first_dealer=1)
    recorder.playing(game)
    expert = ExpertPlayer()
    written = []
    drive(game, [None, expert])
    view = game.view(0)
    six = list(view.hand)
    throws = [judge_view(view, [a, b]) for i, a in enumerate(six) for b in six[i + 1:]]
    bad = worst(throws)
    assert isinstance(bad, ThrowVerdict)
    game.discard(0, bad.chosen)
    entry = recorder.judged(bad, deal=1, action=len(game.actions) - 1)
    assert entry is not None
    written.append(entry)
    while True:
        drive(game, [None, expert], stop=lambda g: g.phase is Phase.COUNT)
        if game.phase is not Phase.PLAY or 0 not in game.to_act:
            break
        view = game.view(0)
        fits = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if not fits:
            game.go(0)
            continue
        if len({c.rank for c in fits}) < 2:
            game.play(0, fits[0])
            continue
        card = worst([judge_view(view, [c]) for c in fits])
        assert isinstance(card, CardVerdict)
        game.play(0, card.chosen)
        entry = recorder.judged(card, deal=1, action=len(game.actions) - 1)
        assert entry is not None
        written.append(entry)
    kept = game.kept(0)
    assert kept is not None and game.starter is not None
    score = score_hand(kept, game.starter)
    judged = judge_count(score.total + 1, score)
    count = Entry(DecisionKind.COUNT, count_position(score), str(judged.claimed),
                  str(score.total), 0.0, None, Grade.GOOD, "over", None, recorder.game,
                  seed, 1, len(game.actions), "terminal", WHEN)
    assert recorder.record is not None
    recorder.record.write(count)
    written.append(count)
    recorder.close()
    return game, written


@pytest.fixture(scope="module")
def learner(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Game, list[Entry]]:
    path = tmp_path_factory.mktemp("learner") / RECORD_NAME
    game, written = learner_game(path)
    return path, game, written


def copy_of(learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> Path:
    path = tmp_path / RECORD_NAME
    with Record.open(learner[0]) as record:
        record.copy_to(path)
    return path


# --- what comes back -------------------------------------------------------------------------

def test_a_mistake_is_a_serious_throw_or_card_or_a_wrong_count() -> None:
    def entry(kind: DecisionKind, grade: Grade, verdict: str | None = None) -> Entry:
        return Entry(kind, {}, "x", "y", 0.0, None, grade, verdict, time=WHEN)

    assert [is_mistake(entry(DecisionKind.THROW, g)) for g in Grade] == [
        False, False, True, True]
    assert [is_mistake(entry(DecisionKind.CARD, g)) for g in Grade] == [
        False, False, True, True]
    assert [is_mistake(entry(DecisionKind.COUNT, Grade.GOOD, v))
            for v in ("right", "over", "under")] == [False, True, True]


def test_the_mistakes_come_back_as_they_were_made(learner: tuple[Path, Game, list[Entry]],
                                                 tmp_path: Path) -> None:
    _, game, written = learner
    with Record.open(copy_of(learner, tmp_path)) as record:
        practice = Practice(record, clock=Clock(LATER))
        items = practice.items()
        assert practice.skipped == []
    mistakes = [e for e in written if is_mistake(e)]
    assert {e.kind for e in mistakes} == set(DecisionKind)  # the fixture made all three
    assert sorted(i.key for i in items) == sorted(
        f"{e.kind.value} {e.position_text}" for e in mistakes)
    throw = next(i for i in items if i.kind is DecisionKind.THROW)
    assert throw.action is not None
    assert throw.position["six"] == [str(c) for c in game.replay(upto=throw.action).hand(0)]
    assert throw.role == "pone" and throw.scores == (0, 0)  # seat 1 dealt first
    for item in (i for i in items if i.kind is DecisionKind.CARD):
        # the same point of the same deal: the game replayed to the very action
        assert item.action is not None and item.view is not None
        before = game.replay(upto=item.action).view(0)
        assert item.view.hand == before.hand and item.view.pile == before.pile
        assert item.view.starter == before.starter and item.view.events == before.events
        assert position_text(view_position(item.view).to_dict()) == position_text(
            item.position)
    count = next(i for i in items if i.kind is DecisionKind.COUNT)
    assert count.score is not None and count.score.hand == game.kept(0)
    assert count.score.starter == game.starter and count.role == "hand"


def test_each_answer_is_the_coachs_verdict_and_is_recorded_with_the_schedule(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    clock = Clock(LATER)
    with Record.open(copy_of(learner, tmp_path)) as record:
        practice = Practice(record, clock=clock)
        before = len(record)
        card = next(i for i in practice.due() if i.kind is DecisionKind.CARD)
        assert card.view is not None and card.decision is not None
        best = record.entry(card.decision).best
        answer = practice.answer(card, best)
        expected = judge_view(card.view, best)
        assert isinstance(answer.verdict, CardVerdict)
        assert (answer.verdict.chosen, answer.verdict.loss, answer.verdict.grade) == (
            expected.chosen, expected.loss, expected.grade)
        assert answer.right is (expected.grade is Grade.GOOD)
        assert len(record) == before + 1
        entry = record.entries()[-1]
        assert (entry.origin, entry.kind, entry.chosen, entry.game) == (
            "practice", DecisionKind.CARD, best, None)
        (row,) = [s for s in record.schedule() if s.item == card.key]
        assert row.decision == card.decision and row.due == answer.due
        count = next(i for i in practice.due() if i.kind is DecisionKind.COUNT)
        assert count.score is not None
        wrong = practice.answer(count, count.score.total + 2)
        assert (wrong.right, wrong.rating, wrong.line[:7]) == (False, RATINGS[False], "Over by")


def test_right_moves_a_position_later_and_wrong_brings_it_back_soon(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    """FSRS's published steps: a first Again is due in 1 minute, a first Good in 10
    (the second learning step), a second Good graduates it to a day or more."""
    clock = Clock(LATER)
    with Record.open(copy_of(learner, tmp_path)) as record:
        practice = Practice(record, clock=clock)
        count = next(i for i in practice.due() if i.kind is DecisionKind.COUNT)
        assert count.score is not None
        wrong = practice.answer(count, count.score.total + 1)
        assert wrong.rating.name == "Again" and wrong.due - clock.now == timedelta(minutes=1)
        assert count.key not in [i.key for i in practice.due()]  # not due until then
        clock.now += timedelta(minutes=1)
        again = next(i for i in practice.due() if i.key == count.key)
        right = practice.answer(again, again.score.total if again.score else 0)
        assert right.rating.name == "Good" and right.due - clock.now == timedelta(minutes=10)
        clock.now += timedelta(minutes=10)
        again = next(i for i in practice.due() if i.key == count.key)
        later = practice.answer(again, again.score.total if again.score else 0)
        assert later.due - clock.now >= timedelta(days=1)
        assert practice.next_due() == min(s.due for s in record.schedule()
                                          if s.due > clock.now)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=6))
def test_after_the_same_answers_right_is_never_sooner_than_wrong(answers: list[bool]) -> None:
    """From any history of answers, the next right answer brings the position back no
    sooner than a wrong one would (the schedule is the record's, read back each time)."""
    import tempfile

    folder = Path(tempfile.mkdtemp())
    dues = {}
    for last in (True, False):
        clock = Clock()
        with Record.open(folder / f"{last}.sqlite") as record:
            practice = Practice(record, clock=clock)
            item = practice.fresh(1)[0]
            for right in [*answers, last]:
                item = next((i for i in practice.items() if i.key == item.key), item)
                answer = practice.answer(item, _answer_for(item, right))
                assert answer.right is right
                clock.now = answer.due
            dues[last] = answer.due - answer.at
    assert dues[True] >= dues[False]


def _answer_for(item: object, right: bool) -> object:
    from cribbage_edu.study.practice import Item

    assert isinstance(item, Item)
    if item.kind is DecisionKind.COUNT:
        assert item.score is not None
        return item.score.total if right else item.score.total + 1
    if item.kind is DecisionKind.THROW:
        six = item.position["six"]
        throws = [judge_view_throw(item, [a, b]) for i, a in enumerate(six) for b in six[i + 1:]]
        pick = [v for v in throws if (v.grade is Grade.GOOD) is right]
        return pick[0].chosen
    assert item.view is not None
    verdicts = [judge_view(item.view, [a.cards[0]]) for a in item.view.legal
                if a.kind is ActionKind.PLAY]
    pick = [v for v in verdicts if (v.grade is Grade.GOOD) is right]
    return [pick[0].chosen] if pick else [verdicts[0].chosen]


def judge_view_throw(item: object, cards: list[str]) -> ThrowVerdict:
    from cribbage_edu.strategy.coach import judge_throw
    from cribbage_edu.study.practice import Item

    assert isinstance(item, Item)
    return judge_throw(item.six, cards, dealer=item.position["dealer"], scores=item.scores,
                       target=item.position["target"])


def test_bad_answers_are_refused_naming_them_and_change_nothing(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    with Record.open(copy_of(learner, tmp_path)) as record:
        practice = Practice(record, clock=Clock(LATER))
        items = {i.kind: i for i in practice.due()}
        before = (len(record), record.schedule())
        throw, card, count = (items[k] for k in DecisionKind)
        assert card.view is not None
        bad = [(throw, "5C", "two cards"), (throw, "ZZ 5C", "'ZZ'"),
               (card, "5C 6D", "one card"), (count, "eight", "'eight'"), (count, -1, "-1"),
               (throw, 12, "12")]
        missing = next(str(c) for c in card.view.unseen)
        bad.append((card, missing, missing))
        for item, choice, named in bad:
            with pytest.raises(CribbageError, match=named):
                practice.answer(item, choice)
        assert (len(record), record.schedule()) == before


# --- fresh positions -------------------------------------------------------------------------

def test_fresh_positions_fill_a_session_of_the_mistakes_kinds(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    with Record.open(copy_of(learner, tmp_path)) as record:
        practice = Practice(record, clock=Clock(LATER))
        due = practice.due()
        session = practice.session(len(due) + 4)
        assert [i.key for i in session[:len(due)]] == [i.key for i in due]
        fresh = session[len(due):]
        assert len(fresh) == 4 and all(i.fresh for i in fresh)
        themes = {(k, r) for k, r, _ in practice.themes()}
        assert {(i.kind, i.role) for i in fresh} <= themes
        assert len({i.key for i in session}) == len(session)


def test_fresh_positions_are_the_same_for_every_learner(tmp_path: Path) -> None:
    keys = []
    for name in ("ann", "bob"):
        with Record.open(tmp_path / f"{name}.sqlite") as record:
            keys.append([i.key for i in Practice(record, clock=Clock()).session(6)])
    assert keys[0] == keys[1] and len(set(keys[0])) == 6
    with Record.open(tmp_path / "cid.sqlite") as record:
        other = [i.key for i in Practice(record, clock=Clock(), seed=99).session(6)]
    assert other != keys[0]


def test_a_fresh_card_answered_is_scheduled_and_rebuilt_from_its_saved_game(
        tmp_path: Path) -> None:
    clock = Clock()
    with Record.open(tmp_path / RECORD_NAME) as record:
        practice = Practice(record, clock=clock)
        card = next(i for i in practice.fresh(30) if i.kind is DecisionKind.CARD
                    and i.view is not None and any(
                        judge_view(i.view, [a.cards[0]]).grade is not Grade.GOOD
                        for a in i.view.legal if a.kind is ActionKind.PLAY))
        assert card.view is not None
        answer = practice.answer(card, _answer_for(card, right=False))
        assert not answer.right
        clock.now = answer.due
    with Record.open(tmp_path / RECORD_NAME) as record:
        (back,) = [i for i in Practice(record, clock=clock).due() if i.key == card.key]
        assert back.view is not None and back.view.hand == card.view.hand
        assert back.view.events == card.view.events and not back.fresh


def test_a_card_of_a_version_1_record_is_left_out_and_said(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    path.write_bytes((Path(__file__).parent / "data" / "v1_record.sqlite").read_bytes())
    with Record.open(path) as record:
        practice = Practice(record, clock=Clock(LATER))
        kinds = sorted(i.kind.value for i in practice.items())
        assert kinds == ["count", "throw"]
        (said,) = practice.skipped
        assert said.startswith("the card KS of decision 2: its game was not kept")


# --- the terminal ----------------------------------------------------------------------------

def run(*argv: str, typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["practice", *argv], stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_terminal_practice_takes_typed_answers(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    path = copy_of(learner, tmp_path)
    with Record.open(path) as record:
        due = Practice(record).due()
        before = len(record)
    first = due[0]
    right = (first.score.total if first.score is not None else
             Record.open(path).entry(first.decision or 0).best)
    code, out, err = run("--record", str(path), "--count", "1",
                         typed=f"nonsense words\n\n{right}\n")
    assert (code, err) == (0, "")
    assert out.count("; try again") == 1 and "type your answer, or 'quit'" in out
    assert "Coach: " in out and "It comes back in " in out
    assert out.rstrip().splitlines()[-1].startswith(("1 of 1 right", "0 of 1 right"))
    with Record.open(path) as record:
        assert len(record) == before + 1 and len(record.schedule()) == 1



def test_why_in_the_terminal_practice_shows_the_coachs_numbers(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    """``why`` at the prompt after an answer shows the numbers behind the coach's word
    (the widget's Why?): the same lines the coach gives for that answer to that position
    (judged here on a copy of the record), each once; before any answer it says there is
    none yet; it writes nothing."""
    path = copy_of(learner, tmp_path)
    (tmp_path / "twin").mkdir()
    twin = copy_of(learner, tmp_path / "twin")
    with Record.open(path) as record:
        first = Practice(record).due()[0]
        before = len(record)
        answer = (str(first.score.total) if first.score is not None
                  else record.entry(first.decision or 0).best)
    with Record.open(twin) as record:
        expected = [line for line in Practice(record).answer(first, answer).why.splitlines()
                    if line.strip()]
    assert expected
    code, out, err = run("--record", str(path), "--count", "1",
                         typed=f"why\n{answer}\nwhy\n\n")
    assert (code, err) == (0, "")
    assert "nothing judged yet" in out and "'why' at the next prompt" in out
    shown = out.split("The numbers behind the coach's word (", 1)[1].splitlines()[1:]
    assert [line.strip() for line in shown[:len(expected)]] == [e.strip() for e in expected]
    assert out.count("The numbers behind the coach's word") == 1
    with Record.open(path) as record:
        assert len(record) == before + 1

def test_the_terminal_practice_stops_and_refuses_without_a_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / RECORD_NAME
    code, out, _ = run("--record", str(path), "--count", "2", typed="quit\n")
    assert code == 0 and "Nothing is due from your mistakes yet; 2 fresh positions" in out
    assert out.rstrip().endswith("0 of 0 right. Due today: 0 positions.")
    with Record.open(path) as record:
        assert len(record) == 0
    monkeypatch.setenv("CRIBBAGE_EDU_RECORD", "off")
    code, _, err = run()
    assert code == 2 and "no record here" in err
    code, _, err = run("--record", str(path), "--count", "0")
    assert code == 2 and "--count must be at least 1, not 0" in err


# --- the widget ------------------------------------------------------------------------------

def texts(widget: object) -> str:
    found = [str(getattr(widget, "value", ""))] if hasattr(widget, "value") and isinstance(
        widget.value, str) else []
    for child in getattr(widget, "children", ()):
        found.append(texts(child))
    return "".join(found)


def test_the_widget_brings_back_a_mistake_and_says_the_coachs_word(
        learner: tuple[Path, Game, list[Entry]], tmp_path: Path) -> None:
    import dataclasses

    from cribbage_edu.widgets import Practice as PracticeWidget

    path = copy_of(learner, tmp_path)
    clock = Clock(LATER)
    widget = PracticeWidget(path, seed=7, clock=clock)
    first = widget.value
    mistakes = sum(is_mistake(e) for e in learner[2])  # a throw, two cards, a count
    assert (first.kind, first.fresh, first.answered, first.due_today) == ("count", False,
                                                                         False, mistakes)
    assert "seed 7" in texts(widget) and f"{mistakes} positions due today" in first.message
    assert repr(widget) == "<Practice seed 7: a count (hand)>"
    with pytest.raises(AttributeError):
        widget.value = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.seed = 8  # type: ignore[misc]
    widget.count_box.value = "lots"
    widget.count_box.button.click()
    assert widget.value.message == "Type the points as a whole number, not 'lots'."
    with Record.open(path) as record:
        assert len(record.schedule()) == 0
    widget.count_box.submit("0")
    answered = widget.value
    assert answered.answered and answered.right is False
    assert "It comes back in 1 minute" in widget.coach.value
    assert widget.why.value == ""
    widget.why_button.click()
    assert "total " in widget.why.value and widget.why_button.description == "Hide why"
    widget.count_box.submit("3")  # a second answer to the same position is refused
    assert widget.value.message == "Answered: press Next for the next position."
    widget.next_button.click()
    assert widget.value.kind in ("throw", "card") and not widget.value.answered
    for _ in range(mistakes - 1):  # the throw and the cards of the learner's mistakes
        state = widget.value
        if state.kind == "throw":
            widget.picker.toggle(widget.picker.cards[0])
            widget.throw_button.click()
            assert widget.value.message == "Select two cards to throw, not 1."
            widget.picker.toggle(widget.picker.cards[1])
            widget.throw_button.click()
        else:
            fits = [c for c in widget.playable.cards if not widget.playable.button(c).disabled]
            widget.playable.button(fits[0]).click()
        assert widget.value.answered and widget.value.line
        widget.next_button.click()
    with Record.open(path) as record:
        assert len(record.schedule()) == mistakes
        assert [e.origin for e in record.entries()][-mistakes:] == ["practice"] * mistakes
    assert widget.value.fresh  # nothing more due now: a fresh position
    widget.close()


def test_the_widget_without_a_record_says_where_it_would_be(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cribbage_edu.widgets import Practice as PracticeWidget

    monkeypatch.setenv("CRIBBAGE_EDU_RECORD", "off")
    widget = PracticeWidget()
    assert widget.value.kind is None and widget.value.message.startswith("No record here")
    damaged = tmp_path / RECORD_NAME
    damaged.write_text("not a record")
    widget = PracticeWidget(damaged)
    assert "is not a SQLite database" in widget.value.message
    assert damaged.read_text() == "not a record"


def test_fresh_cards_where_the_mistakes_principle_decides_come_first() -> None:
    """A principle the coach names (read from its sentence, not from the practice): the
    fresh card positions said to be decided by it are, judged again here, and they come
    before the others."""
    from itertools import islice

    from cribbage_edu.study.practice import FRESH_LOOKS, fresh_positions, principle_of

    low = "keep a low card for the end of a series, where it wins the go"
    items = list(islice(fresh_positions(DecisionKind.CARD, "pone", low), FRESH_LOOKS + 2))
    decided = [i for i in items if i.principle == low]
    assert decided and all(i.role == "pone" for i in items)
    assert items[:len(decided)] == decided  # those first
    for item in decided:
        assert item.view is not None
        said = {principle_of(v) for v in (judge_view(item.view, [a.cards[0]])
                                          for a in item.view.legal if a.kind is ActionKind.PLAY)
                if isinstance(v, CardVerdict)}
        assert low in said
    plain = [i.key for i in islice(fresh_positions(DecisionKind.CARD, "pone"), 3)]
    assert len(set(plain)) == 3 and plain != [i.key for i in items[:3]]


def test_a_card_recorded_at_the_widget_table_is_practised_from_its_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage_edu.study.record import ENVIRONMENT
    from cribbage_edu.widgets import GameTable
    from tests.tables import click_a_deal

    path = tmp_path / RECORD_NAME
    monkeypatch.setenv(ENVIRONMENT, str(path))
    table = GameTable(seed=7, coach="every")
    click_a_deal(table, last=True)
    table.coach.recorder.close()
    with Record.open(path) as record:
        cards = [e for e in record.entries() if e.kind is DecisionKind.CARD]
        assert cards
        practice = Practice(record)
        rebuilt = []
        for entry in cards:  # every card: brought back as it was (not only the mistakes)
            assert entry.action is not None and entry.game is not None
            save = record.game(entry.game)
            assert save is not None
            view = Game.from_json(save).replay(upto=entry.action).view(0)
            assert position_text(view_position(view).to_dict()) == entry.position_text
            rebuilt.append(entry)
        items = practice.items()
        assert practice.skipped == []
        assert sorted(i.key for i in items if i.kind is DecisionKind.CARD) == sorted(
            f"card {e.position_text}" for e in cards if is_mistake(e))
    assert len(rebuilt) == len(cards)


def test_the_widget_says_a_version_1_card_cannot_be_set_up_again(tmp_path: Path) -> None:
    from cribbage_edu.widgets import Practice as PracticeWidget

    path = tmp_path / RECORD_NAME
    path.write_bytes((Path(__file__).parent / "data" / "v1_record.sqlite").read_bytes())
    widget = PracticeWidget(path, clock=Clock(LATER))
    assert widget.value.due_today == 2  # the throw and the count
    assert widget.value.message.endswith("1 card of your mistakes cannot be set up again "
                                         "(recorded before the record kept its games).")
    widget.close()


def test_fresh_positions_where_the_same_rule_decides(tmp_path: Path) -> None:
    """A throw the coach says "count the keep" decides (2-3 thrown as pone from
    2-3-5-9-10-K, see ``tests/test_rule_naming.py``): the practice's theme is that rule,
    and the fresh throws it brings first are ones where, judged again here, the coach names
    that rule for a serious throw; answered, the rule is the decision's in the record."""
    from itertools import islice

    from cribbage_edu.strategy.coach import judge_throw
    from cribbage_edu.study.practice import FRESH_LOOKS, fresh_positions
    from cribbage_edu.study.record import entry_of

    mistake = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    assert mistake.rule == "count the keep"
    with Record.open(tmp_path / RECORD_NAME) as record:
        record.write(entry_of(mistake, time=WHEN))
        practice = Practice(record, clock=Clock(WHEN))
        assert practice.themes() == [(DecisionKind.THROW, "pone", "count the keep")]
        fresh = practice.fresh(2)
        assert fresh and all(i.rule == "count the keep" and i.role == "pone" for i in fresh)
        for item in fresh:
            six = item.position["six"]
            named = {v.rule for v in (judge_throw(six, [a, b], dealer=False,
                                                  scores=item.scores)
                                      for n, a in enumerate(six) for b in six[n + 1:])
                     if v.grade.is_serious}
            assert "count the keep" in named
        worst = max((judge_throw(fresh[0].position["six"], [a, b], dealer=False,
                                 scores=fresh[0].scores)
                     for n, a in enumerate(fresh[0].position["six"])
                     for b in fresh[0].position["six"][n + 1:]), key=lambda v: v.loss)
        answer = practice.answer(fresh[0], worst.chosen)
        assert answer.entry.rule == "count the keep" and answer.entry.origin == "practice"
    cards = list(islice(fresh_positions(DecisionKind.CARD, "dealer", rule="count the card"),
                        FRESH_LOOKS + 2))
    decided = [i for i in cards if i.rule == "count the card"]
    assert decided and cards[:len(decided)] == decided
    for item in decided[:2]:
        assert item.view is not None
        said = {v.rule for v in (judge_view(item.view, [a.cards[0]])
                                 for a in item.view.legal if a.kind is ActionKind.PLAY)
                if v.grade.is_serious}
        assert "count the card" in said
