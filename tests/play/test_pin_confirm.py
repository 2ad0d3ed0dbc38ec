"""The opponents' check: a phone proves its side with its partnership's PIN (or its number, when the
event chooses the number-only check) before it enters or confirms, and a table is confirmed only by
the partnership that did not enter the scores; wrong PINs are limited per table; staff confirm
without one; the PIN shows to organizers and on nothing public; event files carry it (docs/trust.md)."""

import datetime
import importlib

import pytest
from django.apps import apps as django_apps
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from scoring.engine.eventfile import check, parse, to_dict
from scoring.event_io import event_export, event_import
from scoring.models import ConfirmFailure, HandChange
from scoring.printing.data import cards_doc
from scoring.services import Actor, hand_record, table_confirm
from tests.builders import page_text, prove_side
from tournaments.models import Partnership
from tournaments.services import partnership_register, partnerships_import

NS_PHONE = Actor(label="N-S #1 (table link)")
EW_PHONE = Actor(label="E-W #2 (table link)")


@pytest.fixture
def entered(setup):
    """Table 1 (1 v 2): N-S entered all four hands; E-W's PIN is 4821, N-S's 1357."""
    Partnership.objects.filter(pk=setup.t1.ns_id).update(pin="1357")
    Partnership.objects.filter(pk=setup.t1.ew_id).update(pin="4821")
    for n in range(1, 5):
        hand_record(table=setup.t1, number=n, actor=NS_PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    setup.t1.refresh_from_db()
    return setup


def phone(client, table, side):
    prove_side(client, table, side)
    return client


def claim(client, table, side, code):
    return client.post(reverse("scoring:table-side", args=[table.token]), {"side": side, "code": code})


def confirm(client, table, **data):
    return client.post(reverse("scoring:table-confirm", args=[table.token]), data)


def test_the_opponents_partnership_number_no_longer_confirms(client, entered):
    """Anyone reading the public movement knows partnership 2's number; it is not enough now."""
    r = claim(client, entered.t1, "ew", "2")
    assert r.status_code == 400 and "That is not the E-W PIN. Check your movement card." in r.content.decode()
    assert confirm(client, entered.t1, partnership="2").status_code == 302  # not proven: back to the side page
    with pytest.raises(ValidationError):
        table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code="2")  # the service checks too
    entered.t1.refresh_from_db()
    assert entered.t1.confirmed_at is None and not HandChange.objects.filter(action="confirm").exists()


def test_the_opponents_confirm_with_their_own_pin_only(client, entered):
    r = claim(client, entered.t1, "ew", "1357")  # the entering side's PIN is not E-W's
    assert r.status_code == 400 and "That is not the E-W PIN. Check your movement card." in r.content.decode()
    assert claim(client, entered.t1, "ew", " 4821 ").status_code == 302
    page = client.get(reverse("scoring:table-entry", args=[entered.t1.token])).content.decode()
    assert "Confirm the scores" in page and 'name="pin"' not in page  # proven once: a button, no second PIN
    assert confirm(client, entered.t1).status_code == 302
    entered.t1.refresh_from_db()
    assert entered.t1.confirmed_by == "E-W #2 on their phone"  # the view's label, in the players' words
    assert ConfirmFailure.objects.filter(table=entered.t1).count() == 1


def test_the_entering_side_cannot_confirm_even_with_its_own_pin(entered):
    with pytest.raises(ValidationError, match="Every hand was entered on this phone"):
        table_confirm(table=entered.t1, actor=NS_PHONE, side="ns", code="1357")


def test_five_wrong_pins_lock_the_link_for_ten_minutes_but_not_the_staff(entered):
    for guess in ("0000", "1111", "2222", "3333"):
        with pytest.raises(ValidationError, match="That is not the E-W PIN"):
            table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code=guess)
    with pytest.raises(ValidationError) as caught:
        table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code="4444")
    assert "That was the 5th wrong code: ask an organizer or scorer to confirm." in caught.value.messages[0]
    assert ConfirmFailure.objects.filter(table=entered.t1, side="ew").count() == 5  # kept though refused
    # Now even the right PIN is refused, with the time left.
    with pytest.raises(ValidationError) as caught:
        table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code="4821")
    assert caught.value.messages == ["Too many wrong codes at table 1: confirming on the players' phones is locked "
                                     "for 10 more minutes. An organizer or scorer can confirm the table now."]
    # Another table is not affected.
    assert not ConfirmFailure.objects.filter(table=entered.t2).exists()
    # Ten minutes after the first wrong PIN, one slot frees and the right PIN works.
    oldest = ConfirmFailure.objects.order_by("at").first()
    ConfirmFailure.objects.filter(pk=oldest.pk).update(at=timezone.now() - datetime.timedelta(minutes=10, seconds=1))
    table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code="4821")
    entered.t1.refresh_from_db()
    assert entered.t1.confirmed_by == "E-W #2 (table link)"


def test_a_scorer_confirms_a_locked_table(entered):
    ConfirmFailure.objects.bulk_create([ConfirmFailure(table=entered.t1, side="ew") for _ in range(5)])
    table_confirm(table=entered.t1, actor=Actor(label="sam (scorer)", user=entered.scorer))
    entered.t1.refresh_from_db()
    assert entered.t1.confirmed_by == "sam (scorer)"


def test_an_empty_box_is_not_counted_as_a_guess(entered):
    with pytest.raises(ValidationError, match=r"Type your PIN \(E-W\)"):
        table_confirm(table=entered.t1, actor=EW_PHONE, side="ew", code="")
    assert not ConfirmFailure.objects.exists()


def test_the_number_only_check_is_an_event_setting(client, entered):
    entered.event.confirmation_check = "number"
    entered.event.save(update_fields=["confirmation_check"])
    page = client.get(reverse("scoring:table-entry", args=[entered.t1.token])).content.decode()
    assert "Your partnership number" in page and "Your PIN" not in page
    assert claim(client, entered.t1, "ew", "4821").status_code == 400  # the PIN is not the number
    assert claim(client, entered.t1, "ew", "2").status_code == 302
    assert confirm(client, entered.t1).status_code == 302
    entered.t1.refresh_from_db()
    assert entered.t1.confirmed_by == "E-W #2 on their phone"


def test_the_organizer_chooses_the_check_on_the_settings_form(client, setup):
    client.force_login(setup.organizer)
    url = reverse("tournaments:event-edit", args=[setup.event.slug])
    page = client.get(url).content.decode()
    assert 'name="confirmation_check" value="pin"' in page and "anyone can confirm any table" in page
    data = {"name": setup.event.name, "date": "2026-05-14", "venue": "", "rules_preset": setup.event.rules_preset,
            "rounds": "10", "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0",
            "confirmation_required": "on", "medal_scope": "overall", "page_size": "letter",
            "confirmation_check": "number"}
    assert client.post(url, data).status_code == 302
    setup.event.refresh_from_db()
    assert setup.event.confirmation_check == "number"
    del data["confirmation_check"]  # an older form without the field keeps the setting
    assert client.post(url, data).status_code == 302
    setup.event.refresh_from_db()
    assert setup.event.confirmation_check == "number"


# --- where the PIN shows ------------------------------------------------------------------------

def test_the_pin_shows_to_organizers_and_on_the_movement_card_data(client, entered):
    client.force_login(entered.organizer)
    page = client.get(reverse("tournaments:partnerships", args=[entered.event.slug])).content.decode()
    assert "PIN <code>4821</code>" in page and "PIN <code>1357</code>" in page
    cards = {card.number: card.pin for card in cards_doc(entered.event).cards}
    assert cards[1] == "1357" and cards[2] == "4821"


def test_the_pin_is_on_nothing_public(client, entered):
    slug = entered.event.slug
    public = [reverse(name, args=[slug]) for name in (
        "tournaments:event-detail", "tournaments:movement", "scoring:standings", "scoring:standings-fragment",
        "scoring:standings-json", "scoring:standings-csv", "scoring:projector", "scoring:medals")]
    public += [reverse("scoring:partnership", args=[slug, n]) for n in (1, 2)]
    for url in public:
        r = client.get(url)
        assert r.status_code == 200, url
        body = page_text(r)
        assert "4821" not in body and "1357" not in body, url
    # Neither side's phone shows a PIN (the link is on a paper sheet anyone at the table holds).
    for side in ("ns", "ew"):
        body = page_text(phone(client, entered.t1, side).get(reverse("scoring:table-entry", args=[entered.t1.token])))
        assert "4821" not in body and "1357" not in body


# --- every partnership has one ------------------------------------------------------------------

def test_new_registered_and_imported_partnerships_get_their_own_random_pin(setup):
    one = partnership_register(event=setup.event, player_one="Ivy Paz", player_two="Jon Sol")
    rows = partnerships_import(event=setup.event, data="7, Kim Oro, Lia Mar\n8, Max Rey, Ned Gil\n")
    pins = [one.pin] + [p.pin for p in rows] + list(Partnership.objects.values_list("pin", flat=True))
    assert all(len(pin) == 4 and pin.isascii() and pin.isdigit() for pin in pins)
    many = {Partnership(number=1).pin for _ in range(200)}
    assert len(many) > 150  # random, not one shared default


def test_the_migration_gives_existing_partnerships_different_pins(setup):
    migration = importlib.import_module("tournaments.migrations.0004_confirmation_pin")
    Partnership.objects.update(pin="")
    migration.fill_pins(django_apps, None)
    pins = list(Partnership.objects.values_list("pin", flat=True))
    assert len(pins) == 8 and all(len(p) == 4 and p.isdigit() for p in pins)
    assert len(set(pins)) > 1


def _file(**partnership):
    return {"format": "500-event/1",
            "event": {"name": "Pin Open", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 4},
            "partnerships": [{"number": 1, "players": ["A", "B"], **partnership},
                             {"number": 2, "players": ["C", "D"]}],
            "rounds": []}


def test_the_event_file_carries_the_pin_and_checks_it():
    parsed = parse(_file(pin="0427"))
    assert parsed.partnerships[0].pin == "0427" and parsed.partnerships[1].pin == ""
    assert to_dict(parsed)["partnerships"][0]["pin"] == "0427"
    for bad in (427, "427", "04271", "٠٤٢٧", True):
        problems, _ = check(_file(pin=bad))
        assert len(problems) == 1 and problems[0].startswith("partnerships[0].pin: "), problems
        assert "is not a PIN (4 digits, as text: \"0427\")" in problems[0]


@pytest.mark.django_db
def test_import_keeps_a_pin_and_draws_a_missing_one_and_export_writes_it():
    event = event_import(_file(pin="0427"))
    pins = dict(event.partnerships.values_list("number", "pin"))
    assert pins[1] == "0427" and len(pins[2]) == 4 and pins[2].isdigit()
    assert [p["pin"] for p in event_export(event)["partnerships"]] == ["0427", pins[2]]
