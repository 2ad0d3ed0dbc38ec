"""An event of mixed table sizes in the site (issue 25; RULES.md section 7): imported from its event
file, each table keeps its own layout (Table.layout), so the one results read, the integrity check,
the export, every page and every PDF treat a table of four as progressive and a table of five as
calling a partner, in the same event. The values are the hand-worked ones of
tests/engine/test_eventfile_mixed.py.
"""

from __future__ import annotations

import re

import pytest

from scoring import integrity, services
from scoring.event_io import event_export, event_import
from scoring.printing import KINDS
from scoring.results import event_results
from tests import builders
from tests.engine.test_eventfile_mixed import before_play, four_and_five, four_and_six, four_and_three
from tournaments.models import Table

STAFF = services.Actor(label="olga (organizer)", is_organizer=True)


@pytest.fixture
def mixed(db):
    return event_import(four_and_five(), slug="club-mixed")


def test_each_table_keeps_its_own_layout(mixed):
    assert mixed.mixed_sizes and mixed.layout == "progressive"
    four, five = Table.objects.filter(round__event=mixed).order_by("number")
    assert (four.layout, five.layout) == ("progressive", "five-handed")
    assert sorted(four.seats.values_list("seat", "entrant__number")) == [("E", 2), ("N", 1), ("S", 3), ("W", 4)]
    hand = five.hands.get(number=1)
    assert hand.seat_points == {"1": 10, "2": 300, "3": 10, "4": 0, "5": 300}  # 9 calls 6: seats 5 and 2


def test_the_results_read_ranks_on_games_won_as_worked_by_hand(mixed):
    rows = [(row.number, row.total, row.rank) for row in event_results(mixed).standings.rows]
    assert rows == [(1, 540, 1), (3, 540, 1), (5, 530, 3), (6, 300, 4), (9, 300, 4), (2, 200, 6), (4, 200, 6),
                    (7, 10, 8), (8, 0, 9)]
    assert integrity.event_check(mixed) == []


@pytest.mark.parametrize("number, heads, partner, others", [
    (1, ["Partner", "At the table"], "3", ["2", "4"]),  # at the four: N, with S (3) against E (2) and W (4)
    (5, ["Partner", "At the table"], "–", ["6", "7", "8", "9"]),  # at the five: no one partner, four others
])
def test_a_players_record_names_his_tables_own_company(client, mixed, number, heads, partner, others):
    page = client.get(f"/events/{mixed.slug}/partnerships/{number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    head = re.search(r'<table class="rounds-summary player-rounds">\s*<thead>(.*?)</thead>', page, re.S).group(1)
    assert re.findall(r"<th>([^<]*)</th>", head)[:2] == heads and "Opponents" not in page
    row = re.search(r'<td class="partner">(.*?)</td>\s*<td class="others">(.*?)</td>', page, re.S)
    assert re.findall(r">(\d+)</a>", row.group(1)) == ([] if partner == "–" else [partner])
    assert re.findall(r">(\d+)</a>", row.group(2)) == others


@pytest.mark.parametrize("make", [four_and_five, four_and_three, four_and_six])
def test_the_export_gives_back_the_file(db, make):
    data = make()
    event = event_import(data, slug="club-mixed")
    written = event_export(event)
    assert written["event"]["players_per_table"] == "mixed"
    assert written["event"].get("six_handed") == data["event"].get("six_handed")
    for got, sent in zip(written["rounds"][0]["tables"], data["rounds"][0]["tables"], strict=True):
        assert got["seats"] == sent["seats"]
        assert got["hands"] == sent["hands"]


@pytest.fixture
def open_mixed(db):
    """The same club night with round 1 open and no hand played yet."""
    return event_import(before_play(four_and_five()), slug="club-mixed-open")


def test_each_tables_phone_asks_what_its_table_asks(open_mixed):
    four, five = Table.objects.filter(round__event=open_mixed).order_by("number")
    staff = builders.login(builders.make_user("olga", event=open_mixed, role="organizer"))
    five_page, four_page = (builders.page_text(staff.get(f"/events/{open_mixed.slug}/score/tables/{t.pk}/"))
                            for t in (five, four))
    # The five names who bid and who was called, by name; the four the side that bid.
    assert 'name="partner_seat"' in five_page and "Rosa Díaz" in five_page and 'name="declarer"' not in five_page
    assert 'name="declarer"' in four_page and 'name="partner_seat"' not in four_page


def test_a_hand_is_scored_by_its_tables_layout(open_mixed):
    event = open_mixed
    four, five = Table.objects.filter(round__event=event).select_related("round__event").order_by("number")
    # At the four, a partnership hand: 7H by E-W with 8 tricks, E-W +200, N-S +20.
    hand = services.hand_record(table=four, number=1, actor=STAFF, declarer="ew", contract="7H", tricks=8)
    assert (hand.ns_points, hand.ew_points, hand.seat_points) == (20, 200, None)
    # At the five, a called partner: 8H by seat 1 calling seat 3, 5 + 3 tricks: both +300, 2 and 4 +10.
    hand = services.hand_record(table=five, number=1, actor=STAFF, contract="8H", declarer_seat="1",
                                partner_seat="3", seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})
    assert hand.seat_points == {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}
    assert integrity.event_check(event) == []


def test_every_page_and_pdf_answers(mixed):
    staff = builders.login(builders.make_user("olga", event=mixed, role="organizer"))
    four, five = Table.objects.filter(round__event=mixed).order_by("number")
    base = f"/events/{mixed.slug}"
    pages = [f"{base}/", f"{base}/standings/", f"{base}/standings.json", f"{base}/standings.csv",
             f"{base}/projector/", f"{base}/medals/", f"{base}/rounds/1/", f"{base}/print/",
             *(f"{base}/partnerships/{n}/" for n in range(1, 10)),
             *(f"/t/{t.token}/" for t in (four, five)),
             *(f"{base}/score/tables/{t.pk}/" for t in (four, five)),
             *(f"{base}/score/tables/{t.pk}/sheet/" for t in (four, five))]
    for url in pages:
        assert staff.get(url).status_code == 200, url
    for kind in KINDS:
        response = staff.get(f"{base}/pdf/{kind}/")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", kind


# --- a running event: the organizer's form, the movement, the round dashboard ----------------------

def _create(client, **extra):
    data = {"name": "Club night", "date": "2026-06-01", "venue": "Hall", "rules_preset": "mcallen", "rounds": "3",
            "hands_per_round": "", "sit_out_policy": "average", "sit_out_points": "0", "confirmation_required": "on",
            "medal_scope": "overall", "page_size": "letter", "format": "games", "entrants": "individuals",
            "layout": "mixed", "rank_by": "games, points"}
    data.update(extra)
    return client.post("/events/new/", data)


def _players(event, count):
    from tournaments.models import Partnership, Player
    for n in range(1, count + 1):
        Partnership.objects.create(event=event, number=n, checked_in=True,
                                   player_one=Player.objects.create(event=event, name=f"Player {n}"))


def test_the_event_form_offers_mixed_sizes_for_games_of_individuals(newcomer_client):
    from tournaments.models import Event
    body = newcomer_client.get("/events/new/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'value="mixed"' in body and "nadie se quede fuera" in body
    response = _create(newcomer_client, format="session", hands_per_round="4")
    assert response.status_code == 200 and not Event.objects.exists()
    assert "Mixed table sizes are for individual players playing games to 500" in response.content.decode()
    assert _create(newcomer_client).status_code == 302
    event = Event.objects.get()
    assert (event.layout, event.mixed_sizes, event.six_handed) == ("progressive", "three-pairs", "three-pairs")
    # The settings page shows the choice made.
    settings = newcomer_client.get(f"/events/{event.slug}/settings/").content.decode()
    assert re.search(r'value="mixed"[^>]*checked', settings)


def test_the_event_form_seats_a_six_as_two_teams_of_three_when_chosen(newcomer_client):
    from tournaments.models import Event
    body = newcomer_client.get("/events/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'value="mixed:two-threes"' in body and "une table de six en deux équipes de trois" in body
    assert _create(newcomer_client, layout="mixed:two-threes").status_code == 302
    event = Event.objects.get()
    assert (event.layout, event.mixed_sizes, event.six_handed) == ("progressive", "two-threes", "two-threes")
    settings = newcomer_client.get(f"/events/{event.slug}/settings/").content.decode()
    assert re.search(r'value="mixed:two-threes"[^>]*checked', settings)
    assert not re.search(r'value="mixed"[^>]*checked', settings)


@pytest.mark.parametrize("count, sizes", [(7, [4, 3]), (9, [4, 5]), (10, [5, 5]), (11, [5, 6]), (13, [4, 4, 5])])
def test_the_movement_seats_everyone_at_tables_of_their_own_layout(db, count, sizes):
    from tournaments.models import Event
    from tournaments.services import movement_generate
    event = builders.make_event(slug="mixed-night", entrants="individuals", rules_preset="mcallen", format="games",
                                hands_per_round=None, layout="progressive", mixed_sizes="three-pairs", rounds=3)
    _players(event, count)
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    note = " + ".join(map(str, sizes))
    assert (f"Tables of four where it can, five or six (or one of three) for the rest, so that nobody sits out: "
            f"{note} each round."
            in staff.get(f"/events/{event.slug}/check-in/").content.decode())
    rounds = movement_generate(event=Event.objects.get(pk=event.pk))
    names = {3: "three-handed", 4: "progressive", 5: "five-handed", 6: "six-pairs"}
    for rnd in rounds:
        tables = list(rnd.tables.order_by("number"))
        assert [t.seats.count() for t in tables] == sizes
        assert [t.layout for t in tables] == [names[size] for size in sizes]
        assert not rnd.sit_outs.exists()  # nobody sits out
        assert [sorted(s.seat for s in t.seats.all()) for t in tables] == [sorted(t.layout_spec.seats) for t in tables]
    assert staff.get(f"/events/{event.slug}/rounds/1/").status_code == 200
    assert staff.get(f"/events/{event.slug}/movement/").status_code == 200
    assert staff.get(f"/events/{event.slug}/check-in/").status_code == 200


@pytest.mark.parametrize("count, words", [(2, "Check in at least 3 players first (2 checked in)")])
def test_two_players_are_refused_in_words(db, count, words):
    from django.core.exceptions import ValidationError

    from tournaments.models import Event
    from tournaments.services import movement_generate
    event = builders.make_event(slug="mixed-night", entrants="individuals", rules_preset="mcallen", format="games",
                                hands_per_round=None, layout="progressive", mixed_sizes="mixed", rounds=3)
    _players(event, count)
    with pytest.raises(ValidationError) as caught:
        movement_generate(event=Event.objects.get(pk=event.pk))
    assert words in str(caught.value)
    assert not event.round_set.exists()


# --- trust and backups at the tables of a mixed event ----------------------------------------------

def test_at_the_five_only_a_proven_phone_enters_and_another_player_confirms(open_mixed):
    from django.test import Client

    from scoring.models import Hand
    four, five = Table.objects.filter(round__event=open_mixed).order_by("number")
    url = f"/t/{five.token}/"
    # 10NT by seat 1 calling seat 3, all ten (the partner's own 4; seats 2 and 4 none, seat 5's worked
    # out): 520 each, past 500, so the game is over and the table may be confirmed.
    hand = {"number": "1", "round": str(five.round_id), "declarer_seat": "1", "partner_seat": "3",
            "contract": "10NT", "tricks": "10", "seat_3": "4", "seat_2": "0", "seat_4": "0", "save": "1"}
    stranger = Client()
    assert 'name="code"' in stranger.post(url, hand).content.decode()  # asked who holds it
    assert not Hand.objects.filter(table=five).exists()
    writer = Client()
    builders.prove_side(writer, five, "1")
    assert writer.post(url, hand).status_code == 302
    saved = Hand.objects.get(table=five)
    assert saved.seat_points == {"1": 520, "2": 0, "3": 520, "4": 0, "5": 0}
    assert writer.post(f"{url}confirm/").status_code == 400  # the writer cannot accept his own hands
    checker = Client()
    builders.prove_side(checker, five, "2")
    answer = checker.post(f"{url}confirm/")
    assert answer.status_code == 302, re.findall(r"role=\"alert\"[^>]*>([^<]*)", builders.page_text(answer))
    five.refresh_from_db()
    assert five.confirmed_at is not None
    assert integrity.event_check(open_mixed) == []


def test_the_backup_restores_the_same_file(open_mixed, tmp_path):
    from tests.play.test_backup_every_kind import restore
    four, five = Table.objects.filter(round__event=open_mixed).select_related("round__event").order_by("number")
    services.hand_record(table=four, number=1, actor=STAFF, declarer="ew", contract="7H", tricks=8)
    services.hand_record(table=five, number=1, actor=STAFF, contract="8H", declarer_seat="1", partner_seat="3",
                         seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})
    before, after = restore(open_mixed, tmp_path)
    assert after == before
    restored = Table.objects.filter(round__event__slug=open_mixed.slug).order_by("number")
    assert [t.layout for t in restored] == ["progressive", "five-handed"]


def test_a_table_of_three_is_entered_and_scored_under_the_events_rules(db):
    event = event_import(before_play(four_and_three()), slug="club-seven")
    four, three = Table.objects.filter(round__event=event).select_related("round__event").order_by("number")
    assert (four.layout, three.layout, event.rules_preset) == ("progressive", "three-handed", "wikipedia-2006")
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    page = builders.page_text(staff.get(f"/events/{event.slug}/score/tables/{three.pk}/"))
    assert 'name="declarer_seat"' in page and "Carmen Ruiz" in page
    # 7H (200) by seat 1 with 7 tricks: +200; seat 2 +20 and seat 3 +10 for their own.
    hand = services.hand_record(table=three, number=1, actor=STAFF, contract="7H", declarer_seat="1",
                                seat_tricks={"1": 7, "2": 2, "3": 1})
    assert (hand.seat_points, hand.made) == ({"1": 200, "2": 20, "3": 10}, True)
    assert integrity.event_check(event) == []


# --- every page, for every viewer, in every language (tests/play/test_page_crawl.py's machinery) ---

@pytest.mark.parametrize("table_number", [1, 2])
def test_every_page_of_a_mixed_event_answers(open_mixed, table_number):
    """The crawl opens the four (its phone proves N-S) or the five (its phone proves seat 1)."""
    from tests.play import test_page_crawl as crawl
    from tournaments.models import EventStaff

    table = Table.objects.get(round__event=open_mixed, number=table_number)
    phones = ("ns", "ew") if table_number == 1 else ("1", "2")
    kind = crawl.Kind("mixed-games", "games", "individuals", "wikipedia-2006", None, 9, phones=phones)
    organizer = builders.make_user("olga-mixed", event=open_mixed, role="organizer")
    scorer = builders.make_user("sam-mixed", event=open_mixed, role="scorer")
    world = crawl.World(kind, "in-play", open_mixed, table, organizer, scorer, EventStaff.objects.get(user=scorer))
    assert [problem for visit in crawl.crawl_every_viewer(world).values() for problem in visit.problems] == []


def test_the_import_command_counts_players(db, tmp_path):
    import json

    from tests.builders import run
    path = tmp_path / "club.json"
    path.write_text(json.dumps(four_and_five()), encoding="utf-8")
    out = run("import_event", str(path))[0]
    assert out.startswith("Imported Club night as club-night: 9 players, 1 rounds, ")


def test_slams_are_credited_by_each_tables_own_sides(db):
    """The club's records count slams (scoring.event_summary): at the four E-W's 10NT with all ten credits
    players 2 and 4; at the six team B's 10H with all ten credits its players 6 and 9."""
    from scoring.event_summary import side_hands
    from tournaments.models import Partnership
    event = event_import(four_and_six(), slug="club-ten")
    number = dict(Partnership.objects.filter(event=event).values_list("pk", "number"))
    assert {number[pk]: counts for pk, counts in side_hands(event).items()} == {2: (1, 0), 4: (1, 0), 6: (1, 0),
                                                                                9: (1, 0)}
