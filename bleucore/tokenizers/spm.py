"""``flores101``, ``flores200`` and ``spBLEU-1K``: SentencePiece pieces (Kudo and Richardson 2018) as in sacreBLEU 2.6's
``TokenizerSPM``, the tokenizers of spBLEU (Goyal et al. 2022, FLORES-101; NLLB Team 2022, FLORES-200; spBLEU-1K,
Elmadany et al. 2024).

sacreBLEU's call: ``" ".join(sp.EncodeAsPieces(line))`` with the model it keeps in its folder (``model_files``), after
BLEU's lowercase and ``rstrip``; BLEU then splits the result on whitespace. bleucore encodes each distinct new line
of a batch in one ``encode`` call of the list (``whole_lines``), which gives a line the pieces ``EncodeAsPieces`` does.
The ``sentencepiece`` package is imported when the tokenizer is first used, never with ``bleucore``; the model is read
then, and never downloaded: a missing model is ``Tokenizer.missing_model``, which says where to put it and where
sacreBLEU downloads it from.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, ClassVar

from .. import limits
from .model_files import ModelFile
from .whole_lines import WholeLineTokenizer

__all__ = ["TokenizerFlores101", "TokenizerFlores200", "TokenizerSPM", "TokenizerSpBLEU1K"]

#: Threads of one ``encode`` call: one, since the command line already scores half of a file in a forked copy
#: (``WholeLineTokenizer.analyser_bound``) and the app's server serves several sessions at once.
THREADS = 1


class TokenizerSPM(WholeLineTokenizer):
    """A SentencePiece model's pieces; a subclass names its ``ModelFile`` (the signature is the tokenizer's name)."""

    model: ClassVar[ModelFile]
    requires_module = "sentencepiece"
    requires_package = "sentencepiece"

    def __init__(self) -> None:
        super().__init__()
        missing = self.missing_model()
        if missing is not None:
            raise ValueError(missing.message())
        self._path = path = self.model.path(self.name)
        size = os.path.getsize(path)
        if size > limits.MAX_MODEL_FILE_BYTES:
            raise ValueError(
                f"tokenizer {self.name!r}: the model file {path} has {size:,} bytes, past the limit of "
                f"{limits.MAX_MODEL_FILE_BYTES:,} (bleucore.limits.MAX_MODEL_FILE_BYTES)"
            )
        sentencepiece: Any = importlib.import_module("sentencepiece")
        self._processor = sentencepiece.SentencePieceProcessor()
        try:
            self._processor.Load(path)
        except (OSError, RuntimeError) as err:
            raise ValueError(f"tokenizer {self.name!r}: {path} is not a SentencePiece model ({err})") from None

    def current(self) -> bool:
        """True while the file it read is still the one its name reads (``SACREBLEU``, ``use_model_file``)."""
        return self._path == self.model.path(self.name)

    def _analyse_new(self, lines: list[str]) -> list[str]:
        pieces: list[list[str]] = self._processor.encode(lines, out_type=str, num_threads=THREADS)
        return [" ".join(line) for line in pieces]


class TokenizerFlores101(TokenizerSPM):
    """FLORES-101's SentencePiece model (sacreBLEU's ``flores101``, also its old ``spm``)."""

    name = "flores101"
    model = ModelFile("https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model")


class TokenizerFlores200(TokenizerSPM):
    """FLORES-200's SentencePiece model (sacreBLEU's ``flores200``)."""

    name = "flores200"
    model = ModelFile("https://tinyurl.com/flores200sacrebleuspm")


class TokenizerSpBLEU1K(TokenizerSPM):
    """spBLEU-1K's SentencePiece model of about 1,000 languages (sacreBLEU's ``spBLEU-1K``)."""

    name = "spBLEU-1K"
    model = ModelFile("https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model")
