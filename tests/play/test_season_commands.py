"""`manage.py season` and `manage.py season_create` (issue 26): the ladder of a club's season
against values worked by hand from RULES.md (tests/play/season_club.py), and bad input refused by
its flag with nothing written."""

import json

import pytest

from clubs.models import Club, Season
from tests.builders import make_event, run, run_failing
from tests.play.season_club import worked_club

pytestmark = pytest.mark.django_db


def row(rank, member, name, points, slams, *, events=2, counted=2, tied=False, ranked=True):
    return {"rank": rank, "member": member, "name": name, "events": events, "counted": counted, "points": points,
            "games_won": 0, "slams": slams, "misere_made": 0, "tied": tied, "ranked": ranked}


def test_placement_points_season_as_json():
    worked_club()
    out, _err = run("season_create", "pittsworth-500", "winter", "--name", "Winter ladder",
                    "--events", "club-night-1,club-night-2", "--by", "placement_points",
                    "--placement-points", "10,8,6,5")
    assert "Winter ladder" in out
    data = json.loads(run("season", "pittsworth-500", "winter", "--format", "json")[0])
    # A: 1st (1, 5) 10, 2nd (3, 7) 8, 3rd (2, 6) 6, 4th (4, 8) 5.
    # B: 1st (1, 6) 10, 2nd= (2, 7) and (3, 8) 8 each, 4th (4, 5) 5.
    # Ana 20; Cruz, Félix, Gil 16 (shared 2nd); Eva 15; Bea 14; Hugo 13; Dora 10.
    assert data == {
        "season": {"slug": "winter", "name": "Winter ladder",
                   "ranking": {"by": "placement_points", "placement_points": [10, 8, 6, 5], "best_of": None,
                               "min_events": 0}},
        "standings": [
            row(1, 1, "Ana Garza", 20, 2), row(2, 3, "Cruz Lee", 16, 1, tied=True),
            row(2, 6, "Félix Mora", 16, 2, tied=True), row(2, 7, "Gil Vidal", 16, 1, tied=True),
            row(5, 5, "Eva Sol", 15, 1), row(6, 2, "Bea Ruiz", 14, 1), row(7, 8, "Hugo Cano", 13, 0),
            row(8, 4, "Dora Paz", 10, 0)],
        "awards": {"most_games_won": [], "most_slams": [1, 6], "most_misere_made": [],
                   "most_events": [1, 2, 3, 4, 5, 6, 7, 8]},
    }


def test_total_points_best_of_one_and_a_minimum():
    worked_club()
    run("season_create", "pittsworth-500", "best", "--name", "Best night", "--events", "club-night-1,club-night-2",
        "--by", "total_points", "--best-of", "1", "--min-events", "2")
    data = json.loads(run("season", "pittsworth-500", "best", "--format", "json")[0])
    # Each member's better night: Ana 630, Eva 630 (A), Cruz 520, Gil 520 (A), Félix 290 (B),
    # Bea 260 (A), Hugo 240 (B), Dora 40 (B).
    assert [(r["rank"], r["member"], r["points"], r["counted"], r["tied"]) for r in data["standings"]] == [
        (1, 1, 630, 1, True), (1, 5, 630, 1, True), (3, 3, 520, 1, True), (3, 7, 520, 1, True),
        (5, 6, 290, 1, False), (6, 2, 260, 1, False), (7, 8, 240, 1, False), (8, 4, 40, 1, False)]
    run("season_create", "pittsworth-500", "three", "--name", "Three nights", "--events", "club-night-1",
        "--by", "total_points", "--min-events", "2")
    data = json.loads(run("season", "pittsworth-500", "three", "--format", "json")[0])
    # One event played, two needed: everyone listed apart, unranked, by points.
    assert [(r["rank"], r["member"], r["ranked"]) for r in data["standings"]][:3] == [
        (None, 1, False), (None, 5, False), (None, 3, False)]


def test_the_text_ladder_names_the_awards():
    worked_club()
    run("season_create", "pittsworth-500", "winter", "--name", "Winter ladder", "--events",
        "club-night-1,club-night-2", "--placement-points", "10,8,6,5")
    text = run("season", "pittsworth-500", "winter", "--format", "text")[0]
    assert "Most slams: Ana Garza (1), Félix Mora (6)" in text
    assert "Most games won: nobody yet" in text
    csv = run("season", "pittsworth-500", "winter", "--format", "csv")[0].splitlines()
    assert csv[1] == "1,1,Ana Garza,2,2,20,0,2,0,False,True"


@pytest.mark.parametrize("args, flag", [
    (["--placement-points", "10,x"], "--placement-points"),
    (["--placement-points", "5,8"], "--placement-points"),
    (["--by", "wins"], "--by"),
    (["--by", "placement_points"], "--placement-points"),
    (["--placement-points", "10,8", "--best-of", "0"], "--best-of"),
    (["--placement-points", "10,8", "--best-of", "two"], "--best-of"),
    (["--placement-points", "10,8", "--min-events", "-1"], "--min-events"),
    (["--placement-points", "10,8", "--events", "club-night-1,nowhere"], "--events"),
    (["--placement-points", "10,8", "--events", "other-club-event"], "--events"),
    (["--placement-points", "10,8", "--name", " "], "--name"),
])
def test_bad_input_names_its_flag_and_writes_nothing(args, flag):
    worked_club()
    make_event(slug="other-club-event", club=Club.objects.create(slug="other", name="Other"))
    base = {"--name": "Winter", "--events": "club-night-1,club-night-2"}
    for name, value in zip(args[::2], args[1::2]):
        base[name] = value
    message, _err = run_failing("season_create", "pittsworth-500", "winter",
                                *[part for pair in base.items() for part in pair])
    assert message.startswith(flag + ":") or f"; {flag}:" in message, message
    assert not Season.objects.exists()


def test_a_season_slug_once_per_club_and_unknown_names():
    worked_club()
    args = ["--name", "Winter", "--events", "club-night-1", "--placement-points", "3,2,1"]
    run("season_create", "pittsworth-500", "winter", *args)
    message, _err = run_failing("season_create", "pittsworth-500", "Winter", *args)
    assert message.startswith("SEASON:")
    assert Season.objects.count() == 1
    assert run_failing("season_create", "nowhere", "x", *args)[0].startswith("CLUB:")
    assert run_failing("season", "pittsworth-500", "nothing")[0].startswith("SEASON:")
