"""The organizer's paper-sheet grid and the change history at tables of individuals (docs/event-file.md, "Events
of individuals"; RULES.md section 6).

Three-handed preset (misère 250 switched on), round 1 table 1 seats Ana Garza (1), Luis Peña (2) and
Marie Tremblay (3). A grid row gives the bidder, the contract, the bidder's tricks and the first
defender's (the first of the other two in seating order: Luis when Ana bids, Ana when Luis or Marie bids);
the second defender took what is left of the 10. The hands of tests/e2e/test_individuals_phone.py:
  1: 8H by Ana, 8 tricks, Luis 1 (so Marie 1): Ana +300, Luis +10, Marie +10
  2: 7S by Luis, 5 tricks, Ana 4 (so Marie 1): set, Luis -140, Ana +40, Marie +10
  3: MIS by Marie, no trick, Ana 6 (so Luis 4): Marie +250, Ana 0, Luis 0
  totals: Ana 340, Luis -130, Marie 270.

Progressive table (McAllen), round 1 table 1: N Ana Garza, E Luis Peña, S Marie Tremblay, W Joe Smith;
2 hands: 7H by N-S making 8 (N-S +200, E-W +20: 7H is 200, the defenders 10 a trick), 8S by E-W taking
7 (set: E-W -240, 8S being 240; N-S +30).
"""

import json
from pathlib import Path

import pytest
from django.test import Client

from scoring.event_io import event_import
from scoring.models import Hand, HandChange
from tests.play.test_individuals_entry import enter_three_hands
from tournaments.models import Round, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PHONE_HANDS = {1: ("1", "8H", 8, {"1": 8, "2": 1, "3": 1}, {"1": 300, "2": 10, "3": 10}),
               2: ("2", "7S", 5, {"1": 4, "2": 5, "3": 1}, {"1": 40, "2": -140, "3": 10}),
               3: ("3", "MIS", 0, {"1": 6, "2": 4, "3": 0}, {"1": 0, "2": 0, "3": 250})}
GRID_ROWS = [dict(declarer_seat="1", contract="8h", tricks=8, defender_tricks=1),
             dict(declarer_seat="2", contract="7s", tricks=5, defender_tricks=4),
             dict(declarer_seat="3", contract="mis", tricks=0, defender_tricks=6)]


def _open_first_table(name: str, title: str = ""):
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    if title:
        data["event"]["name"] = title
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    return event, Table.objects.get(round__event=event, round__number=1, number=1)


@pytest.fixture
def organizer(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("olga", "olga@example.com", "pw"))
    client.cookies["fh_language"] = "en"
    return client


def grid_url(event, table):
    return f"/events/{event.slug}/score/tables/{table.pk}/sheet/"


def grid_data(rows, total, reason="", signed=False):
    data = {"hand-TOTAL_FORMS": str(total), "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": str(total),
            "hand-MAX_NUM_FORMS": str(total), "reason": reason}
    if signed:
        data["signed"] = "on"
    for i, row in enumerate(rows):
        for key, value in (row or {}).items():
            data[f"hand-{i}-{key}"] = str(value)
    return data


def stored(table):
    return {h.number: (h.declarer_seat, h.contract, h.tricks, h.seat_tricks, h.seat_points)
            for h in Hand.objects.filter(table=table)}


@pytest.mark.django_db
def test_a_three_handed_sheet_typed_in_the_grid_stores_what_the_phone_stores(organizer):
    event, table = _open_first_table("three_handed_event.json")
    page = organizer.get(grid_url(event, table))
    assert page.status_code == 200
    html = page.content.decode().replace("&#x27;", "'")
    for words in ("Ana Garza", "Luis Peña", "Marie Tremblay", "First defender's tricks", "Bidder",
                  "Ana Garza bids: type Luis Peña’s tricks.", "Marie Tremblay bids: type Ana Garza’s tricks.",
                  'id="three-score-table"', 'name="hand-2-defender_tricks"'):
        assert words in html, words
    r = organizer.post(grid_url(event, table), grid_data(GRID_ROWS, 3))
    assert r.status_code == 302, r.content.decode()[:3000]
    assert stored(table) == PHONE_HANDS
    table.refresh_from_db()
    assert table.n_hands == 3 and table.confirmed_at is None
    assert set(HandChange.objects.filter(table=table).values_list("action", flat=True)) == {"create"}

    # The same hands typed on the phone of another copy of the event store the same values.
    other_event, other_table = _open_first_table("three_handed_event.json", "Three-handed night (phone)")
    enter_three_hands(Client(), other_table)
    assert stored(other_table) == stored(table)
    page = organizer.get(f"/events/{event.slug}/score/tables/{table.pk}/").content.decode()
    assert 'id="total-1">340<' in page and 'id="total-2">-130<' in page and 'id="total-3">270<' in page


@pytest.mark.django_db
def test_the_grid_refuses_a_bad_row_by_its_place_and_saves_nothing(organizer):
    event, table = _open_first_table("three_handed_event.json")
    # Row 2: Luis took 5, so Ana cannot have taken 6 (5 + 6 > 10).
    rows = [GRID_ROWS[0], dict(GRID_ROWS[1], defender_tricks=6), GRID_ROWS[2]]
    r = organizer.post(grid_url(event, table), grid_data(rows, 3))
    html = r.content.decode().replace("&#x27;", "'")
    assert r.status_code == 400 and "Nothing was saved" in html
    assert ("Hand 2, first defender's tricks: The tricks add up to 11, not 10: the bidder took 5, so the other two "
            "took 5 between them.") in html
    # Row 3: open misère is not a contract of this event (its rules add misère only); row 1's bidder is missing.
    rows = [dict(GRID_ROWS[0], declarer_seat=""), GRID_ROWS[1], dict(GRID_ROWS[2], contract="omis")]
    html = organizer.post(grid_url(event, table), grid_data(rows, 3)).content.decode()
    assert "Hand 1, bidder: Who bid?" in html
    assert "Hand 3, contract: OMIS (" in html and "is not a contract under" in html
    # A gap: hand 2 empty while hand 3 is filled (the service's check, named by its row).
    html = organizer.post(grid_url(event, table), grid_data([GRID_ROWS[0], None, GRID_ROWS[2]], 3)).content.decode()
    assert "Hand 2 is empty but a later hand is filled" in html
    assert not Hand.objects.filter(table=table).exists()
    assert not HandChange.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_a_service_refusal_in_one_row_rolls_back_the_rows_before_it(organizer):
    """Signed sheets with hand 3 missing: the service writes rows 1-2 in its transaction, then refuses the
    confirmation; nothing of rows 1-2 stays."""
    event, table = _open_first_table("three_handed_event.json")
    r = organizer.post(grid_url(event, table), grid_data(GRID_ROWS[:2] + [None], 3, signed=True))
    assert r.status_code == 400
    assert "only 2 of 3 hands are filled" in r.content.decode()
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_the_grid_corrects_a_stored_hand_of_three_and_confirms_signed_sheets(organizer):
    event, table = _open_first_table("three_handed_event.json")
    assert organizer.post(grid_url(event, table), grid_data(GRID_ROWS, 3)).status_code == 302
    html = organizer.get(grid_url(event, table)).content.decode()
    assert 'name="hand-2-defender_tricks" value="6"' in html  # hand 3: Ana, the first defender, took 6
    versions = {h.number: h.version for h in Hand.objects.filter(table=table)}
    # Hand 3 corrected: Marie took 2 tricks (Ana 5, so Luis 3): misère set, Marie -250, Ana +20, Luis +20.
    rows = [dict(row, version=versions[n]) for n, row in enumerate(GRID_ROWS, 1)]
    rows[2].update(tricks=2, defender_tricks=5)
    r = organizer.post(grid_url(event, table), grid_data(rows, 3, reason="the sheet says 2", signed=True))
    assert r.status_code == 302, r.content.decode()[:3000]
    hand = Hand.objects.get(table=table, number=3)
    assert (hand.seat_tricks, hand.seat_points) == ({"1": 5, "2": 3, "3": 2}, {"1": 20, "2": 20, "3": -250})
    table.refresh_from_db()
    assert table.confirmed_at is not None


@pytest.mark.django_db
def test_a_progressive_sheet_is_typed_by_side_with_the_four_names(organizer):
    event, table = _open_first_table("progressive_event.json")
    html = organizer.get(grid_url(event, table)).content.decode()
    for name in ("Ana Garza", "Luis Peña", "Marie Tremblay", "Joe Smith"):
        assert name in html
    assert "N-S: Ana Garza &amp; Marie Tremblay · E-W: Luis Peña &amp; Joe Smith" in html
    # The event is French: its sheet's letters (7c is 7 cœur, hearts; 8p is 8 pique, spades).
    rows = [dict(declarer="ns", contract="7c", tricks=8), dict(declarer="ew", contract="8p", tricks=7)]
    r = organizer.post(grid_url(event, table), grid_data(rows, 2))
    assert r.status_code == 302, r.content.decode()[:3000]
    assert list(Hand.objects.filter(table=table).values_list("number", "ns_points", "ew_points")) == [
        (1, 200, 20), (2, 30, -240)]
    # A bad row: nothing saved, the row and field named.
    table2 = Table.objects.get(round__event=event, round__number=1, number=2)
    Hand.objects.filter(table=table2).delete()  # the event file's hands at table 2
    r = organizer.post(grid_url(event, table2), grid_data([rows[0], dict(rows[1], tricks=11)], 2))
    assert r.status_code == 400 and "Hand 2, tricks: Tricks must be 0 to 10. You typed 11." in r.content.decode()
    assert not Hand.objects.filter(table=table2).exists()


# --- the change history names the players -------------------------------------------------------

def _history(staff, event, table, language):
    staff.cookies["fh_language"] = language
    return staff.get(f"/events/{event.slug}/score/tables/{table.pk}/history/").content.decode()


@pytest.mark.django_db
def test_the_history_of_a_table_of_three_names_the_players(organizer):
    event, table = _open_first_table("three_handed_event.json")
    assert organizer.post(grid_url(event, table), grid_data(GRID_ROWS, 3)).status_code == 302
    hand = Hand.objects.get(table=table, number=3)
    rows = [dict(row, version=1) for row in GRID_ROWS]
    rows[2].update(declarer_seat="1", contract="mis", tricks=0, defender_tricks=6)  # Ana bid it, Luis 6, Marie 4
    assert organizer.post(grid_url(event, table), grid_data(rows, 3, reason="Ana bid")).status_code == 302
    hand.refresh_from_db()
    assert hand.seat_points == {"1": 250, "2": 0, "3": 0}
    english = _history(organizer, event, table, "en")
    assert "8♥ by Ana Garza (1), 8 tricks · Ana Garza (1): +300 (8 tricks); Luis Peña (2): +10 (1 trick); " \
           "Marie Tremblay (3): +10 (1 trick)" in english
    assert "by seat" not in english
    # The correction: bidder Marie -> Ana, and each player's tricks and points, by name.
    assert "<td>bidder</td><td class=\"old\">Marie Tremblay (3)</td><td class=\"new\">Ana Garza (1)</td>" in english
    assert "Ana Garza (1): 6; Luis Peña (2): 4; Marie Tremblay (3): 0" in english  # the tricks before
    assert "Ana Garza (1): +250; Luis Peña (2): 0; Marie Tremblay (3): 0" in english  # the points after
    assert "Ana Garza (1) #1" in english  # the page's header names the table's players
    spanish = _history(organizer, event, table, "es")
    assert "8♥ por Ana Garza (1), 8 bazas · Ana Garza (1): +300 (8 bazas); Luis Peña (2): +10 (1 baza)" in spanish
    assert "por el asiento" not in spanish
    french = _history(organizer, event, table, "fr")
    assert "8♥ par Ana Garza (1), 8 levées · Ana Garza (1)\u00a0: +300 (8 levées)" in french
    assert "par le siège" not in french
    everything = organizer.get(f"/events/{event.slug}/history/").content.decode()
    assert "Ana Garza (1)" in everything


@pytest.mark.django_db
def test_the_history_of_a_progressive_table_names_a_penalty_seat(organizer):
    event, table = _open_first_table("progressive_event.json")
    rows = [dict(declarer="ns", contract="7c", tricks=8, penalty_kind="exposed_card", penalty_seat="W"),
            dict(declarer="ew", contract="8p", tricks=7)]  # a French event: its sheet's letters
    r = organizer.post(grid_url(event, table), grid_data(rows, 2))
    assert r.status_code == 302, r.content.decode()[:3000]
    assert "by Joe Smith (W)" in _history(organizer, event, table, "en")
    assert "Joe Smith (O)" in _history(organizer, event, table, "fr")  # W prints as O
