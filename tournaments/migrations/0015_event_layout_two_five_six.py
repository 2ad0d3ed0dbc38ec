"""Event.layout: the tables of two, five and six (issue 25) join the layout choices."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0014_event_club_player_member'),
    ]

    operations = [
        migrations.AlterField(
            model_name='event',
            name='layout',
            field=models.CharField(
                choices=[
                    ('partnerships', 'Partnerships (four at a table, partners opposite)'),
                    ('progressive', 'Progressive individuals (four at a table, a new partner each round)'),
                    ('three-handed', 'Three-handed individuals (three at a table, each for himself)'),
                    ('two-handed', 'Two-handed individuals (two at a table, each for himself)'),
                    ('five-handed', 'Five-handed individuals (five at a table, the bidder calls a partner)'),
                    ('six-pairs', 'Six-handed individuals, three teams of two (partners opposite)'),
                    ('six-threes', 'Six-handed individuals, two teams of three (teams alternate)'),
                ],
                default='partnerships',
                max_length=20,
            ),
        ),
    ]
