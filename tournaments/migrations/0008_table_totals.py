"""Each table keeps its hands' totals (how many, each side's points): the standings read them
instead of grouping every hand of the event (README, "Speed"). Existing tables are filled from
their hands here; from now on scoring.totals keeps them with every hand write."""

from django.db import migrations, models
from django.db.models import Count, Sum


def fill_from_hands(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    Table = apps.get_model("tournaments", "Table")
    sums = (Hand.objects.values("table_id").annotate(n=Count("id"), ns=Sum("ns_points"), ew=Sum("ew_points"))
            .values_list("table_id", "n", "ns", "ew").order_by())
    tables = []
    for table_id, n, ns, ew in sums:
        tables.append(Table(pk=table_id, n_hands=n, ns_points=ns or 0, ew_points=ew or 0))
    Table.objects.bulk_update(tables, ["n_hands", "ns_points", "ew_points"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0007_event_language"),
        ("scoring", "0004_hand_nobid"),  # the fill reads the hands
    ]

    operations = [
        migrations.AddField(model_name="table", name="n_hands", field=models.PositiveSmallIntegerField(default=0)),
        migrations.AddField(model_name="table", name="ns_points", field=models.IntegerField(default=0)),
        migrations.AddField(model_name="table", name="ew_points", field=models.IntegerField(default=0)),
        migrations.RunPython(fill_from_hands, migrations.RunPython.noop),
    ]
