"""scoring.services asks the table's layout (scoring.engine.layouts) and the event's format
(scoring.engine.formats), never which kind of table or event it is: the sides a phone proves,
who deals, how a hand is scored, and what a hand nobody bid is.

Hand-worked values:
- partnerships (McAllen, no bid played at no trump by override): NOBID with N-S 6 tricks: N-S 60,
  E-W 40 (10 a trick, RULES.md section 2); 7H by E-W with 8 tricks: E-W +200 (7H is worth 200),
  N-S 20 (10 for each of its 2 tricks);
- three-handed (tests/fixtures/three_handed_event.json, table 1 of round 1: seats 1, 2, 3): 7S by
  seat 3 taking 7, seat 1 two, seat 2 one: seat 3 +140, seat 1 +20, seat 2 +10; a hand nobody bid
  is refused there even when the rule set plays it (Layout.plays_no_bid).
"""

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from scoring import services
from scoring.engine import rules as rules_engine
from scoring.event_io import event_import
from scoring.models import Hand
from tests.builders import make_event, round_in_play
from tournaments.models import Event, Round, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
STAFF = services.Actor(label="olga (organizer)", is_organizer=True)


def _first_table(name: str) -> Table:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    return Table.objects.select_related("round__event").get(round__event=event, round__number=1, number=1)


def _playing_no_bid(table: Table) -> Table:
    Event.objects.filter(pk=table.round.event_id).update(rule_overrides={"no_bid": "play_no_trump"})
    return Table.objects.select_related("round__event").get(pk=table.pk)


@pytest.fixture
def partners(db):
    return round_in_play(make_event(slug="layouts-partners")).tables.get(number=1)


@pytest.fixture
def three(db):
    return _first_table("three_handed_event.json")


@pytest.fixture
def progressive(db):
    return _first_table("progressive_event.json")


def test_the_sides_a_phone_proves_are_the_layouts(partners, three, progressive):
    assert services.table_sides(partners) == ("ns", "ew")
    assert services.table_sides(progressive) == ("ns", "ew")
    assert services.table_sides(three) == ("1", "2", "3")


def test_the_dealer_passes_left_by_the_layouts_seats(partners, three):
    assert [services.hand_dealer(partners, n) for n in range(1, 7)] == ["N", "E", "S", "W", "N", "E"]
    assert [services.hand_dealer(three, n) for n in range(1, 7)] == ["1", "2", "3", "1", "2", "3"]


def test_a_partnership_hand_nobody_bid_is_scored_by_the_layout(partners):
    table = _playing_no_bid(partners)
    hand = services.hand_record(table=table, number=1, actor=STAFF, contract="nobid", ns_tricks=6)
    assert (hand.contract, hand.declarer, hand.tricks, hand.ns_tricks) == ("NOBID", "", 0, 6)
    assert (hand.ns_points, hand.ew_points, hand.made, hand.seat_points) == (60, 40, False, None)
    bid = services.hand_record(table=table, number=2, actor=STAFF, declarer="ew", contract="7h", tricks=8)
    assert (bid.contract, bid.ns_points, bid.ew_points, bid.made, bid.ns_tricks) == ("7H", 20, 200, True, None)


def test_a_hand_nobody_bid_is_refused_at_a_table_of_three_even_where_the_rules_play_it(three):
    table = _playing_no_bid(three)
    assert table.round.event.rules.no_bid == "play_no_trump"
    with pytest.raises(ValidationError) as refused:
        services.hand_record(table=table, number=1, actor=STAFF, contract="NOBID", declarer_seat="1",
                             seat_tricks={"1": 4, "2": 3, "3": 3})
    assert list(refused.value.message_dict) == ["contract"]
    assert "'NOBID' is not a contract" in refused.value.message_dict["contract"][0]
    assert not Hand.objects.filter(table=table).exists()


def test_a_three_handed_hand_is_stored_in_the_layouts_columns(three):
    hand = services.hand_record(table=three, number=1, actor=STAFF, contract="7s", declarer_seat="3",
                                seat_tricks={"1": 2, "2": 1, "3": 7})
    assert (hand.contract, hand.declarer, hand.declarer_seat, hand.tricks) == ("7S", "", "3", 7)
    assert hand.seat_tricks == {"1": 2, "2": 1, "3": 7}
    assert (hand.seat_points, hand.ns_points, hand.ew_points, hand.made) == ({"1": 20, "2": 10, "3": 140}, 0, 0, True)


def test_the_scorers_kept_for_callers_score_through_the_layouts():
    three_rules = rules_engine.rule_set("three-handed")
    assert services.score_three(three_rules, declarer_seat="3", contract="7S",
                                seat_tricks={"1": 2, "2": 1, "3": 7}) == ({"1": 20, "2": 10, "3": 140}, True)
    mcallen = rules_engine.rule_set("mcallen")
    assert services.score_for_table(mcallen, declarer="ew", contract="7H", tricks=8) == (20, 200, True)
    with pytest.raises(ValidationError) as refused:  # a rule set a table of partners cannot score
        services.score_for_table(three_rules, declarer="ns", contract="7H", tricks=8)
    assert list(refused.value.message_dict) == ["contract"]
    with pytest.raises(ValidationError) as refused:
        services.score_three(three_rules, declarer_seat="4", contract="7S", seat_tricks={"1": 2, "2": 1, "3": 6})
    assert refused.value.message_dict == {"declarer_seat": ["Say who bid."],
                                          "seat_tricks": ["The tricks add up to 9, not 10."]}


def test_a_session_table_confirms_in_its_formats_words(partners):
    services.hand_record(table=partners, number=1, actor=STAFF, declarer="ns", contract="7H", tricks=8)
    hands = partners.round.event.hands_per_round
    with pytest.raises(ValidationError) as refused:
        services.table_confirm(table=partners, actor=STAFF)
    assert refused.value.message_dict == {
        "__all__": [f"Only 1 of {hands} hands are entered; confirm when all are in."]}
