"""Checking an event file: a parsed JSON value -> the spec dataclasses, or every problem with its place.

`check()` collects every problem in a file (not just the first), each naming its place, e.g.
`rounds[2].tables[0].hands[3].tricks: 11 is not between 0 and 10`; `parse()` returns an
`EventFile` or raises `EventFileError` with that list. Optional keys are read through the one
table in keys.py. Later checks use what could be read, so one bad field does not hide the rest.
The checks are split by concern: this module the file, the event, its entrants and staff;
checking_tables.py the rounds, tables and tiebreaks; checking_hands.py the hands and history. What
differs by kind of entrant or table layout is looked up in shapes.py (ENTRANT_FILES, TABLE_SHAPES).
Pure Python: no Django, no database, no I/O.
"""

from __future__ import annotations

import datetime
import json
import re

from scoring.engine import formats
from scoring.engine import games as games_engine
from scoring.engine import layouts as layouts_engine
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile.checking_hands import HandChecks
from scoring.engine.eventfile.checking_tables import TableChecks
from scoring.engine.eventfile.keys import (
    EVENT_KEYS,
    EVENT_KEYS_V1,
    GAMES_KEYS,
    MAX_MEMBER_NUMBER,
    OPTIONAL,
    PARTNERSHIP_KEYS,
    PERSON_KEYS,
    PLAYER_KEYS,
    STAFF_KEYS,
    STAFF_REQUIRED,
    V2_ONLY,
)
from scoring.engine.eventfile.reading import detect_format
from scoring.engine.eventfile.shapes import (
    DEFAULT_ENTRANTS,
    ENTRANT_FILES,
    default_players_per_table,
    event_sizing,
    seats_layout,
)
from scoring.engine.eventfile.spec import (
    FORMAT,
    FORMAT_V2,
    FORMATS,
    EventFile,
    EventFileError,
    EventSpec,
    GamesSpec,
    PartnershipSpec,
    PlayerSpec,
    StaffSpec,
)
from scoring.engine.eventfile.values import (
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
    MAX_PARTNERSHIP_NUMBER,
    MAX_PROBLEMS,
    MAX_ROUNDS,
    Message,
    gettext_noop,
)

NOT_A_DATE = gettext_noop("%(value)s is not a date (YYYY-MM-DD)")


class _Checker(TableChecks, HandChecks, Problems):
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
        # Does the format need hands per round (a session), or may they be null (games)? Unread: no.
        needs_hands = (fmt := _format(play_format)) is not None and fmt.needs_hands_per_round
        if "hands_per_round" not in ev:
            self.add("event.hands_per_round", Message(gettext_noop("missing (null for none)"))
                     if fmt is not None and not needs_hands else missing())
        elif ev["hands_per_round"] is None and not needs_hands:
            # Games: the round ends when it is closed or its games are done. (A format that could
            # not be read has its own problem; this one would only repeat it.)
            open_hands = True
        elif ev["hands_per_round"] is None:
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
        players_per_table, six_handed = self.table_size(ev, entrants, preset, ruleset, play_format)
        ok &= players_per_table is not None
        spec_values, good = self.optional("event", ev, "event")
        ok &= good
        if not ok:
            return None, ruleset
        return (
            EventSpec(name=name, date=date, rules=preset, rounds=rounds, hands_per_round=hands,
                      rule_overrides=overrides, format=play_format, games=games, entrants=entrants,
                      players_per_table=players_per_table, six_handed=six_handed,
                      **spec_values),
            ruleset,
        )

    def table_size(self, ev: dict, entrants: str | None, preset: str | None,
                   ruleset: rules_engine.RuleSet | None, play_format: str | None = None) -> tuple[int | None, str]:
        """event.players_per_table and event.six_handed (version 2; issue 25): 2 to 6 players at a
        table of individuals (missing: 3 under the three-handed rules, 4 otherwise), four at a
        partnership table; at six "three-pairs" or "two-threes"; a rule set for as many players as the
        table's layout plays under (the four-handed presets at two, five and six). (None, "") after a
        problem."""
        size = ev.get("players_per_table", default_players_per_table(preset))
        choices = layouts_engine.PLAYERS_PER_TABLE
        if size == layouts_engine.MIXED:
            return self.mixed_sizes(ev, entrants, preset, ruleset, play_format)
        if isinstance(size, bool) or size not in choices:
            self.add("event.players_per_table", Message(gettext_noop(
                "%(value)s is not a number of players at a table (%(choices)s)"), value=show(size),
                choices=", ".join(map(str, choices))))
            return None, ""
        if entrants is not None and entrants != "individuals" and size != 4:
            self.add("event.players_per_table", Message(gettext_noop(
                "an event of partnerships seats four players at a table, not %(count)s"), count=size))
            return None, ""
        six = ev.get("six_handed", "")
        if size == 6 and "six_handed" not in ev:
            self.add("event.six_handed", Message(gettext_noop(
                'missing (a table of six: %(choices)s)'), choices=", ".join(map(show, layouts_engine.SIX_HANDED))))
            return None, ""
        if size != 6 and "six_handed" in ev:
            self.add("event.six_handed", Message(gettext_noop(
                "only a table of six has this (players_per_table is %(count)s)"), count=size))
            return None, ""
        if size == 6 and six not in layouts_engine.SIX_HANDED:
            self.add("event.six_handed", Message(gettext_noop("%(value)s is not %(what)s (%(choices)s)"),
                                                 value=show(six), what=Message(gettext_noop("a way to seat six")),
                                                 choices=", ".join(layouts_engine.SIX_HANDED)))
            return None, ""
        layout = layouts_engine.layout_for_file(size, six)
        if ruleset is not None and entrants == "individuals" and ruleset.players != layout.rules_players:
            fitting = [name for name, r in rules_engine.PRESETS.items() if r.players == layout.rules_players]
            self.add("event.rules", Message(gettext_noop(
                "%(preset)s is a rule set for %(players)s players; tables of %(count)s are played under %(presets)s"),
                preset=preset, players=ruleset.players, count=size, presets=", ".join(fitting)))
            return None, ""
        return size, six

    def mixed_sizes(self, ev: dict, entrants: str | None, preset: str | None,
                    ruleset: rules_engine.RuleSet | None, play_format: str | None) -> tuple[str | None, str]:
        """event.players_per_table "mixed" (RULES.md section 7): an event of individuals played as
        games (points won at tables of different sizes are not comparable), under a four-handed rule
        set; each table seats four, five or six (layouts.mixed_layout); six_handed, given when a
        table seats six. ("mixed", six_handed), or (None, "") after a problem."""
        choices = ", ".join(map(str, layouts_engine.PLAYERS_PER_TABLE))
        fours = layouts_engine.layout(layouts_engine.MIXED_EVENT_LAYOUT)  # its tables of four: who and which rules
        if play_format is not None and not formats.FORMATS[play_format].ends_games:
            self.add("event.players_per_table", Message(gettext_noop(
                '"mixed" only in an event played as games (event.format "games"): points won at '
                "tables of different sizes are not comparable; give one size (%(choices)s)"), choices=choices))
            return None, ""
        if entrants is not None and entrants != fours.entrants:
            self.add("event.players_per_table", Message(gettext_noop(
                '"mixed" table sizes seat players, not partnerships (event.entrants "individuals")')))
            return None, ""
        six = ev.get("six_handed", "")
        if "six_handed" in ev and six not in layouts_engine.SIX_HANDED:
            self.add("event.six_handed", Message(gettext_noop("%(value)s is not %(what)s (%(choices)s)"),
                                                 value=show(six), what=Message(gettext_noop("a way to seat six")),
                                                 choices=", ".join(layouts_engine.SIX_HANDED)))
            return None, ""
        if ruleset is not None and ruleset.players != fours.rules_players:
            fitting = [name for name, r in rules_engine.PRESETS.items() if r.players == fours.rules_players]
            self.add("event.rules", Message(gettext_noop(
                "%(preset)s is a rule set for %(players)s players; mixed table sizes are played under %(presets)s"),
                preset=preset, players=ruleset.players, presets=", ".join(fitting)))
            return None, ""
        return layouts_engine.MIXED, six

    def play_format(self, ev: dict) -> tuple[str | None, GamesSpec | None]:
        """event.format and event.games (version 2): ("session", None), ("games", its settings), or
        (None, None) after a problem."""
        play_format = ev.get("format", "session")
        if play_format not in rules_engine.EVENT_FORMATS:
            self.add("event.format", Message(gettext_noop("%(value)s is not a format of play (%(formats)s)"),
                                             value=show(play_format), formats=", ".join(rules_engine.EVENT_FORMATS)))
            return None, None
        if not formats.FORMATS[play_format].ends_games:
            if "games" in ev:
                self.add("event.games", Message(gettext_noop(
                    'only an event played as games has this (event.format is "session"; '
                    'give "format": "games" or leave games out)')))
                return None, None
            return play_format, None
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
        return (play_format, spec) if ok else (None, None)

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
        kind = entrants or DEFAULT_ENTRANTS  # a bad value has its own problem
        if not seats_layout(kind, base.players):
            four = ", ".join(name for name, r in rules_engine.PRESETS.items() if seats_layout(kind, r.players))
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
                    names, members = [], []
                    for j, raw in enumerate(p["players"]):
                        name, member = self.person(raw, f"{place}.players[{j}]")
                        if name is None:
                            names = None
                        elif names is not None:
                            names.append(name)
                            members.append(member)
            extras, good = self.optional("partnership", p, place)
            if number is None or names is None or not good:
                ok = False
                continue
            found.append(PartnershipSpec(number=number, players=(names[0], names[1]),
                                         members=(members[0], members[1]), **extras))
        return found if ok else None

    def person(self, raw: object, place: str) -> tuple[str | None, int | None]:
        """A partnership's player: a plain name, or {"name": ..., "member": N} naming the club member
        he is (docs/clubs.md); (None, None) after a problem."""
        if not isinstance(raw, dict):
            return self.name(raw, place), None
        person = self.obj(raw, place, PERSON_KEYS)
        if person is None:
            return None, None
        if "name" not in person:
            self.add(f"{place}.name", missing())
            return None, None
        name = self.name(person["name"], f"{place}.name")
        member = self.member(person["member"], f"{place}.member") if "member" in person else None
        if "member" in person and member is None:
            return None, None
        return name, member

    def member(self, raw: object, place: str) -> int | None:
        """A club member number: 1 to MAX_MEMBER_NUMBER, and one person of the event only."""
        number = self.integer(raw, place, 1, MAX_MEMBER_NUMBER)
        if number is None:
            return None
        seen = self.__dict__.setdefault("member_places", {})
        if number in seen:
            self.add(place, Message(gettext_noop("member %(number)s is listed twice (also %(also)s)"),
                                    number=number, also=seen[number]))
            return None
        seen[number] = place
        return number

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
            elif isinstance(p["name"], dict) and "member" not in p:
                # {"name": {"name": "Ana Garza", "member": 17}} is read as {"name": "Ana Garza", "member": 17}
                # (docs/clubs.md): the player written as a partnership's player is.
                person = self.obj(p["name"], f"{place}.name", PERSON_KEYS) or {}
                name = self.name(person["name"], f"{place}.name.name") if "name" in person else None
                if "name" not in person:
                    self.add(f"{place}.name.name", missing())
                p = {**p, **({"member": person["member"]} if "member" in person else {})}
            else:
                name = self.name(p["name"], f"{place}.name")
            member = self.member(p["member"], f"{place}.member") if "member" in p else None
            extras, good = self.optional("partnership", p, place)  # a player's rows are a partnership's
            if number is None or name is None or not good or ("member" in p and member is None):
                ok = False
                continue
            found.append(PlayerSpec(number=number, name=name, member=member, **extras))
        return found if ok else None

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
    raw_entrants = data["event"].get("entrants") if isinstance(data, dict) and isinstance(data.get("event"), dict) \
        else None
    entrants = ENTRANT_FILES[_entrant_kind(raw_entrants, data)]
    if isinstance(data, dict):
        # Players in a partnership event, or partnerships in an event of individuals: said plainly.
        foreign = [other.key for other in ENTRANT_FILES.values() if other is not entrants]
        for key in foreign:
            if key in data:
                c.add(key, Message(entrants.words["foreign_list"]))
        data = {k: v for k, v in data.items() if k not in foreign}
    top = c.obj(data, "", entrants.top_keys)
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
    sizing = event_sizing(_entrant_kind(raw_entrants, data), ev_raw.get("rules"), ev_raw.get("players_per_table"),
                          ev_raw.get("six_handed"))
    ctx = {
        "rules": ruleset,
        "rounds": _within(ev_raw.get("rounds"), MAX_ROUNDS),
        "hands_per_round": _within(ev_raw.get("hands_per_round"), MAX_HANDS_PER_ROUND),
        # A games event may leave hands_per_round null: rounds then end when closed or their games are done.
        "open_hands": not getattr(_format(ev_raw.get("format")), "needs_hands_per_round", True)
        and ev_raw.get("hands_per_round", 0) is None,
        "games": games,
        "partnerships": None,
        "withdrawn": set(),
        "entrants": entrants,
        # How a table is written (its layout, from the entrants and the rules' players); None when
        # the rules could not be read and the entrants do not say.
        "shape": sizing.shape,
        # Each table's shape as the event's sizing gives it (shapes.FileSizing): the event's one shape, or in
        # an event of mixed sizes the one of the table's number of players, six seated as six_handed says.
        "sizing": sizing,
        # A table size that could not be read (its own problem): the hands are not read either.
        "unread_hands": "players_per_table" in ev_raw or "six_handed" in ev_raw,
    }
    staff = c.staff(top["staff"]) if "staff" in top else []
    key = entrants.key
    lists: dict[str, list | None] = {other.key: [] for other in ENTRANT_FILES.values()}
    if key not in top:
        c.add(key, missing())
        lists[key] = None
    else:
        lists[key] = getattr(c, key)(top[key])  # c.partnerships or c.players
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
    members = c.__dict__.get("member_places", {})
    if members and event is not None and not event.club:
        c.add(next(iter(members.values())), Message(gettext_noop(
            'a member number names a member of the event\'s club: give the club\'s slug as event.club')))
    if c.count or event is None or None in lists.values():
        return
    rounds.sort(key=lambda r: r.number)
    c.result = EventFile(event=event, staff=staff, partnerships=lists["partnerships"], players=lists["players"],
                         rounds=rounds, tiebreaks=tiebreaks)


def _entrant_kind(entrants: object, data: object) -> str:
    """The kind of entrant the file's lists are checked as: event.entrants; when that is no kind of
    entrant (its own problem), the kind whose list the file gives, else the default."""
    if entrants in ENTRANT_FILES:
        return entrants
    if entrants is None or not isinstance(data, dict):
        return DEFAULT_ENTRANTS
    return next((kind for kind, f in ENTRANT_FILES.items() if kind != DEFAULT_ENTRANTS and f.key in data),
                DEFAULT_ENTRANTS)


def parse(data: object) -> EventFile:
    """The EventFile for `data`, or EventFileError listing every problem."""
    problems, result = check(data)
    if problems or result is None:
        raise EventFileError(problems or [Message(gettext_noop("the file could not be read"))])
    return result


def _format(name: object) -> formats.Format | None:
    """The event format `name` names (formats.FORMATS), None for anything else."""
    return formats.FORMATS.get(name) if isinstance(name, str) else None


def _within(value: object, high: int) -> int | None:
    """`value` when it is a whole number from 1 to `high`, else None (for the later checks' context)."""
    return value if is_int(value) and 1 <= value <= high else None

