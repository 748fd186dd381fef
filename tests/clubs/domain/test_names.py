"""The members a typed name is close to (``clubs.domain.names``): a typo, no Polish letters, surname first — and
not a different short name."""

from __future__ import annotations

import pytest

from clubs.domain.names import edit_distance, fold, nearest_names, reach

MEMBERS = ["Klara Kowalczyk", "Klara Kowalska", "Ada Adamska", "Łukasz Żołnierczyk", "Jan Nowak", "Anna Nowak"]


@pytest.mark.parametrize(
    "typed, offered",
    [
        ("Klara Kowalczik", ["Klara Kowalczyk"]),  # one letter wrong
        ("Klara Kowalcyzk", ["Klara Kowalczyk"]),  # two letters swapped
        ("Klara Kowalczyk", []),  # the name itself is no question
        ("Kowalczyk Klara", ["Klara Kowalczyk"]),  # surname first
        ("Lukasz Zolnierczyk", ["Łukasz Żołnierczyk"]),  # no Polish letters
        ("ADA ADAMSKA ", ["Ada Adamska"]),  # letter case and spaces
        ("Ida Adamska", ["Ada Adamska"]),  # a close name is asked about: the director says "a guest"
        ("Jan Nowal", ["Jan Nowak"]),
        ("Jon Nowal", []),  # two edits in a short name: a different person
        ("Anna Nowak", []),
        ("Zofia Nowak", []),
        ("", []),
    ],
)
def test_nearest_members(typed, offered):
    assert nearest_names(typed, MEMBERS) == offered


def test_nearest_first_and_at_most_three():
    names = ["Ola Kot", "Ala Kot", "Ala Kota", "Ala Kotek", "Ela Kot"]
    assert nearest_names("Ala Kot ", names) == ["Ala Kot", "Ola Kot", "Ala Kota"]  # then in the order given
    assert nearest_names("Ala Kot ", names, most=1) == ["Ala Kot"]


def test_folding_and_the_distance():
    assert fold("Żółć-Gęślą  JAŹŃ") == "zolc gesla jazn"
    assert edit_distance("kowalczik", "kowalczyk") == edit_distance("kowalczyk", "kowalczik") == 1
    assert edit_distance("ab", "ba") == 1 and edit_distance("abc", "ca") == 3  # each letter edited once
    assert [reach("x" * n) for n in (5, 11, 12, 17, 18, 40)] == [1, 1, 2, 2, 3, 3]
