"""The tools people compare BLEU numbers with, each as the ``Conventions`` of its default call (read from its
code; never imported at run time), and ``score_as_tools``: the same files scored as each would score them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .conventions import SACREBLEU, Conventions
from .scoring import ConventionScore, ConventionScorer

__all__ = ["TOOLS", "Tool", "ToolScore", "score_as_tools", "tool", "tools_for"]


@dataclass(frozen=True)
class Tool:
    """One tool's default call: ``call`` shows it, ``scale`` is 1 (a 0-1 number) or 100, ``digits`` the decimals
    it prints (None: a full float), ``float32`` that it computes in 32-bit floats; ``quirks`` say in words
    what no convention field says; ``zero_length_failure`` how it fails when c or r is 0 (None: it scores 0)."""

    key: str
    name: str
    call: str
    conventions: Conventions
    scale: float = 1.0
    digits: int | None = None
    float32: bool = False
    quirks: tuple[str, ...] = ()
    zero_length_failure: str | None = None


@dataclass(frozen=True)
class ToolScore:
    """A tool's number on the files: ``value`` on the tool's scale (None where the tool fails, ``failure`` says
    how), ``printed`` as the tool shows it, and the convention score behind it (points)."""

    tool: Tool
    result: ConventionScore
    value: float | None
    printed: str
    failure: str | None

    @property
    def points(self) -> float | None:
        """The number on sacreBLEU's 0-100 scale."""
        return None if self.value is None else self.result.score


_WS = Conventions(tokenize="whitespace", zero_precision="zero")
TOOLS: tuple[Tool, ...] = (
    Tool("sacrebleu", "sacreBLEU 2.6", "sacrebleu REF -i HYP", SACREBLEU, scale=100.0, digits=2),
    Tool(
        "nltk-corpus",
        "NLTK 3.10 corpus_bleu",
        "corpus_bleu([[r.split() for r in refs] ...], [h.split() for h in hyps])",
        Conventions(tokenize="whitespace", phantom_ngrams=True, zero_precision="tiny"),
        quirks=("a zero precision becomes sys.float_info.min with a warning, so the score is about 1e-155, not 0",),
    ),
    Tool(
        "nltk-sentence-mean",
        "NLTK 3.10 sentence_bleu, averaged",
        "mean(sentence_bleu([r.split() ...], h.split()) for each line)",
        Conventions(tokenize="whitespace", phantom_ngrams=True, zero_precision="tiny", aggregate="sentence-mean"),
        quirks=("a sentence with a zero precision scores about 1e-155 with a warning",),
    ),
    Tool(
        "hf-evaluate",
        "Hugging Face evaluate bleu",
        'evaluate.load("bleu").compute(predictions=hyps, references=refs)',
        Conventions(tokenize="13a", ref_length="shortest", zero_precision="zero"),
        quirks=("its code is TensorFlow NMT's compute_bleu with a copy of sacreBLEU's 13a tokenizer",),
        zero_length_failure="ZeroDivisionError (length ratio 0 or a 0 reference length)",
    ),
    Tool(
        "torchmetrics",
        "torchmetrics BLEUScore",
        "BLEUScore()(hyps, [[r, ...] for each line])",
        _WS.with_field("ref_length", "closest-first"),
        float32=True,
        quirks=(
            "computed in 32-bit floats: differs from 64-bit arithmetic after about 7 digits",
            "smooth=True still gives 0 when an order has no match (it checks before smoothing)",
        ),
    ),
    Tool(
        "torchtext",
        "torchtext bleu_score",
        "bleu_score([h.split() ...], [[r.split() ...] ...])",
        _WS.with_field("ref_length", "closest-first"),
        float32=True,
        quirks=("computed in 32-bit floats: differs from 64-bit arithmetic after about 7 digits",),
    ),
    Tool(
        "multi-bleu",
        "Moses multi-bleu.perl",
        "perl multi-bleu.perl REF < HYP",
        Conventions(tokenize="ascii-whitespace", zero_precision="zero"),
        scale=100.0,
        digits=2,
        quirks=("reads bytes: only ASCII spaces and tabs separate tokens",),
        zero_length_failure="'Illegal division by zero' when every hypothesis is empty; "
        "'BLEU = 0' and exit 1 when every reference is",
    ),
    Tool(
        "multi-bleu-lc",
        "Moses multi-bleu.perl -lc",
        "perl multi-bleu.perl -lc REF < HYP",
        Conventions(tokenize="ascii-whitespace", case="ascii-lower", zero_precision="zero"),
        scale=100.0,
        digits=2,
        quirks=("-lc lowercases A-Z only (Perl's lc on bytes): É and Korean are left as they are",),
        zero_length_failure="'Illegal division by zero' when every hypothesis is empty; "
        "'BLEU = 0' and exit 1 when every reference is",
    ),
    Tool(
        "tutorial",
        "딥 러닝을 이용한 자연어 처리 입문 (wikidocs) bleu_score, averaged",
        "mean(bleu_score(h.split(), [r.split() ...]) for each line)",
        Conventions(tokenize="whitespace", phantom_ngrams=True, zero_precision="skip", aggregate="sentence-mean"),
        quirks=("a zero precision is left out of the mean: a line with no match at all scores its BP, often 1",),
    ),
    Tool(
        "tutorial-simplified",
        "donghwa-kim.github.io BLEU formula, averaged",
        "mean(n_gram_precision(h, r) for each line)",
        Conventions(
            tokenize="single-space",
            references="first",
            zero_precision="zero",
            brevity="simplified",
            aggregate="sentence-mean",
        ),
        quirks=(
            "one reference; BP = min(1, c/r); split(' ') keeps an empty token for a double space",
            "a reference under 4 words returns ROUGE-n values instead of a score (scored here by the formula)",
        ),
    ),
)


def tools_for(tokenize: str = "13a") -> tuple[Tool, ...]:
    """``TOOLS``, and when the score uses another tokenizer than 13a, sacreBLEU 2.6 with that tokenizer
    (``sacrebleu-<tokenizer>``, ``sacrebleu -tok <tokenizer>``) right after sacreBLEU's defaults."""
    if tokenize == "13a":
        return TOOLS
    with_tokenizer = Tool(
        f"sacrebleu-{tokenize}",
        f"sacreBLEU 2.6 -tok {tokenize}",
        f"sacrebleu REF -i HYP -tok {tokenize}",
        SACREBLEU.with_field("tokenize", tokenize),
        scale=100.0,
        digits=2,
    )
    return (TOOLS[0], with_tokenizer, *TOOLS[1:])


def tool(key: str, tokenize: str = "13a") -> Tool:
    """The tool named ``key`` among ``tools_for(tokenize)`` (ValueError naming the choices otherwise)."""
    tools = tools_for(tokenize)
    for t in tools:
        if t.key == key:
            return t
    raise ValueError(f"unknown tool {key!r}; choose one of {', '.join(t.key for t in tools)}")


def _tool_score(t: Tool, result: ConventionScore) -> ToolScore:
    if t.zero_length_failure and (result.sys_len == 0 or result.ref_len == 0):
        return ToolScore(t, result, None, "—", t.zero_length_failure)
    value = result.score * t.scale / 100.0
    printed = f"{value:.{t.digits}f}" if t.digits is not None else f"{value:.4f}" if t.float32 else repr(value)
    return ToolScore(t, result, value, printed, None)


def score_as_tools(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    tools: Sequence[Tool] = TOOLS,
    scorer: ConventionScorer | None = None,
) -> list[ToolScore]:
    """Each tool's number on the files (``references[j][i]``: reference j of line i), counted once per tokenization."""
    scorer = scorer or ConventionScorer(hypotheses, references)
    return [_tool_score(t, scorer.score(t.conventions)) for t in tools]
