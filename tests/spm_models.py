"""Small SentencePiece models the tests train themselves (in seconds, on generated text), saved under the names
sacreBLEU 2.6 loads them by in its folder (``$SACREBLEU/models/<file>``), so that sacreBLEU and bleucore read the same
model where sacreBLEU looks. Each model is trained with other settings (unigram and BPE; NFKC and identity
normalization; unknown characters and byte fallback), so that the pieces take every shape the real ones can."""

from __future__ import annotations

import io
import random
from pathlib import Path

from tests.generators import language_corpus, random_corpus

#: Tokenizer -> the trainer's settings for its model.
SETTINGS: dict[str, dict[str, object]] = {
    "flores101": {"model_type": "unigram", "vocab_size": 500, "character_coverage": 0.9995},
    "flores200": {"model_type": "bpe", "vocab_size": 500, "character_coverage": 0.995},
    "spBLEU-1K": {
        "model_type": "unigram",
        "vocab_size": 600,
        "normalization_rule_name": "identity",
        "byte_fallback": True,
        "character_coverage": 0.98,
    },
}

#: Lines of odd spacing and scripts that no training line holds as such.
ODD_LINES = [
    "",
    " ",
    "\t",
    "   leading and trailing   ",
    "a\u3000b\u00a0c\u2009d\u200be\ufeff",
    "tab\tand\x1cfile\x1fseparators",
    "ZERO\u200dJOINER 👩\u200d💻 and 🇰🇷",
    "Ελληνικά русский עברית العربية हिन्दी ไทย",
    "ｆｕｌｌ ｗｉｄｔｈ ＡＢＣ １２３",
    "e\u0301 vs é, \u212b vs Å",
    "unseen: ☃ ⚙ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
]


def training_lines(seed: int = 0) -> list[str]:
    """Generated mixed-script text to train on: English-like words with punctuation, Korean, Chinese."""
    hyps, refs = random_corpus(seed, 1500, 1)
    lines = hyps + refs[0]
    for language in ("ko", "zh", "en"):
        lang_hyps, lang_refs = language_corpus(seed + 1, language, 600, 1)
        lines += lang_hyps + lang_refs[0]
    return [line for line in lines if line.strip()]


def mixed_corpus(seed: int, segments: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, reference streams) of mixed scripts, empty lines and odd spaces: generated English-like,
    Korean and Chinese segments with the odd lines spread among them."""
    rng = random.Random(seed)
    parts = [random_corpus(seed, segments, nrefs)] + [
        language_corpus(seed + i, language, segments, nrefs) for i, language in enumerate(("ko", "zh"), 1)
    ]
    order = [(p, i) for p in range(len(parts)) for i in range(segments)]
    rng.shuffle(order)
    order = order[:segments]
    hyps = [parts[p][0][i] for p, i in order]
    refs = [[parts[p][1][j][i] for p, i in order] for j in range(nrefs)]
    for _ in range(max(1, segments // 20)):
        i = rng.randrange(segments)
        hyps[i] = rng.choice(ODD_LINES)
        j = rng.randrange(nrefs)
        refs[j][i] = rng.choice(ODD_LINES)
    return hyps, refs


def train(settings: dict[str, object], lines: list[str]) -> bytes:
    """A SentencePiece model trained on ``lines`` with ``settings``, as bytes."""
    import sentencepiece

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=model,
        minloglevel=2,
        num_threads=1,
        hard_vocab_limit=False,
        **settings,
    )
    return model.getvalue()


def write_models(home: Path) -> Path:
    """Every SentencePiece tokenizer's model, trained and written where sacreBLEU looks with ``SACREBLEU=home``
    (``home/models/<file>``); returns ``home``."""
    from bleucore.tokenizers import TOKENIZERS

    folder = home / "models"
    folder.mkdir(parents=True, exist_ok=True)
    lines = training_lines()
    for name, settings in SETTINGS.items():
        model = TOKENIZERS[name].model
        assert model is not None
        (folder / model.file).write_bytes(train(settings, lines))
    return home
