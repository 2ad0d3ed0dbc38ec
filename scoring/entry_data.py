"""Reads for the score-entry pages: a table's seats, hands, running totals, its trust state and
history. Nothing here writes. The points a hand would score before it is saved (the live preview's
table and the no-JavaScript preview) are scoring.previews."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from django.db.models import Q, prefetch_related_objects
from django.utils.translation import get_language, gettext, ngettext, pgettext

from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import (
    HAND_CHANGE_LABELS,
    PENALTY_LABELS,
    SIDE_LABELS,
    SUIT_SYMBOLS,
    THREE_SEATS,
    signed,
)
from scoring.models import Hand, HandChange
from scoring.services import (
    NOBID,
    Confirmation,
    and_list,
    games_confirmable,
    games_round_done,
    hand_dealer,
    hand_snapshot,
    locked_table_by,
    shown_label,
    table_games,
    table_hands,
)
from tournaments import language
from tournaments.language import seat_letter  # N, E, S, W (O in Spanish and French): said once, there
from tournaments.models import Partnership, Player, TableSeat
from tournaments.prepared import Prepared

RED_SUITS = frozenset({"H", "D"})


round_name = language.round_name  # said once, in tournaments.language


def contract_short(code: str) -> str:
    """`7H` -> `7♥`; no-trump as the reader's printed sheet says it (`8NT`, `8ST`, `8SA`); specials
    keep their code; a hand nobody bid says so."""
    if code == NOBID:
        return gettext("Nobody bid")
    contract = rules_engine.parse_contract(code)
    if contract.is_special:
        return contract.code
    if contract.suit == "NT":
        return f"{contract.tricks}{rules_engine.suit_letters(get_language())['NT']}"
    return f"{contract.tricks}{SUIT_SYMBOLS[contract.suit]}"


def contract_choices(rules: rules_engine.RuleSet) -> list[tuple[str, str]]:
    """(code, "7♥ Hearts · 200") for every contract the event's rules allow, lowest bid first;
    the suit's name in the reader's language ("7♥ corazones · 200")."""
    return list(_contract_choices(rules, get_language()))


@lru_cache(maxsize=64)  # per rule set and language: every entry page and every save asks
def _contract_choices(rules: rules_engine.RuleSet, _language: str) -> tuple[tuple[str, str], ...]:
    choices = []
    for contract in rules.legal_contracts():
        if contract.is_special:
            label = f"{language.contract_label(contract)} · {rules.value(contract)}"
        else:
            suit = language.label(rules_engine.SUIT_NAMES[contract.suit])
            label = f"{contract_short(contract.code)} {suit} · {rules.value(contract)}"
        choices.append((contract.code, label))
    return tuple(choices)


@dataclass(frozen=True)
class ContractButton:
    code: str
    short: str
    value: int
    red: bool
    label: str


def contract_grid(rules: rules_engine.RuleSet) -> tuple[list[list[ContractButton]], list[ContractButton]]:
    """The legal contracts as rows of five (one row per trick level) plus the specials."""
    ordered, specials = _contract_grid(rules, get_language())
    return [list(row) for row in ordered], list(specials)


@lru_cache(maxsize=64)
def _contract_grid(rules: rules_engine.RuleSet, _language: str):
    rows: dict[int, list[ContractButton]] = {}
    specials = []
    for (code, label), contract in zip(contract_choices(rules), rules.legal_contracts()):
        button = ContractButton(code, contract_short(code), rules.value(contract), contract.suit in RED_SUITS, label)
        if contract.is_special:
            specials.append(button)
        else:
            rows.setdefault(contract.tricks, []).append(button)
    ordered = tuple(tuple(sorted(row, key=lambda b: rules_engine.SUITS.index(rules_engine.parse_contract(b.code).suit)))
                    for _, row in sorted(rows.items()))
    return ordered, tuple(specials)


def nobody_bid_text(ns_tricks: int) -> str:
    """"Nobody bid · N-S 6 tricks"."""
    return gettext("Nobody bid · N-S %(tricks)s tricks") % {"tricks": ns_tricks}


def game_over_text(game: games_engine.Game, names: list[str] | None = None) -> str:
    """"Game over: N-S win 520 to 310", or a drawn game. At a table of three (`names`: the players in
    seating order) "Game over: Ana Garza wins with 560", or a draw between the players level at the top."""
    if len(game.scores) == 3 and names:
        if game.winner is None:
            return gettext("Game over: a draw between %(names)s at %(score)s") % {
                "names": ", ".join(names[s] for s in game.level), "score": game.scores[game.level[0]]}
        return gettext("Game over: %(name)s wins with %(score)s") % {"name": names[game.winner],
                                                                    "score": game.scores[game.winner]}
    if game.winner is None:
        return gettext("Game over: a draw, %(score)s all") % {"score": game.scores[0]}
    loser = 1 - game.winner
    return gettext("Game over: %(side)s win %(won)s to %(lost)s") % {
        "side": side_label("ns" if game.winner == 0 else "ew"), "won": game.scores[game.winner],
        "lost": game.scores[loser]}


@dataclass
class Seat:
    seat: str
    name: str
    side: str
    number: int | None = None  # a table of individuals: the player's entrant number
    total: int = 0  # a table of individuals: the player's points this round at this table

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
    game_number: int | None = None  # a games event: the game this hand was played in
    game_over: str = ""  # "Game over: N-S win 520 to 310" when this hand ended its game
    seat_cells: list = field(default_factory=list)  # a table of three: (tricks, points text, running) per seat
    bidder_name: str = ""
    trust_note: str = ""  # "Changed by E-W: accept or dispute." on the phone that may accept it (trust_state)
    columns: tuple = ()  # the seat_cells the list of hands shows: one per side (TableSheet.side_columns)

    @property
    def side_cells(self) -> list:
        """seat_cells, one per side: at six a team's players share their points, tricks and total."""
        return [self.seat_cells[i] for i in self.columns] if self.columns else self.seat_cells

    @property
    def nobody_bid(self) -> bool:
        return self.hand.contract == NOBID

    @property
    def nobody_bid_text(self) -> str:
        return nobody_bid_text(self.hand.ns_tricks) if self.nobody_bid else ""

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
    hands_per_round: int | None = 4
    # A games event (README, "Games"): the round replayed into games by scoring.engine.games.
    games: games_engine.TableGames | None = None
    round_done: bool = False  # the round's last game is complete at this table: no more hands
    confirmable: bool = True  # the table's round may be confirmed, as its event's format says

    @property
    def side_columns(self) -> list[list[Seat]]:
        """The players of each side, in seating order: the list of hands' columns at a table of individuals
        (one player each, or at six a team of two or three: five or six columns do not fit a phone)."""
        sides: dict[str, list[Seat]] = {}
        for seat in self.seats:
            sides.setdefault(seat.side, []).append(seat)
        return list(sides.values())

    @property
    def round_name(self) -> str:
        return round_name(self.round)

    @property
    def plays_games(self) -> bool:
        return self.games is not None

    @property
    def game_number(self) -> int:
        """The game in play, or the next one to start."""
        if self.games is None:
            return 0
        current = self.games.current
        return current.number if current else len(self.games.games) + 1

    @property
    def game_scores(self) -> tuple[int, ...]:
        """The running score of the game in play (0-0 when the next hand starts a new game), one per
        side: three at a table of three, each player for himself."""
        current = self.games.current if self.games else None
        return current.scores if current else (0,) * len(self.table.layout_spec.sides)

    @property
    def last_game_over(self) -> str:
        """"Game over: ..." when the last hand entered ended a game."""
        if not self.games or not self.games.games or not self.rows:
            return ""
        last = self.games.games[-1]
        names = self.adapter.game_names(self)
        return game_over_text(last, names) if last.over and last.last_hand == self.rows[-1].hand.number else ""

    @property
    def wins(self) -> tuple[int, int]:
        return self.games.wins if self.games else (0, 0)

    @property
    def complete(self) -> bool:
        return self.next_number is None

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def status(self) -> str:
        if self.hands_per_round is None:  # games played to the bell: done when the round is
            return self.table.status_for(len(self.rows), len(self.rows) if self.round_done else len(self.rows) + 1)
        return self.table.status_for(len(self.rows), self.hands_per_round)

    @property
    def next_dealer(self) -> Seat | None:
        if self.next_number is None:
            return None
        return self.seat(hand_dealer(self.table, self.next_number))

    @property
    def individuals(self) -> bool:
        return self.event.individuals

    @property
    def three_handed(self) -> bool:
        """Each player for himself (the layout's sides are its seats)."""
        return self.table.layout_spec.each_for_himself

    @property
    def format(self):
        """The event format's adapter (scoring.adapters.formats): the scores the page shows, its parts."""
        return _format_adapters.format_adapter(self.event.format)

    @property
    def side_scores(self) -> tuple[int, ...]:
        """The sides' scores the page shows: the round's totals in a session, the game in play's in games."""
        return self.format.side_scores(self)

    @property
    def adapter(self):
        """The table layout's adapter (scoring.adapters): how this layout's sheet keeps its totals."""
        return _adapters.table_adapter(self.table)

    def side_seats(self, side: str) -> list[Seat]:
        """The players of a side (N and S, or E and W), whoever the entrants are."""
        return [s for s in self.seats if s.side == side]

    def side_players(self, side: str) -> str:
        """The players of a side: "Ana Garza & Joe Smith" (a partnership's players_label, or a
        progressive side's two players this round)."""
        return " & ".join(s.name for s in self.side_seats(side))

    @property
    def ns_players(self) -> str:
        return self.side_players("ns")

    @property
    def ew_players(self) -> str:
        return self.side_players("ew")

    def seat(self, letter: str) -> Seat:
        return next(s for s in self.seats if s.seat == letter)

    def partnership(self, side: str):
        return self.table.ns if side == "ns" else self.table.ew

    def totals_without(self, number: int) -> tuple[int, int]:
        """Round totals leaving out one hand: the base a correction's preview adds to."""
        if self.games is not None:
            return self.game_base(number)
        others = [r.hand for r in self.rows if r.hand.number != number]
        return sum(h.ns_points for h in others), sum(h.ew_points for h in others)

    def game_base(self, number: int) -> tuple[int, int]:
        """A games event: the running score of the game before hand `number` (0-0 at a game's start)."""
        before = None
        for row in self.rows:
            if row.hand.number >= number:
                break
            before = row
        if before is None or before.game_over:
            return 0, 0
        return before.ns_total, before.ew_total


@dataclass
class Trust:
    """Where a table's acceptance stands for the phone of `side` (docs/trust.md): the hands it may
    accept (another side wrote them), the hands its own side wrote that wait for the other side,
    and each waiting hand's note ("Changed by E-W: accept or dispute.") by hand number."""

    side: str
    three: bool = False  # a table of three: "another player" accepts, not "the other side"
    confirmed_by: str = ""  # who confirmed the table, as this reader may see it (a role, not a username)
    theirs: list[int] = field(default_factory=list)
    mine: list[int] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)

    @property
    def only_mine(self) -> bool:
        """Nothing here for this phone to accept, and hands of its own wait: the other side's turn."""
        return bool(self.side) and not self.theirs and bool(self.mine)

    @property
    def mine_words(self) -> str:
        return Confirmation(waiting=tuple(self.mine)).waiting_words(three=self.three)

    @property
    def changed_words(self) -> str:
        """Above the Confirm button when another side changed hands: what pressing it accepts."""
        changed = sorted(self.notes)
        return ngettext("Confirming also accepts the change to hand %(hands)s.",
                        "Confirming also accepts the changes to hands %(hands)s.", len(changed)) % {
            "hands": and_list(changed)} if changed else ""


def writer_name(sheet, side: str) -> str:
    """Who wrote a hand, as the table's phones say it: N-S, E-W, a table of three's player; "" = staff."""
    if side in SIDE_LABELS:
        return side_label(side)
    return next((s.name for s in sheet.seats if s.seat == side), side)


def trust_state(sheet, side: str, public: bool = True) -> Trust:
    """The acceptance of `sheet`'s hands as the phone of `side` sees it ("" = staff: every waiting hand is
    theirs). `public`: a table-link page, where a staff member is named by his role only."""
    confirmed_by = sheet.table.confirmed_by
    trust = Trust(side=side, three=sheet.three_handed,
                  confirmed_by=shown_label(confirmed_by) if public else confirmed_by)
    for row in sheet.rows:
        hand = row.hand
        if not hand.waits:
            continue
        if side and hand.written_side == side:
            trust.mine.append(hand.number)
            continue
        trust.theirs.append(hand.number)
        if hand.changed_at:
            row.trust_note = trust.notes[hand.number] = gettext("Changed by %(who)s: accept or dispute.") % {
                "who": writer_name(sheet, hand.written_side)}
    return trust


def seats_for(table) -> list[Seat]:
    """The table's seats and who sits there, as its layout's adapter stores them (TableAdapter.table_seats)."""
    return _adapters.table_adapter(table).table_seats(table)


def seated_seats(table) -> list[Seat]:
    """A table of individuals seats its TableSeat rows (N, E, S, W, or 1, 2, 3 in seating order)."""
    layout = table.layout_spec
    order = {seat: i for i, seat in enumerate(layout.seats)}
    rows = sorted(table.seats.all(), key=lambda s: order.get(s.seat, 99))
    return [Seat(r.seat, r.entrant.player_one.name, layout.side_of.get(r.seat, r.seat), r.entrant.number)
            for r in rows]


def partnership_seats(table) -> list[Seat]:
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
    format_adapter = _format_adapters.format_adapter
    event = table.round.event
    seats = seats_for(table)
    names = {s.seat: s.name for s in seats}
    sheet = TableSheet(table=table, event=event, round=table.round, seats=seats, hands_per_round=event.hands_per_round)
    hands = table_hands(table)  # read once under the table's lock when a save holds it (services.table_hands)
    numbers = {h.number for h in hands}
    ns = ew = 0
    for hand in hands:
        ns += hand.ns_points
        ew += hand.ew_points
        sheet.rows.append(HandRow(
            hand=hand,
            dealer_name=names[hand.dealer],
            contract_text=contract_short(hand.contract),
            red=hand.contract != NOBID and rules_engine.parse_contract(hand.contract).suit in RED_SUITS,
            ns_total=ns,
            ew_total=ew,
            locked=any(n > hand.number for n in numbers),
            penalty_text=penalty_text(hand),
        ))
    sheet.ns_total, sheet.ew_total = ns, ew
    sheet.adapter.sheet_totals(sheet)
    format_adapter(event.format).sheet_round(sheet, hands, numbers)
    return sheet


def session_round(sheet: TableSheet, hands: list[Hand], numbers: set[int]) -> None:
    """A session's next hand is its first missing one; its round may be confirmed once its hands are in
    (formats.Session). FormatAdapter.sheet_round."""
    missing = [n for n in range(1, sheet.event.hands_per_round + 1) if n not in numbers]
    sheet.next_number = missing[0] if missing else None
    sheet.confirmable = sheet.complete


def games_round(sheet: TableSheet, hands: list[Hand], numbers: set[int]) -> None:
    """Games to 500: the round replayed into games; the hands run on until the round is done, up to
    the event's hand limit if it has one. FormatAdapter.sheet_round."""
    _games_rows(sheet, hands)
    if sheet.round_done:
        return
    number = 1
    while number in numbers:
        number += 1
    limit = sheet.event.hands_per_round
    sheet.next_number = number if limit is None or number <= limit else None


# The totals a sheet of individuals shows (TableAdapter.sheet_totals, game_row, game_totals): each player
# his side's at a progressive table, his own at a table of three, where each hand's row shows every seat.

def side_totals(sheet: TableSheet, totals: tuple[int, ...]) -> None:
    """Each player shows his side's total of `totals` (N-S, E-W)."""
    for seat in sheet.seats:
        seat.total = totals[0 if seat.side == "ns" else 1]


def own_totals(sheet: TableSheet, totals: tuple[int, ...]) -> None:
    """Each player shows his own total of `totals` (in seating order)."""
    for seat, total in zip(sheet.seats, totals):
        seat.total = total


def running_seat_totals(sheet: TableSheet) -> None:
    """Each player's running total of his own points, and each row's cells by seat (a table of three)."""
    by_seat = {seat.seat: seat for seat in sheet.seats}
    running = dict.fromkeys(by_seat, 0)
    columns = tuple(sheet.seats.index(players[0]) for players in sheet.side_columns)
    for row in sheet.rows:
        hand = row.hand
        points = hand.seat_points or {}
        tricks = hand.seat_tricks or {}
        for seat in by_seat:
            running[seat] += points.get(seat, 0)
        # A player's own tricks, or at six his team's (Hand.seat_tricks by Layout.tricks_by).
        row.seat_cells = [(tricks.get(seat, tricks.get(by_seat[seat].side, "")), signed(points.get(seat, 0)),
                           running[seat]) for seat in by_seat]
        row.bidder_name = by_seat[hand.declarer_seat].name if hand.declarer_seat in by_seat else ""
        row.columns = columns
    for seat, total in running.items():
        by_seat[seat].total = total


def _games_rows(sheet: TableSheet, hands: list[Hand]) -> None:
    """Each hand's game and the game's running score after it (the rule set's own: the 490
    pegging cap and the rest), replayed by scoring.engine.games; the round's state at the table."""
    table = sheet.table
    adapter = sheet.adapter
    names = adapter.game_names(sheet)
    for index, row in enumerate(sheet.rows):
        upto = table_games(table, hands[: index + 1], bell=index == len(sheet.rows) - 1)
        game = upto.games[-1] if upto.games else None
        if game is None or game.last_hand != row.hand.number:  # a hand after the round was done
            continue
        row.game_number = game.number
        adapter.game_row(row, game.scores)
        row.game_over = game_over_text(game, names) if game.over else ""
    sheet.games = table_games(table, hands)
    adapter.game_totals(sheet)  # each player's total on the page: his side's or his own score in the game in play
    sheet.round_done = games_round_done(table, sheet.games, len(hands))
    sheet.confirmable = games_confirmable(table, sheet.games, len(hands))


def load_table(queryset, *, locked: bool = False, **lookup):
    """A table with its round and event, then its partnerships and their players: two queries (a
    table of individuals: its seats and their players instead). `locked`: a request that saves,
    inside its transaction: the table read once, under its locks (services.locked_table_by).

    Two small joins, not one of ten tables: PostgreSQL plans a ten-table join afresh every time,
    and that planning cost 4 ms of every table page and save in the hall storm (README, "Speed")."""
    if locked:
        table = locked_table_by(**lookup)
    else:
        table = queryset.select_related("round__event", "round__tiebreak").get(**lookup)
    _adapters.table_adapter(table).load_people(table)
    return table


def load_seated(table) -> None:
    """A table of individuals' seats and their players (one query)."""
    prefetch_related_objects([table], "seats__entrant__player_one")


def load_partnerships(table) -> None:
    """A table's two partnerships and their players (one query)."""
    pairs = {pair.pk: pair for pair in _PARTNERSHIPS.rows(ns=table.ns_id, ew=table.ew_id)}
    keys = [pk for pair in pairs.values() for pk in (pair.player_one_id, pair.player_two_id)]
    people = {player.pk: player for player in _PLAYERS.rows(**dict(zip("abcd", keys)))}
    for pair in pairs.values():
        pair.player_one = people[pair.player_one_id]
        pair.player_two = people.get(pair.player_two_id)
    table.ns, table.ew = pairs[table.ns_id], pairs[table.ew_id]


# A table's partnerships and their players, the SQL compiled once (tournaments.prepared): a save reads them.
_PARTNERSHIPS = Prepared(Partnership, lambda ns, ew: Partnership.objects.filter(Q(pk=ns) | Q(pk=ew)))
_PLAYERS = Prepared(Player, lambda a, b, c, d: Player.objects.filter(Q(pk=a) | Q(pk=b) | Q(pk=c) | Q(pk=d)))


def game_row_sides(row: HandRow, scores: tuple[int, ...]) -> None:
    """A hand's row shows the sides' scores in its game after it."""
    row.ns_total, row.ew_total = scores


def game_row_seats(row: HandRow, scores: tuple[int, ...]) -> None:
    """A hand's row shows each player's score in its game after it (a table of three)."""
    row.seat_cells = [(tricks, points, score) for (tricks, points, _), score in zip(row.seat_cells, scores)]


def history_seat_names(changes) -> dict[int, dict[str, str]]:
    """{table id: {seat: "Ana Garza (1)"}} for the tables of individuals among `changes` (one query):
    the history names a player where it would say a seat. A partnership table has no TableSeat rows."""
    return seat_names_at({change.table_id for change in changes})


def seat_names_at(ids) -> dict[int, dict[str, str]]:
    """{table id: {seat: "Ana Garza (1)"}} for the tables of individuals among `ids` (one query)."""
    names: dict[int, dict[str, str]] = {}
    for seat in TableSeat.objects.filter(table_id__in=ids).select_related("entrant__player_one"):
        names.setdefault(seat.table_id, {})[seat.seat] = seat_name(seat.entrant.player_one.name, seat.seat)
    return names


def seat_name(name: str, seat: str) -> str:
    """"Ana Garza (1)", "Ana Garza (N)" (W prints as O in Spanish and French)."""
    return pgettext("player at a seat", "%(name)s (%(seat)s)") % {"name": name, "seat": seat_letter(seat)}


def history_rows(changes) -> list[dict]:
    """HandChange rows with the fields that changed spelled out: (name, old, new). At a table of
    individuals each seat is named by its player ("Ana Garza (1)")."""
    changes = list(changes)
    seat_names = history_seat_names(changes)
    labels = {"number": pgettext("history", "hand number"),  # a hand moved up when an earlier one was removed
              "declarer": pgettext("history", "bid by"), "declarer_seat": pgettext("history", "bidder"),
              "contract": pgettext("history", "contract"),
              "tricks": pgettext("history", "tricks"), "seat_tricks": pgettext("history", "each player's tricks"),
              "penalty_kind": pgettext("history", "penalty"),
              "penalty_side": pgettext("history", "penalty side"), "penalty_seat": pgettext("history", "penalty seat"),
              "note": pgettext("history", "note"), "ns_tricks": pgettext("history", "N-S tricks"),
              "ns_points": pgettext("history", "N-S points"),
              "ew_points": pgettext("history", "E-W points"),
              "seat_points": pgettext("history", "each player's points")}
    rows = []
    for change in changes:
        old, new = change.old or {}, change.new or {}
        names = seat_names.get(change.table_id, {})
        diffs = []
        for key, label in labels.items():
            before, after = old.get(key, ""), new.get(key, "")
            if change.action == "update" and before == after:
                continue
            if change.action != "update" and after in ("", None):
                continue
            diffs.append((label, _show(key, before, names), _show(key, after, names)))
        summary = hand_summary(new, names) if change.action in ("create", "import") and new else ""
        if change.action == "delete" and old:  # the hand as it was when it was deleted
            summary = hand_summary(old, names)
        now = hand_summary(new, names) if change.action == "update" and new else ""
        action_label = language.label(HAND_CHANGE_LABELS.get(change.action, change.action))
        if change.action == "confirm" and new.get("waiting"):  # a side accepted hands; others still wait
            action_label = pgettext("history", "Accepted")
        rows.append({"change": change, "diffs": [] if summary else diffs, "summary": summary, "now": now,
                     "action_label": action_label, "accepted": accepted_words(new)})
    return rows


def accepted_words(new: dict) -> str:
    """A confirmation's history row (docs/trust.md): "Accepted hands 1, 2 and 3. Hand 4 still waits
    to be accepted." ("" for a confirmation that recorded no hands: staff, or before acceptance)."""
    accepted, waiting = new.get("accepted") or [], new.get("waiting") or []
    words = []
    if accepted:
        words.append(ngettext("Accepted hand %(hands)s.", "Accepted hands %(hands)s.", len(accepted))
                     % {"hands": and_list(accepted)})
    if waiting:
        words.append(ngettext("Hand %(hands)s still waits to be accepted.", "Hands %(hands)s still wait to be "
                              "accepted.", len(waiting)) % {"hands": and_list(waiting)})
    return " ".join(words)


@dataclass
class HandTrail:
    """Who wrote one hand and who agreed to it, with the times (docs/trust.md): entered by, last
    changed by (None: never corrected), accepted by (None: not accepted). A `who` is the writer's
    label as stored ("N-S #1 on their phone", "Ana Garza on their phone", "olga (organizer)"), or
    its role only on a page players see (services.shown_label)."""

    hand: Hand
    summary: str
    entered: tuple[str, object]
    changed: tuple[str, object] | None = None
    accepted: tuple[str, object] | None = None

    @property
    def waits(self) -> bool:
        return self.hand.waits

    @property
    def by_staff(self) -> bool:
        """Last written by an organizer or scorer: no player's acceptance needed."""
        return not self.hand.written_side and self.accepted is None


def hand_trails(table, *, public: bool = False) -> list[HandTrail]:
    """Each stored hand of `table` with its trail, in hand order. The corrector's label comes from
    the table's history, followed through renumbering (a deleted hand moves the later ones up);
    `public`: staff are named by their role (a page players may see)."""
    corrected: dict[int, tuple[str, object]] = {}  # hand number now -> (who, when) of its last correction
    for change in HandChange.objects.filter(table=table).order_by("at", "pk"):
        number = change.hand_number
        before, after = (change.old or {}).get("number"), (change.new or {}).get("number")
        if change.action == "update" and before is not None and after is not None and before != after:
            moved = corrected.pop(before, None)  # moved up: its own last correction goes with it
            corrected.pop(after, None)
            if moved:
                corrected[after] = moved
        elif change.action == "update":
            corrected[number] = (change.by, change.at)
        elif change.action in ("create", "import", "delete"):
            corrected.pop(number, None)
    names = seat_names_at({table.pk})
    shown = shown_label if public else str
    trails = []
    for hand in Hand.objects.filter(table=table).order_by("number"):
        trail = HandTrail(hand=hand, summary=hand_summary(hand_snapshot(hand), names.get(table.pk, {})),
                          entered=(shown(hand.entered_by), hand.entered_at))
        if hand.changed_at:
            trail.changed = (shown(corrected.get(hand.number, (hand.updated_by,))[0]), hand.changed_at)
        if hand.accepted_at:
            trail.accepted = (shown(hand.accepted_by), hand.accepted_at)
        trails.append(trail)
    return trails


def _seat_points_text(points: dict, tricks: dict, names: dict) -> str:
    """Each seat of a table of three: "Ana Garza (1): +300 (8 tricks); ..." (the seat number alone if unknown)."""
    return "; ".join(ngettext("%(player)s: %(points)s (%(tricks)s trick)", "%(player)s: %(points)s (%(tricks)s tricks)",
                              tricks.get(seat, 0)) % {
        "player": names.get(seat, seat), "points": signed(points.get(seat, 0)), "tricks": tricks.get(seat, 0)}
        for seat in sorted(points or THREE_SEATS, key=lambda label: (len(label), label)))  # every seat (two to six)


def hand_summary(values: dict, names: dict | None = None) -> str:
    """One line for an entered hand: 7♥ by N-S, 8 tricks · N-S +200, E-W +20 · Established revoke by N-S.
    `names`: a table of individuals' {seat: "Ana Garza (1)"}."""
    names = names or {}
    if values.get("declarer_seat"):  # a table of three: each player's tricks and points
        points, tricks = values.get("seat_points") or {}, values.get("seat_tricks") or {}
        seat = values["declarer_seat"]
        if seat in names:
            text = gettext("%(contract)s by %(player)s, %(tricks)s tricks · %(points)s") % {
                "contract": _show("contract", values.get("contract")), "player": names[seat],
                "tricks": values.get("tricks"), "points": _seat_points_text(points, tricks, names)}
        else:
            text = gettext("%(contract)s by seat %(seat)s, %(tricks)s tricks · %(points)s") % {
                "contract": _show("contract", values.get("contract")), "seat": seat,
                "tricks": values.get("tricks"), "points": _seat_points_text(points, tricks, names)}
        return text + (f" · “{values['note']}”" if values.get("note") else "")
    if values.get("contract") == NOBID:
        text = gettext("%(nobid)s · N-S %(ns)s, E-W %(ew)s") % {
            "nobid": nobody_bid_text(values.get("ns_tricks")), "ns": signed(values.get("ns_points", 0)),
            "ew": signed(values.get("ew_points", 0))}
    else:
        text = gettext("%(contract)s by %(side)s, %(tricks)s tricks · N-S %(ns)s, E-W %(ew)s") % {
            "contract": _show("contract", values.get("contract")), "side": _show("declarer", values.get("declarer")),
            "tricks": values.get("tricks"), "ns": signed(values.get("ns_points", 0)),
            "ew": signed(values.get("ew_points", 0))}
    if values.get("penalty_kind"):
        seat = values.get("penalty_seat")
        by = (names.get(seat) or seat_letter(seat)) if seat else _show("penalty_side", values.get("penalty_side"))
        penalty = _show("penalty_kind", values["penalty_kind"])
        text += " · " + (pgettext("penalty by a side", "%(penalty)s by %(side)s") % {"penalty": penalty, "side": by}
                         if by != "—" else penalty)
    if values.get("note"):
        text += f" · “{values['note']}”"
    return text


def _show(key: str, value, names: dict | None = None) -> str:
    names = names or {}
    if value in ("", None):
        return "—"
    if key in ("ns_points", "ew_points"):
        return signed(value)
    if key in ("declarer", "penalty_side"):
        return side_label(value)
    if key in ("declarer_seat", "penalty_seat"):
        return names.get(value) or seat_letter(value)
    if key in ("seat_tricks", "seat_points") and isinstance(value, dict):
        shown = {seat: signed(number) if key == "seat_points" else str(number) for seat, number in value.items()}
        return "; ".join(f"{names.get(seat, seat)}: {shown[seat]}" for seat in sorted(shown))
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


# The adapters name this module's functions (scoring.adapters: each layout's sheet parts), and this
# module asks them which layout's parts a table uses: the one cycle between the two, closed here at
# the end, once every name the adapters read is defined (whichever of the two is imported first).
from scoring import adapters as _adapters  # noqa: E402
from scoring.adapters import formats as _format_adapters  # noqa: E402
