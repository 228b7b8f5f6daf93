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

The button that answers the box (Peg, Claim) is drawn in the box's own view, and its
click carries the text in the box, as Enter does. It was once an ipywidgets Button of
its own, and the box's text and the click travelled as messages of two widgets: a kernel
that takes widget messages on subshells (ipykernel 7 with JupyterLab 4.6's
``commsOverSubshells``) routes each widget's messages by the last thread that wrote to
it, so the two could be taken in either order, and a click taken first read the box
before the text had come (a browser test on a busy machine saw one Peg in seven or ten
answered "type the points you peg first" with the number in the box; with subshells
switched off, never). A click that brings its own text cannot be early. Each message
also carries its view's running number: a text left behind by a later one is dropped.
For the same reason the counting quiz's boxes of each kind are further boxes of its
total's box (``fields``), drawn in the same view: the Enter or the click that answers
carries all their texts, and the kernel takes them without sending them back (an echo
of older text would overwrite what was typed since: a browser test saw it).

The view is a few lines of JavaScript run by anywidget (:pypi:`anywidget`), which
JupyterLab, Voila and the notebook all load; the box looks like ipywidgets' own.

>>> box = AnswerBox(placeholder="points", description="Your count")
>>> said = []; box.on_enter(lambda: said.append(box.value))
>>> box.submit("15"); said
['15']
>>> claim = AnswerBox(button_description="Claim"); claim.on_enter(lambda: said.append(claim.value))
>>> claim.value = "8"; claim.button.click(); said
['15', '8']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["AnswerBox", "AnswerButton", "AnswerField"]

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
  const press = document.createElement("button");
  press.type = "button";
  el.append(label, input, press);
  // the further boxes (the quiz's points of each kind), on a line of their own in this
  // same view: the Enter or the click that answers carries their text too
  const line = document.createElement("div");
  line.className = "cribbage-answer-fields";
  line.style.cssText = "flex-basis:100%;display:flex;flex-wrap:wrap;gap:4px 12px;margin-top:4px";
  let fields = [];
  const build = () => {
    line.replaceChildren();
    fields = model.get("fields").map((said, i) => {
      const box = document.createElement("input");
      box.type = "text";
      box.autocomplete = "off";
      box.spellcheck = false;
      box.id = id + "-" + i;
      box.style.width = "4em";
      box.placeholder = model.get("field_placeholder");
      const name = document.createElement("label");
      name.htmlFor = box.id;
      name.className = "widget-label";
      name.style.width = "auto";
      name.textContent = said;
      const pair = document.createElement("span");
      pair.className = "cribbage-answer-field";
      pair.dataset.field = String(i);
      pair.append(name, box);
      line.append(pair);
      box.addEventListener("change", () => commit());
      box.addEventListener("keydown", (event) => {
        event.stopPropagation();
        if (event.key === "Enter") { event.preventDefault(); answer(); }
      });
      box.addEventListener("keypress", (event) => event.stopPropagation());
      return box;
    });
    line.style.display = fields.length ? "flex" : "none";
    el.style.flexWrap = fields.length ? "wrap" : "";
  };
  el.append(line);
  const typed = () => fields.map((box) => box.value);
  const view = Math.random().toString(36).slice(2);
  let sent = 0;  // this view's messages, numbered: the kernel drops a text overtaken
  const send = (event) => {
    sent += 1;
    model.send({ event, value: input.value, fields: typed(), view, n: sent });  // never held back
  };
  const paint = () => {
    label.textContent = model.get("description");
    label.style.display = model.get("description") ? "" : "none";
    input.placeholder = model.get("placeholder");
    input.disabled = model.get("disabled");
    if (input.value !== model.get("value")) { input.value = model.get("value"); }
    const said = model.get("button_description");
    const style = model.get("button_style");
    press.textContent = said;
    press.title = model.get("button_tooltip");
    press.style.display = said ? "" : "none";
    press.disabled = model.get("disabled");
    press.className = !said ? "" : "jupyter-widgets jupyter-button widget-button"
      + (style ? " mod-" + style : "") + " " + model.get("button_class");  // none: no class
    const values = model.get("field_values");
    fields.forEach((box, i) => {
      const value = values[i] === undefined ? "" : values[i];
      if (box.value !== value) { box.value = value; }
      box.disabled = model.get("disabled");
    });
  };
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  const commit = () => {
    if (model.get("value") !== input.value || !same(model.get("field_values"), typed())) {
      model.set("value", input.value);
      model.set("field_values", typed());
      send("value");  // a message of its own, not a value change: see above
    }
  };
  const answer = () => {
    model.set("value", input.value);  // the box's value as it is now, here...
    model.set("field_values", typed());
    send("submit");  // ...and with the Enter, or the click, that answers it
  };
  build();
  paint();
  model.on("change:fields change:field_placeholder", () => { build(); paint(); });
  model.on("change:value change:placeholder change:description change:disabled "
    + "change:button_description change:button_tooltip change:button_style "
    + "change:button_class change:field_values", paint);
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (event) => {
    event.stopPropagation();  // the notebook's own shortcuts stay out of the box
    if (event.key === "Enter") {
      event.preventDefault();
      answer();
    }
  });
  press.addEventListener("click", answer);
  input.addEventListener("keypress", (event) => event.stopPropagation());
  model.on("msg:custom", (msg) => {
    if (msg && msg.do === "focus") { input.focus(); }
    if (msg && msg.do === "blur") { input.blur(); }
  });
}
export default { render };
"""


class AnswerField:
    """One of the further boxes of an :class:`AnswerBox` (``box.field_boxes``), drawn in
    the box's own view: its text is the box's ``field_values`` at its place, and it goes
    to the kernel with every Enter or click that answers the box. Here, for a script or
    a test, ``value`` reads and types that text and ``press_enter()`` answers the box."""

    def __init__(self, box: AnswerBox, index: int) -> None:
        self.box = box
        self.index = index

    @property
    def description(self) -> str:
        """The field's label."""
        return self.box.fields[self.index]

    @property
    def value(self) -> str:
        """The text in the field."""
        values = list(self.box.field_values)
        return values[self.index] if self.index < len(values) else ""

    @value.setter
    def value(self, text: str) -> None:
        values = [*self.box.field_values, *([""] * len(self.box.fields))][:len(self.box.fields)]
        values[self.index] = text
        self.box.field_values = values

    def press_enter(self) -> None:
        """Do what Enter in the field does: answer the box with every text in it."""
        self.box.submit()


class AnswerButton:
    """The button of an :class:`AnswerBox` (``box.button``), drawn in the box's own view:
    a click on it answers the box with the text in it, as Enter does. Here, for a script
    or a test, ``click()`` does what that click does."""

    def __init__(self, box: AnswerBox) -> None:
        self.box = box

    @property
    def description(self) -> str:
        """What the button says (the box's ``button_description``)."""
        return self.box.button_description

    @property
    def tooltip(self) -> str:
        return self.box.button_tooltip

    def click(self) -> None:
        """Do what a click on the button does: answer with the text in the box."""
        self.box.submit()


class AnswerBox(anywidget.AnyWidget):
    """A text box that also answers the Enter key and, when ``button_description`` is
    given, a button of its own beside the text (``button``): ``on_enter(callback)`` is
    called when the learner presses Enter in it or clicks the button, after the box's
    ``value`` has been set to the text the Enter or the click carried. The button has
    ipywidgets' look (``button_style``, "primary" by default) and the CSS class
    ``button_class``. ``fields``: the labels of further boxes drawn on a line of their
    own in the same view (``field_boxes``, their texts ``field_values``): the Enter or
    the click carries their texts too, so a callback finds every box as it was typed.

    >>> form = AnswerBox(description="Total", button_description="Check",
    ...                  fields=["fifteens", "pairs"])
    >>> heard = []; form.on_enter(lambda: heard.append((form.value, form.field_values)))
    >>> form.receive({"event": "submit", "value": "12", "fields": ["8", "4"]}); heard
    [('12', ['8', '4'])]
    """

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    button_description = traitlets.Unicode("").tag(sync=True)
    button_tooltip = traitlets.Unicode("").tag(sync=True)
    button_style = traitlets.Unicode("primary").tag(sync=True)
    button_class = traitlets.Unicode("").tag(sync=True)
    fields = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # the texts the view sends are taken without a word back (set_state, no echo): the
    # learner may have typed on since, and an echo of older text would overwrite it
    field_values = traitlets.List(traitlets.Unicode()).tag(sync=True, echo_update=False)
    field_placeholder = traitlets.Unicode("0").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._enter: list[Callable[[], None]] = []
        self._heard: dict[str, int] = {}  # each view's last message taken, by its number
        self.button = AnswerButton(self)
        """The button beside the text (shown when ``button_description`` is given)."""
        if len(self.field_values) != len(self.fields):
            self.field_values = [""] * len(self.fields)
        self.field_boxes = tuple(AnswerField(self, i) for i in range(len(self.fields)))
        """The further boxes, one for each of ``fields``, in order."""
        self.on_msg(self._message)

    def on_enter(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when Enter is pressed in the box."""
        self._enter.append(callback)

    def _message(self, _: Any, content: dict[str, Any], buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: object) -> None:
        """Do what a message from the box's view in the browser asks: ``{"event":
        "submit", "value": text}`` (Enter, or the button) answers with ``text``;
        ``{"event": "value", "value": text}`` (the learner left the box) takes ``text`` as
        the value, unless a later message of the same view (its ``view`` and running
        number ``n``) has come before it. Anything else is ignored."""
        if not isinstance(content, dict):
            return
        text, view, n = content.get("value"), content.get("view"), content.get("n")
        overtaken = False
        if isinstance(view, str) and isinstance(n, int) and not isinstance(n, bool):
            overtaken = n <= self._heard.get(view, 0)  # a later message came first
            self._heard[view] = max(n, self._heard.get(view, 0))
        typed = content.get("fields")
        fields = (list(typed) if isinstance(typed, list) and len(typed) == len(self.fields)
                  and all(isinstance(t, str) for t in typed) else None)
        if content.get("event") == "submit":  # always taken: it brings its own text
            if fields is not None:
                self.set_state({"field_values": fields})  # the view has them already
            self.submit(text if isinstance(text, str) else None)
        elif content.get("event") == "value" and isinstance(text, str) and not overtaken:
            if fields is not None:
                self.set_state({"field_values": fields})
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
