"""A save through the table's page reads the table and its hands once, under the table's lock
(issue 27; scoring.services.locked_table_by, table_hands): the form is checked against the very
rows the save writes beside, and hand_record reads neither again."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Hand
from tests.builders import hand_post, prove_side


def reads_of(queries, table: str) -> list[int]:
    """The positions of the SELECTs of `table`'s rows (a subquery through it is not a read of its rows)."""
    return [i for i, q in enumerate(queries) if q["sql"].startswith(f'SELECT "{table}".')]


def test_a_save_reads_the_table_and_its_hands_once_under_the_lock(client, setup):
    prove_side(client, setup.t1, "ns")
    url = reverse("scoring:table-entry", args=[setup.t1.token])
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, hand_post(setup.t1, 1))
    assert response.status_code == 302
    queries = captured.captured_queries
    tables, hands = reads_of(queries, "tournaments_table"), reads_of(queries, "scoring_hand")
    assert len(tables) == 1 and len(hands) == 1
    # Both after the transaction began and the event's row was locked (SQLite's IMMEDIATE transaction
    # holds the write lock; PostgreSQL's FOR UPDATE), and before the hand is written.
    begun = next(i for i, q in enumerate(queries) if q["sql"].startswith(("BEGIN", "SAVEPOINT")))
    event = reads_of(queries, "tournaments_event")[0]
    insert = next(i for i, q in enumerate(queries) if q["sql"].startswith('INSERT INTO "scoring_hand"'))
    assert begun < event < tables[0] < hands[0] < insert
    # The first side's entered_side rides in the totals' one UPDATE of the table.
    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "tournaments_table"')]
    assert len(updates) == 1 and '"entered_side"' in updates[0] and '"n_hands"' in updates[0]
    setup.t1.refresh_from_db()
    assert (setup.t1.n_hands, setup.t1.entered_side) == (1, "ns")
    assert Hand.objects.get(table=setup.t1, number=1).entered_side == "ns"


def test_a_page_read_takes_no_lock_and_a_second_hand_still_follows_the_first(client, setup):
    prove_side(client, setup.t1, "ns")
    url = reverse("scoring:table-entry", args=[setup.t1.token])
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    assert not [q for q in captured.captured_queries if "FOR UPDATE" in q["sql"] or q["sql"].startswith("BEGIN")]
    assert client.post(url, hand_post(setup.t1, 1)).status_code == 302
    assert client.post(url, hand_post(setup.t1, 2)).status_code == 302
    # Hand 4 before hand 3: refused by the form, checked against the hands read under the lock.
    response = client.post(url, hand_post(setup.t1, 4))
    assert response.status_code == 400 and "Enter hand 3 before hand 4" in response.content.decode()
    assert sorted(Hand.objects.filter(table=setup.t1).values_list("number", flat=True)) == [1, 2]
