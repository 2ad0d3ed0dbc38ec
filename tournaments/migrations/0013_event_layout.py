"""Event.layout: the kind of table an event is played at, by name (scoring.engine.layouts.LAYOUTS).

Every event stored before has its layout named from what it was worked out from until now: its
entrants and its rule set's table size. An event of individuals under the three-handed preset
plays "three-handed", any other event of individuals "progressive" (four at a table, a new partner
each round), and an event of partnerships "partnerships". The mapping is written out here, not
read from the engine, so the migration means the same whatever the registry becomes.
"""

from django.db import migrations, models

THREE_HANDED_PRESETS = ("three-handed",)  # the presets for three players (rules.RuleSet.players == 3)


def name_layouts(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    individuals = Event.objects.filter(entrants="individuals")
    individuals.filter(rules_preset__in=THREE_HANDED_PRESETS).update(layout="three-handed")
    individuals.exclude(rules_preset__in=THREE_HANDED_PRESETS).update(layout="progressive")
    Event.objects.exclude(entrants="individuals").update(layout="partnerships")


def forget_layouts(apps, schema_editor):
    """Going back drops the column: nothing to undo."""


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0012_event_slug_unique_ignoring_case"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="layout",
            field=models.CharField(
                choices=[
                    ("partnerships", "Partnerships (four at a table, partners opposite)"),
                    ("progressive", "Progressive individuals (four at a table, a new partner each round)"),
                    ("three-handed", "Three-handed individuals (three at a table, each for himself)"),
                ],
                default="partnerships",
                max_length=20,
            ),
        ),
        migrations.RunPython(name_layouts, forget_layouts),
    ]
