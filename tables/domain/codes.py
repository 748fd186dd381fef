"""Table codes and PINs, and how many wrong PINs a code takes before it is locked for a while.

* :func:`new_code` — a short code naming one table of one session (``K7MP3``), from an alphabet
  without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), so it can be read off a card and typed;
* :func:`new_pin` — four digits;
* :func:`normalise_code` — what a player typed, as a code (spaces, dashes, case ignored);
* :func:`pin_matches` — a constant-time comparison (``hmac.compare_digest``);
* :func:`locked_until` — the lockout: ``limit`` wrong PINs within ``window`` lock the code until
  ``window`` after the failure that reached the limit (the clock is a parameter).

Randomness is a parameter (``draw(n)``: a number below n — ``secrets.randbelow`` in the service).

>>> import random
>>> rnd = random.Random(1)
>>> new_code(rnd.randrange), new_pin(rnd.randrange)
('FX9DK', '1777')
>>> normalise_code(" fx-9dk ")
'FX9DK'
>>> from datetime import datetime, timedelta
>>> t0 = datetime(2026, 11, 24, 19, 0)
>>> fails = [t0 + timedelta(minutes=m) for m in (0, 1, 2, 3, 4)]
>>> locked_until(fails[:4], now=t0 + timedelta(minutes=5)) is None
True
>>> locked_until(fails, now=t0 + timedelta(minutes=5))
datetime.datetime(2026, 11, 24, 19, 14)
>>> locked_until(fails, now=t0 + timedelta(minutes=10))              # still locked
datetime.datetime(2026, 11, 24, 19, 14)
>>> locked_until(fails, now=t0 + timedelta(minutes=15)) is None     # the lock has passed
True
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 5
PIN_LENGTH = 4
#: Wrong PINs for one code within WINDOW that lock it (until WINDOW after the last of them).
LIMIT = 5
WINDOW = timedelta(minutes=10)


def new_code(draw: Callable[[int], int], length: int = CODE_LENGTH) -> str:
    return "".join(ALPHABET[draw(len(ALPHABET))] for _ in range(length))


def new_pin(draw: Callable[[int], int], length: int = PIN_LENGTH) -> str:
    return "".join(str(draw(10)) for _ in range(length))


def normalise_code(text: str) -> str:
    return "".join(ch for ch in str(text or "").upper() if ch.isalnum())


def normalise_pin(text: str) -> str:
    return "".join(ch for ch in str(text or "") if ch.isdigit())


def pin_matches(given: str, expected: str) -> bool:
    return hmac.compare_digest(normalise_pin(given).encode(), str(expected).encode())


def locked_until(
    failures: Sequence[datetime], *, now: datetime, limit: int = LIMIT, window: timedelta = WINDOW
) -> datetime | None:
    """When the code is free again, or None if it is not locked (``failures``: times of wrong PINs).

    Each time ``limit`` failures fall within ``window``, the code is locked for ``window`` from the last of
    them; attempts while locked count too, so guessing on only keeps it locked.
    """
    times = sorted(t for t in failures if t <= now)
    until = None
    for i in range(limit - 1, len(times)):
        if times[i] - times[i - limit + 1] < window:
            until = times[i] + window
    return until if until is not None and until > now else None
