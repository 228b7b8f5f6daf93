"""What one machine holds: ``cribbage-edu hub`` with N students arriving at once.

For each N (5, 10, 25 by default) a fresh hub starts on 127.0.0.1 (a random port, its own
state folder, a Unix user for each student, made by the hub as root, with a random prefix;
all removed at the end), with the lesson 00 assignment built and released first. It times
the hub coming up (from the command to its API answering); then, through the hub's REST
API (an admin token of the teacher's), N student servers are asked for at the same moment,
as a class logging in together, and for each student it times the first page (from the
start request to their JupyterLab answering the lesson 00 assignment, fetched into their
folder as the server starts). Each student then answers exercise 1 (the notebook written
through the server's contents API) and submits it (nbgrader's Submit, as the Assignments
panel posts it): the submit is timed, one student after another. Then lesson 02's code
cells run in a kernel of each server (over the kernel websocket, as JupyterLab does), all
students at once, timed too. Memory is the sum of the proportional set size (PSS) of every
process of the hub: the hub, the proxy, the culler, each server and each kernel, measured
once every kernel has run the lesson.

    sudo .venv/bin/python benchmarks/bench_hub.py            # N = 5, 10, 25
    sudo .venv/bin/python benchmarks/bench_hub.py --students 5

Needs root, the classroom extra and configurable-http-proxy (on PATH, or the hub installs
it into its state folder with npm). When this Python lives in a folder closed to other
users (/root/.pyenv), the benchmark's users are let through it for the run (a POSIX
access list, taken back at the end). Traffic goes to 127.0.0.1 only; every hub is stopped
by its process group.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.cookiejar
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import stat
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from cribbage_edu.classroom.hub_users import (
    class_accounts,
    let_pass,
    remove_accounts,
    take_back,
    unix_names,
)

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "lessons" / "02_the_starter_fifteens_and_pairs.ipynb"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def request(url: str, *, token: str = "", method: str = "GET",
            body: dict[str, Any] | None = None, timeout: float = 60) -> tuple[int, Any]:
    headers = {"Authorization": f"token {token}"} if token else {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            text = answer.read().decode()
            return answer.status, json.loads(text) if text.startswith(("{", "[")) else text
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def hub_answers(url: str) -> bool:
    try:
        return request(f"{url}/hub/api", timeout=5)[0] == 200
    except (urllib.error.URLError, OSError):
        return False


def teacher_token(url: str, password: str) -> str:
    """Log in as the teacher (the login form) and ask the hub for an API token."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{url}/hub/login", timeout=30).read()
    xsrf = next(c.value for c in jar if c.name == "_xsrf")
    form = urllib.parse.urlencode({"username": "teacher", "password": password,
                                   "_xsrf": xsrf}).encode()
    opener.open(urllib.request.Request(f"{url}/hub/login?next=/hub/home", data=form),
                timeout=30).read()
    xsrf = [c.value for c in jar if c.name == "_xsrf"][-1]  # a new one, the teacher's
    req = urllib.request.Request(f"{url}/hub/api/users/teacher/tokens", method="POST",
                                 data=json.dumps({"note": "bench_hub"}).encode(),
                                 headers={"X-XSRFToken": xsrf,
                                          "Content-Type": "application/json"})
    with opener.open(req, timeout=30) as answer:
        token: str = json.loads(answer.read())["token"]
        return token


ASSIGNMENT = "lesson00/00_start_here.ipynb"


def first_page(url: str, name: str, token: str, started: float, deadline: float) -> float:
    """Seconds from the start request until the student's Lab answers the lesson 00
    assignment."""
    page = urllib.request.Request(f"{url}/user/{name}/lab/tree/{ASSIGNMENT}",
                                  headers={"Authorization": f"token {token}"})
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(page, timeout=30) as answer:
                if answer.status == 200 and "jupyter-config-data" in answer.read().decode():
                    return time.monotonic() - started
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"{name}'s first page did not come within the time allowed")


async def run_lesson(url: str, name: str, token: str, cells: list[str]) -> float:
    """Start a kernel on the student's server and run the lesson's code cells in it."""
    base = f"{url}/user/{name}"
    status, kernel = await asyncio.to_thread(
        request, f"{base}/api/kernels", token=token, method="POST", body={"name": "python3"})
    assert status == 201, (status, kernel)
    ws_url = (base.replace("http://", "ws://") + f"/api/kernels/{kernel['id']}/channels")
    started = time.monotonic()
    socket_ = await websocket_connect(HTTPRequest(
        ws_url, headers={"Authorization": f"token {token}"}), max_message_size=2**28)
    session = uuid.uuid4().hex
    for code in cells:
        msg_id = uuid.uuid4().hex
        await socket_.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": name, "session": session,
                       "msg_type": "execute_request", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True,
                        "user_expressions": {}, "allow_stdin": False,
                        "stop_on_error": True}}))
        while True:
            raw = await asyncio.wait_for(socket_.read_message(), timeout=300)
            if raw is None:
                raise RuntimeError(f"{name}'s kernel closed its channels")
            if isinstance(raw, bytes):
                continue
            message = json.loads(raw)
            if (message.get("parent_header", {}).get("msg_id") == msg_id
                    and message.get("msg_type") == "execute_reply"):
                if message["content"]["status"] != "ok":
                    raise RuntimeError(f"{name}: a cell failed: {message['content']}")
                break
    socket_.close()
    return time.monotonic() - started


def answer_and_submit(url: str, name: str, token: str) -> float:
    """Write exercise 1's answer into the student's assignment (the contents API), then
    time nbgrader's Submit as the Assignments panel posts it."""
    contents = f"{url}/user/{name}/api/contents/{ASSIGNMENT}"
    status, model = request(contents, token=token)
    assert status == 200, (status, model)
    for cell in model["content"]["cells"]:
        if cell["source"].startswith("answer_1 = ..."):
            cell["source"] = cell["source"].replace("answer_1 = ...", "answer_1 = 4", 1)
    status, said = request(contents, token=token, method="PUT",
                           body={"type": "notebook", "format": "json",
                                 "content": model["content"]})
    assert status == 200, (status, said)
    body = urllib.parse.urlencode({"course_id": "cribbage",
                                   "assignment_id": "lesson00"}).encode()
    started = time.monotonic()
    req = urllib.request.Request(f"{url}/user/{name}/assignments/submit", data=body,
                                 method="POST", headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=120) as answer:
        reply = json.loads(answer.read())
    assert reply.get("success"), reply
    return time.monotonic() - started


def pss_mb(root: int) -> tuple[float, int]:
    """The PSS of ``root`` and every process under it (MB), and how many they are."""
    total = 0
    processes = [psutil.Process(root)]
    processes += processes[0].children(recursive=True)
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            total += process.memory_full_info().pss
    return total / 2**20, len(processes)


def measure(students: int, proxy_path: str) -> dict[str, Any]:
    prefix = f"bench{secrets.token_hex(2)}-"
    base = Path(tempfile.mkdtemp(prefix="bench-hub-", dir="/tmp"))
    base.chmod(0o711)  # the students pass through to their homes
    opened: dict[Path, int] = {}
    names = [f"student{n:02d}" for n in range(1, students + 1)]
    (base / "students.txt").write_text("\n".join(names) + "\n")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, PATH=os.pathsep.join([proxy_path, os.environ.get("PATH", "")]))
    state = base / "state"
    guide = ROOT / "lessons" / "README.md"
    guide_mode = stat.S_IMODE(guide.stat().st_mode)  # the hub closes it; given back after
    for command in ([sys.executable, "-m", "cribbage_edu", "assignments", "--state",
                     str(state), "--only", "00"],
                    [sys.executable, "-m", "nbgrader", "release_assignment", "lesson00",
                     "--log-level=ERROR"]):
        subprocess.run(command, cwd=state / "course" if "nbgrader" in command else base,
                       env=env, check=True, capture_output=True)
    users = unix_names([*names, "teacher"], prefix)
    accounts = class_accounts(users, {login: state / "course" if login == "teacher"
                                      else state / "students" / login for login in users})
    for folder in reversed(Path(sys.executable).resolve().parents):
        if folder.stat().st_mode & stat.S_IXOTH == 0:
            opened[folder] = let_pass(folder, [a.uid for a in accounts.values()])
    log = (base / "hub.log").open("wb")
    hub_started = time.monotonic()
    hub = subprocess.Popen([sys.executable, "-m", "cribbage_edu", "hub", "--class-list",
                            str(base / "students.txt"), "--state", str(state),
                            "--ip", "127.0.0.1", "--port", str(port), "--user-prefix",
                            prefix], cwd=base, env=env,
                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not hub_answers(url):
            if hub.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not start: see {base / 'hub.log'}")
            time.sleep(0.3)
        hub_up = time.monotonic() - hub_started
        passwords = dict(line.split() for line in
                         (state / "passwords.txt").read_text().splitlines()
                         if line and not line.startswith("#"))
        token = teacher_token(url, passwords["teacher"])
        idle_mb, _ = pss_mb(hub.pid)
        started = time.monotonic()
        for name in names:  # the whole class asks at once
            status, said = request(f"{url}/hub/api/users/{name}/server", token=token,
                                   method="POST")
            assert status in (201, 202), (name, status, said)
        deadline = started + 900

        async def pages() -> list[float]:
            return list(await asyncio.gather(*(asyncio.to_thread(
                first_page, url, name, token, started, deadline) for name in names)))

        waits = asyncio.run(pages())
        servers_mb, _ = pss_mb(hub.pid)
        submits = [answer_and_submit(url, name, token) for name in names]
        notebook = json.loads(LESSON.read_text())
        cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]

        async def lessons() -> list[float]:
            return list(await asyncio.gather(*(run_lesson(url, name, token, cells)
                                               for name in names)))

        lesson_started = time.monotonic()
        runs = asyncio.run(lessons())
        lesson_wall = time.monotonic() - lesson_started
        total_mb, processes = pss_mb(hub.pid)
        return {
            "students": students, "hub_up_s": hub_up,
            "submit_median_s": statistics.median(submits), "submit_max_s": max(submits),
            "first_page_median_s": statistics.median(waits), "first_page_max_s": max(waits),
            "lesson_median_s": statistics.median(runs), "lesson_max_s": max(runs),
            "lesson_all_s": lesson_wall,
            "hub_idle_mb": idle_mb, "servers_up_mb": servers_mb, "total_mb": total_mb,
            "per_student_mb": (total_mb - idle_mb) / students, "processes": processes,
            "load_average": os.getloadavg(),
        }
    finally:
        os.killpg(hub.pid, signal.SIGTERM)
        try:
            hub.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
            hub.wait()
        for process in psutil.process_iter(["cmdline"]):  # servers in sessions of their own
            cmdline = " ".join(process.info["cmdline"] or [])
            if str(base) in cmdline or f"127.0.0.1:{port}" in cmdline:
                process.kill()
        log.close()
        for folder, mode in opened.items():
            take_back(folder, mode)
        remove_accounts([e.pw_name for e in pwd.getpwall() if e.pw_name.startswith(prefix)])
        shutil.rmtree(base, ignore_errors=True)
        guide.chmod(guide_mode)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 10, 25])
    parser.add_argument("--proxy", default=str(ROOT / "test-artifacts" /
                                               "configurable-http-proxy" / "node_modules" /
                                               ".bin"),
                        help="a folder holding configurable-http-proxy")
    args = parser.parse_args()
    for students in args.students:
        result = measure(students, args.proxy)
        print(f"N={result['students']:>2}: hub up {result['hub_up_s']:.1f} s; first page "
              f"median {result['first_page_median_s']:.1f} s"
              f", slowest {result['first_page_max_s']:.1f} s; answer and submit: median "
              f"{result['submit_median_s']:.2f} s, slowest {result['submit_max_s']:.2f} s; "
              f"lesson 02 in each kernel, all at "
              f"once: median {result['lesson_median_s']:.1f} s, slowest "
              f"{result['lesson_max_s']:.1f} s; memory (PSS) {result['total_mb']:.0f} MB in "
              f"{result['processes']} processes ({result['per_student_mb']:.0f} MB a "
              f"student, the hub alone {result['hub_idle_mb']:.0f} MB; servers before the "
              f"lesson {result['servers_up_mb']:.0f} MB); load average "
              f"{', '.join(f'{x:.1f}' for x in result['load_average'])}", flush=True)


if __name__ == "__main__":
    main()
