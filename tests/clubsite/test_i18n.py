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
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr or dict(e.msgstr_plural)) for e in polib.mofile(str(folder / "django.mo"))
    }
    source = {(e.msgctxt, e.msgid): (e.msgstr or dict(e.msgstr_plural)) for e in po.translated_entries()}
    assert compiled == source, "locale/pl/LC_MESSAGES/django.mo is stale: run `make messages`"


@pytest.mark.slow
def test_every_translatable_string_is_in_the_polish_catalogue(tmp_path, monkeypatch, settings):
    """Extract the strings as `make messages` does, into a scratch catalogue, and compare.

    makemessages writes next to the nearest ``locale/`` folder, so it runs in a scratch
    tree that links to the source folders (and has no locale folder of its own).
    """
    from pathlib import Path

    import polib
    from django.core.management import call_command

    repo = Path(__file__).resolve().parents[2]
    tree, out = tmp_path / "tree", tmp_path / "out"
    tree.mkdir()
    (out / "pl" / "LC_MESSAGES").mkdir(parents=True)
    for folder in ("clubs", "clubsite", "dealing", "movements", "scoring", "templates"):
        (tree / folder).symlink_to(repo / folder, target_is_directory=True)
    monkeypatch.chdir(tree)
    settings.LOCALE_PATHS = [str(out)]
    call_command("makemessages", locale=["pl"], verbosity=0, no_obsolete=True, symlinks=True)
    extracted = {(e.msgctxt, e.msgid) for e in polib.pofile(str(out / "pl" / "LC_MESSAGES" / "django.po"))}
    committed = {
        (e.msgctxt, e.msgid)
        for e in polib.pofile(str(repo / "locale" / "pl" / "LC_MESSAGES" / "django.po"))
        if not e.obsolete
    }
    assert len(extracted) > 100
    missing = sorted(msgid for _, msgid in extracted - committed)
    assert not missing, f"{len(missing)} strings are not in the Polish catalogue (run `make messages`): {missing[:8]}"
