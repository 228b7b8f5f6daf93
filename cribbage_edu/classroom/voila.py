"""The Voila the classroom runs (``python -m cribbage_edu.classroom.voila``): Voila
itself, with three things made for a class.

- The login page asks for the **class code** in a student's words (Jupyter's own page
  talks of ``jupyter server list`` and tokens), and typing the right code lets the student
  in (with Jupyter's own provider it answered 500): :class:`ClassLoginHandler`,
  :class:`ClassIdentityProvider`.
- Each request carries **who is asking** to the kernel manager, so a browser that
  reloads the page (or closes the tab and comes back) takes the place of its own earlier
  game instead of a second slot: :class:`ClassIdentityProvider` writes the visitor's
  (anonymous, per-browser) name into the request header
  :data:`~cribbage_edu.classroom.games.VISITOR_HEADER` (its one home), whatever
  the browser sent in it, and Voila hands that header to
  :class:`~cribbage_edu.classroom.kernels.ClassroomKernelManager` (which takes it out
  of the kernel's environment). A browser that comes back with the address holding the
  class code keeps the name it has.
- A page that closes **ends its game at once**: Voila's page tells the server as it goes
  (a beacon to ``/voila/api/shutdown/<kernel>``, which must carry the page's ``_xsrf``
  cookie: Voila's own page never set it, so every such beacon was refused 403 and the
  game held its slot until the idle timeout). :class:`GamePage` sets that cookie;
  :class:`ClosedPage` ends the game, only for the browser whose game it is.
- A template file asked for by a path Voila's handler cannot parse
  (``/voila/templates/cribbage/conf.json``) is a plain 404, not a traceback on the
  teacher's terminal: :class:`TemplateFiles`.

Only this process imports it (and with it Voila and Jupyter's server).

>>> print(login_page('<input type="hidden" name="_xsrf" value="x"/>', "/", wrong=True))
... # doctest: +ELLIPSIS
<!doctype html>...That is not the class code...
"""

from __future__ import annotations

import hmac
import inspect
from html import escape
from typing import Any

from tornado.web import HTTPError, authenticated
from voila import app as voila_app
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_identity_provider import VoilaIdentityProvider, VoilaLoginHandler

from ..render.colours import INK
from .games import VISITOR_HEADER

__all__ = ["ClassIdentityProvider", "ClassLoginHandler", "ClosedPage",
           "GamePage", "TemplateFiles", "login_page", "main"]



def login_page(xsrf_field: str, next_url: str, *, wrong: bool = False) -> str:
    """The page a student sees before the game: one box for the class code."""
    message = (f'<p role="alert" style="color:{INK["warning"]}">That is not the class '
               'code: check it with your teacher and type it again.</p>') if wrong else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cribbage: join the class</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:30em;margin:4em auto;padding:0 1em}}
input,button{{font-size:1.2em;padding:.3em}}</style></head><body>
<h1>Cribbage</h1>
<p>Type the class code your teacher gave you, then press Join.</p>
{message}
<form action="?next={escape(next_url)}" method="post">{xsrf_field}
<label for="password">Class code</label><br>
<input type="password" id="password" name="password" autocomplete="off" autofocus required>
<button type="submit">Join</button>
</form></body></html>
"""


class ClassLoginHandler(VoilaLoginHandler):  # type: ignore[misc]
    """Voila's login handler, showing :func:`login_page`."""

    def _render(self, message: Any = None) -> None:
        next_url = self.get_argument("next", default=self.base_url)
        self.write(login_page(self.xsrf_form_html(), next_url, wrong=message is not None))


async def _settled(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


class ClassIdentityProvider(VoilaIdentityProvider):  # type: ignore[misc]
    """Voila's identity provider: the class-code login page, a browser keeps the one
    name it was given, and every request says that name in :data:`VISITOR_HEADER`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["login_handler_class"] = ClassLoginHandler
        super().__init__(**kwargs)

    async def get_user_token(self, handler: Any) -> Any:
        """The user of a request holding the class code: the browser's own when it has
        one already (Jupyter would make up a new one on every such request)."""
        user = await _settled(super().get_user_token(handler))
        if user is None:
            return None
        known = await _settled(self.get_user_cookie(handler))
        return known or user

    def process_login_form(self, handler: Any) -> Any:
        """The user of a browser that typed the class code (Jupyter's own answers 500
        here: it asks a method only its password provider has), else ``None``."""
        typed = handler.get_argument("password", default="")
        if not (self.token and hmac.compare_digest(typed.encode(), self.token.encode())):
            return None
        return self.generate_anonymous_user(handler)

    async def get_user(self, handler: Any) -> Any:
        """The user, written into :data:`VISITOR_HEADER` (never what the browser sent)."""
        user = await _settled(super().get_user(handler))
        headers = handler.request.headers
        if VISITOR_HEADER in headers:
            del headers[VISITOR_HEADER]
        if user is not None:
            headers[VISITOR_HEADER] = user.username
        return user


class TemplateFiles(TemplateStaticFileHandler):  # type: ignore[misc]
    """Voila's handler of template files, answering 404 to a path it cannot parse."""

    def parse_url_path(self, path: str) -> str:
        """``<template>/static/<file>``, or 404."""
        parts = path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static":
            raise HTTPError(404)
        parsed: str = super().parse_url_path(path)
        return parsed


class GamePage(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, setting the ``_xsrf`` cookie the page's closing beacon
    sends (tornado sets it once, when the browser has none)."""

    async def get(self, path: str | None = None) -> None:
        """The game page, to a student who typed the class code."""
        if self.current_user:
            self.xsrf_token  # noqa: B018  (reading it sets the cookie)
        await super().get(path)


class ClosedPage(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """The end of a closed page's game (Voila's, asking the kernel manager's
    :meth:`~cribbage_edu.classroom.kernels.ClassroomKernelManager.close_game`: only
    the browser whose game it is, and quietly when the game is gone already)."""

    @authenticated
    async def post(self, kernel_id: str) -> None:
        """204 whether or not the game was still running; 403 for another's game."""
        manager = self.kernel_manager
        if hasattr(manager, "close_game"):
            await manager.close_game(kernel_id, self.current_user.username)
        elif kernel_id in manager:
            await manager.shutdown_kernel(kernel_id)
        self.set_status(204)
        self.finish()


def main() -> None:
    """Run Voila with :class:`GamePage`, :class:`ClosedPage` and :class:`TemplateFiles`
    in place of its own handlers (Voila's app names its handlers in its module)."""
    voila_app.TornadoVoilaHandler = GamePage
    voila_app.VoilaShutdownKernelHandler = ClosedPage
    voila_app.TemplateStaticFileHandler = TemplateFiles
    voila_app.main()


if __name__ == "__main__":
    main()
