"""A confirmed table is one that both sides accepted (docs/trust.md): a phone proves its side (or
seat) with that side's or player's PIN before it enters, corrects or confirms, and a table is
confirmed only when every hand was accepted by a side other than the one that last wrote it.

Each finding below passed on the code before this file: a side claimed without its PIN, a side
confirming its own entries or its own correction, split entry, a seat claimed at a table of three."""

import pytest
from django.test import Client

from scoring.models import Hand
from tests.builders import hand_post, login, make_event, make_user, prove_code, prove_side, round_in_play
from tests.play.test_individuals_entry import _open_first_table
from tests.play.test_individuals_entry import hand_post as three_post

EN = {"Accept-Language": "en"}  # the fixtures of individuals are French events: the phones ask for English


class Kind:
    """One kind of table: its two sides (or seats) A and B, and the POST data of hand n."""

    def __init__(self, name, table, a, b):
        self.name, self.table, self.a, self.b = name, table, a, b
        self.hands = table.round.event.hands_per_round

    def hand(self, number, **changes):
        if self.name == "three":
            tricks = changes.get("tricks", 8)
            return three_post(self.table, number, "1", "8H", tricks, {"2": 10 - tricks})
        return hand_post(self.table, number, **changes)


@pytest.fixture(params=["partnership", "progressive", "three"])
def kind(request, db):
    if request.param == "partnership":
        table = round_in_play(make_event()).tables.get(number=1)
        return Kind("partnership", table, "ns", "ew")
    _event, table = _open_first_table("progressive_event.json" if request.param == "progressive"
                                      else "three_handed_event.json")
    return Kind(request.param, table, *(("ns", "ew") if request.param == "progressive" else ("1", "2")))


def page(client, table):
    return client.get(f"/t/{table.token}/").content.decode()


def enter(client, kind, numbers):
    for n in numbers:
        r = client.post(f"/t/{kind.table.token}/", kind.hand(n))
        assert r.status_code == 302, r.content.decode()[:1500]


def confirm(client, table, **data):
    return client.post(f"/t/{table.token}/confirm/", data)


def confirmed(table) -> bool:
    table.refresh_from_db()
    return table.confirmed_at is not None


def test_a_side_claimed_with_another_sides_pin_is_not_proven(kind):
    """E-W's pair opens the link as N-S: without N-S's PIN the phone can neither enter nor confirm."""
    phone = Client(headers=EN)
    r = phone.post(f"/t/{kind.table.token}/side/", {"side": kind.a, "code": prove_code(kind.table, kind.b)})
    assert r.status_code == 400
    assert phone.post(f"/t/{kind.table.token}/", kind.hand(1)).status_code == 200  # the side page again
    assert 'name="code"' in page(phone, kind.table)
    assert not Hand.objects.filter(table=kind.table).exists()


def test_a_side_cannot_confirm_its_own_entries(kind):
    phone = Client(headers=EN)
    prove_side(phone, kind.table, kind.a)
    enter(phone, kind, range(1, kind.hands + 1))
    assert confirm(phone, kind.table).status_code == 400
    assert not confirmed(kind.table)
    assert "Now the other side checks" in page(phone, kind.table) or "Now another player checks" in page(phone, kind.table)
    other = Client(headers=EN)
    prove_side(other, kind.table, kind.b)
    assert confirm(other, kind.table).status_code == 302
    assert confirmed(kind.table)
    accepted = set(Hand.objects.filter(table=kind.table).values_list("entered_side", "accepted_side"))
    assert accepted == {(kind.a, kind.b)}


def test_a_correction_by_the_confirming_side_waits_for_the_other_side(kind):
    """E-W changes the last hand (10 tricks) and confirms: its own change is not confirmed by it."""
    a, b = Client(headers=EN), Client(headers=EN)
    prove_side(a, kind.table, kind.a)
    enter(a, kind, range(1, kind.hands + 1))
    prove_side(b, kind.table, kind.b)
    last = Hand.objects.get(table=kind.table, number=kind.hands)
    r = b.post(f"/t/{kind.table.token}/hands/{last.number}/", kind.hand(last.number, tricks=10) | {"version": "1"})
    assert r.status_code == 302, r.content.decode()[:1500]
    last.refresh_from_db()
    assert (last.tricks, last.entered_side, last.changed_side, last.accepted_at) == (10, kind.a, kind.b, None)
    assert confirm(b, kind.table).status_code == 302
    assert not confirmed(kind.table)  # hands 1..n-1 accepted by B, the last waits for A
    assert f"Hand {kind.hands} was entered or changed on your phone" in page(b, kind.table)
    assert "accept or dispute" in page(a, kind.table)
    assert confirm(a, kind.table).status_code == 302
    assert confirmed(kind.table)
    last.refresh_from_db()
    assert last.accepted_side == kind.a


def test_split_entry_needs_both_sides(kind):
    """A enters hand 1, B the rest and confirms: only hand 1 is accepted; the rest wait for A."""
    a, b = Client(headers=EN), Client(headers=EN)
    prove_side(a, kind.table, kind.a)
    enter(a, kind, [1])
    prove_side(b, kind.table, kind.b)
    enter(b, kind, range(2, kind.hands + 1))
    r = confirm(b, kind.table)
    assert r.status_code == 302 and not confirmed(kind.table)
    waiting = list(Hand.objects.filter(table=kind.table, accepted_at=None).values_list("number", flat=True))
    assert waiting == list(range(2, kind.hands + 1))
    words = page(b, kind.table)
    assert ("were entered or changed on your phone" if kind.hands > 2 else "was entered or changed") in words
    assert confirm(a, kind.table).status_code == 302
    assert confirmed(kind.table)


@pytest.mark.parametrize("name, side", [("partnership", "3"), ("progressive", "3"), ("three", "ns"), ("three", "N")])
def test_the_side_form_refuses_a_side_the_table_has_not(db, name, side):
    if name == "partnership":
        table = round_in_play(make_event()).tables.get(number=1)
    else:
        _event, table = _open_first_table("progressive_event.json" if name == "progressive"
                                          else "three_handed_event.json")
    r = Client(headers=EN).post(f"/t/{table.token}/side/", {"side": side, "code": "1111"})
    assert r.status_code == 400 and "Choose who you are from the list on this page." in r.content.decode()


def test_five_wrong_pins_lock_proving_the_side(db):
    table = round_in_play(make_event()).tables.get(number=1)
    phone = Client(headers=EN)
    wrong = "0000" if prove_code(table, "ew") != "0000" else "9999"
    for _ in range(5):
        assert phone.post(f"/t/{table.token}/side/", {"side": "ew", "code": wrong}).status_code == 400
    r = phone.post(f"/t/{table.token}/side/", {"side": "ew", "code": prove_code(table, "ew")})
    assert r.status_code == 400 and "Too many wrong codes at table 1" in r.content.decode()


def test_players_see_the_organizers_role_not_his_username(db):
    event = make_event()
    table = round_in_play(event).tables.get(number=1)
    phone = Client(headers=EN)
    prove_side(phone, table, "ns")
    for n in range(1, 5):
        phone.post(f"/t/{table.token}/", hand_post(table, n))
    organizer = login(make_user("orgx", event=event, role="organizer"))
    assert organizer.post(f"/events/{event.slug}/score/tables/{table.pk}/confirm/").status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == "orgx (organizer)"  # staff pages keep the username
    words = page(phone, table)
    assert "Confirmed by the organizer" in words and "orgx" not in words
