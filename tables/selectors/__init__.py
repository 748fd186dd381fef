"""Every read of table-side entry.

* ``context`` — a session's layout, movement and table cards, and one table's rounds in it;
* ``table`` — what a phone reads: its table's state, a board's traveller (club setting), the score table;
* ``room`` — the director's live room;
* ``cards`` — table codes as QR codes, for the director's screen and the printed table cards.
"""

from tables.selectors.cards import table_card_extras  # noqa: F401 (the guide cards' hook, TablesConfig)
