"""The shape of the package, read from the source: layers point down, rooms too.

Every import is read from the modules' syntax trees, deferred imports inside functions
included (they hide a cycle rather than remove it), and imports under
``if TYPE_CHECKING:`` too: they never run, but a module that names another's types
depends on it as surely, and a room that hid its upward imports there would pass a check
it fails. A string that is a program (one handed to ``python -c``, or written out to be
run) is read as code too, with every check below: a program in a string is no way round
them.

- no import cycle among the modules of ``cribbage_edu`` (the widgets included);
- every engine module lives in a room (rules, strategy, tables, models, study, render,
  stats), as do the charts and the classroom above them, and each imports only from the
  rooms below its own; nothing imports the models;
  ``render``, the bottom room, imports nothing of the package (what it draws of the rules'
  values it reads through shapes of its own), and the pictures of the strategy's values
  live in the charts, which may import it;
- no engine module imports ``argparse``, the command line, the charts or the classroom;
- the classroom (``cribbage_edu.classroom``: what subclasses JupyterHub, Voila, nbgrader and
  jupyter_server, and writes their settings) is a room above the engine and the charts,
  imported only by the command line, and never parses argv; the command line subclasses
  none of those tools (its classroom commands are thin: arguments, then calls into the
  room); every import path the classroom writes into a tool's settings names a module
  that is there;
- no module (tests, scripts and benchmarks included) imports another module's
  private (``_name``) names, by ``from m import _name`` or as ``m._name``;
- no rule's number (15, 31, 29, 121, 61) is written outside ``cribbage_edu/rules/``: in
  the rest of the package, the widgets and the lesson helpers each is named (the few
  equal numbers that are no rule are listed with their reasons);
- no test reads a private attribute of a widget (or of anything else, but for the few
  listed with their reasons): a test drives and reads a widget as a learner's code would.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "cribbage_edu"
SOURCES = {PACKAGE: ROOT / "cribbage_edu", f"{PACKAGE}.widgets": ROOT / "widgets"}
"""Where each package's source lives (the widgets are installed as a subpackage)."""

NOT_ENGINE = (f"{PACKAGE}.cli", f"{PACKAGE}.charts", f"{PACKAGE}.classroom",
              f"{PACKAGE}.widgets", f"{PACKAGE}.__main__")
"""The layers above the engine; every other module of the package is the engine."""

FORBIDDEN_IN_ENGINE = ("argparse", f"{PACKAGE}.cli", f"{PACKAGE}.charts",
                       f"{PACKAGE}.classroom", f"{PACKAGE}.widgets")


@dataclass(frozen=True)
class Import:
    """One imported module (and the names taken from it) at a line of a file."""

    module: str
    names: tuple[str, ...]
    line: int


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = module_files()


def is_package(module: str) -> bool:
    return MODULES.get(module, Path()).name == "__init__.py"


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


PROGRAM_NODES = (ast.Import, ast.ImportFrom, ast.Call, ast.Assign, ast.AugAssign,
                 ast.AnnAssign, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                 ast.Return, ast.For, ast.While, ast.With, ast.Try, ast.Lambda)
"""What makes a string that parses as Python a program rather than a word or a number:
it imports, calls, assigns or defines something."""


def programs_in_strings(tree: ast.AST) -> list[ast.Module]:
    """Each string of ``tree`` that is a program, parsed, its lines counted from the
    string's own line (programs written inside those programs too).

    >>> tree = ast.parse('run("import os; os._exit(0)")\\nWORDS = "fifteen two"\\nN = "31"')
    >>> [ast.unparse(p) for p in programs_in_strings(tree)]
    ['import os\\nos._exit(0)']
    """
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        try:
            with warnings.catch_warnings():  # a regular expression's "\d" is no program
                warnings.simplefilter("ignore", SyntaxWarning)
                warnings.simplefilter("ignore", DeprecationWarning)
                program = ast.parse(node.value)
        except (SyntaxError, ValueError):
            continue
        if any(isinstance(inner, PROGRAM_NODES) for inner in ast.walk(program)):
            ast.increment_lineno(program, node.lineno - 1)
            found += [program, *programs_in_strings(program)]
    return found


THE_GUARDS_SAMPLES = ("tests/test_imports.py",)
"""The files whose strings are not read as programs: the guard's own tests write the
faults it must find as sample programs in strings."""


def code_trees(path: Path) -> list[ast.Module]:
    """The file's syntax tree and the tree of every program written in its strings."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    if path.is_relative_to(ROOT) and path.relative_to(ROOT).as_posix() in THE_GUARDS_SAMPLES:
        return [tree]
    return [tree, *programs_in_strings(tree)]


def imports_of(path: Path, module: str | None = None) -> list[Import]:
    """Every import a file makes (at run time, inside functions, under
    ``if TYPE_CHECKING:`` and in the programs its strings hold), relative ones resolved
    against ``module`` (its dotted name; ``None`` for files outside the package)."""
    here = module.split(".") if module else []
    if module and not is_package(module):
        here = here[:-1]  # a plain module's relative imports start from its package
    found = []
    for node in (n for tree in code_trees(path) for n in ast.walk(tree)):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names)
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.append(Import(target, names, node.lineno))
    return found


def edges(module: str) -> set[str]:
    """The package's modules that ``module`` imports: ``from pkg import sub`` counts as
    an import of the submodule ``pkg.sub``; ``from pkg import name`` of ``pkg``."""
    out = set()
    for imp in imports_of(MODULES[module], module):
        subs = [f"{imp.module}.{n}" for n in imp.names if f"{imp.module}.{n}" in MODULES]
        out.update(subs)
        if imp.module in MODULES and len(subs) < max(1, len(imp.names)):
            out.add(imp.module)
    out.discard(module)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of nodes (the first repeated at the end), or
    ``None``.

    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    True
    >>> find_cycle({"a": {"b"}, "b": {"a"}})
    ['a', 'b', 'a']
    """
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def is_engine(module: str) -> bool:
    return not any(module == top or module.startswith(top + ".") for top in NOT_ENGINE)


def test_the_walk_sees_every_module_and_a_deferred_import() -> None:
    assert {f"{PACKAGE}.cli", f"{PACKAGE}.cli.play", f"{PACKAGE}.rules.game",
            f"{PACKAGE}.widgets.table"} <= set(MODULES)
    # the CLI's charts are imported inside functions: the walk must see them
    assert f"{PACKAGE}.charts" in edges(f"{PACKAGE}.cli.stats")
    assert f"{PACKAGE}.cli.console" in edges(f"{PACKAGE}.cli.show")


def test_no_import_cycle_in_the_package() -> None:
    graph = {module: edges(module) for module in MODULES}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(m for m in MODULES if is_engine(m)))
def test_the_engine_never_imports_the_command_line_or_the_charts(module: str) -> None:
    bad = [f"line {imp.line}: {imp.module} {imp.names}"
           for imp in imports_of(MODULES[module], module)
           for target in [imp.module, *(f"{imp.module}.{n}" for n in imp.names)]
           if any(target == f or target.startswith(f + ".") for f in FORBIDDEN_IN_ENGINE)]
    assert bad == []


ROOMS_BELOW = {
    "stats": set(),
    "rules": {"render"},
    "render": set(),
    "tables": {"rules", "stats"},
    "strategy": {"rules", "tables", "stats"},
    "study": {"rules", "tables", "strategy", "stats"},
    "models": {"rules", "tables", "strategy", "study", "stats"},
    "charts": {"rules", "tables", "strategy", "study", "render", "stats"},
    "classroom": {"rules", "tables", "strategy", "study", "render", "stats", "charts"},
}
"""The engine's rooms and the rooms each may import from (besides its own): the rules
know nothing of how to play well, the strategy reads the tables, the generators of the
tables sit on top and only ``scripts/`` run them; ``stats`` (the 95% interval) stands
alone, for whatever works out a figure from samples. A rule draws itself with ``render``
(imported inside ``_repr_html_``), which imports nothing back, not even a type: it reads a
card, a board or a player's view through shapes of its own (``render.shapes``). The
pictures drawn from the strategy's values (the throws, a review) are the charts'. The
classroom sits on top: it serves the course (its assessment asks the rules and the
strategy, its class report is drawn by the charts) and only the command line calls it."""


def room_of(module: str) -> str | None:
    """The engine room a module of the package lives in (``None`` for the package itself,
    the command line and the widgets).

    >>> room_of("cribbage_edu.rules.game"), room_of("cribbage_edu.charts"), room_of("cribbage_edu")
    ('rules', 'charts', None)
    """
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ROOMS_BELOW else None


OUTSIDE_THE_ROOMS = {
    PACKAGE: "the names most used, at the top, each imported when first asked for",
    f"{PACKAGE}.__main__": "python -m cribbage_edu",
    f"{PACKAGE}.coach": "the coach by the name the course gives it: a door onto "
                        "strategy.coach, nothing of its own",
}
"""The engine's modules that live in no room, each with its reason."""


def test_every_engine_module_lives_in_a_room() -> None:
    loose = sorted(m for m in MODULES if is_engine(m) and room_of(m) is None
                   and m not in OUTSIDE_THE_ROOMS)
    assert loose == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if room_of(m) is not None))
def test_a_room_imports_only_the_rooms_below_it(module: str) -> None:
    room = room_of(module)
    assert room is not None
    allowed = {room, *ROOMS_BELOW[room]}
    bad = sorted(target for target in edges(module)
                 if target != PACKAGE and room_of(target) not in allowed)
    assert bad == [], f"{module} ({room}) may import only from {sorted(allowed)}"


CLASSROOM = f"{PACKAGE}.classroom"
THE_TOOLS = ("jupyterhub", "jupyter_server", "voila", "nbgrader", "nbconvert", "tornado",
             "traitlets")
"""The tools a class is served with: the classroom subclasses and configures them."""


def in_classroom(module: str) -> bool:
    return module == CLASSROOM or module.startswith(CLASSROOM + ".")


def test_only_the_command_line_imports_the_classroom() -> None:
    users = sorted(m for m in MODULES if not in_classroom(m)
                   and any(in_classroom(t) for t in edges(m))
                   and not (m == f"{PACKAGE}.cli" or m.startswith(f"{PACKAGE}.cli.")))
    assert users == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if in_classroom(m)))
def test_the_classroom_parses_no_argv(module: str) -> None:
    bad = [f"line {imp.line}: {imp.module}" for imp in imports_of(MODULES[module], module)
           if imp.module == "argparse" or imp.module.startswith(f"{PACKAGE}.cli")]
    assert bad == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES
                                          if m.startswith(f"{PACKAGE}.cli")))
def test_the_command_line_leaves_the_tools_to_the_classroom(module: str) -> None:
    bad = [f"line {imp.line}: {imp.module}" for imp in imports_of(MODULES[module], module)
           if imp.module.split(".")[0] in THE_TOOLS]
    assert bad == []


def import_paths_written(path: Path) -> list[tuple[int, str]]:
    """Each dotted path into the package that ``path`` writes for a tool to load: a string
    that is one whole (``'cribbage_edu.classroom.hub_parts'``), or one quoted inside a line
    of settings a string holds (``"c.X.submit = 'cribbage_edu....PrivateSubmit'"``), with
    its line. Text that merely mentions a module is not such a string.
    """
    import re

    dotted = rf"{PACKAGE}(?:\.[A-Za-z_]\w*)+"
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.fullmatch(dotted, node.value):
                found.append((node.lineno, node.value))
            else:
                found += [(node.lineno, quoted)
                          for quoted in re.findall(rf"""['"]({dotted})['"]""", node.value)]
    return sorted(found)


def names_something(dotted: str) -> bool:
    """Whether ``dotted`` is a module of the package, or a name defined at the top of one
    (read from its syntax tree: the tools need not be installed)."""
    if dotted in MODULES:
        return True
    module, _, name = dotted.rpartition(".")
    if module not in MODULES:
        return False
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    defined = {node.name for node in tree.body
               if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)}
    defined |= {target.id for node in tree.body if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)}
    return name in defined


def test_the_import_path_check_reads_whole_and_quoted_paths(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('A = "cribbage_edu.x.Y"\n'
                      'B = "c.Z.submit = \'cribbage_edu.z\'"\n'
                      'C = "see cribbage_edu.w for more"\n')
    assert import_paths_written(sample) == [(1, "cribbage_edu.x.Y"), (2, "cribbage_edu.z")]
    assert names_something(f"{CLASSROOM}.hub_parts.CourseSpawner")
    assert not names_something(f"{PACKAGE}.cli.hub_parts.CourseSpawner")
    assert not names_something(f"{CLASSROOM}.voila.NoSuchPage")


def test_every_import_path_the_classroom_writes_is_there() -> None:
    written = {(MODULES[m].relative_to(ROOT).as_posix(), line, text)
               for m in MODULES if in_classroom(m)
               for line, text in import_paths_written(MODULES[m])}
    # what the hub, nbgrader and Voila are told to load, by the paths they are told
    assert {text for _, _, text in written} >= {
        f"{CLASSROOM}.hub_parts", f"{CLASSROOM}.marking.PlainAnswers",
        f"{CLASSROOM}.hub_exchange.OwnedCollect", f"{CLASSROOM}.hub_exchange.PrivateSubmit",
        f"{CLASSROOM}.kernels.ClassroomKernelManager",
        f"{CLASSROOM}.voila.ClassIdentityProvider", f"{CLASSROOM}.voila"}
    missing = sorted(f"{where}:{line}: {text}" for where, line, text in written
                     if not names_something(text))
    assert missing == []


COACH = f"{PACKAGE}.strategy.coach"
COACH_LAYERS = ("grades", "position", "phrases", "model", "dealplay", "deal", "throw", "card",
                "count", "view", "player", "dealplayer", "review")
"""The coach's modules, each one job, in the order they stand: each imports only those
before it (the grades at the bottom, the review on top), and the package's
``__init__`` gathers their public names."""

THE_MODELS_OWN = (f"{PACKAGE}.strategy.pegsolver", f"{PACKAGE}.strategy.discard",
                  f"{PACKAGE}.strategy.master", f"{PACKAGE}.tables")
"""What the judge's model asks (the solvers, the advisor, the master's chances, the
shipped tables): only the coach's ``model`` module imports them, so the model of the game
lives in one place and another can be put in its stead."""


def test_the_coach_is_a_room_of_its_own_in_layers() -> None:
    inside = sorted(m for m in MODULES if m.startswith(COACH + "."))
    assert inside == sorted(f"{COACH}.{name}" for name in COACH_LAYERS)
    for at, name in enumerate(COACH_LAYERS):
        below = {f"{COACH}.{other}" for other in COACH_LAYERS[:at]}
        reached = {t for t in edges(f"{COACH}.{name}") if t.startswith(COACH)}
        assert reached <= below, f"{COACH}.{name} imports {sorted(reached - below)}"


COACH_MODELS = ("deal", "dealplay", "model")
"""The coach's models of the game: the model of the whole deal (``deal``, with its
hidden-hand play-out ``dealplay``), which judges a card in a game, and the open-hands model
(``model``), which judges a position given without its history (``judge_card``)."""


NAMES_THE_MODELS_TYPES = {
    (f"{COACH}.throw", f"{PACKAGE}.strategy.discard"):
        "names DiscardOption (under TYPE_CHECKING), the type of the options the model hands "
        "it; it calls nothing of the advisor",
}
"""A coach module that names a type of what the model owns without asking it anything,
each with its reason (the check reads type-only imports too, so each is listed)."""


def test_only_the_coachs_model_asks_the_solvers_and_the_tables() -> None:
    askers = sorted(m for m in MODULES if m.startswith(COACH) and any(
        (t == own or t.startswith(own + ".")) and (m, t) not in NAMES_THE_MODELS_TYPES
        for t in edges(m) for own in THE_MODELS_OWN))
    assert askers == [f"{COACH}.{name}" for name in COACH_MODELS]
    for (module, target), reason in NAMES_THE_MODELS_TYPES.items():  # each still needed
        assert target in edges(module), reason


@pytest.mark.parametrize("name", COACH_LAYERS)
def test_each_module_of_the_coach_is_short(name: str) -> None:
    """One job a module: under about 400 lines each (the coach was one file of 1,631)."""
    assert len(MODULES[f"{COACH}.{name}"].read_text("utf-8").splitlines()) <= 400


def test_the_cards_load_without_the_strategy() -> None:
    """The top of the package imports lazily: the cards load the rules they need, never
    the strategy, the tables or the study (each in a fresh interpreter)."""
    import subprocess
    import sys

    code = ("import sys, cribbage_edu.rules.cards; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('cribbage_edu'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout.split()
    assert f"{PACKAGE}.rules.cards" in loaded
    assert [m for m in loaded if room_of(m) not in (None, "rules")] == []
    assert not any(m.startswith(f"{PACKAGE}.strategy") for m in loaded)


def test_the_widgets_and_the_table_load_without_matplotlib() -> None:
    """A learner who opens the table pays for no chart library it does not draw with:
    importing the widgets, opening a GameTable and playing its first deal to the throw
    leave matplotlib unloaded (a fresh interpreter); a chart imports it when it is drawn."""
    import subprocess
    import sys

    code = ("import sys, cribbage_edu.widgets as w; before = 'matplotlib' in sys.modules; "
            "table = w.GameTable(seed=3); trainer = w.DiscardTrainer(seed=3); "
            "print(before, 'matplotlib' in sys.modules, "
            "any(m.startswith('matplotlib') for m in sys.modules)); "
            "import cribbage_edu.charts as c; c.simulation_chart; "
            "print('matplotlib' in sys.modules)")
    lines = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT).stdout.splitlines()
    assert lines == ["False False False", "True"]


def test_every_chart_is_found_lazily_in_its_home() -> None:
    """``cribbage_edu.charts`` imports each chart when first asked for: every name of its
    ``__all__`` is the very object of the module its ``TYPE_CHECKING`` block (what mypy
    reads) imports it from, and a name it has not is an AttributeError."""
    import importlib

    import cribbage_edu.charts as charts

    tree = ast.parse(MODULES[f"{PACKAGE}.charts"].read_text("utf-8"))
    block = next(node for node in tree.body
                 if isinstance(node, ast.If) and _type_checking_only(node))
    typed = {alias.name: f"{PACKAGE}.charts.{node.module}" for node in block.body
             if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert set(typed) == set(charts.__all__)
    for name, home in typed.items():
        assert getattr(charts, name) is getattr(importlib.import_module(home), name)
    with pytest.raises(AttributeError, match="no attribute 'pie_chart'"):
        charts.pie_chart  # noqa: B018


def test_every_name_at_the_top_is_its_homes_and_mypy_sees_it() -> None:
    """Each name of ``cribbage_edu.__all__`` is found (lazily) and is the very object of
    the module it lives in; the ``TYPE_CHECKING`` block that shows mypy the names imports
    each from the same home."""
    import importlib

    import cribbage_edu

    tree = ast.parse(MODULES[PACKAGE].read_text("utf-8"))
    block = next(node for node in tree.body
                 if isinstance(node, ast.If) and _type_checking_only(node))
    typed = {alias.name: f"{PACKAGE}.{node.module}" for node in block.body
             if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert set(typed) == set(cribbage_edu.__all__) - {"__version__", "coach"}
    for name, home in typed.items():
        assert getattr(cribbage_edu, name) is getattr(importlib.import_module(home), name)
    assert set(cribbage_edu.__all__) <= set(dir(cribbage_edu))
    import cribbage_edu.coach

    assert cribbage_edu.coach.judge_card is cribbage_edu.strategy.coach.judge_card
    with pytest.raises(AttributeError, match="no attribute 'judge_nothing'"):
        cribbage_edu.judge_nothing  # noqa: B018


def test_nothing_a_learner_runs_imports_the_generators() -> None:
    """The models make the shipped tables; only ``scripts/`` (and tests) run them."""
    users = sorted(m for m in MODULES if room_of(m) != "models"
                   and any(room_of(t) == "models" for t in edges(m)))
    assert users == []


def test_the_stored_deals_stay_out_of_the_installed_package() -> None:
    """win_deals.npz is needed only to regenerate the chance-to-win table: the package
    data installs the tables (JSON) and not it."""
    import fnmatch
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    patterns = config["package-data"][PACKAGE]
    shipped = [p.relative_to(ROOT / PACKAGE).as_posix()
               for p in (ROOT / PACKAGE).rglob("*") if p.is_file() and p.suffix != ".py"]
    installed = {f for f in shipped for pattern in patterns if fnmatch.fnmatch(f, pattern)}
    assert {"data/crib_table.json", "data/peg_table.json", "data/win_table.json"} <= installed
    assert not any(f.endswith(".npz") for f in installed)
    assert "models/data/win_deals.npz" in shipped  # kept in the repository


def test_every_package_folder_is_installed() -> None:
    """The packages are listed by hand in ``pyproject.toml`` (the widgets are mapped from a
    folder of their own): every folder of the source with an ``__init__.py`` is among them,
    so a plain ``pip install`` (not only an editable one) brings every module."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    folders: set[str] = set()
    for package, source in SOURCES.items():
        for init in source.rglob("__init__.py"):
            parts = init.parent.relative_to(source).parts
            folders.add(".".join((package, *parts)))
    assert sorted(folders - listed) == []
    assert sorted(listed - folders) == []


@pytest.mark.slow
def test_a_built_wheel_holds_every_module(tmp_path: Path) -> None:
    """Build the wheel as ``pip install .`` would (no editable mapping), from a copy of the
    sources (a build leaves its ``build/`` folder behind, which a second build would read),
    and find every module of the package in it, the shipped tables too."""
    import shutil
    import subprocess
    import sys
    import zipfile

    source = tmp_path / "source"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        source.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    for folder in SOURCES.values():
        shutil.copytree(folder, source / folder.name, ignore=skip)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(tmp_path), str(source)],
                   check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("cribbage_edu-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = set()
    for package, folder in SOURCES.items():
        root = package.replace(".", "/")
        wanted |= {f"{root}/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*.py")
                   if "__pycache__" not in p.parts}
    assert sorted(wanted - names) == []
    assert {"cribbage_edu/data/rulebook.json", "cribbage_edu/data/win_table.json"} <= names


def test_only_the_models_import_numpy() -> None:
    """numpy makes the crib table and the chance-to-win table (offline); nothing a
    learner runs needs it."""
    users = sorted(module for module in MODULES
                   if any(imp.module == "numpy" or imp.module.startswith("numpy.")
                          for imp in imports_of(MODULES[module], module)))
    assert users == [f"{PACKAGE}.models.chancemodel", f"{PACKAGE}.models.cribmodel"]


def project_files() -> list[tuple[Path, str | None]]:
    """Every Python file of the project with its dotted name inside the package (or
    ``None``): the package, tests, scripts, benchmarks, lesson helpers, conftest."""
    files: list[tuple[Path, str | None]] = [(p, m) for m, p in MODULES.items()]
    for folder in ("tests", "scripts", "benchmarks", "lessons"):
        files += [(p, None) for p in sorted((ROOT / folder).rglob("*.py"))]
    files.append((ROOT / "conftest.py", None))
    return files


def private_uses(path: Path, module: str | None) -> list[str]:
    """``from m import _name`` and ``m._name`` where ``m`` is a project module other
    than the file's own (dunder names such as ``__version__`` are public)."""
    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__")

    def ours(target: str) -> bool:
        return target == PACKAGE or target.startswith(PACKAGE + ".")

    found = []
    aliases: dict[str, str] = {}
    imports = imports_of(path, module)
    for imp in imports:
        if not ours(imp.module) or imp.module == module:
            continue
        found += [f"line {imp.line}: from {imp.module} import {n}"
                  for n in imp.names if private(n)]
        for n in imp.names:
            if f"{imp.module}.{n}" in MODULES:
                aliases[n] = f"{imp.module}.{n}"
    nodes = [node for tree in code_trees(path) for node in ast.walk(tree)]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if ours(alias.name):
                    aliases[alias.asname or alias.name] = alias.name
    for node in nodes:
        if (isinstance(node, ast.Attribute) and private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in aliases
                and aliases[node.value.id] != module):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return sorted(found, key=lambda text: int(text.split(":")[0].split()[1]))


def test_the_private_name_check_finds_both_forms(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from cribbage_edu.rules.game import _secret, Game\n"
                      "from cribbage_edu.tables import cribtable\n"
                      "import cribbage_edu.strategy.discard as d\n"
                      "from cribbage_edu import __version__\n"
                      "cribtable._load()\nd._x\nGame._private\n")
    assert private_uses(sample, None) == [
        "line 1: from cribbage_edu.rules.game import _secret",
        "line 5: cribtable._load", "line 6: d._x"]


def test_the_checks_read_an_import_made_only_for_types(tmp_path: Path) -> None:
    """An import under ``if TYPE_CHECKING:`` is a dependency all the same: a picture in
    ``render`` that named the coach's types there would be a room importing upwards."""
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n"
                      "    from ..strategy.coach import Review\n"
                      "    import cribbage_edu.strategy.discard\n")
    found = imports_of(sample, f"{PACKAGE}.render.review")
    assert [(i.module, i.names, i.line) for i in found] == [
        ("typing", ("TYPE_CHECKING",), 1), (f"{PACKAGE}.strategy.coach", ("Review",), 3),
        (f"{PACKAGE}.strategy.discard", (), 4)]


def test_the_bottom_room_names_nothing_of_the_package() -> None:
    """``render`` imports no module of the package outside itself, not even for a type."""
    found = sorted(f"{m}: {t}" for m in MODULES if room_of(m) == "render"
                   for t in edges(m) if room_of(t) != "render")
    assert found == []


def test_the_checks_read_a_program_in_a_string(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('import subprocess, sys\n'
                      'CODE = ("import cribbage_edu.tables.chance as c; "\n'
                      '        "print(c._load.cache_info(), 31 - 2)")\n'
                      'subprocess.run([sys.executable, "-c", CODE])\n'
                      'WORDS = "fifteen two, fifteen four"\n'
                      'NUMBER = "31"\n')
    assert private_uses(sample, None) == ["line 2: c._load"]
    assert rule_numbers(sample) == [(2, 31)]
    assert private_reads(sample) == [(2, "_load")]
    assert [i.module for i in imports_of(sample)] == ["subprocess", "sys",
                                                      "cribbage_edu.tables.chance"]


@pytest.mark.parametrize("path", [p for p, _ in project_files()],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_another_modules_private_names(path: Path) -> None:
    module = next((m for p, m in project_files() if p == path), None)
    assert private_uses(path, module) == []


# --- one home for each rule: no rule's number outside the rules ----------------------------

RULE_NUMBERS = {15: "FIFTEEN", 31: "THIRTY_ONE", 29: "BEST_HAND", 121: "GAME_HOLE",
                61: "SHORT_GAME_HOLE"}
"""The rules' numbers and the names the rules give them (``rules.cards``, ``rules.scoring``,
``rules.board``; ``rules.options.TARGETS`` holds both game holes)."""

NOT_A_RULE = {
    ("cribbage_edu/strategy/master.py", 31):
        "ENDGAME: the points from home at which the master plays for the game (about two "
        "deals' worth), not the count of 31",
    ("cribbage_edu/classroom/serving.py", 15): "seconds to wait for a server to stop",
    ("cribbage_edu/charts/games.py", 15): "a chart's headroom, a fifteenth of the target",
}
"""Numbers equal to a rule's that are not the rule, each with its reason."""


def rule_numbers(path: Path) -> list[tuple[int, int]]:
    """The whole numbers 15, 31, 29, 121 and 61 written in ``path``'s code, with their
    lines: text (docstrings, messages) does not count, nor the exponent of a power
    (``2**31``, the range of a seed)."""
    nodes = [node for tree in code_trees(path) for node in ast.walk(tree)]
    exponents = {id(node.right) for node in nodes
                 if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)}
    return sorted((node.lineno, node.value) for node in nodes
                  if isinstance(node, ast.Constant) and type(node.value) is int
                  and node.value in RULE_NUMBERS and id(node) not in exponents)


def outside_the_rules() -> list[Path]:
    """The code a rule's number must not be written in: the package outside
    ``cribbage_edu/rules/``, the widgets and the lesson helpers."""
    package = [p for p in sorted((ROOT / PACKAGE).rglob("*.py"))
               if "rules" not in p.relative_to(ROOT / PACKAGE).parts[:1]]
    return [*package, *sorted((ROOT / "widgets").rglob("*.py")),
            *sorted((ROOT / "lessons").glob("*.py"))]


def test_the_rule_number_check_sees_code_and_not_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""Count to 31."""\nTOP = 31\nSEEDS = 2**31\n'
                      'def f(target: int = 121) -> str:\n    return "61 or 121"\n')
    assert rule_numbers(sample) == [(2, 31), (4, 121)]


def test_no_rule_number_is_written_outside_the_rules() -> None:
    found = {}
    for path in outside_the_rules():
        where = path.relative_to(ROOT).as_posix()
        for line, value in rule_numbers(path):
            if (where, value) not in NOT_A_RULE:
                found[f"{where}:{line}"] = f"{value}: use {RULE_NUMBERS[value]}"
    assert found == {}
    for (where, value), reason in NOT_A_RULE.items():  # an excuse that is no longer needed
        assert value in [v for _, v in rule_numbers(ROOT / where)], (where, reason)


# --- the tests read widgets as a learner's code would: no private attribute ----------------

PRIVATE_READS_ALLOWED = {
    ("tests/test_charts.py", "_suptitle"):
        "a matplotlib figure keeps its title's Text only there (no widget)",
    ("tests/test_game.py", "_events"):
        "the test shows that a player's view holds nothing hidden in its private field",
    ("tests/test_assignments.py", "_exit"):
        "a hand-in's cell that ends its own kernel (os._exit), the hostile work the marking "
        "must survive; no widget",
}
"""Private attributes a test may read, each of something that is not a widget."""


def private_reads(path: Path) -> list[tuple[int, str]]:
    """``x._name`` read in ``path`` of anything but ``self`` or ``cls`` (dunder names and
    the display hooks ``_repr_*_`` are public protocol)."""
    return sorted(
        (node.lineno, node.attr) for tree in code_trees(path) for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_")
        and not node.attr.startswith("__") and not node.attr.startswith("_repr_")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")))


def test_the_private_read_check_sees_a_widgets_private_attribute(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text("table = GameTable()\ntable._game.phase\nself._x\ntable.__dict__\n"
                      "card._repr_html_()\nbutton._dom_classes\n")
    assert private_reads(sample) == [(2, "_game"), (6, "_dom_classes")]


def test_no_test_reads_a_private_attribute_of_a_widget() -> None:
    found = [f"{path.relative_to(ROOT).as_posix()}:{line}: .{attr}"
             for path in sorted((ROOT / "tests").rglob("*.py"))
             for line, attr in private_reads(path)
             if (path.relative_to(ROOT).as_posix(), attr) not in PRIVATE_READS_ALLOWED]
    assert found == []
