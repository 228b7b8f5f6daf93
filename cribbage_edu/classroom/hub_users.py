"""The Unix users of ``cribbage-edu hub``: one a student and one for the teacher, made by
the hub (running as root) as The Littlest JupyterHub makes them, and the permissions of
the hub's state folder that keep each of them to their own work.

A login from the class list becomes a Unix user name by :func:`unix_name`: a prefix
(``cribbage-`` by default, so no student can be named into an account of the machine's
own, such as ``root``), the login with any character Unix names do not take (a ``.``)
changed to ``-``, and at most 32 characters; a login that had to be changed or
shortened ends in six characters of its hash, so two logins never share a user.

What :func:`lay_out_state` makes of the state folder (root is the hub):

============================  =================  ======  ==========================
path                          owner              mode    who may read it
============================  =================  ======  ==========================
``STATE/``                    root               0711    root (others pass through)
passwords, hashes, config,    root               0600    root
JupyterHub's database
``course/`` (nbgrader course, the teacher        0700    the teacher (and root)
sources, gradebook, guide)
``students/``                 root               0711    root (others pass through)
``students/<name>/``          the student        0700    the student (and root)
``jupyter-config/``,          root               0755    everyone: nbgrader's settings
``student-config/``                                      and the students' page settings
``exchange/``                 root               1777    nbgrader needs it writable by
                                                         all; sticky: no one removes
                                                         another's entry
``exchange/cribbage/inbound`` root, the          3733    written by all, listed by
                              teacher's group            root alone; sticky: no one
                                                         renames or removes another's
                                                         hand-in
``hand-in-owners.json``       root               0600    root: each login's Unix user,
                                                         for ``nbgrader collect``
============================  =================  ======  ==========================

A submission is made private to its student and the teacher's group by
:class:`cribbage_edu.classroom.hub_exchange.PrivateSubmit` (nbgrader's own leaves it readable
by everyone who knows its name), and collected only when its files are owned by the
Unix user the hub made for the student it names
(:class:`cribbage_edu.classroom.hub_exchange.OwnedCollect`, which reads
:data:`HAND_IN_OWNERS`, written by :func:`write_hand_in_owners`).

>>> unix_name("ada", "cribbage-")
'cribbage-ada'
"""

from __future__ import annotations

import contextlib
import grp
import hashlib
import os
import pwd
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import PROG, BadInput, shortened

__all__ = ["DEFAULT_PREFIX", "HAND_IN_OWNERS", "MARK", "Account", "check_reachable",
           "class_accounts", "copy_private", "end_processes_of", "first_closed_folder",
           "hand_in_owners", "lay_out_exchange", "lay_out_state", "let_pass",
           "make_account", "own_tree", "processes_of", "remove_accounts", "restrict_guide",
           "take_back", "unix_name", "unix_names", "write_hand_in_owners"]

DEFAULT_PREFIX = "cribbage-"
"""The start of every Unix user name the hub makes (``--user-prefix``)."""
MARK = "cribbage-edu hub"
"""The comment (GECOS) field of every user the hub makes: the hub uses or removes only
users that carry it."""
LONGEST = 32
_PREFIX = re.compile(r"[a-z][a-z0-9_-]{0,15}")
_UNIX = re.compile(r"[^a-z0-9_-]")


def unix_name(login: str, prefix: str = DEFAULT_PREFIX) -> str:
    """The Unix user name of ``login`` (a name of the class list).

    >>> unix_name("c.y", "cribbage-")  # a dot changed, so the hash keeps it apart from c-y
    'cribbage-c-y-65d819'
    >>> len(unix_name("a" * 32, "cribbage-"))
    32
    """
    if not _PREFIX.fullmatch(prefix):
        raise BadInput(f"{PROG}: error: --user-prefix {shortened(prefix)!r} is not the start "
                       f"of a Unix user name (a lower-case letter, then letters, digits, _ -; "
                       f"at most 16)")
    body = _UNIX.sub("-", login)
    name = prefix + body
    if body != login or len(name) > LONGEST:
        digest = hashlib.sha256(login.encode()).hexdigest()[:6]
        name = f"{prefix}{body[:LONGEST - len(prefix) - 7]}-{digest}"
    return name


def unix_names(logins: Iterable[str], prefix: str = DEFAULT_PREFIX) -> dict[str, str]:
    """Each login's Unix user name, checked to be each their own.

    >>> unix_names(["ada", "teacher"], "cet-")
    {'ada': 'cet-ada', 'teacher': 'cet-teacher'}
    """
    names: dict[str, str] = {}
    for login in logins:
        name = unix_name(login, prefix)
        if name in names.values():
            raise BadInput(f"{PROG}: error: two logins make the Unix user {name!r}: rename one")
        names[login] = name
    return names


HAND_IN_OWNERS = "hand-in-owners.json"
"""The file of the state folder in which the hub, at each start, records each login's
Unix user (:func:`write_hand_in_owners`), or that every server runs as the hub's own
user: ``nbgrader collect`` reads it to tell a student's hand-in from a forged one."""


def write_hand_in_owners(state: Path, names: Mapping[str, str] | None) -> Path:
    """Record in ``state`` (:data:`HAND_IN_OWNERS`, mode 600) the Unix user of each
    login, ``names`` as :func:`unix_names` made them, or, for ``None``
    (``--unsafe-shared-user``), that no hand-in's owner can tell who made it.

    >>> import tempfile
    >>> state = Path(tempfile.mkdtemp())
    >>> hand_in_owners(write_hand_in_owners(state, {"ada": "cribbage-ada"}))
    {'ada': 'cribbage-ada'}
    >>> hand_in_owners(write_hand_in_owners(state, None)) is None
    True
    """
    import json

    from .serving import write_private

    record = ({"shared_user": True, "users": {}} if names is None
              else {"shared_user": False, "users": dict(names)})
    path = state / HAND_IN_OWNERS
    write_private(path, json.dumps(record, indent=1, sort_keys=True) + "\n")
    return path


def hand_in_owners(path: Path) -> dict[str, str] | None:
    """The record :func:`write_hand_in_owners` wrote: each login's Unix user, or ``None``
    when every server runs as the hub's own user. A record another user could have
    written (not owned by root or by this user, or writable by others) is refused, as
    is a missing or broken one: ``ValueError`` says which."""
    import json

    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{path} is not a plain file")
        if info.st_uid not in (0, os.geteuid()) or info.st_mode & 0o022:
            raise ValueError(f"{path} could have been written by another user (owner uid "
                             f"{info.st_uid}, mode {stat.S_IMODE(info.st_mode):o})")
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path} is missing: `cribbage-edu hub` writes it at each start; "
                         f"start the hub with this --state") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    users = record.get("users") if isinstance(record, dict) else None
    if not isinstance(users, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in users.items()):
        raise ValueError(f"{path} is not a record of the hub's users")
    if record.get("shared_user") is True:
        return None
    return dict(users)


@dataclass(frozen=True)
class Account:
    """A Unix user of the hub: its name, ids and home (the student's folder)."""

    name: str
    uid: int
    gid: int
    home: Path


def make_account(name: str, home: Path) -> Account:
    """The Unix user ``name`` with ``home`` as its home: made (``useradd``, a group of its
    own, no login shell) when missing; one the hub made before is kept (its home set to
    ``home``); a user of that name the hub did not make is refused, never taken over."""
    try:
        found = pwd.getpwnam(name)
    except KeyError:
        done = subprocess.run(
            ["useradd", "--no-create-home", "--home-dir", str(home), "--shell",
             "/usr/sbin/nologin", "--user-group", "--comment", MARK, name],
            capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BadInput(f"{PROG}: error: cannot make the Unix user {name!r}: "
                           f"{shortened(done.stderr.strip() or 'useradd failed', 200)}"
                           ) from None
        found = pwd.getpwnam(name)
    else:
        if not found.pw_gecos.startswith(MARK):
            raise BadInput(f"{PROG}: error: the Unix user {name!r} exists and was not made "
                           f"by the hub: choose another --user-prefix")
        if found.pw_dir != str(home):
            subprocess.run(["usermod", "--home", str(home), name], capture_output=True,
                           check=True)
    return Account(name, found.pw_uid, found.pw_gid, home)


def class_accounts(names: Mapping[str, str], homes: Mapping[str, Path]) -> dict[str, Account]:
    """Every login's account (:func:`make_account`), its home made and made its own
    (mode 700)."""
    accounts = {}
    for login, name in names.items():
        account = make_account(name, homes[login])
        account.home.mkdir(parents=True, exist_ok=True)
        os.chown(account.home, account.uid, account.gid)
        account.home.chmod(0o700)
        accounts[login] = account
    return accounts


def processes_of(uid: int) -> list[int]:
    """The process ids whose real user is ``uid`` (read from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:  # ended while we looked
            continue
        line = next((row for row in status.splitlines() if row.startswith("Uid:")), "")
        if line.split()[1:2] == [str(uid)]:
            found.append(int(entry.name))
    return found


def end_processes_of(uid: int, *, grace: float = 5.0) -> None:
    """Stop every process of ``uid`` (a server or kernel the hub left running): SIGTERM,
    then SIGKILL to those still there after ``grace`` seconds, waiting at most as long
    again for them to go. ``userdel`` refuses a user with a process running."""
    for signal_number in (signal.SIGTERM, signal.SIGKILL):
        pids = processes_of(uid)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal_number)
        deadline = time.monotonic() + grace
        while pids and time.monotonic() < deadline:
            time.sleep(0.05)
            pids = processes_of(uid)
        if not pids:
            return


def remove_accounts(names: Iterable[str]) -> list[str]:
    """Remove the Unix users ``names`` the hub made (a user without its mark is left
    alone), and the group of each, after stopping any process still running as the user;
    their homes are not touched. Returns those removed."""
    removed = []
    for name in names:
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        if not entry.pw_gecos.startswith(MARK):
            continue
        end_processes_of(entry.pw_uid)
        subprocess.run(["userdel", name], capture_output=True, check=False)
        try:
            pwd.getpwnam(name)
        except KeyError:
            pass
        else:
            continue  # userdel refused: not removed
        try:
            grp.getgrnam(name)
        except KeyError:
            pass
        else:
            subprocess.run(["groupdel", name], capture_output=True, check=False)
        removed.append(name)
    return removed


def own_tree(path: Path, uid: int, gid: int) -> None:
    """``path`` and everything under it owned by ``uid:gid`` (symbolic links themselves)."""
    os.chown(path, uid, gid, follow_symlinks=False)
    if path.is_dir() and not path.is_symlink():
        for folder, dirs, files in os.walk(path):
            for child in (*dirs, *files):
                os.chown(Path(folder) / child, uid, gid, follow_symlinks=False)


def lay_out_state(state: Path, accounts: Mapping[str, Account], teacher: str, *,
                  private: Sequence[str], shared: Sequence[str], course: Path,
                  students: Path, exchange: Path, course_id: str) -> None:
    """Give the state folder the owners and modes of the table above. ``private`` names
    the files of the hub alone, ``shared`` the folders every server reads."""
    os.chown(state, 0, 0)
    state.chmod(0o711)
    for name in private:
        path = state / name
        if path.exists():
            os.chown(path, 0, 0)
            path.chmod(0o600)
    for name in shared:
        folder = state / name
        folder.mkdir(exist_ok=True)
        own_tree(folder, 0, 0)
        for inside, _dirs, files in os.walk(folder):
            Path(inside).chmod(0o755)
            for file in files:
                (Path(inside) / file).chmod(0o644)
    teacher_account = accounts[teacher]
    course.mkdir(exist_ok=True)
    own_tree(course, teacher_account.uid, teacher_account.gid)
    course.chmod(0o700)
    students.mkdir(exist_ok=True)
    os.chown(students, 0, 0)
    students.chmod(0o711)
    for login, account in accounts.items():
        if login != teacher:
            own_tree(account.home, account.uid, account.gid)
            account.home.chmod(0o700)
    lay_out_exchange(exchange, course_id, teacher_account.gid)


def lay_out_exchange(exchange: Path, course_id: str, teacher_gid: int | None) -> None:
    """nbgrader's exchange made as the hub needs it before anyone releases: the root
    world-writable and sticky (nbgrader checks every user can write it, and warns when
    it is not mode 777), the course's folders owned by root, ``inbound`` written by all,
    listed by root alone, its group the teacher's (``teacher_gid``; ``None`` leaves the
    owners as they are), which every hand-in takes, and sticky: a student may not rename
    or remove another's hand-in (renamed, it would claim to be someone else's)."""
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o1777)
    course = exchange / course_id
    for folder, mode in ((course, 0o755), (course / "outbound", 0o755),
                         (course / "inbound", 0o3733), (course / "feedback", 0o711)):
        folder.mkdir(exist_ok=True)
        if teacher_gid is not None:  # the hub, as root
            os.chown(folder, 0, teacher_gid if folder.name == "inbound" else 0)
        folder.chmod(mode)


def first_closed_folder(path: Path, account: Account) -> Path | None:
    """The first folder on the way to ``path`` that ``account`` may not pass through
    (no search permission for it), or ``None``.

    >>> first_closed_folder(Path("/"), Account("x", 12345, 12345, Path("/")))
    """
    groups = set(os.getgrouplist(account.name, account.gid)) if _exists(account) else {
        account.gid}
    for folder in [*reversed(path.resolve().parents), path.resolve()]:
        if not folder.is_dir():
            continue
        info = folder.stat()
        passage = _acl_passage(folder, account.uid)
        if passage is not None and info.st_uid != account.uid:
            allowed = passage
        elif info.st_uid == account.uid:
            allowed = bool(info.st_mode & stat.S_IXUSR)
        elif info.st_gid in groups:
            allowed = bool(info.st_mode & stat.S_IXGRP)
        else:
            allowed = bool(info.st_mode & stat.S_IXOTH)
        if not allowed:
            return folder
    return None


def _acl_passage(folder: Path, uid: int) -> bool | None:
    """Whether the POSIX access list of ``folder`` lets ``uid`` search it (an entry for
    that user, within the mask), or ``None`` when it has no entry for them."""
    import struct

    try:
        raw = os.getxattr(folder, _ACL)
    except OSError:
        return None
    entries = [struct.unpack_from("<HHI", raw, offset) for offset in range(4, len(raw), 8)]
    mask = next((perm for tag, perm, _ in entries if tag == _MASK), 7)
    mine = next((perm for tag, perm, who in entries if tag == _USER and who == uid), None)
    return None if mine is None else bool(mine & mask & 1)


def _exists(account: Account) -> bool:
    try:
        pwd.getpwnam(account.name)
    except KeyError:
        return False
    return True


_PROBE = """\
import os, sys
import cribbage_edu, jupyterhub, nbgrader, jupyterlab
for path in sys.argv[1:]:
    if not os.access(path, os.R_OK | os.X_OK):
        print(path)
        sys.exit(3)
"""


def check_reachable(account: Account, folders: Sequence[Path]) -> None:
    """Check, by running Python as ``account``, that a student's user can run the hub's
    Python (``sys.executable``), import the course and JupyterHub, and reach ``folders``
    (its home, the shared settings, the exchange). When it cannot, say which folder is
    closed to it and what to do, before any server is started."""
    try:
        done = subprocess.run([sys.executable, "-c", _PROBE, *map(str, folders)],
                              user=account.uid, group=account.gid, extra_groups=[],
                              cwd="/", capture_output=True, text=True, check=False,
                              timeout=120, env={"PATH": "/usr/bin:/bin",
                                                "HOME": str(account.home)})
    except PermissionError:  # the interpreter itself is out of its reach
        failed, what = True, f"cannot run {sys.executable}"
    else:
        failed = done.returncode != 0
        lines = (done.stdout.strip() or done.stderr.strip()).splitlines() or ["?"]
        what = f"cannot reach {lines[0]}" if done.returncode == 3 else lines[-1]
    if not failed:
        return
    for path in (Path(sys.executable).resolve(), Path(sys.executable).parent, *folders):
        closed = first_closed_folder(path, account)
        if closed is not None:
            raise BadInput(_closed_message(path, closed))
    raise BadInput(f"{PROG}: error: a student's Unix user ({account.name}) cannot run the "
                   f"course: {shortened(what, 200)}. Install the course where every user "
                   f"may read it (for example a clone in /opt/cribbage-edu with its .venv), "
                   f"or see the README's 'A class on JupyterHub'")


_ACL = "system.posix_acl_access"
_USER_OBJ, _USER, _GROUP_OBJ, _MASK, _OTHER = 0x01, 0x02, 0x04, 0x10, 0x20
_NO_ID = 0xFFFFFFFF


def let_pass(folder: Path, uids: Sequence[int]) -> int:
    """Let the users ``uids`` pass through ``folder`` (search, not list or read), by a
    POSIX access list, nobody else. For a machine whose Python lives in a folder closed
    to other users (``/root/.pyenv`` under ``/root``, mode 700, as on the project's own
    test machine): the tests let their own short-lived users through, and take it back
    with :func:`take_back`. Returns the folder's mode before."""
    import struct

    mode = stat.S_IMODE(folder.stat().st_mode)
    entries = [(_USER_OBJ, (mode >> 6) & 7, _NO_ID),
               *((_USER, 1, uid) for uid in sorted(uids)),
               (_GROUP_OBJ, (mode >> 3) & 7, _NO_ID), (_MASK, ((mode >> 3) & 7) | 1, _NO_ID),
               (_OTHER, mode & 7, _NO_ID)]
    os.setxattr(folder, _ACL, struct.pack("<I", 2) + b"".join(
        struct.pack("<HHI", tag, perm, uid) for tag, perm, uid in entries))
    return mode


def take_back(folder: Path, mode: int) -> None:
    """Undo :func:`let_pass`: the access list removed, the folder's ``mode`` restored."""
    with contextlib.suppress(OSError):
        os.removexattr(folder, _ACL)
    folder.chmod(mode)


def _closed_message(path: Path, closed: Path) -> str:
    mode = stat.S_IMODE(closed.stat().st_mode)
    return (f"{PROG}: error: the students' Unix users cannot reach {shortened(str(path), 80)}: "
            f"{closed} is mode {mode:o}, closed to other users. Let them pass through it "
            f"(chmod o+x {closed}: they may then open what is inside by name, not list it), "
            f"or install the course and --state somewhere every user may reach (for "
            f"example /opt/cribbage-edu and /srv/classroom-hub)")


def restrict_guide(guide: Path) -> bool:
    """Make the course's guide in the clone (``lessons/README.md``: it holds the answer
    key) readable by root alone, as students have Unix users of their own on this
    machine. Returns whether its mode changed (git does not record it)."""
    mode = stat.S_IMODE(guide.stat().st_mode)
    if mode & 0o077 == 0:
        return False
    guide.chmod(mode & 0o700)
    return True


def copy_private(source: Path, target: Path, account: Account) -> None:
    """``source`` copied to ``target``, owned by ``account``, mode 600."""
    shutil.copyfile(source, target)
    os.chown(target, account.uid, account.gid)
    target.chmod(0o600)
