"""The adapter of an event of mixed table sizes (RULES.md section 7; Event.mixed_sizes): its tables of
four are progressive tables, and each other table is read by its own layout's adapter (layout_adapter,
table_adapter). What the event as a whole reads differently is here: each table's layout and its seats'
own totals (a three, five or six keeps them), and an entrant's record heads "Partner" and "At the table",
since at a five his partner changes hand by hand (nobody there is only an opponent) and at a three
nobody has one."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .progressive import ProgressiveAdapter


class MixedSizesAdapter(ProgressiveAdapter):
    table_columns = ("layout", "seat_totals")
    record_heads = (pgettext_lazy("a player's record", "Partner"), pgettext_lazy("a player's record", "At the table"))
