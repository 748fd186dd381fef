"""Howells for 4, 5 and 6 pairs, where no Room square exists and boards must be shared or split.

* 4 pairs (2 tables, 3 rounds): both tables play the same set each round and share it (the
  ACBL 2-table Howell); pair 4 stationary at table 1 NS; every two pairs compared once.
* 6 pairs, 5 sets (3 tables): a Room square of side 5 does not exist, so some tables must
  share a set. The set pattern and the NS/EW orientation are chosen by exhaustive search
  over the 1-factorizations of K₆ and all 2¹⁰ orientations: first the least Σ(c − 2)² (10,
  the proven minimum, spec §5), then the least sharing.
* 6 pairs, 10 half-sets (the EBU 3-table shape): the ten 1-factors of K₆ that are not rounds
  are exactly the half-sets (each meets every round in one edge, each edge lies in two of
  them), so every table plays two half-sets a round and nothing is shared. The orientation
  is searched so that every two pairs are compared 4 times — and, with pair 6 absent, the
  5-pair movement is balanced too (2 each).
* 5 pairs: the 6-pair movements with pair 6 as the phantom (pairs sit out at table 1).

The searches are small (6 × 1,024 orientations) and run when first asked for (cached), so
the result is derived, not copied.

>>> m = four_pairs()
>>> [(t.table, t.ns, t.ew, t.board_sets) for t in m.rounds[0].tables]
[(1, 4, 1, (1,)), (2, 2, 3, (1,))]
>>> six_pairs_half_sets().board_sets
10
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations

from movements.domain.schedule import Claim, Movement, Relay, RelayHold, Round, TablePlay
from movements.domain.text import Text

INF = 5  # the stationary pair (pair 6) as a vertex; pairs 0 … 4 are pairs 1 … 5

Edge = frozenset[int]  # a match: two vertices of K₆
Matching = frozenset[Edge]  # a 1-factor of K₆: three disjoint edges (a round, or a board set)
Heads = dict[Edge, int]  # an orientation: edge → its NS pair


def four_pairs() -> Movement:
    rounds = []
    for r, (ns, ew) in enumerate([(2, 3), (3, 1), (1, 2)], start=1):
        rounds.append(Round(r, (TablePlay(1, 4, r, (r,)), TablePlay(2, ns, ew, (r,)))))
    return Movement(
        kind="howell",
        pairs=4,
        tables=2,
        board_sets=3,
        rounds=tuple(rounds),
        stationary=(4,),
        shared_boards=True,
        title=Text.of("title.two_table_howell", pairs=4),
        construction=Text.of("construction.shared_two_tables"),
        claim={"min": 1, "max": 1, "sumsq": 0},
        notes=(Text.of("note.four_pairs_share"),),
    )


def _rounds() -> list[list[tuple[int, int]]]:
    """The 1-factorization of K₆ used for the rounds: ∞ v r, (r+1, r−1), (r+2, r−2)."""
    return [[(INF, r), ((r + 1) % 5, (r + 4) % 5), ((r + 2) % 5, (r + 3) % 5)] for r in range(5)]


def _edge(a: int, b: int) -> Edge:
    return frozenset((a, b))


def _perfect_matchings() -> list[Matching]:
    verts = list(range(6))
    out: list[Matching] = []

    def build(rest: list[int], acc: list[Edge]) -> None:
        if not rest:
            out.append(frozenset(acc))
            return
        a = rest[0]
        for b in rest[1:]:
            build([v for v in rest if v not in (a, b)], acc + [_edge(a, b)])

    build(verts, [])
    return out


def _factorizations(matchings: Iterable[Matching]) -> list[tuple[Matching, ...]]:
    out: list[tuple[Matching, ...]] = []
    for combo in combinations(matchings, 5):
        edges = set().union(*combo)
        if len(edges) == 15:
            out.append(combo)
    return out


def _comparisons(sets: Iterable[Matching], heads: Mapping[Edge, int], pairs: tuple[int, ...]) -> dict[Edge, int]:
    """c(a, b) over pairs: heads[edge] = the NS pair of that match."""
    c = {frozenset(x): 0 for x in combinations(pairs, 2)}
    for s in sets:
        played = [e for e in s if e <= set(pairs)]  # a phantom's opponent sits out
        ns = [heads[e] for e in played]
        ew = [next(iter(e - {heads[e]})) for e in played]
        for group in (ns, ew):
            for a, b in combinations(group, 2):
                c[frozenset((a, b))] += 1
    return c


def _orientations(round_edges: list[list[tuple[int, int]]]) -> Iterator[Heads]:
    """All orientations with ∞ NS: yields heads dicts."""
    free = [e for rnd in round_edges for e in rnd if INF not in e]
    fixed = {_edge(*e): INF for rnd in round_edges for e in rnd if INF in e}
    for bits in range(1 << len(free)):
        heads = dict(fixed)
        for i, (a, b) in enumerate(free):
            heads[_edge(a, b)] = a if bits >> i & 1 else b
        yield heads


@cache
def _best_sharing(phantom: bool) -> tuple[tuple[int, int], tuple[Matching, ...], Heads]:
    """((Σ(c − ideal)², tables sharing), the factorization (board sets), the orientation) of the best."""
    rounds = _rounds()
    round_sets = {frozenset(_edge(*e) for e in rnd) for rnd in rounds}
    pairs = tuple(range(5)) if phantom else tuple(range(6))
    ideal = 1 if phantom else 2
    best: tuple[tuple[int, int], tuple[Matching, ...], Heads] | None = None
    for fact in _factorizations(_perfect_matchings()):
        if set(fact) == round_sets:
            continue  # all three tables on one set every round: the most sharing there is
        set_of = {e: i for i, s in enumerate(fact) for e in s}
        sharing = sum(3 - len({set_of[_edge(*e)] for e in rnd}) for rnd in rounds)
        for heads in _orientations(rounds):
            c = _comparisons(fact, heads, pairs)
            sumsq = sum((v - ideal) ** 2 for v in c.values())
            key = (sumsq, sharing)
            if best is None or key < best[0]:
                best = (key, fact, heads)
    assert best is not None  # K₆ has factorizations other than the rounds'
    return best


@cache
def _best_half_sets() -> tuple[list[Matching], Heads]:
    rounds = _rounds()
    round_sets = {frozenset(_edge(*e) for e in rnd) for rnd in rounds}
    halves = [m for m in _perfect_matchings() if m not in round_sets]
    for heads in _orientations(rounds):
        six = _comparisons(halves, heads, tuple(range(6)))
        if any(v != 4 for v in six.values()):
            continue
        five = _comparisons(halves, heads, tuple(range(5)))
        if all(v == 2 for v in five.values()):
            return halves, heads
    raise AssertionError("no balanced orientation")  # pragma: no cover


def _build(
    sets_of_edge: Mapping[Edge, Sequence[int]],
    heads: Mapping[Edge, int],
    *,
    phantom: bool,
    half: bool,
    n_sets: int,
    title: Text,
    construction: Text,
    claim: Claim,
    notes: tuple[Text, ...],
) -> Movement:
    rounds = _rounds()
    number = {INF: 6, **{v: v + 1 for v in range(5)}}
    # board sets numbered by the round in which they are at table 1
    order: list[int] = []
    for rnd in rounds:
        for s in sorted(sets_of_edge[_edge(*rnd[0])]):
            if s not in order:
                order.append(s)
    for s in range(n_sets):
        if s not in order:
            order.append(s)
    set_no = {s: i + 1 for i, s in enumerate(order)}
    out = []
    for r, rnd in enumerate(rounds, start=1):
        plays = []
        for table, e in enumerate(rnd, start=1):
            edge = _edge(*e)
            ns = heads[edge]
            ew = next(iter(edge - {ns}))
            sets = tuple(sorted(set_no[s] for s in sets_of_edge[edge]))
            plays.append(TablePlay(table, number[ns], number[ew], sets))
        used = {s for t in plays for s in t.board_sets}
        holds = tuple(RelayHold("R1", s) for s in range(1, n_sets + 1) if s not in used)
        out.append(Round(r, tuple(plays), holds))
    return Movement(
        kind="howell",
        pairs=5 if phantom else 6,
        tables=3,
        board_sets=n_sets,
        rounds=tuple(out),
        relays=(Relay("R1", None),),
        phantom=6 if phantom else None,
        stationary=() if phantom else (6,),
        half_sets=half,
        shared_boards=not half,
        title=title,
        construction=construction,
        claim=claim,
        notes=notes,
    )


def six_pairs_shared(phantom: bool = False) -> Movement:
    (sumsq, sharing), fact, heads = _best_sharing(phantom)
    sets_of_edge = {e: (i,) for i, s in enumerate(fact) for e in s}
    n = 5 if phantom else 6
    cvals = _comparisons(fact, heads, tuple(range(n))).values()
    return _build(
        sets_of_edge,
        heads,
        phantom=phantom,
        half=False,
        n_sets=5,
        title=Text.of("title.three_table_howell", pairs=n, sets=5, half_sets=False),
        construction=Text.of("construction.exhaustive_shared"),
        claim={"min": min(cvals), "max": max(cvals), "sumsq": sumsq},
        notes=(Text.of("note.shared_table_rounds", count=sharing), Text.of("note.sets_wait_on_relay", relay="R1")),
    )


def six_pairs_half_sets(phantom: bool = False) -> Movement:
    halves, heads = _best_half_sets()
    lists: dict[Edge, list[int]] = {}
    for i, s in enumerate(halves):
        for e in s:
            lists.setdefault(e, []).append(i)
    sets_of_edge = {e: tuple(v) for e, v in lists.items()}
    n = 5 if phantom else 6
    ideal = 2 if phantom else 4
    return _build(
        sets_of_edge,
        heads,
        phantom=phantom,
        half=True,
        n_sets=10,
        title=Text.of("title.three_table_howell", pairs=n, sets=10, half_sets=True),
        construction=Text.of("construction.ten_half_sets"),
        claim={"min": ideal, "max": ideal, "sumsq": 0},
        notes=(Text.of("note.half_sets_wait_on_relay", count=4, relay="R1"),),
    )


def forget_searches() -> None:
    """Forget the cached searches (a benchmark's cold start: ``scripts/bench_movements.py``)."""
    _best_sharing.cache_clear()
    _best_half_sets.cache_clear()
