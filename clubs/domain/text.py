"""What a domain says to people, as data: a code and its parameters, never a sentence.

Every app's domain (``dealing/domain/text.py``, ``movements/domain/text.py``) subclasses
:class:`TextBase` with its own table of English templates: ``str(text)`` is the English (what
commands print and doctests show), and the Django layer (``clubs/texts.py`` with each app's
``texts.py``) says the same code in the reader's language. Parameters are numbers, strings,
tuples of them, or further texts (an error inside another); lists are frozen into tuples so a
text stays hashable and comparable. This module implements no source document.

>>> class Greeting(TextBase):
...     kind = "example"
...     templates = {"hello": lambda p: f"hello, {p['name']}", "twice": lambda p: f"{p['text']}; {p['text']}"}
>>> t = Greeting.of("twice", text=Greeting.of("hello", name="North"))
>>> str(t), [inner.code for inner in t.texts()]
('hello, North; hello, North', ['twice', 'hello'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

#: A text's parameters by name. ``Any``: each code has its own parameters (numbers, strings, tuples, texts), so a
#: template reads them by name and knows their types; nothing finer holds for all codes.
Params = dict[str, Any]
#: An English template: a text's parameters → the sentence.
Template = Callable[[Params], str]


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class TextBase:
    """A message as data: ``code`` names it, ``args`` are its (name, value) parameters.

    A domain subclasses it and sets ``templates`` (code → English template) and ``kind``.
    """

    code: str
    args: tuple[tuple[str, object], ...] = ()
    templates: ClassVar[Mapping[str, Template]] = {}
    kind: ClassVar[str] = ""

    @classmethod
    def of(cls, code: str, /, **params: object) -> Self:
        if code not in cls.templates:
            raise KeyError(f"unknown {cls.kind} text {code!r}")
        return cls(code, tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    @property
    def params(self) -> Params:
        return dict(self.args)

    def __str__(self) -> str:
        return self.templates[self.code](self.params)

    def texts(self) -> Iterator[TextBase]:
        """This text and every text nested in its parameters, or in tuples of them (depth first)."""
        yield self
        for value in self.params.values():
            for inner in value if isinstance(value, tuple) else (value,):
                if isinstance(inner, TextBase):
                    yield from inner.texts()
