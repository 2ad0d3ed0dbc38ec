"""The event file's contents as plain dataclasses: what `checking.check()` returns and
`writing.to_dict()` takes.

The optional fields take their defaults from the one table in keys.py; the ones worked out from
the rest of the file (a round's status, a table's confirmation, a hand's dealer) hold a placeholder
until the checker fills them in. No checking, no I/O, no Django.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from scoring.engine.eventfile.keys import default

FORMAT = "500-event/1"
FORMAT_V2 = "500-event/2"  # events played as games, hands nobody bid (README, "Event files")
FORMATS = (FORMAT, FORMAT_V2)


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
    note: str = default("hand", "note")
    dealer: str = ""  # "" means the usual rotation (the importer fills it in)
    ns_tricks: int | None = None  # a hand nobody bid (contract NOBID): the tricks N-S took
    # A three-handed hand (an event of individuals): the bidder's player number and each seated
    # player's tricks {number: tricks}, in seating order; `declarer` is then "" and `tricks` the bidder's.
    bidder: int | None = None
    player_tricks: dict[int, int] | None = None
    # A table of five: the called partner's player number (None: the bidder alone). A table of six:
    # each team's tricks {"A": 4, "B": 3, "C": 3} (player_tricks is then None).
    partner: int | None = None
    team_tricks: dict[str, int] | None = None
    # A table of two, five or six: who made an established revoke (a player number; a team at six), or
    # None; penalty_kind is then "revoke" and penalty_side his seat (his team at six).
    revoke: int | str | None = None
    # Who entered, changed and accepted it (scoring.models.Hand, docs/trust.md): a side, a table of
    # three's seat, or "" for staff, and the label shown. changed_side None: never corrected;
    # accepted_side None: not accepted. The moments come with the table's history (an export with
    # --history); None: the importer's clock.
    entered_side: str = default("hand", "entered_side")
    entered_by: str = default("hand", "entered_by")
    entered_at: datetime.datetime | None = default("hand", "entered_at")
    changed_side: str | None = default("hand", "changed_side")
    changed_at: datetime.datetime | None = default("hand", "changed_at")
    accepted_side: str | None = default("hand", "accepted_side")
    accepted_by: str = default("hand", "accepted_by")
    accepted_at: datetime.datetime | None = default("hand", "accepted_at")

    @property
    def written_side(self) -> str:
        """Who last wrote the hand: the side that corrected it, else the side that entered it."""
        return self.changed_side if self.changed_side is not None else self.entered_side

    @property
    def waits(self) -> bool:
        """Written on a phone and accepted by nobody yet (Hand.waits): the table is not confirmed."""
        return bool(self.written_side) and self.accepted_side is None


@dataclass
class ChangeSpec:
    """One row of a table's history (scoring.models.HandChange), kept when exported with --history."""

    action: str
    by: str
    at: datetime.datetime
    hand: int | None = default("change", "hand")
    username: str = default("change", "username")
    reason: str = default("change", "reason")
    old: dict | None = None
    new: dict | None = None


@dataclass
class TableSpec:
    number: int
    ns: int
    ew: int
    hands: list[HandSpec] = field(default_factory=list)
    confirmed: bool = False  # worked out by the checker when the file leaves it out
    entered_side: str = default("table", "entered_side")
    dispute: str = default("table", "dispute")
    confirmed_by: str = default("table", "confirmed_by")
    confirmed_at: datetime.datetime | None = default("table", "confirmed_at")
    history: list[ChangeSpec] | None = None  # None: the file has no history (the importer writes its own)
    # A table of individuals (ns and ew are then 0): three player numbers in seating order
    # (three-handed), or four in the order N, E, S, W (progressive four-handed).
    seats: tuple[int, ...] = ()


@dataclass
class RoundSpec:
    number: int
    tables: list[TableSpec] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    status: str = "planned"  # worked out by the checker when the file leaves it out
    closed_at: datetime.datetime | None = default("round", "closed_at")
    closed_by: str = default("round", "closed_by")
    close_note: str = default("round", "close_note")


@dataclass
class TiebreakSpec:
    partnerships: list[int]  # entrant numbers: players in an event of individuals
    rounds: list[RoundSpec] = field(default_factory=list)
    # Players who fill a tiebreak table of an event of individuals and get no tiebreak total.
    fillers: list[int] = field(default_factory=list)


@dataclass
class PartnershipSpec:
    number: int
    players: tuple[str, str]
    # Each player's club member number (docs/clubs.md), None for a plain name.
    members: tuple[int | None, int | None] = (None, None)
    division: str = default("partnership", "division")
    checked_in: bool = default("partnership", "checked_in")
    withdrawn: bool = default("partnership", "withdrawn")
    pin: str = default("partnership", "pin")


@dataclass
class PlayerSpec:
    """One player of an event of individuals (an entrant of its own)."""

    number: int
    name: str
    member: int | None = None  # the player's club member number (docs/clubs.md), None for a plain name
    division: str = default("partnership", "division")
    checked_in: bool = default("partnership", "checked_in")
    withdrawn: bool = default("partnership", "withdrawn")
    pin: str = default("partnership", "pin")


@dataclass
class GamesSpec:
    """An event played as games (scoring.engine.games.GamesSetup): None means no limit."""

    hand_limit: int | None = None
    games_per_round: int | None = None
    wins_per_round: int | None = None
    rank_by: list[str] = field(default_factory=lambda: ["games", "points"])


@dataclass
class EventSpec:
    name: str
    date: datetime.date
    rules: str
    rounds: int
    hands_per_round: int | None  # None only in an event played as games
    slug: str = default("event", "slug")
    club: str = default("event", "club")  # the club's slug (docs/clubs.md), "" for an event of no club
    venue: str = default("event", "venue")
    rule_overrides: dict = field(default_factory=dict)
    sit_out_policy: str = default("event", "sit_out_policy")
    sit_out_points: int = default("event", "sit_out_points")
    confirmation_required: bool = default("event", "confirmation_required")
    medal_scope: str = default("event", "medal_scope")
    secondary_tiebreakers: list[str] = field(default_factory=lambda: list(default("event", "secondary_tiebreakers")))
    page_size: str = default("event", "page_size")
    language: str = default("event", "language")
    format: str = "session"  # or "games" (version 2)
    games: GamesSpec | None = None  # set exactly when format is "games"
    entrants: str = "partnerships"  # or "individuals" (version 2)
    # An event of individuals (version 2): players at a table, 2 to 6 (3 under the three-handed rules
    # and 4 otherwise when the file leaves it out), and at six how the teams are made
    # ("three-pairs" or "two-threes"; scoring.engine.layouts.layout_for_file).
    players_per_table: int = 4
    six_handed: str = ""

    @property
    def needs_v2(self) -> bool:
        return self.format != "session" or self.entrants != "partnerships"

    @property
    def individuals(self) -> bool:
        return self.entrants == "individuals"


@dataclass
class StaffSpec:
    username: str
    role: str  # organizer or scorer


@dataclass
class EventFile:
    event: EventSpec
    staff: list[StaffSpec] = field(default_factory=list)
    partnerships: list[PartnershipSpec] = field(default_factory=list)
    players: list[PlayerSpec] = field(default_factory=list)  # an event of individuals, in place of partnerships
    rounds: list[RoundSpec] = field(default_factory=list)
    tiebreaks: list[TiebreakSpec] = field(default_factory=list)
