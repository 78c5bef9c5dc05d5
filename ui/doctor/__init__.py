"""The setup check (bleucore.doctor) drawn on Corpus and Compare: findings before numbers, in the session's language."""
