"""The results files' words (``scoring/domain/formats/words.py``) in the reader's language (``clubsite.texts``).

Every code is rendered: under English exactly its ``str()``, under Polish translated; a damaged file's
whole message (file, line, element and reason) reads in Polish.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from clubsite.texts import error_message, render
from scoring.domain.errors import ScoringError
from scoring.domain.formats.usebio import SAMPLE, read_usebio
from scoring.domain.formats.words import TEMPLATES
from scoring.domain.text import Text

SAMPLES = {
    "xml.entity": {"name": "lol"},
    "xml.external": {"name": "file:///etc/passwd"},
    "xml.empty": {},
    "xml.truncated": {"element": "BOARD", "opened": 12},
    "xml.malformed": {"reason": "mismatched tag", "column": 4},
    "file.missing": {"parent": "TRAVELLER_LINE", "element": "PLAYED_BY"},
    "file.number": {"element": "TRICKS", "text": "nine"},
    "file.pair_number": {"text": "x"},
    "file.seat": {"text": "Q"},
    "file.no_results": {},
    "file.unknown_format": {"name": "a.doc"},
    "usebio.root": {"tag": "RESULTS"},
    "usebio.event_type_missing": {},
    "usebio.event_type": {"type": "INDIVIDUAL"},
    "usebio.teams_event": {"type": "TEAMS"},
    "usebio.method": {"method": "PAB"},
    "usebio.sessions": {"count": 2},
    "usebio.date": {"text": "someday"},
    "usebio.winner_type": {"text": "3"},
    "usebio.score": {"text": "A6"},
    "usebio_teams.not_teams": {"type": "MP_PAIRS"},
    "usebio_teams.sections": {"count": 2},
    "usebio_teams.number": {"element": "TEAM_NUMBER", "text": "two", "most": 999},
    "usebio_teams.team_twice": {"team": "3"},
    "usebio_teams.no_teams": {},
    "usebio_teams.no_matches": {},
    "usebio_teams.no_boards": {},
    "usebio_teams.unknown_team": {"team": "7"},
    "usebio_teams.twice_in_round": {"team": "1", "round": 2, "first": 40},
    "usebio_teams.line_teams": {"board": 3, "home": "1", "away": "2", "round": 1, "ns": "1", "ew": "3"},
    "usebio_teams.table_twice": {"board": 3, "home": "1", "away": "2", "round": 1, "team": "2"},
    "usebio_teams.match_boards": {"home": "1", "away": "2", "round": 1},
    "usebio_teams.board_numbers": {"home": "1", "away": "2", "round": 2, "first": 9, "last": 16},
    "usebio_teams.board_count": {"home": "1", "away": "2", "round": 1, "count": 7, "boards": 8},
    "usebio_teams.swiss_pairs": {"type": "SWISS_PAIRS"},
    "usebio_teams.match_twice": {"match": 2, "round": 1, "first": 30},
    "usebio_teams.carry_over": {"element": "CARRY_OVER_HOME", "text": "-1"},
    "usebio_teams.tie_break": {"text": "coin"},
    "json.invalid": {"reason": "Expecting value", "column": 13},
    "json.encoding": {"position": 12},
    "json.shape": {"expected": "boards"},
    "json.unreadable": {},
    "xml.encoding": {"name": "iso-0-1", "reason": "unknown encoding: iso-0-1"},
    "import.not_director": {},
    "import.too_large": {"name": "big.xml", "megabytes": 20},
    "import.section": {"section": "Section one", "most": 8},
    "import.pair": {"pair": "40000", "most": 999},
    "import.board": {"board": 40000, "round": 0, "table": 0, "most": 999},
    "pbn.board_missing": {},
    "pbn.columns": {"table": "ScoreTable", "row": "1 2", "count": 2, "columns": 5},
    "pbn.column_missing": {"table": "ScoreTable", "column": "PairId_NS"},
    "pbn.no_result": {},
    "schema.missing": {"parent": "CLUB", "element": "CLUB_NAME"},
    "schema.empty": {"parent": "CLUB", "element": "CLUB_NAME"},
    "schema.repeated": {"parent": "EVENT", "element": "DATE", "count": 2},
    "schema.format": {"parent": "EVENT", "element": "DATE", "text": "2026-11-24", "expected": "dd/mm/yyyy"},
    "schema.nesting": {"parent": "EVENT", "element": "BOARD", "version": "1.2"},
    "schema.unknown": {"parent": "EVENT", "element": "TITLE"},
    "compare.factoring_none": {},
    "compare.factoring_neuberg": {},
    "compare.raw_lines": {},
    "compare.rounded_lines": {},
    "compare.totals_all_boards": {},
    "compare.half_even": {},
    "compare.single_precision": {},
    "compare.override": {},
    "compare.override_line": {
        "board": 3,
        "ns": "1NS",
        "ew": "1EW",
        "result": "A5050",
        "theirs": "23/11",
        "ours": "20.00/20.00",
    },
    "compare.unexplained": {
        "what": "percentage",
        "board": None,
        "ns": None,
        "ew": None,
        "side": "",
        "pair": "7",
        "theirs": "50.00",
        "ours": "51.00",
    },
    # issue 20: an honest comparison
    "compare.factoring_ties": {},
    "compare.truncated": {},
    "compare.reproduced": {"convention": "factoring_ties"},
    "compare.session_columns": {},
    "compare.handicap": {},
}


def test_every_code_has_a_sample():
    assert set(SAMPLES) == set(TEMPLATES)


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_english_is_the_domains_own_words_and_polish_is_translated(code):
    text = Text.of(code, **SAMPLES[code])
    with translation.override("en"):
        assert render(text) == str(text)
    with translation.override("pl"):
        polish = render(text)
    assert polish != str(text), polish


def test_an_unexplained_line_difference_in_both_languages():
    text = Text.of(
        "compare.unexplained",
        what="matchpoints",
        board=3,
        ns="1NS",
        ew="1EW",
        side="NS",
        pair=None,
        theirs="23",
        ours="20.00",
    )
    assert str(text) == (
        "matchpoints of board 3, 1NS v 1EW (NS): the file has 23, we have 20.00, and no convention explains it"
    )
    with translation.override("pl"):
        assert render(text) == (
            "punkty – rozdanie 3, 1NS przeciw 1EW (NS): plik ma 23, my mamy 20.00 i żadna konwencja tego nie wyjaśnia"
        )


def test_a_damaged_files_message_in_polish():
    with pytest.raises(ScoringError) as caught:
        read_usebio(SAMPLE.replace(b"<CONTRACT>3NT", b"<CONTRACT>8S"), source="club.xml")
    with translation.override("en"):
        assert error_message(caught.value) == str(caught.value)
    with translation.override("pl"):
        said = error_message(caught.value)
    assert said.startswith("club.xml: wiersz 11 (CONTRACT): '8S' to nie kontrakt"), said
    with pytest.raises(ScoringError) as caught:
        read_usebio(SAMPLE.replace(b"MP_PAIRS", b"INDIVIDUAL"), source="club.xml")
    with translation.override("pl"):
        assert error_message(caught.value) == (
            "club.xml: wiersz 4 (EVENT): turnieju typu INDIVIDUAL nie da się tu policzyć: liczone są tylko turnieje par "
            "(MP_PAIRS, PAIRS, BUTLER_PAIRS, CROSS_IMP)"
        )
