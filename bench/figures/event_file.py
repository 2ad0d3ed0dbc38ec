"""Importing the whole bench event from its event file (`manage.py import_event`), timed once.

Writes the export to a temporary folder, imports it as a copy (slug bench-500-import) and deletes
the copy again; the bench event itself is only read.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from django.core.management import call_command

from bench.core import Family, Figure, FigureSpec, Stopwatch
from scoring.event_io import event_export
from tournaments.models import Event, Partnership, Player, Round, Tiebreak

IMPORT_SLUG = "bench-500-import"


def wipe(event) -> None:
    """Delete an event: tables protect partnerships, so remove rounds first."""
    if event is None:
        return
    Round.objects.filter(event=event).delete()
    Tiebreak.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


def import_file(bench, figure: Figure) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    try:
        path = folder / f"{bench.event.slug}.json"
        path.write_text(json.dumps(event_export(bench.event), ensure_ascii=False), encoding="utf-8")
        wipe(Event.objects.filter(slug=IMPORT_SLUG).first())
        with open(os.devnull, "w") as quiet, Stopwatch() as watch:
            call_command("import_event", str(path), "--slug", IMPORT_SLUG, stdout=quiet, stderr=quiet)
        watch.record(figure)
        copy = Event.objects.get(slug=IMPORT_SLUG)
        figure.extra = {"file_bytes": path.stat().st_size, "hands": copy.hand_changes.count()}
        wipe(copy)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


FAMILY = Family(
    name="import",
    help="import the whole event from its event file",
    figures=(FigureSpec("import the {partnerships}-partnership event file", "< 15 s", import_file),),
)
