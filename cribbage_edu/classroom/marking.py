"""Marks a student cannot change: what nbgrader's autograde runs is the course's own
notebook, with nothing of the hand-in but each answer's plain value.

nbgrader marks a notebook by running it in a fresh kernel, hidden tests and all: a cell
the student wrote runs there too, and a student's cell can do anything to the tests
after it (replace the checker, patch ``isinstance``, hand in an answer whose ``==``
always says yes, exit the kernel, or write the outputs nbgrader reads). So before the
hand-in is run, :class:`PlainAnswers` (one of autograde's sanitising steps, named in the
course's ``nbgrader_config.py``) rebuilds it from the assignment's source: every cell
is the course's, and each answer cell (``answer_1 = ...`` and its check) gets, in place
of the ``...``, the value the student assigned to ``answer_1``, read from their cell's
text with :mod:`ast` and never run. A value is plain when it is made of numbers,
fractions, text in quotes, ``True``/``False``/``None`` and brackets of them: a student's
code is never run at all, and an answer written as code is marked wrong for being code.
Files handed in beside the notebook that the assignment does not have (a module named
like one a kernel imports, say) are left out before the kernel starts in that folder.

>>> read_answer("answer_1 = 4\\nexercise_1.check(answer_1)", "answer_1")
4
>>> read_answer('answer_2 = "pone"  # the dealer deals', "answer_2")
'pone'
>>> read_answer("answer_6 = Fraction(2, 46)", "answer_6")
Fraction(1, 23)
>>> read_answer("class Yes(int):\\n    def __eq__(self, other): return True\\n"
...             "answer_1 = Yes(99)", "answer_1")
NotPlain(code='Yes(99)', why='')
>>> read_answer("exercise_1.check(answer_1)", "answer_1")
Ellipsis
>>> print(answer_source("answer_6", Fraction(1, 23)))
from fractions import Fraction
answer_6 = Fraction(1, 23)
"""

from __future__ import annotations

import ast
import math
import operator
import shutil
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

__all__ = ["NotPlain", "PlainAnswers", "answer_source", "answers_only", "marked_notebook",
           "read_answer", "strays"]

KEPT_FILES = ("timestamp.txt",)
"""Files of a hand-in kept though the assignment has none: nbgrader's own record of when
it was handed in."""


@dataclass(frozen=True)
class NotPlain:
    """An answer that is not a plain value: the code it was written as (shortened), or
    why the cell could not be read. The checkers mark it wrong with :attr:`reason`.

    >>> NotPlain("len(crib_of(game, 1))").reason  # doctest: +ELLIPSIS
    'your answer is code (len(crib_of(game, 1))), not a value: ...'
    """

    code: str = ""
    why: str = ""

    @property
    def reason(self) -> str:
        """What the mark says of it."""
        if self.why:
            return f"your answer could not be read: {self.why}"
        return (f"your answer is code ({self.code}), not a value: only a value written "
                "out (a number, a fraction, or cards or words in quotes) is marked")


class _Code(Exception):
    """Raised inside :func:`plain_value`: the expression is code, not a plain value."""


def plain_value(node: ast.expr) -> Any:
    """The value of ``node`` when it is a plain value, worked out without running
    anything: numbers (with ``+ - * /`` between them), ``Fraction(...)`` of numbers or
    text, text, ``True``, ``False``, ``None``, ``...``, and tuples, lists and sets of
    these. Raises ``_Code`` for anything else (a name, a call, an attribute, ...).

    >>> plain_value(ast.parse("(11, -2 * 10)", mode="eval").body)
    (11, -20)
    >>> plain_value(ast.parse("3/46", mode="eval").body) == 3 / 46
    True
    """
    if isinstance(node, ast.Constant) and (
            node.value is None or node.value is ... or isinstance(node.value, (int, float, str))):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        try:
            return _COLLECTIONS[type(node)](plain_value(item) for item in node.elts)
        except TypeError as exc:  # a set of lists
            raise _Code from exc
    if isinstance(node, ast.UnaryOp) and type(node.op) in _SIGNS:
        return _SIGNS[type(node.op)](_number(plain_value(node.operand)))
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _number(plain_value(node.left)), _number(plain_value(node.right))
        try:
            return _ARITHMETIC[type(node.op)](left, right)
        except (ZeroDivisionError, OverflowError) as exc:
            raise _Code from exc
    if isinstance(node, ast.Call):
        return _call_value(node)
    raise _Code


_COLLECTIONS: dict[type[ast.expr], Callable[[Iterable[Any]], Any]] = {
    ast.Tuple: tuple, ast.List: list, ast.Set: set}
"""A plain tuple, list or set, by the node that writes it."""
_SIGNS: dict[type[ast.unaryop], Callable[[Any], Any]] = {ast.UAdd: operator.pos,
                                                          ast.USub: operator.neg}
"""The signs a plain number may carry."""
_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv}
"""The arithmetic allowed between plain numbers: ``+ - * /`` (no power: ``10**10**10``
would be worked out)."""


def _call_value(node: ast.Call) -> Any:
    """The two calls a plain value may be: ``set()`` (the empty set, as it is written:
    ``{}`` is a dict) and ``Fraction(...)`` of one or two numbers or texts."""
    if (isinstance(node.func, ast.Name) and node.func.id == "set" and not node.args
            and not node.keywords):
        return set()
    if not (_is_fraction(node.func) and not node.keywords and 1 <= len(node.args) <= 2):
        raise _Code
    parts = [plain_value(arg) for arg in node.args]
    if any(isinstance(part, bool) or not isinstance(part, (int, float, str, Fraction))
           for part in parts):
        raise _Code
    try:
        return Fraction(*parts)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError) as exc:
        raise _Code from exc


def _number(value: Any) -> int | float | Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise _Code
    return value


def _is_fraction(func: ast.expr) -> bool:
    """``Fraction`` or ``fractions.Fraction``."""
    if isinstance(func, ast.Name):
        return func.id == "Fraction"
    return (isinstance(func, ast.Attribute) and func.attr == "Fraction"
            and isinstance(func.value, ast.Name) and func.value.id == "fractions")


def read_answer(source: str, name: str) -> Any:
    """The answer a cell's text gives ``name``: the plain value of its last assignment
    to ``name`` at the top of the cell, ``...`` when the cell assigns it nothing, or a
    :class:`NotPlain` when the value is code, when anything else in the cell binds the
    name (``answer_1 += 1``, a ``for``, an ``import as``), or when the cell is not valid
    Python. Nothing is run."""
    try:
        tree = ast.parse(_without_magics(source))
    except SyntaxError as exc:
        return NotPlain(why=f"the cell is not valid Python (line {exc.lineno}: {exc.msg})")
    except (ValueError, RecursionError, MemoryError) as exc:
        return NotPlain(why=f"the cell is too big or too deep to read ({type(exc).__name__})")
    assigned = [statement for statement in tree.body
                if isinstance(statement, (ast.Assign, ast.AnnAssign))
                and any(isinstance(t, ast.Name) and t.id == name for t in _targets(statement))]
    targets = {id(t) for statement in assigned for t in _targets(statement)}
    other = next((node for node in _binding(tree, name) if id(node) not in targets), None)
    if other is not None:  # the line that binds it
        return NotPlain(_shortened(source.splitlines()[getattr(other, "lineno", 1) - 1]))
    if not assigned or assigned[-1].value is None:
        return ...
    value = assigned[-1].value
    try:
        plain = plain_value(value)
        answer_source(name, plain)  # can be written back (a number short enough to print)
    except (_Code, ValueError, RecursionError):
        return NotPlain(_shortened(ast.get_source_segment(source, value) or "?"))
    return plain


def _without_magics(source: str) -> str:
    """The cell as the kernel would read it: IPython's magics (``%time``, ``!ls``) turned
    into the plain Python calls they stand for, so that a cell with one still reads (as
    code that is not the answer); nothing is run.

    >>> "get_ipython()" in _without_magics("%time answer_1 = 4")
    True
    """
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return str(TransformerManager().transform_cell(source))  # type: ignore[no-untyped-call]
    except (SyntaxError, ValueError):  # IPython could not split it: read it as it is
        return source


def _targets(statement: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(statement.targets) if isinstance(statement, ast.Assign) else [statement.target]


def _binding(tree: ast.AST, name: str) -> Iterator[ast.AST]:
    """Every node of ``tree`` that binds or deletes ``name``."""
    return (node for node in ast.walk(tree) if _binds(node, name))


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and not isinstance(node.ctx, ast.Load)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name == name
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return any((alias.asname or alias.name.split(".")[0]) == name for alias in node.names)
    return isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names


def _shortened(code: str, limit: int = 40) -> str:
    flat = " ".join(code.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def answer_source(name: str, value: Any) -> str:
    """Python that gives ``name`` the plain ``value`` (or the :class:`NotPlain`): what the
    marked notebook's answer cell holds. Raises ``ValueError`` for a number too long to
    write out.

    >>> answer_source("answer_7", {"5H 5C"}), answer_source("answer_1", ...)
    ("answer_7 = {'5H 5C'}", 'answer_1 = ...')
    >>> print(answer_source("answer_1", NotPlain("Yes()")))
    from cribbage_edu.classroom.marking import NotPlain
    answer_1 = NotPlain(code='Yes()', why='')
    """
    if isinstance(value, NotPlain):
        return (f"from {__name__} import NotPlain\n"
                f"{name} = NotPlain(code={value.code!r}, why={value.why!r})")
    written = _written(value)
    head = "from fractions import Fraction\n" if "Fraction(" in written else ""
    return f"{head}{name} = {written}"


def _written(value: Any) -> str:
    if value is ...:
        return "..."
    if isinstance(value, Fraction):
        return f"Fraction({value.numerator}, {value.denominator})"
    if isinstance(value, float) and not math.isfinite(value):  # as a student writes them
        return "(1e999 - 1e999)" if math.isnan(value) else "1e999" if value > 0 else "-1e999"
    if isinstance(value, tuple):
        inside = ", ".join(_written(v) for v in value)
        return f"({inside},)" if len(value) == 1 else f"({inside})"
    if isinstance(value, list):
        return "[" + ", ".join(_written(v) for v in value) + "]"
    if isinstance(value, set):
        return ("{" + ", ".join(sorted(_written(v) for v in value)) + "}") if value else "set()"
    return repr(value)


def _nbgrader(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _answer_line(source: str) -> tuple[str, int, int] | None:
    """The name an answer cell of the course asks for (its ``answer_N = ...``) and the
    lines that statement spans, or None for any other cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for statement in tree.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, ast.Constant) and statement.value.value is ...):
            end = statement.end_lineno or statement.lineno
            return statement.targets[0].id, statement.lineno, end
    return None


def answers_only(source: dict[str, Any]) -> bool:
    """Whether every answer cell (nbgrader's solution cell) of ``source`` asks for one
    value, ``answer_N = ...``, as the course's assignments do: a teacher's own assignment,
    with answers of other kinds, is left to nbgrader.

    >>> answers_only({"cells": [{"cell_type": "code", "source": "answer_1 = ...",
    ...                          "metadata": {"nbgrader": {"solution": True}}}]})
    True
    >>> answers_only({"cells": [{"cell_type": "code", "source": "def essay(): ...",
    ...                          "metadata": {"nbgrader": {"solution": True}}}]})
    False
    """
    answers = [cell for cell in source["cells"] if _nbgrader(cell).get("solution")]
    return bool(answers) and all(cell.get("cell_type") == "code"
                                 and _answer_line(_text(cell)) is not None for cell in answers)


def marked_notebook(source: dict[str, Any], handed_in: dict[str, Any]) -> dict[str, Any]:
    """The notebook autograde runs: ``source`` (the assignment as the course wrote it,
    hidden tests included) cell for cell, each answer cell's ``...`` replaced by the
    plain value the ``handed_in`` notebook's cell of the same grade id assigns (see
    :func:`read_answer`). Nothing else of the hand-in is kept: not its other cells, its
    outputs, its metadata, nor a cell it added.

    >>> def cell(text, grade_id=None):
    ...     meta = {"nbgrader": {"grade_id": grade_id, "solution": True}} if grade_id else {}
    ...     return {"cell_type": "code", "source": text, "metadata": meta, "outputs": []}
    >>> course = {"cells": [cell("answer_1 = ...\\nexercise_1.check(answer_1)", "a1")],
    ...           "metadata": {}}
    >>> hand_in = {"cells": [cell("import os; os._exit(0)"),
    ...                      cell("answer_1 = 4  # four\\nexercise_1.check(answer_1)", "a1")]}
    >>> [c["source"] for c in marked_notebook(course, hand_in)["cells"]]
    ['answer_1 = 4\\nexercise_1.check(answer_1)']
    """
    answers: dict[str, str] = {}
    for cell in handed_in.get("cells", []):
        grade_id = _nbgrader(cell).get("grade_id") if isinstance(cell, dict) else None
        if isinstance(grade_id, str) and cell.get("cell_type") == "code":
            answers.setdefault(grade_id, _text(cell))
    cells = []
    for cell in source["cells"]:
        made = dict(cell, metadata=dict(cell.get("metadata", {})), source=_text(cell))
        if made.get("cell_type") == "code":
            made["outputs"], made["execution_count"] = [], None
        found = _answer_line(_text(cell)) if _nbgrader(cell).get("solution") else None
        if found is not None:
            name, first, last = found
            answer = read_answer(answers.get(_nbgrader(cell)["grade_id"], ""), name)
            lines = _text(cell).split("\n")
            made["source"] = "\n".join([*lines[:first - 1], answer_source(name, answer),
                                        *lines[last:]])
        cells.append(made)
    return dict(source, cells=cells)


def strays(folder: Path, kept: Iterable[str]) -> list[Path]:
    """What in ``folder`` is not one of the ``kept`` files (paths relative to it) nor a
    folder on the way to one: the outermost such paths, symbolic links included.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> for name in ("lesson.ipynb", "data/a.json", "data/b.py", "pkg/x.py", "y.py"):
    ...     (root / name).parent.mkdir(exist_ok=True)
    ...     _ = (root / name).write_text("")
    >>> [str(p.relative_to(root)) for p in strays(root, ["lesson.ipynb", "data/a.json"])]
    ['data/b.py', 'pkg', 'y.py']
    """
    files = {Path(name) for name in kept}
    folders = {parent for name in files for parent in name.parents}

    def below(path: Path) -> Iterator[Path]:
        for inner in sorted(path.iterdir()):
            relative = inner.relative_to(folder)
            if inner.is_symlink() or (relative not in files and relative not in folders):
                yield inner
            elif relative in folders and inner.is_dir():
                yield from below(inner)

    return list(below(folder))


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


class PlainAnswers(Preprocessor):
    """The sanitising step of ``nbgrader autograde`` that makes the marks the student's
    code cannot reach: the hand-in becomes :func:`marked_notebook` of the assignment's
    source notebook, and the hand-in's folder (where the kernel will start) loses every
    file the assignment does not have (:func:`strays`). Named in the course's settings:
    ``c.Autograde.sanitize_preprocessors``, before nbgrader's own ``OverwriteCells``,
    which then finds every locked cell as the course wrote it."""

    enabled = Bool(True).tag(config=True)

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """Rebuild ``nb`` (the hand-in) from the source; clear the folder it is marked in."""
        import nbformat
        from nbgrader.coursedir import CourseDirectory

        course = CourseDirectory(config=self.config)
        info = resources["nbgrader"]
        source_folder = Path(course.format_path(course.source_directory, ".",
                                                info["assignment"]))
        source = nbformat.read(source_folder / f"{info['notebook']}.ipynb",  # type: ignore[no-untyped-call]
                               as_version=4)
        if not answers_only(source):
            self.log.warning("%s is not one of cribbage-edu's assignments (an answer cell "
                             "that is not `answer_N = ...`): marked by nbgrader's own steps "
                             "alone", info["notebook"])
            return nb, resources
        marked = nbformat.from_dict(marked_notebook(source, nb))  # type: ignore[no-untyped-call]
        here = Path(course.format_path(course.autograded_directory, info["student"],
                                       info["assignment"]))
        files = [str(p.relative_to(source_folder)) for p in source_folder.rglob("*")
                 if p.is_file()]
        if here.is_dir():
            for stray in strays(here, [*files, *KEPT_FILES]):
                self.log.warning("%s: left out %s, handed in beside the notebook: the "
                                 "assignment has no such file", info["student"],
                                 stray.relative_to(here))
                _remove(stray)
        return marked, resources
