"""The one results read (issue 23): what every page, PDF, export and command reads of an event's
results. Nothing here writes.

event_results(event) gives an EventResults: `standings` (a row per entrant, from one pass over
the event's tables, scoring.engine.standings.compute) and `record(entrant)` (the entrant's rounds,
table by table, and each hand's credit). Both are built the same way for every kind of event:

- the event's table layout says how the seats form sides and whom a side's points go to
  (scoring.engine.layouts: sides, side_of, credit), and its Django adapter how the stored columns
  read (scoring.adapters, "standings and tiebreaks": side_points, table_places, table_result);
- the event's format says what one table's round gives (TABLE_READS, by Event.format: a session
  sums the totals the table row keeps, scoring.totals; games replay the hands into games,
  scoring.engine.games).

scoring.selectors.event_standings, partnership_record, player_record and partnership_games are
thin wrappers over this read. The standings cost a fixed number of queries whatever the event's
size (entrants, rounds, tables, seats, sit-outs and tiebreak memberships, and for games the hands);
the rows come back as plain tuples, not model instances (README, "Speed").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from django.db.models import Count
from django.utils.translation import gettext, pgettext_lazy

from scoring.adapters import TableAdapter, adapter_for, layout_adapter
from scoring.engine import games as games_engine
from scoring.engine import layouts
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import ROUND_CLOSED, TABLE_STATUS_PUBLIC
from scoring.fastrows import _driver_rows, driver_rows, is_set, json_column  # noqa: F401 (_driver_rows re-exported)
from scoring.models import Hand
from tournaments import language
from tournaments import selectors as event_selectors
from tournaments.models import Event, Partnership, Round, SitOut, Table, Tiebreak

# ---------------------------------------------------------------- this process's memos

# Each event's last standings inputs (scoring.engine.standings.compute, `memo`), its games tables'
# replays and its session tables' results, keyed by table with the inputs they were made from: a
# rebuild after one save makes again only the table that changed. An optimisation only, never
# needed by another process; the newest MEMO_EVENTS events.
MEMO_EVENTS = 16
_memos: dict[int, dict] = {}
_replays: dict[int, dict[int, tuple]] = {}
_tables: dict[int, dict[int, tuple]] = {}


def forget_memos(event_id: int) -> None:
    """Drop this process's memos of the event (check_event compares a build from nothing)."""
    for store in (_memos, _replays, _tables):
        store.pop(event_id, None)


def _memo(store: dict[int, dict], event_id: int) -> dict:
    memo = store.pop(event_id, None)
    if memo is None:
        memo = {}
        while len(store) >= MEMO_EVENTS:
            store.pop(next(iter(store)))
    store[event_id] = memo  # most recently used last
    return memo


# ---------------------------------------------------------------- one table's result per side


@dataclass(frozen=True)
class TableScore:
    """What one table's round gives each side (Layout.sides): its points, the contracts it declared
    and made or went set on, and in an event of games its games (SideRecord), the drawn games and
    the side that won the match ("" for none)."""

    points: dict[str, int]
    made: dict[str, tuple[int, int]]
    records: dict[str, games_engine.SideRecord] | None = None
    draws: int = 0
    match: str = ""


class TableRow(NamedTuple):
    id: int
    round_id: int
    ns_id: int | None
    ew_id: int | None
    confirmed: bool
    disputed: bool
    hands: int
    ns_points: int
    ew_points: int
    own: dict
    layout: str = ""  # the table's own layout in an event of mixed sizes (Table.layout), "" for the event's


class _Reading:
    """What a table read shares: the event, its adapter and layout, its rounds."""

    def __init__(self, event: Event, adapter: TableAdapter, closed: set[int]):
        self.event, self.adapter, self.layout, self.closed = event, adapter, adapter.layout, closed
        self.hands_per_round = event.hands_per_round
        self.needs_confirmation = event.confirmation_required

    def adapter_of(self, layout: str) -> TableAdapter:
        """The adapter of a table's layout: its own in an event of mixed sizes (TableRow.layout), else the event's."""
        return layout_adapter(layout, self.adapter)

    @staticmethod
    def rank_by(event: Event) -> tuple[str, ...]:
        """What the standings rank on (Setup.rank_by): a session, its total (the default keys)."""
        return games_engine.DEFAULT_RANK_BY

    def agreed(self, row: TableRow) -> bool:
        return (row.confirmed or not self.needs_confirmation) and not row.disputed


class SessionRead(_Reading):
    """A session: each side's points are the totals the table row keeps (scoring.totals); a table
    is final with all its hands in, confirmed where the event requires it, not disputed."""

    def prepare(self) -> None:
        self.kept = _memo(_tables, self.event.pk)

    def table(self, row: TableRow, number: int, at: dict[str, int], made: dict) -> standings_engine.TableResult:
        inputs = (row, number, self.hands_per_round, self.needs_confirmation, at, made)
        memo = self.kept.get(row.id)
        if memo is not None and memo[0] == inputs:
            return memo[1]
        final = row.hands >= self.hands_per_round and self.agreed(row)
        adapter = self.adapter_of(row.layout)
        score = TableScore(adapter.side_points(row.ns_points, row.ew_points, row.own), made)
        result = adapter.table_result(number, at, score, row.hands, final)
        self.kept[row.id] = (inputs, result)
        return result


class GamesRead(_Reading):
    """Games to 500: each table's hands replayed into games (scoring.engine.games); a table is final
    once its round is over (its games complete, its hands played or the round closed)."""

    @staticmethod
    def rank_by(event: Event) -> tuple[str, ...]:
        """The event's own ranking keys (games won, matches, points, difference)."""
        return tuple(event.rank_by or games_engine.DEFAULT_RANK_BY)

    def prepare(self) -> None:
        self.played: dict[int, list[games_engine.PlayedHand]] = {}
        for table_id, layout, number, declarer, declarer_seat, ns_points, ew_points, own, made, partner in (
            Hand.objects.filter(table__round__event=self.event)
            .values_list("table_id", "table__layout", "number", "declarer", "declarer_seat", "ns_points", "ew_points",
                         "seat_points", "made", "partner_seat")
            .order_by("table_id", "number")
        ):
            self.played.setdefault(table_id, []).append(played_hand(
                self.adapter_of(layout), number, declarer_seat or declarer, ns_points, ew_points, own, made, partner))
        self.replays = _memo(_replays, self.event.pk)

    def replay(self, table_id: int, hands: list[games_engine.PlayedHand], closed: bool,
               sides: int) -> games_engine.TableGames:
        event, hpr = self.event, self.hands_per_round
        inputs = (event.rules, event.games_setup, tuple(hands), closed, hpr, sides)
        kept = self.replays.get(table_id)
        if kept is not None and kept[0] == inputs:
            return kept[1]
        result = games_engine.replay(event.rules, event.games_setup, hands, round_over=closed,
                                     hands_per_round=hpr, sides=sides)
        self.replays[table_id] = (inputs, result)
        return result

    def table(self, row: TableRow, number: int, at: dict[str, int], made: dict) -> standings_engine.TableResult:
        hands = self.played.get(row.id, [])
        closed = row.round_id in self.closed
        adapter = self.adapter_of(row.layout)
        sides = adapter.sides
        result = self.replay(row.id, hands, closed, len(sides))
        hpr = self.hands_per_round
        ended = result.complete or closed or (hpr is not None and len(hands) >= hpr)
        final = bool(hands) and ended and self.agreed(row)
        records = {side: result.record(index) for index, side in enumerate(sides)}
        score = TableScore({side: record.points for side, record in records.items()}, made, records, result.draws,
                           sides[result.match] if result.match is not None else "")
        return adapter.table_result(number, at, score, len(hands), final)


TABLE_READS = {"session": SessionRead, "games": GamesRead}


def played_hand(adapter: TableAdapter, number: int, declarer: str, ns_points: int, ew_points: int, own: dict | None,
                made: bool, partner: str = "") -> games_engine.PlayedHand:
    """A stored hand as the games replay takes it: `declarer` the bidding side (Layout.sides; a bidder's
    seat is read as his side: at six, his team), its points per side read by the layout's adapter, and
    at five the called partner's seat."""
    points = adapter.side_points(ns_points, ew_points, own)
    side_of = adapter.layout.side_of
    return games_engine.seat_played(number, adapter.sides, side_of.get(declarer, declarer), points, made,
                                    side_of.get(partner, partner) if partner else "")


# ---------------------------------------------------------------- the standings


def setup_for(event: Event) -> standings_engine.Setup:
    tiebreakers = tuple(n for n in (event.secondary_tiebreakers or []) if n in standings_engine.SECONDARY_TIEBREAKERS)
    return standings_engine.Setup(
        rounds=event.rounds,
        hands_per_round=event.hands_per_round,
        sit_out_policy=event.sit_out_policy,
        sit_out_points=event.sit_out_points,
        medal_scope=event.medal_scope,
        secondary_tiebreakers=tiebreakers,
        format=event.format,
        entrants=event.entrants,
        rank_by=TABLE_READS[event.format].rank_by(event),
    )


def _contracts(event: Event, sides: tuple[str, ...]) -> dict[int, dict[str, tuple[int, int]]]:
    """Each table's contracts declared, made and set, by the declaring side (one grouped query):
    read only by two secondary tiebreakers."""
    counted: dict[int, dict[str, list[int]]] = {}
    for table_id, declarer, declarer_seat, made, n in (
        Hand.objects.filter(table__round__event=event).values("table_id", "declarer", "declarer_seat", "made")
        .annotate(n=Count("id")).values_list("table_id", "declarer", "declarer_seat", "made", "n").order_by()
    ):
        side = declarer_seat or declarer
        if side in sides:
            counted.setdefault(table_id, {}).setdefault(side, [0, 0])[0 if made else 1] += n
    return {table_id: {side: tuple(pair) for side, pair in by_side.items()} for table_id, by_side in counted.items()}


def _tiebreak_sessions(memberships, tiebreak_tables: dict) -> list:
    """Tiebreak sessions for the engine: who entered each (from its memberships) and its tables."""
    members: dict[int, tuple[int, set[int]]] = {}
    for tiebreak_id, sequence, partnership_id in memberships:
        members.setdefault(tiebreak_id, (sequence, set()))[1].add(partnership_id)
    return [
        standings_engine.TiebreakSession(sequence, frozenset(ids), tuple(tiebreak_tables.get(tid, ())))
        for tid, (sequence, ids) in members.items()
    ]


def compute_standings(event: Event) -> standings_engine.Standings:
    """The event's standings: every table read once, by its format (TABLE_READS) and layout
    (adapter_for), and ranked by scoring.engine.standings.compute."""
    setup = setup_for(event)
    adapter = adapter_for(event)
    entrants = [
        standings_engine.Entrant(pk, number, adapter.entrant_players(one, two), division, withdrawn)
        for pk, number, one, two, division, withdrawn in Partnership.objects.filter(event=event).order_by("number")
        .values_list("pk", "number", "player_one__name", "player_two__name", "division", "withdrawn")
    ]
    rounds = {pk: (number, tiebreak_id, status == ROUND_CLOSED) for pk, number, tiebreak_id, status in
              Round.objects.filter(event=event).values_list("id", "number", "tiebreak_id", "status")}
    # The columns the adapter reads beyond every layout's: each seat's own totals (Table.seat_totals) where
    # the layout's sides are its seats, and each table's own layout in an event of mixed sizes.
    extra = adapter.table_columns
    raw = driver_rows(
        Table.objects.filter(round__event=event)
        .values_list("id", "round_id", "ns_id", "ew_id", is_set("confirmed_at"), is_set("disputed_at"), "n_hands",
                     "ns_points", "ew_points", *extra).order_by()
    )
    read = {name: [row[9 + i] for row in raw] for i, name in enumerate(extra)}
    owns = json_column(read["seat_totals"]) if "seat_totals" in read else [None] * len(raw)
    rows = [TableRow(*row[:9], own, layout)
            for row, own, layout in zip(raw, owns, read.get("layout", [""] * len(raw)), strict=True)]
    places = adapter.table_places(event, rows)
    sides = tuple(dict.fromkeys(side for name in {row.layout for row in rows} for side in
                                layout_adapter(name, adapter).sides))
    contracts = ({} if not {"contracts_made", "fewest_sets"} & set(setup.secondary_tiebreakers)
                 else _contracts(event, sides))
    read = TABLE_READS[event.format](event, adapter, {pk for pk, (*_, closed) in rounds.items() if closed})
    read.prepare()
    no_places: dict[str, int] = {}
    no_contracts: dict[str, tuple[int, int]] = {}
    main_tables: list[standings_engine.TableResult] = []
    tiebreak_tables: dict[int, list[standings_engine.TableResult]] = {}
    for row in rows:
        number, tiebreak_id, _closed = rounds[row.round_id]
        result = read.table(row, number, places.get(row.id, no_places), contracts.get(row.id, no_contracts))
        if tiebreak_id:
            tiebreak_tables.setdefault(tiebreak_id, []).append(result)
        else:
            main_tables.append(result)
    sit_outs = SitOut.objects.filter(round__event=event).values_list("round_id", "partnership_id")
    memberships = Tiebreak.partnerships.through.objects.filter(tiebreak__event=event).values_list(
        "tiebreak_id", "tiebreak__sequence", "partnership_id"
    )
    return standings_engine.compute(
        setup=setup,
        entrants=entrants,
        tables=main_tables,
        sit_outs=[(rounds[round_id][0], pid) for round_id, pid in sit_outs if not rounds[round_id][1]],
        tiebreaks=_tiebreak_sessions(memberships, tiebreak_tables),
        rounds_created=[number for number, tiebreak_id, _closed in rounds.values() if not tiebreak_id],
        memo=_memo(_memos, event.pk),
    )


# ---------------------------------------------------------------- one entrant's record


@dataclass(frozen=True)
class HandCredit:
    """One hand of an entrant's round as it credited him: the dealer, the contract and who bid it
    (`declarer_label`: "Us" or "Them", or at a table where each plays for himself the bidder's
    name), the tricks as his layout shows them, the penalty, his points and his opponents'."""

    number: int
    dealer: str
    declarer_label: str
    contract: str
    tricks: int | None
    made: bool
    penalty: str
    points: int
    opponents_points: int

    @property
    def bidder(self) -> str:
        return self.declarer_label


@dataclass(frozen=True)
class GameLine:
    """One game of a round seen from one side: its scores (ours first, then the others' summed)."""

    number: int
    first_hand: int
    last_hand: int
    points: int
    opponents_points: int
    result: str  # "won", "lost", "drawn" or "in play"

    @property
    def result_label(self) -> str:
        return str(GAME_RESULT_WORDS[self.result])


@dataclass(frozen=True)
class RoundGames:
    """One side's round of games: each game, the games won, lost and drawn, the points and the match."""

    games: tuple[GameLine, ...]
    won: int
    lost: int
    drawn: int
    points: int
    opponents_points: int
    match: str  # "won", "lost" or "" (no match, or not decided)

    @property
    def matches(self) -> int:
        return int(self.match == "won")


GAME_RESULT_WORDS = {"won": pgettext_lazy("a game's result", "won"), "lost": pgettext_lazy("a game's result", "lost"),
                     "drawn": pgettext_lazy("a game's result", "drawn"),
                     "in play": pgettext_lazy("a game's result", "in play")}


def round_games(played: games_engine.TableGames, mine: int) -> RoundGames:
    """A table's round of games (scoring.engine.games.replay) from the side at index `mine`."""
    lines = []
    for game in played.games:
        if game.status == games_engine.IN_PLAY:
            result = "in play"
        elif game.status == games_engine.DRAWN:
            result = "drawn"
        else:
            result = "won" if game.winner == mine else "lost"
        lines.append(GameLine(game.number, game.first_hand, game.last_hand, game.scores[mine],
                              sum(game.scores) - game.scores[mine], result))
    record = played.record(mine)
    match = "" if played.match is None else ("won" if played.match == mine else "lost")
    return RoundGames(tuple(lines), record.won, record.lost, record.drawn, record.points,
                      sum(played.points) - record.points, match)


@dataclass
class EntrantRound:
    """One round of an entrant (a partnership, or a player in an event of individuals): his table,
    where he sat (`side`/`seat`, as the page shows it), his partner this round (progressive), the
    others at the table (`others`; `opponent` the first, a partnership's opponents), each hand's
    credit, his points and his opponents', the table's status and, in an event of games, his games."""

    label: str
    round: int
    tiebreak: int | None
    table: int | None  # None: he sat out
    seat: str = ""
    partner: Partnership | None = None
    others: list[Partnership] = field(default_factory=list)
    hands: list[HandCredit] = field(default_factory=list)
    points: int | None = None
    opponents_points: int | None = None
    status: str = ""
    games: RoundGames | None = None

    @property
    def side(self) -> str:
        return self.seat

    @property
    def opponent(self) -> Partnership | None:
        return self.others[0] if self.others else None

    @property
    def sit_out(self) -> bool:
        return self.table is None

    @property
    def status_label(self) -> str:
        return language.label(TABLE_STATUS_PUBLIC.get(self.status, self.status))


def _side(layout: layouts.Layout, place: str) -> str:
    """The side of a place (Layout.places): a seat's side, or the side a partnership sits on."""
    return layout.side_of.get(place, place)


_round_label = language.round_label  # said once, in tournaments.language


def _hand_credit(adapter: TableAdapter, hand: Hand, place: str, seated: dict) -> HandCredit:
    """What one stored hand credited the entrant at `place`: the layout's credit() of the hand's
    points per side (read by the adapter) to whoever sits where."""
    layout = adapter.layout
    side = _side(layout, place)
    sides = adapter.side_points(hand.ns_points, hand.ew_points, hand.seat_points)
    result = layouts.HandResult(sides, {seat: sides[layout.side_of[seat]] for seat in layout.seats}, hand.made,
                                hand.declarer_seat or hand.declarer)
    mine = layout.credit(result, {place: "me"})["me"]
    penalty = hand.get_penalty_kind_display() if hand.penalty_kind else ""
    if penalty and hand.penalty_side:
        by = gettext("%(penalty)s by us") if hand.penalty_side == side else gettext("%(penalty)s by them")
        penalty = by % {"penalty": penalty}
    return HandCredit(hand.number, language.seat_letter(hand.dealer),
                      adapter.declarer_words(result.declarer, side, seated), hand.contract,
                      adapter.tricks_for(hand, side, place), hand.made, penalty, mine,
                      sum(sides.values()) - sides[side])


def entrant_record(event: Event, entrant: Partnership) -> list[EntrantRound]:
    """An entrant's rounds, main rounds then tiebreak sessions, table by table and hand by hand (five
    queries; a games event's tables replayed into games). Its words are in the active language."""
    event_adapter = adapter_for(event)
    tables = list(Table.objects.filter(round__event=event).filter(event_adapter.entrant_tables(entrant)).distinct()
                  .select_related("round__tiebreak"))
    seated = event_adapter.seated(tables)
    hands_by_table: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(table__in=tables).order_by("number"):
        hands_by_table.setdefault(hand.table_id, []).append(hand)
    played = event_selectors.tables_games(event, [table.pk for table in tables])
    records = []
    for table in tables:
        adapter = layout_adapter(table.layout, event_adapter)  # the table's own, in an event of mixed sizes
        layout = adapter.layout
        at = seated.get(table.pk, {})
        place = next(p for p, sitting in at.items() if sitting.pk == entrant.pk)
        side = _side(layout, place)
        lines = [_hand_credit(adapter, hand, place, at) for hand in hands_by_table.get(table.pk, [])]
        rnd = table.round
        tiebreak = rnd.tiebreak.sequence if rnd.tiebreak_id else None
        record = EntrantRound(
            label=_round_label(rnd.number, tiebreak), round=rnd.number, tiebreak=tiebreak, table=table.number,
            seat=adapter.place_words(place),
            partner=next((p for s, p in sorted(at.items()) if s != place and _side(layout, s) == side), None),
            others=[p for s, p in sorted(at.items()) if _side(layout, s) != side],
            hands=lines, points=sum(line.points for line in lines) if lines else None,
            opponents_points=sum(line.opponents_points for line in lines) if lines else None,
            status=table.status_for(len(lines), event.hands_per_round))
        view = played.get(table.pk)
        if view is not None and lines:  # a games event: the round's games, and its points as they count them
            record.games = round_games(view.games, layout.sides.index(side))
            record.points, record.opponents_points = record.games.points, record.games.opponents_points
        records.append(record)
    for sit_out in SitOut.objects.filter(partnership=entrant, round__event=event).select_related("round__tiebreak"):
        rnd = sit_out.round
        records.append(EntrantRound(label=_round_label(rnd.number, None), round=rnd.number,
                                    tiebreak=rnd.tiebreak.sequence if rnd.tiebreak_id else None, table=None))
    records.sort(key=lambda r: (r.tiebreak or 0, r.round))
    return records


# ---------------------------------------------------------------- the one read


@dataclass
class EventResults:
    """An event's results: its standings (a row per entrant) and each entrant's record (his tables,
    round by round, and what each hand credited him). Read lazily, each once."""

    event: Event
    adapter: TableAdapter = field(init=False)

    def __post_init__(self) -> None:
        self.adapter = adapter_for(self.event)

    @cached_property
    def standings(self) -> standings_engine.Standings:
        return compute_standings(self.event)

    def record(self, entrant: Partnership) -> list[EntrantRound]:
        """The entrant's rounds, table by table, and each hand's credit (entrant_record)."""
        return entrant_record(self.event, entrant)

    def row(self, entrant: Partnership) -> standings_engine.Row:
        """The entrant's standings row."""
        return next(row for row in self.standings.rows if row.id == entrant.pk)

    @property
    def record_heads(self) -> tuple:
        """The heads of an entrant's tables in his record: his event's adapter's."""
        return self.adapter.record_heads


def event_results(event: Event) -> EventResults:
    """The one results read of `event` (this module's docstring)."""
    return EventResults(event)
