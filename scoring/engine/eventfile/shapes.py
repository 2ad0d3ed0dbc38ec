"""How each kind of entrant and each table layout is written in the event file: one lookup entry
per kind, so the checker, the writer and the importer ask the entry, never which kind it is.

The file's format is a contract (docs/event-file.md): these entries describe it as it is.

- ENTRANT_FILES, keyed by event.entrants: the top-level list ("partnerships" or "players"), the
  keys a table and a tiebreak allow, the words that name an entrant in a problem, whether a
  tiebreak may have fillers.
- TABLE_SHAPES, keyed by the table layout (scoring.engine.layouts.LAYOUTS): how a table names the
  entrants at it (a key per place, the place in lower case: "ns"/"ew" for partnerships, "n", "e",
  "s", "w" for a progressive table; or "seats", the players in seating order, at a table of
  three), how its hands are written ("sides": declarer a side and the side's tricks;
  "players": declarer a player number and every player's tricks, at five the called partner too;
  "teams": declarer a player number and each team's tricks, at six) and the words its problems use.

The tables of two, five and six are entries here (and their layouts in LAYOUTS), chosen by the
event's players_per_table and six_handed (table_shape, layouts.layout_for_file): no branch elsewhere.
Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine import layouts as layouts_engine
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile.keys import (
    FIVE_HANDED_HAND_KEYS,
    INDIVIDUAL_TABLE_KEYS,
    INDIVIDUAL_TIEBREAK_KEYS,
    TABLE_KEYS,
    THREE_HANDED_HAND_KEYS,
    TIEBREAK_KEYS,
    TOP_KEYS,
    TOP_KEYS_INDIVIDUALS,
)
from scoring.engine.vocabulary import ENTRANTS, gettext_noop

DEFAULT_ENTRANTS = ENTRANTS[0]  # an event file without event.entrants ranks partnerships


@dataclass(frozen=True)
class EntrantFile:
    """How the file lists one kind of entrant."""

    key: str  # the top-level list, and a tiebreak's list of who plays it
    top_keys: tuple[str, ...]
    table_keys: tuple[str, ...]
    tiebreak_keys: tuple[str, ...]
    words: Mapping[str, str]  # the same checks word an entrant as a partnership or as a player
    fillers: bool  # may a tiebreak name players who fill its tables?


ENTRANT_FILES: dict[str, EntrantFile] = {
    "partnerships": EntrantFile(
        key="partnerships", top_keys=TOP_KEYS, table_keys=TABLE_KEYS, tiebreak_keys=TIEBREAK_KEYS, fillers=False,
        words={
            "twice_in_round": gettext_noop("partnership %(number)s plays twice in %(round)s (also %(where)s)"),
            "bye_twice": gettext_noop("partnership %(number)s is listed twice as sitting out %(round)s"),
            "bye_and_plays": gettext_noop("partnership %(number)s sits out %(round)s but also plays %(where)s"),
            "expected": gettext_noop("expected a partnership number, got %(type)s %(value)s"),
            "unknown": gettext_noop("partnership %(number)s is not in the partnerships list"),
            "not_in_tiebreak": gettext_noop("partnership %(number)s is not in this tiebreak"),
            "tiebreak_twice": gettext_noop("partnership %(number)s is listed twice"),
            "tiebreak_two": gettext_noop("a tiebreak needs at least two partnerships"),
            # said at the other kind's list, "players"
            "foreign_list": gettext_noop(
                'a key of an event of individuals; this event ranks partnerships (give "entrants": "individuals" '
                'in event, or list "partnerships")'),
        },
    ),
    "individuals": EntrantFile(
        key="players", top_keys=TOP_KEYS_INDIVIDUALS, table_keys=INDIVIDUAL_TABLE_KEYS,
        tiebreak_keys=INDIVIDUAL_TIEBREAK_KEYS, fillers=True,
        words={
            "twice_in_round": gettext_noop("player %(number)s plays twice in %(round)s (also %(where)s)"),
            "bye_twice": gettext_noop("player %(number)s is listed twice as sitting out %(round)s"),
            "bye_and_plays": gettext_noop("player %(number)s sits out %(round)s but also plays %(where)s"),
            "expected": gettext_noop("expected a player number, got %(type)s %(value)s"),
            "unknown": gettext_noop("player %(number)s is not in the players list"),
            "not_in_tiebreak": gettext_noop("player %(number)s is not in this tiebreak"),
            "tiebreak_twice": gettext_noop("player %(number)s is listed twice"),
            "tiebreak_two": gettext_noop("a tiebreak needs at least two players"),
            "foreign_list": gettext_noop(
                'an event of individuals (event.entrants "individuals") lists "players", one per player'),
        },
    ),
}


@dataclass(frozen=True)
class TableShape:
    """How a table of one layout is written in the file.

    `seating`: how the table names its entrants, and the checker's reading of it: "pair" (two
    partnerships, "ns" and "ew"), "keyed" (a key per seat, the seat in lower case: "n", "e", "s",
    "w") or "listed" (the players under one key, "seats", in seating order). `hands`: "sides" or
    "players" (the checker's and the writer's reading of a hand). `words`: the problems only this
    shape words its own way: "entered" (what a table's entered_side names), "wins" (who reached
    wins_per_round), and for a listed table "listed_missing", "listed_count" and "foreign" (a key
    of a keyed table); for a keyed table, "foreign" (the "seats" key of a listed table)."""

    layout: layouts_engine.Layout
    seating: str
    hands: str
    words: Mapping[str, str]
    hand_keys: tuple[str, ...] = THREE_HANDED_HAND_KEYS  # a hand's keys where it names players ("players", "teams")

    @property
    def entrants(self) -> EntrantFile:
        return ENTRANT_FILES[self.layout.entrants]

    @property
    def listed(self) -> bool:
        return self.seating == "listed"

    @property
    def place_keys(self) -> tuple[str, ...]:
        """The keys a keyed table names its entrants by, in the order of TableSpec.seats (or ns, ew)."""
        return () if self.listed else tuple(place.lower() for place in self.layout.places)

    def places(self, table) -> list[tuple[str, int]]:
        """Each entrant at `table` (a TableSpec) with the key that names it in the file."""
        if self.listed:
            return [(f"seats[{i}]", number) for i, number in enumerate(table.seats)]
        return list(zip(self.place_keys, self.numbers(table)))

    def file_places(self, table) -> dict:
        """The keys that name `table`'s entrants in the file: {"ns", "ew"}, {"n", "e", "s", "w"} or {"seats": [...]}."""
        return {"seats": list(table.seats)} if self.listed else dict(self.places(table))

    def numbers(self, table) -> tuple[int, ...]:
        """The entrant numbers at `table` in the order of Layout.places: a partnership table's ns and
        ew, a table of individuals' seats."""
        return (table.ns, table.ew) if self.seating == "pair" else table.seats

    def seat_of(self, seats: tuple[int, ...] | None) -> dict[int, str]:
        """{player number: the layout's seat} for a table's `seats` (TableSpec.seats; {} for partnerships)."""
        return dict(zip(seats or (), self.layout.seats))

    def entry_fields(self, hand, seat_of: Mapping[int, str]) -> dict:
        """A file's hand (HandSpec) as the stored fields Layout.entry takes (scoring.models.Hand's
        columns): `seat_of` maps a player number to his seat (TableShape.seat_of)."""
        return HAND_FIELDS[self.hands](hand, seat_of)

    def file_fields(self, stored: dict, number_at: Mapping[str, int]) -> dict:
        """A stored hand's fields (scoring.models.Hand: declarer_seat and seat_tricks among them) as
        HandSpec's: `number_at` maps a seat to the player sitting there, in seating order."""
        return FILE_FIELDS[self.hands](dict(stored), number_at)

    def foreign_keys(self) -> tuple[str, ...]:
        """Keys a table of another layout of the same entrants names its players by, refused here."""
        others = [shape for shape in TABLE_SHAPES.values()
                  if shape is not self and shape.layout.entrants == self.layout.entrants]
        if self.listed:
            return tuple(dict.fromkeys(key for shape in others for key in shape.place_keys))
        return ("seats",) if any(shape.listed for shape in others) else ()


def _sides_fields(hand, seat_of: Mapping[int, str]) -> dict:
    """A hand of two sides: the bidding side and its tricks, or N-S's tricks in a hand nobody bid."""
    return {"contract": hand.contract, "declarer": hand.declarer, "tricks": hand.tricks, "ns_tricks": hand.ns_tricks,
            "penalty_kind": hand.penalty_kind, "penalty_side": hand.penalty_side}


def _players_fields(hand, seat_of: Mapping[int, str]) -> dict:
    """A hand where each plays for himself: the bidder's seat and every seat's tricks, and at five
    the called partner's seat ("" for none)."""
    partner = {"partner_seat": seat_of[hand.partner]} if hand.partner is not None else {}
    return {"contract": hand.contract, "declarer_seat": seat_of[hand.bidder],
            "seat_tricks": {seat_of[number]: tricks for number, tricks in hand.player_tricks.items()},
            "penalty_kind": hand.penalty_kind, "penalty_side": hand.penalty_side, **partner}


def _teams_fields(hand, seat_of: Mapping[int, str]) -> dict:
    """A hand at six: the bidder's seat and each team's tricks (stored by team, Layout.tricks_by)."""
    return {"contract": hand.contract, "declarer_seat": seat_of[hand.bidder], "seat_tricks": dict(hand.team_tricks),
            "penalty_kind": hand.penalty_kind, "penalty_side": hand.penalty_side}


HAND_FIELDS = {"sides": _sides_fields, "players": _players_fields, "teams": _teams_fields}


def _sides_file(stored: dict, number_at: Mapping[str, int]) -> dict:
    stored.pop("declarer_seat", None)
    stored.pop("seat_tricks", None)
    return stored


def _players_file(stored: dict, number_at: Mapping[str, int]) -> dict:
    """Back to player numbers, in seating order; the dealer is the rotation's (a hand of three has no
    dealer key); at five the called partner's number (partner_seat "" or missing: None)."""
    seat, seat_tricks = stored.pop("declarer_seat", ""), stored.pop("seat_tricks", None)
    # A table of five's called partner (partner_seat, "" for none); no key at the other tables.
    partner = {"partner": number_at.get(stored.pop("partner_seat")) or None} if "partner_seat" in stored else {}
    if not seat:
        return stored
    # An established revoke: the player who made it (the stored side is his seat).
    revoke = {"revoke": number_at[stored["penalty_side"]]} if stored.get("penalty_kind") == "revoke" else {}
    return stored | {"bidder": number_at[seat], "dealer": "", "tricks": seat_tricks[seat],
                     "player_tricks": {number: seat_tricks[label] for label, number in number_at.items()}, **partner,
                     **revoke}


def _teams_file(stored: dict, number_at: Mapping[str, int]) -> dict:
    """Back to the bidder's player number and each team's tricks, as stored (by team)."""
    seat, seat_tricks = stored.pop("declarer_seat", ""), stored.pop("seat_tricks", None)
    stored.pop("partner_seat", None)
    if not seat:
        return stored
    revoke = {"revoke": stored["penalty_side"]} if stored.get("penalty_kind") == "revoke" else {}  # the team
    return stored | {"bidder": number_at[seat], "dealer": "", "tricks": 0, "team_tricks": dict(seat_tricks), **revoke}


FILE_FIELDS = {"sides": _sides_file, "players": _players_file, "teams": _teams_file}


def _shape(name: str, *, seating: str, hands: str, hand_keys: tuple[str, ...] = THREE_HANDED_HAND_KEYS,
           **words: str) -> TableShape:
    return TableShape(layouts_engine.LAYOUTS[name], seating, hands, words, hand_keys)


def _more_seats(name: str, hands: str, hand_keys: tuple[str, ...] = THREE_HANDED_HAND_KEYS) -> TableShape:
    """A table of two, five or six (RULES.md section 7): the players listed in seating order under "seats"."""
    return _shape(
        name, seating="listed", hands=hands, hand_keys=hand_keys,
        entered=gettext_noop("a seat or a team at this table"),
        wins=gettext_noop("a player reached wins_per_round, %(wins)s wins"),
        foreign=gettext_noop('a four-handed seat; this table gives "seats" (player numbers in seating order)'),
        listed_missing=gettext_noop("missing (the player numbers, in seating order)"),
        listed_count=gettext_noop("this table seats %(players)s players, got %(count)s"))


A_SIDE = gettext_noop("a side")
SIDE_WINS = gettext_noop("a side reached wins_per_round, %(wins)s wins")
TABLE_SHAPES: dict[str, TableShape] = {
    "partnerships": _shape("partnerships", seating="pair", hands="sides", entered=A_SIDE, wins=SIDE_WINS),
    "progressive": _shape(
        "progressive", seating="keyed", hands="sides", entered=A_SIDE, wins=SIDE_WINS,
        foreign=gettext_noop('three-handed seats; under four-handed rules a table gives "n", "e", "s" and "w" '
                             "(player numbers)")),
    "three-handed": _shape(
        "three-handed", seating="listed", hands="players", entered=gettext_noop("a seat at a table of three"),
        wins=gettext_noop("a player reached wins_per_round, %(wins)s wins"),
        foreign=gettext_noop(
            'a four-handed seat; under three-handed rules a table gives "seats" (three player numbers)'),
        listed_missing=gettext_noop("missing (three player numbers, in seating order)"),
        listed_count=gettext_noop("a three-handed table seats three players, got %(count)s")),
    # The tables of two, five and six (RULES.md section 7), chosen by event.players_per_table (and
    # six_handed): each player's tricks (two, five: with the called partner), or each team's (six).
    "two-handed": _more_seats("two-handed", "players"),
    "five-handed": _more_seats("five-handed", "players", FIVE_HANDED_HAND_KEYS),
    "six-pairs": _more_seats("six-pairs", "teams"),
    "six-threes": _more_seats("six-threes", "teams"),
}


# A table of four in an event of mixed sizes: listed under "seats" like the other tables of that event
# (the players in seating order: N, E, S, W, partners opposite), its hands by side as a progressive table's.
MIXED_FOUR = _shape(
    "progressive", seating="listed", hands="sides",
    entered=A_SIDE, wins=SIDE_WINS,
    foreign=gettext_noop('a four-handed seat; in an event of mixed sizes every table gives "seats" '
                         "(player numbers in seating order)"),
    listed_missing=gettext_noop("missing (the player numbers, in seating order)"),
    listed_count=gettext_noop("this table seats %(players)s players, got %(count)s"))

# Each layout's shape in an event of mixed sizes: the tables of four listed too (MIXED_FOUR).
MIXED_SHAPES: dict[str, TableShape] = {**TABLE_SHAPES, layouts_engine.MIXED_EVENT_LAYOUT: MIXED_FOUR}


def mixed_table_shape(layout: str) -> TableShape:
    """How a table of the layout `layout` is written in an event of mixed sizes: its players listed."""
    return MIXED_SHAPES[layout]


@dataclass(frozen=True)
class FileSizing:
    """How an event file's tables are shaped: the engine's sizing (layouts.file_sizing: one size, or
    mixed sizes for players_per_table "mixed") read through the file's table shapes. A table with no
    layout of its own has the event's shape; one with its own (an event of mixed sizes) is written as
    that layout's table is there (mixed_table_shape: its players listed). of_table raises LayoutError,
    naming the field, for a number of players no layout of the event seats."""
    sizing: layouts_engine.OneSize | layouts_engine.MixedSizes
    shape: TableShape | None  # the event's shape (table_shape)

    @property
    def stored(self) -> str:
        """Event.mixed_sizes."""
        return self.sizing.stored

    def of_table(self, players: int) -> TableShape | None:
        own = self.sizing.table_layout(players)
        return self.shape if own is None else mixed_table_shape(own.name)

    def table_layout(self, players: int) -> str:
        """Table.layout: the table's own layout's name, "" for the event's."""
        own = self.sizing.table_layout(players)
        return "" if own is None else own.name


def event_sizing(entrants: object, preset: object, players_per_table: object = None,
                 six_handed: object = "") -> FileSizing:
    """How the tables of an event of `entrants` under `preset` are shaped, by its players_per_table
    (and six_handed): its shape (table_shape) and each table's (of_table)."""
    shape = table_shape(entrants, preset, players_per_table, six_handed)
    return FileSizing(layouts_engine.file_sizing(shape and shape.layout, players_per_table, six_handed), shape)


def shape_of_table(ev, table) -> TableShape | None:
    """The shape of `table` (a TableSpec) in the event `ev` (an EventSpec), as the event's sizing
    gives it: in an event of mixed sizes the one of its number of players, else the event's one shape."""
    return event_sizing(ev.entrants, ev.rules, ev.players_per_table, ev.six_handed).of_table(len(table.seats))


def table_shape(entrants: object, preset: object, players_per_table: object = None,
                six_handed: object = "") -> TableShape | None:
    """The shape of a table in an event of `entrants` under the rule set `preset`: the one layout
    of those entrants; for individuals the layout of `players_per_table` (and `six_handed` at six,
    layouts.layout_for_file), or when that is None the one whose rule sets seat as many players as
    `preset` (3 three-handed, else 4). None when they do not say (the rules, the entrants or the
    table size could not be read: their own problem says so)."""
    of_entrants = [shape for shape in TABLE_SHAPES.values() if shape.layout.entrants == entrants]
    if len(of_entrants) == 1:
        return of_entrants[0]
    # A sizing that fixes the event's layout whatever the file's entrants (mixed sizes: its tables of four).
    fixed = layouts_engine.file_sizing(None, players_per_table, six_handed).layout
    if fixed is not None:
        return mixed_table_shape(fixed.name)
    if players_per_table is not None:
        try:
            return TABLE_SHAPES[layouts_engine.layout_for_file(players_per_table, six_handed or "").name]
        except (layouts_engine.LayoutError, TypeError):
            return None
    if not isinstance(preset, str) or preset not in rules_engine.PRESETS:
        return None
    players = rules_engine.PRESETS[preset].players
    return next((shape for shape in of_entrants if shape.layout.rules_players == players), None)


def default_players_per_table(preset: object) -> int:
    """An event file's players_per_table when it leaves it out: 3 under the three-handed rules, 4
    otherwise (files written before tables of two, five and six import unchanged)."""
    rules = rules_engine.PRESETS.get(preset) if isinstance(preset, str) else None
    return rules.players if rules is not None else 4


def seats_layout(entrants: object, players: int) -> bool:
    """Does a layout seat `entrants` under a rule set for `players` players?"""
    return any(shape.layout.entrants == entrants and shape.layout.rules_players == players
               for shape in TABLE_SHAPES.values())
