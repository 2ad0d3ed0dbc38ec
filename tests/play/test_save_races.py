"""Races between the phones and the organizer: a save reads the rules, the round's status and the
table's state under the locks of its own transaction (event, round, table: scoring.services), and
rule changes and round close take the event's lock too, so the database has the last word.

The first tests replay each race in one thread, deterministically: the phone's request loaded the
table (with its event and round) before the organizer acted, and saves after. The last one runs
it for real on PostgreSQL: an organizer changes a rule and force-closes the round while a dozen
phones save hands; then `check_event` finds no difference and no hand is newer than the close.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from scoring.integrity import event_check
from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_record, table_dispute
from tests.builders import build_event, run, tables_of
from tournaments.models import Event, Round, Table
from tournaments.services import event_update, round_close

PHONE = Actor(label="N-S #1 (table link)")
# 7H by N-S taking no trick: N-S -200; E-W took all ten tricks as defenders, 100 or, with the
# defenders' slam rule, 250 (RULES.md; scoring.engine.rules OVERRIDABLE_FIELDS["defenders_slam"]).
WIPEOUT = {"declarer": "ns", "contract": "7H", "tricks": 0}


def defenders_points(slam: bool) -> int:
    return 250 if slam else 100


def stale(table) -> Table:
    """The table as a phone's request loaded it, with its event and round already read."""
    loaded = Table.objects.select_related("round__event").get(pk=table.pk)
    assert loaded.round.event.rules and loaded.round.status
    return loaded


def test_a_hand_saved_after_a_rule_change_is_scored_with_the_new_rule(setup):
    loaded = stale(setup.t1)
    slam = not setup.event.rules.defenders_slam
    event_update(event=Event.objects.get(pk=setup.event.pk), rule_overrides={"defenders_slam": slam})
    hand = hand_record(table=loaded, number=1, actor=PHONE, side="ns", **WIPEOUT)
    assert (hand.ns_points, hand.ew_points) == (-200, defenders_points(slam))
    assert event_check(Event.objects.get(pk=setup.event.pk)) == []


def test_no_hand_is_created_after_a_forced_close(setup):
    loaded = stale(setup.t1)
    round_close(rnd=Round.objects.get(pk=setup.round.pk), by="olga", force=True, reason="time is up")
    with pytest.raises(ValidationError, match="Round 1 is closed"):
        hand_record(table=loaded, number=1, actor=PHONE, side="ns", **WIPEOUT)
    with pytest.raises(ValidationError, match="Round 1 is closed"):
        table_dispute(table=loaded, actor=PHONE, reason="late")
    assert not Hand.objects.exists() and not HandChange.objects.exists()


def test_no_hand_is_created_after_the_round_was_replanned_into_a_planned_one(setup):
    """A phone that loaded a table while its round was in play, saving after the organizer put the
    round back to planned (as a re-plan leaves the rounds after it), is refused too."""
    loaded = stale(setup.t1)
    Round.objects.filter(pk=setup.round.pk).update(status="planned")
    with pytest.raises(ValidationError, match="has not started"):
        hand_record(table=loaded, number=1, actor=PHONE, side="ns", **WIPEOUT)
    assert not Hand.objects.exists()


# --- the real race, on PostgreSQL --------------------------------------------------------------

TABLES = 12
CLOSE_AFTER = 12  # hands stored before the organizer forces the close


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_rule_change_and_forced_close_while_phones_save_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks and real concurrent connections (DATABASE_URL); SQLite "
                    "serialises every write transaction anyway and its test database is in memory")
    event = build_event(slug="races", partnerships=2 * TABLES, rounds=1)
    tables = [stale(t) for t in tables_of(event)]
    old_slam = event.rules.defenders_slam
    failures: list[str] = []
    refusals: list[str] = []
    outcome: dict = {}
    lock = threading.Lock()
    barrier = threading.Barrier(TABLES + 1)

    def guarded(job):
        def wrapper():
            try:
                barrier.wait(timeout=30)
                job()
            except Exception as exc:  # anything but a refusal is a failure
                with lock:
                    failures.append(f"{type(exc).__name__}: {exc}")
            finally:
                connection.close()
        return wrapper

    def phone(table):
        def job():
            for number in range(1, 5):
                try:
                    hand_record(table=table, number=number, actor=Actor(f"Table {table.number} N-S"), side="ns",
                                **WIPEOUT)
                except ValidationError as exc:
                    with lock:
                        refusals.append(" ".join(exc.messages))
                time.sleep(0.03)  # the players take a moment between hands
        return job

    def organizer():
        try:
            event_update(event=Event.objects.get(pk=event.pk), rule_overrides={"defenders_slam": not old_slam})
            outcome["rule"] = "changed"
        except ValidationError as exc:
            outcome["rule"] = " ".join(exc.messages)
        deadline = time.monotonic() + 20
        while Hand.objects.filter(table__round__event=event).count() < CLOSE_AFTER and time.monotonic() < deadline:
            time.sleep(0.005)
        round_close(rnd=Round.objects.get(event=event, number=1), by="olga", force=True, reason="time is up")
        outcome["closed"] = True

    jobs = [phone(t) for t in tables] + [organizer]
    threads = [threading.Thread(target=guarded(job)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []
    assert outcome.get("closed") is True
    # Either the rule changed before the first hand, or the first hand locked the rules.
    assert outcome["rule"] == "changed" or "cannot change: scores have already been entered" in outcome["rule"], outcome
    slam = (not old_slam) if outcome["rule"] == "changed" else old_slam
    assert Event.objects.get(pk=event.pk).rules.defenders_slam == slam

    hands = Hand.objects.filter(table__round__event=event)
    # The close came while phones were still saving: some hands in, the rest refused plainly.
    assert CLOSE_AFTER <= hands.count() < 4 * TABLES
    assert refusals and all("Round 1 is closed" in m for m in refusals), refusals
    assert hands.count() + len(refusals) == 4 * TABLES
    # Every stored hand was scored with the rules the database holds.
    assert set(hands.values_list("ns_points", "ew_points")) == {(-200, defenders_points(slam))}
    # No hand, and no history row, is newer than the close.
    closed_at = Round.objects.get(event=event, number=1).closed_at
    assert not hands.filter(entered_at__gt=closed_at).exists()
    assert not HandChange.objects.filter(event=event, at__gt=closed_at).exists()
    out, _ = run("check_event", event.slug)
    assert out.startswith("races: OK:") and f"({hands.count()} hands checked)" in out
