"""One Django adapter per table layout (docs/architecture.md).

The engine describes a layout (scoring.engine.layouts: seats, sides, dealer, how a hand is
scored and credited, how rounds are planned). Its adapter here says how the Django layers show
and take that layout: the entry form and its template partial, the paper-sheet grid, how its
sheets and cards are drawn, how its standings rows read. The layers ask `adapter_for(event)` and
never which layout it is: a new kind of table is one engine entry plus one module here,
registered in ADAPTERS, and the conformance suite (tests/conformance) proves it.

Each adapter is a class whose attributes are grouped by concern (entry, grid, printing,
standings); the base class, TableAdapter, holds what most layouts share.
"""

from __future__ import annotations

from .base import TableAdapter
from .mixed import MixedSizesAdapter
from .partnerships import PartnershipsAdapter
from .progressive import ProgressiveAdapter
from .seated import FiveHandedAdapter, SixPairsAdapter, SixThreesAdapter, TwoHandedAdapter
from .three_handed import ThreeHandedAdapter

ADAPTERS: dict[str, TableAdapter] = {
    adapter.layout_name: adapter for adapter in (PartnershipsAdapter(), ProgressiveAdapter(), ThreeHandedAdapter(),
                                                 TwoHandedAdapter(), FiveHandedAdapter(), SixPairsAdapter(),
                                                 SixThreesAdapter())
}


def adapter(name: str) -> TableAdapter:
    """The adapter of the layout `name` (Event.layout)."""
    return ADAPTERS[name]


# An event of mixed sizes as a whole (its tables of four progressive; each table read by its own layout's).
MIXED_SIZES = MixedSizesAdapter()


def adapter_for(event) -> TableAdapter:
    """The adapter of `event`'s table layout, or of its mixed sizes (Event.mixed_sizes)."""
    return MIXED_SIZES if event.mixed_sizes else ADAPTERS[event.layout]


def layout_adapter(layout: str, event_adapter: TableAdapter) -> TableAdapter:
    """A table's adapter from its stored layout name (Table.layout, read as a column): its own in an
    event of mixed sizes, `event_adapter` (its event's) where it is blank."""
    return ADAPTERS[layout] if layout else event_adapter


def table_adapter(table) -> TableAdapter:
    """The adapter of the layout `table` is played at (Table.layout_name: its own in an event of
    mixed table sizes, else its event's)."""
    return ADAPTERS[table.layout_name]


__all__ = ["ADAPTERS", "TableAdapter", "adapter", "adapter_for", "layout_adapter", "table_adapter"]
