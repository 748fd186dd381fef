"""The session's path: the director's evening in order, each step said in sentences.

    pairs → movement → boards → printing → play → scores → publication

``session_path(session)`` reads where the session stands from what each app owns, and stores nothing
of its own (no "current step" field: the next step is worked out on every read):

=============  ===============================================================================
step           read from
=============  ===============================================================================
pairs          ``clubs.selectors.session_pair_rows`` (the movement's pairs and who plays in them)
movement       ``movements.selectors.session_movement_get``, ``Session.boards_per_round``, and
               ``scoring.selectors.layout.session_layout`` (an imported event's own rounds)
boards         ``dealing.selectors.session_dealing_summary``, the commitment entry, and the layout's
               ``problems`` — where the movement, the dealt boards and the commitment disagree,
               already said in words by the scoring app ("the movement plays 21 boards … but 24 were
               dealt"); they are shown, never recomputed here
printing       the movement (guide cards) and ``tables.selectors.room.room_summary`` (table codes)
play           ``Session.status`` and ``room_summary`` (rounds released, conflicts, requests)
scores         ``scoring.selectors.results.session_results`` against the layout's ``expected_plays``
publication    ``scoring.selectors.travellers.publication_state``
teams          ``teams.selectors.session_teams`` (teams of four, ``events.kinds.teams``)
schedule       ``teams.selectors.teams_format_get`` and ``session_draws`` (the format and the rounds drawn; a
               knockout's first round, its later ones drawn on the knockout page as each round is decided)
boards         (teams) as for pairs, the boards to deal being ``teams.selectors.session_board_numbers`` (every
               round's, as the format plays them) and the disagreements ``session_board_problems``
matches        ``teams.selectors.session_standings`` (matches not fully entered), ``Session.status``
standings      ``Session.status``: the teams' standings published (``teams.services.teams_results_publish``)
=============  ===============================================================================

Each :class:`Step` has a ``state`` — ``done``, ``partial`` (begun, something missing), ``todo``, ``waiting``
(an earlier step must come first), ``open`` (ready; nothing records whether it was done: printing) or
``not_needed`` (an event imported from a results file was played elsewhere) — what stands (``said``),
what is missing or wrong (``missing``), and what the director can do (``actions``). The *next* step is the
first, in order, that is neither done nor behind the session's stage: once play has started the pairs,
the movement, the boards and the printing are behind it (what is still missing there is said, but the path
points on). Once nothing is ahead (the results final), a step behind the stage with something still to do
(``left``: the commitment's key to reveal, every session it covers being over) is next, and the path says
"Still to do" rather than "Every step is done".

The Boards step says what a commitment is for while the boards are still to be dealt, and links to a new one.
The Printing step, while the session is planned, offers to start table entry and print the guide cards with
each table's QR code (``events.views.session_print_with_codes``): the codes are made when table entry starts,
and a director prints the cards once, before play. The links to the movement chooser carry ``next``, so that
choosing comes back to the path.

What cannot be undone is never done from here in one click: finishing the session goes through its
confirmation page (``events.views.session_status``), publishing through the results page's
(``scoring:publish``), which the publication step links to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db.models import Count
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from clubs.models import Session
from clubsite.dates import when
from clubsite.texts import render
from dealing.models import CommitmentSession
from dealing.selectors.boards import session_dealing_summary
from events.kinds import kind_of
from events.pairs import session_pair_rows
from movements.selectors import session_movement_get
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_results
from scoring.selectors.travellers import publication_state
from simultaneous.selectors import files_released_at, session_entry
from tables.selectors.room import room_summary
from teams.selectors import (
    session_board_numbers,
    session_board_problems,
    session_draws,
    session_rounds_planned,
    session_standings,
    session_teams,
    teams_format_get,
)

# The session's stages, and the last stage at which each step is still ahead of the director.
_STAGE = {
    Session.Status.PLANNED: 0,
    Session.Status.RUNNING: 1,
    Session.Status.FINISHED: 2,
    Session.Status.PROVISIONAL: 3,
    Session.Status.PUBLISHED: 4,
}
_LAST_STAGE = {
    "pairs": 0,
    "movement": 0,
    "boards": 0,
    "printing": 0,
    "play": 1,
    "scores": 2,
    "publication": 3,
    "teams": 0,
    "schedule": 1,
    "matches": 2,
    "standings": 3,
    "event": 0,
}


_TITLES = {
    "pairs": lambda: pgettext("session path", "Pairs"),
    "movement": lambda: pgettext("session path", "Movement"),
    "boards": lambda: pgettext("session path", "Boards"),
    "printing": lambda: pgettext("session path", "Printing"),
    "play": lambda: pgettext("session path", "Play"),
    "scores": lambda: pgettext("session path", "Scores"),
    "publication": lambda: pgettext("session path", "Publication"),
    "teams": lambda: pgettext("session path", "Teams"),
    "schedule": lambda: pgettext("session path", "Format and draw"),
    "matches": lambda: pgettext("session path", "Matches"),
    "standings": lambda: pgettext("session path", "Standings"),
    "event": lambda: pgettext("session path", "The event's deals"),
}


@dataclass(frozen=True)
class Action:
    """A link, or a form posted with ``fields`` (``post``); ``primary`` for the step's main action."""

    label: str
    url: str
    primary: bool = False
    post: bool = False
    fields: dict = field(default_factory=dict)
    testid: str = ""


@dataclass(frozen=True)
class Ask:
    """A question the step asks in a small GET form (the pairs step: how many pairs play?)."""

    url: str
    name: str
    label: str
    button: str
    value: int | None = None
    low: int = 4
    high: int = 128
    hidden: tuple[tuple[str, str], ...] = ()  # sent along with the answer (``next``: back to the path)


@dataclass(frozen=True)
class Step:
    key: str
    state: str
    said: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    ask: Ask | None = None
    details: tuple[str, tuple[str, ...]] | None = None  # a collapsed list: (its summary, its lines)
    left: str = ""  # what is still to do here once the session's stage has passed the step ("reveal the key")
    is_next: bool = False
    behind: bool = False  # the session's stage has passed this step

    @property
    def title(self) -> str:
        return _TITLES[self.key]()

    @property
    def state_label(self) -> str:
        if self.is_next:
            return pgettext("session path", "Next")
        return {
            "done": pgettext("session path", "Done"),
            "partial": pgettext("session path", "Not complete"),
            "todo": pgettext("session path", "To do"),
            "waiting": pgettext("session path", "Waiting"),
            "open": pgettext("session path", "Available") if self.behind else pgettext("session path", "Ready"),
            "not_needed": pgettext("session path", "Not needed"),
        }[self.state]


@dataclass(frozen=True)
class SessionPath:
    steps: tuple[Step, ...]

    @property
    def next(self) -> Step | None:
        return next((s for s in self.steps if s.is_next), None)

    @property
    def complete(self) -> bool:
        """Every step is done (or not needed, or open: printing records nothing)."""
        return all(s.state in ("done", "not_needed", "open") for s in self.steps)

    def step(self, key: str) -> Step:
        return next(s for s in self.steps if s.key == key)


def _sentence(text: str) -> str:
    """A domain's phrase ("the movement plays …") as a sentence."""
    text = capfirst(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def _span(numbers) -> str:
    """1, 2, 3, 5, 7, 8 → "1–3, 5, 7–8"."""
    numbers = sorted(set(numbers))
    parts: list[list[int]] = []
    for n in numbers:
        if parts and n == parts[-1][1] + 1:
            parts[-1][1] = n
        else:
            parts.append([n, n])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in parts)


def _labels(labels: list[str], most: int = 8) -> str:
    """Pair labels as a short list: "1–3, 5" (numbers), "1NS, 2NS and 4 more"."""
    if all(label.isascii() and label.isdigit() and len(label) <= 9 for label in labels):  # ("²".isdigit())
        return _span(int(label) for label in labels)
    shown = ", ".join(labels[:most])
    return (
        shown
        if len(labels) <= most
        else _("%(shown)s and %(more)d more") % {"shown": shown, "more": len(labels) - most}
    )


class _Reads:
    """What the steps read, each once."""

    def __init__(self, session: Session):

        self.session = session
        self.layout = session_layout(session)
        self.choice = session_movement_get(session=session)
        self.imported = bool(self.layout.meetings) and not self.layout.planned
        self.rows = session_pair_rows(session=session) if self.layout.meetings else []
        self.dealing = session_dealing_summary(session=session)
        self.entry = CommitmentSession.objects.filter(session=session).select_related("commitment").first()
        self.room = room_summary(session=session)
        self.stage = _STAGE[Session.Status(session.status)]
        self.teams = kind_of(session).name == "teams"
        # the boards to deal: the movement's, or a teams session's matches' (every round's: its format says them)
        self.board_numbers = session_board_numbers(session=session) if self.teams else self.layout.boards

    @property
    def has_movement(self) -> bool:
        return bool(self.layout.meetings)

    def board_problems(self) -> list[str]:
        """Where the boards played, the boards dealt and the commitment disagree."""
        if self.teams:
            return session_board_problems(session=self.session)
        return self.problems("layout.boards_missing", "layout.boards_extra", "layout.commitment")

    def problems(self, *codes: str) -> list[str]:
        return [_sentence(render(p)) for p in self.layout.problems if p.code in codes]


def _path_url(session: Session) -> str:
    return reverse("events:session_detail", args=[session.pk])


def _chooser_url(session: Session) -> str:
    """The movement chooser, which comes back to the path once the director has chosen (its ``next``)."""
    return reverse("movements:session_choose", args=[session.pk]) + "?" + urlencode({"next": _path_url(session)})


def _pairs(r: _Reads) -> Step:
    session = r.session
    if not r.has_movement:
        return Step(
            "pairs",
            "todo",
            said=(
                _(
                    "Count the pairs who have come to play: the movement is chosen for that number, and "
                    "their names are entered once it is."
                ),
            ),
            ask=Ask(
                reverse("movements:session_choose", args=[session.pk]),
                "pairs",
                _("Pairs playing"),
                _("Choose a movement for them"),
                hidden=(("next", _path_url(session)),),
            ),
        )
    named = [row for row in r.rows if row.pair is not None and all(row.pair.player_names)]
    unnamed = [row.label for row in r.rows if row not in named]
    total = len(r.rows)
    if r.imported:
        said = [
            ngettext("%(count)d pair, from the imported file.", "%(count)d pairs, from the imported file.", total)
            % {"count": total}
        ]
    else:
        said = [
            ngettext(
                "%(count)d pair plays, as the movement has it.",
                "%(count)d pairs play, as the movement has them.",
                total,
            )
            % {"count": total}
        ]
    said.append(
        ngettext("%(named)d of %(count)d pair named.", "%(named)d of %(count)d pairs named.", total)
        % {"named": len(named), "count": total}
    )
    missing = []
    if unnamed and not named:
        missing.append(_("No pair is named yet: the guide cards and the ranking show only the pairs' numbers."))
    elif unnamed:
        missing.append(
            ngettext(
                "Pair %(pairs)s has no players' names yet: the guide cards and the ranking show only its number.",
                "Pairs %(pairs)s have no players' names yet: the guide cards and the ranking show only their numbers.",
                len(unnamed),
            )
            % {"pairs": _labels(unnamed)}
        )
    who = tuple(
        _("Pair %(pair)s — %(first)s & %(second)s")
        % {"pair": row.label, "first": row.pair.player_names[0] or "?", "second": row.pair.player_names[1] or "?"}
        for row in r.rows
        if row.pair is not None and row.pair.names
    )
    url = reverse("events:session_pairs", args=[session.pk])
    label = (
        _("See the pairs") if session.is_final else _("Enter the pairs' names") if unnamed else _("Change the pairs")
    )
    return Step(
        "pairs",
        "partial" if unnamed else "done",
        tuple(said),
        tuple(missing),
        (Action(label, url, primary=bool(unnamed), testid="pairs-page-link"),),
        details=(_("Who plays"), who) if who else None,
    )


def _movement(r: _Reads) -> Step:
    session = r.session
    choose = _chooser_url(session)
    if r.imported:
        return Step(
            "movement",
            "done",
            (
                ngettext(
                    "Played elsewhere and imported from a results file: %(rounds)d round as the file has it.",
                    "Played elsewhere and imported from a results file: %(rounds)d rounds as the file has it.",
                    len(r.layout.rounds),
                )
                % {"rounds": len(r.layout.rounds)},
            ),
        )
    if not r.has_movement:
        return Step(
            "movement",
            "todo",
            (_("No movement chosen yet."),),
            actions=(Action(_("Choose the movement"), choose, primary=True, testid="path-movement"),),
        )
    boards = len(r.layout.boards)
    assert r.choice is not None  # the layout is planned (not imported): the chosen movement's
    said = [
        r.choice.display_title + ".",
        ngettext(
            "%(boards)d board in all: %(rounds)d rounds × %(per)d boards.",
            "%(boards)d boards in all: %(rounds)d rounds × %(per)d boards.",
            boards,
        )
        % {"rounds": len(r.layout.rounds), "per": session.boards_per_round, "boards": boards},
    ]
    actions = [
        Action(
            _("Movement and guide cards"), reverse("movements:session", args=[session.pk]), testid="path-movement-page"
        )
    ]
    if session.status in (Session.Status.PLANNED, Session.Status.RUNNING):
        actions.append(Action(_("Choose another movement"), choose, testid="path-movement"))
    return Step("movement", "done", tuple(said), actions=tuple(actions))


def _boards(r: _Reads) -> Step:
    session = r.session
    dealing_url = reverse("events:session_boards", args=[session.pk])
    summary = r.dealing
    commitment = r.entry.commitment if r.entry is not None else None
    said, missing, actions = [], [], []
    if commitment is not None and summary.commitment is None:
        said.append(
            ngettext(
                "Committed in advance in “%(event)s” (%(boards)d board).",
                "Committed in advance in “%(event)s” (%(boards)d boards).",
                r.entry.boards,
            )
            % {"event": commitment.event, "boards": r.entry.boards}
        )
    if not summary.board_count:
        if r.imported:
            return Step("boards", "not_needed", (_("The file brought no hands."),))
        if commitment is not None and commitment.is_draft:
            missing.append(_("The commitment is a draft: publish it, then enter its delayed value, to deal from it."))
        elif commitment is not None and not commitment.delayed_value:
            missing.append(_("Enter the commitment's delayed value first: the deals depend on it."))
        elif r.teams and r.board_numbers:
            said.append(
                ngettext(
                    "Not dealt yet: the matches play %(boards)d board.",
                    "Not dealt yet: the matches play %(boards)d boards.",
                    len(r.board_numbers),
                )
                % {"boards": len(r.board_numbers)}
            )
        elif r.has_movement:
            said.append(
                ngettext(
                    "Not dealt yet: the movement plays %(boards)d board.",
                    "Not dealt yet: the movement plays %(boards)d boards.",
                    len(r.layout.boards),
                )
                % {"boards": len(r.layout.boards)}
            )
        else:
            said.append(_("Not dealt yet."))
        if commitment is not None:
            actions.append(Action(_("The commitment"), reverse("dealing:commitment_detail", args=[commitment.pk])))
        state = "todo" if r.board_numbers or commitment is not None else "waiting"
        if state == "waiting" and r.teams:
            said.append(_("Choose the format first: it says how many boards to deal."))
        elif state == "waiting":
            said.append(_("Choose the movement first: it says how many boards to deal."))
        if commitment is None and session.status == Session.Status.PLANNED:
            said.append(
                _(
                    "To let anyone check afterwards that nobody chose the deals, deal them from a commitment: "
                    "published before the evening, it fixes the deals in advance, and its key is revealed once play "
                    "is over."
                )
            )
            actions.append(
                Action(
                    _("Commit to the deals in advance…"),
                    reverse("dealing:commitment_create", args=[session.club.slug]),
                    testid="path-commitment",
                )
            )
        actions.insert(
            0, Action(_("Deal the boards"), dealing_url, primary=state == "todo", testid="dealing-page-link")
        )
        return Step("boards", state, tuple(said), tuple(missing), tuple(actions))
    said.append(summary.in_words())
    missing += r.board_problems()
    left = ""
    if session.is_over:
        actions.append(
            Action(_("Hand records"), reverse("dealing:hand_record", args=[session.pk]), testid="hand-record-link")
        )
        if commitment is not None and not commitment.is_revealed:
            waiting = [e.session for e in commitment.entries.select_related("session") if not e.session.is_over]
            if waiting:  # nothing to do yet: the key is revealed after the commitment's last session
                said.append(
                    ngettext(
                        "The commitment's key is revealed once its last session is over (%(sessions)s is still to "
                        "play): then anyone can check the deals.",
                        "The commitment's key is revealed once its last session is over (%(sessions)s are still to "
                        "play): then anyone can check the deals.",
                        len(waiting),
                    )
                    % {"sessions": ", ".join(f"{s.name} ({when(s.date)})" for s in waiting)}
                )
            else:
                missing.append(
                    _(
                        "The commitment's key is not revealed yet: every session it covers is over, so reveal it "
                        "now and anyone can check the deals."
                    )
                )
                left = _("reveal the commitment's key, so that anyone can check the deals.")
                actions.append(
                    Action(
                        _("Reveal the key…"),
                        reverse("dealing:commitment_detail", args=[commitment.pk]),
                        primary=True,
                        testid="path-reveal",
                    )
                )
    else:
        said.append(_("Players see the deals once the session is over."))
    deal_again = bool(missing) and session.status == Session.Status.PLANNED and summary.commitment is None
    actions.append(
        Action(
            _("Deal again") if deal_again else _("Dealing and dealing-machine files"),
            dealing_url,
            primary=deal_again,
            testid="dealing-page-link",
        )
    )
    return Step("boards", "partial" if missing else "done", tuple(said), tuple(missing), tuple(actions), left=left)


def _printing(r: _Reads) -> Step:
    session = r.session
    if r.imported:
        return Step("printing", "not_needed", (_("Nothing to print: the event was played elsewhere."),))
    if not r.has_movement:
        return Step("printing", "waiting", (_("The guide cards come from the movement: choose it first."),))
    print_url = reverse("movements:session_print", args=[session.pk])
    said = [_("Guide cards for the pairs and the tables, and the board and relay sheet, from the movement.")]
    missing = []
    with_codes = r.room.started_at is None and session.status == Session.Status.PLANNED
    if r.room.started_at is not None:
        said.append(_("The table cards carry each table's QR code, code and PIN for the phones."))
    elif with_codes:
        said.append(
            _(
                "With phones at the tables, each table card carries its table's QR code, code and PIN, made when "
                "table entry starts: start it here and print the cards with their codes (the session is then in "
                "play and round 1 opens to the phones). On paper travellers, print the cards without codes."
            )
        )
    unnamed = [row for row in r.rows if row.pair is None or not all(row.pair.player_names)]
    if unnamed and not session.is_over:
        missing.append(_("Name the pairs first if the cards should carry the players' names."))
    actions = [
        Action(_("Guide cards (PDF)"), f"{print_url}?format=pdf", primary=not with_codes, testid="path-cards-pdf"),
        Action(_("Guide cards (print)"), print_url, testid="path-cards-html"),
        Action(_("Other papers and parts"), reverse("movements:session", args=[session.pk]) + "#print"),
    ]
    if with_codes:
        actions.insert(
            0,
            Action(
                _("Start table entry and print the cards with their codes"),
                reverse("events:session_print_with_codes", args=[session.pk]),
                primary=True,
                post=True,
                testid="path-cards-with-codes",
            ),
        )
    if r.room.started_at is not None:
        actions.append(Action(_("Table codes"), reverse("tables:codes", args=[session.pk])))
    return Step("printing", "open", tuple(said), tuple(missing), tuple(actions))


def _play(r: _Reads) -> Step:
    session = r.session
    status_url = reverse("events:session_status", args=[session.pk])
    room = reverse("tables:room", args=[session.pk])
    rounds = len(r.layout.rounds)
    if r.imported:
        return Step("play", "not_needed", (_("Played elsewhere."),))
    if session.is_over:
        return Step("play", "done", (_("Play is over: every player can see every deal."),))
    if session.status == Session.Status.RUNNING:
        said, missing = [], []
        if r.room.started_at is not None:
            said.append(
                ngettext(
                    "In play at the tables' phones: round %(round)d of %(rounds)d released.",
                    "In play at the tables' phones: round %(round)d of %(rounds)d released.",
                    rounds,
                )
                % {"round": r.room.released, "rounds": rounds}
            )
        else:
            said.append(_("In play, on paper travellers."))
        if r.room.conflicts:
            missing.append(
                ngettext(
                    "%(count)d conflict between phones waits for you in the live room.",
                    "%(count)d conflicts between phones wait for you in the live room.",
                    r.room.conflicts,
                )
                % {"count": r.room.conflicts}
            )
        if r.room.requests:
            missing.append(
                ngettext(
                    "%(count)d table asks for a correction.", "%(count)d tables ask for a correction.", r.room.requests
                )
                % {"count": r.room.requests}
            )
        said.append(_("Finish the session when the last round is over: every player then sees every deal."))
        actions = [
            Action(
                _("Finish the session…"),
                status_url,
                primary=True,
                post=True,
                fields={"status": Session.Status.FINISHED},
                testid="path-finish",
            )
        ]
        if r.room.started_at is not None:
            actions.append(Action(_("Live room"), room, testid="live-room-link"))
        return Step("play", "partial", tuple(said), tuple(missing), tuple(actions))
    if not r.has_movement:
        return Step(
            "play",
            "waiting",
            (
                _(
                    "Play starts once the movement is chosen: the phones, the travellers and "
                    "the guide cards follow its rounds and tables."
                ),
            ),
            actions=(
                Action(
                    _("Play on paper travellers"),
                    status_url,
                    post=True,
                    fields={"status": Session.Status.RUNNING},
                    testid="path-start-paper",
                ),
            ),
        )
    said = [
        _(
            "Not started. With phones at the tables: start table entry (every table gets a code and a PIN, "
            "round 1 starts). On paper travellers: mark the session in play."
        )
    ]
    actions = [
        Action(
            _("Start table entry"),
            reverse("tables:start", args=[session.pk]),
            primary=True,
            post=True,
            testid="path-start-tables",
        ),
        Action(
            _("Play on paper travellers"),
            status_url,
            post=True,
            fields={"status": Session.Status.RUNNING},
            testid="path-start-paper",
        ),
        Action(_("Live room"), room, testid="live-room-link"),
    ]
    missing = [] if r.dealing.board_count else [_("The boards are not dealt yet.")]
    return Step("play", "todo", tuple(said), tuple(missing), tuple(actions))


def _scores(r: _Reads) -> Step:
    session = r.session
    expected = r.layout.expected_plays if r.layout.planned else {}
    entered = dict(session_results(session=session).order_by().values_list("board").annotate(n=Count("id")))
    total = sum(entered.values())

    def actions(more: bool) -> tuple[Action, ...]:
        enter = Action(
            _("Enter travellers"),
            reverse("scoring:entry_start", args=[session.pk]),
            primary=more,
            testid="traveller-entry-link",
        )
        return ((enter,) if not session.is_final else ()) + (
            Action(_("Results and corrections"), reverse("scoring:results", args=[session.pk]), testid="results-link"),
        )

    if not r.has_movement:
        return Step("scores", "waiting", (_("Results are entered against the movement: choose it first."),), actions=())
    if not expected:  # an imported event: the file's results are what was played
        return Step(
            "scores",
            "done" if total else "todo",
            (ngettext("%(count)d result.", "%(count)d results.", total) % {"count": total},),
            actions=actions(False),
        )
    want = sum(expected.values())
    short = {b: n - entered.get(b, 0) for b, n in expected.items() if entered.get(b, 0) < n}
    said = [
        ngettext("%(entered)d of %(expected)d result entered.", "%(entered)d of %(expected)d results entered.", want)
        % {"entered": min(total, want), "expected": want}
    ]
    missing = []
    if short and total:
        lacking = sum(short.values())
        missing.append(
            ngettext(
                "%(count)d result is missing, on board %(boards)s.",
                "%(count)d results are missing, on boards %(boards)s.",
                lacking,
            )
            % {"count": lacking, "boards": _span(short)}
        )
    if session.status == Session.Status.PLANNED and not total:
        said = [_("Results come in during play: from the phones at the tables, or typed from the paper travellers.")]
        return Step("scores", "todo", tuple(said), actions=actions(False))
    return Step(
        "scores", "partial" if short else "done", tuple(said), tuple(missing), actions(bool(short) and session.is_over)
    )


def _publication(r: _Reads) -> Step:
    session = r.session
    results = reverse("scoring:results", args=[session.pk]) + "#publication"
    ranking = reverse("scoring:player_ranking", args=[session.pk])
    state = publication_state(session)
    if state.status == "final":
        said = [
            _("Published as final on %(at)s: nobody can change a result.") % {"at": when(state.published_at)}
            if state.published_at
            else _("Published as final: nobody can change a result.")
        ]
        return Step(
            "publication",
            "done",
            tuple(said),
            actions=(Action(_("The ranking as players see it"), ranking, testid="player-ranking-link"),),
        )
    if state.status == "provisional":
        said = [_("Published provisionally: players see the ranking and may query their scores.")]
        if state.provisional_until:
            said.append(
                _(
                    "The results become final by themselves on %(until)s; until then only directors correct "
                    "them, each with a reason."
                )
                % {"until": when(state.provisional_until)}
            )
        return Step(
            "publication",
            "partial",
            tuple(said),
            actions=(
                Action(_("Make final now…"), results, testid="path-publish"),
                Action(_("The ranking as players see it"), ranking, testid="player-ranking-link"),
            ),
        )
    if not session.is_over:
        return Step(
            "publication", "waiting", (_("Results are published once play is over: players do not see them before."),)
        )
    said = [
        _(
            "Not published: players do not see the results yet. Publish them provisionally, for a score-query "
            "window, or as final at once; the results page asks first and says what each does."
        )
    ]
    return Step(
        "publication",
        "todo",
        tuple(said),
        actions=(
            Action(_("Publish the results…"), results, primary=True, testid="path-publish"),
            Action(_("Preview the results as players will see them"), ranking, testid="player-ranking-link"),
        ),
    )


# --- the teams of four's steps (events.kinds.teams): teams → format and draw → matches -----------------------


def _teams(r: _Reads) -> Step:
    session = r.session
    teams = session_teams(session=session)
    url = reverse("teams:session_teams", args=[session.pk])
    if not teams:
        return Step(
            "teams",
            "todo",
            (_("No team entered yet: enter each team's name and its four to six players."),),
            actions=(Action(_("Enter the teams"), url, primary=True, testid="teams-page-link"),),
        )
    unnamed = [str(t.number) for t in teams if not t.players.all()]
    fmt = teams_format_get(session=session)
    if fmt is not None and fmt.for_pairs:  # Swiss pairs: the entrants are pairs
        said = (ngettext("%(count)d pair.", "%(count)d pairs.", len(teams)) % {"count": len(teams)},)
        missing = (_("Pair %(pairs)s has no players yet.") % {"pairs": _labels(unnamed)},) if unnamed else ()
        line = _("Pair %(number)d — %(name)s: %(players)s")
        label = _("See the pairs") if session.is_final else _("Change the pairs")
    else:
        said = (ngettext("%(count)d team.", "%(count)d teams.", len(teams)) % {"count": len(teams)},)
        missing = (_("Team %(teams)s has no players yet.") % {"teams": _labels(unnamed)},) if unnamed else ()
        line = _("Team %(number)d — %(name)s: %(players)s")
        label = _("See the teams") if session.is_final else _("Change the teams")
    who = tuple(
        line % {"number": t.number, "name": t.name, "players": ", ".join(p.full_name for p in t.players.all()) or "?"}
        for t in teams
    )
    return Step(
        "teams",
        "partial" if unnamed else "done",
        said,
        missing,
        (Action(label, url, primary=bool(unnamed), testid="teams-page-link"),),
        details=(_("Who plays"), who),
    )


def _schedule(r: _Reads) -> Step:
    session = r.session
    fmt = teams_format_get(session=session)
    url = reverse("teams:session_schedule", args=[session.pk])
    if fmt is None:
        return Step(
            "schedule",
            "todo",
            (
                _(
                    "Choose the format: a single match, a round robin, a Swiss of teams or of pairs; the boards per match; the VP scale."
                ),
            ),
            actions=(Action(_("Choose the format"), url, primary=True, testid="teams-schedule-link"),),
        )
    draws = session_draws(session=session)
    planned = fmt.rounds if fmt.swiss else None
    said = [
        _("%(format)s, %(boards)d boards per match, %(scale)s.")
        % {"format": fmt.get_format_display(), "boards": fmt.boards_per_match, "scale": fmt.get_scale_display()}
    ]
    if fmt.format == fmt.Format.KNOCKOUT:
        return _knockout_schedule(session, draws, said, url)
    if draws:
        said.append(ngettext("%(count)d round drawn.", "%(count)d rounds drawn.", len(draws)) % {"count": len(draws)})
    done = bool(draws) and (planned is None or len(draws) >= planned)
    label = _("Format and draw") if draws else _("Draw the rounds")
    return Step(
        "schedule",
        "done" if done else "partial" if draws else "todo",
        tuple(said),
        actions=(Action(label, url, primary=not done, testid="teams-schedule-link"), *_assignment(session, draws)),
    )


def _assignment(session: Session, draws: list) -> tuple[Action, ...]:
    """The round assignment for the tables, to print once a round is drawn."""
    if not draws:
        return ()
    url = reverse("teams:assignment_print", args=[session.pk])
    return (Action(_("Table assignment (print)"), url, testid="assignment-link"),)


def _knockout_schedule(session: Session, draws: list, said: list[str], url: str) -> Step:
    """A knockout's format and draw: done once the first round is drawn (from the knockout page, after the seeds);
    each later round is drawn there too, once the round before is decided, and the Matches step follows it."""
    knockout = reverse("teams:knockout", args=[session.pk])
    rounds = session_rounds_planned(session=session)
    if not draws:
        said.append(
            _("Seed the teams and draw the first round on the knockout page; the top seeds have the byes.")
            if rounds
            else _("Enter at least two teams, then seed them and draw the first round on the knockout page.")
        )
        return Step(
            "schedule",
            "todo",
            tuple(said),
            actions=(
                Action(_("Seed and draw the first round"), knockout, primary=True, testid="teams-knockout-link"),
                Action(_("Format and draw"), url, testid="teams-schedule-link"),
            ),
        )
    said.append(
        _(
            "Round %(round)d of %(rounds)d drawn. Each later round is drawn on the knockout page once every tie of "
            "the round before is decided."
        )
        % {"round": len(draws), "rounds": max(rounds, len(draws))}
    )
    return Step(
        "schedule",
        "done",
        tuple(said),
        actions=(
            Action(_("The knockout's bracket and draw"), knockout, testid="teams-knockout-link"),
            Action(_("Format and draw"), url, testid="teams-schedule-link"),
            *_assignment(session, draws),
        ),
    )


def _matches(r: _Reads) -> Step:
    session = r.session
    standings_url = reverse("teams:session_standings", args=[session.pk])
    standing = session_standings(session=session)
    status_url = reverse("events:session_status", args=[session.pk])
    if standing is None or not session_draws(session=session):
        return Step("matches", "waiting", (_("The score cards come with the draw: draw a round first."),))
    said = [_("Both tables' scores of each board are entered on the match's score card.")]
    missing = []
    if standing.incomplete:
        missing.append(
            ngettext(
                "%(count)d match is not fully entered.",
                "%(count)d matches are not fully entered.",
                len(standing.incomplete),
            )
            % {"count": len(standing.incomplete)}
        )
    actions = [Action(_("Matches and standings"), standings_url, primary=bool(missing), testid="teams-standings-link")]
    if session.status == Session.Status.PLANNED:
        actions.append(
            Action(
                _("Start play"), status_url, post=True, fields={"status": Session.Status.RUNNING}, testid="path-start"
            )
        )
    elif session.status == Session.Status.RUNNING:
        actions.append(
            Action(
                _("Finish the session…"),
                status_url,
                post=True,
                fields={"status": Session.Status.FINISHED},
                testid="path-finish",
            )
        )
    return Step("matches", "partial" if missing else "done", tuple(said), tuple(missing), tuple(actions))


def _standings(r: _Reads) -> Step:
    session = r.session
    url = reverse("teams:session_standings", args=[session.pk])
    see = Action(_("Matches and standings"), url, testid="teams-standings-link")
    if session.is_final:
        return Step("standings", "done", (_("Published as final: nobody can change a score."),), actions=(see,))
    if session.is_published:  # provisional: the teams publish as final at once; a step back from final stops here
        return Step("standings", "partial", (_("Published provisionally."),), actions=(see,))
    if not session.is_over:
        return Step(
            "standings",
            "waiting",
            (_("The standings are published once play is over: players do not see them before."),),
            actions=(see,),
        )
    publish = Action(
        _("Publish the standings…"),
        reverse("teams:session_publish", args=[session.pk]),
        primary=True,
        post=True,
        testid="path-publish",
    )
    return Step(
        "standings",
        "todo",
        (_("Not published: players do not see the score cards and the standings yet."),),
        actions=(publish, see),
    )


def _event(r: _Reads) -> Step:
    """A club's session of a simultaneous pairs (``events.kinds.simultaneous``): its boards are the event's deals,
    registered on the club's simultaneous pairs page and dealt when its dealing-machine files are released."""
    session = r.session
    entry = session_entry(session)
    if entry is None:
        return Step(
            "event",
            "todo" if session.status == Session.Status.PLANNED else "waiting",
            (_("Register this session for a simultaneous pairs: its boards will be the event's deals."),),
            actions=(
                Action(
                    _("Simultaneous pairs"),
                    reverse("simultaneous:event_list", args=[session.club.slug]),
                    primary=True,
                    testid="path-simultaneous",
                ),
            ),
        )
    event = entry.event
    page = Action(
        _("The event's page"),
        reverse("simultaneous:club_event", args=[session.club.slug, event.pk]),
        testid="path-simultaneous",
    )
    said = [
        _("Plays the deals of “%(event)s”, organised by %(club)s, under the event's numbers.")
        % {"event": event.name, "club": event.club.name}
    ]
    if not r.dealing.board_count:
        released = files_released_at(entry)
        said.append(
            _("The dealing-machine files are released from %(when)s; the session gets the event's deals then.")
            % {"when": when(released)}
        )
        state = "todo" if timezone.now() >= released else "waiting"
        return Step("event", state, tuple(said), actions=(replace(page, primary=state == "todo"),))
    said.append(r.dealing.in_words())
    if event.embargo_ended_at is None:
        said.append(_("Players see the deals and the field's results once the event's embargo has ended."))
    else:
        said.append(_("The embargo has ended: the deals and the field's results are open."))
    return Step("event", "done", tuple(said), actions=(page,))


#: How each step of a path is read, by its key (an event kind lists the keys of its path: ``events.kinds``).
_STEPS = {
    "pairs": _pairs,
    "movement": _movement,
    "boards": _boards,
    "printing": _printing,
    "play": _play,
    "scores": _scores,
    "publication": _publication,
    "teams": _teams,
    "schedule": _schedule,
    "matches": _matches,
    "standings": _standings,
    "event": _event,
}


def session_path(session: Session) -> SessionPath:
    """The session's path for its director: every step of its kind's path (``events.kinds``) with what is done,
    what is next and what is missing."""
    reads = _Reads(session)
    steps = [_STEPS[key](reads) for key in kind_of(session).steps]
    marked, found = [], False
    for step in steps:
        ahead = reads.stage <= _LAST_STAGE[step.key]
        if not found and ahead and step.state not in ("done", "not_needed", "waiting"):
            step, found = replace(step, is_next=True), True
        elif not ahead:
            step = replace(step, behind=True)
        marked.append(step)
    if not found:  # nothing ahead: what is left behind the stage (the commitment's key) is next
        for index, step in enumerate(marked):
            if step.left:
                marked[index] = replace(step, is_next=True)
                break
    return SessionPath(tuple(marked))


# --- changing the session's stage by hand: what each change does, said before it is made ------------------


@dataclass(frozen=True)
class Confirmation:
    title: str
    what: tuple[str, ...]
    button: str
    danger: bool = False


def status_change_words(session: Session, status: str) -> Confirmation | None:
    """What moving ``session`` to ``status`` does, for its confirmation page; None: nothing to confirm (planned ↔ in
    play changes nothing anyone else sees). Publishing is not here: the results page asks (``scoring:publish``)."""
    current = session.status
    if (current, status) == (Session.Status.RUNNING, Session.Status.FINISHED):
        what = [
            _(
                "Play ends now. Every player can then see every deal of this session — the hand records, the "
                "double-dummy analysis, each board played again — and the phones at the tables can no longer "
                "enter results."
            ),
            _("Scorers and directors can still enter and correct results until they are published."),
        ]
        scores = _scores(_Reads(session))
        if scores.state == "partial":
            what += [*scores.said, *scores.missing]
        what.append(
            _(
                "This cannot be undone: stepping back to in play hides the deals again, but players may "
                "already have seen them."
            )
        )
        return Confirmation(_("Finish the session?"), tuple(what), _("Finish the session"), danger=True)
    if (current, status) == (Session.Status.FINISHED, Session.Status.RUNNING):
        return Confirmation(
            _("Step back to in play?"),
            (
                _(
                    "The deals are hidden from players again (they may have seen them already), and the phones at the "
                    "tables can enter results again."
                ),
            ),
            _("Back to in play"),
        )
    if (current, status) == (Session.Status.PROVISIONAL, Session.Status.FINISHED):
        return Confirmation(
            _("Withdraw the results?"),
            (
                _("Players no longer see the ranking, and the score-query window closes."),
                _(
                    "Publishing again later is a new publication: players with an e-mail address are sent their results "
                    "again."
                ),
            ),
            _("Withdraw the results"),
            danger=True,
        )
    if (current, status) == (Session.Status.PUBLISHED, Session.Status.PROVISIONAL):
        return Confirmation(
            _("Reopen the final results?"),
            (
                _(
                    "The results become provisional again: directors can correct them, each with a reason, and the "
                    "ranking players see is frozen again after each correction."
                ),
                _("They stay provisional until you make them final again on the results page."),
            ),
            _("Reopen the results"),
        )
    return None
