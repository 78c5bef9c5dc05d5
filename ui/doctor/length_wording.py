"""The words of bleucore.doctor's short-output finding (an output short against its references: cut off, terse, or
short without the endings to tell), from its values, in the session's language: what is wrong, what it does to the
score, the fix (which always keeps the brevity penalty)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ui.shell.i18n import N_, _, and_list, ngettext

#: The unit the lengths are counted in, by bleucore's code.
_UNITS = {"words": N_("words"), "characters": N_("characters")}


def _short_output(v: Mapping[str, Any]) -> tuple[str, str, str]:
    values = {**v, "unit": _(_UNITS.get(v["unit"], v["unit"])), "references": and_list(list(v["references"]))}
    if v["kind"] == "cut":
        return (
            _(
                "{name} is {ratio:.0%} as long as {references} in {unit} (BP about {bp:.2f}), and {cut:,} of its "
                "{lines:,} lines stop mid-sentence, far shorter than their reference: the output looks cut off"
            ).format(**values),
            _(
                "the brevity penalty and the missing n-grams lower every tool's number: it scores what was left of "
                "the output, not what the system wrote"
            ),
            _(
                "look for a length limit where the output was made (`max_new_tokens`, `max_length`, a truncated file) "
                "and score the whole output again; the brevity penalty is right about the output as given, so keep "
                "it and keep every line"
            ),
        )
    effect = _("the brevity penalty lowers every tool's number, as it should: the output leaves out what was said")
    if v["kind"] == "terse":
        return (
            ngettext(
                "{name} is {ratio:.0%} as long as {references} in {unit} (BP about {bp:.2f}): {short:,} of its "
                "{lines:,} lines is under {under:.0%} of its reference's length, the sentences complete: the system "
                "writes tersely",
                "{name} is {ratio:.0%} as long as {references} in {unit} (BP about {bp:.2f}): {short:,} of its "
                "{lines:,} lines are under {under:.0%} of their reference's length, their sentences complete: the "
                "system writes tersely",
                v["short"],
            ).format(**values),
            effect,
            _(
                "report the score with its brevity penalty and the length ratio; if the references say more than the "
                "task asks, say so beside the score, never score without the penalty"
            ),
        )
    return (
        ngettext(
            "{name} is {ratio:.0%} as long as {references} in {unit} (BP about {bp:.2f}): {short:,} of its {lines:,} "
            "lines is under {under:.0%} of its reference's length, and the references' endings cannot tell whether "
            "it was cut off",
            "{name} is {ratio:.0%} as long as {references} in {unit} (BP about {bp:.2f}): {short:,} of its {lines:,} "
            "lines are under {under:.0%} of their reference's length, and the references' endings cannot tell "
            "whether they were cut off",
            v["short"],
        ).format(**values),
        effect,
        _(
            "check whether the lines were cut off (a length limit where the output was made) or the system is terse; "
            "either way keep the brevity penalty and every line, and report the length ratio"
        ),
    )


#: Code -> a function of the finding's values giving its (problem, effect, fix).
LENGTH: dict[str, Callable[[Mapping[str, Any]], tuple[str, str, str]]] = {"short-output": _short_output}
