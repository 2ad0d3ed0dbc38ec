"""Tables of two, five and six (issue 25, RULES.md section 7) on the Django side: a hand typed on a
phone (the layout's adapter: scoring.adapters.seated, scoring.seat_forms) or sent to the services
is stored by seat and scored as worked by hand here, never by reading the code's answer.

Hand-worked values (RULES.md sections 1 and 7; McAllen, a four-handed preset):
- five, 8H (300) by seat 1 calling seat 3; tricks 1: 5, 3: 3 (the side 8, made), 2: 1, 4: 1, 5: 0:
  seats 1 and 3 +300 each, seats 2 and 4 +10, seat 5 0;
- five, 9S (340) by seat 2 alone, taking 6 (set): seat 2 -340, each other player 1 trick, +10;
- six as three teams of two (A: 1 and 4, B: 2 and 5, C: 3 and 6), 7D (180) by seat 4, team A 7
  tricks, B 2, C 1: seats 1 and 4 +180, 2 and 5 +20, 3 and 6 +10;
- six as two teams of three (A: 1, 3, 5, B: 2, 4, 6), 8C (260) by seat 2, team B 7 tricks (set),
  A 3: seats 2, 4, 6 -260, seats 1, 3, 5 +30;
- two, 6NT (120) by seat 1 taking all ten: the slam, max(120, 250) = +250; seat 2 0.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from scoring import services
from scoring.models import Hand
from tests.builders import make_event, page_text, prove_side
from tournaments.models import Partnership, Player, Round, Table, TableSeat

STAFF = services.Actor(label="olga (organizer)", is_organizer=True)
NAMES = ["Ana Garza", "Luis Peña", "Nélida Zúñiga", "Pat O'Brien", "María Treviño", "Joe Smith"]


def seated_table(layout: str, players: int, slug: str) -> Table:
    """An open round 1 with one table of `players` at `layout`, seat n holding player n."""
    event = make_event(slug=slug, entrants="individuals", layout=layout, rules_preset="mcallen", hands_per_round=4)
    assert event.layout == layout
    round_ = Round.objects.create(event=event, number=1, status="open")
    table = Table.objects.create(round=round_, number=1)
    for n in range(1, players + 1):
        entrant = Partnership.objects.create(event=event, number=n,
                                             player_one=Player.objects.create(event=event, name=NAMES[n - 1]))
        TableSeat.objects.create(table=table, seat=str(n), entrant=entrant)
    return Table.objects.select_related("round__event").get(pk=table.pk)


def record(table, number=1, **values) -> Hand:
    return services.hand_record(table=table, number=number, actor=STAFF, **values)


@pytest.fixture
def five(db):
    return seated_table("five-handed", 5, "five-tables")


def test_five_made_with_a_partner_scores_the_contract_for_both(five):
    hand = record(five, contract="8H", declarer_seat="1", partner_seat="3",
                  seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})
    assert hand.seat_points == {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}
    assert hand.made and hand.partner_seat == "3" and hand.declarer_seat == "1"
    five.refresh_from_db()
    assert five.seat_totals == {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}


def test_five_set_alone(five):
    hand = record(five, contract="9S", declarer_seat="2", partner_seat="",
                  seat_tricks={"1": 1, "2": 6, "3": 1, "4": 1, "5": 1})
    assert hand.seat_points == {"1": 10, "2": -340, "3": 10, "4": 10, "5": 10} and not hand.made


def test_five_refuses_the_bidder_as_his_own_partner_and_tricks_not_adding_to_ten(five):
    with pytest.raises(ValidationError) as error:
        record(five, contract="8H", declarer_seat="1", partner_seat="1",
               seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})
    assert "partner_seat" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        record(five, contract="8H", declarer_seat="1", partner_seat="3",
               seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 1})
    assert error.value.message_dict["seat_tricks"] == ["The tricks add up to 11, not 10."]
    assert not Hand.objects.filter(table=five).exists()


def test_six_as_three_teams_of_two(db):
    table = seated_table("six-pairs", 6, "six-pairs")
    hand = record(table, contract="7D", declarer_seat="4", seat_tricks={"A": 7, "B": 2, "C": 1})
    assert hand.seat_points == {"1": 180, "2": 20, "3": 10, "4": 180, "5": 20, "6": 10}


def test_six_as_two_teams_of_three(db):
    table = seated_table("six-threes", 6, "six-threes")
    hand = record(table, contract="8C", declarer_seat="2", seat_tricks={"A": 3, "B": 7})
    assert hand.seat_points == {"1": 30, "2": -260, "3": 30, "4": -260, "5": 30, "6": -260}
    assert not hand.made


def test_two_handed_slam(db):
    table = seated_table("two-handed", 2, "two-tables")
    hand = record(table, contract="6NT", declarer_seat="1", seat_tricks={"1": 10, "2": 0})
    assert hand.seat_points == {"1": 250, "2": 0}


def _phone(table, seat: str) -> Client:
    client = Client()
    prove_side(client, table, seat)
    return client


def test_five_on_the_phone_the_partner_and_the_last_players_tricks_worked_out(five):
    """The phone gives the side's 8 tricks, the partner's own 3 and two of the three others' (seat 5's
    0 is what is left): stored as the hand above, and the other players' points on the page."""
    phone = _phone(five, "1")
    page = phone.get(f"/t/{five.token}/")
    assert page.status_code == 200
    text = page_text(page)
    assert "Nobody: plays alone" in text and "Who is the partner?" in text
    data = {"number": "1", "round": str(five.round_id), "declarer_seat": "1", "partner_seat": "3",
            "contract": "8H", "tricks": "8", "seat_3": "3", "seat_2": "1", "seat_4": "1", "save": "1"}
    response = phone.post(f"/t/{five.token}/", data)
    assert response.status_code == 302, page_text(response)[:3000]
    hand = Hand.objects.get(table=five, number=1)
    assert hand.seat_tricks == {"1": 5, "2": 1, "3": 3, "4": 1, "5": 0}
    assert hand.seat_points == {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}
    assert hand.entered_side == "1"


def test_five_on_the_phone_alone_needs_all_but_one_of_the_others(five):
    phone = _phone(five, "2")
    data = {"number": "1", "round": str(five.round_id), "declarer_seat": "2", "partner_seat": "alone",
            "contract": "9S", "tricks": "6", "seat_1": "1", "save": "1"}
    response = phone.post(f"/t/{five.token}/", data)
    assert response.status_code == 400
    assert "Say how many tricks the others took" in page_text(response)
    data.update(seat_3="1", seat_4="1")
    assert phone.post(f"/t/{five.token}/", data).status_code == 302
    hand = Hand.objects.get(table=five, number=1)
    assert hand.partner_seat == "" and hand.seat_points == {"1": 10, "2": -340, "3": 10, "4": 10, "5": 10}


def test_five_another_player_confirms_with_his_pin(five):
    """docs/trust.md: at five the other side is any other player; the one who entered cannot confirm."""
    entering = _phone(five, "1")
    for number, (bidder, partner, contract, tricks) in enumerate(
            [("1", "3", "8H", {"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})] * 4, start=1):
        record(five, number, contract=contract, declarer_seat=bidder, partner_seat=partner, seat_tricks=tricks)
    Hand.objects.filter(table=five).update(entered_side="1")
    assert "Now another player checks" in page_text(entering.get(f"/t/{five.token}/"))
    other = _phone(five, "4")
    response = other.post(f"/t/{five.token}/confirm/", {})
    assert response.status_code == 302
    five.refresh_from_db()
    assert five.confirmed_at is not None


def test_six_pairs_on_the_phone_a_player_acts_for_his_team(db):
    table = seated_table("six-pairs", 6, "six-pairs-phone")
    phone = Client()  # seat 5 proves himself with his own PIN; the phone then acts for his team, B
    response = phone.post(f"/t/{table.token}/side/", {"side": "5", "code": Partnership.objects.get(
        event=table.round.event, number=5).pin})
    assert response.status_code == 302
    data = {"number": "1", "round": str(table.round_id), "declarer_seat": "4", "contract": "7D", "tricks": "7",
            "seat_B": "2", "save": "1"}
    response = phone.post(f"/t/{table.token}/", data)
    assert response.status_code == 302, page_text(response)[:3000]
    hand = Hand.objects.get(table=table, number=1)
    assert hand.seat_tricks == {"A": 7, "B": 2, "C": 1} and hand.entered_side == "B"
    assert hand.seat_points == {"1": 180, "2": 20, "3": 10, "4": 180, "5": 20, "6": 10}


# --- the event form: the organizer picks the table size in words -------------------------------

def _create(client, **extra):
    from django.urls import reverse
    data = {"name": "Club night", "date": "2026-06-01", "venue": "Hall", "rules_preset": "mcallen", "rounds": "3",
            "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0", "confirmation_required": "on",
            "medal_scope": "overall", "page_size": "letter", "format": "session", "entrants": "individuals"}
    data.update(extra)
    return client.post(reverse("tournaments:event-create"), data)


@pytest.mark.parametrize("layout", ["two-handed", "five-handed", "six-pairs", "six-threes"])
def test_the_event_form_seats_players_at_tables_of_two_five_or_six(newcomer_client, layout):
    from tournaments.models import Event
    assert _create(newcomer_client, layout=layout).status_code == 302
    assert Event.objects.get().layout == layout


def test_the_event_form_offers_the_tables_in_words_and_refuses_them_to_partnerships(newcomer_client):
    from django.urls import reverse

    from tournaments.models import Event
    body = newcomer_client.get(reverse("tournaments:event-create"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Jugadores por mesa" in body and 'value="five-handed"' in body
    response = _create(newcomer_client, entrants="partnerships", layout="five-handed")
    assert response.status_code == 200 and not Event.objects.exists()
    assert "This kind of table does not fit who plays and the rule set" in response.content.decode()
    assert _create(newcomer_client).status_code == 302  # no choice: four at a table, as before
    assert Event.objects.get().layout == "progressive"


# --- the organizer's paper-sheet grid --------------------------------------------------------------

def _grid(client, table, rows, reason=""):
    data = {"hand-TOTAL_FORMS": "4", "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": "4", "hand-MAX_NUM_FORMS": "4",
            "reason": reason}
    for i, row in enumerate(rows):
        data.update({f"hand-{i}-{key}": str(value) for key, value in row.items()})
    return client.post(f"/events/{table.round.event.slug}/score/tables/{table.pk}/sheet/", data)


def test_the_grid_of_a_table_of_five_stores_what_the_phone_stores(five, admin_client):
    page = admin_client.get(f"/events/{five.round.event.slug}/score/tables/{five.pk}/sheet/")
    assert page.status_code == 200 and 'name="hand-0-partner_seat"' in page.content.decode()
    rows = [dict(declarer_seat="1", partner_seat="3", contract="8h", seat_1=5, seat_2=1, seat_3=3, seat_4=1, seat_5=0),
            dict(declarer_seat="2", partner_seat="", contract="9s", seat_1=1, seat_2=6, seat_3=1, seat_4=1, seat_5=1),
            dict(declarer_seat="1", partner_seat="1", contract="6c", seat_1=6, seat_2=1, seat_3=1, seat_4=1, seat_5=1)]
    refused = _grid(admin_client, five, rows)
    assert refused.status_code == 400 and "The bidder cannot be his own partner" in refused.content.decode()
    assert not Hand.objects.filter(table=five).exists()  # nothing half-written
    response = _grid(admin_client, five, rows[:2])
    assert response.status_code == 302, page_text(response)[:2000]
    hands = {h.number: (h.partner_seat, h.seat_points) for h in Hand.objects.filter(table=five)}
    assert hands == {1: ("3", {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}),
                     2: ("", {"1": 10, "2": -340, "3": 10, "4": 10, "5": 10})}


def test_the_round_dashboard_of_six_as_teams_credits_each_player_his_teams_game(admin_client, db):
    """The conformance sample at six as three teams of two, games: at the bell team A (players 1 and 4)
    leads table 1 (210 to -220 and 20): each of its two players is shown one game won, the others none."""
    from scoring.event_io import event_import
    from tests.conformance.samples import SIX_PAIRS

    event = event_import(SIX_PAIRS.event_file("games", "six-dash"))
    html = " ".join(admin_client.get(f"/events/{event.slug}/rounds/1/").content.decode().split())
    assert "Ana Garza 1, Luis Peña 0, Nélida Zúñiga 0, Pat O&#x27;Brien 1, María Treviño 0, Joe Smith 0" in html


# --- an established revoke at two, five and six (McAllen O, RULES.md section 2) -------------------

def test_five_on_the_phone_a_revoke_by_the_partner_defeats_the_bid(five):
    """8H (300) by seat 1 calling seat 3, their 8 tricks made, but seat 3 revoked: the bid is defeated
    (RULES.md section 2: "their bid is defeated"), -300 each; the others still score their tricks."""
    phone = _phone(five, "1")
    page = page_text(phone.get(f"/t/{five.token}/"))
    assert "Who revoked (an established revoke)?" in page and "No penalty" in page
    data = {"number": "1", "round": str(five.round_id), "declarer_seat": "1", "partner_seat": "3",
            "contract": "8H", "tricks": "8", "seat_3": "3", "seat_2": "1", "seat_4": "1", "penalty_side": "3",
            "save": "1"}
    assert phone.post(f"/t/{five.token}/", data).status_code == 302
    hand = Hand.objects.get(table=five, number=1)
    assert (hand.penalty_kind, hand.penalty_side, hand.made) == ("revoke", "3", False)
    assert hand.seat_points == {"1": -300, "2": 10, "3": -300, "4": 10, "5": 0}


def test_five_a_revoke_by_a_defender_makes_the_bid_and_the_defenders_score_nothing(five):
    """9S (340) by seat 2 alone taking 6 (set), but seat 5 revoked: scored as made, +340, and the
    defenders score nothing (RULES.md section 2: "the opponents not scoring")."""
    hand = record(five, contract="9S", declarer_seat="2", partner_seat="", penalty_kind="revoke", penalty_side="5",
                  seat_tricks={"1": 1, "2": 6, "3": 1, "4": 1, "5": 1})
    assert hand.made and hand.seat_points == {"1": 0, "2": 340, "3": 0, "4": 0, "5": 0}


def test_six_pairs_a_revoke_names_the_team(db):
    table = seated_table("six-pairs", 6, "six-revoke")
    phone = _phone(table, "1")
    page = page_text(phone.get(f"/t/{table.token}/"))
    assert 'name="penalty_side" value="B"' in page  # the teams, as the tricks rows name them
    hand = record(table, contract="7D", declarer_seat="4", penalty_kind="revoke", penalty_side="A",
                  seat_tricks={"A": 7, "B": 2, "C": 1})
    assert not hand.made and hand.seat_points["1"] == hand.seat_points["4"] == -180


def test_a_revoke_survives_the_backup(five, tmp_path):
    import json

    from scoring.integrity import event_check
    from tests.play.test_backup_every_kind import restore
    record(five, contract="8H", declarer_seat="1", partner_seat="3", penalty_kind="revoke", penalty_side="3",
           seat_tricks={"1": 5, "2": 1, "3": 3, "4": 1, "5": 0})
    before, after = restore(five.round.event, tmp_path)
    assert after == before
    hand = json.loads(after)["rounds"][0]["tables"][0]["hands"][0]
    assert hand["revoke"] == 3 and hand["partner"] == 3  # seat 3 holds player 3
    restored = Hand.objects.get(table__round__event__slug="five-tables")
    assert (restored.penalty_kind, restored.penalty_side, restored.seat_points["1"]) == ("revoke", "3", -300)
    assert event_check(restored.table.round.event) == []


def test_the_grid_of_a_table_of_five_takes_a_revoke(five, admin_client):
    # 9S (340) by seat 2 alone with 6 tricks (set), but seat 4 revoked: made, +340, the others nothing.
    rows = [dict(declarer_seat="2", partner_seat="", contract="9s", seat_1=1, seat_2=6, seat_3=1, seat_4=1, seat_5=1,
                 penalty_side="4")]
    assert _grid(admin_client, five, rows).status_code == 302
    hand = Hand.objects.get(table=five)
    assert (hand.penalty_kind, hand.penalty_side, hand.made) == ("revoke", "4", True)
    assert hand.seat_points == {"1": 0, "2": 340, "3": 0, "4": 0, "5": 0}
    page = page_text(admin_client.get(f"/events/{five.round.event.slug}/score/tables/{five.pk}/sheet/"))
    assert '<option value="4" selected>' in page  # the grid shows it again
