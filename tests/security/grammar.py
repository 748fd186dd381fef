"""Inputs generated from scratch, shaped like each format, from one ``random.Random``.

Hypothesis draws the ``Random`` (``hostile.randoms``), and these builders make the whole file
from it: a strategy drawing every tag and card through Hypothesis costs a hundred draws an input,
ten times what the parsers cost, and a run has to feed a hundred thousand inputs in minutes
(``hostile.batched`` feeds fifty inputs from one draw). A failure shows the input it made. Each builder mixes well-formed parts (real deals, tags in their places, numbers in range)
with broken ones (numbers at the edges, odd characters, missing and repeated parts), so inputs
reach deep into the parser as well as its first checks.
"""

from __future__ import annotations

import json
import random
import string

from tests.security.hostile import EDGE_NUMBERS, RAW_BYTES, UNICODE, WBG, read

RANKS = "AKQJT98765432"
SEATS = "NESW"
REAL_DEALS = [line for line in read(WBG / "allpbn.actual").decode().splitlines()[:60] if line.strip()]


class Maker:
    """A source of pieces of input, right and wrong."""

    def __init__(self, r: random.Random):
        self.r = r

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def count(self, low: int, high: int) -> int:
        return self.r.randint(low, high)

    # --- odd things -------------------------------------------------------------------------
    def edge(self) -> str:
        return self.pick(EDGE_NUMBERS)

    def number(self, low: int = 1, high: int = 32) -> str:
        return str(self.r.randint(low, high)) if self.chance(0.7) else self.edge()

    def odd(self) -> str:
        roll = self.r.random()
        if roll < 0.3:
            return self.pick(UNICODE)
        if roll < 0.5:
            return self.edge()
        if roll < 0.7:
            return "".join(
                chr(
                    self.r.choice(
                        [
                            self.r.randint(32, 126),
                            self.r.randint(0, 0x2FF),
                            self.r.randint(0x2000, 0x2BFF),
                            self.r.randint(0x1F300, 0x1F6FF),
                        ]
                    )
                )
                for _ in range(self.count(0, 8))
            )
        if roll < 0.85:
            return bytes(self.r.randrange(256) for _ in range(self.count(1, 8))).decode("utf-8", "replace")
        return self.pick(RAW_BYTES).decode("latin-1")

    def maybe(self, right, p_wrong: float = 0.15) -> str:
        """``right()`` most of the time, something odd otherwise."""
        return self.odd() if self.chance(p_wrong) else right()

    def word(self, alphabet: str = string.ascii_letters + string.digits, low: int = 0, high: int = 10) -> str:
        return "".join(self.pick(alphabet) for _ in range(self.count(low, high)))

    # --- cards ------------------------------------------------------------------------------
    def holding(self) -> str:
        roll = self.r.random()
        if roll < 0.75:
            return "".join(sorted(self.r.sample(RANKS, self.count(0, 6)), key=RANKS.index))
        if roll < 0.9:
            return self.word(RANKS + "10x-♠♥ ", 0, 14)
        return self.odd()

    def hand(self) -> str:
        suits = 4 if self.chance(0.9) else self.count(0, 6)
        return ".".join(self.holding() for _ in range(suits))

    def real_deal(self) -> str:
        return self.pick(REAL_DEALS)

    def deal(self) -> str:
        """A PBN deal: real (often as is), real with a hand changed or left out, or made of random hands."""
        roll = self.r.random()
        first = self.pick(SEATS) if self.chance(0.9) else self.pick(["", "X", "n", "-", "NS", "1"])
        if roll < 0.4:
            return f"{first}:{self.real_deal()}"
        if roll < 0.7:
            hands = self.real_deal().split()
            i = self.count(0, 3)
            hands[i] = self.pick(["-", self.hand(), hands[(i + 1) % 4], ""])
            if self.chance(0.2):
                hands.append(self.hand()) if self.chance(0.5) else hands.pop()
            return f"{first}:{' '.join(hands)}"
        if roll < 0.9:
            return f"{first}:{' '.join(self.hand() for _ in range(self.pick([4, 4, 4, 3, 5])))}"
        return self.odd()

    def seat(self) -> str:
        return (
            self.pick(SEATS) if self.chance(0.8) else self.pick(["North", "n", "", "X", "NS", "1", "♠"] + [self.odd()])
        )

    def strain(self) -> str:
        return (
            self.pick(["C", "D", "H", "S", "N", "NT", "BA", "♠", "♥", "♦", "♣", "c", "nt"])
            if self.chance(0.9)
            else self.odd()
        )

    def contract(self) -> str:
        level = (
            self.pick("1234567") if self.chance(0.85) else self.pick(["0", "8", "9", "", "10", "-1"] + [self.edge()])
        )
        doubling = self.pick(["", "", "", "X", "XX", "x", "*", "**", "×", "××", "R", "XXX"])
        return f"{level}{self.strain()}{doubling}"

    def call(self) -> str:
        roll = self.r.random()
        if roll < 0.45:
            return f"{self.pick('1234567')}{self.strain()}"
        if roll < 0.8:
            return self.pick(["P", "Pass", "p", "X", "XX", "Dbl", "Rdbl", "AP", "all pass", "A/P", "-", "no bid",
                              "D", "R"])  # fmt: skip
        if roll < 0.9:
            return self.contract()
        return self.odd()

    def auction(self) -> str:
        separators = [" ", " ", ", ", " - ", ";", "|", "/", "—", "\t", "  ", "\n"]
        return self.pick(separators).join(self.call() for _ in range(self.count(0, 14)))

    def join_lines(self, lines: list[str]) -> bytes:
        newline = self.pick(["\n", "\n", "\r\n", "\r"])
        text = newline.join(lines) + (newline if self.chance(0.8) else "")
        if self.chance(0.05):
            text = "\ufeff" + text
        encoding = "latin-1" if self.chance(0.05) else "utf-8"
        return text.encode(encoding, "replace") if encoding == "latin-1" else text.encode("utf-8", "surrogatepass")


# --- deal files -------------------------------------------------------------------------------

PBN_TAGS = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
            "Scoring", "Declarer", "Contract", "Result", "DoubleDummyTricks", "OptimumScore", "ParContract",
            "OptimumResultTable", "ScoreTable", "TotalScoreTable", "Generator", "Auction", "Play", "BCFlags"]  # fmt: skip
SCORE_TABLE = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;"
    "Score_EW\\6R;MP_NS\\5R;MP_EW\\5R"
)
TOTAL_TABLE = "Rank\\2R;PairId\\2R;Direction\\2L;TotalScoreMP\\5R;TotalPercentage\\5R;Names\\40L"


def pbn_value(m: Maker, tag: str) -> str:
    simple = {
        "Board": lambda: m.number(1, 40),
        "Dealer": m.seat,
        "Vulnerable": lambda: m.pick(["None", "NS", "EW", "All", "Both", "Love", "-", "ns"]),
        "Deal": m.deal,
        "DoubleDummyTricks": lambda: m.word("0123456789abcdefABCDEF", 18, 22),
        "OptimumScore": lambda: f"{m.pick(['NS', 'EW', 'ns', 'X'])} {m.number(-7600, 7600)}",
        "ParContract": lambda: "; ".join(
            f"{m.pick(['NS', 'EW', 'N', 'EW'])} {m.contract()}{m.pick(['', '+1', '-2', '=', '+9'])}"
            for _ in range(m.count(0, 3))
        ),
        "OptimumResultTable": lambda: m.pick(
            ["Declarer;Denomination\\2R;Result\\2R", "Declarer;Result", "Declarer;Denomination\\xx;Result"]
        ),
        "ScoreTable": lambda: m.pick(
            [SCORE_TABLE, "PairId_NS;PairId_EW;Contract;Declarer;Result", "PairId_NS\\2R;Contract"]
        ),
        "TotalScoreTable": lambda: TOTAL_TABLE,
        "Scoring": lambda: m.pick(["MP", "IMP", "Butler", "Cross-IMPs", "MatchPoints", ""]),
        "Date": lambda: m.pick(["2025.04.09", "2025.13.40", "????.??.??", "9999.99.99", "2025-04-09"]),
        "Contract": m.contract,
        "Declarer": m.seat,
        "Result": lambda: m.number(0, 13),
    }
    if m.chance(0.08):
        return m.pick(["#", "##", "##" + m.word(), "?", ""])
    return m.maybe(simple.get(tag, lambda: m.word(string.printable, 0, 12)))


def pbn_rows(m: Maker, tag: str) -> list[str]:
    rows = []
    for _ in range(m.count(0, 5)):
        if tag == "OptimumResultTable":
            cells = [m.seat(), m.strain(), m.number(0, 13)]
        elif tag == "ScoreTable":
            cells = [
                m.number(1, 14),
                m.number(1, 14),
                m.pick([m.contract(), "PO", "A", "A6040", "-", "3S*"]),
                m.seat(),
                m.number(0, 13),
                m.pick(["H2", "-", "DT"]),
                m.number(-2000, 2000),
                "-",
                m.number(0, 12),
                m.number(0, 12),
            ]
        elif tag == "TotalScoreTable":
            cells = [
                m.number(1, 14) + m.pick(["", "="]),
                m.number(1, 14),
                m.pick(["NS", "EW", ""]),
                m.number(0, 300),
                m.number(0, 100),
                f'"{m.word()} - {m.word()}"',
            ]
        else:
            cells = [m.word(string.printable, 0, 6)]
        if m.chance(0.2):
            cells = cells[: m.count(0, len(cells))] + ([m.odd()] if m.chance(0.5) else [])
        if m.chance(0.05):
            cells.append('"unclosed')
        rows.append(" ".join(cells))
    return rows


def pbn_game(m: Maker, board: int) -> list[str]:
    tags = ["Event", "Board", "Dealer", "Vulnerable", "Deal"] + m.r.sample(PBN_TAGS, m.count(0, 6))
    if m.chance(0.3):
        tags += ["ScoreTable"]
    lines = []
    for tag in tags:
        value = str(board) if tag == "Board" and m.chance(0.8) else pbn_value(m, tag)
        name = tag if m.chance(0.97) else m.pick(["", "Bo ard", tag + "!", tag.lower()])
        quote = value.replace("\\", "\\\\").replace('"', '\\"') if m.chance(0.9) else value
        line = (
            f'[{name} "{quote}"]'
            if m.chance(0.97)
            else m.pick([f'[{name} "{quote}"', f'{name} "{quote}"]', f"[{name} {quote}]"])
        )
        lines.append(line)
        if tag.endswith("Table"):
            lines += pbn_rows(m, tag)
        if m.chance(0.05):
            lines.append(m.pick(["{ a comment }", "{ open comment", "; a note", "% PBN", "}", m.odd()]))
    return lines


def pbn(m: Maker, games: int | None = None) -> bytes:
    lines = ["% PBN 2.1", "% EXPORT"] if m.chance(0.7) else []
    for n in range(games if games is not None else m.count(0, 4)):
        lines += pbn_game(m, n + 1)
        lines.append("" if m.chance(0.9) else m.odd())
    return m.join_lines(lines)


def lin(m: Maker) -> bytes:
    records = []
    for _n in range(m.count(0, 4)):
        pairs = []
        for key in m.r.sample(["qx", "md", "ah", "sv", "rh", "pn", "st", "mb", "pc", "pg"], m.count(2, 7)):
            if key == "md" or (m.chance(0.3) and key != "md"):
                key = "md" if m.chance(0.9) else key
            if key == "md":
                hands = list(m.real_deal().split()) if m.chance(0.6) else [m.hand() for _ in range(4)]
                lin_hands = [
                    "".join(suit + held for suit, held in zip("SHDC", hand.split("."))) if m.chance(0.9) else m.odd()
                    for hand in hands[: m.pick([3, 3, 4, 2, 5])]
                ]
                value = m.pick(["1", "2", "3", "4", "0", "5", "x", ""]) + ",".join(lin_hands)
            elif key == "ah":
                value = f"Board {m.number(1, 40)}"
            elif key == "qx":
                value = m.pick(["o", "c", ""]) + m.number(1, 40)
            elif key == "sv":
                value = m.pick(["0", "o", "n", "e", "b", "", "x"])
            else:
                value = m.maybe(lambda: m.word())
            pairs.append(f"{key}|{value}")
        record = "|".join(pairs) + "|"
        if m.chance(0.15):
            record = record.replace(",", "%2C").replace(" ", "%20")
        records.append(record)
    return m.join_lines(records)


def dup(m: Maker) -> bytes:
    from bridge.cards import Deal
    from dealing.domain.formats.duplimate import dge_record

    out = b""
    for _ in range(m.count(1, 3)):
        if m.chance(0.6):
            cards = list(range(1, 53))
            m.r.shuffle(cards)
            numbers = "".join(f"{n:02d}" for hand in (cards[:13], cards[13:26], cards[26:39]) for n in sorted(hand))
            if m.chance(0.5):
                i = m.count(0, 38) * 2
                numbers = numbers[:i] + m.pick(["00", "53", "99", "01", " 1", "-1", "²²", "xx"]) + numbers[i + 2 :]
        else:
            numbers = "".join(f"{m.count(0, 99):02d}" for _ in range(39))
        bri = numbers.encode("utf-8")[:78].ljust(78, b"0")
        screen = m.pick(
            [b" " * 68, bytes(m.r.randrange(256) for _ in range(68)), dge_record(Deal.from_pbn("N:" + m.real_deal()))]
        )
        trailer = m.pick([b"YN1  0 03 ", b"YN1  0 99 ", b"XX1  0 03 ", b"YN1\x00\x00\x00\x00\x00\x00\x00"])
        out += bri + screen + trailer
    if m.chance(0.1):
        out = out[: m.count(0, len(out))]
    return out


def dlm(m: Maker) -> bytes:
    low, high = m.count(1, 5), m.count(1, 8)
    lines = [
        "[Document]",
        "Headline=Generated by Big Deal version 2.0",
        f"Status={m.pick(['Show', 'Sealed', ''])}",
        f"Duplicates={m.maybe(lambda: '0')}",
        f"From board={m.maybe(lambda: str(low))}",
        f"To board={m.maybe(lambda: str(high))}",
        f"Checksum={m.maybe(lambda: str(low ^ high ^ 1))}",
    ]
    for board in range(low, high + 1):
        if m.chance(0.1):
            continue
        letters = "".join(m.pick("abcdefghijklmnop") for _ in range(26))
        check = board
        for ch in letters:
            check ^= ord(ch)
        value = (
            letters + f"{check:03d}"
            if m.chance(0.7)
            else m.maybe(lambda: m.word("abcdefghijklmnopq0123456789", 20, 31))
        )
        lines += [f"Duplicates {board:02d}=0", f"Board {m.maybe(lambda: f'{board:02d}', 0.05)}={value}"]
    m.r.shuffle(lines) if m.chance(0.1) else None
    if m.chance(0.1):
        lines.append(m.pick(["no equals", "=", "Board x=", m.odd()]))
    return m.join_lines(lines)


def csv(m: Maker) -> bytes:
    from bridge.cards import board_dealer, board_vulnerability

    vul = {"None": "-", "NS": "NS", "EW": "EW", "All": "All"}
    rows = []
    for _ in range(m.count(0, 4)):
        board = m.count(1, 40)
        hands = m.real_deal().split() if m.chance(0.7) else [m.hand() for _ in range(4)]
        cells = [held for hand in hands for held in (hand.split(".") + ["", "", "", ""])[:4]]
        cells += [
            m.maybe(lambda: str(board)),
            m.maybe(lambda: f"{board_dealer(board).letter}/{vul.get(board_vulnerability(board).pbn, '-')}"),
        ]
        if m.chance(0.15):
            cells = cells[: m.count(0, 18)] + [m.odd() for _ in range(m.count(0, 3))]
        quote = m.chance(0.9)
        rows.append(",".join('"' + c.replace('"', '""') + '"' if quote else c for c in cells))
    return m.join_lines(rows)


# --- SquareDeal ---------------------------------------------------------------------------------


def board_spec(m: Maker) -> str:
    return m.pick(
        [
            lambda: m.number(1, 40),
            lambda: f"{m.number(1, 9)}x{m.number(1, 16)}",
            lambda: ",".join(f"{m.number(1, 40)}-{m.number(1, 40)}" for _ in range(m.count(1, 3))),
            lambda: "?",
            m.odd,
        ]
    )()


def sqd(m: Maker) -> bytes:
    lines = ["# Description file of tournament for program SquareDeal 2.7", "#"]
    for tag in m.r.sample(["TN", "DI", "DV", "KH"], m.count(1, 4)):
        value = {
            "TN": lambda: m.word(string.printable[:-5], 0, 20),
            "DI": lambda: m.word(),
            "DV": lambda: m.pick(["43275.91", "1", "", "43,275.91"]),
            "KH": lambda: m.word("0123456789abcdefABCDEF", 60, 66),
        }[tag]
        lines.append(f"{tag} {m.maybe(value)}" if m.chance(0.95) else tag)
    for _ in range(m.count(0, 4)):
        sessions = m.maybe(lambda: str(m.count(0, 6)))
        prefix = m.maybe(lambda: m.word(string.ascii_letters, 1, 4) + "#" * m.count(0, 2))
        parts = [sessions, board_spec(m), prefix, m.word(string.printable[:-5], 0, 20)]
        if m.chance(0.1):
            parts = parts[: m.count(0, 4)]
        lines.append("SN " + ":".join(parts))
    if m.chance(0.1):
        lines.insert(m.count(0, len(lines)), m.pick(["XX unknown", "TN second", "KH", "SN", m.odd()]))
    return m.join_lines(lines)


def sqk(m: Maker) -> bytes:
    lines = []
    for phase in range(1, m.count(1, 3) + 1):
        for session in range(m.count(0, 1), m.count(1, 4) + 1):
            key = "".join(
                m.pick(string.ascii_letters + string.digits) for _ in range(m.pick([60, 60, 60, 59, 61, 0, 30, 200]))
            )
            line = f"{m.maybe(lambda: str(phase), 0.05)},{m.maybe(lambda: str(session), 0.05)}:{key}"
            if m.chance(0.05):
                line = m.pick([line.replace(":", ""), line + " ", m.odd()])
            lines.append(line)
    if m.chance(0.1):
        lines.append(m.pick([lines[0] if lines else "", "", m.odd()]))
    text = "\r\n".join(lines) + "\r\n" if m.chance(0.7) else "\n".join(lines)
    return text.encode("utf-8", "surrogatepass")


def hand_records(m: Maker) -> tuple[str, bytes]:
    name = m.pick(
        [
            "OPRR01.pbn",
            "OPRR01reserve.pbn",
            "OPRR01-02.pbn",
            "oprr17.PBN",
            "FIN1.pbn",
            "R16-3.pbn",
            "all.txt",
            "allpbn.actual",
            "OPRR99.pbn",
            "OPRR00.pbn",
            f"OPRR{m.edge()}.pbn",
            f"QF1-{m.edge()}.pbn",
            "dir/OPRR02.txt",
            "",
            m.odd(),
        ]
    )
    if m.chance(0.5):
        return name, pbn(m, games=m.count(0, 6))
    lines = [m.real_deal() if m.chance(0.8) else m.deal() for _ in range(m.count(0, 20))]
    return name, m.join_lines(lines)


# --- commitments and the publication log ----------------------------------------------------------


def json_value(m: Maker, depth: int = 0):
    roll = m.r.random()
    if depth > 2 or roll < 0.6:
        return m.pick(
            [None, True, False, 0, -1, 1, 2**63, 1.5, float("1e308"), "", "x", m.odd(), m.edge(), "0" * 32, "a" * 64]
        )
    if roll < 0.8:
        return [json_value(m, depth + 1) for _ in range(m.count(0, 3))]
    return {m.pick(["label", "boards", "x", ""]): json_value(m, depth + 1) for _ in range(m.count(0, 3))}


def commitment(m: Maker, vector: dict) -> bytes:
    """A commitment's JSON: a real vector with fields changed, removed, added or of the wrong type."""
    data = json.loads(json.dumps(vector))
    for _ in range(m.count(1, 4)):
        name = m.pick(list(data) + ["sessions", "sessions", "dv", "key", "salt", "commitment"])
        roll = m.r.random()
        if roll < 0.2:
            data.pop(name, None)
        elif roll < 0.45:
            data[name] = json_value(m)
        elif roll < 0.65 and isinstance(data.get("sessions"), list):
            sessions = data["sessions"]
            choice = m.pick(["add", "drop", "label", "boards", "replace"])
            if choice == "add":
                sessions.append(
                    {
                        "label": m.maybe(lambda: m.word(string.ascii_letters + "./:-_", 1, 12)),
                        "boards": m.pick([1, 36, 0, -1, 999, 1000, 2**40, "4", 4.0, None]),
                    }
                )
            elif choice == "drop" and sessions:
                sessions.pop()
            elif sessions and isinstance(sessions[0], dict):
                key = "label" if choice == "label" else "boards"
                sessions[0][key] = json_value(m)
            else:
                data["sessions"] = [json_value(m) for _ in range(m.count(0, 3))]
        elif roll < 0.85 and isinstance(data.get(name), str):
            value = data[name]
            i = m.count(0, len(value))
            data[name] = value[:i] + m.pick([m.odd(), "", " ", value[i : i + 1].upper(), "0"]) + value[i + 1 :]
        else:
            data[m.pick(["dv_format", "dv", "event", "promise"])] = m.pick(
                ["decimal:9", "decimal:-1", "text", "decimal:2", "decimal:²", "43275.91", "43 275,91", " x ", "",
                 "1" * 300, "a\u0301", "\u212b"])  # fmt: skip
    if m.chance(0.05):
        return json.dumps(json_value(m)).encode()
    text = json.dumps(data, ensure_ascii=m.chance(0.5))
    return text.encode("utf-8", "surrogatepass")


# --- scoring --------------------------------------------------------------------------------------


def traveller(m: Maker) -> str:
    roll = m.r.random()
    if roll < 0.55:
        result = m.pick(["", "=", "+1", "-2", "+7", "-13", "-0", "+", "=="]) if m.chance(0.7) else ""
        parts = [m.contract() + result, m.seat() if m.chance(0.85) else "", m.number(0, 13) if not result else ""]
        if m.chance(0.2):
            m.r.shuffle(parts)
        return m.pick([" ", "", "  ", "\t"]).join(p for p in parts if p or m.chance(0.1))
    if roll < 0.7:
        return m.pick(["P", "PASS", "ap", "AP", "pass out", "A=", "A+", "A-", "A6040", "A60/40", "60/40", "A5050",
                       "A99/99", "A0/0", "A100100"])  # fmt: skip
    if roll < 0.85:
        return " ".join(
            f"{m.number(0, 100)}% {m.pick(['+', '-', ''])}{m.number(0, 7600)}" for _ in range(m.count(1, 3))
        )
    if roll < 0.93:
        return m.pick(["+", "-", ""]) + m.number(0, 7600)
    return m.odd()


def result_data(m: Maker) -> dict:
    kind = m.pick([None, "played", "assigned", "artificial", "x", 1])
    data: dict = {} if kind is None else {"kind": kind}
    for name in m.r.sample(["contract", "declarer", "tricks", "lead", "score", "weighted", "adjusted"], m.count(0, 5)):
        data[name] = {
            "contract": lambda: m.pick([m.contract(), "PASS", "", None, 4]),
            "declarer": lambda: m.pick([m.seat(), None, 1]),
            "tricks": lambda: m.pick([m.count(0, 13), m.number(0, 13), -1, 14, None, True, 9.5, 2**70]),
            "lead": lambda: m.pick(["HK", "D10", "2h", "", None, m.odd()]),
            "score": lambda: m.pick([420, -50, 0, 1, "420", "+420", m.edge(), None, 1e308, True]),
            "weighted": lambda: m.pick(
                [
                    [[20, 650], [80, 620]],
                    [[m.edge(), m.number(-7600, 7600)]] * m.count(1, 3),
                    [[50, "x"], [50, 0]],
                    [],
                    "20% +650",
                    [[100]],
                    [[0, 0], [100, 420]],
                    [[float("1e308"), 0]],
                    [["1e999999999", 100]],
                ]
            ),
            "adjusted": lambda: m.pick(["60/40", "A6040", "5050", "A=", "", "A60/140", m.odd(), 60]),
        }[name]()
    return data


def travellers_json(m: Maker) -> bytes:
    boards = []
    for n in range(m.count(0, 3)):
        results = []
        for i in range(m.count(0, 4)):
            item = result_data(m)
            item.update(
                {
                    "ns": m.pick([i + 1, str(i + 1), "1NS", "", None, 0, True]),
                    "ew": m.pick([i + 5, "5", "1EW", None, -1]),
                }
            )
            if m.chance(0.2):
                item.update(
                    {"section": m.pick(["A", "", 1]), "round": m.pick([1, "1", None]), "table": m.pick([1, -1, None])}
                )
            results.append(item)
        boards.append({"board": m.pick([n + 1, n + 1, 0, -1, "1", 2**40, None]), "results": results})
    document = {"boards": boards}
    for key in m.r.sample(["scale", "factoring", "method", "sections", "winners", "event"], m.count(0, 3)):
        document[key] = m.pick(
            [
                "ebu",
                "acbl",
                "neuberg",
                "none",
                "matchpoints",
                "butler",
                "cross_imps",
                "across",
                "within",
                1,
                2,
                3,
                "",
                None,
                m.odd(),
            ]
        )
    if m.chance(0.05):
        return json.dumps(json_value(m)).encode()
    return json.dumps(document).encode()


USEBIO_LINE_TAGS = ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
                    "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NOTES", "LIN_DATA"]  # fmt: skip


def xml_text(m: Maker, value: str) -> str:
    if m.chance(0.97):
        return value.replace("&", "&amp;").replace("<", "&lt;")
    return value


def usebio(m: Maker) -> bytes:
    def element(tag, value):
        return f"<{tag}>{xml_text(m, value)}</{tag}>"

    pairs = m.count(2, 6)
    parts = [
        '<?xml version="1.0"?>' if m.chance(0.9) else m.pick(['<?xml version="1.0" encoding="latin-1"?>', ""]),
        f'<USEBIO Version="{m.pick(["1.0", "1.2", "1.3", "9"])}">',
        f"<CLUB>{element('CLUB_NAME', m.word())}</CLUB>" if m.chance(0.5) else "",
        f'<EVENT EVENT_TYPE="{m.pick(["MP_PAIRS", "PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "TEAMS", "", "x"])}">',
        element("EVENT_DESCRIPTION", m.word()),
        element("DATE", m.pick(["24/11/2026", "2026-11-24", "31/02/2026", "99/99/9999", "", m.odd()])),
        element("WINNER_TYPE", m.pick(["1", "2", "3", ""])),
        element("BOARD_SCORING_METHOD", m.pick(["MATCH_POINTS", "IMPS", "CROSS_IMPS", "X"])) if m.chance(0.3) else "",
        "<PARTICIPANTS>",
    ]
    for n in range(1, pairs + 1):
        parts.append(
            "<PAIR>"
            + element("PAIR_NUMBER", m.maybe(lambda: str(n) + m.pick(["", "", "NS", "EW"])))
            + element("PERCENTAGE", m.number(0, 100))
            + element("PLACE", m.number(1, pairs))
            + "".join(
                f"<PLAYER>{element('PLAYER_NAME', m.word())}{element('NATIONAL_ID_NUMBER', m.number(1, 9999))}</PLAYER>"
                for _ in range(2)
            )
            + "</PAIR>"
        )
    parts.append("</PARTICIPANTS>")
    for board in range(1, m.count(1, 3) + 1):
        parts.append("<BOARD>" + element("BOARD_NUMBER", m.maybe(lambda: str(board))))
        if m.chance(0.3):
            hands = m.real_deal().split()
            for seat, hand in zip(["NORTH", "EAST", "SOUTH", "WEST"], hands):
                suits = (hand.split(".") + [""] * 4)[:4]
                parts.append(
                    "<HAND>"
                    + element("DIRECTION", m.maybe(lambda: seat, 0.05))
                    + "".join(
                        element(tag, m.maybe(lambda: held, 0.05))
                        for tag, held in zip(["SPADES", "HEARTS", "DIAMONDS", "CLUBS"], suits)
                    )
                    + "</HAND>"
                )
        for _ in range(m.count(0, 3)):
            values = {
                "NS_PAIR_NUMBER": m.number(1, pairs),
                "EW_PAIR_NUMBER": m.number(1, pairs),
                "CONTRACT": m.pick([m.contract(), "PASS", "", "3NT"]),
                "PLAYED_BY": m.seat(),
                "LEAD": m.pick(["2H", "D10", "HK", ""]),
                "TRICKS": m.number(0, 13),
                "SCORE": m.pick([m.number(-2000, 2000), "A6040", "A5050", "+420", "", m.edge()]),
                "NS_MATCH_POINTS": m.number(0, 10),
                "EW_MATCH_POINTS": m.number(0, 10),
                "NOTES": m.pick(["Weighted: 20% +650, 80% +620", "Weighted: 1e999% 1", "", m.odd()]),
                "LIN_DATA": m.pick(["md|3SA953H6DJ954C7532,SJHAKT82D73CAKT64,SKQT82HJ93DKQTCJ8|", "md|9|", m.odd()]),
            }
            tags = [t for t in USEBIO_LINE_TAGS if m.chance(0.85 if t in USEBIO_LINE_TAGS[:7] else 0.15)]
            parts.append(
                "<TRAVELLER_LINE>"
                + "".join(element(t, m.maybe(lambda: values[t], 0.08)) for t in tags)
                + "</TRAVELLER_LINE>"
            )
        parts.append("</BOARD>")
    parts += ["</EVENT>", "</USEBIO>"]
    if m.chance(0.05):
        parts.insert(
            1,
            m.pick(
                [
                    '<!DOCTYPE x [<!ENTITY a "aaaa">]>',
                    '<!DOCTYPE x SYSTEM "file:///etc/passwd">',
                    "<!-- comment -->",
                    "<![CDATA[x]]>",
                ]
            ),
        )
    if m.chance(0.05):
        del parts[m.count(0, len(parts) - 1)]
    return m.join_lines(parts)


def usebio_teams(m: Maker) -> bytes:
    """A USEBIO teams event (``scoring.domain.formats.usebio_teams``): teams, matches of a few rounds (a bye now and
    then), each board with the lines of its two tables. A file draws how wrong it is (a third are right throughout,
    so that the reader's deeper checks and the round trip are reached): odd values, wrong teams, a table's line
    missing or doubled, a part of the file left out."""
    wrong = m.pick([0.0, 0.0, 0.003, 0.01, 0.05])

    def right(value: str) -> str:
        return m.maybe(lambda: value, wrong)

    def element(tag: str, value: str) -> str:
        return f"<{tag}>{xml_text(m, value) if wrong else value.replace('&', '&amp;').replace('<', '&lt;')}</{tag}>"

    teams, per_match = m.count(2, 5), m.count(1, 3)
    kind = m.pick(["TEAMS", "TEAMS", "SWISS_TEAMS"]) if m.chance(1 - wrong) else m.pick(["", "x", "PAIRS"])
    date = m.pick(["24/11/2026", "2026-11-24", "01/01/0005"]) if m.chance(1 - wrong) else m.pick(["", m.odd()])
    scales = ["wbf2013", "wbf2013-discrete", "acbl", "imps", "patton", "board-a-match", "x"]
    parts = [
        '<?xml version="1.0"?>',
        f'<USEBIO Version="{m.pick(["1.0", "1.2", "1.3"])}">',
        f"<CLUB>{element('CLUB_NAME', m.word())}</CLUB>",
        f'<EVENT EVENT_TYPE="{kind}">',
        element("EVENT_DESCRIPTION", m.word()),
        element("DATE", date),
        element("BOARD_SCORING_METHOD", m.pick(["IMPS", "PAB", "X"])) if m.chance(0.3) else "",
        element("VP_SCALE", m.pick(scales)) if m.chance(0.5) else "",
        element("BOARDS_PER_MATCH", right(str(per_match))) if m.chance(0.6) else "",
    ]
    nested = m.chance(0.8)
    parts += ['<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">' if nested else "", "<PARTICIPANTS>"]
    for n in range(1, teams + 1):
        players = "".join(
            f"<PLAYER>{element('PLAYER_NAME', right(m.word(low=1)))}"
            + (element("NATIONAL_ID_NUMBER", m.number(1, 9999)) if m.chance(0.5) else "")
            + "</PLAYER>"
            for _ in range(m.count(0, 4))
        )
        parts.append(f"<TEAM>{element('TEAM_NUMBER', right(str(n)))}{element('TEAM_NAME', m.word())}{players}</TEAM>")
    parts.append("</PARTICIPANTS>")
    for round_number in range(1, m.count(1, 3) + 1):
        order = list(range(1, teams + 1))
        m.r.shuffle(order)
        for at in range(0, len(order), 2):
            home, away = order[at], (order[at + 1] if at + 1 < len(order) else None)
            parts.append(
                "<MATCH>"
                + element("ROUND_NUMBER", right(str(round_number)))
                + element("HOME_TEAM_NUMBER", right(str(home)))
                + (element("AWAY_TEAM_NUMBER", right(str(away))) if away is not None else "")
            )
            for k in range(per_match if away is not None else 0):
                parts.append("<BOARD>" + element("BOARD_NUMBER", right(str((round_number - 1) * per_match + k + 1))))
                tables = [(home, away), (away, home)][: 1 if m.chance(wrong) else 2] * (2 if m.chance(wrong) else 1)
                for ns, ew in tables:
                    values = {
                        "NS_PAIR_NUMBER": str(ns),
                        "EW_PAIR_NUMBER": str(ew),
                        "CONTRACT": m.pick(["4S", "3NT", "PASS", "2HX", "7NTXX"])
                        if m.chance(1 - wrong)
                        else m.contract(),
                        "PLAYED_BY": m.pick(SEATS) if m.chance(1 - wrong) else m.seat(),
                        "TRICKS": str(m.count(0, 13)) if m.chance(1 - wrong) else m.number(0, 13),
                        "SCORE": m.pick(["420", "-50", "A6040", "A5050", "A4060", "+420", ""])
                        if m.chance(1 - wrong)
                        else m.edge(),
                        "NS_MATCH_POINTS": m.number(0, 10),
                        "NOTES": m.pick(["Weighted: 20% +650, 80% +620", "Weighted: 1e999% 1", "", m.odd()]),
                    }
                    core = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "SCORE")
                    tags = [t for t in values if m.chance(1 - wrong if t in core else 0.2)]
                    parts.append(
                        "<TRAVELLER_LINE>" + "".join(element(t, right(values[t])) for t in tags) + "</TRAVELLER_LINE>"
                    )
                parts.append("</BOARD>")
            parts.append("</MATCH>")
    parts += ["</SECTION></SESSION>" if nested else "", "</EVENT>", "</USEBIO>"]
    if m.chance(wrong):
        del parts[m.count(0, len(parts) - 1)]
    return m.join_lines(parts)
