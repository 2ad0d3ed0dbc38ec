"""Tiebreak sessions of events of individuals made on the site (docs/organizer-guide.md, "Live standings, medals and
tiebreaks"): tied players sit among themselves at tables of three, or at progressive tables of four
where each partners each of the others once; two tied players (three-handed) or two or three
(progressive) play with fillers, whose tiebreak points count for nobody; tiebreak hands are entered on
the table's phone and the tiebreak total orders the tie.

The events below are event files of one round of one hand (Avondale values, as RULES.md section 2;
defenders score 10 a trick they took).
"""

import json

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring.event_io import event_export, event_import
from scoring.integrity import event_check
from scoring.models import Hand
from scoring.selectors import event_standings
from scoring.services import hand_record, table_confirm
from scoring.tiebreaks import rounds_per_pass, tiebreak_create, tiebreak_delete
from tests import builders
from tests.builders import prove_side
from tournaments.models import Partnership, Round, SitOut, Table, TableSeat, Tiebreak
from tournaments.services import partnership_withdraw, round_create_seated

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
    # A tiebreak sit-out is no main-round sit-out: the main totals and places stay as they were.
    rows = {r.number: r for r in event_standings(event).rows}
    assert [(rows[n].total, rows[n].rank, rows[n].tied) for n in (2, 3, 5, 6)] == [(10, 3, True)] * 4


def test_two_tied_players_three_handed_play_with_a_filler_whose_points_count_for_nobody():
    """1 and 4 tie for 1st on 300; 2, 3, 5 and 6 share 3rd on 10, so the site's filler is 2 (the closest
    place below, the lower number first). Hands 2, one hand a round: two rounds of 1, 4, 2 (seats 1, 2, 3).
      round 1: 2 (the filler) bids 8H and takes 8, 1 takes 2, 4 none: 2 +300, 1 +20, 4 0;
      round 2: 4 bids 6S and takes 5, set: 4 -40; 1 takes 3: +30; 2 takes 2: +20 (RULES.md section 6).
    Tiebreak totals: 1 = 20 + 30 = 50, 4 = 0 - 40 = -40: 1 gold, 4 silver. 2's 320 is nobody's total:
    2 stays 3rd on 10 with 3, 5 and 6, with no tiebreak total."""
    event = three_handed(6)
    tb = tiebreak_create(event=event, partnerships=[4, 1], hands=2)
    assert list(tb.partnerships.values_list("number", flat=True)) == [1, 4]
    assert list(tb.fillers.values_list("number", flat=True)) == [2]
    assert seated(tb) == [(1, [[1, 4, 2]], []), (2, [[1, 4, 2]], [])]
    first, second = Table.objects.filter(round__tiebreak=tb).order_by("round__number")
    hand_record(table=first, number=1, actor=builders.SCORER, contract="8H", declarer_seat="3",
                seat_tricks={"1": 2, "2": 0, "3": 8})
    hand_record(table=second, number=1, actor=builders.SCORER, contract="6S", declarer_seat="2",
                seat_tricks={"1": 3, "2": 5, "3": 2})
    assert Hand.objects.get(table=first).seat_points == {"1": 20, "2": 0, "3": 300}
    assert Hand.objects.get(table=second).seat_points == {"1": 30, "2": -40, "3": 20}
    for table in (first, second):
        table_confirm(table=table, actor=builders.SCORER)
    rows = {r.number: r for r in event_standings(event).rows}
    assert [(n, rows[n].total, rows[n].tiebreak_total, rows[n].rank, rows[n].medal, rows[n].decided_by)
            for n in (1, 4)] == [(1, 300, 50, 1, "gold", "tiebreak 1"), (4, 300, -40, 2, "silver", "tiebreak 1")]
    assert (rows[2].total, rows[2].tiebreak_total, rows[2].tiebreaks, rows[2].rank, rows[2].tied) == (
        10, None, (), 3, True)
    assert [rows[n].rank for n in (3, 5, 6)] == [3, 3, 3]
    # A filler cannot withdraw: the event file would refuse his tiebreak.
    with pytest.raises(ValidationError) as err:
        partnership_withdraw(partnership=Partnership.objects.get(event=event, number=2))
    assert err.value.message_dict["__all__"] == [
        "Player 2 fills a seat in tiebreak 1 and cannot withdraw; remove that tiebreak first (only before any "
        "hand is entered)."]
    assert not Partnership.objects.get(event=event, number=2).withdrawn


def test_the_site_picks_fillers_present_below_the_tie_and_checks_the_organizers():
    event = three_handed(6)  # 1 and 4 tie for 1st; 2, 3, 5, 6 share 3rd
    refusals = [
        ([4], "Player 4 is tied on that place and plays in the tiebreak; name someone else to fill."),
        ([12], "No player 12 at this event."),
        ([2, 3], "The tiebreak table needs 1 filler; you named 2."),
        ([2, 2], "Player 2 is named twice as a filler."),
    ]
    for fillers, message in refusals:
        with pytest.raises(ValidationError) as err:
            tiebreak_create(event=event, partnerships=[1, 4], fillers=fillers)
        assert err.value.message_dict["fillers"] == [message]
    Partnership.objects.filter(event=event, number=6).update(withdrawn=True)
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 4], fillers=[6])
    assert err.value.message_dict["fillers"] == ["Player 6 has withdrawn and cannot fill a seat."]
    assert not Tiebreak.objects.exists()
    # 2 is not checked in: the site passes over him to 3.
    Partnership.objects.filter(event=event, number=2).update(checked_in=False)
    tb = tiebreak_create(event=event, partnerships=[1, 4])
    assert list(tb.fillers.values_list("number", flat=True)) == [3]
    tiebreak_delete(tiebreak=tb)
    # Nobody else present: the organizer names the filler, checked in or not.
    Partnership.objects.filter(event=event).update(checked_in=False)
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[1, 4])
    assert err.value.message_dict["fillers"] == [
        "Too few other players are checked in to fill the tiebreak table (it needs 1): name the fillers yourself."]
    tb = tiebreak_create(event=event, partnerships=[1, 4], fillers=[5])
    assert seated(tb) == [(1, [[1, 4, 5]], [])]
    # Three tied players fill their own table.
    nine = three_handed(9)
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=nine, partnerships=[1, 4, 7], fillers=[2])
    assert err.value.message_dict["fillers"] == [
        "These tied players fill their tables themselves: leave Fillers empty."]


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


def test_two_passes_double_the_rounds():
    """2, 4, 6 and 8 tie for 5th on 20. Hands 2 at one hand a round: two passes of three rounds; over
    six rounds of four players each pair partners twice (6 rounds x 2 pairs = 12 = twice the 6 pairs)."""
    event = progressive()
    tb = tiebreak_create(event=event, partnerships=[2, 4, 6, 8], hands=2)
    rounds = seated(tb)
    assert len(rounds) == 6
    pairs = [frozenset(pair) for _, tables, _ in rounds for n, e, s, w in tables for pair in ((n, s), (e, w))]
    assert sorted(pairs.count(p) for p in set(pairs)) == [2] * 6


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


def test_three_tied_players_progressive_play_three_rounds_with_one_filler():
    """7 withdraws, so 1, 3 and 5 share 1st on 200 and 2, 4, 6, 8 4th on 20: the site's filler is 2.
    Three rounds, A+B v C+F, A+C v B+F, A+F v B+C (N-S v E-W): each tied player partners each other
    tied player once and the filler once, and opposes each of the others twice."""
    event = progressive()
    Partnership.objects.filter(event=event, number=7).update(withdrawn=True)
    tb = tiebreak_create(event=event, partnerships=[1, 3, 5])
    assert list(tb.fillers.values_list("number", flat=True)) == [2]
    assert seated(tb) == [(1, [[1, 5, 3, 2]], []), (2, [[1, 3, 5, 2]], []), (3, [[1, 3, 2, 5]], [])]
    partners = {n: [] for n in (1, 3, 5)}
    for _, ((n, e, s, w),), _ in seated(tb):
        for a, b in ((n, s), (e, w), (s, n), (w, e)):
            if a in partners:
                partners[a].append(b)
    assert {n: sorted(p) for n, p in partners.items()} == {1: [2, 3, 5], 3: [1, 2, 5], 5: [1, 2, 3]}


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


# ---- the organizer's page, the table's phone, the standings


def _pins(event) -> dict[int, str]:
    """Player n's PIN is n written four times (1111, 2222, ...)."""
    for entrant in Partnership.objects.filter(event=event):
        Partnership.objects.filter(pk=entrant.pk).update(pin=str(entrant.number) * 4)
    return {n: str(n) * 4 for n in range(1, 10)}


def _organizer(event):
    return builders.login(builders.make_user("olga", event=event, role="organizer"))


def test_the_organizer_makes_a_progressive_tiebreak_and_the_phones_settle_the_medals(client):
    """1, 3, 5 and 7 tie for 1st on 200. The tiebreak's three rounds are played, one hand each, as
    follows, by whom 7 partners (7's side declares; the other side takes the tricks 7's side does not):
      with 1: 7H, 8 tricks: 7 and 1 +200, 3 and 5 +20 (two tricks);
      with 3: 6S, 7 tricks: 7 and 3 +40, 1 and 5 +30 (three tricks);
      with 5: 8H, 7 tricks, set: 7 and 5 -300, 1 and 3 +30.
    Tiebreak totals: 1 = 200 + 30 + 30 = 260; 3 = 20 + 40 + 30 = 90; 7 = 200 + 40 - 300 = -60;
    5 = 20 + 30 - 300 = -250. So 1 gold, 3 silver, 7 bronze, 5 fourth; main totals stay 200."""
    event = progressive()
    pins = _pins(event)
    staff = _organizer(event)
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "Tied players who play" in page and "1 Ana Garza" in page and "Progressive tables of four" in page
    assert "?p=1&amp;p=3&amp;p=5&amp;p=7" in page and 'name="layout"' not in page
    assert "A whole number of rounds of 1 hand: 1 plays the tiebreak's rounds once, 2 twice over." in page
    response = staff.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                          {"partnerships": ["1", "3", "5", "7"], "hands": "1"})
    assert response.status_code == 302
    tb = Tiebreak.objects.get(event=event)
    tables = list(Table.objects.filter(round__tiebreak=tb).order_by("round__number"))
    assert len(tables) == 3
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "Tiebreak 1: players 1, 3, 5, 7" in page and "In play" in page
    for table in tables:
        assert f"code {table.short_code}" in page
    contract = {1: ("7H", 8), 3: ("6S", 7), 5: ("8H", 7)}
    for table in tables:
        seats = {s.seat: s.entrant.number for s in table.seats.all()}
        side = "ns" if 7 in (seats["N"], seats["S"]) else "ew"
        partner = seats["S" if seats["N"] == 7 else "N"] if side == "ns" else seats["W" if seats["E"] == 7 else "E"]
        phone = Client()
        phone.cookies["fh_language"] = "en"
        entry = phone.get(f"/t/{table.token}/").content.decode()
        assert "Ana Garza" in entry and "Lena Ortiz" in entry
        prove_side(phone, table, side)
        name, tricks = contract[partner]
        r = phone.post(f"/t/{table.token}/", {"number": 1, "round": table.round_id, "declarer": side,
                                              "contract": name, "tricks": tricks, "save": "1"})
        assert r.status_code == 302, r.content.decode()[:1500]
        # A player of the other side proves himself (his own PIN, pins[n]) on his phone and accepts the hand.
        other_seat = "E" if side == "ns" else "N"
        other = Client()
        r = other.post(f"/t/{table.token}/side/", {"side": other_seat, "code": pins[7]})
        assert r.status_code == 400 and "That is not your PIN" in r.content.decode()  # 7 wrote the hand
        prove_side(other, table, other_seat)
        assert other.post(f"/t/{table.token}/confirm/").status_code == 302
        table.refresh_from_db()
        assert table.confirmed_at is not None and Hand.objects.get(table=table).accepted_side != side
    standings = event_standings(event)
    rows = {r.number: r for r in standings.rows}
    assert [(n, rows[n].total, rows[n].tiebreak_total, rows[n].rank, rows[n].medal, rows[n].decided_by)
            for n in (1, 3, 7, 5)] == [
        (1, 200, 260, 1, "gold", "tiebreak 1"), (3, 200, 90, 2, "silver", "tiebreak 1"),
        (7, 200, -60, 3, "bronze", "tiebreak 1"), (5, 200, -250, 4, None, "tiebreak 1")]
    medals = client.get(reverse("scoring:medals", args=[event.slug])).content.decode()
    gold = medals.split('<tr class="medal-gold">')[1].split("</tr>")[0]
    assert "Ana Garza" in gold and "260" in gold
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "Complete: it orders the players in the standings." in page
    # Hands are in: the session stays.
    staff.post(reverse("scoring:tiebreak-delete", args=[event.slug, 1]))
    assert Tiebreak.objects.filter(event=event).exists()


def test_a_three_handed_tiebreak_is_entered_on_the_phone_and_breaks_the_tie(client):
    """1, 4 and 7 tie for 1st on 300 and play one hand at one table of three: 4 bids 7S and takes 7
    tricks, 1 takes 2 and 7 takes 1: 4 +140, 1 +20, 7 +10 (RULES.md section 6). So 4 gold, 1 silver,
    7 bronze."""
    event = three_handed(9)
    pins = _pins(event)
    staff = _organizer(event)
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "Tables of three" in page
    assert staff.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                      {"partnerships": ["1", "4", "7"], "hands": "1"}).status_code == 302
    table = Table.objects.get(round__tiebreak__event=event)
    seat_of = {s.entrant.number: s.seat for s in table.seats.all()}
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert f"{seat_of[1]} 1 Ana Garza" in page and f"{seat_of[4]} 4 Joe Smith" in page
    phone = Client()
    prove_side(phone, table, seat_of[4])
    r = phone.post(f"/t/{table.token}/", {"number": 1, "round": table.round_id, "declarer_seat": seat_of[4],
                                          "contract": "7S", "tricks": 7, f"seat_{seat_of[1]}": 2,
                                          f"seat_{seat_of[7]}": 1, "save": "1"})
    assert r.status_code == 302, r.content.decode()[:1500]
    assert Hand.objects.get(table=table).seat_points == {seat_of[4]: 140, seat_of[1]: 20, seat_of[7]: 10}
    # 4 wrote the hand; 1 accepts it on his own phone, proven with his PIN (pins[1]).
    assert phone.post(f"/t/{table.token}/confirm/").status_code == 400
    other = Client()
    assert other.post(f"/t/{table.token}/side/", {"side": seat_of[1], "code": pins[1]}).status_code == 302
    assert other.post(f"/t/{table.token}/confirm/").status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None and Hand.objects.get(table=table).accepted_side == seat_of[1]
    rows = {r.number: r for r in event_standings(event).rows}
    assert [(n, rows[n].total, rows[n].tiebreak_total, rows[n].rank, rows[n].medal) for n in (4, 1, 7)] == [
        (4, 300, 140, 1, "gold"), (1, 300, 20, 2, "silver"), (7, 300, 10, 3, "bronze")]


def test_the_organizer_removes_a_tiebreak_of_players_and_sees_a_refusal_in_spanish():
    event = three_handed(6)
    staff = _organizer(event)
    staff.cookies["fh_language"] = "es"
    response = staff.post(reverse("scoring:tiebreak-create", args=[event.slug]), {"partnerships": ["1", "4"],
                                                                                  "hands": "1", "fillers": "4"})
    assert response.status_code == 400
    page = response.content.decode()
    assert ("El jugador 4 está empatado en ese puesto y juega el desempate; nombre a otro de relleno."
            in page) and "Jugadores de relleno: números de jugador" in page
    response = staff.post(reverse("scoring:tiebreak-create", args=[event.slug]), {"partnerships": ["1", "4"],
                                                                                  "hands": "1", "fillers": "5 x"})
    assert response.status_code == 400 and "x no es un número de jugador." in response.content.decode()
    assert not Tiebreak.objects.filter(event=event).exists()
    assert staff.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                      {"partnerships": ["2", "3", "5", "6"], "hands": "1"}).status_code == 302
    page = staff.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "Desempate 1: jugadores 2, 3, 5, 6" in page and "descansan:" in page
    assert staff.post(reverse("scoring:tiebreak-delete", args=[event.slug, 1])).status_code == 302
    assert not Tiebreak.objects.filter(event=event).exists()
    assert not TableSeat.objects.filter(table__round__event=event, table__round__tiebreak__isnull=False).exists()


def test_a_site_made_tiebreak_of_players_goes_through_the_event_file_and_check_event():
    """The three-handed tiebreak above (4 +140, 1 +20, 7 +10) exported, imported again and exported:
    the same file, the same tiebreak totals, and check_event finds nothing."""
    event = three_handed(9)
    tb = tiebreak_create(event=event, partnerships=[1, 4, 7])
    table = Table.objects.get(round__tiebreak=tb)
    seat_of = {s.entrant.number: s.seat for s in table.seats.all()}
    hand_record(table=table, number=1, actor=builders.SCORER, contract="7S", declarer_seat=seat_of[4],
                seat_tricks={seat_of[4]: 7, seat_of[1]: 2, seat_of[7]: 1})
    table_confirm(table=table, actor=builders.SCORER)
    assert event_check(event) == []
    first = event_export(event)
    assert first["tiebreaks"][0]["players"] == [1, 4, 7]
    again = event_import(json.loads(json.dumps(first)), slug="three-9-copy")
    second = event_export(again)
    second["event"]["slug"] = first["event"]["slug"]
    assert second == first
    rows = {r.number: r.tiebreak_total for r in event_standings(again).rows}
    assert (rows[4], rows[1], rows[7]) == (140, 20, 10)
