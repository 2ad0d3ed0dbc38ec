"""Event files, format "500-event/1": check a parsed JSON object and turn it into plain dataclasses.

Pure Python on purpose: no Django import, no database, no I/O. `check()` collects every problem
in a file (not just the first), each naming its place, e.g.
`rounds[2].tables[0].hands[3].tricks: 11 is not between 0 and 10`; `parse()` returns an
`EventFile` or raises `EventFileError` with that list. `to_dict()` writes an `EventFile` back in
canonical form (fixed key order, optional keys only where they differ from their default), so
export -> import -> export gives identical JSON. scoring/event_io.py is the bridge to the ORM.

Beyond the keys shown in issue 2, these optional keys keep a round trip lossless (each has a
default, so the issue's shape stays valid as written):
- event: venue, slug, rule_overrides, sit_out_policy, sit_out_points, confirmation_required,
  medal_scope, secondary_tiebreakers, page_size;
- partnership: division, checked_in, withdrawn, pin (its secret confirmation PIN, 4 digits as text;
  the importer draws a random one when it is missing);
- round: status (planned/open/closed; default derived: no hands -> planned, every hand entered
  and every table confirmed -> closed, otherwise open);
- table: confirmed (default true once all hands are in and no dispute, since a file is typed
  from signed paper sheets), entered_side ("ns"/"ew": the side that entered the scores), dispute
  (the reason text of an open dispute);
- hand: penalty.seat (N/E/S/W of the offender), note, dealer (default: the rotation N, E, S, W);
  penalty kind "note" as well as the three kinds that are rules penalties;
- tiebreak: "rounds" (a list shaped like the main rounds) instead of "tables" when a tiebreak
  session has more than one round, byes or a stored status.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field

from scoring.engine import rules as rules_engine
from scoring.engine.standings import SECONDARY_TIEBREAKERS
from scoring.engine.vocabulary import (
    MAX_DIVISION, MAX_EVENT_TEXT, MAX_HANDS_PER_ROUND, MAX_NAME, MAX_NOTE, MAX_PARTNERSHIP_NUMBER, MAX_ROUNDS,
    MEDAL_SCOPES, PAGE_SIZES, PENALTY_KINDS, PIN_LENGTH, ROUND_STATUSES, SEATS, SIDE_OF_SEAT, SIDES, SIT_OUT_POLICIES,
    dealer_for, is_pin,
)

FORMAT = "500-event/1"
SLUG_RE = re.compile(r"^[-a-zA-Z0-9_]{1,80}$")

TOP_KEYS = ("format", "event", "partnerships", "rounds", "tiebreaks")
EVENT_KEYS = (
    "name", "slug", "date", "venue", "rules", "rule_overrides", "rounds", "hands_per_round",
    "sit_out_policy", "sit_out_points", "confirmation_required", "medal_scope",
    "secondary_tiebreakers", "page_size",
)
PARTNERSHIP_KEYS = ("number", "players", "division", "checked_in", "withdrawn", "pin")
ROUND_KEYS = ("number", "status", "tables", "byes")
TABLE_KEYS = ("table", "ns", "ew", "entered_side", "confirmed", "dispute", "hands")
HAND_KEYS = ("hand", "contract", "declarer", "tricks", "penalty", "note", "dealer")
PENALTY_KEYS = ("kind", "side", "seat")
TIEBREAK_KEYS = ("partnerships", "tables", "rounds")


class EventFileError(ValueError):
    """An event file that cannot be imported; `problems` lists every problem with its place."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = list(problems)


@dataclass
class HandSpec:
    number: int
    contract: str
    declarer: str
    tricks: int
    penalty_kind: str = ""
    penalty_side: str = ""
    penalty_seat: str = ""
    note: str = ""
    dealer: str = ""  # "" means the usual rotation (the importer fills it in)


@dataclass
class TableSpec:
    number: int
    ns: int
    ew: int
    hands: list[HandSpec] = field(default_factory=list)
    confirmed: bool = False
    entered_side: str = ""
    dispute: str = ""


@dataclass
class RoundSpec:
    number: int
    tables: list[TableSpec] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    status: str = "planned"


@dataclass
class TiebreakSpec:
    partnerships: list[int]
    rounds: list[RoundSpec] = field(default_factory=list)


@dataclass
class PartnershipSpec:
    number: int
    players: tuple[str, str]
    division: str = ""
    checked_in: bool = False
    withdrawn: bool = False
    pin: str = ""  # "" means none in the file (the importer draws one)


@dataclass
class EventSpec:
    name: str
    date: datetime.date
    rules: str
    rounds: int
    hands_per_round: int
    slug: str = ""
    venue: str = ""
    rule_overrides: dict = field(default_factory=dict)
    sit_out_policy: str = "average"
    sit_out_points: int = 0
    confirmation_required: bool = True
    medal_scope: str = "overall"
    secondary_tiebreakers: list[str] = field(default_factory=list)
    page_size: str = "letter"


@dataclass
class EventFile:
    event: EventSpec
    partnerships: list[PartnershipSpec] = field(default_factory=list)
    rounds: list[RoundSpec] = field(default_factory=list)
    tiebreaks: list[TiebreakSpec] = field(default_factory=list)


def table_complete(table: TableSpec, hands_per_round: int) -> bool:
    return len(table.hands) >= hands_per_round


def default_confirmed(table: TableSpec, hands_per_round: int) -> bool:
    return table_complete(table, hands_per_round) and not table.dispute


def derived_status(rnd: RoundSpec, hands_per_round: int) -> str:
    """The status a round gets when the file does not name one."""
    if not any(t.hands for t in rnd.tables):
        return "planned"
    if all(table_complete(t, hands_per_round) and t.confirmed for t in rnd.tables):
        return "closed"
    return "open"


# --- checking -------------------------------------------------------------------------------


def _show(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Walks the file once, collecting problems and building the dataclasses as it goes."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, place: str, message: str) -> None:
        self.problems.append(f"{place}: {message}")

    def obj(self, value: object, place: str, allowed: tuple[str, ...]) -> dict | None:
        if not isinstance(value, dict):
            self.add(place or "the file", f"expected an object, got {_json_type(value)}")
            return None
        for key in value:
            if key not in allowed:
                self.add(f"{place}.{key}" if place else str(key), f"unknown key (expected one of {', '.join(allowed)})")
        return value

    def lst(self, value: object, place: str) -> list | None:
        if not isinstance(value, list):
            self.add(place, f"expected a list, got {_json_type(value)}")
            return None
        return value

    def required(self, data: dict, key: str, place: str) -> object:
        if key not in data:
            self.add(place, "missing")
        return data.get(key)

    def integer(self, value: object, place: str, low: int | None = None, high: int | None = None) -> int | None:
        if not _is_int(value):
            if low is not None and high is not None:
                self.add(place, f"{_show(value)} is not a whole number between {low} and {high}")
            else:
                self.add(place, f"expected a whole number, got {_json_type(value)} {_show(value)}")
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                self.add(place, f"{value} is less than {low}")
            else:
                self.add(place, f"{value} is not between {low} and {high}")
            return None
        return value

    def text(self, value: object, place: str, limit: int, *, allow_empty: bool = True) -> str | None:
        if not isinstance(value, str):
            self.add(place, f"expected text, got {_json_type(value)} {_show(value)}")
            return None
        value = value.strip()
        if not value and not allow_empty:
            self.add(place, "empty")
            return None
        if len(value) > limit:
            self.add(place, f"is longer than {limit} characters (it has {len(value)})")
            return None
        return value

    def boolean(self, value: object, place: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(place, f"expected true or false, got {_json_type(value)} {_show(value)}")
            return None
        return value

    def choice(self, value: object, place: str, choices: tuple[str, ...], what: str) -> str | None:
        if not isinstance(value, str) or value not in choices:
            self.add(place, f"{_show(value)} is not {what} ({', '.join(choices)})")
            return None
        return value

    # --- the event ----------------------------------------------------------------------

    def event(self, data: object) -> tuple[EventSpec | None, rules_engine.RuleSet | None]:
        ev = self.obj(data, "event", EVENT_KEYS)
        if ev is None:
            return None, None
        ok = True
        name = self.required(ev, "name", "event.name")
        if "name" in ev:
            name = self.text(name, "event.name", MAX_EVENT_TEXT, allow_empty=False)
        ok &= name is not None
        date = None
        if "date" not in ev:
            self.add("event.date", "missing")
        elif not isinstance(ev["date"], str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", ev["date"]):
            self.add("event.date", f"{_show(ev['date'])} is not a date (YYYY-MM-DD)")
        else:
            try:
                date = datetime.date.fromisoformat(ev["date"])
            except ValueError:
                self.add("event.date", f"{_show(ev['date'])} is not a date (YYYY-MM-DD)")
        ok &= date is not None
        rounds = hands = None
        if "rounds" not in ev:
            self.add("event.rounds", "missing")
        else:
            rounds = self.integer(ev["rounds"], "event.rounds", 1, MAX_ROUNDS)
        if "hands_per_round" not in ev:
            self.add("event.hands_per_round", "missing")
        else:
            hands = self.integer(ev["hands_per_round"], "event.hands_per_round", 1, MAX_HANDS_PER_ROUND)
        ok &= rounds is not None and hands is not None
        preset, ruleset, overrides = self.rules(ev)
        ok &= ruleset is not None
        spec_values: dict = {}
        if "slug" in ev:
            slug = ev["slug"]
            if not isinstance(slug, str) or not SLUG_RE.match(slug):
                self.add("event.slug", f"{_show(slug)} is not a slug (letters, digits, - and _, at most 80)")
                ok = False
            else:
                spec_values["slug"] = slug
        if "venue" in ev:
            venue = self.text(ev["venue"], "event.venue", MAX_EVENT_TEXT)
            ok &= venue is not None
            spec_values["venue"] = venue
        if "sit_out_policy" in ev:
            policy = self.choice(ev["sit_out_policy"], "event.sit_out_policy", SIT_OUT_POLICIES, "a sit-out policy")
            ok &= policy is not None
            spec_values["sit_out_policy"] = policy
        if "sit_out_points" in ev:
            points = self.integer(ev["sit_out_points"], "event.sit_out_points", -10_000, 10_000)
            ok &= points is not None
            spec_values["sit_out_points"] = points
        if "confirmation_required" in ev:
            flag = self.boolean(ev["confirmation_required"], "event.confirmation_required")
            ok &= flag is not None
            spec_values["confirmation_required"] = flag
        if "medal_scope" in ev:
            scope = self.choice(ev["medal_scope"], "event.medal_scope", MEDAL_SCOPES, "a medal scope")
            ok &= scope is not None
            spec_values["medal_scope"] = scope
        if "page_size" in ev:
            size = self.choice(ev["page_size"], "event.page_size", PAGE_SIZES, "a page size")
            ok &= size is not None
            spec_values["page_size"] = size
        if "secondary_tiebreakers" in ev:
            items = self.lst(ev["secondary_tiebreakers"], "event.secondary_tiebreakers")
            if items is None:
                ok = False
            else:
                clean = []
                for i, item in enumerate(items):
                    place = f"event.secondary_tiebreakers[{i}]"
                    value = self.choice(item, place, tuple(SECONDARY_TIEBREAKERS), "a secondary tiebreaker")
                    if value is not None and value in clean:
                        self.add(place, f"{value} is listed twice")
                        value = None
                    ok &= value is not None
                    clean.append(value)
                spec_values["secondary_tiebreakers"] = clean
        if not ok:
            return None, ruleset
        return (
            EventSpec(name=name, date=date, rules=preset, rounds=rounds, hands_per_round=hands,
                      rule_overrides=overrides, **spec_values),
            ruleset,
        )

    def rules(self, ev: dict) -> tuple[str | None, rules_engine.RuleSet | None, dict]:
        if "rules" not in ev:
            self.add("event.rules", "missing")
            return None, None, {}
        preset = ev["rules"]
        if not isinstance(preset, str) or preset not in rules_engine.PRESETS:
            self.add("event.rules", f"{_show(preset)} is not a rule set (one of {', '.join(rules_engine.PRESETS)})")
            return None, None, {}
        base = rules_engine.PRESETS[preset]
        if base.players != 4:
            four = ", ".join(name for name, r in rules_engine.PRESETS.items() if r.players == 4)
            self.add("event.rules", f"{preset} is a rule set for three players; a partnership event needs a "
                                    f"four-handed rule set ({four})")
            return None, None, {}
        overrides = ev.get("rule_overrides", {})
        if not isinstance(overrides, dict):
            self.add("event.rule_overrides", f"expected an object of rule: value, got {_json_type(overrides)}")
            return preset, None, {}
        clean: dict = {}
        for name, value in overrides.items():
            # One field at a time, so every bad override is reported, not only the first.
            try:
                single = rules_engine.rule_set(preset, {name: value})
            except rules_engine.RulesError as exc:
                self._rules_problem(exc)
                continue
            got = getattr(single, name)
            clean[name] = list(got) if isinstance(got, tuple) else got
        if len(clean) != len(overrides):
            return preset, None, {}
        try:
            ruleset = rules_engine.rule_set(preset, clean)
        except rules_engine.RulesError as exc:
            self._rules_problem(exc)
            return preset, None, {}
        ordered = {k: clean[k] for k in rules_engine.OVERRIDABLE_FIELDS if k in clean}
        return preset, ruleset, ordered

    def _rules_problem(self, exc: Exception) -> None:
        field_name, _, message = str(exc).partition(": ")
        if message:
            self.add(f"event.rule_overrides.{field_name}", message)
        else:
            self.add("event.rule_overrides", str(exc))

    # --- partnerships ---------------------------------------------------------------------

    def partnerships(self, data: object) -> list[PartnershipSpec] | None:
        items = self.lst(data, "partnerships")
        if items is None:
            return None
        found: list[PartnershipSpec] = []
        seen: dict[int, int] = {}
        ok = True
        for i, item in enumerate(items):
            place = f"partnerships[{i}]"
            p = self.obj(item, place, PARTNERSHIP_KEYS)
            if p is None:
                ok = False
                continue
            number = None
            if "number" not in p:
                self.add(f"{place}.number", "missing")
            else:
                number = self.integer(p["number"], f"{place}.number", 1, MAX_PARTNERSHIP_NUMBER)
                if number is not None and number in seen:
                    self.add(f"{place}.number", f"partnership {number} is listed twice (also partnerships[{seen[number]}])")
                    number = None
                elif number is not None:
                    seen[number] = i
            names = None
            if "players" not in p:
                self.add(f"{place}.players", "missing")
            elif self.lst(p["players"], f"{place}.players") is not None:
                if len(p["players"]) != 2:
                    self.add(f"{place}.players", f"expected two names, got {len(p['players'])}")
                else:
                    names = []
                    for j, raw in enumerate(p["players"]):
                        if isinstance(raw, str) and not raw.strip():
                            self.add(f"{place}.players[{j}]", "empty name")
                            names = None
                            continue
                        name = self.text(raw, f"{place}.players[{j}]", MAX_NAME)
                        if name is None:
                            names = None
                        elif names is not None:
                            names.append(name)
            extras: dict = {}
            if "division" in p:
                extras["division"] = self.text(p["division"], f"{place}.division", MAX_DIVISION)
            for flag in ("checked_in", "withdrawn"):
                if flag in p:
                    extras[flag] = self.boolean(p[flag], f"{place}.{flag}")
            if "pin" in p:
                extras["pin"] = p["pin"] if is_pin(p["pin"]) else None
                if extras["pin"] is None:
                    self.add(f"{place}.pin", f"{_show(p['pin'])} is not a PIN ({PIN_LENGTH} digits, as text: \"0427\")")
            if number is None or names is None or any(v is None for v in extras.values()):
                ok = False
                continue
            found.append(PartnershipSpec(number=number, players=(names[0], names[1]), **extras))
        return found if ok else None

    # --- rounds, tables, hands ------------------------------------------------------------

    def rounds_list(self, data: object, place: str, ctx: dict, *, tiebreak: list[int] | None = None) -> list[RoundSpec]:
        items = self.lst(data, place)
        if items is None:
            return []
        found = []
        seen: dict[int, int] = {}
        for i, item in enumerate(items):
            rplace = f"{place}[{i}]"
            r = self.obj(item, rplace, ROUND_KEYS)
            if r is None:
                continue
            number = None
            if "number" not in r:
                self.add(f"{rplace}.number", "missing")
            else:
                high = ctx["rounds"] if tiebreak is None else MAX_ROUNDS
                number = self.integer(r["number"], f"{rplace}.number", 1, high)
                if number is not None and number in seen:
                    self.add(f"{rplace}.number", f"round {number} appears twice (also {place}[{seen[number]}])")
                elif number is not None:
                    seen[number] = i
            rnd = self.one_round(r, rplace, number or 0, ctx, tiebreak=tiebreak)
            if rnd is not None:
                found.append(rnd)
        return found

    def one_round(self, r: dict, rplace: str, number: int, ctx: dict, *, tiebreak: list[int] | None) -> RoundSpec | None:
        rnd = RoundSpec(number=number)
        where_played: dict[int, str] = {}
        label = f"round {number}" if number else "this round"
        if "tables" not in r:
            self.add(f"{rplace}.tables", "missing (give [] for a round not yet drawn)")
        tables = self.lst(r.get("tables", []), f"{rplace}.tables") or []
        seen_tables: dict[int, int] = {}
        for ti, item in enumerate(tables):
            tplace = f"{rplace}.tables[{ti}]"
            table = self.one_table(item, tplace, ctx, tiebreak=tiebreak)
            if table is None:
                continue
            if table.number in seen_tables:
                self.add(f"{tplace}.table", f"table {table.number} appears twice in {label} (also tables[{seen_tables[table.number]}])")
            else:
                seen_tables[table.number] = ti
            for side in ("ns", "ew"):
                num = getattr(table, side)
                if num in where_played:
                    self.add(f"{tplace}.{side}", f"partnership {num} plays twice in {label} (also {where_played[num]})")
                else:
                    where_played[num] = f"at table {table.number}"
            rnd.tables.append(table)
        byes = self.lst(r.get("byes", []), f"{rplace}.byes") or []
        for bi, raw in enumerate(byes):
            bplace = f"{rplace}.byes[{bi}]"
            num = self.partnership_ref(raw, bplace, ctx, tiebreak)
            if num is None:
                continue
            if num in where_played:
                if where_played[num] == "sitting out":
                    self.add(bplace, f"partnership {num} is listed twice as sitting out {label}")
                else:
                    self.add(bplace, f"partnership {num} sits out {label} but also plays {where_played[num]}")
                continue
            where_played[num] = "sitting out"
            rnd.byes.append(num)
        if "status" in r:
            status = self.choice(r["status"], f"{rplace}.status", ROUND_STATUSES, "a round status")
            rnd.status = status or "planned"
        elif ctx["hands_per_round"]:
            rnd.status = derived_status(rnd, ctx["hands_per_round"])
        return rnd

    def partnership_ref(self, raw: object, place: str, ctx: dict, tiebreak: list[int] | None) -> int | None:
        if not _is_int(raw):
            self.add(place, f"expected a partnership number, got {_json_type(raw)} {_show(raw)}")
            return None
        known = ctx["partnerships"]
        if known is not None and raw not in known:
            self.add(place, f"partnership {raw} is not in the partnerships list")
            return None
        if tiebreak and raw not in tiebreak:
            self.add(place, f"partnership {raw} is not in this tiebreak")
            return None
        return raw

    def one_table(self, item: object, tplace: str, ctx: dict, *, tiebreak: list[int] | None) -> TableSpec | None:
        t = self.obj(item, tplace, TABLE_KEYS)
        if t is None:
            return None
        number = ns = ew = None
        if "table" not in t:
            self.add(f"{tplace}.table", "missing")
        else:
            number = self.integer(t["table"], f"{tplace}.table", 1, 1000)
        for side in SIDES:
            if side not in t:
                self.add(f"{tplace}.{side}", "missing")
        if "ns" in t:
            ns = self.partnership_ref(t["ns"], f"{tplace}.ns", ctx, tiebreak)
        if "ew" in t:
            ew = self.partnership_ref(t["ew"], f"{tplace}.ew", ctx, tiebreak)
        if ns is not None and ns == ew:
            self.add(f"{tplace}.ew", f"partnership {ns} cannot play itself")
            ew = None
        hands = []
        seen: dict[int, int] = {}
        for hi, raw in enumerate(self.lst(t.get("hands", []), f"{tplace}.hands") or []):
            hplace = f"{tplace}.hands[{hi}]"
            hand = self.one_hand(raw, hplace, ctx)
            # A hand with other problems still claims its number, so a repeat is reported too.
            number_claimed = hand.number if hand is not None else _plain_hand_number(raw)
            if number_claimed is not None:
                if number_claimed in seen:
                    self.add(f"{hplace}.hand", f"hand {number_claimed} appears twice at this table (also hands[{seen[number_claimed]}])")
                    continue
                seen[number_claimed] = hi
            if hand is not None:
                hands.append(hand)
        hands.sort(key=lambda h: h.number)
        spec = TableSpec(number=number or 0, ns=ns or 0, ew=ew or 0, hands=hands)
        if "entered_side" in t:
            spec.entered_side = self.choice(t["entered_side"], f"{tplace}.entered_side", SIDES, "a side") or ""
        if "dispute" in t:
            spec.dispute = self.text(t["dispute"], f"{tplace}.dispute", MAX_NOTE, allow_empty=False) or ""
        hpr = ctx["hands_per_round"]
        if "confirmed" in t:
            flag = self.boolean(t["confirmed"], f"{tplace}.confirmed")
            if flag and hpr and len(hands) < hpr:
                self.add(f"{tplace}.confirmed", f"a table can be confirmed only when all {hpr} hands are entered")
            elif flag and spec.dispute:
                self.add(f"{tplace}.confirmed", "a disputed table cannot be confirmed")
            spec.confirmed = bool(flag)
        elif hpr:
            spec.confirmed = default_confirmed(spec, hpr)
        if number is None or ns is None or ew is None:
            return None
        return spec

    def one_hand(self, raw: object, hplace: str, ctx: dict) -> HandSpec | None:
        h = self.obj(raw, hplace, HAND_KEYS)
        if h is None:
            return None
        ok = True
        number = None
        hpr = ctx["hands_per_round"]
        if "hand" not in h:
            self.add(f"{hplace}.hand", "missing")
        elif hpr:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, hpr)
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1)
        contract = None
        if "contract" not in h:
            self.add(f"{hplace}.contract", "missing")
        else:
            try:
                parsed = rules_engine.parse_contract(h["contract"])
                if ctx["rules"] is not None:
                    ctx["rules"].check_legal(parsed)
                contract = parsed.code
            except rules_engine.RulesError as exc:
                self.add(f"{hplace}.contract", str(exc))
        declarer = None
        if "declarer" not in h:
            self.add(f"{hplace}.declarer", "missing")
        else:
            declarer = self.choice(h["declarer"], f"{hplace}.declarer", SIDES, "a side")
        tricks = None
        if "tricks" not in h:
            self.add(f"{hplace}.tricks", "missing")
        else:
            tricks = self.integer(h["tricks"], f"{hplace}.tricks", 0, rules_engine.TRICKS_PER_HAND)
        spec = HandSpec(number=number or 0, contract=contract or "", declarer=declarer or "", tricks=tricks or 0)
        if "penalty" in h:
            ok &= self.penalty(h["penalty"], f"{hplace}.penalty", spec)
        if "note" in h:
            note = self.text(h["note"], f"{hplace}.note", MAX_NOTE)
            ok &= note is not None
            spec.note = note or ""
        if "dealer" in h:
            dealer = self.choice(h["dealer"], f"{hplace}.dealer", SEATS, "a seat")
            ok &= dealer is not None
            spec.dealer = dealer or ""
        if not ok or number is None or contract is None or declarer is None or tricks is None:
            return None
        return spec

    def penalty(self, raw: object, pplace: str, spec: HandSpec) -> bool:
        p = self.obj(raw, pplace, PENALTY_KEYS)
        if p is None:
            return False
        before = len(self.problems)
        if "kind" not in p:
            self.add(f"{pplace}.kind", "missing")
        else:
            spec.penalty_kind = self.choice(p["kind"], f"{pplace}.kind", PENALTY_KINDS, "a penalty kind") or ""
        if "side" in p:
            spec.penalty_side = self.choice(p["side"], f"{pplace}.side", SIDES, "a side") or ""
        if "seat" in p:
            seat = self.choice(p["seat"], f"{pplace}.seat", SEATS, "a seat")
            if seat and spec.penalty_side and SIDE_OF_SEAT[seat] != spec.penalty_side:
                self.add(f"{pplace}.seat", f"{seat} sits {SIDE_OF_SEAT[seat]}, not {spec.penalty_side}")
            elif seat:
                spec.penalty_seat = seat
                spec.penalty_side = spec.penalty_side or SIDE_OF_SEAT[seat]
        if spec.penalty_kind == "revoke" and not spec.penalty_side and "side" not in p:
            self.add(f"{pplace}.side", "a revoke needs the side that revoked (ns or ew)")
        return len(self.problems) == before


    def tiebreak(self, raw: object, place: str, ctx: dict) -> TiebreakSpec | None:
        t = self.obj(raw, place, TIEBREAK_KEYS)
        if t is None:
            return None
        members: list[int] = []
        if "partnerships" not in t:
            self.add(f"{place}.partnerships", "missing")
        elif self.lst(t["partnerships"], f"{place}.partnerships") is not None:
            for j, num in enumerate(t["partnerships"]):
                got = self.partnership_ref(num, f"{place}.partnerships[{j}]", ctx, None)
                if got is not None and got in members:
                    self.add(f"{place}.partnerships[{j}]", f"partnership {got} is listed twice")
                elif got is not None:
                    members.append(got)
            if len(t["partnerships"]) < 2:
                self.add(f"{place}.partnerships", "a tiebreak needs at least two partnerships")
        if "tables" in t and "rounds" in t:
            self.add(place, "give either tables (one round) or rounds, not both")
            return None
        if "rounds" in t:
            rounds = self.rounds_list(t["rounds"], f"{place}.rounds", ctx, tiebreak=members)
        else:
            rnd = self.one_round({"tables": t["tables"]} if "tables" in t else {}, place, 1, ctx, tiebreak=members)
            rounds = [rnd] if rnd is not None else []
        rounds.sort(key=lambda r: r.number)
        return TiebreakSpec(partnerships=sorted(members), rounds=rounds)


def check(data: object) -> tuple[list[str], EventFile | None]:
    """Every problem in `data` (a parsed JSON value) and, when there are none, the EventFile."""
    c = _Checker()
    top = c.obj(data, "", TOP_KEYS)
    if top is None:
        return c.problems, None
    if "format" not in top:
        c.add("format", f"missing (expected {_show(FORMAT)})")
    elif top["format"] != FORMAT:
        c.add("format", f"{_show(top['format'])} is not {_show(FORMAT)}")
    event, ruleset = (None, None)
    if "event" not in top:
        c.add("event", "missing")
    else:
        event, ruleset = c.event(top["event"])
    ev_raw = top.get("event") if isinstance(top.get("event"), dict) else {}
    # Later checks use what could be read, so one bad field does not hide the rest.
    ctx = {
        "rules": ruleset,
        "rounds": ev_raw.get("rounds") if _is_int(ev_raw.get("rounds")) and 1 <= ev_raw["rounds"] <= MAX_ROUNDS else None,
        "hands_per_round": ev_raw.get("hands_per_round")
        if _is_int(ev_raw.get("hands_per_round")) and 1 <= ev_raw["hands_per_round"] <= MAX_HANDS_PER_ROUND else None,
        "partnerships": None,
    }
    partnerships = None
    if "partnerships" not in top:
        c.add("partnerships", "missing")
    else:
        partnerships = c.partnerships(top["partnerships"])
        if isinstance(top["partnerships"], list):
            ctx["partnerships"] = {
                p["number"] for p in top["partnerships"] if isinstance(p, dict) and _is_int(p.get("number"))
            }
    rounds = c.rounds_list(top.get("rounds", []), "rounds", ctx)
    tiebreaks = []
    for i, raw in enumerate(c.lst(top.get("tiebreaks", []), "tiebreaks") or []):
        tb = c.tiebreak(raw, f"tiebreaks[{i}]", ctx)
        if tb is not None:
            tiebreaks.append(tb)
    if c.problems or event is None or partnerships is None:
        return c.problems, None
    rounds.sort(key=lambda r: r.number)
    return [], EventFile(event=event, partnerships=partnerships, rounds=rounds, tiebreaks=tiebreaks)




def parse(data: object) -> EventFile:
    """The EventFile for `data`, or EventFileError listing every problem."""
    problems, result = check(data)
    if problems or result is None:
        raise EventFileError(problems or ["the file could not be read"])
    return result


# --- writing --------------------------------------------------------------------------------


def _hand_dict(hand: HandSpec) -> dict:
    out: dict = {"hand": hand.number, "contract": hand.contract, "declarer": hand.declarer, "tricks": hand.tricks}
    if hand.penalty_kind:
        penalty: dict = {"kind": hand.penalty_kind}
        if hand.penalty_side:
            penalty["side"] = hand.penalty_side
        if hand.penalty_seat:
            penalty["seat"] = hand.penalty_seat
        out["penalty"] = penalty
    if hand.note:
        out["note"] = hand.note
    if hand.dealer and hand.dealer != dealer_for(hand.number):
        out["dealer"] = hand.dealer
    return out


def _table_dict(table: TableSpec, hands_per_round: int) -> dict:
    out: dict = {"table": table.number, "ns": table.ns, "ew": table.ew}
    if table.entered_side:
        out["entered_side"] = table.entered_side
    if table.confirmed != default_confirmed(table, hands_per_round):
        out["confirmed"] = table.confirmed
    if table.dispute:
        out["dispute"] = table.dispute
    out["hands"] = [_hand_dict(h) for h in sorted(table.hands, key=lambda h: h.number)]
    return out


def _round_dict(rnd: RoundSpec, hands_per_round: int) -> dict:
    out: dict = {"number": rnd.number}
    if rnd.status != derived_status(rnd, hands_per_round):
        out["status"] = rnd.status
    out["tables"] = [_table_dict(t, hands_per_round) for t in sorted(rnd.tables, key=lambda t: t.number)]
    out["byes"] = sorted(rnd.byes)
    return out


def to_dict(file: EventFile) -> dict:
    """The canonical JSON object for `file`: fixed key order, defaults left out below the event."""
    ev = file.event
    hpr = ev.hands_per_round
    event = {
        "name": ev.name,
        "slug": ev.slug,
        "date": ev.date.isoformat(),
        "venue": ev.venue,
        "rules": ev.rules,
        "rule_overrides": {k: ev.rule_overrides[k] for k in rules_engine.OVERRIDABLE_FIELDS if k in ev.rule_overrides},
        "rounds": ev.rounds,
        "hands_per_round": hpr,
        "sit_out_policy": ev.sit_out_policy,
        "sit_out_points": ev.sit_out_points,
        "confirmation_required": ev.confirmation_required,
        "medal_scope": ev.medal_scope,
        "secondary_tiebreakers": list(ev.secondary_tiebreakers),
        "page_size": ev.page_size,
    }
    if not ev.slug:
        del event["slug"]
    partnerships = []
    for p in sorted(file.partnerships, key=lambda p: p.number):
        item: dict = {"number": p.number, "players": list(p.players)}
        if p.division:
            item["division"] = p.division
        if p.checked_in:
            item["checked_in"] = True
        if p.withdrawn:
            item["withdrawn"] = True
        if p.pin:
            item["pin"] = p.pin
        partnerships.append(item)
    tiebreaks = []
    for tb in file.tiebreaks:
        item = {"partnerships": sorted(tb.partnerships)}
        rounds = sorted(tb.rounds, key=lambda r: r.number)
        simple = (
            len(rounds) == 1 and rounds[0].number == 1 and not rounds[0].byes
            and rounds[0].status == derived_status(rounds[0], hpr)
        )
        if simple:
            item["tables"] = [_table_dict(t, hpr) for t in sorted(rounds[0].tables, key=lambda t: t.number)]
        else:
            item["rounds"] = [_round_dict(r, hpr) for r in rounds]
        tiebreaks.append(item)
    return {
        "format": FORMAT,
        "event": event,
        "partnerships": partnerships,
        "rounds": [_round_dict(r, hpr) for r in sorted(file.rounds, key=lambda r: r.number)],
        "tiebreaks": tiebreaks,
    }


def _plain_hand_number(raw: object) -> int | None:
    """The `hand` number of a hand entry that failed other checks, when it is a plain integer."""
    if isinstance(raw, dict) and isinstance(raw.get("hand"), int) and not isinstance(raw.get("hand"), bool):
        return raw["hand"]
    return None
