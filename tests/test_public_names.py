"""One public name a thing: a module lists in its ``__all__`` only what it defines.

A name a module imports and lists again in its ``__all__`` is a second public name for
the same thing (``tables.chance.TARGETS`` was ``rules.options.TARGETS``): two homes a
reader must check are the same, and two ways in that drift apart. A package's
``__init__`` gathers its modules' names on purpose and is not counted; the few modules
that still offer another's names are listed with their reasons, and each listed name must
still be offered (an excuse that is no longer needed is an error too). Read from the
syntax trees: nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "cribbage_edu", ROOT / "widgets")

GAME, CONSOLE = "cribbage_edu/rules/game.py", "cribbage_edu/cli/console.py"
OFFERED_AGAIN = {
    **{(GAME, name): "the game's API speaks the events' types, its options and save format"
       for name in ("Action", "ActionKind", "Event", "Phase", "Source", "GameOptions",
                    "SAVE_FORMAT", "SAVE_VERSION")},
    **{(CONSOLE, name): "the command line's shared words (classroom.errors'), by one door"
       for name in ("BadInput", "PROG", "NAME_MAX", "shortened", "too_long_name")},
    ("cribbage_edu/study/simulation.py", "SOURCES"):
        "lesson 11 and benchmarks/strength.py import it from here",
    ("cribbage_edu/strategy/coach/model.py", "REACH"):
        "how near home the judge weighs the chance to win: the master's ENDGAME, named for "
        "what it is to the judge",
}
"""Modules that list another's name in their ``__all__``, each with its reason."""


def offered_again(path: Path) -> list[str]:
    """The names ``path``'s ``__all__`` lists that the module only imports, or binds to an
    imported name (``X = Y``)."""
    tree = ast.parse(path.read_text("utf-8"))
    listed: list[str] = []
    imported: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            imported |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if "__all__" in names and isinstance(node.value, ast.List | ast.Tuple):
                listed = [e.value for e in node.value.elts
                          if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            elif isinstance(node.value, ast.Name) and node.value.id in imported:
                imported |= set(names)
    defined = {node.name for node in tree.body
               if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    return [name for name in listed if name in imported and name not in defined]


def test_the_check_finds_an_imported_name_listed_again(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from .options import TARGETS as GAME_TARGETS, game_target\n"
                      "from .scoring import Kind\n"
                      "TARGETS = GAME_TARGETS\nOWN = 3\n"
                      "__all__ = ['OWN', 'TARGETS', 'game_target', 'mine']\n"
                      "def mine() -> None: ...\n")
    assert offered_again(sample) == ["TARGETS", "game_target"]


def modules() -> list[Path]:
    return [path for folder in SOURCES for path in sorted(folder.rglob("*.py"))
            if path.name != "__init__.py"]


def test_no_module_offers_another_modules_name() -> None:
    found = [f"{path.relative_to(ROOT).as_posix()}: {name}" for path in modules()
             for name in offered_again(path)
             if (path.relative_to(ROOT).as_posix(), name) not in OFFERED_AGAIN]
    assert found == []
    for (where, name), reason in OFFERED_AGAIN.items():  # each excuse still needed
        assert name in offered_again(ROOT / where), (where, name, reason)
