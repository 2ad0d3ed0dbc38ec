"""Medal certificates: one landscape page for each player of each medal-winning partnership.
Data in (the same MedalsDoc as the medal standings), PDF bytes out; no database, no Django.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.pdfgen.canvas import Canvas

from scoring.printing.base import BOLD, SANS, draw_lines, draw_text, empty_page, fit_lines, new_canvas, page_size
from scoring.printing.documents import DocHeader, MedalGroup, MedalPlace, MedalsDoc, Words


def certificates(doc: MedalsDoc) -> bytes:
    """One landscape page per medal-winning player."""
    size = landscape(page_size(doc.header))
    w, h = size
    buf = io.BytesIO()
    _ = doc.words.gettext
    c = new_canvas(buf, doc.header, _("medal certificates"), size)
    pages = 0
    for group in doc.groups:
        for place in group.places:
            for i, player in enumerate(place.players):
                partner = place.players[1 - i] if len(place.players) == 2 else ""
                _draw_certificate(c, doc.header, doc.words, group, place, player, partner, w, h)
                c.showPage()
                pages += 1
    if not pages:
        empty_page(c, doc.header, size, _("No medals decided yet."))
    c.save()
    return buf.getvalue()


def _draw_certificate(c: Canvas, header: DocHeader, words: Words, group: MedalGroup, place: MedalPlace, player: str,
                      partner: str, w: float, h: float) -> None:
    _ = words.gettext
    c.setStrokeColor(colors.black)
    c.setLineWidth(3)
    c.rect(30, 30, w - 60, h - 60)
    c.setLineWidth(0.8)
    c.rect(38, 38, w - 76, h - 76)
    cx = w / 2
    inner = w - 140
    c.setFillColor(colors.black)
    draw_text(c, cx, h - 100, header.event_name, BOLD, 22, max_width=inner, align="center", min_size=11)
    draw_text(c, cx, h - 150, place.medal_title or _("%(medal)s medal") % {"medal": place.medal}, BOLD, 34,
              align="center", max_width=inner, min_size=18)
    draw_text(c, cx, h - 180, _("%(place)s place") % {"place": words.place(place.place)}, SANS, 18, align="center",
              max_width=inner)
    draw_text(c, cx, h - 214, _("awarded to"), SANS, 12, align="center", max_width=inner)
    # A long name takes two lines at 20 points rather than one that is too small to read.
    lines, size = fit_lines(player, BOLD, 32, inner, 2, min_size=20)
    if len(lines) == 1:
        draw_text(c, cx, h - 262, lines[0], BOLD, size, align="center")
    else:
        draw_lines(c, cx, h - 244, lines, BOLD, size, 23, align="center")
    c.setLineWidth(0.6)
    c.line(cx - inner / 2 + 40, h - 274, cx + inner / 2 - 40, h - 274)
    if partner or len(place.players) == 1:
        line = (_("playing with %(partner)s · Partnership %(number)s") % {"partner": partner, "number": place.number}
                if partner else _("Player %(number)s") % {"number": place.number})
        lines, size = fit_lines(line, SANS, 13, inner, 2, min_size=11)
        draw_lines(c, cx, h - 296, lines, SANS, size, 14, align="center")
    scope = _("Overall, all divisions") if group.overall else group.title
    draw_text(c, cx, h - 334, scope, SANS, 14, max_width=inner, align="center", min_size=8)
    total = _("Total %(points)s points") % {"points": place.total}
    draw_text(c, cx, h - 356, total + (f" · {place.tiebreak}" if place.tiebreak else ""),
              SANS, 11, max_width=inner, align="center", min_size=7)
    draw_text(c, cx, 80, header.date_venue, SANS, 12, max_width=inner, align="center", min_size=7)
    for x in (cx - 220, cx + 60):
        c.line(x, 120, x + 160, 120)
    draw_text(c, cx - 140, 108, _("Organizer"), SANS, 9, align="center", max_width=160)
    draw_text(c, cx + 140, 108, _("Tournament director"), SANS, 9, align="center", max_width=160)
