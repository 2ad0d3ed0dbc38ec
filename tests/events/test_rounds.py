"""Rounds in the database: generating the movement, re-planning after a withdrawal or a late
arrival without touching results, opening and closing rounds, the dashboard's table states."""

from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from scoring.models import Hand
from scoring.services import Actor, hand_record, table_confirm, table_dispute
from tests.builders import club_event
from tournaments import selectors, services
from tournaments.models import Partnership, Round, Seating, SitOut, Table

ORGANIZER = Actor("olga", is_organizer=True)


def play_table(table, hands=4, contract="7S", tricks=8):
    # 7S made with 8 tricks: 140 to the declarers, 20 to the defenders (RULES.md, Avondale table).
    for number in range(1, hands + 1):
        hand_record(table=table, number=number, actor=ORGANIZER, declarer="ns", contract=contract, tricks=tricks)


def meetings(event):
    pairs = Counter()
    for ns, ew in Table.objects.filter(round__event=event).values_list("ns__number", "ew__number"):
        pairs[(min(ns, ew), max(ns, ew))] += 1
    return pairs


@pytest.mark.django_db
def test_generate_creates_every_round_for_checked_in_partnerships_only():
    event = club_event(n=14, checked_in=set(range(1, 12)))  # 11 here, 3 not
    services.partnership_withdraw(partnership=Partnership.objects.get(event=event, number=5))
    services.movement_generate(event=event)
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    assert [r.number for r in rounds] == list(range(1, 11))
    assert all(r.status == "planned" for r in rounds)
    for rnd in rounds:
        seated = sorted(Seating.objects.filter(round=rnd).values_list("partnership__number", flat=True))
        assert seated == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11]  # ten active: five tables, no sit-out
        assert rnd.tables.count() == 5 and not rnd.sit_outs.exists()
    # Ten partnerships meet all nine others in nine rounds; the tenth round repeats five pairs.
    assert len(meetings(event)) == 45
    assert sorted(Counter(meetings(event).values()).items()) == [(1, 40), (2, 5)]


@pytest.mark.django_db
def test_generate_refuses_twice_and_with_fewer_than_two():
    event = club_event(n=3, checked_in={1})
    with pytest.raises(ValidationError, match="at least two partnerships"):
        services.movement_generate(event=event)
    services.partnership_check_in(partnership=Partnership.objects.get(event=event, number=2))
    services.movement_generate(event=event)
    with pytest.raises(ValidationError, match="already exists"):
        services.movement_generate(event=event)


@pytest.mark.django_db
def test_odd_field_sits_one_out_per_round_in_the_database():
    event = club_event(n=11)
    services.movement_generate(event=event)
    byes = list(SitOut.objects.filter(round__event=event).order_by("round__number").values_list("partnership__number", flat=True))
    assert len(byes) == 10 and len(set(byes)) == 10


@pytest.mark.django_db
def test_withdrawal_replans_only_unplayed_rounds_and_keeps_results():
    event = club_event(n=12)
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    round1 = Round.objects.get(event=event, number=1)
    for table in round1.tables.all():
        play_table(table)
        table_confirm(table=table, actor=ORGANIZER)
    services.round_close(rnd=round1, by="olga")
    services.round_start_next(event=event)
    round2 = Round.objects.get(event=event, number=2)
    play_table(round2.tables.first(), hands=1)  # round 2 has a result: it must not move either
    kept = {r: list(Table.objects.filter(round__event=event, round__number=r).values_list("pk", "token", "ns", "ew"))
            for r in (1, 2)}
    hands_before = list(Hand.objects.filter(table__round__event=event).values_list("pk", "ns_points", "ew_points"))
    assert hands_before[0][1:] == (140, 20)

    replanned = services.partnership_withdraw(partnership=Partnership.objects.get(event=event, number=5))

    assert replanned == list(range(3, 11))
    for r in (1, 2):
        assert list(Table.objects.filter(round__event=event, round__number=r).values_list("pk", "token", "ns", "ew")) == kept[r]
    assert list(Hand.objects.filter(table__round__event=event).values_list("pk", "ns_points", "ew_points")) == hands_before
    for rnd in Round.objects.filter(event=event, number__gte=3):
        seated = sorted(Seating.objects.filter(round=rnd).values_list("partnership__number", flat=True))
        assert seated == [n for n in range(1, 13) if n != 5]
        assert rnd.sit_outs.count() == 1
    assert max(meetings(event).values()) == 1  # 11 left, 10 rounds: no repeat needed, none made
    byes = [s.partnership.number for s in SitOut.objects.filter(round__event=event)]
    assert len(byes) == len(set(byes)) == 8


@pytest.mark.django_db
def test_late_arrival_joins_the_rounds_not_yet_played():
    event = club_event(n=12, checked_in=set(range(1, 12)))  # 11 here: a sit-out each round
    services.movement_generate(event=event)
    services.round_start_next(event=event)  # round 1 is in play: it stays as it is
    late = Partnership.objects.get(event=event, number=12)
    replanned = services.partnership_check_in(partnership=late)
    assert replanned == list(range(2, 11))
    assert Round.objects.get(event=event, number=1).sit_outs.count() == 1
    for rnd in Round.objects.filter(event=event, number__gte=2):
        assert not rnd.sit_outs.exists()
        assert Seating.objects.filter(round=rnd, partnership=late).exists()
    assert max(meetings(event).values()) == 1


@pytest.mark.django_db
def test_registering_a_late_partnership_checked_in_replans():
    event = club_event(n=4)
    services.movement_generate(event=event)
    services.partnership_register(event=event, player_one="Late", player_two="Arrival", checked_in=True)
    assert Partnership.objects.get(event=event, player_one__name="Late").number == 5
    # every one of the ten rounds (an empty list would pass an all())
    assert [r.sit_outs.count() for r in Round.objects.filter(event=event).order_by("number")] == [1] * 10


@pytest.mark.django_db
def test_round_must_open_in_order_and_one_at_a_time():
    event = club_event(n=4, rounds=3)
    services.movement_generate(event=event)
    with pytest.raises(ValidationError, match="Earlier rounds must be closed"):
        services.round_open(rnd=Round.objects.get(event=event, number=2))
    services.round_start_next(event=event)
    with pytest.raises(ValidationError, match="Round 1 is still in play"):
        services.round_start_next(event=event)


@pytest.mark.django_db
def test_close_is_refused_with_a_list_of_unfinished_tables():
    event = club_event(n=6, rounds=2)
    services.movement_generate(event=event)
    rnd = services.round_start_next(event=event)
    t1, t2, t3 = rnd.tables.order_by("number")
    play_table(t1)
    table_confirm(table=t1, actor=ORGANIZER)
    play_table(t2)  # entered, not confirmed
    play_table(t3, hands=2)
    with pytest.raises(ValidationError) as caught:
        services.round_close(rnd=rnd, by="olga")
    messages = caught.value.messages
    assert messages == [
        f"Table 2 ({t2.ns.number} v {t2.ew.number}): not confirmed by the other partnership",
        f"Table 3 ({t3.ns.number} v {t3.ew.number}): 2 of 4 hands entered",
    ]
    with pytest.raises(ValidationError, match="Say why"):
        services.round_close(rnd=rnd, by="olga", force=True, reason="  ")
    assert Round.objects.get(pk=rnd.pk).status == "open"
    closed = services.round_close(rnd=rnd, by="olga", force=True, reason="Table 3 went home ill")
    assert closed.status == "closed" and closed.closed_by == "olga" and closed.closed_at
    assert closed.close_note.startswith("Table 3 went home ill; Table 2 (")


@pytest.mark.django_db
def test_close_needs_only_entered_tables_when_confirmation_is_off():
    event = club_event(n=4, rounds=1, confirmation_required=False)
    services.movement_generate(event=event)
    rnd = services.round_start_next(event=event)
    for table in rnd.tables.all():
        play_table(table)
    assert services.round_close(rnd=rnd, by="olga").status == "closed"
    with pytest.raises(ValidationError, match="not in play"):
        services.round_close(rnd=rnd, by="olga")
    with pytest.raises(ValidationError, match="Every round has been played"):
        services.round_start_next(event=event)


@pytest.mark.django_db
def test_a_disputed_table_blocks_the_close():
    event = club_event(n=2, rounds=1)
    services.movement_generate(event=event)
    rnd = services.round_start_next(event=event)
    table = rnd.tables.get()
    play_table(table)
    table_dispute(table=table, actor=ORGANIZER, reason="hand 3 was 8H not 7S")
    with pytest.raises(ValidationError, match="disputed: hand 3 was 8H not 7S"):
        services.round_close(rnd=rnd, by="olga")


@pytest.mark.django_db
def test_dashboard_states_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    event = club_event(n=10, rounds=1)
    services.movement_generate(event=event)
    rnd = services.round_start_next(event=event)
    t1, t2, t3, t4, t5 = rnd.tables.order_by("number")
    play_table(t2, hands=3)
    play_table(t3)
    play_table(t4)
    table_confirm(table=t4, actor=ORGANIZER)
    play_table(t5)
    table_dispute(table=t5, actor=ORGANIZER, reason="wrong tricks")
    with django_assert_max_num_queries(8):
        data = selectors.dashboard(event, None)
        states = [(t.number, status, count) for t, status, count, *_ in data["tables"]]
        names = [t.ns.players_label + t.ew.players_label for t, *_ in data["tables"]]
    assert states == [(1, "not_started", 0), (2, "in_progress", 3), (3, "entered", 4), (4, "confirmed", 4),
                      (5, "disputed", 4)]
    assert len(names) == 5
    assert data["counts"] == {"not_started": 1, "in_progress": 1, "entered": 1, "confirmed": 1, "disputed": 1}


@pytest.mark.django_db
def test_revoking_a_table_link_makes_a_new_token():
    event = club_event(n=2, rounds=1)
    services.movement_generate(event=event)
    table = Table.objects.get(round__event=event)
    old = table.token
    services.table_revoke_link(table=table)
    assert Table.objects.get(pk=table.pk).token != old
    assert len(Table.objects.get(pk=table.pk).token) == 26


@pytest.mark.django_db
def test_reopen_a_closed_round_only_when_nothing_else_is_in_play():
    event = club_event(n=2, rounds=2, confirmation_required=False)
    services.movement_generate(event=event)
    first = services.round_start_next(event=event)
    play_table(first.tables.get())
    services.round_close(rnd=first, by="olga")
    second = services.round_start_next(event=event)
    with pytest.raises(ValidationError, match="Round 2 is in play: close it before reopening Round 1"):
        services.round_reopen(rnd=first, by="olga")
    with pytest.raises(ValidationError, match="Round 2 is not closed"):
        services.round_reopen(rnd=second, by="olga")
    services.round_close(rnd=second, by="olga", force=True, reason="short of time")
    again = services.round_reopen(rnd=first, by="sam")
    assert again.status == "open" and again.closed_at is None
    assert again.close_note == "Reopened by sam (closed by olga)"


def version_of(event):
    event.refresh_from_db(fields=["version"])
    return event.version


@pytest.mark.django_db
@pytest.mark.parametrize("change", [
    "register", "withdraw", "rename event", "sit-out policy", "generate movement", "open round",
])
def test_every_change_the_live_pages_show_bumps_the_event_version(change):
    # Live standings answer 304 while the version stands still: anything they show must move it.
    event = club_event(n=4, rounds=2)
    if change == "open round":
        services.movement_generate(event=event)
    before = version_of(event)
    if change == "register":
        services.partnership_register(event=event, player_one="Irma Cantú", player_two="Gene Olson")
    elif change == "withdraw":
        services.partnership_withdraw(partnership=event.partnerships.get(number=2))
    elif change == "rename event":
        services.event_update(event=event, name="Club 500 (final)")
    elif change == "sit-out policy":
        services.event_update(event=event, sit_out_policy="zero")
    elif change == "generate movement":
        services.movement_generate(event=event)
    else:
        services.round_start_next(event=event)
    assert version_of(event) > before


@pytest.mark.django_db
def test_an_update_that_changes_nothing_leaves_the_version_alone():
    event = club_event(n=2, rounds=1)
    before = version_of(event)
    services.event_update(event=event, name=event.name)
    assert version_of(event) == before
