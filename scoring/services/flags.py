"""A director works off the suspicious results (``scoring.domain.checks``, read by
``scoring.selectors.travellers.session_travellers``).

* ``flag_check`` — "checked, it stands": one flag on one line, for the result the line holds now, with who, when and
  a note. The flag leaves the director's to-do list (the live room's "Results to look at", the results page's
  warnings) and is shown as checked instead; a correction puts a new result on the line, whose flags are new.

The other way to work a flag off is to correct the result (``scoring.services.results``). Only the club's directors
check flags; the line must still carry the flag (a flag that went away with a correction cannot be checked).
"""

from __future__ import annotations

from django.db import transaction

from clubs.models import Session
from clubs.permissions import can_direct
from scoring.domain.errors import ScoringError
from scoring.domain.notation import as_data
from scoring.domain.text import Text
from scoring.models import FlagCheck
from scoring.selectors.travellers import session_travellers

#: A note is a sentence or two: longer text is cut here.
NOTE_LENGTH = 1000


@transaction.atomic
def flag_check(*, session: Session, user, board: int, ns: str, ew: str, flag: str, note: str = "") -> FlagCheck:
    """Record that ``user`` checked the flag ``flag`` (its code, ``check.far``) on board ``board``'s line ``ns`` v
    ``ew`` (the pairs' labels) and lets the result stand; ``ScoringError`` when the line has no such flag now."""
    if not can_direct(user, session.club_id):
        raise ScoringError(Text.of("publish.not_director"), field=None)
    results = session_travellers(session=session, board=board, checks_for=user, trail=False)
    traveller = results.traveller(board)
    line = next(
        (ln for ln in (traveller.lines if traveller else []) if (ln.ns, ln.ew) == (ns, ew) and ln.entered),
        None,
    )
    if line is None or line.ns_pair is None or line.ew_pair is None or line.result is None:
        raise ScoringError(Text.of("flag.no_line", board=board, ns=ns, ew=ew), field="line")
    for checked, check in line.checked:
        if checked.code == flag:
            return check  # checked already (a second click, two directors): the first check stands
    if not any(f.code == flag for f in line.flags):
        raise ScoringError(Text.of("flag.gone", board=board, ns=ns, ew=ew), field="flag")
    return FlagCheck.objects.create(
        session=session,
        board=board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        flag=flag,
        result=as_data(line.result),
        note=str(note or "").strip()[:NOTE_LENGTH],
        by=user,
    )
