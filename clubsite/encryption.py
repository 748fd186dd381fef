"""Secrets at rest: keys and deals are stored encrypted (``docs/commitments.md`` §8).

The database holds commitments' secret keys, fresh dealing keys, deal-set keys and every board's
deal and analysis; each such column holds a Fernet token (``cryptography``: AES-128-CBC and
HMAC-SHA256, authenticated — a changed or foreign token is refused, never decrypted to garbage),
so a database dump or a copy of the SQLite file shows no key and no deal.

* **Keys.** ``settings.ENCRYPTION_KEYS`` (environment ``CLUBSITE_ENCRYPTION_KEYS``: Fernet keys
  separated by commas). The first encrypts; every one decrypts (``MultiFernet``), so a key is
  rotated by putting a new one first, running ``manage.py rotate_encryption_keys`` (which
  re-encrypts everything under it: :func:`reencrypt_all`) and then dropping the old one.
  Production refuses to start without the variable (``clubsite/settings.py``). In development
  without it, one key is made on first use and kept in ``settings.ENCRYPTION_KEY_FILE``
  (``<CLUBSITE_VAR_DIR>/encryption.key``, mode 0600): lose that file and the secrets of that
  database are lost with it.
* :func:`encrypt` / :func:`decrypt` (bytes ↔ token text); :class:`SecretUnreadable` when a
  token cannot be read with the keys given (the message never holds the token or a secret).
* Model fields: :class:`EncryptedTextField` (str), :class:`EncryptedIntegerField` (int) and
  :class:`EncryptedBinaryField` (bytes). The Python value is the plain value — encrypted on save,
  decrypted on load — so the code around them does not change. The column is text. A token is
  random (a fresh IV each time), so the database cannot compare such columns: every lookup but
  ``isnull`` raises ``FieldError`` instead of silently matching nothing. Serialisers
  (``dumpdata``) see a token, never the plain value; ``loaddata`` takes tokens back (with the
  same keys).

>>> token = encrypt(b"N:AKQ...")
>>> token.startswith("gAAAAA") and decrypt(token) == b"N:AKQ..." and b"AKQ" not in token.encode()
True
"""

from __future__ import annotations

import base64
import functools
import os
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import models, transaction

#: How every Fernet token starts (version byte 0x80, then the time stamp's high bytes).
TOKEN_PREFIX = "gAAAAA"


class SecretUnreadable(ImproperlyConfigured):
    """A stored value cannot be decrypted with the keys given (a key missing from CLUBSITE_ENCRYPTION_KEYS?)."""


def _read_key_file(path: Path) -> str:
    key = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        Fernet(key)
    except ValueError:
        raise ImproperlyConfigured(
            f"{path} does not hold a Fernet key; restore it from a backup or set CLUBSITE_ENCRYPTION_KEYS"
        ) from None
    return key


@functools.lru_cache(maxsize=8)
def development_key(path: Path) -> str:
    """The development key kept in ``path``, made (mode 0600) on first use; processes racing to make it agree."""
    if path.exists():
        return _read_key_file(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, made = tempfile.mkstemp(dir=path.parent, prefix=".encryption-key-")  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(Fernet.generate_key().decode("ascii") + "\n")
        try:
            os.link(made, path)  # all or nothing; refused if another process made it first
        except FileExistsError:
            pass
    finally:
        os.unlink(made)
    return _read_key_file(path)


def configured_keys() -> tuple[str, ...]:
    keys = tuple(settings.ENCRYPTION_KEYS)
    if keys:
        return keys
    if settings.ENCRYPTION_KEY_FILE is None:
        raise ImproperlyConfigured("CLUBSITE_ENCRYPTION_KEYS must be set when DJANGO_ENV=production")
    return (development_key(Path(settings.ENCRYPTION_KEY_FILE)),)


@functools.lru_cache(maxsize=8)
def _cipher(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(key) for key in keys])


def cipher() -> MultiFernet:
    return _cipher(configured_keys())


def encrypt(data: bytes) -> str:
    """A Fernet token (text) of ``data`` under the first key."""
    return cipher().encrypt(data).decode("ascii")


def decrypt(token: str) -> bytes:
    try:
        return cipher().decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError, AttributeError):
        raise SecretUnreadable(
            "a value stored encrypted cannot be decrypted with the keys in CLUBSITE_ENCRYPTION_KEYS "
            "(or the development key file): was the key that encrypted it removed?"
        ) from None


# --- Model fields ----------------------------------------------------------------------


class EncryptedField(models.Field):
    """A value stored as a Fernet token in a text column; the Python value is the plain value."""

    description = "A value stored encrypted"

    def get_internal_type(self) -> str:
        return "TextField"

    # What subclasses say: the plain value as bytes and back, and a plain value from other input.
    def to_bytes(self, value) -> bytes:
        raise NotImplementedError

    def from_bytes(self, data: bytes):
        raise NotImplementedError

    def coerce(self, value):
        raise NotImplementedError

    def from_db_value(self, value, expression, connection):
        return None if value is None else self.from_bytes(decrypt(value))

    def to_python(self, value):
        if value is None:
            return None
        if isinstance(value, str) and value.startswith(TOKEN_PREFIX):
            try:
                return self.from_bytes(decrypt(value))
            except SecretUnreadable as exc:
                raise ValidationError(str(exc)) from None
        return self.coerce(value)

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        return None if value is None else encrypt(self.to_bytes(self.coerce(value)))

    def value_from_object(self, obj):
        """What serialisers (``dumpdata``) and forms see: a token, never the plain value."""
        value = getattr(obj, self.attname)
        return None if value is None else encrypt(self.to_bytes(value))

    def value_to_string(self, obj):
        return self.value_from_object(obj)

    def get_lookup(self, lookup_name):
        # Tokens are random: "=", "<", "startswith" … on the column would silently match nothing.
        return super().get_lookup(lookup_name) if lookup_name == "isnull" else None

    def get_transform(self, name):
        return None

    def formfield(self, **kwargs):
        return None


class EncryptedTextField(EncryptedField):
    def to_bytes(self, value) -> bytes:
        return value.encode("utf-8")

    def from_bytes(self, data: bytes) -> str:
        return data.decode("utf-8")

    def coerce(self, value) -> str:
        return value if isinstance(value, str) else str(value)


class EncryptedIntegerField(EncryptedField):
    empty_strings_allowed = False

    def to_bytes(self, value) -> bytes:
        return str(value).encode("ascii")

    def from_bytes(self, data: bytes) -> int:
        return int(data)

    def coerce(self, value) -> int:
        if isinstance(value, bool):
            raise ValidationError(f"{self.name} is a whole number, not {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ValidationError(f"{self.name} is a whole number, not {value!r}") from None


class EncryptedBinaryField(EncryptedField):
    def to_bytes(self, value) -> bytes:
        return bytes(value)

    def from_bytes(self, data: bytes) -> bytes:
        return data

    def coerce(self, value) -> bytes:
        if isinstance(value, str):
            return base64.b64decode(value.encode("ascii"))
        return bytes(value)


# --- Rotation ----------------------------------------------------------------------------


def encrypted_fields() -> dict[type[models.Model], list[str]]:
    """Every concrete model with encrypted fields, and the names of those fields."""
    found: dict[type[models.Model], list[str]] = {}
    for model in apps.get_models():
        names = [f.name for f in model._meta.concrete_fields if isinstance(f, EncryptedField)]
        if names and not model._meta.proxy:
            found[model] = names
    return found


def reencrypt_all(*, batch: int = 500, on_model=None) -> dict[str, int]:
    """Every encrypted value of every model re-encrypted under the first key; returns rows per model.

    Each model is done in one transaction, ``batch`` rows at a time; a row whose values no key
    given decrypts stops the run (:class:`SecretUnreadable`) with that model unchanged.
    """
    done: dict[str, int] = {}
    for model, names in encrypted_fields().items():
        label = model._meta.label
        count = 0
        with transaction.atomic():
            rows = model._base_manager.select_for_update().only("pk", *names).order_by("pk")
            chunk: list[models.Model] = []
            for row in rows.iterator(chunk_size=batch):
                chunk.append(row)
                if len(chunk) == batch:
                    model._base_manager.bulk_update(chunk, names)
                    count += len(chunk)
                    chunk = []
            if chunk:
                model._base_manager.bulk_update(chunk, names)
                count += len(chunk)
        done[label] = count
        if on_model is not None:
            on_model(label, count)
    return done
