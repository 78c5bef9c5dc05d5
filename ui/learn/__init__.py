"""Learn's pieces: the Korean tutorials' worked examples as data."""
