"""The paper grid fits a laptop (issue 24, item 4: "The paper grid is cut off on a laptop").

The staff's paper-sheet grid (templates/scoring/table_grid.html, the layout adapter's _grid_* parts)
cut off its E-W points column at 1280 and 1366 px. For every table layout (scoring.engine.layouts.
LAYOUTS, each through its sample event, tests/conformance/samples.py) in both formats, the organizer
opens round 1's table 1 (its hands typed) and round 2's (empty) in English, Spanish and French on a
1280x800 window, and in Spanish on a 1024x768 one: the page does not scroll sideways, and the grid's box holds the grid with every
column ending inside the window. Screenshots: artifacts/e2e/grid-*.png.
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.engine.layouts import LAYOUTS
from scoring.event_io import event_import
from tests import builders
from tests.builders import ARTIFACTS
from tests.conformance.samples import sample
from tests.e2e.conftest import snap
from tournaments.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}
# A smaller laptop too, in Spanish: the widest of the three languages' headings and choices.
SMALL_LAPTOP = {"width": 1024, "height": 768}
OVERFLOW = """() => {
  const width = window.innerWidth, out = [];
  if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const box of document.querySelectorAll('.sheet-scroll, table.sheet-grid')) {
    if (box.scrollWidth > box.clientWidth + 1) out.push(`${box.className}: ${box.scrollWidth} px in ${box.clientWidth}`);
  }
  for (const cell of document.querySelectorAll('table.sheet-grid th, table.sheet-grid td')) {
    const r = cell.getBoundingClientRect();
    if (r.width && r.right > width + 0.5) out.push(`${cell.tagName.toLowerCase()} "${cell.innerText.trim().slice(0, 20)}" ends at ${Math.round(r.right)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_paper_grid_fits_1280_px_in_every_language(transactional_db, live_server, launch, layout):
    example = sample(layout)
    browser, base = launch(), live_server.url
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    found = {}
    for fmt in ("session", "games"):
        event = event_import(example.event_file(fmt, f"grid-{layout}-{fmt}"))
        organizer = builders.make_user(f"olga-{layout}-{fmt}", event=event, role="organizer")
        client = Client()
        client.force_login(organizer, backend=builders.BACKEND)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        tables = Table.objects.filter(round__event=event, number=1).order_by("round__number")
        for language, window in (("en", LAPTOP), ("es", LAPTOP), ("fr", LAPTOP), ("es", SMALL_LAPTOP)):
            context = browser.new_context(viewport=window)
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base},
                                 {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])
            page = context.new_page()
            for table in tables:
                path = reverse("scoring:table-manage-sheet", args=[event.slug, table.pk])
                response = page.goto(base + path)
                assert response is not None and response.status == 200, (path, response and response.status)
                name = f"{layout}-{fmt}-r{table.round.number}-{language}-{window['width']}"
                snap(page, ARTIFACTS / f"grid-{name}.png")
                problems = page.evaluate(OVERFLOW)
                if problems:
                    found[f"{fmt} {language} {window['width']} px round {table.round.number} {path}"] = problems
            context.close()
    assert found == {}, "\n".join(f"{where}: {'; '.join(what)}" for where, what in found.items())
