"""``manage.py score_teams`` on a Swiss pairs event (``"format": "swiss-pairs"``, issue 21): one table a match, each
board compared with the round's field, in the teams output's shape; bad input refused in one line naming the place.

Round 1 of three tables and a bye, two boards (board 1 none vulnerable, board 2 North–South vulnerable): table 1
+420 and +600, table 2 +110 and −100, table 3 −50 and +630. IMPs: board 1's datum is 110, board 2's 600, so table 1
wins 7 and 0 IMPs, table 2 0 and −12, table 3 −4 and +1. Matchpoints (top 4): table 1 4 and 2 (75 %), table 2 2 and
0 (25 %), table 3 0 and 4 (50 %).
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

SCORES = {("1", "2"): (420, 600), ("3", "4"): (110, -100), ("5", "6"): (-50, 630)}


def _event(method="imps", **extra) -> dict:
    matches = [
        {"round": 1, "home": home, "away": away, "boards": [
            {"board": 1, "home_ns": {"score": first}}, {"board": 2, "home_ns": {"score": second}}]}
        for (home, away), (first, second) in SCORES.items()
    ]  # fmt: skip
    matches.append({"round": 1, "home": "7", "away": None})
    return {"format": "swiss-pairs", "method": method, "scale": "wbf2013", "boards_per_match": 2, "matches": matches}


def _run(tmp_path, document, *args) -> str:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    call_command("score_teams", str(path), *args, stdout=out)
    return out.getvalue()


def test_swiss_pairs_on_imps_against_the_datum(tmp_path):
    out = json.loads(_run(tmp_path, _event(), "--format", "json"))
    assert (out["format"], out["method"], out["tie_break"]) == ("swiss-pairs", "imps", "imp-difference")
    first, second, third, bye = out["matches"]
    assert (first["home"], first["away"], first["imps_home"], first["imps_away"]) == ("1", "2", 7, 0)
    assert first["boards"][0] == {
        "board": 1, "home_ns_score": 420, "away_ns_score": None, "imps_home": 7, "imps_away": 0, "datum": 110
    }  # fmt: skip
    assert [b["datum"] for b in third["boards"]] == [110, 600] and (third["imps_home"], third["imps_away"]) == (1, 4)
    assert (second["imps_home"], second["imps_away"]) == (0, 12)
    assert all(round(m["vp_home"] + m["vp_away"], 2) == 20 for m in (first, second, third))
    assert first["vp_home"] > 10 > third["vp_home"]
    assert (bye["away"], bye["vp_home"], bye["vp_away"], bye["boards"]) == (None, 12.0, None, [])
    teams = {t["team"]: t for t in out["teams"]}
    assert teams["4"]["rank"] == "1" and (teams["4"]["imps_for"], teams["4"]["imps_against"]) == (12, 0)
    assert set(teams) == {str(n) for n in range(1, 8)} and set(out["teams"][0]) == {
        "team", "vp", "imps_for", "imps_against", "rank"
    }  # fmt: skip


def test_swiss_pairs_on_matchpoints_turned_into_vps(tmp_path):
    out = json.loads(_run(tmp_path, _event("matchpoints"), "--format", "json"))
    got = [(m["percent_home"], m["vp_home"], m["vp_away"]) for m in out["matches"][:3]]
    assert got == [(75, 15.0, 5.0), (25, 5.0, 15.0), (50, 10.0, 10.0)]
    board = out["matches"][0]["boards"][1]
    assert (board["matchpoints"], board["top"], board["percent_home"], board["percent_away"]) == (2, 4, 50, 50)
    assert board["imps_home"] is None and "datum" not in board
    ranks = {t["team"]: t["rank"] for t in out["teams"]}
    assert ranks["1"] == ranks["4"] == "1="  # 15 VP each


def test_the_text_report(tmp_path):
    text = _run(tmp_path, _event())
    assert text.startswith("Swiss pairs: 2 boards a match, imps against the field, scale wbf2013")
    assert "IMPs 7–0" in text and "bye" in text and "Standings" in text


def _board(index=0, **fields) -> dict:
    event = _event()
    event["matches"][index]["boards"][0] = {"board": 1, **fields}
    return event


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (
            _board(home_ns={"score": 420}, away_ns={"score": 400}),
            "t.json (matches[0].boards[0].away_ns): board 1 of 1 v 2 (round 1): a Swiss pairs match is played at one "
            "table, so a board has home_ns only",
        ),
        (_board(), "t.json (matches[0].boards[0].home_ns): board 1 of 1 v 2 (round 1) has no result"),
        (
            _board(home_ns={"adjusted": "60/60"}),
            "t.json (matches[0].boards[0].home_ns): A6060: an artificial score that is not",
        ),
        ({**_event(), "method": "butler"}, "t.json (method): unknown Swiss pairs scoring 'butler'"),
        ({**_event(), "format": "pairs"}, "t.json (format): unknown format 'pairs': expected teams or swiss-pairs"),
        ({**_event(), "scale": "patton"}, "t.json (scale): scale 'patton' is a club's teams evening's"),
        ({**_event("matchpoints"), "scale": "imps"}, "t.json (scale): scale 'imps' has no victory points"),
        ({**_event(), "boards_per_match": 3}, "t.json (matches[0].boards): 1 v 2 (round 1) has 2 boards"),
        (
            {**_event(), "matches": [*_event()["matches"], {"round": 1, "home": "1", "away": None}]},
            "t.json (matches[4]): team 1 is in two matches of round 1",
        ),
    ],
)
def test_bad_input_is_refused_in_one_line_naming_the_place(tmp_path, document, said):
    with pytest.raises(CommandError) as caught:
        _run(tmp_path, document, "--format", "json")
    message = str(caught.value)
    assert "\n" not in message and message.startswith(said), message
