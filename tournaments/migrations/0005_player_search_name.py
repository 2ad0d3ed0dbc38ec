"""Player.search_name: the name as check-in search compares it, filled for the players already stored."""

from django.db import migrations, models

from scoring.engine.registration import search_key


def fill(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    players = list(Player.objects.only("pk", "name"))
    for player in players:
        player.search_name = search_key(player.name)[:360]
    Player.objects.bulk_update(players, ["search_name"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0004_confirmation_pin"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_name",
            field=models.CharField(blank=True, default="", editable=False, max_length=360),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
