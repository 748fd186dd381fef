"""What a domain says to people, as data: a code and its parameters, never a sentence; and the one place
each sentence is written.

Every app's domain (``dealing/domain/text.py``, ``movements/domain/text.py`` …) subclasses :class:`TextBase`
with its table of templates: code → a function of the parameters that writes the sentence with
:func:`gettext`, :func:`ngettext`, :func:`pgettext` and :func:`number_format` below. Each sentence is
written once, in English, as a literal msgid (``make messages`` extracts it: the names are gettext's), and
the language it comes out in is the one being spoken when it is said:

* ``str(text)`` says it in English (:data:`IN_ENGLISH`: what commands print and doctests show);
* the Django layer's ``clubsite.texts.render`` says it in the reader's language (gettext and the locale's
  number formats); a template says a nested text with :func:`render`, in the same language.

The domain imports nothing from Django: a :class:`Language` is handed in at the edge. Parameters are numbers,
strings, tuples of them, or further texts (an error inside another); lists are frozen into tuples so a text
stays hashable and comparable. This module implements no source document.

>>> class Greeting(TextBase):
...     kind = "example"
...     templates = {
...         "hello": lambda p: gettext("hello, %(name)s") % p,
...         "twice": lambda p: "; ".join([render(p["text"])] * 2),
...     }
>>> t = Greeting.of("twice", text=Greeting.of("hello", name="North"))
>>> str(t), [inner.code for inner in t.texts()]
('hello, North; hello, North', ['twice', 'hello'])
>>> class Shouting(English):
...     def gettext(self, message: str) -> str:
...         return message.replace("hello", "HELLO")
>>> t.say(Shouting())
'HELLO, North; HELLO, North'
>>> number_format(1234567.891, 2, force_grouping=True), number_format(7.5)
('1,234,567.89', '7.5')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, Protocol, Self

#: A text's parameters by name. ``Any``: each code has its own parameters (numbers, strings, tuples, texts), so a
#: template reads them by name and knows their types; nothing finer holds for all codes.
Params = dict[str, Any]
#: A template: a text's parameters → the sentence, in the language being spoken.
Template = Callable[[Params], str]


class Language(Protocol):
    """How sentences come out: gettext's three calls, the locale's numbers, and the parameters as said."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def number_format(
        self, value: float | Decimal, decimal_pos: int | None = None, force_grouping: bool = False
    ) -> str: ...

    def params(self, params: Params) -> Params: ...


class English:
    """The sentences as written (``str(text)``): English, numbers as Django's English locale writes them."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def number_format(
        self, value: float | Decimal, decimal_pos: int | None = None, force_grouping: bool = False
    ) -> str:
        """``1,234.5``: Django's ``number_format`` under English (decimals cut, not rounded, as it does)."""
        digits = f"{value:f}" if isinstance(value, Decimal) else str(value)
        sign, digits = ("-", digits[1:]) if digits.startswith("-") else ("", digits)
        whole, _point, decimals = digits.partition(".")
        if decimal_pos is not None:
            decimals = decimals[:decimal_pos].ljust(decimal_pos, "0")
        if force_grouping:
            whole = f"{int(whole):,}"
        return sign + whole + ("." + decimals if decimals else "")

    def params(self, params: Params) -> Params:
        return params


#: The language of ``str(text)``.
IN_ENGLISH = English()
#: The language a text is being said in (``TextBase.say``); outside of one, the process's own (:func:`speak`).
_SPOKEN: ContextVar[Language | None] = ContextVar("spoken", default=None)
_PROCESS: list[Language] = [IN_ENGLISH]


def speak(language: Language) -> None:
    """Make ``language`` what the domains' words come out in outside of ``say`` (the Django layer's ready():
    the reader's language, so that a view calling a domain's word helper gets the page's language)."""
    _PROCESS[0] = language


def _spoken() -> Language:
    return _SPOKEN.get() or _PROCESS[0]


def gettext(message: str) -> str:
    """``message`` (an English literal) in the language being spoken."""
    return _spoken().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural (or, in Polish, one of three forms) for ``count``, in the language being spoken."""
    return _spoken().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language being spoken, where ``context`` tells translators which sense is meant."""
    return _spoken().pgettext(context, message)


def number_format(value: float | Decimal, decimal_pos: int | None = None, force_grouping: bool = False) -> str:
    """A number as the language being spoken writes it (``1,234.5``; Polish ``1 234,5``)."""
    return _spoken().number_format(value, decimal_pos, force_grouping)


def render(text: object) -> str:
    """A text nested in another, in the language being spoken ("" for None; anything else is already said)."""
    if text is None:
        return ""
    if isinstance(text, TextBase):
        return text.templates[text.code](_spoken().params(text.params))
    return str(text)


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class TextBase:
    """A message as data: ``code`` names it, ``args`` are its (name, value) parameters.

    A domain subclasses it and sets ``templates`` (code → template) and ``kind``.
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
        return self.say(IN_ENGLISH)

    def say(self, language: Language) -> str:
        """This text in ``language`` (nested texts too)."""
        spoken = _SPOKEN.set(language)
        try:
            return render(self)
        finally:
            _SPOKEN.reset(spoken)

    def texts(self) -> Iterator[TextBase]:
        """This text and every text nested in its parameters, or in tuples of them (depth first)."""
        yield self
        for value in self.params.values():
            for inner in value if isinstance(value, tuple) else (value,):
                if isinstance(inner, TextBase):
                    yield from inner.texts()
