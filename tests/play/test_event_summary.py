"""One event summed up per entrant for a club's season (scoring.event_summary, issue 26): place,
points, slams and misères made credited to the bidding side's entrants, kept by the event's version."""

import json
from pathlib import Path

import pytest
from django.core.cache import cache

from scoring.event_io import event_import
from scoring.event_summary import EntrantSummary, event_summaries, event_summary
from tests.builders import four_pair_event, make_event, make_partnerships, play
from tournaments.models import Partnership
from tournaments.services import round_create

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

pytestmark = pytest.mark.django_db


def test_places_points_and_slams_of_the_worked_event():
    cache.clear()
    event, p, _tables = four_pair_event()
    # four_pair_event: totals 1: 630, 3: 520, 2: 260, 4: -120. Slams (all ten tricks by the bidders):
    # 6S by 3 (R1), 9H by 1 (R2), 10NT by 2 (R2); 4 made none. No misère was bid.
    assert event_summary(event) == {
        p[1].pk: EntrantSummary(1, 630, 0, 1, 0), p[3].pk: EntrantSummary(2, 520, 0, 1, 0),
        p[2].pk: EntrantSummary(3, 260, 0, 1, 0), p[4].pk: EntrantSummary(4, -120, 0, 0, 0)}


def test_a_made_misere_counts_for_the_side_that_bid_it_and_a_lost_one_for_nobody():
    cache.clear()
    event = make_event(slug="mis", rounds=1, hands_per_round=3, rules_preset="classic-1994")
    p = make_partnerships(event, 2)
    (table,) = round_create(event=event, number=1, tables=[(1, p[1], p[2])]).tables.all()
    # MIS by E-W (2) taking no trick: made. OMIS by N-S (1) taking one trick: lost. 7H by N-S, 8 tricks.
    play(table, [("ew", "MIS", 0), ("ns", "OMIS", 1), ("ns", "7H", 8)])
    summary = event_summary(event)
    assert (summary[p[2].pk].misere_made, summary[p[2].pk].slams) == (1, 0)
    assert (summary[p[1].pk].misere_made, summary[p[1].pk].slams) == (0, 0)


def test_a_summary_is_kept_until_the_event_changes(django_assert_num_queries):
    cache.clear()
    event, p, tables = four_pair_event()
    event_summary(event)
    with django_assert_num_queries(0):
        event_summaries([event])
    event.bump_version()
    event.refresh_from_db()
    with django_assert_num_queries(7, exact=False):
        assert event_summary(event)[p[1].pk].place == 1


def test_at_a_table_of_three_the_bidder_alone_is_his_side():
    cache.clear()
    data = json.loads((FIXTURES / "three_handed_event.json").read_text(encoding="utf-8"))
    event = event_import(data)
    by_number = {p.number: p.pk for p in Partnership.objects.filter(event=event)}
    summary = event_summary(event)
    # Round 1: player 3 bids MIS and takes no trick (made); player 6 bids 9NT and takes all ten;
    # player 5's MIS takes two (lost). Round 2: nobody takes ten.
    assert {n: (summary[pk].slams, summary[pk].misere_made) for n, pk in by_number.items()} == {
        1: (0, 0), 2: (0, 0), 3: (0, 1), 4: (0, 0), 5: (0, 0), 6: (1, 0)}
