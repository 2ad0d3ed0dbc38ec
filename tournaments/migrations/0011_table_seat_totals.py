"""A table of three keeps each seat's own points summed over its hands (Table.seat_totals), as
every table keeps its sides' totals (0008): the standings of a three-handed event read 166 table
rows instead of decoding every hand's seat points (README, "Speed"). Existing tables are filled
from their hands here; from now on scoring.totals keeps them with every hand write."""

from django.db import migrations, models


def fill_from_hands(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    Table = apps.get_model("tournaments", "Table")
    sums: dict[int, dict[str, int]] = {}
    for table_id, seat_points in (Hand.objects.filter(seat_points__isnull=False)
                                  .values_list("table_id", "seat_points").order_by()):
        got = sums.setdefault(table_id, {})
        for label, points in seat_points.items():
            got[label] = got.get(label, 0) + points
    tables = [Table(pk=table_id, seat_totals=seat_totals) for table_id, seat_totals in sums.items()]
    Table.objects.bulk_update(tables, ["seat_totals"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0010_tiebreak_fillers"),
        ("scoring", "0005_hand_three_handed"),  # the fill reads the hands' seat points
    ]

    operations = [
        migrations.AddField(model_name="table", name="seat_totals", field=models.JSONField(blank=True, default=dict)),
        migrations.RunPython(fill_from_hands, migrations.RunPython.noop),
    ]
