"""What every layout's adapter has: the engine's layout it adapts, and one section per concern.

Concerns add their attributes here with the value most layouts share, and a layout's module
overrides what differs. Keep each section's attributes together, under its heading.
"""

from __future__ import annotations

from functools import cached_property

from scoring.engine import layouts


class TableAdapter:
    layout_name: str = ""

    @cached_property
    def layout(self) -> layouts.Layout:
        return layouts.layout(self.layout_name)

    # ---------------------------------------------------------------- entry (phones and staff)

    # ---------------------------------------------------------------- paper-sheet grid

    # ---------------------------------------------------------------- printing

    # The score and result sheets' style (scoring.printing.sheets.SHEET_STYLES): "sides", two sides
    # of partners with N-S and E-W columns; "seats", each seat's own tricks and points.
    sheet_style: str = "sides"

    # ---------------------------------------------------------------- standings and tiebreaks
