"""TER's views: the edit alignment, its tile and its caches."""
