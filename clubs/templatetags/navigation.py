"""``{% nav_link "app:name" "Label" %}``: a navigation link that marks itself current and
renders nothing when the page does not exist (yet) in this installation."""

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def nav_link(context, url_name, label, *args):
    try:
        url = reverse(url_name, args=args)
    except NoReverseMatch:
        return ""
    request = context.get("request")
    current = request is not None and (request.path == url or (url != "/" and request.path.startswith(url)))
    return format_html('<li><a href="{}"{}>{}</a></li>', url, ' aria-current="page"' if current else "", label)
