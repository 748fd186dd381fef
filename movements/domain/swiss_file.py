"""A Swiss round's standings as JSON: what ``manage.py swiss_pair`` reads.

Source: issue 21; the draw itself is ``swiss.swiss_pair``'s (spec ``teams-and-simultaneous.md`` §3). The shape:
``{"round": 5, "danish": false, "teams": [{"team": "1", "vp": 53.2, "met": ["4", "7"], "had_bye": false,
"home": 2}, …]}``; ``danish``, ``met``, ``had_bye`` and ``home`` (how often the team has been home) optional.
Teams on the same VP total keep the file's order (the caller's tie-breaks).

:func:`read_standings` returns the round, whether it is Danish, and the :class:`~movements.domain.swiss.SwissTeam`
standings, and raises a :class:`~movements.domain.errors.MovementError` naming the file and the place in it
(``teams[3].met[1]``).

>>> read_standings('{"round": 2, "teams": [{"team": 1, "vp": 12.5, "met": [2]}, {"team": "2", "vp": 7.5}]}')
(2, False, [SwissTeam(team='1', vp=Decimal('12.5'), met=frozenset({'2'}), had_bye=False, home=0), \
SwissTeam(team='2', vp=Decimal('7.5'), met=frozenset(), had_bye=False, home=0)])
>>> read_standings('{"round": 2, "teams": [{"team": "1", "vp": 3, "met": ["9"]}, {"team": "2", "vp": 1}]}', source="r.json")
Traceback (most recent call last):
...
movements.domain.errors.MovementError: r.json (teams[0].met[0]): team 1 has met 9, which is not in the standings
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal

from movements.domain.errors import MovementError
from movements.domain.swiss import SwissTeam
from movements.domain.text import Text

__all__ = ["MOST_VP", "read_standings"]

#: The largest VP total a file may give (a thousand rounds of 20-VP matches, or of IMPs): beyond it, a mistake.
MOST_VP = 100_000


def _name(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip():
        return None
    return str(value).strip()


def read_standings(data: bytes | str, *, source: str = "") -> tuple[int, bool, list[SwissTeam]]:
    """The round, whether it is Danish, and the standings in ``data`` (see the module's docstring)."""

    def fail(text: Text, where: str = "") -> MovementError:
        return MovementError(Text.of("error.swiss_file_at", source=source or "JSON", where=where, error=text))

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise fail(Text.of("error.swiss_encoding", position=exc.start)) from None
    try:
        document = json.loads(data, parse_float=Decimal)
    except json.JSONDecodeError as exc:
        raise fail(Text.of("error.swiss_json", reason=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or deep nesting
        raise fail(Text.of("error.swiss_json_unreadable")) from None
    if not isinstance(document, Mapping) or not isinstance(document.get("teams"), list):
        raise fail(Text.of("error.swiss_file"), "teams" if isinstance(document, Mapping) else "")
    number = document.get("round")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise fail(Text.of("error.swiss_round", value=str(number)), "round")
    danish = document.get("danish", False)
    if not isinstance(danish, bool):
        raise fail(Text.of("error.swiss_flag", name="danish", value=str(danish)), "danish")
    read: list[tuple[str, int | Decimal, list[tuple[int, str]], bool, int]] = []
    names: dict[str, int] = {}
    for i, item in enumerate(document["teams"]):
        where = f"teams[{i}]"
        if not isinstance(item, Mapping):
            raise fail(Text.of("error.swiss_team", value=str(item)[:40]), where)
        team = _name(item.get("team"))
        if team is None:
            raise fail(Text.of("error.swiss_team_name", value=str(item.get("team"))), f"{where}.team")
        if team in names:
            raise fail(Text.of("error.swiss_duplicate", team=team), f"{where}.team")
        names[team] = i
        vp = item.get("vp")
        if isinstance(vp, bool) or not isinstance(vp, int | Decimal) or not Decimal(vp).is_finite():
            raise fail(Text.of("error.swiss_vp", team=team, value=str(vp)), f"{where}.vp")
        if not -MOST_VP <= vp <= MOST_VP:
            raise fail(Text.of("error.swiss_vp_range", team=team, value=str(vp), most=MOST_VP), f"{where}.vp")
        met = item.get("met", [])
        if not isinstance(met, list):
            raise fail(Text.of("error.swiss_met", team=team), f"{where}.met")
        opponents = []
        for j, other in enumerate(met):
            name = _name(other)
            if name is None:
                raise fail(Text.of("error.swiss_team_name", value=str(other)), f"{where}.met[{j}]")
            if name == team:
                raise fail(Text.of("error.swiss_met_self", team=team), f"{where}.met[{j}]")
            opponents.append((j, name))
        had_bye = item.get("had_bye", False)
        if not isinstance(had_bye, bool):
            raise fail(Text.of("error.swiss_flag", name="had_bye", value=str(had_bye)), f"{where}.had_bye")
        home = item.get("home", 0)
        if isinstance(home, bool) or not isinstance(home, int) or home < 0:
            raise fail(Text.of("error.swiss_home", team=team, value=str(home)), f"{where}.home")
        read.append((team, vp, opponents, had_bye, home))
    standings = []
    for i, (team, vp, opponents, had_bye, home) in enumerate(read):
        for j, other in opponents:
            if other not in names:
                raise fail(Text.of("error.swiss_met_unknown", team=team, other=other), f"teams[{i}].met[{j}]")
        standings.append(SwissTeam(team, Decimal(vp), frozenset(o for _, o in opponents), had_bye, home))
    return number, danish, standings
