"""Checking an event file: a parsed JSON value -> the spec dataclasses, or every problem with its place.

`check()` collects every problem in a file (not just the first), each naming its place, e.g.
`rounds[2].tables[0].hands[3].tricks: 11 is not between 0 and 10`; `parse()` returns an
`EventFile` or raises `EventFileError` with that list. Optional keys are read through the one
table in keys.py. Later checks use what could be read, so one bad field does not hide the rest.
Pure Python: no Django, no database, no I/O.
"""

from __future__ import annotations

import datetime
import json
import re

from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile.keys import (
    CHANGE_KEYS,
    CHANGE_REQUIRED,
    EVENT_KEYS,
    EVENT_KEYS_V1,
    GAMES_KEYS,
    HAND_KEYS,
    HAND_KEYS_V1,
    HAND_TRUST_KEYS,
    INDIVIDUAL_TABLE_KEYS,
    INDIVIDUAL_TIEBREAK_KEYS,
    OPTIONAL,
    PARTNERSHIP_KEYS,
    PENALTY_KEYS,
    PLAYER_KEYS,
    ROUND_KEYS,
    ROW,
    STAFF_KEYS,
    STAFF_REQUIRED,
    TABLE_KEYS,
    THREE_HANDED_HAND_KEYS,
    TIEBREAK_KEYS,
    TOP_KEYS,
    TOP_KEYS_INDIVIDUALS,
    V2_ONLY,
)
from scoring.engine.eventfile.reading import detect_format
from scoring.engine.eventfile.spec import (
    FORMAT,
    FORMAT_V2,
    FORMATS,
    NOBID,
    ChangeSpec,
    EventFile,
    EventFileError,
    EventSpec,
    GamesSpec,
    HandSpec,
    PartnershipSpec,
    PlayerSpec,
    RoundSpec,
    StaffSpec,
    TableSpec,
    TiebreakSpec,
)
from scoring.engine.eventfile.values import (
    NO_SIDE_NAMED,
    STAFF_SIDE,
    Problems,
    TooManyProblems,
    character_problem,
    is_int,
    json_type,
    listed_twice,
    missing,
    printable,
    show,
    the_file,
    walk,
)
from scoring.engine.vocabulary import (
    ENTRANTS,
    MAX_EVENT_TEXT,
    MAX_HANDS_PER_ROUND,
    MAX_NAME,
    MAX_NOTE,
    MAX_PARTNERSHIP_NUMBER,
    MAX_PROBLEMS,
    MAX_ROUNDS,
    PENALTY_KINDS,
    SEATS,
    SIDE_OF_SEAT,
    SIDES,
    THREE_SEATS,
    Message,
    gettext_noop,
)

NOT_A_DATE = gettext_noop("%(value)s is not a date (YYYY-MM-DD)")
SITTING_OUT = gettext_noop("sitting out")
# The same checks word an entrant as a partnership or, in an event of individuals, as a player.
ENTRANT_WORDS = {
    "partnerships": {
        "twice_in_round": gettext_noop("partnership %(number)s plays twice in %(round)s (also %(where)s)"),
        "bye_twice": gettext_noop("partnership %(number)s is listed twice as sitting out %(round)s"),
        "bye_and_plays": gettext_noop("partnership %(number)s sits out %(round)s but also plays %(where)s"),
        "expected": gettext_noop("expected a partnership number, got %(type)s %(value)s"),
        "unknown": gettext_noop("partnership %(number)s is not in the partnerships list"),
        "not_in_tiebreak": gettext_noop("partnership %(number)s is not in this tiebreak"),
        "tiebreak_twice": gettext_noop("partnership %(number)s is listed twice"),
        "tiebreak_two": gettext_noop("a tiebreak needs at least two partnerships"),
    },
    "individuals": {
        "twice_in_round": gettext_noop("player %(number)s plays twice in %(round)s (also %(where)s)"),
        "bye_twice": gettext_noop("player %(number)s is listed twice as sitting out %(round)s"),
        "bye_and_plays": gettext_noop("player %(number)s sits out %(round)s but also plays %(where)s"),
        "expected": gettext_noop("expected a player number, got %(type)s %(value)s"),
        "unknown": gettext_noop("player %(number)s is not in the players list"),
        "not_in_tiebreak": gettext_noop("player %(number)s is not in this tiebreak"),
        "tiebreak_twice": gettext_noop("player %(number)s is listed twice"),
        "tiebreak_two": gettext_noop("a tiebreak needs at least two players"),
    },
}
COMPASS = ("n", "e", "s", "w")  # a progressive table's keys, in the order of TableSpec.seats


class _Checker(Problems):
    """Walks the file once, collecting problems and building the dataclasses as it goes."""

    result: EventFile | None = None
    version = 1  # the file's format: 1 or 2 ("500-event/2")

    def keys_for(self, v2_keys: tuple[str, ...], v1_keys: tuple[str, ...]) -> tuple[str, ...]:
        return v2_keys if self.version == 2 else v1_keys

    def v1_view(self, raw: object, kind: str, place: str) -> object:
        """In a version 1 file, a key only version 2 has is refused, saying which format it needs;
        the rest of the object is checked as version 1 always was."""
        if self.version != 1 or not isinstance(raw, dict) or not any(k in V2_ONLY[kind] for k in raw):
            return raw
        for key in raw:
            if key in V2_ONLY[kind]:
                self.add(f"{place}.{key}", Message(gettext_noop("a key of %(v2)s files; this file says %(v1)s"),
                                                   v2=show(FORMAT_V2), v1=show(FORMAT)))
        return {k: v for k, v in raw.items() if k not in V2_ONLY[kind]}

    def optional(self, kind: str, raw: dict, place: str) -> tuple[dict, bool]:
        """The clean value of each optional key `raw` has (keys.OPTIONAL), and whether all were good."""
        values: dict = {}
        ok = True
        for row in OPTIONAL[kind]:
            if row.key in raw:
                value = row.check(self, raw[row.key], f"{place}.{row.key}")
                ok &= value is not None
                values[row.key] = value
        return values, ok

    def required_keys(self, raw: dict, checks: dict, place: str) -> dict:
        """The clean value of each key in `checks` (None when missing or bad, with its problem)."""
        values: dict = {}
        for key, check in checks.items():
            if key not in raw:
                self.add(f"{place}.{key}", missing())
                values[key] = None
            else:
                values[key] = check(self, raw[key], f"{place}.{key}")
        return values

    # --- the event ----------------------------------------------------------------------

    def event(self, data: object) -> tuple[EventSpec | None, rules_engine.RuleSet | None]:
        ev = self.obj(self.v1_view(data, "event", "event"), "event", self.keys_for(EVENT_KEYS, EVENT_KEYS_V1))
        if ev is None:
            return None, None
        ok = True
        play_format, games = self.play_format(ev)
        ok &= play_format is not None
        name = self.required(ev, "name", "event.name")
        if "name" in ev:
            name = self.text(name, "event.name", MAX_EVENT_TEXT, allow_empty=False)
        ok &= name is not None
        date = None
        if "date" not in ev:
            self.add("event.date", missing())
        elif not isinstance(ev["date"], str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", ev["date"]):
            self.add("event.date", Message(NOT_A_DATE, value=show(ev["date"])))
        else:
            try:
                date = datetime.date.fromisoformat(ev["date"])
            except ValueError:
                self.add("event.date", Message(NOT_A_DATE, value=show(ev["date"])))
        ok &= date is not None
        rounds = hands = None
        if "rounds" not in ev:
            self.add("event.rounds", missing())
        else:
            rounds = self.integer(ev["rounds"], "event.rounds", 1, MAX_ROUNDS)
        open_hands = False
        if "hands_per_round" not in ev:
            self.add("event.hands_per_round", Message(gettext_noop("missing (null for none)")) if play_format == "games"
                     else missing())
        elif ev["hands_per_round"] is None and play_format != "session":
            # Games: the round ends when it is closed or its games are done. (A format that could
            # not be read has its own problem; this one would only repeat it.)
            open_hands = True
        elif ev["hands_per_round"] is None and play_format == "session":
            self.add("event.hands_per_round", Message(gettext_noop(
                'null only in an event played as games (event.format "games"); '
                "a session needs a whole number between 1 and %(most)s"), most=MAX_HANDS_PER_ROUND))
        else:
            hands = self.integer(ev["hands_per_round"], "event.hands_per_round", 1, MAX_HANDS_PER_ROUND)
        ok &= rounds is not None and (hands is not None or open_hands)
        entrants = ev.get("entrants", "partnerships")
        if entrants not in ENTRANTS:
            self.add("event.entrants", Message(gettext_noop("%(value)s is not %(what)s (%(choices)s)"),
                                               value=show(entrants), what=Message(gettext_noop("a kind of entrant")),
                                               choices=", ".join(ENTRANTS)))
            entrants = None
        ok &= entrants is not None
        preset, ruleset, overrides = self.rules(ev, entrants)
        ok &= ruleset is not None
        spec_values, good = self.optional("event", ev, "event")
        ok &= good
        if not ok:
            return None, ruleset
        return (
            EventSpec(name=name, date=date, rules=preset, rounds=rounds, hands_per_round=hands,
                      rule_overrides=overrides, format=play_format, games=games, entrants=entrants,
                      **spec_values),
            ruleset,
        )

    def play_format(self, ev: dict) -> tuple[str | None, GamesSpec | None]:
        """event.format and event.games (version 2): ("session", None), ("games", its settings), or
        (None, None) after a problem."""
        play_format = ev.get("format", "session")
        if play_format not in rules_engine.EVENT_FORMATS:
            self.add("event.format", Message(gettext_noop("%(value)s is not a format of play (%(formats)s)"),
                                             value=show(play_format), formats=", ".join(rules_engine.EVENT_FORMATS)))
            return None, None
        if play_format == "session":
            if "games" in ev:
                self.add("event.games", Message(gettext_noop(
                    'only an event played as games has this (event.format is "session"; '
                    'give "format": "games" or leave games out)')))
                return None, None
            return "session", None
        raw = ev.get("games", {})
        g = self.obj(raw, "event.games", GAMES_KEYS)
        if g is None:
            return None, None
        spec = GamesSpec()
        ok = True
        for key in ("hand_limit", "games_per_round", "wins_per_round"):
            if g.get(key) is not None:
                value = self.integer(g[key], f"event.games.{key}", 1, games_engine.MAX_GAMES_SETTING)
                ok &= value is not None
                setattr(spec, key, value)
        if "rank_by" in g:
            keys = tuple(games_engine.RANK_KEYS)
            items = self.lst(g["rank_by"], "event.games.rank_by")
            if items is not None and not items:
                self.add("event.games.rank_by", Message(gettext_noop("empty: give at least one of %(keys)s"),
                                                        keys=", ".join(keys)))
                ok = False
            elif items is not None:
                clean = []
                for i, item in enumerate(items):
                    got = self.choice(item, f"event.games.rank_by[{i}]", keys, gettext_noop("a ranking key"))
                    if got is not None and got in clean:
                        self.add(f"event.games.rank_by[{i}]", listed_twice(got))
                        got = None
                    ok &= got is not None
                    clean.append(got)
                spec.rank_by = clean
            else:
                ok = False
        return ("games", spec) if ok else (None, None)

    def rules(self, ev: dict, entrants: str | None = "partnerships",
              ) -> tuple[str | None, rules_engine.RuleSet | None, dict]:
        if "rules" not in ev:
            self.add("event.rules", missing())
            return None, None, {}
        preset = ev["rules"]
        if not isinstance(preset, str) or preset not in rules_engine.PRESETS:
            self.add("event.rules", Message(gettext_noop("%(value)s is not a rule set (one of %(presets)s)"),
                                            value=show(preset), presets=", ".join(rules_engine.PRESETS)))
            return None, None, {}
        base = rules_engine.PRESETS[preset]
        if base.players != 4 and entrants != "individuals":
            four = ", ".join(name for name, r in rules_engine.PRESETS.items() if r.players == 4)
            self.add("event.rules", Message(gettext_noop(
                "%(preset)s is a rule set for three players; a partnership event needs a four-handed rule set "
                "(%(four)s)"), preset=preset, four=four))
            return None, None, {}
        overrides = ev.get("rule_overrides", {})
        if not isinstance(overrides, dict):
            self.add("event.rule_overrides", Message(gettext_noop("expected an object of rule: value, got %(type)s"),
                                                     type=json_type(overrides)))
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
            number = self.entrant_number(p, "partnerships", i, seen, gettext_noop(
                "partnership %(number)s is listed twice (also %(also)s)"))
            names = None
            if "players" not in p:
                self.add(f"{place}.players", missing())
            elif self.lst(p["players"], f"{place}.players") is not None:
                if len(p["players"]) != 2:
                    self.add(f"{place}.players", Message(gettext_noop("expected two names, got %(count)s"),
                                                         count=len(p["players"])))
                else:
                    names = []
                    for j, raw in enumerate(p["players"]):
                        name = self.name(raw, f"{place}.players[{j}]")
                        if name is None:
                            names = None
                        elif names is not None:
                            names.append(name)
            extras, good = self.optional("partnership", p, place)
            if number is None or names is None or not good:
                ok = False
                continue
            found.append(PartnershipSpec(number=number, players=(names[0], names[1]), **extras))
        return found if ok else None

    def name(self, raw: object, place: str) -> str | None:
        """A person's name: text of at most MAX_NAME characters, not blank; None after a problem."""
        if isinstance(raw, str) and not raw.strip():
            self.add(place, Message(gettext_noop("empty name")))
            return None
        return self.text(raw, place, MAX_NAME)

    def entrant_number(self, p: dict, key: str, i: int, seen: dict[int, int], listed_twice: str) -> int | None:
        """The number of `key`[i] (a partnership or a player): 1 to the limit and not listed twice
        in the file (`seen` maps each number to where it first was); None after a problem."""
        place = f"{key}[{i}].number"
        if "number" not in p:
            self.add(place, missing())
            return None
        number = self.integer(p["number"], place, 1, MAX_PARTNERSHIP_NUMBER)
        if number is not None and number in seen:
            self.add(place, Message(listed_twice, number=number, also=f"{key}[{seen[number]}]"))
            return None
        if number is not None:
            seen[number] = i
        return number

    def players(self, data: object) -> list[PlayerSpec] | None:
        """An event of individuals' players: {"number", "name", "division"?, "checked_in"?, ...}."""
        items = self.lst(data, "players")
        if items is None:
            return None
        found: list[PlayerSpec] = []
        seen: dict[int, int] = {}
        ok = True
        for i, item in enumerate(items):
            place = f"players[{i}]"
            p = self.obj(item, place, PLAYER_KEYS)
            if p is None:
                ok = False
                continue
            number = self.entrant_number(p, "players", i, seen, gettext_noop(
                "player %(number)s is listed twice (also %(also)s)"))
            name = None
            if "name" not in p:
                self.add(f"{place}.name", missing())
            else:
                name = self.name(p["name"], f"{place}.name")
            extras, good = self.optional("partnership", p, place)  # a player's rows are a partnership's
            if number is None or name is None or not good:
                ok = False
                continue
            found.append(PlayerSpec(number=number, name=name, **extras))
        return found if ok else None

    # --- rounds, tables, hands ------------------------------------------------------------

    def rounds_list(self, data: object, place: str, ctx: dict, *, tiebreak: list[int] | None = None) -> list[RoundSpec]:
        items = self.lst(data, place)
        if items is None:
            return []
        found = []
        in_play: list[tuple[str, int]] = []
        seen: dict[int, int] = {}
        for i, item in enumerate(items):
            rplace = f"{place}[{i}]"
            r = self.obj(item, rplace, ROUND_KEYS)
            if r is None:
                continue
            number = None
            if "number" not in r:
                self.add(f"{rplace}.number", missing())
            else:
                high = ctx["rounds"] if tiebreak is None else MAX_ROUNDS
                number = self.integer(r["number"], f"{rplace}.number", 1, high)
                if number is not None and number in seen:
                    self.add(f"{rplace}.number", Message(gettext_noop("round %(number)s appears twice (also %(also)s)"),
                                                         number=number, also=f"{place}[{seen[number]}]"))
                elif number is not None:
                    seen[number] = i
            rnd = self.one_round(r, rplace, number or 0, ctx, tiebreak=tiebreak)
            if rnd is not None:
                found.append(rnd)
                if rnd.status == "open" and r.get("status") == "open":
                    in_play.append((rplace, rnd.number))
        # Only one round is in play at a time (README, "Running the day"). A round whose status is
        # worked out (a file typed from sheets, some rounds half typed in) stays open as before. A
        # tiebreak's rounds are all opened together when it is made (scoring.tiebreaks), so they may be.
        if len(in_play) > 1 and tiebreak is None:
            first = in_play[0][1]
            for rplace, number in in_play[1:]:
                self.add(f"{rplace}.status", Message(gettext_noop(
                    "round %(number)s is open while round %(first)s is open too; only one round is in play at a time"),
                    number=number, first=first))
        return found

    def one_round(
        self, r: dict, rplace: str, number: int, ctx: dict, *, tiebreak: list[int] | None,
    ) -> RoundSpec | None:
        rnd = RoundSpec(number=number)
        where_played: dict[int, str] = {}
        label = Message(gettext_noop("round %(number)s"), number=number) if number else Message(
            gettext_noop("this round"))
        if "tables" not in r:
            self.add(f"{rplace}.tables", Message(gettext_noop("missing (give [] for a round not yet drawn)")))
        tables = self.lst(r.get("tables", []), f"{rplace}.tables") or []
        seen_tables: dict[int, int] = {}
        for ti, item in enumerate(tables):
            tplace = f"{rplace}.tables[{ti}]"
            table = self.one_table(item, tplace, ctx, tiebreak=tiebreak)
            if table is None:
                continue
            if table.number in seen_tables:
                self.add(f"{tplace}.table", Message(gettext_noop(
                    "table %(number)s appears twice in %(round)s (also %(also)s)"), number=table.number, round=label,
                    also=f"tables[{seen_tables[table.number]}]"))
            else:
                seen_tables[table.number] = ti
            words = ENTRANT_WORDS[ctx["entrants"]]
            for key, num in _entrant_places(table):
                if num in where_played:
                    self.add(f"{tplace}.{key}", Message(words["twice_in_round"], number=num, round=label,
                                                        where=where_played[num]))
                else:
                    where_played[num] = Message(gettext_noop("at table %(number)s"), number=table.number)
            rnd.tables.append(table)
        byes = self.lst(r.get("byes", []), f"{rplace}.byes") or []
        for bi, raw in enumerate(byes):
            bplace = f"{rplace}.byes[{bi}]"
            num = self.partnership_ref(raw, bplace, ctx, tiebreak)
            if num is None:
                continue
            if num in where_played:
                words = ENTRANT_WORDS[ctx["entrants"]]
                if where_played[num] == SITTING_OUT:
                    self.add(bplace, Message(words["bye_twice"], number=num, round=label))
                else:
                    self.add(bplace, Message(words["bye_and_plays"], number=num, round=label,
                                             where=where_played[num]))
                continue
            where_played[num] = Message(SITTING_OUT)
            rnd.byes.append(num)
        values, _ = self.optional("round", r, rplace)
        if "status" in values:
            rnd.status = values["status"] or "planned"
        elif ctx["hands_per_round"] or ctx["open_hands"]:
            rnd.status = ROW["round"]["status"].default_for(rnd, ctx["hands_per_round"])
        rnd.closed_at = values.get("closed_at")
        rnd.closed_by = values.get("closed_by") or ""
        rnd.close_note = values.get("close_note") or ""
        for key in ("closed_at", "closed_by"):
            if values.get(key) and rnd.status != "closed":
                self.add(f"{rplace}.{key}", Message(gettext_noop(
                    "only a closed round has this (this round is %(status)s)"), status=rnd.status))
        return rnd

    def partnership_ref(self, raw: object, place: str, ctx: dict, tiebreak: list[int] | None) -> int | None:
        words = ENTRANT_WORDS[ctx["entrants"]]
        if not is_int(raw):
            self.add(place, Message(words["expected"], type=json_type(raw), value=show(raw)))
            return None
        known = ctx["partnerships"]
        if known is not None and raw not in known:
            self.add(place, Message(words["unknown"], number=raw))
            return None
        if tiebreak and raw not in tiebreak:
            self.add(place, Message(words["not_in_tiebreak"], number=raw))
            return None
        return raw

    def one_table(self, item: object, tplace: str, ctx: dict, *, tiebreak: list[int] | None) -> TableSpec | None:
        individuals = ctx["entrants"] == "individuals"
        t = self.obj(item, tplace, INDIVIDUAL_TABLE_KEYS if individuals else TABLE_KEYS)
        if t is None:
            return None
        number = ns = ew = None
        seats: tuple[int, ...] | None = ()
        if "table" not in t:
            self.add(f"{tplace}.table", missing())
        else:
            number = self.integer(t["table"], f"{tplace}.table", 1, 1000)
        if individuals:
            seats = self.table_seats(t, tplace, ctx, tiebreak)
            ns = ew = 0
        else:
            for side in SIDES:
                if side not in t:
                    self.add(f"{tplace}.{side}", missing())
            if "ns" in t:
                ns = self.partnership_ref(t["ns"], f"{tplace}.ns", ctx, tiebreak)
            if "ew" in t:
                ew = self.partnership_ref(t["ew"], f"{tplace}.ew", ctx, tiebreak)
            if ns is not None and ns == ew:
                self.add(f"{tplace}.ew", Message(gettext_noop("partnership %(number)s cannot play itself"), number=ns))
                ew = None
        hands = []
        seen: dict[int, int] = {}
        for hi, raw in enumerate(self.lst(t.get("hands", []), f"{tplace}.hands") or []):
            hplace = f"{tplace}.hands[{hi}]"
            if individuals and ctx["three_handed"]:
                hand = self.three_handed_hand(raw, hplace, ctx, seats)
            else:
                hand = self.one_hand(raw, hplace, ctx)
            # A hand with other problems still claims its number, so a repeat is reported too.
            number_claimed = hand.number if hand is not None else _plain_hand_number(raw)
            if number_claimed is not None:
                if number_claimed in seen:
                    self.add(f"{hplace}.hand", Message(gettext_noop(
                        "hand %(number)s appears twice at this table (also %(also)s)"), number=number_claimed,
                        also=f"hands[{seen[number_claimed]}]"))
                    continue
                seen[number_claimed] = hi
            if hand is not None:
                hands.append(hand)
        hands.sort(key=lambda h: h.number)
        if ctx["games"] is not None and ctx["rules"] is not None:
            self.late_hands(hands, tplace, seen, ctx)
        spec = TableSpec(number=number or 0, ns=ns or 0, ew=ew or 0, hands=hands, seats=seats or ())
        # A bad optional key is reported and leaves its default, so the table's pairs are still checked.
        values, _ = self.optional("table", t, tplace)
        spec.entered_side = values.get("entered_side") or ""
        three = len(spec.seats) == 3
        if spec.entered_side and (spec.entered_side in THREE_SEATS) != three:
            # A table of three is entered by a seat (1, 2, 3), every other table by a side.
            self.choice(spec.entered_side, f"{tplace}.entered_side", THREE_SEATS if three else SIDES,
                        gettext_noop("a seat at a table of three") if three else gettext_noop("a side"))
            spec.entered_side = ""
        spec.dispute = values.get("dispute") or ""
        hpr = ctx["hands_per_round"]
        if "confirmed" in values:
            flag = values["confirmed"]
            if flag and hpr and len(hands) < hpr:
                self.add(f"{tplace}.confirmed", Message(gettext_noop(
                    "a table can be confirmed only when all %(count)s hands are entered"), count=hpr))
            elif flag and spec.dispute:
                self.add(f"{tplace}.confirmed", Message(gettext_noop("a disputed table cannot be confirmed")))
            elif flag and any(h.waits for h in hands):
                self.add(f"{tplace}.confirmed", Message(gettext_noop(
                    "a table is confirmed only when no hand waits for another side's acceptance; the hands "
                    "written on a phone with no accepted_side: %(hands)s"),
                    hands=", ".join(str(h.number) for h in hands if h.waits)))
            spec.confirmed = bool(flag)
        elif hpr or ctx["open_hands"]:
            spec.confirmed = ROW["table"]["confirmed"].default_for(spec, hpr)
        spec.confirmed_by = values.get("confirmed_by") or ""
        spec.confirmed_at = values.get("confirmed_at")
        for key in ("confirmed_by", "confirmed_at"):
            if values.get(key) and not spec.confirmed:
                self.add(f"{tplace}.{key}", Message(gettext_noop("only a confirmed table has this")))
        if "history" in t:
            spec.history = self.history(t["history"], f"{tplace}.history", hands)
        if number is None or ns is None or ew is None or seats is None:
            return None
        return spec

    def table_seats(self, t: dict, tplace: str, ctx: dict, tiebreak: list[int] | None) -> tuple[int, ...] | None:
        """A table of individuals' players: "seats" (three, in seating order) under three-handed
        rules, "n", "e", "s", "w" under four-handed rules; None after a problem."""
        three = ctx["three_handed"]
        if three is None:
            return None  # the rules could not be read: their own problem says so
        if three:
            for key in COMPASS:
                if key in t:
                    self.add(f"{tplace}.{key}", Message(gettext_noop(
                        'a four-handed seat; under three-handed rules a table gives "seats" (three player numbers)')))
            if "seats" not in t:
                self.add(f"{tplace}.seats", Message(gettext_noop("missing (three player numbers, in seating order)")))
                return None
            raw = self.lst(t["seats"], f"{tplace}.seats")
            if raw is None:
                return None
            if len(raw) != 3:
                self.add(f"{tplace}.seats", Message(gettext_noop(
                    "a three-handed table seats three players, got %(count)s"), count=len(raw)))
                return None
            places = [(f"{tplace}.seats[{i}]", value) for i, value in enumerate(raw)]
        else:
            if "seats" in t:
                self.add(f"{tplace}.seats", Message(gettext_noop(
                    'three-handed seats; under four-handed rules a table gives "n", "e", "s" and "w" '
                    "(player numbers)")))
                return None
            places = []
            for key in COMPASS:
                if key not in t:
                    self.add(f"{tplace}.{key}", missing())
                else:
                    places.append((f"{tplace}.{key}", t[key]))
            if len(places) != 4:
                return None
        found: list[int] = []
        ok = True
        for place, value in places:
            num = self.partnership_ref(value, place, ctx, tiebreak)
            if num is not None and num in found:
                self.add(place, Message(gettext_noop("player %(number)s is seated twice at this table"), number=num))
                num = None
            ok &= num is not None
            found.append(num)
        return tuple(found) if ok else None

    def three_handed_hand(self, raw: object, hplace: str, ctx: dict, seats: tuple[int, ...] | None) -> HandSpec | None:
        """{"hand", "contract", "declarer": a player number at the table, "tricks": {"<number>": n, ...}}:
        each seated player's tricks, adding up to 10 (RULES.md section 6)."""
        h = self.obj(raw, hplace, THREE_HANDED_HAND_KEYS)
        if h is None:
            return None
        number = None
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, ctx["hands_per_round"] or None)
        contract = None
        if "contract" not in h:
            self.add(f"{hplace}.contract", missing())
        else:
            parsed = None
            try:
                parsed = rules_engine.parse_contract(h["contract"])
                if ctx["rules"] is not None:
                    ctx["rules"].check_legal(parsed)
                contract = parsed.code
            except rules_engine.RulesError as exc:
                self.add(f"{hplace}.contract", _contract_problem(exc, h["contract"], parsed, ctx["rules"]))
        bidder = None
        if "declarer" not in h:
            self.add(f"{hplace}.declarer", missing())
        elif not is_int(h["declarer"]):
            self.add(f"{hplace}.declarer", Message(ENTRANT_WORDS["individuals"]["expected"],
                                                   type=json_type(h["declarer"]), value=show(h["declarer"])))
        elif seats and h["declarer"] not in seats:
            self.add(f"{hplace}.declarer", Message(gettext_noop(
                "player %(number)s is not at this table (%(seats)s)"), number=h["declarer"],
                seats=", ".join(str(s) for s in seats)))
        else:
            bidder = h["declarer"]
        tricks = None
        if "tricks" not in h:
            self.add(f"{hplace}.tricks", missing())
        elif not isinstance(h["tricks"], dict):
            self.add(f"{hplace}.tricks", Message(gettext_noop(
                'expected an object of each seated player\'s tricks ({"4": 8, "9": 1, "2": 1}), got %(type)s'),
                type=json_type(h["tricks"])))
        elif seats:
            tricks = {}
            at_table = {str(s): s for s in seats}
            for key, value in h["tricks"].items():
                if key not in at_table:
                    self.add(f"{hplace}.tricks.{key}", Message(gettext_noop(
                        "%(key)s is not a player at this table (%(seats)s)"), key=show(key),
                        seats=", ".join(at_table)))
                    tricks = None
                    continue
                got = self.integer(value, f"{hplace}.tricks.{key}", 0, rules_engine.TRICKS_PER_HAND)
                if got is None:
                    tricks = None
                elif tricks is not None:
                    tricks[at_table[key]] = got
            if tricks is not None:
                absent = [key for key in at_table if key not in h["tricks"]]
                for key in absent:
                    self.add(f"{hplace}.tricks.{key}", missing())
                if absent:
                    tricks = None
                elif sum(tricks.values()) != rules_engine.TRICKS_PER_HAND:
                    self.add(f"{hplace}.tricks", Message(gettext_noop(
                        "the players' tricks add up to %(sum)s, not 10"), sum=sum(tricks.values())))
                    tricks = None
        # A hand of three has no dealer key (the deal passes to the left): obj() named it already.
        values, good = self.optional("hand", {k: v for k, v in h.items() if k in THREE_HANDED_HAND_KEYS}, hplace)
        spec = HandSpec(number=number or 0, contract=contract or "", declarer="", tricks=0,
                        note=values.get("note") or "", bidder=bidder)
        good &= self.hand_trust(spec, values, hplace, THREE_SEATS)
        if not good or None in (number, contract, bidder, tricks):
            return None
        spec.player_tricks = {s: tricks[s] for s in seats}
        spec.tricks = spec.player_tricks[bidder]
        return spec

    def hand_trust(self, spec: HandSpec, values: dict, hplace: str, sides: tuple[str, ...]) -> bool:
        """Who wrote and who accepted the hand (keys.HAND_TRUST_KEYS, checked one by one by
        keys.OPTIONAL) onto `spec`, held to the table's `sides` (ns and ew, or a table of three's
        seats): a moment or a name only where there is a change or an acceptance, and no side
        accepting a hand it wrote itself. False after a problem."""
        before = self.count
        for key in ("entered_side", "changed_side", "accepted_side"):
            value = values.get(key)
            if value and value != NO_SIDE_NAMED and value not in sides:
                self.add(f"{hplace}.{key}", Message(gettext_noop(
                    '%(value)s is not a side at this table (%(sides)s, or "" for staff)'),
                    value=show(value), sides=", ".join(sides)))
        for key, holder, what in (
            ("changed_at", "changed_side", gettext_noop('only a changed hand has this (give changed_side: the side '
                                                        'that changed it, or "" for staff)')),
            ("accepted_by", "accepted_side", gettext_noop('only an accepted hand has this (give accepted_side: the '
                                                          'side that accepted it, or "" for staff)')),
            ("accepted_at", "accepted_side", gettext_noop('only an accepted hand has this (give accepted_side: the '
                                                          'side that accepted it, or "" for staff)')),
        ):
            if key in values and holder not in values:
                self.add(f"{hplace}.{key}", Message(what))
        if self.count != before or any(values.get(key, "") is None for key in HAND_TRUST_KEYS):
            return False  # a key's own check failed (keys.OPTIONAL), or one above
        spec.entered_side = values.get("entered_side", STAFF_SIDE)
        spec.entered_by = values.get("entered_by", spec.entered_by)
        spec.entered_at = values.get("entered_at")
        spec.changed_side = values.get("changed_side")
        spec.changed_at = values.get("changed_at")
        spec.accepted_side = values.get("accepted_side")
        spec.accepted_by = values.get("accepted_by") or ""
        spec.accepted_at = values.get("accepted_at")
        writer = spec.written_side
        if spec.accepted_side and writer not in (STAFF_SIDE, NO_SIDE_NAMED) and spec.accepted_side == writer:
            self.add(f"{hplace}.accepted_side", Message(gettext_noop(
                '%(side)s last wrote this hand, so it cannot also accept it: another side accepts it, or staff ("")'),
                side=show(writer)))
            return False
        return True

    def late_hands(self, hands: list[HandSpec], tplace: str, index: dict[int, int], ctx: dict) -> None:
        """In an event played as games, no hand may come after the round's last game was complete
        (games_per_round games finished, or a side reached wins_per_round wins). Three-handed, each
        player is a side of his own (games_engine.replay with three sides)."""
        setup, rules = ctx["games"], ctx["rules"]
        replayed = []
        three = bool(hands) and hands[0].player_tricks is not None
        for h in hands:
            try:
                if three:
                    by_player, made = rules_engine.score_three_handed(rules, h.contract, h.bidder, h.player_tricks)
                    order = list(h.player_tricks)
                    replayed.append(games_engine.PlayedHand(h.number, order.index(h.bidder),
                                                            tuple(by_player[p] for p in order), made))
                    continue
                ns, ew, made = games_engine.hand_points(
                    rules, contract=h.contract, declarer=h.declarer, tricks=h.tricks, ns_tricks=h.ns_tricks,
                    penalty_kind=h.penalty_kind, penalty_side=h.penalty_side)
            except rules_engine.RulesError:
                return  # reported by the hand's own checks
            replayed.append(games_engine.played(h.number, h.declarer, ns, ew, made))
        result = games_engine.replay(rules, setup, replayed, sides=3 if three else 2)
        if not result.late_hands:
            return
        done = [g for g in result.games if g.over]
        last = done[-1].last_hand if done else 0
        if setup.wins_per_round is not None and max(result.wins) >= setup.wins_per_round:
            why = (Message(gettext_noop("a player reached wins_per_round, %(wins)s wins"), wins=setup.wins_per_round)
                   if three else
                   Message(gettext_noop("a side reached wins_per_round, %(wins)s wins"), wins=setup.wins_per_round))
        else:
            why = Message(gettext_noop("games_per_round, %(games)s games, were played"), games=setup.games_per_round)
        for number in result.late_hands:
            self.add(f"{tplace}.hands[{index[number]}].hand", Message(gettext_noop(
                "hand %(number)s comes after the round's last game was complete (%(why)s by hand %(last)s)"),
                number=number, why=why, last=last))

    def history(self, data: object, place: str, hands: list[HandSpec]) -> list[ChangeSpec]:
        """A table's history rows, oldest first, as exported with --history."""
        found: list[ChangeSpec] = []
        for i, raw in enumerate(self.lst(data, place) or []):
            cplace = f"{place}[{i}]"
            c = self.obj(raw, cplace, CHANGE_KEYS)
            if c is None:
                continue
            required = self.required_keys(c, CHANGE_REQUIRED, cplace)
            values, good = self.optional("change", c, cplace)
            snapshots = {}
            for key in ("old", "new"):
                snapshots[key] = self.snapshot(c.get(key), f"{cplace}.{key}")
                good &= key not in c or c[key] is None or snapshots[key] is not None
            if good and all(v is not None for v in required.values()):
                found.append(ChangeSpec(**required, **values, **snapshots))
        origins = {c.hand for c in found if c.action in ("create", "import")}
        for hand in hands:
            if hand.number not in origins and found:
                self.add(place, Message(gettext_noop("hand %(number)s has no row that entered or imported it"),
                                        number=hand.number))
        return found

    def snapshot(self, value: object, place: str) -> dict | None:
        """A history row's old or new values: an object of text, numbers, true/false or null, or of
        one level of objects or lists of those (a three-handed hand's seat_tricks by seat, the hand
        numbers a confirmation accepted)."""
        if value is None:
            return None
        if not isinstance(value, dict):
            self.add(place, Message(gettext_noop("expected an object or null, got %(type)s"), type=json_type(value)))
            return None
        ok = True
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                inner = item.items() if isinstance(item, dict) else ((f"[{i}]", v) for i, v in enumerate(item))
                for name, single in inner:
                    ok &= self.snapshot_value(single, f"{place}.{key}{name}" if isinstance(item, list)
                                              else f"{place}.{key}.{name}")
            else:
                ok &= self.snapshot_value(item, f"{place}.{key}")
        return dict(value) if ok else None

    def snapshot_value(self, item: object, place: str) -> bool:
        """One value of a history snapshot: text, a number, true/false or null."""
        if isinstance(item, (dict, list)):
            self.add(place, Message(gettext_noop("expected text, a number, true/false or null, got %(type)s"),
                                    type=json_type(item)))
            return False
        if isinstance(item, str):
            return self.text(item, place, MAX_NOTE) is not None
        return True

    def staff(self, data: object) -> list[StaffSpec]:
        found: list[StaffSpec] = []
        seen: dict[str, int] = {}
        for i, raw in enumerate(self.lst(data, "staff") or []):
            place = f"staff[{i}]"
            s = self.obj(raw, place, STAFF_KEYS)
            if s is None:
                continue
            values = self.required_keys(s, STAFF_REQUIRED, place)
            name = values["username"]
            if name is not None and name in seen:
                self.add(f"{place}.username", Message(gettext_noop("%(name)s is listed twice (also %(also)s)"),
                                                      name=name, also=f"staff[{seen[name]}]"))
                continue
            if name is not None:
                seen[name] = i
            if all(v is not None for v in values.values()):
                found.append(StaffSpec(**values))
        return found

    def one_hand(self, raw: object, hplace: str, ctx: dict) -> HandSpec | None:
        h = self.obj(self.v1_view(raw, "hand", hplace), hplace, self.keys_for(HAND_KEYS, HAND_KEYS_V1))
        if h is None:
            return None
        if h.get("contract") == NOBID:
            return self.no_bid_hand(h, hplace, ctx)
        ok = True
        number = None
        hpr = ctx["hands_per_round"]
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        elif hpr:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, hpr)
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1)
        contract = None
        if "contract" not in h:
            self.add(f"{hplace}.contract", missing())
        else:
            parsed = None
            try:
                parsed = rules_engine.parse_contract(h["contract"])
                if ctx["rules"] is not None:
                    ctx["rules"].check_legal(parsed)
                contract = parsed.code
            except rules_engine.RulesError as exc:
                self.add(f"{hplace}.contract", _contract_problem(exc, h["contract"], parsed, ctx["rules"]))
        declarer = None
        if "declarer" not in h:
            self.add(f"{hplace}.declarer", missing())
        else:
            declarer = self.choice(h["declarer"], f"{hplace}.declarer", SIDES, gettext_noop("a side"))
        tricks = None
        if "tricks" not in h:
            self.add(f"{hplace}.tricks", missing())
        else:
            tricks = self.integer(h["tricks"], f"{hplace}.tricks", 0, rules_engine.TRICKS_PER_HAND)
        if "ns_tricks" in h:
            self.add(f"{hplace}.ns_tricks", Message(gettext_noop('only a hand nobody bid (contract "NOBID") has this')))
            ok = False
        spec = HandSpec(number=number or 0, contract=contract or "", declarer=declarer or "", tricks=tricks or 0)
        if "penalty" in h:
            ok &= self.penalty(h["penalty"], f"{hplace}.penalty", spec)
        values, good = self.optional("hand", h, hplace)
        ok &= good
        spec.note = values.get("note") or ""
        spec.dealer = values.get("dealer") or ""
        ok &= self.hand_trust(spec, values, hplace, SIDES)
        if not ok or number is None or contract is None or declarer is None or tricks is None:
            return None
        return spec

    def no_bid_hand(self, h: dict, hplace: str, ctx: dict) -> HandSpec | None:
        """`{"hand": 3, "contract": "NOBID", "ns_tricks": 6}`: a hand nobody bid, played at no trump
        where the rules say so (no_bid play_no_trump); no declarer, no tricks."""
        ok = True
        number = None
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, ctx["hands_per_round"] or None)
        if self.version == 1:
            self.add(f"{hplace}.contract", Message(gettext_noop('"NOBID" (a hand nobody bid) needs a %(v2)s file'),
                                                   v2=show(FORMAT_V2)))
            return None
        rules = ctx["rules"]
        if rules is not None and rules.no_bid != "play_no_trump":
            self.add(f"{hplace}.contract", Message(gettext_noop(
                "NOBID: under %(rules)s a hand nobody bid is not played (no_bid is %(no_bid)s; only play_no_trump "
                "allows it)"), rules=Message(rules.label), no_bid=rules.no_bid))
            ok = False
        for key in ("declarer", "tricks"):
            if key in h:
                self.add(f"{hplace}.{key}", Message(gettext_noop(
                    "a hand nobody bid has none (give ns_tricks, the tricks N-S took)")))
                ok = False
        ns_tricks = None
        if "ns_tricks" not in h:
            self.add(f"{hplace}.ns_tricks", Message(gettext_noop(
                "missing (the tricks N-S took in the hand nobody bid)")))
        else:
            ns_tricks = self.integer(h["ns_tricks"], f"{hplace}.ns_tricks", 0, rules_engine.TRICKS_PER_HAND)
        spec = HandSpec(number=number or 0, contract=NOBID, declarer="", tricks=0, ns_tricks=ns_tricks)
        if "penalty" in h:
            ok &= self.penalty(h["penalty"], f"{hplace}.penalty", spec)
            if spec.penalty_kind == "revoke":
                self.add(f"{hplace}.penalty.kind", Message(gettext_noop(
                    "a hand nobody bid has no bid for a revoke to defeat")))
                ok = False
        values, good = self.optional("hand", h, hplace)
        spec.note = values.get("note") or ""
        spec.dealer = values.get("dealer") or ""
        good &= self.hand_trust(spec, values, hplace, SIDES)
        if not (ok and good) or number is None or ns_tricks is None:
            return None
        return spec

    def penalty(self, raw: object, pplace: str, spec: HandSpec) -> bool:
        p = self.obj(raw, pplace, PENALTY_KEYS)
        if p is None:
            return False
        before = self.count
        if "kind" not in p:
            self.add(f"{pplace}.kind", missing())
        else:
            what = gettext_noop("a penalty kind")
            spec.penalty_kind = self.choice(p["kind"], f"{pplace}.kind", PENALTY_KINDS, what) or ""
        if "side" in p:
            spec.penalty_side = self.choice(p["side"], f"{pplace}.side", SIDES, gettext_noop("a side")) or ""
        if "seat" in p:
            seat = self.choice(p["seat"], f"{pplace}.seat", SEATS, gettext_noop("a seat"))
            if seat and spec.penalty_side and SIDE_OF_SEAT[seat] != spec.penalty_side:
                self.add(f"{pplace}.seat", Message(gettext_noop("%(seat)s sits %(side)s, not %(other)s"), seat=seat,
                                                   side=SIDE_OF_SEAT[seat], other=spec.penalty_side))
            elif seat:
                spec.penalty_seat = seat
                spec.penalty_side = spec.penalty_side or SIDE_OF_SEAT[seat]
        if spec.penalty_kind == "revoke" and not spec.penalty_side and "side" not in p:
            self.add(f"{pplace}.side", Message(gettext_noop("a revoke needs the side that revoked (ns or ew)")))
        return self.count == before


    def tiebreak(self, raw: object, place: str, ctx: dict) -> TiebreakSpec | None:
        individuals = ctx["entrants"] == "individuals"
        t = self.obj(raw, place, INDIVIDUAL_TIEBREAK_KEYS if individuals else TIEBREAK_KEYS)
        if t is None:
            return None
        members: list[int] = []
        key = "players" if individuals else "partnerships"
        words = ENTRANT_WORDS[ctx["entrants"]]
        if key not in t:
            self.add(f"{place}.{key}", missing())
        elif self.lst(t[key], f"{place}.{key}") is not None:
            for j, num in enumerate(t[key]):
                got = self.partnership_ref(num, f"{place}.{key}[{j}]", ctx, None)
                if got is not None and got in members:
                    self.add(f"{place}.{key}[{j}]", Message(words["tiebreak_twice"], number=got))
                elif got is not None:
                    members.append(got)
            if len(t[key]) < 2:
                self.add(f"{place}.{key}", Message(words["tiebreak_two"]))
        fillers: list[int] = []
        if individuals and "fillers" in t and self.lst(t["fillers"], f"{place}.fillers") is not None:
            for j, num in enumerate(t["fillers"]):
                fplace = f"{place}.fillers[{j}]"
                got = self.partnership_ref(num, fplace, ctx, None)
                if got is None:
                    continue
                if got in fillers:
                    self.add(fplace, Message(words["tiebreak_twice"], number=got))
                elif got in members:
                    self.add(fplace, Message(gettext_noop(
                        "player %(number)s plays in this tiebreak and cannot also fill a seat"), number=got))
                elif got in ctx["withdrawn"]:
                    self.add(fplace, Message(gettext_noop("player %(number)s has withdrawn and cannot fill a seat"),
                                             number=got))
                else:
                    fillers.append(got)
        seated = [*members, *fillers]
        if "tables" in t and "rounds" in t:
            self.add(place, Message(gettext_noop("give either tables (one round) or rounds, not both")))
            return None
        if "rounds" in t:
            rounds = self.rounds_list(t["rounds"], f"{place}.rounds", ctx, tiebreak=seated)
        else:
            rnd = self.one_round({"tables": t["tables"]} if "tables" in t else {}, place, 1, ctx, tiebreak=seated)
            rounds = [rnd] if rnd is not None else []
        rounds.sort(key=lambda r: r.number)
        return TiebreakSpec(partnerships=sorted(members), rounds=rounds, fillers=sorted(fillers))


def check(data: object) -> tuple[list[str], EventFile | None]:
    """Every problem in `data` (a parsed JSON value) and, when there are none, the EventFile.

    At most 200 problems are listed, then how many more there are; past 2,000 the checking stops
    (values.Problems), so a file of a million little mistakes costs no more than one of 2,000.
    """
    c = _Checker()
    try:
        _check(c, data)
    except TooManyProblems:
        return [*_printable(c.problems), Message(gettext_noop(
            "... and at least %(count)s more problems (the checking stopped there)"),
            count=f"{c.count - MAX_PROBLEMS:,}")], None
    problems = _printable(c.problems)
    if c.count > MAX_PROBLEMS:
        problems.append(Message(gettext_noop("... and %(count)s more problems"), count=c.count - MAX_PROBLEMS))
    return problems, (c.result if not problems else None)


def _printable(problems: list) -> list:
    # Each place is printable already (values.problem); a text value a message quotes is too (values.show).
    return [p if printable(p) == p else printable(p) for p in problems]


# In the file written out again: a character values.CONTROL, BIDI or SURROGATE refuses, as json.dumps
# writes it (\b, \f, \u0001, ...; a lone surrogate or a bidirectional mark as it is). A match may be
# innocent (a written backslash before "f"): only then is every text looked at one by one.
_SUSPECT = re.compile(r"\\[bf]|\\u00[01]|[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _characters(c: _Checker, data: object) -> None:
    """No text anywhere in the file, keys included, holds a character it must not (values.CONTROL, ...)."""
    try:
        # Writing the file out is C; walking four million values to look at each is seconds.
        if not _SUSPECT.search(json.dumps(data, ensure_ascii=False)):
            return
    except (TypeError, ValueError):
        pass  # not plain JSON values: look at each
    for kind, place, value in walk(data):
        if isinstance(value, str) and (problem := character_problem(value)):
            c.add(place or the_file(), Message(gettext_noop("the key %(problem)s"), problem=problem) if kind == "key"
                  else problem)


def _check(c: _Checker, data: object) -> None:
    _characters(c, data)
    entrants = data["event"].get("entrants") if isinstance(data, dict) and isinstance(data.get("event"), dict) else None
    # An entrants value that is no kind of entrant has its own problem; the lists go by the file's keys.
    individuals = entrants == "individuals" or (entrants not in (None, *ENTRANTS) and "players" in data)
    if isinstance(data, dict):
        # Players in a partnership event, or partnerships in an event of individuals: said plainly.
        if individuals and "partnerships" in data:
            c.add("partnerships", Message(gettext_noop(
                'an event of individuals (event.entrants "individuals") lists "players", one per player')))
        elif not individuals and "players" in data:
            c.add("players", Message(gettext_noop(
                'a key of an event of individuals; this event ranks partnerships (give "entrants": "individuals" '
                'in event, or list "partnerships")')))
        data = {k: v for k, v in data.items() if k != ("partnerships" if individuals else "players")}
    top = c.obj(data, "", TOP_KEYS_INDIVIDUALS if individuals else TOP_KEYS)
    if top is None:
        return
    if "format" not in top:
        c.add("format", Message(gettext_noop("missing (expected %(v1)s or %(v2)s)"), v1=show(FORMAT),
                                v2=show(FORMAT_V2)))
    elif detect_format(top) not in FORMATS:
        c.add("format", Message(gettext_noop("%(value)s is not %(v1)s or %(v2)s"), value=show(top["format"]),
                                v1=show(FORMAT), v2=show(FORMAT_V2)))
    else:
        c.version = FORMATS.index(top["format"]) + 1
    event, ruleset = (None, None)
    if "event" not in top:
        c.add("event", missing())
    else:
        event, ruleset = c.event(top["event"])
    ev_raw = top.get("event") if isinstance(top.get("event"), dict) else {}
    # Later checks use what could be read, so one bad field does not hide the rest.
    games = None
    if event is not None and event.games is not None:
        g = event.games
        games = games_engine.GamesSetup(g.hand_limit, g.games_per_round, g.wins_per_round, tuple(g.rank_by))
    ctx = {
        "rules": ruleset,
        "rounds": _within(ev_raw.get("rounds"), MAX_ROUNDS),
        "hands_per_round": _within(ev_raw.get("hands_per_round"), MAX_HANDS_PER_ROUND),
        # A games event may leave hands_per_round null: rounds then end when closed or their games are done.
        "open_hands": ev_raw.get("format") == "games" and ev_raw.get("hands_per_round", 0) is None,
        "games": games,
        "partnerships": None,
        "withdrawn": set(),
        "entrants": "individuals" if individuals else "partnerships",
        # Three-handed rules (tables of three) or four-handed; None when the rules could not be read.
        "three_handed": _three_handed(ev_raw.get("rules")),
    }
    staff = c.staff(top["staff"]) if "staff" in top else []
    partnerships = None
    players: list[PlayerSpec] | None = []
    key = "players" if ctx["entrants"] == "individuals" else "partnerships"
    if key not in top:
        c.add(key, missing())
        players = None
    elif key == "players":
        players = c.players(top["players"])
        partnerships = []
    else:
        partnerships = c.partnerships(top["partnerships"])
    if isinstance(top.get(key), list):
        ctx["partnerships"] = {p["number"] for p in top[key] if isinstance(p, dict) and is_int(p.get("number"))}
        ctx["withdrawn"] = {p["number"] for p in top[key]
                            if isinstance(p, dict) and is_int(p.get("number")) and p.get("withdrawn") is True}
    rounds = c.rounds_list(top.get("rounds", []), "rounds", ctx)
    tiebreaks = []
    for i, raw in enumerate(c.lst(top.get("tiebreaks", []), "tiebreaks") or []):
        tb = c.tiebreak(raw, f"tiebreaks[{i}]", ctx)
        if tb is not None:
            tiebreaks.append(tb)
    if c.count or event is None or partnerships is None or players is None:
        return
    rounds.sort(key=lambda r: r.number)
    c.result = EventFile(event=event, staff=staff, partnerships=partnerships, players=players, rounds=rounds,
                         tiebreaks=tiebreaks)


def parse(data: object) -> EventFile:
    """The EventFile for `data`, or EventFileError listing every problem."""
    problems, result = check(data)
    if problems or result is None:
        raise EventFileError(problems or [Message(gettext_noop("the file could not be read"))])
    return result


def _contract_problem(exc: Exception, raw: object, parsed: rules_engine.Contract | None,
                      rules: rules_engine.RuleSet | None) -> str:
    """The rules' refusal of a contract as a Message when one of these templates says the same
    words (the rules engine words its errors in English only); else its English text."""
    if parsed is None:
        found = [Message(gettext_noop("%(text)s is not a contract (expected text such as 7H or 10NT)"),
                         text=repr(raw)),
                 Message(gettext_noop("%(text)s is not a contract (expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or "
                                      "BNULLO)"), text=repr(raw))]
    elif parsed.is_special:
        found = [Message(gettext_noop("%(code)s (%(contract)s) is not a contract under %(rules)s"), code=parsed.code,
                         contract=Message(rules_engine.SPECIAL_NAMES[parsed.code]), rules=Message(rules.label))]
    else:
        found = [Message(gettext_noop("six bids are not allowed under %(rules)s"), rules=Message(rules.label))]
    return next((message for message in found if message == str(exc)), str(exc))


def _three_handed(preset: object) -> bool | None:
    """Does the rule set `preset` seat three players? None when it names no rule set."""
    if not isinstance(preset, str) or preset not in rules_engine.PRESETS:
        return None
    return rules_engine.PRESETS[preset].players == 3


def _entrant_places(table: TableSpec) -> list[tuple[str, int]]:
    """Each entrant at a table with the key that names it: ns and ew, or the seats of individuals."""
    if not table.seats:
        return [("ns", table.ns), ("ew", table.ew)]
    if len(table.seats) == 3:
        return [(f"seats[{i}]", num) for i, num in enumerate(table.seats)]
    return list(zip(COMPASS, table.seats))


def _within(value: object, high: int) -> int | None:
    """`value` when it is a whole number from 1 to `high`, else None (for the later checks' context)."""
    return value if is_int(value) and 1 <= value <= high else None


def _plain_hand_number(raw: object) -> int | None:
    """The `hand` number of a hand entry that failed other checks, when it is a plain integer."""
    if isinstance(raw, dict) and isinstance(raw.get("hand"), int) and not isinstance(raw.get("hand"), bool):
        return raw["hand"]
    return None
