"""What the movements domain says to people, as data: a code and its parameters, never a sentence.

The domain builds titles ("Howell for 8 pairs, 4 tables"), construction labels, notes, relay
places, option labels, the "what is provably best" explanations and error messages. A page
shows them in the reader's language, so the domain returns a ``Text(code, params)``. Each sentence is
written once, in ``TEMPLATES`` below (every msgid a literal, so ``make messages`` extracts it; counted nouns
are separate ngettext pieces, "%(count)d tables", "for %(count)d pairs", so that each number gets its own
Polish plural form): ``str(text)`` says it in English (what ``manage.py movement`` writes, what docs quote
and what the doctests show), the Django layer's ``clubsite.texts.render`` in the reader's language. Parameters are
numbers, strings, tuples of numbers, ``None`` or further ``Text``\\ s (a construction inside a
"with a phantom" construction, a method inside a starter).

``method_text(description)`` turns the method recorded by the searches in
``data/starters.json`` ("Hadamard difference set × 7", "squares / non-squares of Z13" …)
into a ``Text``.

>>> t = Text.of("title.howell", pairs=8, tables=4, sits_out=False)
>>> str(t), t.code, t.params["tables"]
('Howell for 8 pairs, 4 tables', 'title.howell', 4)
>>> str(Text.of("place.between", low=1, high=2))
'between tables 1 and 2'
>>> Text.from_json(t.as_json()) == t
True
>>> str(method_text("Hadamard difference set × 7"))
'Hadamard difference set × 7'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, SupportsFloat

from bridge.text import Params, Template, TextBase, ngettext, number_format, render
from bridge.text import gettext as _


class Text(TextBase):
    """A message of the movements domain: ``code`` names it, ``args`` are its (name, value) parameters."""

    kind = "movement"

    def as_json(self) -> dict[str, Any]:  # JSON: the parameters' values are any JSON value
        def plain(v: object) -> object:
            if isinstance(v, Text):
                return v.as_json()
            if isinstance(v, tuple):
                return [plain(x) for x in v]
            return v

        return {"code": self.code, "params": {k: plain(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:  # JSON, as as_json() writes it
        def back(v: object) -> object:
            if isinstance(v, dict) and set(v) == {"code", "params"}:
                return cls.from_json(v)
            if isinstance(v, list):
                return tuple(back(x) for x in v)
            return v

        return cls.of(data["code"], **{k: back(v) for k, v in data["params"].items()})


def english(text: Text | str | None) -> str:
    return "" if text is None else str(text)


# --- counted nouns ---------------------------------------------------------------------------------


def pairs_n(n: int) -> str:
    return ngettext("%(count)d pair", "%(count)d pairs", n) % {"count": n}


def for_pairs_n(n: int) -> str:
    return ngettext("for %(count)d pair", "for %(count)d pairs", n) % {"count": n}


def tables_n(n: int) -> str:
    return ngettext("%(count)d table", "%(count)d tables", n) % {"count": n}


def rounds_n(n: int) -> str:
    return ngettext("%(count)d round", "%(count)d rounds", n) % {"count": n}


def numbers(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


def boards_n(n: int) -> str:
    return ngettext("%(count)d board", "%(count)d boards", n) % {"count": n}


def duration(minutes: float) -> str:
    """``165`` → "2 h 45 min" (Polish "2 godz. 45 min")."""
    hours, rest = divmod(int(round(minutes)), 60)
    if hours and rest:
        return _("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": rest}
    if hours:
        return _("%(hours)d h") % {"hours": hours}
    return _("%(minutes)d min") % {"minutes": rest}


def minutes_number(value: SupportsFloat) -> str:
    """7.5 → "7½"; other fractions in the language's decimal format."""
    value = float(value)
    whole = int(value)
    if value == whole:
        return str(whole)
    if value - whole == 0.5:
        return f"{whole}½" if whole else "½"
    return number_format(value, decimal_pos=len(f"{value:g}".split(".")[1]))


def on_boards_n(n: int) -> str:
    return ngettext("on %(count)d board", "on %(count)d boards", n) % {"count": n}


def _between_boards(p: Params) -> Params:
    """ "on 10 to 14 boards" (Polish "na 10–14 rozdaniach": the case follows the preposition)."""
    return {
        "range": ngettext("on %(low)d to %(count)d board", "on %(low)d to %(count)d boards", p["high"])
        % {"low": p["low"], "count": p["high"]}
    }


def _verdict_perfect(p: Params) -> str:
    if p["lines"]:
        return _("perfectly balanced within each line: every two pairs of a line are compared %(boards)s") % {
            "boards": on_boards_n(p["boards"])
        }
    return _("perfectly balanced: every two pairs are compared %(boards)s") % {"boards": on_boards_n(p["boards"])}


def _words_parity(p: Params) -> str:
    if p["reached"] and p["half_sets"]:
        text = _(
            "no movement %(for_pairs)s with one board set per round can be perfectly balanced (proven); two "
            "half-sets per round can"
        )
    elif p["reached"]:
        text = _("no movement %(for_pairs)s with one board set per round can be perfectly balanced (proven)")
    elif p["half_sets"]:
        text = _(
            "no movement %(for_pairs)s with one board set per round can be perfectly balanced (proven); a little "
            "more even than this one is possible; two half-sets per round can"
        )
    else:
        text = _(
            "no movement %(for_pairs)s with one board set per round can be perfectly balanced (proven); a little "
            "more even than this one is possible"
        )
    return text % {"for_pairs": for_pairs_n(p["pairs"])}


def _fact_relays(p: Params) -> str:
    if p["count"] == 0:
        return _("no relays")
    return ngettext("%(count)d relay", "%(count)d relays", p["count"]) % {"count": p["count"]}


# --- one function per code -------------------------------------------------------------------------


def _title_howell(p: Params) -> str:
    args = {"for_pairs": for_pairs_n(p["pairs"]), "tables": tables_n(p["tables"])}
    if p["sits_out"]:
        return _("Howell %(for_pairs)s, %(tables)s (one pair sits out each round at table 1)") % args
    return _("Howell %(for_pairs)s, %(tables)s") % args


def _title_three_tables(p: Params) -> str:
    n = p["sets"]
    sets = (
        ngettext("%(count)d half-set", "%(count)d half-sets", n)
        if p["half_sets"]
        else ngettext("%(count)d board set", "%(count)d board sets", n)
    ) % {"count": n}
    return _("3-table Howell, %(sets)s (%(pairs)s)") % {"sets": sets, "pairs": pairs_n(p["pairs"])}


def _title_mitchell(p: Params) -> str:
    args = {"for_pairs": for_pairs_n(p["pairs"]), "tables": tables_n(p["tables"]), "rounds": rounds_n(p["rounds"])}
    title = {
        "plain": lambda: _("Mitchell %(for_pairs)s, %(tables)s, %(rounds)s"),
        "skip": lambda: _("Skip Mitchell %(for_pairs)s, %(tables)s, %(rounds)s"),
        "relay": lambda: _("Relay and bye-stand Mitchell %(for_pairs)s, %(tables)s, %(rounds)s"),
    }[p["variant"]]()
    title = title % args
    return _("%(title)s, arrow-switched") % {"title": title} if p["arrow_switched"] else title


def _construction_doubling(p: Params) -> str:
    text = _(
        "Schellenberg's doubling of two balanced %(half)s-pair Howells (Room squares of side %(q)s from Hwang's "
        "starters over GF(%(q)s))"
    ) % {"half": p["q"] + 1, "q": p["q"]}
    if p["phantom"]:
        text = _("%(construction)s; pair %(phantom)s as the phantom") % {"construction": text, "phantom": p["phantom"]}
    return text


def _option_mitchell(p: Params) -> str:
    rounds = rounds_n(p["rounds"])
    if p["arrow_switch"]:
        label = {
            "plain": lambda: _("Mitchell, %(rounds)s, arrow-switched (one winner)"),
            "skip": lambda: _("Skip Mitchell, %(rounds)s, arrow-switched (one winner)"),
            "relay": lambda: _("Relay and bye-stand Mitchell, %(rounds)s, arrow-switched (one winner)"),
        }
    else:
        label = {
            "plain": lambda: _("Mitchell, %(rounds)s (two winners)"),
            "skip": lambda: _("Skip Mitchell, %(rounds)s (two winners)"),
            "relay": lambda: _("Relay and bye-stand Mitchell, %(rounds)s (two winners)"),
        }
    return label[p["variant"]]() % {"rounds": rounds}


def _too_many_rounds(p: Params) -> str:
    args = {"pairs": p["pairs"], "full": rounds_n(p["full"]), "low": p["low"], "high": p["high"]}
    if p["span"] == "range":
        return (
            _(
                "%(pairs)s pairs play at most %(full)s (a complete Howell); choose %(low)s to %(high)s rounds for a "
                "partial Howell, or leave rounds empty"
            )
            % args
        )
    if p["span"] == "band_shape":
        return (
            _(
                "%(pairs)s pairs play at most %(full)s (a complete Howell); leave rounds empty (no partial Howell of "
                "the band shape exists for 7 or 8 pairs)"
            )
            % args
        )
    return _("%(pairs)s pairs play at most %(full)s (a complete Howell); leave rounds empty") % args


def _partial_search(p: Params) -> str:
    return _(
        "Search: seed %(seed)s, %(restarts)s, %(seconds)s s; NS/EW at each table and round chosen by %(steps)s "
        "annealing steps on the comparisons (some pairs change direction: follow the card)."
    ) % {
        "seed": p["seed"],
        "restarts": ngettext("%(count)d restart", "%(count)d restarts", p["restarts"]) % {"count": p["restarts"]},
        "seconds": number_format(p["seconds"], 2),
        "steps": number_format(p["steps"], force_grouping=True),
    }


def _mitchell_rounds(p: Params) -> str:
    args = {"tables": tables_n(p["tables"]), "max": p["max"], "value": p["value"]}
    if p["skip"]:
        return _("a skip Mitchell for %(tables)s has 1 to %(max)s rounds, not %(value)s") % args
    return _("this Mitchell for %(tables)s has 1 to %(max)s rounds, not %(value)s") % args


TEMPLATES: dict[str, Template] = {
    # titles
    "title.howell": _title_howell,
    "title.two_table_howell": lambda p: _("2-table Howell (%(pairs)s)") % {"pairs": pairs_n(p["pairs"])},
    "title.three_table_howell": _title_three_tables,
    "title.partial_howell": lambda p: (
        _("Partial Howell %(for_pairs)s, %(rounds)s (%(tables)s)")
        % {"for_pairs": for_pairs_n(p["pairs"]), "rounds": rounds_n(p["rounds"]), "tables": tables_n(p["tables"])}
    ),
    "title.mitchell": _title_mitchell,
    # constructions
    "construction.berlekamp_hwang": lambda p: _("Berlekamp–Hwang over %(group)s, α = %(alpha)s") % p,
    "construction.starter": lambda p: (
        (_("cyclic starter over %(group)s: %(method)s") if p["cyclic"] else _("starter over %(group)s: %(method)s"))
        % {"group": p["group"], "method": render(p["method"])}
    ),
    "construction.with_phantom": lambda p: (
        _("%(base)s; the %(structure)s-pair movement with its stationary pair as the phantom")
        % {"base": render(p["base"]), "structure": p["structure"]}
    ),
    "construction.doubling": _construction_doubling,
    "construction.shared_two_tables": lambda p: _(
        "2-table Howell with shared boards: both tables play the round's set and exchange boards"
    ),
    "construction.exhaustive_shared": lambda p: _(
        "exhaustive search over the 1-factorizations of K6 and all orientations (least Σdev², then least sharing)"
    ),
    "construction.ten_half_sets": lambda p: _(
        "the ten 1-factors of K6 that are not rounds, as half-sets; orientation by exhaustive search"
    ),
    "construction.partial_band": lambda p: _(
        "band of moving pairs with stationary pairs (KoPS shape), found by seeded search"
    ),
    "construction.mitchell": lambda p: {
        "plain": lambda: _("Mitchell"),
        "skip": lambda: _("skip Mitchell"),
        "relay": lambda: _("relay and bye-stand Mitchell"),
    }[p["variant"]](),
    # search methods
    "method.annealed_offsets": lambda p: _("annealed offsets"),
    "method.annealed_offset_pair": lambda p: _("annealed offset pair"),
    "method.quadratic_residues": lambda p: _("quadratic residues (Paley partial difference set)"),
    "method.field_squares": lambda p: _("squares of %(group)s (Paley partial difference set)") % p,
    "method.hadamard": lambda p: _("Hadamard difference set × %(multiplier)s") % p,
    "method.squares_two_circuits": lambda p: _("squares on circuit 1, non-squares on circuit 2 (%(group)s)") % p,
    "method.squares_nonsquares": lambda p: _("squares / non-squares of %(group)s") % p,
    "method.other": lambda p: p["description"],
    # notes
    "note.boards_follow_cards": lambda p: (
        _(
            "Board sets do not follow one path in %(group)s: each board set's card "
            "gives its table or relay for every round."
        )
        % p
    ),
    "note.boards_move_down": lambda p: (
        _("Boards move to the next lower-numbered table or relay each round, from table 1 to table %(last)s.") % p
        if p["last"]
        else _("Boards move to the next lower-numbered table or relay each round.")
    ),
    "note.stationary_pair": lambda p: _("Pair %(pair)s is stationary at table 1 NS.") % p,
    "note.stationary_pairs": lambda p: (
        ngettext("Pair %(pairs)s is stationary.", "Pairs %(pairs)s are stationary.", len(p["pairs"]))
        % {"pairs": numbers(p["pairs"])}
    ),
    "note.two_circuits": lambda p: _("Each table plays two half-sets a round, one from each board circuit."),
    "note.doubling_paths": lambda p: _(
        "Boards and pairs do not follow one path: each card gives the table or relay for every round."
    ),
    "note.second_stationary": lambda p: _("Pair %(pair)s stays at table 2 (its direction changes).") % p,
    "note.four_pairs_share": lambda p: _(
        "Tables 1 and 2 share each round's board set: start on different boards and swap."
    ),
    "note.shared_table_rounds": lambda p: (
        ngettext(
            "Boards are shared: in %(count)d table-round two tables play the same set and exchange boards.",
            "Boards are shared: in %(count)d table-rounds two tables play the same set and exchange boards.",
            p["count"],
        )
        % p
    ),
    "note.sets_wait_on_relay": lambda p: _("Board sets not in play wait on relay %(relay)s.") % p,
    "note.half_sets_wait_on_relay": lambda p: (
        ngettext(
            "Each table plays two half-sets a round; the %(count)d half-set not in play waits on relay %(relay)s.",
            "Each table plays two half-sets a round; the %(count)d half-sets not in play wait on relay %(relay)s.",
            p["count"],
        )
        % p
    ),
    "note.partial_search": _partial_search,
    "note.mitchell_moves": lambda p: _(
        "NS pairs stay at their table; EW pairs move up one table (from the last to "
        "table 1); boards move down one table (from table 1 to the last)."
    ),
    "note.mitchell_skip": lambda p: _("After round %(round)s the EW pairs skip one table (move up two).") % p,
    "note.mitchell_relay": lambda p: (
        _(
            "A bye-stand (%(relay)s) stands between tables %(low)s and %(high)s; tables 1 "
            "and %(tables)s share a board set each round. Boards go from table %(high)s "
            "to the bye-stand, then to table %(low)s."
        )
        % p
    ),
    "note.mitchell_phantom": lambda p: _("Pair %(pair)s is the phantom: the NS pair due to meet it sits out.") % p,
    "note.arrow_switch_rounds": lambda p: (
        ngettext(
            "Arrow switch in round %(rounds)s: every NS pair plays the EW cards; one winner.",
            "Arrow switch in rounds %(rounds)s: every NS pair plays the EW cards; one winner.",
            len(p["rounds"]),
        )
        % {"rounds": numbers(p["rounds"])}
    ),
    # relay places
    "place.between": lambda p: _("between tables %(low)s and %(high)s") % p,
    "place.beside": lambda p: _("beside the tables"),
    # options
    "option.complete": lambda p: (
        (
            _("Complete Howell, %(rounds)s, two half-sets per round")
            if p["half_sets"]
            else _("Complete Howell, %(rounds)s")
        )
        % {"rounds": rounds_n(p["rounds"])}
    ),
    "option.three_quarter": lambda p: _("¾ Howell, %(rounds)s") % {"rounds": rounds_n(p["rounds"])},
    "option.mitchell": _option_mitchell,
    # what is provably best
    "best.two_winner_mitchell": lambda p: _(
        "two-winner Mitchell: each direction is ranked on its own and every two "
        "pairs of one direction play the same boards"
    ),
    "best.half_sets": lambda p: _(
        "two half-sets per round remove the parity obstruction: complete balance is possible"
    ),
    "best.parity": lambda p: (
        _(
            "%(pairs)s ≡ 2 (mod 4): complete balance is impossible with one set per round; proven "
            "bound Σ(c − %(ideal)s)² ≥ (n−1)(n−2)/2 = %(bound)s"
        )
        % {"pairs": pairs_n(p["pairs"]), "ideal": p["ideal"], "bound": p["bound"]}
    ),
    "best.complete_possible": lambda p: (
        _("%(pairs)s ≡ 0 (mod 4): complete balance (every two pairs compared %(times)s) is possible")
        % {
            "pairs": pairs_n(p["pairs"]),
            "times": ngettext("%(count)d time", "%(count)d times", p["ideal"]) % {"count": p["ideal"]},
        }
    ),
    "best.no_hadamard": lambda p: (
        _(
            "%(pairs)s ≡ 0 (mod 4): complete balance is not excluded by any theorem; no "
            "cyclic construction reaches it (no Hadamard difference set in Z%(order)s)"
        )
        % {"pairs": pairs_n(p["pairs"]), "order": p["order"]}
    ),
    "best.odd": lambda p: (
        _("odd field: no theorem excludes complete balance (%(comparisons)s each); it is known for prime powers")
        % {"comparisons": ngettext("%(count)d comparison", "%(count)d comparisons", p["ideal"]) % {"count": p["ideal"]}}
    ),
    "best.rounding": lambda p: _("comparisons are whole numbers: the bound is what rounding the mean forces"),
    "best.welch": lambda p: _(
        "every pair plays every board set once, so each pair's directions form a ±1 vector; "
        "Welch's inequality Σ⟨x_a, x_b⟩² ≥ (N²d − Nd²)/2 bounds how evenly they can be "
        "compared"
    ),
    "best.shared": lambda p: _("boards are shared between tables; %(reason)s") % {"reason": render(p["reason"])},
    "best.six_pairs_five_sets": lambda p: _("5 board sets for 6 pairs: Σ(c − 2)² ≥ 10 (exhaustive search, spec §5)"),
    # choosing a movement for a session
    "target.about": lambda p: (
        ngettext("about %(count)d board (%(low)s–%(high)s)", "about %(count)d boards (%(low)s–%(high)s)", p["boards"])
        % {"count": p["boards"], "low": p["low"], "high": p["high"]}
    ),
    "target.range": lambda p: _("%(low)s–%(high)s") % {"low": p["low"], "high": boards_n(p["high"])},
    "target.length": lambda p: (
        _("at most %(duration)s: %(up_to)s at %(minutes)s minutes a board")
        % {
            "duration": duration(p["minutes"]),
            "up_to": ngettext("up to %(count)d board", "up to %(count)d boards", p["boards"]) % {"count": p["boards"]},
            "minutes": minutes_number(p["minutes_per_board"]),
        }
    ),
    "offer.boards": lambda p: (
        _("%(rounds)s × %(per_round)s = %(boards)s")
        % {
            "rounds": rounds_n(p["rounds"]),
            "per_round": boards_n(p["boards_per_round"]),
            "boards": boards_n(p["boards"]),
        }
    ),
    "offer.time": lambda p: _("about %(duration)s") % {"duration": duration(p["minutes"])},
    "offer.shorter": lambda p: _("%(boards)s fewer than asked") % {"boards": boards_n(p["boards"])},
    "offer.longer": lambda p: _("%(boards)s more than asked") % {"boards": boards_n(p["boards"])},
    "offer.longer_time": lambda p: _("%(duration)s longer than allowed") % {"duration": duration(p["minutes"])},
    "verdict.perfect": _verdict_perfect,
    "verdict.best": lambda p: _("as balanced as possible: two pairs are compared %(range)s") % _between_boards(p),
    "verdict.good": lambda p: _("well balanced: two pairs are compared %(range)s") % _between_boards(p),
    "verdict.fair": lambda p: _("fair: two pairs are compared %(range)s") % _between_boards(p),
    "verdict.uneven": lambda p: _("uneven: two pairs are compared %(range)s") % _between_boards(p),
    "words.two_lines": lambda p: _(
        "two winners: each line is ranked on its own, and pairs of different lines are never compared"
    ),
    "words.parity": _words_parity,
    "words.possible": lambda p: (
        _("a perfectly balanced movement %(for_pairs)s exists") % {"for_pairs": for_pairs_n(p["pairs"])}
    ),
    "words.unknown": lambda p: (
        _(
            "nobody knows whether a movement %(for_pairs)s can be perfectly balanced: this is "
            "the most even movement we have"
        )
        % {"for_pairs": for_pairs_n(p["pairs"])}
    ),
    "words.kind": lambda p: (
        _("no movement of this kind can be more even (proven)")
        if p["reached"]
        else _("a more even movement of this kind is not ruled out")
    ),
    "fact.winners": lambda p: _("one winner") if p["count"] == 1 else _("two winners (NS and EW)"),
    "fact.meets_all": lambda p: _("every pair meets every other"),
    "fact.meets": lambda p: (
        ngettext(
            "each pair meets %(count)d of the %(others)d other pairs",
            "each pair meets %(count)d of the %(others)d other pairs",
            p["others"],
        )
        % p
    ),
    "fact.relays": _fact_relays,
    "fact.bye_stand": lambda p: (
        _("a bye-stand between tables %(low)s and %(high)s; tables 1 and %(tables)s share boards") % p
    ),
    "fact.skip": lambda p: _("EW pairs skip a table after round %(round)s") % p,
    "fact.shared_boards": lambda p: _("tables share boards"),
    "fact.sit_out": lambda p: _("one pair sits out each round"),
    "fact.deal": lambda p: _("prepare %(boards)s") % {"boards": boards_n(p["boards"])},
    "advice.mitchell_only": lambda p: (
        _(
            "Howells are offered for up to %(max)s pairs: %(for_pairs)s play a Mitchell "
            "(or split the room into sections)."
        )
        % {"max": p["max"], "for_pairs": for_pairs_n(p["pairs"])}
    ),
    "error.target_boards": lambda p: (
        _("enter about how many boards, e.g. 24, or a range such as 24–28, not %(value)r") % p
    ),
    "error.target_boards_range": lambda p: _("a session plays %(low)s to %(high)s boards, not %(value)s") % p,
    "error.target_length": lambda p: (
        _("enter how long the session may be, e.g. 3 h, 2:45 or 170 min, not %(value)r") % p
    ),
    "error.target_length_range": lambda p: _("a session lasts %(low)s minutes to %(high)s hours, not %(value)s") % p,
    "error.target_too_short": lambda p: (
        _("%(duration)s holds only %(boards)s at %(minutes)s minutes a board: allow more time")
        % {
            "duration": duration(p["minutes"]),
            "boards": boards_n(p["boards"]),
            "minutes": minutes_number(p["minutes_per_board"]),
        }
    ),
    "error.minutes_per_board": lambda p: _("minutes per board must be more than 0, not %(value)s") % p,
    "error.winners": lambda p: _("winners must be one, two or any, not %(value)r") % p,
    "error.pairs_missing": lambda p: _("enter the number of pairs or of tables"),
    "error.tables_pairs": lambda p: (
        _("%(tables)s seat %(odd)s or %(even)s pairs, not %(pairs)s")
        % {"tables": tables_n(p["tables"]), "odd": 2 * p["tables"] - 1, "even": 2 * p["tables"], "pairs": p["pairs"]}
    ),
    "error.tables_min": lambda p: _("a movement needs at least 2 tables, not %(value)s") % p,
    # errors
    "error.boards_min": lambda p: _("boards per round must be at least 1, not %(value)s; clubs play 2 to 4") % p,
    "error.boards_max": lambda p: _("boards per round can be 1 to %(max)s, not %(value)s") % p,
    "error.boards_even": lambda p: (
        _(
            "half-sets split each round's boards into two halves: boards per round must be "
            "even (2, 4, 6, 8), not %(value)s"
        )
        % p
    ),
    "error.kind": lambda p: _("kind must be howell or mitchell, not %(value)r") % p,
    "error.half_sets_mitchell": lambda p: _("half-sets are a Howell option; a Mitchell plays whole sets"),
    "error.mitchell_options": lambda p: _("skip, relay and arrow switches are Mitchell options"),
    "error.too_many_rounds": _too_many_rounds,
    "error.half_sets_partial": lambda p: _("half-sets are offered for complete Howells only"),
    "error.rounds_min": lambda p: _("a movement needs at least 1 round, not %(value)s") % p,
    "error.howell_min_pairs": lambda p: (
        _("a Howell needs at least 4 pairs (2 tables); %(pairs)s pairs can only play each other — use 4 to 64 pairs")
        % p
    ),
    "error.howell_max_pairs": lambda p: (
        _(
            "complete Howells are offered for 4 to 64 pairs; %(pairs)s pairs would "
            "need %(rounds)s rounds — use a Mitchell or a partial Howell (fewer "
            "rounds)"
        )
        % p
    ),
    "error.half_sets_four": lambda p: _(
        "half-sets are offered for 5, 6 and n ≡ 2 (mod 4) pairs; 4 pairs share "
        "boards and are already completely balanced"
    ),
    "error.half_sets_not_needed": lambda p: (
        _(
            "half-sets are for fields where one set per round cannot be completely "
            "balanced (5, 6, 9, 10, 13, 14 … pairs: n or n+1 ≡ 2 mod 4); %(pairs)s "
            "pairs play whole sets"
        )
        % p
    ),
    "error.half_sets_unknown": lambda p: (
        _("no two-circuit half-set movement is known for %(pairs)s pairs; use whole sets") % p
    ),
    "error.howell_missing": lambda p: _("no complete Howell for %(pairs)s pairs is embedded yet") % p,
    "error.partial_is_complete": lambda p: (
        _(
            "%(rounds)s is a complete Howell for %(pairs)s pairs (at most "
            "%(full)s); leave rounds empty for the complete Howell"
        )
        % {"rounds": rounds_n(p["rounds"]), "pairs": p["pairs"], "full": rounds_n(p["full"])}
    ),
    "error.partial_even_tables": lambda p: (
        _(
            "with %(rounds)s rounds every one of the %(tables)s tables needs a "
            "stationary pair, and an even number of tables cannot then avoid "
            "repeated boards: use a Mitchell (with a skip or a relay), or %(low)s to "
            "%(high)s rounds"
        )
        % p
    ),
    "error.partial_none_for_eight": lambda p: (
        _(
            "no partial Howell of the band shape exists for %(pairs)s pairs "
            "(exhaustive search): play the complete 7-round Howell"
        )
        % p
    ),
    "error.partial_too_few": lambda p: (
        _(
            "a partial Howell for %(pairs)s pairs needs at least %(low)s rounds (one "
            "board set per table); use %(low)s to %(high)s rounds, or a Mitchell"
        )
        % p
    ),
    "error.partial_not_found": lambda p: (
        _(
            "the search found no partial Howell with %(rounds)s rounds for %(pairs)s "
            "pairs in %(restarts)s restarts; try another number of rounds (a ¾ Howell "
            "has about %(suggest)s) or the complete Howell"
        )
        % p
    ),
    "error.mitchell_min_pairs": lambda p: (
        _("a Mitchell needs at least 6 pairs (3 tables); for %(pairs)s pairs use a Howell") % p
    ),
    "error.mitchell_max_pairs": lambda p: (
        _("Mitchells are offered for 6 to 128 pairs, not %(pairs)s; split the field into sections") % p
    ),
    "error.mitchell_odd_tables": lambda p: _("%(tables)s tables is odd: a plain Mitchell needs no skip or relay") % p,
    "error.mitchell_even_tables": lambda p: (
        _("%(tables)s tables is even: choose a skip or a relay (bye-stand) Mitchell") % p
    ),
    "error.mitchell_rounds": _mitchell_rounds,
    "error.internal": lambda p: _("internal error of the movement generator: %(detail)s") % p,
    # issue 21: teams' round robins and Swiss draws
    "error.round_robin_teams": lambda p: (
        _("a round robin needs at least 2 teams, not %(teams)s") % {"teams": repr(p["teams"])}
    ),
    "error.knockout_teams": lambda p: _("a knockout needs at least 2 teams, not %(teams)s") % p,
    "error.knockout_size": lambda p: _("a full bracket has 2, 4, 8, 16 … places, not %(size)s") % p,
    "error.swiss_teams": lambda p: _("a Swiss round needs at least 2 teams, not %(teams)s") % p,
    "error.swiss_duplicate": lambda p: _("team %(team)s is in the standings twice") % p,
    "error.swiss_round": lambda p: _("rounds are numbered from 1, not %(value)s") % p,
    "error.swiss_vp": lambda p: _("team %(team)s: the VP total %(value)s is not a number") % p,
    "error.swiss_swap_unknown": lambda p: _("team %(team)s is not in this draw") % p,
    "error.swiss_swap_same": lambda p: _("choose two different teams to swap, not %(team)s twice") % p,
    "error.swiss_file_at": lambda p: (
        f"{p['source']} ({p['where']}): {render(p['error'])}" if p["where"] else f"{p['source']}: {render(p['error'])}"
    ),
    "error.swiss_json": lambda p: _("this is not JSON (%(reason)s, line %(line)s, column %(column)s)") % p,
    "error.swiss_json_unreadable": lambda p: _(
        "this JSON cannot be read: it nests too deeply or holds a number of thousands of digits"
    ),
    "error.swiss_encoding": lambda p: _("the file is not UTF-8 text (byte %(position)s)") % p,
    "error.swiss_file": lambda p: _("a Swiss round's standings are an object with round, danish and a list of teams"),
    "error.swiss_flag": lambda p: _("%(name)s is true or false, not %(value)s") % p,
    "error.swiss_team": lambda p: (
        _("a team is an object with team, vp, met and had_bye, not %(value)s") % {"value": repr(p["value"])}
    ),
    "error.swiss_team_name": lambda p: (
        _("a team is named by a number or a word, not %(value)s") % {"value": repr(p["value"])}
    ),
    "error.swiss_vp_range": lambda p: (
        _("team %(team)s: a VP total of %(value)s is beyond any event (at most %(most)s either way)") % p
    ),
    "error.swiss_met": lambda p: _("team %(team)s: met is a list of the teams it has played") % p,
    "error.swiss_met_self": lambda p: _("team %(team)s cannot have met itself") % p,
    "error.swiss_met_unknown": lambda p: _("team %(team)s has met %(other)s, which is not in the standings") % p,
    "error.swiss_home": lambda p: (
        _("team %(team)s: home is how often it has been home, a whole number 0 or more, not %(value)s") % p
    ),
    "error.swiss_swap_rematch": lambda p: (
        _(
            "swapping %(first)s and %(second)s would make %(team)s play %(opponent)s again: rematches are allowed "
            "only in a Danish round"
        )
        % p
    ),
}

Text.templates = TEMPLATES


# --- the searches' method descriptions -----------------------------------------------------------

_METHODS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Text]]] = [
    (re.compile(r"annealed offsets$"), lambda m: Text.of("method.annealed_offsets")),
    (re.compile(r"annealed offset pair$"), lambda m: Text.of("method.annealed_offset_pair")),
    (
        re.compile(r"quadratic residues \(Paley partial difference set\)$"),
        lambda m: Text.of("method.quadratic_residues"),
    ),
    (
        re.compile(r"squares of (\S+) \(Paley partial difference set\)$"),
        lambda m: Text.of("method.field_squares", group=m[1]),
    ),
    (re.compile(r"Hadamard difference set × (\d+)$"), lambda m: Text.of("method.hadamard", multiplier=int(m[1]))),
    (
        re.compile(r"squares on circuit 1, non-squares on circuit 2 \((\S+)\)$"),
        lambda m: Text.of("method.squares_two_circuits", group=m[1]),
    ),
    (re.compile(r"squares / non-squares of (\S+)$"), lambda m: Text.of("method.squares_nonsquares", group=m[1])),
]


def method_text(description: str) -> Text:
    """The ``Text`` of a search method as ``data/starters.json`` records it (cost figures dropped)."""
    description = description.split(" (cost")[0].strip()
    for pattern, make in _METHODS:
        found = pattern.match(description)
        if found:
            return make(found)
    return Text.of("method.other", description=description)
