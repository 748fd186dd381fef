"""Event kinds (events/kinds): a kind says the steps of its path and the session page's panels; the path and the
page follow the kind, with no change to the engines (what a new kind such as teams relies on)."""

from __future__ import annotations

import pytest

from events import kinds
from events.kinds import AFTER, EventKind
from events.session_path import session_path

pytestmark = pytest.mark.django_db


def test_a_session_is_a_pairs_session_unless_created_as_teams(howell_session):
    kind = kinds.kind_of(howell_session)
    assert kind is kinds.KINDS["pairs"]
    assert [step.key for step in session_path(howell_session).steps] == list(kind.steps)
    assert kind.panel_templates(with_path=True) == ["scoring/_exports.html"]
    assert kind.panel_templates()[0] == "events/_session_pairs_panel.html"
    howell_session.kind = "teams"
    assert kinds.kind_of(howell_session) is kinds.KINDS["teams"]
    assert kinds.KINDS["teams"].panel_templates(with_path=True) == []


def test_the_path_and_the_page_follow_the_sessions_kind(monkeypatch, client_for, director, player, howell_session):
    short = EventKind(
        name="short",
        label="A short evening",
        steps=("boards", "play", "publication"),
        panels={
            "publication": ("scoring/_player_panel.html",),
            "boards": ("dealing/_session_panel.html",),
            AFTER: ("scoring/_exports.html",),
        },
    )
    monkeypatch.setattr(kinds, "kind_of", lambda session: short)
    monkeypatch.setattr("events.session_path.kind_of", lambda session: short)
    monkeypatch.setattr("events.views.kind_of", lambda session: short)
    assert [step.key for step in session_path(howell_session).steps] == ["boards", "play", "publication"]
    page = client_for(director).get(f"/sessions/{howell_session.pk}/").content.decode()
    assert 'data-testid="step-boards"' in page and 'data-testid="step-pairs"' not in page
    page = client_for(player).get(f"/sessions/{howell_session.pk}/").content.decode()
    assert 'data-testid="movement-panel"' not in page and 'data-testid="pairs-panel"' not in page
    assert short.panel_templates() == [
        "dealing/_session_panel.html",
        "scoring/_player_panel.html",
        "scoring/_exports.html",
    ]
