"""Table layouts: who sits at a table, how the seats form sides, who deals, how a hand is scored
and credited to the entrants, and how the rounds are planned. One registered entry per layout.

Pure Python, no Django, no database. A layout is a variant chosen by name (Event.layout), the way
healthchecks picks TRANSPORTS[kind] and Tabbycat picks a draw generator by teams per debate: the
layers above ask the layout, they do not ask which layout it is. Today's layouts (RULES.md
sections 3 and 6):

- "partnerships": four players, partners opposite (N-S against E-W); the entrants are the two
  partnerships, each credited its side's points; the partnership movement (movement.plan);
- "progressive": four individuals, partners opposite for one round (RULES.md section 6); every
  hand is scored as a partnership hand and each player is credited his side's points; the
  movement of individuals at tables of four (movement_individuals.plan, seats=4);
- "three-handed": three individuals, each for himself (RULES.md section 6): the bidder scores the
  contract, each defender his own tricks; movement_individuals.plan with seats=3.

A table of two, five or six (RULES.md section 7) is one more entry of LAYOUTS: its seats, its
sides (six as three teams of two or two teams of three), the rule-set players it scores under,
its bid scorer and its planner. The hand-scoring dispatch is written once (Layout.score): a hand
nobody bid (every side 10 a trick), else the layout's bid scorer (sides of partners, or each for
himself).

What this module does not do: read or write the database, validate a form (the services turn a
LayoutError into the field's message), or judge a game to 500 (scoring.engine.games, with
formats.py for what ends a round).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial

from scoring.engine import movement, movement_individuals
from scoring.engine import rules as rules_engine
from scoring.engine.games import PlayedHand
from scoring.engine.vocabulary import (
    ENTRANTS,
    NOBID,
    PENALTY_KINDS,
    SEATS,
    SIDE_OF_SEAT,
    THREE_SEATS,
    gettext_noop,
)


class LayoutError(rules_engine.RulesError):
    """A hand or a seating this layout cannot take; the message starts with the field it names."""


@dataclass(frozen=True)
class HandEntry:
    """One hand as the table reports it, in the layout's own terms.

    `declarer`: the bidding side (a partnership side "ns"/"ew"; at a table where each plays for
    himself, the bidder's seat, which is his side). `tricks`: the tricks the bidding side took,
    enough where there are two sides. `side_tricks`: every side's tricks, needed where there are
    more than two sides and for a hand nobody bid (contract NOBID, no declarer). `penalty_side`:
    the side that committed the penalty, "" for none."""

    contract: str
    declarer: str = ""
    tricks: int | None = None
    side_tricks: Mapping[str, int] | None = None
    penalty_kind: str = ""
    penalty_side: str = ""


@dataclass(frozen=True)
class HandResult:
    """What one hand gives: points per side and per seat (each seat its side's points), whether the
    bid was made (never for a hand nobody bid) and the bidding side ("" when nobody bid)."""

    sides: dict[str, int]
    seats: dict[str, int]
    made: bool
    declarer: str = ""


BidScorer = Callable[[rules_engine.RuleSet, "Layout", HandEntry], tuple[dict[str, int], bool]]


@dataclass(frozen=True)
class Layout:
    """One kind of table. `seats` in dealing order (the deal passes to the left, RULES.md
    section 3); `side_of` maps each seat to its side; `entrants` says whether an entrant is a
    partnership (one per side) or a player (one per seat); `rules_players` is the `players` of
    the rule sets it scores under (rules.RuleSet.players)."""

    name: str
    label: str
    seats: tuple[str, ...]
    side_of: Mapping[str, str]
    entrants: str
    rules_players: int
    score_bid: BidScorer
    # The movement: (numbers, rounds, first_round=, history=, current=) -> planned rounds.
    planner: Callable
    planner_name: str
    penalty_kinds: tuple[str, ...] = PENALTY_KINDS
    first_dealer: str = ""
    side_labels: Mapping[str, str] = field(default_factory=dict)
    # Whether a hand nobody bid is recorded at this table where the rule set plays it (RULES.md
    # section 2); a table where each plays for himself records only bid hands (its entry and its
    # sheet have no place for one), so it is refused there whatever the rules say.
    plays_no_bid: bool = True

    def __post_init__(self) -> None:
        if self.entrants not in ENTRANTS:
            raise LayoutError(f"entrants: {self.entrants!r} is not one of {', '.join(ENTRANTS)}")
        if set(self.side_of) != set(self.seats) or len(set(self.seats)) != len(self.seats):
            raise LayoutError(f"side_of: the layout {self.name!r} must give every seat exactly one side")
        if self.first_dealer and self.first_dealer not in self.seats:
            raise LayoutError(f"first_dealer: {self.first_dealer!r} is not a seat of {self.name!r}")

    # ------------------------------------------------------------ seats and sides

    @property
    def players(self) -> int:
        """Players at one table."""
        return len(self.seats)

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in seating order of their first seat: ("ns", "ew"), or the three seats."""
        return tuple(dict.fromkeys(self.side_of[seat] for seat in self.seats))

    def seats_of(self, side: str) -> tuple[str, ...]:
        return tuple(seat for seat in self.seats if self.side_of[seat] == side)

    @property
    def individuals(self) -> bool:
        return self.entrants == "individuals"

    @property
    def places(self) -> tuple[str, ...]:
        """Where an entrant sits: a side for a partnership, a seat for a player."""
        return self.seats if self.individuals else self.sides

    @property
    def entrants_per_table(self) -> int:
        return len(self.places)

    @property
    def players_per_entrant(self) -> int:
        """The players registered as one entrant: two for a partnership, one for a player."""
        return self.players // self.entrants_per_table

    @property
    def table_storage(self) -> str:
        """How a round's tables are stored: "sides" (one partnership per side: Table.ns, Table.ew)
        or "seats" (one player per seat: TableSeat rows, in Layout.seats order)."""
        return "seats" if self.individuals else "sides"

    @property
    def each_for_himself(self) -> bool:
        """Every seat is a side of its own (three-handed; two-handed next)."""
        return len(self.sides) == len(self.seats)

    def sides_text(self, numbers: Mapping[str, object]) -> tuple[str, str]:
        """Who plays at a table, as the two texts of "3 v 7" or "3 & 7 v 2 & 9": each side's entrants
        joined by " & " (a partnership per side, or a side's players), or where each plays for
        himself the first seat, then the others joined by " v " ("3", "7 v 2"). `numbers` maps a
        place (Layout.places: a side, or a seat) to its entrant's number."""
        if self.each_for_himself:
            ordered = [str(numbers[seat]) for seat in self.seats if seat in numbers]
            return (ordered[0] if ordered else "", " v ".join(ordered[1:]))
        first, second = (" & ".join(str(numbers[p]) for p in self.places if self.side_of.get(p, p) == side
                                    and p in numbers) for side in self.sides)
        return first, second

    def dealer(self, hand_number: int) -> str:
        """Who deals hand `hand_number` (1, 2, ...): the deal passes one seat to the left each hand,
        so at a table of four each player deals once in four hands (RULES.md section 3)."""
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
            raise LayoutError(f"hand: {hand_number!r} is not a hand number (1 or more)")
        start = self.seats.index(self.first_dealer or self.seats[0])
        return self.seats[(start + hand_number - 1) % len(self.seats)]

    # ------------------------------------------------------------ scoring

    def score(self, rules: rules_engine.RuleSet, hand: HandEntry) -> HandResult:
        """Score one hand: the one dispatch (a hand nobody bid, else the layout's bid scorer).
        Raises LayoutError (a RulesError) naming the field at fault."""
        if rules.players != self.rules_players:
            raise LayoutError(f"rules_preset: {rules.label} is for tables of {rules.players}, "
                              f"not for the layout {self.name} ({self.rules_players} players)")
        if hand.penalty_kind and hand.penalty_kind not in self.penalty_kinds:
            raise LayoutError(f"penalty_kind: {hand.penalty_kind!r} is not recorded at a table of the layout "
                              f"{self.name} (one of {', '.join(self.penalty_kinds)})")
        if hand.penalty_side and hand.penalty_side not in self.sides:
            raise LayoutError(f"penalty_side: {hand.penalty_side!r} is not a side ({', '.join(self.sides)})")
        if hand.contract == NOBID:
            sides, made, declarer = self._score_no_bid(rules, hand), False, ""
        else:
            if hand.declarer not in self.sides:
                raise LayoutError(f"declarer: {hand.declarer!r} is not a side ({', '.join(self.sides)})")
            sides, made = self.score_bid(rules, self, hand)
            declarer = hand.declarer
        sides = {side: sides[side] for side in self.sides}
        seats = {seat: sides[self.side_of[seat]] for seat in self.seats}
        return HandResult(sides, seats, made, declarer)

    def _score_no_bid(self, rules: rules_engine.RuleSet, hand: HandEntry) -> dict[str, int]:
        """Nobody bid, played at no trump where the rules allow it: every side 10 a trick (RULES.md section 2)."""
        if not self.plays_no_bid:
            raise LayoutError(f"contract: a hand nobody bid is not played at a table of the layout {self.name}")
        if hand.declarer:
            raise LayoutError("declarer: a hand nobody bid has no bidder")
        if hand.penalty_kind in rules_engine.SCORING_PENALTIES:
            raise LayoutError("penalty_kind: a hand nobody bid has no bid to defeat (write a note instead)")
        counts = _side_tricks(self, hand, "seat_tricks" if self.each_for_himself else "ns_tricks")
        return dict(zip(self.sides, rules_engine.score_no_bid_hand(rules, [counts[s] for s in self.sides])))

    def credit(self, result: HandResult, at: Mapping[str, object]) -> dict[object, int]:
        """Each entrant's points for one hand: `at` maps a place (a side for partnerships, a seat
        for players; Layout.places) to the entrant sitting there."""
        unknown = [place for place in at if place not in self.places]
        if unknown:
            raise LayoutError(f"places: {', '.join(map(repr, unknown))} is not a place at this table "
                              f"({', '.join(self.places)})")
        points = result.seats if self.individuals else result.sides
        return {entrant: points[place] for place, entrant in at.items()}

    def played(self, number: int, result: HandResult) -> PlayedHand:
        """A scored hand as the games replay takes it (scoring.engine.games): sides in Layout.sides order."""
        declarer = self.sides.index(result.declarer) if result.declarer else None
        return PlayedHand(number, declarer, tuple(result.sides[s] for s in self.sides), result.made)

    # ------------------------------------------------------------ the stored shape (today's columns)

    def entry(self, *, contract: str, declarer: str = "", tricks: int | None = 0, ns_tricks: int | None = None,
              declarer_seat: str = "", seat_tricks: Mapping[str, int] | None = None, penalty_kind: str = "",
              penalty_side: str = "") -> HandEntry:
        """A HandEntry from a hand's stored fields (scoring.models.Hand, the event file): a table of
        partners stores the bidding side and its tricks (`ns_tricks` when nobody bid), a table
        where each plays for himself the bidder's seat and every seat's tricks."""
        contract = str(contract or "").strip().upper()
        if self.each_for_himself:
            return HandEntry(contract, declarer_seat, None, dict(seat_tricks) if seat_tricks else None,
                             penalty_kind, penalty_side)
        side_tricks = None
        if contract == NOBID and ns_tricks is not None and len(self.sides) == 2:
            side_tricks = {self.sides[0]: ns_tricks,
                           self.sides[1]: rules_engine.TRICKS_PER_HAND - ns_tricks if 0 <= ns_tricks <= 10 else 0}
        return HandEntry(contract, declarer, tricks, side_tricks, penalty_kind, penalty_side)

    def columns(self, result: HandResult) -> dict:
        """The hand's stored points: ns_points, ew_points, made and seat_points (None at a table of
        partners; each seat's own points where each plays for himself, N-S and E-W then 0)."""
        if self.each_for_himself:
            return {"ns_points": 0, "ew_points": 0, "made": result.made, "seat_points": dict(result.seats)}
        first, second = self.sides
        return {"ns_points": result.sides[first], "ew_points": result.sides[second], "made": result.made,
                "seat_points": None}

    def stored(self, *, declarer: str = "", ns_points: int | None = 0, ew_points: int | None = 0, made: bool = False,
               declarer_seat: str = "", seat_points: Mapping[str, int] | None = None) -> HandResult:
        """A HandResult from a hand's stored points (the inverse of Layout.columns): N-S and E-W
        points at a table of partners, each seat's points where each plays for himself."""
        if self.each_for_himself:
            points = seat_points or {}
            sides = {side: int(points.get(side, 0)) for side in self.sides}
            declarer = declarer_seat
        else:
            sides = dict(zip(self.sides, (ns_points or 0, ew_points or 0)))
        declarer = declarer if declarer in self.sides else ""
        return HandResult(sides, {seat: sides[self.side_of[seat]] for seat in self.seats}, made, declarer)

    # ------------------------------------------------------------ the movement

    def plan(self, numbers: list[int], rounds: int, *, first_round: int = 1, history: Iterable | None = None,
             current: list | None = None) -> list:
        """Plan the rounds (deterministic): movement.RoundPlan for partnerships,
        movement_individuals.SeatedRound (seats in Layout.seats order) for players."""
        return self.planner(numbers, rounds, first_round=first_round, history=history, current=current)


def _side_tricks(layout: Layout, hand: HandEntry, name: str) -> dict[str, int]:
    raw = hand.side_tricks
    if not isinstance(raw, Mapping) or set(raw) != set(layout.sides):
        raise LayoutError(f"{name}: give the tricks of each of {', '.join(layout.sides)}")
    counts = {}
    for side in layout.sides:
        value = raw[side]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= rules_engine.TRICKS_PER_HAND:
            raise LayoutError(f"{name}: {side}'s {value!r} is not between 0 and {rules_engine.TRICKS_PER_HAND}")
        counts[side] = value
    if sum(counts.values()) != rules_engine.TRICKS_PER_HAND:
        raise LayoutError(f"{name}: the tricks add up to {sum(counts.values())}, not {rules_engine.TRICKS_PER_HAND}")
    return counts


# ---------------------------------------------------------------- bid scorers


def score_partners(rules: rules_engine.RuleSet, layout: Layout, hand: HandEntry) -> tuple[dict[str, int], bool]:
    """Two sides of partners (RULES.md section 2): the bidding side scores the contract, the other
    side 10 a trick; an established revoke as McAllen O (by the side named in penalty_side)."""
    if len(layout.sides) != 2:
        raise LayoutError(f"layout: {layout.name} does not have two sides")
    tricks = hand.tricks
    if hand.side_tricks is not None:
        tricks = _side_tricks(layout, hand, "side_tricks")[hand.declarer]
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= rules_engine.TRICKS_PER_HAND:
        raise LayoutError(f"tricks: {tricks!r} is not between 0 and {rules_engine.TRICKS_PER_HAND}")
    if hand.penalty_kind == "revoke" and not hand.penalty_side:
        raise LayoutError("penalty_side: a revoke needs the side that revoked")
    penalty = None
    if hand.penalty_kind:
        offender = None
        if hand.penalty_side:
            offender = "declarer" if hand.penalty_side == hand.declarer else "defenders"
        penalty = rules_engine.Penalty(hand.penalty_kind, offender)
    score = rules_engine.score_hand(rules, hand.contract, tricks, penalty)
    other = next(side for side in layout.sides if side != hand.declarer)
    return {hand.declarer: score.declarers, other: score.defenders}, score.made


def score_each_for_himself(rules: rules_engine.RuleSet, layout: Layout,
                           hand: HandEntry) -> tuple[dict[str, int], bool]:
    """Each player for himself (three-handed, RULES.md section 6): the bidder scores the contract,
    each defender 10 for each trick he took (rules.score_three_handed)."""
    counts = _side_tricks(layout, hand, "seat_tricks")
    points, made = rules_engine.score_three_handed(rules, hand.contract, hand.declarer, counts)
    return {side: points[side] for side in layout.sides}, made


# ---------------------------------------------------------------- the registry

LAYOUTS: dict[str, Layout] = {
    layout.name: layout
    for layout in (
        Layout(
            name="partnerships",
            label=gettext_noop("Partnerships (four at a table, partners opposite)"),
            seats=SEATS, side_of=SIDE_OF_SEAT, entrants="partnerships", rules_players=4,
            score_bid=score_partners, planner=movement.plan, planner_name="scoring.engine.movement.plan",
            first_dealer="N",
        ),
        Layout(
            name="progressive",
            label=gettext_noop("Progressive individuals (four at a table, a new partner each round)"),
            seats=SEATS, side_of=SIDE_OF_SEAT, entrants="individuals", rules_players=4,
            score_bid=score_partners, planner=partial(movement_individuals.plan, seats=4),
            planner_name="scoring.engine.movement_individuals.plan(seats=4)", first_dealer="N",
        ),
        Layout(
            name="three-handed",
            label=gettext_noop("Three-handed individuals (three at a table, each for himself)"),
            seats=THREE_SEATS, side_of={seat: seat for seat in THREE_SEATS}, entrants="individuals",
            rules_players=3, score_bid=score_each_for_himself,
            planner=partial(movement_individuals.plan, seats=3),
            planner_name="scoring.engine.movement_individuals.plan(seats=3)",
            # Only a note: the revoke rule (McAllen O) is written for two sides.
            penalty_kinds=("note",), first_dealer="1", plays_no_bid=False,
        ),
    )
}
DEFAULT_LAYOUT = "partnerships"
LAYOUT_LABELS = {name: layout.label for name, layout in LAYOUTS.items()}


def layout(name: str) -> Layout:
    """The registered layout `name`; an unknown name raises LayoutError naming the field."""
    try:
        return LAYOUTS[name]
    except (KeyError, TypeError):
        raise LayoutError(f"layout: {name!r} is not one of {', '.join(LAYOUTS)}") from None


def layout_for(entrants: str, players: int) -> Layout:
    """The layout an event of `entrants` under a rule set for `players` is played at: the first
    registered entry that fits (partnerships of four; individuals of four, progressive; three,
    three-handed). How an event made before Event.layout existed is named (migration 0013)."""
    for candidate in LAYOUTS.values():
        if candidate.entrants == entrants and candidate.rules_players == players:
            return candidate
    raise LayoutError(f"entrants: no table layout seats {entrants} under a rule set for {players} players")


def seats_for(players: int) -> tuple[str, ...]:
    """The seat codes of a table of `players` individuals, in seating order ("1", "2", "3", or
    "N", "E", "S", "W"); () when no layout of individuals seats that many."""
    return next((lay.seats for lay in LAYOUTS.values() if lay.individuals and lay.players == players), ())
