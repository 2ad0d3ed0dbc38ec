"""Who entered, changed and accepted each hand (docs/trust.md).

Hands stored before this migration count as written by staff (entered_side ""), which needs no
player's acceptance, so every table confirmed today stays confirmed; at a confirmed table each
hand is also marked accepted by whoever confirmed it, when it was confirmed."""

from django.db import migrations, models


def accept_confirmed(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    Table = apps.get_model("tournaments", "Table")
    for table in Table.objects.filter(confirmed_at__isnull=False).only("pk", "confirmed_at", "confirmed_by").iterator():
        Hand.objects.filter(table_id=table.pk).update(accepted_at=table.confirmed_at,
                                                      accepted_by=(table.confirmed_by or "")[:150])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0005_hand_three_handed'),
        ('tournaments', '0011_table_seat_totals'),
    ]

    operations = [
        migrations.AddField(model_name='hand', name='entered_side',
                            field=models.CharField(blank=True, default='', max_length=2)),
        migrations.AddField(model_name='hand', name='changed_side',
                            field=models.CharField(blank=True, default='', max_length=2)),
        migrations.AddField(model_name='hand', name='changed_at', field=models.DateTimeField(blank=True, null=True)),
        migrations.AddField(model_name='hand', name='accepted_side',
                            field=models.CharField(blank=True, default='', max_length=2)),
        migrations.AddField(model_name='hand', name='accepted_by',
                            field=models.CharField(blank=True, default='', max_length=150)),
        migrations.AddField(model_name='hand', name='accepted_at', field=models.DateTimeField(blank=True, null=True)),
        migrations.RunPython(accept_confirmed, migrations.RunPython.noop),
    ]
