"""Results files, read and written; every reader gives one ``FileEvent``.

* ``event.py`` — :class:`FileEvent`: an event as a file holds it (metadata, pairs with the
  file's totals, percentages and places, deals, traveller lines carrying the file's numbers);
* ``usebio.py`` — USEBIO 1.0 – 1.3 read (on ``xmltree.py``: expat, every element with its line,
  entity declarations refused); ``usebio_writer.py`` — USEBIO 1.2 written with our numbers;
  ``usebio_schema.py`` — the structure of spec §b8 checked, as findings;
* ``pbn_results.py`` — PBN with results (``ScoreTable``, ``TotalScoreTable``) read through
  ``dealing.domain.formats.pbn`` and written;
* ``travellers.py`` — a generic traveller set as JSON (``manage.py matchpoint``);
* ``report.py`` — an event scored by us as the commands print it (JSON data, a text table).

The comparison of our numbers with a file's is ``scoring/domain/comparison.py``. The files'
messages (a damaged file: file, line and element named) are ``Text`` data whose English
templates live in ``words.py`` (merged into ``scoring.domain.text.Text``'s templates).
"""
