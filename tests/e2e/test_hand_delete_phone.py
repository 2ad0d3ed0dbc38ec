"""The organizer deletes a hand on a phone (360 x 740) in Spanish: the "delete this hand" button on
the hand's correction page, the confirmation page with the hand, what follows and the reason, then
the table without it. Screenshots: artifacts/e2e/hand-delete-*.png, for a person to look at.
"""

import pytest
from django.conf import settings
from django.test import Client

from scoring.models import Hand, HandChange
from scoring.services import Actor, table_confirm
from tests.builders import enter_worked_hands, make_event, round_in_play
from tournaments.models import EventStaff

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}
ORGANIZER = Actor("olga (organizer)", is_organizer=True)


def test_the_organizer_deletes_a_hand_on_a_phone_in_spanish(transactional_db, live_server, launch, shot,
                                                            django_user_model):
    olga = django_user_model.objects.create_user("olga")
    event = make_event("primavera", name="Torneo de primavera", language="es")
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    table = round_in_play(event).tables.get(number=1)
    enter_worked_hands(table, actor=ORGANIZER)
    table_confirm(table=table, actor=ORGANIZER)
    client = Client()
    client.force_login(olga, backend="django.contrib.auth.backends.ModelBackend")
    base = live_server.url
    context = launch().new_context(viewport=PHONE, locale="es-ES")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME]
                          .value, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/events/primavera/score/tables/{table.pk}/hands/2/")
    assert page.locator("html").get_attribute("lang") == "es"
    link = page.locator(".hand-delete-link a")
    link.scroll_into_view_if_needed()
    shot(page, "hand-delete-es-correction")
    link.click()
    page.wait_for_url("**/hands/2/delete/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "8ST" in page.locator(".hand-delete-line").inner_text()  # no-trump as the Spanish sheet says it
    button = page.locator(".hand-delete-form button[type=submit]")
    box = button.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "hand-delete-es")
    button.click()  # no reason: refused, the field says why
    page.wait_for_load_state()
    assert page.locator(".field-error").is_visible() and Hand.objects.filter(table=table).count() == 4
    shot(page, "hand-delete-es-no-reason")
    page.fill("textarea[name=reason]", "Anotada dos veces")
    page.locator(".hand-delete-form button[type=submit]").click()
    page.wait_for_url(f"**/score/tables/{table.pk}/")
    assert Hand.objects.filter(table=table).count() == 3
    assert HandChange.objects.get(table=table, action="delete").reason == "Anotada dos veces"
    shot(page, "hand-delete-es-after")
