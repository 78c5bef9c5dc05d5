"""Links and page state: the share-link codec, page state restore, hand-offs, the share box, browser history."""
