"""An event file's staff list is anyone's text (docs/operations.md, "Imported staff lists").

The site's operator (`manage.py import_event`) or a superuser restores it whole: every role, and an
account for each name the site lacks, at most MAX_ACCOUNTS_CREATED of them, each one listed. An
organizer importing through the web becomes the new event's organizer; the file may name only
accounts that exist (an unknown one is refused, named with its place, nothing written), and grants
none of them a role: they are listed as not granted.
"""

import io
import json
import pathlib

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring import event_io
from tests.builders import login, make_user
from tournaments.models import Event, EventStaff
from tournaments.services import grant_event_creation

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"
URL = reverse("scoring:event-import")
User = get_user_model()


def with_staff(*staff: tuple[str, str]) -> dict:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["staff"] = [{"username": name, "role": role} for name, role in staff]
    return data


def upload(data: dict) -> SimpleUploadedFile:
    return SimpleUploadedFile("event.json", json.dumps(data).encode(), content_type="application/json")


def roles(event) -> set[tuple[str, str]]:
    return set(event.staff.values_list("user__username", "role"))


@pytest.fixture
def creator(db):
    cora = make_user("cora")
    grant_event_creation(cora)
    return cora


def test_an_organizer_cannot_import_unknown_names_nothing_is_written(creator):
    make_user("mallory")
    data = with_staff(("cora", "scorer"), ("mallory", "organizer"), ("ghost", "scorer"), ("x-9", "organizer"))
    response = login(creator).post(URL, {"file": upload(data)})
    assert response.status_code == 200
    page = response.content.decode()
    for place, name in (("staff[2].username", "ghost"), ("staff[3].username", "x-9")):
        assert (f"{place}: &#x27;{name}&#x27; has no account on this site, and only an administrator&#x27;s import "
                "creates accounts") in page
    assert "staff[1]" not in page  # mallory exists: not a problem, just not granted (below)
    assert not Event.objects.exists()
    assert not User.objects.filter(username__in=["ghost", "x-9"]).exists()


def test_an_organizer_importing_grants_nobody_else_a_role(creator):
    make_user("mallory")
    make_user("sam")
    data = with_staff(("cora", "scorer"), ("mallory", "organizer"), ("sam", "scorer"))
    response = login(creator).post(URL, {"file": upload(data)}, follow=True)
    event = Event.objects.get(slug="trio")
    assert roles(event) == {("cora", "organizer")}  # the importer organizes what she brought in
    page = response.content.decode()
    assert "The file names mallory (Organizer): not granted. Add them on the event&#x27;s Staff page" in page
    assert "The file names sam (Scorer): not granted." in page
    assert "cora (" not in page and "was created" not in page
    # The same staff, imported by a superuser (the site's administrator), is restored whole, and a
    # name the site lacks gets an account without a password, named on the page.
    admin = make_user("root", superuser=True)
    response = login(admin).post(URL, {"file": upload(data | {"staff": [*data["staff"], {
        "username": "ghost", "role": "scorer"}]}), "slug": "trio-again"}, follow=True)
    again = Event.objects.get(slug="trio-again")
    assert roles(again) == {("cora", "scorer"), ("mallory", "organizer"), ("sam", "scorer"), ("ghost", "scorer"),
                            ("root", "organizer")}
    assert "The account ghost was created from the file without a password" in response.content.decode()
    assert "not granted" not in response.content.decode()
    assert not User.objects.get(username="ghost").has_usable_password()


def test_the_function_lists_what_it_did_not_grant(creator):
    make_user("mallory")
    event = event_io.event_import(with_staff(("mallory", "organizer")), by=creator)
    assert event.staff_not_granted == [("mallory", "organizer")] and event.accounts_created == []
    assert roles(event) == {("cora", "organizer")}


def names(count: int) -> list[tuple[str, str]]:
    return [(f"scorer-{n:02}", "scorer") for n in range(1, count + 1)]


def test_the_command_creates_at_most_fifty_accounts(db, tmp_path):
    assert event_io.MAX_ACCOUNTS_CREATED == 50
    path = tmp_path / "event.json"
    path.write_text(json.dumps(with_staff(*names(51))), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 problem"):
        call_command("import_event", str(path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().strip() == (
        "staff: the file names 51 usernames this site has no account for (scorer-01, scorer-02, scorer-03, ...), "
        "and one import creates at most 50 accounts: create them first, or remove names from the file")
    assert not Event.objects.exists() and not User.objects.exists()
    # Fifty is allowed, and each account is named in the command's output.
    path.write_text(json.dumps(with_staff(*names(50))), encoding="utf-8")
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out, stderr=io.StringIO())
    assert out.getvalue().count("Created the account scorer-") == 50
    assert "Created the account scorer-50 (from the file's staff or history)" in out.getvalue()
    assert EventStaff.objects.filter(role="scorer").count() == 50
    # Names that exist already do not count: a 51st name with its account imports.
    make_user("scorer-51")
    path.write_text(json.dumps(with_staff(*names(51)) | {"event": {**with_staff()["event"], "slug": "trio-2"}}),
                    encoding="utf-8")
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert Event.objects.get(slug="trio-2").staff.count() == 51
