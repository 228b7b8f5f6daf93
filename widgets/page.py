"""The game page served by Voila: a template that needs no network.

Voila's own page template links two stylesheets on a CDN (Font Awesome, which Voila's
scripts already bundle); on a closed classroom network each is a failed request and a
console error. The ``cribbage`` template here is Voila's ``lab`` template without those
two links. Voila finds templates on the Jupyter path, so a command that serves the page
adds :data:`JUPYTER_PATH` to the ``JUPYTER_PATH`` environment variable and passes
``--template=cribbage`` (:func:`voila_environment` and :data:`VOILA_ARGS`):

>>> env = voila_environment({"JUPYTER_PATH": "/somewhere"})
>>> env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_PATH), "/somewhere"]
True
>>> (JUPYTER_PATH / "voila" / "templates" / TEMPLATE / "index.html.j2").exists()
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["JUPYTER_PATH", "NOT_ON_THE_PAGE", "TEMPLATE", "VOILA_ARGS", "voila_environment"]

JUPYTER_PATH = Path(__file__).resolve().parent
"""A Jupyter data folder holding ``voila/templates/cribbage``."""

TEMPLATE = "cribbage"
NOT_ON_THE_PAGE = ("@jupyter-notebook/lab-extension", "@jupyter/nbgrader")
"""JupyterLab extensions the page does not load: Voila loads every extension installed
beside it, and these, which the classroom extra brings (nbgrader, and with it the classic
Notebook), are for JupyterLab and throw errors on the page."""
VOILA_ARGS = (f"--template={TEMPLATE}",
              *(arg for name in NOT_ON_THE_PAGE
                for arg in ("--VoilaConfiguration.extension_denylist", name)))
"""What to add to a Voila command line to serve the page with the template."""


def voila_environment(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` with :data:`JUPYTER_PATH` first on the Jupyter path."""
    paths = [str(JUPYTER_PATH), *(p for p in env.get("JUPYTER_PATH", "").split(os.pathsep)
                                  if p)]
    return {**env, "JUPYTER_PATH": os.pathsep.join(paths)}
