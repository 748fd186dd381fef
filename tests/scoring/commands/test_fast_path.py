"""The array path (``scoring.domain.array_path*``) gives the engine's numbers and the engine's report, byte for byte.

Random traveller sets (Hypothesis) with ties, short boards (Neuberg), passed-out boards, assigned,
artificial and weighted scores, sections and two winners, written in three layouts: as
``json.dumps`` writes them (read with numpy), indented (read by the tokenising expression) and
with what only the exact reader takes (sections, weighted scores: read by it, scored by the array
path, weighted units by the engine). Each is run through ``manage.py matchpoint`` and compared with
the report the engine makes of the same file; the columns' scores are compared with
``score_event``'s line by line and pair by pair. Then a small file worked by hand, and bad input
deep in a large file named by its place.
"""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.domain.array_json import scan_travellers
from scoring.domain.array_path import columns_of, score_columns, supports
from scoring.domain.comparison import compare
from scoring.domain.engine import score_event
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.report import event_report, text_report
from scoring.domain.formats.travellers import read_travellers
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from tests.scoring.commands.test_score_usebio import FILES

CONTRACTS = [("1N", "N"), ("2H", "E"), ("3NT", "S"), ("4S", "N"), ("4SX", "W"), ("5C", "S"), ("6NXX", "E")]
SCORES = [-800, -500, -100, -50, 0, 90, 110, 140, 420, 450, 620, 650]

played = st.builds(
    lambda c, t: {"contract": c[0], "declarer": c[1], "tricks": t}, st.sampled_from(CONTRACTS), st.integers(5, 13)
)
plain_result = st.one_of(
    played,
    played,
    st.just({"contract": "PASS"}),
    st.builds(lambda s: {"score": s}, st.sampled_from(SCORES)),
    st.builds(lambda a: {"adjusted": a}, st.sampled_from(["60/40", "50/50", "40/60", "60/60", "30/70"])),
)
weighted = st.builds(
    lambda a, b, w: {"weighted": [[w, a], [100 - w, b]]},
    st.sampled_from(SCORES),
    st.sampled_from(SCORES),
    st.sampled_from([20, 25, 50, 75]),
)


@st.composite
def documents(draw, *, extras: bool):
    """A traveller set: boards of up to 9 results (pairs 1–40, each at most once a board), maybe sections."""
    boards = []
    for number in draw(st.lists(st.integers(1, 30), min_size=1, max_size=5, unique=True)):
        size = draw(st.integers(1, 9))
        pairs = draw(st.lists(st.integers(1, 40), min_size=2 * size, max_size=2 * size, unique=True))
        results = []
        for i in range(size):
            result = draw(st.one_of(plain_result, weighted) if extras else plain_result)
            line = {"ns": pairs[2 * i], "ew": pairs[2 * i + 1], **result}
            if extras and draw(st.booleans()):
                line["section"] = draw(st.sampled_from("AB"))
            results.append(line)
        boards.append({"board": number, "results": results})
    document: dict[str, object] = {"event": draw(st.sampled_from(["", "Club pairs"]))}
    if draw(st.booleans()):
        document["winners"] = 2
    document["boards"] = boards  # last: the layout the array path reads (any other order: the exact reader)
    return document


command_options = st.fixed_dictionaries(
    {},
    optional={
        "scale": st.sampled_from(["ebu", "acbl"]),
        "factoring": st.sampled_from(["neuberg", "none"]),
        "sections": st.sampled_from(["across", "within"]),
    },
)


def exact_report(data: bytes, name: str, options: dict, form: str) -> str:
    """What the engine's path prints for this file (the command before the array path)."""
    event = read_travellers(data, source=name)
    chosen = event.options(**options)
    report = event_report(event, event.score(chosen))
    return text_report(report) if form == "text" else json.dumps(report, ensure_ascii=False, indent=1) + "\n"


def command_report(path, options: dict, form: str) -> str:
    out = StringIO()
    args = [f"--{k}={v}" for k, v in options.items()]
    call_command("matchpoint", str(path), *args, "--format", form, stdout=out)
    return out.getvalue()


@pytest.mark.slow  # sixty files through the command, about a second
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    document=documents(extras=False),
    options=command_options,
    layout=st.sampled_from(["dumps", "indented"]),
    form=st.sampled_from(["json", "text"]),
)
def test_the_command_prints_what_the_engine_prints(tmp_path, document, options, layout, form):
    data = (json.dumps(document) if layout == "dumps" else json.dumps(document, indent=2)).encode()
    scanned = scan_travellers(data, source="t.json")
    assert scanned is not None  # both layouts are read into columns
    path = tmp_path / "t.json"
    path.write_bytes(data)
    assert command_report(path, options, form) == exact_report(data, "t.json", options, form)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=documents(extras=True), options=command_options, form=st.sampled_from(["json", "text"]))
def test_sections_and_weighted_scores_too(tmp_path, document, options, form):
    data = json.dumps(document).encode()
    path = tmp_path / "t.json"
    path.write_bytes(data)
    assert command_report(path, options, form) == exact_report(data, "t.json", options, form)


# --- the columns' scores against score_event's, line by line and pair by pair --------------------------------


def as_lines(document) -> list[TravellerLine]:
    return read_travellers(json.dumps(document).encode()).lines


def same_scores(lines: list[TravellerLine], options: ScoringOptions, two_winners: bool) -> None:
    exact = score_event(lines, options, two_winners=two_winners)
    columns = columns_of(lines)
    bulk = score_columns(columns, options, two_winners=two_winners)
    assert bulk is not None
    assert [(u.board, u.section) for u in bulk.units] == [(b.board, b.section) for b in exact.boards]
    for unit, board in zip(bulk.units, exact.boards):
        assert [lines[i] for i in unit.lines.tolist()] == [s.line for s in board.lines]
        for i, s in zip(unit.lines.tolist(), board.lines):
            assert Fraction(int(bulk.ns_num[i]), int(bulk.ns_den[i])) == s.ns
            assert Fraction(int(bulk.ew_num[i]), int(bulk.ew_den[i])) == s.ew
            assert Fraction(int(bulk.top_num[i]), int(bulk.top_den[i])) == s.top
    fields = ("pair", "field", "section", "total", "top", "boards", "percentage", "place")
    assert [[getattr(p, f) for f in fields] for p in bulk.pairs] == [
        [getattr(p, f) for f in fields] for p in exact.pairs
    ]
    assert bulk.fields == exact.fields


@settings(max_examples=80, deadline=None)
@given(
    document=documents(extras=True),
    scale=st.sampled_from(["ebu", "acbl"]),
    factoring=st.sampled_from(["neuberg", "none"]),
    sections=st.sampled_from(["across", "within"]),
    two_winners=st.booleans(),
)
def test_the_columns_score_as_score_event(document, scale, factoring, sections, two_winners):
    options = ScoringOptions(scale=scale, factoring=factoring, sections=sections)
    same_scores(as_lines(document), options, two_winners)


def test_ties_short_boards_and_adjusted_scores():
    """Board 1: four results, two tied; board 2 short (three, E = 4: Neuberg); board 3 an A60/40 and a weighted one."""
    L = TravellerLine
    lines = [
        L(1, "1", "2", Played.of("4S", "N", 10)),
        L(1, "3", "4", Played.of("4S", "N", 10)),
        L(1, "5", "6", Played.of("4S", "N", 9)),
        L(1, "7", "8", Played.of("3N", "S", 9)),
        L(2, "1", "4", Played.of("2H", "E", 8)),
        L(2, "3", "6", Played.of("2H", "E", 9)),
        L(2, "5", "8", Played(None)),
        L(3, "1", "6", Artificial(60, 40)),
        L(3, "3", "8", Assigned.weighted((Fraction(1, 4), 420), (Fraction(3, 4), -50))),
        L(3, "5", "2", Played.of("4S", "N", 10)),
        L(3, "7", "4", Assigned.of(-50)),
    ]
    for options in (ScoringOptions(), ScoringOptions(scale="acbl", factoring="none")):
        same_scores(lines, options, two_winners=False)
        same_scores(lines, options, two_winners=True)


def test_what_the_array_path_leaves_to_the_engine():
    assert not supports(ScoringOptions(method="butler")) and not supports(ScoringOptions(method="cross_imps"))
    assert supports(ScoringOptions(scale="acbl", factoring="none", sections="within"))
    fouled = [
        TravellerLine(1, "1", "2", Played.of("4S", "N", 10), group="a"),
        TravellerLine(1, "3", "4", Played.of("4S", "N", 9), group="b"),
    ]
    assert score_columns(columns_of(fouled), ScoringOptions()) is None
    twice = [TravellerLine(1, "1", "2", Assigned.of(420)), TravellerLine(1, "1", "3", Assigned.of(50))]
    assert score_columns(columns_of(twice), ScoringOptions()) is None  # the engine says which line


# --- a small file worked by hand -----------------------------------------------------------------------------


def test_a_small_file_worked_by_hand(tmp_path):
    """Board 1: +420, +420, −50, +450 → NS 3, 3, 0, 6 (top 6). Board 2 has three results, E = 4 (Neuberg,
    (M + 1)·4/3 − 1): −110, +50, −110 → raw 1, 4, 1 → 5/3, 17/3, 5/3 and EW 13/3, 1/3, 13/3, the top 2·(4 − 1) = 6.
    Pair 1 (NS on both): 3 + 5/3 = 4.67 of 12 = 38.89 %; pair 2 (EW against pair 1 on both): 3 + 13/3 = 7.33 =
    61.11 %; pair 4: 3 + 1/3 = 3.33 = 27.78 %."""
    document = {
        "boards": [
            {
                "board": 1,
                "results": [
                    {"ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10},
                    {"ns": 3, "ew": 4, "score": 420},
                    {"ns": 5, "ew": 6, "contract": "4S", "declarer": "N", "tricks": 9},
                    {"ns": 7, "ew": 8, "contract": "4S", "declarer": "N", "tricks": 11},
                ],
            },
            {
                "board": 2,
                "results": [
                    {"ns": 1, "ew": 2, "contract": "2S", "declarer": "E", "tricks": 8},
                    {"ns": 3, "ew": 4, "contract": "2S", "declarer": "E", "tricks": 7},
                    {"ns": 5, "ew": 6, "contract": "2S", "declarer": "E", "tricks": 8},
                ],
            },
        ]
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))
    report = json.loads(command_report(path, {}, "json"))
    assert [(r["ns_score"], r["mp_ns"], r["mp_ew"]) for r in report["boards"][0]["results"]] == [
        (420, 3.0, 3.0),
        (420, 3.0, 3.0),
        (-50, 0.0, 6.0),
        (450, 6.0, 0.0),
    ]
    assert [(r["ns_score"], r["mp_ns"], r["mp_ew"]) for r in report["boards"][1]["results"]] == [
        (-110, 1.67, 4.33),
        (50, 5.67, 0.33),
        (-110, 1.67, 4.33),
    ]
    pairs = {p["pair"]: p for p in report["pairs"]}
    assert (pairs["1"]["matchpoints"], pairs["1"]["percentage"]) == (4.67, 38.89)
    assert (pairs["2"]["matchpoints"], pairs["2"]["percentage"]) == (7.33, 61.11)
    assert (pairs["4"]["matchpoints"], pairs["4"]["percentage"]) == (3.33, 27.78)


# --- bad input, deep in a large file, still named by its place -----------------------------------------------


def large(results: int = 400) -> dict:
    return {
        "boards": [
            {
                "board": b,
                "results": [
                    {"ns": t, "ew": 1000 + t, "contract": "3NT", "declarer": "S", "tricks": 8 + (t + b) % 3}
                    for t in range(1, results + 1)
                ],
            }
            for b in range(1, 4)
        ]
    }


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["boards"][2]["results"][317].update(tricks=14),
            "t.json (boards[2].results[317].tricks): 3N would be 14 tricks",
        ),
        (
            lambda d: d["boards"][1]["results"][5].update(contract="8S"),
            "t.json (boards[1].results[5].contract): '8S' is not a contract",
        ),
        (
            lambda d: d["boards"][0]["results"][399].update(ew=7),
            "t.json (boards[0].results[399]): board 1: pair 7 has two results",
        ),
        (lambda d: d["boards"][2]["results"][10].update(ew=11), "t.json (boards[2].results[10].ew): "),
    ],
)
def test_bad_input_deep_in_a_large_file_is_named(tmp_path, change, message):
    document = large()
    change(document)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as caught:
        command_report(path, {}, "json")
    assert str(caught.value).startswith(message)


def test_a_large_file_cut_short_is_named_by_line_and_column(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(large())[:-40])
    with pytest.raises(CommandError) as caught:
        command_report(path, {}, "json")
    assert str(caught.value).startswith("t.json: line 1: this is not JSON (")


# --- score_usebio: real files, the report written by the array path ------------------------------------------


@pytest.mark.parametrize("name", FILES, ids=lambda n: n.split(".")[0])
@pytest.mark.parametrize("args", [(), ("--factoring", "none", "--scale", "acbl"), ("--sections", "within")])
def test_score_usebio_prints_what_the_engine_prints(events_dir, name, args):
    path = events_dir / name
    reader = read_pbn_results if name.endswith(".pbn") else read_usebio
    event = reader(path.read_bytes(), source=name)
    chosen = event.options(**{flag[2:]: value for flag, value in zip(args[::2], args[1::2])})
    score = event.score(chosen)
    report = event_report(event, score, compare(event, score))
    for form in ("json", "text"):
        out = StringIO()
        call_command("score_usebio", str(path), *args, "--format", form, stdout=out)
        expected = text_report(report) if form == "text" else json.dumps(report, ensure_ascii=False, indent=1) + "\n"
        assert out.getvalue() == expected
