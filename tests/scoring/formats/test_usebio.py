"""USEBIO: the six real files read, every variation of §b8 tolerated, damaged and hostile files refused clearly."""

from __future__ import annotations

import datetime

import pytest

from bridge.cards import Seat
from scoring.domain.errors import ScoringError
from scoring.domain.formats.usebio import SAMPLE, read_usebio
from scoring.domain.results import Artificial, Assigned, Played

# file, program, EVENT_TYPE, method, winners, date, sections, pairs, lines, deals, club
FILES = [
    ("abf-compscore3-howell-12pairs-2022-07-27.usebio.xml", "Compscore3", "MP_PAIRS", 1, "2022-07-27", (), 12, 161,
     27, "NSBC@Lindfield"),
    ("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml", "Compscore3", "MP_PAIRS", 2, "2022-07-28",
     (), 42, 567, 27, "NSBC@Lindfield"),
    ("ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml", "PairsScorer", "PAIRS", 2, "2015-10-22",
     ("Sect1",), 22, 242, 28, "Test Bridge Club"),
    ("ebuscore-two-sections-18boards-2025-01-02.usebio.xml", "EBUScore Pairs", "PAIRS", 1, "2025-01-02",
     ("A", "B"), 35, 305, 28, "Watford and Bushey Bridge Club"),
    ("realbridge-club-duplicate-8tables-2025-04-07.usebio.xml", "RealBridge", "PAIRS", 2, "2025-04-07", (), 16, 168,
     21, ""),
    ("wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml", "BriAn", "MP_PAIRS", 1, "2025-04-09", (), 13, 144, 0,
     "Welwyn Garden City Bridge Club"),
]  # fmt: skip


@pytest.mark.parametrize(
    "name, program, kind, winners, date, sections, pairs, lines, deals, club",
    FILES,
    ids=[f[0].split("-")[0] + "-" + f[0].split("-")[1] for f in FILES],
)
def test_each_real_file_is_read(read_event, name, program, kind, winners, date, sections, pairs, lines, deals, club):
    event = read_event(name)
    assert (event.program, event.event_type, event.method, event.winner_type) == (program, kind, "matchpoints", winners)
    assert event.date == datetime.date.fromisoformat(date)
    assert (event.sections, len(event.pairs), len(event.lines), len(event.deals), event.club_name) == (
        sections,
        pairs,
        lines,
        deals,
        club,
    )
    assert event.name
    named = [p for p in event.pairs if p.players]
    assert named == event.pairs and all(len(p.players) == 2 for p in named)
    assert all(player.national_id for p in event.pairs for player in p.players)


def test_the_files_own_numbers_ride_on_each_line(read_event):
    event = read_event("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml")
    first = event.lines[2]
    assert (first.board, first.ns, first.ew, str(first.result)) == (1, "3NS", "17EW", "3S by S, 9 tricks")
    assert set(first.extra) >= {"line", "score", "mp_ns", "mp_ew", "lead"}
    assert first.extra["line"] > 800 and first.extra["score"] == str(first.ns_score)
    assert {line.extra["mp_ns"] for line in event.lines} >= {"29.9", "13.4", "0.1", "39.9"}


def test_pairs_numbered_by_direction_keep_the_files_ids(read_event):
    event = read_event("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml")
    pair = event.pair("1NS")
    assert (pair.number, pair.direction, pair.written, pair.numbered_by_direction) == (1, "NS", "1NS", True)
    assert (pair.total, pair.percentage, pair.place) == ("484.65", "44.88", "15")
    assert pair.players[0].name == "Player 95" and pair.players[0].national_id == "100095"
    assert event.pair("1EW").direction == "EW"


def test_two_sections_prefix_the_pair_ids_and_mark_the_lines(read_event):
    event = read_event("ebuscore-two-sections-18boards-2025-01-02.usebio.xml")
    assert {p.section for p in event.pairs} == {"A", "B"}
    assert event.pair("A10").number == 10 and event.pair("B27").section == "B" and event.pair("10") is None
    assert {line.section for line in event.lines} == {"A", "B"}
    assert all(line.ns.startswith(line.section) for line in event.lines)
    assert event.pair("A10").total is None and event.pair("A10").percentage == "60.01"


def test_variations_of_contracts_doubles_and_leads(read_event):
    compscore = read_event("abf-compscore3-howell-12pairs-2022-07-27.usebio.xml")
    ebu = read_event("ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml")
    realbridge = read_event("realbridge-club-duplicate-8tables-2025-04-07.usebio.xml")
    leads = {
        line.extra["lead"]: line.result.lead
        for e in (compscore, ebu, realbridge)
        for line in e.lines
        if isinstance(line.result, Played) and line.result.contract is not None
    }
    assert (leads["2H"], leads["D10"], leads["HK"]) == ("H2", "DT", "HK")
    doubled = [
        line
        for line in ebu.lines
        if isinstance(line.result, Played) and line.result.contract and line.result.contract.doubling
    ]
    assert {line.result.contract.doubling for line in doubled} == {1, 2}  # 3Hx, 2Sxx
    notrumps = [
        line
        for line in realbridge.lines
        if isinstance(line.result, Played)
        and line.result.contract
        and line.result.contract.call.startswith(("1N", "2N", "3N"))
    ]
    assert notrumps and all(line.ns_score == int(line.extra["score"]) for line in notrumps)  # written 3N


def test_artificial_and_passed_out_lines(read_event):
    event = read_event("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml")
    artificial = sorted(str(line.result) for line in event.lines if isinstance(line.result, Artificial))
    assert artificial == ["A5050", "A5050", "A6040", "A6060"]
    passed = [line for line in event.lines if isinstance(line.result, Played) and line.result.is_passed_out]
    assert len(passed) == 3 and all(line.ns_score == 0 for line in passed)
    brian = read_event("wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml")
    assert [str(line.result) for line in brian.lines if isinstance(line.result, Artificial)] == ["A5050"]


def test_deals_from_a_handset_and_from_lin_data(read_event):
    compscore = read_event("abf-compscore3-howell-12pairs-2022-07-27.usebio.xml")
    assert sorted(compscore.deals) == list(range(1, 28))
    realbridge = read_event("realbridge-club-duplicate-8tables-2025-04-07.usebio.xml")
    assert realbridge.deals[1].hand(Seat.SOUTH).to_pbn() == "J43.AKJ7.K85.J73"  # LIN md: S, W, N hands
    ebu = read_event("ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml")
    assert len(ebu.deals) == 28 and ebu.boards == tuple(range(1, 23))  # voids written "-"


def test_hands_inside_each_board_are_read():
    hands = (
        "<HAND><DIRECTION>North</DIRECTION><SPADES>AKQJ</SPADES><HEARTS>T98</HEARTS><DIAMONDS>765</DIAMONDS>"
        "<CLUBS>432</CLUBS></HAND><HAND><DIRECTION>East</DIRECTION><SPADES>T98</SPADES><HEARTS>765</HEARTS>"
        "<DIAMONDS>432</DIAMONDS><CLUBS>AKQJ</CLUBS></HAND><HAND><DIRECTION>South</DIRECTION><SPADES>765"
        "</SPADES><HEARTS>432</HEARTS><DIAMONDS>AKQJ</DIAMONDS><CLUBS>T98</CLUBS></HAND>"
    )
    data = SAMPLE.replace(
        b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>", b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + hands.encode()
    )
    event = read_usebio(data)
    assert event.deals[1].hand(Seat.WEST).to_pbn() == "432.AKQJ.T98.765"


@pytest.mark.parametrize(
    "event_type, method",
    [
        ("MP_PAIRS", "matchpoints"),
        ("PAIRS", "matchpoints"),
        ("MATCH_POINTS", "matchpoints"),
        ("BUTLER_PAIRS", "butler"),
        ("BUTLER", "butler"),
        ("CROSS_IMP", "cross_imps"),
        ("CROSS_IMPS", "cross_imps"),
    ],
)
def test_event_types_map_to_our_methods(event_type, method):
    event = read_usebio(SAMPLE.replace(b'EVENT_TYPE="MP_PAIRS"', f'EVENT_TYPE="{event_type}"'.encode()))
    assert event.method == method and event.options().method == method


@pytest.mark.parametrize(
    "board_method, method",
    [("MATCH_POINTS", "matchpoints"), ("BUTLER", "butler"), ("IMPS", "butler"), ("CROSS_IMPS", "cross_imps")],
)
def test_board_scoring_method_decides(board_method, method):
    data = SAMPLE.replace(b"<DATE>", f"<BOARD_SCORING_METHOD>{board_method}</BOARD_SCORING_METHOD><DATE>".encode())
    assert read_usebio(data.replace(b"MP_PAIRS", b"PAIRS")).method == method


def test_a_weighted_score_in_our_notes_and_a_plain_assigned_score():
    line = (
        b"<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>626</SCORE>"
        b"<NOTES>Weighted: 20% +650, 80% +620</NOTES></TRAVELLER_LINE>"
        b"<TRAVELLER_LINE><NS_PAIR_NUMBER>7</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER><SCORE>-100</SCORE>"
        b"</TRAVELLER_LINE></BOARD>"
    )
    event = read_usebio(SAMPLE.replace(b"</BOARD>", line))
    weighted, plain = event.lines[2].result, event.lines[3].result
    assert isinstance(weighted, Assigned) and str(weighted) == "20% of +650, 80% of +620"
    assert plain == Assigned.of(-100)


# --- refused: damaged, hostile, not scorable ----------------------------------------------------


def _error(data: bytes) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        read_usebio(data, source="club.xml")
    return caught.value


@pytest.mark.parametrize("kind", ["TEAMS", "INDIVIDUAL", "SWISS_PAIRS", "SWISS_TEAMS", "BRIDGE_GOLF"])
def test_an_event_type_we_cannot_score_is_refused_naming_it(kind):
    error = _error(SAMPLE.replace(b"MP_PAIRS", kind.encode()))
    assert kind in str(error) and "line 4 (EVENT)" in str(error) and str(error).startswith("club.xml: ")


def test_a_truncated_file_names_the_element_left_open(events_dir):
    data = (events_dir / "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml").read_bytes()
    cut = data[: data.index(b"<TRAVELLER_LINE>", 20000) + len(b"<TRAVELLER_LINE>")]
    error = _error(cut)
    assert error.where == "TRAVELLER_LINE" and error.line == cut.count(b"\n") + 1
    assert "truncated" in str(error) and "club.xml: line" in str(error)


@pytest.mark.parametrize(
    "damage, where, words",
    [
        (lambda d: d.replace(b"</TRICKS>", b"</TRICK>", 1), "TRICKS", "mismatched tag"),
        (lambda d: d.replace(b"<SCORE>400", b"<SCORE>4&00", 1), "SCORE", "not well-formed"),
        (lambda d: b"", None, "empty"),
    ],
)
def test_malformed_xml_names_the_line_and_element(damage, where, words):
    error = _error(damage(SAMPLE))
    assert error.where == where and words in str(error)
    assert error.line is not None


def test_billion_laughs_is_refused_before_any_expansion():
    bomb = (
        b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n <!ENTITY lol "lol">\n'
        b' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<USEBIO>&lol2;</USEBIO>'
    )
    error = _error(bomb)
    assert error.line == 3 and error.where == "DOCTYPE" and "entity" in str(error)


def test_external_entities_are_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    data = (
        f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file://{secret}">]>\n<USEBIO>&x;</USEBIO>'
    ).encode()
    error = _error(data)
    assert "entity" in str(error) and "top secret" not in str(error)
    parameter = (
        b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://example.org/x.dtd"> %p;]>\n<USEBIO/>'
    )
    assert "entity" in str(_error(parameter))


def test_a_dtd_named_by_doctype_is_fine_and_not_fetched():
    data = SAMPLE.replace(
        b'<?xml version="1.0"?>',
        b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio_v1_2.dtd">',
    )
    assert len(read_usebio(data).lines) == 2


@pytest.mark.parametrize(
    "old, new, where, words",
    [
        (b"<CONTRACT>3NT", b"<CONTRACT>8S", "CONTRACT", "'8S' is not a contract"),
        (b"<TRICKS>9</TRICKS><SCORE>400", b"<TRICKS>14</TRICKS><SCORE>400", "TRICKS", "14 tricks"),
        (b"<TRICKS>9</TRICKS><SCORE>400", b"<TRICKS>nine</TRICKS><SCORE>400", "TRICKS", "'nine' is not a number"),
        (b"<PLAYED_BY>S</PLAYED_BY>", b"", "TRAVELLER_LINE", "no PLAYED_BY"),
        (b"<PLAYED_BY>S</PLAYED_BY>", b"<PLAYED_BY>Q</PLAYED_BY>", "PLAYED_BY", "seat"),
        (b"<SCORE>400", b"<SCORE>four hundred", "SCORE", "a whole number"),
        (b"<SCORE>400", b"<SCORE>A6", "SCORE", "a whole number"),
        (b"<DATE>24/11/2026", b"<DATE>someday", "DATE", "dd/mm/yyyy"),
        (b"<WINNER_TYPE>1", b"<WINNER_TYPE>3", "WINNER_TYPE", "expected 1"),
        (b"<NS_PAIR_NUMBER>1<", b"<NS_PAIR_NUMBER>one<", "NS_PAIR_NUMBER", "pair 'one'"),
        (b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>0<", "BOARD_NUMBER", "'0' is not a number"),
        (b'EVENT_TYPE="MP_PAIRS"', b"", "EVENT", "EVENT_TYPE"),
        (b"<USEBIO Version", b"<RESULTS Version", "RESULTS", "not a USEBIO file"),
    ],
)
def test_each_bad_value_is_named_at_its_line_and_element(old, new, where, words):
    data = SAMPLE.replace(old, new, 1)
    if old.startswith(b"<USEBIO"):
        data = data.replace(b"</USEBIO>", b"</RESULTS>")
    error = _error(data)
    assert error.where == where, str(error)
    assert words in str(error) and error.line is not None and str(error).startswith("club.xml: line ")


def test_a_file_of_several_sessions_is_refused():
    data = SAMPLE.replace(b"<PARTICIPANTS>", b'<SESSION SESSION_ID="1"><SECTION SECTION_ID="A"><PARTICIPANTS>')
    data = data.replace(
        b"</BOARD>\n  </EVENT>",
        b'</BOARD></SECTION></SESSION><SESSION SESSION_ID="2"><SECTION SECTION_ID="A"></SECTION></SESSION>\n  </EVENT>',
    )
    error = _error(data)
    assert "2 sessions" in str(error) and error.where == "SESSION"


def test_a_file_without_results_says_so():
    start = SAMPLE.index(b"<TRAVELLER_LINE>")
    end = SAMPLE.rindex(b"</TRAVELLER_LINE>") + len(b"</TRAVELLER_LINE>")
    assert "nothing to score" in str(_error(SAMPLE[:start] + SAMPLE[end:]))
