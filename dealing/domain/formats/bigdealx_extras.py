"""The two formats only ``bigdealx`` writes: ``goedel`` (each deal's BigDeal number) and
``stats`` (a statistics summary of the set), byte for byte.

* **goedel** (``.goe``) — BigDeal's number of the deal in decimal, right-aligned in 29 digit
  positions with a comma every three digits; leading zeros and their commas are spaces.
* **stats** (``.txt``) — number of deals, average sum of squared suit lengths, average high-card
  points per seat, the frequency of each point count against the theory (Encyclopedia, 4th
  ed.) and the longest suit per seat. BigDeal computes it in 32-bit C ``int`` arithmetic,
  which overflows for large sets (negative "percentages" from about 5,000 deals on); this
  writer reproduces that exactly, because the point is to reproduce bigdealx. BigDeal warns
  that using such statistics to choose whether to play a set breaks the spirit of the Laws.

Source: BigDeal ``output.c`` (``print_goedel``, ``compute_stat``, ``print_stat``), spec §3.

>>> goedel_line(7805903134692094314485976336)
' 7,805,903,134,692,094,314,485,976,336\\n'
>>> goedel_line(0)
'                                     0\\n'
"""

from __future__ import annotations

from bridge.cards import Deal, Seat
from dealing.domain.bigdeal import deal_to_godel
from dealing.domain.errors import DealingError
from dealing.domain.formats.base import Run

__all__ = ["goedel_line", "GoedelWriter", "StatsWriter"]

_DIGITS = 29


def goedel_line(number: int) -> str:
    """One line of a ``.goe`` file (BigDeal's ``print_goedel``)."""
    digits = str(number).rjust(_DIGITS, "0")
    out = []
    suppress = True
    for pos, ch in enumerate(digits):
        i = _DIGITS - 1 - pos
        if ch != "0":
            suppress = False
            out.append(ch)
        else:
            out.append(" " if suppress and i else "0")
        if i % 3 == 0:
            out.append("\n" if i == 0 else " " if suppress else ",")
    return "".join(out)


class GoedelWriter:
    def __init__(self, run: Run):
        self.run = run

    def header(self) -> bytes:
        return b""

    def board(self, board: int, deal: Deal) -> bytes:
        return goedel_line(deal_to_godel(deal)).encode("ascii")

    def footer(self) -> bytes:
        return b""


# --- statistics ---------------------------------------------------------------------------

# Theoretical frequencies from BigDeal's output.c: points per hand (× 10,000 percent) and the
# longest suit of a hand (probability × 1,000,000).
_THEORY_HCP = (3639, 7884, 13561, 24624, 38454, 51862, 65541, 80281, 88922, 93562, 94051, 89447, 80269, 69143,
               56933, 44237, 33109, 23617, 16051, 10362, 6435, 3779, 2100, 1119, 559, 264, 117, 49, 19, 7, 2,
               1, 1, 1, 1, 1, 1, 1)  # fmt: skip
_THEORY_LONGEST = (0, 0, 0, 0, 350805, 443596, 165477, 35265, 4668, 370, 16, 0, 0, 0)
_HCP = (4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # A K Q J, then spot cards


def _i32(x: int) -> int:
    """Wrap to a C 32-bit signed int (two's complement), as the x86 build does."""
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def _cdiv(a: int, b: int) -> int:
    """C integer division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _avg(total: int, divisor: int, decimals: int, end: str) -> str:
    """BigDeal's ``print_avg``: a rounded quotient printed with fixed decimals, in int arithmetic."""
    if divisor == 0:
        raise DealingError("BigDeal's statistics cannot describe more than 100,000,000 deals", field="count")
    power = 10**decimals
    total = _i32(_i32(total * power) + divisor // 2)
    result = _cdiv(total, divisor)
    out = f"{_cdiv(result, power)}"
    if decimals:
        out += "."
        for _ in range(decimals):
            result -= _cdiv(result, power) * power
            power //= 10
            out += f"{_cdiv(result, power)}"
    return out + end


class StatsWriter:
    """Collects the statistics while the boards go by and writes them all at the end."""

    def __init__(self, run: Run):
        self.run = run
        self.sum_squares = 0
        self.hcp = [0, 0, 0, 0]
        self.hcp_freq = [0] * 38
        self.longest = [[0] * 14 for _ in Seat]
        self.longest_overall = 0

    def header(self) -> bytes:
        return b""

    def board(self, board: int, deal: Deal) -> bytes:
        lengths = [[0, 0, 0, 0] for _ in range(4)]
        points = [0, 0, 0, 0]
        for index, owner in enumerate(deal.owners):  # deck order: suit = index // 13, rank = index % 13
            lengths[owner][index // 13] += 1
            points[owner] += _HCP[index % 13]
        for seat in range(4):
            self.hcp[seat] += points[seat]
            self.hcp_freq[points[seat]] += 1
            self.sum_squares += sum(n * n for n in lengths[seat])
            longest = max(lengths[seat])
            self.longest_overall = max(self.longest_overall, longest)
            self.longest[seat][longest] += 1
        return b""

    def footer(self) -> bytes:
        n = self.run.count
        lines = [
            f"Number of deals: {n}\n",
            "Average sum of squares: " + _avg(_i32(self.sum_squares), n, 0, "\n"),
            "Average points NESW: " + "".join(_avg(_i32(self.hcp[s]), n, 2, "\n" if s == 3 else " ") for s in range(4)),
            "Frequency of high card points per hand:\n",
        ]
        for points, count in enumerate(self.hcp_freq):
            if count:
                lines.append(
                    f"{points:2d} points: "
                    + _avg(_i32(count * 100), _i32(n * 4), 4, "% (")
                    + _avg(_THEORY_HCP[points], 10000, 4, "%)\n")
                )
        lines.append("Frequency of longest suitlength per compass:\n")
        lines.append(f"{'Length':>8}{'North':>8}{'East':>8}{'South':>8}{'West':>8} Theory\n")
        for length in range(4, self.longest_overall + 1):
            counts = "".join(f"{self.longest[seat][length]:8d}" for seat in Seat)
            lines.append(f"{length:8d}{counts} " + _avg(100 * _THEORY_LONGEST[length], _cdiv(100000000, n), 1, "\n"))
        return "".join(lines).encode("ascii")
