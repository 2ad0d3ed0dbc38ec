"""Hardening against hostile or careless input: spreadsheet formulas in the standings CSV, numbers
written with non-ASCII digits, login lockouts, who may publish an event, and what a phone is told
when the server fails (README, "Production")."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import spreadsheet_cell, whole_number
from scoring import selectors
from tests.entry_fixtures import hand_post, setup  # noqa: F401
from tests.standings_builders import make_event, make_partnerships, play, tie_for_second
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

def test_a_save_with_the_database_down_shows_the_500_page(setup, monkeypatch):
    from django.db import OperationalError

    from scoring import services
    from scoring.models import Hand

    phone = Client(raise_request_exception=False)
    phone.post(reverse("scoring:table-side", args=[setup.t1.token]), {"side": "ns"})

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
