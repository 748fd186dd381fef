"""English and Polish interface, switched by the language form."""

import pytest


@pytest.mark.django_db
def test_language_switch_to_polish(client):
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert 'lang="pl"' in page
    assert "Zaloguj się" in page  # "Log in"


@pytest.mark.django_db
def test_english_is_the_default(client):
    page = client.get("/").content.decode()
    assert 'lang="en"' in page and "Log in" in page
