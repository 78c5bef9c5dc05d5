"""The options every page offers: BLEU's (one model for every page, its presets and the sidebar), the metrics
Corpus and Compare score with and the options of chrF, chrF++ and TER (described once, as data), and their widgets."""
