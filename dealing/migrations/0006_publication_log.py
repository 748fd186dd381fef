"""The publication log (``docs/commitments.md`` §9): one hash-chained, append-only log per club.

Besides the table, a trigger on PostgreSQL and on SQLite refuses every UPDATE and DELETE of an
entry, whoever sends it (the application, a shell, an SQL client), so that the database itself
keeps the log append-only. A later migration that rebuilds the table on SQLite must call
``create_triggers`` again (rebuilding drops a table's triggers).
"""

import django.db.models.deletion
from django.db import migrations, models

TABLE = "dealing_publicationlogentry"
MESSAGE = "the publication log is append-only: entries cannot be changed or deleted"

TRIGGERS = {
    "postgresql": [
        f"""CREATE OR REPLACE FUNCTION dealing_publication_log_append_only() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE} (% of entry % refused)', TG_OP, OLD.position
                    USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql""",
        f"""CREATE TRIGGER dealing_publication_log_append_only BEFORE UPDATE OR DELETE ON {TABLE}
            FOR EACH ROW EXECUTE FUNCTION dealing_publication_log_append_only()""",
    ],
    "sqlite": [
        f"""CREATE TRIGGER dealing_publication_log_no_update BEFORE UPDATE ON {TABLE}
            BEGIN SELECT RAISE(ABORT, '{MESSAGE} (UPDATE refused)'); END""",
        f"""CREATE TRIGGER dealing_publication_log_no_delete BEFORE DELETE ON {TABLE}
            BEGIN SELECT RAISE(ABORT, '{MESSAGE} (DELETE refused)'); END""",
    ],
}
DROP_TRIGGERS = {
    "postgresql": [f"DROP TRIGGER IF EXISTS dealing_publication_log_append_only ON {TABLE}",
                   "DROP FUNCTION IF EXISTS dealing_publication_log_append_only()"],
    "sqlite": ["DROP TRIGGER IF EXISTS dealing_publication_log_no_update",
               "DROP TRIGGER IF EXISTS dealing_publication_log_no_delete"],
}


def _run(statements, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise NotImplementedError(f"the publication log's triggers are written for PostgreSQL and SQLite, not {vendor}")
    for sql in statements[vendor]:
        schema_editor.execute(sql, params=None)


def create_triggers(apps, schema_editor):
    _run(TRIGGERS, schema_editor)


def drop_triggers(apps, schema_editor):
    _run(DROP_TRIGGERS, schema_editor)


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0002_session_pairs_provisional'),
        ('dealing', '0005_session_dealing_without_board_count'),
    ]

    operations = [
        migrations.CreateModel(
            name='PublicationLogEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveIntegerField(verbose_name='position')),
                ('previous_hash', models.CharField(max_length=64, verbose_name="previous entry's hash")),
                ('recorded_at', models.DateTimeField(verbose_name='time')),
                ('act', models.CharField(choices=[('published', 'published'), ('dv-entered', 'dv-entered'), ('dv-corrected', 'dv-corrected'), ('session-dealt', 'session-dealt'), ('deal-file-downloaded', 'deal-file-downloaded'), ('revealed', 'revealed')], max_length=24, verbose_name='act')),
                ('commitment_hash', models.CharField(max_length=64)),
                ('data', models.JSONField(default=dict, verbose_name='data')),
                ('entry_hash', models.CharField(max_length=64, verbose_name='hash')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='publication_log', to='clubs.club', verbose_name='club')),
                ('commitment', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='log_entries', to='dealing.commitment', verbose_name='commitment')),
            ],
            options={
                'verbose_name': 'publication log entry',
                'verbose_name_plural': 'publication log entries',
                'ordering': ['club', 'position'],
                'constraints': [models.UniqueConstraint(fields=('club', 'position'), name='publication_log_position_unique'), models.CheckConstraint(condition=models.Q(('position__gte', 1)), name='publication_log_position_positive')],
            },
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
