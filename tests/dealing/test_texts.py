"""The dealing domain's error messages in the reader's language (``dealing/domain/text.py``, said by ``clubsite.texts``).

Every code of ``dealing.domain.text`` is made by the domain from real bad input (a few the
Laws check first are made by hand); ``render`` under English is exactly ``str(error)``, under
Polish it is translated, nested messages included. The perfect-auction page and API show
the Polish to a Polish reader, next to the right field, and the English unchanged otherwise;
so do the board-file import (page and API) for a bad PBN, DUP, DLM, LIN or CSV file, naming
the line and the tag, the deal-set form and API for a bad key or count, and the commitment
page and API for a delayed value in the wrong form.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.utils import translation

from bridge import auction, cards, contract, words
from bridge.cards import Card, Deal, Hand, Rank, Seat, Strain, Suit, Vulnerability
from bridge.errors import BridgeError
from clubsite.texts import error_message, render
from dealing.domain import (
    commitment,
    formats,
    generator,
    numbering,
    perfect_auction,
    play,
    publication_log,
    squaredeal,
    squaredeal_audit,
)
from dealing.domain.errors import DealingError
from dealing.domain.text import TEMPLATES, Text

KERSEY = "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432"
KERSEY_AUCTION = " ".join(str(c) for c in perfect_auction.encode(Deal.from_pbn(KERSEY), Seat.NORTH))
HANDS = Deal.from_pbn(KERSEY).hands

# a Polish message must not fall back to these English words
ENGLISH_WORDS = re.compile(
    r"\b(call|bid|hand|cards?|deal|auction|North|East|South|West|pass(ed)?|doubled?|"
    r"redoubled?|must|with|not|is|the|unknown|expected|write|scheme|number)\b"
)

THREE = Path(__file__).resolve().parents[1] / "data" / "bigdeal" / "three"  # BigDeal's files of three boards
DUP = (THREE / "three.dup").read_bytes()
DLM = (THREE / "three.dlm").read_text()
LIN = (THREE / "three.lin").read_text()
CSV = (THREE / "three.csv").read_text()
ORT = '[Board "1"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
ORT_ROWS = [f"{seat} {strain} 7" for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C")]


def _file(fmt: str, data: str | bytes):
    """Reading a bad board file of this format (as the import does)."""
    return lambda: formats.read_deals(fmt, data.encode() if isinstance(data, str) else data)


def _pbn(text: str):
    return _file("pbn", text)


def _ort(rows: list[str]):
    return _pbn(ORT + "\n".join(rows) + "\n")


BOARD_FILES = [
    _pbn("hello\n"),
    _pbn('[Board "1"\n'),
    _pbn('[ "1"]\n'),
    _pbn('[Board "1"]\n{ never closed\n'),
    _pbn('[Board "1"]\n[Event "\x00"]\n'),
    _pbn('[Board "1"]\n[Deal "#"]\n'),
    _pbn('[Board "x"]\n'),
    _pbn('[Board "1"]\n[Deal "N:AKQ.AKZ.. - - -"]\n'),
    _pbn('[Board "1"]\n[ScoreTable "Rank\\xx"]\n1\n'),
    _pbn('[Board "1"]\n[ScoreTable "Rank"]\n"1\n'),
    _pbn('[Board "1"]\n[OptimumResultTable "Foo"]\nN NT 7\n'),
    _ort(["N NT"]),
    _ort(["N NT x"]),
    _ort(["N Z 7"]),
    _ort(ORT_ROWS[:-1]),
    _ort(ORT_ROWS[:-1] + ["W C 14"]),
    _ort(ORT_ROWS + ORT_ROWS[:1]),
    _pbn('[Board "1"]\n[DoubleDummyTricks "xyz"]\n'),
    _pbn('[Board "1"]\n[OptimumScore "lots"]\n'),
    _pbn('[Board "1"]\n[OptimumScore "NS 620"]\n[ParContract "NS 9Z"]\n'),
    _pbn('[Board "1"]\n[OptimumScore "NS 620"]\n[ParContract "NS 4SXX="]\n'),
    _pbn('[Board "1"]\n[OptimumScore "NS 620"]\n[ParContract "NS 7S+2"]\n'),
    _file("dup", DUP[:-1]),
    _file("dup", b"x" + DUP[1:]),
    _file("dup", b"53" + DUP[2:]),
    _file("dup", DUP[2:4] + DUP[2:]),
    _file("dup", DUP[:80] + bytes([DUP[80] ^ 1]) + DUP[81:]),
    _file("dup", DUP[:146] + b"XX" + DUP[148:]),
    _file("dlm", DLM + "junk\n"),
    _file("dlm", DLM.replace("From board=1\n", "")),
    _file("dlm", DLM.replace("From board=1", "From board=5")),
    _file("dlm", DLM.replace("Duplicates=0\n", "Duplicates=x\n", 1)),
    _file("dlm", DLM.replace("Checksum=3", "Checksum=4")),
    _file("dlm", re.sub(r"Board 02=\w+\n", "", DLM)),
    _file("dlm", DLM.replace("Board 01=idcb", "Board 01=zdcb")),
    _file("dlm", DLM.replace("llk008", "llk009")),
    _file("dlm", re.sub(r"Board 01=\w+", "Board 01=" + "a" * 26 + "001", DLM)),
    _file("lin", LIN.replace("md|3", "md|9", 1)),
    _file("lin", LIN.replace("md|3SA953", "md|3A953", 1)),
    _file("lin", LIN.replace("md|3SA953", "md|3S953", 1)),
    _file("lin", LIN.replace("md|3SA953", "md|3SA9Z3", 1)),
    _file("lin", LIN.replace("SJHAKT82D73CAKT64", "SA953H6DJ954C7532", 1)),
    _file("lin", LIN.replace("Board 1|", "Board 12345678901|", 1)),
    _file("csv", '"' + "x" * 200_000 + '"\n'),
    _file("csv", "a,b\n"),
    _file("csv", CSV.replace('"KQT82"', '"KQZ82"', 1)),
    _file("csv", CSV.replace('"1","N/-"', '"x","N/-"')),
    _file("csv", CSV.replace('"N/-"', '"E/-"')),
    _file("csv", CSV.replace('"764"', '"KQ4"', 1)),
]


def _record(**change):
    """A commitment record with one part changed (as a director's form or the API gives it)."""
    given = {
        "event": "Autumn pairs",
        "promise": "DJIA close 2026-11-20",
        "dv_format": "decimal:2",
        "salt": commitment.new_salt(),
        "sessions": (commitment.SessionEntry("riverside/2026-11-24/s1", 24),),
        "key": commitment.new_key(),
        **change,
    }
    return commitment.CommitmentRecord(**given)


def _played_out():
    """The Kersey deal played to the end (first legal card each time), then one card more."""
    game = play.Play.start(Deal.from_pbn(KERSEY), contract.Contract.from_str("3NT", "S"))
    while not game.is_over:
        game = game.play(game.legal_cards()[0])
    return game.play(Card.from_str("SA"))


def _replay(text: str):
    return lambda: play.Play.replay(
        Deal.from_pbn(KERSEY), contract.Contract.from_str("3NT", "S"), play.parse_cards(text)
    )


# SquareDeal's .sqd and .sqk files, and an event's hand records (dealing/domain/squaredeal*.py)
SQD = b"TN Demo\nDI DJI 1 May\nSN 2:1-4,5-8:RR#:Round #\n"
SQK = b"1,1:" + b"a" * 60 + b"\r\n1,2:" + b"b" * 60 + b"\r\n"
RECORD = "AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _sqd(extra: bytes = b"", key_file: bytes = SQK) -> squaredeal.Tournament:
    return squaredeal.read_sqd(SQD + extra + b"KH " + squaredeal.key_hash(key_file).encode() + b"\n")


def _records(name: str, text: str):
    return squaredeal_audit.read_hand_records(name, text.encode())


SQUAREDEAL = [
    lambda: squaredeal.parse_board_spec("0"),
    lambda: squaredeal.parse_board_spec("1-x"),
    lambda: squaredeal.parse_board_spec("5-3"),
    lambda: squaredeal.parse_board_spec("1-2000000000"),
    lambda: squaredeal.parse_board_spec("1000x1"),
    lambda: _sqd().phases[0].check_session(0),
    lambda: _sqd().phases[0].check_session(3),
    lambda: squaredeal.read_sqd(b"TN x\nSN 2:?:A#:a\n").phases[0].board_range(1),
    lambda: _sqd().phase(3),
    lambda: squaredeal.read_sqd(SQD + b"TN Again\n"),
    lambda: squaredeal.read_sqd(SQD + b"KH 12\n"),
    lambda: squaredeal.read_sqd(SQD + b"XX\n"),
    lambda: squaredeal.read_sqd(b"SN 1:16:A:a\n"),
    lambda: squaredeal.read_sqd(b"TN x\n"),
    lambda: squaredeal.read_sqd(b"TN x\nSN 1:16\n"),
    lambda: squaredeal.read_sqd(b"TN x\nSN z:16:A:a\n"),
    lambda: squaredeal.read_sqd(b"TN x\nSN 1:1-x:A:a\n"),
    lambda: squaredeal.read_sqd(b"TN x\nSN 1:16: :a\n"),
    lambda: squaredeal.canonical_delayed_value("  "),
    lambda: squaredeal.session_deals(_sqd(), squaredeal.read_sqk(SQK), 1, 1),
    lambda: squaredeal.read_sqk(SQK).key(9, 9),
    lambda: squaredeal.read_sqk(b"junk\r\n"),
    lambda: squaredeal.read_sqk(b"1,1:\r\n"),
    lambda: squaredeal.read_sqk(b"1,1:a\r\n1,1:b\r\n"),
    lambda: squaredeal.read_sqk(b""),
    lambda: squaredeal.verify_keys(squaredeal.read_sqd(SQD), squaredeal.read_sqk(SQK)),
    lambda: squaredeal.verify_keys(_sqd(), squaredeal.read_sqk(SQK.replace(b"b" * 60, b"b" * 58 + b"!"))),
    lambda: squaredeal.verify_keys(_sqd(key_file=SQK[:66]), squaredeal.read_sqk(SQK[:66])),
    lambda: _records("x.pbn", "% nothing here\n"),
    lambda: _records("x.pbn", f'[Deal "N:{RECORD}"]\n'),
    lambda: _records("x.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n\n[Board "1"]\n[Deal "N:{RECORD}"]\n'),
    lambda: squaredeal_audit.place(_sqd(), [], "random"),
    lambda: squaredeal_audit.place(_sqd(), [_records("x.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n')]),
    lambda: squaredeal_audit.place(_sqd(), [_records("all.txt", RECORD)]),
    lambda: squaredeal_audit.place(squaredeal.read_sqd(b"TN x\nSN 0:8:LG#:League\n"), [_records("all.txt", RECORD)]),
    lambda: squaredeal_audit.place(
        _sqd(),
        [
            _records("RR1.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n'),
            _records("RR1-2.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n'),
        ],
    ),
    # an event larger than an audit takes
    lambda: squaredeal_audit.check_event(_sqd(b"SN 1000:?:X#:Extra #\n")),
    lambda: squaredeal_audit.check_event(_sqd(b"SN 1:1-1000:X:Extra\n")),
    lambda: squaredeal_audit.check_event(_sqd(b"SN 999:1-16,17-32:X#:Extra #\n")),
    lambda: squaredeal_audit.place(
        _sqd(b"SN 1:?:X:Extra\n"),
        [_records("X.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n\n[Board "1001"]\n[Deal "N:{RECORD}"]\n')],
    ),
    lambda: squaredeal_audit.place(
        _sqd(b"SN 0:100:X#:Extra #\n"), [_records("X1-101.pbn", f'[Board "1"]\n[Deal "N:{RECORD}"]\n')]
    ),
]

_ENTRY = {
    "position": 1,
    "previous": "0" * 64,
    "time": "2026-11-20T21:00:00.000000Z",
    "act": "dv-entered",
    "commitment": "ab" * 32,
    "hash": "cd" * 32,
    "data": {"dv": "43275.91"},
}
# a publication log's JSON whose entries were edited into something else
LOG_JSON = [
    lambda: publication_log.entries_from_json({"1": _ENTRY}),
    lambda: publication_log.entries_from_json([_ENTRY, ["position", 2]]),
    lambda: publication_log.entries_from_json([_ENTRY, True]),
    lambda: publication_log.entries_from_json([{k: v for k, v in _ENTRY.items() if k != "act"}]),
    lambda: publication_log.entries_from_json([{**_ENTRY, "position": "1"}]),
    lambda: publication_log.entries_from_json([{**_ENTRY, "time": 1.5}]),
    lambda: publication_log.entries_from_json([{**_ENTRY, "hash": None}]),
    lambda: publication_log.entries_from_json([{**_ENTRY, "data": {"dv": 43275.91}}]),
]


def _commitment_json(**change):
    """A published commitment's JSON with some fields changed (``None`` drops one), read as a verifier reads it."""
    data = {**_record().published().to_json(), **change}
    return lambda: commitment.PublishedCommitment.from_json({k: v for k, v in data.items() if v is not None})


# a commitment's JSON (published.json, revealed.json) that is not a good record, and records that are not
COMMITMENT_JSON = [
    lambda: commitment.PublishedCommitment.from_json(["format", "bridge-commitment-v1"]),
    _commitment_json(salt=None),
    _commitment_json(event=43275),
    _commitment_json(sessions=[{"label": "s1", "boards": "24"}]),
    _commitment_json(sessions=["s1 24"]),
    _commitment_json(sessions=[{"label": "s1", "boards": 1000}]),
    _commitment_json(sessions=[{"label": "s 1", "boards": 24}]),
    _commitment_json(sessions=[{"label": "s1", "boards": 24}, {"label": "s1", "boards": 8}]),
    _commitment_json(event="Autumn  pairs"),
    _commitment_json(promise="DJIA\tclose"),
    _commitment_json(dv_format="decimal:9"),
    _commitment_json(format="bridge-commitment-v0"),
    _commitment_json(dealer="dealer-v2"),
    _commitment_json(salt="00" * 15),
    _commitment_json(commitment="AB" * 32),
    lambda: commitment.RevealedCommitment.from_json(
        {**commitment.RevealedCommitment(_record(), "43275.91").to_json(), "key": "zz" * 32}
    ),
    lambda: commitment.RevealedCommitment(_record(), "43,275.91"),
    lambda: _record().session("riverside/2026-11-24/s2"),
]

BAD_INPUT = (
    BOARD_FILES
    + [
        _replay("SA"),  # North's card at West's turn
        _replay("S2 HA"),  # North does not follow suit
        _replay("S2 SA S9 S4 S2"),  # played twice
        _played_out,
        lambda: play.parse_cards("HA XY"),
        lambda: contract.Contract.from_str("8S", "N"),
        lambda: contract.Contract(contract.Bid(4, Strain.SPADES), 3, Seat.NORTH),
        lambda: contract.Contract.from_str("4S", "N").score(14, vulnerable=False),
        lambda: contract.undertricks_for(70, 1, False),
        lambda: Seat.from_str("Q"),
        lambda: Suit.from_str("Z"),
        lambda: Strain.from_str("Z"),
        lambda: Rank.from_str("Z"),
        lambda: Card.from_index(52),
        lambda: Card.from_str("ZZ"),
        lambda: Hand.from_pbn("AKQ"),
        lambda: Hand.from_pbn("AKQ.AKZ.."),
        lambda: Hand.from_pbn("AA..."),
        lambda: Deal([0] * 51),
        lambda: Deal([0] * 14 + [1] * 12 + [2] * 13 + [3] * 13),
        lambda: Deal.from_hands(
            {Seat.NORTH: Hand.from_pbn("A..."), Seat.EAST: HANDS[Seat.EAST], Seat.SOUTH: HANDS[Seat.SOUTH]}
        ),
        lambda: Deal.from_hands(
            {Seat.NORTH: HANDS[Seat.NORTH], Seat.EAST: HANDS[Seat.NORTH], Seat.SOUTH: HANDS[Seat.SOUTH]}
        ),
        lambda: Deal.from_hands({Seat.NORTH: HANDS[Seat.NORTH]}),
        lambda: Deal.from_pbn("N:AKQT7"),
        lambda: Deal.from_pbn("N:AKQ.AKZ.. - - -"),
        lambda: Vulnerability.from_str("Q"),
        lambda: cards.board_dealer(0),
        lambda: auction.Bid(8, Strain.CLUBS),
        lambda: auction.Bid.from_index(35),
        lambda: auction.Call(38),
        lambda: auction.parse_calls("1C 1Z"),
        lambda: auction.parse_calls("AP 1C"),
        lambda: auction.parse_calls("P P P P AP"),
        lambda: auction.check_auction(["P", "P", "P", "P", "P"], "E"),
        lambda: auction.check_auction(["X"], "N"),
        lambda: auction.check_auction(["1C", "P", "X"], "N"),
        lambda: auction.check_auction(["1C", "X", "P", "X"], "N"),
        lambda: auction.check_auction(["1C", "X", "XX", "X"], "N"),
        lambda: auction.check_auction(["XX"], "N"),
        lambda: auction.check_auction(["1C", "XX"], "N"),
        lambda: auction.check_auction(["1C", "P", "XX"], "N"),
        lambda: auction.check_auction(["1H", "1C"], "N"),
        lambda: auction.check_auction(["1C", "Q"], "N"),
        lambda: auction.Auction("N", ["1C"]).contract,
        lambda: perfect_auction.decode("1C", "Q"),
        lambda: perfect_auction.encode("N:…", "N"),
        lambda: perfect_auction.decode("", "N"),
        lambda: perfect_auction.decode("P P P", "N"),
        lambda: perfect_auction.decode("P 1C", "N"),
        lambda: perfect_auction.decode("1C P P X XX", "W"),
        lambda: perfect_auction.decode(KERSEY_AUCTION.rsplit(" ", 1)[0], "N"),
        lambda: perfect_auction.decode("P P P P", "N"),
        lambda: perfect_auction.decode("7N", "N"),
        lambda: perfect_auction.decode("1C 1D P P P", "N"),
        lambda: perfect_auction.decode("1C 1D P P X 2C", "N"),
        lambda: perfect_auction.decode("1C P P X XX 1D", "N"),
        lambda: perfect_auction.decode("1C X XX 1D", "N"),
        lambda: perfect_auction.decode(KERSEY_AUCTION.rsplit(" ", 3)[0] + " X P P P", "N"),
        lambda: perfect_auction.decode("2H", "N"),
        lambda: perfect_auction.decode("2D 2H P P 2S", "N"),
        lambda: perfect_auction.decode("2D P P X XX", "N"),
        lambda: numbering.parse_deal_number("0xZZ"),
        lambda: numbering.parse_deal_number("twelve"),
        lambda: numbering.number_to_deal(numbering.D),
        lambda: numbering.number_to_deal(1.5),
        lambda: numbering.number_from_bytes(b"12345"),
        lambda: formats.render("dup", [(100, Deal.from_pbn(KERSEY))]),
        lambda: generator.parse_key("ab" * 31),
        lambda: generator.parse_key("zz" + "ab" * 31),
        lambda: commitment.canonical_dv("text", " \t "),
        lambda: commitment.canonical_dv("text", "x" * 201),
        lambda: commitment.canonical_dv("decimal:2", "about 43,000"),
        lambda: commitment.canonical_dv("decimal:2", "43275.9"),
        lambda: commitment.canonical_dv("decimal:1", "43275"),
        lambda: commitment.canonical_dv("decimal:0", "43,27"),
        lambda: commitment.canonical_dv("decimal:2", "43,2755.91"),
        lambda: _record(event=""),
        lambda: _record(promise=""),
        lambda: _record(event="x" * 201),
        lambda: _record(promise="x" * 501),
        lambda: _record(sessions=tuple(commitment.SessionEntry(f"s{n}", 1) for n in range(101))),
    ]
    + SQUAREDEAL
    + LOG_JSON
    + COMMITMENT_JSON
)

# the Laws are checked first, so these reasons of the perfect-auction decoder are made by hand;
# and the rules no short auction reaches
BY_HAND = [
    Text.of(
        "scheme.against", call=words.Text.of("call.named", position=2, seat=Seat.EAST, call="1C"), reason=Text.of(code)
    )
    for code in ("scheme.ended", "scheme.open_with_bid", "scheme.higher")
]
BY_HAND += [Text.of(code, F="♠K", S="♠Q") for code in TEMPLATES if code.startswith("rule.")]
BY_HAND += [
    Text.of(
        "scheme.impossible",
        call=words.Text.of("call.named", position=9, seat=Seat.WEST, call="XX"),
        F="♥A",
        S="♥K",
        seats=(Seat.NORTH, Seat.SOUTH),
    ),
    words.Text.of("line", line=3, error=words.Text.of("hand.twice", text="AA...")),
]
# not errors: the description of a delayed value's format, shown next to its field, and what an audit found
BY_HAND += [commitment.dv_format_text(f) for f in ("text", "decimal:0", "decimal:1", "decimal:2")]


def _audits() -> list[Text]:
    """The titles and findings of audits: before the reveal, honest, forged, and with boards that differ."""
    record = _record(sessions=(commitment.SessionEntry("s1", 8), commitment.SessionEntry("s2", 2)))
    honest = commitment.RevealedCommitment(record, "43275.91")
    forged = commitment.RevealedCommitment(_record(promise="FTSE close"), "43275.91")
    played = honest.deal_numbers()
    played["s1"] = [n + 1 for n in played["s1"][:7]]  # seven boards, six of them other deals
    played["s2"][1] = None
    checks = (
        commitment.audit(record.published())
        + commitment.audit(record.published(), honest)
        + commitment.audit(record.published(), forged, {})
        + commitment.audit(record.published(), honest, played)
        + commitment.audit(record.published(), honest, honest.deal_numbers())
    )
    return [text for check in checks for text in (check.title, check.said)]


BY_HAND += _audits()


def _log_problems() -> list[Text]:
    """What the publication log's checker finds in broken logs (tests/dealing/domain/test_publication_log.py)."""
    from tests.dealing.domain.test_publication_log import every_problem

    return every_problem()


BY_HAND += _log_problems()


def _raised() -> list[DealingError]:
    errors = []
    for make in BAD_INPUT:
        with pytest.raises(BridgeError) as info:
            make()
        assert info.value.text is not None, str(info.value)
        errors.append(info.value)
    return errors


@pytest.fixture(scope="module")
def every_text() -> list[Text]:
    """Every text the domain raises (and those made by hand), with every text nested in them, once."""
    return list(dict.fromkeys(inner for text in [e.text for e in _raised()] + BY_HAND for inner in text.texts()))


def test_every_code_is_made(every_text):
    """Every code of the dealing domain and of the ground floor's words (cards, calls, contracts)."""
    assert (set(TEMPLATES) | set(words.TEMPLATES)) - {t.code for t in every_text} == set()


def test_english_rendering_is_the_domains_english():
    with translation.override("en"):
        wrong = [(error_message(e), str(e)) for e in _raised() if error_message(e) != str(e)]
    assert not wrong, wrong[:5]


def test_english_rendering_of_every_text(every_text):
    with translation.override("en"):
        wrong = [(t.code, render(t), str(t)) for t in every_text if render(t) != str(t)]
    assert not wrong, wrong[:5]


def test_polish_rendering_translates_every_text(every_text):
    with translation.override("pl"):
        for text in every_text:
            said = render(text)
            assert said != str(text), text
            assert not ENGLISH_WORDS.search(said), (text.code, said)


@pytest.mark.parametrize(
    "make, polish",
    [
        (
            lambda: perfect_auction.decode("1C 1D P P P", "N"),
            "zapowiedź 5 (Północ: P) nie pasuje do systemu: po 1♦ Wschodu (Południe: pas, Zachód: pas) Północ musi "
            "licytować, mając obie karty ♠J i ♠T, a w przeciwnym razie kontrować",
        ),
        (
            lambda: perfect_auction.decode("P 1C", "N"),
            "licytacja nie jest zakończona: po zapowiedzi 2 (Wschód: 1♣) Południe musi licytować, mając obie karty ♠K i "
            "♠Q, kontrować, mając jedną z nich, albo spasować bez żadnej z nich",
        ),
        (
            lambda: auction.parse_calls("1C 1Z"),
            "zapowiedź 2: '1Z' nie jest zapowiedzią: wpisz P (pas), X (kontra), XX (rekontra) lub odzywkę od 1C do 7NT",
        ),
        (
            lambda: auction.check_auction(["1C", "X", "XX", "X"], "N"),
            "zapowiedź 4 (Zachód: X) jest niedozwolona: 1♣ jest już zrekontrowane",
        ),
        (
            lambda: Deal.from_pbn("N:AKQ.AKZ.. - - -"),
            "ręka Północy: ręka 'AKQ.AKZ..': 'Z' nie jest wysokością karty w kierach",
        ),
        (
            lambda: Deal.from_hands(
                {
                    Seat.NORTH: HANDS[Seat.NORTH],
                    Seat.EAST: Hand.from_pbn("AJ.JT98.JT98.QJT"),
                    Seat.SOUTH: HANDS[Seat.SOUTH],
                }
            ),
            "karta SA jest zarówno w ręce Północy, jak i Wschodu",
        ),
        (
            lambda: Deal.from_hands(
                {Seat.WEST: Hand.from_pbn("A..."), Seat.EAST: HANDS[Seat.EAST], Seat.SOUTH: HANDS[Seat.SOUTH]}
            ),
            "ręka Zachodu ma 1 kartę, a nie 13",
        ),
        (lambda: Deal.from_pbn(KERSEY.replace("AKQT7", "AKQT")), "ręka Północy ma 12 kart, a nie 13"),
        (
            lambda: perfect_auction.decode("2D 2H P P 2S", "N"),
            "zapowiedź 5 (Północ: 2♠) umieszcza ♥Q u Północy, a ♥J u Północy, przez co Północ ma 15 kart; ręka ma 13 kart",
        ),
        (
            lambda: numbering.parse_deal_number("twelve"),
            "'twelve' nie jest numerem rozdania: wpisz cyfry 0-9 (albo 0x i cyfry szesnastkowe)",
        ),
        # a refused commitment or publication log JSON
        (
            _commitment_json(sessions=[{"label": "s1", "boards": "24"}]),
            "pole 'boards' zobowiązania to tekst, a powinno to być: liczba całkowita",
        ),
        (_commitment_json(salt=None), "zobowiązanie nie ma pola 'salt'"),
        (lambda: commitment.PublishedCommitment.from_json(None), "zobowiązanie to obiekt JSON, a nie null"),
        (
            _commitment_json(dv_format="decimal:9"),
            "nieznany format wartości odroczonej 'decimal:9': oczekiwano od decimal:0 do decimal:8 albo text",
        ),
        (
            _commitment_json(sessions=[{"label": "s1", "boards": 1000}]),
            "turniej s1: liczba rozdań musi wynosić od 1 do 999, a nie 1000",
        ),
        (
            lambda: publication_log.entries_from_json([_ENTRY, None]),
            "wpis na miejscu 2 to null, a powinien być obiektem JSON",
        ),
    ],
)
def test_polish_messages(make, polish):
    with pytest.raises(BridgeError) as info:
        make()
    with translation.override("pl"):
        assert error_message(info.value) == polish
    with translation.override("en"):
        assert error_message(info.value) == str(info.value)


def test_an_error_without_a_text_says_its_english():
    with translation.override("pl"):
        assert error_message(DealingError("plain words", line=2)) == "line 2: plain words"
        assert error_message(ValueError("plain words")) == "plain words"


# --- pages and API --------------------------------------------------------------------------

ENCODE = "/api/v1/perfect-auction/encode/"
DECODE = "/api/v1/perfect-auction/decode/"


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize(
    "params, field, polish, english",
    [
        (
            {"decode-auction": "1C 1C", "decode-dealer": "N"},
            "decode-auction",
            "zapowiedź 2 (Wschód: 1♣) jest niedozwolona: 1♣ nie jest wyższe od ostatniej odzywki, 1♣",
            "call 2 (East: 1♣) is illegal: 1♣ is not higher than the last bid, 1♣",
        ),
        (
            {"decode-auction": "P 1C X", "decode-dealer": "N"},
            "decode-auction",
            "licytacja nie jest zakończona: po zapowiedzi 3 (Południe: X) Zachód musi licytować z ♠K",
            "the auction is unfinished: after call 3 (South: X) West must bid with ♠K",
        ),
        (
            {"encode-deal": "N:AKQT7", "encode-dealer": "N"},
            "encode-deal",
            "rozdanie w PBN to cztery ręce oddzielone spacjami, a nie 1: 'AKQT7'",
            "a PBN deal has four hands separated by spaces, not 1: 'AKQT7'",
        ),
        (
            {
                "encode-north": "AKQT7.AKQ",
                "encode-east": "J9.JT98.JT98.QJT",
                "encode-south": "8654.765.765.987",
                "encode-dealer": "N",
            },
            "encode-north",
            "ręka 'AKQT7.AKQ' musi mieć cztery kolory oddzielone kropkami",
            "hand 'AKQT7.AKQ' must have four suits separated by dots",
        ),
        (
            {
                "encode-north": "AKQT7.AKQ.AKQ.AK",
                "encode-east": "AKQT7.AKQ.AKQ.AK",
                "encode-south": "8654.765.765.987",
                "encode-dealer": "N",
            },
            "encode-east",
            "jest zarówno w ręce Północy, jak i Wschodu",
            "is in both North's and East's hands",
        ),
    ],
)
def test_perfect_auction_page_shows_errors_in_the_readers_language(client_for, player, params, field, polish, english):
    client = client_for(player)
    for language, expected in (("pl", polish), ("en", english)):
        client.cookies["django_language"] = language
        page = client.get("/dealing/perfect-auction/", params).content.decode()
        error = re.search(rf'<small class="field-error" id="id_{field}-error" role="alert">(.*?)</small>', page, re.S)
        assert error, f"no error next to {field} ({language})"
        assert expected in html.unescape(error.group(1)), (language, error.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url, payload, field, polish, english",
    [
        (
            DECODE,
            {"auction": "1C 1D P P P", "dealer": "N"},
            "auction",
            "zapowiedź 5 (Północ: P) nie pasuje do systemu: po 1♦ Wschodu (Południe: pas, Zachód: pas) Północ musi",
            "call 5 (North: P) does not fit the scheme: after East's 1♦ (South passed, West passed), North must",
        ),
        (
            DECODE,
            {"auction": "1C 1Q", "dealer": "N"},
            "auction",
            "zapowiedź 2: '1Q' nie jest zapowiedzią",
            "call 2: '1Q' is not a call",
        ),
        (
            DECODE,
            {"auction": "1C", "dealer": "Q"},
            "dealer",
            "rozdający: nieznana pozycja 'Q': wpisz N, E, S lub W",
            "dealer: unknown seat 'Q': expected N, E, S or W",
        ),
        (
            ENCODE,
            {"deal": KERSEY.replace("AKQT7", "AKQT"), "dealer": "N"},
            "deal",
            "ręka Północy ma 12 kart, a nie 13",
            "North's hand has 12 cards, not 13",
        ),
    ],
)
def test_api_errors_in_the_requests_language(api_client_for, player, url, payload, field, polish, english):
    api = api_client_for(player)
    for language, expected in (("pl", polish), ("en", english)):
        response = api.post(url, payload, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["field"] == field and error["code"] == "invalid"
        assert error["message"].startswith(expected), (language, error["message"])


# --- the board-file import (page and API) ---------------------------------------------------

BAD_FILES = [
    (
        "deals.pbn",
        b'[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.AKZ.. - - -"]\n',
        "deals.pbn: wiersz 3: znacznik Deal: ręka Północy: ręka 'AKQ.AKZ..': 'Z' nie jest wysokością karty w kierach",
        "deals.pbn: line 3: tag Deal: North's hand: hand 'AKQ.AKZ..': 'Z' is not a rank in hearts",
    ),
    (
        "deals.pbn",
        b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        b'[ParContract "NS 7S+2"]\n[OptimumScore "NS 2220"]\n',
        "deals.pbn: wiersz 3: znacznik ParContract: kontrakt par 'NS 7S+2' daje niemożliwą liczbę lew: 15",
        "deals.pbn: line 3: tag ParContract: par contract 'NS 7S+2' takes 15 tricks",
    ),
    (
        "set.dlm",
        DLM.replace("llk008", "llk009").encode(),
        "set.dlm: wiersz 12: Rozdanie 01: suma kontrolna 009, a powinna być 008",
        "set.dlm: line 12: Board 01: checksum 009, expected 008",
    ),
    (
        "set.csv",
        CSV.replace('"N/-"', '"E/-"').encode(),
        "set.csv: wiersz 1: rozdanie 1: rozdający/założenia 'E/-', a powinno być 'N/-'",
        "set.csv: line 1: board 1: dealer/vulnerability 'E/-', expected 'N/-'",
    ),
    (
        "set.dup",
        DUP[:-1],
        "set.dup: plik DUP ma 156 bajtów na rozdanie; ten ma 467 bajtów",
        "set.dup: a DUP file is 156 bytes per board; this one has 467 bytes",
    ),
]


def _field_error(response, field: str) -> str | None:
    """The error a page shows next to a form field (None when there is none)."""
    assert response.status_code in (200, 400)
    found = re.search(
        rf'<small class="field-error" id="id_{field}-error" role="alert">(.*?)</small>', response.content.decode(), re.S
    )
    return html.unescape(found.group(1)) if found else None


def _api_error(response, field: str) -> str:
    """The message of an API error that names ``field``."""
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field
    return error["message"]


def _told(ask, polish: str, english: str) -> None:
    """``ask(language)`` is what a user of that language is told: Polish in Polish, English in English."""
    assert (ask("pl"), ask("en")) == (polish, english)


@pytest.mark.django_db
@pytest.mark.parametrize("name, data, polish, english", BAD_FILES)
def test_board_import_page_says_what_is_wrong_in_the_readers_language(
    client_for, director, club_session, name, data, polish, english
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(director)

    def ask(language):
        client.cookies["django_language"] = language
        return _field_error(
            client.post(
                f"/dealing/sessions/{club_session.pk}/boards/deal/import/", {"file": SimpleUploadedFile(name, data)}
            ),
            "file",
        )

    _told(ask, polish, english)
    assert not club_session.boards.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name, data, polish, english", BAD_FILES[:3])
def test_board_import_api_says_what_is_wrong_in_the_requests_language(
    api_client_for, director, club_session, name, data, polish, english
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    api = api_client_for(director)

    def ask(language):
        return _api_error(
            api.post(
                f"/api/v1/sessions/{club_session.pk}/boards/",
                {"source": "import", "file": SimpleUploadedFile(name, data)},
                format="multipart",
                HTTP_ACCEPT_LANGUAGE=language,
            ),
            "file",
        )

    _told(ask, f"file: {polish}", f"file: {english}")  # the API names the field
    assert not club_session.boards.exists()


@pytest.mark.django_db
def test_a_dealing_machine_file_that_cannot_hold_the_boards_is_refused_in_the_readers_language(
    client_for, director, club_session
):
    from dealing.services.boards import session_deal_fresh

    session_deal_fresh(session=club_session, user=director, boards=100, queue_analysis=False)
    client = client_for(director)

    def ask(language):
        client.cookies["django_language"] = language
        page = client.post(f"/dealing/sessions/{club_session.pk}/boards/file/dup/", follow=True).content.decode()
        return re.search(r"format dup [^<]*", html.unescape(page))[0]

    _told(
        ask,
        "format dup mieści rozdania 1 … 99; numer rozdania 100 jest za wysoki",
        "format dup holds boards 1 … 99; board 100 is too high",
    )


# --- the deal-set form and API --------------------------------------------------------------

DEAL_SET_ERRORS = [
    (
        {"key": "ab" * 31},
        "key",
        "klucz rozdań to 64 cyfry szesnastkowe (256 bitów), a nie 62",
        "a dealing key is 64 hex digits (256 bits), not 62",
    ),
    (
        {"key": "zz" + "ab" * 31},
        "key",
        "klucz rozdań składa się tylko z cyfr szesnastkowych; 'z' nie jest taką cyfrą",
        "a dealing key is hex digits only; 'z' is not one",
    ),
    (
        {"count": "0"},
        "count",
        "Zestaw może mieć od 1 do 100 milionów rozdań, a nie 0.",
        "A deal set has 1 … 100,000,000 deals, not 0.",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize("change, field, polish, english", DEAL_SET_ERRORS)
def test_deal_set_form_says_a_bad_request_in_the_readers_language(
    client_for, director, club, change, field, polish, english
):
    from dealing.models import DealSet

    client = client_for(director)
    form = {
        "club": club.pk,
        "count": "10",
        "formats": ["pbn"],
        "label": "",
        "key_source": "given",
        "key": "c3" * 32,
        **change,
    }

    def ask(language):
        client.cookies["django_language"] = language
        return _field_error(client.post("/dealing/deal-sets/new/", form), field)

    _told(ask, polish, english)
    assert not DealSet.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("change, field, polish, english", DEAL_SET_ERRORS)
def test_deal_set_api_says_a_bad_request_in_the_requests_language(
    api_client_for, director, club, change, field, polish, english
):
    from dealing.models import DealSet

    api = api_client_for(director)
    request = {"count": 10, "formats": ["pbn"], "key": "c3" * 32, **change}

    def ask(language):
        return _api_error(api.post("/api/v1/deal-sets/", request, format="json", HTTP_ACCEPT_LANGUAGE=language), field)

    _told(ask, polish, english)
    assert not DealSet.objects.exists()


# --- a commitment's delayed value (page and API) --------------------------------------------

DV_ERRORS = [
    (
        "43275.9",
        "wartość odroczona '43275.9' musi mieć dokładnie 2 cyfry po przecinku (decimal:2)",
        "the delayed value '43275.9' must have exactly 2 digits after the decimal point (decimal:2)",
    ),
    (
        "43,2755.91",
        "wartość odroczona '43,2755.91' nie jest liczbą z dokładnie 2 cyframi po przecinku (decimal:2): "
        "separatory tysięcy muszą oddzielać grupy po trzy cyfry",
        "the delayed value '43,2755.91' is not exactly 2 digits after the decimal point (decimal:2): thousands "
        "separators must group three digits",
    ),
    (
        "about 43,000",
        "wartość odroczona 'about 43,000' nie jest liczbą (decimal:2)",
        "the delayed value 'about 43,000' is not a number (decimal:2)",
    ),
]


def _published(club, session, director, boards: int):
    from dealing.services.commitments import commitment_create, commitment_publish

    draft = commitment_create(
        club=club,
        user=director,
        event="Autumn pairs",
        promise="DJIA close 2026-11-20",
        dv_format="decimal:2",
        sessions=[(session, boards)],
    )
    return commitment_publish(commitment=draft, user=director)


@pytest.fixture
def published_commitment(club, club_session, director):
    return _published(club, club_session, director, 24)


@pytest.mark.django_db
@pytest.mark.parametrize("value, polish, english", DV_ERRORS)
def test_delayed_value_page_says_a_wrong_form_in_the_readers_language(
    client_for, director, published_commitment, value, polish, english
):
    client = client_for(director)

    def ask(language):
        client.cookies["django_language"] = language
        return _field_error(
            client.post(f"/dealing/commitments/{published_commitment.pk}/delayed-value/", {"value": value}), "value"
        )

    _told(ask, polish, english)
    published_commitment.refresh_from_db()
    assert not published_commitment.has_dv


@pytest.mark.django_db
@pytest.mark.parametrize("value, polish, english", DV_ERRORS[:1])
def test_delayed_value_api_says_a_wrong_form_in_the_requests_language(
    api_client_for, director, published_commitment, value, polish, english
):
    api = api_client_for(director)

    def ask(language):
        return _api_error(
            api.post(
                f"/api/v1/commitments/{published_commitment.pk}/delayed-value/",
                {"value": value},
                format="json",
                HTTP_ACCEPT_LANGUAGE=language,
            ),
            "delayed_value",
        )

    _told(ask, f"delayed_value: {polish}", f"delayed_value: {english}")  # the API names the field


@pytest.mark.django_db
def test_the_delayed_values_format_is_described_in_the_readers_language(client_for, director, published_commitment):
    client = client_for(director)

    def ask(language):
        client.cookies["django_language"] = language
        page = html.unescape(client.get(f"/dealing/commitments/{published_commitment.pk}/").content.decode())
        return re.search(r"decimal:2 — ([^<]*)</dd>", page)[1]

    _told(
        ask,
        "liczba z dokładnie 2 cyframi po przecinku, np. 43275.91",
        "a number with exactly 2 digits after the decimal point, e.g. 43275.91",
    )


@pytest.mark.django_db
def test_the_audit_page_says_what_it_found_in_the_readers_language(club, club_session, director, auditor, client_for):
    from dealing.domain.numbering import number_to_deal
    from dealing.models import Board
    from dealing.services.boards import session_deal_from_commitment
    from dealing.services.commitments import commitment_enter_dv, commitment_reveal
    from tests.dealing.test_commitments_pages import finish

    draft = _published(club, club_session, director, 3)
    commitment_enter_dv(commitment=draft, user=director, value="43275.91")
    session_deal_from_commitment(session=club_session, user=director, queue_analysis=False)
    finish(club_session)
    revealed = commitment_reveal(commitment=draft, user=director)
    board = Board.objects.get(session=club_session, number=2)
    other = int(board.deal_number) + 1
    Board.objects.filter(pk=board.pk).update(deal_number=str(other), deal_pbn=number_to_deal(other).to_pbn())
    client = client_for(auditor)

    def ask(language):
        client.cookies["django_language"] = language
        page = html.unescape(client.get(f"/dealing/commitments/{revealed.pk}/audit/").content.decode())
        rows = re.findall(r'<tr data-passed="(?:yes|no)">\s*<td>(.*?)</td>.*?<small>(.*?)</small>', page, re.S)
        return [f"{name}: {detail}" for name, detail in rows if "SHA-256" in detail or "N:" in detail]

    hash_ = revealed.commitment_hash
    _told(
        ask,
        [
            f"skrót zobowiązania: SHA-256 zapisu z ujawnionym kluczem to {hash_}, tak jak opublikowano",
            f"rozdania turnieju {revealed.entries.get().label}: rozdanie 2 to {number_to_deal(other).to_pbn()}, "
            f"a zobowiązanie daje {board.deal_pbn}",
        ],
        [
            f"commitment hash: SHA-256 of the record with the revealed key is {hash_}, as published",
            f"deals of {revealed.entries.get().label}: board 2 is {number_to_deal(other).to_pbn()}, the commitment "
            f"gives {board.deal_pbn}",
        ],
    )


@pytest.mark.django_db
def test_a_commitment_the_domain_refuses_is_said_in_the_readers_language(club, club_session, director):
    """What the service passes on from the domain (here boards beyond what a commitment holds, as a caller that skips
    the form's own check would give them) is in the reader's language, and nothing is saved."""
    from django.core.exceptions import ValidationError

    from dealing.models import Commitment
    from dealing.services.commitments import commitment_create

    said = {}
    for language in ("pl", "en"):
        with translation.override(language), pytest.raises(ValidationError) as info:
            commitment_create(
                club=club,
                user=director,
                event="Autumn pairs",
                promise="DJIA close 2026-11-20",
                dv_format="decimal:2",
                sessions=[(club_session, 1000)],
            )
        said[language] = info.value.message_dict["sessions"]
    label = f"{club.slug}/{club_session.date:%Y-%m-%d}/s{club_session.pk}"
    assert said == {
        "pl": [f"turniej {label}: liczba rozdań musi wynosić od 1 do 999, a nie 1000"],
        "en": [f"session {label}: the number of boards must be 1 … 999, not 1000"],
    }
    assert not Commitment.objects.exists()
