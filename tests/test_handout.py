"""``cribbage-edu handout``: the PDF is read back (pypdf, a pure-Python reader: the
page text is compressed and font-encoded, so it cannot be checked without one) and every
answer of its key is checked against the reference scorer written from RULES.md
(``tests/reference.py``), never against the engine's own output."""

from __future__ import annotations

import errno
import io
import os
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from pypdf import PdfReader

from cribbage_edu.cli import main
from tests.reference import DECK, ref_peg, ref_show

SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")


def cards(text: str) -> list[str]:
    """The cards written in ``text`` (``5♥``), as the reference scorer reads them (``5H``)."""
    return [rank + SYMBOLS[suit] for rank, suit in CARD.findall(text)]


def make(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["handout", *args], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def items(text: str) -> dict[str, str]:
    """Each numbered question or answer (A1, B3, C2, ...) with its text, wrapped lines
    joined."""
    flat = " ".join(text.split())
    found = re.split(r"\b([A-E][1-9])\. ", flat)
    return {found[i]: found[i + 1] for i in range(1, len(found) - 1, 2)}


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], dict[str, str]]:
    path = tmp_path_factory.mktemp("handout") / "week3.pdf"
    status, said, err = make(path.parent, "--seed", "12", "--out", str(path))
    assert (status, err) == (0, "")
    assert str(path) in said
    texts = [page.extract_text() for page in PdfReader(path).pages]
    first_key = next(n for n, text in enumerate(texts) if text.startswith("Answer key"))
    questions, key = " ".join(texts[:first_key]), " ".join(texts[first_key:])
    assert first_key >= 1 and len(texts) > first_key
    assert "Cribbage worksheet, seed 12" in questions and "Answer key" not in questions
    assert key.startswith("Answer key, seed 12")
    assert "Marks ______ / 22" in questions
    assert questions.count("working:") == 22
    return items(questions), items(key)


def test_the_sheet_asks_six_hands_six_plays_and_four_throws(sheet: tuple[dict[str, str],
                                                                        dict[str, str]]) -> None:
    questions, key = sheet
    expected = [f"{part}{n}" for part, count in (("A", 6), ("B", 6), ("C", 4), ("D", 3),
                                                 ("E", 3))
                for n in range(1, count + 1)]
    assert list(questions) == expected and list(key) == expected
    for name, text in questions.items():
        assert "points" not in text or "______" in text, (name, text)  # no answer shown


def test_every_hand_in_the_key_is_counted_right(sheet: tuple[dict[str, str],
                                                             dict[str, str]]) -> None:
    questions, key = sheet
    for n in range(1, 7):
        shown = cards(questions[f"A{n}"])
        assert len(shown) == 5, questions[f"A{n}"]
        crib = "the crib:" in questions[f"A{n}"]
        assert key[f"A{n}"].startswith("crib " if crib else "hand ")
        assert cards(key[f"A{n}"].split(":")[0]) == shown
        total = int(re.search(r": (\d+) points", key[f"A{n}"]).group(1))  # type: ignore[union-attr]
        assert total == ref_show(shown[:4], shown[4], crib=crib)["total"], key[f"A{n}"]
    # the last hand is the crib trap: four cards of a suit, the starter of another
    crib_cards = cards(questions["A6"])
    assert len({c[-1] for c in crib_cards[:4]}) == 1 and crib_cards[4][-1] != crib_cards[0][-1]
    assert ref_show(crib_cards[:4], crib_cards[4], crib=True)["flush"] == 0


def test_every_play_in_the_key_is_scored_right_and_could_happen(
        sheet: tuple[dict[str, str], dict[str, str]]) -> None:
    questions, key = sheet
    for n in range(1, 7):
        pile = cards(questions[f"B{n}"])
        assert cards(key[f"B{n}"].split("(count")[0]) == pile
        values = [min(DECK.index(c) // 4 + 1, 10) for c in pile]
        assert sum(values) <= 31 and len(set(pile)) == len(pile)
        assert f"(count {sum(values)})" in key[f"B{n}"]
        points = int(re.search(r"scores (\d+)", key[f"B{n}"]).group(1))  # type: ignore[union-attr]
        assert points == ref_peg(pile)["total"], key[f"B{n}"]
    # the traps score nothing: two cards adding to 15 off the count, a rank further back
    assert {ref_peg(cards(questions[f"B{n}"]))["total"] for n in (4, 5)} == {0}
    # the last reaches thirty-one or scores two ways at once (by the reference scorer)
    last = ref_peg(cards(questions["B6"]))
    ways = sum(1 for kind in ("fifteen", "thirty_one", "pairs", "run") if last[kind])
    assert last["thirty_one"] or ways >= 2, key["B6"]


@pytest.mark.parametrize(("pile", "wanted"), [
    ("10S 10D JC AH", True),   # 10 + 10 + 10 + 1 = 31: 2 points, one way, yet thirty-one
    ("7C 4D 4H", True),        # 7 + 4 + 4 = 15 and a pair of fours: two ways, 4 points
    ("2C 3D 4H 5S", False),    # a run of four: 4 points, one way, count 14
    ("4C 4D 4H", False),       # a pair royal: 6 points, one way, count 12
    ("9C 9D", False),          # a pair: one way
])
def test_the_last_play_goal_is_thirty_one_or_two_ways_at_once(pile: str, wanted: bool) -> None:
    from cribbage_edu.rules.cards import Hand
    from cribbage_edu.rules.pegging import score_play
    from cribbage_edu.strategy.worksheet import PLAY_GOALS

    name, goal = PLAY_GOALS[-1]
    assert name == "thirty-one, or points two ways at once"
    hand = Hand(pile)
    assert goal(hand, score_play(hand).total) is wanted


def test_every_throw_in_the_key_keeps_four_of_the_six_and_says_their_exact_average(
        sheet: tuple[dict[str, str], dict[str, str]]) -> None:
    questions, key = sheet
    for n in range(1, 5):
        six = cards(questions[f"C{n}"])
        role = "dealer" if questions[f"C{n}"].startswith("dealer") else "pone"
        answer = key[f"C{n}"]
        assert answer.startswith(f"as {role}, throw ")
        thrown = cards(answer.split("and keep")[0])
        kept = cards(answer.split("and keep")[1].split(":")[0])
        assert len(six) == 6 and len(thrown) == 2 and sorted(thrown + kept) == sorted(six)
        # the hand's average over the 46 unseen starters, worked by the reference scorer
        starters = [c for c in DECK if c not in six]
        mean = Fraction(sum(ref_show(kept, s)["total"] for s in starters), len(starters))
        stated = float(re.search(r"hand (\d+\.\d\d)", answer).group(1))  # type: ignore[union-attr]
        assert abs(stated - float(mean)) < 0.006, (answer, float(mean))


def test_the_same_seed_makes_the_same_file_and_another_seed_another(tmp_path: Path) -> None:
    for name, seed in (("a.pdf", "7"), ("b.pdf", "7"), ("c.pdf", "8")):
        assert make(tmp_path, "--seed", seed, "--out", str(tmp_path / name))[0] == 0
    first = (tmp_path / "a.pdf").read_bytes()
    assert first.startswith(b"%PDF") and first == (tmp_path / "b.pdf").read_bytes()
    assert first != (tmp_path / "c.pdf").read_bytes()


def test_letter_paper_and_the_default_name(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert make(tmp_path, "--seed", "3", "--paper", "letter")[0] == 0
    page = PdfReader(tmp_path / "handout-seed-3.pdf").pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)


@pytest.mark.parametrize(("args", "message"), [
    (["--seed", "-1"], "--seed must be at least 0, not -1"),
    (["--seed", "x"], "--seed takes a whole number, not 'x'"),
    (["--seed", "٣"], "--seed takes a whole number, not '٣'"),
    (["--seed", "1", "--out", "sheet.png"], "a handout is a .pdf file"),
    (["--seed", "1", "--out", "no-such-folder/sheet.pdf"], "there is no folder"),
    (["--seed", "1", "--paper", "a5"], "invalid choice"),
    ([], "--seed"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    status, said, err = make(tmp_path, *args)
    assert status == 2 and said == ""
    assert message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_name_too_long_for_the_file_system_is_one_line_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27: a name longer than the file system takes (255 bytes) gave a traceback. Both
    with ``.pdf`` and without (the extension added), in this folder and in another."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "week3.pdf").write_bytes(b"last week's sheet")
    for out in ("a" * 300 + ".pdf", "b" * 300, str(tmp_path / ("c" * 252 + ".pdf"))):
        status, said, err = make(tmp_path, "--seed", "1", "--out", out)
        assert status == 2 and said == ""
        assert err.count("\n") == 1 and "Traceback" not in err
        assert f"--out '{out[:10]}…({len(out)} characters)': the name is too long" in err
        assert f"(at most {os.pathconf(tmp_path, 'PC_NAME_MAX')} characters a name here)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["week3.pdf"]
    assert (tmp_path / "week3.pdf").read_bytes() == b"last week's sheet"


def test_a_folder_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "sheets").mkdir()
    for out in (tmp_path / "sheets", f"{tmp_path / 'sheets'}/"):
        status, said, err = make(tmp_path, "--seed", "1", "--out", str(out))
        assert status == 2 and said == "" and err.count("\n") == 1
        assert "that is a folder; name a file, like 'week3.pdf'" in err
    assert list((tmp_path / "sheets").iterdir()) == []


@pytest.fixture
def unwritable_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder this user cannot write in: one made read-only (as root, who writes in any
    such folder, a folder of the kernel's, /sys/kernel, where even root cannot)."""
    if os.geteuid() == 0:
        yield Path("/sys/kernel")
        return
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


def test_a_folder_without_permission_is_one_line_naming_the_path(
        unwritable_folder: Path) -> None:
    before = sorted(unwritable_folder.iterdir())
    out = unwritable_folder / "week3.pdf"
    status, said, err = make(unwritable_folder, "--seed", "1", "--out", str(out))
    assert status == 2 and said == ""
    assert err == f"cribbage-edu: error: --out: cannot write '{out}': Permission denied\n"
    assert sorted(unwritable_folder.iterdir()) == before


def test_a_failed_write_leaves_the_earlier_file_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sheet is written beside its name and put in its place only when whole: a
    write that fails half way (a full disk) leaves the earlier file and no other."""
    from cribbage_edu.cli import handout

    earlier = tmp_path / "week3.pdf"
    earlier.write_bytes(b"last week's sheet")

    def full_disk(pages: object, out: object, **words: object) -> None:
        assert hasattr(out, "write")
        out.write(b"%PDF-1.4 half a sheet")  # type: ignore[attr-defined]
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(handout, "write_pdf", full_disk)
    status, said, err = make(tmp_path, "--seed", "1", "--out", str(earlier))
    assert status == 2 and said == ""
    assert err == (f"cribbage-edu: error: --out: cannot write '{earlier}': No space left "
                   f"on device\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["week3.pdf"]
    assert earlier.read_bytes() == b"last week's sheet"


def test_the_sheet_written_has_the_usual_file_mode(tmp_path: Path) -> None:
    """Written through a temporary file (made mode 600), the sheet ends with the mode a
    plain new file gets (0o666 less the umask), so it can be shared for printing."""
    mask = os.umask(0o022)
    try:
        assert make(tmp_path, "--seed", "1", "--out", str(tmp_path / "week3.pdf"))[0] == 0
    finally:
        os.umask(mask)
    assert oct((tmp_path / "week3.pdf").stat().st_mode & 0o777) == "0o644"
    assert [p.name for p in tmp_path.iterdir()] == ["week3.pdf"]


def test_every_card_in_the_play_is_a_real_position_judged_as_the_key_says(
        sheet: tuple[dict[str, str], dict[str, str]]) -> None:
    """Part D: the position printed is a possible one (ten different cards, the count under
    32, pone's lead, the dealer's answer, pone's second card), the key lists exactly the
    cards that fit, and its figures are the judge's for the position as printed (judged
    again here from the printed cards alone, through ``judge_play``'s statement)."""
    from cribbage_edu import PlayerView
    from cribbage_edu.strategy.coach.deal import judge_deal
    from cribbage_edu.strategy.worksheet import JUDGE_DEALS

    questions, key = sheet
    for n in range(1, 4):
        text = questions[f"D{n}"]
        dealer = text.startswith("You are the dealer")
        held = cards(text.split("you hold")[1].split("you threw")[0])
        thrown = cards(text.split("you threw")[1].split("starter")[0])
        starter = cards(text.split("starter")[1].split("laid so far")[0].split("You lead")[0])
        laid = cards(text.split("in order:")[1].split("(count")[0]) if "in order:" in text else []
        assert len(laid) == n - 1 and dealer == (n == 2)
        assert len(set(held + thrown + starter + laid)) == len(held) + 2 + 1 + len(laid)
        count = sum(min(DECK.index(c) // 4 + 1, 10) for c in laid)
        assert count <= 31 and (not laid or f"(count {count})" in text)
        mine = laid[1::2] if dealer else laid[0::2]
        assert len(held) + len(mine) == 4
        answer = key[f"D{n}"]
        assert answer.startswith(f"as {'the dealer' if dealer else 'pone'}, lay ")
        listed = re.findall(r"(10|[A2-9JQK])([♣♦♥♠]) ([+-]\d+\.\d\d)", answer.split(":", 1)[1])
        fits = [c for c in held if count + min(DECK.index(c) // 4 + 1, 10) <= 31]
        assert sorted(rank + SYMBOLS[suit] for rank, suit, _ in listed) == sorted(fits)
        view = PlayerView.in_play(" ".join(held + mine), " ".join(thrown), starter[0],
                                  dealer=dealer, laid=" ".join(laid))
        verdict = judge_deal(view, JUDGE_DEALS, seed=12)
        judged = {str(row.card): f"{row.points:+.2f}" for row in verdict.cards}
        assert {rank + SYMBOLS[suit]: points for rank, suit, points in listed} == judged
        best = cards(answer.split("lay ")[1].split(".")[0])
        assert set(best) == {str(c) for c in verdict.within_margin()}


def test_every_position_of_the_board_names_the_favourite_of_the_table(
        sheet: tuple[dict[str, str], dict[str, str]]) -> None:
    from cribbage_edu.tables.chance import win_probability

    questions, key = sheet
    favourites = set()
    for n in range(1, 4):
        pone, dealer = map(int, re.findall(r"\d+", questions[f"E{n}"].split("the favourite")[0]))
        chance = win_probability(pone, dealer, dealer=False)
        who = "pone" if chance > 0.5 else "the dealer"
        favourites.add(who)
        assert key[f"E{n}"].startswith(f"pone on {pone}, the dealer on {dealer}: {who}, who "
                                       f"wins {max(chance, 1 - chance):.0%}")
        assert abs(chance - 0.5) >= 0.12
    assert favourites == {"pone", "the dealer"}
