"""PBN 2.1 (Portable Bridge Notation): a tolerant reader for real files and our writers.

What it offers:

* :func:`read_pbn` — parse the PBN files other programs write (Bridgewebs, BridgeComposer,
  BCDD, BigDeal, Deep Finesse …): ``%`` escape lines, ``;`` and ``{…}`` comments, tables
  (``ScoreTable``, ``OptimumResultTable``, ``TotalScoreTable`` …) and other sections kept as
  their raw lines, ``#`` / ``##`` tag-value inheritance (§4.8), CRLF, a UTF-8 BOM, ISO-8859-1
  text and unknown tags. Known tags are checked and typed (:class:`PbnGame`): Board, Dealer,
  Vulnerable, Deal and the analysis tags DoubleDummyTricks, OptimumResultTable, OptimumScore,
  ParContract. A malformed file raises :class:`~dealing.domain.errors.DealingError` naming
  the line and the tag.
* :func:`dumps` — write parsed games back (tags, sections and comments in their order), so
  a file round-trips; byte for byte for the real files we keep.
* :func:`export_pbn` — our export: the mandatory tags, the deal and, when given, the analysis
  tags as BridgeComposer writes them (DoubleDummyTricks, OptimumScore, ParContract,
  OptimumResultTable).
* :class:`BigDealPbnWriter` — BigDeal 2.0's own layout, byte for byte (spec §3 "pbn"); given a session's
  name and date (the dealing-machine file of a session), it writes them in the Event and Date tags.

Source documents: ``../shared/specs/rules-and-formats.md`` §b7 (PBN 2.1 and the analysis tags)
and ``../shared/specs/bigdeal-squaredeal.md`` §3.

>>> pbn = read_pbn('[Board "7"]\\n[Dealer "S"]\\n[Vulnerable "All"]\\n'
...                '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\\n')
>>> game = pbn.games[0]
>>> game.board, game.dealer, game.vulnerability.pbn, game.deal.hand(Seat.WEST).to_pbn()
(7, <Seat.SOUTH: 2>, 'All', '432.AKQJ.T98.765')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from bridge.cards import Deal, Seat, Strain, Vulnerability, board_dealer, board_vulnerability
from bridge.errors import BridgeError
from dealing.domain.analysis import BoardAnalysis, DoubleDummyTable, Par, ParContract, parse_optimum_score
from dealing.domain.errors import DealingError
from dealing.domain.formats.base import pbn_deal
from dealing.domain.text import Text

__all__ = [
    "PbnTag",
    "PbnComment",
    "PbnTable",
    "PbnGame",
    "PbnFile",
    "read_pbn",
    "dumps",
    "export_pbn",
    "BigDealPbnWriter",
    "FORBIDDEN_INHERITANCE",
    "MANDATORY_TAGS",
]

#: PBN §4.8: these tags may not use "#" or "##".
FORBIDDEN_INHERITANCE = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play"})
#: PBN's mandatory tag set (MTS), in export order.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                  "Deal", "Scoring", "Declarer", "Contract", "Result")  # fmt: skip

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_NAME = re.compile(r"\[\s*([A-Za-z0-9_]*)")
_UNKNOWN = ("", "?")
_CELL = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s"]+)')  # a table cell: a quoted string or a bare token


# --- the model ----------------------------------------------------------------------------


@dataclass
class PbnTag:
    """One tag pair as written; ``section`` holds the raw lines that follow it (a table's
    rows, an auction, a play), ``section_lines`` their line numbers."""

    name: str
    value: str
    line: int = 0
    section: list[str] = field(default_factory=list)
    section_lines: list[int] = field(default_factory=list)


@dataclass
class PbnComment:
    """A ``%`` escape line, a ``;`` comment or a ``{…}`` commentary, kept as written."""

    text: str
    line: int = 0


@dataclass(frozen=True)
class PbnTable:
    """A PBN §5 table: column names (with width and alignment) and the rows' tokens."""

    name: str
    columns: tuple[tuple[str, int | None, str], ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[int, ...] = ()

    @classmethod
    def from_tag(cls, tag: PbnTag) -> PbnTable:
        columns = []
        for part in tag.value.split(";"):
            part = part.strip().lstrip("+-")
            if not part:
                continue
            name, _, spec = part.partition("\\")
            match = re.fullmatch(r"([0-9]{0,9})([LRlr]?)", spec.strip())  # (int() refuses thousands of digits)
            if not match:
                raise DealingError(
                    Text.of("pbn.column", tag=tag.name, column=part, spec=spec), field=tag.name, line=tag.line
                )
            width = int(match[1]) if match[1] else None
            columns.append((name.strip(), width, (match[2] or "L").upper()))
        rows = []
        for text, line in zip(tag.section, tag.section_lines):
            if text.count('"') % 2:
                raise DealingError(_in_tag(tag.name, "pbn.unclosed_quote", row=text.strip()), field=tag.name, line=line)
            rows.append(
                tuple(_unescape(quoted) if quoted or bare == "" else bare for quoted, bare in _CELL.findall(text))
            )
        return cls(tag.name, tuple(columns), tuple(rows), tuple(tag.section_lines))

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c[0] for c in self.columns)

    def records(self) -> list[dict[str, str]]:
        """Rows as ``{column: value}`` (``"-"`` stays as written)."""
        return [dict(zip(self.column_names, row)) for row in self.rows]


@dataclass
class PbnGame:
    """One game (board) of a PBN file: its items in order, the values after inheritance and
    the checked, typed values of the tags we know."""

    items: list[PbnTag | PbnComment] = field(default_factory=list)
    line: int = 0
    values: dict[str, str] = field(default_factory=dict)
    blank_lines_after: int = 1
    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    double_dummy_tricks: DoubleDummyTable | None = None
    optimum_result_table: DoubleDummyTable | None = None
    optimum_score: int | None = None
    par_contracts: tuple[ParContract, ...] | None = None

    @property
    def tags(self) -> list[PbnTag]:
        return [item for item in self.items if isinstance(item, PbnTag)]

    def tag(self, name: str) -> PbnTag | None:
        return next((t for t in self.tags if t.name == name), None)

    def value(self, name: str, default: str | None = None) -> str | None:
        """The value of a tag after ``#``/``##`` inheritance."""
        return self.values.get(name, default)

    def table(self, name: str) -> PbnTable | None:
        tag = self.tag(name)
        return PbnTable.from_tag(tag) if tag is not None else None

    @property
    def double_dummy(self) -> DoubleDummyTable | None:
        """The trick table the file gives (DoubleDummyTricks, else OptimumResultTable)."""
        return self.double_dummy_tricks or self.optimum_result_table

    @property
    def par(self) -> Par | None:
        if self.optimum_score is None:
            return None
        return Par(self.optimum_score, self.par_contracts or ())


@dataclass
class PbnFile:
    """A parsed file: header ``%`` lines, games, and how it was written (for round trips)."""

    games: list[PbnGame]
    header: list[str] = field(default_factory=list)
    newline: str = "\n"
    bom: bool = False
    encoding: str = "utf-8"

    def boards(self) -> list[tuple[int, Deal]]:
        """``(board, deal)`` for every game that has both."""
        return [(g.board, g.deal) for g in self.games if g.board is not None and g.deal is not None]


# --- reading ------------------------------------------------------------------------------


def _decode(data: bytes | str) -> tuple[str, bool, str]:
    if isinstance(data, str):
        return (data[1:], True, "utf-8") if data.startswith("\ufeff") else (data, False, "utf-8")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), True, "utf-8"
    try:
        return data.decode("utf-8"), False, "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), False, "latin-1"  # PBN's default is ISO-8859-1


def _unescape(value: str) -> str:
    """Undo ``\\"`` and ``\\\\``; other backslashes are literal (table headers: ``Result\\2R``)."""
    return re.sub(r'\\([\\"])', r"\1", value)


def _escape(value: str) -> str:
    return re.sub(r'\\(?=[\\"]|$)', r"\\\\", value).replace('"', '\\"')


def read_pbn(data: bytes | str) -> PbnFile:
    """Parse a PBN file (bytes or text). Raises :class:`DealingError` naming line and tag."""
    text, bom, encoding = _decode(data)
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    pbn = PbnFile(games=[], newline=newline, bom=bom, encoding=encoding)
    game: PbnGame | None = None
    current: PbnTag | None = None
    brace: list[str] | None = None  # an open {…} comment spanning lines
    brace_line = 0

    def start_game(lineno: int) -> PbnGame:
        nonlocal game
        if game is None:
            game = PbnGame(line=lineno)
        return game

    for lineno, raw in enumerate(lines, start=1):
        if "\x00" in raw:  # no text file holds one (and PostgreSQL stores no text that does)
            raise DealingError(Text.of("pbn.nul"), line=lineno)
        if brace is not None:
            brace.append(raw)
            if "}" in raw:
                start_game(brace_line).items.append(PbnComment("\n".join(brace), brace_line))
                brace = None
            continue
        stripped = raw.strip()
        if not stripped:
            if game is not None:
                pbn.games.append(game)
                game, current = None, None
            elif pbn.games and game is None:
                pbn.games[-1].blank_lines_after += 1
            continue
        if raw.startswith("%"):
            if game is None and not pbn.games:
                pbn.header.append(raw)
            else:
                start_game(lineno).items.append(PbnComment(raw, lineno))
            continue
        if stripped[0] not in "[{;":
            if current is None:
                raise DealingError(Text.of("pbn.outside_tag", text=stripped[:40]), line=lineno)
            current.section.append(raw)
            current.section_lines.append(lineno)
            continue
        pos = len(raw) - len(raw.lstrip())
        while pos < len(raw):
            ch = raw[pos]
            if ch.isspace():
                pos += 1
            elif ch == "[":
                match = _TAG.match(raw, pos)
                if not match:
                    name_match = _TAG_NAME.match(raw, pos)
                    assert name_match is not None  # raw[pos] is "[", all the pattern needs
                    name = name_match[1] or "?"
                    raise DealingError(
                        _in_tag(name, "pbn.malformed_tag", text=raw[pos:].strip()[:60], tag=name),
                        field=name,
                        line=lineno,
                    )
                current = PbnTag(match[1], _unescape(match[2]), lineno)
                start_game(lineno).items.append(current)
                pos = match.end()
            elif ch == "{":
                end = raw.find("}", pos)
                if end < 0:
                    brace, brace_line = [raw[pos:]], lineno
                    break
                start_game(lineno).items.append(PbnComment(raw[pos : end + 1], lineno))
                pos = end + 1
            elif ch == ";":
                start_game(lineno).items.append(PbnComment(raw[pos:], lineno))
                break
            else:
                if current is None:
                    raise DealingError(Text.of("pbn.outside_tag", text=raw[pos:].strip()[:40]), line=lineno)
                current.section.append(raw[pos:])
                current.section_lines.append(lineno)
                break
    if brace is not None:
        raise DealingError(Text.of("pbn.unclosed_brace"), line=brace_line)
    if game is not None:
        game.blank_lines_after = 0
        pbn.games.append(game)
    _resolve(pbn.games)
    return pbn


def _resolve(games: list[PbnGame]) -> None:
    """Apply PBN §4.8 inheritance, then check and type the known tags of every game."""
    last_seen: dict[str, str] = {}
    sticky: dict[str, tuple[str, int]] = {}
    for game in games:
        values: dict[str, str] = {}
        lines: dict[str, int] = {}
        for tag in game.tags:
            value = tag.value
            if value == "#" or value.startswith("##"):
                if tag.name in FORBIDDEN_INHERITANCE:
                    raise DealingError(
                        _in_tag(tag.name, "pbn.inheritance", value=value, tag=tag.name), field=tag.name, line=tag.line
                    )
                if value == "#":
                    value = last_seen.get(tag.name, "")
                else:
                    value = value[2:]
                    sticky[tag.name] = (value, tag.line)
            values.setdefault(tag.name, value)
            lines.setdefault(tag.name, tag.line)
        for name, (value, line) in sticky.items():
            if name not in values:
                values[name], lines[name] = value, line
        game.values = values
        last_seen.update(values)
        _type_game(game, lines)


_Parsed = TypeVar("_Parsed")


def _checked(game: PbnGame, lines: dict[str, int], name: str, parse: Callable[[str], _Parsed]) -> _Parsed | None:
    value = game.values.get(name)
    if value is None or value.strip() in _UNKNOWN:
        return None
    try:
        return parse(value.strip())
    except BridgeError as exc:
        raise DealingError(Text.of("pbn.tag", tag=name, error=exc.said), field=name, line=lines.get(name)) from None


def _parse_board(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:  # ("²".isdigit(); int() refuses it, and 5,000 digits)
        raise DealingError(Text.of("pbn.board", text=text))
    return int(text)


def _type_game(game: PbnGame, lines: dict[str, int]) -> None:
    game.board = _checked(game, lines, "Board", _parse_board)
    game.dealer = _checked(game, lines, "Dealer", Seat.from_str)
    game.vulnerability = _checked(game, lines, "Vulnerable", Vulnerability.from_str)
    game.deal = _checked(game, lines, "Deal", Deal.from_pbn)
    game.double_dummy_tricks = _checked(game, lines, "DoubleDummyTricks", DoubleDummyTable.from_pbn_tricks)
    game.optimum_score = _checked(game, lines, "OptimumScore", parse_optimum_score)
    contracts = game.values.get("ParContract")
    if contracts is not None and contracts.strip() not in _UNKNOWN:
        par_text = game.values.get("OptimumScore") or "NS 0"
        game.par_contracts = _checked(game, lines, "ParContract", lambda v: Par.from_pbn(par_text, v).contracts)
    for tag in game.tags:
        if tag.name == "OptimumResultTable":
            game.optimum_result_table = _optimum_result_table(tag)
        elif tag.name.endswith("Table") and tag.section:
            PbnTable.from_tag(tag)  # check every table's header and rows now, so errors name them


@lru_cache(maxsize=64)
def _seat(text: str) -> Seat:
    return Seat.from_str(text)


@lru_cache(maxsize=64)
def _strain(text: str) -> Strain:
    return Strain.from_str(text)


def _in_tag(name: str, code: str, **params: object) -> Text:
    """``tag <name>: <the text>``."""
    return Text.of("pbn.tag", tag=name, error=Text.of(code, **params))


def _tricks(result: str) -> int:
    try:
        return int(result)
    except ValueError:
        raise DealingError(Text.of("pbn.result", text=result)) from None


def _optimum_result_table(tag: PbnTag) -> DoubleDummyTable | None:
    table = PbnTable.from_tag(tag)
    names = [n.lower() for n in table.column_names]
    try:
        where = [names.index(n) for n in ("declarer", "denomination", "result")]
    except ValueError:
        raise DealingError(_in_tag(tag.name, "pbn.header", header=tag.value), field=tag.name, line=tag.line) from None
    if not table.rows:
        return None
    values: dict[tuple[Seat, Strain], int] = {}
    for row, line in zip(table.rows, table.lines):
        if len(row) <= max(where):
            raise DealingError(
                _in_tag(tag.name, "pbn.columns", row=" ".join(row), count=len(row), columns=len(names)),
                field=tag.name,
                line=line,
            )
        declarer, strain, result = (row[i] for i in where)
        try:
            key = (_seat(declarer), _strain(strain))
            if key in values:
                raise DealingError(Text.of("table.twice", seat=key[0].letter, strain=str(key[1])))
            values[key] = _tricks(result)
        except BridgeError as exc:
            raise DealingError(
                _in_tag(tag.name, "pbn.row", row=" ".join(row), error=exc.said), field=tag.name, line=line
            ) from None
    try:
        return DoubleDummyTable.from_mapping(values)
    except BridgeError as exc:
        raise DealingError(Text.of("pbn.tag", tag=tag.name, error=exc.said), field=tag.name, line=tag.line) from None


# --- writing ------------------------------------------------------------------------------


def _tag_text(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def dumps(
    pbn: PbnFile | Iterable[PbnGame],
    *,
    newline: str | None = None,
    header: Sequence[str] | None = None,
    bom: bool | None = None,
) -> str:
    """Write games back as PBN text: header lines, then each game's tags (with their section
    lines) and comments in order, games separated by blank lines as read."""
    if isinstance(pbn, PbnFile):
        games, nl = pbn.games, newline or pbn.newline
        head = list(pbn.header) if header is None else list(header)
        with_bom = pbn.bom if bom is None else bom
    else:
        games, nl = list(pbn), newline or "\n"
        head = ["% PBN 2.1", "% EXPORT"] if header is None else list(header)
        with_bom = bool(bom)
    out: list[str] = list(head)
    for game in games:
        for item in game.items:
            if isinstance(item, PbnComment):
                out.append(item.text)
            else:
                out.append(_tag_text(item.name, item.value))
                out.extend(item.section)
        out.extend([""] * game.blank_lines_after)
    text = nl.join(out) + nl if out else ""
    return ("\ufeff" if with_bom else "") + text


def _format_rows(rows: Sequence[Sequence[object]], widths: Sequence[int | None], align: Sequence[str]) -> list[str]:
    lines = []
    for row in rows:
        cells = []
        for value, width, side in zip(row, widths, align):
            text = str(value)
            if width:
                text = text.rjust(width) if side == "R" else text.ljust(width)
            cells.append(text)
        lines.append(" ".join(cells).rstrip())
    return lines


def export_pbn(
    boards: Sequence[tuple[int, Deal]],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    analyses: dict[int, BoardAnalysis] | None = None,
    generator: str | None = None,
    dealers: dict[int, Seat] | None = None,
    vulnerabilities: dict[int, Vulnerability] | None = None,
    newline: str = "\n",
) -> str:
    """Our PBN 2.1 export of ``(board, deal)`` pairs, optionally with their analyses.

    Dealer and vulnerability come from the board number (Law 2) unless given. With an
    analysis, the board gets DoubleDummyTricks, OptimumScore, ParContract and
    OptimumResultTable as BridgeComposer writes them.

    >>> text = export_pbn([(1, Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))],
    ...                   event="Club pairs")
    >>> read_pbn(text).games[0].value("Event")
    'Club pairs'
    """
    analyses = analyses or {}
    out = ["% PBN 2.1", "% EXPORT", "%"]
    for n, (board, deal) in enumerate(boards):
        if generator is not None and n == 0:
            out.append(_tag_text("Generator", generator))
        dealer = (dealers or {}).get(board) or board_dealer(board)
        vul = (vulnerabilities or {}).get(board) or board_vulnerability(board)
        values = {
            "Event": event,
            "Site": site,
            "Date": date,
            "Board": str(board),
            "West": "",
            "North": "",
            "East": "",
            "South": "",
            "Dealer": dealer.letter,
            "Vulnerable": vul.pbn,
            "Deal": deal.to_pbn(dealer),
            "Scoring": "",
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        out.extend(_tag_text(name, values[name]) for name in MANDATORY_TAGS)
        analysis = analyses.get(board)
        if analysis is not None:
            out.append(_tag_text("DoubleDummyTricks", analysis.table.to_pbn_tricks()))
            out.append(_tag_text("OptimumScore", analysis.par.optimum_score_pbn()))
            out.append(_tag_text("ParContract", analysis.par.par_contract_pbn()))
            out.append(_tag_text("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R"))
            out.extend(_format_rows(analysis.table.optimum_result_rows(), (None, 2, 2), ("L", "R", "R")))
        out.append("")
    return newline.join(out) + newline


# --- BigDeal's own layout -----------------------------------------------------------------


class BigDealPbnWriter:
    """BigDeal 2.0's PBN (``output.c`` ``init_pbn``/``print_pbn``): the header with a
    ``[Generator]`` line, then per board the mandatory tags with ``"?"`` for every unknown.

    ``event`` and ``date`` (PBN's ``YYYY.MM.DD``) fill those two tags when the file is made for a
    known session (the dealing-machine file of a session); left out, the file is BigDeal's byte for
    byte. A name outside ASCII is written in UTF-8, as PBN 2.1 allows.

    >>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> BigDealPbnWriter().board(1, deal).splitlines()[:3]
    [b'[Event "?"]', b'[Site "?"]', b'[Date "?"]']
    >>> text = BigDealPbnWriter(event='Tuesday "Howell"', date="2026.11.24").board(1, deal).decode()
    >>> text.splitlines()[0], text.splitlines()[2]
    ('[Event "Tuesday \\\\"Howell\\\\""]', '[Date "2026.11.24"]')
    """

    def __init__(self, generator: str = "Big Deal version 2.0", *, event: str = "?", date: str = "?"):
        self.generator = generator
        self.event_tag = _tag_text("Event", " ".join(event.split()) or "?")  # one line, whatever the name holds
        self.date_tag = _tag_text("Date", " ".join(date.split()) or "?")

    def header(self) -> bytes:
        return f'% PBN 2.1\n% EXPORT\n%\n[Generator "{self.generator}"]\n'.encode("ascii")

    def board(self, board: int, deal: Deal) -> bytes:
        return (
            f'{self.event_tag}\n[Site "?"]\n{self.date_tag}\n'
            f'[Board "{board}"]\n'
            '[West "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n'
            f'[Dealer "{board_dealer(board).letter}"]\n'
            f'[Vulnerable "{board_vulnerability(board).pbn}"]\n'
            f'[Deal "{pbn_deal(deal)}"]\n'
            '[Scoring "?"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n'
        ).encode()

    def footer(self) -> bytes:
        return b""
