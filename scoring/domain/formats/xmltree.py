"""A small, safe XML reader for results files: every element knows its line; entities are refused.

:func:`parse_xml` reads a file with the standard library's expat into :class:`Element`\\ s
(tag, attributes, text, children, the line where it opens). It is what the USEBIO reader
stands on, so that every message about a file can name the file, the line and the element.

Safety (the classic XML attacks, "billion laughs" and external entities): any ``<!ENTITY …>``
declaration — general or parameter, internal or external — is refused before it is used,
external entities are never fetched and parameter entities never parsed. A ``DOCTYPE`` that only
names a DTD (``<!DOCTYPE USEBIO SYSTEM "…usebio_v1_2.dtd">``, as every USEBIO file does) is fine:
the DTD is not read.

A damaged file raises :class:`~scoring.domain.errors.ScoringError`: a truncated one names the
element left open and where it opened; a malformed one the line and the element being read.

>>> root = parse_xml(b"<A>\\n  <B x='1'>text</B>\\n</A>", source="f.xml")
>>> b = root.find("B"); (b.tag, b.line, b.attrs, b.text)
('B', 2, {'x': '1'}, 'text')
>>> parse_xml(b"<A>\\n<B>", source="f.xml")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: f.xml: line 2 (B): the file ends before <B> (opened on line 2) is closed: \
it is truncated
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from xml.parsers import expat

from scoring.domain.errors import ScoringError
from scoring.domain.text import Text

__all__ = ["Element", "parse_xml"]


class Element:
    """One element: its tag, attributes, character data (stripped), children and the line it opens on.

    A plain class with slots (a results file has hundreds of thousands of elements): the children by tag
    are indexed the first time one is looked for, the text joined and stripped once.
    """

    __slots__ = ("_first", "_text", "attrs", "children", "line", "parts", "tag")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag = tag
        self.attrs = attrs
        self.line = line
        self.children: list[Element] = []
        self.parts: list[str] = []
        self._text: str | None = None
        self._first: dict[str, Element] | None = None

    def __repr__(self) -> str:
        return f"Element(tag={self.tag!r}, attrs={self.attrs!r}, line={self.line!r})"

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self.parts).strip()
        return self._text

    def find(self, tag: str) -> Element | None:
        """The first child called ``tag``."""
        if self._first is None:
            first: dict[str, Element] = {}
            for child in self.children:
                first.setdefault(child.tag, child)
            self._first = first
        return self._first.get(tag)

    def findall(self, tag: str) -> list[Element]:
        return [c for c in self.children if c.tag == tag]

    def iter(self, tag: str | None = None) -> Iterator[Element]:
        """This element and every descendant (document order), or only those called ``tag``."""
        if tag is None or self.tag == tag:
            yield self
        for child in self.children:
            yield from child.iter(tag)

    def value(self, tag: str) -> str | None:
        """The text of the first child called ``tag`` (None when there is none)."""
        child = self.find(tag)
        return None if child is None else child.text


class _Refused(Exception):
    def __init__(self, text: Text, line: int, where: str):
        super().__init__(str(text))
        self.text, self.line, self.where = text, line, where


_TRUNCATED = {
    expat.errors.codes[name]
    for name in (
        expat.errors.XML_ERROR_NO_ELEMENTS,
        expat.errors.XML_ERROR_UNCLOSED_TOKEN,
        expat.errors.XML_ERROR_PARTIAL_CHAR,
        expat.errors.XML_ERROR_UNCLOSED_CDATA_SECTION,
    )
}


def parse_xml(data: bytes | str, *, source: str = "") -> Element:
    """The root element of ``data``; a :class:`ScoringError` naming ``source``, the line and the element otherwise."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    parser = expat.ParserCreate()
    parser.buffer_text = True  # one call for the text between two tags, not one per chunk or line
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Element] = []
    roots: list[Element] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = Element(tag, attrs, parser.CurrentLineNumber)  # expat gives each element its own dict
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def chars(text: str) -> None:
        if stack:
            stack[-1].parts.append(text)

    def entity(name: str, is_parameter: bool, *rest: object) -> None:
        raise _Refused(
            Text.of("xml.entity", name=("%" if is_parameter else "") + str(name)), parser.CurrentLineNumber, "DOCTYPE"
        )

    def external(context: str, base: str | None, system_id: str | None, public_id: str | None) -> int:
        raise _Refused(
            Text.of("xml.external", name=str(system_id or public_id or context)), parser.CurrentLineNumber, "DOCTYPE"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = lambda name, *rest: entity(name, False)
    parser.ExternalEntityRefHandler = external
    try:
        parser.Parse(data, True)
    except _Refused as refused:
        raise ScoringError(refused.text, line=refused.line, where=refused.where, source=source) from None
    except (LookupError, ValueError) as exc:  # the declaration names an encoding Python does not know, or bytes
        declared = re.search(rb"""encoding\s*=\s*["']([^"']{0,40})""", data[:200])  # do not decode in it
        raise ScoringError(
            Text.of("xml.encoding", name=declared[1].decode("latin-1") if declared else "", reason=str(exc)[:80]),
            line=parser.CurrentLineNumber,
            where="xml",
            source=source,
        ) from None
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code)
        if not stack and not roots:
            raise ScoringError(Text.of("xml.empty"), line=exc.lineno, source=source) from None
        if stack and exc.code in _TRUNCATED:
            open_element = stack[-1]
            raise ScoringError(
                Text.of("xml.truncated", element=open_element.tag, opened=open_element.line),
                line=exc.lineno,
                where=open_element.tag,
                source=source,
            ) from None
        where = stack[-1].tag if stack else (roots[-1].tag if roots else "")
        raise ScoringError(
            Text.of("xml.malformed", reason=reason, column=exc.offset + 1), line=exc.lineno, where=where, source=source
        ) from None
    return roots[0]
