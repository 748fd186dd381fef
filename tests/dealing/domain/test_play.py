"""Play it again: the play's rules (dealing.domain.play) and each card against double dummy (analysis.card_tricks).

The double-dummy answers are checked against a real analysis program: before the opening lead, the
tricks declarer takes must be BridgeComposer's ``DoubleDummyTricks`` for every declarer and strain.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from bridge.cards import Card, Deal, Seat, Strain
from bridge.contract import Contract
from bridge.errors import BridgeError
from dealing.domain.analysis import card_tricks
from dealing.domain.formats.pbn import read_pbn
from dealing.domain.play import (
    Play,
    Position,
    Trick,
    best_card,
    evaluate,
    options,
    parse_cards,
    play_for,
    solve_position,
)

ORACLE = settings.SHARED_DATA_DIR / "data" / "events" / "dd-oracle"
# North: AKQJ of spades …; each hand holds a whole suit's worth of a rank band (easy to reason about)
BANDS = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def play_of(deal, contract: str, declarer: str, text: str = "") -> Play:
    return Play.replay(deal, Contract.from_str(contract, declarer), cards(text))


# --- the rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("declarer, leader", [("N", Seat.EAST), ("E", Seat.SOUTH), ("S", Seat.WEST), ("W", Seat.NORTH)])
def test_declarers_left_hand_opponent_leads(declarer, leader):
    assert play_of(BANDS, "3NT", declarer).to_play == leader


@pytest.mark.parametrize(
    "strain, trick, winner",
    [
        ("NT", "S4 SA S8 H2", Seat.NORTH),  # West leads ♠4: North's ace wins, South's ♥2 is a discard
        ("H", "S4 SA S8 H2", Seat.SOUTH),  # … with hearts trumps South ruffs
        ("NT", "D8 D5 D2 DA", Seat.SOUTH),  # the highest of the suit led
        ("C", "H3 HT H7 C8", Seat.SOUTH),  # the only trump
    ],
)
def test_trick_winner(strain, trick, winner):
    four = cards(trick)
    assert Trick(Seat.WEST, tuple(four)).winner(Strain.from_str(strain)) == winner


def test_two_trumps_the_higher_wins():
    trick = Trick(Seat.NORTH, tuple(cards("DA C2 C5 D3")))
    assert trick.winner(Strain.CLUBS) == Seat.SOUTH
    assert trick.winner(Strain.NOTRUMP) == Seat.NORTH


def test_the_winner_leads_and_tricks_are_counted():
    play = play_of(BANDS, "3NT", "S", "HA H8 H5 H2")  # West's ace wins
    assert play.to_play == Seat.WEST and play.tricks_won == {"NS": 0, "EW": 1}
    assert (play.declarer_tricks, play.defence_tricks) == (0, 1)
    play = play_of(BANDS, "3NT", "S", "HA H8 H5 H2 S4 SA ST S5")  # North's ace wins, North leads
    assert play.to_play == Seat.NORTH and play.tricks_won == {"NS": 1, "EW": 1}
    assert play.hand(Seat.NORTH) == frozenset(BANDS.hand(Seat.NORTH).cards - {Card.from_str("SA"), Card.from_str("H8")})


def test_legal_cards_follow_suit_or_anything_when_void():
    play = play_of(BANDS, "3NT", "S", "HA")
    assert play.legal_cards() == cards("HT H9 H8")  # North must follow in hearts
    play = play_of(BANDS, "3NT", "S", "DT")
    assert play.legal_cards() == cards("D7 D6 D5")
    east_void = play_of(
        Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"), "1NT", "W", "SA"
    )
    assert len(east_void.legal_cards()) == 13  # East has no spade: any heart
    out_of_hearts = play_of(BANDS, "3NT", "S", "HA H8 H5 H2 HK H9 H6 H3 HQ HT H7 H4 HJ")
    assert out_of_hearts.legal_cards() == sorted(out_of_hearts.hand(Seat.NORTH))  # North discards freely
    assert out_of_hearts.play(Card.from_str("SJ")).to_play == Seat.EAST


@pytest.mark.parametrize(
    "sequence, code, words",
    [
        ("HA SJ", "play.follow", "card 2: North must follow suit in hearts (North holds ♥10, ♥9, ♥8)"),
        ("H2", "play.turn", "card 1: ♥2 is South's card; it is West's turn to play"),
        ("HA H8 H5 H2 HA", "play.played", "card 5: ♥A has already been played (by West, trick 1)"),
    ],
)
def test_a_card_that_may_not_be_played_is_refused_with_its_place(sequence, code, words):
    with pytest.raises(BridgeError) as info:
        play_of(BANDS, "3NT", "S", sequence)
    assert str(info.value) == words
    assert info.value.text.code == "play.at" and info.value.text.params["error"].code == code
    assert info.value.field == "cards"


def test_replay_checked_keeps_the_good_cards():
    play, error = Play.replay_checked(BANDS, Contract.from_str("3NT", "S"), cards("HA H8 H5 S2 H2"))
    assert [str(c) for c in play.cards] == ["HA", "H8", "H5"] and str(error).startswith("card 4: ")


def test_after_thirteen_tricks_nothing_more():
    play = play_for(play_for(Play.start(BANDS, Contract.from_str("3NT", "S")), "EW", _solve_fake), "NS", _solve_fake)
    while not play.is_over:
        play = play.play(play.legal_cards()[0])
    assert play.to_play is None and sum(play.tricks_won.values()) == 13 and play.legal_cards() == []
    with pytest.raises(BridgeError, match="all thirteen tricks have been played"):
        play.play(Card.from_str("SA"))


def _solve_fake(position: Position) -> dict[Card, int]:
    """A stand-in solver: every legal card is as good as any other (for tests of the rules only)."""
    play_hand = position.hands[position.to_play]
    led = position.trick[0].suit if position.trick else None
    legal = [c for c in play_hand if c.suit is led] or list(play_hand)
    return dict.fromkeys(legal, 0)


def test_parse_cards_names_the_bad_one():
    assert parse_cards("ha,H8 ♥10 t♠") == cards("HA H8 HT ST")
    with pytest.raises(BridgeError, match="card 2: unknown card 'XY'"):
        parse_cards("HA XY")


def test_the_same_position_has_the_same_key_however_it_was_reached():
    contract = Contract.from_str("3NT", "S")
    # West leads ♥A then ♥K, or ♥K then ♥A: the same hands are left, West on lead
    one = Play.replay(BANDS, contract, cards("HA H8 H5 H2 HK H9 H6 H3"))
    two = Play.replay(BANDS, contract, cards("HK H9 H6 H3 HA H8 H5 H2"))
    assert one.position().key == two.position().key
    assert one.position().key != Play.replay(BANDS, contract, cards("HA H9 H5 H2")).position().key


# --- against double dummy --------------------------------------------------------------------


@pytest.fixture(scope="module")
def composer():
    """BridgeComposer's deals with its double-dummy tricks (dd-oracle)."""
    return read_pbn((ORACLE / "bridgecomposer-12deals-ddtricks-par.pbn").read_bytes()).games


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 5])
def test_before_the_lead_declarer_takes_bridgecomposers_tricks(composer, index):
    game = composer[index]
    for declarer in Seat:
        for strain in Strain:
            play = Play.start(game.deal, Contract.of(1, strain, 0, declarer))
            assert evaluate(play).start == game.double_dummy[declarer, strain], (game.board, declarer, strain)


def test_card_tricks_counts_the_side_to_plays_tricks(composer):
    deal = composer[0].deal
    tricks = card_tricks(deal.hands, Strain.NOTRUMP, Seat.EAST)  # South declares NT: East leads
    assert set(tricks) == set(deal.hand(Seat.EAST).cards)
    assert 13 - max(tricks.values()) == composer[0].double_dummy[Seat.NORTH, Strain.NOTRUMP]


def test_card_tricks_refuses_impossible_positions():
    hands = {seat: list(BANDS.hand(seat).cards) for seat in Seat}
    hands[Seat.NORTH] = hands[Seat.NORTH][:12]
    with pytest.raises(BridgeError):
        card_tricks(hands, Strain.SPADES, Seat.EAST)
    hands = {seat: list(BANDS.hand(seat).cards) for seat in Seat}
    with pytest.raises(BridgeError, match="twice"):
        card_tricks(hands, Strain.SPADES, Seat.EAST, [Card.from_str("SA")])


def test_a_blunder_costs_what_double_dummy_says():
    # 3NT by South on the bands deal: West leads the ♥A; North's ♥10 and ♥8 are the same card
    play = play_of(BANDS, "3NT", "S", "HA")
    choices = {str(o.card): o for o in options(play)}
    assert set(choices) == {"HT", "H9", "H8"}
    assert len({o.declarer_tricks for o in choices.values()}) == 1 and all(o.cost == 0 for o in choices.values())
    evaluation = evaluate(play_of(BANDS, "3NT", "S", "HA H8 H5 H2"))
    assert [p.cost for p in evaluation.played] == [0, 0, 0, 0]


def test_costs_add_up_to_the_result_on_a_whole_board(composer):
    """Whatever is played, declarer's tricks at the end are the tricks before the lead, less what declarer's side
    gave away, plus what the defenders gave away."""
    game = composer[3]
    play = Play.start(game.deal, Contract.of(4, Strain.HEARTS, 0, Seat.SOUTH))
    n = 0
    while not play.is_over:  # a careless player: always the first legal card
        play = play.play(play.legal_cards()[n % len(play.legal_cards())])
        n += 1
    evaluation = evaluate(play)
    lost = evaluation.given_away
    assert play.declarer_tricks == evaluation.start - lost["NS"] + lost["EW"] == evaluation.declarer_tricks
    assert evaluation.options == () and len(evaluation.played) == 52
    running = [evaluation.start] + [p.declarer_tricks for p in evaluation.played]
    for before, after, card in zip(running, running[1:], evaluation.played):
        assert card.cost == (before - after if card.seat.side == "NS" else after - before)


def test_best_card_and_double_dummy_defenders(composer):
    game = composer[3]
    play = Play.start(game.deal, Contract.of(4, Strain.HEARTS, 0, Seat.SOUTH))
    lead = best_card(play)
    assert lead in play.legal_cards() and {o.card: o.cost for o in options(play)}[lead] == 0
    after = play_for(play, "EW")  # West leads, then it is North's turn
    assert len(after.cards) == 1 and after.to_play == Seat.NORTH
    whole = play_for(play_for(play, "EW"), "NS")
    while not whole.is_over:
        whole = play_for(play_for(whole, "EW"), "NS")
    assert whole.declarer_tricks == game.double_dummy[Seat.SOUTH, Strain.HEARTS]  # both play double dummy


def test_a_solver_is_asked_once_per_position():
    asked = []

    def counting(position):
        asked.append(position.key)
        return solve_position(position)

    evaluate(play_of(BANDS, "4S", "N", "H5 H2 HA"), counting)
    assert len(asked) == 4 and len(set(asked)) == 4  # before each card, and now
