"""Timing of the printed documents on one event: what `bench/pdf_bench.py` prints and what another
benchmark can call (`run(event) -> [(name, median_seconds, runs)]`).

Each figure is the median of `runs` timed calls. The QR cache is emptied before every run, so
every run pays for encoding all of its codes, as a fresh `manage.py pdf` process does. Reads
the database through scoring.print_data; writes nothing.
"""

from __future__ import annotations

import statistics
import time
from typing import Callable

from scoring import pdf, print_data


def _cold() -> None:
    pdf.qr_runs.cache_clear()
    pdf._qr_path.cache_clear()


def _median(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds of this process) over `runs` calls."""
    walls, cpus = [], []
    for _ in range(runs):
        _cold()
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def measure(event, runs: int = 3) -> list[tuple[str, float, float, int]]:
    """[(name, median wall seconds, median CPU seconds, runs)] for every document of the event."""
    sheets = print_data.sheets_doc(event)
    figures = [
        ("score sheets, whole event: database + PDF", lambda: print_data.document(event, "sheets")),
        (f"score sheets, PDF only ({len(sheets.tables)} sheets)", lambda: pdf.score_sheets(sheets)),
        ("score sheets, database only", lambda: print_data.sheets_doc(event)),
        ("standings: database + PDF", lambda: print_data.document(event, "standings")),
        ("result sheets, whole event", lambda: print_data.document(event, "results")),
        ("movement cards", lambda: print_data.document(event, "cards")),
        ("medal standings", lambda: print_data.document(event, "medals")),
        ("certificates", lambda: print_data.document(event, "certificates")),
    ]
    return [(name, *_median(fn, runs), runs) for name, fn in figures]


def run(event, runs: int = 3) -> list[tuple[str, float, int]]:
    """[(name, median seconds, runs)]: the shape `manage.py bench` collects."""
    return [(name, wall, n) for name, wall, _, n in measure(event, runs)]
