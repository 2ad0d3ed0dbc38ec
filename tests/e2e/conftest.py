"""Real-browser fixtures: Debian's Chromium driven by Playwright's sync API, and screenshots.

The browser tests skip (with the reason) only when /usr/bin/chromium is missing; `bin/test`
installs it when it can. Screenshots go to artifacts/e2e/ (gitignored), one per page visited,
for a person to look at.
"""

import os
from pathlib import Path

import pytest

from tests.builders import ARTIFACTS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


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
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
