"""How a session is scored: the method, the matchpoint scale, factoring, and how sections compare.

* ``method``: ``matchpoints`` (the default), ``butler`` (IMPs against a datum) or ``cross_imps``
  (IMPs against every other result);
* ``scale``: ``ebu`` — 2 per result beaten, 1 per tie (EBU/WBF, the default) — or ``acbl``
  — 1 per result beaten, ½ per tie;
* ``factoring``: ``neuberg`` (boards with fewer results factored to the most plays of any
  board; the default) or ``none`` (each board's own top, percentages over the actual tops);
* ``sections``: ``across`` (every section's results compared with each other: matchpointed
  across the field, the default) or ``within`` (each section on its own).

>>> ScoringOptions.parse({"scale": "acbl", "factoring": "none"}).describe()
'matchpoints, ACBL scale (1 per result beaten), no factoring, sections across the field'
>>> ScoringOptions.parse({"scale": "fifa"})
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: unknown matchpoint scale 'fifa': expected ebu (2 per result beaten) or acbl \
(1 per result beaten)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from scoring.domain.errors import ScoringError
from scoring.domain.text import Text

METHODS = ("matchpoints", "butler", "cross_imps")
SCALES = ("ebu", "acbl")
FACTORINGS = ("neuberg", "none", "ties")
SECTIONS = ("across", "within")


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    method: str = "matchpoints"
    scale: str = "ebu"
    factoring: str = "neuberg"
    sections: str = "across"

    def __post_init__(self) -> None:
        for name, allowed, code in (
            ("method", METHODS, "options.method"),
            ("scale", SCALES, "options.scale"),
            ("factoring", FACTORINGS, "options.factoring"),
            ("sections", SECTIONS, "options.sections"),
        ):
            value = getattr(self, name)
            if value not in allowed:
                raise ScoringError(Text.of(code, value=str(value)), field=name)

    @classmethod
    def parse(cls, data: Mapping[str, object] | None) -> ScoringOptions:
        data = dict(data or {})
        fields = {k: str(data[k]).strip().lower() for k in ("method", "scale", "factoring", "sections") if data.get(k)}
        return cls(**fields)

    @property
    def is_imps(self) -> bool:
        return self.method != "matchpoints"

    def as_dict(self) -> dict[str, str]:
        return asdict(self)

    def describe(self) -> str:
        """In English, for commands and logs (pages say it through ``Text``)."""
        if self.is_imps:
            how = "Butler IMPs (datum without the top and bottom score)" if self.method == "butler" else "cross-IMPs"
        else:
            scale = "EBU scale (2 per result beaten)" if self.scale == "ebu" else "ACBL scale (1 per result beaten)"
            factor = "Neuberg factoring" if self.factoring == "neuberg" else "no factoring"
            how = f"matchpoints, {scale}, {factor}"
        where = "across the field" if self.sections == "across" else "within each section"
        return f"{how}, sections {where}"
