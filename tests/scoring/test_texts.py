"""The scoring domain's words (``scoring.domain.text``, ``scoring.domain.formats.words``) said in the reader's
language (``clubsite.texts.render``).

Every code of ``Text.templates`` is said by ``clubsite.texts.render``: in English exactly as the
domain's own English (``str``), in Polish translated. The scorer's shorthand, its results said
back, the director's checks, the results' and the options' errors are made by the domain itself
from real input; the other codes (layout, services, files) with sample parameters.
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction

import pytest
from django.utils import translation

from bridge.cards import Deal
from clubsite.texts import error_message, render
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain import checks
from scoring.domain.engine import score_event
from scoring.domain.errors import ScoringError
from scoring.domain.formats.swiss_pairs_json import read_swiss_pairs
from scoring.domain.formats.teams import event_format, read_teams
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played
from scoring.domain.results import TravellerLine as L
from scoring.domain.shorthand import describe, parse_entry, parse_lead
from scoring.domain.simultaneous import read_simultaneous
from scoring.domain.teams import score_teams
from scoring.domain.text import Text
from scoring.domain.victory_points import bye_vp, victory_points, wbf_vp

# a Polish message of the scorer's shorthand and the checks must not fall back to these English words
ENGLISH_WORDS = re.compile(
    r"\b(board|boards|pairs?|tricks?|declarer|passed|assigned|artificial|scored?|table|"
    r"round|entered|nearest|holds|took|the|is|not|write|who|how|many|unknown|expected|of)\b",
    re.IGNORECASE,
)

BAD_ENTRIES = ["", "hello", "8S N 10", "4S=", "4S N", "4S=N10", "4S+7", "A60/140", "+330", "20% +650 70% +620",
               "100% +620"]  # fmt: skip
SAID = ["4SX N 9", "1C W 1", "3N-2W", "P", "+420", "0", "A6040", "20% +650 80% +620", "12.5% +650 87.5% +620"]
DEAL = Deal.from_pbn("N:QJT9.AKQ.AKQ.AKQ AK2.JT9.JT9.JT98 7654.876.876.765 83.5432.5432.432")
TABLE = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")
OURS = (
    "entry.",
    "check.",
    "options.",
    "at",
    "result.pairs_same",
    "result.pair_missing",
    "result.twice",
    "result.board",
    "sim.club",
)
# made by the domain from bad input too (issue 21), but their Polish names the file's options (round, exact …)
TEAMS = ("teams.",)


def _error(call) -> Text:
    with pytest.raises(ScoringError) as caught:
        call()
    return caught.value.text


def _made_by_the_domain() -> list[Text]:
    texts = [_error(lambda t=t: parse_entry(t)) for t in BAD_ENTRIES]
    texts += [describe(parse_entry(t), 5) for t in SAID]
    texts.append(describe(Played.of("4S", "N", 10, lead="HK"), 5))
    texts.append(describe(Assigned.of(-50), 5, score_card=True))  # a bare score on a teams score card
    texts.append(_error(lambda: parse_lead("Z9")))
    field = [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate([420, 420, 450, -1100], start=1)]
    texts.append(checks.far_from_the_field(field[-1], field))
    texts.append(checks.beyond_top_trumps(L(1, "1", "2", Played.of("6S", "N", 12)), DEAL))
    texts.append(
        checks.beyond_top_trumps(
            L(1, "1", "2", Played.of("7C", "S", 13)),
            Deal.from_pbn("N:QJT9.AKQ.AKQ.QJT AK2.JT9.JT9.A987 7654.876.876.654 83.5432.5432.K32"),
        )
    )
    texts.append(checks.far_from_double_dummy(L(1, "1", "2", Played.of("4H", "N", 6)), TABLE))
    swapped = {1: TABLE, 2: DoubleDummyTable.from_pbn_tricks("453644536498a7998979")}  # issue 22: across the field
    texts += checks.looks_like_another_board(
        [L(b, "1", "2", Played.of("4H", "E" if b == 1 else "N", 10)) for b in (1, 1, 2, 2)], swapped, club="Hilltop"
    )
    texts += checks.looks_like_another_board([L(1, "1", "2", Played.of("4H", "E", 10))] * 2, {1: TABLE}, club="X")
    at_1 = {"ns": "8", "ew": "1", "boards": (1, 2, 3)}
    for board, ns, ew in ((4, "8", "1"), (2, "8", "3"), (2, "1", "8")):
        texts += checks.check_line(L(board, ns, ew, Played(None), round=1, table=1), expected_meeting=at_1)
    texts += checks.check_line(L(2, "8", "1", Played(None), round=1, table=9), expected_meeting=None)
    for options in ({"scale": "x"}, {"factoring": "x"}, {"method": "x"}, {"sections": "x"}):
        texts.append(_error(lambda o=options: ScoringOptions.parse(o)))
    for options in ({"rounding": "x"}, {"decimals": "9"}, {"totals": "x"}):  # issue 20: conventions as options
        texts.append(_error(lambda o=options: ScoringOptions.parse(o)))
    texts.append(_error(lambda: L(1, "1", "1", Played(None))))
    texts.append(_error(lambda: L(1, "", "1", Played(None))))
    texts.append(_error(lambda: L(0, "1", "2", Played(None))))
    texts.append(_error(lambda: score_event([L(1, "1", "2", Played(None)), L(1, "3", "1", Artificial(60, 40))])))
    texts.append(
        _error(
            lambda: score_event(
                [
                    L(1, "1", "2", Played.of("4S", "N", 10)),
                    L(1, "1", "3", Assigned.weighted((Fraction(1, 5), 650), (Fraction(4, 5), 620))),
                ]
            )
        )
    )
    club = {"club": "Beta", "boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "score": 420}]}]}
    for clubs in (  # issue 22: a simultaneous pairs' clubs
        [club, {"club": "Gamma", "boards": [{"board": 0, "results": []}]}],
        [club, club],
        [{**club, "club": ""}],
    ):
        texts.append(_error(lambda c=clubs: read_simultaneous(json.dumps({"clubs": c}))))
    texts += _teams_errors()
    texts.append(ScoringError(Text.of("entry.empty"), line=12, where="TRAVELLER_LINE", source="club.xml").text)
    texts.append(ScoringError(Text.of("entry.empty"), line=12).text)
    return texts


def _reason(call) -> Text:
    with pytest.raises(ScoringError) as caught:
        call()
    assert isinstance(caught.value.reason, Text)
    return caught.value.reason


def _teams_file(*matches: dict, **options: object) -> dict:
    return {"boards_per_match": 1, **options, "matches": list(matches)}


_BOARD = {"board": 1, "home_ns": {"score": 420}, "away_ns": {"score": 400}}
_MATCH = {"round": 1, "home": "1", "away": "2", "boards": [_BOARD]}
#: what score_teams' reader refuses (issue 21): each teams code made from bad input
BAD_TEAMS = [
    [1],
    _teams_file(_MATCH, scale="fifa"),
    _teams_file(_MATCH, boards_per_match=0),
    _teams_file(_MATCH, fractional="up"),
    _teams_file(_MATCH, bye="all"),
    _teams_file(_MATCH, bye_vp=30),
    _teams_file(_MATCH, tie_break="coin"),
    _teams_file(7),
    _teams_file({**_MATCH, "round": 0}),
    _teams_file({**_MATCH, "home": None}),
    _teams_file({**_MATCH, "away": "1"}),
    _teams_file({"round": 1, "home": "1", "away": None, "boards": [_BOARD]}),
    _teams_file({**_MATCH, "boards": None}),
    _teams_file({**_MATCH, "boards": [3]}),
    _teams_file({**_MATCH, "boards": [_BOARD, _BOARD]}, boards_per_match=2),
    _teams_file({**_MATCH, "boards": [{"board": 1, "home_ns": {"score": 420}}]}),
    _teams_file(_MATCH, boards_per_match=2),
    _teams_file(_MATCH, {**_MATCH, "home": "3"}),
]


def _teams_errors() -> list[Text]:
    # the reasons, without the file's place ("matches[0].boards[1].board": JSON's names, not English words)
    texts = [_reason(lambda d=d: read_teams(json.dumps(d), source="t.json")) for d in BAD_TEAMS]
    unbalanced = _teams_file({**_MATCH, "boards": [{**_BOARD, "home_ns": {"adjusted": "60/60"}}]})
    texts.append(_reason(lambda: score_teams(read_teams(json.dumps(unbalanced)))))
    texts.append(_error(lambda: victory_points(3, 0, 40, "acbl")))
    texts.append(_error(lambda: victory_points(3, 0, 8, "patton")))  # a club's method has no VP scale
    texts.append(_error(lambda: wbf_vp(-1, 20)))
    texts.append(_error(lambda: bye_vp([], rule="all")))
    texts.append(_reason(lambda: event_format({"format": "pairs"})))
    pairs = {"format": "swiss-pairs", "boards_per_match": 1}
    one = {"round": 1, "home": "1", "away": "2", "boards": [{"board": 1, "home_ns": {"score": 420}, "away_ns": {}}]}
    texts.append(_reason(lambda: read_swiss_pairs({**pairs, "scale": "patton", "matches": [one]})))
    texts.append(_reason(lambda: read_swiss_pairs({**pairs, "matches": [one]})))
    return texts


# --- the other codes: sample parameters found by trying ------------------------------------------

_SAMPLES = (7, "x", ("x", "y"), Text.of("entry.empty"))


def _sample(code: str) -> Text:
    """A text of ``code`` whose English template renders: parameters found from the KeyErrors it raises,
    each tried as a number, a word, a tuple or a nested text until it renders."""
    template = Text.templates[code]
    names: list[str] = []
    for _ in range(20):
        try:
            template(dict.fromkeys(names, _SAMPLES[0]))
            break
        except KeyError as missing:
            names.append(missing.args[0])
        except Exception:
            break
    for values in itertools.product(_SAMPLES, repeat=len(names)):
        params = dict(zip(names, values))
        try:
            template(params)
        except Exception:
            continue
        return Text.of(code, **params)
    raise AssertionError(f"no sample parameters render {code}")


@pytest.fixture(scope="module")
def every_text() -> list[Text]:
    texts: list[Text] = []
    for t in _made_by_the_domain():
        texts += list(t.texts())
    made = {t.code for t in texts}
    texts += [_sample(code) for code in Text.templates if code not in made]
    return texts


def test_our_codes_are_made_by_the_domain(every_text):
    ours = {code for code in Text.templates if code.startswith(OURS + TEAMS)}
    made = {t.code for t in _made_by_the_domain() for t in t.texts()}
    assert ours <= made, sorted(ours - made)
    assert {t.code for t in every_text} == set(Text.templates)


def test_english_rendering_is_the_domains_english(every_text):
    with translation.override("en"):
        wrong = [(t.code, render(t), str(t)) for t in every_text if render(t) != str(t)]
    assert not wrong, wrong[:5]


def test_polish_rendering_translates_every_text(every_text):
    with translation.override("pl"):
        untranslated = [(t.code, render(t)) for t in every_text if render(t) == str(t)]
        assert not untranslated, untranslated
        for t in every_text:
            if t.code.startswith(OURS):
                where = str(dict(t.args).get("where") or "")  # a place in the file, in its own keys: boards[0].board
                prose = render(t).replace(where, "") if where else render(t)
                assert not ENGLISH_WORDS.search(prose), (t.code, render(t))


@pytest.mark.parametrize(
    "typed, board, polish",
    [
        ("4SX N 9", 2, "4♠×−1, rozgrywa N, 9 lew: −200"),
        ("4S= N", 1, "4♠=, rozgrywa N, 10 lew: +420"),
        ("3N+1 S", 1, "3BA+1, rozgrywa S, 10 lew: +430"),  # no trumps as Polish writes them, as every page does
        ("7N W 2", 1, "7BA−11, rozgrywa W, 2 lewy: +550"),
        ("1C W 1", 1, "1♣−6, rozgrywa W, 1 lewa: +300"),
        ("P", 1, "Rozdanie spasowane: 0"),
        ("-50", 1, "Wynik przypisany: −50"),
        ("A6040", 1, "Wynik arbitralny: 60 % / 40 %"),
        ("20% +650 80% +620", 1, "Wynik przypisany: 20 % z +650, 80 % z +620: +626"),
    ],
)
def test_a_result_said_back_in_polish(typed, board, polish):
    with translation.override("pl"):
        assert render(describe(parse_entry(typed), board)) == polish


def test_shorthand_mistakes_in_polish():
    with translation.override("pl"):
        said = {}
        for typed in ("4S=", "4S+7", "4S N"):
            with pytest.raises(ScoringError) as refused:
                parse_entry(typed)
            said[typed] = error_message(refused.value)
    assert said == {
        "4S=": "4S=: kto rozgrywał? Dopisz N, E, S lub W (np. 4S= N)",
        "4S+7": "4S+7 to byłoby 17 lew; strona bierze od 0 do 13 lew",
        "4S N": "4S, rozgrywa N: ile lew? Dopisz =, +1, -2 albo liczbę wziętych lew (np. 4S= N lub 4S N 10)",
    }


def test_a_pairs_two_results_are_said_in_polish():
    lines = [L(1, "1", "2", Played.of("4S", "N", 1)), L(1, "1", "3", Played(None))]
    with translation.override("pl"):
        with pytest.raises(ScoringError) as refused:
            score_event(lines)
        said = error_message(refused.value)
    assert said == "rozdanie 1: para 1 ma dwa wyniki (4S, rozgrywa N, 1 lewa i rozdanie spasowane)"


def test_fractions_are_said_to_two_decimals():
    assert (
        str(describe(Assigned.weighted((Fraction(1, 3), 650), (Fraction(2, 3), 620)), 1))
        == "Assigned: 33.3333 % of +650, 66.6667 % of +620: +630"
    )
