"""Inputs of Corpus and Compare: uploads and pastes decoded to TextFiles, their widgets and caches."""
