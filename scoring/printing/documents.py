"""The printed documents' input: frozen dataclasses of plain values, one family of them per document.

scoring.printing.data builds them from the database; the drawing modules (sheets, cards, lists,
certificates) turn them into PDF bytes. Nothing here draws, queries or imports Django, so a test
or a benchmark can build a document by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.engine.vocabulary import SEATS, SIDE_LABELS, SIDE_OF_SEAT, ordinal


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _no_context(context: str, message: str) -> str:
    return message


@dataclass(frozen=True)
class Words:
    """The language a document is printed in, as the drawing modules need it: Django's gettext,
    ngettext and pgettext, tournaments.language.place and seat_letter, handed in by scoring.printing.data (inside
    tournaments.language.in_language), so the drawing stays free of Django. The default is English,
    for a document built by hand."""

    gettext: Callable[[str], str] = str
    ngettext: Callable[[str, str, int], str] = _english_plural
    pgettext: Callable[[str, str], str] = _no_context
    place: Callable[[int], str] = ordinal
    code: str = "en"

    seat_letter: Callable[[str], str] = str  # tournaments.language.seat_letter, handed in

    def seat(self, letter: str) -> str:
        """A seat's letter as printed: N, E, S, W in English; W is O (Oeste, Ouest) in Spanish and French."""
        return self.seat_letter(letter)


ENGLISH = Words()


@dataclass(frozen=True)
class DocHeader:
    """What every document prints at the top, and the paper it is printed on."""

    event_name: str
    slug: str
    date_text: str
    venue: str = ""
    page_size: str = "letter"  # "letter" or "a4"

    @property
    def date_venue(self) -> str:
        return f"{self.date_text} · {self.venue}" if self.venue else self.date_text


@dataclass(frozen=True)
class ContractValue:
    code: str  # 7H, 10NT, MIS
    label: str  # "7 Hearts", "Misère"
    value: int
    tricks: int | None = None  # None for misère / nullo
    suit: str | None = None


@dataclass(frozen=True)
class SheetSide:
    """One partnership at a table: N-S seats player one at N and player two at S (E and W)."""

    side: str  # "ns" or "ew"
    number: int
    first: str  # the player at N (or E)
    second: str  # the player at S (or W)
    # A progressive table of individuals: the two players' own numbers (first, second); the side
    # is this round's partnership, not an entrant, so `number` is the first player's.
    numbers: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return SIDE_LABELS[self.side]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(seat for seat in SEATS if SIDE_OF_SEAT[seat] == self.side)


@dataclass(frozen=True)
class SheetHand:
    """One row of a sheet. Blank sheets give only number and dealer."""

    number: int
    dealer: str  # N, E, S or W
    declarer: str = ""  # "ns", "ew" or "" when not entered
    contract: str = ""
    tricks: int | None = None
    ns_points: int | None = None
    ew_points: int | None = None
    penalty: str = ""  # as printed: "Revoke by E-W", "Bid out of turn: W", a note
    corrected: bool = False
    # An event played as games: the running game score after this hand, and whether it ended a game.
    game_ns: int | None = None
    game_ew: int | None = None
    game_end: bool = False
    # A three-handed hand: the bidder's seat ("1", "2", "3"), and each seat's tricks and points in
    # seating order (SheetTable.seats).
    bidder: str = ""
    seat_tricks: tuple[int, ...] = ()
    seat_points: tuple[int, ...] = ()
    partner: str = ""  # a table of five: the called partner's seat ("" none: the bidder alone)


@dataclass(frozen=True)
class SheetSeat:
    """One player at a three-handed table: his seat ("1", "2", "3" in seating order), number and name."""

    seat: str
    number: int
    name: str


@dataclass(frozen=True)
class Correction:
    hand_number: int
    when: str
    by: str
    before: str
    after: str
    reason: str = ""


@dataclass(frozen=True)
class SheetTable:
    round_label: str  # "Round 3", "Tiebreak 1 · Round 1"
    number: int
    ns: SheetSide | None  # None at a three-handed table: its players are `seats`
    ew: SheetSide | None
    hands: tuple[SheetHand, ...]
    entry_url: str = ""
    short_code: str = ""
    ns_total: int | None = None
    ew_total: int | None = None
    status: str = ""  # result sheets: "Confirmed by ...", "Not confirmed", "DISPUTED: ..."
    corrections: tuple[Correction, ...] = ()
    games: tuple[str, ...] = ()  # result sheets of a games event: each game and who won it, as printed
    seats: tuple[SheetSeat, ...] = ()  # a three-handed table: its three players in seating order
    seat_totals: tuple[int | None, ...] = ()  # result sheets of a three-handed table: each seat's total
    # In an event of mixed table sizes, this table's own sheet style (TableAdapter.sheet_style) where
    # it is not the document's (SheetsDoc.style); "" for the document's.
    style: str = ""

    def dealer_name(self, seat: str) -> str:
        if self.seats:
            return next((s.name for s in self.seats if s.seat == seat), "")
        return {"N": self.ns.first, "S": self.ns.second, "E": self.ew.first, "W": self.ew.second}[seat]


@dataclass(frozen=True)
class SheetsDoc:
    header: DocHeader
    rules_label: str
    contract_values: tuple[ContractValue, ...]
    hands_per_round: int
    tables: tuple[SheetTable, ...]
    filled: bool = False  # True: result sheets, filled from the entered hands
    title: str = ""  # "Round 3" or "All rounds": used in the file name (English, like every file name)
    words: Words = ENGLISH
    format: str = "session"  # Event.format: "games", running game score columns, room for several games
    # How the table's sheet is laid out, named by its layout's adapter (TableAdapter.sheet_style):
    # "sides" (N-S and E-W, SheetTable.ns/ew) or "seats" (each for himself, SheetTable.seats).
    style: str = "sides"


@dataclass(frozen=True)
class CardRound:
    round_label: str  # "1", "TB1-1"
    table: int | None  # None: sits out
    direction: str = ""  # "N-S" or "E-W"
    seats: str = ""  # "N María · S José"
    opponent_number: int | None = None
    opponent_names: str = ""
    # An event of individuals: this round's partner (progressive) and the others at the table
    # (opponents, or three-handed the two tablemates), each as "7 Ana Garza".
    partner: str = ""
    others: tuple[str, ...] = ()


@dataclass(frozen=True)
class PartnershipCard:
    number: int
    names: str
    division: str
    rounds: tuple[CardRound, ...]
    pin: str = ""  # the partnership's secret confirmation PIN: on its own card, nowhere public


@dataclass(frozen=True)
class CardsDoc:
    header: DocHeader
    cards: tuple[PartnershipCard, ...]
    sit_out_note: str = ""
    words: Words = ENGLISH
    # How each card reads, named by the layout's adapter (TableAdapter.card_style): "opponents" (a
    # partnership's card), "partner" (a player's partner and opponents) or "tablemates".
    style: str = "opponents"


@dataclass(frozen=True)
class RoundCell:
    points: int | None  # None: not played yet
    sat_out: bool = False
    provisional: bool = False


@dataclass(frozen=True)
class StandingRow:
    rank: int | None  # None for a withdrawn partnership
    tied: bool
    number: int
    names: str
    division: str
    total: int
    rounds: tuple[RoundCell, ...]
    hands: int = 0
    provisional: bool = False
    tiebreak_total: int | None = None
    note: str = ""  # which rule ordered this row, a withdrawal
    withdrawn: bool = False  # results kept, not ranked: the rank reads "WD"
    games: tuple[int, ...] = ()  # a games event: the values under StandingsDoc.games_heads

    @property
    def rank_text(self) -> str:
        if self.withdrawn:
            return "WD"
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class StandingsDoc:
    header: DocHeader
    round_labels: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    progress: str = ""
    sit_out_note: str = ""
    notes: tuple[str, ...] = ()
    words: Words = ENGLISH
    entrants: str = "partnerships"  # the layout's entrants: "individuals", one player a row ("Player")
    games_heads: tuple[str, ...] = ()  # a games event: "Won", "Lost", "Drawn", ("Matches"), "Diff."
    total_heading: str = "Total"  # the total column's heading (a msgid): "Points" in a games event


@dataclass(frozen=True)
class MedalPlace:
    place: int
    medal: str  # Gold, Silver, Bronze: in the document's language
    number: int
    players: tuple[str, ...]  # two names, or one in an event of individuals
    total: int
    tiebreak: str = ""  # "Tiebreak 1: 420 (decided 2nd place)" when a tiebreak decided it
    medal_title: str = ""  # "Gold medal", the certificate's heading
    games: str = ""  # a games event: "Games won 2, lost 1, drawn 0"

    @property
    def names(self) -> str:
        return " & ".join(self.players)


@dataclass(frozen=True)
class MedalGroup:
    title: str  # "Division 70-74", or "Overall" (in the document's language)
    places: tuple[MedalPlace, ...]
    pending: str = ""  # "2nd place is tied (3, 7): a tiebreak session will decide it"
    division: str = ""  # the division's own name; "" for the overall ranking
    overall: bool = False


@dataclass(frozen=True)
class MedalsDoc:
    header: DocHeader
    groups: tuple[MedalGroup, ...]
    notes: tuple[str, ...] = ()
    words: Words = ENGLISH
    entrants: str = "partnerships"  # the layout's entrants: "individuals", medals to players ("Player")
