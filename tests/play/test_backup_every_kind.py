"""Every kind of event restores from its backup (docs/operations.md, "Backups"): `export_event SLUG --history`,
then `import_event` of that file on a wiped site, then `export_event --history` again gives the same
bytes, for each play format (session, games) times each kind of table (partnerships, individuals
at progressive four-handed tables, individuals at tables of three).

Each event is lived in before its backup, so its history is more than import rows: hands typed on
two phones of one table, a hand corrected by an organizer with a reason, another table disputed.
The restored event also has the same hands (points, versions, seats, and who entered, changed and
accepted each one: docs/trust.md) and the same history rows. The table whose phones typed hands is
left waiting for the other side's acceptance: restored, it still waits, and that side's phone then
confirms it.
"""

from __future__ import annotations

import io
import json

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
    # The tables of two, five and six (RULES.md section 7); a table of five with called partners.
    "session-five-handed": lambda: build_demo_individuals_event(players=10, seats=5, rounds=4, seed=3, slug=SLUG),
    "games-five-handed": lambda: _games(build_demo_individuals_event(players=10, seats=5, rounds=4, seed=3,
                                                                     slug=SLUG)),
    "session-six-pairs": lambda: build_demo_individuals_event(players=12, seats=6, rounds=4, seed=3, slug=SLUG,
                                                              six_handed="three-pairs"),
    "session-two-handed": lambda: build_demo_individuals_event(players=4, seats=2, rounds=4, seed=3, slug=SLUG),
}


def _hand_values(table: Table, tricks: int) -> dict:
    """A made 7H, the bidders taking `tricks`: by N-S at four-handed tables, by seat 1 at a table stored by
    seat (three, two, five: his own tricks, seat 2 the rest; six: his team's, seat 2's team the rest)."""
    layout = table.layout_spec
    if layout.stores_seats:
        seat_tricks = dict.fromkeys(layout.tricks_by, 0)
        seat_tricks[layout.side_of["1"]], seat_tricks[layout.side_of["2"]] = tricks, 10 - tricks
        return {"contract": "7H", "declarer_seat": "1", "seat_tricks": seat_tricks, "partner_seat": ""}  # alone
    return {"contract": "7H", "declarer": "ns", "tricks": tricks}


def sides(event: Event) -> tuple[str, str]:
    """The side that types most of the waiting table's hands, and the other side: N-S and E-W at
    four-handed tables (a progressive table's player acts for his side), seats 1 and 2 at a table of three."""
    layout = event.layout_spec  # a seat's side: the seat itself, at six his team
    return (layout.side_of["1"], layout.side_of["2"]) if layout.stores_seats else ("ns", "ew")


def table_of(event: Event, number: int) -> Table:
    return Table.objects.get(round__event=event, round__tiebreak=None, round__number=2, number=number)


def live_in(event: Event) -> tuple[int, tuple[int, ...]]:
    """At an unfinished table of the round in play, the other side corrects the last hand typed on its
    proven phone (a phone corrects only the last one) and the first side types the rest on its own; the first side confirms, which accepts the other
    side's change and leaves its own hands waiting. An organizer corrects a hand of round 1 with a
    reason; another table of the round in play is disputed. Returns the waiting table's number and
    its waiting hands."""
    olga = User.objects.create_user("olga")
    organizer = Actor("Olga", user=olga, is_organizer=True)
    current = Round.objects.get(event=event, number=2, tiebreak=None)
    unfinished = next(t for t in current.tables.order_by("number") if 0 < t.hands.count() < HANDS)
    first, other = sides(event)
    phones = {side: Actor(f"Table {unfinished.number} phone {side}", side=side) for side in (first, other)}
    last = unfinished.hands.order_by("number").last()
    hand_correct(hand=last, expected_version=last.version, actor=phones[other], reason="We took one trick more",
                 **_hand_values(unfinished, 8 if last.tricks != 8 else 9))
    numbers = tuple(range(unfinished.hands.count() + 1, HANDS + 1))
    for number in numbers:
        hand_record(table=unfinished, number=number, actor=phones[first], side=first,
                    **_hand_values(unfinished, 7 + number % 2))
    confirmation = table_confirm(table=unfinished, actor=phones[first], side=first)
    assert (confirmation.accepted, confirmation.waiting, confirmation.confirmed) == ((last.number,), numbers, False)
    hand = Hand.objects.filter(table__round__event=event, table__round__number=1).order_by("table__number",
                                                                                          "number").first()
    hand_correct(hand=hand, expected_version=hand.version, actor=organizer, reason="The sheet said otherwise",
                 **_hand_values(hand.table, 8 if hand.tricks != 8 else 9))
    other = next(t for t in Table.objects.filter(round=current).order_by("number")
                 if t.pk != unfinished.pk and t.hands.exists() and not t.confirmed_at)
    table_dispute(table=other, actor=Actor(f"Table {other.number} phone"), reason="We bid 8♠, not 8♣")
    return unfinished.number, numbers


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


def restore(event: Event, tmp_path) -> tuple[str, str]:
    """The event's backup (export_event --history), imported on a site wiped of it, and exported
    again: (before, after), which a faithful backup makes the same."""
    before = export(event.slug)
    path = tmp_path / "backup.json"
    path.write_text(before, encoding="utf-8")
    wipe(event)
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    return before, export(event.slug)


HAND_FIELDS = ("table__round__number", "table__number", "number", "dealer", "declarer", "contract", "tricks",
               "ns_tricks", "penalty_kind", "penalty_side", "penalty_seat", "note", "ns_points", "ew_points",
               "declarer_seat", "seat_tricks", "seat_points", "made", "version",
               # who entered, changed and accepted it (docs/trust.md), with the moments
               "entered_side", "entered_by", "entered_at", "changed_side", "changed_at", "accepted_side",
               "accepted_by", "accepted_at")
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
    number, waiting = live_in(event)
    first, other = sides(event)
    before = export(SLUG)
    hands, changes = rows(event)
    actions = {c[3] for c in changes}
    assert actions == {"import", "create", "update", "confirm", "dispute"}, actions
    # The file says who changed a hand of the waiting table and who typed the rest, and who accepted.
    table = next(t for r in json.loads(before)["rounds"] if r["number"] == 2 for t in r["tables"]
                 if t["table"] == number)
    trust = {h["hand"]: (h.get("entered_side"), h.get("changed_side"), h.get("accepted_side")) for h in table["hands"]}
    changed = waiting[0] - 1
    assert trust == {**{n: (None, None, None) for n in range(1, changed)}, changed: (None, other, first),
                     **{n: (first, None, None) for n in waiting}}
    assert table["hands"][changed - 1]["accepted_by"] == f"Table {number} phone {first}"
    assert {"changed_at", "accepted_at", "entered_at"} <= set(table["hands"][changed - 1])  # --history: moments
    assert "confirmed" not in table and "confirmed_at" not in table
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

    # Restored, the table still waits for the other side; that side's phone accepts and confirms it.
    table = table_of(restored, number)
    assert table.confirmed_at is None
    assert [h.number for h in table.hands.order_by("number") if h.waits] == list(waiting)
    confirmation = table_confirm(table=table, actor=Actor("the other phone", side=other), side=other)
    assert confirmation.confirmed and confirmation.accepted == waiting
    table.refresh_from_db()
    assert table.confirmed_at is not None and not any(h.waits for h in table.hands.all())
    assert set(table.hands.filter(number__in=waiting).values_list("accepted_side", "accepted_by")) == {
        (other, "the other phone")}


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
