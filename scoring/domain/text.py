"""What the scoring domain says to people, as data: a code and its parameters, never a sentence.

The scorer's shorthand (``shorthand.py``), the results (``results.py``), the engine's checks and
the file readers and writers (``formats/``) raise a :class:`~scoring.domain.errors.ScoringError`
made from a ``Text(code, params)``; the checks of a session's results (``checks.py``) return
``Text``\\ s. Each sentence is written once, in ``TEMPLATES`` below and the files' words
(``formats/words.py``): ``str(text)`` says it in English (what commands print and doctests show), the
Django layer's ``clubsite.texts.render`` in the reader's language. ``Text`` is built on
``bridge.text.TextBase``.

>>> str(Text.of("entry.tricks_range", contract="4S+7", tricks=17))
'4S+7 would be 17 tricks; a side takes 0 … 13'
"""

from __future__ import annotations

from decimal import Decimal

from bridge.text import Params, Template, TextBase, ngettext, number_format, render
from bridge.text import gettext as _


class Text(TextBase):
    """A message of the scoring domain (its templates: ``TEMPLATES`` below)."""

    kind = "scoring"


def _numbers(p: Params, *names: str) -> dict[str, object]:
    """``p`` with the numbers ``names`` (written ``3.50``) as the reader's language writes them (``3,50``)."""
    return {**p, **{name: number_format(Decimal(str(p[name]))) for name in names}}


def _help() -> str:
    return _(
        "a contract, declarer and tricks (4S= N, 3NT-2 W, 4SX N 9), P for passed out, a score (+420) "
        "or an artificial score (A6040)"
    )


def _at(p: Params) -> str:
    args = {"source": p["source"], "line": p["line"], "where": p["where"], "error": render(p["error"])}
    if p["source"] and p["line"] is not None:
        where = _("%(source)s: line %(line)s") % args
    elif p["line"] is not None:
        where = _("line %(line)s") % args
    else:
        where = p["source"] or ""
    if p["where"]:
        where = f"{where} ({p['where']})"
    return f"{where}: {args['error']}"


def _signed(value: int) -> str:
    return f"{value:+d}"


def _tricks(n: int) -> str:
    return ngettext("%(count)d trick", "%(count)d tricks", n) % {"count": n}


def _said_weighted(p: Params) -> str:
    parts = ", ".join(_("%(weight)s %% of %(score)s") % {"weight": w, "score": s} for w, s in p["parts"])
    return _("Assigned: %(parts)s: %(score)s") % {"parts": parts, "score": p["score"]}


TEMPLATES: dict[str, Template] = {
    "at": _at,
    "entry.empty": lambda p: _("nothing entered: write %(help)s") % {"help": _help()},
    "entry.format": lambda p: (
        _("%(text)s is not a result: write %(help)s") % {"text": repr(p["text"]), "help": _help()}
    ),
    "entry.level": lambda p: _("%(text)s: a contract's level is 1 … 7") % {"text": repr(p["text"])},
    "entry.declarer": lambda p: _("%(contract)s: who was declarer? Add N, E, S or W (e.g. %(contract)s N)") % p,
    "entry.tricks_missing": lambda p: (
        _("%(contract)s by %(declarer)s: how many tricks? Add =, +1, -2 or the tricks taken (e.g. 4S= N or 4S N 10)")
        % p
    ),
    "entry.tricks_twice": lambda p: (
        _("%(text)s: give the result once, either as =, +1, -2 or as the tricks taken") % {"text": repr(p["text"])}
    ),
    "entry.tricks_range": lambda p: _("%(contract)s would be %(tricks)s tricks; a side takes 0 … 13") % p,
    "entry.artificial": lambda p: (
        _("%(text)s: an artificial score is A and each side's percentage, 0 … 100 (A6040, A5050, A6060)")
        % {"text": repr(p["text"])}
    ),
    "entry.score": lambda p: _("%(score)s is not a score any contract gives") % {"score": _signed(p["score"])},
    "entry.weights": lambda p: _("the weights of a weighted score must add up to 100 %%, not %(total)s %%") % p,
    "entry.weight": lambda p: (
        _("%(text)s is not a weight: write a percentage 1 … 99 (e.g. 20%% +650, 80%% +620)") % {"text": repr(p["text"])}
    ),
    "entry.lead": lambda p: (
        _("%(text)s is not a card: write the lead as a suit and a rank (HK, S10, ♦7)") % {"text": repr(p["text"])}
    ),
    "entry.said_played": lambda p: (
        _("%(contract)s%(result)s by %(declarer)s, %(tricks)s: %(score)s") % {**p, "tricks": _tricks(p["tricks"])}
    ),
    "entry.said_played_lead": lambda p: (
        _("%(contract)s%(result)s by %(declarer)s, %(tricks)s, lead %(lead)s: %(score)s")
        % {**p, "tricks": _tricks(p["tricks"])}
    ),
    "entry.said_passed": lambda p: _("Passed out: 0"),
    "entry.said_assigned": lambda p: _("Assigned: %(score)s") % p,
    "entry.said_score": lambda p: _("Score: %(score)s") % p,
    "entry.said_weighted": _said_weighted,
    "entry.said_artificial": lambda p: _("Artificial: %(ns)s %% / %(ew)s %%") % p,
    "check.far": lambda p: (
        _(
            "board %(board)s: %(ns)s v %(ew)s scored %(score)s, %(imps)s IMPs from the nearest "
            "other result (%(nearest)s)"
        )
        % p
    ),
    "check.top_trumps": lambda p: (
        _(
            "board %(board)s: %(contract)s by %(declarer)s took %(tricks)s, but %(defender)s "
            "holds %(cards)s: declarer can take at most %(most)s"
        )
        % {**p, "tricks": _tricks(p["tricks"])}
    ),
    "check.double_dummy": lambda p: (
        _("board %(board)s: %(contract)s by %(declarer)s took %(tricks)s; double dummy it takes %(dd)s")
        % {**p, "tricks": _tricks(p["tricks"])}
    ),
    "check.looks_like": lambda p: (
        _(
            "board %(board)s at %(club)s looks like board %(other)s: its results are %(off)s tricks off double "
            "dummy on average, %(other_off)s off board %(other)s's"
        )
        % _numbers(p, "off", "other_off")
    ),
    "check.looks_fouled": lambda p: (
        _(
            "board %(board)s at %(club)s looks fouled: its results are %(off)s tricks off double dummy on average, "
            "and fit no other board of the event"
        )
        % _numbers(p, "off")
    ),
    "check.no_table": lambda p: (
        _(
            "board %(board)s: %(ns)s v %(ew)s is entered at table %(table)s in round "
            "%(round)s, but no such table plays that round"
        )
        % p
    ),
    "check.board_not_here": lambda p: (
        _("board %(board)s is entered at table %(table)s in round %(round)s, where boards %(boards)s are played")
        % {**p, "boards": ", ".join(map(str, p["boards"]))}
    ),
    "check.pair_not_here": lambda p: (
        _(
            "board %(board)s: pair %(pair)s is entered %(side)s at table %(table)s in "
            "round %(round)s, where pair %(expected)s sits %(side)s"
        )
        % p
    ),
    "check.swapped": lambda p: (
        _(
            "board %(board)s: pairs %(ns)s and %(ew)s are entered the wrong way round (table "
            "%(table)s, round %(round)s: %(ew)s sits NS, %(ns)s EW)"
        )
        % p
    ),
    "result.pairs_same": lambda p: _("pair %(pair)s cannot play against itself") % p,
    "result.pair_missing": lambda p: _("a traveller line needs both pairs (NS and EW)"),
    "result.twice": lambda p: (
        _("board %(board)s: pair %(pair)s has two results (%(first)s and %(second)s)")
        % {**p, "first": render(p["first"]), "second": render(p["second"])}
    ),
    "result.board": lambda p: _("board numbers start at 1, not %(board)s") % {"board": repr(p["board"])},
    "result.played": lambda p: _("%(contract)s by %(declarer)s, %(tricks)s") % {**p, "tricks": _tricks(p["tricks"])},
    "result.passed": lambda p: _("passed out"),
    "result.weighted": lambda p: ", ".join(
        _("%(weight)s%% of %(score)s") % {"weight": w, "score": s} for w, s in p["parts"]
    ),
    "layout.board_unknown": lambda p: _("board %(board)s is not played in this session (boards %(low)s–%(high)s)") % p,
    "layout.no_table": lambda p: _("there is no table %(table)s in round %(round)s") % p,
    "layout.board_not_here": lambda p: (
        _("board %(board)s is not played at table %(table)s in round %(round)s (boards %(boards)s are)") % p
    ),
    "layout.pair_not_here": lambda p: (
        _("pair %(pair)s is not %(seat)s at table %(table)s in round %(round)s (pair %(expected)s is)") % p
    ),
    "layout.swapped": lambda p: (
        _("board %(board)s: pair %(ns)s held the NS cards and pair %(ew)s the EW cards; swap them") % p
    ),
    "layout.not_meeting": lambda p: (
        _("pairs %(ns)s and %(ew)s do not play board %(board)s against each other in this movement") % p
    ),
    "layout.boards_missing": lambda p: (
        _("the movement plays %(boards)s boards (%(span)s) but %(dealt)s were dealt: boards %(missing)s are missing")
        % p
    ),
    "layout.boards_extra": lambda p: (
        _("the movement plays %(boards)s boards (%(span)s) but %(dealt)s were dealt: boards %(extra)s are not played")
        % p
    ),
    "layout.commitment": lambda p: (
        _("the movement plays %(boards)s boards but the commitment covers %(committed)s") % p
    ),
    "layout.no_movement": lambda p: _("no movement chosen yet: choose one so the session has rounds and tables"),
    "data.not_object": lambda p: (
        _("a result is an object with a contract, a score or an adjustment, not %(value)s")
        % {"value": repr(p["value"])}
    ),
    "data.number": lambda p: (
        _("%(field)s must be a whole number, not %(value)s") % {"field": p["field"], "value": repr(p["value"])}
    ),
    "data.weighted": lambda p: _("weighted is a list of [percentage, score] pairs, e.g. [[20, 650], [80, 620]]"),
    "data.kind": lambda p: (
        _("unknown kind of result %(value)s: expected played, assigned or artificial") % {"value": repr(p["value"])}
    ),
    "data.contract_missing": lambda p: _("the contract is missing: e.g. 4SX, 3NT or PASS"),
    "result.not_scorer": lambda p: _("only the club's scorers and directors may enter or change results"),
    "result.final": lambda p: _(
        "the results are final: a director must reopen them (step the session back to "
        "provisional results) before a result can change"
    ),
    "result.provisional": lambda p: _("the results are published provisionally: only a director may change them now"),
    "result.reason_needed": lambda p: _("say why: the reason is kept in the board's audit trail"),
    "result.pair_unknown": lambda p: _("pair %(pair)s does not play in this session") % p,
    "result.exists": lambda p: (
        _("board %(board)s: %(ns)s v %(ew)s already has a result (%(recorded)s); correct it instead") % p
    ),
    "result.pair_has_result": lambda p: (
        _("board %(board)s: pair %(pair)s already has a result (%(recorded)s, %(ns)s v %(ew)s)") % p
    ),
    "publish.not_director": lambda p: _("only the club's directors may do this"),
    "flag.no_line": lambda p: _("board %(board)s: %(ns)s v %(ew)s has no result to check") % p,
    "flag.gone": lambda p: (
        _("board %(board)s: the result of %(ns)s v %(ew)s is no longer flagged (it was corrected): nothing to check")
        % p
    ),
    "publish.hours": lambda p: (
        _("the score-query window is 0 … %(max)s hours, not %(value)s") % {"max": p["max"], "value": repr(p["value"])}
    ),
    "publish.not_finished": lambda p: _("results are published once play is over: mark the session finished first"),
    "publish.no_results": lambda p: _("there are no results to publish yet"),
    "publish.not_provisional": lambda p: _("only provisional results can be made final"),
    "options.scale": lambda p: (
        _("unknown matchpoint scale %(value)s: expected ebu (2 per result beaten) or acbl (1 per result beaten)")
        % {"value": repr(p["value"])}
    ),
    "options.factoring": lambda p: (
        _("unknown factoring %(value)s: expected neuberg, none or ties (missing results scored as ties)")
        % {"value": repr(p["value"])}
    ),
    "options.method": lambda p: (
        _("unknown scoring method %(value)s: expected matchpoints, butler or cross_imps") % {"value": repr(p["value"])}
    ),
    "options.sections": lambda p: (
        _(
            "unknown way of comparing sections %(value)s: expected across (the whole field) "
            "or within (each section on its own)"
        )
        % {"value": repr(p["value"])}
    ),
    # issue 20: conventions as named options
    "options.rounding": lambda p: (
        _("unknown rounding of the lines %(value)s: expected exact, rounded or truncated (cut to the decimals)")
        % {"value": repr(p["value"])}
    ),
    "options.decimals": lambda p: (
        _("decimals of the lines %(value)s: expected a whole number 0 … %(most)s")
        % {"value": repr(p["value"]), "most": p["most"]}
    ),
    # the player's "why" of a board: what the options did to the pair's matchpoints (why.py, Counting.notes)
    "why.ties": lambda p: (
        _(
            "The board was played %(a)s times instead of %(e)s: each missing result is scored as a tie with every "
            "result played, so each side gets %(missing)s more: %(raw)s + %(missing)s = %(points)s of %(top)s."
        )
        % _numbers(p, "raw", "missing", "points", "top")
    ),
    "why.rounded": lambda p: (
        ngettext(
            "The matchpoints are rounded to %(decimals)s decimal, halves up: %(exact)s becomes %(points)s.",
            "The matchpoints are rounded to %(decimals)s decimals, halves up: %(exact)s becomes %(points)s.",
            p["decimals"],
        )
        % _numbers(p, "exact", "points")
    ),
    "why.truncated": lambda p: (
        ngettext(
            "The matchpoints are cut to %(decimals)s decimal, never rounded up: %(exact)s becomes %(points)s.",
            "The matchpoints are cut to %(decimals)s decimals, never rounded up: %(exact)s becomes %(points)s.",
            p["decimals"],
        )
        % _numbers(p, "exact", "points")
    ),
    "options.totals": lambda p: (
        _("unknown totals %(value)s: expected exact (from the exact matchpoints) or lines (from the lines as rounded)")
        % {"value": repr(p["value"])}
    ),
    # issue 21: teams matches and victory points
    "teams.scale": lambda p: (
        _("unknown victory-point scale %(value)s: expected wbf2013, wbf2013-discrete, acbl or imps")
        % {"value": repr(p["value"])}
    ),
    "teams.scoring": lambda p: (
        _("unknown scoring %(value)s: expected wbf2013, wbf2013-discrete, acbl, imps, board-a-match or patton")
        % {"value": repr(p["value"])}
    ),
    "teams.fractional": lambda p: (
        _("unknown reading of a fractional margin %(value)s: expected round (to whole IMPs) or exact")
        % {"value": repr(p["value"])}
    ),
    "teams.boards": lambda p: (
        _("a match has a whole number of boards, 1 or more, not %(value)s") % {"value": repr(p["value"])}
    ),
    "teams.acbl_boards": lambda p: _("the ACBL scale is for matches of up to 36 boards, not %(value)s") % p,
    "teams.unbalanced": lambda p: (
        _(
            "%(score)s: an artificial score that is not Average plus / minus or Average (one side's gain the other's "
            "loss) cannot be put on a teams match's scorecard"
        )
        % p
    ),
    "teams.margin": lambda p: _("an IMP margin is 0 or more, not %(value)s") % p,
    "teams.bye_rule": lambda p: (
        _("unknown scoring of a bye %(value)s: expected larger (of the fixed VPs and the average), fixed or average")
        % {"value": repr(p["value"])}
    ),
    # issue 22: simultaneous pairs across clubs
    "sim.club": lambda p: _("club %(club)s: %(error)s") % {"club": repr(p["club"]), "error": render(p["error"])},
    "sim.club_name": lambda p: _("a club needs its name (club): a text that is not empty"),
    "sim.club_twice": lambda p: (
        _("club %(club)s appears twice (%(first)s and %(second)s)") % {**p, "club": repr(p["club"])}
    ),
    "sim.input": lambda p: _("give one JSON file of every club's results, or the clubs' results files with --files"),
    # the score_teams command's file (formats/teams.py) and its standings (teams.py)
    "teams.file": lambda p: _(
        "a teams event is an object with boards_per_match, a scale and a list of matches (see score_teams --help)"
    ),
    "teams.bye_vp": lambda p: _("a bye's fixed VPs are a number 0 … 20, not %(value)s") % p,
    "swiss_pairs.scale": lambda p: (
        _(
            "scale %(value)s has no victory points to turn a Swiss pairs percentage into: choose wbf2013, "
            "wbf2013-discrete or acbl"
        )
        % {"value": repr(p["value"])}
    ),
    "swiss_pairs.method": lambda p: (
        _("unknown Swiss pairs scoring %(value)s: expected imps or matchpoints") % {"value": repr(p["value"])}
    ),
    "swiss_pairs.club_scale": lambda p: (
        _(
            "scale %(value)s is a club's teams evening's: Swiss pairs are scored on wbf2013, wbf2013-discrete, "
            "acbl or imps"
        )
        % {"value": repr(p["value"])}
    ),
    "swiss_pairs.away_ns": lambda p: (
        _(
            "board %(board)s of %(home)s v %(away)s (round %(round)s): a Swiss pairs match is played at one table, "
            "so a board has home_ns only"
        )
        % p
    ),
    "teams.format": lambda p: (
        _("unknown format %(value)s: expected teams or swiss-pairs") % {"value": repr(p["value"])}
    ),
    "teams.tie_break": lambda p: (
        _("unknown tie-break %(value)s: expected imp-difference, head-to-head, imp-quotient or none")
        % {"value": repr(p["value"])}
    ),
    "teams.match": lambda p: (
        _("a match is an object with its round, home and away teams (away null for a bye) and boards, not %(value)s")
        % {"value": repr(p["value"])}
    ),
    "teams.round": lambda p: _("rounds are numbered from 1, not %(value)s") % p,
    "teams.team": lambda p: _("a team is named by a number or a word, not %(value)s") % {"value": repr(p["value"])},
    "teams.same_team": lambda p: _("team %(team)s cannot play itself (round %(round)s)") % p,
    "teams.bye_boards": lambda p: _("team %(team)s has the bye in round %(round)s: a bye has no boards") % p,
    "teams.boards_list": lambda p: _("%(home)s v %(away)s (round %(round)s): boards is a list of boards") % p,
    "teams.board": lambda p: (
        _("a board is an object with board, home_ns and away_ns, not %(value)s") % {"value": repr(p["value"])}
    ),
    "teams.board_twice": lambda p: _("board %(board)s is twice in %(home)s v %(away)s (round %(round)s)") % p,
    "teams.result_missing": lambda p: (
        _("board %(board)s of %(home)s v %(away)s (round %(round)s) has no result at the table where %(team)s sat NS")
        % p
    ),
    "teams.board_count": lambda p: (
        ngettext(
            "%(home)s v %(away)s (round %(round)s) has %(count)s board, but boards_per_match is %(boards)s",
            "%(home)s v %(away)s (round %(round)s) has %(count)s boards, but boards_per_match is %(boards)s",
            p["count"],
        )
        % p
    ),
    "teams.twice_in_round": lambda p: _("team %(team)s is in two matches of round %(round)s (also in %(first)s)") % p,
}


from scoring.domain.formats.words import TEMPLATES as FILE_TEMPLATES  # noqa: E402 (formats/ imports Text, above)

Text.templates = {**TEMPLATES, **FILE_TEMPLATES}
