"""What every figure family shares: the Figure record, the Family and FigureSpec that describe a
family, the Bench context a measurement receives, the errors, and the timing helpers.

A figure that cannot be measured raises Unmeasurable (or any exception): the runner reports it as
an ERROR and the command exits non-zero. A tool that is missing is found before anything is built
(Family.missing) and named with how to install it. Reads and writes nothing itself.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def positive(convert: Callable[[str], float]) -> Callable[[str], float]:
    """An argparse type for a length or a count: `convert`'s number (int, float), refused unless more
    than 0, in words argparse shows after the flag's name ("argument --runs: '0': give a number more than 0")."""
    def read(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole number' if convert is int else 'number'}"
                                             ) from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r}: give a number more than 0")
        return value

    read.__name__ = f"positive {convert.__name__}"
    return read


class Unmeasurable(Exception):
    """This figure could not be measured: the message says what answered what, or what is missing."""


@dataclass
class Figure:
    """One measured figure, as printed and as written to bench/results/latest.json."""

    name: str
    target: str
    family: str = ""
    runs: int = 0
    median_ms: float | None = None
    cpu_ms: float | None = None  # this process's CPU time: steadier than wall time on a busy machine
    queries: int | None = None
    extra: dict = field(default_factory=dict)
    # "ok" or "MISSED[: why]" (against the target), "measured" (no target), "set-up: what", or
    # "ERROR: why" (the command then fails and writes no results file)
    status: str = ""

    @property
    def failed(self) -> bool:
        return self.status.startswith("ERROR")


@dataclass(frozen=True)
class Flag:
    """A command-line option of the benchmark (kept as data so the runner can pass it on to its child)."""

    name: str  # "--runs"
    default: object = None
    type: type | None = None  # None: a switch (store_true)
    help: str = ""
    repeat: bool = False  # may be given several times, collected in a list
    choices: tuple | None = None

    @property
    def dest(self) -> str:
        return self.name.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class FigureSpec:
    """How to measure one figure: `measure(bench, figure)` fills in the figure's numbers.

    `name` may hold {partnerships} or {players}; the runner fills them in from the options.
    """

    name: str
    target: str
    measure: Callable[[object, Figure], None]


@dataclass(frozen=True)
class Family:
    """A group of figures that can be skipped together (`--skip NAME`) or run alone (`--only NAME`)."""

    name: str
    help: str
    figures: tuple[FigureSpec, ...]
    flags: tuple[Flag, ...] = ()
    # What must be installed, checked before the event is built: options -> messages naming what
    # is missing and how to install it (empty when everything is there).
    missing: Callable[[dict], list[str]] = lambda options: []
    # Whether the family measures the bench event (the 500 partnerships); a family that builds its
    # own event (bench.figures.individuals) leaves it unbuilt when it runs alone.
    needs_event: bool = True


def packages_missing(*modules: str) -> list[str]:
    """A message for each Python package of requirements-dev.txt (the benchmark's own, beside the
    tests') that is not installed: bin/serve installs only requirements.txt."""
    return [f"the Python package {module} is not installed: install the benchmark's packages with "
            ".venv/bin/python -m pip install -r requirements-dev.txt (bin/test installs them)"
            for module in modules if importlib.util.find_spec(module) is None]


def ms_text(ms: float | None) -> str:
    if ms is None:
        return "-"
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.2f} ms"


def percentiles(seconds: list[float]) -> dict:
    """p50, p95, p99 and the longest of request durations in seconds, in ms (nearest rank)."""
    if not seconds:
        return {"n": 0, "p50_ms": None, "p95_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(seconds)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] * 1000, 1)

    return {"n": len(seconds), "p50_ms": pick(0.50), "p95_ms": pick(0.95), "p99_ms": pick(0.99),
            "max_ms": round(ordered[-1] * 1000, 1)}


def median_ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000


def timed(fn: Callable[[], object], runs: int, before: Callable[[], object] | None = None
          ) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each of `runs` calls of fn; `before` runs untimed before each."""
    wall, cpu = [], []
    for _ in range(runs):
        if before is not None:
            before()
        started, started_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return wall, cpu


def record(figure: Figure, wall: list[float], cpu: list[float]) -> None:
    """Put the medians of timed runs on the figure."""
    figure.runs, figure.median_ms, figure.cpu_ms = len(wall), median_ms(wall), median_ms(cpu)


class Stopwatch:
    """One timed block: `with Stopwatch() as watch: ...`, then watch.wall / watch.cpu in seconds."""

    def __enter__(self) -> Stopwatch:
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu

    def record(self, figure: Figure) -> None:
        record(figure, [self.wall], [self.cpu])
