"""Hostile files (issue 13): every parser fed generated and mutated inputs — no unexpected exception.

Each test feeds one parser two kinds of input: **generated** from scratch (text shaped like the
format: its tags, tokens, card strings and numbers at the edges) and **mutated** from real valid
inputs (the golden files in ``tests/data`` and the real events of the shared data, read in place),
with the edits of ``hostile.mutate``. A parser must either give its result or refuse with its
domain's error: a message, said in Polish too, naming the line where the parser reads lines
(``hostile.check_refusal``). Anything else — an ``IndexError``, a ``KeyError``, a ``ValueError``
leaking from ``int()``, a ``UnicodeDecodeError``, a ``RecursionError``, a hang — is a bug in the
parser; each one found is fixed there and kept here among its test's ``examples``, fed first every run.

The parsers: PBN, LIN, DUP, DLM and CSV deal files; SquareDeal's ``.sqd`` and ``.sqk`` and an
event's hand records (placed on its sessions); a commitment's JSON (published and revealed), the
publication log's JSON and the standalone verifier (``tools/verify_commitment.py``) reading them;
deal text, auction text, perfect-auction decoding, contracts, the scorer's traveller shorthand and
a result's data (the phones' API); USEBIO, PBN with results and the traveller set JSON, each
read, scored and compared as the import does before it saves; a USEBIO teams event read and scored as the
teams import does, and what is accepted written again (USEBIO, PBN) and read back to the same event. How many inputs each test feeds
is ``EXAMPLES`` below, fed fifty to a Hypothesis example (``hostile.batched``); the total (at least ``hostile.TOTAL_REQUIRED`` a run) is checked by the
last test and printed at the end of the run (``conftest.py``).
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from bridge.errors import BridgeError
from dealing.domain import squaredeal as sq
from dealing.domain.commitment import PublishedCommitment, RevealedCommitment
from dealing.domain.errors import DealingError
from dealing.domain.formats.pbn import dumps, read_pbn
from dealing.domain.numbering import parse_deal_number
from scoring.domain.errors import ScoringError
from tests.security import grammar, hostile
from tests.security.hostile import (
    BIGDEAL,
    DATA,
    EVENTS,
    WBG,
    batched,
    check_refusal,
    fed,
    first_elements,
    first_games,
    first_lines,
    mutate,
    read,
)

pytestmark = pytest.mark.slow

#: inputs fed by each test for each kind (generated, mutated): 109,000 a run, above issue 13's 100,000
EXAMPLES = {
    "pbn": 5500,
    "lin": 3000,
    "dup": 2000,
    "dlm": 2500,
    "csv": 2500,
    "sqd": 3000,
    "sqk": 2500,
    "hand_records": 2500,
    "commitment_json": 3000,
    "publication_log": 5000,
    "verifier": 1000,
    "deal_text": 3500,
    "auction_text": 3500,
    "perfect_auction": 1500,
    "contract": 2000,
    "traveller": 3500,
    "result_data": 2500,
    "usebio": 3000,
    "usebio_teams": 500,
    "pbn_results": 2500,
    "travellers_json": 2000,
}
#: HOSTILE_SCALE=0.05 feeds a twentieth (while working on a parser); the total is then not checked
SCALE = float(os.environ.get("HOSTILE_SCALE", "1"))
EXAMPLES = {name: max(1, int(count * SCALE)) for name, count in EXAMPLES.items()}
FIVE_THOUSAND_DIGITS = "9" * 5000  # int() refuses more than 4,300 digits with a ValueError


def hostile_tests(parser: str, build, seeds, tokens, check, *, examples=(), max_edits: int = 4, **extra):
    """The two tests of a parser: inputs generated from scratch by ``build`` (a ``grammar`` builder), and ``seeds``
    (real valid inputs) mutated (``hostile.mutate``); each input is counted, given to ``check`` and, if it fails,
    shown with the failure. ``extra`` are further arguments of ``check``, each with the values it may take (one is
    drawn for each input); ``examples`` (the inputs that once broke the parser, each ``bytes`` or a dict of
    arguments) run first, every time. The inputs are fed in batches (``hostile.batched``)."""
    makers = {"generated": lambda r: build(grammar.Maker(r)), "mutated": lambda r: mutate(r, seeds, tokens, max_edits)}

    def test_of(kind: str):
        make = makers[kind]

        def one(r: random.Random) -> None:
            fed(parser, kind, check, make(r), **{name: r.choice(values) for name, values in extra.items()})

        run = batched(EXAMPLES[parser], one)

        def test():
            if kind == "mutated":
                for case in examples:
                    case = case if isinstance(case, dict) else {"raw": case}
                    fed(parser, kind, check, **case)
            run()

        test.__name__ = test.__qualname__ = f"test_{parser}_{kind}"
        test.__doc__ = check.__doc__
        return test

    return test_of("generated"), test_of("mutated")


# --- deal files: PBN, LIN, DUP, DLM, CSV ------------------------------------------------------------

PBN_SEEDS = [
    first_games(read(BIGDEAL / "three" / "three.pbn"), 4),
    first_games(read(BIGDEAL / "edge" / "edge.pbn"), 4),
    first_games(read(BIGDEAL / "wbg2024-fin1" / "FIN1.pbn"), 3),
    first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 3),
    first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 1),
]
DEAL_TOKENS = ["N:", "E:", "S:", "W:", "-", ".", " ", "10", "T", "A", "2", "x", "♠", "AKQJT98765432"]
PBN_TOKENS = ["[", "]", '"', "\\", "{", "}", ";", "%", "#", "##", " ", "\n\n", '[Board "', '"]\n', '[Deal "N:',
              '[Dealer "', '[Vulnerable "', '[DoubleDummyTricks "', '[OptimumScore "', '[ParContract "',
              '[OptimumResultTable "', '[ScoreTable "', "N", "E", "S", "W", "NT", "-", "?", "*"] + DEAL_TOKENS  # fmt: skip
LIN_LINES = [
    re.sub("<[^>]+>", "", m)
    for m in re.findall(
        r"<LIN_DATA>[^<]*", read(EVENTS / "realbridge-club-duplicate-8tables-2025-04-07.usebio.xml").decode()
    )[:3]
]
LIN_SEEDS = [
    first_lines(read(BIGDEAL / "three" / "three.lin"), 3),
    first_lines(read(BIGDEAL / "wizard32" / "wizard32.lin"), 4),
    *(line.encode() for line in LIN_LINES),
]
LIN_TOKENS = ["|", "||", "md|", "ah|", "qx|", "sv|", ",", "%", "%2C", "%7C", "10", "S", "H", "D", "C", "1", "4"]
DUP_SEEDS = [
    read(BIGDEAL / "three" / "three.dup"),
    read(BIGDEAL / "three" / "threeblind.dup"),
    read(BIGDEAL / "edge" / "edge.dup")[: 156 * 3],
]
DUP_TOKENS = [b"YN1", b" " * 68, b"00", b"52", b"53", b"\x00" * 18]
DLM_SEEDS = [
    read(BIGDEAL / "three" / "three.dlm"),
    read(BIGDEAL / "three" / "threeblind.dlm"),
    first_lines(read(BIGDEAL / "edge" / "edge.dlm"), 40),
]
DLM_TOKENS = ["=", "Board ", "From board=", "To board=", "Checksum=", "Duplicates=", "[Document]"]
CSV_SEEDS = [read(BIGDEAL / "three" / "three.csv"), first_lines(read(BIGDEAL / "wizard32" / "wizard32.csv"), 4)]
CSV_TOKENS = ['"', '","', ",", "\n", '"1"', "N/-", '""']
THREE_PBN, THREE_LIN, THREE_DLM, THREE_CSV = (
    read(BIGDEAL / "three" / f"three.{s}") for s in ("pbn", "lin", "dlm", "csv")
)

#: errors about a whole deal file, which name no line
DEAL_FILE_WHOLE = frozenset({"pbn.unclosed_brace", "dup.size", "dup.record", "dlm.range_lines", "dlm.lacks"})


def read_deal_file(fmt: str, data: bytes) -> None:
    """What the dealing page's import does with a file: read it (then the board numbers are checked)."""
    from dealing.domain.formats import read_deals

    try:
        read_deals(fmt, data)
    except BridgeError as exc:
        check_refusal(exc, lines=fmt != "dup", whole_file=DEAL_FILE_WHOLE)


def check_pbn(raw: bytes) -> None:
    """A PBN file: its deals, or a DealingError naming the line and the tag; what it reads writes back the same."""
    read_deal_file("pbn", raw)
    try:
        pbn = read_pbn(raw)
    except BridgeError:
        return
    assert read_pbn(dumps(pbn)).boards() == pbn.boards()


test_pbn_generated, test_pbn_mutated = hostile_tests(
    "pbn",
    grammar.pbn,
    PBN_SEEDS,
    PBN_TOKENS,
    check_pbn,
    examples=[
        THREE_PBN.replace(b'[Board "1"]', b'[Board "\xc2\xb2"]'),  # "²".isdigit(), but int() refuses it
        b'[Board "1"]\n[OptimumScore "NS ' + FIVE_THOUSAND_DIGITS.encode() + b'"]\n',
        b'[Board "1"]\n[ScoreTable "Rank\\' + FIVE_THOUSAND_DIGITS.encode() + b'R"]\n1\n',  # a column width
        THREE_PBN.replace(b'[Event "?"]', b'[Event "\x00"]', 1),  # stored as a session's name, PostgreSQL refused it
    ],
)
test_lin_generated, test_lin_mutated = hostile_tests(
    "lin",
    grammar.lin,
    LIN_SEEDS,
    LIN_TOKENS,
    lambda raw: read_deal_file("lin", raw),
    examples=[THREE_LIN.replace(b"Board 1|", b"Board " + FIVE_THOUSAND_DIGITS.encode() + b"|", 1)],
)
test_dup_generated, test_dup_mutated = hostile_tests(
    "dup", grammar.dup, DUP_SEEDS, DUP_TOKENS, lambda raw: read_deal_file("dup", raw)
)
test_dlm_generated, test_dlm_mutated = hostile_tests(
    "dlm",
    grammar.dlm,
    DLM_SEEDS,
    DLM_TOKENS,
    lambda raw: read_deal_file("dlm", raw),
    examples=[
        THREE_DLM.replace(b"Board 01=", b"Board " + FIVE_THOUSAND_DIGITS.encode() + b"=", 1),
        THREE_DLM.replace(b"Duplicates=0", "Duplicates=²".encode(), 1),
    ],
)
test_csv_generated, test_csv_mutated = hostile_tests(
    "csv",
    grammar.csv,
    CSV_SEEDS,
    CSV_TOKENS,
    lambda raw: read_deal_file("csv", raw),
    examples=[
        THREE_CSV.replace(b'"1","N/-"', b'"\xb2","N/-"', 1),  # "²" in Latin-1, as the reader decodes CSV
        THREE_CSV.replace(b'"1","N/-"', b'"1\x1d","N/-"', 1),
    ],
)  # str.strip() takes "\x1d", int() does not


# --- SquareDeal: .sqd, .sqk, hand records -----------------------------------------------------------

SQD = read(WBG / "WBG2024.sqd")
SQK = read(WBG / "WBG2024.sqk")
WBG_EVENT = sq.read_sqd(SQD)
SMALL_SQD = (
    b"# Description file of tournament for program SquareDeal 2.7\r\n#\r\nTN Club Pairs\r\nDI DJI close\r\n"
    b"DV 43275.91\r\nSN 2:1-3,4-6:RR#:Round #/2\r\nSN 0:?:EXTRA#:Extra #\r\nSN 1:3x2:FIN:Final\r\nKH "
    + sq.key_hash(SQK).encode()
    + b"\r\n"
)
SQD_SEEDS = [SQD, SMALL_SQD, SQD.replace(b"\n", b"\r\n")]
SQD_TOKENS = ["TN ", "DI ", "DV ", "KH ", "SN ", "#", "##", ":", "::", "-", ",", "x", "?", " ", "\r\n", "0:", "1-16"]
#: errors about a whole .sqd, which name no line
SQD_WHOLE = frozenset({"sqd.no_tn", "sqd.no_sn"})


def check_sqd(raw: bytes) -> None:
    """A .sqd: the tournament, or a DealingError naming the line; then what the audit does with it (the audit's limits,
    its sessions, their names, boards and descriptions, the sessions files' names name) and writing it back."""
    from dealing.domain import squaredeal_audit as audit

    try:
        tournament = sq.read_sqd(raw)
    except BridgeError as exc:
        check_refusal(exc, lines=True, whole_file=SQD_WHOLE)
        return
    try:
        audit.check_event(tournament)  # the audit's limits: sessions a phase, boards a session, deals in all
    except BridgeError as exc:
        check_refusal(exc, lines=True)
    assert all(s.name for s in audit.event_sessions(tournament)[:50])
    for phase in tournament.phases:
        phase.file_name(1), phase.session_description(1), phase.key_ids()[:3]
        try:
            phase.board_range(1)
        except BridgeError as exc:
            check_refusal(exc)
    for name in (
        "OPRR01.pbn",
        "RR1-2.pbn",
        "EXTRA7.pbn",
        "FIN.pbn",
        "x.pbn",
        "RR2147483648.pbn",
        "EXTRA1-999999999.pbn",
        f"RR{FIVE_THOUSAND_DIGITS}.pbn",
        f"{tournament.phases[0].prefix}.pbn",
    ):
        audit.file_target(tournament, name)
    assert sq.read_sqd(sq.write_sqd(tournament)).phases == tournament.phases


test_sqd_generated, test_sqd_mutated = hostile_tests(
    "sqd",
    grammar.sqd,
    SQD_SEEDS,
    SQD_TOKENS,
    check_sqd,
    examples=[
        SQD.replace(b"SN 17:1-16,17-32", b"SN 17:" + FIVE_THOUSAND_DIGITS.encode() + b"-16,17-32"),
        SQD.replace(b"SN 3:20:", b"SN 3:" + FIVE_THOUSAND_DIGITS.encode() + b":"),
        SQD.replace(b"SN 3:20:", b"SN 3:2147483647x16:"),  # once a list of two billion ranges
        SQD.replace(b"SN 3:20:", b"SN 3:" + b",".join([b"1-2"] * 5000) + b":"),
        SQD.replace(b"SN 3:20:", b"SN 3\x1d:20:"),  # str.strip() takes "\x1d", int() does not
    ],
)

SQK_SEEDS = [SQK, SQK.replace(b"\r\n", b"\n"), first_lines(SQK, 5)]
SQK_TOKENS = [",", ":", "\r\n", "\n", "0,", "1,1:", " ", "a" * 60]


def check_sqk(raw: bytes) -> None:
    """A .sqk: the keys, or a DealingError naming the line; then the KH check against two events, which says what
    is wrong as data and never raises."""
    try:
        keys = sq.read_sqk(raw)
    except BridgeError as exc:
        check_refusal(exc, lines=True, whole_file=frozenset({"sqk.no_keys"}))
        return
    for tournament in (WBG_EVENT, sq.read_sqd(SMALL_SQD)):
        check = sq.check_keys(tournament, keys)
        if check.problem is not None:
            check_refusal(DealingError(check.problem))
        assert check.ok or check.problem is not None


test_sqk_generated, test_sqk_mutated = hostile_tests(
    "sqk", grammar.sqk, SQK_SEEDS, SQK_TOKENS, check_sqk, examples=[FIVE_THOUSAND_DIGITS.encode() + b"," + SQK[2:]]
)

ACTUAL = read(WBG / "allpbn.actual")
FIN1 = read(BIGDEAL / "wbg2024-fin1" / "FIN1.pbn")
RECORD_SEEDS = [first_lines(ACTUAL, 20), first_games(FIN1, 5), first_lines(ACTUAL, 3).replace(b"\n", b"\r\n")]
RECORD_NAMES = [
    "FIN1.pbn",
    "FIN1reserve.pbn",
    "OPRR01.pbn",
    "OPRR01-02.pbn",
    "allpbn.actual",
    "all.txt",
    "R16-3.pbn",
    "oprr17.PBN",
    "OPRR18.pbn",
    "OPRR00.pbn",
    "OPRR2147483648.pbn",
    "FIN1-99999999999.pbn",
    "QF.pbn",
    f"OPRR{FIVE_THOUSAND_DIGITS}.pbn",
    "dir\\OPRR01.pbn",
    "",
]


def check_hand_records(raw: bytes, name: str) -> None:
    """A file of hand records read, then placed on the WBG's sessions in both orders (as an upload is): each
    refusal names the file, and the line when it is about one."""
    from dealing.domain import squaredeal_audit as audit

    try:
        records = audit.read_hand_records(name, raw)
    except BridgeError as exc:
        check_refusal(exc, lines=True, whole_file=frozenset({"records.no_deals", "pbn.unclosed_brace"}))
        assert name in str(exc)
        return
    for order in audit.ORDERS:
        try:
            audit.place(WBG_EVENT, [records], order)
        except BridgeError as exc:
            check_refusal(exc)
            assert name in str(exc)


test_hand_records_generated, test_hand_records_mutated = hostile_tests(
    "hand_records",
    lambda m: grammar.hand_records(m)[1],
    RECORD_SEEDS,
    DEAL_TOKENS + PBN_TOKENS,
    check_hand_records,
    name=RECORD_NAMES,
    examples=[{"raw": FIN1, "name": f"OPRR{FIVE_THOUSAND_DIGITS}.pbn"}],
)


# --- commitments, the publication log, the standalone verifier --------------------------------------

VECTORS = json.loads(read(DATA / "commitments" / "vectors.json"))["vectors"]
PUBLIC_FIELDS = ("format", "dealer", "event", "promise", "dv_format", "salt", "sessions", "commitment")
COMMITMENT_SEEDS = [
    json.dumps({k: v for k, v in vector.items() if k in PUBLIC_FIELDS or k in ("dv", "key")}, indent=1).encode()
    for vector in VECTORS[:3]
]
JSON_TOKENS = ['"', "{", "}", "[", "]", ",", ":", "null", "true", "1e999", "-0", '"\\ud800"', '"\\u0000"',
               "[" * 200, '{"a":' * 200, FIVE_THOUSAND_DIGITS]  # fmt: skip


def check_commitment_json(raw: bytes) -> None:
    """A commitment's JSON as a program reads it (bytes → JSON → the published and the revealed record): the record,
    or a DealingError naming the field, said in Polish too."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON at all: the JSON reader's refusal, before ours
        return
    for reader in (PublishedCommitment.from_json, RevealedCommitment.from_json):
        try:
            reader(document)
        except BridgeError as exc:
            check_refusal(exc)


test_commitment_json_generated, test_commitment_json_mutated = hostile_tests(
    "commitment_json",
    lambda m: grammar.commitment(m, m.pick(VECTORS)),
    COMMITMENT_SEEDS,
    JSON_TOKENS,
    check_commitment_json,
    examples=[  # a decimal DV of 5,000 digits: int() refused it (found by a run's mutation)
        re.sub(rb'"dv": "[^"]*"', b'"dv": "' + FIVE_THOUSAND_DIGITS.encode() + b'.91"', seed)
        for seed in COMMITMENT_SEEDS
    ],
)

from tests.dealing.domain.test_publication_log import GOOD as _GOOD_ACTS  # noqa: E402
from tests.dealing.domain.test_publication_log import RECORD as _GOOD_RECORD  # noqa: E402
from tests.dealing.domain.test_publication_log import build as _build_log  # noqa: E402

_GOOD_LOG = _build_log(_GOOD_ACTS)


def _log_document(entries) -> dict:
    """A club's publication log as the site serves it for download (``publication_log_json``)."""
    from dealing.domain import publication_log as log

    return {
        "format": log.FORMAT,
        "club": "riverside",
        "head": {"position": entries[-1].position, "hash": entries[-1].hash} if entries else None,
        "entries": [e.to_json() for e in entries],
    }


def _log_changes(m: grammar.Maker, entries: list) -> list:
    """A log as a careless or dishonest administrator leaves it: entries edited (in the database), dropped,
    repeated, swapped, or added."""
    from dataclasses import replace

    entries = list(entries)
    for _ in range(m.count(1, 4)):
        roll = m.r.random()
        if not entries or roll < 0.1:
            entries.append(m.pick(entries) if entries else _GOOD_LOG[0])
        elif roll < 0.2:
            del entries[m.count(0, len(entries) - 1)]
        elif roll < 0.3:
            i, j = m.count(0, len(entries) - 1), m.count(0, len(entries) - 1)
            entries[i], entries[j] = entries[j], entries[i]
        else:
            i = m.count(0, len(entries) - 1)
            entry = entries[i]
            name = m.pick(["position", "previous", "time", "act", "commitment", "hash", "data", "data", "data"])
            if name == "position":
                value = m.pick([0, -1, entry.position + 1, 2**31, 2**63])
            elif name == "data":
                data = dict(entry.data)
                key = m.pick(list(data) + ["sessions", "session-1", "boards", "dv", "key", "x"]) if data else "x"
                data[key] = m.pick(
                    [
                        m.odd(),
                        m.edge(),
                        "",
                        "riverside/s1 ²",
                        "²",
                        "99999",
                        FIVE_THOUSAND_DIGITS,
                        "riverside/s1",
                        data.get(key, "") + " ",
                    ]
                )
                if m.chance(0.2):
                    data.pop(m.pick(list(data)))
                value = tuple(sorted(data.items()))
            else:
                value = m.pick(
                    [
                        m.odd(),
                        m.edge(),
                        "",
                        "0" * 64,
                        getattr(entries[0], name),
                        "revealed",
                        "published",
                        "2026-11-20T21:00:00.000000Z",
                        "9999-99-99T99:99:99.999999Z",
                    ]
                )
            entries[i] = replace(entry, **{name: value})
    return entries


def check_edited_log(r: random.Random, first_hash: str | None) -> None:
    """A club's log whose entries were edited in the database (the triggers lifted), dropped, repeated or swapped:
    the checks the log page runs say each problem, naming its entry, and never fail."""
    from dataclasses import replace

    from dealing.domain import publication_log as log

    m = grammar.Maker(r)
    entries = _log_changes(m, _GOOD_LOG)
    if first_hash is not None:
        entries[0] = replace(entries[0], hash=first_hash)
    try:
        problems = log.check_chain(entries, (m.count(0, 9), m.pick([_GOOD_LOG[-1].hash, "x"]))) + log.check_acts(
            entries
        )
        for problem in problems:
            check_refusal(DealingError(problem))
            assert "position" in problem.params or "place" in problem.params, problem  # each names its entry
    except Exception as exc:
        exc.add_note(f"entries: {entries!r}")
        raise


FIRST_HASHES = [None, None, None, "é" * 64, "", "0" * 64]


def test_publication_log_edited():
    """The edited logs of ``check_edited_log``; the first is one that once failed: hmac.compare_digest refused to
    compare a first hash of "é" * 64, and the page failed."""
    fed("publication_log", "edited", check_edited_log, random.Random(0), first_hash="é" * 64)
    batched(
        EXAMPLES["publication_log"],
        lambda r: fed("publication_log", "edited", check_edited_log, r, first_hash=r.choice(FIRST_HASHES)),
    )()


def _verifier():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "verify_commitment_tool", hostile.REPO / "tools" / "verify_commitment.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VERIFIER = _verifier()


def revealed_deal_text() -> str:
    from dealing.domain.numbering import number_to_deal

    number = RevealedCommitment(_GOOD_RECORD, "43275.91").deal_numbers()["riverside/s1"][0]
    return number_to_deal(number).to_pbn()


VERIFIER_FILES = {
    "published": json.dumps(_GOOD_RECORD.published().to_json()).encode(),
    "revealed": json.dumps(RevealedCommitment(_GOOD_RECORD, "43275.91").to_json()).encode(),
    "log": json.dumps(_log_document(_GOOD_LOG)).encode(),
    "deals": b'[Board "1"]\n[Deal "N:' + revealed_deal_text().encode() + b'"]\n',
}


def _verifier_input(m: grammar.Maker) -> tuple[str, bytes]:
    which = m.pick(sorted(VERIFIER_FILES))
    if which == "deals":
        return which, grammar.pbn(m)
    if which == "log":
        document = _log_document(_log_changes(m, _GOOD_LOG))
        if m.chance(0.3):
            target = m.pick([document, *document["entries"]] if document["entries"] else [document])
            target[m.pick(list(target) + ["data", "head", "x"])] = grammar.json_value(m)
        return which, json.dumps(document).encode()
    base = (
        _GOOD_RECORD.published().to_json()
        if which == "published"
        else RevealedCommitment(_GOOD_RECORD, "43275.91").to_json()
    )
    return which, grammar.commitment(m, base)


@pytest.fixture(scope="module")
def verifier_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("verifier")


def check_verifier(raw: bytes, which: str, head: str | None, folder) -> None:
    """tools/verify_commitment.py given a damaged published or revealed record, log or hand record: it fails a check
    (exit 1) or cannot read a file (exit 2), with a message, and never stops on anything else; a damaged log is
    read back by the domain too (``check_log_entries``)."""
    files = {**VERIFIER_FILES, which: raw}
    for name, content in files.items():
        (folder / name).write_bytes(content)
    try:
        VERIFIER.verify(
            folder / "published",
            folder / "revealed",
            [f"riverside/s1={folder / 'deals'}"],
            lambda line: None,
            folder / "log",
            head,
        )
    except (VERIFIER.Failed, VERIFIER.BadInput) as exc:
        assert str(exc).strip()
    if which == "log":
        check_log_entries(raw)


def check_log_entries(raw: bytes) -> None:
    """The same log read back by the domain (``publication_log.entries_from_json``), then checked as the log page
    checks it: the entries and their problems, or a DealingError naming the entry's place."""
    from dealing.domain import publication_log as log

    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON at all: the JSON reader's refusal, before ours
        return
    try:
        entries = log.entries_from_json(document.get("entries") if isinstance(document, dict) else document)
    except BridgeError as exc:
        check_refusal(exc)
        assert "place" in exc.text.params or exc.text.code == "log_json.entries", exc  # names the entry
        return
    for problem in log.check_chain(entries) + log.check_acts(entries):
        check_refusal(DealingError(problem))


VERIFIER_CASES = {
    "generated": lambda r: _verifier_input(grammar.Maker(r)),
    "mutated": lambda r: (
        which := r.choice(sorted(VERIFIER_FILES)),
        mutate(r, [VERIFIER_FILES[which]], JSON_TOKENS + PBN_TOKENS),
    ),
}
HEADS = [None, "7:" + "0" * 64, "x", "²:" + "0" * 64]
VERIFIER_EXAMPLES = [
    ("log", VERIFIER_FILES["log"].replace(b'"head": {', b'"head": 5, "x": {')),
    ("published", b'{"format": ' + FIVE_THOUSAND_DIGITS.encode() + b"}"),
    ("revealed", b"[" * 100_000),
    ("deals", '[Board "²"]\n'.encode()),
    ("log", VERIFIER_FILES["log"].replace(b'"hash": "', '"hash": "é'.encode(), 1)),
    # entries edited into other JSON values: LogEntry.from_json raised AttributeError/KeyError
    (
        "log",
        json.dumps(
            {
                **json.loads(VERIFIER_FILES["log"]),
                "entries": [json.loads(VERIFIER_FILES["log"])["entries"][0], ["position", 2], "x", 3, None],
            }
        ).encode(),
    ),
    ("log", VERIFIER_FILES["log"].replace(b'"position": 2', b'"position": "2"', 1)),
    # half a character (JSON's "\ud800") in any text of an entry: UTF-8 cannot write it, so hashing
    # the entry raised UnicodeEncodeError (found by a run's mutated log, in the time)
    *[
        ("log", VERIFIER_FILES["log"].replace(field, field + b"\\ud800", 1))
        for field in (
            b'"time": "',
            b'"act": "',
            b'"previous": "',
            b'"commitment": "',
            b'"hash": "',
            b'"data": {"',
            b'"sessions": "',
        )
    ],
    ("published", VERIFIER_FILES["published"].replace(b'": "', b'": "\\udfff', 1)),
    ("deals", b'[Board "1\x1d"]\n'),
]  # str.strip() takes "\x1d", int() does not


@pytest.mark.parametrize("kind", ["generated", "mutated"])
def test_verifier(kind, verifier_dir):
    def check(case, head):
        which, raw = case
        check_verifier(raw, which, head, verifier_dir)

    if kind == "mutated":
        for case in VERIFIER_EXAMPLES:
            fed("verifier", kind, check, case, head=None)
    make = VERIFIER_CASES[kind]
    batched(EXAMPLES["verifier"], lambda r: fed("verifier", kind, check, make(r), head=r.choice(HEADS)))()


# --- deal text, auction text, contracts --------------------------------------------------------------

REAL_DEALS = grammar.REAL_DEALS
DEAL_SEEDS = [f"N:{d}".encode() for d in REAL_DEALS[:10]] + [b"E:- " + REAL_DEALS[0].split(" ", 1)[1].encode()]


def check_deal_text(raw: bytes) -> None:
    """A deal typed or pasted (the perfect-auction page, hand records): PBN deal text, a hand, a card, a deal number."""
    from bridge.cards import Card, Deal, Hand
    from dealing.domain.perfect_auction import deal_from_pbn

    text = hostile.as_text(raw)
    for reader in (Deal.from_pbn, deal_from_pbn, Hand.from_pbn, Card.from_str, parse_deal_number):
        try:
            reader(text)
        except BridgeError as exc:
            check_refusal(exc)


test_deal_text_generated, test_deal_text_mutated = hostile_tests(
    "deal_text",
    lambda m: m.deal().encode("utf-8", "surrogatepass"),
    DEAL_SEEDS,
    DEAL_TOKENS,
    check_deal_text,
    examples=[FIVE_THOUSAND_DIGITS.encode(), b"0x" + b"f" * 5000],
)

AUCTION_SEEDS = [
    b"1S P 2NT P 4S AP",
    b"P P P P",
    b"1C X XX 1H 1S 2C 2D 2H 2S 3C 3D 3H 3S 3N 4C P P P",
    b"1\xe2\x99\xa0 - dbl - 2 NT, p; 4s AP",
    b"7NTXX P P P",
]
AUCTION_TOKENS = ["P", "X", "XX", "AP", "all pass", " ", ",", "-", "1", "7", "NT", "N", "♠", "\ufe0f", "A/P"]


def check_auction_text(raw: bytes, dealer: str) -> None:
    """An auction typed (the perfect-auction page): its calls, then the auction checked from the dealer on."""
    from bridge.auction import Auction, parse_calls

    text = hostile.as_text(raw)
    try:
        parse_calls(text)
        auction = Auction.from_str(text, dealer)
        if auction.is_complete:
            _ = auction.contract
    except BridgeError as exc:
        check_refusal(exc)


test_auction_text_generated, test_auction_text_mutated = hostile_tests(
    "auction_text",
    lambda m: m.auction().encode("utf-8", "surrogatepass"),
    AUCTION_SEEDS,
    AUCTION_TOKENS,
    check_auction_text,
    dealer=["N", "E", "S", "W", "x", ""],
)


def _encoded_auction() -> bytes:
    from bridge.cards import Deal
    from dealing.domain.perfect_auction import encode

    return " ".join(str(call) for call in encode(Deal.from_pbn("N:" + REAL_DEALS[0]), "N")).encode()


def check_perfect_auction(raw: bytes, dealer: str) -> None:
    """An auction decoded back into the deal it encodes (perfect bidding): a deal, or which call is wrong."""
    from dealing.domain.perfect_auction import decode

    try:
        decode(hostile.as_text(raw), dealer)
    except BridgeError as exc:
        check_refusal(exc)


test_perfect_auction_generated, test_perfect_auction_mutated = hostile_tests(
    "perfect_auction",
    lambda m: m.auction().encode("utf-8", "surrogatepass"),
    AUCTION_SEEDS + [_encoded_auction()],
    AUCTION_TOKENS,
    check_perfect_auction,
    dealer=["N", "E", "S", "W", "x"],
)

CONTRACT_SEEDS = [b"4S", b"3NT", b"3N", b"4SX", b"4\xe2\x99\xa0\xc3\x97", b"2HXX", b"7nt", b"1c"]


def check_contract(raw: bytes, declarer: str) -> None:
    """A contract and its declarer as files and forms write them (``4SX``, ``3NT``): a contract or a DealingError."""
    from bridge.contract import Contract

    try:
        Contract.from_str(hostile.as_text(raw), declarer)
    except BridgeError as exc:
        check_refusal(exc)


test_contract_generated, test_contract_mutated = hostile_tests(
    "contract",
    lambda m: m.contract().encode("utf-8", "surrogatepass"),
    CONTRACT_SEEDS,
    ["X", "NT", "7", "*", "×"],
    check_contract,
    declarer=["N", "E", "S", "W", "n", "", "x", "NS"],
)


# --- scoring: the shorthand, a result's data, results files ------------------------------------------

TRAVELLER_SEEDS = [
    t.encode()
    for t in (
        "4SX N 9",
        "4♠× N 9",
        "4S=N",
        "4S+1 N",
        "3N-2W",
        "3NT-2 W",
        "4S N 10",
        "2hxx e 8",
        "3BA= S",
        "P",
        "ap",
        "+420",
        "-50",
        "A6040",
        "A60/40",
        "60/40",
        "A=",
        "20% +650 80% +620",
    )
]
TRAVELLER_TOKENS = ["=", "+", "-", "%", "/", "X", "N", " ", "A", "13", "100", "NT", "BA"]


def check_traveller(raw: bytes, board: int) -> None:
    """The scorer's shorthand (``4SX N 9``): a result said back with its score (and written back as the scorer's
    page prefills it, read the same), or a ScoringError naming the part that is wrong."""
    from scoring.domain.notation import as_data, from_data, shorthand
    from scoring.domain.shorthand import describe, parse_entry

    try:
        result = parse_entry(hostile.as_text(raw))
    except ScoringError as exc:
        check_refusal(exc)
        assert exc.field, exc
        return
    assert str(describe(result, board))
    assert from_data(as_data(result)) == result and parse_entry(shorthand(result)) == result


test_traveller_generated, test_traveller_mutated = hostile_tests(
    "traveller",
    lambda m: grammar.traveller(m).encode("utf-8", "surrogatepass"),
    TRAVELLER_SEEDS,
    TRAVELLER_TOKENS,
    check_traveller,
    board=range(1, 37),
    examples=[
        {"raw": "٣BA-0 E".encode(), "board": 1},  # the level read as 3, the contract then refused unexpectedly
        {"raw": b"03SX N 9", "board": 1},
        {"raw": b"A100/40", "board": 1},  # A100/40 was written back as A10040
        {"raw": b"+" + FIVE_THOUSAND_DIGITS.encode(), "board": 1},
        {"raw": b"4S N " + FIVE_THOUSAND_DIGITS.encode(), "board": 1},
    ],
)

RESULT_SEEDS = [
    json.dumps(d).encode()
    for d in (
        {"contract": "4SX", "declarer": "N", "tricks": 9},
        {"score": 420},
        {"adjusted": "60/40"},
        {"contract": "PASS"},
        {"weighted": [[20, 650], [80, 620]]},
        {"kind": "played", "contract": "3NT", "declarer": "S", "tricks": 9, "lead": "HK"},
    )
]


def check_result_data(raw: bytes) -> None:
    """A result as data (what the phones' API posts, what the traveller JSON holds): a result, or a ScoringError
    naming the field."""
    from scoring.domain.notation import from_data

    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        document = hostile.as_text(raw)
    try:
        from_data(document)
    except ScoringError as exc:
        check_refusal(exc)
        assert exc.field, exc


test_result_data_generated, test_result_data_mutated = hostile_tests(
    "result_data",
    lambda m: json.dumps(grammar.result_data(m)).encode(),
    RESULT_SEEDS,
    JSON_TOKENS,
    check_result_data,
    examples=[
        b'{"weighted": [["1e999999999", 100]]}',  # once a Fraction of a billion digits: the request never ended
        '{"adjusted": "²²/40"}'.encode(),
    ],
)


#: errors about a whole results file (or about the event as scored), which name no line
SCORING_WHOLE_FILE = frozenset({"file.no_results", "xml.empty", "json.unreadable"})


def import_as_the_site_does(reader, data: bytes, source: str, *, json_paths: bool = False) -> None:
    """Read a results file, score it and compare the file's numbers with ours, as the import does before it saves.
    A refusal names the file and the line and element (a JSON file: the place in it, ``boards[0].results[2]``)."""
    from scoring.domain.comparison import compare

    try:
        event = reader(data, source=source)
        score = event.score()
        compare(event, score).as_dict()
    except ScoringError as exc:
        check_refusal(exc, lines=not json_paths, whole_file=SCORING_WHOLE_FILE)
        if json_paths:
            assert exc.line is not None or exc.where is not None or set(hostile.codes(exc.text)) & SCORING_WHOLE_FILE, (
                exc
            )
        assert exc.line is None or source in str(exc), exc


USEBIO_SEEDS = [
    first_elements(first_elements(read(path), b"BOARD", 2), b"PAIR", 8) for path in sorted(EVENTS.glob("*.usebio.xml"))
]
USEBIO_TOKENS = ["<", ">", "</", "/>", "&", "&amp;", "&#0;", "&#x110000;", "<!ENTITY a 'b'>", "<![CDATA[", "]]>",
                 "<BOARD>", "</BOARD>", "<TRAVELLER_LINE>", "<SCORE>", "<CONTRACT>", "<TRICKS>", "<PAIR_NUMBER>",
                 "<HAND>", '"', "'", "A6040", "PASS", "Infinity", "NaN", "1E+999999999"]  # fmt: skip
USEBIO = USEBIO_SEEDS[-1]


def check_usebio(raw: bytes) -> None:
    """A USEBIO file: read, scored and compared as the import does, and its structure checked as findings; each
    refusal names the file, the line and the element."""
    from scoring.domain.formats.usebio import read_usebio
    from scoring.domain.formats.usebio_schema import check_usebio as structure

    import_as_the_site_does(read_usebio, raw, "event.xml")
    try:
        structure(raw, source="event.xml")
    except ScoringError as exc:
        check_refusal(exc, lines=True, whole_file=SCORING_WHOLE_FILE)


test_usebio_generated, test_usebio_mutated = hostile_tests(
    "usebio",
    grammar.usebio,
    USEBIO_SEEDS,
    USEBIO_TOKENS,
    check_usebio,
    examples=[
        USEBIO.replace(b'<?xml version="1.0"', b'<?xml version="1.0" encoding="iso-0-1"', 1),  # LookupError
        re.sub(rb"<NS_MATCH_POINTS>[^<]*", b"<NS_MATCH_POINTS>Infinity", USEBIO, count=1),
        re.sub(rb"<NS_MATCH_POINTS>[^<]*", b"<NS_MATCH_POINTS>1E+999999999", USEBIO, count=1),  # a hang
        re.sub(rb"<SCORE>[^<]*", b"<SCORE>" + FIVE_THOUSAND_DIGITS.encode(), USEBIO, count=1),
        re.sub(rb"<TRICKS>[^<]*", "<TRICKS>²".encode(), USEBIO, count=1),
        re.sub(rb"<PLACE>[^<]*", b"<PLACE>" + FIVE_THOUSAND_DIGITS.encode(), USEBIO, count=1),  # int() refused it
        re.sub(rb"<PLACE>[^<]*", "<PLACE>²".encode(), USEBIO, count=1),
    ],
)


def _teams_seeds() -> list[bytes]:
    """The domain's sample, and a richer event written by us (a Swiss, byes, weighted, artificial, a deal)."""
    from scoring.domain.formats.usebio_teams import SAMPLE, write_usebio_teams
    from scoring.domain.teams import score_teams
    from tests.scoring.formats.test_usebio_teams import EVENT, RICH

    return [SAMPLE, write_usebio_teams(RICH, score_teams(EVENT))]


USEBIO_TEAMS_SEEDS = _teams_seeds()
USEBIO_TEAMS_TOKENS = USEBIO_TOKENS + ["<TEAM>", "</TEAM>", "<MATCH>", "</MATCH>", "<TEAM_NUMBER>", "<ROUND_NUMBER>",
                                       "<HOME_TEAM_NUMBER>", "<AWAY_TEAM_NUMBER>", "<VP_SCALE>", "patton",
                                       "<BOARDS_PER_MATCH>", "SWISS_TEAMS", "PAB"]  # fmt: skip


def check_usebio_teams(raw: bytes) -> None:
    """A USEBIO teams event: read and scored as the teams import does before it saves, then written again (USEBIO
    and PBN) and read back to the same event; each refusal names the file, the line and the element."""
    from scoring.domain.formats.pbn_teams import write_pbn_teams
    from scoring.domain.formats.usebio_teams import read_usebio_teams, write_usebio_teams
    from scoring.domain.teams import score_teams

    try:
        filed = read_usebio_teams(raw, source="teams.xml")
        score = score_teams(filed.event)
    except ScoringError as exc:
        check_refusal(exc, lines=True, whole_file=SCORING_WHOLE_FILE)
        assert exc.line is None or "teams.xml" in str(exc), exc
        return
    again = read_usebio_teams(write_usebio_teams(filed, score), source="teams.xml")
    assert (again.event, again.teams, again.date, dict(again.deals)) == (
        filed.event,
        filed.teams,
        filed.date,
        dict(filed.deals),
    )
    assert len(read_pbn(write_pbn_teams(filed, score)).games) == 2 * sum(len(m.boards) for m in filed.event.matches)


test_usebio_teams_generated, test_usebio_teams_mutated = hostile_tests(
    "usebio_teams",
    grammar.usebio_teams,
    USEBIO_TEAMS_SEEDS,
    USEBIO_TEAMS_TOKENS,
    check_usebio_teams,
    # the year 5 was written 01/01/5, which no reader takes back (found by the generated files' round trip)
    examples=[USEBIO_TEAMS_SEEDS[0].replace(b"<DATE>24/11/2026<", b"<DATE>0005-01-01<")],
)

PBN_RESULTS_SEEDS = [first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), n) for n in (2, 3)]


test_pbn_results_generated, test_pbn_results_mutated = hostile_tests(
    "pbn_results",
    lambda m: grammar.pbn(m, games=m.count(1, 3)),
    PBN_RESULTS_SEEDS,
    PBN_TOKENS + ["PO", "A", "3S*", "A6040", '"20% +650"'],
    lambda raw: import_as_the_site_does(_read_pbn_results, raw, "event.pbn"),
    examples=[
        PBN_RESULTS_SEEDS[0].replace(b"1    8    4H    S  9", b"1    8    4H    S  9\r\n1    8    3NT   S  9", 1)
    ],
)


def _read_pbn_results(data, source):
    from scoring.domain.formats.pbn_results import read_pbn_results

    return read_pbn_results(data, source=source)


TRAVELLERS_SEEDS = [
    json.dumps(
        {
            "scale": "acbl",
            "winners": 2,
            "boards": [
                {
                    "board": 1,
                    "results": [
                        {"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9},
                        {"ns": 3, "ew": 4, "score": 420},
                        {"ns": 5, "ew": 6, "adjusted": "60/40"},
                    ],
                },
                {
                    "board": 2,
                    "results": [
                        {"ns": 1, "ew": 4, "contract": "PASS"},
                        {"ns": 3, "ew": 2, "weighted": [[20, 650], [80, 620]]},
                    ],
                },
            ],
        },
        indent=1,
    ).encode()
]


def _read_travellers(data, source):
    from scoring.domain.formats.travellers import read_travellers

    return read_travellers(data, source=source)


test_travellers_json_generated, test_travellers_json_mutated = hostile_tests(
    "travellers_json",
    grammar.travellers_json,
    TRAVELLERS_SEEDS,
    JSON_TOKENS,
    lambda raw: import_as_the_site_does(_read_travellers, raw, "travellers.json", json_paths=True),
    examples=[b'{"boards": [{"board": ' + FIVE_THOUSAND_DIGITS.encode() + b"}]}", b"[" * 100_000],
)


# --- the total -------------------------------------------------------------------------------------


def test_the_run_fed_enough_hostile_inputs(request):
    """Issue 13 asks for at least 100,000 generated and mutated inputs a run: checked when this module ran whole
    (it is the module's last test; pytest runs a module's tests in order)."""
    ran = {item.originalname for item in request.session.items if getattr(item, "module", None) is request.module}
    every = {name for name in dir(request.module) if name.startswith("test_") and name != request.node.name}
    if SCALE != 1 or not every <= ran:
        pytest.skip("only part of the hostile inputs ran (HOSTILE_SCALE, -k or a test chosen)")
    total = sum(hostile.FED.values())
    assert total >= hostile.TOTAL_REQUIRED, f"only {total:,} hostile inputs were fed"
