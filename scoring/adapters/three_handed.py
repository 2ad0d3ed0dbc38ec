"""The three-handed table's adapter: three individuals, each for himself: seats 1, 2, 3."""

from __future__ import annotations

from .base import TableAdapter


class ThreeHandedAdapter(TableAdapter):
    layout_name = "three-handed"

    # ---------------------------------------------------------------- entry (phones and staff)

    # ---------------------------------------------------------------- paper-sheet grid

    # ---------------------------------------------------------------- printing
    sheet_style = "seats"

    # ---------------------------------------------------------------- standings and tiebreaks
