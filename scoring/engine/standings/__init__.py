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

The package: records.py (words, inputs, outputs), ranking.py (compute), output.py (JSON, CSV,
text). Every name is importable from scoring.engine.standings, where callers import it.
"""

from .output import (
    CSV_HEADERS,
    GAMES_COLUMNS,
    as_csv,
    as_json,
    as_text,
)
from .ranking import (
    compute,
)
from .records import (
    DECIDED_LABELS,
    PLACES_AND,
    PROGRESS_WORDS,
    SECONDARY_TIEBREAKERS,
    SIT_OUT_WORDS,
    WITHDRAWN_LABEL,
    Entrant,
    MedalTie,
    Progress,
    Ranking,
    RoundCell,
    Row,
    Seat,
    Setup,
    Standings,
    TableResult,
    TiebreakResult,
    TiebreakSession,
    decided_label,
    round_half_away,
)

__all__ = [
    "CSV_HEADERS",
    "DECIDED_LABELS",
    "Entrant",
    "GAMES_COLUMNS",
    "MedalTie",
    "PLACES_AND",
    "PROGRESS_WORDS",
    "Progress",
    "Ranking",
    "RoundCell",
    "Row",
    "SECONDARY_TIEBREAKERS",
    "SIT_OUT_WORDS",
    "Seat",
    "Setup",
    "Standings",
    "TableResult",
    "TiebreakResult",
    "TiebreakSession",
    "WITHDRAWN_LABEL",
    "as_csv",
    "as_json",
    "as_text",
    "compute",
    "decided_label",
    "round_half_away",
]
