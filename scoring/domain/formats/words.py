"""The results files' messages (``usebio.py``, ``pbn_results.py``, ``xmltree.py``, ``usebio_schema.py``,
``travellers.py``) and the comparison's with a file's numbers (``comparison.py``), each written once.

Kept apart from ``scoring/domain/text.py`` so that the files' words sit beside the files; ``text.py`` merges
them into ``Text.templates``. Every msgid a literal (``make messages`` extracts it); ``str(text)`` says it in
English, ``clubsite.texts.render`` in the reader's language. Imports nothing from the scoring domain.
"""

from __future__ import annotations

from bridge.text import Params, Template
from bridge.text import gettext as _


def _q(value: object) -> str:
    return repr(value)


def _what(what: str) -> str:
    return {
        "score": _("score"),
        "matchpoints": _("matchpoints"),
        "total": _("total"),
        "percentage": _("percentage"),
        "place": _("place"),
    }.get(what, what)


def _where(p: Params) -> str:
    if p["board"] is None:
        return _("pair %(pair)s") % p
    where = _("board %(board)s, %(ns)s v %(ew)s") % p
    return f"{where} ({p['side']})" if p["side"] else where


def _expected(key: str) -> str:
    return {
        "object": _("an object with boards"),
        "boards": _("a list of boards"),
        "winners": _("1 or 2"),
        "board": _("an object with board and results"),
        "results": _("a list of results"),
        "clubs": _("a list of clubs"),
        "club": _("an object with club and boards"),
    }.get(key, key)


def _convention(code: object) -> str:
    """A convention of the comparison in the reader's language (its code when it has none)."""
    words = TEMPLATES.get(f"compare.{code}")
    return words({}) if words is not None else str(code)


TEMPLATES: dict[str, Template] = {
    # xmltree.py
    "xml.entity": lambda p: (
        _(
            "the file declares an entity (%(name)s); entity declarations are refused (they can "
            "expand without limit or read other files)"
        )
        % p
    ),
    "xml.external": lambda p: _("the file refers to an external entity (%(name)s); it is not read") % p,
    "xml.empty": lambda p: _("the file is empty: no XML element found"),
    "xml.encoding": lambda p: (
        _("the file's encoding %(name)s cannot be read (%(reason)s): save it as UTF-8")
        % {"name": repr(p["name"]), "reason": p["reason"]}
    ),
    "xml.truncated": lambda p: (
        _("the file ends before <%(element)s> (opened on line %(opened)s) is closed: it is truncated") % p
    ),
    "xml.malformed": lambda p: _("this is not well-formed XML (%(reason)s, column %(column)s)") % p,
    # any results file
    "file.missing": lambda p: _("<%(parent)s> has no %(element)s") % p,
    "file.number": lambda p: _("%(element)s %(text)s is not a number") % {**p, "text": _q(p["text"])},
    "file.pair_number": lambda p: (
        _(
            "pair %(text)s: expected a pair number, with NS or EW when NS and EW pairs are "
            "numbered apart (e.g. 7 or 1NS)"
        )
        % {"text": _q(p["text"])}
    ),
    "file.seat": lambda p: _("%(text)s is not a seat: expected North, East, South or West") % {"text": _q(p["text"])},
    "file.no_results": lambda p: _("the file has no traveller lines: there is nothing to score"),
    "file.unknown_format": lambda p: _("%(name)s: not a results file this site reads (USEBIO .xml or PBN .pbn)") % p,
    # usebio.py
    "usebio.root": lambda p: _("not a USEBIO file: the root element is <%(tag)s>, not <USEBIO>") % p,
    "usebio.event_type_missing": lambda p: _(
        "the EVENT does not say its EVENT_TYPE (MP_PAIRS, PAIRS, BUTLER_PAIRS, CROSS_IMP …)"
    ),
    "usebio.event_type": lambda p: (
        _("event type %(type)s cannot be scored here: only pairs events are (MP_PAIRS, PAIRS, BUTLER_PAIRS, CROSS_IMP)")
        % p
    ),
    "usebio.teams_event": lambda p: (
        _("event type %(type)s is a teams event: import it as a teams session, not as pairs") % p
    ),
    "usebio.method": lambda p: (
        _("board scoring method %(method)s cannot be scored here: expected MATCH_POINTS, BUTLER, IMPS or CROSS_IMPS")
        % p
    ),
    "usebio.sessions": lambda p: _("the file holds %(count)s sessions: import one session at a time") % p,
    "usebio.date": lambda p: _("date %(text)s: expected day/month/year (dd/mm/yyyy)") % {"text": _q(p["text"])},
    "usebio.winner_type": lambda p: (
        _("WINNER_TYPE %(text)s: expected 1 (one ranking) or 2 (NS and EW ranked apart)") % {"text": _q(p["text"])}
    ),
    "usebio.score": lambda p: (
        _("score %(text)s: expected a whole number (North–South's view) or an artificial score such as A6040")
        % {"text": _q(p["text"])}
    ),
    # usebio_teams.py
    "usebio_teams.not_teams": lambda p: (
        _(
            "event type %(type)s is not a teams event: expected TEAMS or SWISS_TEAMS "
            "(a pairs file is imported as a pairs session)"
        )
        % p
    ),
    "usebio_teams.sections": lambda p: _("the file holds %(count)s sections: a teams event has one") % p,
    "usebio_teams.number": lambda p: (
        _("%(element)s %(text)s: expected a whole number from 1 to %(most)s") % {**p, "text": _q(p["text"])}
    ),
    "usebio_teams.team_twice": lambda p: _("team %(team)s is listed twice") % p,
    "usebio_teams.no_teams": lambda p: _("the file lists no TEAM: a teams event needs its teams"),
    "usebio_teams.no_matches": lambda p: _("the file has no MATCH: there is nothing to score"),
    "usebio_teams.no_boards": lambda p: _("the file's matches have no boards: there is nothing to score"),
    "usebio_teams.unknown_team": lambda p: _("team %(team)s plays a match but is not listed in PARTICIPANTS") % p,
    "usebio_teams.twice_in_round": lambda p: (
        _("team %(team)s plays twice in round %(round)s (its other match is on line %(first)s)") % p
    ),
    "usebio_teams.line_teams": lambda p: (
        _(
            "board %(board)s of %(home)s v %(away)s (round %(round)s): a line of teams %(ns)s v %(ew)s belongs to another match"
        )
        % p
    ),
    "usebio_teams.table_twice": lambda p: (
        _("board %(board)s of %(home)s v %(away)s (round %(round)s) has two results where team %(team)s sat NS") % p
    ),
    "usebio_teams.match_boards": lambda p: _("%(home)s v %(away)s (round %(round)s) has no BOARD") % p,
    "usebio_teams.board_numbers": lambda p: (
        _(
            "%(home)s v %(away)s (round %(round)s): a teams session plays boards %(first)s–%(last)s in this round, "
            "in that order"
        )
        % p
    ),
    "usebio_teams.board_count": lambda p: (
        _("%(home)s v %(away)s (round %(round)s) has %(count)s boards where a match has %(boards)s") % p
    ),
    "usebio_teams.swiss_pairs": lambda p: (
        _(
            "event type %(type)s is a Swiss pairs event: the teams import reads teams events only (TEAMS, "
            "SWISS_TEAMS), and a Swiss pairs session cannot be imported yet"
        )
        % p
    ),
    "usebio_teams.match_twice": lambda p: (
        _("round %(round)s has two matches numbered %(match)s (the other is on line %(first)s)") % p
    ),
    "usebio_teams.carry_over": lambda p: (
        _("%(element)s %(text)s: expected a carry-over in IMPs from 0, with one decimal at most")
        % {**p, "text": _q(p["text"])}
    ),
    "usebio_teams.tie_break": lambda p: (
        _("TIE_BREAK %(text)s: expected extra-boards, last-board or seed") % {"text": _q(p["text"])}
    ),
    # travellers.py
    "json.invalid": lambda p: _("this is not JSON (%(reason)s, column %(column)s)") % p,
    "json.unreadable": lambda p: _(
        "this JSON cannot be read: it nests too deeply or holds a number of thousands of digits"
    ),
    "json.encoding": lambda p: _("the file is not UTF-8 text (byte %(position)s)") % p,
    "json.shape": lambda p: _("expected %(what)s") % {"what": _expected(p["expected"])},
    # pbn_results.py
    "pbn.board_missing": lambda p: _("a game with a ScoreTable has no Board tag"),
    "pbn.columns": lambda p: (
        _("%(table)s row %(row)s has %(count)s cells for %(columns)s columns") % {**p, "row": _q(p["row"])}
    ),
    "pbn.column_missing": lambda p: _("the %(table)s has no %(column)s column") % p,
    "pbn.no_result": lambda p: _("a ScoreTable row has neither a contract nor a score"),
    # services/imports.py
    "import.not_director": lambda p: _("only the club's directors may import a session's results"),
    "import.too_large": lambda p: _("%(name)s is larger than %(megabytes)s MB") % p,
    "import.section": lambda p: (
        _("section %(section)s has a longer name than a session's sections may have (%(most)s characters)")
        % {**p, "section": _q(p["section"])}
    ),
    "import.pair": lambda p: _("pair %(pair)s: a session numbers its pairs up to %(most)s") % p,
    "import.board": lambda p: (
        _(
            "board %(board)s, round %(round)s, table %(table)s: a session numbers its boards, "
            "rounds and tables up to %(most)s"
        )
        % p
    ),
    # usebio_schema.py
    "schema.missing": lambda p: _("<%(parent)s> has no %(element)s") % p,
    "schema.empty": lambda p: _("<%(element)s> in <%(parent)s> is empty") % p,
    "schema.repeated": lambda p: (
        _("<%(element)s> appears %(count)s times in <%(parent)s>, where it may appear once") % p
    ),
    "schema.format": lambda p: _("<%(element)s> %(text)s: expected %(expected)s") % {**p, "text": _q(p["text"])},
    "schema.nesting": lambda p: (
        _(
            "<%(element)s> sits right under <%(parent)s> in a USEBIO %(version)s file: "
            "1.2 nests it in SESSION and SECTION"
        )
        % p
    ),
    "schema.unknown": lambda p: _("<%(element)s> in <%(parent)s> is not part of USEBIO as the spec describes it") % p,
    # comparison.py
    "compare.factoring_none": lambda p: _(
        "the file does not factor short boards (no Neuberg): each board is scored "
        "on its own top and percentages over the actual tops"
    ),
    "compare.factoring_neuberg": lambda p: _("the file factors short boards with Neuberg's formula"),
    "compare.raw_lines": lambda p: _(
        "the file's lines carry raw (unfactored) matchpoints while its totals are factored (Neuberg)"
    ),
    "compare.rounded_lines": lambda p: _(
        "the file's percentages are computed from the line matchpoints as it rounds them"
    ),
    "compare.totals_all_boards": lambda p: _(
        "a pair that missed boards has its total factored to all boards: total × boards ÷ boards played"
    ),
    "compare.half_even": lambda p: _(
        "the file rounds halves to the even digit (12.65 → 12.6), where we round them away from zero (12.65 → 12.7)"
    ),
    "compare.single_precision": lambda p: _(
        "the file writes numbers kept as single-precision floats (one unit off in the last decimal)"
    ),
    "compare.override": lambda p: _("a director's override in the file: matchpoints no scoring rule gives"),
    "compare.override_line": lambda p: (
        _(
            "board %(board)s, %(ns)s v %(ew)s (%(result)s): the file carries %(theirs)s "
            "where the rules give %(ours)s (a director's override)"
        )
        % p
    ),
    "compare.unexplained": lambda p: (
        _("%(what)s of %(where)s: the file has %(theirs)s, we have %(ours)s, and no convention explains it")
        % {**p, "what": _what(p["what"]), "where": _where(p)}
    ),
    # issue 20: an honest comparison
    "compare.factoring_ties": lambda p: _(
        "the file scores the results missing on a short board as ties with every result played: "
        "each side gets M + (E − A) (ScoreBridge)"
    ),
    "compare.truncated": lambda p: _("the file cuts numbers to the decimals it writes, never rounding up (NZ Scorer)"),
    "compare.reproduced": lambda p: (
        _("%(convention)s; re-scored that way, every number agrees") % {"convention": _convention(p["convention"])}
    ),
    "compare.handicap": lambda p: _(
        "the file is a handicap event: each pair's percentage is its scratch percentage plus half its handicap, "
        "and its places follow that order; compared so"
    ),
    "compare.session_columns": lambda p: _(
        "the file ranks several sessions: its pairs are compared on this session's columns (SessionScoreMP, "
        "SessionPercentage, SessionRank), not on its totals over all sessions so far"
    ),
}
