"""Phones joining and leaving tables.

* ``table_join`` — a table code and its PIN (typed, or in the QR code's address) join the phone to that
  table of that session and no other: a new device token (only its SHA-256 is stored); with
  ``take_over`` the table's other phones are signed out. Every PIN tried is recorded
  (``JoinAttempt``): ``LIMIT`` wrong ones within ``WINDOW`` lock the code for a while
  (``tables.domain.codes.locked_until``), and the director's room shows it.
* ``device_for_token`` — the phone behind a token (``TableError`` when unknown or signed out; with
  ``signed_out_too``, a signed-out phone too: it may still hand over what it had not sent).
* ``device_leave`` — the phone leaves its table.

The errors say what is wrong in the phone's language: an unknown code, a session that is over (an old
card), a wrong PIN (also one from another session's card), a locked code.
"""

from __future__ import annotations

import hashlib
import math
import secrets

from django.db import transaction
from django.utils import timezone

from clubs.models import Session
from clubsite.dates import when
from tables.domain.codes import WINDOW, locked_until, normalise_code, normalise_pin, pin_matches
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Device, JoinAttempt, Table

#: A phone seen within this many seconds counts as at the table (the room's "phones" column).
SEEN_SECONDS = 90


def token_hash(token: str) -> str:
    return hashlib.sha256(str(token).encode()).hexdigest()


def code_locked_until(code: str, *, now=None):
    now = now or timezone.now()
    failures = JoinAttempt.objects.filter(code=code, ok=False, at__gt=now - 2 * WINDOW).values_list("at", flat=True)
    return locked_until(list(failures), now=now)


def table_for_code(code: str) -> Table:
    """The table of this code, whatever the state of its session (``TableError`` if no table has it)."""
    code = normalise_code(code)
    table = Table.objects.select_related("table_session__session__club").filter(code=code).first()
    if table is None:
        raise TableError(Text.of("join.code_unknown", code=code or "—"), field="code")
    return table


def _check_open(table: Table, code: str) -> None:
    session = table.table_session.session
    if session.is_over:
        raise TableError(
            Text.of("join.code_expired", code=code, session=_session_name(session)), field="code", code="expired"
        )


def _session_name(session: Session) -> str:
    return f"{session.name} ({when(session.date)})"


def table_join(
    *, code: str, pin: str, address: str = "", label: str = "", take_over: bool = False, now=None
) -> tuple[Device, str]:
    """Join the phone to the table of ``code``; returns the device and its token (to keep in a cookie)."""
    now = now or timezone.now()
    code = normalise_code(code)
    table = table_for_code(code)
    _check_open(table, code)
    until = code_locked_until(code, now=now)
    if until is not None:
        JoinAttempt.objects.create(code=code, table=table, ok=False, address=address[:64])
        raise TableError(
            Text.of("join.locked", code=code, minutes=max(1, math.ceil((until - now).total_seconds() / 60))),
            field="pin",
            code="locked",
        )
    if not normalise_pin(pin):
        raise TableError(Text.of("join.pin_missing"), field="pin")
    if not pin_matches(pin, table.pin):
        JoinAttempt.objects.create(code=code, table=table, ok=False, address=address[:64])
        raise TableError(Text.of("join.pin_wrong", code=code), field="pin", code="wrong_pin")
    with transaction.atomic():
        JoinAttempt.objects.create(code=code, table=table, ok=True, address=address[:64])
        if take_over:
            Device.objects.filter(table=table, left_at__isnull=True).update(left_at=now)
        token = secrets.token_urlsafe(32)
        device = Device.objects.create(table=table, token_hash=token_hash(token), label=label[:120], last_seen=now)
    return device, token


def device_for_token(token: str | None, *, touch: bool = False, signed_out_too: bool = False) -> Device:
    """The joined phone behind ``token``; ``touch`` notes that it was seen (at most every 30 s); ``signed_out_too``:
    a phone signed out of its table is found too."""
    device = None
    if token:
        devices = Device.objects.select_related("table__table_session__session__club").filter(
            token_hash=token_hash(token)
        )
        device = (devices if signed_out_too else devices.filter(left_at__isnull=True)).first()
    if device is None:
        raise TableError(Text.of("device.unknown"), field=None, code="not_joined")
    if touch:
        now = timezone.now()
        if device.last_seen is None or (now - device.last_seen).total_seconds() > 30:
            Device.objects.filter(pk=device.pk).update(last_seen=now)
            device.last_seen = now
    return device


def device_leave(*, device: Device) -> None:
    Device.objects.filter(pk=device.pk, left_at__isnull=True).update(left_at=timezone.now())
