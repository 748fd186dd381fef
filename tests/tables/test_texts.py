"""Every text of the tables domain is said in English exactly as ``str`` says it, and in Polish."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from clubsite.texts import render
from movements.domain.schedule import Relay
from tables.domain.text import TEMPLATES, Text

PARAMS = {
    "code": "K7MP3",
    "session": "Tuesday Pairs",
    "minutes": 4,
    "table": 3,
    "board": 9,
    "round": 2,
    "boards": (4, 5, 6),
    "level": 8,
    "tricks": 14,
    "lead": "Z9",
    "side": "NS",
    "other": "EW",
    "pair": 5,
    "seat": "EW",
    "relay": "R1",
    "place": Relay("R1", (1, 2)).place,
    "places": (1, "R1"),
    "ns": 3,
    "ew": 4,
    "count": 2,
    "tables": (1, 3),
    "said": "4♠= by N, 10 tricks: +420",
    "phones": "both",
    "pairs": (2, 5),
    # a teams session's tables
    "match": 2,
    "home": "Lions",
    "away": "Tigers",
    "home_imps": "10",
    "away_imps": "0",
    "home_vp": Decimal("16.46"),
    "away_vp": Decimal("3.54"),
    "vp": Decimal("58.72"),
    # a Swiss pairs match at its one table
    "home_percent": Decimal("62.50"),
    "away_percent": Decimal("37.50"),
}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_each_text_in_english_and_polish(code):
    text = Text.of(code, **PARAMS)
    with translation.override("en"):
        assert render(text) == str(text)
    with translation.override("pl"):
        polish = render(text)
    assert polish and polish != str(text), code
