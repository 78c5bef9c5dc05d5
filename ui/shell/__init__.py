"""What every page runs in: the interface language (i18n), page style and the one palette."""
