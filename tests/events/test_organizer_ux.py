"""The organizer's day without dead ends: accent-blind check-in search, an undo after each tap,
the tiebreak page in the menu and on the dashboard, signed paper sheets confirmed on the same save,
grid errors that name the field and the event's own contracts, no tie news before play, the last
organizer kept, a favicon, a disabled button that looks disabled."""

import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring import selectors as scoring_selectors
from scoring.engine.registration import search_key
from scoring.event_io import event_export, event_import
from scoring.forms import SheetRowForm
from scoring.models import Hand
from scoring.services import Actor, hand_record, table_confirm, table_record_sheet
from tests.builders import make_event, round_in_play
from tournaments import selectors, services
from tournaments.models import Event, EventStaff, Partnership, Player, Round

BACKEND = "django.contrib.auth.backends.ModelBackend"
ORGANIZER = Actor("olga (organizer)", is_organizer=True)
NAMES = [("María Peña", "Rosa Garza"), ("Luis Zúñiga", "Ana O'Brien"), ("Bjørn Ærø-Holm", "Eve Straße"),
         ("Tom Smith", "Jo Mary-Jo")]


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def olga(db):
    return User.objects.create_user("olga")


@pytest.fixture
def named(db, olga):
    """An event with four partnerships whose names carry accents, apostrophes and hyphens."""
    event = Event.objects.create(name="Spring 500", slug="spring-500", date="2026-05-14")
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    for one, two in NAMES:
        services.partnership_register(event=event, player_one=one, player_two=two)
    return event


@pytest.fixture
def client_olga(client, olga):
    client.force_login(olga, backend=BACKEND)
    return client


# --- check-in search ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, key", [
    ("Peña", "pena"), ("Zúñiga", "zuniga"), ("O'Brien", "obrien"), ("ZÚÑIGA", "zuniga"),
    ("Ærø-Holm", "aeroholm"), ("Straße", "strasse"), ("José  María", "josemaria"), ("Łukasz", "lukasz"),
])
def test_the_search_key_drops_accents_case_spaces_and_punctuation(name, key):
    assert search_key(name) == key


@pytest.mark.django_db
@pytest.mark.parametrize("typed, numbers", [
    ("pena", [1]), ("PEÑA", [1]), ("zuniga", [2]), ("obrien", [2]), ("o'brien", [2]), ("O BRIEN", [2]),
    ("aero", [3]), ("strasse", [3]), ("maryjo", [4]), ("mary-jo", [4]), ("maria garza", [1]),
    ("2", [2]), ("2 obrien", [2]), ("1 obrien", []), ("nobody", []), ("a", [1, 2, 3, 4]),
])
def test_the_database_search_ignores_accents_case_and_punctuation(named, typed, numbers):
    """Runs on SQLite and on PostgreSQL (DATABASE_URL): the stored key makes it a plain LIKE."""
    found = selectors.partnership_search(named, typed)
    assert sorted(found.values_list("number", flat=True)) == numbers


@pytest.mark.django_db
def test_every_way_in_stores_the_search_key(named):
    assert Player.objects.get(name="Luis Zúñiga").search_name == "luiszuniga"
    p = Partnership.objects.get(event=named, number=2)
    services.partnership_update(partnership=p, player_one="Luis Núñez", player_two="Ana O'Brien")
    assert Player.objects.get(pk=p.player_one_id).search_name == "luisnunez"
    services.partnerships_import(event=named, data="9,Chloé Dubois,Émile Côté\n")
    assert Player.objects.filter(event=named, search_name="emilecote").exists()


@pytest.mark.django_db
def test_an_imported_event_file_gets_search_keys_too(named):
    copy = event_import(event_export(named), slug="spring-copy")
    assert set(Player.objects.filter(event=copy).values_list("search_name", flat=True)) >= {"mariapena", "anaobrien"}


@pytest.mark.django_db
def test_the_check_in_page_finds_pena_without_javascript(client_olga, named):
    url = reverse("tournaments:check-in", args=[named.slug])
    page = text(client_olga.get(url, {"q": "pena"}))
    assert "María Peña &amp; Rosa Garza" in page and "Luis Zúñiga" not in page
    assert "1 found for “pena”" in page and "of 4 here" in page  # the count is still the whole event's
    page = text(client_olga.get(url))
    # The live filter compares the typed text with the same keys (static/js/organizer.js).
    assert 'data-text="2 luiszuniga anaobrien"' in page


# --- a tap on a checked-in partnership is never silent ---------------------------------------

@pytest.mark.django_db
def test_a_check_in_tap_shows_what_happened_with_an_undo(client_olga, named):
    post = reverse("tournaments:partnership-check-in", args=[named.slug, 3])
    response = client_olga.post(post, {"checked_in": "1"})
    assert response["Location"] == reverse("tournaments:check-in", args=[named.slug]) + "?changed=3"
    page = text(client_olga.get(response["Location"]))
    bar = page[page.index('id="last-change"'):]
    assert "Partnership 3</strong> (Bjørn Ærø-Holm &amp; Eve Straße) is checked in." in bar
    assert 'name="checked_in" value="0"' in bar[: bar.index("</form>")] and ">Undo</button>" in bar
    client_olga.post(post, {"checked_in": "0"})  # the undo
    assert not Partnership.objects.get(event=named, number=3).checked_in


@pytest.mark.django_db
def test_checking_out_asks_first_even_before_the_movement(client_olga, named):
    services.partnership_check_in(partnership=Partnership.objects.get(event=named, number=1))
    page = text(client_olga.get(reverse("tournaments:check-in", args=[named.slug])))
    button = re.search(r'<button type="submit" class="checkin here"[^>]*>', page).group(0)
    assert 'data-confirm="Partnership 1 (María Peña &amp; Rosa Garza) is already here. Check them out?"' in button
    waiting = re.search(r'<button type="submit" class="checkin"[^>]*>', page).group(0)
    assert "data-confirm" not in waiting  # checking in needs no question before the movement exists


@pytest.mark.django_db
def test_the_disabled_generate_button_says_why_and_looks_disabled(client_olga, named, settings):
    page = text(client_olga.get(reverse("tournaments:check-in", args=[named.slug])))
    assert re.search(r'<button type="submit" class="primary big" disabled aria-describedby="generate-why">', page)
    assert "Check in at least two partnerships first (0 checked in)." in page
    css = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()
    rule = re.search(r"button\.primary:disabled[^{]*\{([^}]*)\}", css).group(1)
    assert "cursor: not-allowed" in rule and "background: #e6e9ed" in rule


# --- the tiebreak page in the menu and on the dashboard ---------------------------------------

def tied_event(olga, *, close=True):
    """One round, one hand a table: 1 and 3 both take 200, 2 and 4 both 20 (RULES.md: 7H made
    with 8 tricks is 200 to the bidders, 10 a trick to the defenders)."""
    event = make_event("tied", rounds=1, hands_per_round=1)
    rnd = round_in_play(event)
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    for table in rnd.tables.all():
        hand_record(table=table, number=1, actor=ORGANIZER, declarer="ns", contract="7H", tricks=8)
        table_confirm(table=table, actor=ORGANIZER)
    if close:
        services.round_close(rnd=rnd, by="olga")
    return event


@pytest.mark.django_db
def test_the_organizer_menu_links_the_tiebreak_page(client_olga, named):
    page = text(client_olga.get(reverse("tournaments:check-in", args=[named.slug])))
    nav = re.search(r'<nav class="manage-nav.*?</nav>', page, re.S).group(0)
    assert f'href="{reverse("scoring:tiebreaks", args=[named.slug])}"' in nav and ">Tiebreaks</a>" in nav
    page = text(client_olga.get(reverse("scoring:tiebreaks", args=[named.slug])))
    assert 'aria-current="page">Tiebreaks</a>' in page


@pytest.mark.django_db
def test_the_dashboard_calls_for_a_tiebreak_when_the_last_round_closes_tied(client_olga, olga):
    event = tied_event(olga)
    page = text(client_olga.get(reverse("tournaments:dashboard", args=[event.slug])))
    call = page[page.index('class="panel tiebreak-call"'):]
    assert "Medal places are tied" in call
    assert "1st and 2nd places on 200 points: partnerships 1, 3" in call
    assert "3rd and 4th places on 20 points: partnerships 2, 4" in call
    assert f'href="{reverse("scoring:tiebreaks", args=[event.slug])}">Go to tiebreaks</a>' in call


@pytest.mark.django_db
def test_no_tiebreak_call_while_a_round_is_in_play(client_olga, olga):
    event = tied_event(olga, close=False)
    page = text(client_olga.get(reverse("tournaments:dashboard", args=[event.slug])))
    assert "tiebreak-call" not in page


# --- signed paper sheets ----------------------------------------------------------------------

FOUR = [dict(declarer="ns", contract="7h", tricks=8), dict(declarer="ew", contract="8c", tricks=8),
        dict(declarer="ns", contract="10nt", tricks=10), dict(declarer="ew", contract="6s", tricks=10)]


def grid_data(rows, **extra):
    data = {"hand-TOTAL_FORMS": "4", "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": "4",
            "hand-MAX_NUM_FORMS": "4", "reason": ""}
    for i, row in enumerate(rows):
        for key, value in (row or {}).items():
            data[f"hand-{i}-{key}"] = str(value)
    data.update(extra)
    return data


def grid_url(setup):
    return reverse("scoring:table-manage-sheet", args=[setup.event.slug, setup.t1.pk])


def test_the_signed_sheets_box_confirms_the_table_in_the_same_save(client, setup):
    client.force_login(setup.organizer)
    page = text(client.get(grid_url(setup)))
    assert 'name="signed"' in page and "These are the signed sheets:" in page
    response = client.post(grid_url(setup), grid_data(FOUR, signed="on"))
    assert response.status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is not None and setup.t1.confirmed_by == "olga (organizer)"
    assert Hand.objects.filter(table=setup.t1).count() == 4
    assert "Score sheet for table 1 saved and confirmed." in text(client.get(response["Location"]))


def test_without_the_box_the_sheet_is_saved_unconfirmed(client, setup):
    client.force_login(setup.organizer)
    assert client.post(grid_url(setup), grid_data(FOUR)).status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is None and Hand.objects.filter(table=setup.t1).count() == 4


def test_the_box_with_a_short_sheet_saves_nothing_and_says_why(client, setup):
    client.force_login(setup.organizer)
    response = client.post(grid_url(setup), grid_data(FOUR[:3] + [None], signed="on"))
    assert response.status_code == 400
    assert "“These are the signed sheets” is ticked but only 3 of 4 hands are filled" in text(response)
    assert not Hand.objects.filter(table=setup.t1).exists()


def test_correcting_a_confirmed_table_with_the_box_confirms_it_again(setup):
    rows = [dict(r, contract=r["contract"].upper()) for r in FOUR]
    table_record_sheet(table=setup.t1, rows=rows, actor=ORGANIZER, confirm=True)
    hands = {h.number: h for h in Hand.objects.filter(table=setup.t1)}
    changed = [dict(r, version=hands[n].version) for n, r in enumerate(rows, 1)]
    changed[3] = dict(changed[3], tricks=9)  # hand 4: 6S made with 9 tricks
    table_record_sheet(table=setup.t1, rows=changed, actor=ORGANIZER, reason="sheet misread", confirm=True)
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is not None
    assert Hand.objects.get(table=setup.t1, number=4).tricks == 9
    changed = [dict(r, version=Hand.objects.get(table=setup.t1, number=n).version) for n, r in enumerate(changed, 1)]
    changed[3] = dict(changed[3], tricks=10)
    table_record_sheet(table=setup.t1, rows=changed, actor=ORGANIZER, reason="sheet misread again")
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is None  # a changed hand without the box leaves it unconfirmed


# --- closing a round anyway -------------------------------------------------------------------

def test_close_anyway_without_the_box_says_to_tick_it(client, setup):
    client.force_login(setup.organizer)
    url = reverse("tournaments:round-close", args=[setup.event.slug, 1])
    response = client.post(url, {"anyway": "on", "reason": "table 2 left"}, follow=True)
    page = text(response)
    assert ("Round 1 is still in play: tick “Close anyway, with these tables as they are” and give a reason "
            "to close it with 2 tables not ready.") in page
    assert Round.objects.get(pk=setup.round.pk).status == "open"
    client.post(url, {"anyway": "on", "force": "on", "reason": "table 2 left"})
    assert Round.objects.get(pk=setup.round.pk).status == "closed"


# --- the paper grid's messages ----------------------------------------------------------------

def test_grid_errors_sit_under_their_row_and_name_the_field(client, setup):
    client.force_login(setup.organizer)
    bad = dict(declarer="ns", contract="11h", tricks=11)
    response = client.post(grid_url(setup), grid_data([bad, None, None, None]))
    page = text(response)
    row = page[page.index('<tr class="sheet-row has-error"'):]
    row = row[: row.index("</tr>")]
    assert "errorlist" not in row  # no message inside a cell, to widen its column
    errors = page[page.index('id="hand-1-errors"'):]
    errors = errors[: errors.index("</ul>")]
    assert "Hand 1, tricks: Tricks must be 0 to 10. You typed 11." in errors
    assert "Hand 1, contract: “11h” is not a contract: type 6 to 10 and S, C, D, H or NT (e.g. 7H, 10NT)." in errors
    assert "MIS" not in errors and "NULLO" not in errors  # McAllen has neither


def test_grid_lists_the_specials_of_an_event_that_has_them(db):
    event = make_event("classic", rules_preset="classic-1994")
    rnd = round_in_play(event)
    form = SheetRowForm({"declarer": "ns", "contract": "11h", "tricks": "5"}, table=rnd.tables.first(),
                        rules=event.rules)
    assert not form.is_valid()
    assert form.errors["contract"] == [
        "“11h” is not a contract: type 6 to 10 and S, C, D, H or NT (e.g. 7H, 10NT), or MIS or OMIS."]


# --- no tie before the first score -------------------------------------------------------------

@pytest.mark.django_db
def test_before_any_play_nobody_is_announced_as_tied(client, named):
    for p in Partnership.objects.filter(event=named):
        services.partnership_check_in(partnership=p)
    services.movement_generate(event=named)
    assert scoring_selectors.event_standings(named).medal_ties == ()
    page = text(client.get(reverse("scoring:standings", args=[named.slug])))
    assert "ties-notice" not in page and "places on 0 points" not in page
    assert "Tied for" not in text(client.get(reverse("scoring:medals", args=[named.slug])))


@pytest.mark.django_db
def test_a_tie_after_play_is_still_announced(client, olga):
    event = tied_event(olga)
    page = text(client.get(reverse("scoring:standings", args=[event.slug])))
    assert "ties-notice" in page and "1st and 2nd places on 200 points" in page


# --- staff: an event keeps an organizer -------------------------------------------------------

@pytest.mark.django_db
def test_the_last_organizer_cannot_be_removed_even_by_a_superuser(named, olga):
    boss = User.objects.create_superuser("boss", password="x-long-enough-1")
    mine = EventStaff.objects.get(event=named, user=olga)
    for by in (olga, boss):
        with pytest.raises(ValidationError, match="olga is this event's only organizer, so they cannot be removed"):
            services.staff_remove(staff=mine, by=by)
    assert EventStaff.objects.filter(pk=mine.pk).exists()
    with pytest.raises(ValidationError, match="only organizer, so they cannot be made a scorer"):
        services.staff_add(event=named, username="olga", role="scorer")
    assert EventStaff.objects.get(pk=mine.pk).role == "organizer"


@pytest.mark.django_db
def test_with_a_second_organizer_one_may_go(named, olga, client_olga):
    User.objects.create_user("sally")
    sally = services.staff_add(event=named, username="sally", role="organizer")
    services.staff_add(event=named, username="olga", role="scorer")  # olga steps down: sally remains
    assert EventStaff.objects.get(event=named, user=olga).role == "scorer"
    services.staff_add(event=named, username="olga", role="organizer")
    response = client_olga.post(reverse("tournaments:staff-remove", args=[named.slug, sally.pk]), follow=True)
    assert response.status_code == 200 and not EventStaff.objects.filter(pk=sally.pk).exists()
    mine = EventStaff.objects.get(event=named, user=olga)
    page = text(client_olga.post(reverse("tournaments:staff-remove", args=[named.slug, mine.pk]), follow=True))
    assert "olga is this event&#x27;s only organizer, so they cannot be removed" in page


# --- favicon ----------------------------------------------------------------------------------

@pytest.mark.django_db
def test_every_page_links_a_favicon_and_favicon_ico_answers(client, named):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's header
    page = text(client.get(reverse("tournaments:event-detail", args=[named.slug])))
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page


# --- the organizer menu on a phone --------------------------------------------------------------

def test_the_organizer_menu_wraps_instead_of_scrolling_sideways(settings):
    css = (settings.BASE_DIR / "static" / "css" / "organizer.css").read_text()
    rule = re.search(r"\.manage-nav \{([^}]*)\}", css).group(1)
    assert "flex-wrap: wrap" in rule and "overflow-x" not in rule
