"""Event slugs unique without regard to capitals ("GAO-2026" and "gao-2026" were two events).

Events whose slugs already differ only in capitals keep the oldest (lowest id) as it is; each
later one gets the first free suffix (-2, -3, ...), so the constraint can be added. Each renaming
is printed, so the operator can tell whoever has the old address.
"""

from django.db import migrations, models
from django.db.models.functions import Lower

MAX = 80  # Event.slug's max_length


def rename_look_alikes(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    taken = set()
    renamed = []
    for pk, slug in Event.objects.order_by("pk").values_list("pk", "slug"):
        if slug.lower() not in taken:
            taken.add(slug.lower())
            continue
        n = 2
        while True:
            suffix = f"-{n}"
            candidate = slug[: MAX - len(suffix)] + suffix
            if candidate.lower() not in taken and not Event.objects.filter(slug__iexact=candidate).exists():
                break
            n += 1
        Event.objects.filter(pk=pk).update(slug=candidate)
        taken.add(candidate.lower())
        renamed.append((slug, candidate))
    for old, new in renamed:
        print(f"\n  Event {old!r} renamed {new!r}: another event's slug differed from it only in capitals.")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_table_seat_totals")]

    operations = [
        migrations.RunPython(rename_look_alikes, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(
                Lower("slug"), name="event_slug_unique_ignoring_case",
                violation_error_message="The slug (address name) of another event differs from this one only in "
                                        "capitals: choose another.",
            ),
        ),
    ]
