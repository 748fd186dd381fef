"""Table-side entry, the bridge of it: plain Python, no Django (``tests/test_architecture.py``).

* ``text.py`` — what the tables say to people, as data (``Text``: a code and its parameters);
* ``errors.py`` — ``TableError``, the one error of this domain (a ``ValueError`` naming the field);
* ``codes.py`` — table codes and PINs (randomness passed in), the PIN-guessing lockout;
* ``button_entry.py`` — a board entered with big buttons (level, strain, doubling, declarer, tricks in
  total or against the contract, lead) read into the scoring domain's ``Played``;
* ``decisions.py`` — what a submission does to a board's line: new, the same again (a retry, a
  double tap, a second phone), a correction before confirmation, or a conflict kept for the director;
  who may confirm;
* ``progress.py`` — where a table stands (its round, what is entered, confirmed, missing), whether it
  is late; the state is per table and round, computed from what is recorded, never per device;
* ``moves.py`` — the move instructions at the end of a round, from the movement's table cards.
"""
