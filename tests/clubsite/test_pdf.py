"""PDFs made once and kept (clubsite.pdf.pdf_kept): named by the HTML they were made from, written whole, the latest
few of a document kept. The pages that use it are tested with them (tests/scoring/players/test_results_print.py,
tests/dealing/test_hand_record_print.py)."""

from __future__ import annotations

import pytest

from clubsite import pdf

PAGE = '<html><body><p style="font: 12pt sans-serif">Results of {n}</p></body></html>'


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def renders(monkeypatch):
    made: list[str] = []
    write = pdf.pdf_from_html

    def counted(html: str) -> bytes:
        made.append(html)
        return write(html)

    monkeypatch.setattr(pdf, "pdf_from_html", counted)
    return made


@pytest.mark.slow  # WeasyPrint imported and its fonts loaded by the first PDF of a process: about a second
def test_the_same_html_gives_the_kept_pdf_and_other_html_a_new_one(media, renders):
    first = pdf.pdf_kept(PAGE.format(n=1), folder="results/7")
    assert first.startswith(b"%PDF-") and renders == [PAGE.format(n=1)]
    assert pdf.pdf_kept(PAGE.format(n=1), folder="results/7") == first and len(renders) == 1
    other = pdf.pdf_kept(PAGE.format(n=2), folder="results/7")
    assert other.startswith(b"%PDF-") and other != first and len(renders) == 2
    kept = pdf.pdfs_kept("results/7")
    assert [p.name for p in kept] == [f"{pdf.pdf_key(PAGE.format(n=2))}.pdf", f"{pdf.pdf_key(PAGE.format(n=1))}.pdf"]
    assert not list(kept[0].parent.glob(".*"))  # no half-written file left beside them


@pytest.mark.slow
def test_a_document_keeps_its_latest_versions_the_ones_used_last(media, renders):
    pdf.pdf_kept(PAGE.format(n=0), folder="results/7")
    for n in range(1, pdf.KEEP + 2):
        pdf.pdf_kept(PAGE.format(n=n), folder="results/7")
        pdf.pdf_kept(PAGE.format(n=0), folder="results/7")  # used again each time: kept
    kept = {p.name for p in pdf.pdfs_kept("results/7")}
    assert len(kept) == pdf.KEEP and f"{pdf.pdf_key(PAGE.format(n=0))}.pdf" in kept
    assert f"{pdf.pdf_key(PAGE.format(n=1))}.pdf" not in kept  # the oldest not used since: removed
    assert len(renders) == pdf.KEEP + 2
    pdf.pdf_kept(PAGE.format(n=1), folder="hand-records/7")  # another document keeps its own
    assert len(pdf.pdfs_kept("results/7")) == pdf.KEEP and len(pdf.pdfs_kept("hand-records/7")) == 1


@pytest.mark.parametrize("folder", ["", "../results", "results/../../etc", "/tmp/results"])
def test_a_folder_outside_the_kept_pdfs_is_refused(media, folder):
    with pytest.raises(ValueError, match="not a folder for kept PDFs"):
        pdf.pdf_kept(PAGE.format(n=1), folder=folder)


@pytest.mark.slow
def test_a_pdf_that_cannot_be_kept_is_still_served(settings, tmp_path, renders, caplog):
    settings.MEDIA_ROOT = tmp_path / "a-file"
    settings.MEDIA_ROOT.write_text("not a folder")
    assert pdf.pdf_kept(PAGE.format(n=1), folder="results/7").startswith(b"%PDF-")
    assert pdf.pdf_kept(PAGE.format(n=1), folder="results/7").startswith(b"%PDF-") and len(renders) == 2
    assert "could not be kept" in caplog.text
