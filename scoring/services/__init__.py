"""Writes of the scoring app: ``results`` (enter, correct, adjust, delete a traveller line, with its
audit trail), ``sessions`` (scoring options, pairs of a session, publication), ``imports`` (USEBIO
and PBN files)."""
