"""The sizes a user controls and their limits, each checked before the work or the allocation it guards
(docs/limits.md). They are numbers only: ``bleucore.reading`` checks them and raises a typed ``ValueError`` naming the
one crossed (one ``bleucore: error:`` line on the command line, a message in the app, a finding in the doctor). The
checks read this module when they run, so a test may lower a limit."""

from __future__ import annotations

from dataclasses import dataclass

#: Characters of one line (hypothesis or reference). chrF and TER on one 180 MB line ran out of memory; the
#: longest segment of the WMT test sets is under 2,000 characters.
MAX_LINE_CHARS = 1_000_000
#: Characters of one segment: its hypothesis and reference lines together (every line of a segment is in memory at
#: once, with its n-grams: chrF's are about 100 bytes a character). A hypothesis and a reference of MAX_LINE_CHARS.
MAX_SEGMENT_CHARS = 2_000_000
#: Lines of one file (every reader: streamed scores too), so that an endless input (a pipe, /dev/zero's endless
#: line, a FIFO) ends; 4,000 times the longest WMT test set.
MAX_LINES = 10_000_000
#: Lines and characters of one file where every line and its results are kept: the report and the app (about
#: 5 KB a line there). The characters are a MiB per MB of the app's upload box (``ui.inputs.limits``), so a file the
#: box takes is never refused for them: a hypothesis and a reference of 20,000 lines and 2,100,000 characters peaked
#: at 346 MB on the app's Corpus page.
MAX_HELD_LINES = 20_000
MAX_HELD_CHARS = 2 * 2**20
#: ... and of all the files kept whole together (a page of the app, the report's systems and references): four
#: files at MAX_HELD_CHARS (a hypothesis and three references, 20,000 lines each) peaked at 408 MB on Corpus; ten
#: references of 900,000 characters peaked at 462 MB there.
MAX_HELD_TOTAL_LINES = 80_000
MAX_HELD_TOTAL_CHARS = 8 * 2**20
#: The doctor's files (``doctor.diagnose``, behind ``python -m bleucore.doctor``): it keeps each line and its token
#: ids, not per-line results, so it checks a whole test set: a hypothesis and a reference of 100,000 lines and 11 MB
#: each peak near 320 MB, four files at the totals below near 420 MB (tests/test_hostile_cli.py measures both).
MAX_DOCTOR_LINES = 100_000
MAX_DOCTOR_CHARS = 12_000_000
MAX_DOCTOR_TOTAL_LINES = 200_000
MAX_DOCTOR_TOTAL_CHARS = 24_000_000
#: References per segment: reference files, or tab-separated fields with -nr.
MAX_REFERENCES = 1_000
#: TER's words of one segment: hypothesis words x reference words (its edit distance keeps a row of reference
#: positions per hypothesis word: 36 bytes a pair at worst, 150 MB here). 2,000 x 2,000 words; a WMT segment has
#: under 200.
MAX_TER_WORD_PAIRS = 4_000_000
#: Bytes the doctor reads of one file (32 MB: MAX_DOCTOR_CHARS characters of Latin and Hangul text in UTF-8); a
#: larger file is a finding.
MAX_DOCTOR_FILE_BYTES = 32 * 1024 * 1024
#: Bytes of the report's training corpus, whose word counts make the frequency buckets (read a chunk at a time; its
#: distinct words are held: at most about 3 million, 300 MB).
MAX_TRAINING_BYTES = 16 * 2**20
#: Distinct labels of a labels file (a bucket each, with its bootstrap intervals).
MAX_LABELS = 200
#: Systems compared at once (the report's -i, an imported metric's systems): each is a column of every table and a
#: bar of every chart, and the ranking tests every pair (20 to 40 systems per language pair at WMT25).
MAX_SYSTEMS = 64
#: Imported metrics of one report (``--scores`` entries).
MAX_IMPORTED_METRICS = 10
#: Bytes of one score file (plain numbers, COMET's printed output or its JSON, read whole: COMET's ``--to_json`` of
#: 8 systems x 3,000 segments with their source, translation and reference is about 15 MB; reading a 63 MB one of 28
#: systems x 3,000 segments peaked at 240 MB).
MAX_SCORE_FILE_BYTES = 64 * 2**20
#: Bytes of a tokenizer's model file (a SentencePiece model is read whole; sacreBLEU's FLORES-101 and FLORES-200 models
#: are about 5 MB each), checked before it is read.
MAX_MODEL_FILE_BYTES = 64 * 2**20
#: The largest magnitude of a score (every score file's values and the API's: -10^9 to 10^9). Far beyond every
#: metric's and human scale (COMET 0-1, MetricX 0-25, DA 0-100, MQM to -25 a segment), and small enough that no sum,
#: mean, square or difference of a file's values can overflow a float (every line ``1e308`` overflowed the mean).
MAX_SCORE_MAGNITUDE = 1e9
#: Characters of one number in a score file: a float64 needs 17 significant digits (a JSON integer of 5,000 digits
#: passed Python's 4,300-digit limit on converting it; one of 400 overflowed a float).
MAX_NUMBER_CHARS = 100
#: Levels of lists and objects a score file's JSON nests: COMET's ``--to_json`` nests 5 (systems, segments, a
#: segment, its error spans, a span), MetricX's JSONL 1 (a JSON nested 10^5 deep overflowed Python's stack).
MAX_JSON_DEPTH = 32
#: Values of one score file's JSON (each list and object, and each item after the first in one), counted before it is
#: decoded: at the limit, 11 MB of ``{"COMET":0}`` segments peaked at 266 MB in the report's command line; 64 MB of
#: empty objects (``[{},{},...]``) would be 22 million, 1.5 GB. COMET's JSON of 28 systems x 3,000 segments holds
#: 420,000; xCOMET's adds 6 a span.
MAX_JSON_ITEMS = 2_000_000
#: Error spans of one segment (xCOMET marks a handful; its input is at most 512 tokens): a page draws every span of the
#: segments it shows, and 270,000 tiny spans fit a 16 MB upload.
MAX_SEGMENT_SPANS = 1_000
#: Characters of an error span's severity (xCOMET's are ``minor``, ``major``, ``critical``); its text and offsets
#: are bounded by ``MAX_LINE_CHARS``.
MAX_SEVERITY_CHARS = 40
#: Bootstrap resamples (-pbsn, -cin) and approximate-randomization trials (-parn).
MAX_RESAMPLES = 100_000
#: Numbers a significance test holds: lines x systems x the metric's statistics per line (BLEU 10, chrF2 18, TER 2;
#: 8 bytes each, held up to four times over while reading and resampling). 2 systems of 400,000 lines with BLEU.
MAX_HELD_STATISTICS = 8_000_000
#: Sign flips of the meta-evaluation's permutation tests (permutations x segments, float32: 80 MB here), held in one
#: piece as mt-metrics-eval holds them: mt-metrics-eval's 1,000 permutations of MAX_HELD_LINES segments.
MAX_PERMUTATION_CELLS = 20_000_000
#: System pairs of the tie calibration (segments x pairs of systems; about 50 bytes a pair while it is searched): the
#: report's held lines give at most 2.5 million (1,230 segments of 64 systems).
MAX_TIE_PAIRS = 4_000_000


@dataclass(frozen=True)
class HeldLimits:
    """The limits of one reader's files kept whole: each file's lines and characters, and all of them together."""

    reader: str
    lines: int
    chars: int
    total_lines: int
    total_chars: int


#: The report's and the app's limits (the app words its own messages from a ``HeldSizeError``'s numbers).
HELD = HeldLimits("the report", MAX_HELD_LINES, MAX_HELD_CHARS, MAX_HELD_TOTAL_LINES, MAX_HELD_TOTAL_CHARS)
#: The doctor's limits (``doctor.diagnose``: its command line and API; the app's pages keep ``HELD``).
DOCTOR_HELD = HeldLimits(
    "the doctor", MAX_DOCTOR_LINES, MAX_DOCTOR_CHARS, MAX_DOCTOR_TOTAL_LINES, MAX_DOCTOR_TOTAL_CHARS
)
