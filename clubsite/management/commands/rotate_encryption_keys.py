"""``manage.py rotate_encryption_keys``: re-encrypt every stored secret under the first key.

To rotate: put a new key first in ``CLUBSITE_ENCRYPTION_KEYS`` (keep the old ones after it) on
every machine, run this once, then drop the old keys. Thin over
:func:`clubsite.encryption.reencrypt_all`; prints the rows re-encrypted per model.
"""

from django.core.management.base import BaseCommand

from clubsite.encryption import reencrypt_all


class Command(BaseCommand):
    help = "Re-encrypt every stored key and deal under the first key of CLUBSITE_ENCRYPTION_KEYS."

    def add_arguments(self, parser):
        parser.add_argument("--batch", type=int, default=500, help="rows per update (default 500)")

    def handle(self, *args, batch: int, **options):
        def report(label: str, count: int) -> None:
            self.stdout.write(f"{label}: {count} row(s) re-encrypted")

        done = reencrypt_all(batch=batch, on_model=report)
        self.stdout.write(self.style.SUCCESS(f"Done: {sum(done.values())} row(s) under the first key."))
