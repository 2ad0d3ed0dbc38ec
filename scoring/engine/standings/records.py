"""The standings' words, inputs (Entrant, Seat, TableResult, TiebreakSession, Setup) and outputs
(RoundCell, Row, MedalTie, Ranking, Progress, Standings). Pure Python, no Django (see the package's
docstring for the rules they carry)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from scoring.engine.games import DEFAULT_RANK_BY, RANK_KEYS
from scoring.engine.vocabulary import MEDAL_SCOPES, SIT_OUT_POLICIES, gettext_noop, ordinal

WITHDRAWN_LABEL = "WD"  # the rank a withdrawn partnership shows everywhere
SECONDARY_TIEBREAKERS = {
    "head_to_head": gettext_noop("Head-to-head points"),
    "contracts_made": gettext_noop("Most contracts made"),
    "fewest_sets": gettext_noop("Fewest contracts set"),
}
# decided_by values besides "tiebreak N" (N = the session's sequence number).
DECIDED_LABELS = {
    "total": gettext_noop("Total"),
    "shared": gettext_noop("Shared (still tied)"),
    "withdrawn": gettext_noop("Withdrawn (not ranked)"),
    **SECONDARY_TIEBREAKERS,
}
# The words a page shows, marked here and translated by the Django layers (`translate` = gettext).
PROGRESS_WORDS = {
    "complete": gettext_noop("All %(rounds)s rounds complete"),
    "not_started": gettext_noop("Not started yet"),
    "round": gettext_noop("Round %(round)s of %(rounds)s: %(tables_in)s of %(tables)s tables in"),
}
SIT_OUT_WORDS = {
    "fixed": gettext_noop("fixed %(points)s points"),
    "line": gettext_noop("Sit-outs: %(credit)s"),
}
PLACES_AND = gettext_noop("%(places)s and %(last)s")

def decided_label(key: str, translate: Callable[[str], str] = str) -> str:
    """What decided a place, in words; `translate` is gettext in the Django layers."""
    if key.startswith("tiebreak "):
        return translate(gettext_noop("Tiebreak session %(number)s")) % {"number": key.split(" ", 1)[1]}
    return translate(DECIDED_LABELS[key]) if key in DECIDED_LABELS else key


def round_half_away(numerator: int, denominator: int) -> int:
    """numerator / denominator to a whole number, halves away from zero (12.5 -> 13, -12.5 -> -13).

    Python's round() rounds halves to even (round(12.5) == 12), which is not what the rule says.
    """
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    magnitude = (2 * abs(numerator) + denominator) // (2 * denominator)
    return magnitude if numerator >= 0 else -magnitude


# ---------------------------------------------------------------- inputs


class Entrant(NamedTuple):
    """A partnership. `id` is any unique key (the selector uses the database id)."""

    id: int
    number: int
    players: tuple[str, str]
    division: str = ""
    withdrawn: bool = False


class Seat(NamedTuple):
    """One player's result at a table of individuals: his own points over the hands entered so far
    (three-handed), or his side's (progressive four-handed), and the contracts he declared and made
    or went set on. In an event played as games also the games he won, lost and drew, the match he
    won (0 or 1) and his point difference (scoring.engine.games.SideRecord)."""

    entrant: int
    points: int
    made: int = 0
    set: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    matches: int = 0
    difference: int = 0


class TableResult(NamedTuple):
    """One table of one round: both sides' points summed over the hands entered so far.

    At a table of individuals `seats` credits each player (Seat); ns and ew are then 0 (no entrant)
    and the side fields unused.

    `final` means every hand is entered, and confirmed when the event requires it, and the table
    is not disputed. made/set count the contracts each side declared and made or went set on.
    """

    round: int
    ns: int
    ew: int
    ns_points: int
    ew_points: int
    hands: int
    final: bool
    ns_made: int = 0
    ns_set: int = 0
    ew_made: int = 0
    ew_set: int = 0
    # An event played as games: games each side won, drawn games, the match's winner ("ns", "ew", "").
    ns_won: int = 0
    ew_won: int = 0
    drawn: int = 0
    match: str = ""
    seats: tuple[Seat, ...] = ()  # a table of individuals: each player's own result

    def side_of(self, entrant_id: int) -> str | None:
        if entrant_id == self.ns:
            return "ns"
        if entrant_id == self.ew:
            return "ew"
        if self.seats and any(s.entrant == entrant_id for s in self.seats):
            return "seat"
        return None

    def points_for(self, entrant_id: int) -> int:
        if self.seats:
            for seat in self.seats:  # a plain loop: this runs for every player and round on each rebuild
                if seat.entrant == entrant_id:
                    return seat.points
            return 0
        return self.ns_points if entrant_id == self.ns else self.ew_points


@dataclass(frozen=True)
class TiebreakSession:
    """A tiebreak session: who entered it and its tables (`round` is the session's own round)."""

    sequence: int
    entrants: frozenset[int]
    tables: tuple[TableResult, ...] = ()

    @property
    def complete(self) -> bool:
        return bool(self.tables) and all(t.final for t in self.tables)

    def total_for(self, entrant_id: int) -> int:
        return sum(t.points_for(entrant_id) for t in self.tables if t.side_of(entrant_id))


@dataclass(frozen=True)
class Setup:
    """The event's choices that shape the standings."""

    rounds: int = 10
    hands_per_round: int | None = 4  # None: a games event whose rounds end at the bell or with their games
    sit_out_policy: str = "average"
    sit_out_points: int = 0
    medal_scope: str = "overall"
    secondary_tiebreakers: tuple[str, ...] = ()
    format: str = "session"  # or "games"
    rank_by: tuple[str, ...] = DEFAULT_RANK_BY  # games only: the ranking keys, in order
    entrants: str = "partnerships"  # or "individuals": each entrant is one player (Entrant.players has one name)

    @property
    def individuals(self) -> bool:
        return self.entrants == "individuals"

    @property
    def games(self) -> bool:
        return self.format == "games"

    def __post_init__(self) -> None:
        if self.format not in ("session", "games"):
            raise ValueError(f"format: {self.format!r} is not one of session, games")
        if self.entrants not in ("partnerships", "individuals"):
            raise ValueError(f"entrants: {self.entrants!r} is not one of partnerships, individuals")
        if self.hands_per_round is None and not self.games:
            raise ValueError("hands_per_round: only an event played as games may leave it open")
        rank_by = self.rank_by
        if not rank_by or any(k not in RANK_KEYS for k in rank_by) or len(set(rank_by)) != len(rank_by):
            raise ValueError(f"rank_by: {self.rank_by!r} is not a list of distinct keys from {', '.join(RANK_KEYS)}")
        if self.sit_out_policy not in SIT_OUT_POLICIES:
            raise ValueError(f"sit_out_policy: {self.sit_out_policy!r} is not one of {', '.join(SIT_OUT_POLICIES)}")
        if self.medal_scope not in MEDAL_SCOPES:
            raise ValueError(f"medal_scope: {self.medal_scope!r} is not one of {', '.join(MEDAL_SCOPES)}")
        for name in self.secondary_tiebreakers:
            if name not in SECONDARY_TIEBREAKERS:
                raise ValueError(f"secondary_tiebreakers: {name!r} is not one of {', '.join(SECONDARY_TIEBREAKERS)}")


# ---------------------------------------------------------------- outputs


class RoundCell(NamedTuple):
    """One partnership's result in one main round.

    points is None when the round has not been played (yet). For a sit-out, `credit` names the
    policy that gave the points. `provisional` means the points may still change: the table is
    not complete, not confirmed while the event requires it, or disputed; a sit-out's average
    credit is provisional until all the partnership's own rounds are final.
    """

    round: int
    points: int | None
    sit_out: bool = False
    provisional: bool = False
    hands: int = 0
    opponent: int | None = None  # the opponent's partnership number
    credit: str | None = None

    def as_dict(self) -> dict:
        return {
            "round": self.round,
            "points": self.points,
            "sit_out": self.sit_out,
            "provisional": self.provisional,
            "hands": self.hands,
            "credit": self.credit,
        }


@dataclass(frozen=True)
class TiebreakResult:
    sequence: int
    total: int
    complete: bool


@dataclass(frozen=True)
class Row:
    """One partnership's line in one ranking (overall, or a division's).

    rank/tied/medal/decided_by belong to the ranking the row is in. In the overall rows,
    division_rank/division_tied/division_medal repeat the partnership's place in its division
    (None without a division). `medal` in the overall rows is the overall medal when the event
    awards overall medals, otherwise the division medal. A withdrawn partnership's row has rank
    and division_rank None, tied False and no medal; `rank_label` reads "WD".
    """

    rank: int | None
    tied: bool
    id: int
    number: int
    players: tuple[str, str]
    division: str
    total: int
    rounds: tuple[RoundCell, ...]
    hands_played: int
    tiebreak_total: int | None
    tiebreaks: tuple[TiebreakResult, ...]
    medal: str | None
    decided_by: str
    division_rank: int | None = None
    division_tied: bool = False
    division_medal: str | None = None
    withdrawn: bool = False
    # An event played as games (zero in a session); `total` is then the points.
    games_won: int = 0
    games_lost: int = 0
    games_drawn: int = 0
    matches_won: int = 0
    difference: int = 0

    @property
    def rank_label(self) -> str:
        """"3", "3=" (shared) or "WD" (withdrawn, not ranked): what every page and file prints."""
        if self.withdrawn:
            return WITHDRAWN_LABEL
        return f"{self.rank}{'=' if self.tied else ''}"

    @property
    def partnership(self) -> int:
        """The partnership's number, under the name the JSON uses."""
        return self.number

    @property
    def players_label(self) -> str:
        return " & ".join(self.players)

    @property
    def decided_label(self) -> str:
        return decided_label(self.decided_by)

    @property
    def provisional(self) -> bool:
        return any(cell.provisional for cell in self.rounds)


@dataclass(frozen=True)
class MedalTie:
    """Partnerships sharing a medal place: `places` are the places they share, e.g. (3, 4)."""

    places: tuple[int, ...]
    total: int
    partnerships: tuple[int, ...]  # numbers
    players: tuple[str, ...]  # "A & B" labels, same order

    @property
    def places_label(self) -> str:
        """"2nd and 3rd", "3rd, 4th and 5th"."""
        words = [ordinal(p) for p in self.places]
        return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"

    def places_label_in(self, translate: Callable[[str], str], place: Callable[[int], str]) -> str:
        """places_label in the reader's language: `place` writes one place (1st, 1.º, 1er)."""
        words = [place(p) for p in self.places]
        if len(words) == 1:
            return words[0]
        return translate(PLACES_AND) % {"places": ", ".join(words[:-1]), "last": words[-1]}

    @property
    def members(self) -> tuple[tuple[int, str], ...]:
        return tuple(zip(self.partnerships, self.players))


@dataclass(frozen=True)
class Ranking:
    """One ranking: "Overall" (division None) or one division's."""

    name: str
    division: str | None
    rows: tuple[Row, ...]
    awards_medals: bool
    ties: tuple[MedalTie, ...]
    final: bool  # every main round complete: medals can be awarded

    @property
    def medallists(self) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if r.medal)


@dataclass(frozen=True)
class Progress:
    """Where the event is: "Round 4 of 10: 9 of 12 tables in"."""

    current_round: int | None
    rounds_total: int
    tables_in: int
    tables_total: int
    complete: bool
    provisional_tables: int

    @property
    def label(self) -> str:
        if self.complete:
            return f"All {self.rounds_total} rounds complete"
        if self.current_round is None:
            return "Not started yet"
        return f"Round {self.current_round} of {self.rounds_total}: {self.tables_in} of {self.tables_total} tables in"

    def label_in(self, translate: Callable[[str], str]) -> str:
        """label in the reader's language (`translate` is gettext)."""
        if self.complete:
            return translate(PROGRESS_WORDS["complete"]) % {"rounds": self.rounds_total}
        if self.current_round is None:
            return translate(PROGRESS_WORDS["not_started"])
        return translate(PROGRESS_WORDS["round"]) % {"round": self.current_round, "rounds": self.rounds_total,
                                                     "tables_in": self.tables_in, "tables": self.tables_total}


@dataclass(frozen=True)
class Standings:
    """Everything a standings page, download or PDF needs. `rows` is the overall order."""

    rows: tuple[Row, ...]
    rounds: tuple[int, ...]
    progress: Progress
    setup: Setup
    overall: Ranking
    divisions: tuple[Ranking, ...]
    tiebreak_sessions: tuple[TiebreakSession, ...] = ()

    @property
    def medal_rankings(self) -> tuple[Ranking, ...]:
        """The rankings that award medals, overall first, per the event's medal scope."""
        return tuple(r for r in (self.overall, *self.divisions) if r.awards_medals)

    @property
    def medal_ties(self) -> tuple[tuple[Ranking, MedalTie], ...]:
        return tuple((ranking, tie) for ranking in self.medal_rankings for tie in ranking.ties)

    @property
    def sit_out_label(self) -> str:
        if self.setup.sit_out_policy == "fixed":
            return f"Sit-outs: fixed {self.setup.sit_out_points} points"
        return f"Sit-outs: {SIT_OUT_POLICIES[self.setup.sit_out_policy]}"

    def sit_out_credit_in(self, translate: Callable[[str], str]) -> str:
        """How a sit-out is credited, in the reader's language: "average of own completed rounds"."""
        if self.setup.sit_out_policy == "fixed":
            return translate(SIT_OUT_WORDS["fixed"]) % {"points": self.setup.sit_out_points}
        return translate(SIT_OUT_POLICIES[self.setup.sit_out_policy])

    def sit_out_label_in(self, translate: Callable[[str], str]) -> str:
        """sit_out_label in the reader's language."""
        return translate(SIT_OUT_WORDS["line"]) % {"credit": self.sit_out_credit_in(translate)}

    @property
    def has_divisions(self) -> bool:
        return bool(self.divisions)

    @property
    def has_withdrawn(self) -> bool:
        """Some partnership has withdrawn: pages and files add "WD" to their legend."""
        return any(row.withdrawn for row in self.rows)

    @property
    def withdrawn_rows(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.withdrawn)

    @property
    def secondary_labels(self) -> tuple[str, ...]:
        return tuple(SECONDARY_TIEBREAKERS[n] for n in self.setup.secondary_tiebreakers)
