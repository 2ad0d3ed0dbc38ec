"""The club's backup (docs/clubs.md): export_club, import_club into a fresh database, export again:
the same bytes. Bad input names its place and writes nothing."""

import json

import pytest
from django.core.management import call_command

from clubs.backup import ClubFileError, club_export, club_import
from clubs.models import Club, Member, Season
from tests import builders
from tests.play.season_club import worked_club
from tournaments.models import Event


def _club_with_everything():
    club, members, a, b = worked_club()
    members[3].phone, members[3].email, members[3].language = "+61 7 4693 0000", "cruz@example.org", "es"
    members[3].save()
    members[6].public_name, members[6].hidden = "initial", True
    members[6].save()
    Member.objects.create(club=club, number=12, name="Zoë Ñandú")  # a member of no event yet
    season = Season.objects.create(club=club, slug="autumn-2026", name="Autumn 2026", by="placement_points",
                                   placement_points=[10, 8, 6, 5], best_of=1, min_events=2)
    season.events.set([a, b])
    Season.objects.create(club=club, slug="empty", name="Nothing yet", by="games_won")
    return club


@pytest.mark.django_db(transaction=True)
def test_round_trip_through_a_fresh_database(tmp_path):
    club = _club_with_everything()
    out, _err = builders.run("export_club", club.slug)
    first = json.loads(out)
    assert first["format"] == "500-club/1" and first["club"] == {"slug": "pittsworth-500", "name": "Pittsworth 500"}
    assert first["members"][2] == {"member": 3, "name": "Cruz Lee", "public_name": "full", "language": "es",
                                   "phone": "+61 7 4693 0000", "email": "cruz@example.org"}
    assert first["seasons"][0] == {"slug": "autumn-2026", "name": "Autumn 2026", "ranking": {
        "by": "placement_points", "placement_points": [10, 8, 6, 5], "best_of": 1, "min_events": 2},
        "events": ["club-night-1", "club-night-2"]}
    path = tmp_path / "club.json"
    path.write_text(out, encoding="utf-8")
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not Event.objects.exists()
    text, _err = builders.run("import_club", str(path))
    assert text.strip() == "Restored Pittsworth 500 as pittsworth-500: 9 members, 2 events, 2 seasons."
    again, _err = builders.run("export_club", "pittsworth-500")
    assert again == out


@pytest.mark.django_db
def test_bad_input_names_its_place_and_writes_nothing():
    data = club_export(_club_with_everything())
    data["club"]["slug"] = "new-club"
    for event in data["events"]:
        event["event"]["club"] = "new-club"
        event["event"]["slug"] += "-copy"
    data["seasons"][0]["events"] = ["club-night-1-copy", "club-night-2-copy"]
    data["members"][1]["language"] = "de"
    data["members"][4]["member"] = 1
    data["events"][1]["partnerships"][0]["players"][0]["member"] = 40
    data["seasons"][0]["events"].append("nowhere")
    before = (Club.objects.count(), Member.objects.count(), Event.objects.count(), Season.objects.count())
    with pytest.raises(ClubFileError) as exc:
        club_import(data)
    assert exc.value.problems == [
        "members[1].language: expected one of en, es, fr",
        "members[4].member: member 1 is listed twice (also members[0])",
        "seasons[0].events[2]: 'nowhere' is not an event of this file",
    ]  # the events are read once the members are good
    data["members"][1]["language"] = "en"
    data["members"][4]["member"] = 5
    with pytest.raises(ClubFileError) as exc:
        club_import(data)
    assert exc.value.problems == [
        "events[1].partnerships[0].players[0].member: the club Pittsworth 500 has no member 40",
        "seasons[0].events[2]: 'nowhere' is not an event of this file",
    ]
    assert (Club.objects.count(), Member.objects.count(), Event.objects.count(), Season.objects.count()) == before
    data["events"][1]["partnerships"][0]["players"][0]["member"] = 1
    data["seasons"][0]["events"].pop()
    club = club_import(data)
    assert club.events.count() == 2 and club.seasons.get(slug="autumn-2026").events.count() == 2
