"""The machinery of the hostile-fields tests (``test_hostile_forms.py``, ``test_hostile_forms_more.py``): the values
a field is fed, and what a refusal must be.

* **Values**: any hostile text (unicode, numbers at the edges, NUL, 5,000 digits, markup, SQL), text built by the
  files' grammar (``grammar.Maker``), numbers, the scorer's shorthand (generated and mutated).
* **Refusals**: never a server error; a refusal is a 4xx, the form again or a redirect carrying an error message,
  and it says why (:func:`says_why`, :func:`said`); the rows the request could have written are counted before and
  after (:func:`counts`), and a refused request wrote none (:func:`answered`). A refusal said in English is said in
  Polish too (:func:`said_in_polish_too`: the same request sent again in Polish — a refusal wrote nothing, so it may
  be repeated — says as many things, each in other words).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st

from tests.security import grammar
from tests.security.hostile import EDGE_NUMBERS, UNICODE, mutated, randoms


def form_settings(examples: int):
    """A hostile-fields test's Hypothesis settings: ``examples`` requests (a request is slow: a few hundred a test),
    no example database, no deadline; the fixtures are built once a test and shared by its examples."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


# --- values --------------------------------------------------------------------------------------------


def text_of(build):
    """Text built by the grammar's ``Maker`` (one Hypothesis draw)."""
    return randoms().map(lambda r: build(grammar.Maker(r)))


#: any hostile text a field may receive
odd_text = st.one_of(
    st.sampled_from(
        UNICODE
        + EDGE_NUMBERS
        + ["", " ", "\x00", "9" * 5000, "<script>alert(1)</script>", "' OR 1=1 --", "%00", "../../etc/passwd"]
    ),
    text_of(lambda m: m.odd()),
    st.text(max_size=30),
)
number_text = st.one_of(st.sampled_from(EDGE_NUMBERS), st.integers(-(2**70), 2**70).map(str), odd_text)


def decoded(strategy):
    return strategy.map(lambda b: b.decode("utf-8", "replace"))


traveller_text = st.one_of(
    text_of(grammar.traveller),
    text_of(lambda m: m.contract()),
    odd_text,
    decoded(mutated([b"4SX N 9", b"3NT-2 W", b"A60/40", b"20% +650 80% +620"], ["=", "+", "%", "/", "X"])),
)


# --- what a refusal must be ---------------------------------------------------------------------------


def counts(*models) -> dict:
    return {m.__name__: m.objects.count() for m in models}


def says_why(response) -> bool:
    """A refusal says why: the API's error message, an error on the page (a form's, the page's own), or the error
    message a redirect carries to the next page."""
    if response.status_code in (301, 302, 303):
        return bool(error_messages(response))
    if response["Content-Type"].startswith("application/json"):
        error = response.json().get("error") or {}
        return bool(str(error.get("message", "")).strip())
    page = response.content.decode("utf-8", "replace")
    return bool(re.search(r'errorlist|class="[^"]*\berror\b|role="alert"|data-state="error"', page))


def answered(response, before: dict, after: dict, *, refused: bool) -> None:
    """No server error; a refusal says why and wrote nothing (``--hypothesis-show-statistics`` counts both)."""
    event("refused" if refused else "taken")
    assert response.status_code < 500, response.status_code
    if refused:
        assert says_why(response), (response.status_code, response.content[:2000])
        assert after == before, f"a refused request wrote rows: {before} → {after}"


def refused_page(response) -> bool:
    """A page's form came back (its errors beside the fields) instead of the redirect of a success."""
    return response.status_code not in (301, 302, 303)


class _Alerts(HTMLParser):
    """The text of every element a page marks as an error (``role="alert"``, ``errorlist``)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._depth = 0  # inside an alert: how many elements deep
        self._parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self._depth:
            self._depth += tag not in ("br", "input", "img", "hr")
            return
        if attrs.get("role") == "alert" or "errorlist" in (attrs.get("class") or "").split():
            self._depth, self._parts = 1, []

    def handle_endtag(self, tag):
        if self._depth:
            self._depth -= 1
            if not self._depth:
                self.texts.append(" ".join("".join(self._parts).split()))

    def handle_data(self, data):
        if self._depth:
            self._parts.append(data)


def error_messages(response) -> list[str]:
    """The error messages the request left for the next page (a redirect's refusal), in order."""
    from django.contrib.messages import ERROR, get_messages

    request = getattr(response, "wsgi_request", None)
    if request is None or not hasattr(request, "_messages"):
        return []
    return [str(m) for m in get_messages(request) if m.level >= ERROR]


def said(response) -> list[str]:
    """What a response says against the request: the API's error message, the page's alerts and error list, or the
    error messages a redirect carries to the next page."""
    if response.status_code in (301, 302, 303):
        return error_messages(response)
    if response.get("Content-Type", "").startswith("application/json"):
        error = response.json().get("error") if response.content else None
        return [str(error.get("message", ""))] if isinstance(error, dict) else []
    parser = _Alerts()
    parser.feed(response.content.decode("utf-8", "replace"))
    return [text for text in parser.texts if text] + error_messages(response)


def said_in_polish_too(send, english) -> None:
    """``english`` (a refusal) is said in Polish too: ``send("pl")`` repeats the request in Polish (the refusal wrote
    nothing, so it may be sent again), which must be refused alike, with as many messages, each in other words (a
    message left in English is a msgid without a translation or a text that never went through gettext)."""
    words = said(english)
    polish = send("pl")
    assert polish.status_code == english.status_code, (english.status_code, polish.status_code)
    in_polish = said(polish)
    assert len(in_polish) == len(words), (words, in_polish)
    for en, pl in zip(words, in_polish):
        if re.search(r"[A-Za-z]{3}", en):
            assert en != pl, f"said in English to a Polish reader: {en!r}"
