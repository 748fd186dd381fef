"""The movement pages, the API and the guide cards (HTML and PDF) in Polish: no English left from the domain."""

from __future__ import annotations

import re
import subprocess

import pytest

pytestmark = pytest.mark.django_db

# English the domain used to put on Polish pages (titles, constructions, notes, places, options, cards)
ENGLISH_LEFTOVERS = ["Howell for", "pairs,", " tables", "Complete Howell", "between tables", "is stationary",
                     "Boards move", "cyclic starter", "quadratic residues", "search_movements", "table 2", "rounds",
                     "two winners", "arrow-switched", "sits out", "complete balance", "Berlekamp–Hwang over"]  # fmt: skip


def polish(client):
    client.cookies["django_language"] = "pl"
    return client


def no_english(html: str) -> list[str]:
    """English leftovers in what a reader sees (tags, attributes and links removed)."""
    text = re.sub(r"<[^>]+>", " ", html)
    return [w for w in ENGLISH_LEFTOVERS if w in text]


def test_catalogue_page_in_polish(client_for, player):
    html = polish(client_for(player)).get("/movements/", {"pairs": 14}).content.decode()
    assert 'lang="pl"' in html
    assert "Pełny Howell, 13 rund" in html and "Pełny Howell, 13 rund, dwa półkomplety na rundę" in html
    assert "¾ Howella, 10 rund" in html and "Mitchell, 7 rund, z zamianą linii (jeden zwycięzca)" in html
    assert "starter cykliczny nad Z13: reszty kwadratowe (częściowy zbiór różnicowy Paleya)" in html
    assert "14 par ≡ 2 (mod 4): przy jednym komplecie na rundę całkowite zrównoważenie jest niemożliwe" in html
    assert no_english(html) == []


def test_movement_page_in_polish(client_for, player):
    html = polish(client_for(player)).get("/movements/show/", {"pairs": 8}).content.decode()
    assert "<h1>Howell dla 8 par, 4 stoły</h1>" in html
    assert "konstrukcja Berlekampa–Hwanga nad Z7, α = 3" in html
    assert "Para 8 jest stacjonarna: cały turniej przy stole 1 NS." in html
    assert "R1: między stołami 1 i 2" in html and "R3: między stołami 2 i 3" in html
    assert no_english(html) == []


def test_errors_in_polish_on_pages_forms_and_api(client_for, api_client_for, director, club_session):
    client = polish(client_for(director))
    page = client.get("/movements/show/", {"pairs": 12, "rounds": 99})
    assert page.status_code == 400
    assert "dla 12 par można rozegrać najwyżej 11 rund (pełny Howell); wybierz od 7 do 10 rund" in page.content.decode()
    form = client.post(
        f"/movements/session/{club_session.pk}/choose/",
        {"expert-pairs": 10, "expert-kind": "howell", "expert-half_sets": "on", "expert-boards_per_round": 3},
    )
    assert "liczba rozdań na rundę musi być parzysta (2, 4, 6, 8), a nie 3" in form.content.decode()
    api = api_client_for(director)
    r = api.get("/api/v1/movements/schedule/", {"pairs": 2}, HTTP_ACCEPT_LANGUAGE="pl")
    assert r.status_code == 400 and r.json()["error"]["field"] == "pairs"
    assert r.json()["error"]["message"].startswith("Howell wymaga co najmniej 4 par")
    english = api.get("/api/v1/movements/schedule/", {"pairs": 2}, HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["error"]["message"].startswith("a Howell needs at least 4 pairs")


@pytest.mark.slow
def test_api_speaks_the_requests_language(api_client_for, director, club_session):
    api = api_client_for(director)
    body = api.get("/api/v1/movements/schedule/", {"pairs": 13}, HTTP_ACCEPT_LANGUAGE="pl").json()
    assert body["title"] == "Howell dla 13 par, 7 stołów (w każdej rundzie jedna para pauzuje przy stole 1)"
    assert body["relay_places"][0] == {"relay": "R1", "place": "między stołami 3 i 4"}
    assert body["balance_report"]["best_possible"]["explanation"].startswith("nieparzysta liczba par")
    assert body["rounds_data"][0][0] == {"table": 1, "ns": 14, "ew": 1, "board_set": 1}  # numbers unchanged
    listing = api.get("/api/v1/movements/", {"pairs": 13}, HTTP_ACCEPT_LANGUAGE="pl").json()["movements"]
    assert [o["label"] for o in listing][:2] == [
        "Pełny Howell, 13 rund",
        "Pełny Howell, 13 rund, dwa półkomplety na rundę",
    ]
    chosen = api.post(
        f"/api/v1/sessions/{club_session.pk}/movement/",
        {"pairs": 12, "boards_per_round": 2},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert chosen.status_code == 201 and chosen.json()["title"] == "Howell dla 12 par, 6 stołów"
    again = api.get(f"/api/v1/sessions/{club_session.pk}/movement/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert again["title"] == "Howell for 12 pairs, 6 tables"
    assert again["balance"]["best_possible"]["explanation"].startswith("12 pairs ≡ 0 (mod 4)")


def test_session_pages_show_the_chosen_title_in_polish(client_for, director, club_session):
    client = polish(client_for(director))
    client.post(f"/movements/session/{club_session.pk}/choose/", {"offer": "pairs=9&kind=howell&boards_per_round=2"})
    page = client.get(f"/movements/session/{club_session.pk}/").content.decode()
    assert "Howell dla 9 par, 5 stołów (w każdej rundzie jedna para pauzuje przy stole 1)" in page
    form = client.get(f"/movements/session/{club_session.pk}/choose/").content.decode()
    assert "obecnie: Howell dla 9 par, 5 stołów" in form
    session_page = client.get(f"/sessions/{club_session.pk}/").content.decode()
    assert "Howell dla 9 par, 5 stołów" in session_page


def test_print_cards_in_polish(client_for, player):
    html = polish(client_for(player)).get("/movements/print/", {"pairs": 8}).content.decode()
    assert html.count('class="card pair-card"') == 8
    assert "Howell dla 8 par, 4 stoły" in html and "Start: stół 1 EW." in html
    assert re.search(r"<td>stół \d+</td></tr>", html)  # "boards go to" on the table cards
    assert "Po każdej rundzie rozdania idą na najbliższy stół o niższym numerze" in html
    assert no_english(html) == []


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    "language, words, absent",
    [
        (
            "pl",
            [
                "Para 1",
                "Howell dla 8 par, 4 stoły",
                "Stół 3",
                "Rozdania idą na",
                "stół 2",
                "Raport zrównoważenia",
                "między stołami 1 i 2",
                "8 par ≡ 0 (mod 4): całkowite zrównoważenie",
            ],
            ["Howell for", "table 2", "Pair 1"],
        ),
        (
            "en",
            [
                "Pair 1",
                "Howell for 8 pairs, 4 tables",
                "Table 3",
                "Boards go to",
                "table 2",
                "Balance report",
                "between tables 1 and 2",
            ],
            ["Howell dla", "stół 2", "Para 1"],
        ),
    ],
)
def test_pdf_cards_in_the_language_of_the_request(client_for, player, tmp_path, language, words, absent):
    client = client_for(player)
    client.cookies["django_language"] = language
    r = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    text = pdf_text(b"".join(r.streaming_content) if r.streaming else r.content, tmp_path)
    missing = [w for w in words if w not in text]
    assert not missing, missing
    assert not [w for w in absent if w in text]
