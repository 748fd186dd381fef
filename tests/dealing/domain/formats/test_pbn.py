"""PBN 2.1: every real PBN file in ../shared/data/events reads and round-trips; the analysis
tags are read as the programs write them; inheritance, comments, CRLF, BOM and Latin-1 work;
malformed input is refused with the line and the tag."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.cards import Deal, Seat, Strain, Vulnerability
from bridge.errors import BridgeError
from dealing.domain.analysis import BoardAnalysis, DoubleDummyTable, Par
from dealing.domain.formats.pbn import PbnComment, dumps, export_pbn, read_pbn

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

# file, games, games with a deal, with a double-dummy table, with a par score
REAL_FILES = [
    ("wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn", 24, 24, 24, 0),
    ("dd-oracle/bcdd-test1.pbn", 396, 396, 0, 0),
    ("dd-oracle/bcdd-test1.bcdd.pbn", 396, 396, 396, 396),
    ("dd-oracle/bcdd-test1.bigdeal.pbn", 396, 396, 0, 0),
    ("dd-oracle/bridgecomposer-12deals-ddtricks-par.pbn", 12, 12, 12, 12),
]  # fmt: skip


@pytest.mark.parametrize(("name", "games", "deals", "tables", "pars"), REAL_FILES, ids=[f[0] for f in REAL_FILES])
def test_real_file_reads(name, games, deals, tables, pars, events_dir):
    pbn = read_pbn((events_dir / name).read_bytes())
    assert len(pbn.games) == games
    assert sum(g.deal is not None for g in pbn.games) == deals
    assert sum(g.double_dummy is not None for g in pbn.games) == tables
    assert sum(g.par is not None for g in pbn.games) == pars
    for game in pbn.games:
        assert game.dealer is not None and game.vulnerability is not None and game.board is not None


@pytest.mark.parametrize("name", [f[0] for f in REAL_FILES])
def test_real_file_round_trips_byte_for_byte(name, events_dir):
    data = (events_dir / name).read_bytes()
    pbn = read_pbn(data)
    text = dumps(pbn)
    assert (b"\xef\xbb\xbf" if pbn.bom else b"") + text.lstrip("\ufeff").encode(pbn.encoding) == data
    again = read_pbn(text)
    assert [(g.values, g.deal, g.double_dummy, g.par) for g in again.games] == [
        (g.values, g.deal, g.double_dummy, g.par) for g in pbn.games
    ]


def test_bridgewebs_file_details(events_dir):
    pbn = read_pbn((events_dir / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn").read_bytes())
    assert pbn.newline == "\r\n" and pbn.encoding == "utf-8"
    assert pbn.header[:2] == ["% PBN 2.1", "% EXPORT"] and "%Creator: Bridgewebs" in pbn.header
    first = pbn.games[0]
    assert first.value("Event") == "Wednesday AM Pairs" and first.value("Scoring") == "MP"
    # DoubleDummyTricks (N, S, E, W × NT, S, H, D, C) and OptimumResultTable agree on every board.
    assert all(g.double_dummy_tricks == g.optimum_result_table for g in pbn.games)
    assert first.double_dummy_tricks[Seat.NORTH, Strain.HEARTS] == 10
    assert first.double_dummy_tricks[Seat.EAST, Strain.NOTRUMP] == 4
    # The traveller: a ScoreTable with widths, read into records.
    table = first.table("ScoreTable")
    assert table.column_names == ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
    assert table.columns[0] == ("PairId_NS", 4, "R")
    assert table.records()[0] == {"PairId_NS": "1", "PairId_EW": "8", "Contract": "4H", "Declarer": "S", "Result": "9"}
    assert len(table.rows) == 6
    # Deals may start with any seat: board 2 is written from East.
    assert pbn.games[1].tag("Deal").value.startswith("E:")
    assert pbn.games[1].deal.to_pbn(Seat.EAST) == pbn.games[1].tag("Deal").value


def test_bridgecomposer_analysis_tags(events_dir):
    games = read_pbn((events_dir / "dd-oracle" / "bridgecomposer-12deals-ddtricks-par.pbn").read_bytes()).games
    assert all(g.double_dummy_tricks == g.optimum_result_table for g in games)
    by_text = {g.value("ParContract"): g.par for g in games}
    assert by_text["NS 2C+2"] == Par.from_pbn("NS 130", "NS 2C+2")
    assert by_text["N 2NX-1; N 3DX-1"].score == -100
    assert [c.to_pbn() for c in by_text["N 2NX-1; N 3DX-1"].contracts] == ["N 2NX-1", "N 3DX-1"]
    assert by_text["EW 6H=; EW 6S="].score == -980  # "EW 980" is EW's view; we keep North-South's
    assert by_text["EW 4CX-1"].score == 100  # "EW -100"


def test_bcdd_tables_and_ability_agree(events_dir):
    games = read_pbn((events_dir / "dd-oracle" / "bcdd-test1.bcdd.pbn").read_bytes()).games
    assert all(g.optimum_result_table == DoubleDummyTable.from_ability(g.value("Ability")) for g in games)
    assert games[0].optimum_score == 140 and games[0].value("Minimax") == "1SS140"


# --- our export ------------------------------------------------------------------------------


def test_export_with_analysis_reads_back():
    deal = Deal.from_pbn(DEAL)
    table = DoubleDummyTable.from_pbn_tricks("7879a7879a5564355643")
    analysis = BoardAnalysis(table, Par.from_pbn("NS 130", "NS 2C+2"))
    text = export_pbn([(5, deal)], event="Club pairs", site="Welwyn", date="2025.04.09", analyses={5: analysis})
    assert '[Deal "N:AKQJ.T98.765.432' in text and '[Dealer "N"]' in text and '[Vulnerable "NS"]' in text
    assert '[DoubleDummyTricks "7879a7879a5564355643"]' in text and '[OptimumScore "NS 130"]' in text
    assert '[ParContract "NS 2C+2"]' in text
    assert "N NT  7\nN  S  8\n" in text  # BridgeComposer's OptimumResultTable layout
    game = read_pbn(text).games[0]
    assert (game.board, game.deal, game.value("Event"), game.value("Site")) == (5, deal, "Club pairs", "Welwyn")
    assert game.double_dummy_tricks == table == game.optimum_result_table
    assert game.par == analysis.par


def test_export_round_trips_the_bridgewebs_file(events_dir):
    """Read a real file, export its deals and tables with our writer, read again: same boards."""
    pbn = read_pbn((events_dir / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn").read_bytes())
    analyses = {g.board: BoardAnalysis(g.double_dummy, Par(0, ())) for g in pbn.games}
    text = export_pbn(pbn.boards(), event="Wednesday AM Pairs", analyses=analyses, newline="\r\n")
    again = read_pbn(text)
    assert again.boards() == pbn.boards()
    assert [g.double_dummy for g in again.games] == [g.double_dummy for g in pbn.games]
    assert [(g.dealer, g.vulnerability) for g in again.games] == [(g.dealer, g.vulnerability) for g in pbn.games]


# --- tolerance ---------------------------------------------------------------------------


def test_inheritance_hash_and_double_hash():
    text = "\n".join(
        [
            '[Event "##Club Pairs"]',
            '[Site "Hall"]',
            '[Board "1"]',
            f'[Deal "{DEAL}"]',
            "",
            '[Site "#"]',
            '[Board "2"]',
            f'[Deal "{DEAL}"]',
            "",
            '[Event "Final"]',
            '[Board "3"]',
            f'[Deal "{DEAL}"]',
            "",
            '[Board "4"]',
            '[Date "#"]',
            f'[Deal "{DEAL}"]',
            "",
        ]
    )
    games = read_pbn(text).games
    assert [g.value("Event") for g in games] == ["Club Pairs", "Club Pairs", "Final", "Club Pairs"]
    assert [g.value("Site") for g in games] == ["Hall", "Hall", None, None]
    assert games[3].value("Date") == ""  # "#" with nothing before: the empty value (PBN §4.8)
    assert games[0].tag("Event").value == "##Club Pairs"  # kept as written for round trips


@pytest.mark.parametrize(
    ("tag", "value"), [("Deal", DEAL), ("Dealer", "N"), ("Vulnerable", "NS"), ("Contract", "4S"), ("Declarer", "N")]
)
def test_inheritance_is_forbidden_for_some_tags(tag, value):
    text = f'[Board "1"]\n[{tag} "{value}"]\n\n[Board "2"]\n[{tag} "#"]\n'
    with pytest.raises(BridgeError, match=rf"line 5: tag {tag}: the value '#' \(inheritance\) is not allowed"):
        read_pbn(text)


def test_comments_escapes_crlf_bom_and_unknown_tags():
    text = (
        "\ufeff% PBN 2.1\r\n% EXPORT\r\n"
        "{ a commentary\r\n  over two lines }\r\n"
        '[Board "9"] ; a comment after a tag\r\n'
        "%escape line inside the game\r\n"
        '[MyProgramTag "anything \\"quoted\\""]\r\n'
        f'[Deal "{DEAL}"]\r\n'
        '[Auction "N"]\r\n1NT Pass 3NT AP\r\n'
    )
    pbn = read_pbn(text)
    assert pbn.bom and pbn.newline == "\r\n"
    game = pbn.games[0]
    assert game.board == 9 and game.deal == Deal.from_pbn(DEAL)
    assert game.value("MyProgramTag") == 'anything "quoted"'
    assert game.tag("Auction").section == ["1NT Pass 3NT AP"]
    comments = [item.text for item in game.items if isinstance(item, PbnComment)]
    assert comments == ["{ a commentary\n  over two lines }", "; a comment after a tag", "%escape line inside the game"]
    assert read_pbn(dumps(pbn)).games[0].values == game.values


def test_latin1_file():
    data = '[Event "Coupe de l\'Été"]\n[Board "1"]\n'.encode("latin-1")
    pbn = read_pbn(data)
    assert pbn.encoding == "latin-1" and pbn.games[0].value("Event") == "Coupe de l'Été"


def test_unknown_values_are_none():
    game = read_pbn('[Board "?"]\n[Dealer ""]\n[Vulnerable "?"]\n[Deal "?"]\n').games[0]
    assert (game.board, game.dealer, game.vulnerability, game.deal) == (None, None, None, None)


def test_vulnerability_spellings():
    values = [read_pbn(f'[Vulnerable "{v}"]\n').games[0].vulnerability for v in ("Love", "-", "Both", "All", "EW")]
    assert values == [Vulnerability.NONE, Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.BOTH, Vulnerability.EW]


# --- malformed input: the error names the line and the tag ---------------------------------

MALFORMED = [
    ('[Board "1"]\n[Deal "N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n', 2, "Deal",
     "North's hand has 12 cards, not 13"),
    ('[Board "x"]\n', 1, "Board", "a board number is a whole number"),
    ('[Board "1"]\n[Dealer "Q"]\n', 2, "Dealer", "unknown seat 'Q'"),
    ('[Board "1"]\n\n[Board "2"]\n[Vulnerable "Sometimes"]\n', 4, "Vulnerable", "unknown vulnerability"),
    ('[Board "1"]\n[Event "unterminated]\n', 2, "Event", "malformed tag"),
    ('[Board "1"]\n[DoubleDummyTricks "98a7"]\n', 2, "DoubleDummyTricks", "20 hex digits"),
    ('[Board "1"]\n[OptimumScore "lots"]\n', 2, "OptimumScore", "not like 'NS 620'"),
    ('[Board "1"]\n[OptimumScore "NS 620"]\n[ParContract "NS 4Q="]\n', 3, "ParContract", "not like 'NS 4S+1'"),
    ('[Board "1"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\nQ S 8\n', 4,
     "OptimumResultTable", "unknown seat 'Q'"),
    ('[Board "1"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\n', 2,
     "OptimumResultTable", "lacks"),
    ('[Board "1"]\n[OptimumResultTable "Declarer;Result"]\nN 9\n', 2, "OptimumResultTable", "lacks Declarer"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "tag", "message"), MALFORMED, ids=[m[2] + "-" + m[3][:12] for m in MALFORMED])
def test_malformed_pbn_names_line_and_tag(text, line, tag, message):
    with pytest.raises(BridgeError) as info:
        read_pbn(text)
    error = info.value
    assert error.line == line and error.field == tag
    assert str(error).startswith(f"line {line}: tag {tag}: ") and message in str(error)


def test_text_outside_any_tag():
    with pytest.raises(BridgeError, match="line 1: unexpected text 'hello'"):
        read_pbn("hello\n")


def test_unclosed_brace_comment():
    with pytest.raises(BridgeError, match="line 2: a { comment is never closed"):
        read_pbn('[Board "1"]\n{ never closed\n')


def test_read_pbn_path_independent(tmp_path: Path):
    path = tmp_path / "x.pbn"
    path.write_bytes(export_pbn([(1, Deal.from_pbn(DEAL))]).encode())
    assert read_pbn(path.read_bytes()).boards() == [(1, Deal.from_pbn(DEAL))]


def test_table_with_quoted_cells():
    text = (
        '[Board "1"]\n[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\3L;TotalScoreMP\\4R;Names\\20L"]\n'
        ' 1  5 "N-S" 305 "Ann Smith - Bob \\"B\\" Jones"\n 2  3 "E-W" 290 ""\n'
    )
    table = read_pbn(text).games[0].table("TotalScoreTable")
    assert table.records()[0] == {
        "Rank": "1",
        "PairId": "5",
        "Direction": "N-S",
        "TotalScoreMP": "305",
        "Names": 'Ann Smith - Bob "B" Jones',
    }
    assert table.rows[1] == ("2", "3", "E-W", "290", "")
    with pytest.raises(BridgeError, match="line 4: tag TotalScoreTable: row .* has an unclosed quote"):
        read_pbn(text.replace('"E-W"', '"E-W'))


def test_bigdeal_layout_names_the_session_only_when_told():
    """BigDeal's own layout writes "?" for the event and the date (its golden files hold it); a file for a session
    names it there, in UTF-8 when the name is not ASCII, quotes escaped, and reads back as written."""
    from dealing.domain.formats.pbn import BigDealPbnWriter

    deal = Deal.from_pbn(DEAL)
    plain = BigDealPbnWriter().board(1, deal)
    assert plain.startswith(b'[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "1"]\n')
    named = BigDealPbnWriter(event='Wtorek "Howell" w Łodzi', date="2026.11.24").board(1, deal)
    assert named == plain.replace(b'[Event "?"]', '[Event "Wtorek \\"Howell\\" w Łodzi"]'.encode()).replace(
        b'[Date "?"]', b'[Date "2026.11.24"]'
    )
    game = read_pbn(named).games[0]
    assert (game.value("Event"), game.value("Date"), game.deal) == ('Wtorek "Howell" w Łodzi', "2026.11.24", deal)
    two_lines = BigDealPbnWriter(event="Tuesday\nPairs", date="").board(1, deal)
    assert two_lines.startswith(b'[Event "Tuesday Pairs"]\n[Site "?"]\n[Date "?"]\n')
