"""The course for a whole class on JupyterHub: what the ``hub`` command writes and starts.

The class list read and checked; the hub's configuration (JupyterHub's settings, naming
the authenticator and spawner of :mod:`~cribbage_edu.classroom.hub_parts` by their import
paths), nbgrader's settings (naming the exchange of
:mod:`~cribbage_edu.classroom.hub_exchange`), passwords (made up once, kept as scrypt
hashes the hub checks), the proxy found or installed, each login's Unix user laid out
(:mod:`~cribbage_edu.classroom.hub_users`), and a Zero to JupyterHub values file for a
school that outgrows one machine. :mod:`cribbage_edu.cli.hub` is the command, and says
what each part does for the teacher.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..study.record import ENVIRONMENT, RECORD_NAME
from .course import FIRST_LESSON, lessons_folder
from .errors import PROG, BadInput, shortened
from .hub_users import (
    HAND_IN_OWNERS,
    check_reachable,
    class_accounts,
    copy_private,
    lay_out_state,
    restrict_guide,
    write_hand_in_owners,
)
from .serving import Teller, check_port_free, new_secret, write_private

__all__ = ["CONFIG_FILE", "COURSE_ID", "DEFAULT_STATE", "GUIDE_COPY", "LOGIN_NAME",
           "NBGRADER_CONFIG", "PASSWORDS_FILE", "PRIVATE_FILES", "PROXY_VERSION",
           "STUDENT_CONFIG", "TEACHER_PLUGINS", "course_folder", "exchange_folder",
           "find_proxy", "hash_password", "hub_config", "hub_preexec", "k8s_values",
           "make_state_folder", "make_users", "nbgrader_settings", "password_matches",
           "read_class_list", "start_hub", "student_page_config", "students_folder",
           "write_passwords"]

DEFAULT_STATE = "classroom-hub"
CONFIG_FILE = "jupyterhub_config.py"
PASSWORDS_FILE = "passwords.txt"
HASHES_FILE = "password-hashes.json"
PROXY_VERSION = "5.3.0"
"""The configurable-http-proxy the command installs from npm when none is on PATH."""
NBGRADER_CONFIG = "jupyter-config"
"""The folder (in the state folder) whose ``nbgrader_config.py`` every server reads."""
STUDENT_CONFIG = "student-config"
"""The folder (in the state folder) read first by a student's server: its JupyterLab
page settings leave out nbgrader's teacher pages."""
TEACHER_PLUGINS = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:course-list",
                   "@jupyter/nbgrader:create-assignment")
"""nbgrader's JupyterLab plugins for the teacher: not loaded in a student's JupyterLab
(their server side is off there too), so a student's menus hold only the assignments."""
COURSE_ID = "cribbage"
"""The nbgrader course's name."""
MOST_STUDENTS = 500
LONGEST_CLASS_LIST = 64 * 1024
"""The most of a class list read, in bytes (500 names of 32 characters are 16.5 KB):
``--class-list /dev/zero`` is refused at that, not read to the end."""
LOGIN_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,31}")


def read_class_list(path: Path, teacher: str) -> list[str]:
    """The students named in ``path``: one name a line, blank lines and ``#`` comments
    skipped, names in lower case (letters, digits, ``. _ -``, at most 32, starting with
    a letter: they are login names and folder names). A bad line is one error naming it.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "students.txt"
    >>> _ = path.write_text("# period 3\\nada\\n\\nBen\\n")
    >>> read_class_list(path, "teacher")
    ['ada', 'ben']
    >>> _ = path.write_text("ada\\nAda\\n")
    >>> read_class_list(path, "teacher")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: line 2 names 'ada' a second time
    """
    def bad(why: str) -> BadInput:
        return BadInput(f"{PROG}: error: --class-list {shortened(str(path))!r}: {why}")

    try:
        with path.open("rb") as listing:  # never more than a class list holds
            head = listing.read(LONGEST_CLASS_LIST + 1)
        if len(head) > LONGEST_CLASS_LIST:
            raise bad(f"it is longer than a class list ({LONGEST_CLASS_LIST // 1024} KB at "
                      f"most: one name a line)")
        text = head.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        raise bad(f"cannot read it ({reason})") from None
    names: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        name = line.split("#", 1)[0].strip().lower()
        if not name:
            continue
        if not LOGIN_NAME.fullmatch(name):
            raise bad(f"line {number}: {shortened(name)!r} is not a login name (letters, "
                      f"digits, . _ -, starting with a letter, at most 32)")
        if name in names:
            raise bad(f"line {number} names {name!r} a second time")
        if name == teacher:
            raise bad(f"line {number} names the teacher {name!r} as a student")
        names.append(name)
    if not names:
        raise bad("it names no student (one name a line)")
    if len(names) > MOST_STUDENTS:
        raise bad(f"{len(names)} students are more than one machine serves "
                  f"({MOST_STUDENTS}); see --print-k8s-values")
    return names


def students_folder(state: Path) -> Path:
    """Where the students' copies of the course live.

    >>> students_folder(Path("/srv/hub"))
    PosixPath('/srv/hub/students')
    """
    return state / "students"


def course_folder(state: Path) -> Path:
    """The teacher's nbgrader course (``cribbage-edu assignments`` builds it).

    >>> course_folder(Path("/srv/hub"))
    PosixPath('/srv/hub/course')
    """
    return state / "course"


def exchange_folder(state: Path) -> Path:
    """nbgrader's exchange: where the teacher releases and the students submit.

    >>> exchange_folder(Path("/srv/hub"))
    PosixPath('/srv/hub/exchange')
    """
    return state / "exchange"


def nbgrader_settings(state: Path) -> str:
    """The ``nbgrader_config.py`` every server of the hub reads (through
    ``JUPYTER_CONFIG_PATH``): the exchange, the course, and on a student's server their
    login as their student id.

    >>> print(nbgrader_settings(Path("/srv/hub")).splitlines()[3])
    c.Exchange.root = '/srv/hub/exchange'
    """
    return "\n".join([
        "# Written by `cribbage-edu hub`: nbgrader's settings for every server of the hub.",
        "import os",
        "c = get_config()  # noqa: F821 (nbgrader defines it)",
        f"c.Exchange.root = {str(exchange_folder(state))!r}",
        f"c.CourseDirectory.course_id = {COURSE_ID!r}",
        "if os.environ.get('CRIBBAGE_HUB_ROLE') == 'student':",
        "    c.CourseDirectory.student_id = os.environ['JUPYTERHUB_USER']",
        "    # a hand-in private to the student and the teacher (nbgrader's own is readable",
        "    # by all); an unanswered one refused with a word to save first",
        "    c.ExchangeFactory.submit = 'cribbage_edu.classroom.hub_exchange.PrivateSubmit'",
    ]) + "\n"


def student_page_config() -> str:
    """The JupyterLab page settings of a student's server (``labconfig/page_config.json``
    in :data:`STUDENT_CONFIG`): nbgrader's teacher plugins are disabled.

    >>> json.loads(student_page_config())["disabledExtensions"]["@jupyter/nbgrader:formgrader"]
    True
    """
    return json.dumps({"disabledExtensions": dict.fromkeys(TEACHER_PLUGINS, True)},
                      indent=2) + "\n"


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``password`` hashed with scrypt and a random salt, as ``scrypt$SALT$HASH`` (hex).

    >>> stored = hash_password("fifteen2")
    >>> stored.startswith("scrypt$"), password_matches("fifteen2", stored)
    (True, True)
    """
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return f"scrypt${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` (:func:`hash_password`) was made from,
    compared in constant time.

    >>> password_matches("fifteen4", hash_password("fifteen2")), password_matches("x", "?")
    (False, False)
    """
    kind, _, rest = stored.partition("$")
    salt, _, digest = rest.partition("$")
    if kind != "scrypt" or not salt or not digest:
        return False
    try:
        again = hash_password(password, bytes.fromhex(salt))
    except ValueError:
        return False
    return hmac.compare_digest(again, stored)


def write_passwords(state: Path, names: Sequence[str]) -> dict[str, str]:
    """Give everyone in ``names`` a password, keeping the ones given at an earlier start:
    ``passwords.txt`` (``name password`` a line, for the teacher) and
    ``password-hashes.json`` (what the hub checks), both mode 600. Returns the new ones.

    >>> import tempfile
    >>> state = Path(tempfile.mkdtemp())
    >>> sorted(write_passwords(state, ["ada", "ben"]))
    ['ada', 'ben']
    >>> write_passwords(state, ["ada", "ben"])  # a second start keeps them
    {}
    >>> oct((state / PASSWORDS_FILE).stat().st_mode & 0o777)
    '0o600'
    """
    kept: dict[str, str] = {}
    listing = state / PASSWORDS_FILE
    if listing.exists():
        for line in listing.read_text(encoding="utf-8").splitlines():
            name, _, password = line.partition(" ")
            if name and password and not name.startswith("#"):
                kept[name] = password
    new = {name: new_secret() for name in names if name not in kept}
    passwords = {name: kept.get(name) or new[name] for name in names}
    write_private(listing, "# cribbage-edu hub: name and password of each login (keep this "
                           "file to yourself)\n" +
                  "".join(f"{name} {password}\n" for name, password in passwords.items()))
    hashes_path = state / HASHES_FILE
    old_hashes: dict[str, str] = {}
    if hashes_path.exists():
        old_hashes = json.loads(hashes_path.read_text(encoding="utf-8"))
    hashes = {name: old_hashes[name] if name in old_hashes and name not in new
              and password_matches(passwords[name], old_hashes[name])
              else hash_password(passwords[name]) for name in names}
    write_private(hashes_path, json.dumps(hashes, indent=1) + "\n")
    return new


def find_proxy(state: Path, console: Teller | None = None) -> Path:
    """configurable-http-proxy: on ``PATH``, or in ``state/proxy`` (installed there from
    npm with ``npm install --prefix`` the first time; ``console`` hears about it)."""
    found = shutil.which("configurable-http-proxy")
    if found:
        return Path(found)
    folder = state / "proxy"
    command = folder / "node_modules" / ".bin" / "configurable-http-proxy"
    if command.exists():
        return command
    npm = shutil.which("npm")
    if npm is None:
        raise BadInput(f"{PROG}: error: the hub needs configurable-http-proxy from npm, and "
                       f"npm is not installed: apt-get install npm (or put "
                       f"configurable-http-proxy on PATH)")
    if console is not None:
        console.say(f"Installing configurable-http-proxy {PROXY_VERSION} from npm into "
                    f"{folder} (once) ...")
        console.stdout.flush()
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund",
                           "--silent", f"configurable-http-proxy@{PROXY_VERSION}"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          check=False, timeout=600)
    if done.returncode != 0 or not command.exists():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise BadInput(f"{PROG}: error: npm could not install configurable-http-proxy: "
                       f"{shortened(last, 200)}")
    return command


def _free_local_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def hub_config(*, state: Path, students: Sequence[str], teacher: str, ip: str, port: int,
               idle_minutes: int, mem_limit_mb: int, proxy: Path,
               lessons: Path, internal_ports: tuple[int, int] | None = None,
               unix_users: Mapping[str, str] | None = None) -> str:
    """The ``jupyterhub_config.py`` the hub runs with (Python, as JupyterHub reads it).
    ``unix_users`` maps each login to its Unix user; ``None`` runs every server as the
    hub's own user (``--unsafe-shared-user``).

    >>> text = hub_config(state=Path("/srv/c"), students=["ada"], teacher="teacher",
    ...                   ip="127.0.0.1", port=8000, idle_minutes=20, mem_limit_mb=2048,
    ...                   proxy=Path("/p/chp"), lessons=Path("/l"), internal_ports=(1, 2))
    >>> print(next(line for line in text.splitlines() if "bind_url" in line))
    c.JupyterHub.bind_url = 'http://127.0.0.1:8000'
    >>> print(next(line for line in text.splitlines() if "password_file" in line))
    c.ClassListAuthenticator.password_file = '/srv/c/password-hashes.json'
    """
    hub_port, proxy_api_port = internal_ports or (_free_local_port(), _free_local_port())
    host = f"[{ip}]" if ":" in ip else (ip or "0.0.0.0")
    parts = "cribbage_edu.classroom.hub_parts"
    singleuser = Path(sys.executable).parent / "jupyterhub-singleuser"
    culler = [sys.executable, "-m", "jupyterhub_idle_culler",
              f"--timeout={idle_minutes * 60}", f"--cull-every={min(60, idle_minutes * 30)}"]
    lines = [
        "# Written by `cribbage-edu hub` at each start: change the command's options, not",
        "# this file. No password is here: logins are checked against password-hashes.json.",
        "c = get_config()  # noqa: F821 (JupyterHub defines it)",
        f"c.JupyterHub.bind_url = {f'http://{host}:{port}'!r}",
        "c.JupyterHub.hub_ip = '127.0.0.1'",
        f"c.JupyterHub.hub_port = {hub_port}",
        f"c.ConfigurableHTTPProxy.api_url = {f'http://127.0.0.1:{proxy_api_port}'!r}",
        f"c.ConfigurableHTTPProxy.command = [{str(proxy)!r}]",
        f"c.JupyterHub.db_url = {'sqlite:///' + str(state / 'jupyterhub.sqlite')!r}",
        f"c.JupyterHub.cookie_secret_file = {str(state / 'jupyterhub_cookie_secret')!r}",
        "c.JupyterHub.cleanup_servers = True",
        "c.JupyterHub.cleanup_proxy = True",
        f"c.JupyterHub.authenticator_class = '{parts}.ClassListAuthenticator'",
        f"c.ClassListAuthenticator.password_file = {str(state / HASHES_FILE)!r}",
        f"c.Authenticator.allowed_users = {set(students) | {teacher}!r}",
        f"c.Authenticator.admin_users = {{{teacher!r}}}",
        f"c.JupyterHub.spawner_class = '{parts}.CourseSpawner'",
        f"c.CourseSpawner.state = {str(state)!r}",
        f"c.CourseSpawner.lessons = {str(lessons)!r}",
        f"c.CourseSpawner.teacher = {teacher!r}",
        *([f"c.CourseSpawner.unix_users = {dict(unix_users)!r}"] if unix_users is not None
          else ["# --unsafe-shared-user: every server runs as the hub's own Unix user",
                "c.CourseSpawner.shared_user = True"]),
        f"c.Spawner.cmd = [{str(singleuser)!r}]",
        f"c.Spawner.mem_limit = {mem_limit_mb * 2**20}",
        "# a whole class arriving at once on two cores: give each server time to start",
        "c.Spawner.http_timeout = 300",
        "c.Spawner.start_timeout = 300",
        "c.JupyterHub.services = [{'name': 'idle-culler', 'command': " + repr(culler) + "}]",
        "c.JupyterHub.load_roles = [{'name': 'idle-culler', 'services': ['idle-culler'],",
        "    'scopes': ['list:users', 'read:users:activity', 'read:servers',",
        "               'delete:servers']}]",
    ]
    return "\n".join(lines) + "\n"


def k8s_values(students: Sequence[str], teacher: str, *, idle_minutes: int,
               mem_limit_mb: int) -> str:
    """A Zero to JupyterHub ``values.yaml`` for the same class (documented, not tested
    against a cluster here): the same users, admin, limits, culling and first page.

    >>> text = k8s_values(["ada", "ben"], "teacher", idle_minutes=20, mem_limit_mb=2048)
    >>> "allowed_users: [ada, ben, teacher]" in text, "limit: 2G" in text
    (True, True)
    """
    limit = (f"{mem_limit_mb // 1024}G" if mem_limit_mb % 1024 == 0 else f"{mem_limit_mb}M")
    users = ", ".join([*students, teacher])
    return f"""\
# Zero to JupyterHub values for this class, written by `cribbage-edu hub --print-k8s-values`.
# helm upgrade --install cribbage jupyterhub/jupyterhub --values values.yaml
# Each student gets a pod of their own (their own Unix user, disk and limits).
hub:
  config:
    JupyterHub:
      # students choose their password at first login; the teacher (admin) approves them
      authenticator_class: nativeauthenticator.NativeAuthenticator
    NativeAuthenticator:
      open_signup: false
    Authenticator:
      allowed_users: [{users}]
      admin_users: [{teacher}]
singleuser:
  image:
    # an image with cribbage-edu and its lessons: build FROM quay.io/jupyter/scipy-notebook
    # with `pip install ".[lessons,classroom]"` from a clone, and copy lessons/ to /srv/lessons
    name: registry.example.org/cribbage-edu
    tag: latest
  defaultUrl: /lab/tree/{FIRST_LESSON}
  extraEnv:   # one record of decisions a student, whichever notebook writes it
    {ENVIRONMENT}: /home/jovyan/{RECORD_NAME}
  memory:
    limit: {limit}
    guarantee: 512M
  cpu:
    limit: 1
    guarantee: 0.1
  storage:
    capacity: 1Gi
    extraVolumes:   # the nbgrader exchange: a volume every pod can write (ReadWriteMany)
      - name: nbgrader-exchange
        persistentVolumeClaim:
          claimName: nbgrader-exchange
    extraVolumeMounts:
      - name: nbgrader-exchange
        mountPath: /srv/nbgrader/exchange
  lifecycleHooks:
    postStart:   # the student's copy of the course, made on the first start, kept after
      exec:
        command: ["sh", "-c", "cp -rn /srv/lessons/. \\"$HOME\\"/"]
cull:
  enabled: true
  timeout: {idle_minutes * 60}
  every: 60
"""


PRIVATE_FILES = (PASSWORDS_FILE, HASHES_FILE, CONFIG_FILE, HAND_IN_OWNERS, "jupyterhub.sqlite",
                 "jupyterhub_cookie_secret", "jupyterhub-proxy.pid")
"""The files of the state folder only the hub (root) reads."""
GUIDE_COPY = "course-guide.md"
"""The teacher's copy of the course guide (``lessons/README.md``, with the answer key),
in their course folder."""


def make_users(state: Path, names: Mapping[str, str], teacher: str, lessons: Path,
                console: Teller) -> None:
    """Every login's Unix user and home, the state folder's permissions
    (:func:`~cribbage_edu.classroom.hub_users.lay_out_state`), the guide kept from students,
    and a check that a student's user can run the course."""
    homes = {login: course_folder(state) if login == teacher
             else students_folder(state) / login for login in names}
    students_folder(state).mkdir(exist_ok=True)
    accounts = class_accounts(names, homes)
    lay_out_state(state, accounts, teacher, private=PRIVATE_FILES,
                  shared=(NBGRADER_CONFIG, STUDENT_CONFIG), course=course_folder(state),
                  students=students_folder(state), exchange=exchange_folder(state),
                  course_id=COURSE_ID)
    guide = lessons / "README.md"
    if guide.is_file():
        copy_private(guide, course_folder(state) / GUIDE_COPY, accounts[teacher])
        if restrict_guide(guide):
            console.say(f"The course guide {guide} (it holds the answer key) is now "
                        f"readable by root alone; your copy is {GUIDE_COPY} in the course.")
    first = next(account for login, account in accounts.items() if login != teacher)
    check_reachable(first, [first.home, state / NBGRADER_CONFIG, state / STUDENT_CONFIG,
                            exchange_folder(state)])


def hub_preexec() -> None:
    """In the hub's process, before it starts: it ends with this command, and Ctrl-C
    (SIGINT) reaches it and what it starts even when this command runs in the background
    of a script (where a shell starts it with SIGINT ignored, which children inherit, and
    JupyterHub would wait for its services to time out)."""
    from ..study.workers import die_with_parent

    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.umask(0o077)  # what JupyterHub writes (its database) is the hub's alone


def make_state_folder(state: Path) -> Path:
    """The state folder, made private to the teacher (mode 700)."""
    if state.exists() and not state.is_dir():
        raise BadInput(f"{PROG}: error: --state {shortened(str(state))!r} is a file, not a "
                       f"folder")
    try:
        state.mkdir(parents=True, exist_ok=True, mode=0o700)
        state.chmod(0o700)
    except OSError as exc:
        raise BadInput(f"{PROG}: error: cannot make the folder {shortened(str(state))!r}: "
                       f"{exc.strerror or exc}") from None
    return state.resolve()


def start_hub(state: Path, students: Sequence[str], teacher: str, *, ip: str, port: int,
              idle_minutes: int, mem_limit_mb: int, unix_users: Mapping[str, str] | None,
              console: Teller) -> tuple[Path, int, subprocess.Popen[bytes]]:
    """Check the port, lay out the state folder (private to the teacher), find the proxy,
    write the passwords, nbgrader's and the students' settings and the record of who owns
    each hand-in, make every login's Unix user (``unix_users``; ``None`` runs every server
    as this user, with an exchange open to all), write the hub's configuration and start
    JupyterHub with it. Returns the state folder, how many passwords are new, and the hub's
    process (which ends with this one's)."""
    check_port_free(ip, port)
    state = make_state_folder(state)
    lessons = lessons_folder()
    proxy = find_proxy(state, console)
    new = write_passwords(state, [*students, teacher])
    (state / NBGRADER_CONFIG).mkdir(exist_ok=True)
    (state / NBGRADER_CONFIG / "nbgrader_config.py").write_text(nbgrader_settings(state),
                                                                encoding="utf-8")
    (state / STUDENT_CONFIG / "labconfig").mkdir(parents=True, exist_ok=True)
    (state / STUDENT_CONFIG / "labconfig" / "page_config.json").write_text(
        student_page_config(), encoding="utf-8")
    course_folder(state).mkdir(exist_ok=True)
    # who each login's hand-ins must be owned by, for `nbgrader collect` (OwnedCollect)
    write_hand_in_owners(state, unix_users)
    if unix_users is None:
        exchange_folder(state).mkdir(exist_ok=True)
        exchange_folder(state).chmod(0o1777)
    else:
        make_users(state, unix_users, teacher, lessons, console)
    config = state / CONFIG_FILE
    config.write_text(hub_config(state=state, students=students, teacher=teacher,
                                 ip=ip, port=port, idle_minutes=idle_minutes,
                                 mem_limit_mb=mem_limit_mb, proxy=proxy, lessons=lessons,
                                 unix_users=unix_users),
                      encoding="utf-8")
    config.chmod(0o600)
    command = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
    server = subprocess.Popen(command, cwd=state, stdin=subprocess.DEVNULL,
                              preexec_fn=hub_preexec if os.name == "posix" else None)
    return state, len(new), server
