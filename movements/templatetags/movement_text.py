"""``{{ movement.title|localized }}``: a movements-domain ``Text`` in the page's language (``clubs.texts.render``)."""

from django import template

from clubs.texts import render

register = template.Library()


@register.filter
def localized(value):
    return render(value)
