"""Every score-entry view against every role: anonymous, the table link of this table or of
another table, a scorer of this event or of another one, and an organizer."""

import pytest
from django.urls import reverse

from scoring.models import Hand, HandChange
from tests.builders import hand_post, prove_side
from tournaments.models import Partnership

ROLES = ["anonymous", "token_same", "token_other", "scorer_this", "scorer_other", "organizer"]


def as_role(client, setup, role):
    if role == "token_same":
        prove_side(client, setup.t1, "ew")
    elif role == "token_other":
        prove_side(client, setup.t2, "ew")
    elif role == "scorer_this":
        client.force_login(setup.scorer)
    elif role == "scorer_other":
        client.force_login(setup.outsider)
    elif role == "organizer":
        client.force_login(setup.organizer)
    return client


STAFF_GET = ["table-manage", "table-manage-hand", "table-history", "event-history", "table-manage-sheet"]
# What each role gets from the staff pages of table 1: a login redirect, refused, or the page.
EXPECTED_GET = {
    "anonymous": {name: 302 for name in STAFF_GET},
    "token_same": {name: 302 for name in STAFF_GET},
    "token_other": {name: 302 for name in STAFF_GET},
    "scorer_this": {"table-manage": 200, "table-manage-hand": 200, "table-history": 200, "event-history": 200,
                    "table-manage-sheet": 403},
    "scorer_other": {name: 403 for name in STAFF_GET},
    "organizer": {name: 200 for name in STAFF_GET},
}


def staff_url(setup, name, table=None):
    table = table or setup.t1
    if name == "event-history":
        return reverse("scoring:event-history", args=[setup.event.slug])
    if name == "table-manage-hand":
        return reverse("scoring:table-manage-hand", args=[setup.event.slug, table.pk, 1])
    return reverse(f"scoring:{name}", args=[setup.event.slug, table.pk])


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", STAFF_GET)
def test_staff_pages(client, played, role, name):
    r = as_role(client, played, role).get(staff_url(played, name))
    assert r.status_code == EXPECTED_GET[role][name]
    if r.status_code == 302:
        assert r["Location"].startswith(reverse("login"))
    if r.status_code == 200 and name != "event-history" and name != "table-history":
        assert "Ana Ruiz" in r.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_staff_confirm_and_dispute(client, played, role):
    as_role(client, played, role)
    confirm = client.post(staff_url(played, "table-manage-confirm"))
    dispute = client.post(staff_url(played, "table-manage-dispute"), {"reason": "check hand 2"})
    allowed = role in ("scorer_this", "organizer")
    expected = {"anonymous": 302, "token_same": 302, "token_other": 302, "scorer_other": 403}
    assert confirm.status_code == (302 if allowed else expected[role])
    assert dispute.status_code == (302 if allowed else expected[role])
    played.t1.refresh_from_db()
    actions = set(HandChange.objects.filter(table=played.t1).values_list("action", flat=True))
    assert ({"confirm", "dispute"} <= actions) == allowed
    assert not ({"confirm", "dispute"} & actions) or allowed


@pytest.mark.parametrize("role", ROLES)
def test_staff_hand_entry(client, setup, role):
    as_role(client, setup, role)
    r = client.post(staff_url(setup, "table-manage"), hand_post(setup.t1, 1))
    allowed = role in ("scorer_this", "organizer")
    assert r.status_code == (302 if allowed else {"scorer_other": 403}.get(role, 302))
    assert Hand.objects.filter(table=setup.t1).exists() == allowed
    if allowed:
        assert Hand.objects.get().entered_by == {"scorer_this": "sam (scorer)", "organizer": "olga (organizer)"}[role]


def test_a_scorer_of_another_event_cannot_reach_this_table_through_their_own_event(client, setup):
    client.force_login(setup.outsider)
    for name in ("table-manage", "table-history"):
        url = reverse(f"scoring:{name}", args=[setup.other_event.slug, setup.t1.pk])
        assert client.get(url).status_code == 404
    r = client.post(reverse("scoring:table-manage", args=[setup.other_event.slug, setup.t1.pk]), hand_post(setup.t1, 1))
    assert r.status_code == 404 and not Hand.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_table_link_pages_work_for_whoever_holds_the_link(client, played, role):
    """The link opens that table and nothing else; a side's PIN proves who holds it (docs/trust.md),
    whoever is logged in on the phone: no PIN, no side, no hand page, no confirmation."""
    as_role(client, played, role)
    token = played.t1.token
    client.post(reverse("scoring:table-side", args=[token]), {"clear": "1"})  # "not you?" (token_same proved E-W)
    r = client.post(reverse("scoring:table-side", args=[token]), {"side": "ew"})
    assert r.status_code == 400 and "Type your PIN (E-W): it is on your movement card." in r.content.decode()
    assert client.get(reverse("scoring:table-hand", args=[token, 1])).status_code == 302  # back to the side page
    assert client.post(reverse("scoring:table-confirm", args=[token])).status_code == 302
    played.t1.refresh_from_db()
    assert played.t1.confirmed_at is None
    prove_side(client, played.t1, "ew")
    assert "Carl Diaz" in client.get(reverse("scoring:table-entry", args=[token])).content.decode()
    assert client.get(reverse("scoring:table-hand", args=[token, 1])).status_code == 200
    r = client.post(reverse("scoring:table-confirm", args=[token]))
    assert r.status_code == 302
    played.t1.refresh_from_db()
    assert played.t1.confirmed_by == "E-W #2 on their phone"
    assert set(Hand.objects.filter(table=played.t1).values_list("accepted_side", flat=True)) == {"ew"}


def test_another_tables_link_never_reaches_this_table(client, played):
    """Table 2's link, used with table 1's PIN and hand numbers, proves, sees and changes only table 2."""
    Partnership.objects.filter(pk=played.t1.ns_id).update(pin="1234")
    Partnership.objects.filter(pk__in=[played.t2.ns_id, played.t2.ew_id]).update(pin="5678")
    other = played.t2.token
    r = client.post(reverse("scoring:table-side", args=[other]), {"side": "ns", "code": "1234"})
    assert r.status_code == 400 and "That is not the N-S PIN" in r.content.decode()
    prove_side(client, played.t2, "ns")
    assert client.get(reverse("scoring:table-hand", args=[other, 1])).status_code == 404  # t2 has no hand 1
    client.post(reverse("scoring:table-hand", args=[other, 1]), hand_post(played.t1, 1, tricks=10, version=1))
    client.post(reverse("scoring:table-confirm", args=[other]))
    client.post(reverse("scoring:table-dispute", args=[other]), {"reason": "x"})
    r = client.post(reverse("scoring:table-entry", args=[other]), hand_post(played.t1, 1))
    assert r.status_code == 302 and Hand.objects.filter(table=played.t2).count() == 1  # table 2's own hand 1
    assert list(Hand.objects.filter(table=played.t1).values_list("tricks", flat=True)) == [8, 8, 8, 8]
    played.t1.refresh_from_db()
    assert played.t1.confirmed_at is None and played.t1.disputed_at is None
    assert not Hand.objects.filter(table=played.t1, accepted_at__isnull=False).exists()
    page = client.get(reverse("scoring:table-entry", args=[other])).content.decode()
    assert "Ana Ruiz" not in page and "Eli Soto" in page


@pytest.mark.parametrize("role", ROLES)
def test_code_page_is_open_to_everyone_and_bad_tokens_leak_nothing(client, setup, role):
    as_role(client, setup, role)
    assert client.get(reverse("scoring:table-code")).status_code == 200
    r = client.get(reverse("scoring:table-entry", args=["Z" * 26]))
    assert r.status_code == 404 and "Ana Ruiz" not in r.content.decode()
