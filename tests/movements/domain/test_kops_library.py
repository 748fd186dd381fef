"""The Polish KoPS HOWELL.DAT library as an oracle for the checker (shared/data/events/README.md)."""

import json

import pytest

from movements.domain.balance import balance_of
from movements.domain.check import violations
from movements.domain.schedule import Movement, Relay, RelayHold, Round, TablePlay

FULL = {
    "4-7": (3, 3),
    "5-9": (3, 5),
    "6-11": (5, 5),
    "7-13": (5, 7),
    "8-15": (7, 7),
    "9-17": (7, 9),
    "10-19": (7, 11),
    "11-21": (9, 11),
    "12-23": (11, 11),
}


@pytest.fixture(scope="module")
def library(events_dir):
    return json.loads((events_dir / "movements" / "kops-howell-dat-movements.json").read_text())


def kops_movement(entry: dict) -> Movement:
    """Boards step forward along ``sets``, pairs step backward along ``movement`` (the README's reading)."""
    tables, R = entry["tables"], entry["rounds"]
    positions = [(t, side) for t in range(1, tables + 1) for side in ("N", "E")]
    who = dict(zip(positions, entry["positions"]))
    band = [(int(code[:-1]), code[-1]) for code in entry["movement"]]
    relays = [k for k, t in enumerate(entry["sets"]) if t == 0]
    names = {k: f"R{i + 1}" for i, k in enumerate(relays)}
    rounds = []
    for r in range(R):
        seat = {}
        for pos, pair in who.items():
            if pos in band:
                seat[band[(band.index(pos) - r) % R]] = pair
            else:
                seat[pos] = pair
        set_at = {}
        for k in range(R):
            set_at[k] = (k - r) % R + 1  # the set that started at slot k − r is now at slot k
        plays = []
        for t in range(1, tables + 1):
            k = entry["sets"].index(t)
            plays.append(TablePlay(t, seat[(t, "N")], seat[(t, "E")], (set_at[k],)))
        holds = tuple(RelayHold(names[k], set_at[k]) for k in relays)
        rounds.append(Round(r + 1, tuple(plays), holds))
    return Movement(
        "howell",
        2 * tables,
        tables,
        R,
        tuple(rounds),
        tuple(Relay(n, None) for n in names.values()),
        complete=R == 2 * tables - 1,
    )


@pytest.mark.parametrize("key", sorted(FULL))
def test_full_howells_are_valid_and_balanced_as_the_readme_says(library, key):
    m = kops_movement(library[key])
    assert violations(m) == []
    b = balance_of(m)
    assert (b.min, b.max) == FULL[key]


def test_every_partial_entry_has_no_repeat_meetings(library):
    checked = 0
    for key, entry in library.items():
        if key in FULL or not key.split("-")[1].isdigit() or entry["rounds"] >= 2 * entry["tables"] - 1:
            continue
        m = kops_movement(entry)
        bad = [v for v in violations(m) if "meet" in v or "two places" in v]
        assert bad == [], key
        checked += 1
    assert checked > 20


def test_welch_bound_holds_for_every_kops_partial_howell(library):
    """The bound in best_possible is a theorem: no real movement may beat it."""
    from movements.domain.balance import best_possible

    checked = 0
    for key, entry in library.items():
        if not key.split("-")[1].isdigit() or entry["rounds"] >= 2 * entry["tables"] - 1:
            continue
        m = kops_movement(entry)
        b = balance_of(m)
        bound = best_possible(m, b)
        assert b.sumsq >= bound.sumsq - 1e-9, key
        checked += bool(bound.sumsq)
    assert checked > 20
