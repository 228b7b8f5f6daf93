"""AnswerBox: a text box for a typed answer (a number of points) that answers the Enter
key, with the text typed carried by the Enter itself.

Why not ipywidgets' own ``Text``: its Enter sends a message of its own at once, while
the text typed is sent as the box's value, and a value change is held back in the
browser until the kernel has answered the one before. So "15" typed fast, then Enter,
reached the kernel as the value "1", then Enter, then the value "15": the answer was
judged as 1. Here the Enter carries the text in the box as it is when the key is
pressed, and the kernel takes that text as the box's value before anything else reads
it. Between Enters the text is sent when the learner leaves the box (a click on a
button beside it, Tab), never key by key, and as a message of its own rather than a
value change: a change is held back while the kernel is busy with the message before
it, so "2" typed just after a peg, then Peg clicked, could reach the kernel after the
click, which would peg the 6 still in the box (a browser test on a busy machine once saw
the second peg go wrong). A message is never held back, and the click, which leaves the
box first, comes after it and finds the text typed.

The view is a few lines of JavaScript run by anywidget (:pypi:`anywidget`), which
JupyterLab, Voila and the notebook all load; the box looks like ipywidgets' own.

>>> box = AnswerBox(placeholder="points", description="Your count")
>>> said = []; box.on_enter(lambda: said.append(box.value))
>>> box.submit("15"); said
['15']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["AnswerBox"]

_ESM = """
function render({ model, el }) {
  el.classList.add("widget-inline-hbox", "widget-text", "cribbage-answer-box");
  const label = document.createElement("label");
  label.className = "widget-label";
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  const id = "cribbage-answer-" + Math.random().toString(36).slice(2);
  input.id = id;
  label.htmlFor = id;
  el.append(label, input);
  const paint = () => {
    label.textContent = model.get("description");
    label.style.display = model.get("description") ? "" : "none";
    input.placeholder = model.get("placeholder");
    input.disabled = model.get("disabled");
    if (input.value !== model.get("value")) { input.value = model.get("value"); }
  };
  paint();
  model.on("change:value change:placeholder change:description change:disabled", paint);
  const commit = () => {
    if (model.get("value") !== input.value) {
      model.set("value", input.value);
      model.send({ event: "value", value: input.value });  // never held back: see above
    }
  };
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (event) => {
    event.stopPropagation();  // the notebook's own shortcuts stay out of the box
    if (event.key === "Enter") {
      event.preventDefault();
      model.set("value", input.value);  // the box's value as it is now, here...
      model.send({ event: "submit", value: input.value });  // ...and with the Enter
    }
  });
  input.addEventListener("keypress", (event) => event.stopPropagation());
  model.on("msg:custom", (msg) => {
    if (msg && msg.do === "focus") { input.focus(); }
    if (msg && msg.do === "blur") { input.blur(); }
  });
}
export default { render };
"""


class AnswerBox(anywidget.AnyWidget):
    """A text box that also answers the Enter key: ``on_enter(callback)`` is called
    when the learner presses Enter in it (as a click on the button beside it), after the
    box's ``value`` has been set to the text the Enter carried."""

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._enter: list[Callable[[], None]] = []
        self.on_msg(self._message)

    def on_enter(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when Enter is pressed in the box."""
        self._enter.append(callback)

    def _message(self, _: Any, content: dict[str, Any], buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        text = content.get("value")
        if content.get("event") == "submit":
            self.submit(text if isinstance(text, str) else None)
        elif content.get("event") == "value" and isinstance(text, str):
            self.leave(text)

    def submit(self, text: str | None = None) -> None:
        """Do what Enter does: take ``text`` (when given) as the box's value, then call
        each ``on_enter`` callback."""
        if text is not None:
            self.value = text
        for callback in self._enter:
            callback()

    def leave(self, text: str) -> None:
        """Do what the learner's leaving the box does (a click beside it, Tab): take
        ``text``, the text in the box, as its value, with no Enter."""
        self.value = text

    def press_enter(self) -> None:
        """Do what pressing Enter does with the text in the box (for a test or a script)."""
        self.submit()
