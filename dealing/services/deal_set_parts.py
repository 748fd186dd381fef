"""What a deal-set job writes and where: its outputs, its part files, their names, their removal.

Part of the deal-set service (:mod:`dealing.services.deal_sets` is the entry point; chunks are
run by :mod:`dealing.services.deal_set_chunks`, files joined by
:mod:`dealing.services.deal_set_assembly`).

* **Outputs** (:data:`OUTPUTS`): ``pbn`` (PBN 2.1), ``pbn-gz`` (the same text gzip-compressed:
  one gzip member for the header and one per :data:`GZIP_MEMBER_DEALS` deals — ``zcat`` and
  Python's ``gzip`` read it as one stream), ``csv`` (``index,board,number,deal``), ``binary``
  (12 bytes per deal: its Pavlicek number, big-endian) and, with analysis, ``analysis``: a CSV of
  ``index,board,double_dummy_tricks,optimum_score,par_contract`` (PBN's DoubleDummyTricks,
  OptimumScore and ParContract values).
* **Names** in the ``deal_sets`` storage (Django's storage API: a file system by default, an
  S3-compatible store by setting): a chunk's part is ``jobs/<job>/parts/<output>/<chunk:07d>``;
  an assembler writes its files under ``jobs/<job>/files-<random>/``, and only the published
  folder is kept.
* **Whole parts** (:class:`PartWriter`): a part is written under a temporary name and moved into
  place in one step (``os.replace`` on a file system; on an object store one PUT, which is whole
  or absent), so a part that exists is complete, and a chunk run twice writes the same bytes.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO

from django.core.files import File
from django.core.files.storage import FileSystemStorage, storages
from django.utils.text import slugify
from django.utils.translation import gettext_lazy

GZIP_MEMBER_DEALS = 16_384  # deals per gzip member of pbn-gz (2.8 MB of text); dealing chunks hold whole members
GZIP_LEVEL = 6


@dataclass(frozen=True)
class Output:
    code: str
    stream: str  # the dealing.domain.streaming format, or "" for the analysis CSV
    suffix: str
    gzip: bool
    title: str


OUTPUTS: dict[str, Output] = {
    "pbn": Output("pbn", "pbn", ".pbn", False, gettext_lazy("PBN")),
    "pbn-gz": Output("pbn-gz", "pbn", ".pbn.gz", True, gettext_lazy("PBN, gzip-compressed")),
    "csv": Output("csv", "csv", ".csv", False, gettext_lazy("CSV of deal numbers (index, board, number, deal)")),
    "binary": Output("binary", "binary", ".bin", False, gettext_lazy("Binary: 12-byte deal numbers")),
    "analysis": Output("analysis", "", "-dd.csv", False, gettext_lazy("Double-dummy tables and par (CSV)")),
}
DEAL_OUTPUTS = ("pbn", "pbn-gz", "csv", "binary")
ANALYSIS_HEADER = b"index,board,double_dummy_tricks,optimum_score,par_contract\n"


def storage():
    return storages["deal_sets"]


def is_local(store) -> bool:
    """A storage whose files are files on this machine (``path()`` is real): renames are atomic there."""
    return isinstance(store, FileSystemStorage)


def job_dir(deal_set_id: int) -> str:
    return f"jobs/{deal_set_id}"


def part_name(deal_set_id: int, code: str, index: int) -> str:
    return f"{job_dir(deal_set_id)}/parts/{code}/{index:07d}"


def deal_codes(deal_set) -> list[str]:
    """The job's dealing outputs, in their fixed order."""
    return [code for code in DEAL_OUTPUTS if code in deal_set.formats]


def outputs_of(deal_set) -> list[str]:
    return deal_codes(deal_set) + (["analysis"] if deal_set.analysis else [])


def file_name(deal_set, code: str) -> str:
    label = slugify(deal_set.label)[:40] or "deals"
    return f"{deal_set.club.slug}-{label}-{deal_set.pk}{OUTPUTS[code].suffix}"


class PartWriter:
    """One part file: written under a temporary name, then moved into place whole."""

    def __init__(self, store, name: str):
        self.store, self.name, self.size = store, name, 0
        if not is_local(store):  # an object store: a PUT is whole or absent
            self.final, self.temp = None, None
            self.file: IO[bytes] = tempfile.TemporaryFile()
        else:
            self.final = store.path(name)
            os.makedirs(os.path.dirname(self.final), exist_ok=True)
            self.temp = f"{self.final}.tmp-{uuid.uuid4().hex}"
            self.file = open(self.temp, "wb")

    def write(self, data: bytes) -> None:
        self.file.write(data)
        self.size += len(data)

    def commit(self) -> int:
        if self.final is not None:
            assert self.temp is not None  # set together with final
            self.file.close()
            os.replace(self.temp, self.final)
        else:
            self.file.seek(0)
            if not self.store.exists(self.name):  # if it exists, it holds these very bytes
                self.store.save(self.name, File(self.file, name=os.path.basename(self.name)))
            self.file.close()
        return self.size

    def discard(self) -> None:
        self.file.close()
        if self.temp is not None:
            try:
                os.unlink(self.temp)
            except FileNotFoundError:
                pass


def parts_present(store, deal_set_id: int, chunk, codes: Iterable[str]) -> bool:
    """Every part of a finished chunk is stored, with the size the chunk recorded."""
    try:
        return all(
            store.exists(part_name(deal_set_id, code, chunk.index))
            and store.size(part_name(deal_set_id, code, chunk.index)) == chunk.part_sizes.get(code)
            for code in codes
        )
    except OSError:
        return False


def delete_quietly(store, names: Iterable[str]) -> None:
    for name in names:
        try:
            store.delete(name)
        except OSError:
            pass


def delete_tree(store, folder: str, keep: str | None = None) -> int:
    """Delete the files under ``folder`` (except under ``keep``), and the emptied folders."""
    deleted = 0
    try:
        folders, names = store.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return 0
    for sub in folders:
        path = f"{folder}/{sub}"
        if keep is None or (path != keep and not keep.startswith(path + "/")):
            deleted += delete_tree(store, path)
        elif keep.startswith(path + "/"):
            deleted += delete_tree(store, path, keep)
    for name in names:
        delete_quietly(store, [f"{folder}/{name}"])
        deleted += 1
    if keep is None or not keep.startswith(folder + "/"):
        delete_quietly(store, [folder])
    return deleted
