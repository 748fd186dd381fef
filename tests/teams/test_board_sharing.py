"""A teams session's boards (teams.domain.sharing): how many rounds each format plays, and how a round's boards go
round the tables when matches share a set — every table plays every board once, the two tables of a match the same
boards, each section passed to one table and received from one."""

from __future__ import annotations

import pytest

from teams.domain.sharing import most_matches_per_set, planned_rounds, sections, share_boards


def test_rounds_each_format_plays():
    assert planned_rounds("single", 2) == 1
    assert [planned_rounds("round_robin", n) for n in (2, 3, 4, 5, 6)] == [1, 3, 3, 5, 5]
    assert planned_rounds("swiss", 10, 6) == 6 and planned_rounds("swiss", 10, None) == 0
    assert [planned_rounds("knockout", n) for n in (2, 3, 4, 5, 8, 9, 16)] == [1, 2, 2, 3, 3, 4, 4]
    assert planned_rounds("round_robin", 1) == 0
    with pytest.raises(ValueError):
        planned_rounds("howell", 4)


def test_sections_are_even_and_keep_every_board():
    assert sections([1, 2, 3, 4, 5, 6, 7], 3) == ((1, 2, 3), (4, 5), (6, 7))
    with pytest.raises(ValueError):
        sections([1, 2], 3)


def test_a_set_a_match_is_the_usual_exchange():
    shared = share_boards(range(9, 17), [1, 2], 2)
    assert [s.matches for s in shared] == [(1,), (2,)]
    first, second = shared[0].tables
    assert (first.table, first.first, first.passes_to, first.receives_from) == (1, (9, 10, 11, 12), 2, 2)
    assert (second.table, second.first, second.passes_to) == (2, (13, 14, 15, 16), 1)
    assert share_boards(range(1, 9), [1, 2], 5) == shared_for(range(1, 9), [1, 2])


def shared_for(boards, matches):
    return share_boards(boards, matches, len(matches))


@pytest.mark.parametrize(("matches", "sets", "boards"), [([1, 2, 3], 1, 8), ([1, 2, 3, 4, 5], 2, 8), ([1, 3], 1, 7)])
def test_shared_sets_relay_every_board_to_every_table(matches, sets, boards):
    shared = share_boards(list(range(1, boards + 1)), matches, sets)
    assert len(shared) == sets and sorted(m for s in shared for m in s.matches) == matches
    for board_set in shared:
        tables = {t.table: t for t in board_set.tables}
        assert set(tables) == {t for m in board_set.matches for t in (2 * m - 1, 2 * m)}
        starts = [t.first for t in board_set.tables]
        for table in tables.values():
            played = [b for section in table.sections for b in section]
            assert sorted(played) == list(range(1, boards + 1))  # every board, once
            # what a table passes on is what the next table plays next
            passed_to = tables[table.passes_to]
            assert passed_to.sections[1 % len(starts)] == table.sections[0] or len(starts) == 1
            assert tables[table.receives_from].passes_to == table.table
        assert len(set(starts)) == len(starts)  # each table starts with a section of its own
    assert most_matches_per_set(8) == 4 and most_matches_per_set(1) == 1
