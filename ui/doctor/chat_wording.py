"""The words of the findings about what a chat model adds or leaves out (bleucore.doctor's wrong-language,
language-id-missing, llm-preamble and refusal), from each finding's values, in the session's language: what is
wrong, what it does to the score, the fix."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ui.shell.i18n import N_, _, and_list, ngettext

#: bleucore.doctor.language's languages by code, named in the session's language where shown (another code is shown
#: as it is: py3langid tells 97 languages).
LANGUAGES = {
    "en": N_("English"),
    "de": N_("German"),
    "fr": N_("French"),
    "es": N_("Spanish"),
    "it": N_("Italian"),
    "pt": N_("Portuguese"),
    "nl": N_("Dutch"),
    "sk": N_("Slovak"),
    "cs": N_("Czech"),
    "pl": N_("Polish"),
    "ru": N_("Russian"),
    "uk": N_("Ukrainian"),
    "ko": N_("Korean"),
    "ja": N_("Japanese"),
    "zh": N_("Chinese"),
    "ar": N_("Arabic"),
    "he": N_("Hebrew"),
    "el": N_("Greek"),
    "th": N_("Thai"),
    "hi": N_("Hindi"),
    "tr": N_("Turkish"),
    "fi": N_("Finnish"),
    "sv": N_("Swedish"),
    "da": N_("Danish"),
    "no": N_("Norwegian"),
    "hu": N_("Hungarian"),
    "ro": N_("Romanian"),
    "vi": N_("Vietnamese"),
    "id": N_("Indonesian"),
}


def language_name(code: str | None) -> str:
    """A language's name in the session's language (its code where it has none here; the references' language in
    words when it could not be told)."""
    if code is None:
        return _("the references' language")
    words = LANGUAGES.get(code)
    return _(words) if words else code


def _wrong_language(v: Mapping[str, Any]) -> tuple[str, str, str]:
    count = v["count"]
    problem = (
        ngettext(
            "about {count:,} of the {lines:,} lines of {name} is not in {language} ({languages})",
            "about {count:,} of the {lines:,} lines of {name} are not in {language} ({languages})",
            count,
        )
        if v.get("sampled")
        else ngettext(
            "{count:,} of the {lines:,} lines of {name} is not in {language} ({languages})",
            "{count:,} of the {lines:,} lines of {name} are not in {language} ({languages})",
            count,
        )
    )
    languages = and_list([f"{language_name(code)} {n:,}" for code, n in v["languages"].items()])
    return (
        problem.format(
            count=count,
            lines=v["lines"],
            name=v["name"],
            language=language_name(v.get("reference_language")),
            languages=languages,
        ),
        _(
            "such a line shares almost no words with its reference: it scores about 0 and lowers every tool's number, "
            "as it should, since it is not a translation into the target language"
        ),
        _(
            "keep them in the scored output (dropping them would raise the score without the system translating them) "
            "and report how many there are; to mend the system, check its prompt or its target-language setting"
        ),
    )


def _language_id_missing(v: Mapping[str, Any]) -> tuple[str, str, str]:
    return (
        ngettext(
            "{count:,} line of {name} shares few words with its reference, and without the `{package}` package its "
            "language cannot be told from the references' (same script)",
            "{count:,} lines of {name} share few words with their references, and without the `{package}` package "
            "their language cannot be told from the references' (same script)",
            v["count"],
        ).format(**v),
        _("lines in another language of the same script (German among English) are not found"),
        _("install `{package}` where this app runs (`pip install {package}`)").format(**v),
    )


def _wrapper_kinds(kinds: Mapping[str, int]) -> str:
    """Each kind of chat wrapper with its lines: "a preamble on 3 lines and quotes around the line on 1 line"."""
    words = {
        "before": lambda n: ngettext("a preamble on {n:,} line", "a preamble on {n:,} lines", n),
        "after": lambda n: ngettext("a closing remark on {n:,} line", "a closing remark on {n:,} lines", n),
        "quoted": lambda n: ngettext(
            "quotes around the whole line on {n:,} line", "quotes around the whole line on {n:,} lines", n
        ),
    }
    return and_list([words[kind](n).format(n=n) for kind, n in kinds.items() if kind in words])


def _llm_preamble(v: Mapping[str, Any]) -> tuple[str, str, str]:
    effect = _("the wrapper's words match nothing in the reference: they lower precision and lengthen the output")
    if "score" in v:
        effect += " " + _(
            "(BLEU of the first {scored_lines:,} lines: {score:.2f} as given, {score_unwrapped:.2f} without the "
            "wrappers)"
        ).format(**v)
    return (
        ngettext(
            "{count:,} of the {lines:,} lines of {name} holds a chat model's words around the translation ({kinds}; "
            "for example “{example}”)",
            "{count:,} of the {lines:,} lines of {name} hold a chat model's words around the translation ({kinds}; "
            "for example “{example}”)",
            v["count"],
        ).format_map({**v, "kinds": _wrapper_kinds(v.get("kinds", {}))}),
        effect,
        _(
            "remove the wrappers the same way from every system's output and say so (they are not part of the "
            "translation), or prompt for the translation alone; keep each line, even one left empty"
        ),
    )


def _refusal(v: Mapping[str, Any]) -> tuple[str, str, str]:
    return (
        ngettext(
            "{count:,} of the {lines:,} lines of {name} is a refusal, not a translation",
            "{count:,} of the {lines:,} lines of {name} are refusals, not translations",
            v["count"],
        ).format(**v),
        _("a refusal shares almost no words with its reference: the line scores about 0, as it should"),
        _(
            "keep them in the scored output (leaving them out, or scoring only the answered lines, would raise the "
            "score without the system translating them) and report how many lines were refused"
        ),
    )


#: Code -> a function of the finding's values giving its (problem, effect, fix).
CHAT: dict[str, Callable[[Mapping[str, Any]], tuple[str, str, str]]] = {
    "wrong-language": _wrong_language,
    "language-id-missing": _language_id_missing,
    "llm-preamble": _llm_preamble,
    "refusal": _refusal,
}
