"""Deal-set jobs through the service layer, with Celery eager (tasks run inline, in order)."""

from __future__ import annotations

import gzip
import hashlib
from itertools import accumulate

import pytest
from django.core.files.storage import storages

from bridge.errors import BridgeError
from dealing.models import DealSet, DealSetChunk, DealSetFile
from dealing.services import deal_sets as service

from .conftest import sequential_output

KEY = "0f" * 32


def _create(director, club, **kwargs):
    values = {"user": director, "club": club, "count": 10, "formats": ["pbn"]}
    values.update(kwargs)
    return service.deal_set_create(**values)


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, 65_536), (65_536, 65_536), (2_000_000, 65_536), (3_200_000, 131_072), (100_000_000, 1_048_576)],
)
def test_big_dealing_chunks_are_whole_gzip_members(count, expected):
    assert service.deal_chunk_size(count) == expected
    assert expected % service.GZIP_MEMBER_DEALS == 0


@pytest.mark.parametrize("count", [1, 16_384, 16_385, 70_000, 200_000, 2_000_000, 10_000_000, 100_000_000])
def test_dealing_chunks_cover_the_set_and_shrink_towards_the_end(count):
    bounds = service.deal_chunk_bounds(count)
    assert [start for start, _ in bounds] == [0] + list(accumulate(n for _, n in bounds[:-1]))
    assert sum(n for _, n in bounds) == count
    # every boundary a whole number of gzip members; none bigger than the big chunks
    assert all(start % service.GZIP_MEMBER_DEALS == 0 for start, _ in bounds)
    assert all(n <= service.deal_chunk_size(count) for _, n in bounds)
    sizes = [n for _, n in bounds]
    assert sizes[:-1] == sorted(sizes[:-1], reverse=True)  # never growing
    if count > 16 * service.GZIP_MEMBER_DEALS:  # the last ones are single members: workers finish together
        assert sizes[-service.GUIDE : -1] == [service.GZIP_MEMBER_DEALS] * (service.GUIDE - 1)
    assert len(bounds) <= 200


@pytest.mark.parametrize(("count", "expected"), [(1, 4), (100, 4), (100_000, 25), (100_000_000, 4000)])
def test_analysis_chunks(count, expected):
    assert service.analysis_chunk_size(count) == expected


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"count": 0}, "count", "1 … 100,000,000 deals, not 0"),
        ({"count": 100_000_001}, "count", "not 100,000,001"),
        ({"count": "many"}, "count", "whole number"),
        ({"formats": ["pbn", "dup"]}, "formats", "Unknown format 'dup'"),
        ({"formats": []}, "formats", "at least one format"),
        ({"key_hex": "abc123"}, "key", "64 hex digits (256 bits), not 6"),
        ({"key_hex": "zz" * 32}, "key", "hex digits only"),
        ({"label": "x" * 101}, "label", "at most 100 characters"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_queued(
    director, club, deal_set_root, django_capture_on_commit_callbacks, kwargs, field, words
):
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(BridgeError) as error:
        _create(director, club, **kwargs)
    assert error.value.field == field
    assert words in str(error.value)
    assert callbacks == []
    assert not DealSet.objects.exists() and not DealSetChunk.objects.exists()


@pytest.mark.django_db
def test_someone_elses_commitment_is_refused(
    director, club, other_director, other_club, make_commitment, django_capture_on_commit_callbacks
):
    from clubs.services import session_create

    theirs = make_commitment(
        other_club, other_director, [session_create(club=other_club, name="Hill pairs", date="2026-12-01")]
    )
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(BridgeError) as error:
        _create(director, club, commitment=theirs.pk)
    assert error.value.field == "commitment"
    assert f"Commitment {theirs.pk} is not one of Riverside Bridge Club's commitments" in str(error.value)
    assert callbacks == [] and not DealSet.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("publish", "dv", "words"), [(False, None, "is a draft"), (True, None, "delayed value is not known")]
)
def test_a_commitment_is_usable_only_with_its_delayed_value(
    director, club, club_session, make_commitment, publish, dv, words
):
    commitment = make_commitment(club, director, [club_session], publish=publish, dv=dv)
    with pytest.raises(BridgeError, match=words):
        _create(director, club, commitment=commitment.pk)
    assert not DealSet.objects.exists()


@pytest.mark.django_db
def test_a_commitment_session_label_is_refused(director, club, club_session, make_commitment):
    commitment = make_commitment(club, director, [club_session])
    label = commitment.entries.get().label
    with pytest.raises(BridgeError, match="would show that session's deals") as error:
        _create(director, club, commitment=commitment.pk, label=label)
    assert error.value.field == "label"


@pytest.mark.django_db
def test_a_key_and_a_commitment_together_are_refused(director, club, club_session, make_commitment):
    commitment = make_commitment(club, director, [club_session])
    with pytest.raises(BridgeError, match="not both"):
        _create(director, club, commitment=commitment.pk, key_hex=KEY)


@pytest.mark.django_db
def test_only_a_director_of_the_club_may_create(other_director, club, scorer):
    from django.core.exceptions import PermissionDenied

    for user in (other_director, scorer):
        with pytest.raises(PermissionDenied):
            _create(user, club)
    assert not DealSet.objects.exists()


@pytest.mark.django_db
def test_new_keys_are_random_and_never_in_repr(director, club):
    one, two = _create(director, club), _create(director, club)
    assert bytes(one.secret_key) != bytes(two.secret_key) and len(bytes(one.secret_key)) == 32
    assert one.key_source == DealSet.KeySource.NEW
    assert one.key_fingerprint == hashlib.sha256(bytes(one.secret_key)).hexdigest()[:16]
    assert bytes(one.secret_key).hex() not in repr(one) + str(one)


@pytest.mark.django_db
def test_commitment_key_is_its_dealing_key(director, club, club_session, make_commitment):
    from dealing.domain import commitment as domain

    commitment = make_commitment(club, director, [club_session])
    deal_set = _create(director, club, commitment=commitment.pk, label="congress-extra")
    expected = domain.RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key()
    assert bytes(deal_set.secret_key) == expected and deal_set.commitment == commitment


@pytest.mark.django_db
def test_chunks_cover_the_set_exactly(director, club):
    deal_set = _create(director, club, count=200_000, analysis=True)
    dealing = list(deal_set.chunks.filter(kind=DealSetChunk.Kind.DEAL).order_by("index"))
    assert [(c.start, c.count) for c in dealing] == service.deal_chunk_bounds(200_000)
    analysis = list(deal_set.chunks.filter(kind=DealSetChunk.Kind.ANALYSIS).order_by("index"))
    assert [c.start for c in analysis] == list(range(0, 200_000, 49))
    assert sum(c.count for c in analysis) == 200_000


def _read(stored: DealSetFile) -> bytes:
    with storages["deal_sets"].open(stored.storage_name, "rb") as handle:
        return handle.read()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_eager_job_equals_sequential_generation(director, club, deal_set_root, django_capture_on_commit_callbacks):
    count = 70_000  # two dealing chunks, the second short
    deal_set = _create(
        director, club, count=count, formats=["binary", "pbn", "csv", "pbn-gz"], key_hex=KEY, label="Autumn congress"
    )
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.DONE
    files = {f.output: f for f in deal_set.files.all()}
    assert list(files) == ["pbn", "pbn-gz", "csv", "binary"]
    key = bytes.fromhex(KEY)
    for code, stored in files.items():
        data = _read(stored)
        assert data == sequential_output(code, key, "Autumn congress", count), code
        assert stored.size == len(data) and stored.sha256 == hashlib.sha256(data).hexdigest()
    assert gzip.decompress(_read(files["pbn-gz"])) == _read(files["pbn"])
    assert _read(files["pbn"]).count(b"[Deal ") == count
    # the parts are gone; only the published files remain
    published = {f.storage_name for f in files.values()}
    remaining = {str(p.relative_to(deal_set_root)) for p in deal_set_root.rglob("*") if p.is_file()}
    assert remaining == published


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_eager_analysis_equals_direct_solving(director, club, deal_set_root):
    deal_set = _create(director, club, count=5, formats=["pbn"], analysis=True, key_hex=KEY, label="dd")
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.DONE
    stored = deal_set.files.get(output="analysis")
    assert _read(stored) == sequential_output("analysis", bytes.fromhex(KEY), "dd", 5)
    assert stored.name.endswith("-dd.csv")


@pytest.mark.django_db(transaction=True)
def test_a_rerun_chunk_writes_identical_bytes_and_is_skipped_when_present(director, club, deal_set_root):
    deal_set = _create(director, club, count=70_000, formats=["pbn"], key_hex=KEY)
    chunk = deal_set.chunks.get(kind="deal", index=1)
    part = deal_set_root / service.part_name(deal_set.pk, "pbn", 1)
    # publish removed the parts: run the chunk again by hand on a job set back to running
    DealSet.objects.filter(pk=deal_set.pk).update(status=DealSet.Status.RUNNING)
    DealSetChunk.objects.filter(pk=chunk.pk).update(status=DealSetChunk.Status.PENDING)
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=1) == chunk.count
    first = part.read_bytes()
    DealSetChunk.objects.filter(pk=chunk.pk).update(status=DealSetChunk.Status.PENDING)
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=1) == chunk.count
    assert part.read_bytes() == first
    assert not list(part.parent.glob("*.tmp-*"))
    # done, and its part is there whole: a duplicate delivery does nothing
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=1) == 0
    chunk.refresh_from_db()
    assert chunk.attempts == 3 and chunk.status == DealSetChunk.Status.DONE and chunk.peak_memory_kb > 0


@pytest.mark.django_db  # on_commit never fires: the job is not started, the test drives it
def test_a_chunk_task_goes_on_with_the_chunks_nobody_has_started(director, club, deal_set_root, monkeypatch):
    from django.utils import timezone

    from dealing.services import deal_set_chunks

    # A heartbeat is lost after ten minutes here, not five seconds: dealing the other chunks takes more than five
    # seconds on a busy machine, and the chunk "someone is on it" must still be beating when it is asked for.
    monkeypatch.setattr(deal_set_chunks, "HEARTBEAT_LOST", 600.0)
    deal_set = _create(director, club, count=70_000, formats=["binary"], key_hex=KEY)
    DealSet.objects.filter(pk=deal_set.pk).update(status=DealSet.Status.RUNNING)
    busy = deal_set.chunks.get(index=2)
    DealSetChunk.objects.filter(pk=busy.pk).update(
        status=DealSetChunk.Status.RUNNING, worker="other@test", heartbeat_at=timezone.now()
    )  # someone is on it
    dealt = service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=0, worker="helper@test")
    chunks = {c.index: c for c in deal_set.chunks.all()}
    assert dealt == 70_000 - busy.count
    assert {i for i, c in chunks.items() if c.worker == "helper@test" and c.status == "done"} == {0, 1, 3, 4}
    assert chunks[2].status == "running" and chunks[2].attempts == 0
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=2, worker="late@test") == 0  # still beating
    # its worker died: no heartbeat for HEARTBEAT_LOST seconds, and the chunk's message comes again
    lost = timezone.now() - timezone.timedelta(seconds=deal_set_chunks.HEARTBEAT_LOST + 1)
    DealSetChunk.objects.filter(pk=busy.pk).update(heartbeat_at=lost)
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=2, worker="late@test") == busy.count
    assert deal_set.chunks.get(index=2).worker == "late@test"


@pytest.mark.django_db  # on_commit never fires: the job is not started, the test drives it
def test_cancel_publishes_nothing_and_deletes_the_parts(director, club, deal_set_root):
    deal_set = _create(director, club, count=70_000, formats=["pbn", "binary"], key_hex=KEY)
    # one chunk is done before the director cancels
    DealSet.objects.filter(pk=deal_set.pk).update(status=DealSet.Status.RUNNING)
    service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=0, others=False)
    assert any(deal_set_root.rglob("0000000"))
    service.deal_set_cancel(deal_set=deal_set, user=director)
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.CANCELLED
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=1) == 0  # a late delivery does nothing
    assert service.deal_set_assemble(deal_set_id=deal_set.pk) == DealSet.Status.CANCELLED
    service.deal_set_cleanup(deal_set_id=deal_set.pk)
    assert not DealSetFile.objects.exists()
    assert not [p for p in deal_set_root.rglob("*") if p.is_file()]
    with pytest.raises(BridgeError, match="only a queued or running one can be cancelled"):
        service.deal_set_cancel(deal_set=deal_set, user=director)


@pytest.mark.django_db  # on_commit never fires: the job is not started, the test drives it
def test_assembler_redoes_a_chunk_whose_part_was_lost(director, club, deal_set_root):
    deal_set = _create(director, club, count=70_000, formats=["pbn"], key_hex=KEY)
    DealSet.objects.filter(pk=deal_set.pk).update(status=DealSet.Status.RUNNING)
    for index in (0, 1):
        service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=index, others=False, worker="dealer@test")
    (deal_set_root / service.part_name(deal_set.pk, "pbn", 1)).unlink()
    assert service.deal_set_assemble(deal_set_id=deal_set.pk, worker="assembler@test") == DealSet.Status.DONE
    chunks = list(deal_set.chunks.order_by("index"))
    assert all(c.status == DealSetChunk.Status.DONE for c in chunks)
    assert (chunks[0].attempts, chunks[0].worker) == (1, "dealer@test")  # its part was there: appended as it was
    by_assembler = "assembler@test (assembler)"
    assert (chunks[1].attempts, chunks[1].worker) == (2, by_assembler)  # its part was lost: made again
    assert {(c.attempts, c.worker) for c in chunks[2:]} == {(1, by_assembler)}  # nobody had started them
    deal_set.refresh_from_db()
    assert deal_set.assembler == "" and deal_set.assembler_seen_at is None  # the lease is given back
    data = _read(deal_set.files.get())
    assert data == sequential_output("pbn", bytes.fromhex(KEY), deal_set.label, 70_000)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_chunk_of_several_gzip_members(director, club, deal_set_root):
    deal_set = _create(director, club, count=300_000, formats=["pbn-gz"], key_hex=KEY, label="members")
    sizes = list(deal_set.chunks.filter(kind="deal").order_by("index").values_list("count", flat=True))
    assert sizes[0] == 2 * service.GZIP_MEMBER_DEALS and sizes[-2] == service.GZIP_MEMBER_DEALS
    data = _read(DealSet.objects.get(pk=deal_set.pk).files.get())
    assert data == sequential_output("pbn-gz", bytes.fromhex(KEY), "members", 300_000)
    assert data.count(b"\x1f\x8b\x08") >= 1 + 300_000 // service.GZIP_MEMBER_DEALS  # header + members


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_storage_without_local_paths_streams_parts_and_files(director, club, settings):
    """An object store (no ``path()``): parts are uploaded whole, files streamed through ``save``."""
    settings.STORAGES = {**settings.STORAGES, "deal_sets": {"BACKEND": "django.core.files.storage.InMemoryStorage"}}
    store = storages["deal_sets"]
    deal_set = _create(director, club, count=70_000, formats=["pbn-gz", "binary"], key_hex=KEY, label="objects")
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.DONE
    for stored in deal_set.files.all():
        assert _read(stored) == sequential_output(stored.output, bytes.fromhex(KEY), "objects", 70_000)
        assert stored.sha256 == hashlib.sha256(_read(stored)).hexdigest()
    folders, _ = store.listdir(f"jobs/{deal_set.pk}")
    assert [f for f in folders if not f.startswith("files-")] == []  # the parts are gone


@pytest.mark.django_db  # on_commit fires only where the test says so
def test_a_failed_job_resumes_and_keeps_its_finished_chunks(
    director, club, deal_set_root, django_capture_on_commit_callbacks
):
    deal_set = _create(director, club, count=70_000, formats=["binary"], key_hex=KEY, label="resumed")
    DealSet.objects.filter(pk=deal_set.pk).update(status=DealSet.Status.RUNNING)
    service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=0, others=False)
    # chunk 1 failed for good: the job failed
    service.deal_set_fail(deal_set_id=deal_set.pk, message="OSError: disk full")
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.FAILED and deal_set.error == "OSError: disk full"
    assert service.deal_set_chunk_run(deal_set_id=deal_set.pk, index=1) == 0  # a failed job runs nothing
    assert deal_set.chunks.get(index=1).attempts == 0
    other = _create(director, club)
    with pytest.raises(BridgeError, match="Only a failed or stalled deal set can be resumed"):
        service.deal_set_resume(deal_set=other, user=director)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        service.deal_set_resume(deal_set=deal_set, user=director)
    assert len(callbacks) == 1
    deal_set.refresh_from_db()
    assert deal_set.status == DealSet.Status.DONE and deal_set.error == ""
    assert deal_set.chunks.get(index=0).attempts == 1  # kept, not redone
    assert deal_set.chunks.get(index=1).attempts == 1
    assert _read(deal_set.files.get()) == sequential_output("binary", bytes.fromhex(KEY), "resumed", 70_000)
