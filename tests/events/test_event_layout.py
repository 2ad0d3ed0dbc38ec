"""Event.layout: the kind of table is a named field (scoring.engine.layouts), set where an event is
made (the service, an imported file, a row saved any other way) and by migration 0013 for events
made before; never worked out again from entrants x rules by the code that reads it."""

import datetime
import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from scoring.engine.layouts import LAYOUTS
from tournaments import services
from tournaments.models import Event

DAY = datetime.date(2026, 6, 1)
migration = importlib.import_module("tournaments.migrations.0013_event_layout")


@pytest.mark.parametrize(("entrants", "preset", "layout"), [
    ("partnerships", "mcallen", "partnerships"),
    ("individuals", "mcallen", "progressive"),
    ("individuals", "official-team", "progressive"),
    ("individuals", "three-handed", "three-handed"),
])
def test_a_new_event_names_its_layout(organizer, entrants, preset, layout):
    event = services.event_create(by=organizer, name="Club night", date=DAY, entrants=entrants, rules_preset=preset)
    event.refresh_from_db()
    assert event.layout == layout and event.layout_spec is LAYOUTS[layout]
    assert event.individuals == (entrants == "individuals")


def test_a_layout_that_does_not_seat_the_entrants_is_refused(organizer):
    with pytest.raises(ValidationError) as caught:
        services.event_create(by=organizer, name="Club night", date=DAY, entrants="partnerships",
                              layout="three-handed")
    assert list(caught.value.message_dict) == ["layout"]


def test_changing_who_plays_names_the_layout_they_seat(organizer):
    event = services.event_create(by=organizer, name="Club night", date=DAY)
    services.event_update(event=event, entrants="individuals", rules_preset="three-handed")
    event.refresh_from_db()
    assert event.layout == "three-handed"
    services.event_update(event=event, rules_preset="mcallen")
    event.refresh_from_db()
    assert event.layout == "progressive"


def test_a_row_saved_without_a_layout_gets_the_one_its_entrants_seat(db):
    event = Event.objects.create(name="Imported", slug="imported", date=DAY, entrants="individuals",
                                 rules_preset="three-handed")
    assert Event.objects.get(pk=event.pk).layout == "three-handed"


def test_the_migration_names_every_stored_event_s_layout(db):
    made = {
        ("partnerships", "mcallen"): "partnerships",
        ("individuals", "wikipedia-2006"): "progressive",
        ("individuals", "three-handed"): "three-handed",
    }
    for n, (entrants, preset) in enumerate(made):
        Event.objects.create(name=f"E{n}", slug=f"e{n}", date=DAY, entrants=entrants, rules_preset=preset)
    Event.objects.update(layout="partnerships")  # as the column's default left them
    migration.name_layouts(apps, None)
    assert {(e.entrants, e.rules_preset): e.layout for e in Event.objects.all()} == made
