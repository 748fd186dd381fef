"""The pure-Python RIPEMD-160 fallback agrees with OpenSSL's (and with the published vectors)."""

import hashlib

import pytest

from dealing.domain import ripemd160 as rmd

# Test vectors from the RIPEMD-160 paper (Dobbertin, Bosselaers, Preneel 1996).
PAPER_VECTORS = [
    (b"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
    (b"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
    (b"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
    (b"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
    (b"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
    (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
    (b"1234567890" * 8, "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
    (b"a" * 1_000_000, "52783243c1697bdbe16d37f97f68f08325dc1528"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("message", "digest"), PAPER_VECTORS, ids=lambda v: repr(v)[:20])
def test_pure_implementation_matches_published_vectors(message, digest):
    assert rmd.ripemd160_pure(message).hex() == digest


@pytest.mark.skipif(not rmd.hashlib_has_ripemd160(), reason="this OpenSSL build has no RIPEMD-160 to compare with")
def test_pure_and_hashlib_agree_on_every_length_around_the_block_size():
    for length in range(200):
        message = bytes((7 * k + 3 * length) % 256 for k in range(length))
        assert rmd.ripemd160_pure(message) == hashlib.new("ripemd160", message).digest(), length


@pytest.mark.skipif(not rmd.hashlib_has_ripemd160(), reason="this OpenSSL build has no RIPEMD-160 to compare with")
def test_pure_and_hashlib_agree_on_bigdeal_shaped_messages():
    # BigDeal hashes 44-byte messages: 4-byte counter, 20-byte seed, 20-byte owner hash.
    for seq in range(1, 300):
        message = seq.to_bytes(4, "little") + hashlib.sha1(b"seed").digest() + hashlib.sha1(b"owner").digest()
        assert rmd.ripemd160_pure(message) == hashlib.new("ripemd160", message).digest()


def test_dispatcher_uses_the_fallback_when_hashlib_lacks_ripemd160(monkeypatch):
    monkeypatch.setattr(rmd, "_HAVE_HASHLIB", False)

    def refuse(*args, **kwargs):  # pragma: no cover - must not be reached
        raise AssertionError("hashlib must not be called")

    monkeypatch.setattr(rmd.hashlib, "new", refuse)
    assert rmd.ripemd160(b"abc").hex() == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
