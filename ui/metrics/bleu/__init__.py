"""BLEU's views: n-gram highlight, charts, formula, headline, words, n-gram table, options and sidebar."""
