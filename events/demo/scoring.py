"""Demo data for scoring (called by ``python manage.py seed_demo`` after the dealing app's): the demo club's
sessions get their pairs and the finished and published ones a full set of results.

* **Movements.** A finished or published demo session without a movement gets one that plays the boards the
  dealing demo dealt: Thursday Howell a complete Howell for 7 pairs (7 rounds of 3 boards = 21; the phantom
  makes one pair sit out each round), Monday Pairs a relay-and-bye-stand Mitchell for 8 pairs (4 rounds of 6
  boards = 24; NS and EW ranked apart).
* **Pairs.** Every demo session with a movement whose pairs are not named yet gets the club's 16 players in
  their usual partnerships (Adamska & Bianchi, Carter & Dvorak, …), as many pairs as the movement has.
* **Results.** Every board of every round of the finished and published sessions gets a traveller line
  (``scoring.services.results.result_record``, as the director): a contract that fits the dealt cards — the
  stronger side declares its longest fit (or no trumps), at a level its points and fit are worth, with the
  tricks the cards are worth give or take one; now and then a pair stops low, bids on, or is pushed too high
  and doubled; a hand nobody opens is passed out. Where the boards' double-dummy analysis is already stored the
  tricks come from it; it is not computed here (about 6 s for the 45 demo boards on two cores, so seeding
  stays quick and the worker analyses them when a hand record is first viewed). Two lines of the published
  session are corrected to the director's rulings: an artificial score, Average plus / Average minus
  (A6040), and a weighted assigned score (Law 12C1(c)); both with their reason in the board's audit trail.
  The published session's ranking is then frozen for its players (``session_status_changed``, as for any path
  that changes a status; not ``session_results_publish``, whose status saves would queue the boards' analysis —
  see ``results_record``).

Randomness comes from ``random.Random`` seeded with a fixed value and the session's name: this is demo data,
not dealing. Idempotent: a run after a complete one changes nothing; it finishes what an earlier run left
undone (lines already recorded are left alone).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from bridge.cards import Deal, Seat, Strain, Suit, board_vulnerability
from bridge.contract import Bid, Contract
from bridge.errors import BridgeError
from clubs.models import ClubRole, Member, Session
from dealing.domain.analysis import DoubleDummyTable
from dealing.models import Board
from events.pairs import pairs_set
from movements.selectors import session_movement_get
from movements.services import session_movement_choose
from scoring.domain.results import Artificial, Assigned, Played
from scoring.models import Result
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_pairs
from scoring.services.results import result_correct, result_record
from scoring.services.sessions import publication_refresh, session_pairs_ensure, session_status_changed

SEED = 20261124

#: The movement each finished or published demo session gets when it has none (it plays the boards dealt).
MOVEMENTS = {
    "Thursday Howell": {"pairs": 7, "kind": "howell", "boards_per_round": 3},
    "Monday Pairs": {"pairs": 8, "kind": "mitchell", "variant": "relay", "boards_per_round": 6},
}

#: The director's rulings in the published session: (round, table, board's index in the round, result, reason).
RULINGS = "Monday Pairs"
ARTIFICIAL_REASON = (
    "Director's ruling: the board was fouled at this table and could not be played again; "
    "Average plus to NS, Average minus to EW (Law 12C2)."
)
WEIGHTED_REASON = (
    "Director's ruling: misinformation about a conventional bid; weighted score, 60 % of the result "
    "one trick worse for the offenders and 40 % of the table's (Law 12C1(c))."
)


def seed_demo(*, club, stdout) -> None:
    role = ClubRole.objects.filter(club=club, role=ClubRole.Role.DIRECTOR).select_related("user").first()
    if role is None:
        return
    director = role.user
    players = list(Member.objects.filter(club=club, national_id__startswith="DEMO").order_by("national_id"))
    done = []
    for session in club.sessions.order_by("date"):
        if session.is_over and session.name in MOVEMENTS and _movement_give(session, director):
            done.append(f"a movement for {session.name}")
        if pairs_name(session, players):
            done.append(f"the pairs of {session.name}")
        if session.is_over and session.name in MOVEMENTS:
            lines = results_record(session, director)
            if lines:
                done.append(f"{lines} results of {session.name}")
    if done:
        stdout.write("Scoring demo: " + "; ".join(done))


def _status_set(session: Session, status: str) -> None:
    """Set the status without the life-cycle's side effects, as seed_demo sets the demo sessions' statuses."""
    Session.objects.filter(pk=session.pk).update(status=status)
    session.status = status


def _movement_give(session: Session, director) -> bool:

    if session_movement_get(session=session) is not None:
        return False
    status = session.status
    _status_set(session, Session.Status.RUNNING)  # a movement is chosen before play
    session_movement_choose(session=session, user=director, **MOVEMENTS[session.name])
    _status_set(session, status)
    session.refresh_from_db()
    return True


def pairs_name(session: Session, players: list[Member]) -> bool:
    """Name the session's pairs with the demo players when none is named yet; True when it did."""

    pairs = session_pairs_ensure(session=session)
    if not pairs or any(p.player_1_id or p.player_2_id or p.player_1_name or p.player_2_name for p in pairs):
        return False
    numbered = sorted((p for p in pairs if not p.section and not p.direction), key=lambda p: p.number)
    rows = [
        {"number": pair.number, "player_1": players[2 * i], "player_2": players[2 * i + 1]}
        for i, pair in enumerate(numbered)
        if 2 * i + 1 < len(players)
    ]
    if not rows:
        return False
    status = session.status
    if session.is_final:
        _status_set(session, Session.Status.FINISHED)  # named before the results were final
    pairs_set(session=session, rows=rows)
    _status_set(session, status)
    return True


def results_record(session: Session, director) -> int:
    """Record every missing traveller line of the session (and, in the published one, the rulings)."""

    layout = session_layout(session)
    pairs = session_pairs(session=session)
    if not layout.meetings or not all(m.ns in pairs and m.ew in pairs for m in layout.meetings):
        return 0
    recorded = set(Result.objects.filter(session=session).values_list("board", "ns_pair_id"))
    missing = [(m, b) for m in layout.meetings for b in m.boards if (b, pairs[m.ns].pk) not in recorded]
    if not missing:
        return 0
    published = session.is_final
    if published:
        _status_set(session, Session.Status.FINISHED)  # results are entered before they are published
    deals = {b.number: b for b in Board.objects.filter(session=session)}
    rng = random.Random(f"{SEED}:{session.name}")
    boards = {number: _BoardPlan.of(number, deals.get(number), rng) for number in layout.boards}
    rulings = _rulings(layout) if session.name == RULINGS else {}
    for meeting, board in missing:
        played = boards[board].table_result(rng)
        line = result_record(
            session=session,
            board=board,
            ns_pair=pairs[meeting.ns],
            ew_pair=pairs[meeting.ew],
            result=played,
            user=director,
            round=meeting.round,
            table=meeting.table,
        )
        ruling = rulings.get((meeting.round, meeting.table, board))
        if ruling == "artificial":
            result_correct(result=line, new=Artificial(60, 40), user=director, reason=ARTIFICIAL_REASON)
        elif ruling == "weighted" and played.contract is not None:
            vulnerability = board_vulnerability(board)  # the declarers offended: one trick fewer for them
            worse = played.contract.ns_score(max(played.tricks - 1, 0), vulnerability)
            table = played.contract.ns_score(played.tricks, vulnerability)
            new = Assigned.weighted((Fraction(3, 5), worse), (Fraction(2, 5), table))
            result_correct(result=line, new=new, user=director, reason=WEIGHTED_REASON)
    if published:
        # Published as seed_demo sets every demo status: the status written directly, then the scoring hook that
        # every path changing a status calls (it freezes the ranking players see). Not session_results_publish:
        # its status saves make the dealing app queue the boards' double-dummy analysis, which the browser tests
        # (Celery inline) would then run inside seed_demo — 4 to 19 s for the 24 boards, measured.
        _status_set(session, Session.Status.PUBLISHED)
        session_status_changed(session=session)
        publication_refresh(session=session)
    return len(missing)


def _rulings(layout) -> dict[tuple, str]:
    """Where the two rulings go: the second board of round 2 at table 1, the first board of round 3 at table 2."""
    out = {}
    for (round_number, table, index), kind in (((2, 1, 1), "artificial"), ((3, 2, 0), "weighted")):
        meeting = layout.meeting(round=round_number, table=table)
        if meeting is not None and len(meeting.boards) > index:
            out[(round_number, table, meeting.boards[index])] = kind
    return out


# --- plausible results --------------------------------------------------------------------------------

_SIDES = {"NS": (Seat.NORTH, Seat.SOUTH), "EW": (Seat.EAST, Seat.WEST)}


@dataclass(frozen=True)
class _Side:
    """What a side holds on a board: its points, its longest fit, and the tricks each strain is worth to it."""

    name: str
    hcp: int
    fit: Suit
    fit_length: int
    tricks: dict[Strain, int]
    declarer: dict[Strain, Seat]


def _side_of(deal: Deal, name: str, dd_table=None) -> _Side:
    first, second = (deal.hand(seat) for seat in _SIDES[name])
    hcp = first.hcp + second.hcp
    lengths = {suit: len(first.holding(suit)) + len(second.holding(suit)) for suit in Suit}
    # the longest fit; of equal ones the major, then the higher
    fit = max(Suit, key=lambda s: (lengths[s], s in (Suit.SPADES, Suit.HEARTS), s))
    tricks, declarer = {}, {}
    for strain in Strain:
        suit = strain.suit
        if suit is None:  # no trump
            seat = _SIDES[name][0] if first.hcp >= second.hcp else _SIDES[name][1]
            estimate = 6.5 + (hcp - 20) * 0.4  # 25 points: nine tricks
        else:
            seat = _SIDES[name][0] if len(first.holding(suit)) >= len(second.holding(suit)) else _SIDES[name][1]
            estimate = 7.2 + (hcp - 20) * 0.4 + (lengths[suit] - 8) * 0.8  # 26 and a fit: ten
        declarer[strain] = seat
        if dd_table is not None:
            tricks[strain] = dd_table[seat, strain]
        else:
            tricks[strain] = max(0, min(13, int(estimate + 0.5)))
    return _Side(name, hcp, fit, lengths[fit], tricks, declarer)


@dataclass(frozen=True)
class _BoardPlan:
    """The contract most tables reach on a board, what the cards are worth, and how a table may stray."""

    board: int
    strong: _Side | None
    weak: _Side | None
    contract: Contract | None  # None: passed out (or no deal known, see ``generic``)
    generic: tuple[Contract, int] | None = None

    @classmethod
    def of(cls, number: int, board, rng: random.Random) -> _BoardPlan:
        if board is None:  # no deal dealt: a plausible contract from a seeded distribution
            call, tricks = rng.choice([("4S", 10), ("3N", 9), ("2H", 8), ("4H", 10), ("3C", 9), ("1N", 7),
                                       ("5D", 11), ("2S", 8), ("3N", 8), ("6S", 12)])  # fmt: skip
            return cls(number, None, None, None, (Contract.from_str(call, rng.choice(list(Seat))), tricks))
        deal = Deal.from_pbn(board.deal_pbn)
        dd_table = _dd_table(board)
        ns, ew = _side_of(deal, "NS", dd_table), _side_of(deal, "EW", dd_table)
        strong, weak = (ns, ew) if ns.hcp > ew.hcp or (ns.hcp == ew.hcp and board.dealer in "NS") else (ew, ns)
        if strong.hcp < 20 and strong.fit_length < 8:
            return cls(number, strong, weak, None)  # nobody opens
        strain = _strain(strong)
        return cls(number, strong, weak, Contract(Bid(_level(strong, strain), strain), 0, strong.declarer[strain]))

    def table_result(self, rng: random.Random):
        if self.generic is not None:
            contract, tricks = self.generic
            return Played(contract, max(0, min(13, tricks + rng.choice((-1, 0, 0, 0, 1)))))
        strong, weak = self.strong, self.weak
        assert strong is not None and weak is not None  # a board with no deal has a generic plan (above)
        if self.contract is None:
            if rng.random() < 0.25:  # one table opens light and plays a part score
                strain = _strain(strong)
                return self._played(Contract(Bid(1, strain), 0, strong.declarer[strain]), strong, rng)
            return Played(None)
        contract = self.contract
        roll = rng.random()
        if roll < 0.08 and weak.fit_length >= 8 and contract.level <= 4:  # the opponents sacrifice, doubled
            level = max(contract.level if weak.fit.strain > contract.strain else contract.level + 1, 2)
            strain = weak.fit.strain
            if level <= 5 and weak.tricks[strain] >= level + 4:  # two down at most, on paper
                return self._played(Contract(Bid(level, strain), 1, weak.declarer[strain]), weak, rng)
        elif roll < 0.18:  # bid on
            game = _GAME[contract.strain]
            if contract.level < game:
                contract = Contract(Bid(contract.level + 1, contract.strain), 0, contract.declarer)
            elif strong.hcp >= 30 and contract.level < 6:
                contract = Contract(Bid(6, contract.strain), 0, contract.declarer)
        elif roll < 0.3 and contract.level > 1:  # stop short
            game = _GAME[contract.strain]
            level = game if contract.level > game else contract.level - 1
            contract = Contract(Bid(level, contract.strain), 0, contract.declarer)
        elif roll < 0.4:  # the other strain
            if contract.strain is Strain.NOTRUMP and strong.fit_length >= 8:
                other = strong.fit.strain
            elif contract.strain is not Strain.NOTRUMP and strong.hcp >= 23:
                other = Strain.NOTRUMP
            else:
                other = contract.strain
            contract = Contract(Bid(_level(strong, other), other), 0, strong.declarer[other])
        if rng.random() < 0.1:  # partner declares
            contract = Contract(contract.bid, contract.doubling, contract.declarer.partner)
        return self._played(contract, strong, rng)

    @staticmethod
    def _played(contract: Contract, side: _Side, rng: random.Random):
        worth = side.tricks[contract.strain]
        return Played(contract, max(0, min(13, worth + rng.choices((-1, 0, 1), weights=(2, 6, 2))[0])))


_GAME = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5, Strain.CLUBS: 5}


def _strain(side: _Side) -> Strain:
    """A major fit; with game values and none, no trumps (a minor for a slam); a part score in the longest fit."""
    if side.fit_length >= 8 and side.fit in (Suit.SPADES, Suit.HEARTS):
        return side.fit.strain
    if side.hcp >= 33 and side.fit_length >= 8:
        return side.fit.strain
    if side.hcp >= 25 or side.fit_length < 7:
        return Strain.NOTRUMP
    return side.fit.strain


def _level(side: _Side, strain: Strain) -> int:
    """The level a side's points and fit are worth in ``strain``: a part score, game, small or grand slam."""
    if side.hcp >= 37:
        return 7
    if side.hcp >= 33:
        return 6
    game = _GAME[strain]
    if side.hcp >= (25 if game <= 4 else 28):
        return game
    return max(1, min(game - 1, side.tricks[strain] - 6, 3 if side.hcp >= 23 else 2))


def _dd_table(board):
    """The board's stored double-dummy table (never computed here), or None."""

    if board.analysis_status != "done" or not board.dd_tricks:
        return None
    try:
        return DoubleDummyTable.from_pbn_tricks(board.dd_tricks)
    except BridgeError:
        return None
