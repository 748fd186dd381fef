"""Pages of table-side entry: ``phone`` (joining, the table's page, its service worker) and ``director`` (the
live room, the codes, the club's table settings). Thin: selectors read, services write."""
