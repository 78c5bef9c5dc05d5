"""What each metric draws, one package per metric (bleu/, chrf/, ter/, mirroring bleucore.metrics), and what
Corpus and Compare draw for every metric picked (analysis, views, caches, the sacreBLEU signature and command)."""
