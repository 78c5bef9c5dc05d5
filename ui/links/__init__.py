"""The link format: the ``?s=`` token (``share``), a state's fields in a link (``codec``), the share box and its
notices (``share_box``), and one browser-history entry per page (``history``)."""
