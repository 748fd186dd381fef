"""BigDeal-exact dealing: constants, Gödel numbering, counter mode, board ranges, fast path."""

import base64
import hashlib
import math
from pathlib import Path

import numpy as np
import pytest
from django.conf import settings

from bridge.cards import Deal, Seat, Vulnerability
from bridge.errors import BridgeError
from dealing.domain import bigdeal as bd
from dealing.domain.ripemd160 import ripemd160_pure

WBG = settings.SHARED_DATA_DIR / "data" / "events" / "squaredeal-wbg2024"


def sample_numbers(count: int, salt: bytes = b"") -> list[int]:
    """Deterministic, well-spread numbers in 0 … D-1 (from SHA-256; no `random` module)."""
    out = []
    k = 0
    while len(out) < count:
        x = int.from_bytes(hashlib.sha256(salt + k.to_bytes(8, "big")).digest()[:12], "big")
        k += 1
        if x < bd.D:
            out.append(x)
    return out


def test_d_is_the_number_of_deals():
    assert bd.D == math.factorial(52) // math.factorial(13) ** 4 == 53644737765488792839237440000


@pytest.mark.parametrize(
    ("number", "pbn"),
    [
        (0, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
        (bd.D - 1, "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."),
        # spec §1.4: BigDeal's number differs from Pavlicek's; its North hand for this number
        (12345678901234567890123456789, "N:A5.AK.AKQ5.AKQ93 94.9543.92.J6542 KJT87.J2.JT763.8 Q632.QT876.84.T7"),
    ],
)
def test_godel_numbering_known_points(number, pbn):
    assert bd.godel_to_deal(number).to_pbn() == pbn
    assert bd.deal_to_godel(Deal.from_pbn(pbn)) == number


def test_godel_numbering_small_numbers_move_the_last_cards_first():
    # g = 1: South and West swap the lowest club/diamond boundary cards; North keeps all spades.
    deal = bd.godel_to_deal(1)
    assert deal.hand(Seat.NORTH).to_pbn() == "AKQJT98765432..."
    assert deal.hand(Seat.EAST).to_pbn() == ".AKQJT98765432.."
    assert deal != bd.godel_to_deal(0)


def test_godel_round_trips_on_many_numbers():
    for g in sample_numbers(3000, b"godel"):
        assert bd.deal_to_godel(bd.godel_to_deal(g)) == g


def test_godel_is_a_bijection_on_a_window():
    # Distinct numbers give distinct deals (a window at each end and in the middle).
    for base in (0, bd.D // 2, bd.D - 500):
        deals = {bd.godel_to_deal(g) for g in range(base, base + 500)}
        assert len(deals) == 500


@pytest.mark.parametrize("bad", [-1, bd.D, bd.D + 5, 1.5, "12", True])
def test_godel_rejects_numbers_outside_the_range(bad):
    with pytest.raises(BridgeError):
        bd.godel_to_deal(bad)


def test_seed_from_hex_reads_either_case():
    assert bd.seed_from_hex("AbCdEf" + "0" * 34) == bytes.fromhex("abcdef" + "0" * 34)


@pytest.mark.parametrize(("text", "message"), [("00" * 19, "not 38"), ("0" * 41, "not 41"), ("g" + "0" * 39, "'g'")])
def test_seed_from_hex_says_what_is_wrong(text, message):
    with pytest.raises(BridgeError, match=message):
        bd.seed_from_hex(text)


def test_owner_and_entropy_hashes_are_plain_ripemd160():
    assert bd.owner_hash("Identification of owner or tournament") == ripemd160_pure(
        b"Identification of owner or tournament"
    )
    assert bd.seed_random_from_entropy(["abc", b"def"]) == ripemd160_pure(b"abcdef")


def test_counter_starts_at_one_and_rejects_candidates_at_or_above_d():
    seed, owner = bd.seed_from_hex("11" * 20), bd.owner_hash("x")
    numbers = bd.bigdeal_numbers(seed, owner, 40)
    candidates = [bd.bigdeal_candidate(seed, owner, seq) for seq in range(1, 120)]
    assert numbers == [g for g in candidates if g < bd.D][:40]
    assert any(g >= bd.D for g in candidates[:60])  # rejection really happened in this window


def test_a_board_range_restarts_the_counter():
    seed, owner = bd.seed_from_hex("ab" * 20), bd.owner_hash("club")
    first16 = bd.bigdeal_deals(seed, owner, 1, 16)
    second = bd.bigdeal_deals(seed, owner, 17, 32)
    assert [board for board, _ in second] == list(range(17, 33))
    assert [deal for _, deal in second] == [deal for _, deal in first16]


@pytest.mark.parametrize(("lo", "hi"), [(0, 3), (5, 4), (1, bd.MAX_BOARDS + 1)])
def test_bad_board_ranges_are_refused(lo, hi):
    with pytest.raises(BridgeError):
        bd.bigdeal_deals(bd.seed_from_hex("00" * 20), bd.owner_hash("x"), lo, hi)


def test_board_attributes_follow_bigdeal_tables():
    # output.c: dealer "WNES"[board % 4]; vulnerability {None,NS,EW,All}[vuln_index[board % 16]]
    vuln_index = [2, 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1]
    for board in range(1, 65):
        dealer, vul = bd.bigdeal_board_attributes(board)
        assert dealer.letter == "WNES"[board % 4]
        assert (
            vul == [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH][vuln_index[board % 16]]
        )


def test_first_wbg_session_of_the_mixed_teams_regenerates():
    # SquareDeal phase 3 (Mixed RR), session 1, boards 1-10; the file lists phases by file name.
    keys = dict(line.split(":", 1) for line in (WBG / "WBG2024.sqk").read_text().split())
    key = keys["3,1"]
    entropy = key[30:] + base64.b64encode(b"43275.91").decode() + "original"
    deals = bd.bigdeal_deals(bd.seed_random_from_entropy([entropy]), bd.owner_hash(key[:30]), 1, 10)
    actual = (WBG / "allpbn.actual").read_text().splitlines()
    assert [deal.to_pbn() for _, deal in deals] == ["N:" + line for line in actual[96:106]]


def test_fast_path_agrees_with_the_reference():
    seed, owner = bd.seed_random_from_entropy(["fast path"]), bd.owner_hash("agreement")
    count = 3000
    numbers, owners = bd.bigdeal_arrays(seed, owner, count)
    assert numbers.shape == (count, 12) and owners.shape == (count, 52)
    assert numbers.dtype == np.uint8 and owners.dtype == np.uint8
    reference = bd.bigdeal_numbers(seed, owner, count)
    assert [int.from_bytes(row.tobytes(), "big") for row in numbers] == reference
    for k in range(0, count, 97):
        assert tuple(owners[k]) == tuple(int(s) for s in bd.godel_to_deal(reference[k]).owners)
    # every row is a real deal: 13 cards per seat
    assert (np.stack([(owners == s).sum(axis=1) for s in range(4)]) == 13).all()


def test_fast_decoder_agrees_on_extremes_and_many_numbers():
    numbers = [0, 1, bd.D - 1, bd.D - 2] + sample_numbers(20000, b"fast-godel")
    owners = bd.godel_to_owners_array(numbers)
    for k, g in enumerate(numbers):
        if k < 4 or k % 50 == 0:
            assert list(owners[k]) == bd.godel_to_owners(g)
    assert [bd.deal_to_godel(Deal(row)) for row in owners[::997]] == numbers[::997]


@pytest.mark.slow
def test_fast_decoder_agrees_deal_for_deal_on_20000_numbers():
    """Every row of the card-by-card decoder (eight deals side by side, with a short last group)
    against the reference's hand-by-hand search."""
    numbers = sample_numbers(20003, b"every row")
    owners = bd.godel_to_owners_array(numbers)
    assert [list(row) for row in owners.tolist()] == [bd.godel_to_owners(g) for g in numbers]


@pytest.mark.parametrize(("count", "chunk", "threads"), [(1000, 64, 2), (1000, 100, 3), (192, 64, 4), (50, 64, 2)])
def test_threaded_chunks_are_the_same_deals_in_order(count, chunk, threads):
    seed, owner = bd.seed_random_from_entropy(["threads"]), bd.owner_hash("in order")
    numbers, owners = bd.bigdeal_arrays(seed, owner, count)
    parts = list(bd.bigdeal_chunks(seed, owner, count, chunk=chunk, threads=threads))
    assert all(0 < len(n) <= chunk for n, _ in parts)
    assert (np.concatenate([n for n, _ in parts]) == numbers).all()
    assert (np.concatenate([o for _, o in parts]) == owners).all()


def test_fast_path_with_zero_deals():
    numbers, owners = bd.bigdeal_arrays(bd.seed_from_hex("00" * 20), bd.owner_hash("x"), 0)
    assert numbers.shape == (0, 12) and owners.shape == (0, 52)


# Golden files written by the real bigdealx 2.0 (tests/data/bigdeal/README.md describes the runs).
GOLDEN = Path(__file__).resolve().parents[2] / "data" / "bigdeal"


def _goe(path: Path) -> list[int]:
    return [int(line.replace(",", "").strip()) for line in path.read_text().splitlines() if line.strip()]


def _pbn_deals(path: Path) -> list[tuple[int, str]]:
    boards, deals = [], []
    for line in path.read_text().splitlines():
        if line.startswith("[Board "):
            boards.append(int(line.split('"')[1]))
        elif line.startswith("[Deal "):
            deals.append(line.split('"')[1])
    return list(zip(boards, deals))


def test_real_bigdealx_wizard_mode_with_two_entropy_strings():
    seed = bd.seed_random_from_entropy(["entropy one", "entropy two"])
    owner = bd.owner_hash("Test Club Owner")
    assert bd.bigdeal_numbers(seed, owner, 32) == _goe(GOLDEN / "wizard32" / "wizard32blind.goe")
    assert [(b, d.to_pbn()) for b, d in bd.bigdeal_deals(seed, owner, 1, 32)] == _pbn_deals(
        GOLDEN / "wizard32" / "wizard32.pbn"
    )


def test_real_bigdealx_hex_seed_owner_from_rc_and_a_board_range():
    seed = bd.seed_from_hex("0123456789abcdefFEDCBA9876543210DeadBeef")
    owner = bd.owner_hash("Welwyn Garden City Bridge Club")
    assert bd.bigdeal_numbers(seed, owner, 16) == _goe(GOLDEN / "range17" / "range17blind.goe")
    assert [(b, d.to_pbn()) for b, d in bd.bigdeal_deals(seed, owner, 17, 32)] == _pbn_deals(
        GOLDEN / "range17" / "range17.pbn"
    )


def test_real_bigdealx_default_owner():
    seed = bd.seed_random_from_entropy(["abc"])
    assert bd.bigdeal_numbers(seed, bd.owner_hash(bd.DEFAULT_OWNER), 3) == _goe(GOLDEN / "three" / "threeblind.goe")


def test_real_bigdealx_thousand_boards_fast_path():
    seed, owner = bd.seed_random_from_entropy(["one thousand"]), bd.owner_hash("Big Run")
    numbers, owners = bd.bigdeal_arrays(seed, owner, 1000)
    golden = _goe(GOLDEN / "big" / "big.goe")
    assert [int.from_bytes(row.tobytes(), "big") for row in numbers] == golden
    assert [bd.deal_to_godel(Deal(row)) for row in owners] == golden
