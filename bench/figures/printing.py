"""The printing code the PDF figures call, in one place.

document(event, kind) builds one printed document from the database (name, content type, bytes);
sheets_data / draw_sheets split the score sheets into reading and drawing; forget_qr_codes empties
the QR caches so each run encodes its codes afresh, as a new `manage.py pdf` process does.
"""

from __future__ import annotations

from scoring.printing import data, qr
from scoring.printing.sheets import score_sheets


def document(event, kind: str):
    return data.document(event, kind)


def sheets_data(event):
    return data.sheets_doc(event)


def draw_sheets(doc) -> bytes:
    return score_sheets(doc)


def forget_qr_codes() -> None:
    qr.clear_cache()
