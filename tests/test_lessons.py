"""The lessons: stored executed, numbered, listed, in teaching order, and every exercise
checked both ways.

Strict nbval (``pytest --nbval lessons/``) compares each cell's fresh output with the
stored one, but a cell with no stored execution count is run and *not* compared, so a
notebook saved without outputs would pass while checking nothing. The first tests guard
against that, and against the other ways a stored notebook can make nbval meaningless or
flaky. They only read JSON: fast, no kernel.

Then the course's order: every lesson lists the words it introduces and the words it
relies on; a word relied on must have been introduced in an earlier lesson, and a course
word used in a lesson's prose must be one of the two.

Last, every exercise of every lesson is answered in a real kernel, once right and twice
wrong, with answers worked out by hand from the rules (``/work/shared/RULES.md``), never
taken from the engine: the right answer must be accepted, the wrong one explained and
given a second try, then answered with the worked solution.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
LESSON_NAME = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
EXTRA_NOTEBOOKS = ("play.ipynb",)  # the Voila page: not a numbered lesson, still checked
APPENDICES = ("15_how_the_rules_are_measured.ipynb",)  # numbered, read when wanted: no
# exercises, no timing of its own, not in lesson 00's map; every notebook check still applies
ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}|object at 0x")
HELPERS = sorted(p.stem for p in LESSONS.glob("*.py"))


def notebook_paths() -> list[Path]:
    return sorted(p for p in LESSONS.glob("*.ipynb"))


def lesson_paths() -> list[Path]:
    return [p for p in notebook_paths()
            if LESSON_NAME.match(p.name) and p.name not in APPENDICES]


def number(path: Path) -> str:
    return path.name[:2]


def read(path: Path) -> nbformat.NotebookNode:
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return nb


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def markdown(nb: nbformat.NotebookNode) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def output_texts(cell: nbformat.NotebookNode) -> list[str]:
    texts: list[str] = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            texts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            for key in ("text/plain", "text/html", "text/markdown"):
                value = out.data.get(key)
                if value:
                    texts.append(value if isinstance(value, str) else "".join(value))
    return texts


# --- the stored notebooks ---------------------------------------------------------------

def test_the_lessons_are_numbered_from_00_without_gaps() -> None:
    numbers = [int(number(p)) for p in lesson_paths()]
    assert numbers == list(range(len(numbers))), [p.name for p in lesson_paths()]
    assert len(numbers) >= 12


def test_every_notebook_is_a_numbered_lesson_or_a_known_page() -> None:
    strays = [p.name for p in notebook_paths()
              if not LESSON_NAME.match(p.name) and p.name not in EXTRA_NOTEBOOKS]
    assert strays == []


def test_the_appendix_follows_the_lessons() -> None:
    """The appendix is numbered after the last lesson, so the course reads in order."""
    last = int(number(lesson_paths()[-1]))
    assert [int(name[:2]) for name in APPENDICES] == list(range(last + 1,
                                                                last + 1 + len(APPENDICES)))
    assert all((LESSONS / name).exists() for name in APPENDICES)


def test_every_notebook_is_listed_in_the_course_readme() -> None:
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in notebook_paths() if p.name not in readme]
    assert missing == []


def test_the_course_map_in_lesson_00_lists_every_lesson() -> None:
    text = "\n".join(markdown(read(LESSONS / "00_start_here.ipynb")))
    rows = set(re.findall(r"^\| (\d\d) \|", text, re.MULTILINE))
    assert rows >= {number(p) for p in lesson_paths()}


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_notebook_is_valid_and_uses_the_python3_kernel(path: Path) -> None:
    nb = read(path)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_every_code_cell_was_run_top_to_bottom_and_stored(path: Path) -> None:
    cells = code_cells(read(path))
    assert cells, f"{path.name} has no code"
    counts = [c.execution_count for c in cells]
    unrun = [i for i, n in enumerate(counts) if n is None]
    assert unrun == [], f"{path.name}: code cells {unrun} have no stored execution count"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name} was not run once top to bottom in a fresh kernel: {counts}")
    assert all(c.source.strip() for c in cells), f"{path.name} has an empty code cell"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_lesson_shows_its_results(path: Path) -> None:
    cells = code_cells(read(path))
    with_output = [c for c in cells if c.get("outputs")]
    assert len(with_output) >= len(cells) // 2, (
        f"{path.name}: only {len(with_output)} of {len(cells)} code cells show anything")


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_stored_outputs_hold_no_errors(path: Path) -> None:
    for i, cell in enumerate(code_cells(read(path))):
        if "raises-exception" in cell.metadata.get("tags", []):
            continue
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        assert errors == [], f"{path.name}, code cell {i}: {errors[0].get('ename')}"
        streams = [o.name for o in cell.get("outputs", []) if o.output_type == "stream"]
        assert "stderr" not in streams, f"{path.name}, code cell {i} wrote to stderr"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_stored_outputs_are_deterministic(path: Path) -> None:
    nb = read(path)
    for i, cell in enumerate(code_cells(nb)):
        assert "execution" not in cell.metadata, f"{path.name}: cell {i} stores timings"
        for text in output_texts(cell):
            assert not ADDRESS.search(text), f"{path.name}, code cell {i}: {text[:120]!r}"
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            assert "image/svg+xml" not in data, f"{path.name}, code cell {i}: SVG figure"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_lesson_follows_the_chapter_template(path: Path) -> None:
    text = "\n".join(markdown(read(path))).lower()
    for heading in ("what you will learn", "the words", "summary", "exercise"):
        assert heading in text, f"{path.name} has no '{heading}' section"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_lesson_has_a_widget_to_try(path: Path) -> None:
    nb = read(path)
    text = "\n".join(markdown(nb)).lower()
    assert "try it" in text, f"{path.name} has no 'Try it' section"
    widgets = [c for c in code_cells(nb) for o in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, f"{path.name} shows no widget"


def exercise_numbers(path: Path) -> list[int]:
    """The exercises a learner answers in this notebook: its ``answer_N = ...`` cells."""
    return [int(m.group(1)) for cell in code_cells(read(path))
            if (m := re.match(r"answer_(\d+) = ", cell.source))]


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_lesson_has_at_least_three_exercises_numbered_in_order(path: Path) -> None:
    numbers = exercise_numbers(path)
    assert len(numbers) >= 3, f"{path.name} has {len(numbers)} exercises"
    assert numbers == list(range(1, len(numbers) + 1)), f"{path.name}: {numbers}"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_exercise_cells_are_stored_with_the_placeholder(path: Path) -> None:
    """The learner meets each exercise blank: the stored answer is ``...`` and the stored
    output asks gently for an answer, never gives it away."""
    for cell in code_cells(read(path)):
        match = re.match(r"answer_(\d+) = (.*)\n", cell.source)
        if not match:
            continue
        n, placeholder = match.groups()
        assert placeholder == "...", f"{path.name}: answer_{n} is stored filled in"
        assert "".join(output_texts(cell)) == (
            f"Exercise {n}: write your answer in place of ... and run the cell again.\n")


# --- the order of the course: words introduced before they are relied on -------------

BOLD = re.compile(r"\*\*([^*]+)\*\*")
RELIED = re.compile(r"\*\*([^*]+)\*\* \((\d\d)\)")
# Course words that are also everyday words: a lesson may use them in prose before the
# lesson that defines them for cribbage (the scan below skips them).
EVERYDAY = {"deal", "game", "hand", "keep", "throw", "claim", "board", "value", "rank",
            "suit", "cut", "lead", "reset", "series", "log", "source", "hint", "model",
            "sample", "mean", "mode", "median", "distribution", "probability", "exercise",
            "widget", "seed", "go", "run", "pair", "lay on", "ev", "the show", "the play",
            "advisor", "simulation", "computer player", "last card", "answer", "cost", "net",
            "agreement", "whole play"}


def words_cell(path: Path) -> str:
    cells = [text for text in markdown(read(path)) if "## The words" in text]
    assert len(cells) == 1, f"{path.name}: one cell must hold '## The words'"
    return cells[0]


def introduced(path: Path) -> list[str]:
    """The words of the lesson's table of new words (first column, in bold)."""
    words: list[str] = []
    for line in words_cell(path).splitlines():
        if line.startswith("| **"):
            first = line.split("|")[1]
            words += [w.strip().lower() for w in BOLD.findall(first)]
    return words


def relied_on(path: Path) -> dict[str, str]:
    """The words the lesson lists as taught earlier, each with the lesson it names."""
    text = words_cell(path)
    start = text.find("Words from earlier lessons:")
    if start < 0:
        return {}
    paragraph = text[start:].split("\n\n")[0]
    return {word.strip().lower(): lesson for word, lesson in RELIED.findall(paragraph)}


def vocabulary() -> dict[str, str]:
    """Every word the course introduces, with the lesson that introduces it."""
    where: dict[str, str] = {}
    for path in lesson_paths():
        for word in introduced(path):
            where.setdefault(word, number(path))
    return where


def test_no_word_is_introduced_twice() -> None:
    seen: dict[str, str] = {}
    twice = []
    for path in lesson_paths():
        for word in introduced(path):
            if word in seen:
                twice.append(f"{word!r} in {seen[word]} and {number(path)}")
            seen[word] = number(path)
    assert twice == []


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_lesson_lists_its_new_words_and_the_words_it_relies_on(path: Path) -> None:
    assert introduced(path), f"{path.name} introduces no words"
    if number(path) != "00":
        assert relied_on(path), f"{path.name} lists no words from earlier lessons"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_word_relied_on_was_introduced_in_an_earlier_lesson(path: Path) -> None:
    where = vocabulary()
    problems = []
    for word, lesson in relied_on(path).items():
        if word not in where:
            problems.append(f"{word!r} is introduced by no lesson")
        elif where[word] >= number(path):
            problems.append(f"{word!r} is introduced in lesson {where[word]}, not earlier")
        elif where[word] != lesson:
            problems.append(f"{word!r} is said to come from {lesson}, but {where[word]} "
                            "introduces it")
    assert problems == [], f"{path.name}: " + "; ".join(problems)


LESSON_REFERENCE = re.compile(r"\blessons? ((?:\d\d(?:,? (?:and |to |or )?)?)+)")


def prose(path: Path) -> list[str]:
    """The lesson's markdown paragraphs a learner reads as teaching: not the words
    table, not the course map, not the line naming the next lesson, and not a paragraph
    that names a later lesson (a preview: "lesson 12 measures how much")."""
    here = int(number(path))
    paragraphs = []
    for text in markdown(read(path)):
        if "## The words" in text:
            continue
        for paragraph in re.split(r"\n\s*\n", text):
            if paragraph.startswith("| lesson") or paragraph.startswith("Next:"):
                continue
            named = [int(n) for m in LESSON_REFERENCE.finditer(paragraph)
                     for n in re.findall(r"\d\d", m.group(1))]
            if any(n > here for n in named):
                continue
            paragraphs.append(paragraph)
    return paragraphs


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_a_lesson_uses_no_course_word_before_it_is_taught(path: Path) -> None:
    """A course word met in a lesson's prose is new in that lesson or listed among the
    words it relies on (everyday words, and previews that name the later lesson, aside)."""
    where = vocabulary()
    allowed = set(introduced(path)) | set(relied_on(path))
    text = "\n".join(prose(path)).lower()
    early = sorted(word for word, lesson in where.items()
                   if lesson > number(path) and word not in EVERYDAY
                   and re.search(rf"(?<![\w-]){re.escape(word)}s?(?![\w-])", text))
    unlisted = sorted(word for word, lesson in where.items()
                      if lesson < number(path) and word not in EVERYDAY
                      and word not in allowed
                      and re.search(rf"(?<![\w-]){re.escape(word)}s?(?![\w-])", text))
    assert early == [], f"{path.name} uses words taught only later: {early}"
    assert unlisted == [], f"{path.name} uses earlier words it does not list: {unlisted}"


# --- the lessons' helper modules ---------------------------------------------------------

@pytest.fixture(scope="module")
def lessons_on_path() -> object:
    sys.path.insert(0, str(LESSONS))
    yield
    sys.path.remove(str(LESSONS))


@pytest.mark.parametrize("name", HELPERS)
def test_the_helper_modules_doctests_pass(lessons_on_path: object, name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_exercise_checker_answers_both_ways_and_gives_a_second_try(
        lessons_on_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from exercises import Exercise  # type: ignore[import-not-found]

    ex = Exercise(3, answer=Fraction(1, 221), misses={Fraction(1, 169): "3 aces are left"},
                  explain=lambda guess: "4/52 times 3/51",
                  solution="4/52 * 3/51 = 1/221")
    for guess in (..., Fraction(1, 169), 0.0, "a lot", "1/221", 0.00452):
        ex.check(guess)
    ex.solution()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Exercise 3: write your answer in place of ... and run the cell again."
    assert lines[1] == ("Exercise 3: not yet. You said 1/169 (about 0.00592), which is too "
                        "high. 3 aces are left.")
    assert lines[2] == "Try again: change your answer and run the cell again."
    assert lines[3].startswith("Exercise 3: not yet. You said 0, which is too low. 4/52")
    assert lines[4:6] == ["The answer is 1/221 (about 0.00452).", "4/52 * 3/51 = 1/221"]
    assert lines[6] == ("Exercise 3: you said a lot: write a number, such as 12 or "
                        "Fraction(1, 2). That did not count as a try.")
    assert lines[-4] == "Exercise 3: right! 1/221 (about 0.00452)."
    assert lines[-3] == "Exercise 3: right! 0.00452. Exactly, that is 1/221 (about 0.00452)."
    assert lines[-2:] == ["Solution to exercise 3: 1/221 (about 0.00452).",
                          "4/52 * 3/51 = 1/221"]


def test_the_stored_expert_games_are_what_the_engine_plays() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        make = importlib.import_module("make_lesson_games")
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert len(make.stored()) == make.GAMES
    assert make.check(6) == []


# --- every exercise, answered in a kernel both ways ---------------------------------------

# (a right answer, as a learner would type it; a common wrong one), worked by hand from
# the rules: the counts and points from RULES.md, the probabilities by counting cards,
# the census figures from Lumetta's published table. Where the right answer is the
# advisor's choice or a figure of a seeded game, the reasoning is in a comment.
ANSWERS: dict[str, dict[int, tuple[object, object]]] = {
    "00": {1: (4, 6), 2: ("pone", "dealer"), 3: ("pone", "dealer")},
    "01": {1: (23, 26),                      # 10 + 7 + 1 + 5; the king is not 13
           2: ("10S JS QS KS", "JS QS KS"),
           3: (1, 7),                        # only the fives pair; 10-J-Q-K share a value
           4: (Fraction(1, 221), Fraction(1, 169))},   # 4/52 × 3/51
    "02": {1: (Fraction(1, 23), Fraction(1, 13)),      # 2 jacks among 46 unseen
           2: (6, 4),                        # 5+10, 2+3+10, 2+5+8
           3: (18, 12),                      # 7+8 ×3, 7+7+A ×3, pair royal 6
           4: (10, 12),                      # 5+J ×2, 5+Q ×2, a pair of fives; J-Q no pair
           5: (4, 2)},                       # all five make 15, and a pair of aces
    "03": {1: (8, 10),                       # 7+8, 6+9, a run of four
           2: (16, 18),                      # 6+9 ×2, 7+8, a pair, two runs of four
           3: (21, 27),                      # 7+8 ×3, pair royal, three runs of three
           4: (24, 28),                      # 4+5+6 ×4, two pairs, four runs of three
           5: (7, 11),                       # 7+8, 2+4+9, run 7-8-9; no four-card crib flush
           6: (6, 10),                       # 5+10, 5+K, 6+9; three hearts + heart starter
           7: (9, 8),                        # 6+9, 2+3+K, a five-card flush
           8: (3, 2),                        # 7+8 and nobs (J♠, 8♠ turned) in the crib
           9: (14, 16)},                     # six fifteens and a pair; heels is the dealer's
    "04": {1: (15, 30),                      # C(6, 2)
           2: (10, 8),                       # four fifteens and the pair
           3: ("7", "8"),                    # 7: 24 (double double run); 8: 21; 9: 20
           4: ("2C 6D", "5H 5C"),            # keep 5-5-J-Q (12 now) and never give 5-5
           5: ("QC KD", "7C 8S")},           # keep the run 7-8-9 with the 2; 7-8 breaks it
    "05": {1: (0, 2),                        # count 19: 9 and 6 are not the running count
           2: (6, 2),
           3: (0, 2),                        # 8, 7, 8: the 7 between, no pair; count 23
           4: (3, 0),
           5: (0, 3),                        # 4, 9, 3 are no run: the 9 breaks it
           6: (7, 5),                        # 15 and a run of five
           7: ("7D 6H", "7D")},              # 24 + 7 = 31, 24 + 6 = 30, not the 8
    "06": {1: ("no", "yes"),                 # the 5 fits: 26 + 5 = 31
           2: ("go", "7H"),                  # 25 + 7 = 32: nothing fits, you say go
           3: ("dealer", "pone"),            # pone laid the 31
           4: (2, 3), 5: (5, 1),             # run of four 9-8-7-6, then the last card
           6: (0, 2),                        # no pair across the reset
           7: (0, 4),                        # 7-6-8 ended at 31: no run across the reset
           8: (3, 2)},                       # 7 + 8 = 15, and the last card
    "07": {1: ("Ann", "Bob"), 2: ("dealer", "pone"), 3: ("dealer", "pone"),
           4: ((11, 20), (9, 20)), 5: ("skunk", "double skunk"),
           6: (4, 0),                        # the hand is 12: 7+8 ×2, pair, double run
           7: (5, 2)},                       # 4 + 5 + 6: fifteen 2 and a run of three 3
    "08": {1: (12, 6),                       # 3+3+9 ×3 and a pair royal (seed 2024's log)
           2: (3, 2),                        # 7+8, nobs (J♥ with the 10♥)
           3: ("expert", "greedy"),          # greedy dealt deal 1
           4: (3, 2)},                       # thirty-one 2, then last card 1
    "09": {1: (4, 2),                        # Lumetta: 2,855,676 fours, 2,813,796 twos
           2: (Fraction(523540, 12994800), Fraction(206200, 12994800)),
           3: (16, 80),                      # 76 + 4 cases, each set of five 5 times
           4: (Fraction(1009008, 12994800), Fraction(0))},
    "10": {1: (15, 12),                      # 12 before the starter, about 3.4 more after
           2: ("3H 5S", "AC KH"),            # the surprise: the run is broken for the crib
           3: (17.99, 0.43)},                # 8.78 + 9.21 (the printed crib table)
    "11": {1: ("yes", "no"),                 # the printed interval is above 50%
           2: ("yes", "no"),                 # 56% ± 4.9%: 51.1% to 60.9%
           3: (2401, 49)},                   # 1.96² × 0.25 / 0.0004
    "12": {1: ("5C KH", "3D 5C"),            # dealer: 5-K, keep 2-3-4-9: run 3 + 2+4+9 = 5 now,
                                             # crib 3.5 + 1.5 + fifteen 1.5 = 6.5, keep 2-3, 3-4
                                             # touch 1.5 + three low 1.5: 14.5; 3-5 keeps 2-4-9-K
                                             # (2+4+9 and a flush, 6) + crib 2 + 3.5 + 0.5 apart
                                             # + keep 0.25 one apart, 1 low, -0.5 king: 12.75
           2: ("QD KC", "7C 8C"),            # pone: Q-K keeps A-4-7-8 (7+8, 2), crib -(2+2+1),
                                             # keep 1 low + 0.75 touch + A+4+10 0.5: -0.75;
                                             # 7-8 keeps A-4-Q-K (4 now) but gives 2.5 + 2.5 +
                                             # fifteen 1.5 + touch 1 = 7.5, keep 1.25: -2.25
           3: ("AD KC", "AD AH"),            # pone: A-K keeps A-4-5-6 (4+5+6, run: 5), crib
                                             # -(2.5 + 2), keep five 0.5 + two low 1 + two
                                             # touching 1.5 + a ten turned adds 4 (1): 4.5; A-A
                                             # keeps 7 now but gives a pair, -7, keep 2.5: 2.5
           4: (12, 8)},                      # a double run of three: 8 now, about 4 more on average
    "13": {1: ("KD", "AC"),                  # lead from the pair of kings, keep the lone
                                             # ace for the end of a series (rule 1)
           2: (-1.25, -0.5),                 # 6 on the 6 lead: 2 now; a 3 (fifteen) and a 6
                                             # (pair royal) score on 12: -1; the most back, 6:
                                             # -1.5; pairing his lead: -0.75
           3: ("9S", "6C"),                  # the 9's fifteen: 2 - 0.5 (a 9) - 0.5 = +1.0;
                                             # the pair -1.25 (exercise 2)
           4: ("4C", "9D"),                  # on a 4 lead the pair (-1.25) beats the 9 (13: a 2
                                             # and a 9 score, -1.5) and the jack (an ace and a
                                             # jack, -1.5)
           5: (4, 16),                       # from 11 only a 4 makes 15; 31 - 11 = 20: no card
           6: ("5C", "10D"),                 # 10 + 5 is fifteen now: 2 points
           7: ("7C", "AD"),                  # the 7 from 7-8: an 8 for fifteen is paired
                                             # back; the ace (safest now) wins no trap
           8: ("6C", "9D"),                  # 6-9 and two ten-cards: from 6-9 lead the 6; the
                                             # procedure's last rule leads the higher 9
           9: ("3S", "9C"),                  # a lone 3 leaves no fifteen: nothing answers it
                                             # but a 3; the pair lead invites a fifteen (a 6)
           10: ("KS", "2C"),                 # at 20 the king makes 30: only an ace fits, and
                                             # two were thrown; the 2 (22) lets a 9 make 31
           11: ("10S", "2S"),                # keep A-2 for the go, lead high: two low cards
                                             # fit together at 28-30 when nothing else does
           12: ("9S", "4D"),                 # 30: only an ace answers; the 4's run of three
                                             # at 25 invites a 6 (31) or a 3 or 5 (a run)
           13: ("10C", "AD"),                # an expert's ace lead hides another ace in
                                             # about half the hands: the pair invites a pair
                                             # royal
           14: ("7D", "3D")},                # 119 needs 2 before pone's 11: by the chance to
                                             # win, not the points (the judge's figure: the
                                             # accepted set is checked against it below)
    "14": {1: (5.9, 4.8),                    # 16.30 - 10.40 (the course figures); 4.8 = crib
           2: (80.1, 78),                    # 3 x 16.30 + 3 x 10.40; 78 is the old 3 x 26
           3: ("dealer", "pone"),            # the table: 77.7%; each is ~21 short, only the
                                             # dealer gets within a pone's count of home
           4: ("pone", "dealer"),            # each needs 6; pone counts first (the table: 76%)
           5: ("8C QH", "5H QH"),            # 90-90: keep 5-6-6-7 (8 now), nothing hot to
                                             # the dealer; 5-Q is a five with a ten-card
           6: ("5H QH", "8C QH"),            # 100-116: pone needs 21 before the dealer's 5:
                                             # only 6-6-7-8 (10 now, a double run) can do it
           7: ("6D", "KC"),                  # 6 on the 6 lead is a pair, 2: 119 + 2 = 121
           8: ("5S", "2C"),                  # 5 + a ten-card is 15, the dealer's 2; 2, 3, 4
                                             # leave no fifteen
           9: ("2H 2C", "KH 2C"),            # keep 4-5-6-K: 4+5+6, 5+K, run 4-5-6: 7 always,
                                             # what pone on 114 needs; 2-4-5-6 can be 5
           10: ("6D", "KC"),                 # 115-118: pone needs 3 and counts first (her
                                             # hand makes 3 nearly always): the dealer must
                                             # peg 6 in the play, and only the pair pegs now
           11: ("KC", "6D"),                 # 113-110: ahead, hold back: the pair invites a
                                             # pair royal, 6, taking pone (who counts first)
                                             # from 110 to 116
           12: ("dealer", "pone"),           # pone 109 needs 12, dealer 106 needs 15: the
                                             # table gives pone 45.7%
           13: ("JD JH", "8S 9D"),           # the dealer on 119 needs 2, pone on 114 needs 7
                                             # and counts first: keep the four lowest,
                                             # A-3-8-9, to peg; 8-9 out keeps the jacks' pair
                                             # for a count pone will usually beat
}
}

CHECK_CELL = '''
import contextlib as _cl, io as _io, json as _json, re as _re
from fractions import Fraction
_found = sorted(int(_k.split("_")[1]) for _k in list(globals())
                if _re.fullmatch(r"exercise_\\d+", _k))
_out = {"found": _found}
for _n, (_right, _wrong) in %s.items():
    _ex = globals()[f"exercise_{_n}"]
    _ex.reset()
    _said = []
    for _guess in (_wrong, _wrong, _right):
        _buffer = _io.StringIO()
        with _cl.redirect_stdout(_buffer):
            _ex.check(_guess)
        _said.append(_buffer.getvalue())
    _ex.reset()
    _out[str(_n)] = _said
print("CHECKED" + _json.dumps(_out))
'''


def test_every_lesson_has_hand_worked_answers() -> None:
    assert sorted(ANSWERS) == [number(p) for p in lesson_paths()]
    for path in lesson_paths():
        assert sorted(ANSWERS[number(path)]) == exercise_numbers(path), path.name


@pytest.mark.slow
@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_exercise_accepts_the_right_answer_and_explains_a_wrong_one(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbclient import NotebookClient

    nb = read(path)
    nb.cells.append(nbformat.v4.new_code_cell(CHECK_CELL % repr(ANSWERS[number(path)])))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path))
    client = NotebookClient(nb, kernel_name="python3", timeout=300,
                            resources={"metadata": {"path": str(LESSONS)}})
    client.execute()
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs
                      if o.output_type == "stream")
    result = json.loads(printed.split("CHECKED", 1)[1])
    assert result.pop("found") == exercise_numbers(path)
    for n, (twice_wrong, again_wrong, right) in result.items():
        head = f"Exercise {n}:"
        assert right.startswith((f"{head} right!", f"{head} good!")), f"{path.name}: {right!r}"
        if right.startswith(f"{head} good!"):  # several cards the judge cannot tell apart
            assert "within the judge's margin" in right, f"{path.name}: {right!r}"
        assert twice_wrong.startswith(f"{head} not yet."), f"{path.name}: {twice_wrong!r}"
        first_line = twice_wrong.splitlines()[0]
        after = re.search(r"\.\s+(\S.*)$", first_line.split("You said", 1)[1])
        explanation = after.group(1) if after else ""
        assert len(re.sub(r"[^a-z]", "", explanation.lower())) > 10, (
            f"{path.name}, exercise {n}: the miss is not explained: {first_line!r}")
        assert "Try again" in twice_wrong, f"{path.name}, exercise {n}: no second try"
        assert "The answer is" in again_wrong, (
            f"{path.name}, exercise {n}: no answer after the second miss: {again_wrong!r}")


# --- the teacher's guide: every figure in it is checked --------------------------------

README = LESSONS / "README.md"


def guide() -> str:
    return README.read_text(encoding="utf-8")


def _script(name: str) -> object:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def test_the_guide_times_each_lesson_as_measured_and_splits_the_long_ones() -> None:
    """The guide's minutes are the ones measured by a reader working through each lesson
    (``lessons/data/lesson_times.json``), not the word-count estimate; a lesson over one
    period is split at a section heading the lesson really has."""
    plan = _script("lesson_plan")
    times = plan.measured()  # type: ignore[attr-defined]
    rows = {lesson: (int(minutes), int(periods), split.strip()) for lesson, minutes, periods, split
            in re.findall(r"^\| (\d\d) \| (\d+) \| (\d) \|(.*)\|$", section("How long"),
                          re.MULTILINE)}
    assert sorted(rows) == sorted(times["lessons"]) == [number(p) for p in lesson_paths()]
    for path in lesson_paths():
        timed = times["lessons"][number(path)]
        minutes, periods, split = rows[number(path)]
        assert minutes == timed["minutes"], path.name
        assert periods == -(-minutes // times["period"]) == plan.periods(timed), path.name  # type: ignore[attr-defined]
        sections = plan.splits(timed)  # type: ignore[attr-defined]
        assert len(sections) == periods - 1, path.name
        headings = re.findall(r"^## (.+)$", "\n".join(markdown(read(path))), re.MULTILINE)
        for section_name in sections:
            assert f'"{section_name}"' in split, path.name
            assert section_name in headings, path.name
        assert [h for h in headings if h in sections] == sections, path.name  # in order


def test_the_guide_plans_the_periods_the_lessons_and_the_course_need() -> None:
    """The guide's total and its term plan count the periods of the lessons as timed, and
    the periods besides (review, the paper, the practical game) as the data says."""
    plan = _script("lesson_plan")
    times = plan.measured()  # type: ignore[attr-defined]
    lessons = {k: plan.periods(v) for k, v in times["lessons"].items()}  # type: ignore[attr-defined]
    minutes = sum(v["minutes"] for v in times["lessons"].values())
    extra = sum(v for k, v in times["course"].items() if k != "note")
    text = section("How long")
    assert f"In all {minutes} minutes" in text and f"in {sum(lessons.values())} periods" in text
    paths = section("Two paths")
    to_play = [f"{n:02d}" for n in range(9)] + ["10", "12", "13", "14"]
    assert f"({sum(lessons[n] for n in to_play) + extra} periods)" in paths
    assert f"the whole course is {sum(lessons.values()) + extra} periods" in text


def test_the_guide_lists_the_seeds_the_search_finds() -> None:
    stored = json.loads((LESSONS / "data" / "class_seeds.json").read_text(encoding="utf-8"))
    text = guide()
    for name, row in stored["game"].items():
        assert f"| {name} | {row['seed']} | {row['deal']} |" in text, name
    for name, row in stored["table"].items():
        assert re.search(rf"^\| {re.escape(name)} \(.*\) \| {row['seed']} \|$", text,
                         re.MULTILINE), name


@pytest.mark.slow
def test_the_stored_seeds_are_the_first_that_make_each_situation() -> None:
    finder = _script("find_class_seeds")
    stored = json.loads((LESSONS / "data" / "class_seeds.json").read_text(encoding="utf-8"))
    assert finder.search() == stored  # type: ignore[attr-defined]


def test_a_table_seed_deals_the_learner_what_the_guide_says() -> None:
    from cribbage_edu.widgets import GameTable

    finder = _script("find_class_seeds")
    stored = json.loads((LESSONS / "data" / "class_seeds.json").read_text(encoding="utf-8"))
    heels = stored["table"]["his heels"]["seed"]
    six, starter = finder.first_deal(heels)  # type: ignore[attr-defined]
    assert starter.rank.symbol == "J"
    assert list(GameTable(seed=heels).game.hand(0)) == list(six)
    big = stored["table"]["a 24-point hand"]["seed"]
    six, starter = finder.first_deal(big)  # type: ignore[attr-defined]
    assert list(GameTable(seed=big).game.hand(0)) == list(six)
    assert finder.best_keep(six, starter) >= 24  # type: ignore[attr-defined]


def section(title: str) -> str:
    """The text of one section of the guide, from its heading to the next."""
    text = guide().split(f"### {title}", 1)[1]
    return text.split("\n### ", 1)[0]


def answer_key() -> dict[tuple[str, int], tuple[str, str]]:
    rows = re.findall(r"^\| (\d\d) \| (\d+) \| ([^|]+) \| ([^|]+) \|",
                      section("Answer key"), re.MULTILINE)
    return {(lesson, int(n)): (right.strip(), wrong.strip()) for lesson, n, right, wrong in rows}


def _said(value: object) -> str:
    return str(value)


def test_the_answer_key_gives_every_exercise_its_checked_answers() -> None:
    key = answer_key()
    assert sorted(key) == sorted((lesson, n) for lesson, table in ANSWERS.items()
                                 for n in table)
    for (lesson, n), (right, wrong) in key.items():
        expected_right, expected_wrong = ANSWERS[lesson][n]
        if isinstance(expected_right, Fraction):
            assert Fraction(right) == expected_right, (lesson, n, right)
            assert Fraction(wrong) == expected_wrong, (lesson, n, wrong)
            continue
        assert _said(expected_right) in right, (lesson, n, right)
        assert _said(expected_wrong) == wrong, (lesson, n, wrong)


# --- one source for each figure the course repeats ----------------------------------------

DEAL_ROW = re.compile(r"^(dealer|pone)\s+(his heels|pegging|hand|crib|total)\s+(\d+\.\d\d)\b",
                      re.MULTILINE)
PEGS_A_DEAL = re.compile(r"the dealer pegs (\d\.\d\d) and pone (\d\.\d\d)")
FIRST_DEALER = re.compile(r"the first dealer won [\d,]+ of [\d,]+ games: (.*%\))")


def test_every_figure_the_course_repeats_is_the_course_figures_one(
        lessons_on_path: object) -> None:
    """What a deal brings each side and the first dealer's edge are printed in several
    lessons: every printing says the number ``course_figures`` computes, once."""
    from course_figures import deal_points, first_dealer_edge  # type: ignore[import-not-found]

    worth = deal_points()
    names = {"his heels": "heels"}
    seen: dict[str, int] = {}
    for path in lesson_paths():
        for cell in code_cells(read(path)):
            for text in output_texts(cell):
                for role, source, value in DEAL_ROW.findall(text):
                    assert value == worth[role, names.get(source, source)].text, (
                        path.name, role, source, value)
                    seen[number(path)] = seen.get(number(path), 0) + 1
                for dealer, pone in PEGS_A_DEAL.findall(text):
                    assert (dealer, pone) == (worth["dealer", "pegging"].text,
                                              worth["pone", "pegging"].text), path.name
                    seen[number(path)] = seen.get(number(path), 0) + 1
                for edge in FIRST_DEALER.findall(text):
                    assert edge == first_dealer_edge().text, path.name
    assert {"11", "13", "14"} <= set(seen), seen


def test_a_stored_game_is_the_engine_records_figures(lessons_on_path: object) -> None:
    """The lessons read stored games and fresh engine records alike: a stored game is the
    engine's figures of a game, which every game record also has."""
    from many_games import STORED, StoredGame, load_games  # type: ignore[import-not-found]

    from cribbage_edu.study.simulation import GameFigures, GameRecord, simulate

    assert StoredGame is GameFigures and issubclass(GameRecord, GameFigures)
    assert STORED == ("index", "first_dealer", "winner", "scores", "deals", "whole_deals",
                      "dealer_points", "pone_points")
    first = load_games()[0]
    played = simulate(1, ["expert", "expert"], seed=2024).games[0]
    assert all(getattr(first, name) == getattr(played, name) for name in STORED)


# --- the rules of thumb checked against the crib tables -------------------------------------

def test_a_higher_heat_never_means_a_much_lower_crib(lessons_on_path: object) -> None:
    """The rulebook's heat (the crib priced by heat, measured in lesson 15), over every pair
    of ranks, in both crib tables: a throw of higher
    heat is never worth less in the crib than one of lower heat by more than the stated
    margin. (The first edition gave 2-3, worth 6.84 in your own crib, a heat of 1 and
    A-4, worth 5.35, a heat of 0, below a pair of kings at 4.50.)"""
    from throwing import HEAT_MARGIN, heat  # type: ignore[import-not-found]

    from cribbage_edu import Card, Rank, Suit
    from cribbage_edu.tables.cribtable import crib_table

    pairs = [(low, high) for low in Rank for high in Rank if low <= high]
    heats = {pair: heat([Card(pair[0], Suit.CLUBS), Card(pair[1], Suit.DIAMONDS)])
             for pair in pairs}
    for dealer in (True, False):
        table = crib_table(dealer=dealer)
        worst = max(table[b[0], b[1], False] - table[a[0], a[1], False]
                    for a in pairs for b in pairs if heats[a] > heats[b])
        assert worst <= HEAT_MARGIN, (dealer, worst)
    # cards that add to five make fifteen with a ten-card between them: never cold
    assert heats[Rank.TWO, Rank.THREE] == heats[Rank.ACE, Rank.FOUR] == 2


def test_the_middle_cards_that_make_runs_are_as_hot_as_the_crib_tables_say(
        lessons_on_path: object) -> None:
    """The tournament player's correction: 6-7, 6-8 and 8-9 were rated 1, yet in the
    opponent's crib 6-7 is worth more than A-4, A-A and 2-2 (rated 2). Now they are rated 2;
    7-9, worth less than any of them in both crib tables, stays 1. Both tables read here."""
    from throwing import heat  # type: ignore[import-not-found]

    from cribbage_edu import Card, Rank, Suit
    from cribbage_edu.tables.cribtable import crib_table

    def rated(low: Rank, high: Rank) -> int:
        return heat([Card(low, Suit.CLUBS), Card(high, Suit.DIAMONDS)])

    his, mine = crib_table(dealer=False), crib_table(dealer=True)
    six_seven = his[Rank.SIX, Rank.SEVEN, False]
    for low, high in ((Rank.ACE, Rank.FOUR), (Rank.ACE, Rank.ACE), (Rank.TWO, Rank.TWO)):
        assert six_seven > his[low, high, False]
        assert rated(Rank.SIX, Rank.SEVEN) >= rated(low, high) == 2
    middle = ((Rank.SIX, Rank.SEVEN), (Rank.SIX, Rank.EIGHT), (Rank.EIGHT, Rank.NINE))
    assert [rated(*pair) for pair in middle] == [2, 2, 2]
    assert rated(Rank.SEVEN, Rank.NINE) == 1
    for table in (his, mine):
        assert table[Rank.SEVEN, Rank.NINE, False] < min(table[p[0], p[1], False] for p in middle)


def test_lesson_04s_cold_throws_for_pone_are_cold(lessons_on_path: object) -> None:
    """Lesson 04 tells pone to throw cards that neither make five or fifteen nor touch nor
    pair, and no five: every such pair has a heat of 0, and is worth less in the dealer's
    crib than any throw of heat 2 or more."""
    from throwing import heat  # type: ignore[import-not-found]

    from cribbage_edu import Card, Rank, Suit
    from cribbage_edu.tables.cribtable import crib_table

    table = crib_table(dealer=False)
    cold, hot = [], []
    for low in Rank:
        for high in Rank:
            if low > high:
                continue
            a, b = Card(low, Suit.CLUBS), Card(high, Suit.DIAMONDS)
            advised = (low != high and Rank.FIVE not in (low, high) and abs(high - low) > 2
                       and a.value + b.value not in (5, 15))
            if advised:
                cold.append(table[low, high, False])
                assert heat([a, b]) == 0, (a, b)
            elif heat([a, b]) >= 2:
                hot.append(table[low, high, False])
    assert max(cold) < min(hot), (max(cold), min(hot))


@pytest.mark.parametrize(("six", "dealer"), [
    ("5H 5C 6D JS QH 2C", False),   # lesson 04, exercise 4; the final assessment's 7
    ("2D 7C 8S 9H QC KD", True),    # lesson 04, exercise 5
    ("3H 4C 5S 10D KH AC", True),   # lesson 10, exercise 2
])
def test_a_throw_graded_by_the_show_alone_is_the_best_with_the_play_too(
        lessons_on_path: object, six: str, dealer: bool) -> None:
    """Lessons 04 and 10 come before the play is weighed, so their throws are graded by
    the show; each is also the best throw with the play counted (lessons 12 on grade with
    it, and say when the show alone would throw otherwise)."""
    from throwing import show_and_play_differ  # type: ignore[import-not-found]

    assert show_and_play_differ(six, dealer=dealer) == ""


# --- lessons 13 and 14: a card is graded by the judge of the whole deal ---------------------

CARD_EXERCISES = [  # (lesson, exercise, kept, the stated deal), as the lessons state them
    ("13", 1, "AC 10H KD KS", {"thrown": "9C QD", "starter": "3D", "dealer": False}),
    ("13", 3, "6C 9S KD 2H", {"thrown": "3C 8D", "starter": "QH", "laid": "6D",
                              "dealer": True}),
    ("13", 4, "4C JS 9D 2H", {"thrown": "AC KD", "starter": "QH", "laid": "4D",
                              "dealer": True}),
    ("13", 6, "5C 10D 4S 9C", {"thrown": "7C 7D", "starter": "2D", "laid": "KH",
                               "dealer": True}),
    ("13", 7, "7C 8D AD KD", {"thrown": "9S QC", "starter": "6H", "dealer": False}),
    ("13", 8, "6C 9D 10S QH", {"thrown": "KC 7S", "starter": "AH", "dealer": False}),
    ("13", 9, "9C 9D 3S QS", {"thrown": "KC 8D", "starter": "7H", "dealer": False}),
    ("13", 10, "2C 5S KS QH", {"thrown": "AC AS", "starter": "QS", "laid": "4D QH 6C",
                               "dealer": True}),
    ("13", 11, "AS 2S 9S 10S", {"thrown": "7D KH", "starter": "3C", "dealer": False}),
    ("13", 12, "4D 9S 2H 5H", {"thrown": "JC QD", "starter": "2D", "laid": "10S 5H 6C",
                               "dealer": True}),
    ("13", 13, "AD 5S 10C KD", {"thrown": "8H 7S", "starter": "9S", "laid": "AH",
                                "dealer": True}),
    ("13", 14, "3D 3S 7D 8S", {"thrown": "10C JC", "starter": "JH", "laid": "6D",
                               "dealer": True, "scores": (119, 110)}),
    ("14", 10, "6D 8H KC 2C", {"thrown": "9S 3D", "starter": "QD", "laid": "6S",
                               "dealer": True, "scores": (115, 118)}),
    ("14", 11, "6D 8H KC 2C", {"thrown": "9S 3D", "starter": "QD", "laid": "6S",
                               "dealer": True, "scores": (113, 110)}),
]


def _lesson_source(lesson: str) -> str:
    path = next(p for p in lesson_paths() if number(p) == lesson)
    return "\n".join(cell.source for cell in read(path).cells)


@pytest.mark.parametrize(("lesson", "n", "kept", "deal"), CARD_EXERCISES,
                         ids=[f"{lesson}-{n}" for lesson, n, _, _ in CARD_EXERCISES])
def test_a_card_exercise_accepts_exactly_the_cards_within_the_judges_margin(
        lessons_on_path: object, lesson: str, n: int, kept: str,
        deal: dict[str, object]) -> None:
    """The lesson states the deal (its throw too) and accepts every card the judge of the
    whole deal, worked out again here straight from the engine's view of the stated deal,
    puts within its margin of the best, and no other; the deal is the lesson's own."""
    from whole_play import DEALS, SEED, card_exercise  # type: ignore[import-not-found]

    from cribbage_edu import Card, PlayerView
    from cribbage_edu.strategy.coach.deal import judge_deal

    source = _lesson_source(lesson)
    assert f'{n}, "{kept}", thrown="{deal["thrown"]}"' in re.sub(r"\s+", " ", source), (
        lesson, n)
    view = PlayerView.in_play(kept, deal["thrown"], deal["starter"],  # type: ignore[arg-type]
                              dealer=deal["dealer"], laid=deal.get("laid", ""),  # type: ignore[arg-type]
                              scores=deal.get("scores"))  # type: ignore[arg-type]
    within = set(judge_deal(view, DEALS, seed=SEED).within_margin())
    exercise = card_exercise(n, kept, question="", **deal)  # type: ignore[arg-type]
    for card in view.hand:
        if view.count + card.value > 31:
            continue
        accepted = True
        try:
            exercise.grade(str(card))
        except AssertionError:
            accepted = False
        assert accepted == (card in within), (lesson, n, str(card), sorted(map(str, within)))
    right, wrong = ANSWERS[lesson][n]
    assert Card.parse(str(right)) in within and Card.parse(str(wrong)) not in within


# --- lesson 13 teaches the play's procedure ------------------------------------------------

LESSON_13_RULES = {  # exercise: (the rule its explanation names, whether the judge overrules it)
    1: ("count the card", False), 3: ("count the card", False), 4: ("count the card", False),
    6: ("count the card", False), 7: ("lead a trap", False), 8: ("lay your highest card", True),
    9: ("lead a trap", True), 10: ("count the card", False), 11: ("count the card", True),
    12: ("count the card", True), 13: ("count the card", True), 14: ("count the card", True)}


def _rulebook_play() -> dict[str, Any]:
    data = json.loads((ROOT / "cribbage_edu" / "data" / "rulebook.json").read_text("utf-8"))
    play: dict[str, Any] = data["play"]
    return play


def _lesson_13_output() -> str:
    path = next(p for p in lesson_paths() if number(p) == "13")
    return "".join(t for cell in code_cells(read(path)) for t in output_texts(cell))


def test_lesson_13s_rule_figures_are_the_rulebooks() -> None:
    """Every rule figure lesson 13 prints is the rulebook's measurement: each rule of the
    procedure in its order with what breaking it costs, the whole procedure's cost, the old
    summary's, the retired rules', and the exceptions, which add up to the decisions outside
    the judge's margin."""
    play = _rulebook_play()
    text = _lesson_13_output()
    printed = re.findall(r"^(\d)\. (.+?)\s+breaking it costs (-?\d\.\d{3}) a decision$", text,
                         re.MULTILINE)
    rules = play["procedure"]["each_rule"]
    assert [int(n) for n, _, _ in printed] == list(range(1, len(rules) + 1))
    for (_, name, cost), rule in zip(printed, rules, strict=True):
        assert rule["rule"].split(":")[0] == name
        assert float(cost) == pytest.approx(rule["broken"][0], abs=0.0005)
    assert f"loses {play['procedure']['all']['loss'][0]:.2f} points a decision" in text
    assert f"its order: loses {play['course_today'][0]['all']['loss'][0]:.2f}" in text
    alone = {r["rule"]: r["broken"][0] for r in play["each_rule_alone"]}
    retired = re.findall(r"^(.+?)\s+([-+]\d\.\d\d) a decision where it decides$", text,
                         re.MULTILINE)
    assert len(retired) == 3
    for name, cost in retired:
        assert float(cost) == pytest.approx(alone[name], abs=0.005) and float(cost) < 0
    counts = [int(n) for n in re.findall(r"^.+?\s+(\d+) of 11,312$", text, re.MULTILINE)]
    outside = play["procedure"]["all"]["positions"] * (1 - play["procedure"]["all"]
                                                       ["within_margin"][0])
    assert sum(counts) == pytest.approx(outside, abs=1)


def test_lesson_13s_summary_carries_the_stored_table() -> None:
    """The summary's count-the-card table is the stored procedure's, weight for weight, in
    the rulebook's words."""
    from cribbage_edu.strategy.rulebook.play import CARD_WORDS

    path = next(p for p in lesson_paths() if number(p) == "13")
    summary = markdown(read(path))[-1].split("## Summary", 1)[1]
    table = next(spec["table"]["weights"] for spec in _rulebook_play()["procedure"]["specs"]
                 if "table" in spec)
    for term, weight in table.items():
        said = f"{'−' if weight < 0 else '+'}{abs(weight):g} {CARD_WORDS[term]}"
        assert said in re.sub(r"\s+", " ", summary), said


def test_lesson_13s_count_the_card_worked_by_hand(lessons_on_path: object) -> None:
    """Exercise 2's table, worked by hand: on the 6♦ lead (the Q♥ turned, 3♣ 8♦ thrown) the
    6♣ pegs 2; a 3 (fifteen) and a 6 (a pair royal, 6) score on 12; so 2 - 2 x 0.5 - 6 x 0.25
    - 0.75 = -1.25. The 9♠ pegs 2 and only a 9 scores on 15: 2 - 0.5 - 2 x 0.25 = +1.0. The
    king (16): a king, -1.0."""
    from the_procedure import card_count, position, scoring_ranks  # type: ignore[import-not-found]

    from cribbage_edu import Card

    deal = {"thrown": "3C 8D", "starter": "QH", "laid": "6D", "dealer": True}
    p = position("6C 9S KD 2H", **deal)
    six, nine, king = (Card.parse(c) for c in ("6C", "9S", "KD"))
    assert [int(r) for r in scoring_ranks(p, six)] == [3, 6]
    assert (card_count(p, six), card_count(p, nine), card_count(p, king)) == (-1.25, 1.0, -1.0)


@pytest.mark.parametrize("n", sorted(LESSON_13_RULES))
def test_lesson_13s_exercises_name_the_rule_that_decides(lessons_on_path: object,
                                                          n: int) -> None:
    """Each card exercise's explanation names the rule of the procedure that decides it, as
    the procedure followed on the stated deal does; "the rule that decides" where the
    procedure's card is accepted (within the judge's margin), "an exception to" where it is
    not."""
    from the_procedure import follow_on  # type: ignore[import-not-found]
    from whole_play import DEALS, SEED  # type: ignore[import-not-found]

    from cribbage_edu import PlayerView
    from cribbage_edu.strategy.coach.deal import judge_deal

    rule, overruled = LESSON_13_RULES[n]
    _, _, kept, deal = next(e for e in CARD_EXERCISES if e[:2] == ("13", n))
    followed = follow_on(kept, **deal)
    assert followed.rule.startswith(rule), (n, followed)
    view = PlayerView.in_play(kept, deal["thrown"], deal["starter"],  # type: ignore[arg-type]
                              dealer=deal["dealer"], laid=deal.get("laid", ""),  # type: ignore[arg-type]
                              scores=deal.get("scores"))  # type: ignore[arg-type]
    within = set(judge_deal(view, DEALS, seed=SEED).within_margin())
    assert (followed.card not in within) == overruled, (n, str(followed.card))
    source = re.sub(r'"\s+"', "", re.sub(r"\s+", " ", _lesson_source("13")))
    said = (f"An exception to {rule}" if overruled else f"The rule that decides: {rule}")
    call = source.index(f'{n}, "{kept}"')
    assert said in source[call:call + 700], n


def _play_out(name: str) -> dict[str, float]:
    """Each card's chance to win in the play-out of ``benchmarks/teacher_positions.py`` (its
    own account of the deal, on the rules engine, with hidden hands and kept hands), from
    the stored results."""
    text = (ROOT / "benchmarks" / "results" / "teacher_positions.txt").read_text(encoding="utf-8")
    block = text.split(name, 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\s+(\S+)\s+[\d.]+% ± [\d.]+%\s+([\d.]+)% ± ", block, re.MULTILINE)
    return {card: float(chance) for card, chance in rows[:4]}


def test_lesson_14s_leads_and_pair_order_as_the_play_out_does(lessons_on_path: object) -> None:
    """Lesson 14's exercise 8 (the worst lead at 113-119) and the king against the pair at
    105-110 rank the cards as the teacher's play-out does, a separate account of the same
    deals (``benchmarks/teacher_positions.py``)."""
    from whole_play import judged  # type: ignore[import-not-found]

    leads = judged("2C 3D 4H 5S", thrown="9C KD", starter="8S", dealer=False,
                   scores=(113, 119))
    played = _play_out("lesson 14, exercise 8")
    order = [o.card.symbol for o in leads.options]
    assert order[0] == max(played, key=played.__getitem__)
    assert order[-1] == min(played, key=played.__getitem__)
    pair = judged("6D 8H KC 2C", thrown="9S 3D", starter="QD", laid="6S", dealer=True,
                  scores=(105, 110))
    played = _play_out("lesson 14, exercise 10")
    assert pair.best.symbol == max(played, key=played.__getitem__) == "K♣"
    assert pair.options[0].chance is not None
    chances = {o.card.symbol: o.chance for o in pair.options}
    assert chances["K♣"] > chances["6♦"] and played["K♣"] > played["6♦"]


@pytest.mark.parametrize("scores", [(90, 90), (100, 116)])
def test_lesson_14s_throws_are_weighed_by_the_judges_own_figures(
        lessons_on_path: object, scores: tuple[int, int]) -> None:
    """Lesson 14 says the coach's judge weighs its throws: the chances it prints
    (``board_play.throws_at``) are the ones ``judge_throw`` grades by, throw for throw."""
    from board_play import throws_at  # type: ignore[import-not-found]

    from cribbage_edu import judge_throw

    six = "5H 6D 6H 7C 8C QH"
    printed = {frozenset(t.option.discard): t.chance for t in throws_at(six, scores)}
    verdict = judge_throw(six, "8C QH", dealer=False, scores=scores)
    judged = {frozenset(o.discard): o.chance for o in verdict.options}
    assert printed == judged


@pytest.mark.parametrize(("six", "dealer"), [("2H 3C 4C 5S 6D 8S", True),
                                             ("2H 3D 4H 5C 9H KH", True),
                                             ("AH 4D 7C 8C QD KC", False),
                                             ("AD AH 4D 5S 6C KC", False)])
def test_a_throw_exercise_accepts_exactly_the_throws_the_judge_grades_good(
        lessons_on_path: object, six: str, dealer: bool) -> None:
    """Lesson 12's worked example and exercises: with the play counted, every throw the
    coach's judge grades good (under half a point behind) is right, and no other."""
    from itertools import combinations

    from throwing import throw_exercise  # type: ignore[import-not-found]

    from cribbage_edu import Grade, judge_throw, parse_cards

    exercise = throw_exercise(1, six, dealer=dealer, pegging=True)
    for two in combinations(parse_cards(six), 2):
        good = judge_throw(six, two, dealer=dealer).grade is Grade.GOOD
        try:
            exercise.grade(" ".join(map(str, two)))
            accepted = True
        except AssertionError:
            accepted = False
        assert accepted == good, two


def test_the_count_out_card_agrees_with_what_a_deal_is_worth(lessons_on_path: object) -> None:
    """Lesson 14's count-out card, a second way: the chances of scoring at least 1, 2, 3, ...
    points in a deal add up to the mean points of a deal (the sum of P(X >= n) over n >= 1
    is the mean of a count), which ``deal_worth`` takes straight from the deals' totals;
    and the chance only falls as the points asked for rise."""
    from itertools import pairwise

    from the_board import count_out, deal_worth  # type: ignore[import-not-found]

    worth = {(w.role, w.source): w.mean for w in deal_worth()}
    for dealer, role in ((True, "dealer"), (False, "pone")):
        chances = [count_out(n, dealer=dealer) for n in range(0, 80)]
        assert chances[0] == 1.0 and chances[-1] == 0.0
        assert all(a >= b for a, b in pairwise(chances))
        assert sum(chances[1:]) == pytest.approx(worth[role, "total"], abs=1e-9)


def test_fourth_street_is_the_chance_to_win_table_read_by_what_each_needs(
        lessons_on_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """The fourth-street table prints pone's chance from the chance-to-win table, and the
    rows and columns are what each player needs: pone needing 10 against the dealer's 14
    is pone on 111 and the dealer on 107."""
    from board_play import print_fourth_street  # type: ignore[import-not-found]

    from cribbage_edu.tables.chance import win_probability

    print_fourth_street((10,), (14,))
    row = capsys.readouterr().out.splitlines()[1].split()
    assert row[0] == "10"
    assert row[1] == f"{win_probability(111, 107, dealer=False):.0%}"


def test_each_lesson_plan_gives_the_lessons_minutes_and_periods() -> None:
    """The plan of each lesson in the guide says the minutes the data gives it, and has a
    plan for each of its periods."""
    plan = _script("lesson_plan")
    times = plan.measured()["lessons"]  # type: ignore[attr-defined]
    text = section("Lesson by lesson")
    plans = re.split(r"^\*\*(?=\d\d )", text, flags=re.MULTILINE)[1:]
    assert [p[:2] for p in plans] == sorted(times)
    words = {2: "two periods", 3: "three periods"}
    for lesson_plan in plans:
        timed = times[lesson_plan[:2]]
        periods = plan.periods(timed)  # type: ignore[attr-defined]
        head = lesson_plan.split("\n", 1)[0] + lesson_plan.split("\n", 2)[1]
        assert f"({timed['minutes']} min" in head, lesson_plan[:40]
        if periods > 1:
            assert words[periods] in head, lesson_plan[:40]
            assert f"Period {periods}," in lesson_plan, lesson_plan[:40]
            assert f"Period {periods + 1}," not in lesson_plan, lesson_plan[:40]


def test_the_rubrics_strategy_positions_are_judged_as_the_key_says(
        lessons_on_path: object) -> None:
    """The key of the guide's strategy reasoning: A, the judge of the whole deal puts both
    fours within its margin and neither the 9 nor the king; B, pone is the favourite."""
    from whole_play import judged  # type: ignore[import-not-found]

    from cribbage_edu import Card
    from cribbage_edu.tables.chance import win_probability

    text = re.sub(r"\s+", " ", section("Final assessment"))
    assert ("A. You are pone and lead from 4♣ 4♥ 9♠ K♦ (you threw 7♣ Q♠); the starter is "
            "the 2♦.") in text
    verdict = judged("4C 4H 9S KD", thrown="7C QS", starter="2D", dealer=False)
    assert set(verdict.within) == {Card.parse("4C"), Card.parse("4H")}
    chance = win_probability(111, 101, dealer=False)
    assert "about 76 games in 100" in text and round(chance, 2) == 0.76


# --- lesson 12's procedure and the appendix: every figure is the rulebook's --------------

RULEBOOK = ROOT / "cribbage_edu" / "data" / "rulebook.json"


def _printed(name: str) -> str:
    return "\n".join(text for cell in code_cells(read(LESSONS / name))
                     for text in output_texts(cell))


def _prose(name: str) -> str:
    return re.sub(r"\s+", " ", "\n".join(markdown(read(LESSONS / name))))


def _interval(figure: list[float]) -> str:
    value, low, high = (round(x, 3) + 0.0 for x in figure)
    return f"{value:.3f} ({low:.3f} to {high:.3f})"


def test_lesson_12s_figures_are_the_rulebooks() -> None:
    """Each figure lesson 12 states about its rules is the rulebook's measurement: the
    procedure's cost, the old quick method's, and what breaking each rule costs."""
    throw = json.loads(RULEBOOK.read_text(encoding="utf-8"))["throw"]
    text = _printed("12_throwing_at_the_table.ipynb")
    found = dict(re.findall(r"^(the procedure below|the old quick method)\s+(\d\.\d\d) points",
                            text, re.MULTILINE))
    assert found == {"the procedure below": f"{throw['procedure']['all']['loss'][0]:.2f}",
                     "the old quick method": f"{throw['course_today'][0]['all']['loss'][0]:.2f}"}
    each = throw["procedure"]["each_rule"]
    assert [r["rule"] for r in each][1:] == ["keep your pairs", "keep the most points now"]
    assert f"breaking 'count the keep': {each[0]['broken'][0]:.2f} points a deal" in text
    assert (f"breaking 'keep your pairs' after the count: {each[1]['broken'][0]:.3f} "
            "points a deal") in text
    assert (f"breaking 'keep the most points now' after them: {each[2]['broken'][0]:.3f} "
            "points a deal") in text
    # the old method "lost about four times as much"
    ratio = throw["course_today"][0]["all"]["loss"][0] / throw["procedure"]["all"]["loss"][0]
    assert round(ratio) == 4 and "about four times as much" in _prose(
        "12_throwing_at_the_table.ipynb")


def test_lesson_12s_crib_count_in_words_is_the_table(lessons_on_path: object) -> None:
    """The summary's crib count in words is the crib count the procedure uses; every card is
    worth half a point more in the opponent's crib, as the summary says."""
    from cribbage_edu.strategy.rulebook.throw import crib_count

    mine, his = crib_count(True), crib_count(False)
    said = _prose("12_throwing_at_the_table.ipynb")

    def g(x: float) -> str:
        return f"{x:g}"
    assert (f"a card under five {g(mine['low'])}, a five {g(mine['five'])}, 6-9 "
            f"{g(mine['middle'])}, a jack {g(mine['jack'])}, a 10-Q-K {g(mine['ten'])} in "
            "your own crib (half a point more each in the opponent's)") in said
    assert all(his[k] - mine[k] == 0.5 for k in ("low", "five", "middle", "jack", "ten"))
    assert (f"a pair {g(mine['+pair'])}, fifteen {g(mine['+fifteen'])}, five "
            f"{g(mine['+five'])} ({g(his['+five'])} in his crib), touching {g(mine['+touch'])}, "
            f"one apart {g(mine['+gap'])}") in said
    assert all(mine[k] == his[k] for k in ("+pair", "+fifteen", "+touch", "+gap"))


def test_lesson_12s_worked_example_is_the_procedures_count(lessons_on_path: object) -> None:
    """The worked example's three counts, made by hand in the lesson, are the engine's, and
    the procedure throws the one that counts most."""
    from throwing import counted  # type: ignore[import-not-found]

    from cribbage_edu import Hand

    said = _prose("12_throwing_at_the_table.ipynb")
    rows = {frozenset(map(str, r.thrown)): r for r in counted("2H 3C 4C 5S 6D 8S", dealer=True)}
    for thrown, total in (("2H 3C", "14.75"), ("5S 6D", "14.5"), ("2H 8S", "13.75")):
        assert f"{rows[frozenset(thrown.split())].total:g}" == total
        assert f"**{total}**" in said
    assert counted("2H 3C 4C 5S 6D 8S", dealer=True)[0].thrown == Hand("2H 3C")


def test_the_appendix_prints_the_rulebooks_figures() -> None:
    """Lesson 15 prints each procedure's cost with its interval as the data file holds it,
    and states the samples and the goals as they are."""
    data = json.loads(RULEBOOK.read_text(encoding="utf-8"))
    text = _printed("15_how_the_rules_are_measured.ipynb")
    for kind, unit in (("throw", "a deal"), ("play", "a decision")):
        part = data[kind]
        measured = [part["procedure"]["all"], part["procedure"]["held_out"],
                    part["reference"]["all"], *part["procedure"]["by_group"].values(),
                    *(p["all"] for p in part["course_today"]),
                    *(p["all"] for p in part["alternatives"].values())]
        for figures in measured:
            assert _interval(figures["loss"]) in text, (kind, figures)
        for rule in part["procedure"]["each_rule"]:
            assert _interval(rule["broken"]) in text, (kind, rule["rule"])
        cost = part["procedure"]["all"]["loss"]
        nxt = part["by_length"][len(part["procedure"]["rules"])]["all"]["loss"][0]
        assert (f"the {kind}: goal 0.06 points {unit}; the procedure {_interval(cost)}: "
                f"{'met' if cost[2] <= 0.06 else 'not met'}; the next rule would buy "
                f"{cost[0] - nxt:.4f}") in text
        assert cost[0] - nxt < 0.0015  # "about a thousandth of a point"
        sample = part["sample"]
        assert f"{sample['positions']:,} positions from {sample['deals']:,} deals" in text
    kept = data["throw"]["keep_table"]
    for shape, measured in kept["shapes"].items():  # the keep table in each shape
        name = f"{shape}{' (carried)' if shape == kept['carried'] else ''}"
        assert re.search(rf"^{re.escape(name)} +{measured['figures']} +"
                         rf"{re.escape(_interval(measured['loss']))} +"
                         rf"{re.escape(_interval(measured['against_by_role']))}$", text,
                         re.MULTILINE), shape
    said = _prose("15_how_the_rules_are_measured.ipynb")
    assert f"at most {kept['slack']} points a deal more than the one by role" in said
    assert (f"the throws of {data['throw']['sample']['deals']:,} deals and "
            f"{data['play']['sample']['positions']:,} decisions of the play, from "
            f"{data['throw']['sample']['games']:,} games") in said
    assert "Neither goal is met" in said
    assert all(data[k]["procedure"]["all"]["loss"][2] > 0.06 for k in ("throw", "play"))


@pytest.mark.parametrize(("n", "six", "dealer"), [(1, "2H 3D 4H 5C 9H KH", True),
                                                  (2, "AH 4D 7C 8C QD KC", False),
                                                  (3, "AD AH 4D 5S 6C KC", False)])
def test_the_guides_key_to_lesson_12_says_how_far_behind_the_judge_puts_the_wrong_throw(
        n: int, six: str, dealer: bool) -> None:
    from cribbage_edu import judge_throw

    _, wrong = answer_key()["12", n]
    row = next(line for line in section("Answer key").splitlines()
               if line.startswith(f"| 12 | {n} |"))
    behind = re.search(r"(\d\.\d\d) behind \|$", row)
    assert behind is not None, row
    assert behind.group(1) == f"{judge_throw(six, wrong, dealer=dealer).loss:.2f}"


def test_the_guides_homework_key_for_lesson_12_is_the_rulebooks() -> None:
    found = json.loads(RULEBOOK.read_text(encoding="utf-8"))["throw"]["procedure"]["all"]
    text = re.sub(r"\s+", " ", guide())
    assert (f"matches the judge's best in about four deals in five ({found['agree'][0]:.1%}) "
            f"and loses about {found['loss'][0]:.2f} points a deal (lesson 15)") in text
    assert round(found["agree"][0] * 5) == 4
    assert f"measured over {found['positions']:,} throws" in text
