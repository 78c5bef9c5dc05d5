"""xCOMET's error spans marked on a hypothesis (``bleucore.meta_evaluation.marked_pieces``), for Compare's
disagreement examples: each span coloured by its severity AND followed by the severity in words (minor, major,
critical, in the page's language), with a hover title and an aria-label saying the same; a span the line does not
hold (its offsets did not fit) is listed in words beside. Every piece of the user's text is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from bleucore.meta_evaluation import SEVERITIES, marked_pieces
from ui.shell.i18n import N_, _, and_list
from ui.shell.palette import DARK_TEXT, ORANGE, VERMILLION
from ui.shell.titles import keep_title

if TYPE_CHECKING:
    from bleucore.metrics.imported import ErrorSpan

#: Each severity's words (xCOMET's own are English codes).
SEVERITY_WORDS = {"minor": N_("minor"), "major": N_("major"), "critical": N_("critical")}
#: Each severity's colour and border: the border's style differs too, and the word always follows.
STYLE = (
    "<style>"
    ".xspan{border-radius:3px;padding:0 .15em;color:inherit;}"
    ".xspan-label{font-size:.72em;font-weight:600;border-radius:3px;padding:0 .25em;margin-left:.15em;}"
    f".sev-minor{{background:#FBF3B4;border-bottom:2px dotted {DARK_TEXT};}}"
    f".sev-major{{background:#F6D38A;border-bottom:2px dashed {DARK_TEXT};}}"
    f".sev-critical{{background:#F3B08A;border-bottom:3px solid {VERMILLION};}}"
    f".sev-other{{background:#E5E5E5;border-bottom:2px solid {ORANGE};}}"
    ".xspans{line-height:1.9;margin:.2rem 0 .4rem;overflow-wrap:anywhere;}"
    "</style>"
)


def severity_word(severity: str) -> str:
    """A severity in the page's language (one xCOMET did not define: as the file wrote it)."""
    return _(SEVERITY_WORDS[severity]) if severity in SEVERITY_WORDS else severity


def _css(severity: str) -> str:
    return f"sev-{severity}" if severity in SEVERITIES else "sev-other"


def _mark(piece: str, span: ErrorSpan) -> str:
    words = severity_word(span.severity)
    title = _("{severity} error: {text} (confidence {confidence:.2f})").format(
        severity=words, text=span.text.strip(), confidence=span.confidence
    )
    css = _css(span.severity)
    return (
        f'<mark class="xspan {css}" title="{escape(keep_title(title))}" aria-label="{escape(keep_title(title))}">'
        f'{escape(piece)}</mark><span class="xspan-label {css}">{escape(words)}</span>'
    )


def legend_html() -> str:
    """The severities as they are marked, in words."""
    samples = "".join(
        f'<span class="xspan-label sev-{severity}">{escape(_(word))}</span> '
        for severity, word in SEVERITY_WORDS.items()
    )
    title = escape(_("Error spans:"))
    return f'<div class="xspans">{title} {samples}</div>'


def spans_html(text: str, spans: Sequence[ErrorSpan]) -> str:
    """``text`` escaped with each error span marked (colour, the severity in words, a title), then the spans the
    line does not hold, in words; "no error span" for a line the file found none in."""
    if not spans:
        none = escape(_("no error span"))
        return f'<div class="xspans">{escape(text)} <em>({none})</em></div>'
    pieces = marked_pieces(text, spans)
    shown = {id(span) for _piece, span in pieces if span is not None}
    body = "".join(escape(piece) if span is None else _mark(piece, span) for piece, span in pieces)
    missing = [
        _("{severity}: {text} (characters {start:,}-{end:,})").format(
            severity=severity_word(s.severity), text=s.text, start=s.start, end=s.end
        )
        for s in spans
        if id(s) not in shown
    ]
    if missing:
        body += (
            "<br><small>" + escape(_("Not marked in the line: {spans}.").format(spans=and_list(missing))) + "</small>"
        )
    return f'<div class="xspans">{body}</div>'
