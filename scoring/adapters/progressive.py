"""The progressive table's adapter: four individuals, partners opposite for one round;
each player is credited his side's points."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from scoring import entry_data
from scoring.engine.vocabulary import SIDE_LABELS, SIDE_OF_SEAT
from tournaments import language

from .base import TableAdapter


class ProgressiveAdapter(TableAdapter):
    layout_name = "progressive"

    # ---------------------------------------------------------------- entry (phones and staff)

    phone_label = TableAdapter.seated_phone_label  # the players' names, not a partnership's number
    hand_names = TableAdapter.seated_hand_names
    entry_parts = TableAdapter.entry_parts | {"totals": "scoring/_totals_players.html"}
    side_partial = "scoring/_side_progressive.html"
    number_label = gettext_lazy("Your player number")

    def proof_sides(self, sides: tuple[str, ...]) -> tuple[str, ...]:
        """A player proves himself: he may name his side or his seat (N, E, S, W)."""
        return (*sides, *SIDE_OF_SEAT)

    def side_words(self, sheet, side: str) -> str:
        """"N-S · Ana Garza & Joe Smith": a side is this round's two players."""
        return f"{language.label(SIDE_LABELS[side])} · {sheet.side_players(side)}"

    table_seats = staticmethod(entry_data.seated_seats)
    load_people = staticmethod(entry_data.load_seated)

    def sheet_totals(self, sheet) -> None:
        """Each player shows his side's total."""
        entry_data.side_totals(sheet, (sheet.ns_total, sheet.ew_total))

    def game_totals(self, sheet) -> None:
        """Each player shows his side's score in the game in play."""
        entry_data.side_totals(sheet, sheet.game_scores)

    # ---------------------------------------------------------------- paper-sheet grid

    grid_parts = TableAdapter.grid_parts | {"intro": "scoring/_grid_players_intro.html"}
    signed_words = gettext_lazy("Tick it when the players signed the paper sheet. Every hand must be filled.")

    # ---------------------------------------------------------------- printing
    sheet_data = "partners"
    card_style = "partner"

    # ---------------------------------------------------------------- standings and tiebreaks
