"""Confirmation by the other partnership (typing its number) or by staff, and disputes."""

from django.urls import reverse

from scoring.models import HandChange
from tests.builders import enter_hands, prove_side


def phone(client, table, side):
    prove_side(client, table, side)
    return client


def confirm(client, table, number=None):
    data = {} if number is None else {"partnership": str(number)}
    return client.post(reverse("scoring:table-confirm", args=[table.token]), data)


def test_the_entering_side_is_asked_to_hand_over_and_cannot_confirm_itself(client, setup):
    enter_hands(setup.t1)
    phone(client, setup.t1, "ns")
    page = client.get(reverse("scoring:table-entry", args=[setup.t1.token])).content.decode()
    assert "Now the other side checks" in page and "E-W · Carl Diaz &amp; Dora Vega" in page
    assert "Hands 1, 2, 3 and 4 were entered or changed on your phone" in page
    r = confirm(client, setup.t1)
    assert r.status_code == 400 and "Every hand was entered on this phone" in r.content.decode()
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is None


def test_the_other_side_confirms_by_typing_its_own_number(client, setup):
    # The number-only check is now an event setting; the default asks for the PIN (test_pin_confirm).
    setup.event.confirmation_check = "number"
    setup.event.save(update_fields=["confirmation_check"])
    enter_hands(setup.t1)
    side = reverse("scoring:table-side", args=[setup.t1.token])
    r = client.post(side, {"side": "ew", "code": "1"})
    assert r.status_code == 400 and "Type your own partnership number (1 is not it)." in r.content.decode()
    r = client.post(side, {"side": "ew", "code": ""})
    assert "Type your own partnership number (it is on your score card)." in r.content.decode()
    assert client.post(side, {"side": "ew", "code": "2"}).status_code == 302
    page = client.get(reverse("scoring:table-entry", args=[setup.t1.token])).content.decode()
    assert "Round totals: N-S <strong>800</strong> · E-W <strong>80</strong>" in page
    assert confirm(client, setup.t1).status_code == 302
    setup.t1.refresh_from_db()
    assert (setup.t1.confirmed_by, setup.t1.status_for(4, 4)) == ("E-W #2 on their phone", "confirmed")
    assert HandChange.objects.filter(action="confirm").count() == 1


def test_confirmation_waits_for_every_hand(client, setup):
    enter_hands(setup.t1, 3)
    phone(client, setup.t1, "ew")
    page = client.get(reverse("scoring:table-entry", args=[setup.t1.token])).content.decode()
    assert "Confirm the scores" not in page
    r = confirm(client, setup.t1, 2)
    assert "Only 3 of 4 hands are entered" in r.content.decode()


def test_a_scorer_confirms_without_typing_a_number(client, setup):
    enter_hands(setup.t1)
    client.force_login(setup.scorer)
    r = client.post(reverse("scoring:table-manage-confirm", args=[setup.event.slug, setup.t1.pk]))
    assert r.status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_by == "sam (scorer)"


def test_a_dispute_needs_a_reason_and_shows_on_the_page(client, setup):
    enter_hands(setup.t1)
    phone(client, setup.t1, "ew")
    url = reverse("scoring:table-dispute", args=[setup.t1.token])
    r = client.post(url, {"reason": ""})
    assert r.status_code == 400 and "Say what is wrong, so the organizer can settle it." in r.content.decode()
    assert client.post(url, {"reason": "Hand 2 was 6 tricks"}).status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.status_for(4, 4) == "disputed"
    client.force_login(setup.organizer)
    page = client.get(reverse("scoring:table-manage", args=[setup.event.slug, setup.t1.pk])).content.decode()
    assert "Disputed:</strong> Hand 2 was 6 tricks" in page
    assert client.post(reverse("scoring:table-manage-confirm", args=[setup.event.slug, setup.t1.pk])).status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.status_for(4, 4) == "confirmed"
