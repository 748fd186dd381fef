"""Guide cards as print pages: one template set, shown as HTML and written as PDF (WeasyPrint).

``cards_context(movement, boards_per_round=…)`` turns the domain's guide cards into what the
templates show (board numbers, "sits out", where boards and pairs go next, the board sheet
in the order the boards travel, the balance report); ``cards_html`` renders
``templates/print/movement_cards.html``; ``cards_pdf`` writes the same HTML as a PDF, in the
active language. Cards printed for a session carry its title and, once its pairs are named, the
players beside the pair numbers (``names``: "Pair 3 — Ada Adamska & Bruno Bianchi" on the pair
card, "3 (Adamska – Bianchi)" on the table cards); the movement catalogue's cards have neither. A session's
table cards printed by its director also carry each table's QR code, code and PIN for table-side entry
(``table_codes``: table → ``{"url", "code", "pin"}``; the QR code is drawn by ``segno`` as SVG).

A 64-pair PDF has about 400 A6 pages and takes half a minute, so ``cards_pdf`` renders it in
parts (``PART_CARDS`` cards at a time, page numbers carried on from part to part), reports
``on_progress(done, total)`` after each part and joins the pages into one PDF. How much
work a PDF is, before making it, is ``pdf_work(movement, sections)`` (table rows to lay
out); the web asks for anything above ``settings.MOVEMENT_PDF_SYNC_MAX_ROWS`` in the
background (``movements.tasks``). ``render_version(language)`` fingerprints everything a
PDF is made from (templates, this code, the domain, the language's catalogue), for the cache.

WeasyPrint builds millions of small objects: with Python's default garbage-collector
thresholds a good part of a 64-pair PDF's time went to young-generation collections, so
``cards_pdf`` collects less often while it renders and once after each part
(``_fewer_collections``; a 64-pair PDF in about 34 s instead of 42 s, with the same peak
memory, docs/benchmarks.md).
"""

from __future__ import annotations

import gc as collector
import hashlib
import threading
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.texts import render
from movements.domain import guide_cards as gc
from movements.domain.catalogue import balance_report
from movements.domain.schedule import Movement

SHEET_COLUMNS = 10      # board-sheet columns per block, so a block fits across an A4 landscape page
SECTIONS = ("pairs", "tables", "sheet", "report")
PART_CARDS = 16         # cards per separately rendered part of a PDF made with progress reports
SYNC_MAX_ROWS = 1000    # default web limit for making a PDF inside the request (about 5 s: 24 pairs, all cards)


def parse_sections(text: str | None) -> tuple[str, ...]:
    """"pairs,tables" → ("pairs", "tables"); empty → all four; unknown names are an error."""
    if not text:
        return SECTIONS
    wanted = tuple(part.strip() for part in text.split(",") if part.strip())
    bad = [w for w in wanted if w not in SECTIONS]
    if bad:
        raise ValueError(_("unknown card section %(name)r: choose from %(choices)s")
                         % {"name": bad[0], "choices": ", ".join(SECTIONS)})
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
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=3, border=2)


def cards_context(m: Movement, *, boards_per_round: int, session=None, names: Mapping[int, Sequence[str]] | None = None,
                  paper: str = "A6", sections: tuple[str, ...] = SECTIONS,
                  table_codes: Mapping[int, Mapping] | None = None) -> dict:
    """What the cards templates show. ``session`` (its title) and ``names`` are for cards printed for a session:
    ``names`` maps a pair number to its players as the cards print them, ``(full, short)`` —
    ``("Ada Adamska & Bruno Bianchi", "Adamska – Bianchi")``: the full names beside the pair card's number, the
    short ones beside every pair number in the card rows (opponents, table cards' NS and EW)."""
    half = m.half_sets
    gc.boards_of(1, boards_per_round, half)        # validates boards per round
    names = names or {}

    def full(pair) -> str:
        return names[pair][0] if pair in names else ""

    def short(pair) -> str:
        return names[pair][1] if pair in names else ""

    pair_cards = []
    for pair, lines in gc.pair_cards(m).items():
        rows = [{"round": c.round, "table": c.table, "seat": c.direction, "plays": c.plays,
                 "opponent": c.opponent, "opponent_names": short(c.opponent), "sits_out": c.sits_out,
                 "arrow": c.arrow_switched, "boards": _boards(c.board_sets, boards_per_round, half)} for c in lines]
        playing = [r for r in rows if not r["sits_out"]]
        pair_cards.append({"pair": pair, "names": full(pair), "rows": rows, "stationary": pair in m.stationary,
                           "start": playing[0] if playing else None,
                           "sits_out_first": bool(rows) and rows[0]["sits_out"]})
    table_cards = []
    for table, lines in gc.table_cards(m).items():
        rows = [{"round": c.round, "ns": c.ns, "ew": c.ew, "ns_names": short(c.ns), "ew_names": short(c.ew),
                 "boards": _boards(c.board_sets, boards_per_round, half),
                 "sets": ", ".join(map(str, c.board_sets)),
                 "boards_next": "; ".join(", ".join(_place(w) for w in places) for places in c.boards_next),
                 "arrow": c.arrow_switched} for c in lines]
        code = (table_codes or {}).get(table)
        table_cards.append({"table": table, "rows": rows,
                            "qr": {"image": _qr(code["url"]), "code": code["code"], "pin": code["pin"]} if code else None})
    columns = _path_columns(m)
    sheet_rows = []
    for i, rnd in enumerate(m.rounds):
        at_table = {t.table: t for t in rnd.tables}
        at_relay: dict = {}
        for h in rnd.relays:
            at_relay.setdefault(h.relay, []).append(h.board_set)
        cells = []
        for col in columns:
            if isinstance(col, int) and col in at_table:
                t = at_table[col]
                ns = "–" if t.ns == m.phantom else t.ns
                ew = "–" if t.ew == m.phantom else t.ew
                cells.append({"sets": ", ".join(map(str, t.board_sets)),
                              "pairs": pgettext("pair versus pair", "%(ns)s v %(ew)s") % {"ns": ns, "ew": ew}})
            elif isinstance(col, str):
                cells.append({"sets": ", ".join(map(str, at_relay.get(col, []))), "pairs": ""})
            else:
                cells.append({"sets": "", "pairs": ""})
        sheet_rows.append({"round": rnd.number, "cells": cells, "arrow": rnd.arrow_switched})
    heads = [(_("Table %(n)s") % {"n": c}) if isinstance(c, int) else c for c in columns]
    blocks = []
    for start in range(0, len(columns), SHEET_COLUMNS):
        blocks.append({"heads": heads[start:start + SHEET_COLUMNS],
                       "rows": [{"round": r["round"], "arrow": r["arrow"],
                                 "cells": r["cells"][start:start + SHEET_COLUMNS]} for r in sheet_rows]})
    sets = [{"set": s, "boards": _boards((s,), boards_per_round, half),
             "path": [{"round": r, "place": _place(p)} for r, p in lines]}
            for s, lines in gc.board_cards(m).items()]
    return {
        "movement": m, "title": render(m.title), "notes": [render(n) for n in m.notes],
        "boards_per_round": boards_per_round, "paper": paper if paper in ("A6", "A5") else "A6",
        "pair_cards": pair_cards, "table_cards": table_cards, "sheet_blocks": blocks, "board_sets": sets,
        "relays": m.relays, "balance": balance_report(m), "session": session,
        "total_boards": m.board_sets * (boards_per_round // 2 if half else boards_per_round),
        "sections": sections,
    }


def cards_html(m: Movement, *, boards_per_round: int, session=None, names: Mapping[int, Sequence[str]] | None = None,
               paper: str = "A6", request=None, sections: tuple[str, ...] = SECTIONS,
               table_codes: Mapping[int, Mapping] | None = None) -> str:
    return render_to_string("print/movement_cards.html",
                            cards_context(m, boards_per_round=boards_per_round, session=session, names=names,
                                          paper=paper, sections=sections, table_codes=table_codes),
                            request=request)


def _parts(context: dict, split: bool) -> list[dict]:
    """The sections cut into parts rendered one at a time: PART_CARDS pair or table cards, the sheet, the report
    (``split``), or all of them in one part (a little faster: each part costs a stylesheet and fonts)."""
    if not split:
        return [{}]
    parts = []
    for section, key in (("pairs", "pair_cards"), ("tables", "table_cards")):
        if section in context["sections"]:
            cards = context[key]
            parts += [{"sections": (section,), key: cards[i:i + PART_CARDS]} for i in range(0, len(cards), PART_CARDS)]
    parts += [{"sections": (section,)} for section in ("sheet", "report") if section in context["sections"]]
    return parts


RENDER_GC_THRESHOLD = (10_000, 10, 10)     # gen-0 allocations (default 700) while rendering
COLLECT_AFTER_PART = True                  # a full collection after each part frees its layout garbage
_gc_lock = threading.Lock()
_gc_renders = [0, None]                    # renders running, the thresholds to restore when the last ends


@contextmanager
def _fewer_collections():
    """Raise the collector's thresholds while WeasyPrint runs; restore them (and collect) when the last render in
    the process ends."""
    with _gc_lock:
        if _gc_renders[0] == 0:
            _gc_renders[1] = collector.get_threshold()
            collector.set_threshold(*RENDER_GC_THRESHOLD)
        _gc_renders[0] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_renders[0] -= 1
            if _gc_renders[0] == 0:
                collector.set_threshold(*_gc_renders[1])
        collector.collect()


def cards_pdf(m: Movement, *, boards_per_round: int, session=None, names: Mapping[int, Sequence[str]] | None = None,
              paper: str = "A6", sections: tuple[str, ...] = SECTIONS, on_progress=None,
              table_codes: Mapping[int, Mapping] | None = None) -> bytes:
    """The cards as one PDF. With ``on_progress``, or when it is big, it is made in parts (less memory: each
    part's layout garbage is freed), and ``on_progress(done, total)`` is called after each part and once more
    when the PDF is written (``total`` = parts + 1)."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    context = cards_context(m, boards_per_round=boards_per_round, session=session, names=names, paper=paper,
                            sections=sections, table_codes=table_codes)
    parts = _parts(context, split=on_progress is not None or pdf_work(m, sections) > SYNC_MAX_ROWS)
    with _fewer_collections():
        fonts = FontConfiguration()
        documents, first_page = [], 1
        for done, part in enumerate(parts, start=1):
            html = render_to_string("print/movement_cards.html", {**context, **part, "first_page": first_page})
            document = HTML(string=html).render(font_config=fonts)
            documents.append(document)
            first_page += len(document.pages)
            if COLLECT_AFTER_PART:
                collector.collect()
            if on_progress:
                on_progress(done, len(parts) + 1)
        pages = [page for document in documents for page in document.pages]
        pdf = documents[0].copy(pages).write_pdf()
        del documents, pages
    if on_progress:
        on_progress(len(parts) + 1, len(parts) + 1)
    return pdf


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
