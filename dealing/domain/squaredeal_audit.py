"""Auditing a SquareDeal event: its hand records compared, board by board, with the deals its keys give.

Implements the player's check of ``../shared/specs/bigdeal-squaredeal.md`` §5 ("Verification by a
player", steps 2 and 3) for a whole event at once: the key file against KH, then every session
regenerated BigDeal-exactly (:func:`dealing.domain.squaredeal.session_deals`) and compared with
what the organiser published as the hand records.

What it offers:

* :func:`read_hand_records` — a file of hand records: PBN (boards by their ``[Board]`` tags, deals
  from ``[Deal]``), or a file of all deals, one deal per line, four hands N E S W (optionally
  ``N:`` first), like the WBG's ``allpbn.actual``. Errors name the line.
* :func:`event_sessions` — the sessions an event's ``.sqd`` fixes, in its own order, with their
  SquareDeal file names (``OPRR01``) and boards.
* :func:`file_target` — which session(s) a file's name names: SquareDeal's own names (``OPRR01.pbn``,
  ``OPRR01reserve.pbn``, a combined ``OPRR01-02.pbn``), any suffix, any case.
* :func:`check_event` — refuses an event larger than any real one (:data:`MAX_PHASE_SESSIONS`,
  :data:`MAX_SESSION_BOARDS`, :data:`MAX_AUDIT_DEALS`), naming the ``SN`` line, before anything is dealt.
* :func:`place` — which hand record is which board of which session; refuses files that do not fit
  the event's shape (a name that names no session, a file of all deals with another count, a
  session given twice, a board twice in one file, a session of boards left open (``?``) spanning
  more than :data:`MAX_SESSION_BOARDS`, more deals in all than :data:`MAX_AUDIT_DEALS`), each
  error naming the file (and the line when it is about one deal).
* :func:`audit` — the whole check: :class:`AuditReport` with a verdict per board (``match``,
  ``reserve``, ``differs``, ``missing``, ``extra``), per session and for the event.

**Limits.** SquareDeal itself lets a phase have up to 999,999 sessions and a session up to BigDeal's
last board, a billion; an audit regenerates every deal it is given hand records for, so one upload
could keep the server dealing for hours. No real event comes near (the World Bridge Games 2024: 90
sessions, at most 29 a phase, 10 to 20 boards a session, 1,186 deals), so an audit takes at most
:data:`MAX_PHASE_SESSIONS` sessions a phase, :data:`MAX_SESSION_BOARDS` boards a session (the most the
safe ``bigdeal`` deals in a run) and :data:`MAX_AUDIT_DEALS` deals in all (a few seconds of dealing),
and refuses more when the file is read, before any dealing.

A file of all deals says nothing about which line is which board: its lines are the sessions'
boards one after the other, either in the ``.sqd``'s order (phase by phase) or sorted by the
sessions' file names (what ``cat *.pbn`` gives: the WBG files are in that order, FIN1 first).
``order="auto"`` takes whichever of the two matches more boards (the ``.sqd`` order on a tie) and
the report says which.

Verdicts: a session **matches** when every board is given and is SquareDeal's deal; it is
**reserve** when instead every board is the session's reserve set (legitimate only if announced);
otherwise it **differs** (a board differs, is missing, or an extra board is given), has **no key**,
or was **not given**. The event **passed** when the key file is the committed one and every
session matches (or is reserve); **failed** when anything differs; **incomplete** when nothing
differs but some sessions had no hand records.

>>> from dealing.domain import squaredeal as sq
>>> t = sq.read_sqd(b"TN Demo\\nDI DJI 1 May\\nDV 43275.91\\nSN 2:1-2,3-4:RR#:Round #\\nKH " + b"0" * 64 + b"\\n")
>>> [(s.name, s.first, s.last) for s in event_sessions(t)]
[('RR1', 1, 2), ('RR2', 3, 4)]
>>> file_target(t, "rr2.PBN"), file_target(t, "RR1-2.pbn"), file_target(t, "all.txt")
(Target(phase=1, first=2, last=2), Target(phase=1, first=1, last=2), None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypedDict

from bridge.cards import Deal, Seat
from bridge.errors import BridgeError
from dealing.domain import squaredeal as sq
from dealing.domain.errors import DealingError
from dealing.domain.formats.pbn import PbnFile, read_pbn
from dealing.domain.text import Text

__all__ = [
    "RecordedDeal",
    "HandRecords",
    "EventSession",
    "Target",
    "Placement",
    "BoardResult",
    "SessionResult",
    "AuditReport",
    "read_hand_records",
    "event_sessions",
    "file_target",
    "check_event",
    "place",
    "audit",
    "ORDERS",
    "MAX_PHASE_SESSIONS",
    "MAX_SESSION_BOARDS",
    "MAX_AUDIT_DEALS",
]

#: How the lines of a file of all deals follow the sessions: the .sqd's order, or sorted by file name.
ORDERS = ("sqd", "names")
#: The most sessions one file of hand records names (``RR01-03``): a name of more (``X1-999999999``, a phase open
#: ended) names none, rather than a billion sessions to place its deals on.
MAX_COMBINED = 999
#: The most sessions a phase of an audited event has (SquareDeal allows 999,999; the WBG 2024's longest phase has 29).
MAX_PHASE_SESSIONS = 999
#: The most boards a session of an audited event has: what the safe ``bigdeal`` deals in one run (spec §2); SquareDeal
#: allows up to BigDeal's last board, a billion. The WBG 2024's sessions have 10 to 20.
MAX_SESSION_BOARDS = 100
#: The most deals one audit regenerates (original sets; the reserve set of a session that differs comes on top):
#: eight times the WBG 2024's 1,186, a few seconds of dealing.
MAX_AUDIT_DEALS = 10_000

_HAND = r"[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*"


@dataclass(frozen=True)
class RecordedDeal:
    """One deal of a file of hand records: where it is, the deal, and its board number if the file says."""

    line: int
    deal: Deal
    board: int | None = None


@dataclass(frozen=True)
class HandRecords:
    """A file of hand records: its name, ``kind`` (``pbn`` or ``lines``, one deal per line) and deals."""

    name: str
    kind: str
    deals: tuple[RecordedDeal, ...]


def _in_file(name: str, exc: BridgeError) -> DealingError:
    return DealingError(Text.of("records.file", file=name, error=exc.said), field="hand_records")


def read_hand_records(name: str, data: bytes | str) -> HandRecords:
    """Read a PBN file, or a file of one deal per line (N E S W hands, ``N:`` optional).

    Errors name the file and the line:

    >>> read_hand_records("all.txt", "AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\\nAKQ")
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: all.txt: line 2: a PBN deal has four hands separated by spaces, not 1: 'AKQ'
    """
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    try:
        if any(line.lstrip().startswith("[") for line in lines):
            deals = _pbn_deals(read_pbn(data))
            kind = "pbn"
        else:
            deals = _line_deals(lines)
            kind = "lines"
    except BridgeError as exc:
        raise _in_file(name, exc) from None
    if not deals:
        raise DealingError(Text.of("records.file", file=name, error=Text.of("records.no_deals")), field="hand_records")
    return HandRecords(name, kind, tuple(deals))


def _pbn_deals(pbn: PbnFile) -> list[RecordedDeal]:
    deals: list[RecordedDeal] = []
    seen: dict[int, int] = {}
    for game in pbn.games:
        if game.deal is None:
            continue
        line = (game.tag("Deal") or game).line
        if game.board is None:
            raise DealingError(Text.of("records.no_board"), line=line)
        if game.board in seen:
            raise DealingError(Text.of("records.board_twice", board=game.board, first=seen[game.board]), line=line)
        seen[game.board] = line
        deals.append(RecordedDeal(line, game.deal, game.board))
    return deals


def _line_deals(lines: Sequence[str]) -> list[RecordedDeal]:
    deals = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line[0] in "%#;":
            continue
        try:
            deals.append(RecordedDeal(number, Deal.from_pbn(line if re.match(r"^[NESWnesw]:", line) else "N:" + line)))
        except BridgeError as exc:
            raise DealingError(exc.said, line=number) from None
    return deals


# --- the event's sessions and the files' names ---------------------------------------------------


@dataclass(frozen=True)
class EventSession:
    """A session of the event: phase and session number, SquareDeal's file name, description, boards.

    ``first``/``last`` are None while unknown (a phase whose boards are ``?`` and whose hand records
    were not given).
    """

    phase: int
    session: int
    name: str
    description: str
    first: int | None
    last: int | None

    @property
    def key(self) -> tuple[int, int]:
        return (self.phase, self.session)

    @property
    def boards(self) -> range:
        return range(self.first, self.last + 1) if self.first is not None and self.last is not None else range(0)


def _session(phase: sq.Phase, session: int, boards: tuple[int, int] | None = None) -> EventSession:
    if boards is None and sq.parse_board_spec(phase.boards) is not None:
        boards = phase.board_range(session)
    first, last = boards if boards else (None, None)
    return EventSession(
        phase.number, session, phase.file_name(session), phase.session_description(session), first, last
    )


def event_sessions(tournament: sq.Tournament) -> list[EventSession]:
    """Every session the ``.sqd`` fixes, phase by phase (open-ended phases have none until files name them)."""
    return [
        _session(phase, s) for phase in tournament.phases if not phase.open_ended for s in range(1, phase.sessions + 1)
    ]


def check_event(tournament: sq.Tournament) -> None:
    """Refuse an event larger than an audit takes, naming the phase's ``SN`` line: more than
    :data:`MAX_PHASE_SESSIONS` sessions in a phase, a session of more than :data:`MAX_SESSION_BOARDS` boards,
    or more than :data:`MAX_AUDIT_DEALS` deals in the sessions the ``.sqd`` fixes.

    >>> check_event(sq.read_sqd(b"TN Demo\\nSN 2:1-16,17-32:RR#:Round #\\nSN 1:1-200:LONG:Marathon\\n"))
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: line 3: phase 2 (Marathon) has sessions of 200 boards (1-200), more than the 100 an audit takes in a session
    """
    total = 0
    for phase in tournament.phases:
        if phase.sessions > MAX_PHASE_SESSIONS:
            raise DealingError(
                Text.of(
                    "limit.phase_sessions",
                    phase=phase.number,
                    description=phase.description,
                    sessions=phase.sessions,
                    max=MAX_PHASE_SESSIONS,
                ),
                field="SN",
                line=phase.line,
            )
        ranges = sq.parse_board_spec(phase.boards)
        if ranges is None:
            continue
        lo, hi = max(ranges, key=lambda r: r[1] - r[0])
        if hi - lo + 1 > MAX_SESSION_BOARDS:
            raise DealingError(
                Text.of(
                    "limit.session_boards",
                    phase=phase.number,
                    description=phase.description,
                    count=hi - lo + 1,
                    boards=f"{lo}-{hi}",
                    max=MAX_SESSION_BOARDS,
                ),
                field="SN",
                line=phase.line,
            )
        total += sum(hi - lo + 1 for lo, hi in (ranges[(s - 1) % len(ranges)] for s in range(1, phase.sessions + 1)))
        if total > MAX_AUDIT_DEALS:
            raise DealingError(
                Text.of(
                    "limit.event_deals",
                    phase=phase.number,
                    description=phase.description,
                    total=total,
                    max=MAX_AUDIT_DEALS,
                ),
                field="SN",
                line=phase.line,
            )


@dataclass(frozen=True)
class Target:
    """Sessions ``first`` … ``last`` of ``phase`` (one session when they are equal)."""

    phase: int
    first: int
    last: int


def _name_pattern(prefix: str) -> re.Pattern[str]:
    """A phase's file prefix as a pattern: the run of ``#`` becomes a number or a range (``01``, ``01-03``)."""
    match = re.search(r"#+", prefix)
    if not match:
        return re.compile(re.escape(prefix) + r"(?:reserve)?", re.I)
    return re.compile(
        re.escape(prefix[: match.start()])
        + r"(?P<first>[0-9]{1,9})(?:-(?P<last>[0-9]{1,9}))?"
        + re.escape(prefix[match.end() :])
        + r"(?:reserve)?",
        re.I,
    )


def file_target(tournament: sq.Tournament, name: str) -> Target | None:
    """The session(s) a file's name names (its folder and suffix ignored), or None."""
    stem = re.split(r"[\\/]", str(name))[-1]
    stem = stem.rsplit(".", 1)[0] if "." in stem else stem
    for phase in tournament.phases:
        match = _name_pattern(phase.prefix).fullmatch(stem)
        if not match:
            continue
        if "#" not in phase.prefix:
            if phase.sessions == 1:
                return Target(phase.number, 1, 1)
            continue
        first = int(match.group("first"))
        last = int(match.group("last") or first)
        if 1 <= first <= last <= first + MAX_COMBINED and (phase.open_ended or last <= phase.sessions):
            return Target(phase.number, first, last)
    return None


def _examples(tournament: sq.Tournament) -> str:
    names = []
    for phase in tournament.phases:
        count = phase.sessions or 1
        names.append(phase.file_name(1) + (f" … {phase.file_name(count)}" if count > 1 else ""))
    return ", ".join(names)


# --- which hand record is which board -----------------------------------------------------------


@dataclass(frozen=True)
class Given:
    """A hand record placed on a board: the deal and where it was read."""

    deal: Deal
    file: str
    line: int


@dataclass
class Placement:
    """Hand records placed on the sessions' boards (``given``), and those that fit none (``extra``)."""

    sessions: list[EventSession]
    given: dict[tuple[int, int], dict[int, Given]] = field(default_factory=dict)
    extra: dict[tuple[int, int] | None, list[tuple[int | None, Given]]] = field(default_factory=dict)
    files: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    order: str | None = None
    unchecked_phases: tuple[int, ...] = ()


def _order(sessions: list[EventSession], order: str) -> list[EventSession]:
    return sorted(sessions, key=lambda s: s.name) if order == "names" else list(sessions)


def place(tournament: sq.Tournament, files: Sequence[HandRecords], order: str = "sqd") -> Placement:
    """Place every hand record on a board of a session; raise :class:`DealingError` naming the file when a
    file does not fit the event's shape. ``order`` (``sqd`` or ``names``) is how a file of all deals runs.

    The event is checked first (:func:`check_event`), and the sessions the files give hand records for may
    hold at most :data:`MAX_AUDIT_DEALS` deals in all: the file that goes beyond is named."""
    if order not in ORDERS:
        raise DealingError(Text.of("records.order", order=order), field="order")
    check_event(tournament)
    fixed = event_sessions(tournament)
    total = sum(len(s.boards) for s in fixed)
    targets: list[tuple[HandRecords, Target | None]] = []
    for records in files:
        target = file_target(tournament, records.name)
        if target is None and (records.kind == "lines" or len(records.deals) == total):
            if (
                len(records.deals) != total
                or any(s.first is None for s in fixed)
                or any(p.open_ended for p in tournament.phases)
            ):
                raise DealingError(
                    Text.of(
                        "records.file",
                        file=records.name,
                        error=_all_problem(tournament, fixed, len(records.deals), total),
                    ),
                    field="hand_records",
                )
        elif target is None:
            raise DealingError(
                Text.of(
                    "records.file",
                    file=records.name,
                    error=Text.of(
                        "records.name", examples=_examples(tournament), count=len(records.deals), total=total
                    ),
                ),
                field="hand_records",
            )
        targets.append((records, target))

    sessions: dict[tuple[int, int], EventSession] = {s.key: s for s in fixed}
    owner: dict[tuple[int, int], str] = {}
    placement = Placement(sessions=[])
    deals = 0
    for records, target in targets:
        if target is None:
            keys = [s.key for s in _order(fixed, order)]
            placement.order = order
        else:
            phase = tournament.phase(target.phase)
            keys = [(phase.number, s) for s in range(target.first, target.last + 1)]
        for key in keys:
            if key in owner:
                label = sessions[key].name if key in sessions else f"{key[0]},{key[1]}"
                raise DealingError(
                    Text.of(
                        "records.file",
                        file=records.name,
                        error=Text.of("records.twice", session=label, other=owner[key]),
                    ),
                    field="hand_records",
                )
            owner[key] = records.name
        if target is None:
            _place_in_order(placement, records, [sessions[k] for k in keys])
        else:
            _place_by_board(placement, tournament, records, target, sessions)
        deals += sum(len(sessions[key].boards) for key in keys)
        if deals > MAX_AUDIT_DEALS:
            raise DealingError(
                Text.of(
                    "records.file",
                    file=records.name,
                    error=Text.of("limit.audit_deals", total=deals, max=MAX_AUDIT_DEALS),
                ),
                field="hand_records",
            )
    placement.sessions = sorted(sessions.values(), key=lambda s: s.key)
    placement.unchecked_phases = tuple(
        p.number for p in tournament.phases if p.open_ended and not any(k[0] == p.number for k in owner)
    )
    return placement


def _all_problem(tournament: sq.Tournament, fixed: list[EventSession], count: int, total: int) -> Text:
    for phase in tournament.phases:
        if phase.open_ended or sq.parse_board_spec(phase.boards) is None:
            return Text.of(
                "records.all_open", phase=phase.number, description=phase.description, example=phase.file_name(1)
            )
    return Text.of("records.all_count", count=count, total=total, sessions=len(fixed))


def _place_in_order(placement: Placement, records: HandRecords, sessions: list[EventSession]) -> None:
    deals = iter(records.deals)
    for session in sessions:
        placement.files.setdefault(session.key, []).append(records.name)
        given = placement.given.setdefault(session.key, {})
        for board in session.boards:
            recorded = next(deals)
            given[board] = Given(recorded.deal, records.name, recorded.line)


def _place_by_board(
    placement: Placement,
    tournament: sq.Tournament,
    records: HandRecords,
    target: Target,
    sessions: dict[tuple[int, int], EventSession],
) -> None:
    phase = tournament.phase(target.phase)
    keys = [(phase.number, s) for s in range(target.first, target.last + 1)]
    for key in keys:
        if key not in sessions:  # an open-ended phase's session, or one whose boards the .sqd leaves open
            sessions[key] = _session(
                phase, key[1], _boards_of(phase, key[1], records) if target.first == target.last else None
            )
        elif sessions[key].first is None and target.first == target.last:
            sessions[key] = _session(phase, key[1], _boards_of(phase, key[1], records))
        placement.files.setdefault(key, []).append(records.name)
        placement.given.setdefault(key, {})
    # a file of one deal per line names no boards: its lines are the sessions' boards in order
    in_order = iter([(k, b) for k in keys for b in sessions[k].boards]) if records.kind == "lines" else None
    for recorded in records.deals:
        given = Given(recorded.deal, records.name, recorded.line)
        if in_order is not None:
            home, board = next(in_order, (None, None))
        else:
            board = recorded.board
            home = next((k for k in keys if board in sessions[k].boards and board not in placement.given[k]), None)
        if home is None:
            placement.extra.setdefault(keys[0] if len(keys) == 1 else None, []).append((board, given))
        else:
            assert board is not None  # None is in no session's boards
            placement.given[home][board] = given


def _boards_of(phase: sq.Phase, session: int, records: HandRecords) -> tuple[int, int] | None:
    """A session's boards when the ``.sqd`` leaves them open (``?``): from the lowest to the highest board given,
    at most :data:`MAX_SESSION_BOARDS` of them (beyond, the error names the file and the deal's line)."""
    if sq.parse_board_spec(phase.boards) is not None:
        return phase.board_range(session)
    given = [(r.board, r.line) for r in records.deals if r.board is not None]
    if not given:
        return None
    first = min(board for board, _ in given)
    for board, line in given:
        if board - first + 1 > MAX_SESSION_BOARDS:
            raise _in_file(
                records.name,
                DealingError(
                    Text.of(
                        "limit.board_span",
                        board=board,
                        first=first,
                        count=board - first + 1,
                        max=MAX_SESSION_BOARDS,
                    ),
                    line=line,
                ),
            )
    return first, max(board for board, _ in given)


# --- the verdicts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardResult:
    """One board: ``status`` is ``match``, ``reserve``, ``differs``, ``missing`` or ``extra``.

    ``expected`` is SquareDeal's deal (PBN, ``N:`` first; for a reserve session the reserve deal),
    ``found`` the hand record's, with the file and line it was read from; ``seats`` the hands that
    differ.
    """

    board: int | None
    status: str
    expected: str | None = None
    found: str | None = None
    file: str | None = None
    line: int | None = None
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class SessionResult:
    """One session: ``status`` is ``match``, ``reserve``, ``differs``, ``no_key`` or ``not_given``."""

    phase: int
    session: int
    name: str
    description: str
    first: int | None
    last: int | None
    status: str
    files: tuple[str, ...] = ()
    boards: tuple[BoardResult, ...] = ()

    def count(self, status: str) -> int:
        return sum(1 for b in self.boards if b.status == status)


@dataclass(frozen=True)
class AuditReport:
    """What :func:`audit` found. ``verdict``: ``passed``, ``incomplete`` or ``failed``."""

    keys: sq.KeyCheck
    delayed_value: str
    sessions: tuple[SessionResult, ...]
    extras: tuple[BoardResult, ...] = ()
    order: str | None = None
    order_matches: dict[str, int] = field(default_factory=dict)
    unchecked_phases: tuple[int, ...] = ()

    @property
    def verdict(self) -> str:
        if not self.keys.ok or self.extras or any(s.status in ("differs", "no_key") for s in self.sessions):
            return "failed"
        if self.unchecked_phases or any(s.status == "not_given" for s in self.sessions) or not self.sessions:
            return "incomplete"
        return "passed"

    def count(self, status: str) -> int:
        return sum(s.count(status) for s in self.sessions) + sum(1 for b in self.extras if b.status == status)

    @property
    def boards(self) -> int:
        return sum(len(s.boards) for s in self.sessions) + len(self.extras)


def _differing_seats(expected: Deal, found: Deal) -> tuple[str, ...]:
    return tuple(seat.letter for seat in Seat if expected.hand(seat) != found.hand(seat))


def _compare(
    session: EventSession, expected: dict[int, Deal], placement: Placement, status_if_same: str = "match"
) -> list[BoardResult]:
    given = placement.given.get(session.key, {})
    results = []
    for board in session.boards:
        deal = expected[board]
        found = given.get(board)
        if found is None:
            results.append(BoardResult(board, "missing", deal.to_pbn()))
        elif found.deal == deal:
            results.append(
                BoardResult(board, status_if_same, deal.to_pbn(), found.deal.to_pbn(), found.file, found.line)
            )
        else:
            results.append(
                BoardResult(
                    board,
                    "differs",
                    deal.to_pbn(),
                    found.deal.to_pbn(),
                    found.file,
                    found.line,
                    _differing_seats(deal, found.deal),
                )
            )
    for extra_board, extra in placement.extra.get(session.key, []):
        results.append(BoardResult(extra_board, "extra", None, extra.deal.to_pbn(), extra.file, extra.line))
    return results


def _deals(
    tournament: sq.Tournament, keys: sq.SquareDealKeys, session: EventSession, reserve: bool = False
) -> dict[int, Deal]:
    boards = f"{session.first}-{session.last}"
    return dict(sq.session_deals(tournament, keys, session.phase, session.session, reserve, boards))


def _matches(placement: Placement, expected: dict[tuple[int, int], dict[int, Deal]]) -> int:
    return sum(
        1
        for key, given in placement.given.items()
        for board, g in given.items()
        if key in expected and expected[key].get(board) == g.deal
    )


def audit(
    tournament: sq.Tournament,
    keys: sq.SquareDealKeys,
    files: Sequence[HandRecords],
    *,
    delayed_value: str | None = None,
    order: str = "auto",
    on_progress: Callable[[int, int], None] | None = None,
) -> AuditReport:
    """Check the key file, regenerate every session with hand records and compare board by board.

    ``delayed_value`` replaces the ``.sqd``'s DV (as a player who looked it up types it; used
    exactly as given, as SquareDeal uses the DV line). ``order`` is how a file of all deals runs:
    ``sqd``, ``names`` or ``auto``. ``on_progress(done, total)`` is called after each session.
    """
    if delayed_value is not None:
        value = str(delayed_value).strip()
        if not value:
            raise DealingError(Text.of("sqd.dv_empty"), field="DV")
        tournament = replace(tournament, delayed_value=value)
    if tournament.delayed_value is None:
        raise DealingError(Text.of("sqd.no_dv"), field="DV")
    check = sq.check_keys(tournament, keys)
    if order not in ORDERS + ("auto",):
        raise DealingError(Text.of("records.order", order=order), field="order")
    placements = {o: place(tournament, files, o) for o in (ORDERS if order == "auto" else (order,))}
    placement = placements[ORDERS[0] if order == "auto" else order]
    all_sessions = {s.key: s for p in placements.values() for s in p.sessions}
    wanted = [s for key, s in sorted(all_sessions.items()) if any(key in p.given for p in placements.values())]
    expected: dict[tuple[int, int], dict[int, Deal]] = {}
    total = len(wanted)
    for done, session in enumerate(wanted, start=1):
        if _has_key(keys, tournament, session):
            expected[session.key] = _deals(tournament, keys, session)
        if on_progress is not None:
            on_progress(done, total)
    order_matches: dict[str, int] = {}
    if placement.order is not None or (order == "auto" and placements["names"].order is not None):
        order_matches = {o: _matches(p, expected) for o, p in placements.items()}
        if order == "auto":
            best = max(ORDERS, key=lambda o: (order_matches[o], o == "sqd"))
            placement = placements[best]
    results = [_session_result(tournament, keys, session, placement, expected) for session in placement.sessions]
    extras = tuple(
        BoardResult(board, "extra", None, g.deal.to_pbn(), g.file, g.line) for board, g in placement.extra.get(None, [])
    )
    return AuditReport(
        check,
        tournament.delayed_value,
        tuple(results),
        extras,
        placement.order,
        order_matches,
        placement.unchecked_phases,
    )


def _has_key(keys: sq.SquareDealKeys, tournament: sq.Tournament, session: EventSession) -> bool:
    phase = tournament.phase(session.phase)
    return (phase.number, 0 if phase.open_ended else session.session) in keys.keys and session.first is not None


class _SessionFields(TypedDict):
    """What every :class:`SessionResult` of a session says, whatever its status."""

    phase: int
    session: int
    name: str
    description: str
    first: int | None
    last: int | None
    files: tuple[str, ...]


def _session_result(
    tournament: sq.Tournament,
    keys: sq.SquareDealKeys,
    session: EventSession,
    placement: Placement,
    expected: dict[tuple[int, int], dict[int, Deal]],
) -> SessionResult:
    files = tuple(placement.files.get(session.key, ()))
    base: _SessionFields = dict(
        phase=session.phase,
        session=session.session,
        name=session.name,
        description=session.description,
        first=session.first,
        last=session.last,
        files=files,
    )
    if session.key not in placement.given:
        return SessionResult(status="not_given", **base)
    if session.key not in expected:
        extras = tuple(
            BoardResult(b, "extra", None, g.deal.to_pbn(), g.file, g.line)
            for b, g in placement.extra.get(session.key, [])
        )
        return SessionResult(status="no_key", boards=extras, **base)
    boards = _compare(session, expected[session.key], placement)
    if all(b.status == "match" for b in boards):
        return SessionResult(status="match", boards=tuple(boards), **base)
    if not any(b.status in ("missing", "extra") for b in boards):
        reserve = _compare(session, _deals(tournament, keys, session, reserve=True), placement, "reserve")
        if all(b.status == "reserve" for b in reserve):
            return SessionResult(status="reserve", boards=tuple(reserve), **base)
    return SessionResult(status="differs", boards=tuple(boards), **base)
