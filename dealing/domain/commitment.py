"""Our commitment to the deals of an event: commit before, reveal after, anyone checks.

Implements the commit–reveal idea of ``../shared/seeds/bigdeal-squaredeal-explained.txt``
("publish a hash of all dealing inputs plus a promise to mix in a future public value")
and closes the gaps of SquareDeal listed in ``../shared/specs/bigdeal-squaredeal.md`` §5:
here **every** dealing input is inside the hash (the dealer's version, the event, the
promise of the delayed value and its format, each session's label and board count, a
salt and the 256-bit secret key); there are no reserve sets, so the organiser has no
choice left once the record is published. ``docs/commitments.md`` specifies the format
for third parties; ``tools/verify_commitment.py`` is an independent checker.

The record, like Django's ``algorithm$iterations$salt$hash`` password strings, says how
to read itself. Its canonical form is UTF-8 text, one ``name: value`` line each, in this
order, every line ending in LF::

    format: bridge-commitment-v1
    dealer: dealer-v1
    event: <event name>
    promise: <what the delayed value (DV) will be: the public fact and where it is read>
    dv-format: decimal:2 | decimal:N (N = 0 … 8) | text
    salt: <32 lowercase hex digits>
    sessions: <count>
    session: <label> <boards>          (one line per session, in order)
    key: <64 lowercase hex digits>     (the secret key; last line)

* **commitment hash** = SHA-256 of those bytes, in lowercase hex. Everything above the
  ``key:`` line is the *public part*, published with the hash before the event; so
  ``SHA-256(public part ‖ "key: " ‖ key hex ‖ LF)`` must equal the hash.
* After the event the DV is read and canonicalised by the ``dv-format``, and
  **dealing key** = HMAC-SHA256(key = secret key, message = ``DEALING_KEY_TAG`` ‖
  commitment hash (32 bytes) ‖ DV in UTF-8). The organiser chose the key before the DV
  existed, so could not know the deals when publishing.
* **Board b** (1 … boards) of the session with label L is deal ``b − 1`` of our dealer
  ``dealer-v1`` (:mod:`dealing.domain.generator`) for (dealing key, L): a Pavlicek number,
  decoded by :mod:`dealing.domain.numbering`.

Text values (event, promise, a ``text`` DV) are canonical when they are NFC-normalised,
without control characters, trimmed, and with single spaces between words
(:func:`normalise_text` makes them so). Labels are 1–100 characters of
``A-Z a-z 0-9 . _ / : -`` starting with a letter or digit, distinct within a record.

What it offers:

* :class:`SessionEntry`, :class:`CommitmentRecord` (the whole record; its ``key`` never
  appears in ``repr``), :class:`PublishedCommitment` (the public part and the hash),
  :class:`RevealedCommitment` (the record and the DV), each with ``to_json``/``from_json``.
* :func:`normalise_text`, :func:`check_dv_format`, :func:`canonical_dv`,
  :func:`describe_dv_format` (and :func:`dv_format_text`, the same as a ``Text``), :func:`new_salt`, :func:`dealing_key`, :func:`session_deal_numbers`.
* :func:`audit` → a list of :class:`Check` (name, passed, detail): what a verifier checks,
  given what was published, what was revealed and (optionally) the deals that were played.

>>> record = CommitmentRecord(event="Riverside Pairs", promise="DJIA close on 2026-11-20",
...                           dv_format="decimal:2", salt=bytes(16),
...                           sessions=(SessionEntry("riverside/s1", 2),), key=bytes(range(32)))
>>> print(record.public_text(), end="")
format: bridge-commitment-v1
dealer: dealer-v1
event: Riverside Pairs
promise: DJIA close on 2026-11-20
dv-format: decimal:2
salt: 00000000000000000000000000000000
sessions: 1
session: riverside/s1 2
>>> record.commitment_hash()
'101c3a7467b155a562b73ae1c344dbc9c520d7ed6fd9d0fb5a794487f3191ce8'
>>> canonical_dv("decimal:2", " 43,275.91 ")
'43275.91'
>>> revealed = RevealedCommitment(record, dv="43275.91")
>>> revealed.dealing_key().hex()
'0a6a53d5489bd679134c0dfc9e3845f3c671cebe4cc6b150cd7eab7b69cf559f'
>>> number_to_deal(revealed.deal_numbers()["riverside/s1"][0]).to_pbn()  # board 1
'N:A754.4.A9742.J64 Q8.KQJ976.6.QT52 KJ63.AT5.QJT8.83 T92.832.K53.AK97'
>>> "000102" in repr(record)
False
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict, TypeVar

from bridge.cards import Deal
from dealing.domain import generator
from dealing.domain.errors import DealingError
from dealing.domain.numbering import deal_to_number, number_to_deal
from dealing.domain.text import Text, json_kind

__all__ = [
    "FORMAT",
    "DEALER",
    "DEALING_KEY_TAG",
    "KEY_BYTES",
    "SALT_BYTES",
    "MAX_SESSIONS",
    "MAX_BOARDS",
    "SessionEntry",
    "CommitmentRecord",
    "PublishedCommitment",
    "RevealedCommitment",
    "Check",
    "normalise_text",
    "check_label",
    "check_dv_format",
    "describe_dv_format",
    "dv_format_text",
    "canonical_dv",
    "new_salt",
    "new_key",
    "dealing_key",
    "session_deal_numbers",
    "audit",
    "deal_numbers_from_pbn_deals",
]

FORMAT = "bridge-commitment-v1"
DEALER = "dealer-v1"  # our dealer, scheme v1 (dealing.domain.generator.SCHEME)
DEALING_KEY_TAG = b"bridge-commitment-v1 dealing key\x00"
KEY_BYTES = 32
SALT_BYTES = 16
MAX_SESSIONS = 100
MAX_BOARDS = 999
MAX_EVENT = 200
MAX_PROMISE = 500
MAX_TEXT_DV = 200
MAX_DECIMALS = 8

_LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}")
_HEX = re.compile(r"[0-9a-f]*")

assert generator.SCHEME == "v1", "dealer-v1 is generator scheme v1"


# --- Text and values -------------------------------------------------------------------


def normalise_text(text: str) -> str:
    """The canonical form of a free-text value: NFC, no control characters, single spaces.

    >>> normalise_text("  Riverside\\tPairs \\n 2026 ")
    'Riverside Pairs 2026'
    """
    if not isinstance(text, str):
        raise DealingError(f"expected text, not {type(text).__name__}")
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch.isspace() else ch for ch in text)
    return " ".join(text.split())


def _check_text(name: str, value: str, limit: int) -> str:
    if not isinstance(value, str):
        raise DealingError(f"the {name} is text, not {type(value).__name__}", field=name)
    if not value:
        raise DealingError(Text.of("text.empty", name=name), field=name)
    if normalise_text(value) != value:
        raise DealingError(
            Text.of("commitment.canonical", name=name, value=value, expected=normalise_text(value)), field=name
        )
    if len(value) > limit:
        raise DealingError(Text.of("text.too_long", name=name, limit=limit, count=len(value)), field=name)
    return value


def check_label(label: str) -> str:
    """A session label: 1–100 of ``A-Z a-z 0-9 . _ / : -``, starting with a letter or digit.

    >>> check_label("riverside/2026-11-24/s17")
    'riverside/2026-11-24/s17'
    """
    if not isinstance(label, str) or not _LABEL.fullmatch(label):
        raise DealingError(Text.of("commitment.label", label=label), field="label")
    return label


def check_dv_format(dv_format: str) -> str:
    """``decimal:N`` (N = 0 … 8 digits after the point) or ``text``.

    >>> check_dv_format("decimal:2")
    'decimal:2'
    """
    if dv_format == "text":
        return dv_format
    match = re.fullmatch(r"decimal:([0-9])", dv_format) if isinstance(dv_format, str) else None
    if match is None or int(match.group(1)) > MAX_DECIMALS:
        raise DealingError(Text.of("commitment.dv_format", dv_format=dv_format, max=MAX_DECIMALS), field="dv_format")
    return dv_format


def describe_dv_format(dv_format: str) -> str:
    """A plain-words description of a DV format (for pages and the notice-board text).

    >>> describe_dv_format("decimal:2")
    'a number with exactly 2 digits after the decimal point, e.g. 43275.91'
    """
    return str(dv_format_text(dv_format))


def dv_format_text(dv_format: str) -> Text:
    """The same description as data, for the Django layer to say in the reader's language."""
    check_dv_format(dv_format)
    if dv_format == "text":
        return Text.of("dv_format.text")
    decimals = int(dv_format.split(":")[1])
    if decimals == 0:
        return Text.of("dv_format.whole")
    return Text.of("dv_format.decimals", decimals=decimals, example="43275." + "91234567"[:decimals])


_GROUP_SEPARATORS = " \u00a0\u202f\u2009'_"


def canonical_dv(dv_format: str, text: str) -> str:
    """The canonical form of a delayed value read from its public source, checked against its format.

    ``decimal:N``: an optional minus sign, digits and exactly N digits after a decimal point
    (``.`` or ``,``); thousands separators (``,`` ``.`` space ``'``) in groups of three are
    accepted and dropped. Canonical: no separators, ``.`` as the decimal point, no leading
    zeros. ``text``: :func:`normalise_text`, not empty.

    >>> canonical_dv("decimal:2", "43.275,91"), canonical_dv("decimal:0", "1 234"), canonical_dv("text", " 7  12 ")
    ('43275.91', '1234', '7 12')
    >>> canonical_dv("decimal:2", "43275.9")
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: the delayed value '43275.9' must have exactly 2 digits after the decimal point (decimal:2)
    """
    check_dv_format(dv_format)
    if not isinstance(text, str):
        raise DealingError(f"the delayed value is text, not {type(text).__name__}", field="dv")
    if dv_format == "text":
        value = normalise_text(text)
        if not value:
            raise DealingError(Text.of("dv.empty"), field="dv")
        if len(value) > MAX_TEXT_DV:
            raise DealingError(Text.of("dv.too_long", max=MAX_TEXT_DV), field="dv")
        return value
    decimals = int(dv_format.split(":")[1])
    raw = text.strip()
    if len(raw) > MAX_TEXT_DV:  # no index closes so high (and int() refuses thousands of digits)
        raise DealingError(Text.of("dv.too_long", max=MAX_TEXT_DV), field="dv")
    shown = raw
    raw = "".join(ch for ch in raw if ch not in _GROUP_SEPARATORS)
    sign = ""
    if raw[:1] in ("-", "\u2212"):
        sign, raw = "-", raw[1:]
    if not raw or not re.fullmatch(r"[0-9][0-9.,]*", raw) or not raw[-1].isdigit():
        raise DealingError(Text.of("dv.not_number", value=shown, format=dv_format), field="dv")
    fraction = ""
    if decimals:
        if len(raw) <= decimals or raw[-decimals - 1] not in ".," or not raw[-decimals:].isdigit():
            raise DealingError(Text.of("dv.decimals", value=shown, decimals=decimals, format=dv_format), field="dv")
        raw, fraction = raw[: -decimals - 1], raw[-decimals:]
    groups = re.split(r"[.,]", raw)
    if len(groups) > 1 and not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
        raise DealingError(
            Text.of("dv.groups_decimals", value=shown, decimals=decimals, format=dv_format)
            if decimals
            else Text.of("dv.groups_whole", value=shown, format=dv_format),
            field="dv",
        )
    whole = str(int("".join(groups)))
    if sign and whole == "0" and not fraction.strip("0"):
        sign = ""
    return sign + whole + ("." + fraction if decimals else "")


def new_salt() -> bytes:
    """16 fresh random bytes from ``secrets``."""
    return secrets.token_bytes(SALT_BYTES)


def new_key() -> bytes:
    """A fresh 256-bit secret key from ``secrets``."""
    return secrets.token_bytes(KEY_BYTES)


def _hex(name: str, value: str, nbytes: int) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * nbytes or not _HEX.fullmatch(value):
        raise DealingError(Text.of("commitment.hex", name=name, digits=2 * nbytes), field=name)
    return bytes.fromhex(value)


# --- The record ------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionEntry:
    """One session of a commitment: its label (the dealer's label) and its number of boards."""

    label: str
    boards: int

    def __post_init__(self) -> None:
        check_label(self.label)
        if isinstance(self.boards, bool) or not isinstance(self.boards, int) or not 1 <= self.boards <= MAX_BOARDS:
            raise DealingError(
                Text.of("commitment.boards", label=self.label, max=MAX_BOARDS, boards=self.boards), field="boards"
            )

    def line(self) -> str:
        return f"session: {self.label} {self.boards}"


def _check_sessions(sessions: Sequence[SessionEntry]) -> tuple[SessionEntry, ...]:
    sessions = tuple(sessions)
    if not 1 <= len(sessions) <= MAX_SESSIONS:
        raise DealingError(Text.of("commitment.sessions", max=MAX_SESSIONS, count=len(sessions)), field="sessions")
    seen: set[str] = set()
    for entry in sessions:
        if not isinstance(entry, SessionEntry):
            raise DealingError("sessions must be SessionEntry values", field="sessions")
        if entry.label in seen:
            raise DealingError(Text.of("commitment.label_twice", label=entry.label), field="sessions")
        seen.add(entry.label)
    return sessions


@dataclass(frozen=True)
class _PublicPart:
    event: str
    promise: str
    dv_format: str
    salt: bytes
    sessions: tuple[SessionEntry, ...]
    dealer: str = DEALER
    format: str = FORMAT

    def _validate(self) -> None:
        if self.format != FORMAT:
            raise DealingError(Text.of("commitment.format", format=self.format, known=FORMAT), field="format")
        if self.dealer != DEALER:
            raise DealingError(Text.of("commitment.dealer", dealer=self.dealer, known=DEALER), field="dealer")
        _check_text("event", self.event, MAX_EVENT)
        _check_text("promise", self.promise, MAX_PROMISE)
        check_dv_format(self.dv_format)
        if not isinstance(self.salt, bytes) or len(self.salt) != SALT_BYTES:
            raise DealingError(f"the salt is {SALT_BYTES} bytes", field="salt")
        object.__setattr__(self, "sessions", _check_sessions(self.sessions))

    def public_lines(self) -> list[str]:
        return [
            f"format: {self.format}",
            f"dealer: {self.dealer}",
            f"event: {self.event}",
            f"promise: {self.promise}",
            f"dv-format: {self.dv_format}",
            f"salt: {self.salt.hex()}",
            f"sessions: {len(self.sessions)}",
            *(entry.line() for entry in self.sessions),
        ]

    def public_text(self) -> str:
        """The public part of the canonical record (what is published before the event)."""
        return "".join(line + "\n" for line in self.public_lines())

    def _public_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "dealer": self.dealer,
            "event": self.event,
            "promise": self.promise,
            "dv_format": self.dv_format,
            "salt": self.salt.hex(),
            "sessions": [{"label": s.label, "boards": s.boards} for s in self.sessions],
        }

    def session(self, label: str) -> SessionEntry:
        for entry in self.sessions:
            if entry.label == label:
                return entry
        raise DealingError(Text.of("commitment.no_session", label=label), field="label")


@dataclass(frozen=True)
class CommitmentRecord(_PublicPart):
    """The whole record, secret key included. ``repr`` never shows the key."""

    key: bytes = field(default=b"", repr=False)

    def __post_init__(self) -> None:
        self._validate()
        if not isinstance(self.key, bytes) or len(self.key) != KEY_BYTES:
            raise DealingError(f"the secret key is {KEY_BYTES} bytes (256 bits)", field="key")

    def canonical_bytes(self) -> bytes:
        """The exact bytes whose SHA-256 is the commitment hash."""
        return (self.public_text() + f"key: {self.key.hex()}\n").encode("utf-8")

    def commitment_hash(self) -> str:
        return hashlib.sha256(self.canonical_bytes()).hexdigest()

    def published(self) -> PublishedCommitment:
        """What to publish before the event: the public part and the hash."""
        return PublishedCommitment(
            event=self.event,
            promise=self.promise,
            dv_format=self.dv_format,
            salt=self.salt,
            sessions=self.sessions,
            dealer=self.dealer,
            format=self.format,
            commitment=self.commitment_hash(),
        )

    def __repr__(self) -> str:
        return (
            f"CommitmentRecord(event={self.event!r}, sessions={len(self.sessions)}, "
            f"commitment={self.commitment_hash()[:16]}…, key=<hidden>)"
        )


@dataclass(frozen=True)
class PublishedCommitment(_PublicPart):
    """The public part of a record and its commitment hash (no key)."""

    commitment: str = ""

    def __post_init__(self) -> None:
        self._validate()
        _hex("commitment", self.commitment, 32)

    def to_json(self) -> dict[str, object]:
        return {**self._public_json(), "commitment": self.commitment}

    def to_text(self) -> str:
        """The public part followed by ``commitment: <hash>`` (the notice-board form)."""
        return self.public_text() + f"commitment: {self.commitment}\n"

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PublishedCommitment:
        return cls(**_public_fields(data), commitment=_get(data, "commitment", str))

    def matches(self, record: CommitmentRecord) -> bool:
        """Does the record (with its key) hash to this commitment? (constant-time comparison)"""
        return self.public_text() == record.public_text() and hmac.compare_digest(
            self.commitment, record.commitment_hash()
        )


_Value = TypeVar("_Value")


def _get(data: object, name: str, kind: type[_Value]) -> _Value:
    if not isinstance(data, Mapping):
        raise DealingError(Text.of("commitment_json.object", kind=json_kind(data)))
    if name not in data:
        raise DealingError(Text.of("commitment_json.missing", name=name), field=name)
    value = data[name]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise DealingError(
            Text.of(
                "commitment_json.field",
                name=name,
                kind=json_kind(value),
                expected={str: "text", int: "whole", list: "list"}[kind],
            ),
            field=name,
        )
    return value


class _PublicFields(TypedDict):
    """The fields of :class:`_PublicPart`, read from JSON."""

    format: str
    dealer: str
    event: str
    promise: str
    dv_format: str
    salt: bytes
    sessions: tuple[SessionEntry, ...]


def _public_fields(data: Mapping[str, object]) -> _PublicFields:
    sessions = []
    for position, item in enumerate(_get(data, "sessions", list), start=1):
        if not isinstance(item, Mapping):
            raise DealingError(
                Text.of("commitment_json.session", position=position, kind=json_kind(item)), field="sessions"
            )
        sessions.append(SessionEntry(label=_get(item, "label", str), boards=_get(item, "boards", int)))
    return {
        "format": _get(data, "format", str),
        "dealer": _get(data, "dealer", str),
        "event": _get(data, "event", str),
        "promise": _get(data, "promise", str),
        "dv_format": _get(data, "dv_format", str),
        "salt": _hex("salt", _get(data, "salt", str), SALT_BYTES),
        "sessions": tuple(sessions),
    }


# --- Reveal ----------------------------------------------------------------------------


def dealing_key(key: bytes, commitment_hash: str, dv: str) -> bytes:
    """HMAC-SHA256(secret key, DEALING_KEY_TAG ‖ commitment hash bytes ‖ DV UTF-8): the dealer's key.

    >>> dealing_key(bytes(32), "00" * 32, "1").hex()[:16]
    '1026356a5c06c59a'
    """
    if not isinstance(key, bytes) or len(key) != KEY_BYTES:
        raise DealingError(f"the secret key is {KEY_BYTES} bytes (256 bits)", field="key")
    message = DEALING_KEY_TAG + _hex("commitment", commitment_hash, 32) + dv.encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).digest()


def session_deal_numbers(key: bytes, label: str, boards: int) -> list[int]:
    """Pavlicek numbers of boards 1 … ``boards``: deals 0 … boards−1 of dealer-v1 under (key, label)."""
    return generator.deal_numbers_reference(key, label, 0, boards)


@dataclass(frozen=True)
class RevealedCommitment:
    """A record and the delayed value: everything needed to recompute every deal."""

    record: CommitmentRecord
    dv: str

    def __post_init__(self) -> None:
        canonical = canonical_dv(self.record.dv_format, self.dv)
        if canonical != self.dv:
            raise DealingError(Text.of("dv.not_canonical", dv=self.dv, canonical=canonical), field="dv")

    @property
    def commitment(self) -> str:
        return self.record.commitment_hash()

    def dealing_key(self) -> bytes:
        return dealing_key(self.record.key, self.commitment, self.dv)

    def deal_numbers(self) -> dict[str, list[int]]:
        """For each session label, the Pavlicek numbers of its boards 1 … n."""
        key = self.dealing_key()
        return {s.label: session_deal_numbers(key, s.label, s.boards) for s in self.record.sessions}

    def to_json(self) -> dict[str, object]:
        return {
            **self.record._public_json(),
            "commitment": self.commitment,
            "dv": self.dv,
            "key": self.record.key.hex(),
            "dealing_key": self.dealing_key().hex(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> RevealedCommitment:
        record = CommitmentRecord(**_public_fields(data), key=_hex("key", _get(data, "key", str), KEY_BYTES))
        return cls(record=record, dv=_get(data, "dv", str))


# --- Audit -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One thing a verifier checked: its ``title`` and what it found (``said``) as data, for the
    Django layer to say in the reader's language; ``name`` and ``detail`` are their English."""

    title: Text
    passed: bool
    said: Text

    @property
    def name(self) -> str:
        return str(self.title)

    @property
    def detail(self) -> str:
        return str(self.said)


def _json_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _check(title: str, passed: bool, said: Text, **title_params: object) -> Check:
    return Check(Text.of(title, **title_params), passed, said)


def audit(
    published: PublishedCommitment,
    revealed: RevealedCommitment | None = None,
    played: Mapping[str, Sequence[int | None]] | None = None,
) -> list[Check]:
    """Check a commitment: what was published, what was revealed, and the deals played.

    ``played`` maps a session label to the Pavlicek numbers of its boards 1 … n as dealt
    (``None`` for a board not dealt); sessions missing from it are not compared.

    >>> record = CommitmentRecord(event="E", promise="P", dv_format="text", salt=bytes(16),
    ...                           sessions=(SessionEntry("s1", 1),), key=bytes(32))
    >>> revealed = RevealedCommitment(record, dv="7")
    >>> [c.passed for c in audit(record.published(), revealed, revealed.deal_numbers())]
    [True, True, True, True]
    """
    checks: list[Check] = []
    if revealed is None:
        checks.append(_check("audit.revealed", False, Text.of("audit.not_revealed")))
        return checks
    record = revealed.record
    differences = [
        name
        for name, mine, theirs in (
            ("format", published.format, record.format),
            ("dealer", published.dealer, record.dealer),
            ("event", published.event, record.event),
            ("promise", published.promise, record.promise),
            ("dv-format", published.dv_format, record.dv_format),
            ("salt", published.salt, record.salt),
            ("sessions", published.sessions, record.sessions),
        )
        if mine != theirs
    ]
    checks.append(
        _check(
            "audit.record_unchanged",
            not differences,
            Text.of("audit.record_differs", fields=differences) if differences else Text.of("audit.record_same"),
        )
    )
    computed = record.commitment_hash()
    same = hmac.compare_digest(computed, published.commitment)
    checks.append(
        _check(
            "audit.hash",
            same,
            Text.of("audit.hash_same", computed=computed)
            if same
            else Text.of("audit.hash_differs", computed=computed, published=published.commitment),
        )
    )
    checks.append(
        _check(
            "audit.dv",
            True,
            Text.of(
                "audit.dv_canonical",
                dv=_json_text(revealed.dv),
                format=record.dv_format,
                description=dv_format_text(record.dv_format),
            ),
        )
    )
    expected = revealed.deal_numbers()
    if played is None:
        checks.append(
            _check(
                "audit.deals",
                True,
                Text.of("audit.recomputed", deals=sum(map(len, expected.values())), sessions=len(expected)),
            )
        )
        return checks
    for label, numbers in expected.items():
        if label not in played:
            continue
        actual = list(played[label])
        problems = []
        if len(actual) != len(numbers):
            problems.append(Text.of("audit.board_count", played=len(actual), committed=len(numbers)))
        for board, (want, got) in enumerate(zip(numbers, actual), start=1):
            if got is None:
                problems.append(Text.of("audit.not_dealt", board=board))
            elif got != want:
                problems.append(
                    Text.of(
                        "audit.board_differs",
                        board=board,
                        played=number_to_deal(got).to_pbn(),
                        committed=number_to_deal(want).to_pbn(),
                    )
                )
        checks.append(
            _check(
                "audit.deals_of",
                not problems,
                Text.of("audit.problems", problems=problems[:5], more=len(problems) - 5)
                if problems
                else Text.of("audit.boards_match", boards=len(numbers)),
                label=label,
            )
        )
    return checks


def deal_numbers_from_pbn_deals(deals: Iterable[str]) -> list[int]:
    """Pavlicek numbers of PBN deal strings (a helper for comparing hand records)."""
    return [deal_to_number(Deal.from_pbn(text)) for text in deals]
