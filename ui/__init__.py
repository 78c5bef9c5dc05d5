"""UI pieces shared by the pages: escaped highlighting, charts, link state. No scoring here."""
