"""Integrity checks for one event: recompute everything from the raw hands and compare.

Four checks, each returning a list of Difference (empty when all is well):
- hand points: every stored hand is scored again by the event's table layout under its rules
  (scoring.engine.layouts, Layout.score), and its stored ns_points / ew_points / seat_points /
  made must agree;
- history: every hand has a create or import row in HandChange, and the last change that wrote
  values ends with the hand's current values (nothing was changed behind the history's back);
- table totals: each table's stored hand count and side points (Table.n_hands, ns_points,
  ew_points, which the standings read), and at a table of three each seat's points
  (Table.seat_totals), equal its hands counted and summed again;
- standings: the partnership totals are recomputed here from the raw hands and seatings, with
  the event's sit-out policy, and compared with scoring.selectors.event_standings(event), the
  code the pages, JSON and PDFs read. The withdrawal rule is checked the same way: a withdrawn
  partnership's row has no rank and no medal and comes after every finisher, and within the
  finishers and within the withdrawn the recomputed totals never go up down the list.

Reads only; writes nothing. The recomputation (`totals_from_scratch`) is pure and deliberately
does not reuse scoring.engine.standings, so a mistake there shows up here as a difference.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from scoring import selectors, totals
from scoring.adapters import adapter_for, layout_adapter
from scoring.engine import layouts
from scoring.engine.rules import RulesError
from scoring.engine.vocabulary import HAND_FIELDS
from scoring.models import Hand, HandChange
from tournaments.models import Partnership, SitOut, Table, TableSeat

VALUE_ACTIONS = (HandChange.Action.CREATE, HandChange.Action.IMPORT, HandChange.Action.UPDATE)
ORIGIN_ACTIONS = (HandChange.Action.CREATE, HandChange.Action.IMPORT)


@dataclass(frozen=True)
class Difference:
    place: str  # "round 3, table 12, hand 2" or "partnership 7"
    field: str
    stored: object
    recomputed: object
    source: str = "recomputed"  # where the second value comes from: "recomputed" or "history"

    def __str__(self) -> str:
        return f"{self.place}: {self.field}: stored {self.stored!r}, {self.source} {self.recomputed!r}"


def _hand_place(hand: Hand) -> str:
    rnd = hand.table.round
    prefix = f"tiebreak {rnd.tiebreak.sequence}, " if rnd.tiebreak_id else ""
    return f"{prefix}round {rnd.number}, table {hand.table.number}, hand {hand.number}"


def _event_hands(event):
    return list(
        Hand.objects.filter(table__round__event=event)
        .select_related("table__round__tiebreak")
        .order_by("table__round__tiebreak__sequence", "table__round__number", "table__number", "number")
    )


def hand_points_check(event, hands=None) -> list[Difference]:
    """Every stored hand scored again by the event's layout (scoring.engine.layouts: the one
    dispatch for a hand nobody bid, a partnership hand and a hand where each plays for himself);
    its stored points, seat points and made must agree."""
    rules = event.rules
    found = []
    for hand in hands if hands is not None else _event_hands(event):
        layout = layouts.layout(hand.table.layout or event.layout)  # the table's own, in an event of mixed sizes
        try:
            result = layout.score(rules, layout.entry(
                contract=hand.contract, declarer=hand.declarer, tricks=hand.tricks, ns_tricks=hand.ns_tricks,
                declarer_seat=hand.declarer_seat, seat_tricks=hand.seat_tricks, penalty_kind=hand.penalty_kind,
                penalty_side=hand.penalty_side, partner_seat=hand.partner_seat))
        except RulesError as exc:
            found.append(Difference(_hand_place(hand), "hand", "stored", f"not valid under the rules: {[str(exc)]}"))
            continue
        for name, value in layout.columns(result).items():
            if getattr(hand, name) != value:
                found.append(Difference(_hand_place(hand), name, getattr(hand, name), value))
    return found


def table_totals_check(event, hands=None) -> list[Difference]:
    """Each table's stored totals (scoring.totals) against its hands counted and summed here."""
    counted: dict[int, list[int]] = {}
    by_seat: dict[int, dict[str, int]] = {}  # each for himself: each seat's own points
    for hand in hands if hands is not None else _event_hands(event):
        sums = counted.setdefault(hand.table_id, [0, 0, 0])
        sums[0] += 1
        sums[1] += hand.ns_points
        sums[2] += hand.ew_points
        if hand.seat_points is not None:
            layout = layouts.layout(hand.table.layout or event.layout)
            seat_sums = by_seat.setdefault(hand.table_id, dict.fromkeys(layout.seats, 0))
            for label in layout.seats:
                seat_sums[label] += hand.seat_points.get(label, 0)
    found = []
    tables = (Table.objects.filter(round__event=event).select_related("round__tiebreak")
              .order_by("round__tiebreak__sequence", "round__number", "number"))
    for table in tables:
        rnd = table.round
        prefix = f"tiebreak {rnd.tiebreak.sequence}, " if rnd.tiebreak_id else ""
        place = f"{prefix}round {rnd.number}, table {table.number}"
        for name, value in zip(totals.FIELDS, counted.get(table.pk, (0, 0, 0))):
            if getattr(table, name) != value:
                found.append(Difference(place, name, getattr(table, name), value))
        stored, want = table.seat_totals, by_seat.get(table.pk, {})
        if not isinstance(stored, dict):
            found.append(Difference(place, "seat_totals", stored, want))
            continue
        for label in sorted(set(stored) | set(want)):
            if stored.get(label) != want.get(label):
                found.append(Difference(place, f"seat_totals[{label}]", stored.get(label), want.get(label)))
    return found


def history_check(event, hands=None) -> list[Difference]:
    """Every hand was created (or imported) on the record, and its latest recorded values are its
    current values."""
    origins = set()
    latest = {}
    changes = HandChange.objects.filter(event=event, action__in=VALUE_ACTIONS).order_by("at", "pk")
    for table_id, number, action, new in changes.values_list("table_id", "hand_number", "action", "new"):
        if action in ORIGIN_ACTIONS:
            origins.add((table_id, number))
        latest[(table_id, number)] = new
    found = []
    for hand in hands if hands is not None else _event_hands(event):
        key = (hand.table_id, hand.number)
        if key not in origins:
            found.append(Difference(_hand_place(hand), "history", "no create or import row", "one", "expected"))
        new = latest.get(key)
        if not isinstance(new, dict):
            continue
        for name in (*HAND_FIELDS, "ns_points", "ew_points"):
            if name in new and new[name] != getattr(hand, name):
                found.append(Difference(_hand_place(hand), name, getattr(hand, name), new[name], "history"))
    return found


def round_half_away(value: Decimal) -> int:
    """Round half away from zero: the sit-out average rule (2.5 -> 3, -2.5 -> -3)."""
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def totals_from_scratch(*, partnerships: list[int], tables: list[dict], byes: list[tuple[int, int]],
                        policy: str, fixed_points: int = 0, hands_per_round: int = 4,
                        withdrawn: frozenset[int] | set[int] = frozenset()) -> dict[int, dict]:
    """Pure: partnership number -> {"total", "rounds": {round: points}, "sit_outs": [round],
    "withdrawn": bool}. `withdrawn` holds the numbers of withdrawn partnerships: their results
    count like anyone's (their opponents' points stand), only their place in the list differs.

    `tables` holds the main rounds' tables as {"round", "ns", "ew", "hands": [(ns_points,
    ew_points)]}; a table with no hand yet has no points. A table of individuals gives "seats":
    [(player number, [his points in each hand])] in place of ns and ew (its "hands" still counts
    them). `byes` is [(round, partnership)].
    A sit-out scores, as the event's policy says, the average of the partnership's own complete
    rounds (all hands in; rounded half away from zero), zero, or the fixed number; a sit-out in a
    round nobody has started yet scores nothing yet.
    """
    played = {number: {} for number in partnerships}
    complete = {number: [] for number in partnerships}
    reached = 0
    for table in tables:
        if not table["hands"]:
            continue
        reached = max(reached, table["round"])
        if "seats" in table:
            # A table of individuals: each player's own points, hand by hand.
            sides = tuple((number, sum(points)) for number, points in table["seats"])
        else:
            sides = ((table["ns"], sum(ns for ns, _ in table["hands"])),
                     (table["ew"], sum(ew for _, ew in table["hands"])))
        for number, points in sides:
            played[number][table["round"]] = points
            if len(table["hands"]) >= hands_per_round:
                complete[number].append(points)
    sat_out = defaultdict(list)
    for round_number, number in byes:
        sat_out[number].append(round_number)
    result = {}
    for number in partnerships:
        rounds = dict(played[number])
        for round_number in sat_out[number]:
            if round_number > reached:
                continue
            if policy == "zero":
                credit = 0
            elif policy == "fixed":
                credit = fixed_points
            elif complete[number]:
                credit = round_half_away(Decimal(sum(complete[number])) / len(complete[number]))
            else:
                credit = 0
            rounds[round_number] = credit
        result[number] = {"total": sum(rounds.values()), "rounds": rounds, "sit_outs": sorted(sat_out[number]),
                          "withdrawn": number in withdrawn}
    return result


def event_totals(event, hands=None) -> dict[int, dict]:
    """Feed totals_from_scratch from the database: the main rounds only (tiebreaks never change a
    main total)."""
    hands = hands if hands is not None else _event_hands(event)
    by_table = defaultdict(list)
    for hand in hands:
        by_table[hand.table_id].append((hand.ns_points, hand.ew_points))
    tables = MAIN_TABLES[event.layout_spec.entrants](event, hands, by_table)
    byes = list(
        SitOut.objects.filter(round__event=event, round__tiebreak__isnull=True)
        .values_list("round__number", "partnership__number")
    )
    flags = dict(Partnership.objects.filter(event=event).values_list("number", "withdrawn"))
    return totals_from_scratch(partnerships=list(flags), tables=tables, byes=byes, policy=event.sit_out_policy,
                               fixed_points=event.sit_out_points, hands_per_round=event.hands_per_round,
                               withdrawn={number for number, gone in flags.items() if gone})


def _partnership_tables(event, hands, by_table) -> list[dict]:
    """The main rounds' tables of an event of partnerships for totals_from_scratch: N-S and E-W's
    points hand by hand."""
    return [
        {"round": rnd, "ns": ns, "ew": ew, "hands": by_table.get(pk, [])}
        for pk, rnd, ns, ew in Table.objects.filter(round__event=event, round__tiebreak__isnull=True)
        .values_list("pk", "round__number", "ns__number", "ew__number")
    ]


def _individual_tables(event, hands, _by_table=None) -> list[dict]:
    """The main rounds' tables of an event of individuals for totals_from_scratch: each seated
    player's points hand by hand, his side's (progressive) or his own (three-handed), as the
    hand stored them (the layout's adapter reads each side's points from the stored columns)."""
    event_adapter = adapter_for(event)

    def points(hand, seat: str) -> int:
        adapter = layout_adapter(hand.table.layout, event_adapter)  # the table's own, in an event of mixed sizes
        return adapter.side_points(hand.ns_points, hand.ew_points, hand.seat_points)[adapter.layout.side_of[seat]]

    by_table = defaultdict(list)
    for hand in hands:
        by_table[hand.table_id].append(hand)
    seats = defaultdict(list)
    for table_id, seat, number in TableSeat.objects.filter(
            table__round__event=event, table__round__tiebreak__isnull=True).values_list(
            "table_id", "seat", "entrant__number"):
        seats[table_id].append((seat, number))
    tables = []
    for pk, rnd in Table.objects.filter(round__event=event, round__tiebreak__isnull=True).values_list(
            "pk", "round__number"):
        played = by_table.get(pk, [])
        tables.append({"round": rnd, "hands": [(h.ns_points, h.ew_points) for h in played], "seats": [
            (number, [points(h, seat) for h in played])
            for seat, number in seats[pk]]})
    return tables


def _field(row, name):
    return row.get(name) if isinstance(row, dict) else getattr(row, name, None)


def _row_number(row) -> int | None:
    value = _field(row, "partnership")
    if isinstance(value, dict):
        value = value.get("number")
    elif value is not None and not isinstance(value, int):
        value = getattr(value, "number", value)
    return value


def _row_rounds(row) -> dict[int, int] | None:
    """A standings row's rounds as {round: points}, from whichever shape the selector uses."""
    rounds = _field(row, "rounds")
    if rounds is None:
        return None
    result = {}
    for index, item in enumerate(rounds, start=1):
        if item is None:
            continue
        if isinstance(item, int):
            result[index] = item
            continue
        number = _field(item, "round") or _field(item, "number") or index
        points = _field(item, "points")
        if points is not None:
            result[number] = points
    return result


GAMES_FIELDS = ("rank", "tied", "total", "games_won", "games_lost", "games_drawn", "matches_won", "difference",
                "withdrawn", "medal")


def games_standings_check(event, hands=None) -> list[Difference]:
    """An event played as games: the standings served (with this process's memos of earlier
    builds) equal standings built from nothing, every partnership's games and points alike.
    The games themselves are the engine's (scoring.engine.games.replay, hand-worked in its tests)."""
    served = selectors.event_standings(event)
    selectors.forget_memos(event.pk)
    fresh = {_row_number(row): row for row in selectors.event_standings(event).rows}
    found = []
    for row in served.rows:
        number = _row_number(row)
        place = f"partnership {number}"
        want = fresh.pop(number, None)
        if want is None:
            found.append(Difference(place, "partnership", "in the standings", "not in the event"))
            continue
        for name in GAMES_FIELDS:
            if _field(row, name) != _field(want, name):
                found.append(Difference(place, name, _field(row, name), _field(want, name)))
    for number in sorted(fresh):
        found.append(Difference(f"partnership {number}", "partnership", "missing from the standings", "present"))
    return found


def standings_check(event, hands=None) -> list[Difference]:
    """The served standings against a build from nothing, by the event's format (STANDINGS_CHECKS)."""
    return STANDINGS_CHECKS[event.format](event, hands)


def session_standings_check(event, hands=None) -> list[Difference]:
    expected = event_totals(event, hands)
    standings = selectors.event_standings(event)
    rows = _field(standings, "rows") if not isinstance(standings, (list, tuple)) else standings
    if rows is None and isinstance(standings, dict):
        rows = standings.get("standings")
    found = []
    seen = set()
    previous = None  # (number, withdrawn, recomputed total) of the row above
    for row in rows or []:
        number = _row_number(row)
        seen.add(number)
        place = f"partnership {number}"
        if number not in expected:
            found.append(Difference(place, "partnership", "in the standings", "not in the event"))
            continue
        want = expected[number]
        found += _withdrawal_differences(place, row, want["withdrawn"])
        here = (number, want["withdrawn"], want["total"])
        if previous is not None and (previous[1], -previous[2]) > (here[1], -here[2]):
            # Finishers first, then the withdrawn; each group by total, highest first.
            found.append(Difference(place, "order", f"after {previous[0]}", f"before {previous[0]}"))
        previous = here
        total = _field(row, "total")
        if total != want["total"]:
            found.append(Difference(place, "total", total, want["total"]))
        rounds = _row_rounds(row)
        if rounds is not None:
            for round_number in sorted(set(rounds) | set(want["rounds"])):
                if rounds.get(round_number) != want["rounds"].get(round_number):
                    found.append(Difference(place, f"round {round_number}", rounds.get(round_number),
                                            want["rounds"].get(round_number)))
    for number in sorted(set(expected) - seen):
        found.append(Difference(f"partnership {number}", "partnership", "missing from the standings", "present"))
    return found


def _withdrawal_differences(place: str, row, withdrawn: bool) -> list[Difference]:
    """A withdrawn partnership's row says so and has no rank, tie or medal; a finisher's has a rank."""
    found = []
    shown = bool(_field(row, "withdrawn"))
    if shown != withdrawn:
        found.append(Difference(place, "withdrawn", shown, withdrawn))
    rank = _field(row, "rank")
    if withdrawn:
        for name in ("rank", "medal", "division_rank", "division_medal"):
            if _field(row, name) is not None:
                found.append(Difference(place, name, _field(row, name), None))
        if _field(row, "tied"):
            found.append(Difference(place, "tied", True, False))
    elif rank is None:
        found.append(Difference(place, "rank", None, "a place"))
    return found


def event_check(event) -> list[Difference]:
    """All four checks; an empty list means the stored event agrees with a recomputation."""
    hands = _event_hands(event)
    return [*hand_points_check(event, hands), *history_check(event, hands), *table_totals_check(event, hands),
            *standings_check(event, hands)]


# The main rounds' tables for totals_from_scratch, by the layout's entrants; the standings check
# by the event's format (a lookup per kind, never an `if`).
MAIN_TABLES = {"partnerships": _partnership_tables, "individuals": _individual_tables}
STANDINGS_CHECKS = {"session": session_standings_check, "games": games_standings_check}
