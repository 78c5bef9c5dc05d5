"""Corpus's pieces: what it computes from a whole input, its charts, views, buckets, the line explained and caches
(its state is ``ui.state.corpus``)."""
