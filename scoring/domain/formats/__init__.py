"""Results files: USEBIO 1.2 (``usebio.py``) and PBN with results (``pbn_results.py``), read and written.

Their messages (a damaged file: file, line and element named) are ``Text`` data whose English
templates live in ``words.py`` (merged into ``scoring.domain.text.Text``'s templates).
"""
