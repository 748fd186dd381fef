"""Schellenberg's doubling (Henderson's survey, Theorems 5.4.1–5.4.2): the worked BRS(16) and 40/56 pairs."""

import pytest

from movements.domain.balance import balance_of
from movements.domain.check import violations
from movements.domain.schellenberg_doubling import doubled_howell, doubled_room_square


def show(s):
    return "∞′" if s == "inf'" else ("∞" if s == "inf" else (f"{s[1]}′" if isinstance(s, tuple) else str(s)))


def row(F, labels, r):
    return {show(c): show(F[(r, c)][0]) + show(F[(r, c)][1]) for c in labels if (r, c) in F}


def test_the_surveys_worked_brs16_figure_37():
    labels, F = doubled_room_square(7, (4, 1))  # T1 on diagonal 4, T2 on diagonal 1, as in the example
    assert row(F, labels, 0) == {
        "1": "26",
        "2": "45",
        "3": "6′4′",
        "4": "13",
        "5": "3′2′",
        "6": "5′1′",
        "1′": "∞′0′",
        "3′": "∞0",
    }
    assert row(F, labels, ("p", 0)) == {
        "2": "∞′2",
        "6": "6′∞",
        "0′": "00′",
        "2′": "5′4",
        "3′": "64′",
        "5′": "32′",
        "6′": "51′",
        "l": "3′1",
    }
    assert row(F, labels, "l") == {
        "0′": "5′1",
        "1′": "6′2",
        "2′": "0′3",
        "3′": "1′4",
        "4′": "2′5",
        "5′": "3′6",
        "6′": "4′0",
        "l": "∞′∞",
    }


@pytest.mark.parametrize("q", [7, 11, 19, 23, 27])
def test_doubled_howell_is_completely_balanced(q):
    m = doubled_howell(q)
    assert violations(m) == []
    b = balance_of(m)
    assert m.pairs == 2 * q + 2 and b.min == b.max == q and m.claim == {"min": q, "max": q, "sumsq": 0.0}
    assert all(r.tables[0].table == 1 and r.tables[0].ns == m.pairs for r in m.rounds)  # stationary, NS


def test_room_square_rows_and_columns():
    labels, F = doubled_room_square(19)
    for lab in labels:
        in_row = [s for (r, _c), pair in F.items() if r == lab for s in pair]
        in_col = [s for (_r, c), pair in F.items() if c == lab for s in pair]
        assert len(in_row) == len(set(in_row)) == 40 and len(in_col) == len(set(in_col)) == 40
