"""Event files to and from the database: event_import() and event_export().

The checking and the file's shape live in scoring.engine.eventfile (pure); this module only turns an
EventFile into rows and rows back into an EventFile. An import is one transaction of bulk
inserts, so a 500-partnership event goes in within seconds and a file with any problem writes
nothing. Points come from scoring.services.score_for_table, the same code that scores a hand
typed at a table, and every imported hand gets one HandChange row with action "import".
It does not touch existing events: a slug that is taken is refused.
"""

from __future__ import annotations

import datetime

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring.engine import eventfile
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile import EventFileError
from scoring.models import Hand, HandChange
from scoring.services import dealer_for, score_for_table
from tournaments.models import Event, Partnership, Player, Round, Seating, SitOut, Table, Tiebreak

IMPORT_LABEL = "event file"  # shown as who entered and who confirmed imported scores
BATCH = 1000


def _slug_problem(slug: str, place: str) -> str | None:
    if not eventfile.SLUG_RE.match(slug):
        return f"{place}: {slug!r} is not a slug (letters, digits, - and _, at most 80)"
    if Event.objects.filter(slug=slug).exists():
        return f"{place}: an event with slug {slug!r} exists already (choose another with --slug)"
    return None


def event_import(data: dict, *, slug: str | None = None) -> Event:
    """Create the event in `data` (format 500-event/1) and return it.

    Raises EventFileError listing every problem, each with its place in the file; then nothing is
    written. `slug` overrides the file's slug (or the one made from the event's name).
    """
    spec = eventfile.parse(data)
    if slug is not None:
        problem = _slug_problem(slug, "slug")
    else:
        slug = spec.event.slug or slugify(spec.event.name)[:80] or "event"
        problem = _slug_problem(slug, "event.slug" if spec.event.slug else "event.name")
    if problem:
        raise EventFileError([problem])
    try:
        with transaction.atomic():
            return _write(spec, slug)
    except DatabaseError as exc:
        # Only a race (another import of the same slug) or a database limit gets here.
        raise EventFileError([f"the event could not be saved: {exc}"]) from None


def _write(spec: eventfile.EventFile, slug: str) -> Event:
    ev = spec.event
    rules = rules_engine.rule_set(ev.rules, ev.rule_overrides)
    now = timezone.now()
    event = Event.objects.create(
        name=ev.name, slug=slug, date=ev.date, venue=ev.venue, rules_preset=ev.rules,
        rule_overrides=ev.rule_overrides, rounds=ev.rounds, hands_per_round=ev.hands_per_round,
        sit_out_policy=ev.sit_out_policy, sit_out_points=ev.sit_out_points,
        confirmation_required=ev.confirmation_required, medal_scope=ev.medal_scope,
        secondary_tiebreakers=list(ev.secondary_tiebreakers), page_size=ev.page_size,
    )

    players = []
    for p in spec.partnerships:
        players += [Player(event=event, name=name, search_name=Player.key_for(name)) for name in p.players[:2]]
    Player.objects.bulk_create(players, batch_size=BATCH)
    partnerships = [
        Partnership(event=event, number=p.number, player_one=players[2 * i], player_two=players[2 * i + 1],
                    division=p.division, checked_in=p.checked_in, withdrawn=p.withdrawn)
        for i, p in enumerate(spec.partnerships)
    ]
    Partnership.objects.bulk_create(partnerships, batch_size=BATCH)
    by_number = {p.number: p for p in partnerships}

    tiebreaks = [Tiebreak(event=event, sequence=i) for i, _ in enumerate(spec.tiebreaks, start=1)]
    Tiebreak.objects.bulk_create(tiebreaks)
    Through = Tiebreak.partnerships.through
    Through.objects.bulk_create([
        Through(tiebreak_id=tb.pk, partnership_id=by_number[n].pk)
        for tb, tb_spec in zip(tiebreaks, spec.tiebreaks) for n in tb_spec.partnerships
    ])

    round_specs = [(None, r) for r in spec.rounds] + [
        (tb, r) for tb, tb_spec in zip(tiebreaks, spec.tiebreaks) for r in tb_spec.rounds
    ]
    rounds = [Round(event=event, number=r.number, tiebreak=tb, status=r.status) for tb, r in round_specs]
    Round.objects.bulk_create(rounds, batch_size=BATCH)

    tables, table_specs, sit_outs = [], [], []
    for rnd, (_, r) in zip(rounds, round_specs):
        for t in r.tables:
            tables.append(Table(
                round=rnd, number=t.number, ns=by_number[t.ns], ew=by_number[t.ew], entered_side=t.entered_side,
                confirmed_at=now if t.confirmed else None, confirmed_by=IMPORT_LABEL if t.confirmed else "",
                disputed_at=now if t.dispute else None, dispute_reason=t.dispute,
            ))
            table_specs.append(t)
        sit_outs += [SitOut(round=rnd, partnership=by_number[n]) for n in r.byes]
    Table.objects.bulk_create(tables, batch_size=BATCH)
    SitOut.objects.bulk_create(sit_outs, batch_size=BATCH)
    seatings = [Seating(round=t.round, partnership=side, table=t) for t in tables for side in (t.ns, t.ew)]
    seatings += [Seating(round=s.round, partnership=s.partnership, sit_out=s) for s in sit_outs]
    Seating.objects.bulk_create(seatings, batch_size=BATCH)

    hands, changes = [], []
    for table, t in zip(tables, table_specs):
        for h in t.hands:
            ns_points, ew_points, made = score_for_table(
                rules, declarer=h.declarer, contract=h.contract, tricks=h.tricks,
                penalty_kind=h.penalty_kind, penalty_side=h.penalty_side,
            )
            values = {
                "declarer": h.declarer, "contract": h.contract, "tricks": h.tricks,
                "penalty_kind": h.penalty_kind, "penalty_side": h.penalty_side, "penalty_seat": h.penalty_seat,
                "note": h.note,
            }
            hands.append(Hand(
                table=table, number=h.number, dealer=h.dealer or dealer_for(h.number), ns_points=ns_points,
                ew_points=ew_points, made=made, entered_by=IMPORT_LABEL, **values,
            ))
            changes.append(HandChange(
                event=event, table=table, hand_number=h.number, action=HandChange.Action.IMPORT, by=IMPORT_LABEL,
                new={**values, "ns_points": ns_points, "ew_points": ew_points, "version": 1},
            ))
    Hand.objects.bulk_create(hands, batch_size=BATCH)
    HandChange.objects.bulk_create(changes, batch_size=BATCH)
    event.bump_version()
    event.refresh_from_db(fields=["version"])
    return event


def event_export(event: Event) -> dict:
    """The event as a 500-event/1 object in canonical form (see scoring.engine.eventfile.to_dict)."""
    partnerships = list(event.partnerships.select_related("player_one", "player_two").order_by("number"))
    number_of = {p.pk: p.number for p in partnerships}
    hands_by_table: dict[int, list[eventfile.HandSpec]] = {}
    for h in Hand.objects.filter(table__round__event=event).order_by("table_id", "number").values(
        "table_id", "number", "contract", "declarer", "tricks", "penalty_kind", "penalty_side", "penalty_seat",
        "note", "dealer",
    ):
        hands_by_table.setdefault(h.pop("table_id"), []).append(eventfile.HandSpec(**h))
    tables_by_round: dict[int, list[eventfile.TableSpec]] = {}
    for t in Table.objects.filter(round__event=event).order_by("round_id", "number").values(
        "id", "round_id", "number", "ns_id", "ew_id", "entered_side", "confirmed_at", "disputed_at", "dispute_reason",
    ):
        tables_by_round.setdefault(t["round_id"], []).append(eventfile.TableSpec(
            number=t["number"], ns=number_of[t["ns_id"]], ew=number_of[t["ew_id"]],
            hands=hands_by_table.get(t["id"], []), confirmed=t["confirmed_at"] is not None,
            entered_side=t["entered_side"],
            # A dispute with no reason text still has to survive the trip.
            dispute=(t["dispute_reason"] or "disputed") if t["disputed_at"] else "",
        ))
    byes_by_round: dict[int, list[int]] = {}
    for s in SitOut.objects.filter(round__event=event).values("round_id", "partnership_id"):
        byes_by_round.setdefault(s["round_id"], []).append(number_of[s["partnership_id"]])
    main, by_tiebreak = [], {}
    for r in event.round_set.order_by("number").values("id", "number", "status", "tiebreak_id"):
        spec = eventfile.RoundSpec(
            number=r["number"], tables=tables_by_round.get(r["id"], []), byes=sorted(byes_by_round.get(r["id"], [])),
            status=r["status"],
        )
        if r["tiebreak_id"] is None:
            main.append(spec)
        else:
            by_tiebreak.setdefault(r["tiebreak_id"], []).append(spec)
    tiebreaks = [
        eventfile.TiebreakSpec(
            partnerships=sorted(p.number for p in tb.partnerships.all()), rounds=by_tiebreak.get(tb.pk, []),
        )
        for tb in event.tiebreaks.order_by("sequence").prefetch_related("partnerships")
    ]
    spec = eventfile.EventFile(
        event=eventfile.EventSpec(
            name=event.name, slug=event.slug, date=_as_date(event.date), venue=event.venue, rules=event.rules_preset,
            rule_overrides=dict(event.rule_overrides or {}), rounds=event.rounds,
            hands_per_round=event.hands_per_round, sit_out_policy=event.sit_out_policy,
            sit_out_points=event.sit_out_points, confirmation_required=event.confirmation_required,
            medal_scope=event.medal_scope, secondary_tiebreakers=list(event.secondary_tiebreakers or []),
            page_size=event.page_size,
        ),
        partnerships=[
            eventfile.PartnershipSpec(
                number=p.number, players=(p.player_one.name, p.player_two.name), division=p.division,
                checked_in=p.checked_in, withdrawn=p.withdrawn,
            )
            for p in partnerships
        ],
        rounds=main,
        tiebreaks=tiebreaks,
    )
    return eventfile.to_dict(spec)


def _as_date(value) -> datetime.date:
    # An Event built in memory with date="2026-05-14" keeps the string until it is reloaded.
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
