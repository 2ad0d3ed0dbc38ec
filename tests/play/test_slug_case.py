"""An event's slug is its address: "Trio" and "trio" would be two events that look alike on the
list, a printed sheet and a phone, so slugs are unique without regard to capitals (the database's
constraint event_slug_unique_ignoring_case, the import's check naming the place, the web's own
slugs skipping a look-alike, and migration 0012 renaming look-alikes already stored)."""

import datetime
import io
import json
import pathlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from scoring.engine.eventfile import EventFileError
from scoring.event_io import event_import
from tests.builders import make_event, make_user
from tournaments import services
from tournaments.models import Event

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


def small(**event) -> dict:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["event"].update(event)
    return data


@pytest.mark.django_db
def test_the_database_refuses_a_slug_differing_only_in_capitals():
    make_event(slug="gao-2026")
    with pytest.raises(IntegrityError), transaction.atomic():
        make_event(slug="GAO-2026")
    make_event(slug="gao-2026-b")  # another slug is fine
    assert sorted(Event.objects.values_list("slug", flat=True)) == ["gao-2026", "gao-2026-b"]


@pytest.mark.django_db
def test_an_import_names_the_place_and_the_look_alike():
    make_event(slug="trio")
    with pytest.raises(EventFileError) as refused:
        event_import(small(slug="Trio"))
    assert [str(p) for p in refused.value.problems] == [
        "event.slug: the slug 'Trio' differs only in capitals from the slug 'trio' of an event that exists already: "
        "the two would look alike (choose another with --slug)"]
    with pytest.raises(EventFileError) as refused:
        event_import(small(), slug="TRIO")
    assert [str(p) for p in refused.value.problems] == [
        "slug: the slug 'TRIO' differs only in capitals from the slug 'trio' of an event that exists already: "
        "the two would look alike (choose another with --slug)"]
    assert Event.objects.count() == 1
    assert event_import(small(), slug="trio-2").slug == "trio-2"


@pytest.mark.django_db
def test_the_command_and_the_web_import_refuse_the_look_alike(tmp_path, client):
    make_event(slug="trio")
    path = tmp_path / "event.json"
    path.write_text(json.dumps(small()), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 problem"):
        call_command("import_event", str(path), "--slug", "Trio", stdout=io.StringIO(), stderr=err)
    assert "slug: the slug 'Trio' differs only in capitals from the slug 'trio'" in err.getvalue()
    creator = make_user("cora")
    services.grant_event_creation(creator)
    client.force_login(creator)
    upload = SimpleUploadedFile("event.json", json.dumps(small()).encode(), content_type="application/json")
    page = client.post(reverse("scoring:event-import"), {"file": upload, "slug": "tRiO"}).content.decode()
    assert "slug: the slug &#x27;tRiO&#x27; differs only in capitals from the slug &#x27;trio&#x27;" in page
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_a_new_event_on_the_web_skips_a_look_alike_slug():
    make_event(slug="Spring-Social-2026")  # imported with capitals
    organizer = make_user("olga")
    event = services.event_create(by=organizer, name="Spring Social", date=datetime.date(2026, 5, 14))
    assert event.slug == "spring-social-2026-2"


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_look_alikes_already_stored(capsys):
    executor = MigrationExecutor(connection)
    before = [("tournaments", "0011_table_seat_totals")]
    executor.migrate(before)
    Old = executor.loader.project_state(before).apps.get_model("tournaments", "Event")
    day = datetime.date(2026, 5, 14)
    for slug in ("gao-2026", "GAO-2026", "Gao-2026", "gao-2026-2", "trio"):
        Old.objects.create(slug=slug, name=slug, date=day)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    # The oldest keeps its slug; each later look-alike gets the first free suffix ("-2" is taken).
    assert list(Event.objects.order_by("pk").values_list("name", "slug")) == [
        ("gao-2026", "gao-2026"), ("GAO-2026", "GAO-2026-3"), ("Gao-2026", "Gao-2026-4"),
        ("gao-2026-2", "gao-2026-2"), ("trio", "trio")]
    said = capsys.readouterr().out
    assert "Event 'GAO-2026' renamed 'GAO-2026-3'" in said and "Event 'Gao-2026' renamed 'Gao-2026-4'" in said
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(slug="TRIO", name="again", date=day)
