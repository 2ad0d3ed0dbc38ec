"""Event builders for the tests: plain functions, event -> partnerships -> rounds -> hands, written
through the real services (round_create, hand_record, table_confirm, the registration and movement
services) so a test sees what a real event day stores. The one exception is `bulk_event`, which
inserts the hands in bulk (points still from score_for_table) for the large query-count events.

Also here: the users and logged-in clients, the entry page's POST data, and running a management
command. The pytest fixtures built from these live in tests/conftest.py. This module reads and
writes the test database only; it imports no test module.
"""

from __future__ import annotations

import datetime
import io
import random
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from scoring import totals
from scoring.engine.movement import plan
from scoring.engine.vocabulary import dealer_for
from scoring.models import Hand
from scoring.services import Actor, hand_record, score_for_table, table_confirm
from tournaments import services
from tournaments.models import Event, EventStaff, Partnership, Player, Table
from tournaments.services import round_create

SCORER = Actor("Test scorer", is_organizer=True)
BACKEND = "django.contrib.auth.backends.ModelBackend"
DATE = datetime.date(2026, 5, 14)
# Where the browser tests leave their screenshots and PDFs for a person to look at (gitignored).
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "e2e"

# The four partnerships of the entry tests, seated 1 v 2 at table 1 and 3 v 4 at table 2.
ENTRY_NAMES = [("Ana Ruiz", "Bea Cruz"), ("Carl Diaz", "Dora Vega"), ("Eli Soto", "Fay Luna"), ("Gus Mora", "Hal Rios")]
# The players of `build_event`'s partnerships (two names a partnership, numbered after them).
MIXED_NAMES = ["Ana Garza", "Luis Peña", "Nélida Zúñiga", "Pat O'Brien", "María Treviño", "Joe Smith",
               "Rosa Cantú", "Bill Hughes", "Elena Ríos", "Tom Baker"]

# RULES.md section 5 (McAllen): (hand, values, N-S points, E-W points).
WORKED_HANDS = [
    (1, {"declarer": "ns", "contract": "7H", "tricks": 8}, 200, 20),
    (2, {"declarer": "ew", "contract": "8NT", "tricks": 7}, 30, -320),
    (3, {"declarer": "ns", "contract": "6S", "tricks": 10}, 250, 0),
    (4, {"declarer": "ns", "contract": "7D", "tricks": 9, "penalty_kind": "revoke", "penalty_side": "ns"}, -180, 10),
]
WORKED_NS_TOTAL = 200 + 30 + 250 - 180  # 300
WORKED_EW_TOTAL = 20 - 320 + 0 + 10  # -290


# --- users ------------------------------------------------------------------------------------

def make_user(username: str, *, event: Event | None = None, role: str = "", superuser: bool = False,
              password: str | None = None):
    """A user, with `role` ("organizer" or "scorer") at `event` if given. No password by default:
    hashing is slow, and the tests log in with force_login."""
    User = get_user_model()
    if superuser:
        user = User.objects.create_superuser(username, f"{username}@example.org", password)
    else:
        user = User.objects.create_user(username, password=password)
    if event is not None and role:
        EventStaff.objects.create(event=event, user=user, role=role)
    return user


def login(user) -> Client:
    """A fresh client logged in as `user` (each client is a separate phone or laptop)."""
    client = Client()
    client.force_login(user, backend=BACKEND)
    return client


# --- event -> partnerships --------------------------------------------------------------------

def make_event(slug: str = "gao-2026", **fields) -> Event:
    defaults = dict(name="Golden Age Olympics 500", date=DATE, venue="McAllen Senior Center")
    defaults.update(fields)
    return Event.objects.create(slug=slug, **defaults)


def make_partnerships(event: Event, count: int, divisions=None, names=None) -> dict[int, Partnership]:
    """Partnerships 1..count, {number: Partnership}. `names[n - 1]` is (player one, player two) or
    (player one, player two, division); by default Ana<n> Peña & Luis<n> O'Brien."""
    out = {}
    for n in range(1, count + 1):
        one, two, *division = names[n - 1] if names else (f"Ana{n} Peña", f"Luis{n} O'Brien")
        division = division[0] if division else (divisions or {}).get(n, "")
        out[n] = Partnership.objects.create(
            event=event, number=n, division=division,
            player_one=Player.objects.create(event=event, name=one),
            player_two=Player.objects.create(event=event, name=two),
        )
    return out


def register(event: Event, numbers, *, checked_in=True) -> None:
    """Register partnerships A<n> & B<n> through the registration service; `checked_in` is a bool
    or the set of numbers that are here."""
    for n in numbers:
        here = checked_in if isinstance(checked_in, bool) else n in checked_in
        services.partnership_register(event=event, number=n, player_one=f"A{n}", player_two=f"B{n}", checked_in=here)


def club_event(n=12, rounds=10, checked_in=None, **settings) -> Event:
    """Club 500: `n` partnerships registered through the services, `checked_in` (a set of numbers)
    here or everyone; no movement yet."""
    event = make_event(slug=f"club-500-{Event.objects.count() + 1}", name="Club 500", date=datetime.date(2026, 2, 1),
                       rounds=rounds, **settings)
    register(event, range(1, n + 1), checked_in=True if checked_in is None else checked_in)
    return event


# --- -> rounds ---------------------------------------------------------------------------------

def start(event: Event):
    """Generate the movement for the checked-in partnerships and put round 1 in play."""
    services.movement_generate(event=event)
    return services.round_start_next(event=event)


def round_in_play(event: Event, names=ENTRY_NAMES):
    """Four partnerships (ENTRY_NAMES) and round 1 open: 1 v 2 at table 1, 3 v 4 at table 2."""
    p = make_partnerships(event, len(names), names=names)
    return round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])], status="open")


def build_event(*, slug="h6-check", partnerships=4, rounds=2, name="Integrity Open", **fields) -> Event:
    """An event with players, partnerships and `rounds` open rounds from the real movement."""
    fields.setdefault("rounds", rounds)
    event = make_event(slug=slug, name=name, venue="McAllen", **fields)
    names = [(f"{MIXED_NAMES[(2 * n) % len(MIXED_NAMES)]} {n}", f"{MIXED_NAMES[(2 * n + 1) % len(MIXED_NAMES)]} {n}")
             for n in range(1, partnerships + 1)]
    by_number = make_partnerships(event, partnerships, names=names)
    for planned in plan(list(by_number), rounds):
        round_create(
            event=event,
            number=planned.number,
            tables=[(t, by_number[ns], by_number[ew]) for t, ns, ew in planned.tables],
            byes=[by_number[b] for b in planned.byes],
            status="open",
        )
    return event


def tables_of(event: Event, round_number=1) -> list[Table]:
    return list(event.round_set.get(number=round_number, tiebreak__isnull=True).tables.order_by("number"))


# --- -> hands ----------------------------------------------------------------------------------

def play(table: Table, hands: list[tuple], *, confirm=True, actor=SCORER) -> None:
    """hands: (declarer, contract, tricks) or (declarer, contract, tricks, penalty_kind, penalty_side)."""
    for number, spec in enumerate(hands, start=1):
        declarer, contract, tricks, *penalty = spec
        kind, side = (penalty + ["", ""])[:2]
        seat = ("N" if side == "ns" else "E") if kind == "bid_out_of_turn" else ""  # the service wants the seat
        hand_record(table=table, number=number, actor=actor, declarer=declarer, contract=contract, tricks=tricks,
                    penalty_kind=kind, penalty_side=side, penalty_seat=seat)
    if confirm:
        table_confirm(table=table, actor=actor)


def enter_hands(table: Table, count=4, *, actor=None, side="ns") -> None:
    """`count` hands of 7H by N-S making 8 tricks (N-S +200, E-W +20 each), entered from `side`."""
    actor = actor or Actor(label="N-S #1 (table link)")
    for n in range(1, count + 1):
        hand_record(table=table, number=n, actor=actor, side=side, declarer="ns", contract="7H", tricks=8)
    table.refresh_from_db()


def enter_worked_hands(table: Table, actor=None) -> None:
    actor = actor or Actor(label=f"Table {table.number} N-S")
    for number, values, _ns, _ew in WORKED_HANDS:
        hand_record(table=table, number=number, actor=actor, side="ns", **values)


def tie_for_second(event: Event | None = None) -> tuple[Event, dict[int, Partnership]]:
    """Two rounds of one hand (RULES.md values), on `event` if given (it becomes 2 rounds of 1 hand):
    R1 1 v 2: 6S by 1, 10 tricks: 1 +250, 2 0.   3 v 4: 7H by 3, 8 tricks: 3 +200, 4 +20.
    R2 1 v 3: 6S by 1, 6 tricks: 1 +40, 3 +40.   2 v 4: 8S by 2, 8 tricks: 2 +240, 4 +20.
    Totals: 1: 290; 2: 240; 3: 240; 4: 40. Partnerships 2 and 3 tie for second."""
    if event is None:
        event = make_event(rounds=2, hands_per_round=1)
    else:
        event.rounds, event.hands_per_round = 2, 1
        event.save()
    p = make_partnerships(event, 4)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    r2 = round_create(event=event, number=2, tables=[(1, p[1], p[3]), (2, p[2], p[4])])
    t1, t2 = r1.tables.order_by("number")
    t3, t4 = r2.tables.order_by("number")
    play(t1, [("ns", "6S", 10)])
    play(t2, [("ns", "7H", 8)])
    play(t3, [("ns", "6S", 6)])
    play(t4, [("ns", "8S", 8)])
    return event, p


def four_pair_event(confirm=True, **fields):
    """Two rounds of two hands. Expected points, from RULES.md section 5:
    R1 T1 1 v 2: 7H by 1, 8 tricks: 1 +200, 2 +20; 8NT by 2, 7 tricks: 2 -320, 1 +30.  -> 1: 230, 2: -300
    R1 T2 3 v 4: 6S by 3, 10 tricks: +250 / 0; 7D by 4, 9 tricks, revoke by 4: -180 / 3 +10.  -> 3: 260, 4: -180
    R2 T1 1 v 3: 9H by 1, 10 tricks: +400 / 0; 8C by 3, 5 tricks, revoke by 1: 3 +260, 1 0.  -> 1: 400, 3: 260
    R2 T2 2 v 4: 10NT by 2, 10 tricks: +520 / 0; 6C by 4, 6 tricks, bid out of turn by 2: 4 +60, 2 +40. -> 2: 560, 4: 60
    Totals: 1: 630, 3: 520, 2: 260, 4: -120.
    """
    event = make_event(rounds=2, hands_per_round=2, **fields)
    p = make_partnerships(event, 4)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    r2 = round_create(event=event, number=2, tables=[(1, p[1], p[3]), (2, p[2], p[4])])
    t = {(r.number, tb.number): tb for r in (r1, r2) for tb in r.tables.all()}
    play(t[1, 1], [("ns", "7H", 8), ("ew", "8NT", 7)], confirm=confirm)
    play(t[1, 2], [("ns", "6S", 10), ("ew", "7D", 9, "revoke", "ew")], confirm=confirm)
    play(t[2, 1], [("ns", "9H", 10), ("ew", "8C", 5, "revoke", "ns")], confirm=confirm)
    play(t[2, 2], [("ns", "10NT", 10), ("ew", "6C", 6, "bid_out_of_turn", "ns")], confirm=confirm)
    event.refresh_from_db()
    return event, p, t


def bulk_event(slug: str, partnerships: int, rounds: int, *, seed=1, divisions=2) -> Event:
    """A complete event with random but legal hands, every table confirmed (fast: bulk inserts)."""
    event = make_event(slug=slug, rounds=rounds)
    pships = make_partnerships(event, partnerships, {n: f"D{n % divisions}" for n in range(1, partnerships + 1)})
    rng = random.Random(seed)
    rules = event.rules
    contracts = [c.code for c in rules.legal_contracts()]
    hands = []
    for rp in plan(list(pships), rounds):
        rnd = round_create(event=event, number=rp.number,
                           tables=[(t, pships[ns], pships[ew]) for t, ns, ew in rp.tables],
                           byes=[pships[b] for b in rp.byes])
        for table in rnd.tables.all():
            for number in range(1, event.hands_per_round + 1):
                declarer, contract, tricks = rng.choice(["ns", "ew"]), rng.choice(contracts), rng.randint(3, 10)
                ns, ew, made = score_for_table(rules, declarer=declarer, contract=contract, tricks=tricks)
                hands.append(Hand(table=table, number=number, dealer=dealer_for(number), declarer=declarer,
                                  contract=contract, tricks=tricks, ns_points=ns, ew_points=ew, made=made,
                                  entered_by="bulk"))
    Hand.objects.bulk_create(hands)
    totals.refresh(Table.objects.filter(round__event=event))  # as every hand write does
    Table.objects.filter(round__event=event).update(confirmed_at=datetime.datetime(2026, 5, 14, 12, tzinfo=datetime.UTC))
    return event


# --- what a phone posts, what a command prints ---------------------------------------------------

HAND = {"declarer": "ns", "contract": "7H", "tricks": "8", "penalty_kind": "", "note": ""}


def hand_post(table: Table, number, **values) -> dict:
    """The entry form's POST data for hand `number` at `table` (7H by N-S, 8 tricks unless changed)."""
    data = dict(HAND, number=str(number), round=str(table.round_id))
    data.update({k: str(v) for k, v in values.items()})
    return data


def prove_code(table: Table, side_or_seat: str) -> str:
    """What the phone of `side_or_seat` types to prove itself at `table`: the PIN (or, when the event's
    confirmation check is "number", the number) of the partnership on that side; at a table of
    individuals the player in that seat ("1", "2", "3" or "N", "E", "S", "W"), or for a side ("ns",
    "ew") of a progressive table its first seat's player (N or E)."""
    table = Table.objects.select_related("round__event", "ns", "ew").get(pk=table.pk)
    if table.ns_id is not None:
        entrant = table.ns if side_or_seat == "ns" else table.ew
    else:
        layout = table.layout_spec
        # A side (a progressive table's N-S, a table of six's team): the first player of it.
        seat = side_or_seat if side_or_seat in layout.seats else layout.seats_of(side_or_seat)[0]
        entrant = table.seats.select_related("entrant").get(seat=seat).entrant
    return str(entrant.number) if table.round.event.confirmation_check == "number" else entrant.pin


def prove_side(client: Client, table: Table, side_or_seat: str) -> None:
    """Prove `client` (a phone holding the table link) as `side_or_seat` at `table`, as a player does on
    the side page: the side (or seat) and that side's (or player's) code. Asserts the phone is then
    remembered as that side; a seat letter at a progressive table proves that player for his side."""
    from scoring.views.entry import SESSION_SIDES

    response = client.post(f"/t/{table.token}/side/", {"side": side_or_seat, "code": prove_code(table, side_or_seat)})
    assert response.status_code == 302, response.status_code
    layout = table.layout_spec
    want = layout.side_of.get(side_or_seat, side_or_seat)  # a player acts for his side (at six, his team)
    assert client.session.get(SESSION_SIDES, {}).get(str(table.pk)) == want, client.session.get(SESSION_SIDES)


def page_text(response) -> str:
    """A page's HTML with its CSRF token blanked: the token is 64 random letters and digits, so a
    test that says a short word ("WD", a PIN) is not on a page would otherwise fail now and then."""
    return re.sub(r'(csrfmiddlewaretoken" value=)"[^"]+"', r'\1"csrf"', response.content.decode())


def _streams(stdin) -> tuple[io.StringIO, io.StringIO, dict]:
    out, err = io.StringIO(), io.StringIO()
    kwargs = {"stdout": out, "stderr": err}
    if stdin is not None:
        kwargs["stdin"] = stdin
    return out, err, kwargs


def run(*args, stdin=None) -> tuple[str, str]:
    """(stdout, stderr) of a management command that must succeed."""
    out, err, kwargs = _streams(stdin)
    call_command(*args, **kwargs)
    return out.getvalue(), err.getvalue()


def run_failing(*args, stdin=None) -> tuple[str, str]:
    """(the CommandError's message, stderr) of a management command that must fail."""
    out, err, kwargs = _streams(stdin)
    with pytest.raises(CommandError) as caught:
        call_command(*args, **kwargs)
    return str(caught.value), err.getvalue()


# --- events of individuals (docs/event-file.md, "Event files") ------------------------------------------------


def seat_a_seventh_player(data: dict, name: str) -> dict:
    """tests/fixtures/three_handed_event.json with a seventh player: 7 sits out round 1, then takes
    6's seat in round 2 (the same hands, 6's tricks now 7's) while 6 sits out."""
    data["players"].append({"number": 7, "name": name})
    data["rounds"][0]["byes"] = [7]
    table = data["rounds"][1]["tables"][1]
    table["seats"] = [2, 3, 7]
    for hand in table["hands"]:
        hand["tricks"] = {("7" if k == "6" else k): v for k, v in hand["tricks"].items()}
        hand["declarer"] = 7 if hand["declarer"] == 6 else hand["declarer"]
    data["rounds"][1]["byes"] = [6]
    return data


# --- events played as games (docs/rules.md, "Games") ---------------------------------------------------

# Round 1 of a games event under Wikipedia rules with a hand limit of 4, worked by hand in
# tests/play/test_games_event.py: table 1 (1 v 2) plays a made 10H (game 1 to N-S, 500-0), then
# NOBID 60-40, 7S E-W 90-180, 6C N-S set 30-230, 6S E-W 70-270 at the hand limit (game 2 to E-W);
# table 2 (3 v 4) plays one hand nobody bid where E-W take all ten (0-250).
GAMES_WORKED_HANDS = {
    (1, 1): [
        {"hand": 1, "contract": "10H", "declarer": "ns", "tricks": 10},
        {"hand": 2, "contract": "NOBID", "ns_tricks": 6},
        {"hand": 3, "contract": "7S", "declarer": "ew", "tricks": 7},
        {"hand": 4, "contract": "6C", "declarer": "ns", "tricks": 5},
        {"hand": 5, "contract": "6S", "declarer": "ew", "tricks": 6},
    ],
    (1, 2): [{"hand": 1, "contract": "NOBID", "ns_tricks": 0}],
}



def games_event_file(hands_by_table: dict | None = None, *, rules="wikipedia-2006", games=None, rounds=2,
                     hands_per_round=None, slug="club-games") -> dict:
    """A "500-event/2" file of four pairs played as games, hands nobody bid played at no trump.

    `hands_by_table` maps (round, table) to that table's hand objects; round 1 seats 1 v 2 and 3 v 4,
    round 2 seats 1 v 3 and 2 v 4. Every round is closed (the bell) and every table confirmed.
    """
    seats = {1: ((1, 2), (3, 4)), 2: ((1, 3), (2, 4)), 3: ((1, 4), (2, 3))}
    hands_by_table = hands_by_table or {}
    return {
        "format": "500-event/2",
        "event": {
            "name": "Club games night", "slug": slug, "date": "2026-06-01", "rules": rules,
            "rule_overrides": {"no_bid": "play_no_trump"}, "format": "games",
            "games": games or {"hand_limit": 4, "games_per_round": None, "wins_per_round": None,
                               "rank_by": ["games", "points"]},
            "rounds": rounds, "hands_per_round": hands_per_round,
        },
        "partnerships": [{"number": n, "players": [f"Player {n}a", f"Player {n}b"]} for n in range(1, 5)],
        "rounds": [
            {"number": r, "status": "closed", "byes": [], "tables": [
                {"table": t, "ns": ns, "ew": ew, "confirmed": True, "hands": hands_by_table.get((r, t), [])}
                for t, (ns, ew) in enumerate(seats[r], start=1)
            ]}
            for r in range(1, rounds + 1)
        ],
        "tiebreaks": [],
    }
