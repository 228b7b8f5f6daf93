"""Execute every lesson notebook top to bottom and store its outputs in place.

Usage (from anywhere)::

    .venv/bin/python scripts/run_lessons.py              # every notebook in lessons/
    .venv/bin/python scripts/run_lessons.py 05 08        # only those whose name starts so
    .venv/bin/python scripts/run_lessons.py --skip play  # all but those whose name starts so

Each notebook runs in a fresh ``python3`` kernel (this Python's own ipykernel) with
its folder as the working directory and a throw-away ``IPYTHONDIR``, exactly as strict
nbval will run it (``pytest --nbval lessons/``). No per-cell timing is stored, so a
re-run changes only widget model ids. The run time of each lesson is printed, and the
script exits with status 1 if any cell raised (the notebook is still saved, with the
error shown, so you can read it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
KERNEL = "python3"
TIMEOUT = 300  # seconds for one cell


def lesson_paths(prefixes: list[str], skip: list[str] | None = None) -> list[Path]:
    """The notebooks to run: all of ``lessons/`` in name order, or those whose name
    starts with one of ``prefixes``, less those whose name starts with one of ``skip``."""
    paths = sorted(p for p in LESSONS.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    if prefixes:
        paths = [p for p in paths if any(p.name.startswith(x) for x in prefixes)]
    if skip:
        paths = [p for p in paths if not any(p.name.startswith(x) for x in skip)]
    return paths


def run_notebook(path: Path) -> tuple[float, str | None]:
    """Execute one notebook in place; return its run time and the error, if any."""
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    client = NotebookClient(nb, kernel_name=KERNEL, timeout=TIMEOUT, record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    error: str | None = None
    start = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        error = str(exc).strip().splitlines()[-1] if str(exc).strip() else repr(exc)
    elapsed = time.perf_counter() - start
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]
    return elapsed, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="run only notebooks starting so, e.g. 05")
    parser.add_argument("--skip", action="append", default=[], metavar="PREFIX",
                        help="leave out notebooks starting so, e.g. play (may be repeated)")
    args = parser.parse_args(argv)
    paths = lesson_paths(args.prefixes, args.skip)
    if not paths:
        print("no notebooks matched", file=sys.stderr)
        return 2
    ipython_dir = tempfile.mkdtemp(prefix="cribbage-ipython-")
    os.environ["IPYTHONDIR"] = ipython_dir
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    import matplotlib.pyplot  # noqa: F401  (warm the font cache before any kernel starts)

    failures = 0
    total = 0.0
    try:
        for path in paths:
            elapsed, error = run_notebook(path)
            total += elapsed
            status = "ok" if error is None else f"FAILED: {error}"
            print(f"{path.name:<45} {elapsed:6.1f} s  {status}", flush=True)
            failures += error is not None
    finally:
        shutil.rmtree(ipython_dir, ignore_errors=True)
    print(f"{'total':<45} {total:6.1f} s  ({len(paths)} notebooks, {failures} failed)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
