"""``{% play_it_again_url session_id board contract as url %}``: where "Play it again" leads for a board.

From a pair's traveller or scorecard the board is played again in the contract that pair played (``contract``: a
``Contract``); without one — the hand record, a pass-out, an adjusted score — in the board's par contract, the play
page's default (``dealing.selectors.play.default_contract``), which the play page offers either way.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse

from bridge.contract import Contract

register = template.Library()


@register.simple_tag
def play_it_again_url(session_id, number, contract=None) -> str:
    base = reverse("dealing:play_board", args=[session_id, number])
    if not isinstance(contract, Contract):
        return base
    return f"{base}?{urlencode({'contract': contract.call, 'declarer': contract.declarer.letter})}"
