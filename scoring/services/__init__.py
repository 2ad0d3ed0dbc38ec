"""Writes to hands: record, correct, confirm, dispute. Each call is one transaction.

Every function validates first, then writes the hand, its HandChange history row and the event's
version bump together, so a score is never half-saved and live standings always see a change.
Errors are django.core.exceptions.ValidationError with a dict of field -> message, so a form can
show each message beside its field and a command can print them with their place.

What a write may do depends on the round and the table (README, "What a table link may do"): a
planned round takes nothing through a table link; a closed round only an organizer's corrections; a confirmed
table is read only through its link. Every write reads the rules, the round's status and the
table's state inside its own transaction after locking the event, the round and the table, in
that order (`_locked_table`), the same order as tournaments.services' rule changes and round
close; so the last word is the database's, and a hand is never scored with rules the organizer
has just replaced nor created after the round was closed.

One module per domain, every name importable from here (as tournaments.services):
- common: who writes (Actor), the locked table, the round's and table's state, the history row,
  the phones' save receipts, a stored hand's fields, snapshot and dealer;
- hands: a hand entered and corrected, its values checked and scored;
- games: a table's games replayed, hands after the round's last game refused, a correction that
  ends a game earlier (scoring.corrections saves it with the removal of the later hands);
- trust: a phone proving its side, the table confirmed, wrong codes and the lockout;
- disputes: a table disputed;
- sheets: a whole paper score sheet entered at once.
"""

from __future__ import annotations

# The vocabulary this module always offered (scoring.event_io reads dealer_for here, the entry views SIDE_OF_SEAT).
from scoring.engine.vocabulary import (
    HAND_FIELDS,
    MAX_CLIENT_ID,
    NOBID,
    PENALTY_KINDS,
    PIN_WINDOW_MINUTES,
    PIN_WRONG_LIMIT,
    SEATS,
    SIDE_LABELS,
    SIDE_OF_SEAT,
    THREE_SEATS,
    dealer_for,
)

from .common import (
    MAX_GAMES_HANDS,
    NO_SEATS,
    STAFF_ROLES,
    STORED_FIELDS,
    UNKNOWN_SIDE,
    Actor,
    _check_client_id,
    _check_round_open,
    _check_round_state,
    _check_writable,
    _clear_confirmation,
    _keep_receipt,
    _locked_table,
    _log,
    _once,
    _receipt,
    _round_name,
    _writer,
    and_list,
    client_save_for,
    forget_hands,
    hand_dealer,
    hand_snapshot,
    locked_table_by,
    numbers_text,
    shown_label,
    staff_label,
    table_hands,
    table_sides,
    three_handed,
)
from .disputes import (
    table_dispute,
)
from .games import (
    _CUTTING,
    CutNeeded,
    _check_games,
    _check_games_confirmable,
    _cut_message,
    _game_of,
    _played,
    cut_by,
    games_confirmable,
    games_round_done,
    refuse_cut,
    table_games,
)
from .hands import (
    _check_number,
    _clean_values,
    _hand_record,
    _same,
    hand_correct,
    hand_is_locked_for_table,
    hand_record,
    receipt_matches,
    reused_words,
    score_for_table,
    score_three,
)
from .sheets import (
    table_record_sheet,
)
from .trust import (
    Confirmation,
    _check_side_code,
    _confirm,
    _confirm_result,
    _count_wrong,
    _mark_confirmed,
    _recent_wrong,
    _side_entrants,
    side_prove,
    table_confirm,
)

__all__ = [
    "Actor",
    "Confirmation",
    "CutNeeded",
    "HAND_FIELDS",
    "MAX_CLIENT_ID",
    "MAX_GAMES_HANDS",
    "NOBID",
    "NO_SEATS",
    "PENALTY_KINDS",
    "PIN_WINDOW_MINUTES",
    "PIN_WRONG_LIMIT",
    "SEATS",
    "SIDE_LABELS",
    "SIDE_OF_SEAT",
    "STAFF_ROLES",
    "STORED_FIELDS",
    "THREE_SEATS",
    "UNKNOWN_SIDE",
    "_CUTTING",
    "_check_client_id",
    "_check_games",
    "_check_games_confirmable",
    "_check_number",
    "_check_round_open",
    "_check_round_state",
    "_check_side_code",
    "_check_writable",
    "_clean_values",
    "_clear_confirmation",
    "_confirm",
    "_confirm_result",
    "_count_wrong",
    "_cut_message",
    "_game_of",
    "_hand_record",
    "_keep_receipt",
    "_locked_table",
    "_log",
    "_mark_confirmed",
    "_once",
    "_played",
    "_receipt",
    "_recent_wrong",
    "_round_name",
    "_same",
    "_side_entrants",
    "_writer",
    "and_list",
    "client_save_for",
    "cut_by",
    "dealer_for",
    "games_confirmable",
    "games_round_done",
    "hand_correct",
    "forget_hands",
    "hand_dealer",
    "hand_is_locked_for_table",
    "hand_record",
    "hand_snapshot",
    "locked_table_by",
    "numbers_text",
    "receipt_matches",
    "refuse_cut",
    "reused_words",
    "score_for_table",
    "score_three",
    "shown_label",
    "side_prove",
    "staff_label",
    "table_confirm",
    "table_dispute",
    "table_games",
    "table_record_sheet",
    "table_hands",
    "table_sides",
    "three_handed",
]
