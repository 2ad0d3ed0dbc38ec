"""Real-browser fixtures: Debian's Chromium driven by Playwright's sync API, and screenshots.

The browser tests skip (with the reason) only when /usr/bin/chromium is missing; `bin/test`
installs it when it can. Screenshots go to artifacts/e2e/ (gitignored), one per page visited,
for a person to look at.

Shared by several modules: phones (`new_phone`, `phone`), a three-handed table with round 1 open
(`three_table`), and the helpers below (`phone_context`, `prove`, `wifi`, `snap`, `pick`, `enter_three`, `no_wider_than_phone`, `lines`, `queued`,
`wait_until`).
"""

import json
import os
from pathlib import Path

import pytest

from tests.builders import ARTIFACTS
from tests.e2e.wifi import Wifi

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 360, "height": 740}
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
THREE_PINS = {1: "1111", 2: "2222", 3: "3333"}  # Ana Garza, Luis Peña, Marie Tremblay
_WIFI = {}  # each phone_context's wifi, closed when its test's browsers are
QUEUE = "JSON.parse(localStorage.getItem('fh-entry-queue-v1') || '[]')"  # static/js/offline.js's kept saves


@pytest.fixture
def launch():
    """Start as many separate browsers as the test asks for (each is a different device)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package (bin/test does when root)")
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; Django would refuse ORM calls from
    # the test body without this (they stay synchronous and single-threaded here).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    browsers = []
    with sync_api.sync_playwright() as playwright:
        def start():
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            browsers.append(browser)
            return browser

        yield start
        for browser in browsers:
            browser.close()
        while _WIFI:
            _WIFI.popitem()[1].close()
        # While Playwright's loop runs, Django's per-context connection store hands the test body
        # a connection of its own; close it here, inside that context, or it outlives the test
        # (and PostgreSQL refuses to drop the test database).
        from django.db import connections

        connections.close_all()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def shot():
    """shot(page, "03-partnerships"): a full-page screenshot under artifacts/e2e/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        snap(page, path)
        return path

    return take


@pytest.fixture
def new_phone(launch):
    """new_phone(): the page of a new 360x740 phone. Each is a browser context of its own (its own
    cookies, session, localStorage and service worker), so three calls are three people's phones;
    `wifi(page.context, False)` takes it offline."""
    browser = launch()

    def make():
        return phone_context(browser).new_page()

    return make


@pytest.fixture
def phone(new_phone):
    return new_phone()


@pytest.fixture
def three_table(transactional_db):
    """Table 1 of round 1 of tests/fixtures/three_handed_event.json (Ana Garza in seat 1, Luis Peña 2,
    Marie Tremblay 3; three hands a round), its hands removed, round 1 open, PINs THREE_PINS."""
    from scoring.event_io import event_import
    from tournaments.models import Partnership, Round, Table

    data = json.loads((FIXTURES / "three_handed_event.json").read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    for number, pin in THREE_PINS.items():
        Partnership.objects.filter(event=event, number=number).update(pin=pin)
    return Table.objects.get(round__event=event, round__number=1, number=1)


def phone_context(browser, **options):
    """A phone (a browser context: its own cookies, storage and service worker) whose wifi `wifi` can
    turn off: everything it sends goes through its own tests/e2e/wifi.Wifi. 360x740 unless `viewport`
    says otherwise; other options as Playwright's new_context."""
    options.setdefault("viewport", PHONE)
    hall = Wifi()
    context = browser.new_context(proxy={"server": hall.address}, **options)
    _WIFI[context] = hall
    return context


def wifi(context, on: bool):
    """Turn the phone's wifi on or off (a context from `phone_context`). Off: the browser says it is
    offline (navigator.onLine false, the "offline" event: what static/js/offline.js listens to) and
    nothing it sends reaches the server, its service worker's requests and a reloaded page's included."""
    hall = _WIFI.get(context)
    if hall is None:
        raise LookupError("wifi(): make this phone with phone_context(), so its wifi can be cut")
    if on:
        hall.switch(True)
        context.set_offline(False)
    else:
        context.set_offline(True)
        hall.switch(False)


def snap(page, path, *, full_page=True, tries=3):
    """page.screenshot, tried again when Chromium is too busy to capture the page ("Unable to
    capture screenshot", seen with two test processes on 2 cores)."""
    from playwright.sync_api import Error

    for left in range(tries - 1, -1, -1):
        try:
            return page.screenshot(path=str(path), full_page=full_page)
        except Error as error:
            if left == 0 or "Unable to capture screenshot" not in str(error):
                raise
            page.wait_for_timeout(500)


def prove(page, side, code, *, then=True):
    """On a table link's side screen (docs/trust.md): choose who holds the phone (`side`: "ns", "ew", or a
    table of three's seat "1".."3"), type that side's or player's PIN (or number), press Continue. In any
    language (by the controls, not their words). `then`: wait for the table's page (the side screen gone);
    False: the caller checks the refusal."""
    page.locator(f"label.side-button:has(input[name=side][value='{side}'])").click()
    page.locator("input[name=code]").fill(code)
    with page.expect_navigation():
        page.locator("button.side-go").click()
    if then:
        assert page.locator("input[name=code]").count() == 0, page.locator(".field-error").all_inner_texts()


def pick(page, name, value):
    """Tap the choice button of radio `name` with `value` (the table of three's form)."""
    page.locator(f"label.choice:has(input[name={name}][value='{value}'])").click()


def enter_three(page, number, bidder, contract, tricks, defender, defender_tricks):
    """Type hand `number` at a table of three (who bid, the contract, his tricks, one defender's
    tricks; the other defender's are filled in) and press Save."""
    pick(page, "declarer_seat", bidder)
    pick(page, "contract", contract)
    pick(page, "tricks", tricks)
    pick(page, f"seat_{defender}", defender_tricks)
    page.get_by_role("button", name=f"Save hand {number}").click()


def no_wider_than_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def cells_overflowing(page, selector="#hands") -> list[str]:
    """The cells of a table (the list of hands) whose words run out of their cell into the next one, each as
    "text (content width > cell width)": none at 360 px is "nothing cut"."""
    return page.evaluate("""selector => Array.from(document.querySelectorAll(selector + ' th, ' + selector + ' td'))
        .filter(c => c.scrollWidth > c.clientWidth + 1)
        .map(c => c.textContent.replace(/\\s+/g, ' ').trim() + ' (' + c.scrollWidth + ' > ' + c.clientWidth + ')')""",
                         selector)


def lines(locator):
    """The element's text, one item per non-empty line."""
    return [line for line in locator.inner_text().splitlines() if line.strip()]


# Every address the phone's caches hold (the table pages' service worker: templates/scoring/table_sw.js).
KEPT_URLS = ("caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()))))"
             ".then(lists => lists.flat().map(r => r.url))")


def wait_kept(page, also: str = "", seconds: int = 40) -> None:
    """Wait until the service worker controls the page and has kept the page itself (and `also`, an
    address's part such as the words' "/jsi18n/?v=es"), as a reload with no network will want them.
    Its copy of the page is fetched beside the page's words: cutting the wifi after the words alone
    were kept left no page to reload (a flake on a loaded machine). Polled: the page's
    Content-Security-Policy forbids the eval wait_for_function polls with."""
    for _ in range(seconds * 5):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            page_key = page.evaluate("location.origin + location.pathname")
            urls = page.evaluate(KEPT_URLS)
            if page_key in urls and (not also or any(also in url for url in urls)):
                return
        page.wait_for_timeout(200)
    raise AssertionError(f"the service worker did not keep {page.url}{' and ' + also if also else ''}")


def queued(page, tries=3):
    """What the phone keeps in localStorage, not sent yet (static/js/offline.js). Asked again on the
    page that comes next when the phone is moving to it (a conflict settled, the round's page shown
    again): the page being left has no script to ask ("Execution context was destroyed")."""
    from playwright.sync_api import Error

    for left in range(tries - 1, -1, -1):
        try:
            return page.evaluate(QUEUE)
        except Error as error:
            if left == 0 or "Execution context was destroyed" not in str(error):
                raise
            page.wait_for_load_state()


def wait_until(page, check, what, seconds=40):
    for _ in range(seconds * 5):
        try:
            if check():
                return
        except Exception:  # the page reloads itself once the queue is sent
            pass
        page.wait_for_timeout(200)
    raise AssertionError(f"waited {seconds} s for {what}")
