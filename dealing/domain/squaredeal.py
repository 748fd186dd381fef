"""SquareDeal: a tournament's published commitment (.sqd), its secret keys (.sqk), and its deals.

Implements ``../shared/specs/bigdeal-squaredeal.md`` §5 (SquareDeal 2.7, ``squaredeal.pl``):

* ``.sqd`` (public): ``TN`` name, ``DI`` the promised delayed information, ``DV`` its value
  (after the event), ``SN nsessions:boards:fileprefix:description`` per phase, ``KH`` the
  SHA-256 of the ``.sqk`` file. ``boards`` is ``16``, ``1-16,17-32`` (cycled per session),
  ``3x7`` or ``?``; ``nsessions`` 0 means an open-ended phase (one key, ``p,0``).
* ``.sqk`` (secret until the end): ``phase,session:key`` lines ending CRLF, 60-character keys.
* Session deals: ``bigdealx -W <left half of key> -e <right half> -e base64(DV) -e
  original|reserve [-e ses<n> in open-ended phases] -n <board range>``, i.e. BigDeal with
  owner = left half and seed = RIPEMD-160(right ‖ base64(DV) ‖ "original"/"reserve" ‖ …)
  (:mod:`dealing.domain.bigdeal`).

What it offers: :func:`read_sqd`, :func:`write_sqd`, :func:`read_sqk`, :func:`write_sqk`,
:func:`key_hash`, :func:`check_keys` (the KH check as data: what matched, which key lines look
wrong, which sessions have no key), :func:`verify_keys` (the same, raising), :func:`session_deals`,
:func:`create_tournament` (keys from ``secrets``), :func:`canonical_delayed_value`,
:func:`parse_board_spec`. Checking an event's hand records against its deals (an audit):
:mod:`dealing.domain.squaredeal_audit`.

Errors are :class:`DealingError`\\ s made from ``Text``\\ s (``sqd.*``, ``sqk.*``), so the site says
them in the reader's language; reading a file, they name the line (``line 9: SN: …``).

>>> t = read_sqd(b"TN Demo\\r\\nDI DJI close 1 May\\r\\nDV 43275.91\\r\\nSN 2:1-16,17-32:RR#:Round #/2\\r\\n")
>>> t.phases[0].board_range(2), t.phases[0].file_name(2), t.phases[0].session_description(2)
((17, 32), 'RR2', 'Round 2/2')
>>> keys = read_sqk(b"1,1:" + b"a" * 60 + b"\\r\\n1,2:" + b"b" * 60 + b"\\r\\n")
>>> [board for board, _ in session_deals(t, keys, 1, 2)][:3]
[17, 18, 19]
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import string
from dataclasses import dataclass, field, replace

from bridge.cards import Deal
from bridge.errors import BridgeError
from dealing.domain.bigdeal import MAX_BOARDS, bigdeal_deals, owner_hash, seed_random_from_entropy
from dealing.domain.errors import DealingError
from dealing.domain.text import Text

__all__ = [
    "Phase",
    "Tournament",
    "SquareDealKeys",
    "KeyCheck",
    "KeyLineProblem",
    "check_keys",
    "read_sqd",
    "write_sqd",
    "read_sqk",
    "write_sqk",
    "key_hash",
    "verify_keys",
    "session_deals",
    "session_entropy",
    "create_tournament",
    "make_key",
    "canonical_delayed_value",
    "parse_board_spec",
    "SQUAREDEAL_VERSION",
    "KEY_LENGTH",
]

SQUAREDEAL_VERSION = "2.7"
KEY_LENGTH = 60
KEY_ALPHABET = string.ascii_letters + string.digits
#: the most board ranges a phase cycles through (``3x7`` is three); a .sqd of more is refused, not expanded
MAX_RANGES = 999
_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9#_\-]*$")
_RANGE = re.compile(r"^([0-9]+)-([0-9]+)$")


def _shown(text: str) -> str:
    """Text as a message quotes it: at most 40 characters."""
    return text if len(text) <= 40 else text[:40] + "…"


def _board_number(text: str, spec: str, part: str) -> int:
    """A board number of a boards field; beyond BigDeal's last board (its digits may be thousands) is refused."""
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(MAX_BOARDS)) or int(digits) > MAX_BOARDS:
        raise DealingError(
            Text.of("sqd.boards_high", text=_shown(spec), part=_shown(part), max=MAX_BOARDS), field="boards"
        )
    return int(digits)


def parse_board_spec(spec: str) -> list[tuple[int, int]] | None:
    """SquareDeal's boards field → board ranges per session (cycled), or None for ``?``.

    Board numbers go up to BigDeal's last board (:data:`~dealing.domain.bigdeal.MAX_BOARDS`), and a phase
    cycles through at most :data:`MAX_RANGES` ranges.

    >>> parse_board_spec("16"), parse_board_spec("3x7"), parse_board_spec("1-16,17-32")
    ([(1, 16)], [(1, 7), (8, 14), (15, 21)], [(1, 16), (17, 32)])
    """
    text = str(spec).strip()
    if text == "?":
        return None
    times = re.fullmatch(r"([1-9][0-9]*)x([1-9][0-9]*)", text)
    if times:
        count, length = (_board_number(n, text, text) for n in times.groups())
        if count > MAX_RANGES:
            raise DealingError(Text.of("sqd.boards_ranges", text=text, count=count, max=MAX_RANGES), field="boards")
        _board_number(str(count * length), text, text)
        return [((k - 1) * length + 1, k * length) for k in range(1, count + 1)]
    if re.fullmatch(r"[0-9]+", text):
        if _board_number(text, text, text) < 1:
            raise DealingError(Text.of("sqd.boards_zero", text=text), field="boards")
        return [(1, int(text))]
    parts = text.split(",")
    if len(parts) > MAX_RANGES:
        raise DealingError(
            Text.of("sqd.boards_ranges", text=_shown(text), count=len(parts), max=MAX_RANGES), field="boards"
        )
    ranges = []
    for part in parts:
        match = _RANGE.match(part.strip())
        if not match:
            raise DealingError(Text.of("sqd.boards_range", text=_shown(text), part=_shown(part)), field="boards")
        lo, hi = (_board_number(n, text, part.strip()) for n in match.groups())
        if not 1 <= lo <= hi:
            raise DealingError(
                Text.of("sqd.boards_empty", text=_shown(text), part=_shown(part.strip())), field="boards"
            )
        ranges.append((lo, hi))
    return ranges


def _sharpfill(pattern: str, number: int) -> str:
    """Replace the first run of ``#`` by the zero-padded number (SquareDeal's ``sharpfill``)."""
    match = re.search(r"#+", pattern)
    if not match:
        return pattern
    width = match.end() - match.start()
    return f"{pattern[: match.start()]}{number:0{width}d}{pattern[match.end() :]}"


@dataclass(frozen=True)
class Phase:
    """One ``SN`` line: a phase of ``sessions`` sessions (0 = open-ended)."""

    number: int
    sessions: int
    boards: str
    prefix: str
    description: str
    line: int | None = field(default=None, compare=False)

    @property
    def open_ended(self) -> bool:
        return self.sessions == 0

    def check_session(self, session: int) -> int:
        if isinstance(session, bool) or not isinstance(session, int) or session < 1:
            raise DealingError(Text.of("sqd.session_number", session=repr(session)), field="session")
        if not self.open_ended and session > self.sessions:
            raise DealingError(
                Text.of(
                    "sqd.phase_sessions",
                    phase=self.number,
                    description=self.description,
                    sessions=self.sessions,
                    session=session,
                ),
                field="session",
            )
        return session

    def board_range(self, session: int, boards: str | None = None) -> tuple[int, int]:
        """The boards of a session; ``boards`` is required (and used) when the phase says ``?``."""
        self.check_session(session)
        ranges = parse_board_spec(boards if boards is not None else self.boards)
        if ranges is None:
            raise DealingError(Text.of("sqd.boards_open", phase=self.number), field="boards")
        return ranges[(session - 1) % len(ranges)]

    def file_name(self, session: int, reserve: bool = False) -> str:
        return _sharpfill(self.prefix, session) + ("reserve" if reserve else "")

    def session_description(self, session: int) -> str:
        return _sharpfill(self.description, session)

    def key_ids(self) -> list[tuple[int, int]]:
        if self.open_ended:
            return [(self.number, 0)]
        return [(self.number, s) for s in range(1, self.sessions + 1)]

    def to_line(self) -> str:
        return f"SN {self.sessions}:{self.boards}:{self.prefix}:{self.description}"


@dataclass(frozen=True)
class Tournament:
    """A parsed ``.sqd`` file."""

    name: str
    delayed_info: str
    delayed_value: str | None
    phases: tuple[Phase, ...]
    key_hash: str | None = None
    version: str | None = None
    key_hash_line: int | None = field(default=None, compare=False)
    #: the line of each of TN, DI, DV and KH in the file read (empty for a tournament made here)
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def phase(self, number: int) -> Phase:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.phases):
            raise DealingError(Text.of("sqd.phase_number", count=len(self.phases), number=repr(number)), field="phase")
        return self.phases[number - 1]

    def with_delayed_value(self, value: str) -> Tournament:
        return replace(self, delayed_value=canonical_delayed_value(value))


def _text_lines(data: bytes | str, what: str) -> list[str]:
    if isinstance(data, bytes):
        raw = data
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError:
            data = raw.decode("latin-1")
    if what == ".sqd" and data.startswith("\ufeff"):  # a byte-order mark some editors put first
        data = data[1:]
    return data.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def read_sqd(data: bytes | str) -> Tournament:
    """Parse a ``.sqd`` description file (CRLF or LF). Errors name the line.

    Each of TN, DI, DV and KH may appear once (SquareDeal writes each once; a second one is
    refused rather than silently winning).
    """
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    version = None
    phases: list[Phase] = []
    for number, raw in enumerate(_text_lines(data, ".sqd"), start=1):
        line = raw.rstrip()
        if not line:
            continue
        if line.startswith("#"):
            found = re.match(r"^#.*[Ss]quare[Dd]eal (\d+)\.(\d+)", line)
            if found:
                version = f"{found.group(1)}.{found.group(2)}"
            continue
        tag, _, rest = line.partition(" ")
        rest = rest.lstrip(" ")
        if tag in ("TN", "DI", "DV", "KH"):
            if tag in lines:
                raise DealingError(Text.of("sqd.twice", tag=tag, first=lines[tag]), field=tag, line=number)
            if tag == "KH" and not re.fullmatch(r"[0-9a-fA-F]{64}", rest):
                raise DealingError(Text.of("sqd.kh_format", text=rest[:80]), field="KH", line=number)
            values[tag], lines[tag] = (rest.lower() if tag == "KH" else rest), number
        elif tag == "SN":
            phases.append(_phase(rest, len(phases) + 1, number))
        else:
            raise DealingError(Text.of("sqd.unknown_line", text=line[:30]), line=number)
    if "TN" not in values:
        raise DealingError(Text.of("sqd.no_tn"), field="TN")
    if not phases:
        raise DealingError(Text.of("sqd.no_sn"), field="SN")
    return Tournament(
        values["TN"],
        values.get("DI", ""),
        values.get("DV"),
        tuple(phases),
        values.get("KH"),
        version,
        lines.get("KH"),
        lines,
    )


def _phase(rest: str, number: int, line: int) -> Phase:
    """An ``SN`` line's value (``nsessions:boards:fileprefix:description``) as phase ``number``."""
    parts = rest.split(":", 3)
    if len(parts) != 4:
        raise DealingError(Text.of("sqd.sn_parts", text=rest[:60]), field="SN", line=line)
    count, boards, prefix, description = parts
    if not re.fullmatch(r"[0-9]{1,6}", count.strip()):
        raise DealingError(Text.of("sqd.sn_count", text=count[:20]), field="SN", line=line)
    try:
        parse_board_spec(boards)
    except BridgeError as exc:
        raise DealingError(Text.of("sqd.sn", error=exc.said), field="SN", line=line) from None
    if not prefix.strip():
        raise DealingError(Text.of("sqd.sn_prefix"), field="SN", line=line)
    return Phase(number, int(count.strip()), boards.strip(), prefix.strip(), description, line)


def write_sqd(tournament: Tournament) -> bytes:
    """The ``.sqd`` text as SquareDeal writes it, with CRLF line ends."""
    lines = [
        f"# Description file of tournament for program SquareDeal {SQUAREDEAL_VERSION}",
        "#",
        f"TN {tournament.name}",
        f"DI {tournament.delayed_info}",
    ]
    if tournament.delayed_value is not None:
        lines.append(f"DV {tournament.delayed_value}")
    lines += [
        "# Description of phases of tournament",
        "# Per phase a line with SN nessions:nboards:filename:description",
    ]
    lines += [phase.to_line() for phase in tournament.phases]
    if tournament.key_hash:
        lines.append(f"KH {tournament.key_hash}")
    else:
        lines += ["#", "# Until published this file may be edited if so wished"]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


@dataclass(frozen=True)
class SquareDealKeys:
    """A parsed ``.sqk`` file: the keys by (phase, session), their line numbers, the raw bytes."""

    keys: dict[tuple[int, int], str]
    lines: dict[tuple[int, int], int]
    raw: bytes = field(repr=False)

    def key(self, phase: int, session: int) -> str:
        try:
            return self.keys[(phase, session)]
        except KeyError:
            raise DealingError(Text.of("sqk.no_key", phase=phase, session=session), field="session") from None


_SQK_LINE = re.compile(r"^([0-9]{1,9}),([0-9]{1,9}):(.*)$")  # no phase or session has more digits


def read_sqk(data: bytes) -> SquareDealKeys:
    """Parse a ``.sqk`` key file (CRLF as SquareDeal writes it, or LF). Errors name the line.

    A key is what follows the colon up to the line end, exactly (as ``squaredeal.pl`` reads it);
    :func:`check_keys` points out keys of an odd length or with odd characters.
    """
    raw = bytes(data)
    keys: dict[tuple[int, int], str] = {}
    lines: dict[tuple[int, int], int] = {}
    for number, line in enumerate(_text_lines(raw, ".sqk"), start=1):
        if not line.strip():
            continue
        match = _SQK_LINE.match(line)
        if not match:
            raise DealingError(Text.of("sqk.not_key_line", text=line[:20]), line=number)
        ident = (int(match.group(1)), int(match.group(2)))
        key = match.group(3)
        if not key:
            raise DealingError(Text.of("sqk.empty_key", phase=ident[0], session=ident[1]), line=number)
        if ident in keys:
            raise DealingError(
                Text.of("sqk.second_key", phase=ident[0], session=ident[1], first=lines[ident]), line=number
            )
        keys[ident], lines[ident] = key, number
    if not keys:
        raise DealingError(Text.of("sqk.no_keys"))
    return SquareDealKeys(keys, lines, raw)


def write_sqk(keys: dict[tuple[int, int], str]) -> bytes:
    """The ``.sqk`` bytes: ``phase,session:key`` lines in order, CRLF (written raw)."""
    return b"".join(f"{p},{s}:{k}\r\n".encode("ascii") for (p, s), k in sorted(keys.items()))


def key_hash(sqk_bytes: bytes) -> str:
    """KH: the SHA-256 of the ``.sqk`` file's bytes, 64 lowercase hex digits."""
    return hashlib.sha256(bytes(sqk_bytes)).hexdigest()


def _crlf_copy(raw: bytes) -> bytes:
    """What ``squaredeal.pl``'s ``readkeys`` hashes: the lines (read through ``:crlf``) each ending CRLF."""
    lines = raw.replace(b"\r\n", b"\n").split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return b"".join(line + b"\r\n" for line in lines)


@dataclass(frozen=True)
class KeyLineProblem:
    """A key line that looks wrong: a length unlike the other keys', or characters SquareDeal never writes."""

    line: int
    phase: int
    session: int
    length: int
    usual: int | None = None  # the other keys' length, when this one's differs
    characters: str = ""  # characters outside A-Z a-z 0-9

    @property
    def text(self) -> Text:
        problems = []
        if self.usual is not None:
            problems.append(Text.of("sqk.length", length=self.length, usual=self.usual))
        if self.characters:
            problems.append(Text.of("sqk.characters", characters=self.characters))
        return Text.of("sqk.suspect", line=self.line, phase=self.phase, session=self.session, problems=problems)


@dataclass(frozen=True)
class KeyCheck:
    """What :func:`check_keys` found: the hashes, and what is wrong if anything is.

    ``matches``: SHA-256 of the ``.sqk`` is KH (``normalised_line_ends``: only once its line ends
    are CRLF again, as SquareDeal's own check makes them). ``missing``: sessions of the event with
    no key. ``suspects``: key lines that look wrong (named in the error when KH does not match).
    ``messages``: the English report the ``squaredeal`` command prints.
    """

    key_hash: str
    normalised_line_ends: bool
    sessions: int
    messages: tuple[str, ...]
    published: str = ""
    published_line: int | None = None
    matches: bool = True
    missing: tuple[tuple[int, int], ...] = ()
    suspects: tuple[KeyLineProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.matches and not self.missing

    @property
    def problem(self) -> Text | None:
        """Why the key file cannot be trusted (KH first, then missing keys), or None."""
        if not self.matches:
            return Text.of(
                "sqk.kh_mismatch",
                computed=self.key_hash,
                published=self.published,
                kh_line=self.published_line,
                suspects=[s.text for s in self.suspects],
            )
        if self.missing:
            return Text.of(
                "sqk.missing",
                sessions=", ".join(f"{p},{s}" for p, s in self.missing[:10]),
                more=max(0, len(self.missing) - 10),
            )
        return None


def check_keys(tournament: Tournament, sqk: SquareDealKeys) -> KeyCheck:
    """Compare SHA-256 of the ``.sqk`` with KH and look for missing or odd keys; raises only without KH.

    Like ``squaredeal.pl`` a copy whose line ends were converted to LF still matches (its lines
    re-joined with CRLF hash to KH); the report says so.
    """
    if not tournament.key_hash:
        raise DealingError(Text.of("sqk.no_kh"), field="KH")
    raw_hash = key_hash(sqk.raw)
    matches, normalised = hmac.compare_digest(raw_hash, tournament.key_hash), False
    if not matches:
        copy = _crlf_copy(sqk.raw)
        if copy != sqk.raw and hmac.compare_digest(key_hash(copy), tournament.key_hash):
            matches = normalised = True
    missing = tuple((p, s) for phase in tournament.phases for p, s in phase.key_ids() if (p, s) not in sqk.keys)
    messages: list[str] = []
    if matches:
        where = f" (line {tournament.key_hash_line})" if tournament.key_hash_line else ""
        messages = [
            f"SHA-256 of the key file = {raw_hash}" + (" (after restoring CRLF line ends)" if normalised else ""),
            f"KH in the description{where} = {tournament.key_hash}: match",
            f"keys present for all {sum(len(p.key_ids()) for p in tournament.phases)} sessions of "
            f"{len(tournament.phases)} phases",
        ]
        short = [f"{p},{s}" for (p, s), k in sqk.keys.items() if len(k) < 40]
        if short:
            messages.append(f"warning: short keys (< 40 characters) for {', '.join(short)}")
    return KeyCheck(
        raw_hash,
        normalised,
        len(sqk.keys),
        tuple(messages),
        tournament.key_hash,
        tournament.key_hash_line,
        matches,
        missing,
        _suspect_lines(sqk),
    )


def verify_keys(tournament: Tournament, sqk: SquareDealKeys) -> KeyCheck:
    """Check KH = SHA-256(.sqk) and that every session has a key; raise :class:`DealingError` if not."""
    check = check_keys(tournament, sqk)
    if check.problem is not None:
        raise DealingError(check.problem, field="KH" if not check.matches else "sqk")
    return check


def _suspect_lines(sqk: SquareDealKeys) -> tuple[KeyLineProblem, ...]:
    """Key lines that differ from the usual shape (another length than most keys, characters outside A-Z a-z 0-9)."""
    lengths = [len(k) for k in sqk.keys.values()]
    usual = max(sorted(set(lengths)), key=lengths.count)
    out = []
    for ident, key in sorted(sqk.keys.items(), key=lambda item: sqk.lines[item[0]]):
        bad = "".join(sorted({ch for ch in key if ch not in KEY_ALPHABET}))
        if len(key) != usual or bad:
            out.append(
                KeyLineProblem(
                    sqk.lines[ident], ident[0], ident[1], len(key), usual if len(key) != usual else None, bad
                )
            )
    return tuple(out)


def canonical_delayed_value(text: str) -> str:
    """SquareDeal 2.7's ``getDV``: trim, collapse spaces, drop ``.``/``,`` between digits.

    The generator uses the DV exactly as stored in the ``.sqd``; this is only for new values.

    >>> canonical_delayed_value("  43,275.91 ")
    '4327591'
    """
    value = re.sub(r"\s+", " ", str(text).strip())
    value = re.sub(r"(?<=\d)[.,](?=\d)", "", value)
    if not value:
        raise DealingError(Text.of("sqd.dv_empty"), field="DV")
    return value


def session_entropy(tournament: Tournament, key: str, phase: Phase, session: int, reserve: bool) -> list[str]:
    """The ``-e`` strings SquareDeal passes to bigdealx for a session (after the owner half)."""
    if tournament.delayed_value is None:
        raise DealingError(Text.of("sqd.no_dv"), field="DV")
    right = key[len(key) // 2 :]
    parts = [
        right,
        base64.b64encode(tournament.delayed_value.encode("utf-8")).decode("ascii"),
        "reserve" if reserve else "original",
    ]
    if phase.open_ended:
        parts.append(f"ses{session}")
    return parts


def session_deals(
    tournament: Tournament,
    keys: SquareDealKeys,
    phase_number: int,
    session: int,
    reserve: bool = False,
    boards: str | None = None,
) -> list[tuple[int, Deal]]:
    """The deals of one session (original or reserve set), exactly as SquareDeal makes them."""
    phase = tournament.phase(phase_number)
    phase.check_session(session)
    key = keys.key(phase.number, 0 if phase.open_ended else session)
    lo, hi = phase.board_range(session, boards)
    entropy = session_entropy(tournament, key, phase, session, reserve)
    return bigdeal_deals(seed_random_from_entropy(entropy), owner_hash(key[: len(key) // 2]), lo, hi)


def make_key(length: int = KEY_LENGTH) -> str:
    """A session key: ``length`` characters from [A-Za-z0-9] drawn with ``secrets`` (~357 bits at 60)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _ in range(length))


def create_tournament(
    name: str, delayed_info: str, phases: list[tuple[int, str, str, str]]
) -> tuple[Tournament, bytes, bytes]:
    """A new published tournament: ``(tournament, .sqd bytes, .sqk bytes)``.

    ``phases`` lists ``(nsessions, boards, fileprefix, description)``; as SquareDeal does, a
    prefix or description without ``#`` gets one when the phase has several sessions.
    """
    for what, value in (("TN", name), ("DI", delayed_info)):
        if not str(value).strip() or "\n" in str(value) or "\r" in str(value):
            raise DealingError(
                f"{'the tournament name' if what == 'TN' else 'the delayed information'} must be one non-empty line",
                field=what,
            )
    if not phases:
        raise DealingError("a tournament needs at least one phase", field="SN")
    made: list[Phase] = []
    used: set[str] = set()
    for number, (count, boards, prefix, description) in enumerate(phases, start=1):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DealingError(f"phase {number}: the number of sessions must be ≥ 0, not {count!r}", field="SN")
        boards = str(boards).strip()
        ranges = parse_board_spec(boards)
        if ranges is not None and re.fullmatch(r"\d+x\d+", boards):
            boards = ",".join(f"{lo}-{hi}" for lo, hi in ranges)
        if not _PREFIX.match(prefix) or re.search(r"#[^#]+#", prefix):
            raise DealingError(
                f"phase {number}: file prefix {prefix!r} must start with a letter, use letters, "
                "digits, _ - and at most one run of #",
                field="SN",
            )
        if count != 1 and "#" not in prefix:
            prefix += "#" * len(str(count))
        if prefix in used:
            raise DealingError(f"phase {number}: file prefix {prefix!r} is already used", field="SN")
        used.add(prefix)
        description = str(description).replace(":", "").strip()
        if not description or "\n" in description:
            raise DealingError(f"phase {number}: the description must be one non-empty line", field="SN")
        if count != 1 and "#" not in description:
            description += f" #/{count}"
        made.append(Phase(number, count, boards, prefix, description))
    keys = {ident: make_key() for phase in made for ident in phase.key_ids()}
    sqk = write_sqk(keys)
    tournament = Tournament(name.strip(), delayed_info.strip(), None, tuple(made), key_hash(sqk), SQUAREDEAL_VERSION)
    return tournament, write_sqd(tournament), sqk
