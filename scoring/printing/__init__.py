"""Printed documents as PDF: score sheets, result sheets, movement cards, standings (compact, and
large print for the wall), medal standings, certificates.

Plain data in, bytes out (pretix's renderer contract). The package's map:

  documents.py     the frozen dataclasses each document is drawn from
  data.py          the only module that reads the database (and imports Django): builds them
  base.py          fonts, page sizes, text that shrinks to fit, the empty page
  qr.py            QR codes, encoded by segno, drawn as rectangles
  sheets.py        score sheets and result sheets
  cards.py         partnership movement cards
  lists.py         standings (compact, and large print for the wall) and medal standings
  certificates.py  medal certificates

Every document is printed in one language (English, Spanish or French): the event's own, or the one
a print asks for (`?language=` on the PDF view, `manage.py pdf --language`). data.py builds the
document inside tournaments.language.in_language, translating what it reads (rounds, statuses, notes,
dates, times, places, contracts), and hands the drawing modules the same language as a
documents.Words (gettext and friends), with which they translate their own headings. Names of people,
divisions and events, contract notation (7♥, 10NT, MIS) and the file names stay as they are.

`render()` below names a document and picks its drawing function. Every module but data.py is
free of Django and the ORM (a test checks), so the same drawing runs in a view, a management
command, a test or a benchmark.
"""

from __future__ import annotations

from scoring.printing.cards import movement_cards
from scoring.printing.certificates import certificates
from scoring.printing.lists import medal_standings, standings, wall_standings
from scoring.printing.sheets import score_sheets

MIMETYPE = "application/pdf"
BUILDERS = {
    "sheets": score_sheets,
    "results": score_sheets,
    "cards": movement_cards,
    "standings": standings,
    "wall": wall_standings,
    "medals": medal_standings,
    "certificates": certificates,
}
KINDS = tuple(BUILDERS)


def render(kind: str, doc) -> tuple[str, str, bytes]:
    """(file name, mimetype, bytes) for one of KINDS, pretix-style."""
    if kind not in BUILDERS:
        raise ValueError(f"{kind!r} is not a document kind (one of {', '.join(KINDS)})")
    suffix = ""
    if kind in ("sheets", "results") and doc.title:
        suffix = "-" + doc.title.lower().replace(" ", "-")
    return f"{doc.header.slug}-{kind}{suffix}.pdf", MIMETYPE, BUILDERS[kind](doc)
