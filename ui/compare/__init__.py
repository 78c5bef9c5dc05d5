"""Compare's pieces: its page state, per-system analyses, significance views, charts and caches."""
