"""The phone's pages: join a table (code and PIN typed, or the QR code's address), the table's page (a small
app in ``static/js/tables/table.js`` over the phones' API, with an offline queue), leave, and the service
worker that lets the page open again without the network.

The phone's token lives in a cookie (``tables_device``) for these pages and is handed to the page, which
sends it in the API's ``X-Table-Token`` header. Everything is in the phone's language (the language switch
on the page, or the browser's).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from clubsite.texts import error_message
from clubsite.texts import render as say
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.selectors.table import phone_state, score_table, table_state, vulnerability_json
from tables.selectors.teams import is_teams_table
from tables.services.joining import device_for_token, device_leave, table_for_code, table_join
from tables.views.teams import teams_phone

COOKIE = "tables_device"
COOKIE_AGE = 16 * 3600


def _device(request):
    try:
        return device_for_token(request.COOKIES.get(COOKIE), touch=True)
    except TableError:
        return None


def _address(request) -> str:
    return request.META.get("REMOTE_ADDR", "")


def _joined(request, device, token):
    response = redirect("tables:phone")
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="Lax", secure=request.is_secure())
    return response


@never_cache
def join(request):
    """Join by typing the table code and PIN."""
    error, field = None, None
    code, pin = request.POST.get("code", ""), request.POST.get("pin", "")
    if request.method == "POST":
        try:
            device, token = table_join(
                code=code,
                pin=pin,
                address=_address(request),
                take_over=request.POST.get("take_over") == "1",
                label=request.headers.get("User-Agent", "")[:120],
            )
            return _joined(request, device, token)
        except TableError as exc:
            error, field = error_message(exc), exc.field
    return render(
        request,
        "tables/join.html",
        {"error": error, "field": field, "code": code, "pin": pin, "device": _device(request)},
        status=400 if error else 200,
    )


@never_cache
def join_code(request, code: str):
    """The QR code's address: this table of this session; the PIN comes with it (``?pin=``)."""
    error, table = None, None
    pin = request.POST.get("pin") or request.GET.get("pin", "")
    try:
        table = table_for_code(code)
        if table.table_session.session.is_over:
            raise TableError(
                Text.of("join.code_expired", code=table.code, session=table.table_session.session.name), field="code"
            )
    except TableError as exc:
        error = error_message(exc)
    if request.method == "POST" and table is not None and error is None:
        try:
            device, token = table_join(
                code=code,
                pin=pin,
                address=_address(request),
                take_over=request.POST.get("take_over") == "1",
                label=request.headers.get("User-Agent", "")[:120],
            )
            return _joined(request, device, token)
        except TableError as exc:
            error = error_message(exc)
    others = table.devices.filter(left_at__isnull=True).count() if table is not None else 0
    return render(
        request,
        "tables/join_code.html",
        {"table": table, "code": code, "pin": pin, "error": error, "others": others, "device": _device(request)},
        status=400 if error and request.method == "POST" else 200,
    )


def _words() -> dict:
    """What the page says, in the phone's language (the script fills in the ``{…}`` parts)."""
    board_not_here = say(
        Text.of("board.not_here", board="{board}", table="{table}", round="{round}", boards=("{boards}",))
    )
    return {
        "table": _("Table %(n)s"),
        "round": _("Round %(n)s of %(of)s"),
        "ns": _("NS"),
        "ew": _("EW"),
        "boards": _("Boards"),
        "board": _("Board %(n)s"),
        "which_board": _("Which board do you hold?"),
        "which_board_help": _("Check the number on the board before you enter it."),
        "other_board": _("Another board number"),
        "check": _("Check"),
        "next_board": _("Next board"),
        "contract": _("Contract"),
        "declarer": _("Declarer"),
        "passed_out": _("Passed out"),
        "undoubled": _("Not doubled"),
        "lead": _("Opening lead"),
        "no_lead": _("Skip the lead"),
        "tricks": _("Tricks"),
        "tricks_total": _("Tricks taken by declarer"),
        "tricks_relative": _("Tricks against the contract"),
        "show_total": _("Enter the total instead"),
        "show_relative": _("Enter =, +1, −1 instead"),
        "back": _("Back"),
        "send": _("NS: send for EW to confirm"),
        "ew_confirm": _("East–West: do you agree?"),
        "accept": _("EW: Accept"),
        "change": _("Not right: change it"),
        "confirmed": _("Confirmed"),
        "pending": _("Waiting for EW"),
        "missing": _("Not played yet"),
        "conflict": _("Conflict: the director decides"),
        "not_sent": _("Not sent yet"),
        "not_sent_count": _("%(n)s not sent yet: they are kept on this phone and sent when the network is back."),
        "sending": _("Sending…"),
        "offline": _("No network"),
        "sent": _("All sent"),
        "round_done": _("Round %(n)s is done."),
        "moves": _("Where to go now"),
        "waiting": _("Waiting for the director to start round %(n)s."),
        "moved_on": _("We have moved: start round %(n)s"),
        "next_released": _("Round %(n)s has started: read where to go, move, then start it."),
        "over": _("The session is over."),
        "over_waiting": _("The results come here when the director publishes them."),
        "ranking_live": _("Ranking so far"),
        "ranking_provisional": _("Provisional results"),
        "ranking_published": _("Results"),
        "ranking_link": _("The whole ranking"),
        "ranking_pair": _("Pair %(pair)s: place %(place)s, %(score)s"),
        "ranking_place": _("Place"),
        "ranking_pair_head": _("Pair"),
        "ranking_score": _("Result"),
        "traveller": _("Traveller so far"),
        "your_result": _("Your result: NS %(ns)s %%, EW %(ew)s %%"),
        "ask_director": _("Ask the director to correct it"),
        "request_note": _("What is wrong?"),
        "request_sent_board": _("Board %(n)s: your request is with the director."),
        "not_recorded": _("Board %(n)s was not recorded: %(why)s"),
        "signed_out": _("This phone was signed out of the table."),
        "signed_out_held": _(
            "Another phone took over table %(table)s (or the director gave the tables new codes), so this phone can no "
            "longer send what it holds. Not sent:"
        ),
        "hand_to_table": _("Hand it to the table's phone"),
        "hand_to_director": _("Hand it to the director"),
        "handed_table": _("Handed to the table's phone: it is shown there, to be sent."),
        "handed_director": _("Handed to the director: it is shown in the director's room."),
        "handing_failed": _("Not handed over yet: %(why)s"),
        "handed_in": _("From a phone that was signed out of this table"),
        "handed_send": _("Send it"),
        "handed_drop": _("Not needed"),
        "request_for": _("Request for the director: %(note)s"),
        "held_confirm": _("%(said)s, accepted by EW"),
        "join_again": _("Join a table"),
        "locked": _("The director has locked this table."),
        "leave_unsent": _("%(n)s not sent yet: they stay on this phone, unsent, if it leaves the table."),
        "board_not_here": board_not_here,
        "said_played": _("%(contract)s%(result)s by %(declarer)s, %(tricks)s: %(score)s"),
        "said_played_lead": _("%(contract)s%(result)s by %(declarer)s, %(tricks)s, lead %(lead)s: %(score)s"),
        "said_passed": _("Passed out: 0"),
        "trick_forms": [ngettext("%(count)d trick", "%(count)d tricks", n) % {"count": n} for n in range(14)],
        "level_missing": say(Text.of("entry.level_missing")),
        "strain_missing": say(Text.of("entry.strain")),
        "declarer_missing": say(Text.of("entry.declarer")),
        "tricks_missing": say(Text.of("entry.tricks_missing")),
        "vul": _("Vulnerable: %(who)s"),
        "vul_none": _("nobody"),
        "vul_both": _("both"),
        "done_boards": _("%(done)s of %(all)s boards confirmed"),
        # phones that follow their pairs (issue 24 item 9)
        "phone_whose": _("Whose phone is this? It goes with that pair to its next tables by itself."),
        "phone_pair": _("Pair %(pair)s"),
        "phone_followed": _("This phone has joined table %(table)s with pair %(pair)s."),
        "phone_behind": _(
            "Table %(table)s is still playing round %(round)s. Pair %(pair)s plays here in round %(next)s: wait for "
            "the table to finish (its players may use this phone)."
        ),
        # the strain word of no trumps in the phone's language ("NT", "BA")
        "nt": _("NT"),
    }


@require_safe
@never_cache
def phone(request):
    """The table's page (or the join form when this phone is not at a table; a phone signed out of its table gets its
    page signed out, where what it holds unsent is handed over)."""
    device, signed_out = _device(request), False
    if device is None:
        # a phone signed out of its table (another phone took over) that reloads: its page again, signed out, so that
        # what it holds unsent (in its storage) is still shown and offered to the table's phone or the director
        try:
            device, signed_out = device_for_token(request.COOKIES.get(COOKIE), signed_out_too=True), True
        except TableError:
            return redirect("tables:join")
    if is_teams_table(device.table):  # a teams session's table: the match at the table, its score card
        return teams_phone(request, device, signed_out=signed_out, words=_words(), token=request.COOKIES.get(COOKIE))
    state = table_state(device)
    state["phone"] = phone_state(device, state)
    boards = [b["board"] for r in state["rounds"] for b in r["boards"]]
    return render(
        request,
        "tables/phone.html",
        {
            "device": device,
            "signed_out": signed_out,
            "table": device.table,
            "state": state,
            "token": request.COOKIES.get(COOKIE),
            "words": _words(),
            "scores": score_table(),
            "vulnerability": vulnerability_json(boards),
            "api": {
                "state": reverse("tables-state"),
                "entries": reverse("tables-entries"),
                "confirmations": reverse("tables-confirmations"),
                "requests": reverse("tables-requests"),
                "traveller": reverse("tables-traveller", args=[0]),
                "moves": reverse("tables-moves"),
                "handovers": reverse("tables-handovers"),
                "dismissals": reverse("tables-handover-dismissals"),
                "ranking": reverse("tables-ranking"),
                "phone_pair": reverse("tables-phone-pair"),
                "phone_follow": reverse("tables-phone-follow"),
            },
        },
    )


@require_POST
def leave(request):
    """Sign this phone out of its table: asked first on the table's page ("Leave this table…", then "Yes, sign this
    phone out", which posts ``sure``); a post without it goes back to the table."""
    device = _device(request)
    if device is not None and request.POST.get("sure") != "1":
        return redirect("tables:phone")
    if device is not None:
        device_leave(device=device)
    response = redirect("tables:join")
    response.delete_cookie(COOKIE)
    return response


@require_safe
def service_worker(request):
    """Keeps the table's page and its script for a phone that reloads without the network (network first)."""
    script = (settings.BASE_DIR / "static" / "js" / "tables" / "sw.js").read_text()
    response = HttpResponse(script, content_type="application/javascript")
    response["Cache-Control"] = "no-cache"
    return response
