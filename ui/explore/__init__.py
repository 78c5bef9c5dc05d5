"""Explore's pieces: its page state, the result at a glance, the tokenizer view and their caches."""
