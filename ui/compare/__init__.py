"""Compare's pieces: its input widgets, per-system analyses, significance views, examples, buckets, report, charts
and caches (its state is ``ui.state.compare``)."""
