"""Pages of table-side entry: ``phone`` (joining, the table's page, its service worker), ``director`` (the
live room, the codes, the club's table settings) and ``handovers`` (the room's part about the phones: results on
signed-out phones, the players' live ranking switch). Thin: selectors read, services write."""
