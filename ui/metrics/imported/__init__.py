"""Imported metrics on Corpus and Compare (COMET, xCOMET, MetricX, human scores: ``bleucore.metrics.imported``): the
score files' drop zones, names and directions (``section``), how an upload is read and checked (``files``), bleucore's
typed errors in the page's words (``wording``) and the caches (``cache``)."""
