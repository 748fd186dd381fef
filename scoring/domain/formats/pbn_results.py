"""PBN with results: a session's deals, travellers (``ScoreTable``) and ranking (``TotalScoreTable``).

* :func:`read_pbn_results` — a PBN file (parsed by :func:`dealing.domain.formats.pbn.read_pbn`,
  the project's one PBN reader) → a :class:`~scoring.domain.formats.event.FileEvent`: the event,
  site and date tags, each game's deal and analysis, one traveller line per ``ScoreTable`` row,
  and the pairs of the ``TotalScoreTable`` when there is one (else the pairs of the lines); a
  multi-session table's session columns (``SessionScoreMP``, ``SessionPercentage``,
  ``SessionRank``, ``NrBoardsSession``) in place of its totals over all sessions so far
  (``FileEvent.session_columns``);
* :func:`write_pbn_results` — an event and our score of it → PBN 2.1: per board the mandatory
  tags, the deal (dealer and vulnerability from the board number), the analysis tags when known
  (as ``export_pbn`` writes them) and a ``ScoreTable``; the ``TotalScoreTable`` once, in the
  first game.

Source: ``../shared/specs/rules-and-formats.md`` §b7 (PBN 2.1 §5 tables; the columns seen in
real files). ``ScoreTable`` columns read (any case, any order): ``PairId_NS``, ``PairId_EW``,
``Contract``, ``Declarer``, ``Result`` (tricks taken), and when present ``Round``, ``Table``,
``Lead``, ``Score_NS``/``Score_EW``, ``MP_NS``/``MP_EW`` (or ``IMP_NS``/``IMP_EW``). Bridgewebs
writes a doubled contract ``3S*``, a pass-out ``PO`` and an adjusted score ``A`` with nothing
else: read as Average (A5050), which is what the same event's USEBIO (BriAn) says. Magic Contest and
Ruter write ``A+``, ``A`` or ``A=`` and ``A-`` (60, 50, 40 % for NS, the rest for EW) or one for each
side, NS first (``A+/A-``, ``A+A+``). Ours adds
two spellings PBN has none for: ``A6040`` in ``Contract`` (an artificial score) and ``-`` in
``Contract`` with the score in ``Score_NS`` (an assigned one; weighted as ``"20% +650, 80% +620"``).
Two winners are read from a ``TotalScoreTable`` that ranks each direction on its own, when no pair
plays both directions (:func:`two_winners`).

>>> from scoring.domain.formats.usebio import read_usebio, SAMPLE
>>> event = read_usebio(SAMPLE)
>>> again = read_pbn_results(write_pbn_results(event, event.score()), source="x.pbn")
>>> [(str(l.result), l.extra["mp_ns"]) for l in again.lines], [(p.id, p.place) for p in again.pairs][:2]
([('3N by S, 9 tricks', '2.00'), ('4S by E, 9 tricks', '0.00')], [('1', '1='), ('4', '1=')])
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from bridge.cards import board_dealer, board_vulnerability
from bridge.contract import Contract
from bridge.errors import BridgeError
from bridge.text import TextBase
from dealing.domain.analysis import BoardAnalysis
from dealing.domain.formats.pbn import MANDATORY_TAGS, PbnGame, PbnTable, PbnTag, dumps, read_pbn
from scoring.domain.engine import EventScore, LineScore
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent, FilePair, FilePlayer, split_pair_id, weight_text
from scoring.domain.formats.usebio import PASS_WORDS, lead_card
from scoring.domain.ranking import place_number, shown
from scoring.domain.results import Artificial, Assigned, LineExtra, Played, Result, TravellerLine
from scoring.domain.text import Text

__all__ = ["read_pbn_results", "write_pbn_results", "two_winners", "SCORING_TAGS"]

#: Our method → the Scoring tag we write; reading is tolerant (any spelling with "butler", "cross" or "imp").
SCORING_TAGS = {"matchpoints": "MP", "butler": "Butler", "cross_imps": "Cross-IMPs"}
_ARTIFICIAL = re.compile(r"A(\d\d)(\d\d)", re.IGNORECASE)
#: Adjusted scores as Magic Contest and Ruter write them: ``A+`` (NS 60 %, EW 40 %), ``A`` or ``A=`` (50/50), ``A-``
#: (40/60); or one for each side, NS first: ``A+/A-``, ``A-A+``, ``A+ A+`` (60/60).
_ADJUSTED = re.compile(r"A([+=-]?)(?:\s*/?\s*A([+=-]?))?", re.IGNORECASE)
_ADJUSTED_PERCENT = {"+": 60, "": 50, "=": 50, "-": 40}
# numbers have at most a few digits: a longer one is none (and int() refuses thousands of digits)
_WEIGHTED = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,9})?)%\s*([+-]?[0-9]{1,9})")
_NUMBER = re.compile(r"[0-9]{1,9}")
_SCORE = re.compile(r"[+-]?[0-9]{1,9}")
_NONE = ("", "-", "?")
_PLACE = re.compile(r"[0-9]{1,6}=?")
#: A multi-session TotalScoreTable's columns for this session (its TotalScoreMP, TotalPercentage and Rank are over
#: every session so far): what the file says of the session we read.
_SESSION_COLUMNS = ("sessionscoremp", "sessionscoreimp", "sessionpercentage", "sessionrank", "nrboardssession")


def _method(scoring: str) -> str:
    text = scoring.lower()
    if "butler" in text:
        return "butler"
    if "cross" in text:
        return "cross_imps"
    return "butler" if "imp" in text else "matchpoints"


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.datetime.strptime(text.strip(), "%Y.%m.%d").date()
    except ValueError:
        return None


class _Reader:
    def __init__(self, source: str):
        self.source = source

    def error(self, text: TextBase | str, line: int | None, where: str) -> ScoringError:
        return ScoringError(text, line=line, where=where, source=self.source)

    def read(self, data: bytes | str) -> FileEvent:
        try:
            pbn = read_pbn(data)
        except BridgeError as exc:
            inner = exc.text.params["error"] if exc.text is not None and exc.text.code == "line" else exc.said
            raise self.error(inner, exc.line, exc.field or "PBN") from None
        first = next((g for g in pbn.games if g.board is not None), pbn.games[0] if pbn.games else None)

        def value(name: str) -> str:
            return (first.value(name) or "").strip() if first else ""

        out = FileEvent(
            name=value("Event"),
            date=_date(value("Date")),
            club_name=value("Site"),
            source=self.source,
            file_format="pbn",
            version="2.1",
            event_type="PAIRS",
        )
        scoring = next((g.value("Scoring") for g in pbn.games if (g.value("Scoring") or "").strip() not in _NONE), "")
        out.method = _method(scoring or "MP")
        out.board_scoring_method = (scoring or "").strip()
        for game in pbn.games:
            table = self.table(game, "ScoreTable")
            if game.board is not None and game.deal is not None:
                out.deals[game.board] = game.deal
                if game.double_dummy is not None and game.par is not None:
                    out.analyses[game.board] = BoardAnalysis(game.double_dummy, game.par)
            if table is not None:
                if game.board is None:
                    raise self.error(Text.of("pbn.board_missing"), game.line, "ScoreTable")
                for row, line in zip(table.records(), table.lines):
                    out.lines.append(self.read_row(row, line, game.board))
            totals = self.table(game, "TotalScoreTable")
            if totals is not None and not out.pairs:
                out.pairs = [self.read_total(row, line) for row, line in zip(totals.records(), totals.lines)]
                out.session_columns = any(c in _SESSION_COLUMNS for c, _, _ in totals.columns)
        if not out.lines:
            raise self.error(Text.of("file.no_results"), None, "ScoreTable")
        if two_winners(out.pairs, out.lines):
            out.winner_type = 2
        known = {p.id for p in out.pairs}
        for traveller_line in out.lines:
            for pid in (traveller_line.ns, traveller_line.ew):
                if pid not in known:
                    known.add(pid)
                    section, number, direction = split_pair_id(pid) or ("", 0, "")
                    out.pairs.append(FilePair(id=pid, number=number, direction=direction, section=section, written=pid))
        out.sections = tuple(sorted({p.section for p in out.pairs if p.section}))
        return out

    def table(self, game: PbnGame, name: str) -> PbnTable | None:
        tag = game.tag(name)
        if tag is None:
            return None
        try:
            table = PbnTable.from_tag(tag)
        except BridgeError as exc:
            inner = exc.text.params["error"] if exc.text is not None and exc.text.code == "line" else exc.said
            raise self.error(inner, exc.line or tag.line, name) from None
        lowered = PbnTable(table.name, tuple((c.lower(), w, a) for c, w, a in table.columns), table.rows, table.lines)
        for row, line in zip(lowered.rows, lowered.lines):
            if len(row) != len(lowered.columns):
                raise self.error(
                    Text.of("pbn.columns", table=name, row=" ".join(row), count=len(row), columns=len(lowered.columns)),
                    line,
                    name,
                )
        return lowered

    def column(self, row: Mapping[str, str], name: str, line: int, table: str = "ScoreTable") -> str:
        """The cell of column ``name`` (any case); an error naming the table and column when there is none."""
        if name.lower() not in row:
            raise self.error(Text.of("pbn.column_missing", table=table, column=name), line, table)
        return row[name.lower()].strip()

    def pair_id(self, text: str, line: int, table: str) -> tuple[str, str]:
        """``(id, section)``: ``"A7"`` → ``("A7", "A")``, ``"07"`` → ``("7", "")``."""
        parsed = split_pair_id(text)
        if parsed is None:
            raise self.error(Text.of("file.pair_number", text=text), line, table)
        section, number, suffix = parsed
        return f"{section}{number}{suffix}", section

    def read_row(self, row: Mapping[str, str], line: int, board: int) -> TravellerLine:
        (ns, section), (ew, _) = (
            self.pair_id(self.column(row, c, line), line, "ScoreTable") for c in ("PairId_NS", "PairId_EW")
        )
        score = self.score(row, line)
        result = self.result(row, line, score)
        extra: LineExtra = {
            "line": line,
            "score": None if score is None or isinstance(result, Artificial) else score,
            "mp_ns": self.number(row.get("mp_ns") or row.get("imp_ns")),
            "mp_ew": self.number(row.get("mp_ew") or row.get("imp_ew")),
            "lead": row.get("lead", ""),
        }
        try:
            return TravellerLine(
                board,
                ns,
                ew,
                result,
                section=section,
                round=self.integer(row.get("round")),
                table=self.integer(row.get("table")),
                extra=extra,
            )
        except ScoringError as exc:
            raise self.error(exc.reason, line, "ScoreTable") from None

    @staticmethod
    def number(text: str | None) -> str | None:
        return None if text is None or text.strip() in _NONE else text.strip()

    @staticmethod
    def integer(text: str | None) -> int | None:
        return int(text) if text is not None and _NUMBER.fullmatch(text.strip()) else None

    def score(self, row: Mapping[str, str], line: int) -> str | None:
        ns, ew = self.number(row.get("score_ns")), self.number(row.get("score_ew"))
        if ns is None and ew is not None and _SCORE.fullmatch(ew):
            return str(-int(ew))
        return ns

    def result(self, row: Mapping[str, str], line: int, score: str | None) -> Result:
        contract = self.column(row, "Contract", line)
        where = "ScoreTable"
        artificial = _ARTIFICIAL.fullmatch(contract)
        adjusted = _ADJUSTED.fullmatch(contract)
        try:
            if adjusted:
                ns = _ADJUSTED_PERCENT[adjusted[1]]
                ew = 100 - ns if adjusted[2] is None else _ADJUSTED_PERCENT[adjusted[2]]
                return Artificial(ns, ew)
            if artificial:
                return Artificial(int(artificial[1]), int(artificial[2]))
            if contract in _NONE:
                if score is None:
                    raise self.error(Text.of("pbn.no_result"), line, where)
                parts = _WEIGHTED.findall(score)
                if parts:
                    return Assigned(tuple((Fraction(w) / 100, int(s)) for w, s in parts))
                if not _SCORE.fullmatch(score):
                    raise self.error(Text.of("usebio.score", text=score), line, where)
                return Assigned.of(int(score))
            if contract.upper() in PASS_WORDS:
                return Played(None)
            declarer = self.column(row, "Declarer", line)
            tricks = self.column(row, "Result", line)
            if not _NUMBER.fullmatch(tricks):
                raise self.error(Text.of("file.number", element="Result", text=tricks), line, where)
            return Played(Contract.from_str(contract, declarer), int(tricks), lead_card(row.get("lead", "")))
        except BridgeError as exc:
            raise self.error(exc.said, line, where) from None
        except ScoringError as exc:
            if exc.line is not None:
                raise
            raise self.error(exc.reason, line, where) from None

    def read_total(self, row: Mapping[str, str], line: int) -> FilePair:
        written = self.column(row, "PairId", line, "TotalScoreTable")
        pid, section = self.pair_id(written, line, "TotalScoreTable")
        parsed = split_pair_id(pid)
        assert parsed is not None  # pid is pair_id's own writing of a pair id: it splits again
        direction = (row.get("direction") or "").upper().replace("-", "")
        names = [n.strip() for n in re.split(r"\s+[-–&]\s+", row.get("names", "")) if n.strip() and n.strip() != "-"]
        total = self.number(row.get("totalscoremp") or row.get("totalscoreimp") or row.get("totalscore"))
        percentage, place = self.number(row.get("totalpercentage")), self.number(row.get("rank"))
        if any(c in row for c in _SESSION_COLUMNS):  # several sessions: this session's own columns
            total = self.number(row.get("sessionscoremp") or row.get("sessionscoreimp"))
            percentage, place = self.number(row.get("sessionpercentage")), self.number(row.get("sessionrank"))
        direction = parsed[2] or (direction if direction in ("NS", "EW") else "")
        return FilePair(
            id=pid,
            number=parsed[1],
            direction=direction,
            section=section,
            players=tuple(FilePlayer(n) for n in names),
            written=written,
            total=total,
            percentage=percentage,
            place=place,
            line=line,
        )


def two_winners(pairs: Sequence[FilePair], lines: Sequence[TravellerLine]) -> bool:
    """Whether a file ranks NS and EW apart: every pair has a direction, no pair plays both directions, and the
    file's ranking (when it has one) starts again for each direction (a place 1 in each). A ``Direction`` column
    alone is no sign: programs write each pair's starting direction in Howells and barometers too.

    >>> from scoring.domain.results import Played
    >>> mitchell = [TravellerLine(1, "1", "2", Played(None)), TravellerLine(2, "3", "4", Played(None))]
    >>> pairs = [FilePair(str(n), n, "NS" if n % 2 else "EW", place=str((n + 1) // 2)) for n in (1, 2, 3, 4)]
    >>> two_winners(pairs, mitchell), two_winners(pairs, mitchell + [TravellerLine(3, "2", "3", Played(None))])
    (True, False)
    >>> two_winners([FilePair(p.id, p.number, p.direction, place=str(p.number)) for p in pairs], mitchell)
    False
    """
    if not pairs or {p.direction for p in pairs} != {"NS", "EW"}:
        return False
    seats: dict[str, set[str]] = {}
    for line in lines:
        seats.setdefault(line.ns, set()).add("NS")
        seats.setdefault(line.ew, set()).add("EW")
    if any(len(directions) > 1 for directions in seats.values()):
        return False
    places = [(p.direction, p.place.strip()) for p in pairs if p.place and _PLACE.fullmatch(p.place.strip())]
    return not places or {d for d, place in places if place_number(place) == 1} == {"NS", "EW"}


def read_pbn_results(data: bytes | str, *, source: str = "") -> FileEvent:
    """Read a PBN file with results (see the module's docstring); a :class:`ScoringError` naming the file, line
    and table otherwise."""
    return _Reader(source).read(data)


# --- writing ----------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _rows(rows: list[list[str]], columns: list[tuple[str, int, str]]) -> list[str]:
    return [
        " ".join(
            cell.rjust(width) if side == "R" else cell.ljust(width) for cell, (_, width, side) in zip(row, columns)
        ).rstrip()
        for row in rows
    ]


def _header(columns: list[tuple[str, int, str]]) -> str:
    return ";".join(f"{name}\\{width}{side}" for name, width, side in columns)


def _cells(line: TravellerLine, s: LineScore, imps: bool) -> list[str]:
    result = line.result
    contract, declarer, tricks, lead, score_ns = "-", "-", "-", "-", "-"
    if isinstance(result, Played):
        score_ns = str(line.ns_score)
        if result.contract is None:
            contract = "Pass"
        else:
            contract, declarer, tricks = result.contract.call, result.contract.declarer.letter, str(result.tricks)
            lead = result.lead or "-"
    elif isinstance(result, Artificial):
        contract = str(result)
    elif result.is_weighted:
        score_ns = _quoted(", ".join(f"{weight_text(w)}% {v:+d}" for w, v in result.parts))
    else:
        score_ns = str(result.parts[0][1])
    cells = [
        str(line.round or "-"),
        str(line.table or "-"),
        line.ns,
        line.ew,
        contract,
        declarer,
        tricks,
        lead,
        score_ns,
        shown(s.ns),
        shown(s.ew),
    ]
    if not imps:
        cells += [shown(100 * s.ns / s.top) if s.top else "-", shown(100 * s.ew / s.top) if s.top else "-"]
    return cells


def write_pbn_results(event: FileEvent, score: EventScore) -> str:
    """PBN 2.1 of ``event`` with our score (see the module's docstring)."""
    imps = score.options.is_imps
    points = "IMP" if imps else "MP"
    columns = [
        ("Round", 2, "R"),
        ("Table", 2, "R"),
        ("PairId_NS", 4, "R"),
        ("PairId_EW", 4, "R"),
        ("Contract", 5, "L"),
        ("Declarer", 1, "R"),
        ("Result", 2, "R"),
        ("Lead", 3, "L"),
        ("Score_NS", 6, "R"),
        (f"{points}_NS", 6, "R"),
        (f"{points}_EW", 6, "R"),
    ]
    if not imps:
        columns += [("Percentage_NS", 6, "R"), ("Percentage_EW", 6, "R")]
    two_winners = len(score.fields) > 1 and all(f.split()[-1:] in (["NS"], ["EW"]) for f in score.fields)
    totals = [("Rank", 3, "R"), ("PairId", 4, "R"), ("Direction", 2, "L"), (f"TotalScore{points}", 7, "R")]
    totals += [] if imps else [("TotalPercentage", 6, "R")]
    totals += [("Names", 40, "L"), ("NrBoards", 2, "R")]
    games: list[PbnGame] = []
    for index, board in enumerate(sorted({b.board for b in score.boards})):
        deal = event.deals.get(board)
        dealer = board_dealer(board)
        values = {
            "Event": event.name,
            "Site": event.club_name,
            "Date": f"{event.date.year:04d}.{event.date.month:02d}.{event.date.day:02d}" if event.date else "",
            "Board": str(board),
            "West": "",
            "North": "",
            "East": "",
            "South": "",
            "Dealer": dealer.letter,
            "Vulnerable": board_vulnerability(board).pbn,
            "Deal": deal.to_pbn(dealer) if deal else "",
            "Scoring": SCORING_TAGS[score.options.method],
            "Declarer": "?",
            "Contract": "?",
            "Result": "?",
        }
        game = PbnGame(items=[PbnTag(name, values[name]) for name in MANDATORY_TAGS])
        analysis = event.analyses.get(board)
        if analysis is not None:
            game.items += [
                PbnTag("DoubleDummyTricks", analysis.table.to_pbn_tricks()),
                PbnTag("OptimumScore", analysis.par.optimum_score_pbn()),
                PbnTag("ParContract", analysis.par.par_contract_pbn()),
                PbnTag(
                    "OptimumResultTable",
                    "Declarer;Denomination\\2R;Result\\2R",
                    section=[f"{d} {s:>2} {t:>2}" for d, s, t in analysis.table.optimum_result_rows()],
                ),
            ]
        lines = [s for b in score.boards if b.board == board for s in b.lines]
        rows = [_cells(s.line, s, imps) for s in lines]
        game.items.append(PbnTag("ScoreTable", _header(columns), section=_rows(rows, columns)))
        if index == 0:
            ranking = []
            for p in score.pairs:
                filed = event.pair(p.pair)
                direction = p.field.split()[-1] if two_winners else "-"
                row = [p.place, p.pair, direction, shown(p.total)]
                if not imps:
                    assert p.percentage is not None  # matchpoints: the engine gives every pair its percentage
                    row.append(shown(p.percentage))
                ranking.append(row + [_quoted(filed.names if filed and filed.names else "-"), str(p.boards)])
            game.items.append(PbnTag("TotalScoreTable", _header(totals), section=_rows(ranking, totals)))
        games.append(game)
    if games:
        games[-1].blank_lines_after = 0
    return dumps(games, header=["% PBN 2.1", "% EXPORT", "%Creator: clubsite"])
