"""Hardening against hostile or careless input: spreadsheet formulas in the standings CSV, numbers
written with non-ASCII digits, login lockouts, who may publish an event, and what a phone is told
when the server fails (docs/operations.md, "Production")."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors
from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import spreadsheet_cell, whole_number
from tests.builders import hand_post, make_event, make_partnerships, play, prove_side, tie_for_second
from tournaments.models import Player
from tournaments.services import round_create

HOSTILE = {
    "=HYPERLINK(\"http://x.example\",\"win\")": "'=HYPERLINK(\"http://x.example\",\"win\")",
    "+cmd|' /C calc'!A0": "'+cmd|' /C calc'!A0",
    "@SUM(1+1)": "'@SUM(1+1)",
    "-2+3": "'-2+3",
    "\tTab": "'\tTab",
    "\rReturn": "'\rReturn",
}


# --- Standings CSV: formulas neutralised, numbers kept ------------------------------------------

@pytest.fixture
def set_event(db):
    """One round of one hand: 1 (N-S) bids 6S and takes 5 tricks: 1 scores -40, 2 scores +50
    (RULES.md: set = minus the value; defenders 10 a trick)."""
    event = make_event(rounds=1, hands_per_round=1)
    p = make_partnerships(event, 2)
    rnd = round_create(event=event, number=1, tables=[(1, p[1], p[2])])
    play(rnd.tables.get(), [("ns", "6S", 5)])
    names = list(HOSTILE)
    Player.objects.filter(pk=p[1].player_one_id).update(name=names[0])
    Player.objects.filter(pk=p[1].player_two_id).update(name=names[1])
    Player.objects.filter(pk=p[2].player_one_id).update(name=names[2])
    Player.objects.filter(pk=p[2].player_two_id).update(name=names[3])
    p[1].division, p[2].division = names[4], names[5]
    p[1].save(), p[2].save()
    return event


def _csv_rows(text: str) -> dict[str, dict]:
    return {row["partnership"]: row for row in csv.DictReader(io.StringIO(text))}


def test_standings_csv_neutralises_formulas_and_keeps_numbers(client, set_event):
    response = client.get(reverse("scoring:standings-csv", args=[set_event.slug]))
    rows = _csv_rows(response.content.decode())
    one, two = rows["1"], rows["2"]
    names = list(HOSTILE.values())
    assert len(rows) == 2
    assert [one["player_1"], one["player_2"], two["player_1"], two["player_2"]] == names[:4]
    # A carriage return inside a cell becomes a line feed, which the writer quotes: one row a line.
    assert [one["division"], two["division"]] == ["'\tTab", "'\nReturn"]
    # A negative total is a number, not text: no apostrophe.
    assert one["total"] == "-40" and one["R1"] == "-40"
    assert two["total"] == "50" and two["R1"] == "50"


def test_standings_command_csv_is_neutralised_too(set_event):
    text = standings_engine.as_csv(selectors.event_standings(set_event))
    assert "'=HYPERLINK" in text and ",=HYPERLINK" not in text and '"=HYPERLINK' not in text


@pytest.mark.parametrize("value, expected", [
    *HOSTILE.items(), ("Ana Peña", "Ana Peña"), ("", ""), ("a=b", "a=b"), (-40, -40), (0, 0), (None, None),
])
def test_spreadsheet_cell(value, expected):
    assert spreadsheet_cell(value) == expected


# --- Numbers from requests: ASCII digits only, bounded ------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    ("12", 12), (" 7 ", 7), ("007", 7), ("²", None), ("١٢", None), ("１", None), ("1_000", None), ("+3", None),
    ("-3", None), ("", None), ("3.0", None), ("9" * 9, 999_999_999), ("9" * 10, None), (None, None), (5, None),
])
def test_whole_number(raw, expected):
    assert whole_number(raw) == expected


def test_whole_number_signed_and_long():
    assert whole_number("-40", signed=True) == -40
    assert whole_number("--40", signed=True) is None
    assert whole_number("9" * 5000, max_digits=60) is None  # int() would raise past 4,300 digits


@pytest.fixture
def standings_event(db):
    event, _ = tie_for_second()
    return event


SUPERSCRIPT_TWO = "²"  # str.isdigit() says yes, int() says no


@pytest.mark.parametrize("name", ["scoring:standings", "scoring:standings-fragment", "scoring:projector"])
@pytest.mark.parametrize("find", [SUPERSCRIPT_TWO, "١", "#²", "9" * 5000, "1_0"])
def test_find_with_unicode_digits_is_ignored_not_a_crash(standings_event, name, find):
    client = Client(raise_request_exception=False)
    response = client.get(reverse(name, args=[standings_event.slug]), {"find": find, "page": SUPERSCRIPT_TWO})
    assert response.status_code == 200


def test_find_still_finds_an_ascii_number(client, standings_event):
    response = client.get(reverse("scoring:standings", args=[standings_event.slug]), {"find": "3"})
    assert response.status_code == 200
    assert response.context["table"].found["number"] == 3


@pytest.mark.parametrize("round_", [SUPERSCRIPT_TWO, "٣", "1" * 400])
def test_public_pdf_with_unicode_round_is_a_clear_400(standings_event, round_):
    client = Client(raise_request_exception=False)
    response = client.get(reverse("scoring:pdf", args=[standings_event.slug, "standings"]), {"round": round_})
    assert response.status_code == 400
    assert "is not a round number" in response.content.decode()


def test_a_huge_number_in_the_address_is_not_found(client, standings_event):
    response = client.get(f"/events/{standings_event.slug}/partnerships/{'9' * 30}/")
    assert response.status_code == 404


def test_partnership_form_refuses_non_ascii_digits(standings_event):
    from tournaments.forms import PartnershipForm

    form = PartnershipForm({"number": "٣", "player_one": "Ana", "player_two": "Bob"})
    assert not form.is_valid() and "number" in form.errors
    form = PartnershipForm({"number": "3", "player_one": "Ana", "player_two": "Bob"})
    assert form.is_valid() and form.cleaned_data["number"] == 3


def test_registration_csv_refuses_fullwidth_and_arabic_digits():
    from scoring.engine.registration import check_number

    assert check_number("１") == (None, "the partnership number '１' is not a whole number")
    assert check_number("٣")[0] is None
    assert check_number("12") == (12, "")


# --- A fault reaches the phone as a page that says what to do ------------------------------------

def test_a_save_with_the_database_down_shows_the_500_page(setup, monkeypatch):  # noqa: F811
    from django.db import OperationalError

    from scoring import services
    from scoring.models import Hand

    phone = Client(raise_request_exception=False)
    prove_side(phone, setup.t1, "ns")

    def database_down(**kwargs):
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(services, "hand_record", database_down)
    response = phone.post(reverse("scoring:table-entry", args=[setup.t1.token]), hand_post(setup.t1, 1))
    assert response.status_code == 500
    page = response.content.decode()
    assert "Your hand may not have been saved." in page
    assert "Wait a moment and try again" in page and "tell the organizer" in page
    assert "Server Error (500)" not in page and "Traceback" not in page
    assert not Hand.objects.exists()


def test_the_500_page_needs_no_database_or_request():
    from django.template.loader import get_template

    # Django's server_error view renders it with an empty context. No db fixture here: any query
    # would raise "Database access not allowed".
    html = get_template("500.html").render({})
    assert "Your hand may not have been saved." in html and "tell the organizer" in html


def test_entry_js_says_not_saved_on_a_5xx_or_no_network():
    from django.conf import settings

    js = (settings.BASE_DIR / "static" / "js" / "entry.js").read_text()
    start = js.index("function sayWhenNotSaved(form)")
    body = js[start:js.index("\n  }\n", start)]
    assert "Not saved — try again" in body
    assert "response.status >= 500" in body and ".catch(" in body  # 500, 503 and a failed fetch
    assert 'forEach(sayWhenNotSaved)' in js


# --- Who may publish an event; hiding and deleting practice events -------------------------------

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _event_form(name):
    return {"name": name, "date": "2026-05-14", "venue": "", "rules_preset": "mcallen", "rounds": "3",
            "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0",
            "confirmation_required": "on", "medal_scope": "overall", "page_size": "letter"}


@pytest.fixture
def people(db):
    from django.contrib.auth import get_user_model

    make = get_user_model().objects.create_user
    return {"scorer": make("sam"), "creator": make("cora")}


def _as(user):
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


def test_an_account_without_the_permission_cannot_publish_an_event(people):
    from tournaments.models import Event

    scorer = _as(people["scorer"])
    assert scorer.get(reverse("tournaments:event-create")).status_code == 403
    response = scorer.post(reverse("tournaments:event-create"), _event_form("500 OFFICIAL RESULTS"))
    assert response.status_code == 403 and "may not create events" in response.content.decode()
    assert not Event.objects.exists()
    assert "New event" not in scorer.get(reverse("tournaments:event-list")).content.decode()


def test_the_permission_lets_an_account_create_events_and_pass_it_on(people):
    from tournaments.models import Event
    from tournaments.services import grant_event_creation

    grant_event_creation(people["creator"])
    creator = _as(people["creator"])
    assert "New event" in creator.get(reverse("tournaments:event-list")).content.decode()
    response = creator.post(reverse("tournaments:event-create"), _event_form("Club night"))
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Club night")
    # As the event's organizer, the creator may let a staff member create events too...
    creator.post(reverse("tournaments:staff", args=[event.slug]),
                 {"username": "sam", "role": "scorer", "may_create_events": "on"})
    people["scorer"].refresh_from_db()
    assert type(people["scorer"]).objects.get(pk=people["scorer"].pk).has_perm("tournaments.add_event")


def test_an_organizer_without_the_permission_cannot_grant_it(people):
    from django.contrib.auth import get_user_model

    from tournaments.models import EventStaff

    event = make_event()
    EventStaff.objects.create(event=event, user=people["creator"], role="organizer")
    _as(people["creator"]).post(reverse("tournaments:staff", args=[event.slug]),
                                {"username": "sam", "role": "scorer", "may_create_events": "on"})
    sam = get_user_model().objects.get(username="sam")
    assert EventStaff.objects.filter(event=event, user=sam).exists()
    assert not sam.has_perm("tournaments.add_event")


def test_a_hidden_event_leaves_the_public_list_but_not_its_staffs(people):
    from tournaments.models import EventStaff

    shown, hidden = make_event(slug="shown", name="Shown 500"), make_event(slug="hidden", name="Hidden 500")
    EventStaff.objects.create(event=hidden, user=people["creator"], role="organizer")
    organizer = _as(people["creator"])
    response = organizer.post(reverse("tournaments:event-listing", args=["hidden"]), {"practice": "on"})
    assert response.status_code == 302
    hidden.refresh_from_db()
    assert (hidden.listed, hidden.practice) == (False, True)
    public = Client().get(reverse("tournaments:event-list")).content.decode()
    assert "Shown 500" in public and "Hidden 500" not in public
    assert "Hidden 500" not in _as(people["scorer"]).get(reverse("tournaments:event-list")).content.decode()
    mine = organizer.get(reverse("tournaments:event-list")).content.decode()
    assert "Hidden 500" in mine and "Hidden from the public list" in mine
    # The address still answers: hiding is not access control.
    assert Client().get(reverse("tournaments:event-detail", args=["hidden"])).status_code == 200
    # Only the event's organizers may change its listing.
    assert _as(people["scorer"]).post(reverse("tournaments:event-listing", args=["shown"]), {}).status_code == 403
    shown.refresh_from_db()
    assert shown.listed


def test_a_practice_event_is_deleted_after_a_confirmation_step(people):
    from scoring.models import Hand
    from tournaments.models import Event, EventStaff

    event, _ = tie_for_second()
    EventStaff.objects.create(event=event, user=people["creator"], role="organizer")
    organizer = _as(people["creator"])
    url = reverse("tournaments:event-delete", args=[event.slug])
    # Not a practice event: refused, nothing deleted.
    assert organizer.post(url, {"confirm": event.slug}).status_code == 302
    assert Event.objects.filter(pk=event.pk).exists()
    Event.objects.filter(pk=event.pk).update(practice=True)
    page = organizer.get(url)
    assert page.status_code == 200 and "cannot be undone" in page.content.decode()
    assert "4 partnerships and 4 hands" in page.content.decode()
    assert Event.objects.filter(pk=event.pk).exists()  # the GET only asks
    organizer.post(url, {"confirm": "something-else"})
    assert Event.objects.filter(pk=event.pk).exists()
    # A scorer of the event cannot delete it.
    EventStaff.objects.create(event=event, user=people["scorer"], role="scorer")
    assert _as(people["scorer"]).post(url, {"confirm": event.slug}).status_code == 403
    response = organizer.post(url, {"confirm": event.slug})
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:event-list")
    assert not Event.objects.filter(pk=event.pk).exists() and not Hand.objects.exists()


# --- Login lockouts: hard to turn against the organizer, hard to evade ---------------------------

PASSWORD = "correct horse battery"


@pytest.fixture
def accounts(db, settings):
    from django.contrib.auth import get_user_model

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # counting, not hashing
    settings.AXES_ADDRESS_FAILURE_LIMIT = 12
    make = get_user_model().objects.create_user
    return {name: make(name, f"{name}@example.org", PASSWORD) for name in ("organizer-k3v9qa", "stranger")}


def _login(username, password, ip):
    response = Client().post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)
    return response.status_code == 302 and "_auth_user_id" in response.client.session, response.status_code


def test_a_stranger_cannot_lock_the_organizer_out_of_their_own_phone(accounts):
    for _ in range(5):
        _login("organizer-k3v9qa", "guess", "192.0.2.66")  # the stranger's phone
    assert _login("organizer-k3v9qa", PASSWORD, "192.0.2.66") == (False, 429)
    assert _login("organizer-k3v9qa", PASSWORD, "192.0.2.10") == (True, 302)  # the organizer's phone


def test_one_address_guessing_through_many_usernames_is_paused(accounts):
    # Four wrong passwords for each of three names stays under the per-name limit (5) but reaches
    # the per-address limit (12): the address is paused, for real names too.
    codes = [_login(name, "guess", "192.0.2.66")[1] for name in ("admin", "root", "organizer") for _ in range(4)]
    assert codes == [200] * 11 + [429]  # the twelfth wrong password from the address pauses it
    assert _login("stranger", PASSWORD, "192.0.2.66") == (False, 429)
    assert _login("stranger", PASSWORD, "192.0.2.67") == (True, 302)


def test_a_good_login_does_not_wipe_the_address_count(accounts):
    for name in ("admin", "root"):
        for _ in range(4):
            _login(name, "guess", "192.0.2.66")
    assert _login("stranger", PASSWORD, "192.0.2.66") == (True, 302)  # the attacker's own account
    for _ in range(4):
        _login("support", "guess", "192.0.2.66")
    assert _login("stranger", PASSWORD, "192.0.2.66") == (False, 429)


def _run_settings(**env):
    import os
    import subprocess
    import sys

    from django.conf import settings

    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "AXES_")) and k not in ("DATABASE_URL", "SQLITE_PATH", "SITE_URL")}
    clean.update(env)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=settings.BASE_DIR, env=clean,
                          capture_output=True, text=True, timeout=120)


PROD = {"DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "k" * 20 + "-Zq8vX1pT4mN7cR2yW5bH9jL3fD6gS0aE",
        "DJANGO_ALLOWED_HOSTS": "example.org"}


@pytest.mark.parametrize("count, behind, message", [
    ("1", "false", "DJANGO_PROXY_COUNT (1) and DJANGO_BEHIND_PROXY (false) disagree"),
    ("0", "true", "DJANGO_PROXY_COUNT (0) and DJANGO_BEHIND_PROXY (true) disagree"),
])
def test_production_refuses_proxy_settings_that_disagree(count, behind, message):
    result = _run_settings(**PROD, DJANGO_PROXY_COUNT=count, DJANGO_BEHIND_PROXY=behind)
    assert result.returncode != 0 and "ImproperlyConfigured" in result.stderr and message in result.stderr


@pytest.mark.parametrize("count, behind, code", [
    (1, False, "fivehundred.E001"), (0, True, "fivehundred.E002"), (0, None, "fivehundred.W001"),
    (1, True, None), (0, False, None), (2, True, None),
])
def test_the_deploy_check_reports_proxy_settings(settings, count, behind, code):
    from config.checks import check_proxy_settings

    settings.PROXY_COUNT, settings.BEHIND_PROXY = count, behind
    assert [m.id for m in check_proxy_settings()] == ([code] if code else [])


def test_check_deploy_runs_the_proxy_check():
    result = _run_settings(**PROD)
    assert "fivehundred.W001" in result.stderr + result.stdout


def test_setup_demo_does_not_name_the_first_account_organizer(db, monkeypatch):
    import re

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    out = io.StringIO()
    call_command("setup_demo", stdout=out)
    username = re.search(r"username: (\S+)", out.getvalue()).group(1)
    assert username != "organizer" and re.fullmatch(r"organizer-[0-9a-z]{6}", username)
    assert get_user_model().objects.get(username=username).has_perm("tournaments.add_event")
    assert not get_user_model().objects.filter(username="organizer").exists()


def test_setup_demo_takes_the_name_from_the_environment(db, monkeypatch):
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    monkeypatch.setenv("DEMO_ORGANIZER", "maria")
    out = io.StringIO()
    call_command("setup_demo", stdout=out)
    assert "username: maria\n" in out.getvalue()
    assert get_user_model().objects.get(username="maria").is_superuser
