"""What the servers of a class share: whether the port is free, starting a server with
its settings, waiting for it to answer, the address students type, a secret kept off the
command line, and serving until stopped.

``classroom`` (Voila), ``course`` (JupyterLab) and ``hub`` (JupyterHub) each start a
server in a child process; they check the address and port here first, so a taken port
is one line, not a server that moves to another port. :func:`started` starts one: the
command and the settings come from the caller (the classroom's Voila arguments and page
environment are the widgets', handed in by the command line), the child process, its
private settings folder and its end are here.

>>> probe_address("0.0.0.0")
'127.0.0.1'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Protocol, TextIO

from ..study.workers import die_with_parent
from .errors import PROG, BadInput

__all__ = ["Teller", "address_for_students", "check_port_free", "new_secret", "probe_address",
           "scripts_first", "serve", "started", "wait_for_port", "write_private"]


class Teller(Protocol):
    """Where the classroom tells the teacher what it did: the command line's console."""

    @property
    def stdout(self) -> TextIO: ...

    def say(self, line: str = "") -> None: ...


def probe_address(ip: str) -> str:
    """The address to reach a server listening on ``ip`` from this machine.

    >>> probe_address("0.0.0.0"), probe_address("::"), probe_address("10.1.2.3")
    ('127.0.0.1', '::1', '10.1.2.3')
    """
    return "127.0.0.1" if ip in ("0.0.0.0", "") else ("::1" if ip == "::" else ip)


def check_port_free(ip: str, port: int) -> None:
    """Refuse, in one line, a port another program already listens on (or an address
    this machine does not have), before any server is started.

    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     check_port_free("127.0.0.1", taken.getsockname()[1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: cribbage-edu: error: port ... on 127.0.0.1 is taken ...
    """
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((ip, port))
        except OSError as exc:
            if exc.errno == 98:  # EADDRINUSE
                raise BadInput(f"{PROG}: error: port {port} on {ip or '0.0.0.0'} is taken by "
                               f"another program: choose another with --port") from None
            raise BadInput(f"{PROG}: error: cannot listen on {ip}:{port}: "
                           f"{exc.strerror or exc}") from None


def wait_for_port(server: subprocess.Popen[bytes], ip: str, port: int,
                  timeout: float = 120) -> bool:
    """Wait until ``server`` accepts connections on ``port`` (False if it exits first or
    the time runs out)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        try:
            with socket.create_connection((probe_address(ip), port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def address_for_students(ip: str) -> str:
    """The address students type: the machine's address on the network when serving
    every network (found without sending anything), else the one listened on.

    >>> address_for_students("127.0.0.1")
    '127.0.0.1'
    """
    if ip not in ("0.0.0.0", "", "::"):
        return ip
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return socket.gethostname()


def new_secret(length: int = 10) -> str:
    """A token or password to hand out: lower-case letters and digits, easy to read out
    and type (10 characters: about 51 bits).

    >>> secret = new_secret()
    >>> len(secret), secret.isalnum() and secret == secret.lower()
    (10, True)
    """
    alphabet = string.ascii_lowercase + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


def scripts_first(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` with this Python's scripts folder first on ``PATH``: the commands the
    Jupyter tools start by name (nbgrader runs ``alembic``) are this environment's, even
    when it is not activated.

    >>> scripts_first({"PATH": "/usr/bin"})["PATH"].split(os.pathsep)[1]
    '/usr/bin'
    """
    scripts = str(Path(sys.executable).parent)
    rest = [p for p in env.get("PATH", os.defpath).split(os.pathsep) if p and p != scripts]
    return {**env, "PATH": os.pathsep.join([scripts, *rest])}


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by this user alone (mode 600) from the first
    byte: the file is created with that mode, never widened.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "secret.txt"
    >>> write_private(path, "abc")
    >>> oct(path.stat().st_mode & 0o777), path.read_text()
    ('0o600', 'abc')
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


@contextmanager
def started(command: Sequence[str], *, settings: Mapping[str, str] | None = None,
            env: Mapping[str, str] | None = None, cwd: Path | None = None,
            stdin: int | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """The server ``command`` runs, started in a child process that ends with this one
    (on Linux even when this one is killed outright), for the ``with`` block.

    ``settings``: Jupyter settings files by name (``{"voila.json": text}``), written
    readable by this user alone (they hold a token) into a temporary folder put first on
    ``JUPYTER_CONFIG_PATH``, with the server's runtime files (``JUPYTER_RUNTIME_DIR``)
    beside them; the folder goes when the block ends. Without them the environment is
    ``env`` (default: this process's) as it is. ``cwd``: where the server runs; ``stdin``:
    what it reads (``subprocess.DEVNULL``: nothing).

    >>> import sys
    >>> code = ("import os, sys; first, then = os.environ['JUPYTER_CONFIG_PATH'].split(':'); "
    ...         "sys.exit(0 if os.path.isfile(first + '/x.json') and then == '/etc/j' else 3)")
    >>> with started([sys.executable, "-c", code], settings={"x.json": "{}"},
    ...              env={"JUPYTER_CONFIG_PATH": "/etc/j"}) as server:
    ...     server.wait()
    0
    """
    base = dict(os.environ if env is None else env)
    with contextlib.ExitStack() as stack:
        if settings is not None:
            runtime = stack.enter_context(tempfile.TemporaryDirectory(prefix="cribbage-server-"))
            folder = Path(runtime) / "config"
            for name, text in settings.items():
                write_private(folder / name, text)
            paths = [str(folder), *(p for p in base.get("JUPYTER_CONFIG_PATH", "")
                                    .split(os.pathsep) if p)]
            base.update(JUPYTER_RUNTIME_DIR=runtime, JUPYTER_CONFIG_PATH=os.pathsep.join(paths))
        server = subprocess.Popen(list(command), stdin=stdin, env=base, cwd=cwd,
                                  preexec_fn=die_with_parent if os.name == "posix" else None)
        try:
            yield server
        finally:
            if server.poll() is None:  # the caller's serving ends it; this is the backstop
                server.kill()
                server.wait()


def serve(server: subprocess.Popen[bytes], *, ip: str, port: int, what: str,
          ready: Callable[[], None], console: Teller, grace: float = 15) -> int:
    """Wait until ``server`` (``what``: "Voila", "JupyterHub") answers on ``port``, call
    ``ready`` (which tells the teacher where it is), then serve until the server exits
    (status 0 if it exits cleanly, else 1), Ctrl-C, SIGINT or SIGTERM (0). The server
    never outlives this: it is asked to stop (SIGTERM), and killed after ``grace`` seconds.

    SIGINT is caught here even when this process was started with it ignored (a shell's
    background job, ``cribbage-edu classroom &``, has SIGINT ignored, and Python keeps
    that): ``kill -INT`` stops the server as ``kill -TERM`` does."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGTERM,
                                                                   signal.SIGINT)}
    try:
        if not wait_for_port(server, ip, port):
            raise BadInput(f"{PROG}: error: {what} did not start on port {port} (its "
                           f"messages are above)")
        ready()
        console.stdout.flush()
        server.wait()
        return 0 if server.returncode == 0 else 1
    except KeyboardInterrupt:
        console.say(f"Stopping {what}.")
        return 0
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
