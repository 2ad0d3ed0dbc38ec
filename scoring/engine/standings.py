"""Standings: round results in, ranked rows out, with ties, tiebreak sessions, medals and divisions.

Pure Python on purpose: no Django import, no database, no I/O. scoring.selectors turns the
database into the plain inputs below (Entrant, TableResult, SitOut pairs, TiebreakSession) and
calls compute(); everything that ranks, credits a sit-out or awards a medal lives here, so the
same code serves the web page, the JSON/CSV/text downloads, the `standings` command and the PDFs.

Rules (issues 2 and 4, McAllen A):
- Rank is competition ranking ("1, 2, 2, 4") by the main total, highest first.
- A completed tiebreak session orders only the partnerships that were tied and all entered it;
  the main total never changes. Later sessions order those still tied after earlier ones. A
  session orders a tied group (overall or in a division) only when every member of the group
  played in it; a session still being played orders nothing (its totals are shown).
- A sit-out round counts in the total, credited by the event's policy: "average" (the average of
  the partnership's own completed rounds, rounded half away from zero), "zero", or "fixed".
- Gold, silver and bronze go to places 1-3 once every main round is complete (and confirmed where
  the event requires it) and the place is not tied. A medal place is tied when partnerships share
  a place from 1 to 3, or tie for 3rd and 4th; those ties are listed, never guessed.
- For places without a medal, the organizer's secondary tiebreakers (in order) may split a tie:
  head_to_head, contracts_made, fewest_sets. Without them the rank is shared.
- An event played as games (Setup.format "games", scoring.engine.games) ranks by the ordered keys
  of Setup.rank_by: games won (a draw counts half), matches won, points (the sum of the final game
  scores, the row's total) and the point difference; what remains level shares the rank, and
  tiebreak sessions, secondary tiebreakers and medals work on those blocks as in a session. A
  table's games come in on its TableResult (ns_won, ew_won, drawn, match), at a table of
  individuals on each Seat (the player's own games three-handed, his side's at a progressive
  table); a sit-out is credited points by the policy and no games.
- A withdrawn partnership (Entrant.withdrawn) keeps its results on record, so its opponents'
  points stand, but it is not ranked: its row comes after every finisher (withdrawn rows among
  themselves by total, then number), with rank None, shown "WD". It is never tied, never takes a
  medal, never makes a medal place tied and never orders anyone else (tiebreak sessions and
  secondary tiebreakers only ever look at finishers' blocks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scoring.engine.games import DEFAULT_RANK_BY, RANK_KEYS, rank_key
from scoring.engine.textsafe import csv_text
from scoring.engine.vocabulary import MEDAL_SCOPES, MEDALS, SIT_OUT_POLICIES, gettext_noop, ordinal

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
# The CSV's header line in the reader's language (the JSON's keys and the command's CSV stay English).
CSV_HEADERS = {
    "rank": gettext_noop("rank"),
    "tied": gettext_noop("tied"),
    "partnership": gettext_noop("partnership"),
    "player": gettext_noop("player"),
    "name": gettext_noop("name"),
    "player_1": gettext_noop("player_1"),
    "player_2": gettext_noop("player_2"),
    "division": gettext_noop("division"),
    "total": gettext_noop("total"),
    "games_won": gettext_noop("games_won"),
    "games_lost": gettext_noop("games_lost"),
    "games_drawn": gettext_noop("games_drawn"),
    "matches_won": gettext_noop("matches_won"),
    "difference": gettext_noop("difference"),
    "R": gettext_noop("R%(number)s"),
    "sit_out_rounds": gettext_noop("sit_out_rounds"),
    "provisional_rounds": gettext_noop("provisional_rounds"),
    "hands_played": gettext_noop("hands_played"),
    "tiebreak_total": gettext_noop("tiebreak_total"),
    "medal": gettext_noop("medal"),
    "decided_by": gettext_noop("decided_by"),
    "sit_out_policy": gettext_noop("sit_out_policy"),
}


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


# ---------------------------------------------------------------- compute


def compute(
    *,
    setup: Setup,
    entrants: Sequence[Entrant],
    tables: Iterable[TableResult],
    sit_outs: Iterable[tuple[int, int]] = (),
    tiebreaks: Iterable[TiebreakSession] = (),
    rounds_created: Iterable[int] = (),
    memo: dict | None = None,
) -> Standings:
    """Rank the entrants. `tables` are main-round tables, `sit_outs` (round, entrant id) pairs,
    `rounds_created` the main round numbers that exist (for the progress line).

    Linear in the number of tables and entrants, and every Row and RoundCell is built once: this
    runs on every uncached standings page, for up to 500 partnerships and 2,500 tables.

    `memo`, a dict the caller keeps between calls for one event, lets a recomputation reuse each
    partnership's round cells when its own tables, sit-outs, the opponents' numbers and the event's
    set-up are what they were last time: after one saved hand only the two partnerships (or the
    players seated) at that table are worked out again. The result is the same with or without it.
    """
    tables = list(tables)
    sit_outs = list(sit_outs)
    sessions = tuple(sorted(tiebreaks, key=lambda s: s.sequence))
    created = sorted(set(rounds_created) | {t.round for t in tables} | {r for r, _ in sit_outs})
    numbers = {e.id: e.number for e in entrants}

    progress = _progress(setup, tables, created)
    reached = progress.current_round or 0
    round_numbers = tuple(range(1, max([setup.rounds, *created]) + 1))

    by_entrant: dict[int, dict[int, TableResult]] = {e.id: {} for e in entrants}
    for t in tables:
        if t.seats:
            for seat in t.seats:
                if seat.entrant in by_entrant:
                    by_entrant[seat.entrant][t.round] = t
            continue
        if t.ns in by_entrant:
            by_entrant[t.ns][t.round] = t
        if t.ew in by_entrant:
            by_entrant[t.ew][t.round] = t
    sat_out: dict[int, set[int]] = {e.id: set() for e in entrants}
    for rnd, eid in sit_outs:
        if eid in sat_out:
            sat_out[eid].add(rnd)

    cells: dict[int, tuple[RoundCell, ...]] = {}
    totals: dict[int, int] = {}
    hands_played: dict[int, int] = {}
    # A cell reads the setup, the round numbers, how far the event has got and opponents' numbers:
    # when any of those changed, nothing remembered can be reused.
    context = (setup, round_numbers, reached, tuple(numbers.items()))
    remembered: dict = {}
    changed: set[int] = set()
    if memo is not None and memo.get("context") == context:
        # Which partnerships' tables or sit-outs differ from last time, found by comparing the
        # whole lists first (one C-level comparison when nothing changed), then as sets.
        remembered = memo["cells"]
        if memo["tables"] != tables:
            differ = set(tables).symmetric_difference(memo["tables"])
            changed.update(t.ns for t in differ)
            changed.update(t.ew for t in differ)
            changed.update(seat.entrant for t in differ for seat in t.seats)  # a table of individuals
        if memo["sit_outs"] != sit_outs:
            changed.update(eid for _, eid in set(sit_outs).symmetric_difference(memo["sit_outs"]))
    kept = {}
    for e in entrants:
        eid = e.id
        found = None if eid in changed else remembered.get(eid)
        if found is None:
            found = _cells(setup, round_numbers, by_entrant[eid], sat_out[eid], eid, numbers, reached)
        kept[eid] = found
        cells[eid], totals[eid], hands_played[eid] = found
    if memo is not None:
        memo.clear()
        memo.update(context=context, tables=tables, sit_outs=sit_outs, cells=kept)

    games = _games(tables, by_entrant) if setup.games else {}
    keys: dict = totals
    if setup.games:
        zero = (0, 0, 0, 0, 0)
        keys = {}
        for eid in totals:
            won, lost, drawn, matches, difference = games.get(eid, zero)
            keys[eid] = rank_key(setup.rank_by, won=won, drawn=drawn, matches=matches, points=totals[eid],
                                 difference=difference)
    stats = _Stats(tables if setup.secondary_tiebreakers else [])  # only the secondary tiebreakers read it
    divisions = sorted({e.division for e in entrants if e.division})
    overall_awards = setup.medal_scope in ("overall", "both") or not divisions
    division_awards = setup.medal_scope in ("division", "both")

    base = {e.id: e for e in entrants}
    no_tiebreaks: tuple[TiebreakResult, ...] = ()
    tb_results = {e.id: no_tiebreaks for e in entrants}
    for s in sessions:
        complete = s.complete
        for eid in s.entrants:
            if eid in tb_results:
                tb_results[eid] += (TiebreakResult(s.sequence, s.total_for(eid), complete),)

    def make_rows(ids: list[int], awards: bool, division_rows: dict[int, Row] | None = None,
                  ) -> tuple[tuple[Row, ...], tuple[MedalTie, ...]]:
        """One ranking's rows. Overall rows also carry each partnership's place in its division
        (`division_rows`); their medal is the division's when only divisions award medals."""
        finishers = [eid for eid in ids if not base[eid].withdrawn]
        placed = _rank(finishers, keys, sessions, stats, setup.secondary_tiebreakers, awards)
        # Withdrawn partnerships go after every finisher, one to a block, with no place.
        gone = sorted((eid for eid in ids if base[eid].withdrawn), key=lambda eid: (keys[eid], -base[eid].number),
                      reverse=True)
        placed += [(None, [eid], {eid: "withdrawn"}) for eid in gone]
        rows = []
        ties = []
        for place, block, decided in placed:
            tied = len(block) > 1
            for eid in block:
                e = base[eid]
                medal = (MEDALS[place - 1] if place is not None and awards and progress.complete and not tied
                         and place <= 3 else None)
                drow = division_rows.get(eid) if division_rows else None
                if drow is not None and not awards:
                    medal = drow.medal
                tbs = tb_results[eid]
                g = games.get(eid, _NO_GAMES)
                # Positional: the field order of Row (keywords cost a third more, 1,000 rows a rebuild).
                rows.append(Row(
                    place, tied, eid, e.number, tuple(e.players), e.division, totals[eid], cells[eid],
                    hands_played[eid], tbs[-1].total if tbs else None, tbs, medal, decided[eid],
                    drow.rank if drow is not None else None, drow.tied if drow is not None else False,
                    drow.medal if drow is not None else None, e.withdrawn, *g,
                ))
            # Before the first score everyone shares 1st on 0 points: no tie is news yet.
            if awards and tied and place is not None and place <= 3 and progress.current_round is not None:
                members = [base[eid] for eid in block]
                ties.append(
                    MedalTie(
                        places=tuple(range(place, place + len(block))),
                        total=totals[block[0]],
                        partnerships=tuple(m.number for m in members),
                        players=tuple(" & ".join(m.players) for m in members),
                    )
                )
        return tuple(rows), tuple(ties)

    division_rankings = []
    division_of_row: dict[int, Row] = {}
    for name in divisions:
        rows, ties = make_rows([e.id for e in entrants if e.division == name], division_awards)
        division_rankings.append(Ranking(name, name, rows, division_awards, ties, progress.complete))
        division_of_row.update({r.id: r for r in rows})
    overall_rows, overall_ties = make_rows([e.id for e in entrants], overall_awards, division_of_row)
    overall = Ranking("Overall", None, overall_rows, overall_awards, overall_ties, progress.complete)
    return Standings(
        rows=overall.rows,
        rounds=round_numbers,
        progress=progress,
        setup=setup,
        overall=overall,
        divisions=tuple(division_rankings),
        tiebreak_sessions=sessions,
    )


_NO_GAMES = (0, 0, 0, 0, 0)


def _games(tables: list[TableResult], by_entrant: dict[int, dict[int, TableResult]],
           ) -> dict[int, tuple[int, int, int, int, int]]:
    """Each entrant's (games won, lost, drawn, matches won, point difference) over its tables."""
    out = {}
    for eid, played in by_entrant.items():
        won = lost = drawn = matches = difference = 0
        for t in played.values():
            if t.seats:
                seat = next(s for s in t.seats if s.entrant == eid)
                won, lost, drawn = won + seat.won, lost + seat.lost, drawn + seat.drawn
                matches, difference = matches + seat.matches, difference + seat.difference
                continue
            if eid == t.ns:
                won, lost, side = won + t.ns_won, lost + t.ew_won, "ns"
                difference += t.ns_points - t.ew_points
            else:
                won, lost, side = won + t.ew_won, lost + t.ns_won, "ew"
                difference += t.ew_points - t.ns_points
            drawn += t.drawn
            matches += t.match == side
        out[eid] = (won, lost, drawn, matches, difference)
    return out


def _progress(setup: Setup, tables: list[TableResult], created: list[int]) -> Progress:
    started = [t.round for t in tables if t.hands > 0]
    current = max(started) if started else None
    in_round = [t for t in tables if t.round == current] if current else []
    complete = (
        bool(tables)
        and len([r for r in created if r <= setup.rounds]) >= setup.rounds
        and all(t.final for t in tables)
    )
    return Progress(
        current_round=current,
        rounds_total=setup.rounds,
        tables_in=sum(1 for t in in_round if (t.final if setup.hands_per_round is None
                                              else t.hands >= setup.hands_per_round)),
        tables_total=len(in_round),
        complete=complete,
        provisional_tables=sum(1 for t in tables if t.hands > 0 and not t.final),
    )


def _cells(setup, round_numbers, played: dict[int, TableResult], sat_out: set[int], eid: int,
           numbers: dict[int, int], reached: int) -> tuple[tuple[RoundCell, ...], int, int]:
    """One partnership's round cells, its total and the hands it has played, in one pass.

    Runs once per partnership on every rebuild (500 at the largest event): plain loops and
    positional NamedTuple construction keep it a few microseconds per round.
    """
    hands_per_round = setup.hands_per_round
    complete_points = complete_rounds = hands_played = 0
    all_final = True
    for t in played.values():
        hands_played += t.hands
        if (t.final if hands_per_round is None else t.hands >= hands_per_round):
            complete_points += t.points_for(eid) if t.seats else t.ns_points if eid == t.ns else t.ew_points
            complete_rounds += 1
        if not t.final:
            all_final = False
    if all_final:
        for r in range(1, setup.rounds + 1):
            if r not in played and r not in sat_out:
                all_final = False
                break
    policy = setup.sit_out_policy
    if policy == "average":
        credit = round_half_away(complete_points, complete_rounds) if complete_rounds else 0
        credit_provisional = not all_final
    elif policy == "fixed":
        credit, credit_provisional = setup.sit_out_points, False
    else:
        credit, credit_provisional = 0, False
    out = []
    total = 0
    for rnd in round_numbers:
        table = played.get(rnd)
        if table is not None:
            if table.seats:
                points, opponent = table.points_for(eid), None  # each player for himself: no one opponent
            elif eid == table.ns:
                points, opponent = table.ns_points, table.ew
            else:
                points, opponent = table.ew_points, table.ns
            hands = table.hands
            if hands:
                total += points
                out.append(RoundCell(rnd, points, False, not table.final, hands, numbers.get(opponent), None))
            else:
                out.append(RoundCell(rnd, None, False, False, 0, numbers.get(opponent), None))
        elif rnd in sat_out:
            # A sit-out in a round nobody has reached yet credits nothing yet: totals stay comparable.
            if rnd <= reached:
                total += credit
                out.append(RoundCell(rnd, credit, True, credit_provisional, 0, None, policy))
            else:
                out.append(RoundCell(rnd, None, True, False, 0, None, policy))
        else:
            out.append(RoundCell(rnd, None))
    return tuple(out), total, hands_played


class _Stats:
    """What the secondary tiebreakers read, from main-round tables."""

    def __init__(self, tables: list[TableResult]) -> None:
        self.tables = tables
        self.made: dict[int, int] = {}
        self.sets: dict[int, int] = {}
        for t in tables:
            if t.seats:
                for seat in t.seats:
                    self.made[seat.entrant] = self.made.get(seat.entrant, 0) + seat.made
                    self.sets[seat.entrant] = self.sets.get(seat.entrant, 0) + seat.set
                continue
            self.made[t.ns] = self.made.get(t.ns, 0) + t.ns_made
            self.made[t.ew] = self.made.get(t.ew, 0) + t.ew_made
            self.sets[t.ns] = self.sets.get(t.ns, 0) + t.ns_set
            self.sets[t.ew] = self.sets.get(t.ew, 0) + t.ew_set

    def key(self, name: str, block: list[int]) -> dict[int, int]:
        """Higher is better for every key."""
        if name == "head_to_head":
            members = set(block)
            points = {eid: 0 for eid in block}
            for t in self.tables:
                if t.seats:
                    # Individuals: the points each scored at tables where two or more of them sat.
                    there = [seat for seat in t.seats if seat.entrant in members]
                    if len(there) > 1:
                        for seat in there:
                            points[seat.entrant] += seat.points
                    continue
                if t.ns in members and t.ew in members:
                    points[t.ns] += t.ns_points
                    points[t.ew] += t.ew_points
            return points
        if name == "contracts_made":
            return {eid: self.made.get(eid, 0) for eid in block}
        return {eid: -self.sets.get(eid, 0) for eid in block}


def _split(block: list[int], key: Callable[[int], int]) -> list[list[int]]:
    """Split a block into sub-blocks by key, highest first; equal keys stay together."""
    groups: dict[int, list[int]] = {}
    for eid in block:
        groups.setdefault(key(eid), []).append(eid)
    return [groups[k] for k in sorted(groups, reverse=True)]


def _rank(ids: list[int], totals: dict[int, object], sessions: Sequence[TiebreakSession], stats: _Stats,
          secondary: Sequence[str], awards_medals: bool) -> list[tuple[int, list[int], dict[int, str]]]:
    """Order ids into blocks: [(place, [ids still tied with each other], {id: decided_by})]."""
    decided: dict[int, str] = {}
    blocks = _split(sorted(ids), totals.__getitem__)
    for block in blocks:
        if len(block) == 1:
            decided[block[0]] = "total"

    def refine(blocks: list[list[int]], rule: str, key_for: Callable[[list[int]], dict[int, int] | None],
               applies: Callable[[int, list[int]], bool]) -> list[list[int]]:
        out: list[list[int]] = []
        place = 1
        for block in blocks:
            if len(block) > 1 and applies(place, block):
                keys = key_for(block)
                parts = _split(block, keys.__getitem__) if keys else [block]
                if len(parts) > 1:
                    for part in parts:
                        if len(part) == 1:
                            decided[part[0]] = rule
                out.extend(parts)
            else:
                out.append(block)
            place += len(block)
        return out

    for session in sessions:
        if not session.complete:
            continue
        blocks = refine(
            blocks,
            f"tiebreak {session.sequence}",
            lambda block, s=session: {eid: s.total_for(eid) for eid in block},
            lambda place, block, s=session: set(block) <= s.entrants,
        )
    for name in secondary:
        blocks = refine(
            blocks,
            name,
            lambda block, n=name: stats.key(n, block),
            # Medal places are settled at the table (a tiebreak session), never by a formula.
            lambda place, block: not (awards_medals and place <= 3),
        )

    placed = []
    place = 1
    for block in blocks:
        if len(block) > 1:
            block = sorted(block)
            for eid in block:
                decided[eid] = "shared"
        placed.append((place, block, decided))
        place += len(block)
    return placed


# ---------------------------------------------------------------- output formats


def as_json(standings: Standings, event_slug: str) -> dict:
    """The documented JSON: {"event", "standings": [{"rank", "tied", "partnership", "players",
    "division", "total", "rounds", "tiebreak_total", "medal", "withdrawn"}]}.

    A withdrawn partnership has "rank": null and "withdrawn": true (and comes after every finisher).

    An event played as games adds "games_won", "games_lost", "games_drawn", "matches_won" and
    "difference" to each row; "total" is then the points (the sum of the final game scores) and
    "rank" follows the event's rank_by.

    Each `rounds` item is {"round": 1, "points": 240 or null (not played yet), "sit_out": bool,
    "provisional": bool, "hands": hands entered, "credit": null, or for a sit-out the policy that
    credited it ("average", "zero" or "fixed")}.
    """
    games = standings.setup.games
    individuals = standings.setup.individuals
    out = []
    for row in standings.rows:
        # An event of individuals names the player ("player": number, "name") where a partnership
        # event names the partnership ("partnership", "players"); every other key is the same.
        who = {"player": row.number, "name": row.players[0]} if individuals else {
            "partnership": row.number, "players": list(row.players)}
        item = {
            "rank": row.rank,
            "tied": row.tied,
            **who,
            "division": row.division or None,
            "total": row.total,
            "rounds": [cell.as_dict() for cell in row.rounds],
            "tiebreak_total": row.tiebreak_total,
            "medal": row.medal,
            "withdrawn": row.withdrawn,
        }
        if games:
            item.update(games_won=row.games_won, games_lost=row.games_lost, games_drawn=row.games_drawn,
                        matches_won=row.matches_won, difference=row.difference)
        out.append(item)
    return {"event": event_slug, "standings": out}


GAMES_COLUMNS = ("games_won", "games_lost", "games_drawn", "matches_won", "difference")


def _cell_text(cell: RoundCell) -> str:
    if cell.points is None:
        return "S" if cell.sit_out else ""
    mark = ("s" if cell.sit_out else "") + ("*" if cell.provisional else "")
    return f"{cell.points}{mark}"


def as_csv(standings: Standings, translate: Callable[[str], str] = str) -> str:
    """One line per partnership; round columns R1..Rn hold the points (empty = not played).
    sit_out_rounds and provisional_rounds list round numbers separated by spaces. A withdrawn
    partnership's rank is "WD". Text that a spreadsheet would run as a formula (a name starting
    with "=") is written with a leading apostrophe (textsafe.spreadsheet_cell). `translate` (gettext in
    the Django layers) writes the header line in the reader's language; the rows stay as they are."""
    games = standings.setup.games
    individuals = standings.setup.individuals
    who = ["player", "name"] if individuals else ["partnership", "player_1", "player_2"]
    keys = ["rank", "tied", *who, "division", "total"] + (list(GAMES_COLUMNS) if games else [])
    tail = ["sit_out_rounds", "provisional_rounds", "hands_played", "tiebreak_total", "medal", "decided_by",
            "sit_out_policy"]
    rows = [
        [translate(CSV_HEADERS[k]) for k in keys]
        + [translate(CSV_HEADERS["R"]) % {"number": n} for n in standings.rounds]
        + [translate(CSV_HEADERS[k]) for k in tail]
    ]
    policy = standings.setup.sit_out_policy
    if policy == "fixed":
        policy = f"fixed {standings.setup.sit_out_points}"
    for row in standings.rows:
        rows.append(
            [WITHDRAWN_LABEL if row.withdrawn else row.rank, "yes" if row.tied else "no", row.number,
             *row.players[:1 if individuals else 2], row.division, row.total]
            + ([getattr(row, k) for k in GAMES_COLUMNS] if games else [])
            + ["" if c.points is None else c.points for c in row.rounds]
            + [
                " ".join(str(c.round) for c in row.rounds if c.sit_out),
                " ".join(str(c.round) for c in row.rounds if c.provisional),
                row.hands_played,
                "" if row.tiebreak_total is None else row.tiebreak_total,
                row.medal or "",
                row.decided_by,
                policy,
            ]
        )
    return csv_text(rows)


def as_text(standings: Standings, title: str) -> str:
    """A plain fixed-width table for a terminal or a notice board."""
    games = standings.setup.games
    who = "Player" if standings.setup.individuals else "Players"
    headers = (["Rank", "No", who, "Div", "Total"] + (["W", "L", "D", "M", "Diff"] if games else [])
               + [f"R{n}" for n in standings.rounds] + ["Hands", "TB", "Medal"])
    body = []
    for row in standings.rows:
        body.append(
            [row.rank_label, str(row.number), row.players_label, row.division, str(row.total)]
            + ([str(getattr(row, k)) for k in GAMES_COLUMNS] if games else [])
            + [_cell_text(c) for c in row.rounds]
            + [str(row.hands_played), "" if row.tiebreak_total is None else str(row.tiebreak_total),
               row.medal or ""]
        )
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(headers)]
    text_cols = {2, 3}  # players and division read left to right; numbers line up on the right

    def line(cells: list[str]) -> str:
        padded = (c.ljust(w) if i in text_cols else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  ".join(padded).rstrip()

    lines = [title, standings.progress.label, standings.sit_out_label]
    if games:
        keys = ", then ".join(RANK_KEYS[k].lower() for k in standings.setup.rank_by)
        lines.append("Played as games; ranked by " + keys
                     + "   W won  L lost  D drawn  M matches won  Total points  Diff point difference")
    lines.append("")
    lines.append(line(headers))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(line(r) for r in body)
    lines.append("")
    lines.append("= shared rank   s sit-out (credited)   S sit-out to come   * provisional (not final)"
                 + ("   WD withdrawn (not ranked, no medal)" if standings.has_withdrawn else ""))
    for ranking, tie in standings.medal_ties:
        where = "" if ranking.division is None else f" ({ranking.name})"
        lines.append(
            f"Tied for {tie.places_label}{where} on {tie.total}: "
            + "; ".join(f"{n} {p}" for n, p in zip(tie.partnerships, tie.players))
        )
    return "\n".join(lines) + "\n"
