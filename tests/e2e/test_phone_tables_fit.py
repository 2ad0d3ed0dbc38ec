"""Every table a phone shows fits a 360-px screen in English, Spanish and French (issue 24, item 2).

In Spanish the phone standings were 370 px wide in a 338-px box: TOTAL and the "provisional" badge
were cut off (French 342 px); the medal page's DESEMPATE column too. For every kind of event (the
crawl's seven: tests/play/test_page_crawl.py) one 360x740 phone walks, in each language, the public
standings, projector, medals, history and partnership pages of the event with its first round half
confirmed (the badges "provisional") and of the same event closed with a tiebreak made (the tiebreak
column), then the organizer's own pages a phone opens (the rounds, the table's page and its history,
the tiebreaks). On each page: the document is no wider than the screen, no table is wider than its
box, and every heading and cell ends inside the screen. Screenshots: artifacts/e2e/fit-*.png.
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests import builders
from tests.builders import ARTIFACTS
from tests.e2e.conftest import snap
from tests.play.test_page_crawl import KINDS, build

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 360, "height": 740}
LANGUAGES = ["en", "es", "fr"]

# What overflows: the page itself, a table wider than its own box (or than its scrolling box), a
# heading or cell whose right edge is past the screen's.
OVERFLOW = """() => {
  const width = window.innerWidth, out = [];
  const root = document.documentElement.scrollWidth;
  if (root > width) out.push(`the page is ${root} px wide`);
  const name = el => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
  for (const table of document.querySelectorAll('table')) {
    if (!table.getClientRects().length) continue;
    for (const box of [table, table.parentElement]) {
      if (box.scrollWidth > box.clientWidth + 1) out.push(`${name(box)}: ${box.scrollWidth} px in ${box.clientWidth}`);
    }
    for (const cell of table.querySelectorAll('th, td')) {
      const r = cell.getBoundingClientRect();
      if (r.width && r.right > width + 0.5) {
        out.push(`${name(table)} ${cell.tagName.toLowerCase()} "${cell.innerText.trim().slice(0, 24)}" ends at ${Math.round(r.right)}`);
      }
    }
  }
  return out;
}"""


def public_pages(live, done) -> list[tuple[str, str]]:
    """(name, path) of the public pages: `live` has round 1 half confirmed, `done` a tiebreak made."""
    out = []
    for label, world in (("live", live), ("done", done)):
        slug = world.event.slug
        out += [(f"{label}-standings", reverse("scoring:standings", args=[slug])),
                (f"{label}-projector", reverse("scoring:projector", args=[slug])),
                (f"{label}-medals", reverse("scoring:medals", args=[slug])),
                (f"{label}-history", reverse("scoring:event-history", args=[slug])),
                (f"{label}-partnership", reverse("scoring:partnership", args=[slug, 1]))]
    return out


def organizer_pages(live, done) -> list[tuple[str, str]]:
    slug, table = live.event.slug, live.table
    return [("rounds", reverse("tournaments:dashboard", args=[slug])),
            ("table", reverse("scoring:table-manage", args=[slug, table.pk])),
            ("table-history", reverse("scoring:table-history", args=[slug, table.pk])),
            ("tiebreaks", reverse("scoring:tiebreaks", args=[done.event.slug])),
            ("tiebreak-table", reverse("scoring:table-manage", args=[done.event.slug, done.table.pk]))]


def phone(browser, base: str, language: str, user=None):
    context = browser.new_context(viewport=PHONE)
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    if user is not None:
        client = Client()
        client.force_login(user, backend=builders.BACKEND)
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                        "url": base})
    context.add_cookies(cookies)
    return context.new_page()


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_every_table_fits_a_360_px_phone_in_every_language(transactional_db, live_server, launch, kind):
    live, done = build(kind, "confirmed"), build(kind, "tiebreak")
    browser, base = launch(), live_server.url
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    found = {}
    for language in LANGUAGES:
        walks = [(phone(browser, base, language), public_pages(live, done)),
                 (phone(browser, base, language, live.organizer), organizer_pages(live, done))]
        walks[1][1][-2:] = []  # the tiebreak pages belong to the event with the tiebreak's organizer
        walks.append((phone(browser, base, language, done.organizer), organizer_pages(live, done)[-2:]))
        for page, paths in walks:
            for name, path in paths:
                response = page.goto(base + path)
                assert response is not None and response.status == 200, (path, response and response.status)
                assert page.evaluate("document.documentElement.lang") == language, path
                snap(page, ARTIFACTS / f"fit-{kind.name}-{name}-{language}.png")
                problems = page.evaluate(OVERFLOW)
                if problems:
                    found[f"{language} {name} {path}"] = problems
    assert found == {}, "\n".join(f"{where}: {'; '.join(what)}" for where, what in found.items())
