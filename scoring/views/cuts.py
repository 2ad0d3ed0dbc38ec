"""The hands a correction removes, as the correction pages say them: shared by the hand's correction
page (scoring.views.entry.hand_edit: a games correction that ends its game early lists the hands it
removes before the organizer confirms it) and the delete page (scoring.views.corrections).

Reads only: the service (scoring.corrections) decides and writes.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from scoring import corrections, entry_data
from scoring.adapters import table_adapter
from scoring.models import Hand
from scoring.services import hand_snapshot

REMOVE_FIELD = "remove_later"  # the correction page's confirm button: the numbers of the hands it removes


def removal(request) -> list[int]:
    """The hands the organizer confirmed removing with a correction ("4,5"), [] when none; junk is
    [-1], which no hand has, so the service refuses it and shows the list again."""
    raw = request.POST.get(REMOVE_FIELD, "") if request.method == "POST" else ""
    try:
        return [int(part) for part in raw.split(",") if part.strip()]
    except ValueError:
        return [-1]


def hand_line(sheet, hand: Hand) -> str:
    """"Hand 4 · 6♠ by E-W, 6 tricks · N-S +40, E-W +40"."""
    names = table_adapter(sheet.table).hand_names(sheet)
    return gettext("Hand %(number)s · %(summary)s") % {
        "number": hand.number, "summary": entry_data.hand_summary(hand_snapshot(hand), names)}


def moves_text(numbers, removed) -> str:
    """"Hands 6 and 7 then become hands 4 and 5." ("" when no hand moves)."""
    moved = corrections.moves(numbers, removed)
    if not moved:
        return ""
    return ngettext("Hand %(old)s then becomes hand %(new)s.", "Hands %(old)s then become hands %(new)s.",
                    len(moved)) % {"old": corrections.numbers_text([old for old, _ in moved]),
                                   "new": corrections.numbers_text([new for _, new in moved])}


def cut_context(sheet, error: ValidationError) -> dict | None:
    """What the correction page lists when a games correction must remove hands (CutNeeded)."""
    if not isinstance(error, corrections.CutNeeded):
        return None
    numbers = [h.number for h in error.hands]
    return {"lines": [hand_line(sheet, h) for h in error.hands], "value": ",".join(map(str, numbers)),
            "moves": moves_text([row.hand.number for row in sheet.rows], numbers),
            "button": ngettext("Save and remove hand %(numbers)s", "Save and remove hands %(numbers)s",
                               len(numbers)) % {"numbers": corrections.numbers_text(numbers)},
            "why": gettext("Correcting hand %(number)s this way ends game %(game)s there, so these hands were "
                           "played after the game was over. They are removed with the correction, and kept in the "
                           "history:") % {"number": error.number, "game": error.game}}


def page_extras(access, hand: Hand, cut: dict | None) -> dict:
    """The correction page's additions: the hands a games correction removes (`cut`, from
    cut_context) and, for an organizer, the link to delete the hand."""
    return {"cut": cut, "delete_url": access.url("hand-delete", hand.number) if access.organizer and
            not access.via_token else ""}
