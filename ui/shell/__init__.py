"""What every page runs in: the interface language (i18n, with its list words), page style and the browser-history
shim, the one palette, Markdown escaping, the typed session state, sanitizer-proof titles, cache bounds and plain
code lines."""
