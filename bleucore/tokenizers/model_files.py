"""A tokenizer's model file (the SentencePiece models of ``flores101``, ``flores200`` and ``spBLEU-1K``): where
sacreBLEU 2.6 keeps it, where it downloads it from, and a file named instead.

sacreBLEU's ``TokenizerSPM`` loads ``$SACREBLEU/models/<file>`` (``~/.sacrebleu/models/<file>`` when ``SACREBLEU`` is
not set), the file name being the last part of its download address, and downloads the file there when it is missing.
bleucore reads the same file, and never downloads: a missing file is a ``MissingModel``, which says where to put it and
where sacreBLEU gets it. ``choose_file`` names another file for one tokenizer (the command line's ``--spm-model``);
the signature still names the tokenizer, as sacreBLEU's does. Light: no model is read here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["MODEL_FOLDER_VARIABLE", "MissingModel", "ModelFile", "choose_file", "chosen_file", "sacrebleu_folder"]

#: sacreBLEU's environment variable: the folder of its test sets and models (``utils.SACREBLEU_DIR``).
MODEL_FOLDER_VARIABLE = "SACREBLEU"
_CHOSEN: dict[str, str] = {}  # tokenizer name -> a file named by choose_file


def sacrebleu_folder() -> str:
    """The folder sacreBLEU 2.6 keeps its models in: ``$SACREBLEU/models``, else ``~/.sacrebleu/models`` (read when
    asked; sacreBLEU reads the variable when it is imported)."""
    home = os.environ.get(MODEL_FOLDER_VARIABLE, os.path.join(os.path.expanduser("~"), ".sacrebleu"))
    return os.path.join(home, "models")


def choose_file(tokenizer: str, path: str | os.PathLike[str] | None) -> None:
    """Read tokenizer ``tokenizer``'s model from ``path`` instead of sacreBLEU's folder (None: back to the folder)."""
    if path is None:
        _CHOSEN.pop(tokenizer, None)
    else:
        _CHOSEN[tokenizer] = os.fspath(path)


def chosen_file(tokenizer: str) -> str | None:
    """The file named for ``tokenizer`` by ``choose_file``, or None."""
    return _CHOSEN.get(tokenizer)


@dataclass(frozen=True)
class MissingModel:
    """A tokenizer's model file that is not on disk: the file looked for, its folder, and sacreBLEU's download
    address; ``named``: the file was named (``choose_file``, ``--spm-model``), not looked for in sacreBLEU's folder."""

    tokenizer: str
    path: str
    url: str
    named: bool

    @property
    def folder(self) -> str:
        return os.path.dirname(self.path)

    @property
    def file(self) -> str:
        return os.path.basename(self.path)

    def message(self) -> str:
        """The API's English (a ``ValueError``): what is missing, where to put it, where to get it."""
        if self.named:
            return f"tokenizer {self.tokenizer!r}: the model file named for it, {self.path}, does not exist"
        return (
            f"tokenizer {self.tokenizer!r} needs sacreBLEU's SentencePiece model {self.path}, which is not there: "
            f"download it from {self.url} into {self.folder} (sacreBLEU's folder; ${MODEL_FOLDER_VARIABLE}/models "
            f"when {MODEL_FOLDER_VARIABLE} is set) or name the file with "
            f"bleucore.tokenizers.use_model_file({self.tokenizer!r}, path); bleucore downloads nothing"
        )


@dataclass(frozen=True)
class ModelFile:
    """A model sacreBLEU 2.6 downloads from ``url`` into its folder, under the address's last part."""

    url: str

    @property
    def file(self) -> str:
        return self.url.rsplit("/", 1)[-1]

    def path(self, tokenizer: str) -> str:
        """The file tokenizer ``tokenizer`` reads: the one named for it, else sacreBLEU's."""
        return chosen_file(tokenizer) or os.path.join(sacrebleu_folder(), self.file)

    def missing(self, tokenizer: str) -> MissingModel | None:
        """None if the file is there (a file, not a folder), else what is missing."""
        path = self.path(tokenizer)
        if os.path.isfile(path):
            return None
        return MissingModel(tokenizer, path, self.url, chosen_file(tokenizer) is not None)
