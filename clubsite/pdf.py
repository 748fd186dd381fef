"""PDFs from the print pages' HTML (WeasyPrint), each made once and kept: results, hand records.

* ``pdf_kept(html, folder=…)`` — the PDF of ``html``: the one kept for this very HTML if it was made before, else
  written now (``pdf_from_html``) and kept. A kept PDF is named by the SHA-256 of the HTML it was made from (and
  WeasyPrint's version), so it is found only by a request that has just rendered the same HTML for its viewer,
  under that viewer's visibility rule: a director's preview is never served to a player (their HTML differs),
  and once a result, a name, the publication's state, the language or a template changes, the HTML changes and a
  new PDF is made — a PDF that no longer says what the results say is never served. Rendering the HTML takes
  milliseconds; WeasyPrint takes a second or more (``docs/benchmarks.md``, "PDFs made once").
  The files live under ``MEDIA_ROOT/pdfs/<folder>/`` (never served directly: every request goes through its
  view's rule); the newest ``KEEP`` of a folder used last are kept (``folder`` names one document, e.g.
  ``results/12``), older ones are removed when a new one is written.
* ``pdf_from_html(html)`` — WeasyPrint itself, A4 pages as the HTML's ``@page`` rules say.
* ``fewer_collections()`` — WeasyPrint with fewer garbage collections, for every printing module (guide cards,
  hand records, results). WeasyPrint builds millions of small objects: with Python's default garbage-collector
  thresholds a good part of a 64-pair guide-card PDF's time went to young-generation collections (about 42 s;
  34 s with these settings, the same peak memory: docs/benchmarks.md). It raises the thresholds while a render
  runs and restores them, with one full collection, when the last render running in the process ends.
"""

from __future__ import annotations

import gc as collector
import hashlib
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from django.conf import settings

RENDER_GC_THRESHOLD = (10_000, 10, 10)  # gen-0 allocations (default 700) while rendering
KEEP = 6  # PDFs kept per document (its latest versions: a preview and the published results, two languages …)
_lock = threading.Lock()
logger = logging.getLogger(__name__)


class _Renders:
    """The renders running in the process, and the thresholds to restore when the last ends (guarded by _lock)."""

    running: int = 0
    saved: tuple[int, int, int] | None = None


_renders = _Renders()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's thresholds while WeasyPrint runs; restore them (and collect) when the last render in
    the process ends."""
    with _lock:
        if _renders.running == 0:
            _renders.saved = collector.get_threshold()
            collector.set_threshold(*RENDER_GC_THRESHOLD)
        _renders.running += 1
    try:
        yield
    finally:
        with _lock:
            _renders.running -= 1
            if _renders.running == 0:
                assert _renders.saved is not None  # saved when the count left 0, under the same lock
                collector.set_threshold(*_renders.saved)
        collector.collect()


def pdf_from_html(html: str) -> bytes:
    """Write ``html`` (a print page rendered for paper: no screen tools) as a PDF."""
    from weasyprint import HTML  # imported on first use: about half a second and 40 MB a process that never prints

    with fewer_collections():
        return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


@lru_cache(maxsize=1)
def _renderer() -> str:
    """What a PDF is made with besides its HTML: a new WeasyPrint makes new PDFs."""
    return f"weasyprint {version('weasyprint')}\n"


def pdf_key(html: str) -> str:
    """The name of the PDF of ``html``: SHA-256 of the renderer and the HTML, in hex."""
    return hashlib.sha256((_renderer() + html).encode()).hexdigest()


def _folder(folder: str) -> Path:
    parts = Path(folder).parts
    if not parts or any(part in ("", ".", "..") or part.startswith("/") for part in parts):
        raise ValueError(f"not a folder for kept PDFs: {folder!r}")
    return Path(settings.MEDIA_ROOT) / "pdfs" / Path(*parts)


def pdf_kept(html: str, *, folder: str) -> bytes:
    """The PDF of ``html``, made once and kept in ``folder`` (e.g. ``results/12``); see the module's docstring."""
    path = _folder(folder) / f"{pdf_key(html)}.pdf"
    try:
        pdf = path.read_bytes()
    except OSError:  # not made yet (or the folder unreadable: made again below)
        pass
    else:
        with suppress(OSError):
            os.utime(path)  # used now: the folder keeps the PDFs used last
        return pdf
    pdf = pdf_from_html(html)
    try:
        _keep(path, pdf)
    except OSError:  # a full disk or a read-only folder: this reader still gets the PDF, the next makes it again
        logger.exception("the PDF %s could not be kept", path)
    return pdf


def _keep(path: Path, pdf: bytes) -> None:
    """Write ``pdf`` at ``path`` whole or not at all (a reader never sees half a file), then prune the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.stem}.{os.getpid()}.{threading.get_ident()}.part")
    partial.write_bytes(pdf)
    os.replace(partial, path)
    others = []
    for other in path.parent.glob("*.pdf"):
        if other != path:
            with suppress(FileNotFoundError):  # removed meanwhile by another request's pruning
                others.append((other.stat().st_mtime_ns, other))
    others.sort(reverse=True)  # newest first
    for _mtime, old in others[KEEP - 1 :]:
        with suppress(FileNotFoundError):
            old.unlink()


def pdfs_kept(folder: str) -> list[Path]:
    """The PDFs kept in ``folder``, newest first (for tests and the benchmark)."""
    root = _folder(folder)
    if not root.is_dir():
        return []
    return sorted(root.glob("*.pdf"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
