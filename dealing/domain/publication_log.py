"""The publication log: every public act on a club's commitments, in a hash chain.

Implements ``docs/commitments.md`` §9 (format ``bridge-publication-log-v1``). Each club keeps
one log. Every public act on one of its commitments — publication, the delayed value (DV)
entered or corrected, a session dealt from it, a dealing-machine file downloaded, the reveal
— appends an entry holding the SHA-256 of the entry before it, so changing, removing or
inserting an entry changes every hash after it; a player who noted the head (the last
entry's position and hash) before the event can tell whether history was rewritten since.

An entry's canonical form is UTF-8 text, one ``name: value`` line each, every line ending
in LF, in this order::

    log: bridge-publication-log-v1
    position: <1, 2, … : the entry's place in the club's log>
    previous: <64 lowercase hex: the hash of the entry before; 64 zeros for entry 1>
    time: <UTC, always YYYY-MM-DDTHH:MM:SS.ffffffZ>
    act: published | dv-entered | dv-corrected | session-dealt | deal-file-downloaded | revealed
    commitment: <64 lowercase hex: the commitment hash>
    <name>: <value>           (the act's data, one line per item, names in ascending byte order)

**entry hash** = SHA-256 of those bytes, in lowercase hex. Data names are ``[a-z0-9-]+``;
values are canonical text (NFC, no control characters, trimmed, single spaces, not empty).
The data of each act (:data:`ACT_DATA`):

* ``published`` — the commitment's public part: ``format``, ``dealer``, ``event``,
  ``promise``, ``dv-format``, ``salt``, ``sessions`` (a count) and ``session-1`` …
  ``session-N`` (``<label> <boards>``), so the public part can be rebuilt from the entry;
* ``dv-entered`` — ``dv``; ``dv-corrected`` — ``dv`` and ``previous-dv``;
* ``session-dealt`` — ``session`` (its label) and ``boards``;
* ``deal-file-downloaded`` — ``session``, ``boards``, ``file-format`` (pbn, dup, dlm),
  ``sha256`` (of the file) and ``session-status`` (the session's state then);
* ``revealed`` — ``dv`` and ``key`` (the secret key, public from then on).

What it offers:

* :data:`FORMAT`, :data:`GENESIS`, :data:`ACTS`, :data:`ACT_DATA`; :func:`time_text`;
* :class:`LogEntry` (``canonical_text``, ``computed_hash``, ``to_json``/``from_json``),
  :func:`entries_from_json` (a downloaded log's entries read back; an entry that is not one is refused,
  naming its place) and :func:`next_entry`, which makes the entry that follows a head;
* the data of each act: :func:`published_data`, :func:`dv_data`, :func:`session_dealt_data`,
  :func:`download_data`, :func:`revealed_data`;
* the checker: :func:`check_chain` (positions, hashes, links, times; optionally a head noted
  earlier) and :func:`check_acts` (a commitment's acts in a possible order: published first,
  the DV before any dealing and final once a session is dealt, downloads after their
  session was dealt, the reveal last and its key giving the commitment hash). Each problem
  is a ``Text`` naming the entry.

>>> import datetime
>>> when = datetime.datetime(2026, 11, 20, 21, 5, tzinfo=datetime.timezone.utc)
>>> first = next_entry(None, time=time_text(when), act="dv-entered", commitment="ab" * 32, data={"dv": "43275.91"})
>>> print(first.canonical_text(), end="")
log: bridge-publication-log-v1
position: 1
previous: 0000000000000000000000000000000000000000000000000000000000000000
time: 2026-11-20T21:05:00.000000Z
act: dv-entered
commitment: abababababababababababababababababababababababababababababababab
dv: 43275.91
>>> first.hash
'179ce52754cddb43fd2d928c9a390b4ba0f72d373032eb30cbd305bfd18373d1'
>>> second = next_entry(first, time=time_text(when), act="dv-corrected", commitment="ab" * 32,
...                     data={"dv": "43275.19", "previous-dv": "43275.91"})
>>> second.position, second.previous == first.hash, check_chain([first, second])
(2, True, [])
>>> [str(p) for p in check_chain([second])][0]    # entry 1 removed
'the entry at place 1 has position 2: an entry before it is missing'
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from bridge.errors import BridgeError
from dealing.domain.commitment import PublishedCommitment, canonical_dv, normalise_text
from dealing.domain.errors import DealingError
from dealing.domain.text import Text, json_kind

__all__ = [
    "FORMAT",
    "GENESIS",
    "ACTS",
    "ACT_DATA",
    "LogEntry",
    "entries_from_json",
    "time_text",
    "next_entry",
    "published_data",
    "dv_data",
    "session_dealt_data",
    "download_data",
    "revealed_data",
    "check_chain",
    "check_acts",
]

FORMAT = "bridge-publication-log-v1"
GENESIS = "0" * 64  # the "previous" of entry 1

PUBLISHED, DV_ENTERED, DV_CORRECTED = "published", "dv-entered", "dv-corrected"
SESSION_DEALT, DOWNLOADED, REVEALED = "session-dealt", "deal-file-downloaded", "revealed"
ACTS = (PUBLISHED, DV_ENTERED, DV_CORRECTED, SESSION_DEALT, DOWNLOADED, REVEALED)

#: The data names of each act (``published`` has ``session-1`` … ``session-N`` besides these).
ACT_DATA: dict[str, tuple[str, ...]] = {
    PUBLISHED: ("dealer", "dv-format", "event", "format", "promise", "salt", "sessions"),
    DV_ENTERED: ("dv",),
    DV_CORRECTED: ("dv", "previous-dv"),
    SESSION_DEALT: ("boards", "session"),
    DOWNLOADED: ("boards", "file-format", "session", "session-status", "sha256"),
    REVEALED: ("dv", "key"),
}

_HEX64 = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[a-z0-9-]+")
_COUNT = re.compile(r"[0-9]{1,3}")  # a count of sessions or boards in an entry's data (an edited one may hold "²")
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z")


def time_text(moment: datetime.datetime) -> str:
    """An aware datetime as the log writes it: UTC, microseconds, ``Z``.

    >>> time_text(datetime.datetime(2026, 11, 24, 19, 3, 12, 5, tzinfo=datetime.timezone(datetime.timedelta(hours=1))))
    '2026-11-24T18:03:12.000005Z'
    """
    if moment.tzinfo is None:
        raise DealingError("a log entry's time must say its time zone")
    return moment.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _session_names(count: int) -> tuple[str, ...]:
    return tuple(f"session-{n}" for n in range(1, count + 1))


def expected_names(act: str, data: Mapping[str, str]) -> tuple[str, ...]:
    """The data names an entry of ``act`` must have (sorted), given its data (for ``published``'s sessions)."""
    names = ACT_DATA.get(act, ())
    if act == PUBLISHED:
        count = data.get("sessions", "")
        names += _session_names(int(count)) if _COUNT.fullmatch(count) and 1 <= int(count) <= 100 else ()
    return tuple(sorted(names))


@dataclass(frozen=True)
class LogEntry:
    """One entry: what was done (``act``, ``data``) to which commitment, when, after which entry.

    ``hash`` is the hash recorded with the entry (what later entries link to); for an entry
    made by :func:`next_entry` it is :meth:`computed_hash`, for one read back from storage it
    may differ if the entry was changed since — :func:`check_chain` says so.
    """

    position: int
    previous: str
    time: str
    act: str
    commitment: str
    data: tuple[tuple[str, str], ...] = field(default=())
    hash: str = ""

    def canonical_text(self) -> str:
        lines = [
            f"log: {FORMAT}",
            f"position: {self.position}",
            f"previous: {self.previous}",
            f"time: {self.time}",
            f"act: {self.act}",
            f"commitment: {self.commitment}",
        ]
        lines += [f"{name}: {value}" for name, value in sorted(self.data)]
        return "".join(line + "\n" for line in lines)

    def computed_hash(self) -> str:
        """SHA-256 of the canonical text in UTF-8. An entry read back from an edited log may hold half of a
        character (JSON's ``"\\ud800"``), which UTF-8 cannot write: its bytes are then written as they stand
        (``surrogatepass``), no real entry hashes to them, and :func:`check_chain` reports the entry as changed."""
        return hashlib.sha256(self.canonical_text().encode("utf-8", "surrogatepass")).hexdigest()

    @property
    def values(self) -> dict[str, str]:
        return dict(self.data)

    def to_json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "previous": self.previous,
            "time": self.time,
            "act": self.act,
            "commitment": self.commitment,
            "data": dict(sorted(self.data)),
            "hash": self.hash,
        }

    @classmethod
    def from_json(cls, item: object, place: int) -> LogEntry:
        """The entry at ``place`` (1, 2, …) of a log's JSON ``entries`` (:meth:`to_json`'s shape), as read back.

        An entry edited into something else — not an object, a field missing or of another JSON type, data
        that are not texts — is refused with a :class:`DealingError` naming the entry's place. Its values are
        not checked further: :func:`check_chain` and :func:`check_acts` say what is wrong with them.
        """
        if not isinstance(item, Mapping):
            raise DealingError(Text.of("log_json.entry", place=place, kind=json_kind(item)), field="entries")
        position = _entry_field(item, "position", int, place)
        previous, time, act, commitment, hash_ = [
            _entry_field(item, name, str, place) for name in ("previous", "time", "act", "commitment", "hash")
        ]
        data = item.get("data")
        data = {} if data is None else data  # an entry without data reads as one with none (check_acts says so)
        if not isinstance(data, Mapping) or not all(isinstance(v, str) for v in data.values()):
            raise DealingError(Text.of("log_json.data", place=place), field="data")
        return cls(position, previous, time, act, commitment, data=tuple(sorted(data.items())), hash=hash_)


_Field = TypeVar("_Field", int, str)


def _entry_field(item: Mapping[str, object], name: str, kind: type[_Field], place: int) -> _Field:
    if name not in item:
        raise DealingError(Text.of("log_json.missing", place=place, name=name), field=name)
    value = item[name]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise DealingError(
            Text.of(
                "log_json.field",
                place=place,
                name=name,
                kind=json_kind(value),
                expected="whole" if kind is int else "text",
            ),
            field=name,
        )
    return value


def entries_from_json(items: object) -> list[LogEntry]:
    """A log's ``entries`` as its JSON gives them (``GET /api/v1/clubs/<club>/publication-log/``), read back for
    :func:`check_chain` and :func:`check_acts`; anything but a list of entries is refused naming the entry.

    >>> entries_from_json([{"position": 1}])
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: the entry at place 1 has no previous
    >>> entries_from_json([None])
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: the entry at place 1 is null, not a JSON object
    """
    if not isinstance(items, list):
        raise DealingError(Text.of("log_json.entries", kind=json_kind(items)), field="entries")
    return [LogEntry.from_json(item, place) for place, item in enumerate(items, start=1)]


def _check_entry(entry: LogEntry) -> None:
    """Refuse an entry that the canonical form cannot write unambiguously (a programming error)."""
    problems = []
    if entry.act not in ACTS:
        problems.append(f"unknown act {entry.act!r}")
    if not _HEX64.fullmatch(entry.previous) or not _HEX64.fullmatch(entry.commitment):
        problems.append("previous and commitment are 64 lowercase hex digits")
    if not _TIME.fullmatch(entry.time):
        problems.append(f"time {entry.time!r} is not YYYY-MM-DDTHH:MM:SS.ffffffZ")
    values = entry.values
    if len(values) != len(entry.data):
        problems.append("a data name appears twice")
    if tuple(sorted(values)) != expected_names(entry.act, values):
        problems.append(
            f"{entry.act} has the data {', '.join(expected_names(entry.act, values))}, not {', '.join(sorted(values))}"
        )
    for name, value in entry.data:
        if not _NAME.fullmatch(name) or not isinstance(value, str) or not value or normalise_text(value) != value:
            problems.append(f"{name}: {value!r} is not canonical text")
    if problems:
        raise DealingError(f"log entry {entry.position}: " + "; ".join(problems))


def next_entry(head: LogEntry | None, *, time: str, act: str, commitment: str, data: Mapping[str, str]) -> LogEntry:
    """The entry that follows ``head`` (None: the first of a log), with its hash."""
    entry = LogEntry(
        position=1 if head is None else head.position + 1,
        previous=GENESIS if head is None else head.hash,
        time=time,
        act=act,
        commitment=commitment,
        data=tuple(sorted(data.items())),
    )
    _check_entry(entry)
    return replace(entry, hash=entry.computed_hash())


# --- The data of each act --------------------------------------------------------------


def published_data(published: PublishedCommitment) -> dict[str, str]:
    """A published commitment's public part as the ``published`` entry holds it."""
    data = {
        "format": published.format,
        "dealer": published.dealer,
        "event": published.event,
        "promise": published.promise,
        "dv-format": published.dv_format,
        "salt": published.salt.hex(),
        "sessions": str(len(published.sessions)),
    }
    for name, session in zip(_session_names(len(published.sessions)), published.sessions):
        data[name] = f"{session.label} {session.boards}"
    return data


def public_text_of(data: Mapping[str, str]) -> str:
    """The commitment's public part (``docs/commitments.md`` §1.1) rebuilt from a ``published`` entry."""
    lines = [
        f"format: {data['format']}",
        f"dealer: {data['dealer']}",
        f"event: {data['event']}",
        f"promise: {data['promise']}",
        f"dv-format: {data['dv-format']}",
        f"salt: {data['salt']}",
        f"sessions: {data['sessions']}",
    ]
    lines += [f"session: {data[name]}" for name in _session_names(int(data["sessions"]))]
    return "".join(line + "\n" for line in lines)


def dv_data(dv: str, previous: str = "") -> dict[str, str]:
    """``dv-entered`` (no previous value) or ``dv-corrected`` data."""
    return {"dv": dv, "previous-dv": previous} if previous else {"dv": dv}


def session_dealt_data(label: str, boards: int) -> dict[str, str]:
    return {"session": label, "boards": str(boards)}


def download_data(label: str, boards: int, file_format: str, sha256: str, session_status: str) -> dict[str, str]:
    return {
        "session": label,
        "boards": str(boards),
        "file-format": file_format,
        "sha256": sha256,
        "session-status": session_status,
    }


def revealed_data(key_hex: str, dv: str) -> dict[str, str]:
    return {"key": key_hex, "dv": dv}


# --- The checker -----------------------------------------------------------------------


def _same(computed: str, stored: str) -> bool:
    """A hash computed against one stored, in constant time; a stored one edited to hold any character (which
    ``hmac.compare_digest`` refuses to compare as text) simply differs."""
    return hmac.compare_digest(computed.encode(), str(stored).encode("utf-8", "surrogatepass"))


def check_chain(entries: Sequence[LogEntry], head: tuple[int, str] | None = None) -> list[Text]:
    """Problems of a club's whole log, in order (empty: the chain holds).

    Each entry must sit at its position (1, 2, …), hash to the hash recorded with it, name
    the previous entry's hash (entry 1: :data:`GENESIS`) and be dated no earlier than it.
    ``head`` = (position, hash) noted earlier: the log must still hold that entry.
    """
    problems: list[Text] = []
    before: LogEntry | None = None
    for place, entry in enumerate(entries, start=1):
        if entry.position != place:
            problems.append(Text.of("log.position", place=place, position=entry.position))
        computed = entry.computed_hash()
        if not _same(computed, entry.hash):
            problems.append(
                Text.of("log.changed", position=entry.position, act=entry.act, computed=computed, recorded=entry.hash)
            )
        if before is None:
            if entry.previous != GENESIS:
                problems.append(Text.of("log.genesis", position=entry.position, previous=entry.previous))
        else:
            if entry.previous != before.hash:
                problems.append(
                    Text.of(
                        "log.previous",
                        position=entry.position,
                        before=before.position,
                        previous=entry.previous,
                        expected=before.hash,
                    )
                )
            if entry.time < before.time:
                problems.append(
                    Text.of(
                        "log.time",
                        position=entry.position,
                        time=entry.time,
                        before=before.position,
                        before_time=before.time,
                    )
                )
        before = entry
    if head is not None:
        position, noted = head
        found = next((e for e in entries if e.position == position), None)
        if found is None:
            problems.append(Text.of("log.head_missing", position=position, noted=noted))
        elif found.hash != noted:
            problems.append(Text.of("log.head_differs", position=position, hash=found.hash, noted=noted))
    return problems


@dataclass
class _Life:
    """What the log has said so far about one commitment."""

    sessions: dict[str, int]
    public_text: str
    dv_format: str
    dv: str | None = None
    dealt: set[str] = field(default_factory=set)
    revealed: bool = False


def _life_of(data: Mapping[str, str]) -> _Life:
    sessions = {}
    for name in _session_names(int(data["sessions"])):
        label, _, boards = data[name].rpartition(" ")
        sessions[label] = int(boards) if _COUNT.fullmatch(boards) else -1
    return _Life(sessions=sessions, public_text=public_text_of(data), dv_format=data["dv-format"])


def check_acts(entries: Iterable[LogEntry], commitment: str | None = None) -> list[Text]:
    """Problems in the order of each commitment's acts (only ``commitment``'s when given).

    A possible life: ``published`` first and once; ``dv-entered`` once, after it; any
    ``dv-corrected`` (naming the DV it replaces) before the first ``session-dealt``; each
    ``session-dealt`` after the DV, for a session of the commitment with its committed board
    count; a ``deal-file-downloaded`` after its session was dealt; ``revealed`` after the DV,
    with that DV and a key that gives the commitment hash, and after it nothing but
    downloads (the deals are public by then).
    """
    problems: list[Text] = []
    lives: dict[str, _Life] = {}
    for entry in entries:
        if commitment is not None and entry.commitment != commitment:
            continue
        at, act, values = entry.position, entry.act, entry.values
        if tuple(sorted(values)) != expected_names(act, values) or act not in ACTS:
            problems.append(Text.of("acts.data", position=at, act=act, names=tuple(sorted(values))))
            continue
        if act == PUBLISHED and not (_COUNT.fullmatch(values["sessions"]) and 1 <= int(values["sessions"]) <= 100):
            problems.append(Text.of("acts.data", position=at, act=act, names=tuple(sorted(values))))
            continue
        life = lives.get(entry.commitment)
        if act == PUBLISHED:
            if life is not None:
                problems.append(Text.of("acts.published_twice", position=at))
            else:
                lives[entry.commitment] = _life_of(values)
            continue
        if life is None:
            problems.append(Text.of("acts.before_published", position=at, act=act))
            continue
        if life.revealed and act != DOWNLOADED:
            problems.append(Text.of("acts.after_reveal", position=at, act=act))
        if act in (DV_ENTERED, DV_CORRECTED):
            problems += _dv_problems(entry, life)
            life.dv = values["dv"]
        elif life.dv is None:
            problems.append(Text.of("acts.no_dv", position=at, act=act))
        if act in (SESSION_DEALT, DOWNLOADED):
            label, boards = values["session"], values["boards"]
            if label not in life.sessions:
                problems.append(Text.of("acts.unknown_session", position=at, act=act, label=label))
            elif act == SESSION_DEALT and str(life.sessions[label]) != boards:
                problems.append(
                    Text.of("acts.boards", position=at, label=label, boards=boards, committed=life.sessions[label])
                )
            elif act == DOWNLOADED and label not in life.dealt:
                problems.append(Text.of("acts.download_before_dealt", position=at, label=label))
            if act == SESSION_DEALT:
                life.dealt.add(label)
        if act == REVEALED:
            if life.dv is not None and values["dv"] != life.dv:
                problems.append(Text.of("acts.revealed_dv", position=at, dv=values["dv"], entered=life.dv))
            key_line = f"key: {values['key']}\n"
            computed = hashlib.sha256((life.public_text + key_line).encode("utf-8")).hexdigest()
            if not _same(computed, entry.commitment):
                problems.append(Text.of("acts.key", position=at, computed=computed))
            life.revealed = True
    return problems


def _dv_problems(entry: LogEntry, life: _Life) -> list[Text]:
    at, values = entry.position, entry.values
    problems = []
    if entry.act == DV_ENTERED and life.dv is not None:
        problems.append(Text.of("acts.dv_again", position=at))
    if entry.act == DV_CORRECTED:
        if life.dv is None:
            problems.append(Text.of("acts.no_dv", position=at, act=entry.act))
        elif values["previous-dv"] != life.dv:
            problems.append(Text.of("acts.previous_dv", position=at, previous=values["previous-dv"], entered=life.dv))
    if life.dealt:
        problems.append(Text.of("acts.dv_after_dealing", position=at))
    try:
        canonical = canonical_dv(life.dv_format, values["dv"])
    except BridgeError:
        canonical = None
    if canonical != values["dv"]:
        problems.append(Text.of("acts.dv_format", position=at, dv=values["dv"], format=life.dv_format))
    return problems
