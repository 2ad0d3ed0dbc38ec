"""Every kind of event restores from its backup (docs/operations.md, "Backups"): `export_event SLUG --history`,
then `import_event` of that file on a wiped site, then `export_event --history` again gives the same
bytes, for each play format (session, games) times each kind of table (partnerships, individuals
at progressive four-handed tables, individuals at tables of three).

Each event is lived in before its backup, so its history is more than import rows: a hand typed at
a table, a hand corrected by an organizer with a reason, a table confirmed and another disputed.
The restored event also has the same hands (points, versions, seats) and the same history rows.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.engine import eventfile
from scoring.event_io import event_import
from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_correct, hand_record, table_confirm, table_dispute
from tournaments.demo import build_demo_event, build_demo_individuals_event
from tournaments.models import Event, Partnership, Player, Round, Table, Tiebreak

SLUG = "every-kind"
HANDS = 4


def _games(data: dict) -> dict:
    """The same event played as games, with no limit on games: a round ends when its hands are in."""
    data["format"] = eventfile.FORMAT_V2
    data["event"].update(format="games", games={"hand_limit": None, "games_per_round": None,
                                                "wins_per_round": None, "rank_by": ["games", "points"]})
    return data


KINDS = {
    "session-partnerships": lambda: build_demo_event(partnerships=8, rounds=4, seed=3, slug=SLUG),
    "session-progressive": lambda: build_demo_individuals_event(players=8, seats=4, rounds=4, seed=3, slug=SLUG),
    "session-three-handed": lambda: build_demo_individuals_event(players=9, seats=3, rounds=4, seed=3, slug=SLUG),
    "games-partnerships": lambda: _games(build_demo_event(partnerships=8, rounds=4, seed=3, slug=SLUG)),
    "games-progressive": lambda: _games(build_demo_individuals_event(players=8, seats=4, rounds=4, seed=3,
                                                                     slug=SLUG)),
    "games-three-handed": lambda: _games(build_demo_individuals_event(players=9, seats=3, rounds=4, seed=3,
                                                                      slug=SLUG)),
}


def _hand_values(table: Table, tricks: int) -> dict:
    """A made 7H, the bidders taking `tricks`: by N-S at four-handed tables, by seat 1 at a table of three."""
    if table.round.event.rules.players == 3:
        return {"contract": "7H", "declarer_seat": "1", "seat_tricks": {"1": tricks, "2": 10 - tricks, "3": 0}}
    return {"contract": "7H", "declarer": "ns", "tricks": tricks}


def live_in(event: Event) -> None:
    """A phone types the rest of an unfinished table's hands and an organizer confirms it; an organizer
    corrects a hand of round 1 with a reason; another table of the round in play is disputed."""
    olga = User.objects.create_user("olga")
    organizer = Actor("Olga", user=olga, is_organizer=True)
    current = Round.objects.get(event=event, number=2, tiebreak=None)
    tables = list(current.tables.order_by("number"))
    unfinished = next(t for t in tables if t.hands.count() < HANDS and not t.disputed_at)
    phone = Actor(f"Table {unfinished.number} phone")
    side = "1" if event.rules.players == 3 else "ns"
    for number in range(unfinished.hands.count() + 1, HANDS + 1):
        hand_record(table=unfinished, number=number, actor=phone, side=side, **_hand_values(unfinished, 7 + number % 2))
    table_confirm(table=unfinished, actor=organizer)
    hand = Hand.objects.filter(table__round__event=event, table__round__number=1).order_by("table__number",
                                                                                          "number").first()
    hand_correct(hand=hand, expected_version=hand.version, actor=organizer, reason="The sheet said otherwise",
                 **_hand_values(hand.table, 8 if hand.tricks != 8 else 9))
    other = next(t for t in Table.objects.filter(round=current).order_by("number")
                 if t.pk != unfinished.pk and t.hands.exists() and not t.confirmed_at)
    table_dispute(table=other, actor=Actor(f"Table {other.number} phone"), reason="We bid 8♠, not 8♣")


def wipe(event: Event) -> None:
    Round.objects.filter(event=event).delete()
    Tiebreak.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


def export(slug: str) -> str:
    out = io.StringIO()
    call_command("export_event", slug, "--history", stdout=out)
    return out.getvalue()


HAND_FIELDS = ("table__round__number", "table__number", "number", "dealer", "declarer", "contract", "tricks",
               "ns_tricks", "penalty_kind", "penalty_side", "penalty_seat", "note", "ns_points", "ew_points",
               "declarer_seat", "seat_tricks", "seat_points", "made", "version")
CHANGE_FIELDS = ("table__round__number", "table__number", "hand_number", "action", "old", "new", "reason", "by",
                 "by_user__username", "at")


def rows(event: Event) -> tuple[list, list]:
    hands = list(Hand.objects.filter(table__round__event=event).order_by("table__round__number", "table__number",
                                                                          "number").values_list(*HAND_FIELDS))
    changes = list(HandChange.objects.filter(event=event).order_by("at", "pk").values_list(*CHANGE_FIELDS))
    return hands, changes


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(KINDS))
def test_export_import_export_gives_the_same_file(kind, tmp_path):
    event = event_import(KINDS[kind]())
    live_in(event)
    before = export(SLUG)
    hands, changes = rows(event)
    actions = {c[3] for c in changes}
    assert actions == {"import", "create", "update", "confirm", "dispute"}, actions
    path = tmp_path / f"{SLUG}.json"
    path.write_text(before, encoding="utf-8")

    wipe(event)
    said, problems = io.StringIO(), io.StringIO()
    try:
        call_command("import_event", str(path), stdout=said, stderr=problems)
    except CommandError:
        pytest.fail(problems.getvalue())

    assert said.getvalue().startswith("Imported ")
    assert export(SLUG) == before
    restored = Event.objects.get(slug=SLUG)
    assert rows(restored) == (hands, changes)
    assert Table.objects.filter(round__event=restored, disputed_at__isnull=False).count() == 1


def test_a_history_snapshot_holds_one_level_of_objects_and_lists_and_no_more():
    data = build_demo_individuals_event(players=3, seats=3, rounds=1, hands_per_round=1, complete=True)
    table = data["rounds"][0]["tables"][0]
    at = "2026-05-14T15:00:00Z"
    table["history"] = [{"hand": 1, "action": "import", "by": "event file", "at": at,
                         "new": {"seat_tricks": {"1": 8, "2": 1, "3": 1}, "seat_points": {"1": [1], "2": {}}}},
                        {"action": "confirm", "by": "x", "at": at, "new": {"accepted": [1], "waiting": [[2]]}}]
    assert eventfile.check(data)[0] == [
        "rounds[0].tables[0].history[0].new.seat_points.1: expected text, a number, true/false or null, got a list",
        "rounds[0].tables[0].history[0].new.seat_points.2: expected text, a number, true/false or null, "
        "got an object",
        "rounds[0].tables[0].history[1].new.waiting[0]: expected text, a number, true/false or null, got a list",
    ]
