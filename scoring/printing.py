"""A session's results for the notice board: the ranking and every pair's scorecard, as HTML and as PDF.

* ``results_context(ranking)`` — what ``templates/print/results.html`` shows: the ranking players see
  (``scoring.selectors.players.ranking_for_viewer``: the one frozen at publication; a director's preview
  before it, marked as such), the scoring method in words, the publication's state, and each pair's
  scorecard in ranking order — its boards in play order (round, board, direction, opponents, contract,
  lead when any was recorded, score, matchpoints or IMPs, percentage) and the rounds it sat out;
* ``results_html(…)`` — the printable page (the browser's Print prints the PDF's pages);
* ``results_pdf(…)`` — the same HTML written as a PDF in the active language (WeasyPrint).

The scorecards come from one scoring of the session (``scoring.selectors.results.session_score``),
not one per pair: the numbers are those of the stored results, which for a published session are
the published ones (a correction in the score-query window freezes the ranking again). Who may have
the PDF is who may read the ranking (``clubs.selectors.session_get_for_results``): published results,
public unless the club keeps them to its members, and the club's directors and scorers at any time.
Nothing of a deal is printed.

A scorecard's rows are printed as lines of monospaced text, its columns padded here (``card_lines``),
as club programs print personal scorecards: WeasyPrint lays out a table cell by cell, and the 14,580
cells of a 30-table session's scorecards (60 pairs × 27 boards × 9 columns) took 10 s of CPU; as text
the whole PDF takes about 1.5 s (``scripts/bench_results_pdf.py``, docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubsite.pdf import fewer_collections
from scoring.domain.ranking import shown
from scoring.domain.ranking import signed as signed_score
from scoring.selectors.layout import session_layout
from scoring.selectors.players import Ranking, RankingRow
from scoring.selectors.results import session_pairs, session_score
from scoring.selectors.travellers import Line, options_in_words


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
    def percentage(self) -> Fraction | None:
        return 100 * self.points / self.top if self.points is not None and self.top else None

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


def scorecards(ranking: Ranking) -> list[Card]:
    """Every ranked pair's scorecard, in ranking order, from one scoring of the session."""
    session = ranking.session
    layout = session_layout(session)
    pairs = session_pairs(session=session)
    event = session_score(session=session, layout=layout)
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


def _figure(value) -> str:
    return "" if value is None else shown(value)


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
        out += [signed_score(row.score) if row.score is not None else "—", _figure(row.points)]
        return out + ([] if imps else [_figure(row.percentage)])

    table = {id(card): [values(row) for row in card.rows] for card in cards}
    widths = [len(head) for head, _align in heads]
    for rows in table.values():
        for row in rows:
            widths = [max(w, len(v)) for w, v in zip(widths, row)]

    def line(cells: list[str]) -> str:
        return " ".join(f"{cell:{align}{width}}" for cell, (_head, align), width in zip(cells, heads, widths)).rstrip()

    header = line([head for head, _align in heads])
    for card in cards:
        lines = [f'<span class="sc-head">{escape(header)}</span>']
        lines += [_coloured(line(row)) for row in table[id(card)]]
        card.text = mark_safe("\n".join(lines))


def results_context(ranking: Ranking) -> dict:
    session = ranking.session
    cards = scorecards(ranking)
    card_lines(cards, imps=ranking.options.is_imps)
    return {
        "session": session,
        "club": session.club,
        "ranking": ranking,
        "options": ranking.options,
        "options_words": options_in_words(ranking.options, sections=ranking.sections),
        "state": ranking.state,
        "preview": ranking.preview,
        "cards": cards,
    }


def results_html(ranking: Ranking, *, request=None, screen: bool = True) -> str:
    """The printable page; ``screen`` adds the on-screen preview's buttons (Print, PDF)."""
    return render_to_string("print/results.html", {**results_context(ranking), "screen": screen}, request=request)


def results_pdf(ranking: Ranking) -> bytes:
    """The ranking and the scorecards as one PDF (A4 portrait), in the active language."""
    from weasyprint import HTML

    html = results_html(ranking, screen=False)
    with fewer_collections():
        return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
