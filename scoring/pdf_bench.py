"""Timing of the printed documents on one event: what `bench/pdf_bench.py` prints.

Each figure is the median of `runs` timed calls. The QR cache is emptied before every run, so
every run pays for encoding all of its codes, as a fresh `manage.py pdf` process does. Reads
the database through scoring.printing.data; writes nothing.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from scoring.printing import qr
from scoring.printing.data import document, sheets_doc
from scoring.printing.sheets import score_sheets


def _median(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds of this process) over `runs` calls."""
    walls, cpus = [], []
    for _ in range(runs):
        qr.clear_cache()
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def measure(event, runs: int = 3) -> list[tuple[str, float, float, int]]:
    """[(name, median wall seconds, median CPU seconds, runs)] for every document of the event."""
    sheets = sheets_doc(event)
    figures = [
        ("score sheets, whole event: database + PDF", lambda: document(event, "sheets")),
        (f"score sheets, PDF only ({len(sheets.tables)} sheets)", lambda: score_sheets(sheets)),
        ("score sheets, database only", lambda: sheets_doc(event)),
        ("standings: database + PDF", lambda: document(event, "standings")),
        ("result sheets, whole event", lambda: document(event, "results")),
        ("movement cards", lambda: document(event, "cards")),
        ("medal standings", lambda: document(event, "medals")),
        ("certificates", lambda: document(event, "certificates")),
    ]
    return [(name, *_median(fn, runs), runs) for name, fn in figures]
