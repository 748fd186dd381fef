"""Guide cards as print pages: one template set, shown as HTML and written as PDF (WeasyPrint).

``cards_context(movement, boards_per_round=…)`` turns the domain's guide cards into what the
templates show (board numbers, "sits out", where boards and pairs go next, the board sheet
in the order the boards travel, the balance report); ``cards_html`` renders
``templates/print/movement_cards.html``; ``cards_pdf`` writes the same HTML as a PDF, in the
active language. Cards printed for a session carry its title and, once its pairs are named, the
players beside the pair numbers (``names``: "Pair 3 — Ada Adamska & Bruno Bianchi" on the pair
card, "3 (Adamska – Bianchi)" on the table cards); the movement catalogue's cards have neither. A session's
table cards printed by its director also carry each table's QR code, code and PIN for table-side entry
(``table_codes``: table → ``{"url", "code", "pin", "stays"}``; the QR code is drawn by ``segno`` as SVG; with
``stays``, the card says to leave the table's phone at the table). A round in
which a pair meets the phantom says so in words: "EW 3 sits out" on the table card, "3 sits out" on the board
sheet.

Paper (``PAPERS``, ``paper_for``): four A6 cards on an A4 sheet with cut marks (``"A6x4"``, the default), two
A5 cards on an A4 sheet (``"A5x2"``: each an A6 card enlarged √2 times) or single A6 cards (``"A6"``); one paper
size per file. Each card is laid out on an A6 page of its own, as tightly as it needs to fit one card
(``_density``: roomy, compact or dense type; a card that still runs over is set denser and laid out again),
the board sheet on an A6 card turned sideways when it fits there, else on an A4 landscape page that takes a
whole sheet; ``impose`` then puts the pages on the sheets in reading order and draws the cut marks. A sheet
holding one page laid out sideways is shown turned (/Rotate) on screen; its paper is the same.

A 64-pair PDF has about 400 A6 cards and takes half a minute, so ``cards_pdf`` renders it in
parts (``PART_CARDS`` cards at a time, page numbers carried on from part to part), reports
``on_progress(done, total)`` after each part and joins the pages into one PDF. How much
work a PDF is, before making it, is ``pdf_work(movement, sections)`` (table rows to lay
out); the web asks for anything above ``settings.MOVEMENT_PDF_SYNC_MAX_ROWS`` in the
background (``movements.tasks``). ``render_version(language)`` fingerprints everything a
PDF is made from (templates, this code, the domain, the language's catalogue), for the cache.

WeasyPrint builds millions of small objects: with Python's default garbage-collector
thresholds a good part of a 64-pair PDF's time went to young-generation collections, so
``cards_pdf`` collects less often while it renders and once after each part
(``clubsite.pdf.fewer_collections``; a 64-pair PDF in about 34 s instead of 42 s, with the same peak
memory, docs/benchmarks.md).
"""

from __future__ import annotations

import gc as collector
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubsite.pdf import fewer_collections
from clubsite.texts import render
from movements.domain import guide_cards as gc
from movements.domain.catalogue import balance_report
from movements.domain.schedule import Movement

SHEET_COLUMNS = 10  # board-sheet columns per block, so a block fits across an A4 landscape page
SECTIONS = ("pairs", "tables", "sheet", "report")
PART_CARDS = 16  # cards per separately rendered part of a PDF made with progress reports
SYNC_MAX_ROWS = 1000  # default web limit for making a PDF inside the request (about 5 s: 24 pairs, all cards)
MM = 96 / 25.4  # CSS pixels in a millimetre: WeasyPrint measures its pages in CSS pixels


@dataclass(frozen=True)
class Paper:
    """A sheet the cards are printed on: its size, the size of one card, where the cards go on it and where to cut.

    Every card is laid out on a page of its own (``card``, portrait: A6); ``impose`` then puts those pages on the
    sheets, enlarged by ``zoom`` (an A5 card is an A6 card √2 times as big: the same card in bigger type). A board
    sheet goes on one card turned sideways when it fits there (``slot_sheet``: at most so many columns and
    rounds), otherwise on an A4 landscape page that takes a whole sheet (``full``), turned to match the sheet;
    with no ``full`` (single A6) it runs on over as many cards turned sideways as it needs."""

    key: str  # what the address and the PDF's cache key say
    sheet: tuple[float, float]  # the paper as it comes out of the printer, width × height, mm
    card: str  # the CSS page size a card is laid out on: "A6"
    slots: tuple[tuple[float, float], ...]  # each card's top-left corner on the sheet, mm
    cuts: tuple[tuple[float, float, float, float], ...] = ()  # cut lines (x1, y1, x2, y2), mm: marks at both ends
    full: str | None = None  # the CSS page size of a board sheet too big for one card
    slot_sheet: tuple[int, int] = (0, 0)  # (columns, rounds) of a board sheet that fits one card
    sheet_columns: int = SHEET_COLUMNS  # board-sheet columns per block when it is laid out on cards
    zoom: float = 1.0  # how much bigger a card is printed than it is laid out


CARD_MM = {"A6": (105.0, 148.0)}

PAPERS = {
    p.key: p
    for p in (
        Paper(
            "A6x4",
            (210.0, 297.0),
            "A6",
            slots=((0.0, 0.0), (105.0, 0.0), (0.0, 148.5), (105.0, 148.5)),
            cuts=((105.0, 0.0, 105.0, 297.0), (0.0, 148.5, 210.0, 148.5)),
            full="A4 landscape",
            slot_sheet=(8, 12),
        ),
        Paper(
            "A5x2",
            (297.0, 210.0),
            "A6",
            slots=((0.0, 0.0), (148.5, 0.0)),
            cuts=((148.5, 0.0, 148.5, 210.0),),
            full="A4 landscape",
            slot_sheet=(8, 12),
            zoom=2**0.5,
        ),
        Paper("A6", (105.0, 148.0), "A6", slots=((0.0, 0.0),), sheet_columns=8),
    )
}
DEFAULT_PAPER = "A6x4"
OLD_PAPERS = {"A5": "A5x2"}  # before sheets of several cards, "A5" meant A5 cards, one a page


def paper_for(key: str | None) -> Paper:
    """The paper an address asks for ("A6x4", "a5x2", "A6"; the old "A5"); anything else is the default, four A6
    cards on A4.

    >>> paper_for("a5x2").key, paper_for(None).key, paper_for("A5").key, paper_for("letter").key
    ('A5x2', 'A6x4', 'A5x2', 'A6x4')
    """
    wanted = (key or "").strip().upper().replace("X", "x")
    return PAPERS.get(OLD_PAPERS.get(wanted, wanted)) or PAPERS[DEFAULT_PAPER]


def parse_sections(text: str | None) -> tuple[str, ...]:
    """ "pairs,tables" → ("pairs", "tables"); empty → all four; unknown names are an error."""
    if not text:
        return SECTIONS
    wanted = tuple(part.strip() for part in text.split(",") if part.strip())
    bad = [w for w in wanted if w not in SECTIONS]
    if bad:
        raise ValueError(
            _("unknown card section %(name)r: choose from %(choices)s")
            % {"name": bad[0], "choices": ", ".join(SECTIONS)}
        )
    return wanted


def _boards(sets: tuple[int, ...], boards_per_round: int, half: bool) -> str:
    parts = []
    for s in sets:
        b = gc.boards_of(s, boards_per_round, half)
        parts.append(f"{b[0]}–{b[-1]}" if len(b) > 1 else str(b[0]))
    return ", ".join(parts)


def _place(where) -> str:
    """A table number as "table 4" (in the active language); a relay keeps its name ("R2")."""
    return (_("table %(n)s") % {"n": where}) if isinstance(where, int) else str(where)


def _path_columns(m: Movement) -> list:
    """Tables and relays in the order board set 1 visits them (the seed's column order)."""
    order: list = []
    for i in range(m.round_count):
        for place in m.location_of_set(i).get(1, []):
            if place not in order:
                order.append(place)
    rest = [t for t in range(1, m.tables + 1) if t not in order] + [r.name for r in m.relays if r.name not in order]
    return order + rest


def _qr(url: str) -> str:
    """The QR code of ``url`` as an SVG ``data:`` URI (an ``<img>`` on screen and in the PDF)."""
    # segno is loaded only when a QR code is drawn
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=3, border=2)


#: For choosing a card's density: the height of a row and of the rest of the card (title, heading, notes), in mm,
#: as the stylesheet sets them (measured on the PDFs), and how many characters of players' names fit a line of
#: their column. Roomy pair cards put the names under the opponent's number, compact and dense ones beside it (a
#: long name wraps on to more lines). Table cards with names are never roomy: compact ones put the names under the
#: numbers in small type ("below") when there is room, else beside them, cut short if need be, as dense ones do.
ROW_MM = {"": 6.6, "compact": 5.2, "dense": 4.0}
NAME_LINE_MM = {"": 2.6, "compact": 2.3, "dense": 2.2}
NAME_CHARS = {"": 34, "compact": 42, "dense": 46, "below": 30}
BELOW_ROW_MM = 6.4
FRAME_MM = {"": 30, "compact": 28, "dense": 22}
SESSION_MM = {"": 6, "compact": 5, "dense": 4}  # the session's title under the movement's
QR_MM = {"": 10, "compact": 8, "dense": 6}  # the QR code beside the title, and its code and PIN


def _lines(text: str, chars: int) -> int:
    return -(-len(text) // chars) if text else 0


def _density(rows: Sequence[dict], paper: Paper, *, kind: str, session: bool = False, qr: bool = False) -> str:
    """How tightly a card is set so that a long movement still fits one card, the roomiest that fits: ""
    (roomy), "compact below" (a table card with the players' names under the numbers), "compact" or "dense"
    (smaller type, the names beside the numbers)."""
    room = CARD_MM[paper.card][1] - 17  # the page less its margins

    def fits(density: str, row_height) -> bool:
        frame = FRAME_MM[density] + (SESSION_MM[density] if session else 0) + (QR_MM[density] if qr else 0)
        return frame + sum(row_height(r) for r in rows) <= room

    if kind == "pair":
        for density in ("", "compact"):
            if fits(
                density,
                lambda r, d=density: (
                    ROW_MM[d]
                    + NAME_LINE_MM[d]
                    * (_lines(r["opponent_names"], NAME_CHARS[d]) - (1 if d else 0) if r["opponent_names"] else 0)
                ),
            ):
                return density
        return "dense"
    named = [r for r in rows if r["ns_names"] or r["ew_names"] or r["sits_out_names"]]
    if not named and fits("", lambda r: ROW_MM[""]):
        return ""
    if named and fits(
        "compact",
        lambda r: (
            BELOW_ROW_MM
            + NAME_LINE_MM["compact"]
            * max(
                _lines(r["ns_names"], NAME_CHARS["below"]),
                _lines(r["ew_names"], NAME_CHARS["below"]),
                _lines(r["sits_out_names"], NAME_CHARS["below"]),
                1,
            )
        ),
    ):
        return "compact below"
    return "compact" if fits("compact", lambda r: ROW_MM["compact"]) else "dense"


DENSER = {"": "compact", "compact below": "compact", "compact": "dense"}


def _denser(card: dict) -> str | None:
    """The next density of a card that ran over (a pair card skips "compact below", which is for table cards)."""
    return DENSER.get(card["density"])


def _run_over(pages, cards: Sequence[dict], paper: Paper) -> list[dict]:
    """The cards (of ``cards``, in the order they were laid out) that took more than one page: each card starts a
    page with its heading (a bookmark), and a page of a card's size without one goes on with the card before."""
    lengths: list[int] = []
    for page in pages:
        if _shape(page, paper) != "card":
            continue
        if page.bookmarks:
            lengths.append(0)
        if lengths:
            lengths[-1] += 1
    return [card for card, length in zip(cards, lengths) if length > 1]


def sheet_layout(m: Movement, paper: Paper) -> dict:
    """Where the board sheet goes: on one card turned sideways when it fits there (``"card"``), else on a whole A4
    landscape page (``"full"``); single A6 cards have no bigger page, so the sheet runs on over several cards."""
    columns = m.tables + len(m.relays)
    if paper.full is None:
        return {"place": "card", "size": f"{paper.card} landscape", "columns": paper.sheet_columns}
    if columns <= paper.slot_sheet[0] and m.round_count <= paper.slot_sheet[1]:
        return {"place": "card", "size": f"{paper.card} landscape", "columns": paper.slot_sheet[0]}
    return {"place": "full", "size": paper.full, "columns": SHEET_COLUMNS}


def _sit_out(seat: str, pair: int) -> str:
    """A table card's words for a round in which a pair sits out: "EW 3 sits out" (the phantom sits the other way)."""
    return _("%(seat)s %(pair)s sits out") % {"seat": seat, "pair": pair}


def _sits_out_at(line: gc.TableCardLine) -> str:
    """A table card's words for its round: "EW 3 sits out" when the phantom is at the table (as NS or EW), else ""."""
    if line.ns is None and line.ew is not None:
        return _sit_out("EW", line.ew)
    if line.ew is None and line.ns is not None:
        return _sit_out("NS", line.ns)
    return ""  # (the phantom is one pair: never both)


def cards_context(
    m: Movement,
    *,
    boards_per_round: int,
    session=None,
    names: Mapping[int, Sequence[str]] | None = None,
    paper: str | Paper = DEFAULT_PAPER,
    sections: tuple[str, ...] = SECTIONS,
    table_codes: Mapping[int, Mapping] | None = None,
    sheet: dict | None = None,
) -> dict:
    """What the cards templates show. ``session`` (its title) and ``names`` are for cards printed for a session:
    ``names`` maps a pair number to its players as the cards print them, ``(full, short)`` —
    ``("Ada Adamska & Bruno Bianchi", "Adamska – Bianchi")``: the full names beside the pair card's number, the
    short ones beside every pair number in the card rows (opponents, table cards' NS and EW). ``paper`` is a
    ``PAPERS`` key: the cards are laid out on pages of its card size; ``sheet`` overrides ``sheet_layout``."""
    paper = paper if isinstance(paper, Paper) else paper_for(paper)
    sheet = sheet or sheet_layout(m, paper)
    half = m.half_sets
    gc.boards_of(1, boards_per_round, half)  # validates boards per round
    names = names or {}

    def full(pair) -> str:
        return names[pair][0] if pair in names else ""

    def short(pair) -> str:
        return names[pair][1] if pair in names else ""

    pair_cards = []
    for pair, lines in gc.pair_cards(m).items():
        rows = [
            {
                "round": c.round,
                "table": c.table,
                "seat": c.direction,
                "plays": c.plays,
                "opponent": c.opponent,
                "opponent_names": short(c.opponent),
                "sits_out": c.sits_out,
                "arrow": c.arrow_switched,
                "boards": _boards(c.board_sets, boards_per_round, half),
            }
            for c in lines
        ]
        playing = [r for r in rows if not r["sits_out"]]
        pair_cards.append(
            {
                "pair": pair,
                "names": full(pair),
                "rows": rows,
                "stationary": pair in m.stationary,
                "density": _density(rows, paper, kind="pair", session=bool(session)),
                "start": playing[0] if playing else None,
                "sits_out_first": bool(rows) and rows[0]["sits_out"],
            }
        )
    table_cards = []
    for table, table_lines in gc.table_cards(m).items():
        rows = [
            {
                "round": c.round,
                "ns": c.ns,
                "ew": c.ew,
                "ns_names": short(c.ns),
                "ew_names": short(c.ew),
                "sits_out": _sits_out_at(c),
                "sits_out_names": short(c.ew) if c.ns is None else short(c.ns) if c.ew is None else "",
                "boards": _boards(c.board_sets, boards_per_round, half),
                "sets": ", ".join(map(str, c.board_sets)),
                "boards_next": "; ".join(", ".join(_place(w) for w in places) for places in c.boards_next),
                "arrow": c.arrow_switched,
            }
            for c in table_lines
        ]
        code = (table_codes or {}).get(table)
        table_cards.append(
            {
                "table": table,
                "rows": rows,
                "density": _density(rows, paper, kind="table", session=bool(session), qr=bool(code)),
                # "stays": table entry's phone stays at this table (the session's choice): the card says to leave it
                "qr": {"image": _qr(code["url"]), "code": code["code"], "pin": code["pin"], "stays": code.get("stays")}
                if code
                else None,
            }
        )
    columns = _path_columns(m)
    sheet_rows: list[dict] = []
    for _i, rnd in enumerate(m.rounds):
        at_table = {t.table: t for t in rnd.tables}
        at_relay: dict = {}
        for h in rnd.relays:
            at_relay.setdefault(h.relay, []).append(h.board_set)
        cells = []
        for col in columns:
            if isinstance(col, int) and col in at_table:
                t = at_table[col]
                if m.phantom in (t.ns, t.ew):
                    pairs = pgettext("board sheet: a pair sits out", "%(pair)s sits out") % {
                        "pair": t.ew if t.ns == m.phantom else t.ns
                    }
                else:
                    pairs = pgettext("pair versus pair", "%(ns)s v %(ew)s") % {"ns": t.ns, "ew": t.ew}
                cells.append(
                    {"sets": ", ".join(map(str, t.board_sets)), "pairs": pairs, "sits_out": m.phantom in (t.ns, t.ew)}
                )
            elif isinstance(col, str):
                cells.append({"sets": ", ".join(map(str, at_relay.get(col, []))), "pairs": ""})
            else:
                cells.append({"sets": "", "pairs": ""})
        sheet_rows.append({"round": rnd.number, "cells": cells, "arrow": rnd.arrow_switched})
    heads = [(_("Table %(n)s") % {"n": c}) if isinstance(c, int) else c for c in columns]
    blocks, width = [], sheet["columns"]
    width = -(-len(columns) // -(-len(columns) // width)) if columns else width  # blocks of even widths
    for start in range(0, len(columns), width):
        blocks.append(
            {
                "heads": heads[start : start + width],
                "rows": [
                    {"round": r["round"], "arrow": r["arrow"], "cells": r["cells"][start : start + width]}
                    for r in sheet_rows
                ],
            }
        )
    sets = [
        {
            "set": s,
            "boards": _boards((s,), boards_per_round, half),
            "path": [{"round": r, "place": _place(p)} for r, p in lines],
        }
        for s, lines in gc.board_cards(m).items()
    ]
    return {
        "movement": m,
        "title": render(m.title),
        "notes": [render(n) for n in m.notes],
        "boards_per_round": boards_per_round,
        "paper": paper,
        "card_size": paper.card,
        "sheet_size": sheet["size"],
        "sheet_place": sheet["place"],
        "pair_cards": pair_cards,
        "table_cards": table_cards,
        "sheet_blocks": blocks,
        "board_sets": sets,
        "relays": m.relays,
        "balance": balance_report(m),
        "session": session,
        "total_boards": m.board_sets * (boards_per_round // 2 if half else boards_per_round),
        "sections": sections,
    }


def cards_html(
    m: Movement,
    *,
    boards_per_round: int,
    session=None,
    names: Mapping[int, Sequence[str]] | None = None,
    paper: str = DEFAULT_PAPER,
    request=None,
    sections: tuple[str, ...] = SECTIONS,
    table_codes: Mapping[int, Mapping] | None = None,
) -> str:
    return render_to_string(
        "print/movement_cards.html",
        cards_context(
            m,
            boards_per_round=boards_per_round,
            session=session,
            names=names,
            paper=paper,
            sections=sections,
            table_codes=table_codes,
        )
        | {"screen": True},
        request=request,
    )


def _parts(context: dict, split: bool) -> list[dict]:
    """The sections cut into parts rendered one at a time: PART_CARDS pair or table cards, the sheet, the report
    (``split``), or all of them in one part (a little faster: each part costs a stylesheet and fonts)."""
    if not split:
        return [{}]
    parts = []
    for section, key in (("pairs", "pair_cards"), ("tables", "table_cards")):
        if section in context["sections"]:
            cards = context[key]
            parts += [
                {"sections": (section,), key: cards[i : i + PART_CARDS]} for i in range(0, len(cards), PART_CARDS)
            ]
    parts += [{"sections": (section,)} for section in ("sheet", "report") if section in context["sections"]]
    return parts


COLLECT_AFTER_PART = True  # a full collection after each part frees its layout garbage


def cards_pdf(
    m: Movement,
    *,
    boards_per_round: int,
    session=None,
    names: Mapping[int, Sequence[str]] | None = None,
    paper: str = DEFAULT_PAPER,
    sections: tuple[str, ...] = SECTIONS,
    on_progress=None,
    table_codes: Mapping[int, Mapping] | None = None,
) -> bytes:
    """The cards as one PDF on one size of paper (``paper``, a ``PAPERS`` key). With ``on_progress``, or when it
    is big, it is made in parts (less memory: each part's layout garbage is freed), and ``on_progress(done,
    total)`` is called after each part and once more when the PDF is written (``total`` = parts + 1)."""
    # WeasyPrint is heavy: loaded when a PDF is made
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    paper_spec = paper_for(paper)  # ``paper`` is the key
    context = cards_context(
        m,
        boards_per_round=boards_per_round,
        session=session,
        names=names,
        paper=paper_spec,
        sections=sections,
        table_codes=table_codes,
    )
    parts = _parts(context, split=on_progress is not None or pdf_work(m, sections) > SYNC_MAX_ROWS)
    with fewer_collections():
        fonts = FontConfiguration()
        documents, first_page = [], 1
        for done, part in enumerate(parts, start=1):
            view = {**context, **part}
            cards = [
                card
                for section, key in (("pairs", "pair_cards"), ("tables", "table_cards"))
                if section in view["sections"]
                for card in view[key]
            ]
            for _tries in range(3):  # a card the estimate let run over is set denser, and laid out again
                html = render_to_string("print/movement_cards.html", {**view, "first_page": first_page})
                document = HTML(string=html).render(font_config=fonts)
                denser = [card for card in _run_over(document.pages, cards, paper_spec) if _denser(card)]
                if not denser:
                    break
                for card in denser:
                    card["density"] = _denser(card)
            documents.append(document)
            first_page += len(document.pages)
            if COLLECT_AFTER_PART:
                collector.collect()
            if on_progress:
                on_progress(done, len(parts) + 1)
        pages = [page for document in documents for page in document.pages]
        if "sheet" in sections and context["sheet_place"] == "card" and paper_spec.full:
            turned = [i for i, page in enumerate(pages) if _shape(page, paper_spec) == "turned"]
            if len(turned) > len(context["sheet_blocks"]):  # it did not fit one card after all: a whole page
                full = {"place": "full", "size": paper_spec.full, "columns": SHEET_COLUMNS}
                again = cards_context(
                    m, boards_per_round=boards_per_round, paper=paper_spec, sections=("sheet",), sheet=full
                )
                document = HTML(string=render_to_string("print/movement_cards.html", again)).render(font_config=fonts)
                documents.append(document)
                pages[turned[0] : turned[-1] + 1] = document.pages
        sheets = impose(pages, paper_spec)
        pdf = documents[0].copy(sheets).write_pdf(finisher=_turn_for_reading)
        del documents, pages, sheets
    if on_progress:
        on_progress(len(parts) + 1, len(parts) + 1)
    return pdf


# --- imposition: the cards' pages put on the sheets of paper ---------------------------------------------------
#
# WeasyPrint lays every card out on a page of the card's own size, so a card too long for one card runs on to the
# next with its heading repeated, as it would on single cards. ``impose`` then puts those pages on sheets:
# ``_Sheet`` stands in for a ``weasyprint.Page`` in ``Document.copy``: WeasyPrint asks each page for its size and
# its bookmarks, then calls ``paint(stream, scale)`` on a stream whose origin is the sheet's top-left corner, y
# downwards, in points. A sheet paints each card's page moved (and, for a board sheet laid out sideways, turned a
# quarter anticlockwise: its top along the sheet's left edge) into its place, then the cut marks.


def _shape(page, paper: Paper) -> str:
    """ "card" (a card's page), "turned" (a card's page laid out sideways: a board sheet) or "full" (a bigger page)."""
    width, height = page.width / MM, page.height / MM
    card_w, card_h = CARD_MM[paper.card]
    if abs(width - card_w) < 1 and abs(height - card_h) < 1:
        return "card"
    if abs(width - card_h) < 1 and abs(height - card_w) < 1:
        return "turned"
    return "full"


class _Sheet:
    """One sheet of paper in the PDF: pages placed on it (``(page, x, y, turned, zoom)``, x and y in CSS pixels),
    cut marks (``cuts`` in mm); ``reading_turn``: the sheet holds one page laid out sideways, so viewers show it
    turned (the PDF's /Rotate; the paper is the same)."""

    def __init__(self, paper: Paper, placed: list, cuts=(), reading_turn: bool = False):
        self.width, self.height = paper.sheet[0] * MM, paper.sheet[1] * MM
        self.bleed = dict.fromkeys(("top", "right", "bottom", "left"), 0)
        # a weasyprint.Page's links, anchors and forms: a sheet has none of its own
        self.links: list = []
        self.anchors: dict = {}
        self.forms: dict = {None: []}
        self.placed, self.cuts, self.reading_turn = placed, cuts, reading_turn

    @property
    def bookmarks(self) -> list:
        """The placed pages' bookmarks (the PDF's outline: a card's heading), moved with them."""
        marks = []
        for page, x, y, turned, zoom in self.placed:
            for level, label, (bx, by), state in page.bookmarks:
                point = (x + by * zoom, y + (page.width - bx) * zoom) if turned else (x + bx * zoom, y + by * zoom)
                marks.append((level, label, point, state))
        return marks

    def paint(self, stream, scale=1):
        for page, x, y, turned, zoom in self.placed:
            with stream.stacked():
                if turned:  # (u, v) → (x + v, y + width − u): the page's top along the left edge
                    stream.transform(a=0, b=-1, c=1, d=0, e=x * scale, f=(y + page.width * zoom) * scale)
                else:
                    stream.transform(e=x * scale, f=y * scale)
                page.paint(stream, scale * zoom)
        if self.cuts:
            self._marks(stream, scale * MM)

    def _marks(self, stream, unit: float) -> None:
        """Short marks where each cut line meets the paper's edges, and a cross where two cut lines meet."""
        reach, arm = 9.0, 4.0  # mm: the marks at the edges run this far in; the cross's arms
        with stream.stacked():
            stream.set_color_rgb(0.3, 0.3, 0.3, stroke=True)
            stream.set_line_width(0.5)
            for x1, y1, x2, y2 in self.cuts:
                dx, dy = (x2 - x1), (y2 - y1)
                length = (dx * dx + dy * dy) ** 0.5
                ux, uy = dx / length, dy / length
                for (ax, ay), sign in (((x1, y1), 1), ((x2, y2), -1)):
                    stream.move_to(ax * unit, ay * unit)
                    stream.line_to((ax + sign * ux * reach) * unit, (ay + sign * uy * reach) * unit)
            verticals = [c for c in self.cuts if c[0] == c[2]]
            horizontals = [c for c in self.cuts if c[1] == c[3]]
            for x, *_rest in verticals:
                for _x1, y, *_rest2 in horizontals:
                    stream.move_to((x - arm) * unit, y * unit)
                    stream.line_to((x + arm) * unit, y * unit)
                    stream.move_to(x * unit, (y - arm) * unit)
                    stream.line_to(x * unit, (y + arm) * unit)
            stream.stroke()


def impose(pages: Sequence, paper: Paper) -> list[_Sheet]:
    """The cards' pages on sheets of ``paper``, in order: cards fill the sheet's places left to right, top to
    bottom; a bigger page (a board sheet too big for one card) takes a sheet of its own, turned to fit it, and the
    next cards go on in the places left free before it. On single cards every page is a sheet."""
    sheets: list[_Sheet] = []
    free: list | None = None  # the places of the last sheet of cards (None: no sheet of cards open)
    sheet_w, sheet_h = paper.sheet
    for page in pages:
        shape = _shape(page, paper)
        if shape != "full" and len(paper.slots) > 1:
            if free is None or len(free) == len(paper.slots):
                free = []
                sheets.append(_Sheet(paper, free, cuts=paper.cuts))
            x, y = paper.slots[len(free)]
            free.append((page, x * MM, y * MM, shape == "turned", paper.zoom))
        else:
            turned = (page.width > page.height) != (sheet_w > sheet_h)
            sheets.append(_Sheet(paper, [(page, 0.0, 0.0, turned, 1.0)], reading_turn=turned))
    return sheets


def _turn_for_reading(document, pdf) -> None:
    """WeasyPrint's finisher: a sheet holding one page laid out sideways is shown turned (/Rotate 90)."""
    kids = pdf.pages["Kids"][::3]
    for number, sheet in zip(kids, document.pages):
        if getattr(sheet, "reading_turn", False):
            pdf.objects[number]["Rotate"] = 90


def pdf_work(m: Movement, sections: tuple[str, ...] = SECTIONS) -> int:
    """How much laying out a PDF needs, in table rows (about 5.5 ms each on one core)."""
    rows = 0
    if "pairs" in sections:
        rows += len(m.pair_numbers) * m.round_count
    if "tables" in sections:
        rows += m.tables * m.round_count
    if "sheet" in sections:
        rows += m.round_count * (m.tables + len(m.relays)) // 4
    return rows


def sync_max_rows() -> int:
    return int(getattr(settings, "MOVEMENT_PDF_SYNC_MAX_ROWS", SYNC_MAX_ROWS))


@lru_cache(maxsize=8)
def render_version(language: str) -> str:
    """A fingerprint of everything a cards PDF is made from: a cached PDF is reused only while it matches."""
    root = Path(settings.BASE_DIR)
    files = sorted((root / "templates" / "print").glob("*.html"))
    files += [root / "movements" / "printing.py", root / "movements" / "texts.py"]
    files += sorted(p for p in (root / "movements" / "domain").rglob("*") if p.suffix in (".py", ".json"))
    files += [root / "locale" / language / "LC_MESSAGES" / "django.mo"]
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
