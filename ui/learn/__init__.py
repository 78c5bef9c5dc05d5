"""Learn's pieces: the tutorials' worked examples, each section drawn with every number computed by bleucore (the
examples' sentences are ``ui.metrics.bleu.examples``)."""
