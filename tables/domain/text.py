"""What the tables domain says to people, as data: a code and its parameters, never a sentence.

Each sentence is written once, in ``TEMPLATES`` below (every msgid a literal, so ``make messages`` extracts it;
Polish in ``locale/pl/glossary.json``): ``str(text)`` says it in English, the Django layer's
``clubsite.texts.render`` in the reader's language (a phone's: English or Polish). Parameters are numbers,
strings or other domains' texts (a relay's place is the movements domain's ``Text``).

>>> str(Text.of("entry.tricks_range", tricks=14))
'14 tricks: a side takes 0 to 13 tricks.'
>>> str(Text.of("move.go", pair=3, seat="EW", table=4))
'Pair 3: go to table 4, EW.'
"""

from __future__ import annotations

from collections.abc import Iterable

from bridge.text import Params, Template, TextBase, ngettext, number_format, render
from bridge.text import gettext as _


class Text(TextBase):
    """A message of the tables domain (its templates: ``TEMPLATES``)."""

    kind = "tables"


def board_span(boards: Iterable[int]) -> str:
    boards = list(boards)
    if len(boards) > 2 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _place(where: object) -> str:
    return (_("table %(n)s") % {"n": where}) if isinstance(where, int) else (_("relay %(name)s") % {"name": where})


def _and(items: Iterable[str]) -> str:
    items = list(items)
    return (
        items[0]
        if len(items) == 1
        else _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}
    )


def _or(items: Iterable[str]) -> str:
    items = list(items)
    return (
        items[0]
        if len(items) == 1
        else _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}
    )


def _b(p: Params) -> Params:
    return {**p, "boards": board_span(p["boards"])} if "boards" in p else p


TEMPLATES: dict[str, Template] = {
    "join.code_unknown": lambda p: _("No table has the code %(code)s: check the code on the table card.") % p,
    "join.code_expired": lambda p: (
        _("Table code %(code)s was for %(session)s, which is over: use the code on this session's table card.") % p
    ),
    "join.not_started": lambda p: _("%(session)s has not started yet: wait for the director to start it.") % p,
    "join.pin_wrong": lambda p: (
        _("Wrong PIN for table code %(code)s. A PIN from another session's card does not work here.") % p
    ),
    "join.locked": lambda p: (
        _("Too many wrong PINs for table code %(code)s: try again in %(minutes)s min, or ask the director.") % p
    ),
    "join.pin_missing": lambda p: _("Enter the table's PIN (4 digits, on the table card)."),
    "device.unknown": lambda p: _(
        "This phone is not joined to a table (or was signed out): scan the table's QR code or enter its code and PIN."
    ),
    "session.over": lambda p: (
        _("%(session)s is over: results are no longer entered at the tables. Ask the director.") % p
    ),
    "session.not_running": lambda p: _("%(session)s is not in play: ask the director to start it.") % p,
    "table.locked": lambda p: _("The director has locked table %(table)s: ask the director.") % p,
    "board.missing": lambda p: _("Which board is this? Enter the number on the board."),
    "board.not_here": lambda p: (
        _("Board %(board)s is not played at table %(table)s in round %(round)s (boards %(boards)s are).") % _b(p)
    ),
    "board.no_play": lambda p: _("Nobody plays at table %(table)s in round %(round)s.") % p,
    "round.not_released": lambda p: _("Round %(round)s has not started yet: wait for the director.") % p,
    "round.unknown": lambda p: _("There is no round %(round)s in this session.") % p,
    "entry.level": lambda p: _("There is no %(level)s-level contract: a contract is 1 to 7.") % p,
    "entry.level_missing": lambda p: _("Choose the contract's level (1 to 7), or Passed out."),
    "entry.strain": lambda p: _("Choose the contract's suit or no trumps."),
    "entry.doubling": lambda p: _("A contract is undoubled, doubled (X) or redoubled (XX)."),
    "entry.declarer": lambda p: _("Who was declarer? Choose N, E, S or W."),
    "entry.tricks_missing": lambda p: _("How many tricks did declarer take?"),
    "entry.tricks_range": lambda p: _("%(tricks)s tricks: a side takes 0 to 13 tricks.") % p,
    "entry.lead": lambda p: _("%(lead)s is not a card: choose a suit and a rank (e.g. ♥K).") % p,
    "entry.side": lambda p: _("A side is NS or EW."),
    "confirm.same_side": lambda p: (
        _("%(side)s entered this result, so %(other)s must confirm it: hand the phone to %(other)s.") % p
    ),
    "confirm.nothing": lambda p: _("There is nothing to confirm on board %(board)s: enter the result first.") % p,
    "confirm.replaced": lambda p: _("The result of board %(board)s was changed since: check it and confirm again.") % p,
    "confirm.conflict": lambda p: (
        _("Two different results were entered for board %(board)s: the director will decide.") % p
    ),
    "confirm.confirmed": lambda p: (
        _("Board %(board)s is already confirmed: only the director can change it now (send a request).") % p
    ),
    "request.empty": lambda p: _("Say what is wrong with the result, for the director."),
    "key.missing": lambda p: _("Every submission needs an idempotency key (a new one per action)."),
    "key.reused": lambda p: _("This idempotency key was already used for another action."),
    "director.not_started": lambda p: _("Table entry has not started for this session."),
    "director.last_round": lambda p: _("Round %(round)s is the last round.") % p,
    "director.no_movement": lambda p: _(
        "Choose the session's movement (and its boards per round) before starting table entry."
    ),
    "director.choice": lambda p: _("Choose one of the results, or type the result."),
    "director.reason": lambda p: _("Say why (it goes into the board's audit trail)."),
    "director.resolved": lambda p: _("This conflict is already resolved."),
    "director.table_missing": lambda p: _("Which table? Give the table's number."),
    "director.board_missing": lambda p: _("Which board? Give the board's number."),
    "director.table_unknown": lambda p: _("There is no table %(table)s in this session.") % p,
    "director.board_not_at_table": lambda p: (
        _("Table %(table)s does not play board %(board)s (it plays boards %(boards)s).") % _b(p)
    ),
    "director.room_closed": lambda p: _(
        "The results are published: the live room is closed. Correct results on the session's results page."
    ),
    "director.not_running": lambda p: _("%(session)s is not in play: rounds are started only during play.") % p,
    "director.tables_playing": lambda p: (
        _("Table %(table)s is still playing. Start round %(round)s anyway? It finishes its round first.")
        % {"table": p["tables"][0], "round": p["round"]}
        if p["count"] == 1
        else ngettext(
            "%(count)s table is still playing (tables %(tables)s). Start round %(round)s anyway? "
            "They finish their round first.",
            "%(count)s tables are still playing (tables %(tables)s). Start round %(round)s anyway? "
            "They finish their round first.",
            p["count"],
        )
        % {"count": p["count"], "tables": _and(str(t) for t in p["tables"]), "round": p["round"]}
    ),
    "handover.unknown": lambda p: _("There is no such result handed over at this table."),
    "handover.closed": lambda p: _("Board %(board)s at table %(table)s: this handed-over result was dealt with.") % p,
    "handover.recorded": lambda p: (
        _(
            "Board %(board)s at table %(table)s already has a result (%(said)s): "
            "if the handed-over one is right, correct the board in the form."
        )
        % p
    ),
    "handover.no_result": lambda p: _("A request for the director is not a result: read it, then close it."),
    "move.stay": lambda p: _("Pair %(pair)s: stay at this table, %(seat)s.") % p,
    "move.go": lambda p: _("Pair %(pair)s: go to table %(table)s, %(seat)s.") % p,
    "move.sit_out": lambda p: _("Pair %(pair)s: sit out round %(round)s.") % p,
    "move.boards_table": lambda p: _("Boards %(boards)s: pass them to table %(table)s.") % _b(p),
    "move.boards_relay": lambda p: (
        _("Boards %(boards)s: put them on relay %(relay)s (%(place)s).") % {**_b(p), "place": render(p["place"])}
    ),
    "move.boards_shared": lambda p: (
        _("Boards %(boards)s: next round they are shared by %(places)s.")
        % {**_b(p), "places": _and([_place(w) for w in p["places"]])}
    ),
    "move.arrow": lambda p: (
        _("Round %(round)s is arrow-switched: turn the boards (the NS pair plays the EW cards).") % p
    ),
    "move.last": lambda p: _("That was the last round: the session is over. Thank you!"),
    "round.sit_out": lambda p: _("No play at this table in round %(round)s: pair %(pair)s sits out.") % p,
    "round.idle": lambda p: _("No play at this table in round %(round)s.") % p,
    "round.arrow": lambda p: (
        _("Arrow switch: turn the boards. Pair %(ns)s plays the North–South cards, pair %(ew)s the East–West cards.")
        % p
    ),
    # phones that stay at their table or follow their pair (issue 24 item 9)
    "phone.stays": lambda p: (
        _("Leave this phone at table %(table)s: the players who come to table %(table)s next use it.") % p
    ),
    "phone.whose": lambda p: (
        _("Say above which pair's phone this is, and it goes with that pair; else leave it at table %(table)s.") % p
    ),
    "phone.follows": lambda p: (
        _(
            "This phone goes with pair %(pair)s: when round %(round)s starts it joins table %(table)s, %(seat)s, "
            "by itself (no code or PIN)."
        )
        % p
    ),
    "phone.sits_out": lambda p: (
        _("Pair %(pair)s sits out round %(round)s: this phone goes with it and joins its next table by itself.") % p
    ),
    "phone.sitting_out": lambda p: _("Pair %(pair)s sits out round %(round)s.") % p,
    "phone.with": lambda p: _("This phone goes with pair %(pair)s.") % p,
    "follow.stays": lambda p: (
        _("Phones stay at their tables in this session: this phone stays at table %(table)s.") % p
    ),
    "follow.pair_not_here": lambda p: (
        _("Pair %(pair)s does not play at table %(table)s in round %(round)s: choose pair %(pairs)s.")
        % {**p, "pairs": _or(str(x) for x in p["pairs"])}
    ),
    # a teams session's tables (issue 21): the match at the table, its result once both tables have finished
    "teams.not_drawn": lambda p: _("Draw the teams' first round before starting table entry."),
    "teams.match": lambda p: (
        _("Match %(match)s: %(home)s (home) against %(away)s, boards %(boards)s. %(ns)s sit North–South here.") % _b(p)
    ),
    "teams.other_table": lambda p: (
        _("Table %(table)s is still playing this match: its result comes when both tables have finished.") % p
    ),
    "teams.result": lambda p: (
        _("Match result: %(home)s %(home_imps)s – %(away_imps)s %(away)s in IMPs, %(home_vp)s – %(away_vp)s in VPs.")
        % {**p, "home_vp": number_format(p["home_vp"], 2), "away_vp": number_format(p["away_vp"], 2)}
        if p.get("home_vp") is not None
        else _("Match result: %(home)s %(home_imps)s – %(away_imps)s %(away)s in IMPs.") % p
    ),
    "swiss_pairs.result": lambda p: (
        _(
            "Match result: %(home)s %(home_percent)s%% – %(away_percent)s%% %(away)s against the tables finished so "
            "far, %(home_vp)s – %(away_vp)s in VPs."
        )
        % {
            **p,
            "home_percent": number_format(p["home_percent"], 2),
            "away_percent": number_format(p["away_percent"], 2),
            "home_vp": number_format(p["home_vp"], 2),
            "away_vp": number_format(p["away_vp"], 2),
        }
    ),
    "teams.next": lambda p: _("Round %(round)s at this table: %(ns)s North–South, %(ew)s East–West.") % p,
    "teams.next_draw": lambda p: (
        _("Round %(round)s is drawn once every match of this round is in: the draw says where each team plays.") % p
    ),
    "teams.vp": lambda p: _("%(vp)s VP") % {"vp": number_format(p["vp"], 2)},
    "teams.no_handover": lambda p: _(
        "At a teams table, show what this phone holds to the director, who enters it on the match's score card."
    ),
    "teams.next_idle": lambda p: _("Nobody plays at this table in round %(round)s.") % p,
    "director.phones_unknown": lambda p: (
        _(
            "Phones: “%(phones)s” is not a choice: a table's phone stays at the table, or a pair's phone follows "
            "its pair."
        )
        % p
    ),
}


Text.templates = TEMPLATES
