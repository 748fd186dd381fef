"""``{% session_pairs session as pairs %}``: a session's pairs for its page's panel (every pair of the movement,
with who plays in it, and how many are named)."""

from django import template

from events.pairs import session_pair_rows

register = template.Library()


@register.simple_tag
def session_pairs(session) -> dict:
    rows = session_pair_rows(session=session)
    return {"rows": rows, "total": len(rows), "named": sum(1 for r in rows if r.pair is not None and r.pair.names)}
