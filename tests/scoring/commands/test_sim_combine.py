"""``manage.py sim_combine``: a simultaneous pairs matchpointed across every club, as the engine scores it.

The engine (``score_event``) run on the merged field, each pair renamed by its club, gives the same
matchpoints, percentages and places (both scales, both factorings) on small random fields; each club
alone gives the local ones. A tiny field worked by hand (Neuberg to the largest board, a place shared
across clubs), the readers' two paths and the report's writer held to each other, the clubs' own
USEBIO and PBN files, and bad input said in one line naming the place.
"""

from __future__ import annotations

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.domain.engine import score_event
from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.results import TravellerLine
from scoring.domain.simultaneous import read_simultaneous, score_simultaneous, simultaneous_of_files
from scoring.domain.simultaneous_report import report_chunks, report_data

CONTRACTS = [("1NT", "N"), ("2H", "E"), ("3NT", "S"), ("4S", "N"), ("4SX", "W"), ("5C", "S")]
ADJUSTED = ["60/40", "50/50", "40/60", "60/60"]


def random_field(seed: int, clubs: int = 3, boards: int = 4, weighted: bool = False) -> dict:
    """Clubs of 2–5 tables, each playing some of the boards (a table may miss one), pairs numbered per club."""
    rng = random.Random(seed)
    out = []
    for c in range(clubs):
        tables = rng.randint(2, 5)
        club_boards = []
        for board in sorted(rng.sample(range(1, boards + 1), rng.randint(1, boards))):
            results: list[dict[str, object]] = []
            ews = rng.sample(range(tables + 1, 2 * tables + 1), tables)
            for ns, ew in zip(range(1, tables + 1), ews):
                luck = rng.random()
                if luck < 0.1:
                    continue  # this table did not play the board
                if luck < 0.2:
                    results.append({"ns": ns, "ew": ew, "adjusted": rng.choice(ADJUSTED)})
                elif luck < 0.25:
                    results.append({"ns": ns, "ew": ew, "contract": "PASS"})
                elif luck < 0.3 and weighted:
                    results.append({"ns": ns, "ew": ew, "weighted": [[25, 420], [75, -50]]})
                else:
                    contract, declarer = rng.choice(CONTRACTS)
                    tricks = rng.randint(6, 12)
                    results.append({"ns": ns, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks})
            if results:
                club_boards.append({"board": board, "results": results})
        out.append({"club": f"Club {'ABCDEFGH'[c]}", "boards": club_boards or [{"board": 1, "results": []}]})
    return {"scale": "ebu", "factoring": "neuberg", "clubs": out}


def merged_lines(document: dict, only: str | None = None) -> list[TravellerLine]:
    """The field's lines as one session's, each pair renamed by its club (``Club A:3``)."""
    event = read_simultaneous(json.dumps(document))
    columns = event.columns
    lines = []
    for i in range(len(columns)):
        line = columns.line(i)
        if only is None or line.section == only:
            name = line.section + ":"
            lines.append(TravellerLine(line.board, name + line.ns, name + line.ew, line.result))
    return lines


def run(path, *args) -> str:
    out = StringIO()
    call_command("sim_combine", *(str(a) for a in (path, *args)), stdout=out)
    return out.getvalue()


def run_json(path, *args) -> dict:
    return json.loads(run(path, *args, "--format", "json"))


def write(tmp_path, document, name="sim.json"):
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


@pytest.mark.parametrize("scale", ["ebu", "acbl"])
@pytest.mark.parametrize("factoring", ["neuberg", "none", "ties"])  # ties: the array path leaves it to the engine
def test_the_engine_on_the_merged_field_gives_the_same_numbers(scale, factoring):
    for seed in range(3):
        document = {**random_field(seed * 7 + len(scale) + len(factoring)), "scale": scale, "factoring": factoring}
        event = read_simultaneous(json.dumps(document))
        score = score_simultaneous(event)
        report = report_data(event, score)
        options = ScoringOptions(scale=scale, factoring=factoring)
        engine = score_event(merged_lines(document), options)
        ours = {f"{p['club']}:{p['pair']}": (p["matchpoints"], p["percentage"], p["rank"]) for p in report["pairs"]}
        theirs = {p.pair: (float(shown(p.total)), float(shown(p.percentage)), p.place) for p in engine.pairs}
        assert ours == theirs
        lines = {
            (b["board"], f"{r['club']}:{r['ns']}"): (r["mp_ns"], r["mp_ew"])
            for b in report["boards"]
            for r in b["results"]
        }
        assert lines == {
            (board.board, s.line.ns): (float(shown(s.ns)), float(shown(s.ew)))
            for board in engine.boards
            for s in board.lines
        }
        for club in event.clubs:  # the local result: the club scored alone
            alone = score_event(merged_lines(document, only=club), options)
            local = {f"{p['club']}:{p['pair']}": (p["local_percentage"], p["local_rank"]) for p in report["pairs"]}
            assert all(local[p.pair] == (float(shown(p.percentage)), p.place) for p in alone.pairs)


def test_weighted_scores_and_the_command_agree_with_the_engine(tmp_path):
    document = random_field(11, clubs=2, boards=3, weighted=True)
    document["clubs"][0]["boards"][0]["results"].append({"ns": 98, "ew": 99, "weighted": [[25, 420], [75, -50]]})
    report = run_json(write(tmp_path, document))
    engine = score_event(merged_lines(document))
    ours = {f"{p['club']}:{p['pair']}": (p["percentage"], p["rank"]) for p in report["pairs"]}
    assert ours == {p.pair: (float(shown(p.percentage)), p.place) for p in engine.pairs}
    assert any(r["ns_score"] == 67.5 for b in report["boards"] for r in b["results"])  # 25 % of +420, 75 % of −50


TINY = {
    "scale": "ebu",
    "factoring": "neuberg",
    "clubs": [
        {
            "club": "Alpha",
            "boards": [
                {
                    "board": 1,
                    "results": [
                        {"ns": 1, "ew": 2, "score": 420},
                        {"ns": 3, "ew": 4, "score": 450},
                        {"ns": 5, "ew": 6, "score": -50},
                    ],
                },
                {
                    "board": 2,
                    "results": [
                        {"ns": 1, "ew": 2, "score": 110},
                        {"ns": 3, "ew": 4, "score": 140},
                        {"ns": 5, "ew": 6, "score": 110},
                    ],
                },
            ],
        },
        {"club": "Beta", "boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "score": 420}]}]},
    ],
}


def test_a_tiny_field_worked_by_hand(tmp_path):
    report = run_json(write(tmp_path, TINY))
    # board 1: four results (E = 4), top 6: 450 beats three, the two 420s beat one and tie, −50 beats none
    board1 = [(r["club"], r["ns"], r["mp_ns"], r["mp_ew"]) for r in report["boards"][0]["results"]]
    assert board1 == [
        ("Alpha", "1", 3.0, 3.0),
        ("Alpha", "3", 6.0, 0.0),
        ("Alpha", "5", 0.0, 6.0),
        ("Beta", "1", 3.0, 3.0),
    ]
    # board 2: three results, factored to E = 4 (Neuberg: (M + 1)·4/3 − 1): 110 → 5/3, 140 → 17/3; EW 13/3, 1/3
    board2 = [(r["ns"], r["mp_ns"], r["mp_ew"]) for r in report["boards"][1]["results"]]
    assert board2 == [("1", 1.67, 4.33), ("3", 5.67, 0.33), ("5", 1.67, 4.33)]
    assert report["boards"][0]["results"][0] == {
        "club": "Alpha", "ns": "1", "ew": "2", "ns_score": 420, "mp_ns": 3.0, "mp_ew": 3.0
    }  # fmt: skip
    pairs = [(p["club"], p["pair"], p["matchpoints"], p["percentage"], p["rank"]) for p in report["pairs"]]
    assert pairs == [
        ("Alpha", "3", 11.67, 97.22, "1"),  # 6 + 17/3 of 12
        ("Alpha", "6", 10.33, 86.11, "2"),
        ("Alpha", "2", 7.33, 61.11, "3"),
        ("Beta", "1", 3.0, 50.0, "4="),  # a place shared across clubs
        ("Beta", "2", 3.0, 50.0, "4="),
        ("Alpha", "1", 4.67, 38.89, "6"),
        ("Alpha", "5", 1.67, 13.89, "7"),
        ("Alpha", "4", 0.33, 2.78, "8"),
    ]
    assert set(report) == {"boards", "pairs"}
    assert set(report["pairs"][0]) == {
        "club",
        "pair",
        "matchpoints",
        "percentage",
        "rank",
        "local_percentage",
        "local_rank",
    }
    # locally Alpha's boards have three results each (top 4): pair 3 beat everyone
    assert (report["pairs"][0]["local_percentage"], report["pairs"][0]["local_rank"]) == (100.0, "1")
    # the text: the overall ranking, place, club, pair, matchpoints, percentage, and the local result beside it
    text = run(write(tmp_path, TINY))
    assert "2 clubs, 2 boards, 7 results" in text
    assert text.splitlines()[3].split() == ["1", "Alpha", "3", "11.67", "97.22%", "100.00%", "1"]


def test_pairs_level_across_clubs_share_the_first_place(tmp_path):
    document = {
        "clubs": [
            {"club": name, "boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10}]}]}
            for name in ("North", "South")
        ]
    }  # fmt: skip
    report = run_json(write(tmp_path, document), "--scale", "acbl")
    assert [(p["club"], p["pair"], p["percentage"], p["rank"]) for p in report["pairs"]] == [
        ("North", "1", 50.0, "1="),
        ("North", "2", 50.0, "1="),
        ("South", "1", 50.0, "1="),
        ("South", "2", 50.0, "1="),
    ]
    assert report["boards"][0]["results"][0]["mp_ns"] == 0.5  # ACBL: ½ for the tie


def test_the_fast_reader_and_the_exact_reader_read_the_same_field():
    document = random_field(5, clubs=4)
    document["clubs"] = [c for c in document["clubs"] if c["boards"][0]["results"]]
    fast = read_simultaneous(json.dumps(document))  # as json.dumps writes it: read straight into columns
    indented = read_simultaneous(json.dumps(document, indent=2))  # cut into tokens
    exact = read_simultaneous(json.dumps({**document, "clubs": [{"city": "x", **c} for c in document["clubs"]]}))
    texts = []
    for event in (fast, indented, exact):
        assert event.clubs == [c["club"] for c in document["clubs"]]
        texts.append("".join(report_chunks(event, score_simultaneous(event), "json")))
    assert texts[0] == texts[1] == texts[2]
    assert texts[0] == json.dumps(report_data(fast, score_simultaneous(fast)), ensure_ascii=False, indent=1)


def test_clubs_own_usebio_and_pbn_files(events_dir):
    usebio = events_dir / "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml"
    pbn = events_dir / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"
    report = json.loads(run("--files", usebio, pbn, "--format", "json"))
    assert {p["club"] for p in report["pairs"]} == {"NSBC@Lindfield", "Welwyn Garden City Bridge Club"}
    assert len(report["pairs"]) == 12 + 13 and len(report["boards"]) == 27  # the PBN's club played 24 boards
    files = [(usebio.name, read_usebio(usebio.read_bytes())), (pbn.name, read_pbn_results(pbn.read_bytes()))]
    engine = score_event(
        [
            TravellerLine(line.board, f"{club}:{line.ns}", f"{club}:{line.ew}", line.result)
            for club, (_, event) in zip(("NSBC@Lindfield", "Welwyn Garden City Bridge Club"), files)
            for line in event.lines
        ]
    )
    ours = {f"{p['club']}:{p['pair']}": (p["percentage"], p["rank"]) for p in report["pairs"]}
    assert ours == {p.pair: (float(shown(p.percentage)), p.place) for p in engine.pairs}
    # two files naming the same club: each is named by its file
    same = simultaneous_of_files([("a.xml", files[1][1]), ("b.pbn", files[1][1])])
    assert same.clubs == ["a.xml", "b.pbn"]


def _document(**changes) -> dict:
    return {**TINY, **changes}


def _result(result: dict) -> dict:
    return _document(clubs=[TINY["clubs"][0], {"club": "Beta", "boards": [{"board": 1, "results": [result]}]}])


@pytest.mark.parametrize(
    "document, message",
    [
        (_document(scale="fifa"), "sim.json (scale): unknown matchpoint scale 'fifa'"),
        (_document(factoring="x"), "sim.json (factoring): unknown factoring 'x'"),
        (_document(clubs=[TINY["clubs"][0], {**TINY["clubs"][1], "club": "Alpha"}]),
         "sim.json: club 'Alpha' appears twice (clubs[0] and clubs[1])"),
        (_document(clubs=[TINY["clubs"][0], {**TINY["clubs"][1], "club": " "}]),
         "sim.json (clubs[1].club): a club needs its name (club): a text that is not empty"),
        (_document(clubs=[]), "sim.json (clubs): expected a list of clubs"),
        (_document(clubs=[TINY["clubs"][0], 7]), "sim.json (clubs[1]): expected an object with club and boards"),
        (_result({"ns": 1, "ew": 2, "contract": "8S", "declarer": "N", "tricks": 9}),
         "sim.json (clubs[1].boards[0].results[0].contract): club 'Beta': '8S' is not a contract"),
        (_result({"ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 14}),
         "sim.json (clubs[1].boards[0].results[0].tricks): club 'Beta': "),
        (_document(clubs=[TINY["clubs"][0], {"club": "Beta", "boards": [{"board": 0, "results": []}]}]),
         "sim.json (clubs[1].boards[0].board): club 'Beta': board numbers start at 1, not 0"),
        (_document(clubs=[{"club": "Beta", "boards": [{"board": 3, "results": [
            {"ns": 1, "ew": 2, "score": 420}, {"ns": 2, "ew": 4, "contract": "PASS"}]}]}]),
         "sim.json (clubs[0]): club 'Beta': board 3: pair 2 has two results (+420 and passed out)"),
        ('{"clubs": [', "sim.json: line 1: this is not JSON"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_place(tmp_path, document, message):
    with pytest.raises(CommandError) as caught:
        run_json(write(tmp_path, document))
    said = str(caught.value)
    assert said.startswith(message) and "\n" not in said and "Traceback" not in said


def test_bad_command_lines(tmp_path):
    path = write(tmp_path, TINY)
    for argv, message in [
        (
            [path, "--files", path],
            "give one JSON file of every club's results, or the clubs' results files with --files",
        ),
        (["--files", tmp_path / "club.txt"], "club.txt: not a results file this site reads (USEBIO .xml or PBN .pbn)"),
        ([tmp_path / "none.json"], f"{tmp_path / 'none.json'}: no such file"),
    ]:
        with pytest.raises(CommandError) as caught:
            run(*argv)
        assert str(caught.value) == message


def test_no_results_at_all_is_refused():
    with pytest.raises(ScoringError, match="nothing to score"):
        simultaneous_of_files([])


def test_a_board_without_results_is_read_by_matchpoint_too(tmp_path):
    """(Found here: the common layout's reader failed on a board whose results are an empty list.)"""
    document = {"boards": [{"board": 1, "results": []}, {"board": 2, "results": [{"ns": 1, "ew": 2, "score": 420}]}]}
    out = StringIO()
    call_command("matchpoint", str(write(tmp_path, document)), stdout=out)
    assert [b["board"] for b in json.loads(out.getvalue())["boards"]] == [2]
