"""Reads for the score-entry pages: a table's seats, hands, running totals and the preview table.

Nothing here writes. The preview table is computed by scoring.services.score_for_table (and so by
scoring.engine.rules.score_hand) for every legal contract, trick count and revoke, so the page's
JavaScript only looks points up and can never disagree with what the server stores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.translation import gettext, pgettext, pgettext_lazy

from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import HAND_CHANGE_LABELS, PENALTY_LABELS, SIDE_LABELS, dealer_for, signed
from scoring.models import Hand, HandChange
from scoring.services import score_for_table
from tournaments import language

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}
RED_SUITS = frozenset({"H", "D"})
# Revoke states the preview table covers: no revoke, by the bidding side, by the defenders.
REVOKE_STATES = ("none", "declarer", "defenders")
# A seat's letter as the players say it: W is O (Oeste, Ouest) in Spanish and French.
SEAT_LETTERS = {"N": pgettext_lazy("seat letter", "N"), "E": pgettext_lazy("seat letter", "E"),
                "S": pgettext_lazy("seat letter", "S"), "W": pgettext_lazy("seat letter", "W")}


def seat_letter(letter: str) -> str:
    """N, E, S, W in the reader's language (N, E, S, O)."""
    return str(SEAT_LETTERS[letter]) if letter in SEAT_LETTERS else letter


def round_name(rnd) -> str:
    """"Round 3", "Tiebreak 1, round 2" in the reader's language."""
    if rnd.tiebreak_id:
        return gettext("Tiebreak %(sequence)s, round %(number)s") % {"sequence": rnd.tiebreak.sequence,
                                                                      "number": rnd.number}
    return gettext("Round %(number)s") % {"number": rnd.number}


def contract_short(code: str) -> str:
    """`7H` -> `7♥`; specials keep their code."""
    contract = rules_engine.parse_contract(code)
    if contract.is_special:
        return contract.code
    return f"{contract.tricks}{SUIT_SYMBOLS[contract.suit]}"


def contract_choices(rules: rules_engine.RuleSet) -> list[tuple[str, str]]:
    """(code, "7♥ Hearts · 200") for every contract the event's rules allow, lowest bid first;
    the suit's name in the reader's language ("7♥ corazones · 200")."""
    choices = []
    for contract in rules.legal_contracts():
        if contract.is_special:
            label = f"{language.contract_label(contract)} · {rules.value(contract)}"
        else:
            suit = language.label(rules_engine.SUIT_NAMES[contract.suit])
            label = f"{contract_short(contract.code)} {suit} · {rules.value(contract)}"
        choices.append((contract.code, label))
    return choices


@dataclass(frozen=True)
class ContractButton:
    code: str
    short: str
    value: int
    red: bool
    label: str


def contract_grid(rules: rules_engine.RuleSet) -> tuple[list[list[ContractButton]], list[ContractButton]]:
    """The legal contracts as rows of five (one row per trick level) plus the specials."""
    rows: dict[int, list[ContractButton]] = {}
    specials = []
    for (code, label), contract in zip(contract_choices(rules), rules.legal_contracts()):
        button = ContractButton(code, contract_short(code), rules.value(contract), contract.suit in RED_SUITS, label)
        if contract.is_special:
            specials.append(button)
        else:
            rows.setdefault(contract.tricks, []).append(button)
    ordered = [sorted(row, key=lambda b: rules_engine.SUITS.index(rules_engine.parse_contract(b.code).suit))
               for _, row in sorted(rows.items())]
    return ordered, specials


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
    return {"points": points}


@dataclass
class Seat:
    seat: str
    name: str
    side: str

    @property
    def letter(self) -> str:
        return seat_letter(self.seat)


@dataclass
class HandRow:
    hand: Hand
    dealer_name: str
    contract_text: str
    red: bool
    ns_total: int
    ew_total: int
    locked: bool
    penalty_text: str
    url: str = ""

    @property
    def dealer_letter(self) -> str:
        return seat_letter(self.hand.dealer)

    @property
    def ns_text(self) -> str:
        return signed(self.hand.ns_points)

    @property
    def ew_text(self) -> str:
        return signed(self.hand.ew_points)


@dataclass
class TableSheet:
    """Everything the entry page shows about one table."""

    table: object
    event: object
    round: object
    seats: list[Seat]
    rows: list[HandRow] = field(default_factory=list)
    ns_total: int = 0
    ew_total: int = 0
    next_number: int | None = None
    hands_per_round: int = 4

    @property
    def round_name(self) -> str:
        return round_name(self.round)

    @property
    def complete(self) -> bool:
        return self.next_number is None

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def status(self) -> str:
        return self.table.status_for(len(self.rows), self.hands_per_round)

    @property
    def next_dealer(self) -> Seat | None:
        if self.next_number is None:
            return None
        return self.seat(dealer_for(self.next_number))

    def seat(self, letter: str) -> Seat:
        return next(s for s in self.seats if s.seat == letter)

    def partnership(self, side: str):
        return self.table.ns if side == "ns" else self.table.ew

    def totals_without(self, number: int) -> tuple[int, int]:
        """Round totals leaving out one hand: the base a correction's preview adds to."""
        others = [r.hand for r in self.rows if r.hand.number != number]
        return sum(h.ns_points for h in others), sum(h.ew_points for h in others)


def seats_for(table) -> list[Seat]:
    """player_one of each partnership sits N or E, player_two opposite."""
    return [
        Seat("N", table.ns.player_one.name, "ns"),
        Seat("E", table.ew.player_one.name, "ew"),
        Seat("S", table.ns.player_two.name, "ns"),
        Seat("W", table.ew.player_two.name, "ew"),
    ]


def penalty_label(kind: str) -> str:
    """"Established revoke", "Bid out of turn" in the reader's language."""
    return language.label(PENALTY_LABELS[kind]) if kind in PENALTY_LABELS else kind


def side_label(side: str) -> str:
    return language.label(SIDE_LABELS[side]) if side in SIDE_LABELS else side


def penalty_text(hand: Hand) -> str:
    if not hand.penalty_kind:
        return hand.note
    label = penalty_label(hand.penalty_kind)
    if hand.penalty_seat:
        label = pgettext("penalty by a seat", "%(penalty)s by %(seat)s") % {"penalty": label,
                                                                            "seat": seat_letter(hand.penalty_seat)}
    elif hand.penalty_side:
        label = pgettext("penalty by a side", "%(penalty)s by %(side)s") % {"penalty": label,
                                                                            "side": side_label(hand.penalty_side)}
    return f"{label}: {hand.note}" if hand.note and hand.penalty_kind != "note" else (hand.note or label)


def table_sheet(table) -> TableSheet:
    """One query for the table and its people, one for its hands."""
    event = table.round.event
    seats = seats_for(table)
    names = {s.seat: s.name for s in seats}
    sheet = TableSheet(table=table, event=event, round=table.round, seats=seats, hands_per_round=event.hands_per_round)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    numbers = {h.number for h in hands}
    ns = ew = 0
    for hand in hands:
        ns += hand.ns_points
        ew += hand.ew_points
        special = rules_engine.parse_contract(hand.contract)
        sheet.rows.append(HandRow(
            hand=hand,
            dealer_name=names[hand.dealer],
            contract_text=contract_short(hand.contract),
            red=special.suit in RED_SUITS,
            ns_total=ns,
            ew_total=ew,
            locked=any(n > hand.number for n in numbers),
            penalty_text=penalty_text(hand),
        ))
    sheet.ns_total, sheet.ew_total = ns, ew
    missing = [n for n in range(1, event.hands_per_round + 1) if n not in numbers]
    sheet.next_number = missing[0] if missing else None
    return sheet


def load_table(queryset, **lookup):
    """A table with its round, event and players in one query."""
    return queryset.select_related(
        "round__event", "round__tiebreak", "ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two"
    ).get(**lookup)


def preview_points(rules, *, declarer: str, contract: str, tricks: int, penalty_kind: str = "",
                   penalty_side: str = "", base: tuple[int, int] = (0, 0)) -> dict:
    """The points a hand would score and the round totals after it (the no-JavaScript preview)."""
    ns, ew, made = score_for_table(rules, declarer=declarer, contract=contract, tricks=tricks,
                                   penalty_kind=penalty_kind, penalty_side=penalty_side)
    return {"ns": ns, "ew": ew, "made": made, "ns_text": signed(ns), "ew_text": signed(ew),
            "ns_total": base[0] + ns, "ew_total": base[1] + ew}


def history_rows(changes) -> list[dict]:
    """HandChange rows with the fields that changed spelled out: (name, old, new)."""
    labels = {"declarer": pgettext("history", "bid by"), "contract": pgettext("history", "contract"),
              "tricks": pgettext("history", "tricks"), "penalty_kind": pgettext("history", "penalty"),
              "penalty_side": pgettext("history", "penalty side"), "penalty_seat": pgettext("history", "penalty seat"),
              "note": pgettext("history", "note"), "ns_points": pgettext("history", "N-S points"),
              "ew_points": pgettext("history", "E-W points")}
    rows = []
    for change in changes:
        old, new = change.old or {}, change.new or {}
        diffs = []
        for key, label in labels.items():
            before, after = old.get(key, ""), new.get(key, "")
            if change.action == "update" and before == after:
                continue
            if change.action != "update" and after in ("", None):
                continue
            diffs.append((label, _show(key, before), _show(key, after)))
        summary = hand_summary(new) if change.action in ("create", "import") and new else ""
        now = hand_summary(new) if change.action == "update" and new else ""
        rows.append({"change": change, "diffs": [] if summary else diffs, "summary": summary, "now": now,
                     "action_label": language.label(HAND_CHANGE_LABELS.get(change.action, change.action))})
    return rows


def hand_summary(values: dict) -> str:
    """One line for an entered hand: 7♥ by N-S, 8 tricks · N-S +200, E-W +20 · Established revoke by N-S."""
    text = gettext("%(contract)s by %(side)s, %(tricks)s tricks · N-S %(ns)s, E-W %(ew)s") % {
        "contract": _show("contract", values.get("contract")), "side": _show("declarer", values.get("declarer")),
        "tricks": values.get("tricks"), "ns": signed(values.get("ns_points", 0)),
        "ew": signed(values.get("ew_points", 0))}
    if values.get("penalty_kind"):
        seat = values.get("penalty_seat")
        by = seat_letter(seat) if seat else _show("penalty_side", values.get("penalty_side"))
        penalty = _show("penalty_kind", values["penalty_kind"])
        text += " · " + (pgettext("penalty by a side", "%(penalty)s by %(side)s") % {"penalty": penalty, "side": by}
                         if by != "—" else penalty)
    if values.get("note"):
        text += f" · “{values['note']}”"
    return text


def _show(key: str, value) -> str:
    if value in ("", None):
        return "—"
    if key in ("ns_points", "ew_points"):
        return signed(value)
    if key in ("declarer", "penalty_side"):
        return side_label(value)
    if key == "contract":
        try:
            return contract_short(value)
        except rules_engine.RulesError:
            return str(value)
    if key == "penalty_kind":
        return penalty_label(value)
    return str(value)


def event_changes(event):
    return HandChange.objects.filter(event=event).select_related("table__round__tiebreak").order_by("-at", "-pk")


def table_changes(table):
    return HandChange.objects.filter(table=table).order_by("-at", "-pk")

