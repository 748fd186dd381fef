"""What the tables domain says to people, as data: a code and its parameters, never a sentence.

``str(text)`` is the English below; ``tables/texts.py`` says the same code in the reader's language
(a phone's: English or Polish). Parameters are numbers, strings or other domains' texts (a relay's
place is the movements domain's ``Text``).

>>> str(Text.of("entry.tricks_range", tricks=14))
'14 tricks: a side takes 0 to 13 tricks.'
>>> str(Text.of("move.go", pair=3, seat="EW", table=4))
'Pair 3: go to table 4, EW.'
"""

from __future__ import annotations

from collections.abc import Iterable

from bridge.text import Template, TextBase


def board_span(boards: Iterable[int]) -> str:
    boards = list(boards)
    if len(boards) > 2 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _place(where: object) -> str:
    return f"table {where}" if isinstance(where, int) else f"relay {where}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _or(items: object) -> str:
    names = [str(x) for x in items] if isinstance(items, (list, tuple)) else [str(items)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


ENGLISH: dict[str, Template] = {
    # joining a table
    "join.code_unknown": lambda p: f"No table has the code {p['code']}: check the code on the table card.",
    "join.code_expired": lambda p: (
        f"Table code {p['code']} was for {p['session']}, which is over: use the code on this session's table card."
    ),
    "join.not_started": lambda p: f"{p['session']} has not started yet: wait for the director to start it.",
    "join.pin_wrong": lambda p: (
        f"Wrong PIN for table code {p['code']}. A PIN from another session's card does not work here."
    ),
    "join.locked": lambda p: (
        f"Too many wrong PINs for table code {p['code']}: try again in {p['minutes']} min, or ask the director."
    ),
    "join.pin_missing": lambda p: "Enter the table's PIN (4 digits, on the table card).",
    "device.unknown": lambda p: (
        "This phone is not joined to a table (or was signed out): scan the table's QR code or enter its code and PIN."
    ),
    "session.over": lambda p: f"{p['session']} is over: results are no longer entered at the tables. Ask the director.",
    "session.not_running": lambda p: f"{p['session']} is not in play: ask the director to start it.",
    "table.locked": lambda p: f"The director has locked table {p['table']}: ask the director.",
    # a board at the table
    "board.missing": lambda p: "Which board is this? Enter the number on the board.",
    "board.not_here": lambda p: (
        f"Board {p['board']} is not played at table {p['table']} in round {p['round']} "
        f"(boards {board_span(p['boards'])} are)."
    ),
    "board.no_play": lambda p: f"Nobody plays at table {p['table']} in round {p['round']}.",
    "round.not_released": lambda p: f"Round {p['round']} has not started yet: wait for the director.",
    "round.unknown": lambda p: f"There is no round {p['round']} in this session.",
    "entry.level": lambda p: f"There is no {p['level']}-level contract: a contract is 1 to 7.",
    "entry.level_missing": lambda p: "Choose the contract's level (1 to 7), or Passed out.",
    "entry.strain": lambda p: "Choose the contract's suit or no trumps.",
    "entry.doubling": lambda p: "A contract is undoubled, doubled (X) or redoubled (XX).",
    "entry.declarer": lambda p: "Who was declarer? Choose N, E, S or W.",
    "entry.tricks_missing": lambda p: "How many tricks did declarer take?",
    "entry.tricks_range": lambda p: f"{p['tricks']} tricks: a side takes 0 to 13 tricks.",
    "entry.lead": lambda p: f"{p['lead']} is not a card: choose a suit and a rank (e.g. ♥K).",
    "entry.side": lambda p: "A side is NS or EW.",
    # confirming and correcting
    "confirm.same_side": lambda p: (
        f"{p['side']} entered this result, so {p['other']} must confirm it: hand the phone to {p['other']}."
    ),
    "confirm.nothing": lambda p: f"There is nothing to confirm on board {p['board']}: enter the result first.",
    "confirm.replaced": lambda p: f"The result of board {p['board']} was changed since: check it and confirm again.",
    "confirm.conflict": lambda p: (
        f"Two different results were entered for board {p['board']}: the director will decide."
    ),
    "confirm.confirmed": lambda p: (
        f"Board {p['board']} is already confirmed: only the director can change it now (send a request)."
    ),
    "request.empty": lambda p: "Say what is wrong with the result, for the director.",
    "key.missing": lambda p: "Every submission needs an idempotency key (a new one per action).",
    "key.reused": lambda p: "This idempotency key was already used for another action.",
    # the director
    "director.not_started": lambda p: "Table entry has not started for this session.",
    "director.last_round": lambda p: f"Round {p['round']} is the last round.",
    "director.no_movement": lambda p: (
        "Choose the session's movement (and its boards per round) before starting table entry."
    ),
    "director.choice": lambda p: "Choose one of the results, or type the result.",
    "director.reason": lambda p: "Say why (it goes into the board's audit trail).",
    "director.resolved": lambda p: "This conflict is already resolved.",
    "director.table_missing": lambda p: "Which table? Give the table's number.",
    "director.board_missing": lambda p: "Which board? Give the board's number.",
    "director.table_unknown": lambda p: f"There is no table {p['table']} in this session.",
    "director.board_not_at_table": lambda p: (
        f"Table {p['table']} does not play board {p['board']} (it plays boards {board_span(p['boards'])})."
    ),
    "director.room_closed": lambda p: (
        "The results are published: the live room is closed. Correct results on the session's results page."
    ),
    "director.not_running": lambda p: f"{p['session']} is not in play: rounds are started only during play.",
    "director.tables_playing": lambda p: (
        f"Table {p['tables'][0]} is still playing. Start round {p['round']} anyway? It finishes its round first."
        if p["count"] == 1
        else f"{p['count']} tables are still playing (tables {_and([str(t) for t in p['tables']])}). "
        f"Start round {p['round']} anyway? They finish their round first."
    ),
    # results left on a signed-out phone
    "handover.unknown": lambda p: "There is no such result handed over at this table.",
    "handover.closed": lambda p: f"Board {p['board']} at table {p['table']}: this handed-over result was dealt with.",
    "handover.recorded": lambda p: (
        f"Board {p['board']} at table {p['table']} already has a result ({p['said']}): "
        "if the handed-over one is right, correct the board in the form."
    ),
    "handover.no_result": lambda p: "A request for the director is not a result: read it, then close it.",
    # at the end of a round
    "move.stay": lambda p: f"Pair {p['pair']}: stay at this table, {p['seat']}.",
    "move.go": lambda p: f"Pair {p['pair']}: go to table {p['table']}, {p['seat']}.",
    "move.sit_out": lambda p: f"Pair {p['pair']}: sit out round {p['round']}.",
    "move.boards_table": lambda p: f"Boards {board_span(p['boards'])}: pass them to table {p['table']}.",
    "move.boards_relay": lambda p: f"Boards {board_span(p['boards'])}: put them on relay {p['relay']} ({p['place']}).",
    "move.boards_shared": lambda p: (
        f"Boards {board_span(p['boards'])}: next round they are shared by {_and([_place(w) for w in p['places']])}."
    ),
    "move.arrow": lambda p: f"Round {p['round']} is arrow-switched: turn the boards (the NS pair plays the EW cards).",
    "move.last": lambda p: "That was the last round: the session is over. Thank you!",
    "round.sit_out": lambda p: f"No play at this table in round {p['round']}: pair {p['pair']} sits out.",
    "round.idle": lambda p: f"No play at this table in round {p['round']}.",
    "round.arrow": lambda p: (
        f"Arrow switch: turn the boards. Pair {p['ns']} plays the North–South cards, pair "
        f"{p['ew']} the East–West cards."
    ),
    # phones that stay at their table or follow their pair (issue 24 item 9)
    "phone.stays": lambda p: (
        f"Leave this phone at table {p['table']}: the players who come to table {p['table']} next use it."
    ),
    "phone.whose": lambda p: (
        f"Say above which pair's phone this is, and it goes with that pair; else leave it at table {p['table']}."
    ),
    "phone.follows": lambda p: (
        f"This phone goes with pair {p['pair']}: when round {p['round']} starts it joins table {p['table']}, "
        f"{p['seat']}, by itself (no code or PIN)."
    ),
    "phone.sits_out": lambda p: (
        f"Pair {p['pair']} sits out round {p['round']}: this phone goes with it and joins its next table by itself."
    ),
    "phone.sitting_out": lambda p: f"Pair {p['pair']} sits out round {p['round']}.",
    "phone.with": lambda p: f"This phone goes with pair {p['pair']}.",
    "follow.stays": lambda p: f"Phones stay at their tables in this session: this phone stays at table {p['table']}.",
    "follow.pair_not_here": lambda p: (
        f"Pair {p['pair']} does not play at table {p['table']} in round {p['round']}: choose pair {_or(p['pairs'])}."
    ),
    "director.phones_unknown": lambda p: (
        f"Phones: “{p['phones']}” is not a choice: a table's phone stays at the table, or a pair's phone follows its pair."
    ),
}


class Text(TextBase):
    """A message of the tables domain (its templates: ``ENGLISH``)."""

    kind = "tables"
    templates = ENGLISH
