"""A session's results for the notice board: the ranking, every pair's scorecard, every board's traveller, as HTML
and as PDF.

* ``CONTENTS`` and ``contents_of(value)`` — what the reader chose to print: the ranking only, with every pair's
  scorecard (the default), with every board's traveller, or with both;
* ``results_context(ranking, contents)`` — what ``templates/print/results.html`` shows: the ranking players see
  (``scoring.selectors.players.ranking_for_viewer``: the one frozen at publication; a director's preview
  before it, marked as such), the scoring method in words, the publication's state; each pair's
  scorecard in ranking order — its boards in play order (round, board, direction, opponents, contract,
  lead when any was recorded, score, matchpoints or IMPs, percentage) and the rounds it sat out; each board's
  traveller in board order — a line per result (round, table, NS and EW pairs, contract, lead, NS's score, each
  side's matchpoints or IMPs), as the players' traveller page shows it, without the deal;
* ``results_html(…)`` — the printable page (the browser's Print prints the PDF's pages);
* ``results_pdf(…)`` — the same HTML written as a PDF in the active language (WeasyPrint), made once for each
  version of that HTML and kept (``clubsite.pdf.pdf_kept``): asked again, the same results give the kept PDF in
  milliseconds; a correction, a publication or a new name makes the HTML, and so the PDF, new.

The scorecards come from one scoring of the session (``scoring.selectors.results.session_score``),
not one per pair: the numbers are those of the stored results, which for a published session are
the published ones (a correction in the score-query window freezes the ranking again). Who may have
the PDF is who may read the ranking (``clubs.selectors.session_get_for_results``): published results,
public unless the club keeps them to its members, and the club's directors and scorers at any time.
Nothing of a deal is printed.

A scorecard's and a traveller's rows are printed as lines of monospaced text, its columns padded here
(``card_lines``, ``traveller_lines``),
as club programs print personal scorecards: WeasyPrint lays out a table cell by cell, and the 14,580
cells of a 30-table session's scorecards (60 pairs × 27 boards × 9 columns) took 10 s of CPU; as text
the whole PDF takes about 1.5 s (``scripts/bench_results_pdf.py``, docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from clubsite.pdf import pdf_kept
from scoring.domain.engine import EventScore
from scoring.domain.layout import SessionLayout
from scoring.domain.ranking import shown
from scoring.domain.ranking import signed as signed_score
from scoring.selectors.layout import session_layout
from scoring.selectors.players import Ranking, RankingRow, traveller_from_scores
from scoring.selectors.results import session_pairs, session_score
from scoring.selectors.travellers import Line, Traveller, options_in_words


@dataclass(frozen=True)
class Contents:
    """What a results print holds besides the ranking."""

    name: str
    label: str  # lazy: said in the reader's language
    scorecards: bool
    travellers: bool


#: The choices, by the name a request gives (``?contents=``); the first is what a print holds when none is asked.
CONTENTS = {
    c.name: c
    for c in (
        Contents(
            "scorecards", gettext_lazy("The ranking and every pair's scorecard"), scorecards=True, travellers=False
        ),
        Contents("ranking", gettext_lazy("The ranking only"), scorecards=False, travellers=False),
        Contents(
            "travellers", gettext_lazy("The ranking and every board's traveller"), scorecards=False, travellers=True
        ),
        Contents(
            "all", gettext_lazy("The ranking, the scorecards and the travellers"), scorecards=True, travellers=True
        ),
    )
}
DEFAULT_CONTENTS = CONTENTS["scorecards"]


def contents_of(value: str | None) -> Contents:
    """The contents named ``value`` (a request's ``contents``); the default for none or an unknown name."""
    return CONTENTS.get(value or "", DEFAULT_CONTENTS)


@dataclass
class CardRow:
    board: int
    round: int | None
    side: str
    against: str
    line: Line
    points: Fraction | None
    top: Fraction | None

    @property
    def score(self):
        score = self.line.ns_score
        if score is None:
            return None
        return score if self.side == "NS" else -score


@dataclass
class Card:
    standing: RankingRow
    rows: list[CardRow] = field(default_factory=list)
    sit_outs: tuple[int, ...] = ()
    text: SafeString = mark_safe("")  # noqa: RUF009 (immutable, as a str is): the rows as lines of padded text (``card_lines``)


def scorecards(ranking: Ranking, *, layout: SessionLayout, pairs: dict, event: EventScore) -> list[Card]:
    """Every ranked pair's scorecard, in ranking order, from one scoring of the session (``event``)."""
    cards = {row.pair: Card(standing=row) for row in ranking.rows}
    for board_score in event.boards:
        for scored in board_score.lines:
            line = scored.line
            shown = Line(
                board=line.board,
                round=line.round,
                table=line.table,
                ns=line.ns,
                ew=line.ew,
                ns_pair=pairs.get(line.ns),
                ew_pair=pairs.get(line.ew),
                meeting=None,
                line=line,
                scored=scored,
            )
            for side, pair, against, points in (
                ("NS", line.ns, line.ew, scored.ns),
                ("EW", line.ew, line.ns, scored.ew),
            ):
                if pair in cards:
                    cards[pair].rows.append(
                        CardRow(
                            board=line.board,
                            round=line.round,
                            side=side,
                            against=against,
                            line=shown,
                            points=points,
                            top=scored.top,
                        )
                    )
    sit_outs: dict[str, list[int]] = {}
    for round_number, pair in layout.sit_outs:
        sit_outs.setdefault(pair, []).append(round_number)
    for pair, card in cards.items():
        card.rows.sort(key=lambda row: (row.round if row.round is not None else 0, row.board))
        card.sit_outs = tuple(sorted(sit_outs.get(pair, ())))
    return list(cards.values())


_SUIT_CLASS = {"♠": "suit-s", "♥": "suit-h", "♦": "suit-d", "♣": "suit-c"}


def _coloured(text: str) -> str:
    text = escape(text)
    for symbol, css in _SUIT_CLASS.items():
        text = text.replace(symbol, f'<span class="{css}">{symbol}</span>')
    return text


@lru_cache(maxsize=4096)
def _figure(value: Fraction | int | None) -> str:
    """A number as printed (two decimals); the few values of a session's matchpoints are worked out once each."""
    return "" if value is None else shown(value)


@lru_cache(maxsize=4096)
def _signed(score: Fraction | int | None) -> str:
    return "—" if score is None else signed_score(score)


@lru_cache(maxsize=4096)
def _percentage(points: Fraction | None, top: Fraction | None) -> str:
    return _figure(100 * points / top) if points is not None and top else ""


def card_lines(cards: list[Card], *, imps: bool) -> None:
    """Write each card's ``text``: a header line and a line per board, columns padded to one width for all cards
    (numbers to the right), suit symbols coloured. A lead column only when some lead was recorded."""
    leads = any(row.line.lead for card in cards for row in card.rows)
    heads = [
        (_("Rd"), ">"),
        (pgettext("board, a narrow column", "Bd"), ">"),
        (_("Dir"), "<"),
        (pgettext("against, a narrow column", "v"), ">"),
        (_("Contract"), "<"),
    ]
    heads += [(_("Lead"), "<")] if leads else []
    heads += [(_("Score"), ">"), (_("IMPs") if imps else _("MP"), ">")] + ([] if imps else [("%", ">")])

    def values(row: CardRow) -> list[str]:
        out = [
            str(row.round) if row.round is not None else "–",
            str(row.board),
            row.side,
            row.against,
            row.line.contract,
        ]
        out += [row.line.lead] if leads else []
        out += [_signed(row.score), _figure(row.points)]
        return out + ([] if imps else [_percentage(row.points, row.top)])

    _padded([(card, [values(row) for row in card.rows]) for card in cards], heads)


@dataclass
class PrintedTraveller:
    traveller: Traveller
    text: SafeString = mark_safe("")  # noqa: RUF009 (immutable, as a str is): the lines as padded text (``traveller_lines``)

    @property
    def board(self) -> int:
        return self.traveller.board


def travellers(*, layout: SessionLayout, pairs: dict, event: EventScore) -> list[PrintedTraveller]:
    """Every board with a result, its traveller (the lines with a result), in board order, from one scoring."""
    scores: dict[int, list] = {}
    for board_score in event.boards:
        scores.setdefault(board_score.board, []).append(board_score)
    return [
        PrintedTraveller(traveller=traveller_from_scores(board, layout, pairs, board_scores))
        for board, board_scores in sorted(scores.items())
        if any(board_score.lines for board_score in board_scores)
    ]


def traveller_lines(printed: list[PrintedTraveller], *, imps: bool) -> None:
    """Write each traveller's ``text``: a header line and a line per result, columns padded to one width for every
    board (numbers to the right), suit symbols coloured. A lead column only when some lead was recorded."""
    lines_of = {id(t): [line for line in t.traveller.lines if line.entered] for t in printed}
    leads = any(line.lead for lines in lines_of.values() for line in lines)
    heads = [(_("Rd"), ">"), (_("Table"), ">"), ("NS", ">"), ("EW", ">"), (_("Contract"), "<")]
    heads += [(_("Lead"), "<")] if leads else []
    heads += [(_("Score"), ">")]
    heads += [(_("IMPs NS"), ">"), (_("IMPs EW"), ">")] if imps else [(_("MP NS"), ">"), (_("MP EW"), ">")]

    def values(line: Line) -> list[str]:
        out = [
            str(line.round) if line.round is not None else "–",
            str(line.table) if line.table is not None else "–",
            line.ns,
            line.ew,
            line.contract,
        ]
        out += [line.lead] if leads else []
        out += [_signed(line.ns_score)]
        scored = line.scored
        return out + [_figure(scored.ns if scored else None), _figure(scored.ew if scored else None)]

    _padded([(t, [values(line) for line in lines_of[id(t)]]) for t in printed], heads)


def _padded(documents: list, heads: list[tuple[str, str]]) -> None:
    """Set each document's ``text`` to its rows as lines of text, every column padded to one width for all."""
    widths = [len(head) for head, _align in heads]
    every_row = [row for _document, rows in documents for row in rows]
    if every_row:
        widths = [max(width, *map(len, column)) for width, column in zip(widths, zip(*every_row))]

    def line(cells: list[str]) -> str:
        return " ".join(f"{cell:{align}{width}}" for cell, (_head, align), width in zip(cells, heads, widths)).rstrip()

    header = f'<span class="sc-head">{escape(line([head for head, _align in heads]))}</span>'
    for document, rows in documents:
        document.text = mark_safe("\n".join([header] + [_coloured(line(row)) for row in rows]))


def results_context(ranking: Ranking, contents: Contents = DEFAULT_CONTENTS) -> dict:
    session = ranking.session
    cards: list[Card] = []
    printed: list[PrintedTraveller] = []
    if contents.scorecards or contents.travellers:
        layout = session_layout(session)
        pairs = session_pairs(session=session)
        event = session_score(session=session, layout=layout)
        if contents.scorecards:
            cards = scorecards(ranking, layout=layout, pairs=pairs, event=event)
            card_lines(cards, imps=ranking.options.is_imps)
        if contents.travellers:
            printed = travellers(layout=layout, pairs=pairs, event=event)
            traveller_lines(printed, imps=ranking.options.is_imps)
    return {
        "session": session,
        "club": session.club,
        "ranking": ranking,
        "options": ranking.options,
        "options_words": options_in_words(ranking.options, sections=ranking.sections, handicap=ranking.handicap),
        "state": ranking.state,
        "preview": ranking.preview,
        "contents": contents,
        "choices": list(CONTENTS.values()),
        "cards": cards,
        "travellers": printed,
    }


def results_html(ranking: Ranking, contents: Contents = DEFAULT_CONTENTS, *, request=None, screen: bool = True) -> str:
    """The printable page; ``screen`` adds the on-screen preview's tools (the choice of contents, Print, PDF)."""
    return render_to_string(
        "print/results.html", {**results_context(ranking, contents), "screen": screen}, request=request
    )


def results_pdf(ranking: Ranking, contents: Contents = DEFAULT_CONTENTS) -> bytes:
    """The results as one PDF (A4 portrait), in the active language: the one kept for the same HTML, else made and
    kept (``clubsite.pdf.pdf_kept``)."""
    return pdf_kept(results_html(ranking, contents, screen=False), folder=f"results/{ranking.session.pk}")
