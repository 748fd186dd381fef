"""``{{ movement.title|localized }}``: a movements-domain ``Text`` in the page's language (``clubsite.texts.render``)."""

from django import template

from clubsite.texts import render

register = template.Library()


@register.filter
def localized(value):
    return render(value)
