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

The tables of two, five and six (RULES.md section 7), all of individuals, all under the four-handed
rule presets (rules_players=4), the deal passing left:

- "two-handed": seats "1", "2", each for himself: the bidder scores the contract, the opponent 10
  a trick he took;
- "five-handed": seats "1".."5", call a partner: the bidder names a card, whoever holds it is his
  partner for the hand (HandEntry.partner, a seat; "" when the card was in the widow or his own
  hand: he plays alone, the rule five_handed_alone). Made: bidder and partner each score the
  contract; set: each loses it; each of the other three 10 a trick he took himself; the slam (250)
  when bidder and partner take all ten. Misère and the other specials only under the rule
  five_handed_misere (off in every preset);
- "six-pairs": six as three teams of two, partners opposite: team A seats 1 and 4, B 2 and 5, C 3
  and 6; the bidding team scores the contract, each other team 10 a trick it took;
- "six-threes": six as two teams of three: A seats 1, 3, 5, B seats 2, 4, 6, scored exactly as a
  partnership hand (score_partners).

The stored shape (Layout.entry, Layout.columns, Layout.stored): a table of three, two, five or six
stores by seat (Layout.stores_seats): the bidder's seat (declarer_seat, a seat even at six), each
seat's points (seat_points: a seat of a team holds its team's points), and the tricks
(seat_tricks) by seat where each plays for himself (two, three, five) or by team at six
({"A": 4, "B": 3, "C": 3}: Layout.tricks_by); ns_points and ew_points are then 0. A table of five
also stores the called partner's seat (partner_seat, "" for none): Layout.entry takes it and
Layout.columns/Layout.stored give it back, only at a layout that calls a partner
(Layout.calls_partner). An event file names its layout by players_per_table and six_handed
(layout_for_file).

The hand-scoring dispatch is written once (Layout.score): a hand nobody bid (every side 10 a
trick), else the layout's bid scorer (sides of partners, or several sides: each for himself, a
called partner, teams).

Games to 500 at five (scoring.engine.games): the bidder and his called partner win a game
together, so a stored hand replayed into games must carry its partner: Layout.played(number,
Layout.stored(..., partner_seat=hand.partner_seat)), or games.seat_played(..., partner_seat=) where
a reader builds PlayedHand from stored seat points (scoring.results, tournaments.selectors,
scoring.printing.data); without it a game the two won is credited to the bidder alone.

What this module does not do: read or write the database, validate a form (the services turn a
LayoutError into the field's message), or judge a game to 500 (scoring.engine.games, with
formats.py for what ends a round).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial

from scoring.engine import movement, movement_individuals, movement_mixed
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
    himself, the bidder's seat, which is his side; at six, the bidder's team). `tricks`: the tricks
    the bidding side took, enough where there are two sides. `side_tricks`: every side's tricks,
    needed where there are more than two sides and for a hand nobody bid (contract NOBID, no
    declarer). `penalty_side`: the side that committed the penalty, "" for none. `partner`: at a
    table of five, the called partner's seat ("" for none: the bidder alone); "" everywhere else."""

    contract: str
    declarer: str = ""
    tricks: int | None = None
    side_tricks: Mapping[str, int] | None = None
    penalty_kind: str = ""
    penalty_side: str = ""
    partner: str = ""


@dataclass(frozen=True)
class HandResult:
    """What one hand gives: points per side and per seat (each seat its side's points), whether the
    bid was made (never for a hand nobody bid), the bidding side ("" when nobody bid) and at a
    table of five the called partner ("" for none)."""

    sides: dict[str, int]
    seats: dict[str, int]
    made: bool
    declarer: str = ""
    partner: str = ""


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
    # The stored shape: by seat (declarer_seat, seat_tricks, seat_points), or by side (declarer,
    # tricks, ns_points, ew_points) at a table of four.
    stores_seats: bool = False
    # A table of five: the bidder calls a partner for the hand (HandEntry.partner).
    calls_partner: bool = False
    # The `players` of other rule sets a table of this layout is scored under in an event of mixed
    # sizes (mixed_layout): a table of three there plays under the event's four-handed rule set.
    mixed_rules_players: tuple[int, ...] = ()

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
        """Every seat is a side of its own (three-handed, two-handed, five-handed)."""
        return len(self.sides) == len(self.seats)

    @property
    def tricks_by(self) -> tuple[str, ...]:
        """The keys of a hand's tricks as stored (seat_tricks) and as an event file gives them: the
        seats where each plays for himself (a player's number in the file), else the sides ("A",
        "B", "C" at six; "ns", "ew" at four, where one number, the bidding side's, is stored)."""
        return self.sides

    @property
    def tricks_field(self) -> str:
        """The stored field of a hand's tricks, as a message names it."""
        return "seat_tricks" if self.stores_seats else "ns_tricks"

    def sides_text(self, numbers: Mapping[str, object]) -> tuple[str, str]:
        """Who plays at a table, as the two texts of "3 v 7" or "3 & 7 v 2 & 9": each side's entrants
        joined by " & " (a partnership per side, or a side's players), or where each plays for
        himself the first seat, then the others joined by " v " ("3", "7 v 2"). `numbers` maps a
        place (Layout.places: a side, or a seat) to its entrant's number."""
        if self.each_for_himself:
            ordered = [str(numbers[seat]) for seat in self.seats if seat in numbers]
            return (ordered[0] if ordered else "", " v ".join(ordered[1:]))
        teams = [" & ".join(str(numbers[p]) for p in self.places if self.side_of.get(p, p) == side and p in numbers)
                 for side in self.sides]
        return teams[0], " v ".join(teams[1:])  # three teams of two: "1 & 4", "2 & 5 v 3 & 6"

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
        if rules.players != self.rules_players and rules.players not in self.mixed_rules_players:
            raise LayoutError(f"rules_preset: {rules.label} is for tables of {rules.players}, "
                              f"not for the layout {self.name} ({self.rules_players} players)")
        if hand.penalty_kind and hand.penalty_kind not in self.penalty_kinds:
            raise LayoutError(f"penalty_kind: {hand.penalty_kind!r} is not recorded at a table of the layout "
                              f"{self.name} (one of {', '.join(self.penalty_kinds)})")
        if hand.penalty_side and hand.penalty_side not in self.sides:
            raise LayoutError(f"penalty_side: {hand.penalty_side!r} is not a side ({', '.join(self.sides)})")
        if hand.partner:
            self._check_partner(hand)
        if hand.contract == NOBID:
            sides, made, declarer = self._score_no_bid(rules, hand), False, ""
        else:
            if hand.declarer not in self.sides:
                raise LayoutError(f"declarer: {hand.declarer!r} is not a side ({', '.join(self.sides)})")
            sides, made = self.score_bid(rules, self, hand)
            declarer = hand.declarer
        sides = {side: sides[side] for side in self.sides}
        seats = {seat: sides[self.side_of[seat]] for seat in self.seats}
        return HandResult(sides, seats, made, declarer, hand.partner if declarer else "")

    def _check_partner(self, hand: HandEntry) -> None:
        """A called partner: only at a table that calls one, a seat there, never the bidder, never
        in a hand nobody bid."""
        if not self.calls_partner:
            raise LayoutError(f"partner: no partner is called at a table of the layout {self.name}")
        if hand.contract == NOBID:
            raise LayoutError("partner: a hand nobody bid has no partner")
        if hand.partner not in self.seats:
            raise LayoutError(f"partner: {hand.partner!r} is not a seat ({', '.join(self.seats)})")
        if hand.partner == hand.declarer:
            raise LayoutError("partner: the bidder cannot be his own partner (give none: he plays alone)")

    def _score_no_bid(self, rules: rules_engine.RuleSet, hand: HandEntry) -> dict[str, int]:
        """Nobody bid, played at no trump where the rules allow it: every side 10 a trick (RULES.md section 2)."""
        if not self.plays_no_bid:
            raise LayoutError(f"contract: a hand nobody bid is not played at a table of the layout {self.name}")
        if hand.declarer:
            raise LayoutError("declarer: a hand nobody bid has no bidder")
        if hand.penalty_kind in rules_engine.SCORING_PENALTIES:
            raise LayoutError("penalty_kind: a hand nobody bid has no bid to defeat (write a note instead)")
        counts = _side_tricks(self, hand, self.tricks_field)
        return dict(zip(self.sides, rules_engine.score_no_bid_hand(rules, [counts[s] for s in self.sides],
                                                                   len(self.sides))))

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
        partner = self.sides.index(result.partner) if result.partner in self.sides else None
        return PlayedHand(number, declarer, tuple(result.sides[s] for s in self.sides), result.made, partner)

    # ------------------------------------------------------------ the stored shape (today's columns)

    def entry(self, *, contract: str, declarer: str = "", tricks: int | None = 0, ns_tricks: int | None = None,
              declarer_seat: str = "", seat_tricks: Mapping[str, int] | None = None, penalty_kind: str = "",
              penalty_side: str = "", partner_seat: str = "") -> HandEntry:
        """A HandEntry from a hand's stored fields (scoring.models.Hand, the event file): a table of
        four stores the bidding side and its tricks (`ns_tricks` when nobody bid), a table stored by
        seat the bidder's seat and the tricks by seat or team (Layout.tricks_by), and at five the
        called partner's seat ("" for none)."""
        contract = str(contract or "").strip().upper()
        if self.stores_seats:
            return HandEntry(contract, self.side_of.get(declarer_seat, declarer_seat), None,
                             dict(seat_tricks) if seat_tricks else None, penalty_kind, penalty_side,
                             partner_seat or "")
        side_tricks = None
        if contract == NOBID and ns_tricks is not None and len(self.sides) == 2:
            side_tricks = {self.sides[0]: ns_tricks,
                           self.sides[1]: rules_engine.TRICKS_PER_HAND - ns_tricks if 0 <= ns_tricks <= 10 else 0}
        return HandEntry(contract, declarer, tricks, side_tricks, penalty_kind, penalty_side)

    def columns(self, result: HandResult) -> dict:
        """The hand's stored points: ns_points, ew_points, made and seat_points (None at a table of
        four; each seat's points where the table stores by seat, N-S and E-W then 0), and at a table
        that calls a partner partner_seat ("" for none)."""
        if self.stores_seats:
            partner = {"partner_seat": result.partner} if self.calls_partner else {}
            return {"ns_points": 0, "ew_points": 0, "made": result.made, "seat_points": dict(result.seats), **partner}
        first, second = self.sides
        return {"ns_points": result.sides[first], "ew_points": result.sides[second], "made": result.made,
                "seat_points": None}

    def stored(self, *, declarer: str = "", ns_points: int | None = 0, ew_points: int | None = 0, made: bool = False,
               declarer_seat: str = "", seat_points: Mapping[str, int] | None = None,
               partner_seat: str = "") -> HandResult:
        """A HandResult from a hand's stored points (the inverse of Layout.columns): N-S and E-W
        points at a table of four, each seat's points where the table stores by seat (a team's
        points are its first seat's), and the called partner at five."""
        partner = ""
        if self.stores_seats:
            points = seat_points or {}
            sides = {side: int(points.get(self.seats_of(side)[0], 0)) for side in self.sides}
            declarer = self.side_of.get(declarer_seat, "")
            partner = partner_seat if self.calls_partner and partner_seat in self.seats and declarer else ""
        else:
            sides = dict(zip(self.sides, (ns_points or 0, ew_points or 0)))
        declarer = declarer if declarer in self.sides else ""
        return HandResult(sides, {seat: sides[self.side_of[seat]] for seat in self.seats}, made, declarer, partner)

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
    score = rules_engine.score_hand(rules, hand.contract, tricks, _penalty(hand, (hand.declarer,)))
    other = next(side for side in layout.sides if side != hand.declarer)
    return {hand.declarer: score.declarers, other: score.defenders}, score.made


def _penalty(hand: HandEntry, bidders: tuple[str, ...]) -> rules_engine.Penalty | None:
    """The hand's penalty for rules.score_hand: the offender is the declarers when the side named
    in penalty_side is the bidder's (or, at five, his partner's), else the defenders."""
    if hand.penalty_kind == "revoke" and not hand.penalty_side:
        raise LayoutError("penalty_side: a revoke needs the side that revoked")
    if not hand.penalty_kind:
        return None
    offender = None
    if hand.penalty_side:
        offender = "declarer" if hand.penalty_side in bidders else "defenders"
    return rules_engine.Penalty(hand.penalty_kind, offender)


def score_sides(rules: rules_engine.RuleSet, layout: Layout, hand: HandEntry) -> tuple[dict[str, int], bool]:
    """Two or more sides, each with its own tricks (RULES.md section 7): a table of two (each for
    himself), a table of five (the bidder and his called partner, HandEntry.partner, are the bidding
    side) and six as three teams of two. The bidding side's tricks are its own (bidder and partner
    added up); each of its players scores the contract (made, set, or the 250 slam); each other side
    10 for each trick it took itself (rules.score_hand with each defender's tricks). An established
    revoke as McAllen O, the offender named by penalty_side."""
    counts = _side_tricks(layout, hand, layout.tricks_field)
    bidders = tuple(dict.fromkeys(side for side in (hand.declarer, hand.partner) if side))
    defenders = [side for side in layout.sides if side not in bidders]
    score = rules_engine.score_hand(rules, hand.contract, sum(counts[side] for side in bidders),
                                    _penalty(hand, bidders), tuple(counts[side] for side in defenders))
    each = score.defenders_each or (score.defenders,)
    return {side: score.declarers for side in bidders} | dict(zip(defenders, each, strict=True)), score.made


def score_called_partner(rules: rules_engine.RuleSet, layout: Layout,
                         hand: HandEntry) -> tuple[dict[str, int], bool]:
    """A table of five, call a partner (RULES.md section 7): score_sides, with the two rule fields
    of the table of five: misère and the other specials only under five_handed_misere ("Neither
    misère nor open misère is usually permitted in this variant"), and a hand without a partner
    (the called card in the widow or the bidder's own hand: he plays alone) only under
    five_handed_alone."""
    contract = rules.check_legal(hand.contract)
    if contract.is_special and not rules.five_handed_misere:
        raise LayoutError(f"contract: {contract.code} is not bid at a table of five under these rules "
                          f"(five_handed_misere is off)")
    if not hand.partner and not rules.five_handed_alone:
        raise LayoutError("partner: give the called partner (under these rules the bidder never plays alone: "
                          "five_handed_alone is off)")
    return score_sides(rules, layout, hand)


# ---------------------------------------------------------------- the registry

def _numbered(count: int) -> tuple[str, ...]:
    """The seats of a table of individuals numbered in seating order: "1", "2", ..."""
    return tuple(str(n) for n in range(1, count + 1))


TEAM_LABELS = {"A": gettext_noop("Team A"), "B": gettext_noop("Team B"), "C": gettext_noop("Team C")}
# Six as three teams of two, partners opposite (teams alternate A B C A B C); six as two teams of three
# (teams alternate A B A B A B). A team holds the seat named first: A seat 1, B seat 2, C seat 3.
SIX_PAIRS = {seat: "ABC"[(int(seat) - 1) % 3] for seat in _numbered(6)}
SIX_THREES = {seat: "AB"[(int(seat) - 1) % 2] for seat in _numbered(6)}

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
            # Each player for himself (RULES.md section 6): the bidder the contract, each defender 10 a
            # trick he took, as any table of several sides (score_sides equals rules.score_three_handed on
            # every hand of the three-handed rule set: tests/engine/test_layouts.py), a revoke with it.
            rules_players=3, score_bid=score_sides,
            planner=partial(movement_individuals.plan, seats=3),
            planner_name="scoring.engine.movement_individuals.plan(seats=3)",
            # An established revoke as at every table (McAllen O, RULES.md section 2: one rule for every
            # table), or a note.
            penalty_kinds=("revoke", "note"), first_dealer="1", plays_no_bid=False, stores_seats=True,
            # In an event of mixed sizes under a four-handed rule set, scored the same way (RULES.md
            # sections 6 and 7: the bidder the contract, each defender 10 a trick he took).
            mixed_rules_players=(4,),
        ),
        # The tables of two, five and six (RULES.md section 7): after the tables of four and three,
        # so layout_for(entrants, players) still finds those first.
        Layout(
            name="two-handed",
            label=gettext_noop("Two-handed individuals (two at a table, each for himself)"),
            seats=_numbered(2), side_of={seat: seat for seat in _numbered(2)}, entrants="individuals",
            rules_players=4, score_bid=score_sides, planner=partial(movement_individuals.plan, seats=2),
            planner_name="scoring.engine.movement_individuals.plan(seats=2)", first_dealer="1",
            stores_seats=True,
        ),
        Layout(
            name="five-handed",
            label=gettext_noop("Five-handed individuals (five at a table, the bidder calls a partner)"),
            seats=_numbered(5), side_of={seat: seat for seat in _numbered(5)}, entrants="individuals",
            rules_players=4, score_bid=score_called_partner, planner=partial(movement_individuals.plan, seats=5),
            planner_name="scoring.engine.movement_individuals.plan(seats=5)", first_dealer="1",
            stores_seats=True, calls_partner=True,
        ),
        Layout(
            name="six-pairs",
            label=gettext_noop("Six-handed individuals, three teams of two (partners opposite)"),
            seats=_numbered(6), side_of=SIX_PAIRS, entrants="individuals", rules_players=4,
            score_bid=score_sides, planner=partial(movement_individuals.plan, seats=6, six_handed="three-pairs"),
            planner_name="scoring.engine.movement_individuals.plan(seats=6, six_handed='three-pairs')",
            first_dealer="1", side_labels=TEAM_LABELS, stores_seats=True,
        ),
        Layout(
            name="six-threes",
            label=gettext_noop("Six-handed individuals, two teams of three (teams alternate)"),
            seats=_numbered(6), side_of=SIX_THREES, entrants="individuals", rules_players=4,
            score_bid=score_partners, planner=partial(movement_individuals.plan, seats=6, six_handed="two-threes"),
            planner_name="scoring.engine.movement_individuals.plan(seats=6, six_handed='two-threes')",
            first_dealer="1", side_labels={side: TEAM_LABELS[side] for side in "AB"}, stores_seats=True,
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


# An event file's players_per_table (and six_handed at six) -> the layout of its individuals' tables.
FILE_LAYOUTS = {(2, ""): "two-handed", (3, ""): "three-handed", (4, ""): "progressive", (5, ""): "five-handed",
                (6, "three-pairs"): "six-pairs", (6, "two-threes"): "six-threes"}
SIX_HANDED = ("three-pairs", "two-threes")
PLAYERS_PER_TABLE = (2, 3, 4, 5, 6)


def layout_for_file(players_per_table: int, six_handed: str = "") -> Layout:
    """The layout of an event file's tables of individuals: `players_per_table` 2 to 6, and at six
    `six_handed` "three-pairs" (teams seats 1 and 4, 2 and 5, 3 and 6) or "two-threes" (seats 1, 3,
    5 and 2, 4, 6); `six_handed` only at six. Raises LayoutError naming the field."""
    if isinstance(players_per_table, bool) or players_per_table not in PLAYERS_PER_TABLE:
        raise LayoutError(f"players_per_table: {players_per_table!r} is not one of "
                          f"{', '.join(map(str, PLAYERS_PER_TABLE))}")
    six_handed = six_handed or ""
    if players_per_table == 6 and six_handed not in SIX_HANDED:
        raise LayoutError(f"six_handed: {six_handed!r} is not one of {', '.join(SIX_HANDED)} "
                          f"(a table of six needs it)")
    if players_per_table != 6 and six_handed:
        raise LayoutError(f"six_handed: given for tables of {players_per_table}; only a table of six has it")
    return LAYOUTS[FILE_LAYOUTS[players_per_table, six_handed]]


# Mixed table sizes, "nobody sits out" (RULES.md section 7; games events of individuals): each table
# is played at the layout of its number of players, under the event's four-handed rule set. A table
# of four is progressive (partners opposite, seats N, E, S, W in seating order); a table of three is
# three-handed, each for himself (Layout.mixed_rules_players lets it score under the event's rules).
# The mixed movement seats two only when there are two players, which is no event of mixed sizes.
MIXED = "mixed"
MIXED_TABLE_SIZES = (3, 4, 5, 6)
MIXED_EVENT_LAYOUT = "progressive"  # Event.layout of an event of mixed sizes: its tables of four
# Event.mixed_sizes: "mixed" (no way to seat six said), or the way to seat six.
MIXED_CHOICES = (MIXED, *SIX_HANDED)


def mixed_layout(players: int, six_handed: str = "") -> Layout:
    """The layout of a table of `players` in an event of mixed sizes (`six_handed`: the event's way
    to seat six, needed only when a table seats six). Raises LayoutError naming the field."""
    if isinstance(players, bool) or players not in MIXED_TABLE_SIZES:
        raise LayoutError(f"seats: {players!r} players at a table; an event of mixed sizes seats "
                          f"{', '.join(map(str, MIXED_TABLE_SIZES))}")
    if players == 6 and (six_handed or "") not in SIX_HANDED:
        raise LayoutError(f"six_handed: {six_handed!r} is not one of {', '.join(SIX_HANDED)} (a table of six needs it)")
    return LAYOUTS[FILE_LAYOUTS[players, six_handed if players == 6 else ""]]


@dataclass(frozen=True)
class OneSize:
    """How an event whose tables all seat its layout's players is sized (Event.mixed_sizes ""): every
    table is the event's layout (Table.layout ""), a movement needs a table's players."""
    layout: Layout | None  # None in an event file whose entrants or rules could not be read
    six_handed: str = ""  # no table of six of its own: always ""
    stored = ""  # Event.mixed_sizes

    def table_layout(self, players: int) -> Layout | None:
        """A table of `players`' own layout: none, it is the event's."""
        return None

    def least(self) -> int:
        return self.layout.entrants_per_table

    def fits(self, count: int) -> bool:
        """Do `count` entrants make a movement (the rest sit out)?"""
        return count >= self.layout.entrants_per_table

    def plan(self) -> Callable:
        return self.layout.plan

    def file_keys(self) -> tuple[object, str]:
        """An event file's players_per_table and six_handed (raises LayoutError for partnerships)."""
        return file_keys(self.layout)


@dataclass(frozen=True)
class MixedSizes:
    """An event of mixed sizes (Event.mixed_sizes "mixed", or its way to seat six: RULES.md section 7):
    each table has the layout of its number of players (mixed_layout), the movement is the mixed one
    (movement_mixed.plan_mixed) and needs a table of three's players; `layout` is its tables of four."""
    layout: Layout
    six_handed: str = ""

    @property
    def stored(self) -> str:
        """Event.mixed_sizes: how six are seated, or "mixed" when it was not said."""
        return self.six_handed or MIXED

    def table_layout(self, players: int) -> Layout:
        return mixed_layout(players, self.six_handed)

    def least(self) -> int:
        return MIXED_TABLE_SIZES[0]

    def fits(self, count: int) -> bool:
        return mixed_count_fits(count)

    def plan(self) -> Callable:
        return partial(movement_mixed.plan_mixed, six_handed=self.six_handed or None)

    def file_keys(self) -> tuple[object, str]:
        return MIXED, self.six_handed


def event_sizing(layout: Layout, mixed_sizes: str = "") -> OneSize | MixedSizes:
    """How an event of `layout` is sized by its Event.mixed_sizes: one size (""), or mixed sizes with
    its way to seat six ("mixed": not said). Pages, services and files ask the sizing, not mixed_sizes."""
    if not mixed_sizes:
        return OneSize(layout)
    return MixedSizes(layout, mixed_sizes if mixed_sizes in SIX_HANDED else "")


def file_sizing(layout: Layout | None, players_per_table: object, six_handed: object = "") -> OneSize | MixedSizes:
    """How an event file's tables are sized by its players_per_table: "mixed" is mixed sizes (its tables
    of four MIXED_EVENT_LAYOUT, six seated as `six_handed` says, kept as written for the checker's
    message), any other value one size of `layout` (the file's, None when it could not be read)."""
    if isinstance(players_per_table, str) and players_per_table == MIXED:
        return MixedSizes(LAYOUTS[MIXED_EVENT_LAYOUT], six_handed or "")
    return OneSize(layout)


def event_planner(layout: Layout, mixed_sizes: str = "") -> Callable:
    """The movement of an event: its layout's (Layout.plan), or in an event of mixed sizes
    (`mixed_sizes`, Event.mixed_sizes) the mixed one (movement_mixed.plan_mixed, its sixes seated
    as it says). Called as Layout.plan is: (numbers, rounds, first_round=, history=, current=)."""
    return event_sizing(layout, mixed_sizes).plan()


def mixed_count_fits(count: int) -> bool:
    """Do `count` players fill tables an event of mixed sizes seats (three to six), the mixed
    movement's way (movement_mixed.table_sizes)? Not two, which make a table of two."""
    return count >= MIXED_TABLE_SIZES[0] and all(
        size in MIXED_TABLE_SIZES for size in movement_mixed.table_sizes(count))


def file_keys(layout: Layout) -> tuple[int, str]:
    """The inverse of layout_for_file: (players_per_table, six_handed) of a layout of individuals."""
    for key, name in FILE_LAYOUTS.items():
        if name == layout.name:
            return key
    raise LayoutError(f"layout: {layout.name} is not a layout of an event file's individuals")


def seats_for(players: int) -> tuple[str, ...]:
    """The seat codes of a table of `players` individuals, in seating order ("1", "2", "3", or
    "N", "E", "S", "W"); () when no layout of individuals seats that many."""
    return next((lay.seats for lay in LAYOUTS.values() if lay.individuals and lay.players == players), ())
