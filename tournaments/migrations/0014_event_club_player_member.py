"""Event.club and Player.member (issue 26, docs/clubs.md): an event's club, and the member a player is."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('tournaments', '0013_event_layout'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='club',
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                related_name='events', to='clubs.club'),
        ),
        migrations.AddField(
            model_name='player',
            name='member',
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                related_name='players', to='clubs.member'),
        ),
    ]
