"""How a session is scored: the method, the matchpoint scale, factoring, and how sections compare.

* ``method``: ``matchpoints`` (the default), ``butler`` (IMPs against a datum) or ``cross_imps``
  (IMPs against every other result);
* ``scale``: ``ebu`` — 2 per result beaten, 1 per tie (EBU/WBF, the default) — or ``acbl``
  — 1 per result beaten, ½ per tie;
* ``factoring``: ``neuberg`` (boards with fewer results factored to the most plays of any
  board; the default), ``none`` (each board's own top, percentages over the actual tops) or
  ``ties`` (each result missing on a short board ties with every result played: each side gets
  M + (E − A); ScoreBridge);
* ``rounding`` and ``decimals``: the lines' matchpoints kept ``exact`` (the default), ``rounded``
  (halves away from zero) or ``truncated`` (cut towards zero: NZ Scorer, one decimal) to ``decimals``;
* ``totals``: the pairs' totals and percentages from the ``exact`` line matchpoints (the default)
  or from the ``lines`` as rounded (EBUScore, PairsScorer);
* ``sections``: ``across`` (every section's results compared with each other: matchpointed
  across the field, the default) or ``within`` (each section on its own).

>>> ScoringOptions.parse({"scale": "acbl", "factoring": "none"}).describe()
'matchpoints, ACBL scale (1 per result beaten), no factoring, sections across the field'
>>> ScoringOptions.parse({"factoring": "ties", "rounding": "truncated", "decimals": "1", "totals": "lines"}).describe()
'matchpoints, EBU scale (2 per result beaten), missing results as ties, lines truncated to 1 decimal, totals from \
the lines, sections across the field'
>>> FACTORINGS, CHOICES["factoring"]["ties"]
(('neuberg', 'none', 'ties'), 'each missing result a tie with every result played: M + (E − A) (ScoreBridge)')
>>> ScoringOptions.parse({"scale": "fifa"})
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: unknown matchpoint scale 'fifa': expected ebu (2 per result beaten) or acbl \
(1 per result beaten)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from scoring.domain.errors import ScoringError
from scoring.domain.text import Text

#: Every option and each of its choices, with what it means in English (for commands: ``--factoring`` lists
#: ``FACTORINGS`` and says each from here; pages say them through the model's choices). The first is the default.
CHOICES: dict[str, dict[str, str]] = {
    "method": {
        "matchpoints": "matchpoints: each result against every other result on the board",
        "butler": "Butler IMPs against a datum (the mean without the top and bottom score)",
        "cross_imps": "cross-IMPs: IMPs against every other result, averaged",
    },
    "scale": {"ebu": "2 per result beaten, 1 per tie (EBU, WBF)", "acbl": "1 per result beaten, ½ per tie (ACBL)"},
    "factoring": {
        "neuberg": "boards played fewer times factored to the full field: M' = (M + 1)·E/A − 1",
        "none": "no factoring: each board on its own top, percentages over the tops played (BriAn)",
        "ties": "each missing result a tie with every result played: M + (E − A) (ScoreBridge)",
    },
    "sections": {"across": "sections matchpointed across the field", "within": "each section on its own"},
    "rounding": {
        "exact": "the lines' matchpoints exact, rounded only when shown",
        "rounded": "the lines' matchpoints rounded to the decimals, halves away from zero",
        "truncated": "the lines' matchpoints cut to the decimals, never rounded up (NZ Scorer: one decimal)",
    },
    "totals": {
        "exact": "totals and percentages from the exact matchpoints",
        "lines": "totals and percentages from the lines as rounded (EBUScore, PairsScorer)",
    },
}
METHODS = tuple(CHOICES["method"])
SCALES = tuple(CHOICES["scale"])
FACTORINGS = tuple(CHOICES["factoring"])
SECTIONS = tuple(CHOICES["sections"])
# issue 20: conventions as named options
ROUNDINGS = tuple(CHOICES["rounding"])
TOTALS = tuple(CHOICES["totals"])
MOST_DECIMALS = 6


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    method: str = "matchpoints"
    scale: str = "ebu"
    factoring: str = "neuberg"
    sections: str = "across"
    rounding: str = "exact"
    decimals: int = 2
    totals: str = "exact"

    def __post_init__(self) -> None:
        if not isinstance(self.decimals, int) or not 0 <= self.decimals <= MOST_DECIMALS:
            raise ScoringError(
                Text.of("options.decimals", value=str(self.decimals), most=MOST_DECIMALS), field="decimals"
            )
        for name, allowed, code in (
            ("method", METHODS, "options.method"),
            ("scale", SCALES, "options.scale"),
            ("factoring", FACTORINGS, "options.factoring"),
            ("sections", SECTIONS, "options.sections"),
            ("rounding", ROUNDINGS, "options.rounding"),
            ("totals", TOTALS, "options.totals"),
        ):
            value = getattr(self, name)
            if value not in allowed:
                raise ScoringError(Text.of(code, value=str(value)), field=name)

    @classmethod
    def parse(cls, data: Mapping[str, object] | None) -> ScoringOptions:
        data = dict(data or {})
        keys = ("method", "scale", "factoring", "sections", "rounding", "totals")
        fields: dict[str, Any] = {k: str(data[k]).strip().lower() for k in keys if data.get(k)}
        if data.get("decimals") not in (None, ""):
            text = str(data["decimals"]).strip()
            fields["decimals"] = int(text) if text.isascii() and text.isdecimal() and len(text) < 3 else text
        return cls(**fields)

    @property
    def is_imps(self) -> bool:
        return self.method != "matchpoints"

    def as_dict(self) -> dict[str, str | int]:
        return asdict(self)

    def describe(self) -> str:
        """In English, for commands and logs (pages say it through ``Text``)."""
        if self.is_imps:
            how = "Butler IMPs (datum without the top and bottom score)" if self.method == "butler" else "cross-IMPs"
        else:
            scale = "EBU scale (2 per result beaten)" if self.scale == "ebu" else "ACBL scale (1 per result beaten)"
            factor = {
                "neuberg": "Neuberg factoring",
                "none": "no factoring",
                "ties": "missing results as ties",
            }[self.factoring]
            how = f"matchpoints, {scale}, {factor}"
            if self.rounding != "exact":
                cut = self.rounding
                how += f", lines {cut} to {self.decimals} decimal{'' if self.decimals == 1 else 's'}"
                if self.totals == "lines":
                    how += ", totals from the lines"
        where = "across the field" if self.sections == "across" else "within each section"
        return f"{how}, sections {where}"
