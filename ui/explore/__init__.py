"""Explore's pieces: the result at a glance, the tokenizer view and their caches (its state is ``ui.state.explore``)."""
