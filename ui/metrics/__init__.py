"""What each metric draws, one package per metric (bleu/, chrf/, ter/, mirroring bleucore.metrics), and
the metric choice of Corpus and Compare (choice, options, analysis, views, caches)."""
