"""bleucore.tools in the session's language: each rule's value, why a rule moves the score, and what each tool
does that no rule says (bleucore's English words are the command line's); BLEU's here, chrF's and TER's in
``metric_tools_wording``, a tool of either kind named by ``tool_name`` and ``quirks``."""

from __future__ import annotations

from bleucore.tools import MetricTool, Step, Tool
from ui.doctor import metric_tools_wording as metric_words
from ui.shell.i18n import N_, _

#: (field, value) -> its words; a bleucore tokenizer is worded by ``value_words``.
_VALUES: dict[tuple[str, object], str] = {
    ("tokenize", "whitespace"): N_("whitespace tokens (str.split)"),
    ("tokenize", "ascii-whitespace"): N_("ASCII-whitespace tokens (Perl split)"),
    ("tokenize", "single-space"): N_("split(' ') tokens"),
    ("case", "cased"): N_("cased"),
    ("case", "lower"): N_("lowercased"),
    ("case", "ascii-lower"): N_("A-Z lowercased"),
    ("references", "all"): N_("every reference"),
    ("references", "first"): N_("the first reference only"),
    ("ref_length", "closest"): N_("closest reference length (ties: shorter)"),
    ("ref_length", "closest-first"): N_("closest reference length (ties: first listed)"),
    ("ref_length", "shortest"): N_("shortest reference length"),
    ("phantom_ngrams", True): N_("short lines count a phantom n-gram"),
    ("phantom_ngrams", False): N_("no phantom n-grams"),
    ("zero_precision", "zero"): N_("a zero precision gives 0"),
    ("zero_precision", "tiny"): N_("a zero precision becomes the smallest float (NLTK)"),
    ("zero_precision", "exp"): N_("exp smoothing"),
    ("zero_precision", "skip"): N_("zero precisions left out"),
    ("brevity", "standard"): N_("BP = exp(1 - r/c)"),
    ("brevity", "simplified"): N_("BP = min(1, c/r)"),
    ("aggregate", "corpus"): N_("corpus BLEU"),
    ("aggregate", "sentence-mean"): N_("mean of sentence BLEU"),
}

#: Field -> why changing it moves the score, in one sentence (a msgid: show it as ``_(WHY[field])``).
WHY: dict[str, str] = {
    "tokenize": N_("The tokenizer decides what a word is: splitting punctuation off lets more words match."),
    "case": N_("Lowercasing both sides lets a capitalized word match the same word in lowercase."),
    "references": N_("Another reference gives more n-grams a chance to match and another length to be close to."),
    "ref_length": N_("The brevity penalty compares c with r; this rule picks which reference's length is r."),
    "phantom_ngrams": N_("A line shorter than n adds one n-gram that cannot match, which lowers p_n."),
    "zero_precision": N_(
        "A zero p_n makes the score 0, becomes the smallest float, is smoothed, or is left out of the geometric mean."
    ),
    "brevity": N_("exp(1 - r/c) punishes short output more than min(1, c/r)."),
    "aggregate": N_(
        "The mean of sentence scores is not corpus BLEU: each short line's zeros weigh as much as a long line."
    ),
}

#: Tool key -> what it does that no rule says.
_QUIRKS: dict[str, str] = {
    "nltk-corpus": N_("A zero precision becomes the smallest float with a warning: the score is about 1e-155, not 0."),
    "nltk-sentence-mean": N_("A sentence with a zero precision scores about 1e-155 with a warning."),
    "hf-evaluate": N_(
        "TensorFlow NMT's compute_bleu with a copy of sacreBLEU's 13a; fails with ZeroDivisionError when c or r is 0."
    ),
    "torchmetrics": N_("Computes in 32-bit floats; smooth=True still gives 0 when an order has no match."),
    "torchtext": N_("Computes in 32-bit floats; the tokens are whatever the caller splits (here str.split)."),
    "multi-bleu": N_("Reads bytes: only ASCII spaces and tabs separate tokens; prints 2 decimals."),
    "multi-bleu-lc": N_("-lc lowercases A-Z only (Perl's lc on bytes): É and Korean stay as they are."),
    "tutorial": N_("A zero precision is left out of the mean: a line with no match at all scores its BP, often 1."),
    "tutorial-simplified": N_(
        "One reference; BP = min(1, c/r); a reference under 4 words gives ROUGE values in the tutorial's code."
    ),
}


def value_words(field: str, value: object) -> str:
    """A rule's value in the session's language (a bleucore tokenizer: ``13a tokens``)."""
    words = _VALUES.get((field, value))
    return _(words) if words else _("{tokenizer} tokens").format(tokenizer=value) if field == "tokenize" else str(value)


def tool_name(tool: Tool | MetricTool) -> str:
    """The tool's name; the two tutorials by their titles and authors, in the session's language."""
    if isinstance(tool, MetricTool):
        return metric_words.tool_name(tool)
    if tool.key == "nltk-sentence-mean":
        return _("NLTK 3.10 sentence_bleu, averaged")
    if tool.key == "tutorial":
        return _("딥 러닝을 이용한 자연어 처리 입문 (wikidocs) bleu_score, averaged")
    if tool.key == "tutorial-simplified":
        return _("donghwa-kim.github.io BLEU formula, averaged")
    return tool.name


def quirks(tool: Tool | MetricTool, metric: str = "bleu") -> str:
    """What the tool does beyond its rules (a chrF or TER tool's, of ``metric``), or an empty string."""
    if isinstance(tool, MetricTool):
        return metric_words.quirks(metric, tool)
    words = _QUIRKS.get(tool.key)
    return _(words) if words else ""


def measured(step: Step) -> str:
    """What the step's rule changed in this data's counts (bleucore.tools.measured_words, in the session's language)."""
    before, after = step.result_before, step.result_after
    if step.field in ("tokenize", "case", "references"):
        words = _("{m0:,} → {m1:,} unigrams matched").format(m0=before.counts[0], m1=after.counts[0])
        if step.field == "tokenize":
            return _("c {c0:,} → {c1:,} tokens").format(c0=before.sys_len, c1=after.sys_len) + ", " + words
        if step.field == "references":
            return words + ", " + _("r {r0:,} → {r1:,}").format(r0=before.ref_len, r1=after.ref_len)
        return words
    if step.field in ("ref_length", "brevity"):
        return _("r {r0:,} → {r1:,}, BP {bp0:.4f} → {bp1:.4f}").format(
            r0=before.ref_len, r1=after.ref_len, bp0=before.bp, bp1=after.bp
        )
    if step.field == "phantom_ngrams":
        return _("{t0:,} → {t1:,} {n}-grams counted").format(
            t0=before.totals[-1], t1=after.totals[-1], n=len(after.totals)
        )
    if step.field == "zero_precision" and after.conventions.aggregate == "corpus":
        zeros = [str(n) for n, m in enumerate(after.counts, start=1) if m == 0]
        return (
            _("orders without a match: {orders}").format(orders=", ".join(zeros))
            if zeros
            else _("every order has a match: no change")
        )
    return _("{z:,} of {n:,} lines have an order without a match").format(z=after.zero_lines, n=after.sentences)
