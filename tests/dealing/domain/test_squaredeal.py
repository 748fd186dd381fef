"""SquareDeal: the World Bridge Games 2024 commitment verifies and all 1,186 deals regenerate."""

import base64
from dataclasses import replace

import pytest
from django.conf import settings

from bridge.errors import BridgeError
from dealing.domain import squaredeal as sq
from dealing.domain.bigdeal import bigdeal_deals, owner_hash, seed_random_from_entropy

WBG = settings.SHARED_DATA_DIR / "data" / "events" / "squaredeal-wbg2024"


@pytest.fixture(scope="module")
def wbg():
    return sq.read_sqd((WBG / "WBG2024.sqd").read_bytes()), sq.read_sqk((WBG / "WBG2024.sqk").read_bytes())


def all_deals_in_file_order(tournament, keys):
    """Every session's deals; allpbn.* concatenates the session files sorted by file name."""
    sessions = sorted(
        (phase.file_name(s), phase.number, s) for phase in tournament.phases for s in range(1, phase.sessions + 1)
    )
    lines = []
    for _, phase, session in sessions:
        lines += [deal.to_pbn()[2:] for _, deal in sq.session_deals(tournament, keys, phase, session)]
    return lines


def test_the_description_file_is_read(wbg):
    tournament, keys = wbg
    assert tournament.name == "World Bridge Games 2024"
    assert tournament.delayed_info == "DJI1910" and tournament.delayed_value == "43275.91"
    assert [p.sessions for p in tournament.phases] == [17, 23, 29, 3, 6, 6, 6]
    assert tournament.phases[2].board_range(3) == (21, 30)
    assert tournament.phases[0].file_name(7) == "OPRR07" and tournament.phases[3].file_name(2) == "R162"
    assert tournament.key_hash == "bd4a46bea10ad8d20abd580f6be8869ef7772191ee9f6851cb1ab25df52a573e"
    assert tournament.key_hash_line == 15
    assert len(keys.keys) == 90 and all(len(k) == 60 for k in keys.keys.values())


def test_the_key_file_matches_the_published_hash(wbg):
    tournament, keys = wbg
    check = sq.verify_keys(tournament, keys)
    assert check.key_hash == tournament.key_hash and not check.normalised_line_ends
    assert check.sessions == 90


def test_a_copy_with_lf_line_ends_still_verifies_as_squaredeal_does(wbg):
    tournament, keys = wbg
    lf = sq.read_sqk(keys.raw.replace(b"\r\n", b"\n"))
    assert sq.verify_keys(tournament, lf).normalised_line_ends


@pytest.mark.parametrize("offset", [0, 100, 2500, 5981])
def test_one_changed_byte_is_rejected(wbg, offset):
    tournament, keys = wbg
    raw = bytearray(keys.raw)
    raw[offset] = ord("X") if raw[offset] != ord("X") else ord("Y")
    with pytest.raises(BridgeError) as info:
        sq.verify_keys(tournament, sq.read_sqk(bytes(raw)))
    # a key changed in place: the commitment (KH, line 15 of the .sqd) fails; a broken line
    # structure (offset 0 is the phase digit, 5981 the last line end) is refused with its line
    assert "line " in str(info.value)
    if 0 < offset < 5981:
        assert "does not match" in str(info.value) and "line 15" in str(info.value)


def test_a_changed_byte_that_breaks_a_key_names_its_line(wbg):
    tournament, keys = wbg
    lines = keys.raw.split(b"\r\n")
    lines[6] = lines[6][:20] + b"!" + lines[6][21:]
    with pytest.raises(BridgeError, match=r"line 7 \(1,7"):
        sq.verify_keys(tournament, sq.read_sqk(b"\r\n".join(lines)))


def test_all_1186_wbg_deals_regenerate(wbg):
    tournament, keys = wbg
    actual = (WBG / "allpbn.actual").read_text().splitlines()
    assert len(actual) == 1186
    assert all_deals_in_file_order(tournament, keys) == actual


@pytest.mark.parametrize(("name", "value"), [("allpbn.plusone", "43275.92"), ("allpbn.minusone", "43275.90")])
def test_the_dv_control_files_are_reproduced_and_told_apart(wbg, name, value):
    tournament, keys = wbg
    control = (WBG / name).read_text().splitlines()
    actual = (WBG / "allpbn.actual").read_text().splitlines()
    regenerated = all_deals_in_file_order(replace(tournament, delayed_value=value), keys)
    assert regenerated == control
    # a different DV changes every deal: not one of the 1,186 coincides with the real set
    assert sum(a == b for a, b in zip(control, actual)) == 0


def test_reserve_sets_differ_and_follow_the_recipe(wbg):
    tournament, keys = wbg
    key = keys.key(7, 1)
    reserve = sq.session_deals(tournament, keys, 7, 1, reserve=True)
    entropy = key[30:] + base64.b64encode(b"43275.91").decode() + "reserve"
    assert reserve == bigdeal_deals(seed_random_from_entropy([entropy]), owner_hash(key[:30]), 1, 16)
    assert reserve != sq.session_deals(tournament, keys, 7, 1)


def test_open_ended_phases_use_one_key_and_the_session_number():
    tournament, sqd, sqk = sq.create_tournament("Club league", "DJI close 1 June", [(0, "3x8", "LG", "League")])
    assert tournament.phases[0].boards == "1-8,9-16,17-24"
    keys = sq.read_sqk(sqk)
    assert list(keys.keys) == [(1, 0)]
    published = replace(tournament, delayed_value="40000.00")
    s1 = sq.session_deals(published, keys, 1, 1)
    s5 = sq.session_deals(published, keys, 1, 5)
    assert [b for b, _ in s5] == list(range(9, 17))  # session 5 → second range of the cycle
    key = keys.key(1, 0)
    entropy = [key[30:], base64.b64encode(b"40000.00").decode(), "original", "ses5"]
    assert s5 == bigdeal_deals(seed_random_from_entropy(entropy), owner_hash(key[:30]), 9, 16)
    assert s1[0][1] != s5[0][1]


def test_create_writes_a_pair_that_verifies_and_deals():
    tournament, sqd, sqk = sq.create_tournament(
        "Spring Pairs", "Dow Jones close 2 May", [(3, "1-14,15-28", "SP#", "Session"), (1, "24", "FINAL", "Final")]
    )
    assert sqd.endswith(b"\r\n") and b"\r\nKH " in sqd
    assert sq.read_sqd(sqd) == tournament and sq.read_sqd(sqd).key_hash_line == 9
    keys = sq.read_sqk(sqk)
    assert sorted(keys.keys) == [(1, 1), (1, 2), (1, 3), (2, 1)]
    assert all(len(k) == 60 and k.isalnum() and k.isascii() for k in keys.keys.values())
    assert len(set(keys.keys.values())) == 4
    assert sqk.count(b"\r\n") == 4
    read = sq.read_sqd(sqd)
    assert sq.verify_keys(read, keys).sessions == 4
    assert read.phases[0].description == "Session #/3" and read.phases[0].prefix == "SP#"
    with pytest.raises(BridgeError, match="no DV"):
        sq.session_deals(read, keys, 1, 1)
    dealt = sq.session_deals(read.with_delayed_value(" 36 120,55 "), keys, 1, 2)
    assert [b for b, _ in dealt] == list(range(15, 29))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("", "DI", [(1, "16", "A", "a")]), "name"),
        (("T", "DI", []), "at least one phase"),
        (("T", "DI", [(1, "1-x", "A", "a")]), "not a board range"),
        (("T", "DI", [(2, "16", "9A", "a")]), "prefix"),
        (("T", "DI", [(2, "16", "A#B#", "a")]), "prefix"),
        (("T", "DI", [(-1, "16", "A", "a")]), "≥ 0"),
        (("T", "DI", [(2, "16", "A", "a"), (2, "16", "A", "b")]), "already used"),
    ],
)
def test_create_refuses_bad_descriptions(args, message):
    with pytest.raises(BridgeError, match=message):
        sq.create_tournament(*args)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"TN x\r\nSN 2:16:A\r\n", "line 2: SN needs"),
        (b"TN x\r\nSN z:16:A:d\r\n", "line 2"),
        (b"TN x\r\nXX y\r\n", "line 2: unknown line"),
        (b"SN 1:16:A:a\r\n", "no TN"),
        (b"TN x\r\nSN 1:16:A:a\r\nKH 12\r\n", "line 3: KH must be"),
    ],
)
def test_bad_description_files_name_the_line(text, message):
    with pytest.raises(BridgeError, match=message):
        sq.read_sqd(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"1,1:abc\r\nnonsense\r\n", "line 2"),
        (b"1,1:abc\r\n1,1:def\r\n", "line 2: .*second key"),
        (b"1,1:\r\n", "line 1: .*empty key"),
        (b"", "no keys"),
    ],
)
def test_bad_key_files_name_the_line(text, message):
    with pytest.raises(BridgeError, match=message):
        sq.read_sqk(text)


def test_session_and_phase_out_of_range(wbg):
    tournament, keys = wbg
    with pytest.raises(BridgeError, match="has 3 sessions, not 4"):
        sq.session_deals(tournament, keys, 4, 4)
    with pytest.raises(BridgeError, match="phases 1 … 7"):
        sq.session_deals(tournament, keys, 8, 1)
    with pytest.raises(BridgeError, match="no KH"):
        sq.verify_keys(replace(tournament, key_hash=None), keys)
