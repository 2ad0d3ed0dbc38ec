"""Tiebreak sessions of events of individuals made on the site (README, "Live standings, medals and
tiebreaks"): tied players sit among themselves at tables of three, or at progressive tables of four
where each partners each of the others once; counts that cannot fill a table are refused naming the
players; tiebreak hands are entered on the table's phone and the tiebreak total orders the tie.

The events below are event files of one round of one hand (Avondale values, as RULES.md section 2;
defenders score 10 a trick they took).
"""

import pytest
from django.core.exceptions import ValidationError

from scoring.event_io import event_import
from scoring.selectors import event_standings
from scoring.services import hand_record
from scoring.tiebreaks import rounds_per_pass, tiebreak_create, tiebreak_delete
from tests import builders
from tournaments.models import Partnership, Round, SitOut, Table, TableSeat, Tiebreak
from tournaments.services import round_create_seated

pytestmark = pytest.mark.django_db

NAMES = ["Ana Garza", "Luis Peña", "Marie Tremblay", "Joe Smith", "Rosa Díaz", "Paul Roy", "Lena Ortiz",
         "Omar Haddad", "Ines Moreau"]


def _event(rules: str, tables: list[dict], players: int, slug: str) -> object:
    data = {
        "format": "500-event/2",
        "event": {"name": "Tie night", "date": "2026-06-12", "entrants": "individuals", "rules": rules,
                  "rounds": 1, "hands_per_round": 1, "language": "en", "slug": slug},
        "players": [{"number": n, "name": NAMES[n - 1], "checked_in": True} for n in range(1, players + 1)],
        "rounds": [{"number": 1, "tables": tables}],
    }
    return event_import(data)


def three_handed(players: int = 9):
    """Every table of three plays 8H by its first seat, who takes 8 tricks, the others one each:
    the bidder +300, each defender +10 (RULES.md section 6). With nine players 1, 4 and 7 tie for
    1st on 300 and the other six for 4th on 10; with six, 1 and 4 tie for 1st, 2, 3, 5, 6 for 3rd."""
    tables = [{"table": t + 1, "seats": [3 * t + 1, 3 * t + 2, 3 * t + 3],
               "hands": [{"hand": 1, "contract": "8H", "declarer": 3 * t + 1,
                          "tricks": {str(3 * t + 1): 8, str(3 * t + 2): 1, str(3 * t + 3): 1}}]}
              for t in range(players // 3)]
    return _event("three-handed", tables, players, f"three-{players}")


def progressive():
    """Two progressive tables (N 1, E 2, S 3, W 4 and N 5, E 6, S 7, W 8) each play 7H by N-S taking 8
    tricks: N-S +200 each, E-W +20 each. So 1, 3, 5 and 7 tie for 1st on 200, and 2, 4, 6 and 8 for
    5th on 20."""
    tables = [{"table": t + 1, "n": 4 * t + 1, "e": 4 * t + 2, "s": 4 * t + 3, "w": 4 * t + 4,
               "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8}]} for t in range(2)]
    return _event("mcallen", tables, 8, "progressive-8")


def seated(tiebreak) -> list[tuple[int, list[list[int]], list[int]]]:
    """(round, [players of each table in seat order], [sitting out]) for each of the session's rounds."""
    order = {label: i for i, label in enumerate(("1", "2", "3", "N", "E", "S", "W"))}
    out = []
    for rnd in tiebreak.rounds.order_by("number"):
        tables = [[s.entrant.number for s in sorted(t.seats.all(), key=lambda s: order[s.seat])]
                  for t in rnd.tables.order_by("number")]
        out.append((rnd.number, tables, sorted(s.partnership.number for s in rnd.sit_outs.all())))
    return out


@pytest.mark.parametrize("count, seats, rounds", [
    (3, 3, 1), (6, 3, 1), (9, 3, 1),  # tables of three, nobody sits out: one round
    (4, 3, 4), (5, 3, 5), (7, 3, 7),  # one or two sit out: each once (twice for 5) over count rounds
    (8, 3, 4),  # two sit out a round: 8 sit-outs over 4 rounds, one each
    (4, 4, 3), (8, 4, 7),  # each partners each of the others once
    (5, 4, 5), (6, 4, 3), (7, 4, 7),  # 1, 2, 3 sit out: 5, 6, 21 sit-outs, one (three for 7) each
])
def test_rounds_per_pass(count, seats, rounds):
    assert rounds_per_pass(count, seats) == rounds


def test_three_tied_players_sit_at_one_table_of_three():
    event = three_handed(9)
    version = event.version
    tb = tiebreak_create(event=event, partnerships=[7, 1, 4])
    assert tb.sequence == 1 and sorted(tb.partnerships.values_list("number", flat=True)) == [1, 4, 7]
    ((number, tables, byes),) = seated(tb)
    assert number == 1 and byes == [] and len(tables) == 1 and sorted(tables[0]) == [1, 4, 7]
    table = Table.objects.get(round__tiebreak=tb)
    assert table.ns is None and table.ew is None
    assert sorted(TableSeat.objects.filter(table=table).values_list("seat", flat=True)) == ["1", "2", "3"]
    assert tb.rounds.get().status == Round.Status.OPEN
    event.refresh_from_db()
    assert event.version > version
    assert event.round_set.filter(tiebreak__isnull=True).count() == 1  # the main round is untouched


def test_six_tied_players_play_one_round_at_two_tables():
    event = three_handed(9)
    tb = tiebreak_create(event=event, partnerships=[2, 3, 5, 6, 8, 9])
    ((_, tables, byes),) = seated(tb)
    assert byes == [] and len(tables) == 2
    assert sorted(n for t in tables for n in t) == [2, 3, 5, 6, 8, 9] and all(len(t) == 3 for t in tables)


def test_four_tied_players_three_handed_each_sit_out_once_in_four_rounds():
    event = three_handed(6)  # 2, 3, 5 and 6 tie for 3rd on 10
    tb = tiebreak_create(event=event, partnerships=[2, 3, 5, 6])
    rounds = seated(tb)
    assert [r[0] for r in rounds] == [1, 2, 3, 4]
    assert sorted(b for _, _, byes in rounds for b in byes) == [2, 3, 5, 6]  # each exactly once
    for _, tables, byes in rounds:
        (table,) = tables
        assert sorted(table + byes) == [2, 3, 5, 6]
    assert SitOut.objects.filter(round__tiebreak=tb).count() == 4


def test_two_tied_players_cannot_fill_a_table_of_three():
    event = three_handed(6)  # 1 (Ana Garza) and 4 (Joe Smith) tie for 1st on 300
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 4])
    assert err.value.message_dict["partnerships"] == [
        "A tiebreak table seats only tied players, and a three-handed table needs three: "
        "1 Ana Garza and 4 Joe Smith cannot fill one."]
    assert not Tiebreak.objects.exists() and not Round.objects.filter(tiebreak__isnull=False).exists()


def test_players_not_tied_or_missing_a_tied_one_are_refused_in_players_words():
    event = three_handed(9)
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 4])
    assert err.value.message_dict["partnerships"] == [
        "Player 7 is tied on that place too and must play as well."]
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 2, 4])
    assert err.value.message_dict["partnerships"] == [
        "These players are not tied with each other (1 is 1st on 300; 2 is 4th on 10; 4 is 1st on 300)."]
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 12])
    assert err.value.message_dict["partnerships"] == ["No player 12 at this event."]
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 4, 7], tables=[(1, 1, 4)])
    assert err.value.message_dict["tables"] == [
        "Your own tables are for partnerships: the tied players' tables are planned for you."]
    assert not Tiebreak.objects.exists()


def test_four_tied_players_play_three_progressive_rounds_each_partnering_each_other_once():
    event = progressive()
    tb = tiebreak_create(event=event, partnerships=[1, 3, 5, 7])
    rounds = seated(tb)
    assert [r[0] for r in rounds] == [1, 2, 3]
    partners = []
    for _, tables, byes in rounds:
        ((n, e, s, w),) = tables
        assert byes == [] and sorted((n, e, s, w)) == [1, 3, 5, 7]
        partners += [frozenset((n, s)), frozenset((e, w))]
    assert sorted(sorted(p) for p in partners) == [[1, 3], [1, 5], [1, 7], [3, 5], [3, 7], [5, 7]]
    assert sorted(TableSeat.objects.filter(table__round__tiebreak=tb, entrant__number=1)
                  .values_list("table__round__number", flat=True)) == [1, 2, 3]


def test_eight_tied_players_play_seven_rounds_at_two_tables():
    """Two rounds more on the progressive event, so that all eight tie: in round 2 N 2, E 1, S 4, W 3 and
    N 6, E 5, S 8, W 7 play the same hand (N-S +200, E-W +20): everyone has 220."""
    event = progressive()
    p = {e.number: e for e in Partnership.objects.filter(event=event)}
    event.rounds = 2
    event.save(update_fields=["rounds"])
    rnd = round_create_seated(event=event, number=2, status=Round.Status.OPEN,
                              tables=[(1, [p[2], p[1], p[4], p[3]]), (2, [p[6], p[5], p[8], p[7]])])
    for table in rnd.tables.all():
        builders.play(table, [("ns", "7H", 8)])
    rows = event_standings(event).rows
    assert {(r.rank, r.total) for r in rows} == {(1, 220)}
    tb = tiebreak_create(event=event, partnerships=list(range(1, 9)))
    rounds = seated(tb)
    assert len(rounds) == 7 and all(len(tables) == 2 and byes == [] for _, tables, byes in rounds)
    pairs = [frozenset(pair) for _, tables, _ in rounds for n, e, s, w in tables for pair in ((n, s), (e, w))]
    assert len(pairs) == 28 and len(set(pairs)) == 28  # every one of the 28 pairs partners once


def test_two_or_three_tied_players_cannot_fill_a_progressive_table():
    """Five players, one table (N 1, E 2, S 3, W 4: 7H by N-S taking 8, N-S +200, E-W +20); 5 sits out
    and is credited the average of his own rounds, none: 0. So 1 and 3 tie for 1st on 200."""
    tables = [{"table": 1, "n": 1, "e": 2, "s": 3, "w": 4,
               "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8}]}]
    event = _event("mcallen", tables, 5, "progressive-5")
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 3])
    assert err.value.message_dict["partnerships"] == [
        "A tiebreak table seats only tied players, and a progressive table needs four: "
        "1 Ana Garza and 3 Marie Tremblay cannot fill one."]
    assert not Tiebreak.objects.exists()


def test_a_tiebreak_of_individuals_is_removed_before_any_hand_and_kept_after():
    event = three_handed(9)
    tb = tiebreak_create(event=event, partnerships=[1, 4, 7])
    tiebreak_delete(tiebreak=tb)
    assert not Tiebreak.objects.exists() and not TableSeat.objects.filter(table__round__tiebreak__isnull=False).exists()
    tb = tiebreak_create(event=event, partnerships=[1, 4, 7])
    assert tb.sequence == 1
    table = Table.objects.get(round__tiebreak=tb)
    hand_record(table=table, number=1, actor=builders.SCORER, contract="6S", declarer_seat="1",
                seat_tricks={"1": 6, "2": 2, "3": 2})
    with pytest.raises(ValidationError) as err:
        tiebreak_delete(tiebreak=tb)
    assert err.value.message_dict["__all__"] == ["Tiebreak 1 has hands entered; it cannot be removed."]
    assert Tiebreak.objects.filter(pk=tb.pk).exists()
