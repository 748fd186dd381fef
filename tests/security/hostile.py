"""The machinery of the hostile-input tests (``test_hostile_files.py``, ``test_hostile_forms.py``).

* **Seeds**: real valid inputs, read in place — the golden files in ``tests/data`` and the real
  events in the shared data (``settings.SHARED_DATA_DIR``, never copied) — cut to a few boards so
  a parser takes about a millisecond.
* **Mutations** (:func:`mutate`, drawn from one ``Random``; :func:`mutated` is its strategy): byte
  flips, deletions, insertions of the format's own tokens, raw bytes and unicode, duplicated, dropped, swapped and truncated lines, swapped words (tags),
  CRLF/LF/CR changes, numbers replaced by numbers at the edges (0, -1, 2**31, 2**63, 5,000 digits,
  ``²``, ``٣``, ``1e999999999``).
* **Refusals** (:func:`check_refusal`): a parser may refuse only with its domain's error
  (``DealingError``, ``ScoringError``, the verifier's own), whose message is not empty, which
  carries its ``Text`` (so the page says it in Polish too: it is rendered in Polish here) and,
  where the parser reads lines, names the line — unless the error is about the whole file
  (its codes are listed per parser).
* **Batches** (:func:`batched`): fifty inputs a Hypothesis example, so its engine's cost is paid once for
  fifty; :func:`fed` counts an input and shows it with a failure.
* **Counting** (:data:`FED`): every input fed is counted by parser; ``conftest.py`` prints the
  counts and the last test of ``test_hostile_files.py`` checks the total.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from django.conf import settings as django_settings
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
BIGDEAL = DATA / "bigdeal"
EVENTS = Path(django_settings.SHARED_DATA_DIR) / "data" / "events"
WBG = EVENTS / "squaredeal-wbg2024"

#: inputs fed per parser (test name → count), for the summary and the total's check
FED: Counter = Counter()

#: What a run must feed in total (issue 13).
TOTAL_REQUIRED = 100_000


def feed(name: str) -> None:
    FED[name] += 1


def fed(parser: str, kind: str, check, raw, **arguments) -> None:
    """``check(raw, **arguments)``, counted as one input of ``parser`` of this kind; a failure shows the input."""
    feed(f"{parser} {kind}")
    try:
        check(raw, **arguments)
    except Exception as exc:
        exc.add_note(f"{parser} {kind} input: {raw!r}" + "".join(f", {k}={v!r}" for k, v in arguments.items()))
        raise


def hostile_settings(examples: int) -> settings:
    """Hypothesis settings of a hostile-input test: no example database (a run does not depend on the
    last), no deadline (the machine may be busy), the health checks that big seeds trip off."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
            HealthCheck.filter_too_much,
        ],
    )


# --- seeds --------------------------------------------------------------------------------------


def read(path: Path) -> bytes:
    return Path(path).read_bytes()


def first_lines(data: bytes, count: int) -> bytes:
    return b"".join(data.splitlines(keepends=True)[:count])


def first_games(data: bytes, count: int) -> bytes:
    """The header and the first ``count`` games of a PBN file (games end at a blank line)."""
    games = re.split(rb"(?:\r?\n){2,}", data)
    return b"\n\n".join(games[:count]) + b"\n"


def first_elements(text: bytes, tag: bytes, count: int) -> bytes:
    """An XML file with only the first ``count`` ``<tag>…</tag>`` elements of each parent kept."""
    pattern = re.compile(rb"<" + tag + rb"(?:\s[^>]*)?>.*?</" + tag + rb">\s*", re.S)
    seen = 0

    def keep(match: re.Match) -> bytes:
        nonlocal seen
        seen += 1
        return match[0] if seen <= count else b""

    return pattern.sub(keep, text)


# --- mutations ----------------------------------------------------------------------------------

#: numbers at the edges, as text
EDGE_NUMBERS = ["0", "-1", "00", "+1", "1", "13", "14", "52", "53", "99", "100", "255", "256", "32767", "32768",
                "65536", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
                "18446744073709551616", "1" * 40, "9" * 5000, "1e999999999", "1E-999999999", "1.5", "1,5", "-0",
                "0x10", "NaN", "inf", "-inf", "1_000", "²", "٣", "൧൦", "１２", "Ⅻ", "½", " 7 ", "007", ""]  # fmt: skip
#: characters and strings no file should break a reader on
UNICODE = ["\x00", "\x7f", "\ufeff", "\u200b", "\u202e", "\ud7ff", "\ufffd", "é", "ł", "ß", "İ", "ﬁ", "Σ", "♠", "♥",
           "♦", "♣", "×", "\u0301", "𝔸", "😀", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\t", "\\", "\"", "'",
           "<", ">", "&", "&amp;", "&#0;", "&#xD800;", "]]>", "%", "%2C", "%ZZ", "{", "}", "[", "]", ";", "#", "##",
           "|", ":", ",", "=", "\r", "\n", "\r\n"]  # fmt: skip
#: raw bytes that are not UTF-8, or are odd in it
RAW_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80",
             b"\xef\xbb\xbf", b"\x00\x00", b"\xa0", b"\xc0\xaf"]  # fmt: skip

_NUMBER = re.compile(rb"\d+")
_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")


def _encoded(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def chars(alphabet: str, min_size: int = 0, max_size: int = 12):
    """Text of ``alphabet``'s characters in one draw (a text strategy draws once a character: too slow here)."""
    return st.binary(min_size=min_size, max_size=max_size).map(
        lambda b: "".join(alphabet[x % len(alphabet)] for x in b)
    )


#: any text, in one draw: bytes read as UTF-8 (what does not decode becomes U+FFFD) or as Latin-1
any_text = st.one_of(
    st.binary(max_size=16).map(lambda b: b.decode("utf-8", "replace")),
    st.binary(max_size=16).map(lambda b: b.decode("latin-1")),
)
#: what an insertion may insert besides the format's own tokens: unicode, raw bytes, edge numbers
_ODD_PIECES = [_encoded(u) for u in UNICODE] + RAW_BYTES + [_encoded(n) for n in EDGE_NUMBERS]


def _piece(r: random.Random, tokens: tuple[bytes, ...]) -> bytes:
    """What an insertion inserts: the format's tokens, unicode, raw bytes, edge numbers, any bytes."""
    source = r.randrange(3) if tokens else r.randrange(1, 3)
    if source == 0:
        return r.choice(tokens)
    if source == 1:
        return r.choice(_ODD_PIECES)
    return r.randbytes(r.randint(1, 8))


def _place(r: random.Random, size: int) -> int:
    """A position in ``size`` bytes: either end a time in five (where readers most often slip), else anywhere."""
    if size <= 0:
        return 0
    if r.random() < 0.2:
        return r.choice((0, size - 1))
    return r.randrange(size)


_EDITS = ["flip", "set", "delete", "insert", "insert", "number", "number", "line_dup", "line_drop", "line_swap",
          "truncate", "newlines", "word_swap", "word_set", "repeat"]  # fmt: skip


def mutate(r: random.Random, seeds: list[bytes], tokens=(), max_edits: int = 4) -> bytes:
    """One of ``seeds`` damaged by 1 … ``max_edits`` edits drawn from ``r`` (see the module's docstring)."""
    tokens = tuple(t if isinstance(t, bytes) else _encoded(t) for t in tokens)
    data = bytearray(r.choice(seeds))
    for _ in range(r.randint(1, max_edits)):
        kind = r.choice(_EDITS)
        at = _place(r, len(data))
        if kind == "flip" and data:
            data[at] ^= 1 << r.randrange(8)
        elif kind == "set" and data:
            data[at] = r.randrange(256)
        elif kind == "delete" and data:
            del data[at : at + r.randint(1, 40)]
        elif kind == "insert":
            data[at:at] = _piece(r, tokens)
        elif kind == "number":
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                match = r.choice(numbers)
                data[match.start() : match.end()] = _encoded(r.choice(EDGE_NUMBERS))
        elif kind == "truncate":
            del data[at:]
        elif kind == "newlines":
            text = bytes(data)
            change = r.choice(["crlf", "lf", "cr", "mixed", "none"])
            if change == "crlf":
                text = text.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
            elif change == "lf":
                text = text.replace(b"\r\n", b"\n")
            elif change == "cr":
                text = text.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
            elif change == "mixed":
                text = text.replace(b"\n", b"\r\n", r.randint(1, 5))
            else:
                text = text.replace(b"\r", b"").replace(b"\n", b" ")
            data = bytearray(text)
        elif kind in ("line_dup", "line_drop", "line_swap"):
            lines = bytes(data).splitlines(keepends=True)
            if lines:
                i = r.randrange(len(lines))
                if kind == "line_dup":
                    lines.insert(i, lines[i])
                elif kind == "line_drop":
                    del lines[i]
                else:
                    j = r.randrange(len(lines))
                    lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"".join(lines))
        elif kind in ("word_swap", "word_set"):
            words = list(_WORD.finditer(data))
            if words:
                a = r.choice(words)
                if kind == "word_set":
                    data[a.start() : a.end()] = _piece(r, tokens)
                else:
                    b = r.choice(words)
                    if b.start() < a.start():
                        a, b = b, a
                    if a.end() <= b.start():
                        data[b.start() : b.end()], data[a.start() : a.end()] = a[0], b[0]
        elif kind == "repeat" and data:
            piece = bytes(data[at : at + r.randint(1, 60)])
            data[at:at] = piece * r.randint(2, 50)
    return bytes(data)


def randoms() -> st.SearchStrategy:
    """One ``Random`` in one Hypothesis draw (16 random bytes seed it: Hypothesis draws integers near the edges
    often, and a seed drawn twice is an input fed twice)."""
    return st.binary(min_size=16, max_size=16).map(random.Random)


def mutated(seeds: list[bytes], tokens=(), max_edits: int = 4) -> st.SearchStrategy:
    """The strategy of :func:`mutate`: one draw an input (the forms' fields take it as any other strategy)."""
    return randoms().map(lambda r: mutate(r, seeds, tokens, max_edits))


#: Inputs fed a Hypothesis example by :func:`batched`: Hypothesis's engine costs about 2 ms an example on this
#: machine, more than most parsers take for an input, so it is paid once for ``BATCH`` inputs. Every count in
#: ``EXAMPLES`` is a multiple of it.
BATCH = 50


def batched(examples: int, run_one: Callable[[random.Random], None]) -> Callable[[], None]:
    """A Hypothesis test feeding ``examples`` inputs in batches: each example draws one ``Random`` and calls
    ``run_one(r)`` ``BATCH`` times; an input that fails is noted (``run_one`` notes it) and Hypothesis reports the
    seed that replays its batch."""
    from hypothesis import given

    @hostile_settings(max(1, -(-examples // BATCH)))
    @given(r=randoms())
    def run(r):
        for _ in range(min(BATCH, examples)):
            run_one(r)

    return run


def as_text(data: bytes) -> str:
    """What a page's text field would receive for these bytes (forms and APIs take text)."""
    return data.decode("utf-8", "replace")


# --- refusals -----------------------------------------------------------------------------------


def codes(text) -> list[str]:
    return [inner.code for inner in text.texts()] if text is not None else []


def said_in_polish(exc: Exception) -> str:
    """The error as the site says it in Polish (every code has a Polish renderer; rendering must not fail)."""
    from django.utils import translation

    from clubsite.texts import error_message

    with translation.override("pl"):
        return error_message(exc)


def check_refusal(
    exc: Exception, *, lines: bool = False, whole_file: frozenset[str] = frozenset(), text_required: bool = True
) -> None:
    """A clear refusal: a message, its ``Text`` said in Polish too, and the line named when the parser reads lines
    (unless the error's codes say it is about the whole file: ``whole_file``)."""
    message = str(exc)
    assert message.strip(), f"{type(exc).__name__} with an empty message"
    text = getattr(exc, "text", None)
    if text_required:
        assert text is not None, f"no Text to say in Polish: {message}"
    if text is not None:
        assert said_in_polish(exc).strip(), f"nothing said in Polish for {codes(text)}: {message}"
    if lines and not names_a_line(exc):
        found = set(codes(text))
        assert found & whole_file, f"names no line, and {sorted(found)} is not about the whole file: {message}"


def names_a_line(exc: Exception) -> bool:
    """Does the error say a line: its own ``line``, or a text within it (``records.file`` wraps ``line 7: …``)?"""
    if getattr(exc, "line", None) is not None:
        return True
    text = getattr(exc, "text", None)
    return text is not None and any(inner.params.get("line") is not None for inner in text.texts())
