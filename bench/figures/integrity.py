"""`check_event` on the bench event: recompute every hand and the standings and compare with what
is stored. Its target is no difference at all; reads only."""

from __future__ import annotations

from bench.core import Family, Figure, FigureSpec, Stopwatch
from scoring.integrity import event_check


def check_event(bench, figure: Figure) -> None:
    with Stopwatch() as watch:
        differences = event_check(bench.event)
    watch.record(figure)
    figure.extra = {"differences": len(differences), "first": [str(d) for d in differences[:5]]}
    if differences:
        figure.status = f"MISSED: {len(differences)} difference(s), first: {differences[0]}"


FAMILY = Family(
    name="check",
    help="check_event: recompute everything and compare",
    figures=(FigureSpec("check_event (recompute everything)", "no difference", check_event),),
)
