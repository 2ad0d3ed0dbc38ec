"""What every layout's adapter has: the engine's layout it adapts, and one section per concern.

Concerns add their attributes here with the value most layouts share, and a layout's module
overrides what differs. Keep each section's attributes together, under its heading.
"""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext_lazy

from scoring import forms, previews
from scoring.engine import layouts


class TableAdapter:
    layout_name: str = ""

    @cached_property
    def layout(self) -> layouts.Layout:
        return layouts.layout(self.layout_name)

    # ---------------------------------------------------------------- entry (phones and staff)
    # The table's page and a stored hand's correction page (scoring.views.entry): the form a hand is
    # entered with, its first values, the no-JavaScript preview (scored by the layout) and the live
    # preview's table; the side page's choices (who holds the phone) and how the phone names a dealer.

    entry_template = "scoring/table_entry.html"
    hand_template = "scoring/entry_hand.html"  # a stored hand's correction page
    side_partial = "scoring/_side_partnerships.html"  # the side page's question and its choices
    number_label = gettext_lazy("Your partnership number")  # the side page's box when the event asks a number

    @property
    def entry_form(self) -> type:
        return forms.HandForm

    def hand_initial(self, hand) -> dict:
        return forms.hand_initial(hand)

    def preview(self, sheet, values: dict, number: int) -> dict:
        """What the checked hand `values` (the form's hand_values) would score, with the totals after it."""
        result = previews.preview_result(self.layout, sheet.event.rules, values)
        return previews.preview_sides(result, sheet.totals_without(number))

    def preview_script(self, rules) -> str:
        return previews.preview_script(rules)

    def proof_sides(self, sides: tuple[str, ...]) -> tuple[str, ...]:
        """What the side page takes as who holds the phone: the table's sides (services.table_sides)."""
        return tuple(sides)

    def dealer_words(self, seat) -> str:
        """The dealer as the offline phone names him: "Ana Garza (N)"."""
        return f"{seat.name} ({seat.letter})"

    # ---------------------------------------------------------------- paper-sheet grid
    # The organizer's grid (scoring.views.entry.sheet_grid): its page, the form of one row, a stored
    # hand as a row, what each row's form is given, and what else the page shows.

    grid_template = "scoring/table_grid.html"

    @property
    def grid_row_form(self) -> type:
        return forms.SheetRowForm

    def grid_initial(self, hand, seats) -> dict:
        return forms.grid_initial(hand)

    def grid_form_kwargs(self, sheet) -> dict:
        return {"table": sheet.table, "rules": sheet.event.rules}

    def grid_context(self, sheet) -> dict:
        return {}

    # ---------------------------------------------------------------- printing

    # The score and result sheets' style (scoring.printing.sheets.SHEET_STYLES): "sides", two sides
    # of partners with N-S and E-W columns; "seats", each seat's own tricks and points.
    sheet_style: str = "sides"

    # ---------------------------------------------------------------- standings and tiebreaks
