"""``manage.py perfect_auction encode|decode``: on the article's example, on real event boards, on bad input."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command

from bridge.cards import Deal

KERSEY = "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432"


def run(*args) -> str:
    out = io.StringIO()
    call_command("perfect_auction", *args, stdout=out)
    return out.getvalue().strip()


def real_boards(path):
    """(dealer, deal) of every board in a PBN file."""
    text = path.read_text(encoding="utf-8", errors="replace")
    dealers = re.findall(r'^\[Dealer "([NESW])"\]', text, flags=re.M)
    deals = re.findall(r'^\[Deal "([^"]+)"\]', text, flags=re.M)
    assert dealers and len(dealers) == len(deals)
    return list(zip(dealers, deals))


def test_encode_prints_calls_separated_by_spaces():
    calls = run("encode", "--deal", KERSEY, "--dealer", "N").split(" ")
    assert calls[0] == "1D"  # Kersey: AKQT7 of spades opens 1♦
    assert calls[-4:] == ["6C", "P", "P", "P"]
    assert all(re.fullmatch(r"P|X|XX|[1-7][CDHSN]", call) for call in calls)


def test_decode_prints_the_pbn_deal_from_north():
    auction = run(
        "encode", "--deal", "E:" + " ".join(KERSEY[2:].split(" ")[1:] + KERSEY[2:].split(" ")[:1]), "--dealer", "W"
    )
    assert run("decode", "--dealer", "W", "--auction", auction) == KERSEY


def test_decode_accepts_loose_spelling():
    auction = run("encode", "--deal", KERSEY, "--dealer", "S")
    loose = auction.lower().replace("xx", "rdbl").replace("x", "dbl").replace("p", "pass").replace(" ", ", ")
    assert run("decode", "--dealer", "south", "--auction", loose) == KERSEY


@pytest.mark.parametrize(
    "name", ["wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn", "dd-oracle/bridgecomposer-12deals-ddtricks-par.pbn"]
)
def test_every_board_of_a_real_event_round_trips(events_dir, name):
    boards = real_boards(events_dir / name)
    for dealer, deal in boards:
        auction = run("encode", "--deal", deal, "--dealer", dealer)
        assert run("decode", "--dealer", dealer, "--auction", auction) == Deal.from_pbn(deal).to_pbn()


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["decode", "--dealer", "N", "--auction", "P 1C X"],
            "the auction is unfinished: after call 3 (South: X) West must bid with ♠K, redouble with ♠Q",
        ),
        (["decode", "--dealer", "N", "--auction", "1C 1C"], "call 2 (East: 1♣) is illegal"),
        (["decode", "--dealer", "S", "--auction", "1C 1Q"], "call 2: '1Q' is not a call"),
        (["decode", "--dealer", "Q", "--auction", "1C"], "unknown seat 'Q'"),
        (["encode", "--dealer", "N", "--deal", "N:AKQT7"], "a PBN deal has four hands"),
        (["encode", "--dealer", "N", "--deal", KERSEY.replace("AKQT7", "AKQT")], "North's hand has 12 cards"),
    ],
)
def test_bad_input_is_a_clear_command_error(args, message):
    with pytest.raises(CommandError) as info:
        run(*args)
    assert message in str(info.value)


def test_a_subcommand_is_required():
    with pytest.raises(CommandError, match="encode,decode"):
        run()
