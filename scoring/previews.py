"""The score-entry pages' previews: the points a hand would score before it is saved.

Two ways, one scoring. The live preview looks points up in a table written once per rule set from
the server's own scoring (preview_table, preview_three_table; sent as preview_script), so the
page's JavaScript can never disagree with what the server stores. The no-JavaScript preview of a
checked form scores the hand through its layout (preview_result: scoring.engine.layouts.Layout.score,
the one hand-scoring dispatch) and says it the layout's way (preview_sides, preview_seats; the
table's adapter, scoring.adapters, chooses). Nothing here writes.
"""

from __future__ import annotations

from functools import lru_cache

from django.core.exceptions import ValidationError
from django.utils.html import json_script

from scoring.engine import games as games_engine
from scoring.engine import layouts
from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import NOBID, signed
from scoring.services import score_for_table
from tournaments import language

# Revoke states the preview table covers: no revoke, by the bidding side, by the defenders.
REVOKE_STATES = ("none", "declarer", "defenders")


@lru_cache(maxsize=64)  # RuleSet is frozen and hashable; 825 scorings per rule set are worth keeping
def preview_table(rules: rules_engine.RuleSet) -> dict:
    """{"points": {code: {revoke state: [[bidders, defenders] for tricks 0..10]}}}, from the server's
    own scoring, for the page's live preview."""
    points = {}
    for contract in rules.legal_contracts():
        by_state = {}
        for state in REVOKE_STATES:
            # Score as if N-S bid; a revoke "by the defenders" is then a revoke by E-W.
            side = {"none": "", "declarer": "ns", "defenders": "ew"}[state]
            by_state[state] = [
                list(score_for_table(rules, declarer="ns", contract=contract.code, tricks=tricks,
                                     penalty_kind="revoke" if side else "", penalty_side=side)[:2])
                for tricks in range(rules_engine.TRICKS_PER_HAND + 1)
            ]
        points[contract.code] = by_state
    table = {"points": points}
    if rules.no_bid == "play_no_trump":
        # A hand nobody bid, by the tricks N-S took: [N-S points, E-W points] (the engine's own scoring).
        table["nobid"] = [list(games_engine.hand_points(rules, contract=NOBID, ns_tricks=n)[:2])
                          for n in range(rules_engine.TRICKS_PER_HAND + 1)]
    return table


def seat_totals_without(sheet, number: int) -> dict[str, int]:
    """A table of three: each seat's total leaving out hand `number` (the base a preview adds to); in a
    games event, each player's score in the game before that hand (0 at a game's start)."""
    totals = {seat.seat: 0 for seat in sheet.seats}
    if sheet.games is not None:
        before = None
        for row in sheet.rows:
            if row.hand.number >= number:
                break
            before = row
        if before is not None and not before.game_over and before.seat_cells:
            return {seat.seat: cell[2] for seat, cell in zip(sheet.seats, before.seat_cells)}
        return totals
    for row in sheet.rows:
        if row.hand.number != number:
            for seat, points in (row.hand.seat_points or {}).items():
                totals[seat] = totals.get(seat, 0) + points
    return totals


@lru_cache(maxsize=16)
def preview_three_table(rules: rules_engine.RuleSet) -> dict:
    """{"points": {code: [[[bidder, first defender, second defender] for the first defender's tricks
    0..10-t] for the bidder's tricks t 0..10]}}: the three-handed layout's scoring (Layout.score: under
    the three-handed rules, or a table of three's in an event of mixed sizes under its four-handed
    rules), for the live preview."""
    three = layouts.layout("three-handed")
    points = {}
    for contract in rules.legal_contracts():
        by_tricks = []
        for bidder in range(rules_engine.TRICKS_PER_HAND + 1):
            row = []
            for first in range(rules_engine.TRICKS_PER_HAND - bidder + 1):
                second = rules_engine.TRICKS_PER_HAND - bidder - first
                scored = three.score(rules, three.entry(contract=contract.code, declarer_seat="1",
                                                        seat_tricks={"1": bidder, "2": first, "3": second})).seats
                row.append([scored["1"], scored["2"], scored["3"]])
            by_tricks.append(row)
        points[contract.code] = by_tricks
    return {"points": points}


@lru_cache(maxsize=32)
def preview_seated_table(layout_name: str, rules: rules_engine.RuleSet) -> dict:
    """A table of two, five or six (Layout.stores_seats, not three): {"points": {code: [[made, the
    bidding side's points, [a defending side's points for its own tricks d 0..10-t, or None where
    no hand has it]] for the bidding side's tricks t 0..10]}}, the layout's own scoring
    (Layout.score) for the live preview. The bidding side's points are the bidder's and, at five, his
    called partner's (or his alone: the same points); each defending side scores by its own tricks,
    whatever the others took (tests/play/test_seated_preview.py checks it against Layout.score)."""
    layout = layouts.layout(layout_name)
    bidder = layout.seats[0]
    bidding = layout.side_of[bidder]
    others = [side for side in layout.sides if side != bidding]
    partner = layout.seats[1] if layout.calls_partner else ""
    defenders = [side for side in others if side != partner]
    total = rules_engine.TRICKS_PER_HAND
    points = {}
    for contract in rules.legal_contracts():
        rows = []
        for t in range(total + 1):
            made, side_points, by_own = None, None, []
            for d in range(total - t + 1):
                tricks = dict.fromkeys(layout.sides, 0)
                tricks[bidding] = t
                tricks[defenders[0]] = d
                rest = total - t - d
                if rest and len(defenders) < 2:
                    by_own.append(None)  # one defending side: it took all the tricks the bidders did not
                    continue
                if rest:
                    tricks[defenders[1]] = rest
                try:
                    result = layout.score(rules, layout.entry(contract=contract.code, declarer_seat=bidder,
                                                              seat_tricks=tricks, partner_seat=partner))
                except rules_engine.RulesError:
                    by_own.append(None)
                    continue
                made, side_points = result.made, result.sides[bidding]
                by_own.append(result.sides[defenders[0]])
            rows.append([made, side_points, by_own])
        points[contract.code] = rows
    return {"points": points}


@lru_cache(maxsize=32)
def seated_preview_script(layout_name: str, rules: rules_engine.RuleSet) -> str:
    """The same as preview_script for a table of two, five or six (preview_seated_table)."""
    return json_script(preview_seated_table(layout_name, rules), "seats-score-table")


def preview_result(layout: layouts.Layout, rules: rules_engine.RuleSet, values: dict) -> layouts.HandResult:
    """What a checked hand would score (the no-JavaScript preview): the layout's own scoring, the
    same as a save's. `values`: the entry form's hand_values(). A ValidationError names the field."""
    try:
        return layout.score(rules, layout.entry(**{key: values[key] for key in _ENTRY_KEYS if key in values}))
    except rules_engine.RulesError as exc:
        field, _, words = str(exc).partition(": ")
        raise ValidationError({field if words else "__all__": words or str(exc)}) from None


_ENTRY_KEYS = ("contract", "declarer", "tricks", "ns_tricks", "declarer_seat", "seat_tricks", "penalty_kind",
               "penalty_side")


def preview_sides(result: layouts.HandResult, base: tuple[int, int]) -> dict:
    """Two sides' points for the hand and the totals after it (`base`: the totals without it)."""
    ns, ew = result.sides.values()
    return {"ns": ns, "ew": ew, "made": result.made, "ns_text": signed(ns), "ew_text": signed(ew),
            "ns_total": base[0] + ns, "ew_total": base[1] + ew}


def preview_seats(result: layouts.HandResult, sheet, values: dict, number: int) -> dict:
    """Each player for himself: his points for the hand and his total after it."""
    base = seat_totals_without(sheet, number)
    tricks = values.get("seat_tricks") or {}
    return {"made": result.made, "seats": [{"seat": s.seat, "name": s.name, "bidder": s.seat == result.declarer,
                                            "tricks": tricks.get(s.seat), "points": signed(result.seats[s.seat]),
                                            "total": base.get(s.seat, 0) + result.seats[s.seat]}
                                           for s in sheet.seats]}


@lru_cache(maxsize=64)
def preview_script(rules: rules_engine.RuleSet) -> str:
    """The entry page's scoring table for the live preview as its <script type="application/json">
    element, written once per rule set (every page a phone loads after a save carries it)."""
    return json_script(preview_table(rules), "score-table")


@lru_cache(maxsize=16)
def three_preview_script(rules: rules_engine.RuleSet) -> str:
    """The same for a table where each plays for himself (preview_three_table)."""
    return json_script(preview_three_table(rules), "three-score-table")


def grid_typing(rules: rules_engine.RuleSet, event_language: str) -> dict:
    """How the organizer's grid reads a typed contract in the event's language, for its live echo:
    "script", a <script type="application/json"> of {"typed": {"7C": "7H", "7♥": "7H", ...} (every
    way this language types each legal contract, upper case: its letters and the symbols),
    "words": {"7H": "7 Corazones", ...}} (the contract in words, in the reader's language); and
    "contracts", (as typed, "7 Corazones · 200") for the grid's suggestion list; "letters" and
    "examples" ("7c, 10st, 6p") for its help line. The server reads a
    typed contract the same way (rules.parse_typed_contract), so the echo is what is saved."""
    typed, words, contracts = {}, {}, []
    ways = rules_engine.typed_suits(event_language)
    for contract in rules.legal_contracts():
        words[contract.code] = language.contract_label(contract)
        if contract.is_special:
            typed[contract.code] = contract.code
        else:
            typed.update({f"{contract.tricks}{way}": contract.code for way, suit in ways.items()
                          if suit == contract.suit})
        contracts.append((rules_engine.typed_code(contract, event_language),
                          f"{words[contract.code]} · {rules.value(contract)}"))
    letters = rules_engine.suit_letters(event_language)
    return {"script": json_script({"typed": typed, "words": words}, "grid-typing"), "contracts": contracts,
            "letters": ", ".join(letters[suit] for suit in rules_engine.SUITS),
            "examples": f"7{letters['H']}, 10{letters['NT']}, 6{letters['S']}".lower()}
