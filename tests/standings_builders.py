"""Builders for standings tests: events made through the real services (round_create, hand_record,
table_confirm), or in bulk with points from score_for_table for the larger query-count events."""

from __future__ import annotations

import datetime
import random

from scoring.models import Hand
from scoring.engine.vocabulary import dealer_for
from scoring.services import Actor, hand_record, score_for_table, table_confirm
from tournaments.models import Event, Partnership, Player, Table
from scoring.engine.movement import plan
from tournaments.services import round_create

SCORER = Actor("Test scorer", is_organizer=True)


def make_event(slug="gao-2026", **fields) -> Event:
    defaults = dict(name="Golden Age Olympics 500", date=datetime.date(2026, 5, 14), venue="McAllen Senior Center")
    defaults.update(fields)
    return Event.objects.create(slug=slug, **defaults)


def make_partnerships(event, count, divisions=None) -> dict[int, Partnership]:
    out = {}
    for n in range(1, count + 1):
        one = Player.objects.create(event=event, name=f"Ana{n} Peña")
        two = Player.objects.create(event=event, name=f"Luis{n} O'Brien")
        out[n] = Partnership.objects.create(event=event, number=n, player_one=one, player_two=two,
                                            division=(divisions or {}).get(n, ""))
    return out


def play(table: Table, hands: list[tuple], *, confirm=True) -> None:
    """hands: (declarer, contract, tricks) or (declarer, contract, tricks, penalty_kind, penalty_side)."""
    for number, spec in enumerate(hands, start=1):
        declarer, contract, tricks, *penalty = spec
        kind, side = (penalty + ["", ""])[:2]
        seat = ("N" if side == "ns" else "E") if kind == "bid_out_of_turn" else ""  # the service wants the seat
        hand_record(table=table, number=number, actor=SCORER, declarer=declarer, contract=contract, tricks=tricks,
                    penalty_kind=kind, penalty_side=side, penalty_seat=seat)
    if confirm:
        table_confirm(table=table, actor=SCORER)


def tie_for_second(event: Event | None = None) -> tuple[Event, dict[int, Partnership]]:
    """Two rounds of one hand (RULES.md values), on `event` if given (it becomes 2 rounds of 1 hand):
    R1 1 v 2: 6S by 1, 10 tricks: 1 +250, 2 0.   3 v 4: 7H by 3, 8 tricks: 3 +200, 4 +20.
    R2 1 v 3: 6S by 1, 6 tricks: 1 +40, 3 +40.   2 v 4: 8S by 2, 8 tricks: 2 +240, 4 +20.
    Totals: 1: 290; 2: 240; 3: 240; 4: 40. Partnerships 2 and 3 tie for second."""
    if event is None:
        event = make_event(rounds=2, hands_per_round=1)
    else:
        event.rounds, event.hands_per_round = 2, 1
        event.save()
    p = make_partnerships(event, 4)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    r2 = round_create(event=event, number=2, tables=[(1, p[1], p[3]), (2, p[2], p[4])])
    t1, t2 = r1.tables.order_by("number")
    t3, t4 = r2.tables.order_by("number")
    play(t1, [("ns", "6S", 10)])
    play(t2, [("ns", "7H", 8)])
    play(t3, [("ns", "6S", 6)])
    play(t4, [("ns", "8S", 8)])
    return event, p


def bulk_event(slug: str, partnerships: int, rounds: int, *, seed=1, divisions=2) -> Event:
    """A complete event with random but legal hands, every table confirmed (fast: bulk inserts)."""
    event = make_event(slug=slug, rounds=rounds)
    pships = make_partnerships(event, partnerships, {n: f"D{n % divisions}" for n in range(1, partnerships + 1)})
    rng = random.Random(seed)
    rules = event.rules
    contracts = [c.code for c in rules.legal_contracts()]
    hands = []
    for rp in plan(list(pships), rounds):
        rnd = round_create(event=event, number=rp.number,
                           tables=[(t, pships[ns], pships[ew]) for t, ns, ew in rp.tables],
                           byes=[pships[b] for b in rp.byes])
        for table in rnd.tables.all():
            for number in range(1, event.hands_per_round + 1):
                declarer, contract, tricks = rng.choice(["ns", "ew"]), rng.choice(contracts), rng.randint(3, 10)
                ns, ew, made = score_for_table(rules, declarer=declarer, contract=contract, tricks=tricks)
                hands.append(Hand(table=table, number=number, dealer=dealer_for(number), declarer=declarer,
                                  contract=contract, tricks=tricks, ns_points=ns, ew_points=ew, made=made,
                                  entered_by="bulk"))
    Hand.objects.bulk_create(hands)
    Table.objects.filter(round__event=event).update(confirmed_at=datetime.datetime(2026, 5, 14, 12, tzinfo=datetime.UTC))
    return event
