"""A real JupyterLab (and Voila) in headless Chromium, for the browser tests.

One JupyterLab server and one Chromium serve every test of a session: the server runs
on 127.0.0.1 with a random port and token, over a temporary copy of the notebooks (so
autosave can never touch the stored outputs), with every Jupyter, IPython and
matplotlib directory pointed at temporary folders. It is stopped by its process group
(its kernels go with it). Screenshots land in ``test-artifacts/`` (git-ignored).

Two traps handled here: the toolbar says idle before the kernel is connected (a Run
All sent then runs nothing), so we wait for a connected, idle kernel; and autosave
would overwrite stored outputs, so the server works on copies with autosave off.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

from cribbage_edu.widgets.page import VOILA_ARGS, voila_environment

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def quiet_env(base: Path) -> dict[str, str]:
    """The environment of a server: every config, data and cache folder temporary."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR",
                 "MPLCONFIGDIR"):
        folder = base / name.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[name] = str(folder)
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    env.pop("JUPYTER_PATH", None)
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    for relative, values in LAB_SETTINGS.items():
        path = settings / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    return env


def wait_for(url: str, proc: subprocess.Popen[bytes], what: str, timeout: float = 60) -> None:
    """Wait until ``url`` answers 200 (or the port opens, for a bare ``host:port``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode} before it was ready")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not answer {url} within {timeout} s")


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str,
                  timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode} before it was ready")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not open port {port} within {timeout} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server and everything it started (kernels) by its process group."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


@contextmanager
def serving(command: list[str], env: dict[str, str], cwd: Path,
            log_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server in its own process group, its output in ``log_path``, and stop it
    (with all it started) on the way out."""
    with log_path.open("wb") as log:
        proc = subprocess.Popen(command, env=env, cwd=cwd, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            yield proc
        finally:
            stop(proc)


def npm_package(name: str, version: str, why: str) -> Path:
    """``name@version`` installed from the npm registry into ``test-artifacts/<name>``, a
    folder the tests own (``npm install --prefix``), kept between runs; its
    ``node_modules/<name>`` folder. ``why`` names the test that needs it."""
    folder = ARTIFACTS / name
    package = folder / "node_modules" / name
    marker = folder / f"version-{version}"
    if not (package.exists() and marker.exists()):
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(f"{why} needs npm (apt-get install npm) to fetch {name} from the "
                        f"npm registry")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund",
                        "--silent", f"{name}@{version}"], check=True, timeout=300)
        marker.write_text(version)
    return package


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: where it is and the folder it serves."""

    url: str
    token: str
    root: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temporary copy of tests/browser/*.ipynb."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    root.mkdir()
    for notebook in HERE.glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    env = quiet_env(base)
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True", "--ServerApp.terminals_enabled=False",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    url = f"http://127.0.0.1:{port}"
    with serving(command, env, root, base / "lab.log") as proc:
        wait_for(f"{url}/api/status?token={token}", proc, "JupyterLab")
        yield Lab(url, token, root)


@pytest.fixture(scope="session")
def voila_page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving a temporary copy of lessons/play.ipynb as a standalone page."""
    base = tmp_path_factory.mktemp("voila")
    notebook = base / "play.ipynb"
    shutil.copy(ROOT / "lessons" / "play.ipynb", notebook)
    env = quiet_env(base)
    port = free_port()
    command = [sys.executable, "-m", "voila", str(notebook), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", *VOILA_ARGS]
    with serving(command, voila_environment(env), base, base / "voila.log") as proc:
        wait_for_port(port, proc, "Voila")
        yield f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Headless Debian Chromium with a throw-away profile."""
    base = tmp_path_factory.mktemp("chromium")
    saved = {name: os.environ.get(name) for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    for name in saved:
        (base / name).mkdir()
        os.environ[name] = str(base / name)
    with sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(base / "profile"), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_FLAGS, viewport={"width": 1280, "height": 1000})
        context.set_default_timeout(30_000)
        try:
            yield context
        finally:
            context.close()
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


KERNEL_READY = """() => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = widget && widget.sessionContext && widget.sessionContext.session
      && widget.sessionContext.session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""


def open_and_run_all(context: BrowserContext, lab: Lab, name: str) -> Page:
    """Open notebook ``name`` in JupyterLab, wait for a connected idle kernel, Run All,
    and wait until every code cell has run."""
    page = context.new_page()
    page.goto(lab.notebook_url(name))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => {
          const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
          return cells.length > 0 && cells.every(c => {
            const p = c.querySelector('.jp-InputPrompt');
            return p && /\\[\\d+\\]/.test(p.textContent);
          });
        }""", timeout=60_000)
    return page
