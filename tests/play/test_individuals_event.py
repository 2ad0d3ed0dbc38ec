"""Events of individuals (docs/event-file.md, "Events of individuals"): hand-worked three-handed and
progressive events imported from their files and scored through `standings --format json`, byes
under the sit-out policy, export -> import -> export identical, check_event finding nothing, and
the existing pages answering (a plain sentence where a page cannot show individuals yet).
"""

import copy
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.event_io import event_export, event_import
from scoring.integrity import event_check
from scoring.models import Hand
from tests import builders
from tests.builders import seat_a_seventh_player
from tournaments.models import Event, Partnership, Seating, Table, TableSeat

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def three_handed() -> dict:
    return json.loads((FIXTURES / "three_handed_event.json").read_text(encoding="utf-8"))


def progressive() -> dict:
    return json.loads((FIXTURES / "progressive_event.json").read_text(encoding="utf-8"))


def standings(slug: str) -> list[dict]:
    out = io.StringIO()
    call_command("standings", slug, "--format", "json", stdout=out)
    return json.loads(out.getvalue())["standings"]


def by_player(rows: list[dict]) -> dict[int, dict]:
    return {row["player"]: row for row in rows}


# Three-handed preset (RULES.md section 6; Avondale values, misère 250 switched on): the bidder
# scores the contract, each defender 10 a trick he took himself; on a failed misère each defender
# scores 10 for each trick the bidder took (per_trick).
#
# Round 1, table 1 (players 1, 2, 3):
#   1: 8H by 1, 8 tricks (1/1 to 2, 3): 1 +300, 2 +10, 3 +10
#   2: 7S by 2, 5 tricks, set (1 took 4, 3 took 1): 2 -140, 1 +40, 3 +10
#   3: MIS by 3, no trick, made: 3 +250, 1 0, 2 0
#   round 1: player 1 340, player 2 -130, player 3 270
# Round 1, table 2 (4, 5, 6):
#   1: 9NT by 6, all 10 tricks (slam: 420 is over 250): 6 +420, 4 0, 5 0
#   2: 6C by 4, 7 tricks: 4 +60, 5 +20, 6 +10
#   3: MIS by 5, 2 tricks, set: 5 -250, 4 +20, 6 +20
#   round 1: player 4 80, player 5 -230, player 6 450
# Round 2, table 1 (1, 4, 5):
#   1: 7D by 4, 7 tricks: 4 +180, 1 +20, 5 +10
#   2: 8S by 1, 7 tricks, set: 1 -240, 4 +20, 5 +10
#   3: 6NT by 5, 6 tricks: 5 +120, 1 +30, 4 +10
#   round 2: player 1 -190, player 4 210, player 5 140
# Round 2, table 2 (2, 3, 6):
#   1: 7H by 2, 8 tricks: 2 +200, 3 +10, 6 +10
#   2: 8C by 6, 5 tricks, set: 6 -260, 2 +30, 3 +20
#   3: 6S by 3, 6 tricks: 3 +40, 2 +20, 6 +20
#   round 2: player 2 250, player 3 70, player 6 -230
THREE_HANDED_ROUNDS = {1: (340, -190), 2: (-130, 250), 3: (270, 70), 4: (80, 210), 5: (-230, 140), 6: (450, -230)}


@pytest.mark.django_db
def test_a_three_handed_event_scores_each_player_by_hand():
    event = event_import(three_handed())
    rows = standings(event.slug)
    assert [(r["rank"], r["player"], r["name"], r["total"], r["medal"]) for r in rows] == [
        (1, 3, "Marie Tremblay", 340, "gold"),
        (2, 4, "Joe Smith", 290, "silver"),
        (3, 6, "Paul Roy", 220, "bronze"),
        (4, 1, "Ana Garza", 150, None),
        (5, 2, "Luis Peña", 120, None),
        (6, 5, "Rosa Díaz", -90, None),
    ]
    for number, row in by_player(rows).items():
        assert tuple(cell["points"] for cell in row["rounds"]) == THREE_HANDED_ROUNDS[number]
        assert sum(THREE_HANDED_ROUNDS[number]) == row["total"]
    # Every other key as for partnerships, "player" and "name" in place of "partnership" and "players".
    assert list(rows[0]) == ["rank", "tied", "player", "name", "division", "total", "rounds", "tiebreak_total",
                             "medal", "withdrawn"]
    assert by_player(rows)[1]["division"] == "70-74"


@pytest.mark.django_db
def test_a_three_handed_event_is_stored_by_seat():
    event = event_import(three_handed())
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    assert table.ns is None and table.ew is None
    assert [(s.seat, s.entrant.number) for s in TableSeat.objects.filter(table=table)] == [
        ("1", 1), ("2", 4), ("3", 5)]
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.declarer, hand.declarer_seat, hand.contract, hand.tricks, hand.made) == ("", "1", "8S", 7, False)
    assert hand.seat_tricks == {"1": 7, "2": 2, "3": 1}
    assert hand.seat_points == {"1": -240, "2": 20, "3": 10}
    assert (hand.ns_points, hand.ew_points) == (0, 0)
    one = Partnership.objects.get(event=event, number=1)
    assert one.player_two is None and one.players_label == "Ana Garza" and one.is_individual
    assert Seating.objects.filter(round__event=event).count() == 12  # six players in each of two rounds


# Progressive four-handed (McAllen rules, Avondale values): each player gets his side's points.
# Round 1, table 1 (N 1, E 2, S 3, W 4): 7H by N-S, 8 tricks: N-S +200, E-W +20;
#   8S by E-W, 7 tricks, set: E-W -240, N-S +30.  N-S (1, 3) 230, E-W (2, 4) -220
# Round 1, table 2 (N 5, E 6, S 7, W 8): 6NT by N-S, 6: N-S +120, E-W +40;
#   9C by E-W, all 10: E-W +360, N-S 0.  N-S (5, 7) 120, E-W (6, 8) 400
# Round 2, table 1 (N 1, E 2, S 5, W 6): 7D by E-W, 6, set: E-W -180, N-S +40;
#   10H by N-S, 10: N-S +500.  N-S (1, 5) 540, E-W (2, 6) -180
# Round 2, table 2 (N 3, E 4, S 7, W 8): 8NT by N-S, 8: N-S +320, E-W +20;
#   7C by E-W, 7: E-W +160, N-S +30.  N-S (3, 7) 350, E-W (4, 8) 180
PROGRESSIVE_ROUNDS = {1: (230, 540), 2: (-220, -180), 3: (230, 350), 4: (-220, 180), 5: (120, 540),
                      6: (400, -180), 7: (120, 350), 8: (400, 180)}


@pytest.mark.django_db
def test_a_progressive_event_credits_each_player_his_sides_points():
    event = event_import(progressive())
    rows = standings(event.slug)
    for number, row in by_player(rows).items():
        assert tuple(cell["points"] for cell in row["rounds"]) == PROGRESSIVE_ROUNDS[number]
    assert [(r["rank"], r["tied"], r["player"], r["total"], r["medal"]) for r in rows] == [
        (1, False, 1, 770, "gold"),
        (2, False, 5, 660, "silver"),
        (3, True, 3, 580, None),  # 3 and 8 tie for bronze: a tie is listed, never guessed
        (3, True, 8, 580, None),
        (5, False, 7, 470, None),
        (6, False, 6, 220, None),
        (7, False, 4, -40, None),
        (8, False, 2, -400, None),
    ]
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    assert [(s.seat, s.entrant.number) for s in TableSeat.objects.filter(table=table).order_by("pk")] == [
        ("N", 1), ("E", 2), ("S", 5), ("W", 6)]
    assert list(Hand.objects.filter(table=table).values_list("declarer", "ns_points", "ew_points")) == [
        ("ew", 40, -180), ("ns", 500, 0)]


def with_byes(policy: str, points: int = 0) -> dict:
    """The three-handed event with a seventh player: 7 sits out round 1, then takes 6's seat in round 2
    (the same hands) while 6 sits out."""
    data = three_handed()
    data["event"].update(sit_out_policy=policy, sit_out_points=points)
    return seat_a_seventh_player(data, "Lena Ortiz")


@pytest.mark.django_db
@pytest.mark.parametrize("policy, points, six, seven", [
    # average of own completed rounds: 6 played 450 in round 1, 7 played -230 in round 2
    ("average", 0, (450, 450), (-230, -230)),
    ("zero", 0, (450, 0), (0, -230)),
    ("fixed", 100, (450, 100), (100, -230)),
])
def test_byes_of_individuals_follow_the_sit_out_policy(policy, points, six, seven):
    event = event_import(with_byes(policy, points))
    rows = by_player(standings(event.slug))
    for number, expected in ((6, six), (7, seven)):
        cells = rows[number]["rounds"]
        assert tuple(cell["points"] for cell in cells) == expected
        assert rows[number]["total"] == sum(expected)
    assert [c["credit"] for c in rows[6]["rounds"]] == [None, policy]
    assert [c["sit_out"] for c in rows[7]["rounds"]] == [True, False]
    assert event_check(event) == []


def _round_trip(event: Event) -> tuple[str, str]:
    first = event_export(event)
    again = event_import(json.loads(json.dumps(first, ensure_ascii=False)), slug=f"{event.slug}-copy")
    second = event_export(again)
    second["event"]["slug"] = first["event"]["slug"]
    return json.dumps(first, ensure_ascii=False, indent=2), json.dumps(second, ensure_ascii=False, indent=2)


@pytest.mark.django_db
@pytest.mark.parametrize("make", [three_handed, progressive, lambda: with_byes("fixed", 100)])
def test_export_import_export_is_identical_for_individuals(make):
    event = event_import(make())
    first, second = _round_trip(event)
    assert first == second
    data = json.loads(first)
    assert data["event"]["entrants"] == "individuals" and "partnerships" not in data
    assert event_check(Event.objects.get(slug=f"{event.slug}-copy")) == []


@pytest.mark.django_db
def test_a_table_of_three_entered_by_a_phone_exports_and_imports_again():
    # A phone at a table of three enters as seat 1 (Table.entered_side "1"): the export keeps it
    # and imports again (it used to be refused as "not a side").
    event = event_import(three_handed())
    Table.objects.filter(round__event=event, round__number=1, number=1).update(entered_side="1")
    first, second = _round_trip(event)
    assert first == second
    assert json.loads(first)["rounds"][0]["tables"][0]["entered_side"] == "1"
    copy_table = Table.objects.get(round__event__slug=f"{event.slug}-copy", round__number=1, number=1)
    assert copy_table.entered_side == "1"


@pytest.mark.django_db
def test_a_corrected_hand_shows_in_the_next_standings_of_the_same_process():
    # The selector keeps this process's last standings inputs (scoring.selectors, memo): a change
    # at a table of individuals must reach its players, who sit at no ns/ew side.
    from scoring import selectors, totals

    event = event_import(progressive())
    before = {row.number: row.total for row in selectors.event_standings(event).rows}
    hand = Hand.objects.get(table__round__event=event, table__round__number=1, table__number=1, number=1)
    Hand.objects.filter(pk=hand.pk).update(ns_points=hand.ns_points + 100)
    totals.refresh(hand.table)  # as every hand write does (scoring.totals)
    after = {row.number: row.total for row in selectors.event_standings(event).rows}
    # Round 1, table 1 seats N 1, E 2, S 3, W 4: N-S are players 1 and 3.
    assert after == {**before, 1: before[1] + 100, 3: before[3] + 100}


@pytest.mark.django_db
@pytest.mark.parametrize("make, expected", [
    # Three-handed round 1, table 1: 8H by 1 made, 7S by 2 set (5 tricks), MIS by 3 made.
    (three_handed, {1: (340, 1, 0), 2: (-130, 0, 1), 3: (270, 1, 0)}),
    # Progressive round 1, table 1 (N 1, E 2, S 3, W 4), worked above: 7H by N-S made, 8S by E-W set;
    # N-S 230, E-W -220, and both partners of a side are credited its contracts.
    (progressive, {1: (230, 1, 0), 3: (230, 1, 0), 2: (-220, 0, 1), 4: (-220, 0, 1)}),
])
def test_each_player_is_credited_his_points_and_the_contracts_he_declared(make, expected, monkeypatch):
    from scoring import selectors

    data = make()
    data["event"]["secondary_tiebreakers"] = ["contracts_made", "fewest_sets"]
    event = event_import(data)
    seen = {}
    compute = selectors.standings_engine.compute
    monkeypatch.setattr(selectors.standings_engine, "compute",
                        lambda **kwargs: seen.update(kwargs) or compute(**kwargs))
    selectors.event_standings(event)
    number = {p.pk: p.number for p in Partnership.objects.filter(event=event)}
    table = next(t for t in seen["tables"] if t.round == 1 and {number[s.entrant] for s in t.seats} == set(expected))
    assert {number[s.entrant]: (s.points, s.made, s.set) for s in table.seats} == expected


@pytest.mark.django_db
def test_the_export_of_an_imported_file_is_the_file_in_canonical_form():
    data = three_handed()
    exported = event_export(event_import(copy.deepcopy(data)))
    tables = exported["rounds"][0]["tables"]
    assert tables[0]["seats"] == [1, 2, 3]
    assert tables[0]["hands"][2] == {"hand": 3, "contract": "MIS", "declarer": 3, "tricks": {"1": 6, "2": 4, "3": 0}}
    assert [p["name"] for p in exported["players"]] == [p["name"] for p in data["players"]]


@pytest.mark.django_db
def test_check_event_finds_a_three_handed_hand_changed_behind_its_back():
    event = event_import(three_handed())
    hand = Hand.objects.get(table__round__event=event, table__round__number=1, table__number=1, number=1)
    Hand.objects.filter(pk=hand.pk).update(seat_points={"1": 400, "2": 10, "3": 10})
    found = [str(d) for d in event_check(event)]
    assert "round 1, table 1, hand 1: seat_points: stored {'1': 400, '2': 10, '3': 10}, recomputed " \
           "{'1': 300, '2': 10, '3': 10}" in found


@pytest.mark.django_db
@pytest.mark.parametrize("make", [three_handed, progressive])
def test_the_existing_pages_answer_for_an_event_of_individuals(make, client):
    event = event_import(make())
    organizer = builders.make_user("olga", event=event, role="organizer")
    staff = builders.login(organizer)
    slug = event.slug
    for url in (f"/events/{slug}/", f"/events/{slug}/standings/", f"/events/{slug}/standings/live/",
                f"/events/{slug}/standings.json", f"/events/{slug}/standings.csv", f"/events/{slug}/projector/",
                f"/events/{slug}/medals/", f"/events/{slug}/partnerships/1/"):
        assert client.get(url).status_code == 200, url
    for url in (f"/events/{slug}/rounds/", f"/events/{slug}/rounds/1/", f"/events/{slug}/print/",
                f"/events/{slug}/partnerships/", f"/events/{slug}/check-in/", f"/events/{slug}/tiebreaks/",
                f"/events/{slug}/event-file.json"):
        assert staff.get(url).status_code == 200, url
    page = client.get(f"/events/{slug}/standings/").content.decode()
    assert "Ana Garza" in page and "&amp;" not in page.split("<table", 1)[1].split("</table>", 1)[0]
    # The table's phone and the organizer's table page show the players (tests/play/test_individuals_entry.py);
    # the PDFs print them (tests/play/test_individuals_pdf.py).
    assert staff.get(f"/events/{slug}/pdf/standings/")["Content-Type"] == "application/pdf"
    table = Table.objects.filter(round__event=event).first()
    for response in (client.get(f"/t/{table.token}/"), staff.get(f"/events/{slug}/score/tables/{table.pk}/")):
        assert response.status_code == 200 and "Ana Garza" in response.content.decode()
    # The paper-sheet grid takes a table of three by player (tests/play/test_individuals_grid.py).
    grid = f"/events/{slug}/score/tables/{table.pk}/sheet/"
    response = staff.get(grid)
    assert response.status_code == 200 and "Ana Garza" in response.content.decode()
    assert 'class="not-for-individuals"' not in response.content.decode()


@pytest.mark.django_db
def test_the_movement_of_individuals_is_made_on_the_movement_page():
    """The organizer's pages generate it now (tests/events/test_individuals_organizer.py has the details)."""
    event = event_import(three_handed())
    Table.objects.filter(round__event=event).delete()
    event.round_set.all().delete()
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    staff.post(f"/events/{event.slug}/movement/generate/", follow=True)
    playing = event.partnerships.filter(checked_in=True, withdrawn=False).count()
    if playing >= 3:
        assert event.round_set.count() == event.rounds
        assert TableSeat.objects.filter(table__round__event=event).exists()


@pytest.mark.django_db
def test_two_tied_players_of_a_progressive_event_play_their_tiebreak_with_two_fillers():
    """3 and 8 tie for bronze on 580 (above). Nobody is checked in (the file says nothing), so the site
    cannot pick fillers; once everyone is, it picks the two closest below: 7 (5th on 470) and 6 (6th on
    220). 3 sits N and 8 E, opponents; 7 partners 3 in round 1 and 8 in round 2, 6 the other way round.
    Hands 4 at two hands a round: two rounds (McAllen values, RULES.md section 2):
      round 1, 3+7 (N-S) v 8+6 (E-W): 7H by N-S, 8 tricks: N-S +200, E-W +20;
                                      6S by E-W, 6 tricks: E-W +40, N-S +40.   3: 240, 8: 60;
      round 2, 3+6 (N-S) v 8+7 (E-W): 8H by E-W, 7 tricks, set: E-W -300, N-S +30;
                                      7S by N-S, 7 tricks: N-S +140, E-W +30.  3: 170, 8: -270.
    Tiebreak totals: 3 = 410, 8 = -210: 3 bronze. The fillers' points (7: 240 - 270 = -30; 6: 60 + 170
    = 230) count for nobody: 7 stays 5th on 470 and 6 6th on 220, with no tiebreak total. The event
    file keeps the fillers, and export -> import -> export is identical."""
    event = event_import(progressive())
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    staff.cookies["fh_language"] = "en"  # the event's own language is French
    url = f"/events/{event.slug}/tiebreaks/new/"
    response = staff.post(url, {"partnerships": ["3", "8"], "hands": "4"})
    assert response.status_code == 400
    assert ("Too few other players are checked in to fill the tiebreak table (it needs 2): name the fillers "
            "yourself.") in response.content.decode()
    assert not event.tiebreaks.exists()
    Partnership.objects.filter(event=event).update(checked_in=True)
    assert staff.post(url, {"partnerships": ["3", "8"], "hands": "4"}).status_code == 302
    tb = event.tiebreaks.get()
    assert list(tb.fillers.values_list("number", flat=True)) == [6, 7]
    page = staff.get(f"/events/{event.slug}/tiebreaks/").content.decode()
    assert "Tiebreak 1: players 3, 8 · fillers (their points count for nobody): 6, 7" in page
    first, second = Table.objects.filter(round__tiebreak=tb).order_by("round__number")
    order = {"N": 0, "E": 1, "S": 2, "W": 3}
    assert [[s.entrant.number for s in sorted(t.seats.all(), key=lambda s: order[s.seat])]
            for t in (first, second)] == [[3, 8, 7, 6], [3, 8, 6, 7]]
    builders.play(first, [("ns", "7H", 8), ("ew", "6S", 6)])
    builders.play(second, [("ew", "8H", 7), ("ns", "7S", 7)])
    assert list(Hand.objects.filter(table=second).values_list("ns_points", "ew_points")) == [(30, -300), (140, 30)]
    rows = by_player(standings(event.slug))
    assert [(n, rows[n]["rank"], rows[n]["total"], rows[n]["tiebreak_total"], rows[n]["medal"])
            for n in (3, 8, 7, 6)] == [(3, 3, 580, 410, "bronze"), (8, 4, 580, -210, None),
                                        (7, 5, 470, None, None), (6, 6, 220, None, None)]
    assert event_check(event) == []
    first_file = event_export(event)
    assert {k: first_file["tiebreaks"][0][k] for k in ("players", "fillers")} == {"players": [3, 8],
                                                                                 "fillers": [6, 7]}
    again = event_import(json.loads(json.dumps(first_file)), slug="progressive-copy")
    second_file = event_export(again)
    second_file["event"]["slug"] = first_file["event"]["slug"]
    assert second_file == first_file
    assert list(again.tiebreaks.get().fillers.values_list("number", flat=True)) == [6, 7]
    copy_rows = by_player(standings(again.slug))
    assert [(copy_rows[n]["tiebreak_total"], copy_rows[n]["rank"]) for n in (3, 8, 7, 6)] == [
        (410, 3), (-210, 4), (None, 5), (None, 6)]
