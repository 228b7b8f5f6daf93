"""The class view as a chart: one panel a rule (a kind of decision until the rulebook names
rules), each student's points lost a decision as a bar, the class's own figure a line, and
the title the panel's point; a last panel, who improved most (accuracy of the last games
less the first, :mod:`cribbage_edu.study.classview`).

>>> from datetime import UTC, datetime
>>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
>>> from cribbage_edu.study.classview import class_view
>>> from cribbage_edu.study.record import Entry
>>> day = datetime(2026, 12, 1, tzinfo=UTC)
>>> def throw(loss):
...     return Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", loss, None,
...                  Grade.of_points(loss), game="g", time=day)
>>> view = class_view({"ada": [throw(2.0)], "bob": [throw(0.0)]})
>>> [ax.get_title(loc="left") for ax in class_chart(view).axes]  # doctest: +NORMALIZE_WHITESPACE
['The throw: ada loses most, 2.00 points a decision (the class 1.00)',
 'Who improved most: no student has two games of 5 decisions yet']
"""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure

from ..render.colours import COLOURS
from ..study.classview import ClassView
from ..study.progress import RANKED_DECISIONS
from .record import KIND_COLOURS, KIND_WORDS
from .style import house_style, new_figure

__all__ = ["class_chart", "improvement_point", "rule_point"]


def _rule_words(rule: str) -> str:
    return KIND_WORDS.get(rule, rule)


def rule_point(view: ClassView, rule: str) -> str:
    """The point of a rule's panel: who loses most on it, against the class."""
    losses = [(s.loss_a_decision(rule), s.name) for s in view.students]
    found = [(loss, name) for loss, name in losses if loss is not None]
    words = _rule_words(rule).capitalize()
    if not found:
        return f"{words}: no student has made such a decision yet"
    worst, name = max(found, key=lambda x: (x[0], x[1]))
    whole = view.class_loss(rule) or 0.0
    return f"{words}: {name} loses most, {worst:.2f} points a decision (the class {whole:.2f})"


def improvement_point(view: ClassView) -> str:
    """The point of the last panel: who improved most, by how much."""
    ranked = view.improved_most()
    if not ranked:
        return (f"Who improved most: no student has two games of {RANKED_DECISIONS} "
                f"decisions yet")
    top = ranked[0]
    assert top.improvement is not None and top.first is not None and top.last is not None
    return (f"{top.name} improved most: accuracy {top.first:.0f} in the first games, "
            f"{top.last:.0f} in the last ({top.improvement:+.0f})")


@house_style
def class_chart(view: ClassView) -> Figure:
    """The class view's chart (see the module): a panel a rule, then who improved."""
    rules = list(view.rules)
    names = [s.name for s in view.students]
    height = 1.2 + 0.28 * max(1, len(names))
    fig = new_figure(10, height * (len(rules) + 1))
    axes = fig.subplots(len(rules) + 1, 1, squeeze=False)[:, 0]
    for ax, rule in zip(axes, rules, strict=False):
        values = [s.loss_a_decision(rule) for s in view.students]
        ax.barh(range(len(names)), [v or 0.0 for v in values],
                color=KIND_COLOURS.get(rule, COLOURS["hand"]))
        for y, v in enumerate(values):
            if v is None:
                ax.text(0, y, "  none yet", va="center", fontsize="small", color="#555")
        whole = view.class_loss(rule)
        if whole is not None:
            ax.axvline(whole, color="#333", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(names)), names)
        ax.invert_yaxis()
        ax.set_xlabel("points lost a decision")
        ax.set_title(textwrap.fill(rule_point(view, rule), 90), loc="left")
    ax = axes[-1]
    gains = [s.improvement for s in view.students]
    ax.barh(range(len(names)), [g or 0.0 for g in gains],
            color=[COLOURS["crib"] if (g or 0) >= 0 else COLOURS["given"] for g in gains])
    for y, g in enumerate(gains):
        if g is None:
            ax.text(0, y, "  too few games", va="center", fontsize="small", color="#555")
    ax.axvline(0, color="#333", linewidth=1)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("accuracy of the last games less the first (points of 100)")
    ax.set_title(textwrap.fill(improvement_point(view), 90), loc="left")
    return fig
