"""A double tap, a retry, or two phones at once make exactly one hand."""

import re
import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_record
from tests.builders import hand_post, prove_side


def test_the_same_form_posted_twice_makes_one_hand(client, setup):
    url = reverse("scoring:table-entry", args=[setup.t1.token])
    prove_side(client, setup.t1, "ns")
    first = client.post(url, hand_post(setup.t1, 1))
    second = client.post(url, hand_post(setup.t1, 1))
    assert (first.status_code, second.status_code) == (302, 302)
    assert Hand.objects.filter(table=setup.t1).count() == 1
    assert HandChange.objects.filter(action="create").count() == 1


def test_two_phones_with_different_values_one_wins_the_other_is_told(client, setup):
    url = reverse("scoring:table-entry", args=[setup.t1.token])
    other = type(client)()
    prove_side(client, setup.t1, "ns")
    prove_side(other, setup.t1, "ew")
    assert client.post(url, hand_post(setup.t1, 1)).status_code == 302
    late = other.post(url, hand_post(setup.t1, 1, declarer="ew"))
    assert late.status_code == 400
    assert "already entered; correct it instead" in late.content.decode()
    assert list(Hand.objects.values_list("declarer", flat=True)) == ["ns"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="threads need a server database")
def test_ten_threads_posting_the_same_hand_make_one(setup):
    barrier = threading.Barrier(10)
    results, errors = [], []

    def post(i):
        try:
            barrier.wait()
            hand = hand_record(table=setup.t1, number=1, actor=Actor(label=f"phone {i}"), side="ns",
                               declarer="ns", contract="7H", tricks=8)
            results.append(hand.pk)
        except Exception as exc:  # any database error fails the test below
            errors.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(results)) == 1 and len(results) == 10
    assert Hand.objects.filter(table=setup.t1).count() == 1
    assert HandChange.objects.filter(table=setup.t1, action="create").count() == 1


def test_a_saved_hand_goes_to_the_database_eleven_times(client, setup):
    """The hall storm's save (docs/performance.md, "Speed"; issue 27's cheap save): in one transaction,
    the event locked, then the round and the table (three small statements, each compiled once:
    tournaments.prepared), its partnerships and their players (the form), the phone's session and the
    table's hands, each read once (the form, the duplicate check and the new totals all use them);
    then the hand, the totals, the history and the event's version. No second read of the table or
    its hands (savepoints, BEGIN and COMMIT not counted)."""
    url = reverse("scoring:table-entry", args=[setup.t1.token])
    prove_side(client, setup.t1, "ns")
    client.post(url, hand_post(setup.t1, 1))
    with CaptureQueriesContext(connection) as queries:
        assert client.post(url, hand_post(setup.t1, 2)).status_code == 302
    statements = [re.match(r'(\w+)\s+(?:INTO\s+)?(?:.*?\bFROM\s+)?"?(\w+)', q["sql"], re.S).group(1, 2)
                  for q in queries.captured_queries if not re.match(r"(SAVEPOINT|RELEASE|BEGIN|COMMIT)", q["sql"])]
    assert statements == [
        ("SELECT", "tournaments_event"), ("SELECT", "tournaments_round"), ("SELECT", "tournaments_table"),
        ("SELECT", "tournaments_partnership"), ("SELECT", "tournaments_player"),
        ("SELECT", "django_session"), ("SELECT", "scoring_hand"),
        ("INSERT", "scoring_hand"), ("UPDATE", "tournaments_table"), ("INSERT", "scoring_handchange"),
        ("UPDATE", "tournaments_event")]
    assert Hand.objects.get(table=setup.t1, number=2).ns_points == 200
    setup.t1.refresh_from_db()
    assert (setup.t1.n_hands, setup.t1.ns_points, setup.t1.ew_points) == (2, 400, 40)
