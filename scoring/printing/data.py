"""Reads for the printed documents: the ORM in, scoring.printing.documents' plain dataclasses out.

Each builder costs a fixed number of queries whatever the event's size (tables with their
partnerships and players through select_related, hands and corrections one query each; standings
and medals come from scoring.selectors.event_standings). Nothing here writes, and nothing here
draws: the rest of scoring.printing turns the dataclasses into bytes without touching the database.
The one module of the package that imports Django.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import F
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from scoring import site_address
from scoring.engine import rules as rules_engine
from scoring.engine.standings import decided_label
from scoring.engine.vocabulary import PENALTY_WORDS, SIDE_LABELS, clock_text, dealer_for, ordinal
from scoring.models import Hand, HandChange
from scoring.printing import KINDS, render
from scoring.printing.documents import (
    CardRound,
    CardsDoc,
    ContractValue,
    Correction,
    DocHeader,
    MedalGroup,
    MedalPlace,
    MedalsDoc,
    PartnershipCard,
    RoundCell,
    SheetHand,
    SheetsDoc,
    SheetSide,
    SheetTable,
    StandingRow,
    StandingsDoc,
)
from scoring.selectors import event_standings
from tournaments.models import Event, Partnership, Round, Seating, Table, format_token

# Main rounds (no tiebreak) before tiebreak sessions: databases disagree where NULLs sort.
MAIN_FIRST = F("round__tiebreak__sequence").asc(nulls_first=True)


def header_for(event: Event) -> DocHeader:
    return DocHeader(
        event_name=event.name,
        slug=event.slug,
        date_text=f"{event.date:%A, %B} {event.date.day}, {event.date.year}",
        venue=event.venue,
        page_size=event.page_size,
    )


def contract_values(rules: rules_engine.RuleSet) -> tuple[ContractValue, ...]:
    return tuple(ContractValue(c.code, c.label, rules.value(c), c.tricks, c.suit) for c in rules.legal_contracts())


def entry_url(token: str, site_url: str | None = None) -> str:
    """The table's entry page as a phone in the hall reaches it (scoring.site_address decides the address)."""
    try:
        path = reverse("scoring:table-entry", args=[token])
    except NoReverseMatch:  # the entry views not installed: the same path they serve
        path = f"/t/{token}/"
    return (site_url or site_address.site_url()) + path


def _round_label(rnd: Round) -> str:
    if rnd.tiebreak_id:
        return f"Tiebreak {rnd.tiebreak.sequence} · Round {rnd.number}"
    return f"Round {rnd.number}"


def select_rounds(event: Event, *, round_number: int | None = None, tiebreak: int | None = None):
    """The rounds a document covers: one main round, one tiebreak session, or all of them.
    An unknown round raises ValidationError naming the field."""
    rounds = Round.objects.filter(event=event)
    if round_number is not None and tiebreak is None:
        if not rounds.filter(number=round_number, tiebreak__isnull=True).exists():
            numbers = sorted(rounds.filter(tiebreak__isnull=True).values_list("number", flat=True))
            have = f"rounds {numbers[0]} to {numbers[-1]}" if numbers else "no rounds yet"
            raise ValidationError({"round": f"round {round_number} does not exist (this event has {have})"})
        return rounds.filter(number=round_number, tiebreak__isnull=True)
    if tiebreak is not None:
        chosen = rounds.filter(tiebreak__sequence=tiebreak)
        if round_number is not None:
            chosen = chosen.filter(number=round_number)
        if not chosen.exists():
            raise ValidationError({"tiebreak": f"tiebreak session {tiebreak} has no such round"})
        return chosen
    return rounds


def _title(round_number: int | None, tiebreak: int | None) -> str:
    if tiebreak is not None:
        return f"Tiebreak {tiebreak}" + (f" round {round_number}" if round_number else "")
    return f"Round {round_number}" if round_number else "All rounds"


def _penalty_text(kind: str, side: str, seat: str, note: str) -> str:
    parts = []
    if kind:
        who = seat or SIDE_LABELS.get(side, "")
        word = PENALTY_WORDS.get(kind, kind)
        parts.append(f"{word} by {who}" if who and kind != "note" else word)
    if note:
        parts.append(note)
    return ": ".join(parts) if kind == "note" and note else "; ".join(parts)


def _describe(values: dict | None) -> str:
    if not values:
        return "nothing"
    side = SIDE_LABELS.get(values.get("declarer"), "?")
    text = f"{values.get('contract', '?')} by {side}, {values.get('tricks', '?')} tricks"
    penalty = _penalty_text(values.get("penalty_kind") or "", values.get("penalty_side") or "",
                            values.get("penalty_seat") or "", "")
    return f"{text}, {penalty.lower()}" if penalty else text


def _status(event: Event, table: Table, count: int) -> str:
    if table.disputed_at:
        return f"DISPUTED: {table.dispute_reason}"
    if count < event.hands_per_round:
        return f"Incomplete: {count} of {event.hands_per_round} hands entered"
    if table.confirmed_at:
        return f"Confirmed by {table.confirmed_by} at {clock_text(timezone.localtime(table.confirmed_at))}"
    if event.confirmation_required:
        return "Entered, not yet confirmed by the other partnership"
    return "Entered (this event does not ask for confirmation)"


def sheets_doc(event: Event, *, round_number: int | None = None, tiebreak: int | None = None,
               filled: bool = False, site_url: str | None = None) -> SheetsDoc:
    """Score sheets (blank, with QR codes) or result sheets (filled) for one round or all.
    Three queries for result sheets, one for blank sheets, plus one checking the round."""
    rounds = select_rounds(event, round_number=round_number, tiebreak=tiebreak)
    tables = list(
        Table.objects.filter(round__in=rounds)
        .select_related("round__tiebreak", "ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")
        .order_by(MAIN_FIRST, "round__number", "number")
    )
    hands: dict[int, dict[int, Hand]] = {}
    fixes: dict[int, list[HandChange]] = {}
    if filled:
        for hand in Hand.objects.filter(table__round__in=rounds).order_by():
            hands.setdefault(hand.table_id, {})[hand.number] = hand
        updates = HandChange.objects.filter(table__round__in=rounds, action=HandChange.Action.UPDATE)
        for change in updates.order_by("at", "pk"):
            fixes.setdefault(change.table_id, []).append(change)
    per_round = event.hands_per_round
    dealers = [(n, dealer_for(n)) for n in range(1, per_round + 1)]
    out = []
    for table in tables:
        ns = SheetSide("ns", table.ns.number, table.ns.player_one.name, table.ns.player_two.name)
        ew = SheetSide("ew", table.ew.number, table.ew.player_one.name, table.ew.player_two.name)
        if not filled:
            out.append(SheetTable(_round_label(table.round), table.number, ns, ew,
                                  tuple(SheetHand(n, d) for n, d in dealers),
                                  entry_url=entry_url(table.token, site_url), short_code=format_token(table.token)))
            continue
        entered = hands.get(table.pk, {})
        changes = fixes.get(table.pk, [])
        corrected = {c.hand_number for c in changes}
        rows = []
        for n, dealer in dealers:
            hand = entered.get(n)
            if hand is None:
                rows.append(SheetHand(n, dealer))
                continue
            rows.append(SheetHand(
                n, hand.dealer, hand.declarer, hand.contract, hand.tricks, hand.ns_points, hand.ew_points,
                _penalty_text(hand.penalty_kind, hand.penalty_side, hand.penalty_seat, hand.note),
                corrected=n in corrected,
            ))
        out.append(SheetTable(
            _round_label(table.round), table.number, ns, ew, tuple(rows),
            ns_total=sum(h.ns_points for h in entered.values()) if entered else None,
            ew_total=sum(h.ew_points for h in entered.values()) if entered else None,
            status=_status(event, table, len(entered)),
            corrections=tuple(
                Correction(c.hand_number or 0, clock_text(timezone.localtime(c.at)), c.by, _describe(c.old),
                               _describe(c.new), c.reason)
                for c in changes
            ),
        ))
    rules = event.rules
    return SheetsDoc(header_for(event), rules.label, contract_values(rules), per_round, tuple(out), filled,
                         _title(round_number, tiebreak))


def cards_doc(event: Event) -> CardsDoc:
    """One movement card per partnership still playing (two queries)."""
    partnerships = {
        p.pk: p for p in Partnership.objects.filter(event=event).select_related("player_one", "player_two")
    }
    seatings = (
        Seating.objects.filter(round__event=event)
        .select_related("round__tiebreak", "table")
        .order_by(MAIN_FIRST, "round__number")
    )
    rounds_of: dict[int, list[CardRound]] = {pk: [] for pk in partnerships}
    for s in seatings:
        rnd = s.round
        label = f"T{rnd.tiebreak.sequence}·{rnd.number}" if rnd.tiebreak_id else str(rnd.number)
        if s.table_id is None:
            rounds_of[s.partnership_id].append(CardRound(label, None))
            continue
        table = s.table
        mine_ns = table.ns_id == s.partnership_id
        opponent = partnerships[table.ew_id if mine_ns else table.ns_id]
        rounds_of[s.partnership_id].append(CardRound(
            label, table.number, SIDE_LABELS["ns" if mine_ns else "ew"], opponent_number=opponent.number,
            opponent_names=opponent.players_label,
        ))
    cards = tuple(
        PartnershipCard(p.number, p.players_label, p.division, tuple(rounds_of[p.pk]), pin=p.pin)
        for p in sorted(partnerships.values(), key=lambda p: p.number)
        if not p.withdrawn
    )
    return CardsDoc(header_for(event), cards, sit_out_note=_sit_out_note(event))


def _sit_out_note(event: Event) -> str:
    if event.sit_out_policy == Event.SitOutPolicy.FIXED:
        return f"A sit-out round scores {event.sit_out_points} points."
    if event.sit_out_policy == Event.SitOutPolicy.ZERO:
        return "A sit-out round scores zero points."
    return "A sit-out round scores the average of your own completed rounds."


def standings_doc(event: Event, standings=None) -> StandingsDoc:
    """Every partnership's line, from scoring.selectors.event_standings (a fixed number of queries)."""
    standings = standings or event_standings(event)
    rows = []
    for r in standings.rows:
        note = ""
        if r.withdrawn:
            note = "withdrawn"
        elif r.decided_by not in ("total", "shared"):
            note = f"placed by {decided_label(r.decided_by).lower()}"
        rows.append(StandingRow(
            rank=r.rank, tied=r.tied, number=r.number, names=r.players_label, division=r.division, total=r.total,
            rounds=tuple(RoundCell(c.points, c.sit_out, c.provisional) for c in r.rounds),
            hands=r.hands_played, provisional=r.provisional, tiebreak_total=r.tiebreak_total, note=note,
            withdrawn=r.withdrawn,
        ))
    notes = [
        f"Tied for {tie.places_label} on {tie.total}: "
        + ", ".join(f"{n} ({names})" for n, names in tie.members)
        + (f" ({ranking.name})" if ranking.division else "") + ". A tiebreak session decides it."
        for ranking, tie in standings.medal_ties
    ]
    return StandingsDoc(
        header=header_for(event),
        round_labels=tuple(f"R{n}" for n in standings.rounds),
        rows=tuple(rows),
        progress=standings.progress.label,
        sit_out_note=_sit_out_note(event),
        notes=tuple(notes),
    )


def medals_doc(event: Event, standings=None) -> MedalsDoc:
    """The medallists of each ranking that awards medals (overall and/or each division)."""
    standings = standings or event_standings(event)
    groups = []
    for ranking in standings.medal_rankings:
        places = []
        for row in ranking.medallists:
            tiebreak = ""
            if row.decided_by.startswith("tiebreak "):
                sequence = int(row.decided_by.split(" ", 1)[1])
                result = next((t for t in row.tiebreaks if t.sequence == sequence), None)
                points = f": {result.total} points" if result else ""
                tiebreak = f"{decided_label(row.decided_by)}{points}, which decided {ordinal(row.rank)} place"
            places.append(MedalPlace(row.rank, row.medal.title(), row.number, tuple(row.players), row.total,
                                     tiebreak))
        pending = []
        if not ranking.final:
            pending.append("Medals are awarded once every round is complete"
                           + (" and confirmed." if event.confirmation_required else "."))
        for tie in ranking.ties:
            who = ", ".join(f"{n} ({names})" for n, names in tie.members)
            pending.append(f"{tie.places_label} place tied on {tie.total}: {who}. A tiebreak session decides it.")
        title = "Overall" if ranking.division is None else f"Division {ranking.name}"
        groups.append(MedalGroup(title, tuple(places), " ".join(pending)))
    notes = (standings.progress.label + ".",) if not standings.progress.complete else ()
    return MedalsDoc(header_for(event), tuple(groups), notes)


def document(event: Event, kind: str, *, round_number: int | None = None,
             tiebreak: int | None = None, site_url: str | None = None) -> tuple[str, str, bytes]:
    """(file name, mimetype, bytes) of one of KINDS for an event; site_url is where QR codes point."""
    if kind not in KINDS:
        raise ValidationError({"kind": f"{kind!r} is not a document (one of {', '.join(KINDS)})"})
    if kind in ("sheets", "results"):
        doc = sheets_doc(event, round_number=round_number, tiebreak=tiebreak, filled=kind == "results",
                         site_url=site_url)
    elif kind == "cards":
        doc = cards_doc(event)
    elif kind in ("standings", "wall"):
        doc = standings_doc(event)
    else:
        doc = medals_doc(event)
    return render(kind, doc)
