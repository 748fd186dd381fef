"""The least-cost pairing of an even number of teams: a minimum-weight perfect matching, exactly.

Source: J. Edmonds, "Paths, trees, and flowers" (1965) and "Maximum matching and a polyhedron with 0,1-vertices"
(1965): the blossom algorithm; Z. Galil, "Efficient algorithms for finding maximum matching in graphs" (ACM
Computing Surveys, 1986), its O(n³) primal-dual form for weighted matchings, followed here. Used by
``swiss.py`` (spec ``teams-and-simultaneous.md`` §3: "a minimum-weight perfect matching on the graph of teams").

* :func:`least_cost_matching` — ``cost[i][j]`` (whole numbers, symmetric) for teams 0 … n−1 (n even) → each
  team's opponent, in a pairing of least total cost.

Algorithm notes. A maximum-weight matching of greatest cardinality on the complete graph, with each pair's weight
``top − cost`` (``top`` above every cost), is a perfect matching of least cost. The primal-dual method keeps a
dual value for every team and every blossom (an odd set of teams shrunk to one) and grows alternating trees
from the unmatched teams on the pairs whose slack is zero: a pair joining two trees augments the matching, a
pair closing an odd cycle in one tree makes a blossom, and when no pair can be used the duals change by the
largest step that keeps every slack ≥ 0 (which makes a new pair usable, or lets a blossom be opened again). Each
of the n/2 stages costs O(n²); every number stays whole (the duals are kept doubled), so Python's integers give
an exact answer whatever the size of the costs.

>>> least_cost_matching([[0, 1, 4, 9], [1, 0, 1, 4], [4, 1, 0, 1], [9, 4, 1, 0]])
[1, 0, 3, 2]
>>> cost = [[0, 5, 1, 1, 9, 9], [5, 0, 1, 9, 1, 9], [1, 1, 0, 9, 9, 1],
...         [1, 9, 9, 0, 1, 1], [9, 1, 9, 1, 0, 1], [9, 9, 1, 1, 1, 0]]  # triangles of cheap pairs: blossoms
>>> mate = least_cost_matching(cost)
>>> sum(cost[team][mate[team]] for team in range(6)) // 2, all(mate[mate[team]] == team for team in range(6))
(3, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from movements.domain.errors import internal

__all__ = ["least_cost_matching"]

FREE, OUTER, INNER = 0, 1, 2  # a tree's labels: not in a tree, at an even distance from its root, at an odd one
_SCANNED = 4  # an outer blossom's mark while two paths to their roots are traced


class _Blossoms:
    """The state of the primal-dual method on the complete graph of ``n`` teams.

    Pairs are numbered ``k`` with ends ``ends[2k]`` and ``ends[2k + 1]``; an end ``p`` is one side of a pair, and
    ``p ^ 1`` its other side. Teams are 0 … n−1 and blossoms n … 2n−1 (the spare numbers kept in ``spare``).
    ``mate[v]``: the end of v's partner (−1: unmatched); ``label`` and ``label_end`` (the end by which a top
    blossom was reached) say where each top blossom stands in the trees; ``dual`` holds twice each team's dual
    value and each blossom's.
    """

    def __init__(self, weights: list[list[int]]) -> None:
        n = len(weights)
        self.n = n
        self.ends: list[int] = []
        self.weight: list[int] = []
        self.neighbours: list[list[int]] = [[] for _ in range(n)]  # team → the ends of its pairs at the far side
        for i in range(n):
            for j in range(i + 1, n):
                k = len(self.weight)
                self.ends += [i, j]
                self.weight.append(2 * weights[i][j])  # doubled, so that every dual below starts even
                self.neighbours[i].append(2 * k + 1)
                self.neighbours[j].append(2 * k)
        self.mate = [-1] * n
        self.label = [FREE] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.child_ends: list[list[int]] = [[] for _ in range(2 * n)]
        self.best = [-1] * (2 * n)
        self.best_pairs: list[list[int] | None] = [None] * (2 * n)
        self.spare = list(range(n, 2 * n))
        # a warm start: each team's dual its best pair's (doubled) weight, which every pair's slack allows, and
        # the pairs that are then tight (each side's best) matched at once
        self.dual = [max((self.weight[p // 2] for p in self.neighbours[v]), default=0) for v in range(n)] + [0] * n
        self.allowed = [False] * len(self.weight)
        self.queue: list[int] = []
        for v in range(n):
            if self.mate[v] == -1:
                for p in self.neighbours[v]:
                    w = self.ends[p]
                    if self.mate[w] == -1 and self.slack(p // 2) == 0:
                        self.mate[v], self.mate[w] = p, p ^ 1
                        break

    def slack(self, k: int) -> int:
        return self.dual[self.ends[2 * k]] + self.dual[self.ends[2 * k + 1]] - 2 * self.weight[k]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        for child in self.children[b]:
            yield from self.leaves(child)

    def assign(self, w: int, label: int, p: int) -> None:
        """Label team ``w``'s top blossom, reached by end ``p``; an inner blossom's mate becomes outer."""
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = label
        self.label_end[w] = self.label_end[b] = p
        self.best[w] = self.best[b] = -1
        if label == OUTER:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign(self.ends[self.mate[base]], OUTER, self.mate[base] ^ 1)

    def scan(self, v: int, w: int) -> int:
        """The base of the blossom that pair (v, w) closes, or −1 when v and w are in different trees."""
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & _SCANNED:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = OUTER | _SCANNED
            if self.label_end[b] == -1:
                v = -1  # the root of the tree
            else:
                v = self.ends[self.label_end[b]]
                v = self.ends[self.label_end[self.in_blossom[v]]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = OUTER
        return base

    def add_blossom(self, base: int, k: int) -> None:
        """Shrink the odd cycle that pair ``k`` closes, through the blossom of ``base``, to a new outer blossom."""
        v, w = self.ends[2 * k], self.ends[2 * k + 1]
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        b = self.spare.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            ends.append(self.label_end[bv])
            v = self.ends[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            ends.append(self.label_end[bw] ^ 1)
            w = self.ends[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b], self.child_ends[b] = path, ends
        self.label[b] = OUTER
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == INNER:
                self.queue.append(leaf)  # inner teams become outer: their pairs are scanned
            self.in_blossom[leaf] = b
        best_to = [-1] * (2 * self.n)
        for child in path:
            known = self.best_pairs[child]
            lists = [known] if known is not None else [[p // 2 for p in self.neighbours[t]] for t in self.leaves(child)]
            for pairs in lists:
                for pair in pairs:
                    i, j = self.ends[2 * pair], self.ends[2 * pair + 1]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if (
                        bj != b
                        and self.label[bj] == OUTER
                        and (best_to[bj] == -1 or self.slack(pair) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = pair
            self.best_pairs[child] = None
            self.best[child] = -1
        self.best_pairs[b] = [pair for pair in best_to if pair != -1]
        self.best[b] = -1
        for pair in self.best_pairs[b] or ():
            if self.best[b] == -1 or self.slack(pair) < self.slack(self.best[b]):
                self.best[b] = pair

    def expand(self, b: int, end_of_stage: bool) -> None:
        """Open blossom ``b`` into its children (relabelling them when it is inner, mid-stage)."""
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand(child, end_of_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_of_stage and self.label[b] == INNER:
            children, ends = self.children[b], self.child_ends[b]
            entry = self.in_blossom[self.ends[self.label_end[b] ^ 1]]
            j = children.index(entry)
            if j & 1:
                j -= len(children)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = self.label_end[b]
            while j != 0:
                self.label[self.ends[p ^ 1]] = FREE
                self.label[self.ends[ends[j - trick] ^ trick ^ 1]] = FREE
                self.assign(self.ends[p ^ 1], INNER, p)
                self.allowed[ends[j - trick] // 2] = True
                j += step
                p = ends[j - trick] ^ trick
                self.allowed[p // 2] = True
                j += step
            bv = children[j]
            self.label[self.ends[p ^ 1]] = self.label[bv] = INNER
            self.label_end[self.ends[p ^ 1]] = self.label_end[bv] = p
            self.best[bv] = -1
            j += step
            while children[j] != entry:
                bv = children[j]
                if self.label[bv] == OUTER:
                    j += step
                    continue
                reached = next((leaf for leaf in self.leaves(bv) if self.label[leaf] != FREE), -1)
                if reached != -1:
                    self.label[reached] = FREE
                    self.label[self.ends[self.mate[self.base[bv]]]] = FREE
                    self.assign(reached, INNER, self.label_end[reached])
                j += step
        self.label[b] = self.label_end[b] = -1
        self.children[b], self.child_ends[b] = [], []
        self.base[b] = -1
        self.best_pairs[b] = None
        self.best[b] = -1
        self.spare.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched pairs inside ``b`` along the even path from team ``v`` to its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, ends = self.children[b], self.child_ends[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = ends[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.ends[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.ends[p ^ 1])
            self.mate[self.ends[p]] = p ^ 1
            self.mate[self.ends[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.child_ends[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        """Augment the matching along the path through pair ``k`` between two trees' roots."""
        v, w = self.ends[2 * k], self.ends[2 * k + 1]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break  # the root
                t = self.ends[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.ends[self.label_end[bt]]
                j = self.ends[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def stage(self) -> bool:
        """Grow the trees from every unmatched team until the matching is augmented (True) or cannot be."""
        n = self.n
        self.label = [FREE] * (2 * n)
        self.best = [-1] * (2 * n)
        self.best_pairs[n:] = [None] * n
        self.allowed = [False] * len(self.weight)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.in_blossom[v]] == FREE:
                self.assign(v, OUTER, -1)
        while True:
            while self.queue:
                v = self.queue.pop()
                for p in self.neighbours[v]:
                    k = p // 2
                    w = self.ends[p]
                    if self.in_blossom[v] == self.in_blossom[w]:
                        continue
                    slack = 0
                    if not self.allowed[k]:
                        slack = self.slack(k)
                        if slack <= 0:
                            self.allowed[k] = True
                    bw = self.in_blossom[w]
                    if self.allowed[k]:
                        if self.label[bw] == FREE:
                            self.assign(w, INNER, p ^ 1)
                        elif self.label[bw] == OUTER:
                            base = self.scan(v, w)
                            if base >= 0:
                                self.add_blossom(base, k)
                            else:
                                self.augment(k)
                                return True
                        elif self.label[w] == FREE:
                            self.label[w] = INNER
                            self.label_end[w] = p ^ 1
                    elif self.label[bw] == OUTER:
                        b = self.in_blossom[v]
                        if self.best[b] == -1 or slack < self.slack(self.best[b]):
                            self.best[b] = k
                    elif self.label[w] == FREE:
                        if self.best[w] == -1 or slack < self.slack(self.best[w]):
                            self.best[w] = k
            if not self.change_duals():
                return False

    def change_duals(self) -> bool:
        """Change the duals by the largest step that keeps every slack ≥ 0; False when no step helps."""
        n = self.n
        kind, delta, pair, blossom = 0, 0, -1, -1
        for v in range(n):
            if self.label[self.in_blossom[v]] == FREE and self.best[v] != -1:
                d = self.slack(self.best[v])
                if kind == 0 or d < delta:
                    kind, delta, pair = 2, d, self.best[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == OUTER and self.best[b] != -1:
                d = self.slack(self.best[b]) // 2  # even: both ends outer
                if kind == 0 or d < delta:
                    kind, delta, pair = 3, d, self.best[b]
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == INNER:
                if kind == 0 or self.dual[b] < delta:
                    kind, delta, blossom = 4, self.dual[b], b
        if kind == 0:
            kind, delta = 1, max(0, min(self.dual[:n]))
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == OUTER:
                self.dual[v] -= delta
            elif label == INNER:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == OUTER:
                    self.dual[b] += delta
                elif self.label[b] == INNER:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            self.expand(blossom, False)
            return True
        self.allowed[pair] = True
        i, j = self.ends[2 * pair], self.ends[2 * pair + 1]
        if self.label[self.in_blossom[i]] == FREE:
            i = j
        self.queue.append(i)
        return True

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            if not self.stage():
                break
            for b in range(n, 2 * n):  # blossoms with no dual left are opened between stages
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == OUTER and self.dual[b] == 0:
                    self.expand(b, True)
        return [self.ends[p] if p >= 0 else -1 for p in self.mate]


def least_cost_matching(cost: Sequence[Sequence[int]]) -> list[int]:
    """Each team's opponent in a perfect matching of least total ``cost`` (see the module's docstring)."""
    n = len(cost)
    if n % 2:
        raise internal(f"a perfect matching of {n} teams")
    top = max((c for row in cost for c in row), default=0) + 1
    mate = _Blossoms([[top - c for c in row] for row in cost]).solve()
    if any(m < 0 for m in mate):
        raise internal("the matching is not perfect")
    return mate
