"""Score entry at a table of individuals (docs/event-file.md, "Events of individuals"; RULES.md section 6):
a three-handed table enters its hands by player through the table link, each player's points
worked out by hand below; a progressive table's phone shows its four players and credits a side's
two players; another seated player confirms with his own PIN.

Three-handed preset (Avondale values, misère 250 switched on), table 1 of round 1 seats Ana Garza
(seat 1), Luis Peña (2) and Marie Tremblay (3):
  1: 8H by Ana, 8 tricks, Luis 1, Marie 1: Ana +300 (8H is worth 300), Luis +10, Marie +10
  2: 7S by Luis, 5 tricks, set (Ana 4, Marie 1): Luis -140, Ana +40, Marie +10
  3: MIS by Marie, no trick, made: Marie +250, Ana 0, Luis 0
  totals: Ana 340, Luis -130, Marie 270
  hand 3 corrected to MIS by Marie taking 2 (Ana 5, Luis 3), set: Marie -250, and each defender 10
  for each trick the bidder took: Ana +20, Luis +20; totals Ana 360, Luis -110, Marie -230.
"""

import json
import re
from pathlib import Path

import pytest

from scoring.event_io import event_import
from scoring.models import ConfirmFailure, Hand, HandChange
from scoring.views.entry import SESSION_SIDES
from tests.builders import prove_side
from tournaments.models import Partnership, Round, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PINS = {1: "1111", 2: "2222", 3: "3333", 4: "4444"}


def _open_first_table(name: str):
    """The fixture's event with round 1 open and no hand yet at its table 1; PINs set."""
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    for number, pin in PINS.items():
        Partnership.objects.filter(event=event, number=number).update(pin=pin)
    return event, Table.objects.get(round__event=event, round__number=1, number=1)


@pytest.fixture
def three(db):
    return _open_first_table("three_handed_event.json")


@pytest.fixture
def progressive(db):
    return _open_first_table("progressive_event.json")


def url(table, suffix=""):
    return f"/t/{table.token}/{suffix}"


def hand_post(table, number, bidder, contract, tricks, defenders):
    data = {"number": number, "round": table.round_id, "declarer_seat": bidder, "contract": contract,
            "tricks": tricks, "save": "1"}
    data.update({f"seat_{seat}": value for seat, value in defenders.items()})
    return data


def seat_points(table):
    return {h.number: h.seat_points for h in Hand.objects.filter(table=table)}


def test_the_phone_asks_who_holds_it_by_name_at_a_table_of_three(client, three):
    event, table = three
    page = client.get(url(table)).content.decode()
    for name in ("Ana Garza", "Luis Peña", "Marie Tremblay"):
        assert name in page
    prove_side(client, table, "1")
    page = client.get(url(table)).content.decode()
    assert "Who won the bid?" in page and "Tricks taken by the bidder" in page
    assert 'name="declarer_seat"' in page and 'name="seat_2"' in page


def enter_three_hands(client, table):
    prove_side(client, table, "1")
    # Hand 1: only the first defender's tricks typed; the other's are what is left.
    r = client.post(url(table), hand_post(table, 1, "1", "8H", 8, {"2": 1}))
    assert r.status_code == 302, r.content.decode()[:2000]
    r = client.post(url(table), hand_post(table, 2, "2", "7S", 5, {"1": 4, "3": 1}))
    assert r.status_code == 302
    r = client.post(url(table), hand_post(table, 3, "3", "MIS", 0, {"1": 6}))
    assert r.status_code == 302


def test_three_hands_entered_by_player_score_by_hand(client, three):
    event, table = three
    version = event.version
    enter_three_hands(client, table)
    assert seat_points(table) == {1: {"1": 300, "2": 10, "3": 10}, 2: {"1": 40, "2": -140, "3": 10},
                                  3: {"1": 0, "2": 0, "3": 250}}
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.declarer_seat, hand.seat_tricks, hand.tricks, hand.made, hand.dealer) == (
        "1", {"1": 8, "2": 1, "3": 1}, 8, True, "1")
    assert Hand.objects.get(table=table, number=2).made is False
    assert Hand.objects.get(table=table, number=3).seat_tricks == {"1": 6, "2": 4, "3": 0}
    assert HandChange.objects.filter(table=table, action="create").count() == 3
    event.refresh_from_db()
    assert event.version > version
    page = client.get(url(table)).content.decode()
    assert 'id="total-1">340<' in page and 'id="total-2">-130<' in page and 'id="total-3">270<' in page
    table.refresh_from_db()
    assert table.entered_side == "1" and table.n_hands == 3


def test_the_preview_shows_each_players_points_from_the_server(client, three):
    event, table = three
    prove_side(client, table, "1")
    data = hand_post(table, 1, "1", "8H", 8, {"2": 1})
    data.pop("save")
    data["preview"] = "1"
    page = client.post(url(table), data).content.decode()
    assert not Hand.objects.filter(table=table).exists()
    assert "Ana Garza (bidder): 8 tricks, +300 → 300" in page
    assert "Luis Peña: 1 tricks, +10 → 10" in page and "Marie Tremblay: 1 tricks, +10 → 10" in page


def test_tricks_that_do_not_add_up_to_ten_are_refused(client, three):
    event, table = three
    prove_side(client, table, "1")
    r = client.post(url(table), hand_post(table, 1, "1", "8H", 8, {"2": 1, "3": 2}))
    assert r.status_code == 400 and "not 10" in r.content.decode()
    r = client.post(url(table), hand_post(table, 1, "1", "8H", 8, {"2": 3}))
    assert r.status_code == 400
    assert not Hand.objects.filter(table=table).exists()


def test_a_correction_rescores_the_three_players(client, three):
    event, table = three
    enter_three_hands(client, table)
    hand = Hand.objects.get(table=table, number=3)
    data = hand_post(table, 3, "3", "MIS", 2, {"1": 5})
    data.update(version=hand.version)
    r = client.post(url(table, "hands/3/"), data)
    assert r.status_code == 302, r.content.decode()[:3000]
    hand.refresh_from_db()
    assert hand.seat_points == {"1": 20, "2": 20, "3": -250} and hand.made is False and hand.version == 2
    change = HandChange.objects.get(table=table, action="update")
    assert change.old["seat_points"] == {"1": 0, "2": 0, "3": 250}
    assert change.new["seat_points"] == {"1": 20, "2": 20, "3": -250}
    page = client.get(url(table)).content.decode()
    assert 'id="total-1">360<' in page and 'id="total-2">-110<' in page and 'id="total-3">-230<' in page


def test_another_seated_player_confirms_with_his_own_pin(client, three):
    """docs/trust.md: Ana (seat 1) entered every hand, so her phone accepts none; the phone is handed to
    Marie (seat 3), who proves herself with her own PIN on the side page, and her button confirms."""
    event, table = three
    enter_three_hands(client, table)
    page = client.get(url(table)).content.decode()
    assert "Now another player checks" in page and "Confirm the scores" not in page
    assert ("Hands 1, 2 and 3 were entered or changed on your phone: another player accepts them on his phone."
            in page)
    # The player who entered may not confirm her own hands; that is no wrong guess.
    r = client.post(url(table, "confirm/"))
    assert r.status_code == 400 and "Every hand was entered on this phone" in r.content.decode()
    assert not ConfirmFailure.objects.filter(table=table).exists()
    client.post(url(table, "side/"), {"clear": "1"})
    # A wrong PIN is refused and counted; so is the PIN of a player at another table.
    r = client.post(url(table, "side/"), {"side": "3", "code": "9999"})
    assert r.status_code == 400 and "That is not your PIN. Check your movement card." in r.content.decode()
    assert ConfirmFailure.objects.filter(table=table).count() == 1
    r = client.post(url(table, "side/"), {"side": "3", "code": PINS[4]})
    assert r.status_code == 400 and ConfirmFailure.objects.filter(table=table).count() == 2
    assert client.post(url(table, "confirm/")).status_code == 302  # not proven: back to the side page
    table.refresh_from_db()
    assert table.confirmed_at is None
    # Marie (seat 3) types hers, on the same phone.
    prove_side(client, table, "3")
    page = client.get(url(table)).content.decode()
    assert "Check and confirm" in page and "Confirm the scores" in page
    r = client.post(url(table, "confirm/"))
    assert r.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None and "Marie Tremblay" in table.confirmed_by
    assert set(Hand.objects.filter(table=table).values_list("entered_side", "accepted_side")) == {("1", "3")}
    assert HandChange.objects.filter(table=table, action="confirm").exists()


def test_five_wrong_pins_lock_the_table_of_three(client, three):
    event, table = three
    enter_three_hands(client, table)
    client.post(url(table, "side/"), {"clear": "1"})
    for _ in range(5):
        assert client.post(url(table, "side/"), {"side": "2", "code": "9999"}).status_code == 400
    assert ConfirmFailure.objects.filter(table=table).count() == 5
    # Luis's right PIN no longer proves him while the table is locked.
    r = client.post(url(table, "side/"), {"side": "2", "code": PINS[2]})
    assert r.status_code == 400 and "Too many wrong codes" in r.content.decode()
    assert str(table.pk) not in client.session.get(SESSION_SIDES, {})
    table.refresh_from_db()
    assert table.confirmed_at is None


def test_the_organizer_table_page_enters_a_three_handed_hand(client, three, django_user_model):
    event, table = three
    user = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw")
    client.force_login(user)
    page_url = f"/events/{event.slug}/score/tables/{table.pk}/"
    r = client.get(page_url)
    assert r.status_code == 200 and "Marie Tremblay" in r.content.decode()
    r = client.post(page_url, hand_post(table, 1, "3", "MIS", 0, {"1": 6}))
    assert r.status_code == 302, r.content.decode()[:2000]
    assert Hand.objects.get(table=table, number=1).seat_points == {"1": 0, "2": 0, "3": 250}  # a made misère: defenders 0


def test_the_progressive_side_page_shows_four_players_and_a_hand_credits_both(client, progressive):
    event, table = progressive
    assert "Quel côté tient ce téléphone" in client.get(url(table)).content.decode()  # the event's language
    client.cookies["fh_language"] = "en"
    page = client.get(url(table)).content.decode()
    assert "Which side is holding this phone?" in page
    for name in ("Ana Garza", "Luis Peña", "Marie Tremblay", "Joe Smith"):
        assert name in page
    prove_side(client, table, "ns")
    page = client.get(url(table)).content.decode()
    assert "Ana Garza &amp; Marie Tremblay" in page  # N and S, this round's partners
    r = client.post(url(table), {"number": 1, "round": table.round_id, "declarer": "ns", "contract": "7H",
                                 "tricks": 8, "save": "1"})
    assert r.status_code == 302, r.content.decode()[:2000]
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.ns_points, hand.ew_points) == (200, 20)
    page = client.get(url(table)).content.decode()
    # N (Ana) and S (Marie) each show N-S's 200; E and W 20.
    assert 'id="total-N">200<' in page and 'id="total-S">200<' in page
    assert 'id="total-E">20<' in page and 'id="total-W">20<' in page


def test_progressive_confirmation_by_a_player_of_the_other_side(client, progressive):
    """Ana (N) proved the phone for N-S and entered both hands. Her partner Marie (S) proving herself
    acts for N-S too, so she cannot accept them; Luis (E) proves himself with his PIN and confirms."""
    event, table = progressive
    client.cookies["fh_language"] = "en"  # the fixture event speaks French; the messages are read in English
    prove_side(client, table, "ns")
    for number, side in ((1, "ns"), (2, "ew")):
        client.post(url(table), {"number": number, "round": table.round_id, "declarer": side, "contract": "7H",
                                 "tricks": 7, "save": "1"})
    assert list(Hand.objects.filter(table=table).values_list("number", "entered_side")) == [(1, "ns"), (2, "ns")]
    client.post(url(table, "side/"), {"clear": "1"})
    prove_side(client, table, "S")  # Marie, for N-S
    r = client.post(url(table, "confirm/"))
    assert r.status_code == 400 and "Every hand was entered on this phone" in r.content.decode()
    client.post(url(table, "side/"), {"clear": "1"})
    r = client.post(url(table, "side/"), {"side": "E", "code": PINS[3]})  # Marie's PIN does not prove Luis
    assert r.status_code == 400 and "That is not your PIN" in r.content.decode()
    prove_side(client, table, "E")  # Luis, for E-W
    r = client.post(url(table, "confirm/"))
    assert r.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None and "Luis Peña" in table.confirmed_by
    assert set(Hand.objects.filter(table=table).values_list("accepted_side", flat=True)) == {"ew"}


def offline_data(page: str) -> dict:
    """The JSON static/js/offline.js reads (docs/organizer-guide.md, "When the wifi drops")."""
    tag = '<script id="offline-data" type="application/json">'
    start = page.index(tag) + len(tag)
    return json.loads(page[start:page.index("</script>", start)])


def test_both_pages_of_individuals_keep_hands_offline(client, three, progressive):
    """A table of three and a progressive table both load offline.js with their table's data: the
    dealers in turn (seat 1, 2, 3 at a table of three, by name; N, E, S, W at a progressive table:
    Ana Garza N, Luis Peña E, Marie Tremblay S, Joe Smith W)."""
    for (_event, table), side in ((three, "1"), (progressive, "ns")):
        client.cookies["fh_language"] = "en"
        prove_side(client, table, side)
        page = client.get(url(table)).content.decode()
        assert "js/offline" in page and 'data-sw="/t/sw.js"' in page
        data = offline_data(page)
        assert data["page"] == url(table) and data["confirm"] == url(table, "confirm/")
        assert data["stored"] == [] and data["round"] == table.round_id
        if side == "1":
            assert data["hands"] == 3
            assert data["dealers"] == {"1": "Ana Garza", "2": "Luis Peña", "3": "Marie Tremblay"}
        else:
            assert data["dealers"]["1"] == "Ana Garza (N)" and data["dealers"]["2"] == "Luis Peña (E)"


def test_a_player_at_a_table_of_three_calls_the_organizer(client, three):
    event, table = three
    enter_three_hands(client, table)
    assert "Call the organizer" in client.get(url(table)).content.decode()
    assert client.post(url(table, "dispute/"), {"reason": "Hand 2 was 6 tricks"}).status_code == 302
    table.refresh_from_db()
    assert table.disputed_at is not None and table.dispute_reason == "Hand 2 was 6 tricks"


def test_a_table_of_three_in_a_round_not_started_says_so_and_takes_no_hand(client, three):
    """The four-handed page's "has not started" branch, which the page of three lacked (issue 23's drift)."""
    event, table = three
    prove_side(client, table, "1")
    Round.objects.filter(pk=table.round_id).update(status="planned")
    page = client.get(url(table)).content.decode()
    assert "Round 1 has not started; this is next round's sheet. Nothing can be entered here yet." in page
    assert 'id="hand-form"' not in page
    r = client.post(url(table), hand_post(table, 1, "1", "8H", 8, {"2": 1}))
    assert r.status_code == 400 and "Round 1 has not started" in r.content.decode()
    assert not Hand.objects.filter(table=table).exists()


def test_the_side_page_asks_each_layout_its_own_question(client, three, progressive):
    """The side page's question and choices come from the table's adapter (scoring.adapters)."""
    page = client.get(url(three[1])).content.decode()
    assert "Who is holding this phone?" in page and 'class="side-button side-player"' in page
    page = client.get(url(progressive[1])).content.decode()  # the progressive event reads in French
    assert "Quel côté tient ce téléphone" in page
    assert 'class="side-button side-ns"' in page and 'class="side-button side-ew"' in page
    assert "side-player" not in page and page.count("data-player=") == 4


# --- an established revoke at a table of three (McAllen O applies under every preset, RULES.md section 2) ---

def test_a_revoke_at_a_table_of_three_on_the_phone_the_grid_and_the_backup(client, three, admin_client, tmp_path):
    import json as json_module

    from scoring.integrity import event_check
    from tests.play.test_backup_every_kind import restore
    event, table = three
    prove_side(client, table, "1")
    page = client.get(url(table)).content.decode()
    assert "Who revoked (an established revoke)?" in page and 'name="penalty_side"' in page
    # Hand 1: 8H (300) by seat 1 with 8 tricks, but seat 1 revoked: defeated, -300; the others their own.
    data = hand_post(table, 1, "1", "8H", 8, {"2": 1}) | {"penalty_side": "1"}
    assert client.post(url(table), data).status_code == 302
    # Hand 2 on the organizer's paper grid: 7S (140) by seat 2 with 5 (set), but seat 3 revoked: made, +140.
    grid = {"hand-TOTAL_FORMS": "2", "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": "0",
            "hand-MAX_NUM_FORMS": "20", "reason": "",
            "hand-0-declarer_seat": "1", "hand-0-contract": "8H", "hand-0-tricks": "8", "hand-0-defender_tricks": "1",
            "hand-0-penalty_side": "1", "hand-0-version": "1",
            "hand-1-declarer_seat": "2", "hand-1-contract": "7S", "hand-1-tricks": "5", "hand-1-defender_tricks": "4",
            "hand-1-penalty_side": "3"}
    sheet = f"/events/{event.slug}/score/tables/{table.pk}/sheet/"
    assert 'name="hand-0-penalty_side"' in admin_client.get(sheet).content.decode()
    answer = admin_client.post(sheet, grid)
    assert answer.status_code == 302, re.findall(r"<li>([^<]*)</li>", answer.content.decode())
    assert seat_points(table) == {1: {"1": -300, "2": 10, "3": 10}, 2: {"1": 0, "2": 140, "3": 0}}
    number_at = {s.seat: s.entrant.number for s in table.seats.select_related("entrant")}
    before, after = restore(event, tmp_path)
    assert after == before
    hands = json_module.loads(after)["rounds"][0]["tables"][0]["hands"]
    assert [h.get("revoke") for h in hands[:2]] == [number_at["1"], number_at["3"]]
    assert event_check(type(event).objects.get(slug=event.slug)) == []
