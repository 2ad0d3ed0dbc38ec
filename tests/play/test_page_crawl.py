"""Every page of every kind of event answers (issue 22): no page a person can reach answers 500.

Six kinds of event: played in sessions of a fixed number of hands or as games with no hands per
round, by partnerships, by individuals at progressive tables of four, or by individuals at tables of
three; and a seventh, games by partnerships with a number of hands per round too. Each in seven
states of its first round: planned, in play, game done (games only: the round's game is over at
table 1, not yet confirmed), table confirmed, table disputed, round closed, and a tiebreak session
made for the tie (its table is then the one the phones and the staff's table pages open).

Every URL pattern of the site (config/urls.py and what it includes) is taken from the URL resolver,
so a new page is crawled without touching this module; a pattern whose arguments this module cannot
fill, and that is not listed in SKIPPED with a reason, fails test_every_url_pattern_is_crawled.
Each page is opened by each viewer (the public, a phone holding each side or seat of the table, an
organizer, a scorer), each reading the site in English, Spanish or French: GET, the pages' own
links with a query, POST with nothing, and every form the viewer's pages show posted back with what
it holds (plus plausible values where a form starts empty, and the phone's own PIN). Each request
runs in a savepoint rolled back after it, so every request meets the state its test is named after.
The PDFs the Print page links to answer 200 with application/pdf.

The events are event files (scoring.event_io.event_import) built once for the module; the tiebreak
is made by the site's own service (scoring.tiebreaks.tiebreak_create) from the closed round's tie.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404

from scoring.engine.standings import SECONDARY_TIEBREAKERS
from scoring.event_io import event_import
from scoring.printing import KINDS as PDF_KINDS
from scoring.selectors import event_standings
from scoring.tiebreaks import tiebreak_create
from tests import builders
from tournaments.models import EventStaff, Table

# --- the kinds of event, and their states ------------------------------------------------------

# (contract, the bidder's tricks) of each hand at a table of three; in games 10NT with all ten ends it.
THREE_HANDED = {"session": [("8H", 8), ("7S", 8)], "games": [("7H", 8), ("10NT", 10)]}
GAMES = {"hand_limit": 4, "games_per_round": 1, "wins_per_round": None, "rank_by": ["games", "points"]}


@dataclass(frozen=True)
class Kind:
    """One kind of event: its settings, and the hands a table plays (its round complete after them)."""

    name: str
    format: str  # "session" or "games"
    entrants: str  # "partnerships" or "individuals"
    rules: str
    hands_per_round: int | None
    people: int  # partnerships or players: two tables' worth (and one more, who sits out)
    phones: tuple[str, ...] = ()  # what a phone proves where the kind says (a conformance sample's holders)

    @property
    def three(self) -> bool:
        return self.rules == "three-handed"

    @property
    def holders(self) -> tuple[str, ...]:
        """What a table phone holds: a side, or at a table of three a seat (or the kind's own `phones`)."""
        return self.phones or (("1", "2", "3") if self.three else ("ns", "ew"))

    def seats(self, table: int) -> dict:
        """Table 1 or 2 of round 1 (round 2 moves everyone on)."""
        if self.entrants == "partnerships":
            return {"ns": 2 * table - 1, "ew": 2 * table}
        if self.three:
            return {"seats": [3 * table - 2, 3 * table - 1, 3 * table]}
        first = 4 * table - 3
        return dict(zip("nesw", range(first, first + 4), strict=True))

    def hands(self, table: int, count: int | None = None) -> list[dict]:
        """The table's hands: both tables play the same, so their players tie seat for seat.

        Sessions (McAllen, RULES.md section 5): 7H by N-S taking 8 (+200 / +20), 6S by E-W taking 6
        (+40 to E-W, N-S +40 defending). Games (Wikipedia 2006): 7H by N-S taking 8 (200-20), then
        10H by N-S taking 10 (+500): N-S reach 700 making their bid, the game and the round's one
        game are over. At a table of three the first seat bids each hand (THREE_HANDED), the other
        two share the tricks left."""
        if self.three:
            one, two, three = self.seats(table)["seats"]
            out = [{"hand": n, "contract": contract, "declarer": one,
                    "tricks": {str(one): tricks, str(two): (10 - tricks + 1) // 2, str(three): (10 - tricks) // 2}}
                   for n, (contract, tricks) in enumerate(THREE_HANDED[self.format], start=1)]
        elif self.format == "session":
            out = [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8},
                   {"hand": 2, "contract": "6S", "declarer": "ew", "tricks": 6}]
        else:
            out = [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8},
                   {"hand": 2, "contract": "10H", "declarer": "ns", "tricks": 10}]
        return out[:count]


KINDS = [
    Kind("session-partnerships", "session", "partnerships", "mcallen", 2, 4),
    Kind("session-progressive", "session", "individuals", "mcallen", 2, 8),
    Kind("session-three", "session", "individuals", "three-handed", 2, 6),
    Kind("games-partnerships", "games", "partnerships", "wikipedia-2006", None, 4),
    Kind("games-progressive", "games", "individuals", "wikipedia-2006", None, 8),
    Kind("games-three", "games", "individuals", "three-handed", None, 6),
    # Games with a hand count as well: the round ends at its last hand or its last game.
    Kind("games-partnerships-hands", "games", "partnerships", "wikipedia-2006", 2, 4),
]
STATES = ["planned", "in-play", "game-done", "confirmed", "disputed", "closed", "tiebreak"]
NAMES = ["Ana Garza", "Luis Peña", "Nélida Zúñiga", "Pat O'Brien", "María Treviño", "Joe Smith", "Élise Côté",
         "Bill Hughes", "Ines Moreau"]


def event_file(kind: Kind, state: str, slug: str) -> dict:
    """Round 1 in `state` at two tables, round 2 planned. Table 1 is the table the crawl opens."""
    complete = kind.hands(1)
    table_one, table_two, status = {}, {}, "open"
    if state == "planned":
        status = "planned"
        table_one = table_two = {"hands": []}
    elif state == "in-play":
        table_one, table_two = {"hands": kind.hands(1, 1), "entered_side": kind.holders[0]}, {"hands": []}
    elif state == "game-done":
        table_one = {"hands": complete, "entered_side": kind.holders[0], "confirmed": False}
        table_two = {"hands": kind.hands(2, 1), "entered_side": kind.holders[0]}
    elif state == "confirmed":
        table_one = {"hands": complete, "entered_side": kind.holders[0], "confirmed": True}
        table_two = {"hands": kind.hands(2, 1), "entered_side": kind.holders[0]}
    elif state == "disputed":
        table_one = {"hands": complete, "entered_side": kind.holders[0], "confirmed": False,
                     "dispute": "Hand 2 was 7 tricks, not 8"}
        table_two = {"hands": []}
    else:  # closed, and the tiebreak made from it
        status = "closed"
        table_one = {"hands": complete, "entered_side": kind.holders[0], "confirmed": True}
        table_two = {"hands": kind.hands(2), "entered_side": kind.holders[0], "confirmed": True}
    if kind.three:  # a table of three's phone enters from a seat: the checker wants one it knows
        for table in (table_one, table_two):
            if table.get("hands"):
                table["entered_side"] = "1"
    # One more than the tables seat, who sits out both rounds (scored by the sit-out policy).
    key, out = ("partnerships" if kind.entrants == "partnerships" else "players"), kind.people + 1
    if key == "partnerships":
        people = [{"number": n, "players": [f"{NAMES[n - 1]} {n}", f"{NAMES[-n]} {n}"], "checked_in": True}
                  for n in range(1, out + 1)]
    else:
        people = [{"number": n, "name": NAMES[n - 1], "checked_in": True} for n in range(1, out + 1)]
    second = [{"table": t, **_moved(kind, t)} for t in (1, 2)]
    event = {"name": f"Crawl {kind.name} {state}", "slug": slug, "date": "2026-06-01", "rules": kind.rules,
             "entrants": kind.entrants, "rounds": 2, "hands_per_round": kind.hands_per_round, "language": "en",
             "format": kind.format}
    if kind.format == "games":
        event["games"] = GAMES
    return {
        "format": "500-event/2",
        "event": event,
        key: people,
        "rounds": [
            {"number": 1, "status": status, "byes": [out], "tables": [{"table": 1, **kind.seats(1), **table_one},
                                                                      {"table": 2, **kind.seats(2), **table_two}]},
            {"number": 2, "status": "planned", "byes": [out], "tables": second},
        ],
    }


def _moved(kind: Kind, table: int) -> dict:
    """Round 2's seats: everyone meets someone new."""
    if kind.entrants == "partnerships":
        return {"ns": table, "ew": table + 2}
    if kind.three:
        return {"seats": [table, table + 2, table + 4]}
    return dict(zip("nesw", [table, table + 2, table + 4, table + 6], strict=True))


@dataclass
class World:
    """One event in one state, with its staff and the table the crawl opens."""

    kind: Kind
    state: str
    event: object
    table: Table
    organizer: object
    scorer: object
    scorer_staff: EventStaff


def first_tie(event) -> list[int]:
    """The numbers sharing the best tied place."""
    ranking = event_standings(event).overall.rows
    first = next(row.rank for row in ranking if row.tied)
    return [row.number for row in ranking if row.rank == first]


def build(kind: Kind, state: str) -> World:
    slug = f"crawl-{kind.name}-{state}"
    event = event_import(event_file(kind, "closed" if state == "tiebreak" else state, slug))
    table = Table.objects.get(round__event=event, round__number=1, round__tiebreak=None, number=1)
    if state == "tiebreak":
        tiebreak = tiebreak_create(event=event, partnerships=first_tie(event))
        table = Table.objects.filter(round__tiebreak=tiebreak).order_by("round__number", "number").first()
    organizer = builders.make_user(f"olga-{kind.name}-{state}", event=event, role="organizer")
    scorer = builders.make_user(f"sam-{kind.name}-{state}", event=event, role="scorer")
    return World(kind, state, event, table, organizer, scorer, EventStaff.objects.get(user=scorer))


def states_of(kind: Kind) -> list[str]:
    return [s for s in STATES if s != "game-done" or kind.format == "games"]


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker):
    """Every kind in every state, built once for the module inside a transaction rolled back at its
    end; each test then runs in a savepoint of it (pytest-django's `db`)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield {(kind.name, state): build(kind, state) for kind in KINDS for state in states_of(kind)}
        transaction.set_rollback(True)


# --- the two 500s found before the crawl, pinned with their pages' words --------------------------

@pytest.mark.django_db
def test_the_other_side_confirms_a_games_round_with_no_hands_per_round(worlds):
    """A games event whose rounds have no hand count: once table 1's game is over (700-20 after two
    hands), E-W's phone, the organizer's table page and a staff POST used to answer 500 (the
    confirmation counted hands_per_round, None). They count the table's hands."""
    world = worlds["games-partnerships", "game-done"]
    phone = Client()
    builders.prove_side(phone, world.table, "ew")
    page = phone.get(reverse("scoring:table-entry", args=[world.table.token]))
    assert page.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page.content.decode()))
    assert "Are all 2 hands right? Round totals: N-S 700 · E-W 20." in text
    staff = builders.login(world.organizer)
    manage = reverse("scoring:table-manage", args=[world.event.slug, world.table.pk])
    assert "Are all 2 hands right?" in staff.get(manage).content.decode()
    # A staff dispute with no reason: the page again, with its confirmation, and the reason asked for.
    refused = staff.post(reverse("scoring:table-manage-dispute", args=[world.event.slug, world.table.pk]),
                         {"reason": ""})
    assert refused.status_code == 400 and "Are all 2 hands right?" in refused.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["games-progressive", "games-three"])
def test_the_tiebreak_page_of_individuals_playing_games(worlds, name):
    """The tiebreak page of an event of individuals played as games (no hands per round) used to
    answer 500: its hint counted hands_per_round. It says the tied players play the rounds once."""
    world = worlds[name, "closed"]
    page = builders.login(world.organizer).get(reverse("scoring:tiebreaks", args=[world.event.slug]))
    assert page.status_code == 200
    assert "The tied players play the tiebreak's rounds once, each to its games' end." in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["games-partnerships", "games-progressive", "games-three"])
def test_a_tiebreak_of_games_asks_no_hand_count(worlds, name):
    """Games with no hands per round play a tiebreak's rounds once, to their games' end: the page asks
    for no number of hands (it was required, and then ignored), and the tied entrants alone make it."""
    world = worlds[name, "closed"]
    staff = builders.login(world.organizer)
    page = staff.get(reverse("scoring:tiebreaks", args=[world.event.slug])).content.decode()
    assert 'name="hands"' not in page and 'name="partnerships"' in page
    tied = first_tie(world.event)
    made = staff.post(reverse("scoring:tiebreak-create", args=[world.event.slug]),
                      {"partnerships": tied, "layout": "auto"})
    assert made.status_code == 302
    tiebreak = world.event.tiebreaks.get()
    assert sorted(tiebreak.partnerships.values_list("number", flat=True)) == tied and tiebreak.rounds.exists()


# --- the URL patterns --------------------------------------------------------------------------

# Patterns not crawled here, each with the reason.
SKIPPED = {
    "admin": "Django's own admin (every model's pages): superusers only, tested by Django itself",
    "clubs": "the clubs' pages (issue 26): tests/clubs/test_access_matrix.py opens every one across two clubs",
}
# What a URL's `number` means, read from its name: a hand at the table, an entrant, a round.
NUMBER_MEANS = {"hand": 1, "partnership": 1, "round": 1}
# Last, in this order: they change the viewer (its language, its log-in), not the event.
LAST = ["set_language", "logout"]
# The pages the public (and a phone) may open; every other page answers them 302 (log in) or 403.
PUBLIC = {"favicon", "javascript-catalog", "login", "tournaments:event-list", "tournaments:event-detail",
          "tournaments:movement", "scoring:standings", "scoring:standings-fragment", "scoring:standings-json",
          "scoring:standings-csv", "scoring:projector", "scoring:projector-fragment", "scoring:partnership",
          "scoring:medals", "scoring:table-code", "scoring:table-sw", "scoring:table-entry", "scoring:table-hand",
          "scoring:event-file", "scoring:pdf"}
# What the organizer meets where a page is not a page for her: an unknown document, creating events
# (a permission of its own, docs/organizer-guide.md "Who may create events").
ORGANIZER_GETS = {"nonsense": (404,), "tournaments:event-create": (403,), "scoring:event-import": (403,)}
# The documents every viewer asks for by address: a public one, a staff one, one that does not
# exist. The organizer downloads every document the Print page links to as well (Crawl.pdfs).
CRAWLED_PDFS = ["standings", "sheets", "nonsense"]
assert set(CRAWLED_PDFS) - {"nonsense"} <= set(PDF_KINDS)
# Statuses a person can meet: a page, a redirect, a refused form, no right, nothing there, a GET on
# a form's address or a POST to a page.
ANSWERS = {200, 302, 400, 403, 404, 405}


def url_patterns(resolver=None, namespace: str = "", kwargs: tuple = ()):
    """(name, keyword arguments) of every pattern the site answers, namespaces included."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        names = (*kwargs, *pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}:{pattern.namespace}".strip(":") if pattern.namespace else namespace
            yield from url_patterns(pattern, inner, names)
        else:
            yield (f"{namespace}:{pattern.name}".strip(":") if pattern.name else f"{namespace}:<unnamed>"), names


def skipped(name: str) -> str | None:
    return SKIPPED.get(name) or SKIPPED.get(name.split(":")[0])


def arguments(name: str, kwargs, world: World) -> list[dict]:
    """The values each argument takes on the crawl (a PDF's kind takes each of CRAWLED_PDFS)."""
    if not kwargs:
        return [{}]
    values = {"slug": [world.event.slug], "token": [world.table.token], "table_id": [world.table.pk],
              "staff_id": [world.scorer_staff.pk], "sequence": [1], "kind": CRAWLED_PDFS}
    means = [word for word in NUMBER_MEANS if word in name.split(":")[-1].split("-")]
    if means:
        values["number"] = [NUMBER_MEANS[means[0]]]
    out = [{}]
    for key in kwargs:
        if key not in values:
            raise LookupError(f"{name}: no value for its argument {key!r}: say what it is in arguments()")
        out = [{**done, key: value} for done in out for value in values[key]]
    return out


def site_urls(world: World | None, who: str = "organizer") -> list[tuple[str, str]]:
    """(name, URL) of every page to crawl for this event, LAST last; with no event, the site's pages
    that belong to no event (the list of events, log-in, the table-code page...). A phone is the
    public with a side at its table: the public's crawl covers its other pages, so it opens its table's."""
    found = []
    for name, kwargs in url_patterns():
        if (world is None) != (not kwargs) or (who.startswith("phone-") and "token" not in kwargs):
            continue
        if not skipped(name):
            found += [(name, reverse(name, kwargs=given)) for given in arguments(name, kwargs, world)]
    return sorted(found, key=lambda pair: LAST.index(pair[0]) if pair[0] in LAST else -1)


def test_every_url_pattern_is_crawled(worlds):
    """A new page is crawled as it is, or listed in SKIPPED with a reason: nothing else."""
    world = worlds["session-partnerships", "in-play"]
    problems = []
    crawled = {name for name, _ in site_urls(world)} | {name for name, _ in site_urls(None)}
    for name, kwargs in url_patterns():
        if skipped(name):
            continue
        try:
            arguments(name, kwargs, world)
        except LookupError as exc:
            problems.append(str(exc))
        if name.endswith("<unnamed>"):
            problems.append(f"an unnamed pattern in {name}: name it, or list it in SKIPPED")
        if name not in crawled:
            problems.append(f"{name} is not crawled")
    assert problems == []
    assert {"scoring:table-entry", "scoring:tiebreaks", "tournaments:dashboard", "scoring:pdf", "logout"} <= crawled


# --- forms, as a browser would post them --------------------------------------------------------

# Plausible values for fields a page leaves empty (radio groups nobody ticked, text nobody typed).
FILL = {"declarer": "ns", "contract": "7H", "tricks": "8", "declarer_seat": "1", "seat_2": "1",
        "reason": "Checked against the signed sheet", "username": "crawl-scorer", "name": "Rosa Díaz",
        "player_one": "Rosa Díaz", "player_two": "Paul Roy", "text": "9, Rosa Díaz, Paul Roy",
        "pin": "1234", "partnership": "1", "q": "Garza", "hands": "2", "partnerships": "1",
        "fillers": "", "tables": "1 1 3", "note": "", "tiebreaker_1": next(iter(SECONDARY_TIEBREAKERS))}


@dataclass
class Form:
    action: str
    fields: list = field(default_factory=list)  # (name, value)
    radios: dict = field(default_factory=dict)  # name: first value, of the groups nobody ticked
    button: tuple | None = None  # the first named submit button: the one a person taps
    textarea: str | None = None

    def data(self, extra: dict) -> dict:
        given: dict[str, list[str]] = {}
        for name, value in self.fields:
            given.setdefault(name, []).append(value)
        for name in self.radios:  # a person ticks the groups the hand needs, and leaves the others
            if name not in given and name in FILL:
                given[name] = [FILL[name]]
        for name, values in given.items():
            if len(values) == 1 and not values[0].strip() and name in FILL:
                given[name] = [FILL[name]]
        if self.button and self.button[0] not in given:
            given[self.button[0]] = [self.button[1]]
        given.update({k: [v] for k, v in extra.items() if k in given})
        return {name: values if len(values) > 1 else values[0] for name, values in given.items()}


class FormReader(HTMLParser):
    """The POST forms of a page with what they hold, as a browser would send them."""

    def __init__(self, page_url: str):
        super().__init__(convert_charrefs=True)
        self.page_url, self.forms, self.form, self.select = page_url, [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = Form(a.get("action") or self.page_url) if (a.get("method") or "").lower() == "post" else None
            if self.form:
                self.forms.append(self.form)
        if tag == "option" and self.select:
            self.select[1] = self.select[1] if self.select[1] is not None else a.get("value", "")
            if "selected" in a:
                self.select[2] = a.get("value", "")
        if self.form is None or not a.get("name"):
            return
        name, kind = a["name"], (a.get("type") or "text").lower()
        if tag == "input" and kind in ("checkbox", "radio"):
            if "checked" in a:
                self.form.fields.append((name, a.get("value", "on")))
            elif kind == "radio":
                self.form.radios.setdefault(name, a.get("value", "on"))
        elif tag == "input" and kind in ("submit", "image") or tag == "button":
            if self.form.button is None and kind != "button":
                self.form.button = (name, a.get("value", ""))
        elif tag == "input" and kind != "file":
            self.form.fields.append((name, a.get("value", "")))
        elif tag == "select":
            self.select = [name, None, None]
        elif tag == "textarea":
            self.form.textarea = name
            self.form.fields.append((name, ""))

    def handle_data(self, data):
        if self.form is not None and self.form.textarea:
            name, value = self.form.fields.pop()
            self.form.fields.append((name, value + data))

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "textarea" and self.form is not None:
            self.form.textarea = None
        elif tag == "select" and self.select and self.form is not None:
            name, first, chosen = self.select
            self.form.fields.append((name, chosen if chosen is not None else first or ""))
            self.select = None


@functools.lru_cache(maxsize=256)  # each page is read for its forms twice (post_empty, post_forms)
def read_forms(page_url: str, html: str) -> list[Form]:
    reader = FormReader(page_url)
    reader.feed(html)
    return reader.forms


def url_name(url: str) -> str | None:
    try:
        return resolve(urlsplit(url).path).view_name
    except Resolver404:
        return None


# --- the crawl ---------------------------------------------------------------------------------


def viewers_of(kind: Kind) -> list[str]:
    return ["public", *(f"phone-{holder}" for holder in kind.holders), "organizer", "scorer"]


HANDLER = []  # one ClientHandler for every viewer: each new one loads the middleware again (60 ms)


def crawl_every_viewer(world: World) -> dict[str, Crawl]:
    """Each viewer of the world's kind (viewers_of), in turn in each language, gets every page, follows
    its links, posts every form empty and filled: {who: his Crawl, its problems listed}."""
    visits = {}
    for number, who in enumerate(viewers_of(world.kind)):
        visit = Crawl(viewer(world, who, LANGUAGES[number % 3]), who, world)
        urls = site_urls(world, who)
        visit.get_all(urls)
        visit.get_links()
        visit.post_empty(urls)
        visit.post_forms(world)
        visits[who] = visit
    return visits


def viewer(world: World, who: str, language: str = "en") -> Client:
    client = Client(raise_request_exception=False)  # a crash answers 500, and the crawl lists it
    HANDLER[:] = HANDLER or [client.handler]
    client.handler = HANDLER[0]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language  # chosen on this device (the switcher)
    if who in ("organizer", "scorer"):
        client.force_login(getattr(world, who), backend=builders.BACKEND)
    elif who.startswith("phone-"):
        builders.prove_side(client, world.table, who.removeprefix("phone-"))
    return client


class Crawl:
    """One viewer's requests; every request runs in a savepoint rolled back after it."""

    def __init__(self, client: Client, who: str, world: World):
        self.client, self.who, self.problems, self.pages = client, who, [], {}
        self.hands = world.table.hands.exists()
        self.refused = set()  # no right to it: a POST meets the same door (log in, or 403)
        self.post_only = set()

    def request(self, method: str, url: str, data=None, *, expect=ANSWERS):
        with transaction.atomic():
            response = self.client.get(url) if method == "GET" else self.client.post(url, data or {})
            transaction.set_rollback(True)
        shown = f"{method} {url}" + (f" {sorted(data)}" if data else "")
        if response.status_code not in expect:
            self.problems.append(f"{shown} -> {response.status_code}")
        return response

    def get_all(self, urls):
        for name, url in urls:
            if name in LAST:
                continue
            response = self.request("GET", url)
            if self.who == "public" or self.who.startswith("phone-"):
                if response.status_code == 200 and name not in PUBLIC:
                    self.problems.append(f"GET {url} -> 200 for {self.who}: a staff page? (or add {name} to PUBLIC)")
            wanted = ORGANIZER_GETS.get("nonsense" if url.endswith("/nonsense/") else name, (200, 302, 405))
            if name.startswith("scoring:table-manage-hand") and not self.hands:  # no hand 1 at the table yet
                wanted = (404, 405)
            if self.who == "organizer" and response.status_code not in wanted and response.status_code != 500:
                self.problems.append(f"GET {url} -> {response.status_code} for the organizer")
            to_login = response.status_code == 302 and response["Location"].startswith(reverse("login"))
            if self.who in ("organizer", "scorer") and to_login:
                self.problems.append(f"GET {url} -> log in, for the {self.who} (logged in)")
            if self.who.startswith("phone-") and name == "scoring:table-entry" and response.status_code not in (200, 500):
                self.problems.append(f"GET {url} -> {response.status_code} for the table's own phone")
            if name == "scoring:pdf" and response.status_code == 200 and response["Content-Type"] != "application/pdf":
                self.problems.append(f"GET {url} -> {response['Content-Type']}, not a PDF")
            if response.status_code == 405:
                self.post_only.add(url)
            if response.status_code == 403 or to_login:
                self.refused.add(url)
            if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
                self.pages[url] = response.content.decode()

    def post_empty(self, urls):
        """POST nothing where a POST is taken: a form's address, or an address that takes only POSTs
        (a page with no form answers a POST as a GET)."""
        actions = {urlsplit(urljoin(page, form.action)).path for page, html in self.pages.items()
                   for form in read_forms(page, html)}
        for name, url in urls:
            if name not in LAST and url not in self.refused and (url in actions or url in self.post_only):
                self.request("POST", url, {})

    def get_links(self):
        """The pages' own links with a query (a sort, a division, the tied partnerships ticked for a
        tiebreak, a search...): one of each page and set of keys. PDFs are the organizer's (pdfs)."""
        seen = set()
        for page_url, html in list(self.pages.items()):
            for href in sorted(set(re.findall(r'href="([^"#:]*\?[^"#]*)', html.replace("&amp;", "&")))):
                link = urljoin(page_url, href)
                parts = urlsplit(link)
                key = (url_name(link), tuple(sorted({k.split("=")[0] for k in parts.query.split("&")})))
                if key[0] is None or key[0] == "scoring:pdf" or key in seen:
                    continue
                seen.add(key)
                response = self.request("GET", link)
                if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
                    self.pages[link] = response.content.decode()

    def extra(self, name: str, world: World) -> dict:
        """What a person types where the page cannot know it."""
        if name == "scoring:table-code":
            return {"code": world.table.short_code}
        if name == "tournaments:event-delete":
            return {"confirm": world.event.name}
        if self.who.startswith("phone-"):  # his own PIN (or number): to prove his side, or to confirm
            code = builders.prove_code(world.table, self.who.removeprefix("phone-"))
            return {"code": code, "pin": code, "partnership": code}
        return {}

    def post_forms(self, world: World):
        seen = set()
        for page_url, html in self.pages.items():
            for form in read_forms(page_url, html):
                name = url_name(form.action)
                fields = tuple(sorted({n for n, _ in form.fields} | set(form.radios)))
                if name in LAST or (name, fields) in seen:
                    continue
                seen.add((name, fields))
                self.request("POST", form.action, form.data(self.extra(name, world)))

    def pdfs(self, world: World):
        """The Print page's links, each a PDF."""
        page = self.pages.get(reverse("scoring:print", args=[world.event.slug]), "")
        links = sorted(set(re.findall(r'href="(/events/[^"]+/pdf/[^"]+)"', page.replace("&amp;", "&"))))
        for link in links:
            response = self.request("GET", link, expect={200})
            if response.status_code == 200 and response["Content-Type"] != "application/pdf":
                self.problems.append(f"GET {link} -> {response['Content-Type']}, not a PDF")
        return links

    def last(self, urls):
        for name, url in urls:
            if name == "set_language":
                self.request("POST", url, {"language": "es", "next": "/"})
            elif name == "logout":
                self.request("POST", url, {})


# Each viewer reads in one of the site's languages, in turn from state to state, so that every page is
# read in English, Spanish and French across the states (a translation that drops a placeholder
# crashes only in its own language) at no extra cost.
LANGUAGES = ["en", "es", "fr"]
CASES = [pytest.param(kind.name, state, who, language, id=f"{kind.name}-{state}-{who}-{language}")
         for kind in KINDS for s, state in enumerate(states_of(kind))
         for v, who in enumerate(viewers_of(kind)) for language in [LANGUAGES[(s + v) % 3]]]


@pytest.mark.django_db
@pytest.mark.parametrize("kind, state, who, language", CASES)
def test_every_page_answers(worlds, kind, state, who, language):
    world = worlds[kind, state]
    crawl = Crawl(viewer(world, who, language), who, world)
    urls = site_urls(world, who)
    crawl.get_all(urls)
    crawl.get_links()
    crawl.post_empty(urls)
    crawl.post_forms(world)
    if who == "organizer":
        assert crawl.pdfs(world), "the Print page links to no PDF"
    crawl.last(urls)
    assert not crawl.problems, "\n".join(crawl.problems)


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["public", "organizer", "scorer"])
def test_the_pages_of_no_event_answer(worlds, who):
    """The list of events, log-in and out, the language, the table-code page, the event forms."""
    world = worlds["session-partnerships", "in-play"]
    crawl = Crawl(viewer(world, who), who, world)
    urls = site_urls(None, who)
    crawl.get_all(urls)
    crawl.post_empty(urls)
    crawl.post_forms(world)
    crawl.last(urls)
    assert not crawl.problems, "\n".join(crawl.problems)
