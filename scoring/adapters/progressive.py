"""The progressive table's adapter: four individuals, partners opposite for one round;
each player is credited his side's points."""

from __future__ import annotations

from .base import TableAdapter


class ProgressiveAdapter(TableAdapter):
    layout_name = "progressive"

    # ---------------------------------------------------------------- entry (phones and staff)

    # ---------------------------------------------------------------- paper-sheet grid

    # ---------------------------------------------------------------- printing

    # ---------------------------------------------------------------- standings and tiebreaks
