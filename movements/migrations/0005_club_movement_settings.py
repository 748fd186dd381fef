"""Clubs' settings for choosing a movement (minutes a board, usual boards, preferred winners); Mitchells for up to
128 pairs (Howells stay 4 to 64)."""

import django.core.validators
import django.db.models.deletion
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('movements', '0004_boards_per_round_on_session'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ClubMovementSettings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('minutes_per_board', models.DecimalField(decimal_places=2, default=Decimal('7.5'), help_text='Playing time a board takes, changes included; 7½ in most clubs.', max_digits=4, validators=[django.core.validators.MinValueValidator(Decimal('3')), django.core.validators.MaxValueValidator(Decimal('20'))], verbose_name='minutes per board')),
                ('usual_boards_low', models.PositiveSmallIntegerField(default=24, validators=[django.core.validators.MinValueValidator(4), django.core.validators.MaxValueValidator(200)], verbose_name='usual boards, from')),
                ('usual_boards_high', models.PositiveSmallIntegerField(default=28, validators=[django.core.validators.MinValueValidator(4), django.core.validators.MaxValueValidator(200)], verbose_name='usual boards, to')),
                ('winners', models.CharField(choices=[('one', 'one winner'), ('two', 'two winners (NS and EW)'), ('any', 'no preference')], default='one', max_length=3, verbose_name='preferred winners')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated at')),
            ],
            options={
                'verbose_name': "club's movement settings",
                'verbose_name_plural': "clubs' movement settings",
            },
        ),
        migrations.RemoveConstraint(
            model_name='sessionmovement',
            name='movement_pairs_4_to_64',
        ),
        migrations.AddConstraint(
            model_name='sessionmovement',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('pairs__gte', 4), ('pairs__lte', 64)), models.Q(('kind', 'mitchell'), ('pairs__gte', 6), ('pairs__lte', 128)), _connector='OR'), name='movement_pairs_howell_4_to_64_mitchell_6_to_128'),
        ),
        migrations.AddField(
            model_name='clubmovementsettings',
            name='club',
            field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='movement_settings', to='clubs.club', verbose_name='club'),
        ),
        migrations.AddField(
            model_name='clubmovementsettings',
            name='updated_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='updated by'),
        ),
        migrations.AddConstraint(
            model_name='clubmovementsettings',
            constraint=models.CheckConstraint(condition=models.Q(('usual_boards_low__lte', models.F('usual_boards_high'))), name='movement_settings_usual_boards_ordered'),
        ),
        migrations.AddConstraint(
            model_name='clubmovementsettings',
            constraint=models.CheckConstraint(condition=models.Q(('minutes_per_board__gt', 0)), name='movement_settings_minutes_positive'),
        ),
    ]
