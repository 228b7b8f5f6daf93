"""The machine's processes as the tests see them, read from Linux's /proc."""

from __future__ import annotations

from pathlib import Path


def parents() -> dict[int, int]:
    """Each running process id with its parent's (a process that ends while it is read
    is left out)."""
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # the command's name, in brackets, may hold spaces: the parent follows the state
            found[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def children_of(pid: int) -> list[int]:
    """The process ids whose parent is ``pid``."""
    return [child for child, parent in parents().items() if parent == pid]


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started that are still running, and theirs."""
    known = parents()
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for child, its_parent in known.items():
            if its_parent == parent:
                found.append(child)
                todo.append(child)
    return found
