"""Corpus's pieces: its page state, what it computes from a whole input, its charts, views and caches."""
