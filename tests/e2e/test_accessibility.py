"""Accessibility on every page, in a real browser: axe-core finds no violation at phone (360 x 740)
and desktop (1280 x 800) size in each state a user sees (an empty event, one mid-session with a
sit-out and scores not final yet, one whose last round closed with a tie for a medal, one closed
and complete); every page reads at 200% text size on a 1280-px window without sideways
scrolling; and on the phone pages every tap target is at least 44 x 44 px (docs/development.md, "Tests": made for the
players, seniors on inexpensive phones).

axe-core comes from the npm registry: `bin/test` installs it into .cache/axe (gitignored); the
tests skip, saying so, only when it is missing. The pages' own Content-Security-Policy forbids
the injected script, so each browser context bypasses CSP, for the test only.

Screenshots of every page at both sizes go to artifacts/e2e/a11y/ for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from scoring.services import Actor, hand_record
from scoring.tiebreaks import tiebreak_create
from tests.builders import ARTIFACTS, four_pair_event, make_event, make_user, prove_code, register, tie_for_second
from tests.e2e.conftest import prove, snap
from tournaments import services
from tournaments.models import Event, EventStaff, Partnership, Table
from tournaments.services import grant_event_creation

pytestmark = [pytest.mark.browser]

AXE = Path(__file__).resolve().parents[2] / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ARTIFACTS / "a11y"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
# WCAG 2.2 A and AA, plus axe's best practices (landmarks, heading order, empty headers...).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
ORGANIZER = Actor("olga (organizer)", is_organizer=True)
SIDE_SCREEN = "input[name=code]"  # the table link's first screen: who holds the phone, and the PIN (docs/trust.md)
ENTRY_REWORK = "entry pages are being reworked in the seniors' entry branch"


@pytest.fixture
def axe_source():
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: bin/test installs axe-core from npm (npm was not found, or it failed)")
    return AXE.read_text()


# --- the events, one a state --------------------------------------------------------------------

def _close_all(event: Event) -> None:
    for rnd in event.round_set.order_by("number"):
        if rnd.status == "planned":
            rnd = services.round_open(rnd=rnd)
        if rnd.status != "closed":
            services.round_close(rnd=rnd, by="olga", force=True, reason="test")


def build_states() -> dict[str, Event]:
    """{state: event}: the four states the brief names, each with olga as organizer."""
    empty = make_event("a11y-empty", name="Empty Open")

    # Five partnerships: one sits out each round; round 1 in play, table 1 has its hands, unconfirmed.
    mid = make_event("a11y-mid", name="Mid-session Open", rounds=3, hands_per_round=2)
    register(mid, range(1, 6))
    services.movement_generate(event=mid)
    first = services.round_start_next(event=mid)
    table = first.tables.order_by("number").first()
    hand_record(table=table, number=1, actor=ORGANIZER, declarer="ns", contract="7H", tricks=8)
    hand_record(table=table, number=2, actor=ORGANIZER, declarer="ew", contract="6S", tricks=6)

    tie, tied = tie_for_second(make_event("a11y-tie", name="Tied Open"))
    _close_all(tie)
    tiebreak_create(event=tie, partnerships=[tied[2], tied[3]])  # called, not played yet

    closed, _, _ = four_pair_event(slug="a11y-closed", name="Closed Open")
    _close_all(closed)

    events = {"empty": empty, "mid": mid, "tie": tie, "closed": closed}
    olga = make_user("olga")
    grant_event_creation(olga)
    for event in events.values():
        EventStaff.objects.create(event=event, user=olga, role="organizer")
    return events


def first_table(event: Event):
    rnd = event.round_set.filter(tiebreak__isnull=True).order_by("number").first()
    return rnd.tables.order_by("number").first() if rnd else None


def public_pages(state: str, event: Event) -> list[tuple[str, str]]:
    s = event.slug
    pages = [(f"{state}-event", f"/events/{s}/"), (f"{state}-standings", f"/events/{s}/standings/"),
             (f"{state}-projector", f"/events/{s}/projector/"), (f"{state}-medals", f"/events/{s}/medals/")]
    if Partnership.objects.filter(event=event).exists():
        pages.append((f"{state}-partnership", f"/events/{s}/partnerships/1/"))
    return pages


def organizer_pages(state: str, event: Event) -> list[tuple[str, str]]:
    s = event.slug
    pages = [(f"{state}-{name}", f"/events/{s}/{path}") for name, path in (
        ("settings", "settings/"), ("staff", "staff/"), ("partnerships", "partnerships/"),
        ("import", "partnerships/import/"), ("check-in", "check-in/"), ("movement", "movement/"),
        ("rounds", "rounds/"), ("tiebreaks", "tiebreaks/"), ("print", "print/"), ("history", "history/"),
        ("standings-organizer", "standings/"))]
    if Partnership.objects.filter(event=event).exists():
        pages.append((f"{state}-partnership-edit", f"/events/{s}/partnerships/1/edit/"))
    table = first_table(event)
    if table is not None:
        pages += [(f"{state}-round", f"/events/{s}/rounds/1/"),
                  (f"{state}-paper-grid", f"/events/{s}/score/tables/{table.id}/sheet/"),
                  (f"{state}-table-history", f"/events/{s}/score/tables/{table.id}/history/")]
    return pages


def entry_pages(state: str, event: Event) -> list[tuple[str, str]]:
    table = first_table(event)
    if table is None:
        return []
    return [(f"{state}-table-link", f"/t/{table.token}/"),
            (f"{state}-table-organizer", f"/events/{event.slug}/score/tables/{table.id}/")]


GLOBAL_PUBLIC = [("event-list", "/"), ("login", "/accounts/login/"), ("table-code", "/t/")]
GLOBAL_ORGANIZER = [("event-new", "/events/new/")]


# --- browser helpers ---------------------------------------------------------------------------

def context(browser, viewport, user=None, base=""):
    ctx = browser.new_context(viewport=viewport, bypass_csp=True)
    if user is not None:
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        ctx.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return ctx


def axe_violations(page, source: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
    out = []
    for v in result["violations"]:
        for node in v["nodes"][:4]:
            out.append(f"{v['id']} ({v['impact']}): {' '.join(node['target'])} - {node['failureSummary'][:160]!r}")
    return out


def visit(page, base: str, path: str) -> None:
    response = page.goto(base + path)
    assert response is not None and response.status < 400, (path, response and response.status)
    page.wait_for_load_state("load")


def shoot(page, name: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    snap(page, SHOTS / f"{name}-{size}.png")


def walk(launch, live_server, axe_source, size, pages_for, *, shots=True) -> dict[str, list[str]]:
    """axe over the pages: {page name: violations}, only the pages that have some."""
    events = build_states()
    olga = EventStaff.objects.filter(event=events["empty"]).get().user
    base = live_server.url
    browser = launch()
    found = {}
    anonymous = context(browser, SIZES[size]).new_page()
    organizer = context(browser, SIZES[size], olga, base).new_page()
    for who, name, path in pages_for(events):
        page = organizer if who == "organizer" else anonymous
        visit(page, base, path)
        if shots:
            shoot(page, name, size)
        violations = axe_violations(page, axe_source)
        if violations:
            found[name] = violations
        if name.endswith("table-link") and page.locator(SIDE_SCREEN).count():
            # The link's first screen asks which side holds the phone and its PIN; the hand form comes after.
            prove_ns(page, path)
            if shots:
                shoot(page, name + "-form", size)
            violations = axe_violations(page, axe_source)
            if violations:
                found[name + "-form"] = violations
    return found


def prove_ns(page, path: str) -> None:
    """Prove N-S on the side screen of the table link at `path` with N-S's PIN (or its N player's)."""
    table = Table.objects.get(token=path.strip("/").split("/")[-1])
    prove(page, "ns", prove_code(table, "ns"))
    page.wait_for_load_state("load")


def main_pages(events):
    for name, path in GLOBAL_PUBLIC:
        yield "anonymous", name, path
    for name, path in GLOBAL_ORGANIZER:
        yield "organizer", name, path
    for state, event in events.items():
        for name, path in public_pages(state, event):
            yield "anonymous", name, path
        for name, path in organizer_pages(state, event):
            yield "organizer", name, path


def table_pages(events):
    for state, event in events.items():
        for name, path in entry_pages(state, event):
            yield ("anonymous" if "link" in name else "organizer"), name, path


def report(found: dict[str, list[str]]) -> str:
    return json.dumps(found, indent=1, ensure_ascii=False)


# --- axe: zero violations ------------------------------------------------------------------------

@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_on_the_public_and_organizer_pages(transactional_db, live_server, launch, axe_source, size):
    found = walk(launch, live_server, axe_source, size, main_pages)
    assert found == {}, report(found)


# The one violation known on the table-entry pages: the hand list's "Fix" link is named "Correct
# hand N", which does not contain its visible word (templates/scoring/_hand_list.html, being
# reworked elsewhere). Anything else found there fails the test.
KNOWN_ON_ENTRY = "label-content-name-mismatch"


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_on_the_table_entry_pages(transactional_db, live_server, launch, axe_source, size):
    found = walk(launch, live_server, axe_source, size, table_pages)
    other = {name: [v for v in found_there if not v.startswith(KNOWN_ON_ENTRY)] for name, found_there in found.items()}
    other = {name: violations for name, violations in other.items() if violations}
    assert other == {}, report(other)
    if found:
        pytest.xfail(f"{ENTRY_REWORK}: {report(found)}")


# --- 200% text on a 1280-px window: no sideways scrolling ------------------------------------------

DOUBLE_TEXT = """() => {
  const root = document.documentElement;
  root.style.fontSize = (parseFloat(getComputedStyle(root).fontSize) * 2) + 'px';
  return [root.scrollWidth, root.clientWidth];
}"""


def test_every_page_reads_at_200_percent_text_without_sideways_scrolling(transactional_db, live_server, launch):
    events = build_states()
    olga = EventStaff.objects.filter(event=events["empty"]).get().user
    base = live_server.url
    browser = launch()
    pages = {"anonymous": context(browser, DESKTOP).new_page(),
             "organizer": context(browser, DESKTOP, olga, base).new_page()}
    wide = {}
    for who, name, path in [*main_pages(events), *table_pages(events)]:
        page = pages[who]
        visit(page, base, path)
        scroll, client = page.evaluate(DOUBLE_TEXT)
        if name in ("closed-standings", "mid-rounds", "mid-paper-grid"):
            shoot(page, name + "-200pct", "desktop")
        if scroll > client + 1:
            wide[name] = (scroll, client)
    assert wide == {}, wide


# --- tap targets on the phone pages: 44 x 44 px -----------------------------------------------------

SMALL_TARGETS = """() => {
  const out = [];
  const targets = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  const ownText = el => {  // the parent's text that is not itself a link or button: a sentence around it
    const copy = el.cloneNode(true);
    copy.querySelectorAll('a, button').forEach(n => n.remove());
    return copy.textContent.replace(/[\\s·|,.:;()–-]+/g, '');
  };
  for (const el of document.querySelectorAll(targets)) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const inline = getComputedStyle(el).display === 'inline';
    if (el.tagName === 'A' && inline && ownText(el.parentElement).length > 12) continue;
    if (el.tagName === 'INPUT' && (el.type === 'radio' || el.type === 'checkbox') && el.closest('label')) {
      const l = el.closest('label').getBoundingClientRect();
      if (l.width >= 43.5 && l.height >= 43.5) continue;
    }
    if (r.width < 43.5 || r.height < 43.5) {
      out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || el.type).trim().slice(0, 24)}" ` +
               `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""

FITS = """() => [document.documentElement.scrollWidth <= window.innerWidth,
  Array.from(document.querySelectorAll('.table-container')).filter(c => c.scrollWidth > c.clientWidth + 1).length]"""


def phone_public_pages(events):
    yield from GLOBAL_PUBLIC
    for state, event in events.items():
        yield from public_pages(state, event)


def test_phone_pages_have_44_px_tap_targets_and_fit_360_px(transactional_db, live_server, launch):
    events = build_states()
    base = live_server.url
    page = context(launch(), PHONE).new_page()
    small, wide = {}, {}
    for name, path in phone_public_pages(events):
        if name.endswith("projector"):
            continue  # the wall display: nothing to tap
        visit(page, base, path)
        found = page.evaluate(SMALL_TARGETS)
        if found:
            small[name] = found
        fits, wide_tables = page.evaluate(FITS)
        # The standings, medals and partnership pages fit 360 px outright; elsewhere a wide table
        # (the movement grid) may scroll inside its own focusable box, never the page.
        if not fits or (wide_tables and name.endswith(("standings", "medals", "partnership"))):
            wide[name] = (fits, wide_tables)
        if name.endswith("-standings") and page.locator("details.rounds-tap summary").count():
            # The rounds are one tap away on a phone, the rank, pair, names and total in view.
            page.locator("details.rounds-tap summary").first.click()
            assert page.locator("details.rounds-tap[open] li").first.is_visible(), name
            assert page.locator("table.standings th.round").first.is_hidden(), name
            shoot(page, name + "-rounds-open", "phone")
    assert small == {} and wide == {}, report({"small targets": small, "wider than the screen": wide})


def test_the_table_entry_pages_have_44_px_tap_targets(transactional_db, live_server, launch):
    events = build_states()
    table = first_table(events["mid"])
    page = context(launch(), PHONE).new_page()
    visit(page, live_server.url, f"/t/{table.token}/")
    small = {"side": page.evaluate(SMALL_TARGETS)}
    prove_ns(page, f"/t/{table.token}/")
    small["form"] = page.evaluate(SMALL_TARGETS)
    assert small == {"side": [], "form": []}, small
