"""Writes to the event's shape: settings, staff, partnerships and players, rounds, tables and
sit-outs, the movement. One module per domain; every public name is importable from here, where
callers have always imported it (`from tournaments import services`, `services.round_close`).

- events: an event's settings (its table layout named, scoring.engine.layouts), listing, deletion, staff;
- entrants: partnerships and players: registration, CSV imports, edits, check-in, withdrawal;
- movements: the rounds planned by the event's layout, stored, and planned again;
- rounds: a round's tables and sit-outs, and the round during play (open, close, reopen).

Each public function is one transaction. Scores are not written here (scoring.services does that).
"""

from .entrants import (
    PLAYER_COLUMNS,
    PLAYER_NAME,
    next_partnership_number,
    partnership_check_in,
    partnership_register,
    partnership_update,
    partnership_withdraw,
    partnerships_import,
    player_register,
    player_update,
    players_import,
)
from .events import (
    EVENT_FIELDS,
    LOCKED_ONCE_SCORED,
    event_create,
    event_delete,
    event_entrants_locked,
    event_has_hands,
    event_listing,
    event_medal_settings_update,
    event_update,
    grant_event_creation,
    staff_add,
    staff_remove,
)
from .movements import (
    active_numbers,
    movement_exists,
    movement_generate,
    movement_replan,
    played_boundary,
    round_plans,
    seated_plans,
    table_size,
)
from .rounds import (
    current_round,
    main_rounds,
    round_close,
    round_create,
    round_create_seated,
    round_fill,
    round_fill_seated,
    round_open,
    round_problems,
    round_reopen,
    round_start_next,
    seat_labels,
    table_revoke_link,
    table_states,
)

__all__ = [
    "EVENT_FIELDS",
    "LOCKED_ONCE_SCORED",
    "PLAYER_COLUMNS",
    "PLAYER_NAME",
    "active_numbers",
    "current_round",
    "event_create",
    "event_delete",
    "event_entrants_locked",
    "event_has_hands",
    "event_listing",
    "event_medal_settings_update",
    "event_update",
    "grant_event_creation",
    "main_rounds",
    "movement_exists",
    "movement_generate",
    "movement_replan",
    "next_partnership_number",
    "partnership_check_in",
    "partnership_register",
    "partnership_update",
    "partnership_withdraw",
    "partnerships_import",
    "played_boundary",
    "player_register",
    "player_update",
    "players_import",
    "round_close",
    "round_create",
    "round_create_seated",
    "round_fill",
    "round_fill_seated",
    "round_open",
    "round_plans",
    "round_problems",
    "round_reopen",
    "round_start_next",
    "seat_labels",
    "seated_plans",
    "staff_add",
    "staff_remove",
    "table_revoke_link",
    "table_size",
    "table_states",
]
