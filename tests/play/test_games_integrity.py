"""check_event on an event played as games (docs/operations.md, "Backups"): a clean event has no difference;
a hand nobody bid is scored again from N-S's tricks; a tampered hand and the table's stored totals
are named; the standings served with this process's memos equal a build from nothing."""

import pytest

from scoring import selectors
from scoring.event_io import event_import
from scoring.integrity import event_check
from scoring.models import Hand
from tests.builders import games_event_file

# Round 1 (Wikipedia rules, hand limit 4): table 1 has a made 10H (game 1 to N-S) and a hand
# nobody bid with N-S taking 6 (60-40); table 2 a hand nobody bid where E-W took all ten (0-250).
HANDS = {
    (1, 1): [
        {"hand": 1, "contract": "10H", "declarer": "ns", "tricks": 10},
        {"hand": 2, "contract": "NOBID", "ns_tricks": 6},
    ],
    (1, 2): [{"hand": 1, "contract": "NOBID", "ns_tricks": 0}],
}


@pytest.mark.django_db
def test_a_games_event_with_hands_nobody_bid_checks_clean():
    event = event_import(games_event_file(HANDS, rounds=1))
    assert event.hands_per_round is None
    assert event_check(event) == []


@pytest.mark.django_db
def test_a_tampered_hand_nobody_bid_is_named_with_its_table_totals():
    event = event_import(games_event_file(HANDS, rounds=1))
    selectors.event_standings(event)  # this process now holds memos of the clean build
    hand = Hand.objects.get(table__round__event=event, table__number=1, number=2)
    assert (hand.ns_points, hand.ew_points) == (60, 40)
    Hand.objects.filter(pk=hand.pk).update(ns_points=70)  # behind the services' back
    found = [str(d) for d in event_check(event)]
    assert any("hand 2" in d and "ns_points" in d and "70" in d and "60" in d for d in found), found
    assert any("table 1" in d and "ns_points" in d for d in found), found
