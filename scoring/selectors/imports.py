"""What an imported session's file held, and how the file's numbers compare with ours: ``session_import_report``.

The import (``scoring.services.imports``) keeps in ``ImportedLayout.source["report"]`` how many
traveller lines, pairs, boards and hands the file had and the comparison of its numbers with
ours (``scoring.domain.comparison.Comparison.as_dict``). This reads it back as
:class:`ImportReport`: the numbers checked, every convention that explains a difference (as a
``Text``, said in the reader's language, with how many numbers it explains), every director's
override in the file, every difference nobody explains, and every differing number
(:class:`Difference`: where, the file's, ours, and why) for the page's mathematics and the API.

Who may read it is the caller's check (the club's directors and scorers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext_lazy as _

from clubs.models import Session
from scoring.domain.comparison import CONVENTIONS
from scoring.domain.text import Text
from scoring.models import ImportedLayout

__all__ = ["ImportReport", "Difference", "Convention", "session_import_report", "CONVENTION_NAMES"]

#: each convention in a few words (the table of differences names them so)
CONVENTION_NAMES = {
    "factoring_none": _("no factoring"),
    "factoring_neuberg": _("Neuberg factoring"),
    "raw_lines": _("raw matchpoints on the lines"),
    "rounded_lines": _("percentages from rounded lines"),
    "totals_all_boards": _("total over all boards"),
    "half_even": _("halves rounded to even"),
    "single_precision": _("single-precision float"),
    "override": _("director's override"),
    # issue 20: an honest comparison
    "factoring_ties": _("missing results as ties"),
    "truncated": _("numbers cut, not rounded"),
}
_WHAT = {
    "score": _("score"),
    "matchpoints": _("matchpoints"),
    "total": _("total"),
    "percentage": _("percentage"),
    "place": _("place"),
}


@dataclass(frozen=True)
class Difference:
    """One number of the file that is not ours at its precision."""

    what: str  # score, matchpoints, total, percentage or place
    theirs: str
    ours: str
    explained_by: tuple[str, ...]
    board: int | None = None
    ns: str | None = None
    ew: str | None = None
    side: str = ""
    pair: str | None = None
    line: int | None = None

    @property
    def what_said(self) -> str:
        return str(_WHAT.get(self.what, self.what))

    @property
    def why(self) -> list[str]:
        return [str(CONVENTION_NAMES.get(c, c)) for c in self.explained_by]

    @property
    def text(self) -> Text | None:
        """What an unexplained difference says (None when a convention explains it)."""
        if self.explained_by:
            return None
        return Text.of(
            "compare.unexplained",
            what=self.what,
            board=self.board,
            ns=self.ns,
            ew=self.ew,
            side=self.side,
            pair=self.pair,
            theirs=self.theirs,
            ours=self.ours,
        )


@dataclass(frozen=True)
class Convention:
    code: str
    explains: int  # how many of the file's numbers it explains

    @property
    def text(self) -> Text:
        return Text.of(f"compare.{self.code}")

    @property
    def name(self) -> str:
        return str(CONVENTION_NAMES.get(self.code, self.code))


@dataclass(frozen=True)
class Override:
    board: int
    ns: str
    ew: str
    result: str
    theirs: tuple[str, str]
    ours: tuple[str, str]
    line: int | None

    @property
    def text(self) -> Text:
        return Text.of(
            "compare.override_line",
            board=self.board,
            ns=self.ns,
            ew=self.ew,
            result=self.result,
            theirs="/".join(self.theirs),
            ours="/".join(self.ours),
        )


@dataclass(frozen=True)
class ImportReport:
    session: Session
    filename: str
    file_format: str  # usebio or pbn
    program: str
    event_type: str
    lines: int
    pairs: int
    boards: int
    deals: int
    checked: dict[str, int]
    conventions: tuple[Convention, ...]
    overrides: tuple[Override, ...]
    differences: tuple[Difference, ...]
    reproduced_by: str = ""  # another convention under which every number of the file agrees
    session_columns: bool = False  # a multi-session file: its pairs compared on this session's columns
    handicaps: dict[str, Fraction] = field(default_factory=dict)  # a handicap event's: pair → handicap

    @property
    def errors(self) -> tuple[Difference, ...]:
        """Scores that are not the laws' (never explained)."""
        return tuple(d for d in self.differences if d.what == "score")

    @property
    def unexplained(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if not d.explained_by)

    @property
    def agrees(self) -> bool:
        """Every number of the file is ours, or differs for a named reason."""
        return not self.unexplained

    @property
    def reproduced(self) -> Text | None:
        """What says that another convention reproduces every number of the file (None when none does)."""
        return Text.of("compare.reproduced", convention=self.reproduced_by) if self.reproduced_by else None

    @property
    def session_note(self) -> Text | None:
        """What says that a multi-session file's pairs were compared on this session's columns."""
        return Text.of("compare.session_columns") if self.session_columns else None

    @property
    def compared(self) -> int:
        return sum(self.checked.values())


def session_import_report(*, session: Session) -> ImportReport | None:
    """The report kept when ``session`` was imported from a file; None when it was not (or before reports were kept)."""
    layout = ImportedLayout.objects.filter(session=session).first()
    source = layout.source if layout is not None else {}
    report = source.get("report")
    if not report:
        return None
    comparison = report.get("comparison") or {}
    differences = tuple(
        Difference(
            what=d["what"],
            theirs=d["theirs"],
            ours=d["ours"],
            explained_by=tuple(d.get("explained_by", ())),
            board=d.get("board"),
            ns=d.get("ns"),
            ew=d.get("ew"),
            side=d.get("side", ""),
            pair=d.get("pair"),
            line=d.get("line"),
        )
        for d in comparison.get("differences", ())
    )
    used = [c["code"] for c in comparison.get("conventions", ())]
    conventions = tuple(
        Convention(code, sum(1 for d in differences if code in d.explained_by)) for code in CONVENTIONS if code in used
    )
    overrides = tuple(
        Override(o["board"], o["ns"], o["ew"], o["result"], tuple(o["theirs"]), tuple(o["ours"]), o.get("line"))
        for o in comparison.get("overrides", ())
    )
    return ImportReport(
        session=session,
        filename=source.get("filename", ""),
        file_format=source.get("format", ""),
        program=source.get("program", ""),
        event_type=source.get("event_type", ""),
        lines=report["lines"],
        pairs=report["pairs"],
        boards=report["boards"],
        deals=report.get("deals", 0),
        checked=dict(comparison.get("checked", {})),
        conventions=conventions,
        overrides=overrides,
        differences=differences,
        reproduced_by=comparison.get("reproduced_by", ""),
        session_columns=bool(comparison.get("session_columns")),
        handicaps={pair: Fraction(text) for pair, text in (report.get("handicaps") or {}).items()},
    )
