"""Per-request figures, through the whole middleware stack in this process (bench.http, no network):
the standings page and JSON uncached, a live-standings poll answered 304, and saving one hand
through the entry view as a phone does.

Reads the bench event; the save figure takes hand 4 out of a few tables of the last round first
(untimed) and stores it again through the view, so the event ends as complete as it began.
"""

from __future__ import annotations

import contextlib
import json

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.core import Family, Figure, FigureSpec, Stopwatch, Unmeasurable, record, timed
from bench.http import PhoneClient, url_for
from scoring import adapters, totals
from scoring.models import Hand, HandChange
from tournaments.models import Round, Table


def measure_get(bench, figure: Figure, url: str, *, uncached: bool, expect: int = 200, runs: int | None = None,
                **headers) -> None:
    """Median of `runs` GETs of url (the cache emptied before each when uncached), and its query count."""
    phone = PhoneClient()
    before = cache.clear if uncached else None
    if before:
        before()
    phone.get(url, expect, **headers)  # warm-up: imports, templates, connection
    if before:
        before()
    with CaptureQueriesContext(connection) as queries:
        phone.get(url, expect, **headers)
    figure.queries = len(queries)
    record(figure, *timed(lambda: phone.get(url, expect, **headers), runs or bench.options["runs"], before))
    figure.extra["url"] = url


def standings_html(bench, figure: Figure) -> None:
    measure_get(bench, figure, url_for("scoring:standings", bench.event.slug), uncached=True)


def standings_json(bench, figure: Figure) -> None:
    url = url_for("scoring:standings-json", bench.event.slug)
    measure_get(bench, figure, url, uncached=True)
    listed = len(json.loads(PhoneClient().get(url).content).get("standings", []))
    if listed != bench.event.partnerships.count():
        raise Unmeasurable(f"{url} lists {listed} partnerships, not {bench.event.partnerships.count()}")


def poll_unchanged(bench, figure: Figure) -> None:
    url = url_for("scoring:standings-fragment", bench.event.slug)
    etag = PhoneClient().get(url).get("ETag")
    if not etag:
        raise Unmeasurable(f"{url} sends no ETag, so a poll cannot be answered with 304")
    measure_get(bench, figure, url, uncached=False, expect=304, runs=max(200, bench.options["runs"]),
                HTTP_IF_NONE_MATCH=etag)


def save_hand(bench, figure: Figure) -> None:
    """POST one hand at a table of the last round, as a phone does, at `runs` different tables.

    The event is complete, so hand 4 of those tables (and its history row) is taken out first,
    untimed; each timed POST stores it again through the entry view.
    """
    event, runs = bench.event, bench.options["runs"]
    last = event.round_set.filter(tiebreak__isnull=True).order_by("-number").first()
    tables = list(Table.objects.filter(round=last).select_related("round__event", "ns", "ew")
                  .order_by("-number")[:runs])
    hands = {h.table_id: h for h in Hand.objects.filter(table__in=tables, number=4)}
    if len(hands) < len(tables):
        raise Unmeasurable("the bench tables do not all have a hand 4 to enter again")
    Hand.objects.filter(pk__in=[h.pk for h in hands.values()]).delete()
    HandChange.objects.filter(table__in=tables, hand_number=4).delete()
    totals.refresh([t.pk for t in tables])  # the tables' stored totals follow their hands (scoring.totals)
    # A finished event's rounds are closed and its tables confirmed, so table links may not write
    # (docs/organizer-guide.md, "What a table link may do"); reopen the round and the tables while we enter.
    status = last.status
    confirmed = {t.pk: (t.confirmed_at, t.confirmed_by, t.entered_side) for t in tables}
    Round.objects.filter(pk=last.pk).update(status="open")
    Table.objects.filter(pk__in=confirmed).update(confirmed_at=None, confirmed_by="")
    try:
        _save_hands(figure, last, tables, hands)
    finally:
        Round.objects.filter(pk=last.pk).update(status=status)
        for pk, (at, by, side) in confirmed.items():
            Table.objects.filter(pk=pk).update(confirmed_at=at, confirmed_by=by, entered_side=side)
            # The hand stored again on N-S's phone waits for E-W (docs/trust.md); the table is confirmed
            # again, so the hand takes back who wrote and who accepted it, or the event would hold a
            # confirmed table with a hand nobody accepted (its event file is then refused).
            old = hands[pk]
            Hand.objects.filter(table_id=pk, number=old.number).update(**{name: getattr(old, name) for name in TRUST})


# Who wrote a hand and who accepted it (scoring.models.Hand, docs/trust.md).
TRUST = ("entered_by", "entered_by_user_id", "entered_side", "changed_side", "changed_at", "accepted_side",
         "accepted_by", "accepted_at")


def _save_hands(figure: Figure, last, tables, hands) -> None:
    wall, cpu = [], []
    for index, table in enumerate(tables):
        old = hands[table.pk]
        phone = PhoneClient()
        url = url_for("scoring:table-entry", table.token)
        phone.get(url)
        side, data = hand_post(old, last)
        # The phone proves its side with the PIN (docs/trust.md), untimed, as once per table at a round's start.
        phone.post(url_for("scoring:table-side", table.token), {"side": side, "code": side_code(table, side)})
        # The first save counts its queries; the others are timed without that bookkeeping.
        counting = CaptureQueriesContext(connection) if index == 0 else contextlib.nullcontext([])
        with counting as queries, Stopwatch() as watch:
            phone.post(url, data)
        wall.append(watch.wall)
        cpu.append(watch.cpu)
        if index == 0:
            figure.queries = len(queries)
        if not Hand.objects.filter(table=table, number=4).exists():
            raise Unmeasurable(f"POST {url} answered 302 but stored no hand")
    record(figure, wall, cpu)


def side_code(table: Table, side: str) -> str:
    """What a phone types on the side page to prove `side` at `table` (docs/trust.md): the partnership's
    PIN, or its number when the event's confirmation check is "number"; at a table of individuals the
    player in that seat (a table of three's "1"), or for a progressive table's side its N or E player."""
    if table.ns_id is not None:
        entrant = table.ns if side == "ns" else table.ew
    else:
        seat = {"ns": "N", "ew": "E"}.get(side, side)
        entrant = table.seats.select_related("entrant").get(seat=seat).entrant
    return str(entrant.number) if table.round.event.confirmation_check == "number" else entrant.pin


def hand_post(old: Hand, last: Round) -> tuple[str, dict]:
    """The side a phone takes and the hand it posts, as the entry page sends them: by side (N-S), or
    at a table stored by seat (three, two, five, six) by player (seat 1) with the values the layout's
    form is filled with (adapter.hand_initial: who bid, at five the called partner, the contract,
    every player's or team's tricks)."""
    if old.declarer_seat:
        initial = adapters.adapter_for(last.event).hand_initial(old)
        return "1", {"number": old.number, "round": last.pk,
                     **{name: value for name, value in initial.items() if name != "version" and value is not None}}
    return "ns", {"number": old.number, "round": last.pk, "declarer": old.declarer, "contract": old.contract,
                  "tricks": old.tricks, "penalty_kind": old.penalty_kind, "penalty_side": old.penalty_side,
                  "penalty_seat": old.penalty_seat, "note": old.note}


FAMILY = Family(
    name="pages",
    help="standings page and JSON, the live poll, saving a hand (in this process, as HTTPS requests)",
    figures=(
        FigureSpec("standings page HTML, uncached", "< 150 ms, <= 10 queries", standings_html),
        FigureSpec("standings JSON, uncached", "< 100 ms", standings_json),
        FigureSpec("live standings poll, nothing changed", "< 5 ms", poll_unchanged),
        FigureSpec("save one hand through the entry view", "< 50 ms", save_hand),
    ),
)
