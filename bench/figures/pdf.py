"""The printed documents of the bench event: the whole event's score sheets and the standings as
`manage.py pdf` writes them (the targets), then every other document and the score sheets split
into reading the database and drawing, each the median of --pdf-runs runs.

The QR caches are emptied before every run (bench.figures.printing), so each run pays for encoding
its codes as a fresh process does. Writes PDFs to a temporary folder and removes them; reads the
database only. The page counts are read back with pypdf (requirements-dev.txt), named before
anything is built when it is missing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from django.core.management import call_command

from bench.core import Family, Figure, FigureSpec, Flag, Stopwatch, packages_missing, positive, record, timed
from bench.figures import printing


def pdf_command(kind: str):
    """Time `manage.py pdf SLUG --kind KIND -o FILE` once, and count the pages it wrote."""

    def measure(bench, figure: Figure) -> None:
        folder = Path(tempfile.mkdtemp(prefix="bench-pdf-"))
        out = folder / f"{kind}.pdf"
        try:
            printing.forget_qr_codes()
            with open(os.devnull, "w") as quiet, Stopwatch() as watch:
                call_command("pdf", bench.event.slug, "--kind", kind, "-o", str(out), stdout=quiet)
            watch.record(figure)
            from pypdf import PdfReader  # requirements-dev.txt: checked by missing() before the run

            figure.extra = {"pdf_bytes": out.stat().st_size, "pages": len(PdfReader(str(out)).pages)}
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return measure


def in_process(build):
    """The median of --pdf-runs calls of build(event), the QR caches emptied before each."""

    def measure(bench, figure: Figure) -> None:
        event = bench.event
        record(figure, *timed(lambda: build(event), bench.options["pdf_runs"], printing.forget_qr_codes))

    return measure


def drawing_only(bench, figure: Figure) -> None:
    doc = printing.sheets_data(bench.event)
    figure.extra = {"sheets": len(doc.tables)}
    record(figure, *timed(lambda: printing.draw_sheets(doc), bench.options["pdf_runs"], printing.forget_qr_codes))


FAMILY = Family(
    name="pdf",
    help="the printed documents (score sheets, standings, results, cards, medals, certificates)",
    figures=(
        FigureSpec("score sheets for the whole event (PDF)", "< 20 s", pdf_command("sheets")),
        FigureSpec("standings PDF", "< 2 s", pdf_command("standings")),
        FigureSpec("score sheets: database only", "(breakdown)", in_process(printing.sheets_data)),
        FigureSpec("score sheets: drawing only", "(breakdown)", drawing_only),
        FigureSpec("result sheets, whole event (PDF)", "(no target)",
                   in_process(lambda event: printing.document(event, "results"))),
        FigureSpec("movement cards (PDF)", "(no target)", in_process(lambda event: printing.document(event, "cards"))),
        FigureSpec("medal standings (PDF)", "(no target)",
                   in_process(lambda event: printing.document(event, "medals"))),
        FigureSpec("certificates (PDF)", "(no target)",
                   in_process(lambda event: printing.document(event, "certificates"))),
    ),
    flags=(Flag("--pdf-runs", 1, positive(int), "runs of each in-process PDF figure (default 1)"),),
    missing=lambda options: packages_missing("pypdf"),
)
