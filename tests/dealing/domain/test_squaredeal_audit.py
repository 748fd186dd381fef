"""Auditing a SquareDeal event (dealing/domain/squaredeal_audit.py): reading hand records, naming sessions
by their files, placing every deal on a board, and the verdicts, on the WBG 2024 files and on small events
with open-ended phases, boards left open (?), reserve sets and combined files."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bridge.errors import BridgeError
from dealing.domain import squaredeal as sq
from dealing.domain import squaredeal_audit as au
from dealing.domain.errors import DealingError
from dealing.domain.formats.pbn import export_pbn

DEAL = "AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.fixture(scope="module")
def wbg_dir(events_dir):
    return events_dir / "squaredeal-wbg2024"


@pytest.fixture(scope="module")
def wbg(wbg_dir):
    return sq.read_sqd((wbg_dir / "WBG2024.sqd").read_bytes()), sq.read_sqk((wbg_dir / "WBG2024.sqk").read_bytes())


@pytest.fixture(scope="module")
def actual(wbg_dir):
    return au.read_hand_records("allpbn.actual", (wbg_dir / "allpbn.actual").read_bytes())


def test_a_file_of_all_deals_is_read_line_by_line(actual):
    assert actual.kind == "lines" and len(actual.deals) == 1186
    assert actual.deals[0].line == 1 and actual.deals[0].board is None
    assert actual.deals[0].deal.to_pbn() == "N:AT3.K8654.AT6.93 Q65.A9732.3.KJ42 J974.QJT.K752.A7 K82..QJ984.QT865"


@pytest.mark.parametrize(
    "text",
    [
        f"{DEAL}\r\n",
        f"N:{DEAL}\n",
        f"% a comment\n\n{DEAL}",
        "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432\n",
    ],
)
def test_lines_with_crlf_a_first_seat_blank_lines_or_comments(text):
    records = au.read_hand_records("x.txt", text.encode())
    assert [r.deal.to_pbn() for r in records.deals] == [f"N:{DEAL}"]


def test_a_pbn_file_gives_boards_and_the_deal_tags_line():
    pbn = export_pbn([(17, sq.bigdeal_deals(b"\0" * 20, b"\0" * 20, 1, 1)[0][1])]).encode()
    records = au.read_hand_records("FIN2.pbn", pbn)
    assert records.kind == "pbn" and [r.board for r in records.deals] == [17]
    assert pbn.decode().splitlines()[records.deals[0].line - 1].startswith("[Deal ")


def test_the_sessions_of_the_wbg_and_their_file_names(wbg):
    tournament, _ = wbg
    sessions = au.event_sessions(tournament)
    assert len(sessions) == 90 and sum(len(s.boards) for s in sessions) == 1186
    assert [(s.name, s.first, s.last) for s in sessions[:3]] == [
        ("OPRR01", 1, 16),
        ("OPRR02", 17, 32),
        ("OPRR03", 1, 16),
    ]
    assert sessions[-1].description == "Finals 6/6"


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("OPRR01.pbn", (1, 1, 1)),
        ("oprr17.PBN", (1, 17, 17)),
        ("C:\\boards\\FIN6.pbn", (7, 6, 6)),
        ("FIN6reserve.pbn", (7, 6, 6)),
        ("MXRR03-05.pbn", (3, 3, 5)),
        ("R162.pbn", (4, 2, 2)),
        ("OPRR18.pbn", None),
        ("FIN7.pbn", None),
        ("FIN0.pbn", None),
        ("OPRR.pbn", None),
        ("FIN3-2.pbn", None),
        ("allpbn.actual", None),
    ],
)
def test_which_session_a_file_name_names(wbg, name, target):
    found = au.file_target(wbg[0], name)
    assert (found.phase, found.first, found.last) == target if target else found is None


@pytest.mark.parametrize("order", ["sqd", "names"])
def test_a_file_of_all_deals_is_placed_in_either_order(wbg, actual, order):
    placement = au.place(wbg[0], [actual], order)
    names = [s.name for s in au.event_sessions(wbg[0])]
    first = sorted(names)[0] if order == "names" else names[0]
    key = next(s.key for s in placement.sessions if s.name == first)
    assert placement.given[key][1].line == 1
    assert placement.order == order and sum(len(g) for g in placement.given.values()) == 1186


@pytest.mark.slow
def test_auto_takes_the_order_that_matches(wbg, actual):
    tournament, keys = wbg
    report = au.audit(tournament, keys, [actual])
    assert report.verdict == "passed" and report.order == "names"
    assert report.order_matches == {"sqd": 0, "names": 1186}
    assert report.count("match") == report.boards == 1186
    forced = au.audit(tournament, keys, [actual], order="sqd")
    assert forced.verdict == "failed" and forced.count("differs") == 1186


@pytest.mark.slow
@pytest.mark.parametrize(
    ("dv", "name", "verdict"),
    [
        (None, "allpbn.plusone", "failed"),
        ("43275.92", "allpbn.plusone", "passed"),
        ("43275.92", "allpbn.actual", "failed"),
        (None, "allpbn.minusone", "failed"),
        ("43275.90", "allpbn.minusone", "passed"),
        ("43275.90", "allpbn.actual", "failed"),
    ],
)
def test_the_dv_and_its_neighbours_are_told_apart(wbg, wbg_dir, dv, name, verdict):
    tournament, keys = wbg
    report = au.audit(tournament, keys, [au.read_hand_records(name, (wbg_dir / name).read_bytes())], delayed_value=dv)
    assert report.verdict == verdict
    assert report.count("match") == (1186 if verdict == "passed" else 0)


def small_event(*phases, dv="40000.00"):
    tournament, _, sqk = sq.create_tournament("Club league", "DJI close 1 June", list(phases))
    return replace(tournament, delayed_value=dv), sq.read_sqk(sqk)


def pbn(tournament, keys, phase, session, boards=None, reserve=False):
    return export_pbn(sq.session_deals(tournament, keys, phase, session, reserve, boards)).encode()


def test_open_ended_phases_are_audited_session_by_session():
    tournament, keys = small_event((0, "3x4", "LG", "League"), (1, "8", "CUP", "Cup"))
    files = [
        au.read_hand_records("LG7.pbn", pbn(tournament, keys, 1, 7)),
        au.read_hand_records("CUP.pbn", pbn(tournament, keys, 2, 1)),
    ]
    report = au.audit(tournament, keys, files)
    assert [(s.name, s.first, s.last, s.status) for s in report.sessions] == [
        ("LG7", 1, 4, "match"),
        ("CUP", 1, 8, "match"),
    ]
    assert report.verdict == "passed"
    alone = au.audit(tournament, keys, files[1:])
    assert alone.verdict == "incomplete" and alone.unchecked_phases == (1,)
    with pytest.raises(BridgeError, match=r"^all.txt: phase 1 \(League #/0\) leaves its sessions or boards open"):
        au.place(tournament, [au.read_hand_records("all.txt", "\n".join([DEAL] * 12).encode())])


def test_boards_left_open_are_taken_from_the_hand_records():
    tournament, keys = small_event((2, "?", "KO#", "Knockout #"))
    report = au.audit(tournament, keys, [au.read_hand_records("KO2.pbn", pbn(tournament, keys, 1, 2, "5-12"))])
    assert [(s.name, s.first, s.last, s.status) for s in report.sessions] == [
        ("KO1", None, None, "not_given"),
        ("KO2", 5, 12, "match"),
    ]
    assert report.verdict == "incomplete"


def test_reserve_sets_combined_files_and_extras():
    tournament, keys = small_event((3, "1-4,5-8", "RR#", "Round #"))
    combined = pbn(tournament, keys, 1, 1) + pbn(tournament, keys, 1, 2)
    wrong = sq.session_deals(tournament, keys, 1, 1)
    extra = export_pbn([(9, wrong[0][1])]).encode()
    files = [
        au.read_hand_records("RR1-2.pbn", combined + extra),
        au.read_hand_records("RR3reserve.pbn", pbn(tournament, keys, 1, 3, reserve=True)),
    ]
    report = au.audit(tournament, keys, files)
    assert [(s.name, s.status) for s in report.sessions] == [("RR1", "match"), ("RR2", "match"), ("RR3", "reserve")]
    assert [(b.board, b.status, b.file) for b in report.extras] == [(9, "extra", "RR1-2.pbn")]
    assert report.verdict == "failed" and report.count("reserve") == 4


def test_a_session_with_a_wrong_board_says_which_hands_differ():
    tournament, keys = small_event((1, "4", "S", "Session"))
    deals = sq.session_deals(tournament, keys, 1, 1)
    hands = deals[1][1].to_pbn()[2:].split()
    swapped = sq.Deal.from_pbn("N:" + " ".join([hands[1], hands[0], hands[2], hands[3]]))
    text = export_pbn([deals[0], (2, swapped)] + deals[2:]).encode()
    report = au.audit(tournament, keys, [au.read_hand_records("S.pbn", text)])
    board = report.sessions[0].boards[1]
    assert (board.board, board.status, board.seats) == (2, "differs", ("N", "E"))
    assert report.sessions[0].status == "differs" and report.verdict == "failed"


def test_a_wrong_key_file_fails_even_when_the_deals_match():
    tournament, keys = small_event((1, "4", "S", "Session"))
    text = pbn(tournament, keys, 1, 1)
    other = sq.read_sqk(keys.raw.replace(b"\r\n", b"\r\n1,2:abc\r\n", 1))  # one more line: another file
    report = au.audit(tournament, other, [au.read_hand_records("S.pbn", text)])
    assert report.sessions[0].status == "match" and not report.keys.matches and report.verdict == "failed"
    assert "does not match the published commitment" in str(report.keys.problem)


def test_a_dv_is_needed():
    tournament, keys = small_event((1, "4", "S", "Session"), dv=None)
    with pytest.raises(BridgeError, match="no DV"):
        au.audit(tournament, keys, [])
    with pytest.raises(BridgeError, match="the delayed value is empty"):
        au.audit(tournament, keys, [], delayed_value="  ")


# --- limits: an event no real one comes near is refused before anything is dealt --------------------------


def wbg_with(wbg_dir, old: bytes, new: bytes) -> sq.Tournament:
    data = (wbg_dir / "WBG2024.sqd").read_bytes()
    assert old in data
    return sq.read_sqd(data.replace(old, new))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            b"SN 3:20:",
            b"SN 1000:20:",
            r"^line 11: phase 4 \(Round of 16 #/3\) has 1,000 sessions, more than the 999 an "
            r"audit takes in a phase$",
        ),
        (
            b"SN 3:20:",
            b"SN 3:999999:",
            r"^line 11: phase 4 \(Round of 16 #/3\) has sessions of 999,999 boards \(1-999999\), "
            r"more than the 100 an audit takes in a session$",
        ),
        (b"SN 6:1-16,17-32:QF#", b"SN 6:1-16,17-117:QF#", r"^line 12: phase 5 .* sessions of 101 boards \(17-117\)"),
        (
            b"SN 3:20:",
            b"SN 999:20:",
            r"^line 11: up to phase 4 \(Round of 16 #/3\) the event has 20,818 deals, more than "
            r"the 10,000 an audit deals$",
        ),
    ],
)
def test_an_event_larger_than_an_audit_takes_is_refused_naming_the_sn_line(wbg_dir, wbg, old, new, message):
    tournament = wbg_with(wbg_dir, old, new)
    with pytest.raises(BridgeError, match=message) as info:
        au.check_event(tournament)
    assert info.value.field == "SN"
    dealt = []
    with pytest.raises(BridgeError, match=message):  # the audit refuses it before dealing anything
        au.audit(tournament, wbg[1], [], on_progress=lambda done, total: dealt.append(done))
    assert dealt == []


def test_the_wbg_and_an_event_at_every_limit_are_taken(wbg):
    au.check_event(wbg[0])
    at_limits = sq.read_sqd(b"TN x\nSN 999:?:A###:a\nSN 100:1-100:B###:b\n")
    au.check_event(at_limits)
    assert sum(len(s.boards) for s in au.event_sessions(at_limits)) == au.MAX_AUDIT_DEALS


def test_boards_left_open_may_not_span_more_than_a_session_takes():
    tournament, keys = small_event((2, "?", "KO#", "Knockout #"))
    far = export_pbn([(1, sq.Deal.from_pbn("N:" + DEAL)), (999_999_999, sq.Deal.from_pbn("N:" + DEAL))]).encode()
    records = au.read_hand_records("KO2.pbn", far)
    with pytest.raises(
        DealingError,
        match=r"^KO2.pbn: line \d+: board 999999999: the session would hold boards 1 to "
        r"999999999, 999,999,999 boards, more than the 100 an audit takes in a "
        r"session$",
    ) as info:
        au.audit(tournament, keys, [records])
    assert info.value.text.params["error"].params["line"] == records.deals[1].line
    at_limit = export_pbn([(1, sq.Deal.from_pbn("N:" + DEAL)), (100, sq.Deal.from_pbn("N:" + DEAL))]).encode()
    placement = au.place(tournament, [au.read_hand_records("KO2.pbn", at_limit)])
    assert [(s.name, s.first, s.last) for s in placement.sessions if s.first] == [("KO2", 1, 100)]


def test_files_bringing_the_audit_beyond_its_deals_are_refused_naming_the_file():
    tournament, keys = small_event((0, "100", "LG", "League"))
    one = export_pbn([(1, sq.Deal.from_pbn("N:" + DEAL))]).encode()
    files = [au.read_hand_records(f"LG{n}-{n + 49}.pbn", one) for n in (1, 51)]  # 100 sessions of 100 boards
    assert len(au.place(tournament, files).given) == 100
    extra = au.read_hand_records("LG101.pbn", one)
    with pytest.raises(
        DealingError,
        match=r"^LG101.pbn: with this file the audit would deal 10,100 deals, more than "
        r"the 10,000 an audit deals$",
    ):
        au.audit(tournament, keys, files + [extra])
