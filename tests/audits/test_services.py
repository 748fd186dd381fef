"""Audits of SquareDeal events, through the services: the WBG 2024 files pass, all 1,186 boards; the DV's
±0.01 neighbours fail both ways; bad files are refused naming the file and the line, and nothing is saved;
a concluded audit never changes."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from audits import services
from audits.models import AuditFile, AuditSession, ConcludedAuditError, SquareDealAudit
from audits.services import Upload
from dealing.domain import squaredeal as sq
from dealing.domain.formats.pbn import export_pbn

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(auditor, wbg):
    return services.audit_create(user=auditor, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))


@pytest.fixture
def run(django_capture_on_commit_callbacks, wbg):
    """``run(audit, user, *hand_records, dv=…, order=…, sqk=…)``: add the files, start, let the (eager) task run."""

    def go(audit, user, *records, dv="", order="auto", sqk=None):
        with django_capture_on_commit_callbacks(execute=True):
            services.audit_files_add(
                audit=audit,
                user=user,
                sqk=sqk or Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
                hand_records=[r if isinstance(r, Upload) else Upload(r, wbg[r]) for r in records],
            )
            services.audit_start(audit=audit, user=user, dv=dv, order=order)
        audit.refresh_from_db()
        return audit

    return go


@pytest.fixture(scope="module")
def wbg_event(wbg):
    return sq.read_sqd(wbg["WBG2024.sqd"]), sq.read_sqk(wbg["WBG2024.sqk"])


def session_pbn(wbg_event, phase, session, *, reserve=False, change=None):
    """A session's hand records as SquareDeal's PBN file (``change(board, deals)`` may alter them)."""
    tournament, keys = wbg_event
    deals = sq.session_deals(tournament, keys, phase, session, reserve)
    if change:
        deals = change(deals)
    return export_pbn(deals).encode()


def counts(audit):
    return audit.boards, audit.matched, audit.differing, audit.missing, audit.extra


# --- the acceptance: the World Bridge Games 2024 -------------------------------------------------------


def test_the_wbg_files_pass_all_1186_boards(draft, auditor, run):
    audit = run(draft, auditor, "allpbn.actual")
    assert audit.status == "concluded" and audit.verdict == "passed"
    assert counts(audit) == (1186, 1186, 0, 0, 0)
    assert audit.dv == "43275.91" and audit.dv_source == "published"
    assert audit.order_used == "names" and audit.order_matches == {"names": 1186, "sqd": 0}
    assert audit.key_check["matches"] and not audit.key_check["crlf_restored"]
    assert audit.key_check["computed"] == audit.key_hash
    sessions = AuditSession.objects.filter(audit=audit)
    assert sessions.count() == 90 and set(sessions.values_list("status", flat=True)) == {"match"}
    final = sessions.get(phase=7, session=6)
    assert (final.name, final.first_board, final.last_board, final.matched) == ("FIN6", 17, 32, 16)
    assert final.boards[0]["file"] == "allpbn.actual" and final.boards[0]["expected"] == final.boards[0]["found"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["allpbn.plusone", "allpbn.minusone"])
def test_the_dv_neighbours_hand_records_fail(draft, auditor, run, name):
    audit = run(draft, auditor, name)
    assert audit.verdict == "failed" and counts(audit) == (1186, 0, 1186, 0, 0)
    assert audit.key_check["matches"]  # the keys are right: the deals are not these keys' with this DV
    assert set(audit.sessions.values_list("status", flat=True)) == {"differs"}
    assert audit.order_matches == {"names": 0, "sqd": 0}
    board = audit.sessions.get(phase=1, session=1).boards[0]
    assert board["status"] == "differs" and board["expected"] != board["found"] and board["seats"]


@pytest.mark.slow
@pytest.mark.parametrize("dv", ["43275.92", "43275.90"])
def test_a_dv_typed_one_hundredth_off_fails_against_the_actual_deals(draft, auditor, run, dv):
    audit = run(draft, auditor, "allpbn.actual", dv=dv)
    assert audit.verdict == "failed" and counts(audit) == (1186, 0, 1186, 0, 0)
    assert audit.dv == dv and audit.dv_source == "typed"


@pytest.mark.slow
@pytest.mark.parametrize(("dv", "name"), [("43275.92", "allpbn.plusone"), ("43275.90", "allpbn.minusone")])
def test_the_neighbours_are_told_apart_both_ways(draft, auditor, run, dv, name):
    audit = run(draft, auditor, name, dv=dv)
    assert audit.verdict == "passed" and counts(audit) == (1186, 1186, 0, 0, 0)


@pytest.mark.slow
def test_a_key_file_with_lf_line_ends_still_matches_as_squaredeal_says(draft, auditor, run, wbg):
    audit = run(draft, auditor, "allpbn.actual", sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"].replace(b"\r\n", b"\n")))
    assert audit.verdict == "passed" and audit.key_check["crlf_restored"]


@pytest.mark.slow
def test_a_changed_key_fails_the_key_check_and_its_session(draft, auditor, run, wbg):
    lines = wbg["WBG2024.sqk"].split(b"\r\n")
    lines[6] = lines[6][:20] + (b"A" if lines[6][20:21] != b"A" else b"B") + lines[6][21:]
    audit = run(draft, auditor, "allpbn.actual", sqk=Upload("WBG2024.sqk", b"\r\n".join(lines)))
    assert audit.verdict == "failed" and not audit.key_check["matches"]
    assert audit.differing == 16 and audit.sessions.get(phase=1, session=7).status == "differs"


@pytest.mark.slow
def test_a_key_of_the_wrong_length_is_named_by_its_line(draft, auditor, run, wbg):
    lines = wbg["WBG2024.sqk"].split(b"\r\n")
    lines[6] = lines[6][:-1]
    audit = run(draft, auditor, "allpbn.actual", sqk=Upload("WBG2024.sqk", b"\r\n".join(lines)))
    assert audit.verdict == "failed"
    assert audit.key_check["suspects"] == [
        {"line": 7, "phase": 1, "session": 7, "length": 59, "usual": 60, "characters": ""}
    ]


@pytest.mark.slow
def test_a_missing_key_line_is_named(draft, auditor, run, wbg):
    lines = wbg["WBG2024.sqk"].split(b"\r\n")
    del lines[88]  # 7,5
    audit = run(draft, auditor, "allpbn.actual", sqk=Upload("WBG2024.sqk", b"\r\n".join(lines)))
    assert audit.verdict == "failed" and audit.key_check["missing"] == [[7, 5]]
    assert audit.sessions.get(phase=7, session=5).status == "no_key"


# --- per-session PBN files --------------------------------------------------------------------------


def test_pbn_files_per_session_with_boards_that_differ_are_missing_or_extra(draft, auditor, run, wbg_event):
    tournament, keys = wbg_event
    fin2 = sq.session_deals(tournament, keys, 7, 2)
    swapped = lambda deals: [(deals[0][0], deals[1][1]), (deals[1][0], deals[0][1])] + deals[2:]  # noqa: E731
    files = [
        Upload("FIN1.pbn", session_pbn(wbg_event, 7, 1)),
        Upload("FIN2.pbn", session_pbn(wbg_event, 7, 2, change=swapped)),
        Upload("FIN3.pbn", session_pbn(wbg_event, 7, 3, change=lambda d: d[:-1])),
        Upload("FIN4.pbn", session_pbn(wbg_event, 7, 4, change=lambda d: d + [(40, fin2[5][1])])),
    ]
    audit = run(draft, auditor, *files)
    assert audit.verdict == "failed"
    by_name = {s.name: s for s in audit.sessions.all()}
    assert by_name["FIN1"].status == "match" and by_name["FIN1"].matched == 16
    assert (by_name["FIN2"].status, by_name["FIN2"].differing, by_name["FIN2"].matched) == ("differs", 2, 14)
    first = by_name["FIN2"].boards[0]
    assert first["board"] == 17 and first["file"] == "FIN2.pbn" and first["line"] > 0
    assert set(first["seats"]) <= set("NESW")
    assert (by_name["FIN3"].status, by_name["FIN3"].missing) == ("differs", 1)
    assert by_name["FIN3"].boards[-1]["board"] == 16 and by_name["FIN3"].boards[-1]["status"] == "missing"
    assert (by_name["FIN4"].status, by_name["FIN4"].extra) == ("differs", 1)
    assert by_name["OPRR01"].status == "not_given"
    assert counts(audit) == (16 * 4 + 1, 16 * 4 - 2 - 1, 2, 1, 1)  # FIN4's extra board counts


def test_correct_files_for_some_sessions_only_are_incomplete(draft, auditor, run, wbg_event):
    audit = run(
        draft, auditor, Upload("SF3.pbn", session_pbn(wbg_event, 6, 3)), Upload("sf4.PBN", session_pbn(wbg_event, 6, 4))
    )
    assert audit.verdict == "incomplete" and counts(audit) == (32, 32, 0, 0, 0)
    assert audit.sessions.filter(status="match").count() == 2
    assert audit.sessions.filter(status="not_given").count() == 88


def test_a_session_played_with_its_reserve_set_is_said_so(draft, auditor, run, wbg_event):
    audit = run(draft, auditor, Upload("QF1reserve.pbn", session_pbn(wbg_event, 5, 1, reserve=True)))
    session = audit.sessions.get(phase=5, session=1)
    assert session.status == "reserve" and session.reserve == 16 and audit.reserve == 16
    assert audit.verdict == "incomplete"  # nothing differs; the other sessions were not given


def test_a_combined_file_covers_its_sessions(draft, auditor, run, wbg_event):
    both = session_pbn(wbg_event, 7, 1) + b"\n" + session_pbn(wbg_event, 7, 2).split(b"\n", 4)[4]
    audit = run(draft, auditor, Upload("FIN1-2.pbn", both))
    assert [(s.name, s.status) for s in audit.sessions.exclude(status="not_given")] == [
        ("FIN1", "match"),
        ("FIN2", "match"),
    ]


# --- the delayed value ------------------------------------------------------------------------------


def without_dv(data: bytes) -> bytes:
    return b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(b"DV "))


@pytest.mark.slow
def test_a_published_sqd_without_dv_takes_it_from_the_organisers_later_sqd(auditor, run, wbg):
    audit = services.audit_create(user=auditor, sqd=Upload("published.sqd", without_dv(wbg["WBG2024.sqd"])))
    services.audit_files_add(
        audit=audit,
        user=auditor,
        sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
        hand_records=[Upload("allpbn.actual", wbg["allpbn.actual"])],
    )
    with pytest.raises(ValidationError) as info:
        services.audit_start(audit=audit, user=auditor)
    assert info.value.message_dict == {"dv": ["Neither .sqd file has a DV line: type the delayed value."]}
    services.audit_files_add(audit=audit, user=auditor, final_sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))
    audit = run(audit, auditor)
    assert audit.verdict == "passed" and audit.dv_source == "final"


def test_the_organisers_later_sqd_must_repeat_the_published_one(draft, auditor, wbg):
    changed = wbg["WBG2024.sqd"].replace(b"SN 3:20:R16#", b"SN 3:24:R16#")
    with pytest.raises(ValidationError) as info:
        services.audit_files_add(audit=draft, user=auditor, final_sqd=Upload("later.sqd", changed))
    message = info.value.message_dict["final_sqd"][0]
    assert message.startswith("later.sqd: line 11: SN 3:24:R16#") and "WBG2024.sqd says SN 3:20:R16#" in message
    changed = wbg["WBG2024.sqd"].replace(b"DI DJI1910", b"DI DJI2010")
    with pytest.raises(
        ValidationError,
        match=r"later.sqd: line 4: DI 'DJI2010', but the published WBG2024.sqd says "
        r"'DJI1910'",
    ):
        services.audit_files_add(audit=draft, user=auditor, final_sqd=Upload("later.sqd", changed))
    assert not draft.files.filter(role=AuditFile.Role.FINAL_SQD).exists()


# --- bad input: a clear message naming the file and the line; nothing saved ---------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.replace(b"KH bd4a", b"XX bd4a"), "WBG2024.sqd: line 15: unknown line 'XX bd4a"),
        (
            lambda d: without_line(d, b"KH "),
            "WBG2024.sqd: the .sqd file has no KH line: the tournament was never published",
        ),
        (lambda d: d.replace(b"KH bd4a46", b"KH bd4a4"), "WBG2024.sqd: line 15: KH must be 64 hex digits"),
        (
            lambda d: d.replace(b"SN 3:20:R16#", b"SN 3:20-x:R16#"),
            "WBG2024.sqd: line 11: SN: boards '20-x': '20-x' is not",
        ),
        (lambda d: d.replace(b"SN 3:20:R16#:Round of 16 #/3", b"SN 3:20"), "WBG2024.sqd: line 11: SN needs"),
        (lambda d: d.replace(b"SN 3:20", b"SN three:20"), "WBG2024.sqd: line 11: SN: the number of sessions"),
        (lambda d: d + b"TN Again\r\n", "WBG2024.sqd: line 16: a second TN line (the first is line 3)"),
        (lambda d: b"", "WBG2024.sqd is empty."),
    ],
)
def test_a_bad_description_file_is_refused_naming_the_line(auditor, wbg, change, message):
    with pytest.raises(ValidationError) as info:
        services.audit_create(user=auditor, sqd=Upload("WBG2024.sqd", change(wbg["WBG2024.sqd"])))
    assert info.value.message_dict["sqd"][0].startswith(message), info.value.message_dict
    assert not SquareDealAudit.objects.exists()


def without_line(data: bytes, start: bytes) -> bytes:
    return b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(start))


def test_a_crlf_or_lf_description_file_reads_the_same(auditor, wbg):
    lf = services.audit_create(user=auditor, sqd=Upload("lf.sqd", wbg["WBG2024.sqd"].replace(b"\r\n", b"\n")))
    crlf = services.audit_create(user=auditor, sqd=Upload("crlf.sqd", wbg["WBG2024.sqd"].replace(b"\n", b"\r\n")))
    assert lf.key_hash == crlf.key_hash == "bd4a46bea10ad8d20abd580f6be8869ef7772191ee9f6851cb1ab25df52a573e"
    assert lf.event == crlf.event == "World Bridge Games 2024"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.replace(b"1,3:", b"1;3:"), "WBG2024.sqk: line 3: not a key line '1;3:"),
        (
            lambda d: d.replace(b"1,3:", b"1,2:"),
            "WBG2024.sqk: line 3: phase 1, session 2 has a second key (first on line 2)",
        ),
        (
            lambda d: d.split(b":", 1)[0] + b":\r\n" + d.split(b"\r\n", 1)[1],
            "WBG2024.sqk: line 1: phase 1, session 1 has an empty key",
        ),
        (lambda d: b"\r\n\r\n", "WBG2024.sqk: the .sqk file holds no keys"),
    ],
)
def test_a_bad_key_file_is_refused_naming_the_line(draft, auditor, wbg, change, message):
    with pytest.raises(ValidationError) as info:
        services.audit_files_add(audit=draft, user=auditor, sqk=Upload("WBG2024.sqk", change(wbg["WBG2024.sqk"])))
    assert info.value.message_dict["sqk"][0].startswith(message), info.value.message_dict
    assert list(draft.files.values_list("role", flat=True)) == ["sqd"]


DEAL = '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'


def actual_lines(wbg):
    return wbg["allpbn.actual"].decode().splitlines(keepends=True)


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        (
            "allpbn.actual",
            lambda w: "".join(actual_lines(w)[:-1]),
            "allpbn.actual: 1185 deals, but the event has 1186 boards in 90 sessions: a file of all deals holds one deal "
            "per board of every session, in order",
        ),
        ("allpbn.actual", lambda w: "".join(actual_lines(w) + actual_lines(w)[:1]), "allpbn.actual: 1187 deals, but"),
        (
            "allpbn.actual",
            lambda w: "".join(actual_lines(w)[:4] + ["AKQ.JT9.876.5432 x y z\n"] + actual_lines(w)[5:]),
            "allpbn.actual: line 5: East's hand: hand 'x' must have four suits separated by dots",
        ),
        (
            "allpbn.actual",
            lambda w: "".join(actual_lines(w)[:6] + [actual_lines(w)[6].replace("A", "K", 1)] + actual_lines(w)[7:]),
            "allpbn.actual: line 7: ",
        ),
        (
            "OPRR99.pbn",
            lambda w: '[Board "1"]\n' + DEAL,
            "OPRR99.pbn: its name names no session of the event (SquareDeal names the files OPRR01 … OPRR17, WSRR01 … WSRR23, "
            "MXRR01 … MXRR29, R161 … R163, QF1 … QF6, SF1 … SF6, FIN1 … FIN6)",
        ),
        (
            "FIN1.pbn",
            lambda w: '[Board "3"]\n' + DEAL + '\n[Board "3"]\n' + DEAL,
            "FIN1.pbn: line 5: board 3 is here twice (first on line 2)",
        ),
        ("FIN1.pbn", lambda w: DEAL, "FIN1.pbn: line 1: a deal without a Board tag"),
        (
            "FIN1.pbn",
            lambda w: '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"]\n',
            "FIN1.pbn: line 2: tag Deal: a PBN deal has four hands",
        ),
        ("FIN1.pbn", lambda w: "% nothing\n", "FIN1.pbn: the file holds no deals"),
    ],
)
def test_hand_records_that_do_not_fit_the_event_are_refused_naming_the_file(draft, auditor, wbg, name, make, message):
    with pytest.raises(ValidationError) as info:
        services.audit_files_add(audit=draft, user=auditor, hand_records=[Upload(name, make(wbg).encode())])
    assert info.value.message_dict["hand_records"][0].startswith(message), info.value.message_dict
    assert list(draft.files.values_list("role", flat=True)) == ["sqd"]


def test_a_session_given_twice_is_refused_and_the_first_file_kept(draft, auditor, wbg, wbg_event):
    services.audit_files_add(audit=draft, user=auditor, hand_records=[Upload("FIN1.pbn", session_pbn(wbg_event, 7, 1))])
    with pytest.raises(
        ValidationError, match="allpbn.actual: FIN1 is also in FIN1.pbn: give each session's hand records once"
    ):
        services.audit_files_add(
            audit=draft, user=auditor, hand_records=[Upload("allpbn.actual", wbg["allpbn.actual"])]
        )
    with pytest.raises(ValidationError, match="FIN1reserve.pbn: FIN1 is also in FIN1.pbn"):
        services.audit_files_add(
            audit=draft, user=auditor, hand_records=[Upload("FIN1reserve.pbn", session_pbn(wbg_event, 7, 1))]
        )
    assert list(draft.files.filter(role="records").values_list("name", flat=True)) == ["FIN1.pbn"]
    # the same name again replaces the file
    services.audit_files_add(audit=draft, user=auditor, hand_records=[Upload("FIN1.pbn", session_pbn(wbg_event, 7, 2))])
    assert draft.files.filter(role="records").count() == 1


# --- an event larger than an audit takes: refused naming the file and the line, before any dealing --------


def test_a_description_with_more_sessions_or_boards_than_an_audit_takes_is_refused(auditor, wbg):
    for change, message in (
        (
            (b"SN 3:20:", b"SN 999999:20:"),
            "WBG2024.sqd: line 11: phase 4 (Round of 16 #/3) has 999,999 sessions, "
            "more than the 999 an audit takes in a phase",
        ),
        (
            (b"SN 3:20:", b"SN 3:1-999999999:"),
            "WBG2024.sqd: line 11: phase 4 (Round of 16 #/3) has sessions of "
            "999,999,999 boards (1-999999999), more than the 100 an audit takes in a "
            "session",
        ),
        (
            (b"SN 3:20:", b"SN 999:20:"),
            "WBG2024.sqd: line 11: up to phase 4 (Round of 16 #/3) the event has "
            "20,818 deals, more than the 10,000 an audit deals",
        ),
    ):
        with pytest.raises(ValidationError) as info:
            services.audit_create(user=auditor, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"].replace(*change)))
        assert info.value.message_dict["sqd"] == [message]
    assert not SquareDealAudit.objects.exists()


def test_hand_records_spanning_more_boards_than_a_session_takes_are_refused(auditor):
    tournament, sqd, sqk = sq.create_tournament("Knockout", "DJI close 1 June", [(2, "?", "KO#", "Knockout #")])
    audit = services.audit_create(user=auditor, sqd=Upload("KO.sqd", sqd))
    services.audit_files_add(audit=audit, user=auditor, sqk=Upload("KO.sqk", sqk))
    deal = sq.Deal.from_pbn(DEAL[7:-3])
    far = export_pbn([(1, deal), (2, deal), (999_999_999, deal)]).encode()
    lines = far.decode().splitlines()
    line = next(n for n in range(lines.index('[Board "999999999"]'), len(lines)) if lines[n].startswith("[Deal ")) + 1
    with pytest.raises(ValidationError) as info:
        services.audit_files_add(audit=audit, user=auditor, hand_records=[Upload("KO1.pbn", far)])
    assert info.value.message_dict["hand_records"] == [
        f"KO1.pbn: line {line}: board 999999999: the session would hold boards 1 to 999999999, 999,999,999 boards, "
        "more than the 100 an audit takes in a session"
    ]
    assert sorted(audit.files.values_list("role", flat=True)) == ["sqd", "sqk"]


def test_a_draft_saved_before_the_limits_is_refused_when_started_and_nothing_is_queued(
    draft, auditor, wbg, django_capture_on_commit_callbacks
):
    services.audit_files_add(
        audit=draft,
        user=auditor,
        sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
        hand_records=[Upload("allpbn.actual", wbg["allpbn.actual"])],
    )
    oversized = wbg["WBG2024.sqd"].replace(b"SN 3:20:", b"SN 999999:20:")
    AuditFile.objects.filter(audit=draft, role=AuditFile.Role.PUBLISHED_SQD).update(content=oversized)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        with pytest.raises(ValidationError) as info:
            services.audit_start(audit=draft, user=auditor)
    assert info.value.message_dict["sqd"] == [
        "WBG2024.sqd: line 11: phase 4 (Round of 16 #/3) has 999,999 "
        "sessions, more than the 999 an audit takes in a phase"
    ]
    draft.refresh_from_db()
    assert draft.is_draft and draft.started_at is None and queued == []
    assert bytes(draft.files.get(role=AuditFile.Role.PUBLISHED_SQD).content) == oversized


# --- a permanent record -----------------------------------------------------------------------------


@pytest.mark.slow
def test_a_concluded_audit_cannot_be_changed(draft, auditor, run, wbg):
    audit = run(draft, auditor, "allpbn.actual")
    for attempt in (
        lambda: services.audit_files_add(audit=audit, user=auditor, sqk=Upload("x.sqk", b"1,1:a\r\n")),
        lambda: services.audit_start(audit=audit, user=auditor, dv="1"),
        lambda: services.audit_file_remove(audit=audit, user=auditor, file_id=audit.files.first().pk),
        lambda: services.audit_delete(audit=audit, user=auditor),
    ):
        with pytest.raises(ValidationError, match="concluded"):
            attempt()
    audit.verdict = "failed"
    with pytest.raises(ConcludedAuditError):
        audit.save()
    with pytest.raises(ConcludedAuditError):
        SquareDealAudit.objects.get(pk=audit.pk).delete()
    session = audit.sessions.first()
    session.status = "differs"
    with pytest.raises(ConcludedAuditError):
        session.save()
    with pytest.raises(ConcludedAuditError):
        audit.files.first().delete()
    audit.refresh_from_db()
    assert audit.verdict == "passed" and audit.sessions.filter(status="match").count() == 90


def test_running_twice_changes_nothing(draft, auditor, run):
    audit = run(draft, auditor, "allpbn.actual")
    concluded_at = audit.concluded_at
    assert services.audit_run(audit_id=audit.pk) == "passed"
    audit.refresh_from_db()
    assert audit.concluded_at == concluded_at and audit.sessions.count() == 90


@pytest.mark.slow
def test_the_files_are_kept_with_their_sha256_and_a_new_audit_can_be_made_from_them(draft, auditor, director, run, wbg):
    import hashlib

    audit = run(draft, auditor, "allpbn.plusone")
    files = {f.name: f for f in audit.files.all()}
    assert {name: f.sha256 for name, f in files.items()} == {
        name: hashlib.sha256(wbg[name]).hexdigest() for name in ("WBG2024.sqd", "WBG2024.sqk", "allpbn.plusone")
    }
    assert bytes(files["allpbn.plusone"].content) == wbg["allpbn.plusone"]
    copy = services.audit_copy(audit=audit, user=director)
    assert copy.is_draft and copy.copied_from == audit and copy.created_by == director
    assert sorted(copy.files.values_list("sha256", flat=True)) == sorted(f.sha256 for f in files.values())
    copy = run(copy, director, dv="43275.92", sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]))
    assert copy.verdict == "passed"
    audit.refresh_from_db()
    assert audit.verdict == "failed"  # the first audit stays as it was


def test_progress_is_reported_while_it_runs(draft, auditor, wbg):
    services.audit_files_add(
        audit=draft,
        user=auditor,
        sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
        hand_records=[Upload("allpbn.actual", wbg["allpbn.actual"])],
    )
    SquareDealAudit.objects.filter(pk=draft.pk).update(status="running", dv="43275.91")
    seen = []
    assert services.audit_run(audit_id=draft.pk, on_progress=lambda done, total: seen.append((done, total))) == "passed"
    assert seen[0] == (1, 90) and seen[-1] == (90, 90) and len(seen) == 90


def test_a_run_that_fails_for_good_leaves_a_draft_with_the_error(draft, auditor):
    SquareDealAudit.objects.filter(pk=draft.pk).update(status="running")
    services.audit_fail(audit_id=draft.pk, message="OperationalError: the database went away")
    draft.refresh_from_db()
    assert draft.is_draft and draft.error.startswith("OperationalError")


# --- who may do what --------------------------------------------------------------------------------


def test_players_may_not_create_audits_and_others_may_not_change_a_draft(draft, player, director, other_director, wbg):
    with pytest.raises(PermissionDenied):
        services.audit_create(user=player, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))
    mine = services.audit_create(user=director, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))
    with pytest.raises(PermissionDenied):
        services.audit_files_add(audit=mine, user=other_director, sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]))
    with pytest.raises(PermissionDenied):
        services.audit_delete(audit=draft, user=director)  # a site auditor's draft
    services.audit_delete(audit=mine, user=director)
    assert not SquareDealAudit.objects.filter(pk=mine.pk).exists()


def test_running_needs_the_keys_and_the_hand_records(draft, auditor):
    with pytest.raises(ValidationError) as info:
        services.audit_start(audit=draft, user=auditor)
    assert set(info.value.message_dict) == {"sqk", "hand_records"}
