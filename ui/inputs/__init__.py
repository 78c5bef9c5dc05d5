"""Inputs of Corpus and Compare: uploads and pastes decoded to TextFiles, the bundled samples, the input sources
and their widgets, and the files kept for the session."""
