"""Every write of table-side entry (keyword-only arguments, each in a transaction).

* ``setup`` — the director sets the evening up and moves it on: club settings, start (codes and PINs),
  renew codes, release the next round, lock a table;
* ``joining`` — phones join a table with its code and PIN (rate-limited), leave, take over;
* ``submissions`` — what phones send: entries, confirmations, correction requests, each under an
  idempotency key; confirmed results become ``scoring.Result`` rows through ``result_record``;
* ``director`` — the live room's writes: resolve a conflict, enter or correct a table's result, close a
  request, finish the session.
"""
