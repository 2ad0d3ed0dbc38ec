"""The tests' shared fixtures, built with tests/builders.py through the services like real use.

People: `organizer` (olga) and `scorer` (sam) of `event`, `outsider` (otto, a scorer of
`other_event` only), `newcomer` (olga with no event yet), `superuser` (root), and a logged-in
client for each; `anonymous` is a client nobody logged in to.

The event chain: `event` -> `round_one` (four partnerships, round 1 open at two tables) -> `played`
(table 1's four hands entered). A module that needs another event overrides `event` and keeps
the rest of the chain.
"""

import atexit
import datetime
import os
import shutil
import tempfile

import pytest
from django.core.cache import cache
from django.test import Client

from scoring.views import standings as standings_views
from tests import builders
from tournaments.services import grant_event_creation

# The commands the tests start in other processes (collectstatic in the hall, bench, storm and two-server
# tests, bin/serve) collect the static files into this test process's own directory: bin/test runs two
# test processes at once, and one's collectstatic must not rewrite the files the other's pages are served.
os.environ["STATIC_ROOT"] = tempfile.mkdtemp(prefix=f"fivehundred-static-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
atexit.register(shutil.rmtree, os.environ["STATIC_ROOT"], ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_live_builds():
    """Each test's database starts over, so its events' ids and versions come again: the live
    standings' builds (the cache's and each process's copy, keyed by them) must start over too."""
    cache.clear()
    standings_views._SERVED.clear()
    standings_views._VERSIONS.clear()


@pytest.fixture
def event(db):
    return builders.make_event()


@pytest.fixture
def other_event(db):
    return builders.make_event(slug="other", name="Other", date=datetime.date(2026, 4, 1))


# --- people ------------------------------------------------------------------------------------

@pytest.fixture
def organizer(event):
    return builders.make_user("olga", event=event, role="organizer")


@pytest.fixture
def scorer(event):
    return builders.make_user("sam", event=event, role="scorer")


@pytest.fixture
def outsider(other_event):
    return builders.make_user("otto", event=other_event, role="scorer")


@pytest.fixture
def newcomer(db):
    """olga before she has any event: no role anywhere yet (she organizes the events she creates)."""
    user = builders.make_user("olga")
    grant_event_creation(user)  # creating events needs the permission (docs/organizer-guide.md, "Who may create events")
    return user


@pytest.fixture
def superuser(db):
    return builders.make_user("root", superuser=True)


@pytest.fixture
def organizer_client(organizer):
    return builders.login(organizer)


@pytest.fixture
def creator_client(organizer):
    """The event's organizer, also allowed to create events (docs/organizer-guide.md, "Who may create events")."""
    grant_event_creation(organizer)
    return builders.login(organizer)


@pytest.fixture
def scorer_client(scorer):
    return builders.login(scorer)


@pytest.fixture
def outsider_client(outsider):
    return builders.login(outsider)


@pytest.fixture
def newcomer_client(newcomer):
    return builders.login(newcomer)


@pytest.fixture
def superuser_client(superuser):
    return builders.login(superuser)


@pytest.fixture
def anonymous(db):
    return Client()


# --- the event chain ---------------------------------------------------------------------------

@pytest.fixture
def round_one(event):
    """Four partnerships (builders.ENTRY_NAMES), round 1 open: 1 v 2 at table 1, 3 v 4 at table 2."""
    return builders.round_in_play(event)


@pytest.fixture
def setup(event, round_one, organizer, scorer, outsider, other_event):
    """Everything the score-entry tests use: the event in play, its two tables, its staff, and an
    outsider who is a scorer of `other_event` (also in play, with its own tables)."""
    builders.round_in_play(other_event)
    t1, t2 = round_one.tables.order_by("number")
    return type("Setup", (), dict(event=event, round=round_one, t1=t1, t2=t2, organizer=organizer, scorer=scorer,
                                  outsider=outsider, other_event=other_event))


@pytest.fixture
def played(setup):
    """`setup` with table 1's four hands entered by N-S (7H making 8: N-S +200, E-W +20 each)."""
    builders.enter_hands(setup.t1)
    return setup
