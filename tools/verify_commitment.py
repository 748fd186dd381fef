#!/usr/bin/env python3
"""Check a bridge dealing commitment (format bridge-commitment-v1) without trusting the site.

Standalone: Python 3.9+ standard library only, one file, no import of the club site's code.
It re-implements, from the written specification (docs/commitments.md and docs/dealing.md),
the commitment record, the dealing-key derivation, our dealer "dealer-v1" (SHAKE-256 in
counter mode with rejection below D) and Pavlicek's number-to-deal mapping.

Usage:
    python3 verify_commitment.py published.json [revealed.json] [--deals [LABEL=]hands.pbn ...]
                                 [--log publication-log.json [--head POSITION:HASH]]

* published.json — the record the organiser published before the event (no key), with its
  SHA-256 "commitment". Keep your own copy from before the event.
* revealed.json — the same record after the event, with the delayed value "dv" and the
  secret "key".
* --deals — a PBN hand record to compare board by board (Board and Deal tags). Name the
  session with LABEL= when the commitment covers more than one session.
* --log — the club's publication log (bridge-publication-log-v1, docs/commitments.md §9) as
  downloaded: every entry's hash and link to the one before, and the commitment's acts in a
  possible order (published first, the delayed value before any dealing and unchanged after
  it, downloads after their session was dealt, the reveal last with the revealed key and DV).
  --head POSITION:HASH — the head you noted earlier: the log must still hold that entry.
  Without revealed.json, the published record and the log are checked (before the reveal).

It prints every check it makes and exits 0 when all pass, 1 when a check fails (the message
says which field, session or board), 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
import unicodedata

FORMAT = "bridge-commitment-v1"
DEALER = "dealer-v1"
TAG_BLOCK = b"dealer-v1-block\x00"
TAG_EXTRA = b"dealer-v1-extra\x00"
DEALING_KEY_TAG = b"bridge-commitment-v1 dealing key\x00"
DEALS_PER_BLOCK = 1024


def _factorial(n):
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


D = _factorial(52) // _factorial(13) ** 4  # 53,644,737,765,488,792,839,237,440,000


class Failed(Exception):
    """A check failed; the message says what and where."""


class BadInput(Exception):
    """A file could not be read as what it should be."""


# --- Reading the commitment -------------------------------------------------------------


def canonical_text_ok(value):
    """NFC, no control characters, trimmed, single spaces, not empty."""
    if not isinstance(value, str) or not value:
        return False
    if unicodedata.normalize("NFC", value) != value:
        return False
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") or (ch.isspace() and ch != " ") for ch in value):
        return False
    return value == value.strip() and "  " not in value


LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}\Z")


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise BadInput(f"cannot read the {what} file {path}: {exc.strerror}") from None
    except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, a number of thousands of digits, nested deep
        raise BadInput(f"the {what} file {path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput(f"the {what} file {path} must hold a JSON object")
    try:  # JSON may escape half of a character ("\\ud800"), which is no text and has no UTF-8 to hash
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput(
            f"the {what} file {path} holds an escape of half a character (\\ud800 to \\udfff alone), which is not text"
        ) from None
    except RecursionError:
        raise BadInput(f"the {what} file {path} is nested too deep") from None
    return data


def field_of(data, name, kind, where):
    if name not in data:
        raise Failed(f"{where}: the field {name!r} is missing")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise Failed(f"{where}: the field {name!r} must be a {kind.__name__}")
    return value


def hex_field(data, name, nbytes, where):
    value = field_of(data, name, str, where)
    if not re.fullmatch(rf"[0-9a-f]{{{2 * nbytes}}}", value):
        raise Failed(f"{where}: {name!r} must be {2 * nbytes} lowercase hex digits, not {value!r}")
    return value


def dv_format_ok(fmt):
    return fmt == "text" or re.fullmatch(r"decimal:[0-8]", fmt) is not None


def public_lines(data, where):
    """Check the public fields of a record and return its canonical lines (without the key)."""
    fmt = field_of(data, "format", str, where)
    if fmt != FORMAT:
        raise Failed(f"{where}: format {fmt!r} is not {FORMAT}, the only one this verifier reads")
    dealer = field_of(data, "dealer", str, where)
    if dealer != DEALER:
        raise Failed(f"{where}: dealer {dealer!r} is not {DEALER}, the only dealer this verifier implements")
    lines = [f"format: {fmt}", f"dealer: {dealer}"]
    for name, limit in (("event", 200), ("promise", 500)):
        value = field_of(data, name, str, where)
        if not canonical_text_ok(value) or len(value) > limit:
            raise Failed(
                f"{where}: the {name} {value!r} is not canonical text (NFC, single spaces, no control "
                f"characters, at most {limit} characters)"
            )
        lines.append(f"{name}: {value}")
    dv_format = field_of(data, "dv_format", str, where)
    if not dv_format_ok(dv_format):
        raise Failed(f"{where}: unknown dv_format {dv_format!r} (decimal:0 … decimal:8 or text)")
    lines.append(f"dv-format: {dv_format}")
    lines.append(f"salt: {hex_field(data, 'salt', 16, where)}")
    sessions = field_of(data, "sessions", list, where)
    if not 1 <= len(sessions) <= 100:
        raise Failed(f"{where}: a commitment has 1 … 100 sessions, not {len(sessions)}")
    lines.append(f"sessions: {len(sessions)}")
    labels = set()
    for position, item in enumerate(sessions, start=1):
        here = f"{where}, session {position}"
        if not isinstance(item, dict):
            raise Failed(f"{here}: must be an object with label and boards")
        label = field_of(item, "label", str, here)
        boards = field_of(item, "boards", int, here)
        if not LABEL.match(label):
            raise Failed(f"{here}: label {label!r} is not 1–100 of letters, digits and . _ / : -")
        if label in labels:
            raise Failed(f"{here}: label {label!r} appears twice")
        if not 1 <= boards <= 999:
            raise Failed(f"{here}: boards must be 1 … 999, not {boards}")
        labels.add(label)
        lines.append(f"session: {label} {boards}")
    return lines


def dv_ok(fmt, dv):
    """Is ``dv`` a canonical value of the promised format?"""
    if fmt == "text":
        return canonical_text_ok(dv) and len(dv) <= 200
    decimals = int(fmt.split(":")[1])
    pattern = r"-?(0|[1-9][0-9]*)" + (rf"\.[0-9]{{{decimals}}}" if decimals else "")
    if not re.fullmatch(pattern, dv):
        return False
    return not (dv.startswith("-") and set(dv[1:]) <= set("0."))  # no minus zero


# --- The dealer (dealer-v1, reference path) and Pavlicek's mapping ----------------------


def deal_number(key, label, index):
    """dealer-v1: the Pavlicek number of deal ``index`` of the set (key, label)."""
    label_bytes = label.encode("utf-8")
    prefix = key + len(label_bytes).to_bytes(4, "big") + label_bytes
    block, slot = index // DEALS_PER_BLOCK, index % DEALS_PER_BLOCK
    stream = hashlib.shake_256(TAG_BLOCK + prefix + block.to_bytes(8, "big")).digest(36 * (slot + 1))
    for k in range(3):
        start = 36 * slot + 12 * k
        candidate = int.from_bytes(stream[start : start + 12], "big")
        if candidate < D:
            return candidate
    extra = hashlib.shake_256(TAG_EXTRA + prefix + index.to_bytes(8, "big"))
    length = 12 * 64
    position = 0
    while True:
        data = extra.digest(length)  # SHAKE output is one stream: a longer read extends a shorter one
        while position + 12 <= len(data):
            candidate = int.from_bytes(data[position : position + 12], "big")
            position += 12
            if candidate < D:
                return candidate
        length *= 2


SUITS = "SHDC"
RANKS = "AKQJT98765432"


def pavlicek_deal(number):
    """Pavlicek's mapping: number → {seat letter: {suit letter: ranks}}.

    Cards are taken in his order (S A, H A, D A, C A, S K, … C 2); at each card the space
    K of deals still possible is split among N, E, S, W in proportion to their vacant slots.
    """
    if not 0 <= number < D:
        raise Failed(f"deal number {number} is outside 0 … D − 1")
    hands = {seat: dict.fromkeys(SUITS, "") for seat in "NESW"}
    vacant = dict.fromkeys("NESW", 13)
    space = D
    rest = number
    cards_left = 52
    for rank in RANKS:
        for suit in SUITS:
            for seat in "NESW":
                share = space * vacant[seat] // cards_left
                if rest < share:
                    break
                rest -= share
            hands[seat][suit] += rank
            vacant[seat] -= 1
            space = share
            cards_left -= 1
    return hands


def deal_to_pbn(number):
    hands = pavlicek_deal(number)
    return "N:" + " ".join(".".join(hands[seat][suit] for suit in SUITS) for seat in "NESW")


def normalised_pbn_deal(text, where):
    """A PBN Deal value (any first seat) rewritten as N:… with each suit's ranks in order."""
    text = text.strip()
    first = "N"
    if len(text) > 1 and text[1] == ":":
        first, text = text[0].upper(), text[2:]
    if first not in "NESW":
        raise BadInput(f"{where}: {first!r} is not a seat")
    parts = text.split()
    if len(parts) != 4:
        raise BadInput(f"{where}: a Deal has four hands, not {len(parts)}")
    order = "NESW"[("NESW".index(first)) :] + "NESW"[: ("NESW".index(first))]
    hands = {}
    seen = set()
    for seat, part in zip(order, parts):
        suits = part.upper().replace("10", "T").split(".")
        if len(suits) != 4:
            raise BadInput(f"{where}: {seat}'s hand {part!r} does not have four suits")
        for suit, ranks in zip(SUITS, suits):
            for rank in ranks:
                if rank not in RANKS or (suit, rank) in seen:
                    raise BadInput(f"{where}: {seat}'s hand {part!r} has a bad or repeated card {suit}{rank}")
                seen.add((suit, rank))
        if sum(len(s) for s in suits) != 13:
            raise BadInput(f"{where}: {seat}'s hand {part!r} does not have 13 cards")
        hands[seat] = ".".join("".join(r for r in RANKS if r in ranks) for ranks in suits)
    return "N:" + " ".join(hands[seat] for seat in "NESW")


def read_pbn(path):
    """Board number → normalised deal, from the Board and Deal tags of a PBN file."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        raise BadInput(f"cannot read the hand record {path}: {exc.strerror}") from None
    tag = re.compile(r'^\s*\[(\w+)\s+"(.*)"\s*\]\s*$')
    deals = {}
    board = None
    for number, line in enumerate(lines, start=1):
        match = tag.match(line)
        if not match:
            continue
        name, value = match.group(1), match.group(2)
        if name == "Board":
            if not re.fullmatch(r"[0-9]{1,9}", value.strip()):
                raise BadInput(f"{path} line {number}: Board {value!r} is not a number")
            board = int(value.strip())  # (str.strip() takes more than int() does: "4\x1d")
        elif name == "Deal":
            if board is None:
                raise BadInput(f"{path} line {number}: a Deal before any Board tag")
            if board in deals:
                raise BadInput(f"{path} line {number}: board {board} appears twice")
            deals[board] = normalised_pbn_deal(value, f"{path} line {number}")
    if not deals:
        raise BadInput(f"{path}: no Board and Deal tags found")
    return deals


# --- The publication log (bridge-publication-log-v1) ------------------------------------

LOG_FORMAT = "bridge-publication-log-v1"
GENESIS = "0" * 64
LOG_ACTS = {
    "published": ("dealer", "dv-format", "event", "format", "promise", "salt", "sessions"),
    "dv-entered": ("dv",),
    "dv-corrected": ("dv", "previous-dv"),
    "session-dealt": ("boards", "session"),
    "deal-file-downloaded": ("boards", "file-format", "session", "session-status", "sha256"),
    "revealed": ("dv", "key"),
}
LOG_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z\Z")
HEX64 = re.compile(r"[0-9a-f]{64}\Z")


def log_entry_text(entry):
    """The canonical form of a log entry: fixed lines, then the data sorted by name (byte order)."""
    lines = [
        f"log: {LOG_FORMAT}",
        f"position: {entry['position']}",
        f"previous: {entry['previous']}",
        f"time: {entry['time']}",
        f"act: {entry['act']}",
        f"commitment: {entry['commitment']}",
    ]
    lines += [f"{name}: {entry['data'][name]}" for name in sorted(entry["data"], key=lambda n: n.encode("utf-8"))]
    return "".join(line + "\n" for line in lines)


def log_entries(log, where):
    if field_of(log, "format", str, where) != LOG_FORMAT:
        raise Failed(f"{where}: format {log['format']!r} is not {LOG_FORMAT}")
    entries = field_of(log, "entries", list, where)
    for place, entry in enumerate(entries, start=1):
        here = f"{where}, entry at place {place}"
        if not isinstance(entry, dict):
            raise Failed(f"{here}: must be an object")
        field_of(entry, "position", int, here)
        for name in ("previous", "time", "act", "commitment", "hash"):
            field_of(entry, name, str, here)
        data = field_of(entry, "data", dict, here)
        if not all(isinstance(v, str) for v in data.values()):
            raise Failed(f"{here}: every data value is text")
    return entries


def check_log_chain(entries, head, say):
    """Positions 1, 2, …; each hash recomputed; each entry names the one before; times never go back."""
    before = None
    for place, entry in enumerate(entries, start=1):
        at = entry["position"]
        if at != place:
            raise Failed(
                f"publication log: the entry at place {place} has position {at}: "
                + ("an entry before it is missing" if at > place else "an entry is repeated or out of place")
            )
        if not LOG_TIME.match(entry["time"]):
            raise Failed(f"publication log entry {at}: time {entry['time']!r} is not YYYY-MM-DDTHH:MM:SS.ffffffZ")
        computed = hashlib.sha256(log_entry_text(entry).encode("utf-8")).hexdigest()
        if not hmac.compare_digest(computed.encode(), entry["hash"].encode("utf-8", "surrogatepass")):
            raise Failed(
                f"publication log entry {at} ({entry['act']}) was changed after it was written: it hashes "
                f"to {computed}, not to the recorded {entry['hash']}"
            )
        expected = GENESIS if before is None else before["hash"]
        if entry["previous"] != expected:
            raise Failed(
                f"publication log entry {at} does not follow "
                + ("the start of the log" if before is None else f"entry {before['position']}")
                + f": it names {entry['previous']} as the previous hash, not {expected}"
            )
        if before is not None and entry["time"] < before["time"]:
            raise Failed(
                f"publication log entry {at} is dated {entry['time']}, before entry {before['position']} "
                f"({before['time']})"
            )
        before = entry
    if head:
        position, noted = head
        found = [e for e in entries if e["position"] == position]
        if not found:
            raise Failed(f"publication log: no entry {position}: the head you noted ({noted}) is gone")
        if found[0]["hash"] != noted:
            raise Failed(
                f"publication log entry {position} has the hash {found[0]['hash']}, not {noted} as you "
                f"noted: the log was rewritten up to it"
            )
    last = entries[-1] if entries else None
    say(
        f"ok  publication log: {len(entries)} entries, each hashing to its recorded hash and naming the one "
        f"before" + (f" (head: entry {last['position']}, {last['hash']})" if last else "")
    )
    if head:
        say(f"ok  entry {head[0]} still has the hash you noted")


def check_log_acts(entries, published, published_lines, revealed, say):
    """This commitment's acts in a possible order, agreeing with the published (and revealed) record."""
    commitment = published["commitment"]
    sessions = {item["label"]: item["boards"] for item in published["sessions"]}
    mine = [e for e in entries if e["commitment"] == commitment]
    if not mine:
        raise Failed(f"publication log: no entry of commitment {commitment}")
    dv, dealt, revealed_at, seen = None, set(), None, []
    for entry in mine:
        at, act, data = entry["position"], entry["act"], entry["data"]
        where = f"publication log entry {at} ({act})"
        if act not in LOG_ACTS:
            raise Failed(f"{where}: not an act of this log")
        names = set(LOG_ACTS[act])
        if act == "published":
            count = data.get("sessions", "")
            names |= {f"session-{n}" for n in range(1, int(count) + 1)} if re.fullmatch(r"[0-9]{1,3}", count) else set()
        if set(data) != names:
            raise Failed(f"{where}: has the data {', '.join(sorted(data))}, not {', '.join(sorted(names))}")
        if not seen and act != "published":
            raise Failed(f"{where}: before the commitment was published")
        if act == "published":
            if seen:
                raise Failed(f"{where}: the commitment is published a second time")
            lines = [
                f"{name}: {data[name]}"
                for name in ("format", "dealer", "event", "promise", "dv-format", "salt", "sessions")
            ]
            lines += [f"session: {data[f'session-{n}']}" for n in range(1, int(data["sessions"]) + 1)]
            if lines != published_lines:
                different = [f"{a!r} ≠ {b!r}" for a, b in zip(lines, published_lines) if a != b]
                raise Failed(
                    f"{where}: the record published in the log differs from your published record: "
                    + ("; ".join(different) or "not the same sessions")
                )
        elif revealed_at is not None and act != "deal-file-downloaded":
            raise Failed(f"{where}: after the key was revealed (entry {revealed_at})")
        elif act == "dv-entered":
            if dv is not None:
                raise Failed(f"{where}: the delayed value is entered a second time")
            dv = data["dv"]
        elif act == "dv-corrected":
            if dv is None:
                raise Failed(f"{where}: before the delayed value was entered")
            if dealt:
                raise Failed(f"{where}: the delayed value changes after a session was dealt with it")
            if data["previous-dv"] != dv:
                raise Failed(
                    f"{where}: corrects the delayed value {data['previous-dv']!r}, but the value entered was {dv!r}"
                )
            dv = data["dv"]
        elif act in ("session-dealt", "deal-file-downloaded"):
            label = data["session"]
            if dv is None:
                raise Failed(f"{where}: before the delayed value was entered")
            if label not in sessions:
                raise Failed(f"{where}: {label} is not a session of the commitment")
            if act == "session-dealt" and data["boards"] != str(sessions[label]):
                raise Failed(
                    f"{where}: {label} dealt with {data['boards']} boards, the commitment has {sessions[label]}"
                )
            if act == "deal-file-downloaded" and label not in dealt:
                raise Failed(f"{where}: a file of {label} downloaded before the session was dealt")
            dealt.add(label)
        elif act == "revealed":
            if dv is None or data["dv"] != dv:
                raise Failed(
                    f"{where}: revealed with the delayed value {data['dv']!r}, but the value entered was {dv!r}"
                )
            public = "".join(line + "\n" for line in published_lines)
            computed = hashlib.sha256((public + f"key: {data['key']}\n").encode("utf-8")).hexdigest()
            if not hmac.compare_digest(computed, commitment):
                raise Failed(f"{where}: the key in the log does not give the commitment hash ({computed})")
            revealed_at = at
        if act in ("dv-entered", "dv-corrected") and not dv_ok(published["dv_format"], dv):
            raise Failed(f"{where}: the delayed value {dv!r} is not a canonical {published['dv_format']} value")
        seen.append(act)
    if revealed is not None and revealed_at is not None:
        data = next(e for e in mine if e["act"] == "revealed")["data"]
        if data["key"] != revealed["key"] or data["dv"] != revealed.get("dv"):
            raise Failed(
                f"publication log entry {revealed_at} (revealed) names another key or delayed value than "
                f"the revealed record"
            )
    elif revealed is not None:
        say("note  this copy of the log has no reveal of the commitment yet (taken before the reveal?)")
    say(
        f"ok  the commitment's {len(mine)} acts are in the log in a possible order: "
        + ", ".join(f"{e['act']} ({e['position']})" for e in mine)
    )


def verify_log(log_path, head_text, published, published_lines, revealed, say):
    log = read_json(log_path, "publication log")
    head = None
    if head_text:
        position, _, noted = head_text.partition(":")
        if not re.fullmatch(r"[0-9]{1,9}", position) or not HEX64.match(noted):
            raise BadInput(f"--head {head_text}: write POSITION:HASH, e.g. 7:{'0' * 64}")
        head = (int(position), noted)
    entries = log_entries(log, f"publication log {log_path}")
    stated = log.get("head")
    if stated is not None and not isinstance(stated, dict):
        raise Failed(f"publication log {log_path}: its head must be an object with position and hash")
    if (
        entries
        and stated
        and (stated.get("position"), stated.get("hash")) != (entries[-1]["position"], entries[-1]["hash"])
    ):
        raise Failed(f"publication log: its head {stated} is not its last entry")
    check_log_chain(entries, head, say)
    check_log_acts(entries, published, published_lines, revealed, say)


# --- The checks -------------------------------------------------------------------------


def verify(published_path, revealed_path, deal_files, say, log_path=None, head=None):
    published = read_json(published_path, "published")
    revealed = read_json(revealed_path, "revealed") if revealed_path else None

    published_lines = public_lines(published, "published record")
    commitment = hex_field(published, "commitment", 32, "published record")
    say(
        f"published record: {FORMAT}, dealer {DEALER}, {published_lines[6].split(': ')[1]} session(s), "
        f"commitment {commitment}"
    )
    if revealed is None:
        if deal_files:
            raise BadInput("--deals needs the revealed record (the key gives the deals)")
        if not log_path:
            raise BadInput("give the revealed record, or --log to check the publication log before the reveal")
        verify_log(log_path, head, published, published_lines, None, say)
        return

    revealed_lines = public_lines(revealed, "revealed record")
    for mine, theirs in zip(published_lines, revealed_lines):
        if mine != theirs:
            raise Failed(f"the revealed record changes the published one: published {mine!r}, revealed {theirs!r}")
    if len(published_lines) != len(revealed_lines):
        raise Failed("the revealed record has a different number of sessions from the published one")
    say(
        "ok  the revealed record repeats every published field (format, dealer, event, promise, dv-format, salt, "
        "sessions)"
    )
    if "commitment" in revealed and revealed["commitment"] != commitment:
        raise Failed(f"the revealed record names commitment {revealed['commitment']!r}, not the published {commitment}")

    key_hex = hex_field(revealed, "key", 32, "revealed record")
    canonical = "".join(line + "\n" for line in revealed_lines) + f"key: {key_hex}\n"
    computed = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    if not hmac.compare_digest(computed, commitment):
        raise Failed(
            f"commitment hash mismatch: SHA-256 of the revealed record is {computed}, the published "
            f"commitment is {commitment} (the key or a field was changed)"
        )
    say(f"ok  SHA-256 of the record with the revealed key = {computed} = the published commitment")

    dv_format = revealed["dv_format"]
    dv = field_of(revealed, "dv", str, "revealed record")
    if not dv_ok(dv_format, dv):
        raise Failed(
            f"the delayed value {dv!r} is not a canonical {dv_format} value as promised ({published['promise']!r})"
        )
    say(
        f"ok  delayed value {dv!r} has the promised format {dv_format}; check yourself that it is the value "
        f"promised: {published['promise']}"
    )

    key = bytes.fromhex(key_hex)
    dealing = hmac.new(key, DEALING_KEY_TAG + bytes.fromhex(commitment) + dv.encode("utf-8"), hashlib.sha256).digest()
    if "dealing_key" in revealed and revealed["dealing_key"] != dealing.hex():
        raise Failed(
            f"the revealed record's dealing_key {revealed['dealing_key']!r} is not the derived {dealing.hex()}"
        )
    say(f"ok  dealing key = HMAC-SHA256(key, tag ‖ commitment ‖ DV) = {dealing.hex()}")

    sessions = [(item["label"], item["boards"]) for item in revealed["sessions"]]
    computed_deals = {}
    for label, boards in sessions:
        deals = [deal_to_pbn(deal_number(dealing, label, board - 1)) for board in range(1, boards + 1)]
        computed_deals[label] = deals
        digest = hashlib.sha256("".join(d + "\n" for d in deals).encode()).hexdigest()
        say(
            f"ok  session {label}: {boards} deals recomputed (board 1 {deals[0]}; SHA-256 of the deal list "
            f"{digest[:16]}…)"
        )

    for spec in deal_files:
        label, _, path = spec.rpartition("=") if "=" in spec else ("", "", spec)
        if not label:
            if len(sessions) != 1:
                raise BadInput(
                    f"--deals {spec}: the commitment has {len(sessions)} sessions; write LABEL=FILE "
                    f"(labels: {', '.join(s[0] for s in sessions)})"
                )
            label = sessions[0][0]
        if label not in computed_deals:
            raise BadInput(f"--deals {spec}: no session labelled {label!r} in the commitment")
        played = read_pbn(path)
        expected = computed_deals[label]
        for board, deal in sorted(played.items()):
            if not 1 <= board <= len(expected):
                raise Failed(f"{path}: board {board} is not one of the {len(expected)} committed boards of {label}")
            if deal != expected[board - 1]:
                raise Failed(
                    f"{path}: board {board} of {label} differs from the commitment: the hand record has "
                    f"{deal}, the commitment gives {expected[board - 1]}"
                )
        missing = [b for b in range(1, len(expected) + 1) if b not in played]
        say(
            f"ok  {path}: all {len(played)} boards in the hand record equal the committed deals of {label}"
            + (f" (boards not in the file: {', '.join(map(str, missing))})" if missing else "")
        )

    if log_path:
        verify_log(log_path, head, published, published_lines, revealed, say)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check a bridge-commitment-v1 dealing commitment and its deals.")
    parser.add_argument("published", help="the record published before the event (JSON)")
    parser.add_argument(
        "revealed",
        nargs="?",
        help="the revealed record with the key and the delayed value (JSON); "
        "without it, only the published record and --log are checked",
    )
    parser.add_argument(
        "--deals",
        action="append",
        default=[],
        metavar="[LABEL=]FILE.pbn",
        help="a PBN hand record to compare with the committed deals (repeatable)",
    )
    parser.add_argument("--log", metavar="LOG.json", help="the club's publication log as downloaded (JSON)")
    parser.add_argument("--head", metavar="POSITION:HASH", help="a head of the log you noted earlier (needs --log)")
    args = parser.parse_args(argv)
    try:
        if args.head and not args.log:
            raise BadInput("--head needs --log")
        verify(args.published, args.revealed, args.deals, print, args.log, args.head)
    except Failed as exc:
        print(f"FAILED: {exc}", file=sys.stderr)
        return 1
    except BadInput as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 2
    print("All checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
