"""``cribbage-edu classroom``: the game page served to a class, safe by default. The
server is started on 127.0.0.1 with a random port, asked without and with the token, and
stopped by its process id (issue 13 item 10)."""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cribbage_edu.cli import main
from tests.processes import descendants

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
    log: Path

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # let a redirect come back as it is


def get(url: str, timeout: float = 120,
        opener: urllib.request.OpenerDirector | None = None) -> tuple[int, str, str]:
    """Status, Location header and body of a GET, redirects not followed (unless the
    ``opener`` given follows them)."""
    opener = opener or urllib.request.build_opener(NoRedirect)
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
    log = tmp_path / "classroom.log"
    with log.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "cribbage_edu", "classroom", str(NOTEBOOK), "--ip",
             "127.0.0.1", "--port", str(port), "--max-games", "1"],
            stdout=subprocess.PIPE, stderr=errors, text=True,
            env=dict(env, CRIBBAGE_CLASSROOM_TOKEN=TOKEN),
            cwd=tmp_path, start_new_session=True)
    printed: list[str] = []
    try:
        assert process.stdout is not None
        while not any("Ctrl-C stops the server" in line for line in printed):
            line = process.stdout.readline()
            assert line, f"the classroom stopped before it served: {printed}"
            printed.append(line.rstrip("\n"))
        yield Classroom(process, port, printed, log)
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


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""  # gone


def ignores_sigint(pid: int) -> bool:
    """Whether process ``pid`` has SIGINT ignored (bit 2 of SigIgn in /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line for line in status.splitlines()
                       if line.startswith("SigIgn:")).split()[1], 16)
    return bool(ignored & (1 << (signal.SIGINT - 1)))


def ignore_sigint() -> None:
    """Start as a shell starts a background job (``cribbage-edu classroom &``): with
    SIGINT ignored, which Python keeps."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.slow
def test_sigint_stops_a_classroom_started_in_the_background(tmp_path: Path) -> None:
    """Issue 27: started as a background job (SIGINT ignored) the classroom went on
    serving after ``kill -INT``. It stops as on SIGTERM: status 0, the port closed, the
    students' games (kernels, which run in sessions of their own) shut down."""
    port = free_port()
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), IPYTHONDIR=str(tmp_path / "ipython"),
               CRIBBAGE_CLASSROOM_TOKEN=TOKEN)
    process = subprocess.Popen(
        [sys.executable, "-m", "cribbage_edu", "classroom", str(NOTEBOOK), "--ip",
         "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=tmp_path,
        preexec_fn=ignore_sigint, start_new_session=True)
    started: list[int] = []
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if "Ctrl-C stops the server" in line:
                break
        status, _, page = get(f"http://127.0.0.1:{port}/?token={TOKEN}")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
        running = descendants(process.pid)
        started.extend(running)
        voila = [pid for pid in running if "cribbage_edu.classroom.voila" in command_line(pid)]
        kernels = [pid for pid in running if "ipykernel" in command_line(pid)]
        assert len(voila) == 1 and len(kernels) == 1, [command_line(p) for p in running]
        assert ignores_sigint(voila[0])  # started as a background job's child is

        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
        assert "Stopping Voila." in process.stdout.read()
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), 2):
            pass  # the port is closed: Voila has stopped
        assert [pid for pid in voila + kernels if command_line(pid)] == []
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for pid in started:  # by process id, those still ours (a kernel outlives Voila)
            if any(ours in command_line(pid)
                   for ours in ("cribbage_edu.classroom.voila", "ipykernel")):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def student() -> urllib.request.OpenerDirector:
    """One student's browser: it keeps its cookies and follows redirects. The module's
    server holds one game, this student's."""
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


@pytest.mark.slow
def test_with_the_token_a_game_is_served_and_the_cap_holds(
        classroom: Classroom, student: urllib.request.OpenerDirector) -> None:
    status, _, page = get(classroom.url(f"/?token={TOKEN}"), opener=student)
    assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
    assert "fontawesome" not in page  # the template that fetches nothing (issue 9 item 11)
    status, _, page = get(classroom.url(f"/?token={TOKEN}"))  # another visitor
    assert status == 503 and "the class is full (1 game is running," in page


@pytest.mark.slow
def test_a_reloading_student_keeps_a_game_and_the_cap_still_holds(
        classroom: Classroom, student: urllib.request.OpenerDirector) -> None:
    """Issue 20: with --max-games 1 the same browser reloading was refused "the class is
    full" for minutes (its closed page's game held the slot). A reload takes the place
    of its own earlier game; a second browser is still refused."""
    get(classroom.url(f"/?token={TOKEN}"), opener=student)
    for _ in range(3):  # reload, without and with the code in the address
        status, _, page = get(classroom.url("/"), opener=student)
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
    status, _, page = get(classroom.url(f"/?token={TOKEN}"), opener=student)
    assert status == 200, page[:300]
    status, _, page = get(classroom.url(f"/?token={TOKEN}"))
    assert status == 503 and "the class is full (1 game is running," in page


@pytest.mark.slow
def test_visitors_cannot_choose_the_page_template(
        classroom: Classroom, student: urllib.request.OpenerDirector) -> None:
    """Issue 20: ``?template=lab`` loaded a font from a CDN; ``?template=nonexistent``
    answered 200 and sent heartbeats forever. Both now get the class's own page."""
    for query in ("template=lab", "template=nonexistent", "theme=dark"):
        status, _, page = get(classroom.url(f"/?{query}"), timeout=60, opener=student)
        assert status == 200, (query, status)
        assert "fontawesome" not in page and "application/vnd.jupyter.widget-view+json" in page


@pytest.mark.slow
def test_the_page_says_nothing_meant_for_the_teacher(
        classroom: Classroom, student: urllib.request.OpenerDirector) -> None:
    status, _, page = get(classroom.url("/"), opener=student)
    assert status == 200 and "Play cribbage against the computer" in page
    for teacher in ("cribbage-edu classroom", "change the cell below", "token"):
        assert teacher not in page, teacher


def test_the_login_page_asks_for_the_class_code_in_a_students_words(
        classroom: Classroom) -> None:
    status, _, page = get(classroom.url("/login"))
    assert status == 200
    assert "Type the class code your teacher gave you" in page
    assert "jupyter server list" not in page and "token" not in page.lower()
    status, _, page = post_code(classroom, "wrongcode")
    assert status == 401 and "That is not the class code" in page


def post_code(classroom: Classroom, code: str) -> tuple[int, str, str]:
    """Type ``code`` into the login page, as a browser would (with its xsrf cookie)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    get(classroom.url("/login"), opener=opener)
    xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
    form = urllib.parse.urlencode({"password": code, "_xsrf": xsrf}).encode()
    try:
        with opener.open(urllib.request.Request(classroom.url("/login?next=/"), data=form),
                         timeout=30) as answer:
            return answer.status, answer.headers.get("Location", ""), answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Location", ""), refused.read().decode()


def test_the_class_code_opens_the_game(classroom: Classroom) -> None:
    status, where, _ = post_code(classroom, TOKEN)
    assert status == 302 and where == "/"


def test_no_traceback_for_a_template_file_asked_without_the_token(
        classroom: Classroom) -> None:
    """Issue 20: ``/voila/templates/cribbage/conf.json`` printed a traceback on the
    teacher's terminal."""
    paths = ("/voila/templates/cribbage/conf.json", "/voila/templates/x",
             "/voila/templates/cribbage/nostatic/a.js")
    for path in paths:
        status, _, _ = get(classroom.url(path))
        assert status == 404, (path, status)
    # the server logs each answer once it is sent, after anything it printed handling it
    log = wait_for_log(classroom, *(f"404 GET {path} " for path in paths))
    assert "Traceback" not in log


def wait_for_log(classroom: Classroom, *lines: str, timeout: float = 30) -> str:
    """The server's log once it holds every one of ``lines`` (each a part of a line),
    polled; a failure naming those still missing after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        log = classroom.log.read_text()
        missing = [line for line in lines if line not in log]
        if not missing:
            return log
        assert time.monotonic() < deadline, f"not in the server's log: {missing}\n{log}"
        time.sleep(0.1)


def test_the_token_is_on_no_command_line(classroom: Classroom) -> None:
    """Issue 20: the token was on Voila's command line, which ``ps`` shows every local
    user. Given by the environment, it is on none of the classroom's processes' command
    lines (the command's, Voila's, the kernels')."""
    group = os.getpgid(classroom.process.pid)
    seen = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) != group:
                continue
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except (OSError, ProcessLookupError):
            continue
        seen += 1
        assert TOKEN not in cmdline, cmdline.replace("\0", " ")
    assert seen >= 2  # the command and its Voila


def test_a_taken_port_is_refused_in_one_line(tmp_path: Path) -> None:
    """Issue 20: with the port taken, Voila moved to the next one while the command
    printed the asked port, token and all."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "cribbage_edu", "classroom", str(NOTEBOOK), "--ip",
             "127.0.0.1", "--port", str(port), "--token", TOKEN],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
            env=dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path / "data")))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"cribbage-edu: error: port {port} on 127.0.0.1 is taken by another "
                           f"program: choose another with --port\n")


def test_the_visitor_header_has_one_home() -> None:
    """The header that says which browser asks for a game is named once (the classroom's
    game settings): Voila is told to pass it on, the login writes it, and the kernel
    manager reads it from the environment variable Voila makes of it, spelt as CGI spells
    a header (worked by hand: ``HTTP_``, capitals, ``_`` for ``-``)."""
    from cribbage_edu.classroom import games, kernels

    settings = games.voila_settings("abc123")
    assert settings["VoilaConfiguration"]["http_header_envs"] == [games.VISITOR_HEADER]
    assert games.VISITOR_HEADER == "X-Cribbage-Visitor"
    assert kernels.VISITOR_ENV == "HTTP_X_CRIBBAGE_VISITOR"
    assert kernels.header_env("X-Cdsdashboards-Jh-User") == "HTTP_X_CDSDASHBOARDS_JH_USER"


def test_one_starter_writes_private_settings_and_leaves_none_behind(tmp_path: Path) -> None:
    """The one server starter (the classroom's Voila and the course's JupyterLab): the
    settings it is handed are in a folder of their own, first on the Jupyter config path,
    readable by this user alone, with the runtime folder beside them, all gone after; the
    server runs where it is told and reads nothing; one still running when the block ends
    is ended."""
    import json

    from cribbage_edu.classroom.serving import started

    seen = tmp_path / "seen.json"
    code = ("import json, os, stat, sys, time\n"
            "paths = os.environ['JUPYTER_CONFIG_PATH'].split(os.pathsep)\n"
            "path = os.path.join(paths[0], 'voila.json')\n"
            "facts = [paths, oct(stat.S_IMODE(os.stat(path).st_mode)), open(path).read(),\n"
            "         os.environ['JUPYTER_RUNTIME_DIR'], os.getcwd(), sys.stdin.read()]\n"
            "open(sys.argv[1] + '.part', 'w').write(json.dumps(facts))\n"
            "os.rename(sys.argv[1] + '.part', sys.argv[1])\n"
            "time.sleep(120)\n")
    env = {"PATH": os.environ.get("PATH", ""), "JUPYTER_CONFIG_PATH": "/etc/jupyter-x"}
    work = tmp_path / "work"
    work.mkdir()
    with started([sys.executable, "-c", code, str(seen)], env=env, cwd=work,
                 settings={"voila.json": '{"Voila": {"token": "abc123"}}'},
                 stdin=subprocess.DEVNULL) as server:
        deadline = time.monotonic() + 60
        while not seen.exists() and server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        paths, mode, text, runtime, cwd, read = json.loads(seen.read_text())
    assert server.returncode is not None  # ended with the block, not left running
    assert paths[1:] == ["/etc/jupyter-x"] and Path(paths[0]) == Path(runtime) / "config"
    assert (mode, text, Path(cwd), read) == ("0o600", '{"Voila": {"token": "abc123"}}',
                                             work.resolve(), "")
    assert not Path(runtime).exists()


@pytest.mark.parametrize(("argv", "says"), [
    (["classroom", "no/such.ipynb"], "no notebook 'no/such.ipynb'"),
    (["classroom", str(NOTEBOOK), "--token", "abc"], "--token must be at least 6"),
    (["classroom", str(NOTEBOOK), "--token", "has space"], "--token must be"),
    (["classroom", str(NOTEBOOK), "--max-games", "0"], "--max-games must be at least 1"),
    (["classroom", str(NOTEBOOK), "--port", "70000"], "--port 70000 is more than 65,535"),
    (["classroom", str(NOTEBOOK), "--ip", "300.1.1.1"], "--ip '300.1.1.1' is not an address"),
    (["classroom", str(NOTEBOOK), "--ip", "localhost; rm"], "--ip 'localhost; rm' is not"),
])
def test_bad_classroom_arguments(argv: list[str], says: str) -> None:
    import io

    err = io.StringIO()
    assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert says in err.getvalue() and err.getvalue().count("\n") == 1


@pytest.mark.slow
def test_one_browser_s_loads_at_once_leave_one_game_and_only_it_ends_it(
        tmp_path: Path) -> None:
    """The kernel manager itself, with real kernels: three loads of one browser at the
    same moment (a reload clicked again before its game started) leave one game, not
    three; another browser's game is its own; a closing page may end its own game only,
    and ending one already gone is quiet."""
    import asyncio

    from tornado.web import HTTPError

    from cribbage_edu.classroom.kernels import VISITOR_ENV, ClassroomKernelManager

    async def play() -> None:
        manager = ClassroomKernelManager(max_kernels=2, connection_dir=str(tmp_path))

        def load(visitor: str) -> object:
            return manager.start_kernel(env={**os.environ, VISITOR_ENV: visitor})

        try:
            loads = await asyncio.gather(*(load("ann") for _ in range(3)))
            assert len(set(loads)) == 3 and manager.list_kernel_ids() == [loads[-1]]
            ann = loads[-1]
            bob = await load("bob")
            assert sorted(manager.list_kernel_ids()) == sorted([ann, bob])
            with pytest.raises(HTTPError) as full:
                await load("cal")
            assert full.value.status_code == 503
            with pytest.raises(HTTPError) as refused:
                await manager.close_game(bob, "ann")
            assert refused.value.status_code == 403 and bob in manager
            assert await manager.close_game(bob, "bob") is True and bob not in manager
            assert await manager.close_game(bob, "bob") is False  # gone already
            assert await manager.close_game(loads[0], "ann") is False  # a reload ended it
            assert manager.list_kernel_ids() == [ann]
        finally:
            await manager.shutdown_all()

    env = {"JUPYTER_DATA_DIR": str(tmp_path / "data"), "IPYTHONDIR": str(tmp_path / "ipy")}
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    failed: list[BaseException] = []

    def run() -> None:  # a thread of its own: an earlier test (Playwright's) may have
        try:            # left an event loop running in this one
            asyncio.run(play())
        except BaseException as error:  # raised again below, in the test's thread
            failed.append(error)

    try:
        runner = threading.Thread(target=run)
        runner.start()
        runner.join()
        if failed:
            raise failed[0]
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
