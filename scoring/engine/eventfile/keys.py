"""The event file's keys: which keys each object allows, in the order they are written, and ONE
table of the optional keys with their defaults and checks (README, "Event files").

The checker (checking.py) reads an optional key through its table row, the writer (writing.py)
leaves a key out when the row says so, and the spec dataclasses (spec.py) take their defaults from
it. A default is a value, or `Derived`: worked out from the rest of the object (a round's status
from its tables, a table's confirmation from its hands, a hand's dealer from the rotation).
Keys that hold structures (rule_overrides, a hand's penalty, a tiebreak's rounds) are checked by
the checker itself. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.engine.eventfile.values import (
    EVERY_SIDE,
    STAFF_SIDE,
    Choice,
    DistinctChoices,
    Flag,
    HandSide,
    Integer,
    Pin,
    Slug,
    Text,
    Timestamp,
    Username,
)
from scoring.engine.standings import SECONDARY_TIEBREAKERS
from scoring.engine.vocabulary import (
    HAND_CHANGE_LABELS,
    LANGUAGE_CODES,
    MAX_ACTOR,
    MAX_DIVISION,
    MAX_EVENT_TEXT,
    MAX_NOTE,
    MEDAL_SCOPES,
    PAGE_SIZES,
    ROUND_STATUSES,
    SEATS,
    SIT_OUT_POLICIES,
    STAFF_ROLE_LABELS,
    dealer_for,
    gettext_noop,
)

# Every key each object allows, in the order the writer puts them.
TOP_KEYS = ("format", "event", "staff", "partnerships", "rounds", "tiebreaks")
TOP_KEYS_INDIVIDUALS = ("format", "event", "staff", "players", "rounds", "tiebreaks")  # an event of individuals
EVENT_KEYS = (
    "name", "slug", "club", "date", "venue", "entrants", "players_per_table", "six_handed", "rules",
    "rule_overrides", "format", "games", "rounds",
    "hands_per_round",
    "sit_out_policy", "sit_out_points", "confirmation_required", "medal_scope",
    "secondary_tiebreakers", "page_size", "language",
)
GAMES_KEYS = ("hand_limit", "games_per_round", "wins_per_round", "rank_by")
PARTNERSHIP_KEYS = ("number", "players", "division", "checked_in", "withdrawn", "pin")
PLAYER_KEYS = ("number", "name", "member", "division", "checked_in", "withdrawn", "pin")  # an event of individuals
# A partnership's player named with his club member number (docs/clubs.md) in place of a plain name.
PERSON_KEYS = ("name", "member")
MAX_MEMBER_NUMBER = 999_999
STAFF_KEYS = ("username", "role")
ROUND_KEYS = ("number", "status", "closed_at", "closed_by", "close_note", "tables", "byes")
TABLE_KEYS = ("table", "ns", "ew", "entered_side", "confirmed", "confirmed_by", "confirmed_at", "dispute", "hands",
              "history")
# A table of individuals: "seats" (three-handed) or "n", "e", "s", "w" (progressive four-handed).
INDIVIDUAL_TABLE_KEYS = ("table", "seats", "n", "e", "s", "w", *TABLE_KEYS[3:])
CHANGE_KEYS = ("hand", "action", "by", "username", "at", "reason", "old", "new")
# Who entered, changed and accepted a hand (scoring.models.Hand, docs/trust.md); the moments are
# written only with the table's history (an export with --history), as its rows' `at` are.
HAND_TRUST_KEYS = ("entered_side", "entered_by", "entered_at", "changed_side", "changed_at", "accepted_side",
                   "accepted_by", "accepted_at")
HAND_MOMENTS = ("entered_at", "changed_at", "accepted_at")
IMPORTED_BY = "event file"  # who entered a hand the file does not say (scoring.event_io.IMPORT_LABEL)
HAND_KEYS = ("hand", "contract", "declarer", "tricks", "ns_tricks", "penalty", "note", "dealer", *HAND_TRUST_KEYS)
# A hand at a table of two, three or six: who made an established revoke too (McAllen O: a player
# number, a team at six; left out, none).
THREE_HANDED_HAND_KEYS = ("hand", "contract", "declarer", "tricks", "revoke", "note", *HAND_TRUST_KEYS)
# A hand at a table of five: the called partner too (a player number, or null for the bidder alone).
FIVE_HANDED_HAND_KEYS = ("hand", "contract", "declarer", "partner", "tricks", "revoke", "note", *HAND_TRUST_KEYS)
# Keys that only a "500-event/2" file may hold (README, "Event files"): a version 1 file keeps the
# keys it always had.
V2_ONLY = {"event": ("format", "games", "entrants", "players_per_table", "six_handed"), "hand": ("ns_tricks",)}
EVENT_KEYS_V1 = tuple(k for k in EVENT_KEYS if k not in V2_ONLY["event"])
HAND_KEYS_V1 = tuple(k for k in HAND_KEYS if k not in V2_ONLY["hand"])
PENALTY_KEYS = ("kind", "side", "seat")
TIEBREAK_KEYS = ("partnerships", "tables", "rounds")
INDIVIDUAL_TIEBREAK_KEYS = ("players", "fillers", "tables", "rounds")  # fillers: players who only fill seats


# --- defaults worked out from the rest of the object ------------------------------------------


def table_complete(table, hands_per_round: int | None) -> bool:
    """All the table's hands are in. A games event without hands_per_round has no such count: its
    tables are confirmed and its rounds closed only where the file says so."""
    return hands_per_round is not None and len(table.hands) >= hands_per_round


def default_confirmed(table, hands_per_round: int) -> bool:
    """A table typed from signed paper sheets counts as confirmed once all its hands are in, unless
    a hand still waits for the other side's acceptance (HandSpec.waits)."""
    return table_complete(table, hands_per_round) and not table.dispute and not any(h.waits for h in table.hands)


def derived_status(rnd, hands_per_round: int) -> str:
    """The status a round gets when the file does not name one."""
    if not any(t.hands for t in rnd.tables):
        return "planned"
    if all(table_complete(t, hands_per_round) and t.confirmed for t in rnd.tables):
        return "closed"
    return "open"


def rotation_dealer(hand, hands_per_round: int) -> str:
    """N, E, S, W in turn (RULES.md); an empty dealer means the rotation too."""
    return dealer_for(hand.number) if hand.dealer else ""


@dataclass(frozen=True)
class Derived:
    work_out: Callable  # (the spec object, hands per round) -> the default


@dataclass(frozen=True)
class Optional:
    key: str
    default: object  # a value or Derived
    check: Callable  # (Problems, raw value, place) -> clean value, or None after adding a problem
    always_written: bool = False  # the event's settings are written even at their default

    def default_for(self, spec: object, hands_per_round: int) -> object:
        return self.default.work_out(spec, hands_per_round) if isinstance(self.default, Derived) else self.default


# The optional keys of each object, in the order they are checked.
OPTIONAL: dict[str, tuple[Optional, ...]] = {
    "event": (
        Optional("slug", "", Slug()),
        Optional("club", "", Slug()),  # the club that runs the event (docs/clubs.md): its slug
        Optional("venue", "", Text(MAX_EVENT_TEXT), always_written=True),
        Optional("sit_out_policy", "average", Choice(tuple(SIT_OUT_POLICIES), gettext_noop("a sit-out policy")),
                 always_written=True),
        Optional("sit_out_points", 0, Integer(-10_000, 10_000), always_written=True),
        Optional("confirmation_required", True, Flag(), always_written=True),
        Optional("medal_scope", "overall", Choice(MEDAL_SCOPES, gettext_noop("a medal scope")), always_written=True),
        Optional("page_size", "letter", Choice(PAGE_SIZES, gettext_noop("a page size")), always_written=True),
        # The event's default language (README, "Languages"): a version 1 file without it is English.
        Optional("language", "en", Choice(LANGUAGE_CODES, gettext_noop("a language")), always_written=True),
        Optional("secondary_tiebreakers", [],
                 DistinctChoices(tuple(SECONDARY_TIEBREAKERS), gettext_noop("a secondary tiebreaker")),
                 always_written=True),
    ),
    "partnership": (
        Optional("division", "", Text(MAX_DIVISION)),
        Optional("checked_in", False, Flag()),
        Optional("withdrawn", False, Flag()),
        Optional("pin", "", Pin()),  # "": none in the file, the importer draws one
    ),
    "round": (
        Optional("closed_at", None, Timestamp()),  # None: the importer's clock, for a closed round
        Optional("closed_by", "", Text(MAX_ACTOR)),
        Optional("close_note", "", Text(MAX_NOTE)),  # why a round closed unfinished, or who reopened it
        Optional("status", Derived(derived_status), Choice(ROUND_STATUSES, gettext_noop("a round status"))),
    ),
    "table": (
        # Who entered the table's hands: a side, or at a table of three the seat whose phone entered
        # them (scoring.services); the checker then holds each kind of table to its own.
        Optional("entered_side", "",
                 Choice(EVERY_SIDE, gettext_noop("a side, a seat or a team"))),
        Optional("dispute", "", Text(MAX_NOTE, allow_empty=False)),
        Optional("confirmed_by", "", Text(MAX_ACTOR, allow_empty=False)),  # "": the importer's label
        Optional("confirmed_at", None, Timestamp()),  # None: the importer's clock
        Optional("confirmed", Derived(default_confirmed), Flag()),
    ),
    "hand": (
        Optional("note", "", Text(MAX_NOTE)),
        Optional("dealer", Derived(rotation_dealer), Choice(SEATS, gettext_noop("a seat"))),
        # Who wrote and who accepted the hand (docs/trust.md): a side ("ns", "ew"), at a table of
        # three a seat ("1", "2", "3"), or "" for staff. A hand without these keys was written by
        # staff (the import) and needs nobody's acceptance. changed_side left out: never corrected;
        # accepted_side left out: not accepted. The checker then holds each table to its own sides.
        Optional("entered_side", STAFF_SIDE, HandSide(writer=True)),
        Optional("entered_by", IMPORTED_BY, Text(MAX_ACTOR, allow_empty=False)),  # the label the history shows
        Optional("entered_at", None, Timestamp()),  # None: the importer's clock
        Optional("changed_side", None, HandSide(writer=True)),
        Optional("changed_at", None, Timestamp()),  # None: the importer's clock, for a changed hand
        Optional("accepted_side", None, HandSide(writer=False)),
        Optional("accepted_by", "", Text(MAX_ACTOR, allow_empty=False)),  # "": the importer's label
        Optional("accepted_at", None, Timestamp()),  # None: the importer's clock, for an accepted hand
    ),
}

# One row of a table's history: the keys every row needs, and the optional ones.
CHANGE_REQUIRED = {
    "action": Choice(tuple(HAND_CHANGE_LABELS), gettext_noop("a history action")),
    "by": Text(MAX_ACTOR, allow_empty=False),
    "at": Timestamp(),
}
OPTIONAL["change"] = (
    Optional("hand", None, Integer(1, 1000)),
    Optional("username", "", Username()),
    Optional("reason", "", Text(MAX_NOTE)),
)
OPTIONAL["staff"] = ()
STAFF_REQUIRED = {"username": Username(), "role": Choice(tuple(STAFF_ROLE_LABELS), gettext_noop("a staff role"))}

ROW = {kind: {row.key: row for row in rows} for kind, rows in OPTIONAL.items()}


def default(kind: str, key: str) -> object:
    """The plain default of an optional key (for the spec dataclasses)."""
    value = ROW[kind][key].default
    assert not isinstance(value, Derived), f"{kind}.{key} is worked out, not a plain default"
    return value
