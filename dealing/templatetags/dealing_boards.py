"""Template tags for the session page's dealing panel (no deal is ever read here)."""

from django import template

from dealing.selectors.boards import session_dealing_summary

register = template.Library()


@register.simple_tag
def session_dealing(session):
    """Whether and how the session was dealt, and its commitment entry (``{% session_dealing session as d %}``)."""
    return {"summary": session_dealing_summary(session=session), "entry": getattr(session, "commitment_entry", None)}
