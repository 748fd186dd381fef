"""Guide-card PDFs from the web: made once and kept; big ones made by a Celery task (eager in tests) while a
page shows the progress (htmx) and then the download; failures explained and retried; page numbers carried
from part to part."""

from __future__ import annotations

import contextlib
import re
import subprocess
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from movements import printing, selectors, services
from movements.models import GuideCardPdf
from movements.tasks import guide_card_pdf_task

pytestmark = pytest.mark.django_db


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def count_renders(monkeypatch):
    calls = []
    real = printing.cards_pdf

    def counting(*args, **kwargs):
        calls.append(kwargs.get("on_progress") is not None)
        return real(*args, **kwargs)

    monkeypatch.setattr(printing, "cards_pdf", counting)
    return calls


@pytest.mark.slow
def test_a_small_pdf_is_made_in_the_request_once_and_kept(client_for, player, count_renders):
    client = client_for(player)
    first = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    pdf = body(first)
    assert pdf[:5] == b"%PDF-" and count_renders == [False]  # one part: no progress needed
    job = GuideCardPdf.objects.get()
    assert job.is_ready and job.language == "en" and job.size == len(pdf) and job.file.storage.exists(job.file.name)
    again = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert body(again) == pdf and count_renders == [False]  # from the store, not made again
    client.cookies["django_language"] = "pl"
    polish = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert body(polish) != pdf and GuideCardPdf.objects.count() == 2 and len(count_renders) == 2
    other = body(client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "tables,pairs"}))
    assert GuideCardPdf.objects.count() == 3 and other[:5] == b"%PDF-"
    same = client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "pairs,tables"})
    assert body(same) == other and GuideCardPdf.objects.count() == 3  # sections in canonical order


@pytest.mark.slow
def test_a_big_pdf_is_made_in_the_background_with_a_progress_page(
    client_for, player, settings, tmp_path, count_renders, django_capture_on_commit_callbacks, monkeypatch
):
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = 50  # 8 pairs (84 rows) counts as big here
    monkeypatch.setattr(printing, "PART_CARDS", 3)  # several parts: progress and page numbering
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        r = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    job = GuideCardPdf.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/movements/cards/{job.key}/"
    assert len(callbacks) == 1 and count_renders == [True]  # the task ran (eagerly), in parts
    assert job.is_ready and job.parts_total == 3 + 2 + 1 + 1 + 1 and job.parts_done == job.parts_total
    page = client.get(r["Location"]).content.decode()
    assert "Karty pilotujące (PDF)" in page and "Howell dla 8 par, 4 stoły" in page
    assert 'data-status="done"' in page and "hx-trigger" not in page
    download = re.search(r'href="(/movements/cards/[0-9a-f]{64}/download/)"', page)[1]
    pdf = body(client.get(download))
    text = pdf_text(pdf, tmp_path)
    assert "Para 8" in text and "Stół 4" in text and "Raport zrównoważenia" in text
    numbers = [int(n) for n in re.findall(r"^(?:Para|Stół) \d+ · (\d+)$", text, flags=re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) == 12  # 8 pair + 4 table cards
    again = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert again.status_code == 200 and body(again) == pdf and len(count_renders) == 1


def test_the_progress_partial_polls_while_the_pdf_is_made(client_for, player, monkeypatch):
    job, _ = services.guide_card_pdf_get_or_create(
        user=player,
        movement={
            "pairs": 64,
            "rounds": None,
            "kind": "howell",
            "half_sets": False,
            "variant": None,
            "arrow_switch": False,
        },
        boards_per_round=2,
        paper="A6",
        sections=printing.SECTIONS,
        language="en",
    )
    started = timezone.now() - timedelta(seconds=9)
    GuideCardPdf.objects.filter(pk=job.pk).update(status="running", parts_done=3, parts_total=13, started_at=started)
    # the progress reads its clock 9 s after the start, however long the request takes on a busy machine
    monkeypatch.setattr(selectors, "timezone", SimpleNamespace(now=lambda: started + timedelta(seconds=9)))
    html = client_for(player).get(f"/movements/cards/{job.key}/progress/").content.decode()
    assert 'hx-trigger="every 1s"' in html and 'data-status="running"' in html
    assert "part 3 of 13 (23 %)" in html
    assert "about 30 s left" in html, html  # 9 s for 3 parts: 30 s for the other 10
    page = client_for(player).get(f"/movements/cards/{job.key}/").content.decode()
    assert "Howell for 64 pairs, 32 tables" in page and "takes about" in page
    assert client_for(player).get(f"/movements/cards/{job.key}/download/").status_code == 404


@pytest.mark.slow
def test_a_silent_job_is_queued_again_and_the_task_is_idempotent(
    client_for, player, count_renders, django_capture_on_commit_callbacks
):
    job, _ = services.guide_card_pdf_get_or_create(
        user=player,
        movement={
            "pairs": 6,
            "rounds": None,
            "kind": "howell",
            "half_sets": False,
            "variant": None,
            "arrow_switch": False,
        },
        boards_per_round=2,
        paper="A6",
        sections=("report",),
        language="en",
    )
    stale = timezone.now() - timedelta(seconds=services.PDF_STALE_SECONDS + 5)
    GuideCardPdf.objects.filter(pk=job.pk).update(status="running", updated_at=stale)
    with django_capture_on_commit_callbacks(execute=True):
        page = client_for(player).get(f"/movements/cards/{job.key}/").content.decode()
    assert 'data-status="queued"' in page and 'hx-trigger="every 1s"' in page  # queued again ...
    job.refresh_from_db()
    assert job.is_ready and count_renders == [True]  # ... and made by the task
    name = job.file.name
    assert guide_card_pdf_task.delay(job.pk).get() == "done"
    job.refresh_from_db()
    assert count_renders == [True] and job.file.name == name  # nothing made twice


@pytest.mark.slow
def test_a_failed_pdf_says_why_and_can_be_tried_again(
    client_for, player, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = -1  # even the report alone (0 rows) is made in the background
    real = printing.cards_pdf

    def broken(*args, **kwargs):
        raise RuntimeError("no fonts")

    monkeypatch.setattr(printing, "cards_pdf", broken)
    client = client_for(player)
    with django_capture_on_commit_callbacks(execute=True):
        r = client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "report"})
    job = GuideCardPdf.objects.get()
    assert job.status == "failed" and job.error == "the PDF could not be made (RuntimeError)" and not job.file
    page = client.get(r["Location"]).content.decode()
    assert "the PDF could not be made (RuntimeError)" in page and 'data-testid="cards-pdf-retry"' in page
    monkeypatch.setattr(printing, "cards_pdf", real)
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(f"/movements/cards/{job.key}/retry/")
    job.refresh_from_db()
    assert retried.status_code == 302 and job.is_ready and job.error == ""


def test_bad_requests_save_nothing(client_for, player):
    client = client_for(player)
    assert client.get("/movements/print/", {"pairs": 8, "rounds": 9, "format": "pdf"}).status_code == 400
    assert client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "menus"}).status_code == 400
    assert not GuideCardPdf.objects.exists()
    assert client.get("/movements/cards/" + "0" * 64 + "/").status_code == 404


def test_the_cache_key_follows_what_the_pdf_is_made_from(player):
    movement = {
        "pairs": 8,
        "rounds": None,
        "kind": "howell",
        "half_sets": False,
        "variant": None,
        "arrow_switch": False,
    }
    a, created = services.guide_card_pdf_get_or_create(
        user=player, movement=movement, boards_per_round=2, paper="A6", sections=printing.SECTIONS, language="en"
    )
    b, _ = services.guide_card_pdf_get_or_create(
        user=player, movement=movement, boards_per_round=3, paper="A6", sections=printing.SECTIONS, language="en"
    )
    c, again = services.guide_card_pdf_get_or_create(
        user=player, movement=movement, boards_per_round=2, paper="A6", sections=printing.SECTIONS, language="en"
    )
    assert created and not again and a.pk == c.pk and a.key != b.key
    assert a.parameters["version"] == printing.render_version("en") != printing.render_version("pl")


def test_a_small_pdf_that_fails_leads_to_the_page_that_says_why(client_for, player, monkeypatch):
    monkeypatch.setattr(printing, "cards_pdf", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    r = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    job = GuideCardPdf.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/movements/cards/{job.key}/"
    page = client.get(r["Location"]).content.decode()
    assert "nie udało się utworzyć pliku PDF (OSError)" in page and "Spróbuj ponownie" in page


@pytest.mark.slow
def test_rendering_restores_the_garbage_collector(monkeypatch):
    import gc

    from clubsite import pdf
    from movements.domain.catalogue import movement_for

    before = gc.get_threshold()
    seen = []
    printing.cards_pdf(
        movement_for(4),
        boards_per_round=2,
        sections=("report",),
        on_progress=lambda done, total: seen.append(gc.get_threshold()),
    )
    assert seen[0] == pdf.RENDER_GC_THRESHOLD and gc.get_threshold() == before

    def broken(*args, **kwargs):
        raise RuntimeError("template")

    monkeypatch.setattr(printing, "render_to_string", broken)
    with pytest.raises(RuntimeError):
        printing.cards_pdf(movement_for(4), boards_per_round=2)
    assert gc.get_threshold() == before


@pytest.mark.slow
def test_a_kept_pdf_whose_file_is_gone_is_made_again(client_for, player, count_renders):
    client = client_for(player)
    first = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf"}))
    job = GuideCardPdf.objects.get()
    job.file.storage.delete(job.file.name)
    again = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf"}))
    assert again[:5] == b"%PDF-" and len(again) == len(first) and len(count_renders) == 2
    job.refresh_from_db()
    assert job.is_ready and job.file.storage.exists(job.file.name)


# --- paper: four A6 cards on A4 (the default), two A5 on A4, single A6; one paper size per file --------------------

A4 = "595.276 x 841.89"
A4_LANDSCAPE = "841.89 x 595.276"
A6 = "297.638 x 419.528"


def page_sizes(pdf: bytes, tmp_path) -> list[str]:
    """Each page's paper as pdfinfo says it ("595.276 x 841.89"): the media box, whatever the page's /Rotate."""
    path = tmp_path / "sizes.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", "9999", str(path)], check=True, capture_output=True, text=True
    ).stdout
    return re.findall(r"^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts", info, flags=re.M)


def page_text(pdf: bytes, tmp_path, page: int) -> str:
    path = tmp_path / "page.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def session_inputs(m) -> dict:
    """What the session's print page passes: its title, every pair named (long names), each table's QR code."""
    names = {
        p: (
            f"Grzegorz Brzęczyszczykiewicz & Małgorzata Wiśniewska-Kowalczyk {p}",
            f"Brzęczyszczykiewicz – Wiśniewska-Kowalczyk {p}",
        )
        for p in m.pair_numbers
    }
    codes = {
        t: {"url": f"https://bridge.example.org/tables/join/K7Q{t:02d}X/", "code": f"K7Q{t:02d}X", "pin": "4711"}
        for t in range(1, m.tables + 1)
    }
    return {"session": "Riverside Bridge Club – Tuesday Pairs (Tue 24 Nov 2026)", "names": names, "table_codes": codes}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("paper", "size", "pages"),
    [
        ("A6x4", A4, 5 + 2 + 1),  # 20 cards four to a sheet; the board sheet on two whole pages; the report
        ("A5x2", A4_LANDSCAPE, 10 + 2 + 1),  # 20 cards two to a sheet
        ("A6", A6, 20 + 4 + 1),  # a card a sheet; the board sheet over four cards
    ],
)
def test_one_paper_size_per_file(paper, size, pages, tmp_path):
    from movements.domain.catalogue import movement_for

    pdf = printing.cards_pdf(movement_for(13), boards_per_round=2, paper=paper)
    sizes = page_sizes(pdf, tmp_path)
    assert set(sizes) == {size} and len(sizes) == pages


@pytest.mark.slow
def test_the_default_puts_four_cards_with_cut_marks_on_each_a4_sheet(client_for, player, tmp_path):
    pdf = body(client_for(player).get("/movements/print/", {"pairs": 8, "format": "pdf"}))
    assert GuideCardPdf.objects.get().parameters["paper"] == "A6x4"
    assert page_sizes(pdf, tmp_path) == [A4] * 4  # 8 pair cards, 4 table cards, the board sheet and the report
    footers = [re.findall(r"^((?:Pair|Table) \d+) · \d+$", page_text(pdf, tmp_path, n), flags=re.M) for n in (1, 2, 3)]
    assert [sorted(f) for f in footers] == [
        ["Pair 1", "Pair 2", "Pair 3", "Pair 4"],
        ["Pair 5", "Pair 6", "Pair 7", "Pair 8"],
        ["Table 1", "Table 2", "Table 3", "Table 4"],
    ]
    last = page_text(pdf, tmp_path, 4)
    assert "Board and relay movement" in last and "Balance report" in last  # each on a card of that sheet


class FakePage:
    """A laid-out page as ``impose`` sees it: its size in CSS pixels, its bookmarks; it records where it is painted."""

    def __init__(self, width_mm, height_mm, name=""):
        self.width, self.height = width_mm * printing.MM, height_mm * printing.MM
        self.bookmarks = [(2, name, (0, 0), "open")] if name else []
        self.painted = []

    def paint(self, stream, scale=1):
        self.painted.append((stream.matrix, scale))


class Recorder:
    """The part of WeasyPrint's PDF stream a sheet uses, recording the matrices and the lines drawn."""

    def __init__(self):
        self.matrix, self.lines, self._at = (1, 0, 0, 1, 0, 0), [], None

    @contextlib.contextmanager
    def stacked(self):
        saved = self.matrix
        yield
        self.matrix = saved

    def transform(self, a=1, b=0, c=0, d=1, e=0, f=0):
        self.matrix = (a, b, c, d, e, f)

    def set_color_rgb(self, *args, **kwargs):
        pass

    def set_line_width(self, width):
        pass

    def move_to(self, x, y):
        self._at = (x, y)

    def line_to(self, x, y):
        self.lines.append((*self._at, x, y))

    def stroke(self):
        pass


def test_four_cards_a_sheet_in_reading_order_a_big_page_on_a_sheet_of_its_own():
    paper = printing.PAPERS["A6x4"]
    cards = [FakePage(105, 148, f"Pair {n}") for n in range(1, 6)]
    sideways, big = FakePage(148, 105, "Board sheet"), FakePage(297, 210, "Board sheet")
    sheets = printing.impose([*cards, sideways, big], paper)
    assert [len(sheet.placed) for sheet in sheets] == [4, 2, 1]  # the big page after the cards left open
    assert [(round(x / printing.MM, 1), round(y / printing.MM, 1)) for _p, x, y, _t, _z in sheets[0].placed] == [
        (0, 0),
        (105, 0),
        (0, 148.5),
        (105, 148.5),
    ]  # left to right, top to bottom
    assert [turned for *_rest, turned, _z in sheets[1].placed] == [False, True]  # the board sheet turned on a card
    assert sheets[2].placed[0][0] is big and sheets[2].reading_turn and not sheets[0].reading_turn
    assert [label for _l, label, _p, _s in sheets[0].bookmarks] == ["Pair 1", "Pair 2", "Pair 3", "Pair 4"]
    two = printing.impose(cards[:3], printing.PAPERS["A5x2"])
    assert [len(sheet.placed) for sheet in two] == [2, 1] and two[0].placed[0][4] == pytest.approx(2**0.5)


def test_the_cut_marks_are_drawn_between_the_cards():
    """A sheet of four cards: a mark where each cut meets the paper's edge (the cuts run between the cards,
    through their margins), and a cross where the cuts meet; a sheet of its own has none."""
    unit = printing.MM  # mm to CSS pixels (the stream's units at scale 1)
    stream = Recorder()
    sheet = printing.impose([FakePage(105, 148, "Pair 1")], printing.PAPERS["A6x4"])[0]
    sheet.paint(stream)
    lines = {tuple(round(v / unit, 1) for v in line) for line in stream.lines}
    assert lines == {
        (105, 0, 105, 9),
        (105, 297, 105, 288),
        (0, 148.5, 9, 148.5),
        (210, 148.5, 201, 148.5),
        (101, 148.5, 109, 148.5),
        (105, 144.5, 105, 152.5),
    }
    single = Recorder()
    printing.impose([FakePage(105, 148, "Pair 1")], printing.PAPERS["A6"])[0].paint(single)
    assert single.lines == []


@pytest.mark.slow
def test_the_paper_asked_for_and_the_old_names(client_for, player, tmp_path):
    client = client_for(player)
    a5 = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf", "paper": "A5x2"}))
    old = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf", "paper": "A5"}))  # the old link
    single = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf", "paper": "a6"}))
    assert a5 == old and set(page_sizes(a5, tmp_path)) == {A4_LANDSCAPE} and set(page_sizes(single, tmp_path)) == {A6}
    assert sorted(job.parameters["paper"] for job in GuideCardPdf.objects.all()) == ["A5x2", "A6"]
    page = client.get("/movements/show/", {"pairs": 6}).content.decode()
    assert "four A6 cards on each A4 sheet, with cut marks" in page
    assert "format=pdf&amp;paper=A5x2" in page and "format=pdf&amp;paper=A6" in page


def test_the_cache_key_includes_the_paper(player):
    movement = {
        "pairs": 8,
        "rounds": None,
        "kind": "howell",
        "half_sets": False,
        "variant": None,
        "arrow_switch": False,
    }

    def job(paper):
        return services.guide_card_pdf_get_or_create(
            user=player, movement=movement, boards_per_round=2, paper=paper, sections=printing.SECTIONS, language="en"
        )[0]

    four, two, single = job("A6x4"), job("A5x2"), job("A6")
    assert len({four.key, two.key, single.key}) == 3
    assert [four.parameters["paper"], two.parameters["paper"], single.parameters["paper"]] == ["A6x4", "A5x2", "A6"]
    assert job(None).key == job("letter").key == four.key and job("A5").key == job("a5x2").key == two.key


@pytest.mark.slow
def test_a_phantoms_place_is_said_in_words(client_for, player, tmp_path):
    client = client_for(player)
    html = client.get("/movements/print/", {"pairs": 13, "sections": "tables,sheet"}).content.decode()
    one = html[html.index('data-table="1"') : html.index('data-table="2"')]
    assert one.count("sits out</strong>") == 13 and "<strong>EW 1 sits out</strong>" in one  # a row each round
    assert "There is no pair 14: the pair meeting 14 sits out." in one
    assert '<td class="big">–' not in html and "–: the phantom" not in html
    assert re.search(r"<strong>1</strong><span class=\"pairs\">1 sits out</span>", html)  # the board sheet
    client.cookies["django_language"] = "pl"
    polish = client.get("/movements/print/", {"pairs": 13, "sections": "tables"}).content.decode()
    assert (
        "<strong>EW 1 pauzuje</strong>" in polish
        and "Nie ma pary 14: para, która ma grać z parą 14, pauzuje." in polish
    )
    pdf = body(client.get("/movements/print/", {"pairs": 13, "format": "pdf", "sections": "tables"}))
    assert "EW 1 pauzuje" in pdf_text(pdf, tmp_path)


def test_the_print_pages_carry_a_viewport_and_a_phone_stylesheet(client_for, director, club_session):
    from pathlib import Path

    from django.conf import settings

    from movements.domain.catalogue import movement_for
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    client = client_for(director)
    for url in ("/movements/print/?pairs=8", f"/movements/session/{club_session.pk}/print/"):
        html = client.get(url).content.decode()
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
        assert "@media screen and (max-width: 640px)" in html
    pdf_html = printing.render_to_string(
        "print/movement_cards.html", printing.cards_context(movement_for(8), boards_per_round=2)
    )
    assert "max-width" not in pdf_html  # WeasyPrint reads no media query: the PDF's stylesheet has none
    pages = sorted(Path(settings.BASE_DIR, "templates", "print").glob("*.html"))
    assert {
        p.name for p in pages if p.name != "base.html" if p.read_text().startswith('{% extends "print/base.html" %}')
    } == {p.name for p in pages} - {"base.html"}


@pytest.mark.slow
@pytest.mark.parametrize(("pairs", "sheets"), [(8, 3 + 1), (13, 5 + 2 + 1)])
def test_a_sessions_cards_with_names_and_qr_codes_fit_a_card_each(pairs, sheets, tmp_path):
    from movements.domain.catalogue import movement_for

    m = movement_for(pairs)
    pdf = printing.cards_pdf(m, boards_per_round=2, **session_inputs(m))
    assert len(page_sizes(pdf, tmp_path)) == sheets  # no card runs on to a second
    text = pdf_text(pdf, tmp_path)
    assert "Brzęczyszczykiewicz" in text and "Table code K7Q01X · PIN 4711" in text


@pytest.mark.slow
def test_every_card_of_24_pairs_fits_one_a6(tmp_path):
    """23 rounds: dense cards, the players' names beside the numbers, still a card each (9 sheets of cards, the
    board sheet on three pages, the report)."""
    from movements.domain.catalogue import movement_for

    m = movement_for(24)
    assert len(page_sizes(printing.cards_pdf(m, boards_per_round=2), tmp_path)) == 9 + 3 + 1
    assert len(page_sizes(printing.cards_pdf(m, boards_per_round=2, **session_inputs(m)), tmp_path)) == 9 + 3 + 1
