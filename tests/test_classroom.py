"""``cribbage-edu classroom``: the game page served to a class, safe by default. The
server is started on 127.0.0.1 with a random port, asked without and with the token, and
stopped by its process id (issue 13 item 10)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cribbage_edu.cli import main

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "lessons" / "play.ipynb"
TOKEN = "secret123"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Classroom:
    process: subprocess.Popen[str]
    port: int
    printed: list[str]

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # let a redirect come back as it is


def get(url: str, timeout: float = 120) -> tuple[int, str, str]:
    """Status, Location header and body of a GET, redirects not followed."""
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=timeout) as answer:
            return answer.status, answer.headers.get("Location", ""), answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Location", ""), refused.read().decode()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """One server for the module's tests (at most one game at once)."""
    tmp_path = tmp_path_factory.mktemp("classroom")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        env[name] = str(tmp_path / name.lower())
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "cribbage_edu", "classroom", str(NOTEBOOK), "--ip",
         "127.0.0.1", "--port", str(port), "--token", TOKEN, "--max-games", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        cwd=tmp_path, start_new_session=True)
    printed: list[str] = []
    try:
        assert process.stdout is not None
        while not any("Ctrl-C stops the server" in line for line in printed):
            line = process.stdout.readline()
            assert line, f"the classroom stopped before it served: {printed}"
            printed.append(line.rstrip("\n"))
        yield Classroom(process, port, printed)
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # by process id: the command and Voila
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_the_address_is_printed_with_its_token(classroom: Classroom) -> None:
    assert f"    http://127.0.0.1:{classroom.port}/?token={TOKEN}" in classroom.printed
    assert "Up to 1 game at once; a game idle for 20 minutes is closed." in " ".join(
        classroom.printed)


def test_a_request_without_the_token_is_refused(classroom: Classroom) -> None:
    for path in ("/", "/?token=wrong", f"/?token={TOKEN[:-1]}"):
        status, where, body = get(classroom.url(path))
        assert status == 302 and where.startswith("/login"), (path, status)
        assert "cribbage" not in body.lower()  # nothing of the game is served
    status, where, _ = get(classroom.url("/api/kernels"))
    assert status in (403, 404) or (status == 302 and where.startswith("/login"))


@pytest.mark.slow
def test_a_stopped_classroom_leaves_nothing_running(tmp_path: Path) -> None:
    # SIGTERM to the command alone (not its group): it stops its own server
    port = free_port()
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"))
    process = subprocess.Popen(
        [sys.executable, "-m", "cribbage_edu", "classroom", str(NOTEBOOK), "--ip",
         "127.0.0.1", "--port", str(port), "--token", TOKEN],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        start_new_session=True)
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if "Ctrl-C stops the server" in line:
                break
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        time.sleep(0.5)
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), 2):
            pass  # the port is closed: Voila has stopped too
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.slow
def test_with_the_token_a_game_is_served_and_the_cap_holds(classroom: Classroom) -> None:
    status, _, page = get(classroom.url(f"/?token={TOKEN}"))
    assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
    assert "fontawesome" not in page  # the template that fetches nothing (issue 9 item 11)
    status, _, page = get(classroom.url(f"/?token={TOKEN}"))
    assert status == 503 and "the class is full (1 game is running," in page


@pytest.mark.parametrize(("argv", "says"), [
    (["classroom", "no/such.ipynb"], "no notebook 'no/such.ipynb'"),
    (["classroom", str(NOTEBOOK), "--token", "abc"], "--token must be at least 6"),
    (["classroom", str(NOTEBOOK), "--token", "has space"], "--token must be"),
    (["classroom", str(NOTEBOOK), "--max-games", "0"], "--max-games must be at least 1"),
    (["classroom", str(NOTEBOOK), "--port", "70000"], "--port 70000 is more than 65,535"),
])
def test_bad_classroom_arguments(argv: list[str], says: str) -> None:
    import io

    err = io.StringIO()
    assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert says in err.getvalue() and err.getvalue().count("\n") == 1
