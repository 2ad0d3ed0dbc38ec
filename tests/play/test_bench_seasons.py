"""The bench's `seasons` family (issue 26, bench/figures/seasons.py) at a small size: a 4-member
club's 3 weekly events and its season, every figure measured, the page within its query target."""

import json

import pytest
from django.core.management import call_command

from clubs.models import Club, Season
from tournaments.models import Player

pytestmark = pytest.mark.slow

NAMES = {"season: build: weekly demo events, members linked", "season page HTML, events' summaries kept",
         "season page HTML from nothing (every event read)", "season PDF"}


def test_the_seasons_family_builds_a_club_year_and_measures_its_page(db, tmp_path, capsys):
    out = tmp_path / "bench.json"
    call_command("bench", "--use-current-db", "--only", "seasons", "--season-events", "3", "--season-members", "4",
                 "--runs", "2", "--output", str(out))
    assert "season page HTML, events' summaries kept" in capsys.readouterr().out
    figures = {f["name"]: f for f in json.loads(out.read_text())["figures"]}
    assert set(figures) == NAMES
    assert not [f for f in figures.values() if f["status"].startswith("ERROR")]
    # 4 members a night: 2 partnerships at 1 table, 6 rounds of 4 hands.
    assert figures["season: build: weekly demo events, members linked"]["extra"] == {
        "events": 3, "members": 4, "hands": 3 * 6 * 4}
    kept = figures["season page HTML, events' summaries kept"]
    assert kept["queries"] <= 10 and kept["target"] == "< 150 ms, <= 10 queries"
    club = Club.objects.get(slug="bench-season-club")
    assert Season.objects.get(club=club).events.count() == 3
    assert not Player.objects.filter(event__club=club, member__isnull=True).exists()
