"""One way to write a contract in each language, everywhere: no trumps are "NT" in English and "BA" in Polish, on
the pages (the suit-symbol filter) and in every text a domain says with a contract in it (``clubsite.texts.render``):
the room's conflicts and flags, the scorer's and the phones' said-back lines."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubsite.texts import contract_words, render
from dealing.templatetags.suit_symbols import suit_symbols
from scoring.domain.results import Played, said
from scoring.domain.shorthand import describe


@pytest.mark.parametrize(
    "contract, english, polish",
    [
        ("3NT", "3NT", "3BA"),
        ("3N", "3NT", "3BA"),
        ("2NX", "2NTX", "2BAX"),
        ("7NT××", "7NT××", "7BA××"),
        ("3BA=", "3NT=", "3BA="),
        ("4♠×", "4♠×", "4♠×"),
        ("4S", "4S", "4S"),
        ("1NS", "1NS", "1NS"),  # not a contract
    ],
)
def test_contract_words(contract, english, polish):
    with translation.override("en"):
        assert contract_words(contract) == english
    with translation.override("pl"):
        assert contract_words(contract) == polish


def test_every_text_with_a_contract_says_it_the_readers_way():
    played = Played.of("3N", "N", 9)
    with translation.override("pl"):
        assert render(describe(played, 1)).startswith("3BA=, rozgrywa N")  # the room's conflicts, the phones
        assert render(said(played)).startswith("3BA, rozgrywa N")
        assert str(suit_symbols("3NT=")) == "3BA="  # the results pages
    with translation.override("en"):
        assert render(said(played)) == "3NT by N, 9 tricks"
