"""What a phone at a teams session's table reads (issue 21): the match at the table in each round, its boards with
what is entered, pending, confirmed or in conflict, and the match's result once both of its tables have finished —
in the same shape as a pairs table's state (``tables.selectors.table.table_state``), so the same page
(``static/js/tables/table.js``) runs both.

The facts are the teams engine's, read through ``teams.selectors``: the draws (a match's tables are ``2·number − 1``,
the home team North–South, and ``2·number``, the away team North–South; a Swiss pairs match's one table is its
``number``, the home pair North–South, its result scored against the round's field: ``pairs_match_card``), the boards of a round
(``match_board_numbers``), each table's result of a board (the match's ``MatchBoard``: ``home_ns`` for the first
table, ``away_ns`` for the second — one owner, whether a phone confirmed it or the scorer typed it from the score
card) and the match's IMPs and VPs (``match_card``). This app keeps only what is its own: the codes, the phones,
the entries waiting for the other side, the conflicts.

* :func:`teams_tables` — a teams session's tables, rounds and matches (None for a session without a teams format);
* :func:`teams_table_state` — the state of one phone's table, and :func:`teams_state_version` its fingerprint;
* :func:`teams_room` — every table's round, match and boards for the director's page;
* :func:`teams_phone_ranking` — the standings for the phones, once they are published.

A round is open at the tables once it is drawn and every match of the rounds before it is fully in: teams change
tables together, and a Swiss round is drawn from the standings of the one before. Never a deal: a phone reads
results, teams and IMPs only.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cached_property

from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Session
from clubsite.texts import render
from scoring.domain.errors import ScoringError
from scoring.domain.notation import as_data, from_data
from scoring.domain.ranking import shown
from scoring.domain.results import Result
from scoring.domain.shorthand import parse_entry
from tables.domain.progress import board_states, table_position
from tables.domain.text import Text
from tables.models import Conflict, Device, Submission, Table
from tables.selectors.table import said
from tables.services.setup import table_settings_get
from teams.models import Draw, Match, TeamsFormat
from teams.selectors import (
    match_board_numbers,
    match_card,
    pairs_match_card,
    session_draws,
    session_standings,
    teams_format_get,
)


def recorded_of(text: str) -> Result | None:
    """A table's result as the score card keeps it (the scorer's shorthand), or None: not entered."""
    if not text:
        return None
    try:
        return parse_entry(text)
    except ScoringError:
        return None


def imps_said(value) -> str:
    return str(value.numerator) if value.denominator == 1 else shown(value, 2)


@dataclass
class TeamsTables:
    """A teams session at its tables: its format, its draws (matches, teams and boards loaded) and what follows."""

    session: Session
    fmt: TeamsFormat
    draws: list[Draw]
    teams: int

    @cached_property
    def rounds(self) -> tuple[int, ...]:
        """The rounds drawn so far."""
        return tuple(d.round for d in self.draws)

    @property
    def last_round(self) -> int:
        """The session's last round: a Swiss's number of rounds, else the last round of the schedule drawn."""
        if self.fmt.swiss and self.fmt.rounds:
            return self.fmt.rounds
        return self.rounds[-1] if self.rounds else 0

    @property
    def tables(self) -> tuple[int, ...]:
        """Two tables a match (one a Swiss pairs match): as many as the field's matches (a bye plays at none)."""
        most = max((sum(m.away_id is not None for m in d.matches.all()) for d in self.draws), default=0)
        return tuple(range(1, self.per_match * max(self.teams // 2, most) + 1))

    @property
    def per_match(self) -> int:
        """A match's tables: two for teams, one for Swiss pairs (the home pair NS, the away pair EW)."""
        return 1 if self.fmt.for_pairs else 2

    def boards(self, round_number: int) -> list[int]:
        return match_board_numbers(self.fmt, round_number)

    def draw(self, round_number: int) -> Draw | None:
        return next((d for d in self.draws if d.round == round_number), None)

    def seat(self, round_number: int, table: int) -> tuple[Match, bool] | None:
        """The match at ``table`` in the round, and whether it is the match's first table (the home team NS; a Swiss
        pairs match's one table always is)."""
        draw = self.draw(round_number)
        if draw is None:
            return None
        number = table if self.fmt.for_pairs else (table + 1) // 2
        match = next((m for m in draw.matches.all() if m.number == number and m.away_id is not None), None)
        return (match, self.fmt.for_pairs or table % 2 == 1) if match is not None else None

    def boards_by_round(self, table: int) -> dict[int, tuple[int, ...]]:
        return {r: tuple(self.boards(r)) if self.seat(r, table) else () for r in self.rounds}

    def recorded(self, match: Match, home_table: bool) -> dict[int, Result]:
        """Board → the table's result on the match's score card."""
        out = {}
        for row in match.boards.all():
            result = recorded_of(row.home_ns if home_table else row.away_ns)
            if result is not None:
                out[row.board] = result
        return out

    def complete(self, match: Match) -> bool:
        sides = (True,) if self.fmt.for_pairs else (True, False)
        return all(len(self.recorded(match, home)) == self.fmt.boards_per_match for home in sides)

    @cached_property
    def released(self) -> int:
        """The last round open at the tables: drawn, and every match of the rounds before it complete."""
        released = 0
        for draw in self.draws:
            if any(
                not self.complete(m) for d in self.draws if d.round < draw.round for m in d.matches.all() if m.away_id
            ):
                break
            released = draw.round
        return released


def teams_tables(session: Session) -> TeamsTables | None:
    """The session at its tables, or None when it is not a teams session (no teams format)."""
    fmt = teams_format_get(session=session)
    if fmt is None:
        return None
    return TeamsTables(session, fmt, session_draws(session=session), session.teams.count())


def is_teams_table(table: Table) -> bool:
    """Whether the table is a teams session's (its phones read the match at the table, not a movement)."""
    return TeamsFormat.objects.filter(session_id=table.table_session.session_id).exists()


def match_result_text(tables: TeamsTables, match: Match) -> str:
    """The match's result in words once both tables have every board in (a Swiss pairs match: its one table, its
    result against the round's tables entered so far), else ""."""
    if match.away is None:
        return ""
    if tables.fmt.for_pairs:
        pairs = pairs_match_card(match=match, fmt=tables.fmt)
        if not pairs.complete:
            return ""
        if pairs.percent_home is not None and pairs.percent_away is not None:
            percents = (_cents(pairs.percent_home), _cents(pairs.percent_away))
            return render(
                Text.of(
                    "swiss_pairs.result",
                    home=match.home.name,
                    away=match.away.name,
                    home_percent=percents[0],
                    away_percent=percents[1],
                    home_vp=pairs.vp_home,
                    away_vp=pairs.vp_away,
                )
            )
        imps, vps = (pairs.imps.imps_home, pairs.imps.imps_away), (pairs.vp_home, pairs.vp_away)
    else:
        card = match_card(match=match, fmt=tables.fmt)
        if not card.complete:
            return ""
        imps, vps = (card.imps_home, card.imps_away), (card.vp_home, card.vp_away)
    imps_only = tables.fmt.scale == TeamsFormat.Scale.IMPS
    return render(
        Text.of(
            "teams.result",
            home=match.home.name,
            away=match.away.name,
            home_imps=imps_said(imps[0]),
            away_imps=imps_said(imps[1]),
            home_vp=None if imps_only else vps[0],
            away_vp=None if imps_only else vps[1],
        )
    )


def _cents(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)


def _team_json(team) -> dict:
    return {"label": str(team.number), "names": team.name}


def _conflict_results(table: Table) -> dict[tuple[int, int], list[str]]:
    out: dict[tuple[int, int], list[str]] = {}
    for conflict in Conflict.objects.filter(table=table, resolved_at__isnull=True).prefetch_related("submissions"):
        words = out.setdefault((conflict.round, conflict.board), [])
        for sub in sorted(conflict.submissions.all(), key=lambda s: (s.at, s.pk)):
            if sub.data:
                text = said(from_data(sub.data), conflict.board)
                if text not in words:
                    words.append(text)
    return out


def _moves(tables: TeamsTables, table: int, round_number: int) -> list[str]:
    following = round_number + 1
    if following > tables.last_round:
        return [render(Text.of("move.last"))]
    if tables.draw(following) is None:
        return [render(Text.of("teams.next_draw", round=following))]
    seat = tables.seat(following, table)
    if seat is None:
        return [render(Text.of("teams.next_idle", round=following))]
    match, home = seat
    ns, ew = (match.home, match.away) if home else (match.away, match.home)
    return [render(Text.of("teams.next", round=following, ns=ns.name, ew=ew.name))]


def teams_table_state(device: Device, tables: TeamsTables | None = None) -> dict:
    """A teams table's state, in the shape of ``tables.selectors.table.table_state`` (see the module's docstring),
    each round with ``match_result``: the match's result once both of its tables have finished."""
    table: Table = device.table
    session = table.table_session.session
    tables = tables or teams_tables(session)
    assert tables is not None  # a teams table (``is_teams_table``)
    settings = table_settings_get(session.club)
    subs = Submission.objects.filter(
        table=table, kind=Submission.Kind.ENTRY, status__in=(Submission.Status.PENDING, Submission.Status.CONFIRMED)
    ).only("round", "board", "status", "key", "data", "side")
    pending = {(s.round, s.board): s for s in subs if s.status == Submission.Status.PENDING}
    confirmed_subs = {(s.round, s.board): s for s in subs if s.status == Submission.Status.CONFIRMED}
    in_conflict = _conflict_results(table)
    released = tables.released
    rounds, done = [], set()
    for r in tables.rounds:
        seat = tables.seat(r, table.number)
        boards = tuple(tables.boards(r)) if seat else ()
        recorded = tables.recorded(*seat) if seat else {}
        done |= {(r, b) for b in recorded} | {(r, b) for (cr, b) in in_conflict if cr == r}
        states = board_states(
            boards,
            confirmed=set(recorded),
            pending={b for b in boards if (r, b) in pending},
            conflicts={b for b in boards if (r, b) in in_conflict},
        )
        rows = []
        for b, state in states:
            row: dict = {"board": b, "state": state}
            if b in recorded:
                row.update(
                    said=said(recorded[b], b),
                    result=as_data(recorded[b]),
                    entry=confirmed_subs[(r, b)].key if (r, b) in confirmed_subs else "",
                )
            elif (r, b) in pending:
                sub = pending[(r, b)]
                row.update(said=said(from_data(sub.data), b), result=sub.data, entry=sub.key, side=sub.side)
            if (r, b) in in_conflict:
                row["results"] = in_conflict[(r, b)]
            rows.append(row)
        notes, result = [], ""
        if seat is None:
            ns = ew = None
            notes.append(render(Text.of("round.idle", round=r)))
        else:
            match, home = seat
            ns, ew = (match.home, match.away) if home else (match.away, match.home)
            words = dict(match=match.number, home=match.home.name, away=match.away.name, boards=boards, ns=ns.name)
            notes.append(render(Text.of("teams.match", **words)))
            result = match_result_text(tables, match)
            if not result and len(recorded) == len(boards):
                other = table.number + 1 if home else table.number - 1
                notes.append(render(Text.of("teams.other_table", table=other)))
        rounds.append(
            {
                "round": r,
                "released": r <= released,
                "ns": _team_json(ns) if ns else None,
                "ew": _team_json(ew) if ew else None,
                "boards": rows,
                "notes": notes,
                "moves": _moves(tables, table.number, r),
                "match_result": result,
            }
        )
    position = table_position(tables.boards_by_round(table.number), done=done, released=released)
    return {
        "stamp": timezone.now().isoformat(),
        "session": {
            "id": session.pk,
            "name": session.name,
            "date": session.date.isoformat(),
            "status": session.status,
            "over": session.is_over,
        },
        "teams": True,
        "table": table.number,
        "code": table.code,
        "locked": table.locked,
        "released": released,
        "last_round": tables.last_round,
        "position": {
            "round": position.round,
            "playing": position.playing,
            "last": position.round == tables.last_round,
            "moving": False,
        },
        # the teams change tables together when the next round opens: no table reads moves late (``moving``)
        "moved": max(released - 1, 0),
        "settings": {"lead": False, "traveller": False, "tricks": settings.tricks},
        "rounds": rounds,
        "handovers": [],
        "ranking": {
            "live": False,
            "published": session.is_published,
            "provisional": session.status == Session.Status.PROVISIONAL,
        },
        "phone": {"follows": False, "pair": "", "round": 0, "choices": [], "with": "", "note": "", "sitting_out": ""},
    }


def teams_state_version(state: dict) -> str:
    """The state's fingerprint (its ``stamp`` left out), for the phone's polling (``If-None-Match``)."""
    body = json.dumps({k: v for k, v in state.items() if k != "stamp"}, sort_keys=True, default=str)
    return hashlib.sha256(f"{body}|{translation.get_language()}".encode()).hexdigest()[:32]


def teams_phone_ranking(device: Device) -> dict | None:
    """The standings for the phones once they are published (provisional included): ``{"kind", "rows": [{place,
    pair, names, score, here}], "url"}`` as a pairs table's ranking, a team in each row; None before."""
    table = device.table
    session = table.table_session.session
    if not session.is_published:
        return None
    tables = teams_tables(session)
    standing = session_standings(session=session)
    if tables is None or standing is None:
        return None
    here: set[int] = set()
    for r in reversed(tables.rounds):
        seat = tables.seat(r, table.number)
        if seat is not None:
            here = {seat[0].home_id, seat[0].away_id}
            break
    rows = [
        {
            "place": line.standing.rank,
            "pair": str(line.team.number),
            "names": line.team.name,
            "score": render(Text.of("teams.vp", vp=line.standing.vp)),
            "here": line.team.pk in here,
        }
        for line in standing.lines
    ]
    if not session.club.results_public:
        rows = [row for row in rows if row["here"]]
    kind = "provisional" if session.status == Session.Status.PROVISIONAL else "published"
    return {"kind": kind, "rows": rows, "url": reverse("teams:session_standings", args=[session.pk])}


def teams_room(session: Session) -> list[dict] | None:
    """Every table's round, match and boards for the director: ``[{table, code, round, match, ns, ew, boards:
    [(board, state)], phones, locked}]``; None when the session is not a teams session."""
    tables = teams_tables(session)
    if tables is None:
        return None
    out = []
    rows = Table.objects.filter(table_session__session=session).prefetch_related("devices")
    conflicts = {
        (c.table_id, c.round, c.board) for c in Conflict.objects.filter(table__in=rows, resolved_at__isnull=True)
    }
    pending = set(
        Submission.objects.filter(
            table__in=rows, kind=Submission.Kind.ENTRY, status=Submission.Status.PENDING
        ).values_list("table_id", "round", "board")
    )
    r = tables.released
    for table in rows:
        seat = tables.seat(r, table.number) if r else None
        line: dict = {"table": table, "round": r, "match": None, "ns": None, "ew": None, "boards": []}
        if seat is not None:
            match, home = seat
            recorded = tables.recorded(match, home)
            line.update(
                match=match,
                ns=match.home if home else match.away,
                ew=match.away if home else match.home,
                boards=board_states(
                    tables.boards(r),
                    confirmed=set(recorded),
                    pending={b for (t, rr, b) in pending if t == table.pk and rr == r},
                    conflicts={b for (t, rr, b) in conflicts if t == table.pk and rr == r},
                ),
            )
        line["phones"] = sum(1 for d in table.devices.all() if d.left_at is None)
        out.append(line)
    return out
