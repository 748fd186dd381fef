"""Guide-card PDFs from the web: made once and kept; big ones made by a Celery task (eager in tests) while a
page shows the progress (htmx) and then the download; failures explained and retried; page numbers carried
from part to part."""

from __future__ import annotations

import re
import subprocess
from datetime import timedelta

import pytest
from django.utils import timezone

from movements import printing, services
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


def test_a_small_pdf_is_made_in_the_request_once_and_kept(client_for, player, count_renders):
    client = client_for(player)
    first = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    pdf = body(first)
    assert pdf[:5] == b"%PDF-" and count_renders == [False]          # one part: no progress needed
    job = GuideCardPdf.objects.get()
    assert job.is_ready and job.language == "en" and job.size == len(pdf) and job.file.storage.exists(job.file.name)
    again = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert body(again) == pdf and count_renders == [False]           # from the store, not made again
    client.cookies["django_language"] = "pl"
    polish = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert body(polish) != pdf and GuideCardPdf.objects.count() == 2 and len(count_renders) == 2
    other = body(client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "tables,pairs"}))
    assert GuideCardPdf.objects.count() == 3 and other[:5] == b"%PDF-"
    same = client.get("/movements/print/", {"pairs": 8, "format": "pdf", "sections": "pairs,tables"})
    assert body(same) == other and GuideCardPdf.objects.count() == 3     # sections in canonical order


def test_a_big_pdf_is_made_in_the_background_with_a_progress_page(
        client_for, player, settings, tmp_path, count_renders, django_capture_on_commit_callbacks, monkeypatch):
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = 50             # 8 pairs (84 rows) counts as big here
    monkeypatch.setattr(printing, "PART_CARDS", 3)       # several parts: progress and page numbering
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        r = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    job = GuideCardPdf.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/movements/cards/{job.key}/"
    assert len(callbacks) == 1 and count_renders == [True]            # the task ran (eagerly), in parts
    assert job.is_ready and job.parts_total == 3 + 2 + 1 + 1 + 1 and job.parts_done == job.parts_total
    page = client.get(r["Location"]).content.decode()
    assert "Karty pilotujące (PDF)" in page and "Howell dla 8 par, 4 stoły" in page
    assert 'data-status="done"' in page and "hx-trigger" not in page
    download = re.search(r'href="(/movements/cards/[0-9a-f]{64}/download/)"', page)[1]
    pdf = body(client.get(download))
    text = pdf_text(pdf, tmp_path)
    assert "Para 8" in text and "Stół 4" in text and "Raport zrównoważenia" in text
    numbers = [int(n) for n in re.findall(r"^(?:Para|Stół) \d+ · (\d+)$", text, flags=re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) == 12    # 8 pair + 4 table cards
    again = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert again.status_code == 200 and body(again) == pdf and len(count_renders) == 1


def test_the_progress_partial_polls_while_the_pdf_is_made(client_for, player):
    job, _ = services.guide_card_pdf_get_or_create(
        user=player, movement={"pairs": 64, "rounds": None, "kind": "howell", "half_sets": False, "variant": None,
                               "arrow_switch": False},
        boards_per_round=2, paper="A6", sections=printing.SECTIONS, language="en")
    GuideCardPdf.objects.filter(pk=job.pk).update(status="running", parts_done=3, parts_total=13,
                                                  started_at=timezone.now() - timedelta(seconds=9))
    html = client_for(player).get(f"/movements/cards/{job.key}/progress/").content.decode()
    assert 'hx-trigger="every 1s"' in html and 'data-status="running"' in html
    assert "part 3 of 13 (23 %)" in html and "about 30 s left" in html
    page = client_for(player).get(f"/movements/cards/{job.key}/").content.decode()
    assert "Howell for 64 pairs, 32 tables" in page and "takes about" in page
    assert client_for(player).get(f"/movements/cards/{job.key}/download/").status_code == 404


def test_a_silent_job_is_queued_again_and_the_task_is_idempotent(client_for, player, count_renders,
                                                                    django_capture_on_commit_callbacks):
    job, _ = services.guide_card_pdf_get_or_create(
        user=player, movement={"pairs": 6, "rounds": None, "kind": "howell", "half_sets": False, "variant": None,
                               "arrow_switch": False},
        boards_per_round=2, paper="A6", sections=("report",), language="en")
    stale = timezone.now() - timedelta(seconds=services.PDF_STALE_SECONDS + 5)
    GuideCardPdf.objects.filter(pk=job.pk).update(status="running", updated_at=stale)
    with django_capture_on_commit_callbacks(execute=True):
        page = client_for(player).get(f"/movements/cards/{job.key}/").content.decode()
    assert 'data-status="queued"' in page and 'hx-trigger="every 1s"' in page     # queued again ...
    job.refresh_from_db()
    assert job.is_ready and count_renders == [True]                                # ... and made by the task
    name = job.file.name
    assert guide_card_pdf_task.delay(job.pk).get() == "done"
    job.refresh_from_db()
    assert count_renders == [True] and job.file.name == name          # nothing made twice


def test_a_failed_pdf_says_why_and_can_be_tried_again(client_for, player, settings, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = -1             # even the report alone (0 rows) is made in the background
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
    movement = {"pairs": 8, "rounds": None, "kind": "howell", "half_sets": False, "variant": None,
                "arrow_switch": False}
    a, created = services.guide_card_pdf_get_or_create(user=player, movement=movement, boards_per_round=2,
                                                      paper="A6", sections=printing.SECTIONS, language="en")
    b, _ = services.guide_card_pdf_get_or_create(user=player, movement=movement, boards_per_round=3,
                                                paper="A6", sections=printing.SECTIONS, language="en")
    c, again = services.guide_card_pdf_get_or_create(user=player, movement=movement, boards_per_round=2,
                                                    paper="A6", sections=printing.SECTIONS, language="en")
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


def test_rendering_restores_the_garbage_collector(monkeypatch):
    import gc

    from movements.domain.catalogue import movement_for

    before = gc.get_threshold()
    seen = []
    printing.cards_pdf(movement_for(4), boards_per_round=2, sections=("report",),
                       on_progress=lambda done, total: seen.append(gc.get_threshold()))
    assert seen[0] == printing.RENDER_GC_THRESHOLD and gc.get_threshold() == before

    def broken(*args, **kwargs):
        raise RuntimeError("template")

    monkeypatch.setattr(printing, "render_to_string", broken)
    with pytest.raises(RuntimeError):
        printing.cards_pdf(movement_for(4), boards_per_round=2)
    assert gc.get_threshold() == before


def test_a_kept_pdf_whose_file_is_gone_is_made_again(client_for, player, count_renders):
    client = client_for(player)
    first = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf"}))
    job = GuideCardPdf.objects.get()
    job.file.storage.delete(job.file.name)
    again = body(client.get("/movements/print/", {"pairs": 6, "format": "pdf"}))
    assert again[:5] == b"%PDF-" and len(again) == len(first) and len(count_renders) == 2
    job.refresh_from_db()
    assert job.is_ready and job.file.storage.exists(job.file.name)
