"""clubsite.encryption: the encrypted model fields and the keys (the dump test is in
tests/dealing/test_secrets_at_rest.py, the settings in test_settings.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from django.core.exceptions import ValidationError

from clubsite import encryption
from clubsite.encryption import EncryptedBinaryField, EncryptedIntegerField, EncryptedTextField

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "field, value",
    [
        (EncryptedTextField(), "N:AKQ.J.T.9 …"),
        (EncryptedTextField(), ""),
        (EncryptedIntegerField(), -420),
        (EncryptedBinaryField(), bytes(range(32))),
    ],
)
def test_a_value_goes_in_as_a_token_and_comes_back(field, value):
    token = field.get_prep_value(value)
    assert token.startswith(encryption.TOKEN_PREFIX) and token != field.get_prep_value(value)  # a fresh IV each time
    assert field.from_db_value(token, None, None) == value
    assert field.to_python(token) == value and field.to_python(value) == value
    assert field.get_prep_value(None) is None and field.from_db_value(None, None, None) is None


def test_serialisers_see_a_token():
    class Row:
        secret = "ab" * 32

    field = EncryptedTextField()
    field.set_attributes_from_name("secret")
    token = field.value_to_string(Row())
    assert "ab" * 32 not in token and field.to_python(token) == "ab" * 32


def test_a_token_under_another_key_is_refused_without_showing_it(settings):
    foreign = Fernet(Fernet.generate_key()).encrypt(b"secret").decode()
    with pytest.raises(encryption.SecretUnreadable) as info:
        encryption.decrypt(foreign)
    assert foreign not in str(info.value) and "secret" not in str(info.value).replace("CLUBSITE", "")
    with pytest.raises(ValidationError):
        EncryptedTextField().to_python(foreign)


def test_an_integer_field_refuses_what_is_not_a_number():
    with pytest.raises(ValidationError):
        EncryptedIntegerField().get_prep_value("four")
    with pytest.raises(ValidationError):
        EncryptedIntegerField().get_prep_value(True)


@pytest.mark.slow
def test_processes_making_the_development_key_at_once_agree(tmp_path):
    code = (
        "import sys; from pathlib import Path; from clubsite.encryption import development_key; "
        "print(development_key(Path(sys.argv[1])))"
    )
    env = {k: v for k, v in os.environ.items() if k != "CLUBSITE_ENCRYPTION_KEYS"}
    folder = tmp_path / "var"
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(folder / "encryption.key")],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(6)
    ]
    keys = {run.communicate(timeout=60)[0].strip() for run in runs}
    assert len(keys) == 1 and keys == {(folder / "encryption.key").read_text().strip()}
    assert sorted(p.name for p in folder.iterdir()) == ["encryption.key"]  # no temporary file left
    assert (folder / "encryption.key").stat().st_mode & 0o777 == 0o600


def test_production_without_keys_cannot_encrypt(settings):
    settings.ENCRYPTION_KEYS = []
    settings.ENCRYPTION_KEY_FILE = None
    with pytest.raises(encryption.ImproperlyConfigured, match="CLUBSITE_ENCRYPTION_KEYS must be set"):
        encryption.encrypt(b"x")
