"""What a table link, a scorer and an organizer may do at a table whose round is planned, in play,
confirmed or closed (docs/organizer-guide.md, "What a table link may do"): the services refuse with a plain
message, the pages say why and still show the table and its players."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_correct, hand_record, table_confirm, table_dispute
from tests.builders import hand_post, prove_side
from tournaments.services import played_boundary, round_close, round_create

LINK = Actor(label="E-W #2 (table link)")
ORGANIZER_LABEL = "olga (organizer)"
HAND = {"declarer": "ns", "contract": "7H", "tricks": 8}


def staff(setup, kind):
    if kind == "scorer":
        return Actor(label="sam (scorer)", user=setup.scorer)
    return Actor(label=ORGANIZER_LABEL, user=setup.organizer, is_organizer=True)


def planned_table(setup):
    """Round 2, planned: table 1 is partnership 1 v partnership 3."""
    p1, p2, p3, p4 = setup.t1.ns, setup.t1.ew, setup.t2.ns, setup.t2.ew
    rnd = round_create(event=setup.event, number=2, tables=[(1, p1, p3), (2, p2, p4)])
    return rnd.tables.get(number=1)


def fill(table, count, actor):
    for n in range(1, count + 1):
        hand_record(table=table, number=n, actor=actor, side="ns", **HAND)


# --- planned rounds --------------------------------------------------------------------------

def test_a_table_link_of_a_planned_round_saves_nothing_and_the_round_stays_unplayed(setup):
    table = planned_table(setup)
    with pytest.raises(ValidationError) as caught:
        hand_record(table=table, number=1, actor=LINK, side="ew", **HAND)
    assert caught.value.messages == ["Round 2 has not started; this is next round's sheet. "
                                     "Enter the round being played now, or ask the organizer."]
    assert not Hand.objects.filter(table=table).exists() and not HandChange.objects.exists()
    assert played_boundary(setup.event) == 1  # round 2 can still be planned again


def test_the_planned_tables_page_shows_the_players_and_refuses_the_post(client, setup):
    table = planned_table(setup)
    url = reverse("scoring:table-entry", args=[table.token])
    prove_side(client, table, "ns")
    page = client.get(url).content.decode()
    assert "Round 2 has not started; this is next round's sheet." in page
    assert "Ana Ruiz" in page and "Eli Soto" in page  # partnership 1 v partnership 3
    assert 'id="hand-form"' not in page
    r = client.post(url, hand_post(table, 1))
    assert r.status_code == 400 and "has not started" in r.content.decode()
    assert not Hand.objects.exists()


# --- confirmed tables ------------------------------------------------------------------------

def confirmed_table(setup):
    fill(setup.t1, 4, Actor(label="N-S #1 (table link)"))
    table_confirm(table=setup.t1, actor=LINK, side="ew", code=setup.t1.ew.pin)
    setup.t1.refresh_from_db()
    return setup.t1


def test_a_confirmed_table_cannot_be_changed_from_its_link(setup):
    table = confirmed_table(setup)
    hand = Hand.objects.get(table=table, number=4)
    for action in (lambda: hand_correct(hand=hand, expected_version=1, actor=Actor("N-S #1 (table link)"), tricks=10),
                   lambda: table_dispute(table=table, actor=LINK, reason="hand 4 was 10 tricks")):
        with pytest.raises(ValidationError) as caught:
            action()
        assert caught.value.messages == ["Table 1's scores are confirmed, so they can no longer be changed here. "
                                         "Ask an organizer or scorer."]
    table.refresh_from_db()
    hand.refresh_from_db()
    assert (hand.tricks, hand.ns_points) == (8, 200) and table.confirmed_at and not table.disputed_at


def test_a_scorer_corrects_a_confirmed_table_only_with_a_reason(setup):
    table = confirmed_table(setup)
    hand = Hand.objects.get(table=table, number=4)
    with pytest.raises(ValidationError) as caught:
        hand_correct(hand=hand, expected_version=1, actor=staff(setup, "scorer"), tricks=10)
    assert caught.value.message_dict == {"reason": ["Give a reason for correcting a hand of table 1: its scores "
                                                    "were confirmed."]}
    hand_correct(hand=hand, expected_version=1, actor=staff(setup, "scorer"), tricks=10, reason="N-S took 10")
    hand.refresh_from_db()
    # RULES.md: all ten tricks on a bid worth less than 250 score 250 (the slam).
    assert (hand.tricks, hand.ns_points, hand.ew_points) == (10, 250, 0)
    assert HandChange.objects.get(action="update").reason == "N-S took 10"


def test_the_confirmed_tables_pages_are_read_only_through_the_link(client, setup):
    table = confirmed_table(setup)
    prove_side(client, table, "ns")
    page = client.get(reverse("scoring:table-entry", args=[table.token])).content.decode()
    assert "These scores are confirmed, so they can no longer be changed here." in page
    assert "Fix</a>" not in page and "Call the organizer" not in page
    hand_page = client.get(reverse("scoring:table-hand", args=[table.token, 4])).content.decode()
    assert 'id="hand-form"' not in hand_page and "ask an organizer or scorer" in hand_page
    r = client.post(reverse("scoring:table-hand", args=[table.token, 4]), hand_post(table, 4, tricks=10, version=1))
    assert r.status_code == 400
    assert Hand.objects.get(table=table, number=4).tricks == 8
    # The scorer's page asks for the reason.
    client.force_login(setup.scorer)
    staff_page = client.get(reverse("scoring:table-manage-hand", args=[setup.event.slug, table.pk, 4])).content.decode()
    assert "Reason for the correction" in staff_page


# --- the matrix: four states x three roles x four writes --------------------------------------

STATES = ["planned", "open", "confirmed", "closed"]
ROLES = ["link", "scorer", "organizer"]
ACTIONS = ["record", "correct", "confirm", "dispute"]
PLANNED = "has not started; this is next round's sheet"
CLOSED = "is closed, so its scores can no longer be changed here"
CONFIRMED = "scores are confirmed, so they can no longer be changed here"
# "ok": the write happens; "same": allowed, but the table is already confirmed so nothing changes;
# otherwise the refusal's words. Staff may type a planned round's paper sheet; a closed round
# takes only an organizer's writes.
EXPECTED = {
    "planned": {"link": dict.fromkeys(ACTIONS, PLANNED), "scorer": dict.fromkeys(ACTIONS, "ok"),
                "organizer": dict.fromkeys(ACTIONS, "ok")},
    "open": {role: dict.fromkeys(ACTIONS, "ok") for role in ROLES},
    # A confirmed table has every hand: "record" there is hand 4 sent again (a late retry).
    "confirmed": {"link": {"record": CONFIRMED, "correct": CONFIRMED, "confirm": "same", "dispute": CONFIRMED},
                  "scorer": {"record": "same", "correct": "ok", "confirm": "same", "dispute": "ok"},
                  "organizer": {"record": "same", "correct": "ok", "confirm": "same", "dispute": "ok"}},
    "closed": {"link": dict.fromkeys(ACTIONS, CLOSED), "scorer": dict.fromkeys(ACTIONS, CLOSED),
               "organizer": dict.fromkeys(ACTIONS, "ok")},
}


def prepare(setup, state, action):
    """The table in `state`, with 3 hands when the action records the 4th, else with all 4."""
    organizer = staff(setup, "organizer")
    table = planned_table(setup) if state == "planned" else setup.t1
    fill(table, 3 if action == "record" and state != "confirmed" else 4, organizer)
    table.refresh_from_db()
    if state == "confirmed":
        table_confirm(table=table, actor=organizer)
    if state == "closed":
        round_close(rnd=table.round, by="olga", force=True, reason="time is up")
    table.refresh_from_db()
    return table


def act(setup, table, action, role):
    actor = LINK if role == "link" else staff(setup, role)
    if action == "record":
        hand_record(table=table, number=4, actor=actor, side="ew" if role == "link" else "", **HAND)
    elif action == "correct":
        hand = Hand.objects.get(table=table, number=4)
        hand_correct(hand=hand, expected_version=hand.version, actor=actor, tricks=10, reason="miscounted")
    elif action == "confirm":
        pin = table.ew.pin if role == "link" else None
        table_confirm(table=table, actor=actor, side="ew" if role == "link" else "", code=pin)
    else:
        table_dispute(table=table, actor=actor, reason="hand 2 was 6 tricks")


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("state", STATES)
def test_who_may_write_in_each_state(setup, state, role, action):
    expected = EXPECTED[state][role][action]
    table = prepare(setup, state, action)
    before = list(HandChange.objects.order_by("pk").values_list("action", flat=True))
    try:
        act(setup, table, action, role)
    except ValidationError as exc:
        assert expected not in ("ok", "same"), exc.messages
        assert expected in " ".join(exc.messages)
        assert list(HandChange.objects.order_by("pk").values_list("action", flat=True)) == before
    else:
        assert expected in ("ok", "same"), f"{role} could {action} at a {state} table"
        written = list(HandChange.objects.order_by("pk").values_list("action", flat=True))[len(before):]
        want = {"record": ["create"], "correct": ["update"], "confirm": ["confirm"], "dispute": ["dispute"]}[action]
        assert written == (want if expected == "ok" else [])
