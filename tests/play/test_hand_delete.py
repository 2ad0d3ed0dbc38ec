"""The organizer deletes a hand (issue 22 item 7): with a reason, after a confirmation page, and
the history keeps the hand. The later hands move up one number (no gap: the next hand, the grid,
the games replay count on 1..n). Totals, the standings, the table's confirmation (cleared) and the
event's version follow in the same transaction.

Worked by hand, for each kind of table:
- partnerships (RULES.md section 5, McAllen): hands 1 7♥ N-S 8 tricks (N-S +200, E-W +20), 2 8NT E-W
  7 tricks (N-S +30, E-W -320), 3 6♠ N-S 10 tricks (+250, 0), 4 7♦ N-S 9 tricks, revoke by N-S
  (-180, +10). Hand 2 deleted: hands 1, 3, 4 become 1, 2, 3; N-S 200 + 250 - 180 = 270, E-W 20 + 0 +
  10 = 30.
- three-handed (tests/fixtures/three_handed_event.json, round 1 table 1: Ana Garza seat 1, Luis Peña
  2, Marie Tremblay 3): 1 8♥ by Ana, 8-1-1 tricks (+300, +10, +10); 2 7♠ by Luis, 4-5-1, set (+40,
  -140, +10); 3 misère by Marie, 6-4-0 (0, 0, +250). Hand 2 deleted: Ana 300, Luis 10, Marie 260.
- progressive (tests/fixtures/progressive_event.json, round 1 table 1: Ana N, Luis E, Marie S, Joe
  W): 1 7♥ N-S 8 tricks (+200, +20); 2 8♠ E-W 7 tricks, set (N-S +30, E-W -240). Hand 1 deleted:
  the set 8♠ is hand 1, N-S 30, E-W -240.
"""

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from scoring import corrections
from scoring.entry_data import history_rows, table_sheet
from scoring.event_io import event_import
from scoring.integrity import event_check
from scoring.models import Hand, HandChange
from scoring.selectors import event_standings
from scoring.services import Actor, hand_record, table_confirm
from tests import builders
from tournaments.models import Event, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ORGANIZER = Actor(label="olga (organizer)", is_organizer=True)


@dataclass
class Case:
    table: Table
    number: int  # the hand deleted
    before: list  # (number, contract, points) per hand
    after: list
    totals: tuple  # n_hands, N-S, E-W, seat totals after
    summary: str  # the deleted hand in the history
    change: dict  # entrant number -> his standings total's change
    moves: str  # what the delete page says of the later hands


def partnerships():
    event = builders.make_event()
    table = builders.round_in_play(event).tables.get(number=1)
    builders.enter_worked_hands(table)
    table_confirm(table=table, actor=ORGANIZER)
    table.refresh_from_db()
    return Case(table, 2,
                [(1, "7H", (200, 20)), (2, "8NT", (30, -320)), (3, "6S", (250, 0)), (4, "7D", (-180, 10))],
                [(1, "7H", (200, 20)), (2, "6S", (250, 0)), (3, "7D", (-180, 10))],
                (3, 270, 30, {}), "8NT by E-W, 7 tricks · N-S +30, E-W -320", {1: -30, 2: 320},
                "Hands 3 and 4 then become hands 2 and 3.")


def _imported(name):
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["event"]["language"] = "en"  # the pages below are read in English
    event = event_import(data)
    return Table.objects.get(round__event=event, round__number=1, number=1)


def three_handed():
    return Case(_imported("three_handed_event.json"), 2,
                [(1, "8H", {"1": 300, "2": 10, "3": 10}), (2, "7S", {"1": 40, "2": -140, "3": 10}),
                 (3, "MIS", {"1": 0, "2": 0, "3": 250})],
                [(1, "8H", {"1": 300, "2": 10, "3": 10}), (2, "MIS", {"1": 0, "2": 0, "3": 250})],
                (2, 0, 0, {"1": 300, "2": 10, "3": 260}),
                "7♠ by Luis Peña (2), 5 tricks · Ana Garza (1): +40 (4 tricks); Luis Peña (2): -140 (5 tricks); "
                "Marie Tremblay (3): +10 (1 trick)", {1: -40, 2: 140, 3: -10}, "Hand 3 then becomes hand 2.")


def progressive():
    return Case(_imported("progressive_event.json"), 1,
                [(1, "7H", (200, 20)), (2, "8S", (30, -240))], [(1, "8S", (30, -240))],
                (1, 30, -240, {}), "7♥ by N-S, 8 tricks · N-S +200, E-W +20", {1: -200, 3: -200, 2: -20, 4: -20},
                "Hand 2 then becomes hand 1.")


def hands(table) -> list:
    return [(h.number, h.contract, h.seat_points if h.declarer_seat else (h.ns_points, h.ew_points))
            for h in Hand.objects.filter(table=table).order_by("number")]


def totals_of(event) -> dict[int, int]:
    return {r.number: r.total for r in event_standings(Event.objects.get(pk=event.pk)).rows}


@pytest.fixture(params=[partnerships, three_handed, progressive])
def case(request, db):
    case = request.param()
    assert hands(case.table) == case.before
    assert case.table.confirmed_at is not None
    return case


def test_a_deleted_hand_leaves_totals_standings_history_and_an_unconfirmed_table(case):
    table, event = case.table, case.table.round.event
    version, standings = Event.objects.get(pk=event.pk).version, totals_of(event)
    corrections.hand_delete(hand=Hand.objects.get(table=table, number=case.number), actor=ORGANIZER,
                            reason="Entered twice")
    assert hands(table) == case.after
    table.refresh_from_db()
    assert (table.n_hands, table.ns_points, table.ew_points, table.seat_totals) == case.totals
    assert table.confirmed_at is None and table.confirmed_by == ""
    assert Event.objects.get(pk=event.pk).version > version
    now = totals_of(event)
    assert {n: now[n] - standings[n] for n in now if now[n] != standings[n]} == case.change
    deleted = HandChange.objects.get(table=table, action="delete")
    assert (deleted.hand_number, deleted.reason, deleted.by, deleted.new) == (case.number, "Entered twice",
                                                                            "olga (organizer)", None)
    assert deleted.old["contract"] == case.before[case.number - 1][1]
    row = next(r for r in history_rows([deleted]))
    assert (row["action_label"], row["summary"]) == ("Deleted", case.summary)
    moved = HandChange.objects.filter(table=table, action="update").order_by("pk")
    assert [(c.hand_number, c.old["number"], c.new["number"]) for c in moved] == [
        (n - 1, n, n - 1) for n in range(case.number + 1, len(case.before) + 1)]
    # The dealers follow the rotation of the new numbers.
    sheet = table_sheet(table)
    assert [r.hand.dealer for r in sheet.rows] == [("1", "2", "3")[i % 3] if sheet.three_handed
                                                   else "NESW"[i % 4] for i in range(len(case.after))]
    assert sheet.next_number == len(case.after) + 1  # the missing hand is entered again as the next one
    assert event_check(Event.objects.get(pk=event.pk)) == []


def test_a_reason_is_required_and_named(case):
    hand = Hand.objects.get(table=case.table, number=case.number)
    with pytest.raises(ValidationError) as caught:
        corrections.hand_delete(hand=hand, actor=ORGANIZER, reason="   ")
    assert caught.value.message_dict == {
        "reason": [f"Say why hand {case.number} is deleted: the reason is kept in the history."]}
    with pytest.raises(ValidationError) as caught:
        corrections.hand_delete(hand=hand, actor=ORGANIZER, reason="x" * 501)
    assert list(caught.value.message_dict) == ["reason"]
    assert hands(case.table) == case.before and not HandChange.objects.filter(action="delete").exists()


def test_a_scorer_and_a_table_link_cannot_delete(case):
    scorer = Actor(label="sam (scorer)", user=builders.make_user("sam", event=case.table.round.event, role="scorer"))
    for actor in (scorer, Actor(label="N-S #1 on their phone")):
        with pytest.raises(ValidationError) as caught:
            corrections.hand_delete(hand=Hand.objects.get(table=case.table, number=case.number), actor=actor,
                                    reason="Entered twice")
        assert caught.value.messages in (["Only an organizer can delete a hand. Ask the organizer."],
                                         ["Round 1 is closed, so its scores can no longer be changed here. Ask the "
                                          "organizer."])
    assert hands(case.table) == case.before


def test_a_hand_changed_since_the_page_was_shown_is_not_deleted(case):
    hand = Hand.objects.get(table=case.table, number=case.number)
    with pytest.raises(ValidationError, match="was changed by .* since you opened it"):
        corrections.hand_delete(hand=hand, actor=ORGANIZER, reason="Entered twice", expected_version=hand.version + 1)
    assert hands(case.table) == case.before


# --- the pages ---------------------------------------------------------------------------------------

def test_the_organizer_deletes_from_the_hands_page_after_confirming(case):
    table, event = case.table, case.table.round.event
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    base = f"/events/{event.slug}/score/tables/{table.pk}/hands/{case.number}/"
    page = builders.page_text(staff.get(base))
    assert "Delete this hand" in page and f'href="{base}delete/"' in page
    page = builders.page_text(staff.get(base + "delete/"))
    assert f"Delete hand {case.number}?" in page and "The table's confirmation is cleared" in page
    assert case.moves in page
    response = staff.post(base + "delete/", {"reason": "", "version": 1})
    assert response.status_code == 400 and hands(table) == case.before
    assert f"Say why hand {case.number} is deleted: the reason is kept in the history." in builders.page_text(response)
    response = staff.post(base + "delete/", {"reason": "Entered twice", "version": 1})
    assert response.status_code == 302 and hands(table) == case.after
    history = builders.page_text(staff.get(f"/events/{event.slug}/score/tables/{table.pk}/history/"))
    assert f"Deleted</strong> hand {case.number}" in history and "Entered twice" in history


def test_no_delete_for_a_scorer_or_a_table_link(case, client):
    table, event = case.table, case.table.round.event
    staff = builders.login(builders.make_user("sam", event=event, role="scorer"))
    base = f"/events/{event.slug}/score/tables/{table.pk}/hands/{case.number}/"
    assert "Delete this hand" not in builders.page_text(staff.get(base))
    assert staff.get(base + "delete/").status_code == 403
    assert staff.post(base + "delete/", {"reason": "Entered twice", "version": 1}).status_code == 403
    assert client.post(f"/t/{table.token}/hands/{case.number}/delete/", {"reason": "x"}).status_code == 404
    builders.prove_side(client, table, "1" if table.round.event.rules.players == 3 else "ns")
    assert "Delete this hand" not in builders.page_text(client.get(f"/t/{table.token}/hands/{case.number}/"))
    assert hands(table) == case.before


# --- a games event -----------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_games_deletion_that_would_leave_hands_after_the_round_is_refused():
    # One game a round, Wikipedia rules (a side wins by making its bid at 500 or more):
    #   1 N-S 7♥ take 6: -200 / +40 (-200-40); 2 N-S 9♥ make: +400 / +10 (200-50); 3 N-S 7♥ make: +200 / +30
    #   (400-80); 4 N-S 6♠ make: +40 / +40 (440-120); 5 N-S 8NT make: +320 / +20 (760-140): N-S win.
    # Without hand 1, N-S have 600 after hand 3, a made bid: the game (and the round) ends there, and
    # hands 4 and 5 would come after it.
    played = [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 6},
              {"hand": 2, "contract": "9H", "declarer": "ns", "tricks": 9},
              {"hand": 3, "contract": "7H", "declarer": "ns", "tricks": 7},
              {"hand": 4, "contract": "6S", "declarer": "ns", "tricks": 6},
              {"hand": 5, "contract": "8NT", "declarer": "ns", "tricks": 8}]
    data = builders.games_event_file({(1, 1): played}, rounds=1, games={
        "hand_limit": None, "games_per_round": 1, "wins_per_round": None, "rank_by": ["games", "points"]})
    event = event_import(data)
    table = Table.objects.get(round__event=event, number=1)
    with pytest.raises(ValidationError) as caught:
        corrections.hand_delete(hand=Hand.objects.get(table=table, number=1), actor=ORGANIZER, reason="not played")
    assert caught.value.messages == [
        "Without hand 1 the round's last game at table 1 is complete sooner, and hands 4 and 5 would come after it. "
        "Delete the last hands first, or correct the hands instead."]
    assert Hand.objects.filter(table=table).count() == 5
    # The last hand may go: the game is then in play at 440-120 (the round closed: the bell settles it).
    corrections.hand_delete(hand=Hand.objects.get(table=table, number=5), actor=ORGANIZER, reason="not played")
    table.refresh_from_db()
    assert (table.n_hands, table.ns_points, table.ew_points) == (4, 440, 120)
    assert event_check(Event.objects.get(pk=event.pk)) == []


@pytest.mark.django_db
def test_a_deleted_last_hand_is_entered_again_by_the_phone():
    event = builders.make_event()
    table = builders.round_in_play(event).tables.get(number=1)
    builders.enter_worked_hands(table)
    corrections.hand_delete(hand=Hand.objects.get(table=table, number=4), actor=ORGANIZER, reason="wrong table")
    hand_record(table=table, number=4, actor=Actor(label="N-S #1 on their phone"), side="ns", declarer="ns",
                contract="7H", tricks=8)
    table.refresh_from_db()
    assert (table.n_hands, table.ns_points, table.ew_points) == (4, 200 + 30 + 250 + 200, 20 - 320 + 0 + 20)
    assert event_check(Event.objects.get(pk=event.pk)) == []
