"""Damaged files never crash a reader: whatever the edit, the result is the deals or a
DealingError (which commands and pages turn into a message), never another exception; and the
error carries its message as data (a ``Text``), so the import page says it in Polish too."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings as django_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.errors import BridgeError
from dealing.domain.formats import read_deals

REPO = Path(__file__).resolve().parents[4]
EVENTS = django_settings.SHARED_DATA_DIR / "data" / "events"
SOURCES = {
    "pbn": EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn",
    "dup": REPO / "tests" / "data" / "bigdeal" / "three" / "three.dup",
    "dlm": REPO / "tests" / "data" / "bigdeal" / "three" / "three.dlm",
    "lin": REPO / "tests" / "data" / "bigdeal" / "three" / "three.lin",
    "csv": REPO / "tests" / "data" / "bigdeal" / "three" / "three.csv",
}
TOKENS = b'[]{}";%#\\\r\n ANESWTJ0123456789-.:,|=\xff'

edits = st.lists(
    st.tuples(
        st.sampled_from(["set", "delete", "insert"]),
        st.floats(0, 1),
        st.integers(1, 30),
        st.binary(min_size=1, max_size=5).map(lambda b: bytes(TOKENS[x % len(TOKENS)] for x in b)),
    ),
    min_size=1,
    max_size=6,
)


def _damage(data: bytes, changes) -> bytes:
    out = bytearray(data)
    for kind, where, length, text in changes:
        i = min(int(where * len(out)), max(len(out) - 1, 0))
        if kind == "set" and out:
            out[i] = text[0]
        elif kind == "delete":
            del out[i : i + length]
        else:
            out[i:i] = text
    return bytes(out)


@pytest.mark.parametrize("fmt", list(SOURCES))
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(changes=edits)
def test_damaged_file_gives_deals_or_a_dealing_error(fmt, changes):
    data = SOURCES[fmt].read_bytes()[:6000]
    try:
        read_deals(fmt, _damage(data, changes))
    except BridgeError as exc:
        assert exc.text is not None, f"no Text to say in Polish: {exc}"  # clubsite.texts says every Text
