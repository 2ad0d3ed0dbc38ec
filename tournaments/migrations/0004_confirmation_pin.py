"""Partnership PINs for the opponents' confirmation, and the event's choice of check.

Existing partnerships each get their own random PIN (a single AddField default would give every
row the same one), drawn with `secrets` like new ones.
"""

import secrets

from django.db import migrations, models

import tournaments.models


def fill_pins(apps, schema_editor):
    Partnership = apps.get_model("tournaments", "Partnership")
    rows = list(Partnership.objects.only("pk"))
    for row in rows:
        row.pin = f"{secrets.randbelow(10_000):04d}"
    Partnership.objects.bulk_update(rows, ["pin"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0003_event_listed_practice"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="confirmation_check",
            field=models.CharField(
                choices=[
                    ("pin", "The opponents type their secret PIN (from their movement card)"),
                    ("number", "The opponents type their partnership number (no secret: anyone can)"),
                ],
                default="pin",
                help_text="What the opponents type at the table link to confirm. A partnership number is public, "
                          "so with it anyone who reads the movement can confirm any table.",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="partnership",
            name="pin",
            field=models.CharField(default="", max_length=4),
            preserve_default=False,
        ),
        migrations.RunPython(fill_pins, migrations.RunPython.noop, elidable=False),
        migrations.AlterField(
            model_name="partnership",
            name="pin",
            field=models.CharField(default=tournaments.models.new_pin, max_length=4),
        ),
    ]
