"""The partnerships table's adapter: two partnerships, partners opposite (N-S against E-W)."""

from __future__ import annotations

from .base import TableAdapter


class PartnershipsAdapter(TableAdapter):
    layout_name = "partnerships"

    # ---------------------------------------------------------------- entry (phones and staff)

    # ---------------------------------------------------------------- paper-sheet grid

    # ---------------------------------------------------------------- printing

    # ---------------------------------------------------------------- standings and tiebreaks
