"""Results files, read and written; every reader gives one ``FileEvent``.

* ``event.py`` — :class:`FileEvent`: an event as a file holds it (metadata, pairs with the
  file's totals, percentages and places, deals, traveller lines carrying the file's numbers);
* ``usebio.py`` — USEBIO 1.0 – 1.3 read (on ``xmltree.py``: expat, every element with its line,
  entity declarations refused); ``usebio_writer.py`` — USEBIO 1.2 written with our numbers;
  ``usebio_schema.py`` — the structure of spec §b8 checked, as findings;
* ``pbn_results.py`` — PBN with results (``ScoreTable``, ``TotalScoreTable``) read through
  ``dealing.domain.formats.pbn`` and written;
* ``travellers.py`` — a generic traveller set as JSON (``manage.py matchpoint``);
* teams (issue 21): ``teams.py`` — a teams event as JSON (``manage.py score_teams``), ``swiss_pairs_json.py`` — a
  Swiss pairs event as JSON (the same command); ``usebio_teams.py`` — a teams event's USEBIO written and read (a
  knockout's terms in our own elements); ``usebio_swiss_pairs.py`` — a Swiss pairs event's USEBIO written;
  ``pbn_teams.py`` — PBN with the results of teams matches and of Swiss pairs matches;
* ``report.py`` — an event scored by us as the commands print it (JSON data, a text table).

The comparison of our numbers with a file's is ``scoring/domain/comparison.py``. The files'
messages (a damaged file: file, line and element named) are ``Text`` data whose English
templates live in ``words.py`` (merged into ``scoring.domain.text.Text``'s templates).
"""
