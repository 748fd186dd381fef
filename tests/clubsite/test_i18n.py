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


def test_polish_catalogue_is_complete_and_compiled():
    """Every interface string has a Polish translation, and the committed .mo matches the .po."""
    from pathlib import Path

    import polib

    folder = Path(__file__).resolve().parents[2] / "locale" / "pl" / "LC_MESSAGES"
    po = polib.pofile(str(folder / "django.po"))
    untranslated = [e.msgid for e in po if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)]
    assert not untranslated, f"untranslated Polish strings: {untranslated[:10]}"
    compiled = {(e.msgctxt, e.msgid): (e.msgstr or dict(e.msgstr_plural)) for e in polib.mofile(str(folder / "django.mo"))}
    source = {(e.msgctxt, e.msgid): (e.msgstr or dict(e.msgstr_plural)) for e in po.translated_entries()}
    assert compiled == source, "locale/pl/LC_MESSAGES/django.mo is stale: run `make messages`"
