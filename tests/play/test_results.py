"""The one results read (scoring.results.event_results): one way to read every kind of event, each
entrant's record hand by hand through the layout's credit, the same totals the standings rank.

Hand-worked from RULES.md and the fixtures (tests/fixtures/*.json), round 1, table 1:

- small_event (partnerships): 1 (N-S) v 2 (E-W). Hand 1 7H by N-S, 8 tricks: made, N-S +200, E-W 2
  tricks +20. Hand 2 8NT by E-W, 7 tricks: set, E-W -320, N-S 3 tricks +30. 1: 230, 2: -300.
- progressive_event: N 1, E 2, S 3, W 4; hand 1 as above, hand 2 8S by E-W, 7 tricks: set -240, N-S
  +30. Player 1 (N, partner 3): 200 + 30 = 230; player 2 (E, partner 4): 20 - 240 = -220.
- three_handed_event: seats 1 Ana, 2 Luis, 3 Marie. Hand 1 8H by Ana, 8-1-1: Ana +300, Luis +10,
  Marie +10. Hand 2 7S by Luis, 4-5-1: set, Luis -140, Ana +40, Marie +10. Hand 3 misère by Marie,
  6-4-0: made, Marie +250, the defenders nothing. Ana 340, Luis -130, Marie 270.
- progressive_games_event: hand 1 10H by N-S, all ten tricks: N-S +500, the game to N-S.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import selectors
from scoring.event_io import event_import
from scoring.results import EventResults, event_results
from tournaments.models import Partnership

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def imported(name: str):
    return event_import(json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")), slug=f"r-{name}")


def first_round(results: EventResults, number: int):
    entrant = Partnership.objects.get(event=results.event, number=number)
    return entrant, next(r for r in results.record(entrant) if r.round == 1 and not r.tiebreak)


@pytest.mark.django_db
def test_a_partnership_s_record_credits_each_hand_to_its_side():
    results = event_results(imported("small_event"))
    _, rec = first_round(results, 1)
    assert (rec.table, rec.side, rec.opponent.number, rec.partner) == (1, "N-S", 2, None)
    assert [(h.number, h.dealer, h.declarer_label, h.contract, h.tricks, h.made, h.points, h.opponents_points)
            for h in rec.hands] == [(1, "N", "Us", "7H", 8, True, 200, 20), (2, "E", "Them", "8NT", 7, False, 30, -320)]
    assert (rec.points, rec.opponents_points) == (230, -300)
    _, theirs = first_round(results, 2)
    assert (theirs.side, theirs.opponent.number, theirs.points, theirs.opponents_points) == ("E-W", 1, -300, 230)
    assert [h.declarer_label for h in theirs.hands] == ["Them", "Us"]


@pytest.mark.django_db
def test_a_progressive_player_s_record_credits_him_his_side_s_points():
    results = event_results(imported("progressive_event"))
    _, north = first_round(results, 1)
    assert (north.seat, north.partner.number, [p.number for p in north.others]) == ("N", 3, [2, 4])
    assert [(h.declarer_label, h.tricks, h.points) for h in north.hands] == [("Us", 8, 200), ("Them", 3, 30)]
    assert north.points == 230
    _, east = first_round(results, 2)
    assert (east.seat, east.partner.number, [p.number for p in east.others]) == ("E", 4, [1, 3])
    assert [(h.declarer_label, h.tricks, h.points) for h in east.hands] == [("Them", 2, 20), ("Us", 7, -240)]
    assert east.points == -220


@pytest.mark.django_db
def test_a_player_at_a_table_of_three_is_credited_his_own_points():
    results = event_results(imported("three_handed_event"))
    ana, rec = first_round(results, 1)
    assert (rec.seat, rec.partner, [p.number for p in rec.others]) == ("1", None, [2, 3])
    assert [(h.declarer_label, h.contract, h.tricks, h.made, h.points) for h in rec.hands] == [
        ("Ana Garza", "8H", 8, True, 300), ("Luis Peña", "7S", 4, False, 40), ("Marie Tremblay", "MIS", 6, True, 0)]
    assert [first_round(results, n)[1].points for n in (1, 2, 3)] == [340, -130, 270]


@pytest.mark.parametrize("name", ["small_event", "progressive_event", "three_handed_event",
                                  "progressive_games_event", "three_handed_games_event"])
@pytest.mark.django_db
def test_every_record_adds_up_to_the_standings_it_is_read_with(name):
    """The one read: each entrant's main rounds in his record are the points his standings row shows."""
    results = event_results(imported(name))
    for row in results.standings.rows:
        entrant = Partnership.objects.get(pk=row.id)
        played = {r.round: r.points for r in results.record(entrant) if not r.tiebreak and not r.sit_out}
        assert {c.round: c.points for c in row.rounds if not c.sit_out and c.points is not None} == {
            number: points for number, points in played.items() if points is not None}, row.number
    assert results.row(entrant) is next(r for r in results.standings.rows if r.id == entrant.pk)


@pytest.mark.django_db
def test_a_games_record_gives_each_side_its_games():
    results = event_results(imported("progressive_games_event"))
    _, north = first_round(results, 1)
    _, east = first_round(results, 2)
    assert (north.games.won, north.games.lost, north.games.games[0].result, north.games.games[0].points) == (
        1, 0, "won", 500)
    assert (east.games.won, east.games.lost, east.games.games[0].result, east.games.games[0].opponents_points) == (
        0, 1, "lost", 500)


@pytest.mark.django_db
def test_the_selectors_are_the_one_read():
    event = imported("three_handed_event")
    ana = Partnership.objects.get(event=event, number=1)
    assert selectors.player_record(event, ana) == selectors.partnership_record(event, ana) == (
        event_results(event).record(ana))
    assert selectors.partnership_games(event, ana) == {}  # a session: no games
    assert selectors.event_standings(event).rows == event_results(event).standings.rows
