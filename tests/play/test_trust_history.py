"""The history says, for each hand, who entered it, who last changed it and who accepted it, with the
times (docs/trust.md, step 5), at a partnership table, a progressive table and a table of three.
Staff read usernames there; a page players see names staff by their role only (services.shown_label)."""

import datetime
import html
import itertools
import re

import pytest
from django.test import Client

from scoring import corrections, entry_data, services
from scoring.models import Hand
from tests.builders import hand_post, login, make_event, make_user, prove_side, round_in_play
from tests.play.test_individuals_entry import _open_first_table
from tests.play.test_individuals_entry import hand_post as three_post

EN = {"Accept-Language": "en"}  # the fixtures of individuals are French events
UTC = datetime.UTC
SCORERS = itertools.count()


def at(hour, minute, second=0):
    """A moment on 14 May 2026 in UTC; the pages show it in America/Chicago (UTC-5 in May)."""
    return datetime.datetime(2026, 5, 14, hour, minute, second, tzinfo=UTC)


def post_hand(kind, table, number, tricks=8):
    if kind == "three":
        return three_post(table, number, "1", "8H", tricks, {"2": 10 - tricks})
    return hand_post(table, number, tricks=tricks)


def play_and_correct(kind, table, a, b):
    """A enters every hand; B makes the last one 10 tricks and confirms (accepting the others); A
    accepts B's change. Each hand's moments are then set to known times (the flow sets them now)."""
    hands = table.round.event.hands_per_round
    one, two = Client(headers=EN), Client(headers=EN)
    prove_side(one, table, a)
    for n in range(1, hands + 1):
        assert one.post(f"/t/{table.token}/", post_hand(kind, table, n)).status_code == 302
    prove_side(two, table, b)
    r = two.post(f"/t/{table.token}/hands/{hands}/", post_hand(kind, table, hands, tricks=10) | {"version": "1"})
    assert r.status_code == 302, r.content.decode()[:1000]
    assert two.post(f"/t/{table.token}/confirm/").status_code == 302
    return one, hands


def set_times(table, hands):
    for n in range(1, hands + 1):
        Hand.objects.filter(table=table, number=n).update(entered_at=at(19, n))  # 2:01 PM ... in Chicago
    Hand.objects.filter(table=table, accepted_at__isnull=False).update(accepted_at=at(19, 30, 5))
    Hand.objects.filter(table=table, number=hands).update(changed_at=at(19, 20, 9))


def trail(page: str, number: int) -> str:
    item = re.search(rf'<li class="trail[^"]*" id="trail-{number}">(.*?)</li>\s*(?=<li class="trail|</ol>)', page, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", item[1])).split())


def history(event, table) -> str:
    scorer = login(make_user(f"sam-{next(SCORERS)}", event=event, role="scorer"))
    return scorer.get(f"/events/{event.slug}/score/tables/{table.pk}/history/", headers=EN).content.decode()


KINDS = {
    # kind: (side A, side B, A's label, B's label, hand 1 as the history sums it up)
    "partnership": ("ns", "ew", "N-S #1 on their phone", "E-W #2 on their phone",
                    "7♥ by N-S, 8 tricks · N-S +200, E-W +20"),
    # Progressive: a player proves himself and writes for his side (seats N 1, E 2 of the fixture).
    "progressive": ("N", "E", "Ana Garza on their phone", "Luis Peña on their phone",
                    "7♥ by N-S, 8 tricks · N-S +200, E-W +20"),
    "three": ("1", "2", "Ana Garza on their phone", "Luis Peña on their phone", None),
}


def table_for(kind):
    if kind == "partnership":
        event = make_event(slug="trust-history")
        return event, round_in_play(event).tables.get(number=1)
    return _open_first_table("progressive_event.json" if kind == "progressive" else "three_handed_event.json")


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_hand_says_who_entered_changed_and_accepted_it(db, kind):
    a, b, a_label, b_label, first = KINDS[kind]
    event, table = table_for(kind)
    one, hands = play_and_correct(kind, table, a, b)
    set_times(table, hands)
    page = history(event, table)
    # Hand 1: entered by A, accepted by B when B confirmed.
    hand_one = trail(page, 1)
    assert hand_one.startswith("Hand 1 · ")
    if first:
        assert hand_one == (f"Hand 1 · {first} Entered by {a_label} at 2:01:00 PM "
                            f"Accepted by {b_label} at 2:30:05 PM")
    else:
        assert hand_one.endswith(f"Entered by {a_label} at 2:01:00 PM Accepted by {b_label} at 2:30:05 PM")
    # The last hand: entered by A, changed by B, not accepted yet: B cannot accept its own change.
    last = trail(page, hands)
    assert last.endswith(f"Entered by {a_label} at 2:0{hands}:00 PM Changed by {b_label} at 2:20:09 PM "
                         "Not accepted yet.")
    assert f'class="trail trail-waits" id="trail-{hands}"' in page
    # B's confirmation is in the history as what it did.
    waiting = f"Hand {hands} still waits to be accepted."
    accepted = "Accepted hand 1." if hands == 2 else f"Accepted hands {services.and_list(range(1, hands))}."
    assert f"{accepted} {waiting}" in html.unescape(page)

    # A accepts B's change on its phone: now every hand has its acceptance and the table is confirmed.
    assert one.post(f"/t/{table.token}/confirm/").status_code == 302
    Hand.objects.filter(table=table, number=hands).update(accepted_at=at(19, 40, 1))
    page = history(event, table)
    assert trail(page, hands).endswith(f"Changed by {b_label} at 2:20:09 PM Accepted by {a_label} at 2:40:01 PM")
    table.refresh_from_db()
    assert table.confirmed_at is not None


def test_staff_are_named_in_the_history_and_by_their_role_on_players_pages(db):
    event = make_event(slug="trust-history-staff")
    table = round_in_play(event).tables.get(number=1)
    phone = Client(headers=EN)
    prove_side(phone, table, "ns")
    for n in range(1, 5):
        phone.post(f"/t/{table.token}/", hand_post(table, n))
    olga = services.Actor("olga (organizer)", is_organizer=True)
    hand = Hand.objects.get(table=table, number=2)
    services.hand_correct(hand=hand, expected_version=hand.version, actor=olga, reason="Scorer's sheet",
                          declarer="ns", contract="7H", tricks=9)
    services.table_confirm(table=table, actor=olga)
    set_times(table, 2)
    Hand.objects.filter(table=table, number=2).update(changed_at=at(19, 20, 9))
    page = history(event, table)
    assert trail(page, 1).endswith("Entered by N-S #1 on their phone at 2:01:00 PM "
                                   "Accepted by olga (organizer) at 2:30:05 PM")
    # Hand 2 was last written by the organizer: it needs no player's acceptance.
    assert trail(page, 2).endswith("Entered by N-S #1 on their phone at 2:02:00 PM "
                                   "Changed by olga (organizer) at 2:20:09 PM "
                                   "Written by staff: no player needs to accept it.")
    # The same trail as a page players may see it: roles, never usernames.
    public = {t.hand.number: t for t in entry_data.hand_trails(table, public=True)}
    assert public[2].changed[0] == "the organizer" and public[1].accepted[0] == "the organizer"
    assert public[1].entered[0] == "N-S #1 on their phone"


def test_a_hand_moved_up_keeps_its_own_corrector(db):
    """E-W corrects hand 4; the organizer deletes hand 2, so hand 4 becomes hand 3. The trail of hand 3
    still says E-W changed it (the move up is the organizer's, but it changed no value)."""
    event = make_event(slug="trust-history-moved")
    table = round_in_play(event).tables.get(number=1)
    ns, ew = Client(headers=EN), Client(headers=EN)
    prove_side(ns, table, "ns")
    for n in range(1, 5):
        ns.post(f"/t/{table.token}/", hand_post(table, n))
    prove_side(ew, table, "ew")
    assert ew.post(f"/t/{table.token}/hands/4/", hand_post(table, 4, tricks=10) | {"version": "1"}).status_code == 302
    olga = services.Actor("olga (organizer)", is_organizer=True)
    corrections.hand_delete(hand=Hand.objects.get(table=table, number=2), actor=olga, reason="Hand 2 was dealt twice")
    moved = {t.hand.number: t for t in entry_data.hand_trails(table)}
    assert sorted(moved) == [1, 2, 3]
    assert moved[3].hand.tricks == 10
    assert moved[3].changed[0] == "E-W #2 on their phone"
    assert moved[2].changed is None and moved[2].entered[0] == "N-S #1 on their phone"
