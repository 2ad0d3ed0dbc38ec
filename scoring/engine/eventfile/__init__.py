"""Event files, formats "500-event/1" and "500-event/2" (games, hands nobody bid): read, check and
write them (README, "Event files").

Pure Python on purpose: no Django, no database; scoring/event_io.py is the bridge to the ORM.
The package in four steps, one module each:

- reading.py: bytes or text -> the JSON value, and the format a file names;
- checking.py: that value -> the spec dataclasses, or every problem with its place
  (`check()`, `parse()`); the rounds, tables and tiebreaks checked in checking_tables.py, the
  hands and history in checking_hands.py;
- writing.py: the dataclasses -> the canonical object and text (`to_dict()`, `to_text()`), so
  export -> import -> export gives identical JSON;
- shapes.py: what differs by kind, one lookup entry each: ENTRANT_FILES by event.entrants,
  TABLE_SHAPES by table layout (how a table names its entrants and writes its hands), asked by
  the checker, the writer and scoring/event_io.py instead of branching on the kind;
- spec.py: the dataclasses themselves; keys.py: the keys each object allows and ONE table of the
  optional keys with their defaults and checks; values.py: the checks of single values.
"""

from scoring.engine.eventfile.checking import check, parse
from scoring.engine.eventfile.keys import (
    EVENT_KEYS,
    HAND_KEYS,
    HAND_TRUST_KEYS,
    IMPORTED_BY,
    OPTIONAL,
    PARTNERSHIP_KEYS,
    PENALTY_KEYS,
    ROUND_KEYS,
    TABLE_KEYS,
    TIEBREAK_KEYS,
    TOP_KEYS,
    default_confirmed,
    derived_status,
    table_complete,
)
from scoring.engine.eventfile.reading import detect_format, read, too_big
from scoring.engine.eventfile.shapes import (
    ENTRANT_FILES,
    TABLE_SHAPES,
    EntrantFile,
    TableShape,
    event_sizing,
    mixed_table_shape,
    shape_of_table,
    table_shape,
)
from scoring.engine.eventfile.spec import (
    FORMAT,
    FORMAT_V2,
    FORMATS,
    ChangeSpec,
    EventFile,
    EventFileError,
    EventSpec,
    GamesSpec,
    HandSpec,
    PartnershipSpec,
    PlayerSpec,
    RoundSpec,
    StaffSpec,
    TableSpec,
    TiebreakSpec,
)
from scoring.engine.eventfile.values import SLUG_RE
from scoring.engine.eventfile.writing import to_dict, to_text
from scoring.engine.vocabulary import NOBID  # the contract of a hand nobody bid

__all__ = [
    "FORMAT_V2", "FORMATS", "NOBID", "GamesSpec", "ENTRANT_FILES", "TABLE_SHAPES", "EntrantFile", "TableShape",
    "table_shape", "shape_of_table", "mixed_table_shape", "event_sizing",
    "EVENT_KEYS", "FORMAT", "HAND_KEYS", "HAND_TRUST_KEYS", "IMPORTED_BY",
    "OPTIONAL", "PARTNERSHIP_KEYS", "PENALTY_KEYS", "ROUND_KEYS", "SLUG_RE",
    "TABLE_KEYS", "TIEBREAK_KEYS", "TOP_KEYS", "ChangeSpec", "EventFile", "EventFileError", "EventSpec", "HandSpec",
    "PartnershipSpec", "PlayerSpec", "RoundSpec", "StaffSpec", "TableSpec", "TiebreakSpec", "check",
    "default_confirmed", "derived_status",
    "detect_format", "parse", "read", "table_complete", "to_dict", "to_text", "too_big",
]
