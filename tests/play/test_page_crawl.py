"""Every page of every kind of event answers (issue 22): no page a person can reach answers 500.

Six kinds of event: played in sessions of a fixed number of hands or as games (with no hands per
round), by partnerships, by individuals at progressive tables of four, or by individuals at tables
of three. Each in seven states of its first round: planned, in play, game done (games only: the
round's game is over at table 1, not yet confirmed), table confirmed, table disputed, round closed,
and a tiebreak session made for a tie (its table is the one the phones and staff pages open).

Every URL pattern of the site (config/urls.py and what it includes) is taken from the URL resolver,
so a new page is crawled without touching this module; a pattern whose arguments this module cannot
fill, and that is not listed in SKIPPED with a reason, fails test_every_url_pattern_is_crawled.
Each page is opened by each viewer (the public, a phone holding each side or seat of the table, an
organizer, a scorer): GET, POST with nothing, and every form the viewer's pages show posted back
with what they hold (plus plausible values where a form starts empty). Each POST runs in a
savepoint rolled back after it, so every request meets the state it is named after. The PDFs the
Print page links to answer 200 with application/pdf.

The events are event files (scoring.event_io.event_import) built once per module; the tiebreak is
made by the site's own service (scoring.tiebreaks.tiebreak_create) from the closed round's tie.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from scoring.event_io import event_import
from scoring.selectors import event_standings
from scoring.tiebreaks import tiebreak_create
from tests import builders
from tournaments.models import EventStaff, Table

# --- the kinds of event, and their states ------------------------------------------------------

GAMES = {"hand_limit": 4, "games_per_round": 1, "wins_per_round": None, "rank_by": ["games", "points"]}


@dataclass(frozen=True)
class Kind:
    """One kind of event: its settings, and the hands a table plays (its round complete after them)."""

    name: str
    format: str  # "session" or "games"
    entrants: str  # "partnerships" or "individuals"
    rules: str
    hands_per_round: int | None
    people: int  # partnerships or players: two tables' worth

    @property
    def three(self) -> bool:
        return self.rules == "three-handed"

    @property
    def holders(self) -> tuple[str, ...]:
        """What a table phone holds: a side, or at a table of three a seat."""
        return ("1", "2", "3") if self.three else ("ns", "ew")

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
        game are over. Three-handed: the first seat bids both and takes 8, then 10."""
        if self.three:
            one, two, three = self.seats(table)["seats"]
            specs = [("8H", 8) if self.format == "session" else ("7H", 8), ("7S", 8) if self.format == "session"
                     else ("10NT", 10)]
            out = [{"hand": n, "contract": contract, "declarer": one,
                    "tricks": {str(one): tricks, str(two): (10 - tricks + 1) // 2, str(three): (10 - tricks) // 2}}
                   for n, (contract, tricks) in enumerate(specs, start=1)]
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
]
BY_NAME = {kind.name: kind for kind in KINDS}
STATES = ["planned", "in-play", "game-done", "confirmed", "disputed", "closed", "tiebreak"]
NAMES = ["Ana Garza", "Luis Peña", "Nélida Zúñiga", "Pat O'Brien", "María Treviño", "Joe Smith", "Élise Côté",
         "Bill Hughes"]


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
    key = "partnerships" if kind.entrants == "partnerships" else "players"
    if key == "partnerships":
        people = [{"number": n, "players": [f"{NAMES[n - 1]} {n}", f"{NAMES[-n]} {n}"], "checked_in": True}
                  for n in range(1, kind.people + 1)]
    else:
        people = [{"number": n, "name": NAMES[n - 1], "checked_in": True} for n in range(1, kind.people + 1)]
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
            {"number": 1, "status": status, "tables": [{"table": 1, **kind.seats(1), **table_one},
                                                       {"table": 2, **kind.seats(2), **table_two}]},
            {"number": 2, "status": "planned", "tables": second},
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


def build(kind: Kind, state: str) -> World:
    slug = f"crawl-{kind.name}-{state}"
    event = event_import(event_file(kind, "closed" if state == "tiebreak" else state, slug))
    table = Table.objects.get(round__event=event, round__number=1, round__tiebreak=None, number=1)
    if state == "tiebreak":
        ranking = event_standings(event).overall.rows
        first = next(row.rank for row in ranking if row.tied)
        tied = [row.number for row in ranking if row.rank == first]
        tiebreak = tiebreak_create(event=event, partnerships=tied)
        table = Table.objects.filter(round__tiebreak=tiebreak).order_by("round__number", "number").first()
    organizer = builders.make_user(f"olga-{kind.name}-{state}", event=event, role="organizer")
    scorer = builders.make_user(f"sam-{kind.name}-{state}", event=event, role="scorer")
    return World(kind, state, event, table, organizer, scorer, EventStaff.objects.get(user=scorer))


def states_of(kind: Kind) -> list[str]:
    return [s for s in STATES if s != "game-done" or kind.format == "games"]


# --- the two 500s found before the crawl, pinned with their pages' words --------------------------

@pytest.mark.django_db
def test_the_other_side_confirms_a_games_round_with_no_hands_per_round():
    """A games event whose rounds have no hand count: once table 1's game is over (700-20 after two
    hands), E-W's phone, the organizer's table page and a staff POST used to answer 500 (the
    confirmation counted hands_per_round, None). They count the table's hands."""
    world = build(BY_NAME["games-partnerships"], "game-done")
    phone = Client()
    phone.post(reverse("scoring:table-side", args=[world.table.token]), {"side": "ew"})
    page = phone.get(reverse("scoring:table-entry", args=[world.table.token]))
    assert page.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page.content.decode()))
    assert "Are all 2 hands right? Round totals: N-S 700 · E-W 20." in text
    staff = builders.login(world.organizer)
    manage = reverse("scoring:table-manage", args=[world.event.slug, world.table.pk])
    assert "Are all 2 hands right?" in staff.get(manage).content.decode()
    # A confirmation with no PIN: refused with the page again, not a crash.
    assert staff.post(reverse("scoring:table-manage-confirm", args=[world.event.slug, world.table.pk]),
                      {"pin": "0"}).status_code in (302, 400)


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["games-progressive", "games-three"])
def test_the_tiebreak_page_of_individuals_playing_games(name):
    """The tiebreak page of an event of individuals played as games (no hands per round) used to
    answer 500: its hint counted hands_per_round. It says the tied players play the rounds once."""
    world = build(BY_NAME[name], "closed")
    page = builders.login(world.organizer).get(reverse("scoring:tiebreaks", args=[world.event.slug]))
    assert page.status_code == 200
    assert "The tied players play the tiebreak's rounds once, each to its games' end." in page.content.decode()
