"""Filters of the players' results pages: sides and results in words, a score's size, the viewer's pair.

* ``{{ "NS"|side_words }}`` — ``North–South`` / ``East–West`` in the page's language;
* ``{{ result|result_words:board }}`` — a domain result said in bridge terms (``scoring.domain.shorthand.describe``);
* ``{{ value|score_size }}`` — a score's size without a sign: ``100``, ``626.50``;
* ``{% why_words why deals_shown as words %}`` — a result's "why" (``scoring.domain.why``) in sentences;
  ``{% why_html why deals_shown %}`` the same as the pages show it.
"""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubsite.texts import render
from dealing.templatetags.suit_symbols import suit_symbols
from scoring.domain.ranking import shown, signed
from scoring.domain.shorthand import describe

register = template.Library()


@register.filter
def side_words(side: str) -> str:
    return {"NS": _("North–South"), "EW": _("East–West")}.get(side, side)


@register.filter
def result_words(result, board) -> str:
    return render(describe(result, int(board))) if result is not None else ""


@register.filter
def score_size(value) -> str:
    if value is None or value == "":
        return ""
    value = abs(Fraction(value))
    return str(value.numerator) if value.denominator == 1 else shown(value)


# --- the "why" of a result, in words ----------------------------------------------------------------
#
# Said here in Python (gettext, ngettext) rather than in the template: a scorecard says it for every board, and a
# sentence formatted in Python costs a fraction of a {% blocktranslate %} with its variables.


def _strain(strain) -> str:
    """A strain as a player writes it: its suit symbol, or no trumps in the reader's language (NT, BA)."""
    return _("NT") if strain.suit is None else strain.symbol


def _contract_by(contract) -> dict:
    return {"contract": contract.symbol, "seat": contract.declarer.letter}


def _tricks_sentence(why, deals_shown: bool) -> str:
    t = why.tricks
    if t is None:
        if why.passed_out:
            return _("The board was passed out at your table.")
        if why.adjusted:
            return _("The director gave an adjusted score at your table (%(result)s).") % {
                "result": result_words(why.line.result, why.board)
            }
        if not deals_shown:
            return _("The deal and its double-dummy analysis are shown once the session is over.")
        return _("The double-dummy analysis of this board is not ready yet.")
    args = {**_contract_by(t.contract), "tricks": t.tricks, "dd": t.possible, "count": t.size}
    if t.declaring:
        if t.difference == 0:
            return (
                ngettext(
                    "You took %(tricks)d trick in %(contract)s by %(seat)s: exactly what double dummy gives.",
                    "You took %(tricks)d tricks in %(contract)s by %(seat)s: exactly what double dummy gives.",
                    t.tricks,
                )
                % args
            )
        if t.difference > 0:
            return (
                ngettext(
                    "In %(contract)s by %(seat)s you took %(tricks)d, double dummy %(dd)d: the defence gave you "
                    "%(count)d trick.",
                    "In %(contract)s by %(seat)s you took %(tricks)d, double dummy %(dd)d: the defence gave you "
                    "%(count)d tricks.",
                    t.size,
                )
                % args
            )
        return (
            ngettext(
                "In %(contract)s by %(seat)s you took %(tricks)d, double dummy %(dd)d: %(count)d trick lost in "
                "the play.",
                "In %(contract)s by %(seat)s you took %(tricks)d, double dummy %(dd)d: %(count)d tricks lost in "
                "the play.",
                t.size,
            )
            % args
        )
    if t.difference == 0:
        return (
            ngettext(
                "Declarer took %(tricks)d trick in %(contract)s by %(seat)s, as double dummy says: your defence "
                "lost nothing.",
                "Declarer took %(tricks)d tricks in %(contract)s by %(seat)s, as double dummy says: your defence "
                "lost nothing.",
                t.tricks,
            )
            % args
        )
    if t.difference > 0:
        return (
            ngettext(
                "In %(contract)s by %(seat)s declarer took %(tricks)d, double dummy %(dd)d: your defence gave "
                "away %(count)d trick.",
                "In %(contract)s by %(seat)s declarer took %(tricks)d, double dummy %(dd)d: your defence gave "
                "away %(count)d tricks.",
                t.size,
            )
            % args
        )
    return (
        ngettext(
            "In %(contract)s by %(seat)s declarer took only %(tricks)d, double dummy %(dd)d: your defence "
            "gained %(count)d trick.",
            "In %(contract)s by %(seat)s declarer took only %(tricks)d, double dummy %(dd)d: your defence "
            "gained %(count)d tricks.",
            t.size,
        )
        % args
    )


def _par_sentence(why) -> str | None:
    p = why.par
    if p is None:
        return None
    args = {
        "score": signed(p.score),
        "par": signed(p.par),
        "gap": score_size(p.gap),
        "contracts": ", ".join(p.contracts) or _("passed out"),
    }
    if p.difference == 0:
        return _("Your %(score)s is par (%(contracts)s).") % args
    if p.difference > 0:
        return _("Your %(score)s is %(gap)s above par (%(par)s: %(contracts)s).") % args
    return _("Your %(score)s is %(gap)s below par (%(par)s: %(contracts)s).") % args


def _field_sentence(why) -> str | None:
    if not why.contracts:
        return None
    ours = why.ours
    parts = []
    if ours is not None:
        if ours.contract:
            parts.append(
                ngettext(
                    "Your contract, %(contract)s by %(side)s, was played at %(n)d of %(count)d table.",
                    "Your contract, %(contract)s by %(side)s, was played at %(n)d of %(count)d tables.",
                    why.tables,
                )
                % {"contract": ours.contract, "side": side_words(ours.side), "n": ours.tables, "count": why.tables}
            )
        else:
            parts.append(
                ngettext(
                    "The board was passed out at %(n)d of %(count)d table.",
                    "The board was passed out at %(n)d of %(count)d tables.",
                    why.tables,
                )
                % {"n": ours.tables, "count": why.tables}
            )
    if why.others:
        others = ", ".join(
            (
                _("%(contract)s by %(side)s (%(n)d)")
                % {"contract": c.contract, "side": side_words(c.side), "n": c.tables}
            )
            if c.contract
            else _("passed out (%(n)d)") % {"n": c.tables}
            for c in why.others
        )
        parts.append(_("Elsewhere: %(contracts)s.") % {"contracts": others})
    return " ".join(parts)


def _counting_sentences(why) -> list[str]:
    c = why.counting
    if c is None:
        return []
    out = []
    if c.artificial is not None:
        out.append(
            _("An artificial score: %(pct)s %% of the top of %(top)s, that is %(points)s.")
            % {"pct": shown(c.percentage), "top": shown(c.top), "points": shown(c.points)}
        )
    elif c.method == "matchpoints" and c.weighted:
        out.append(
            _(
                "A weighted score on this board: every part of it is compared with every other result, each "
                "comparison counted with the part's weight. Your matchpoints: %(points)s of %(top)s."
            )
            % {"points": shown(c.points), "top": shown(c.top)}
        )
    elif c.method == "matchpoints":
        out.append(
            ngettext(
                "Your score beat %(beaten)d and tied with %(tied)d of the %(count)d other result: "
                "2 × %(beaten)d + %(tied)d = %(raw)d of %(raw_top)d.",
                "Your score beat %(beaten)d and tied with %(tied)d of the %(count)d other results: "
                "2 × %(beaten)d + %(tied)d = %(raw)d of %(raw_top)d.",
                c.others,
            )
            % {"beaten": c.beaten, "tied": c.tied, "count": c.others, "raw": c.raw, "raw_top": c.raw_top}
        )
        if c.acbl:
            out.append(_("On the ACBL scale (1 per result beaten, ½ per tie) that is halved."))
        if c.factored:
            out.append(
                _(
                    "The board was played %(a)d times instead of %(e)d, so the matchpoints are factored (Neuberg): "
                    "(%(raw)d + 1) × %(e)d / %(a)d − 1 = %(points)s of %(top)s."
                )
                % {"a": c.others + 1, "e": c.expected, "raw": c.raw, "points": shown(c.points), "top": shown(c.top)}
            )
        out += [render(note) for note in c.notes]  # missing results scored as ties; rounded or cut matchpoints
        if c.top:
            out.append(
                _("%(points)s of %(top)s = %(pct)s %%.")
                % {"points": shown(c.points), "top": shown(c.top), "pct": shown(c.percentage)}
            )
    elif c.method == "butler" and c.datum is not None:
        out.append(
            _(
                "The datum is %(datum)s from your side (the mean of the scores without the highest and the lowest, "
                "to the nearest 10). Your %(score)s is %(diff)s against it: %(imps)s IMPs."
            )
            % {
                "datum": signed(c.datum),
                "score": signed(c.score),
                "diff": signed(c.difference),
                "imps": shown(c.points),
            }
        )
    else:
        out.append(
            ngettext(
                "Your score against the other result, in IMPs: %(imps)s.",
                "Your score against each of the %(count)d other results, in IMPs, then the mean: %(imps)s.",
                c.others,
            )
            % {"count": c.others, "imps": shown(c.points)}
        )
    if why.tricks is not None:
        out.append(
            _(
                "Double dummy: every hand seen by every player, each side playing its best; %(seat)s takes %(dd)d "
                "tricks in %(strain)s."
            )
            % {
                "seat": why.tricks.contract.declarer.letter,
                "dd": why.tricks.possible,
                "strain": _strain(why.tricks.contract.strain),
            }
        )
    if why.par is not None:
        out.append(
            _(
                "Par: the score both sides reach when each bids as high as is worth it with every card seen, and "
                "no higher."
            )
        )
    return out


@register.simple_tag
def why_html(why, deals_shown: bool = True) -> str:
    """``{% why_html why deals_shown %}``: the "why" as the pages show it — a list of the three facts and the
    counting in a collapsed block — made here in one piece (a scorecard shows one per board)."""
    words = why_words(why, deals_shown)
    items = [("why-tricks", words["tricks"]), ("why-par", words["par"]), ("why-field", words["field"])]
    html = [format_html('<ul class="why" data-testid="why-{}">', why.board)]
    html += [format_html('<li data-testid="{}">{}</li>', testid, suit_symbols(text)) for testid, text in items if text]
    html.append("</ul>")
    if words["counting"]:
        html.append(format_html('<details class="counting"><summary>{}</summary>', _("How it is counted")))
        html += [format_html("<p>{}</p>", suit_symbols(text)) for text in words["counting"]]
        html.append("</details>")
    return mark_safe("".join(html))


@register.simple_tag
def why_words(why, deals_shown: bool = True) -> dict:
    """``{% why_words why deals_shown as words %}``: ``words.tricks``, ``words.par``, ``words.field`` (a sentence
    each, or None) and ``words.counting`` (the sentences of the collapsed details)."""
    return {
        "tricks": _tricks_sentence(why, deals_shown),
        "par": _par_sentence(why),
        "field": _field_sentence(why),
        "counting": _counting_sentences(why),
    }
