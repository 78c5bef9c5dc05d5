"""chrF's views: character n-grams highlighted, the per-order table and its caches."""
