"""The printing code the PDF figures call, in one place: when printing moves, only this file changes.

document(event, kind) builds one printed document from the database (name, content type, bytes);
sheets_data / draw_sheets split the score sheets into reading and drawing; forget_qr_codes empties
the QR caches so each run encodes its codes afresh, as a new `manage.py pdf` process does.
"""

from __future__ import annotations

from scoring import pdf, print_data


def document(event, kind: str):
    return print_data.document(event, kind)


def sheets_data(event):
    return print_data.sheets_doc(event)


def draw_sheets(doc) -> bytes:
    return pdf.score_sheets(doc)


def forget_qr_codes() -> None:
    pdf.qr_runs.cache_clear()
    pdf._qr_path.cache_clear()
