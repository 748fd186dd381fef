"""Suspicious results, for the director to look at: each check returns ``Text``\\ s, never raises.

A result that passes these checks may still be wrong, and one that fails may be right (a
revoke, a claim gone wrong, a misboard); they only say where to look. Each check is one plain
function on one traveller line:

* :func:`far_from_the_field` — the score is 13 IMPs (750 points) or more from the nearest other result on
  the board (only when the board has at least 4 scores: fewer say nothing about a field);
* :func:`beyond_top_trumps` — declarer took more tricks than the defenders' top trumps allow:
  k top trumps in an unbroken run from the ace, all in one defender's hand (the ace; ace and
  king; ace, king and queen …), each win a trick whatever declarer does, so declarer takes at
  most 13 − k (a slam made with the ace and king of trumps against it in one hand cannot be);
* :func:`far_from_double_dummy` — declarer took 3 or more tricks more, or 4 or more fewer, than
  double dummy gives that contract's strain and declarer (:func:`tricks_off`);
* :func:`check_line` — the line is not where the movement puts it: no such table in that round,
  a board not played there, a pair that does not sit there, or the pairs the wrong way round.

:func:`board_checks` runs all of them over a board's traveller.

Across a simultaneous pairs' field, :func:`looks_like_another_board` compares one club's results on each board with
the double-dummy tables of every board of the event: a board whose results fit another board's deal (a board dealt
or played under the wrong number, two boards swapped at the club's dealing machine) or no deal at all (a board
fouled).

Boards here are Guzicki's board 6 with one score added, and a deal where East holds ♠AK.

>>> from bridge.cards import Deal
>>> from scoring.domain.results import Played, Assigned, TravellerLine as L
>>> board6 = [L(6, "7", "5", Played.of("3S", "N", 9)), L(6, "1", "4", Played.of("4S", "S", 10)),
...           L(6, "8", "6", Played.of("3S", "S", 9)), L(6, "3", "2", Played.of("4S", "N", 9)),
...           L(6, "9", "10", Assigned.of(-1100))]
>>> [str(t) for t in board_checks(board6)]
['board 6: 9 v 10 scored −1100, 14 IMPs from the nearest other result (−50)']
>>> deal = Deal.from_pbn("N:QJT9.AKQ.AKQ.AKQ AK2.JT9.JT9.JT98 7654.876.876.765 83.5432.5432.432")
>>> str(beyond_top_trumps(L(1, "1", "2", Played.of("6S", "N", 12)), deal))
'board 1: 6♠ by N took 12 tricks, but E holds ♠AK: declarer can take at most 11'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from bridge.cards import Deal, Rank, Seat, Suit
from bridge.imps import imps
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain.ranking import signed
from scoring.domain.results import Artificial, Played, TravellerLine
from scoring.domain.text import Text

__all__ = [
    "far_from_the_field",
    "beyond_top_trumps",
    "far_from_double_dummy",
    "tricks_off",
    "looks_like_another_board",
    "MISFIT_TRICKS",
    "BETTER_BY",
    "CLOSE_FIT",
    "check_line",
    "board_checks",
    "FAR_IMPS",
    "FIELD_MINIMUM",
]

#: A score this many IMPs or more from every other score on its board is flagged (13: 750 points or more —
#: a slam alone, a sign the wrong way round, a big penalty; not a game gone down where others made it) ...
FAR_IMPS = 13
#: ... when the board has at least this many scores.
FIELD_MINIMUM = 4


class MeetingLike(Protocol):
    """What the layout says of a round and table (a ``layout.Meeting`` is one): pairs as the lines write them."""

    @property
    def ns(self) -> object: ...
    @property
    def ew(self) -> object: ...
    @property
    def boards(self) -> Iterable[int]: ...


#: A meeting as an object, or as data (Any: keys of a JSON object, ``ns``, ``ew`` and ``boards``).
ExpectedMeeting = MeetingLike | Mapping[str, Any]


def far_from_the_field(
    line: TravellerLine, others: Sequence[TravellerLine], *, far: int = FAR_IMPS, minimum: int = FIELD_MINIMUM
) -> Text | None:
    """Is ``line``'s score ``far`` IMPs or more from the nearest of the other scores on its board?

    ``others`` may hold the whole traveller (``line`` itself, other boards, other groups of a
    fouled board and artificial scores are left out).

    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> field = [L(1, str(n), str(n + 10), Played.of("4S", "N", 10)) for n in range(1, 4)]
    >>> str(far_from_the_field(L(1, "4", "14", Played.of("4S", "E", 10)), field))    # the wrong declarer?
    'board 1: 4 v 14 scored −420, 13 IMPs from the nearest other result (+420)'
    >>> far_from_the_field(L(1, "4", "14", Played.of("5S", "N", 10)), field) is None    # −50: 10 IMPs away
    True
    >>> far_from_the_field(L(1, "4", "14", Played.of("2S", "N", 10)), field) is None    # +170: 6 IMPs away
    True
    >>> far_from_the_field(L(1, "4", "14", Played.of("4S", "N", 4)), field[:2]) is None   # 3 scores: no field
    True
    """
    score = line.ns_score
    if score is None:
        return None
    scores = [
        other_score
        for o in others
        if o is not line
        and o.board == line.board
        and o.group == line.group
        and (other_score := o.ns_score) is not None
        and (o.ns, o.ew) != (line.ns, line.ew)
    ]
    if len(scores) + 1 < minimum:
        return None
    nearest = min(scores, key=lambda s: (abs(s - score), s))
    distance = abs(imps(score - nearest))  # (imps() keeps the difference's sign)
    if distance < far:
        return None
    return Text.of(
        "check.far",
        board=line.board,
        ns=line.ns,
        ew=line.ew,
        score=signed(score),
        imps=distance,
        nearest=signed(nearest),
    )


def _top_trump_run(deal: Deal, seat: Seat, suit: Suit) -> tuple[Rank, ...]:
    """The ranks of ``suit`` that ``seat`` holds in an unbroken run from the ace (empty without the ace)."""
    run: list[Rank] = []
    for rank, held in zip(sorted(Rank, reverse=True), deal.hand(seat).holding(suit)):
        if rank != held:
            break
        run.append(rank)
    return tuple(run)


def beyond_top_trumps(line: TravellerLine, deal: Deal) -> Text | None:
    """Did declarer take more tricks than the defenders' top trumps in one hand allow?

    A run of k trumps from the ace in one defender's hand wins k tricks whatever declarer does:
    no trump can beat them, so each wins the trick it is played to (led, followed or ruffed).
    Split between the defenders they may fall together, so only one hand counts.

    >>> from bridge.cards import Deal
    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> deal = Deal.from_pbn("N:QJT9.AKQ.AKQ.AKQ AK2.JT9.JT9.JT98 7654.876.876.765 83.5432.5432.432")
    >>> beyond_top_trumps(L(1, "1", "2", Played.of("6S", "N", 11)), deal) is None
    True
    >>> str(beyond_top_trumps(L(1, "1", "2", Played.of("2H", "E", 12)), deal))     # N holds ♥AKQ
    'board 1: 2♥ by E took 12 tricks, but N holds ♥AKQ: declarer can take at most 10'
    >>> beyond_top_trumps(L(1, "1", "2", Played.of("3N", "S", 13)), deal) is None  # no trumps: no claim
    True
    """
    result = line.result
    if not isinstance(result, Played) or result.contract is None:
        return None
    contract = result.contract
    suit = contract.strain.suit
    if suit is None:
        return None
    assert result.tricks is not None  # a contract has its tricks (Played)
    defenders = (contract.declarer.next, contract.declarer.partner.next)
    defender, run = max(((seat, _top_trump_run(deal, seat, suit)) for seat in defenders), key=lambda d: len(d[1]))
    most = 13 - len(run)
    if result.tricks <= most:
        return None
    return Text.of(
        "check.top_trumps",
        board=line.board,
        contract=contract.symbol,
        declarer=contract.declarer.letter,
        tricks=result.tricks,
        defender=defender.letter,
        cards=suit.symbol + "".join(rank.letter for rank in run),
        most=most,
    )


def far_from_double_dummy(
    line: TravellerLine, table: DoubleDummyTable, *, over: int = 3, under: int = 4
) -> Text | None:
    """Did declarer take ``over`` or more tricks more, or ``under`` or more fewer, than double dummy?

    >>> from dealing.domain.analysis import DoubleDummyTable
    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> table = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")     # N: 10 tricks in hearts
    >>> [far_from_double_dummy(L(1, "1", "2", Played.of("4H", "N", t)), table) is None for t in (6, 7, 12, 13)]
    [False, True, True, False]
    >>> str(far_from_double_dummy(L(1, "1", "2", Played.of("4H", "N", 6)), table))
    'board 1: 4♥ by N took 6 tricks; double dummy it takes 10'
    """
    off = tricks_off(line, table)
    if off is None or -under < off < over:
        return None
    result = line.result
    assert isinstance(result, Played) and result.contract is not None and result.tricks is not None  # (tricks_off)
    contract = result.contract
    return Text.of(
        "check.double_dummy",
        board=line.board,
        contract=contract.symbol,
        declarer=contract.declarer.letter,
        tricks=result.tricks,
        dd=result.tricks - off,
    )


def tricks_off(line: TravellerLine, table: DoubleDummyTable) -> int | None:
    """How many tricks more (+) or fewer (−) declarer took than double dummy gives the contract's strain and
    declarer; ``None`` for a board passed out or an artificial or assigned score.

    >>> from dealing.domain.analysis import DoubleDummyTable
    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> table = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")     # N: 10 tricks in hearts
    >>> tricks_off(L(1, "1", "2", Played.of("4H", "N", 9)), table), tricks_off(L(1, "1", "2", Played(None)), table)
    (-1, None)
    """
    result = line.result
    if not isinstance(result, Played) or result.contract is None:
        return None
    contract = result.contract
    assert result.tricks is not None  # a contract has its tricks (Played)
    return result.tricks - table[contract.declarer, contract.strain]


def _meeting_parts(meeting: ExpectedMeeting) -> tuple[str, str, tuple[int, ...]]:
    """A meeting's NS and EW pairs and its boards, whether its parts are keys or attributes."""
    if isinstance(meeting, Mapping):
        return str(meeting["ns"]), str(meeting["ew"]), tuple(meeting["boards"])
    return str(meeting.ns), str(meeting.ew), tuple(meeting.boards)


def check_line(line: TravellerLine, *, expected_meeting: ExpectedMeeting | None) -> list[Text]:
    """Is ``line`` where the movement puts it? ``expected_meeting`` is what the layout says of the
    line's round and table: anything with ``ns``, ``ew`` and ``boards`` (attributes or keys, pairs
    as the lines write them), or ``None`` when no such table plays that round.

    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> at_1 = {"ns": "8", "ew": "1", "boards": (1, 2, 3)}
    >>> check_line(L(2, "8", "1", Played.of("4S", "N", 10), round=1, table=1), expected_meeting=at_1)
    []
    >>> [str(t) for t in check_line(L(4, "8", "2", Played.of("4S", "N", 10), round=1, table=1),
    ...                             expected_meeting=at_1)]       # doctest: +NORMALIZE_WHITESPACE
    ['board 4 is entered at table 1 in round 1, where boards 1, 2, 3 are played',
     'board 4: pair 2 is entered EW at table 1 in round 1, where pair 1 sits EW']
    >>> [str(t) for t in check_line(L(2, "1", "8", Played.of("4S", "N", 10), round=1, table=1),
    ...                             expected_meeting=at_1)]
    ['board 2: pairs 1 and 8 are entered the wrong way round (table 1, round 1: 8 sits NS, 1 EW)']
    >>> [str(t) for t in check_line(L(2, "8", "1", Played.of("4S", "N", 10), round=1, table=9),
    ...                             expected_meeting=None)]
    ['board 2: 8 v 1 is entered at table 9 in round 1, but no such table plays that round']
    """
    where = {"board": line.board, "table": line.table, "round": line.round}
    if expected_meeting is None:
        return [Text.of("check.no_table", ns=line.ns, ew=line.ew, **where)]
    ns, ew, boards = _meeting_parts(expected_meeting)
    out = []
    if line.board not in boards:
        out.append(Text.of("check.board_not_here", boards=boards, **where))
    if (line.ns, line.ew) == (ew, ns):
        out.append(Text.of("check.swapped", ns=line.ns, ew=line.ew, **where))
        return out
    for pair, expected, side in ((line.ns, ns, "NS"), (line.ew, ew, "EW")):
        if pair != expected:
            out.append(Text.of("check.pair_not_here", pair=pair, expected=expected, side=side, **where))
    return out


def board_checks(
    lines: Sequence[TravellerLine],
    *,
    deal: Deal | None = None,
    table: DoubleDummyTable | None = None,
    meetings: Mapping[tuple[int, int], ExpectedMeeting] | None = None,
) -> list[Text]:
    """Every check on every line of one board's traveller, in the lines' order.

    ``deal`` and ``table`` (the board's double-dummy tricks) when known; ``meetings`` maps
    (round, table) to what the layout expects there (:func:`check_line`), for lines that know
    their round and table. Artificial scores are checked only against the movement.
    """
    out: list[Text] = []
    for line in lines:
        if meetings is not None and line.round is not None and line.table is not None:
            out += check_line(line, expected_meeting=meetings.get((line.round, line.table)))
        if isinstance(line.result, Artificial):
            continue
        found = [far_from_the_field(line, lines)]
        if deal is not None:
            found.append(beyond_top_trumps(line, deal))
        if table is not None:
            found.append(far_from_double_dummy(line, table))
        out += [t for t in found if t is not None]
    return out


# --- across a simultaneous pairs' field: a club's board that looks like another deal ---------------------------

#: A club's results on a board look wrong for its deal when they are this many tricks off double dummy on average
#: (honest play is about half a trick off; another deal's results two to four) ...
MISFIT_TRICKS = Fraction(2)
#: ... and look like another board's deal when they fit it at least this many tricks better on average ...
BETTER_BY = Fraction(3, 2)
#: ... and, unless that board's results at the club look like this board's in turn (two boards swapped), fit it at
#: most this far off: with the few contracts a board's results name, some board of a whole event fits them roughly
#: by chance.
CLOSE_FIT = Fraction(1, 2)


def _mean_off(lines: Sequence[TravellerLine], table: DoubleDummyTable) -> Fraction:
    offs = [abs(off) for line in lines if (off := tricks_off(line, table)) is not None]
    return Fraction(sum(offs), len(offs))


def _tenths(value: Fraction) -> str:
    """A number of tricks to one decimal, as the texts write it (``2.5``)."""
    return f"{float(value):.1f}"


def looks_like_another_board(
    lines: Sequence[TravellerLine],
    tables: Mapping[int, DoubleDummyTable],
    *,
    club: str,
    minimum: int = 2,
) -> list[Text]:
    """One club's boards whose results look like another deal of the event, or like none: ``lines`` are the club's
    traveller lines (any boards), ``tables`` the event's double-dummy tables by board number.

    Algorithm: a board's *fit* to a deal is how many tricks its results are off double dummy on average (each
    played contract against the deal's tricks for its strain and declarer, :func:`tricks_off`; at least ``minimum``
    contracts, or the board is not judged). A board that fits its own deal ``MISFIT_TRICKS`` or worse is looked at:

    * when another board of the club is looked at too, and each fits the other's deal ``BETTER_BY`` or better than
      its own, the two were swapped: "board N looks like board M" (both ways);
    * else, when another board's deal fits it ``BETTER_BY`` better than its own and within ``CLOSE_FIT``, it was
      dealt or played under the wrong number: "board N looks like board M";
    * else it fits no deal of the event: it "looks fouled".

    Two boards swapped at the club (each played with the other's cards), and a third played honestly:

    >>> from scoring.domain.results import Played, TravellerLine as L
    >>> from dealing.domain.analysis import DoubleDummyTable
    >>> tables = {1: DoubleDummyTable.from_pbn_tricks("98a79989794536445364"),   # NS: 10 in hearts
    ...           2: DoubleDummyTable.from_pbn_tricks("453644536498a7998979"),   # EW: 10 in hearts
    ...           3: DoubleDummyTable.from_pbn_tricks("77777777776666666666")}
    >>> club = [L(1, "1", "2", Played.of("4H", "E", 10)), L(1, "3", "4", Played.of("4H", "W", 9)),
    ...         L(2, "1", "4", Played.of("4H", "N", 10)), L(2, "3", "2", Played.of("3H", "S", 10)),
    ...         L(3, "1", "2", Played.of("1N", "N", 7)), L(3, "3", "4", Played.of("2S", "E", 6))]
    >>> for text in looks_like_another_board(club, tables, club="Hilltop"):
    ...     print(text)
    board 1 at Hilltop looks like board 2: its results are 6.5 tricks off double dummy on average, 0.0 off board 2's
    board 2 at Hilltop looks like board 1: its results are 7.0 tricks off double dummy on average, 0.5 off board 1's
    >>> looks_like_another_board([ln for ln in club if ln.board == 3], tables, club="Hilltop")
    []
    """
    by_board: dict[int, list[TravellerLine]] = {}
    for line in lines:
        if line.board in tables and tricks_off(line, tables[line.board]) is not None:
            by_board.setdefault(line.board, []).append(line)
    judged = {n: found for n, found in by_board.items() if len(found) >= minimum}
    own = {n: _mean_off(found, tables[n]) for n, found in judged.items()}
    looked_at = sorted(n for n, off in own.items() if off >= MISFIT_TRICKS)
    fits: dict[tuple[int, int], Fraction] = {}  # (board at the club, deal) → fit, worked out when asked

    def fit(board: int, deal: int) -> Fraction:
        if (board, deal) not in fits:
            fits[board, deal] = _mean_off(judged[board], tables[deal])
        return fits[board, deal]

    out: list[Text] = []
    for n in looked_at:
        swapped = [
            m for m in looked_at if m != n and fit(n, m) <= own[n] - BETTER_BY and fit(m, n) <= own[m] - BETTER_BY
        ]
        other: int | None
        if swapped:
            other = min(swapped, key=lambda m: (fit(n, m) + fit(m, n), m))
        else:
            other = min((m for m in tables if m != n), key=lambda m: (fit(n, m), m), default=None)
            if other is not None and not (fit(n, other) <= own[n] - BETTER_BY and fit(n, other) <= CLOSE_FIT):
                other = None
        if other is None:
            out.append(Text.of("check.looks_fouled", board=n, club=club, off=_tenths(own[n])))
        else:
            out.append(
                Text.of(
                    "check.looks_like",
                    board=n,
                    club=club,
                    other=other,
                    off=_tenths(own[n]),
                    other_off=_tenths(fit(n, other)),
                )
            )
    return out
