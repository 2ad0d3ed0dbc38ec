"""The lists: standings (every partnership's rank, total and rounds) and medal standings (the
medallists of each ranking). Flowing tables built with reportlab's platypus, the header row
repeated on every page. Data in, PDF bytes out; no database, no Django.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Spacer, TableStyle

from scoring.engine.vocabulary import gettext_noop
from scoring.printing.base import (
    BOLD,
    GREY,
    LIGHT,
    SANS,
    draw_text,
    fit,
    page_size,
    register_fonts,
    signed_or_blank,
    text_width,
)
from scoring.printing.documents import DocHeader, MedalsDoc, RoundCell, StandingsDoc, Words

# What a row of the standings is, by who the entrants are (scoring.engine.layouts.Layout.entrants):
# the names column's heading, and what an empty list says.
NAMES_HEADING = {"partnerships": gettext_noop("Players"), "individuals": gettext_noop("Player")}
NOBODY = {"partnerships": gettext_noop("No partnerships yet."), "individuals": gettext_noop("No players yet.")}


def _page_decorator(header: DocHeader, title: str, words: Words):
    def draw(c: Canvas, doc) -> None:
        w, h = doc.pagesize
        room = w - doc.leftMargin - doc.rightMargin
        c.saveState()
        # The date takes at most half the line at the right; the running title has the rest, less a gap.
        date, date_size = fit(header.date_venue, SANS, 8, room / 2, min_size=6.5)
        draw_text(c, w - doc.rightMargin, h - 28, date, SANS, date_size, align="right")
        draw_text(c, doc.leftMargin, h - 28, f"{header.event_name} · {title}", BOLD, 9,
                  max_width=room - text_width(date, SANS, date_size) - 16, min_size=6.5)
        draw_text(c, w - doc.rightMargin, 20, words.gettext("Page %(number)s") % {"number": c.getPageNumber()}, SANS,
                  8, align="right")
        c.restoreState()

    return draw


def _styles():
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20, spaceAfter=2),
        "sub": ParagraphStyle("sub", fontName=SANS, fontSize=9.5, leading=12, spaceAfter=6),
        "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4),
        "cell": ParagraphStyle("cell", fontName=SANS, fontSize=8, leading=9.5),
        "note": ParagraphStyle("note", fontName=SANS, fontSize=8, leading=10),
        "medal": ParagraphStyle("medal", fontName=SANS, fontSize=10, leading=12),
    }


def _build(header: DocHeader, words: Words, title: str, subtitle: str, size,
           margins: tuple[float, float, float, float], body: list, styles: dict | None = None) -> bytes:
    """A flowing document: the event's name and a subtitle over the body, `title` and the date in
    every page's head and the page number at its foot. margins: left, right, top, bottom."""
    st = styles or _styles()
    buf = io.BytesIO()
    left, right, top, bottom = margins
    template = SimpleDocTemplate(buf, pagesize=size, leftMargin=left, rightMargin=right, topMargin=top,
                                 bottomMargin=bottom, title=f"{header.event_name}: {title.lower()}",
                                 author=header.event_name)
    story = [Paragraph(_esc(header.event_name), st["title"]), Paragraph(_esc(subtitle), st["sub"]), *body]
    deco = _page_decorator(header, title, words)
    template.build(story, onFirstPage=deco, onLaterPages=deco)
    return buf.getvalue()


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _head(text: str, size: float, width: float, align: str = "left"):
    """A heading cell: the text as it is when it fits its column at size; else a paragraph that
    wraps it at the spaces, its longest word shrunk to fit (Spanish and French headings run longer)."""
    if text_width(text, BOLD, size) <= width:
        return text
    longest = max(text_width(word, BOLD, size) for word in text.split())
    if longest > width:
        size = max(5.5, int(size * width / longest * 10) / 10)
    style = ParagraphStyle("head", fontName=BOLD, fontSize=size, leading=size + 1.5,
                           alignment={"left": 0, "center": 1, "right": 2}[align])
    return Paragraph(_esc(text), style)


def _who(doc) -> str:
    """The names column's heading: one player a row in an event of individuals."""
    return doc.words.gettext(NAMES_HEADING[doc.entrants])


def _nobody(doc) -> str:
    return doc.words.gettext(NOBODY[doc.entrants])


def _round_cell(cell: RoundCell) -> str:
    if cell.points is None:
        return "·"
    text = signed_or_blank(cell.points) if cell.points < 0 else str(cell.points)
    if cell.sat_out:
        text = f"({text})"
    if cell.provisional:
        text += "*"
    return text


def standings(doc: StandingsDoc) -> bytes:
    """Every partnership's rank, names, division, total and round points, landscape, with the
    header row repeated on every page."""
    _ = doc.words.gettext
    size = landscape(page_size(doc.header))
    margins = (36, 36, 40, 36)
    st = _styles()
    frame_w = size[0] - margins[0] - margins[1]
    story = []
    n = len(doc.round_labels)
    has_div = any(r.division for r in doc.rows)
    has_tb = any(r.tiebreak_total is not None for r in doc.rows)
    fixed = {"rank": 34, "no": 30, "div": 62 if has_div else 0, "total": 50, "hands": 40, "tb": 54 if has_tb else 0,
             "games": 34 * len(doc.games_heads)}
    spare = frame_w - sum(fixed.values())
    # One column a round while they fit at 24 points or more (up to 12-14 rounds); beyond that
    # the rounds share one wrapped column ("1: 260  2: (90) ..."), so nothing is squeezed.
    per_round = n > 0 and (spare - 150) / n >= 24
    if per_round:
        round_w = min(31.0, (spare - 150) / n)
        names_w = spare - n * round_w
        round_heads, round_widths = list(doc.round_labels), [round_w] * n
    else:
        names_w = 170.0
        round_heads, round_widths = ([_("Round by round")], [spare - names_w]) if n else ([], [])
        names_w = spare - sum(round_widths)
    head = [_head(_("Rank"), 8, fixed["rank"] - 6, "right"), _("No."), _who(doc)] \
        + ([_head(_("Division"), 8, fixed["div"] - 6)] if has_div else []) + round_heads \
        + [_(doc.total_heading)] \
        + ([_head(_("Tiebreak"), 8, fixed["tb"] - 9, "right")] if has_tb else []) \
        + [_head(_("Hands"), 8, fixed["hands"] - 9, "right")] + [_head(h, 8, 34 - 9, "right") for h in doc.games_heads]
    widths = [fixed["rank"], fixed["no"], names_w] + ([fixed["div"]] if has_div else []) + round_widths + \
        [fixed["total"]] + ([fixed["tb"]] if has_tb else []) + [fixed["hands"]] + [34] * len(doc.games_heads)
    data = [head]
    cell = st["cell"]
    name_room = names_w - 6
    div_room = fixed["div"] - 6
    for r in doc.rows:
        names = r.names + (f" — {r.note}" if r.note else "")
        # Paragraphs wrap but are slow: use one only where the text would not fit on one line.
        name_cell = Paragraph(_esc(names), cell) if text_width(names, SANS, 8) > name_room else names
        row = [r.rank_text, str(r.number), name_cell]
        if has_div:
            row.append(Paragraph(_esc(r.division), cell) if text_width(r.division, SANS, 8) > div_room else r.division)
        if per_round:
            row += [_round_cell(x) for x in r.rounds]
        elif n:
            row.append(Paragraph("  ".join(f"<b>{k}:</b>\u00a0{_round_cell(x)}"
                                           for k, x in enumerate(r.rounds, start=1)), st["cell"]))
        row.append(signed_or_blank(r.total) if r.total < 0 else str(r.total) + ("*" if r.provisional else ""))
        if has_tb:
            row.append("" if r.tiebreak_total is None else str(r.tiebreak_total))
        row.append(str(r.hands))
        row += [str(value) for value in r.games]
        data.append(row)
    if not doc.rows:
        data.append(["", "", _nobody(doc)] + [""] * (len(head) - 3))
    table = LongTable(data, colWidths=widths, repeatRows=1)
    first_round = 4 if has_div else 3
    total_col = first_round + (len(round_heads))
    style = [
        ("FONT", (0, 0), (-1, -1), SANS, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("FONT", (total_col, 1), (total_col, -1), BOLD, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, GREY),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
        ("ALIGN", (first_round if per_round else total_col, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (total_col, 0), (-1, -1), 6),
    ]
    table.setStyle(TableStyle(style))
    story.append(table)
    legend = [_("“2=” a shared rank (equal totals)."), _("(120) a sit-out round, scored by the event's sit-out rule."),
              _("* provisional: not yet confirmed by the opponents."), _("· not played yet.")]
    if any(r.withdrawn for r in doc.rows):
        legend.append(_("WD withdrawn: results kept (opponents keep their points), not ranked, no medal."))
    if doc.sit_out_note:
        legend.append(doc.sit_out_note)
    story.append(Spacer(1, 8))
    story.append(Paragraph(_esc("  ".join(legend)), st["note"]))
    for note in doc.notes:
        story.append(Paragraph(_esc(note), st["note"]))
    subtitle = " · ".join(p for p in (_("Standings"), doc.header.date_venue, doc.progress) if p)
    return _build(doc.header, doc.words, _("Standings"), subtitle, size, margins, story)


# The wall standings: large print (at least 18 points for names and totals, as large-print
# guidance asks), read from a few steps away.
WALL_TYPE = 18.0


def wall_standings(doc: StandingsDoc) -> bytes:
    """The standings for the wall: rank, number, names and total in large print, landscape, as
    many pages as the rows need, the header row repeated on every page. The round-by-round points
    stay in the compact standings."""
    _ = doc.words.gettext
    size = landscape(page_size(doc.header))
    margins = (36, 36, 44, 36)
    st = _styles()
    big = ParagraphStyle("wall", fontName=SANS, fontSize=WALL_TYPE, leading=WALL_TYPE + 3)
    note = ParagraphStyle("wallnote", fontName=SANS, fontSize=12, leading=15)
    frame_w = size[0] - margins[0] - margins[1]
    has_div = any(r.division for r in doc.rows)
    has_tb = any(r.tiebreak_total is not None for r in doc.rows)
    rank_w, no_w, total_w = 62.0, 62.0, 88.0
    div_w = 112.0 if has_div else 0.0
    tb_w = 100.0 if has_tb else 0.0
    games_w = 150.0 if doc.games_heads else 0.0
    names_w = frame_w - rank_w - no_w - total_w - div_w - tb_w - games_w
    head = [_head(_("Rank"), 14, rank_w - 13, "right"), _head(_("No."), 14, no_w - 13, "right"), _who(doc)] \
        + ([_head(_("Division"), 14, div_w - 13)] if has_div else []) \
        + [_head(_(doc.total_heading), 14, total_w - 13, "right")] \
        + ([_head(_("Tiebreak"), 14, tb_w - 13, "right")] if has_tb else []) \
        + ([_head(_("Won–lost–drawn"), 14, games_w - 13, "right")] if games_w else [])
    widths = [rank_w, no_w, names_w] + ([div_w] if has_div else []) + [total_w] + ([tb_w] if has_tb else []) \
        + ([games_w] if games_w else [])
    data = [head]
    div_style = ParagraphStyle("walldiv", fontName=SANS, fontSize=14, leading=17)
    for r in doc.rows:
        names = _esc(r.names) + (f"<br/><font size=12>{_esc(r.note)}</font>" if r.note else "")
        row = [r.rank_text, str(r.number), Paragraph(names, big)]
        if has_div:
            row.append(Paragraph(_esc(r.division), div_style))
        row.append(signed_or_blank(r.total) if r.total < 0 else str(r.total) + ("*" if r.provisional else ""))
        if has_tb:
            row.append("" if r.tiebreak_total is None else str(r.tiebreak_total))
        if games_w:
            row.append("–".join(str(value) for value in r.games[:3]))
        data.append(row)
    if not doc.rows:
        data.append(["", "", Paragraph(_esc(_nobody(doc)), big)] + [""] * (len(head) - 3))
    total_col = 3 + (1 if has_div else 0)
    table = LongTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), SANS, WALL_TYPE),
        ("FONT", (0, 0), (-1, 0), BOLD, 14),
        ("FONT", (0, 1), (0, -1), BOLD, WALL_TYPE),
        ("FONT", (total_col, 1), (total_col, -1), BOLD, WALL_TYPE),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1.2, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.5, GREY),
        ("BOX", (0, 0), (-1, -1), 1, colors.black),
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("ALIGN", (total_col, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ("LEFTPADDING", (0, 0), (-1, -1), 5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
    ]))
    legend = [_("“2=” a shared rank (equal totals)."), _("* provisional: not yet confirmed by the opponents.")]
    if any(r.withdrawn for r in doc.rows):
        legend.append(_("WD withdrawn: results kept, not ranked, no medal."))
    story = [table, Spacer(1, 10), Paragraph(_esc("  ".join(legend)), note)]
    story += [Paragraph(_esc(text), note) for text in doc.notes]
    subtitle = " · ".join(p for p in (_("Standings"), doc.header.date_venue, doc.progress) if p)
    st["sub"] = ParagraphStyle("wallsub", parent=st["sub"], fontSize=12, leading=15)
    return _build(doc.header, doc.words, _("Standings"), subtitle, size, margins, story, styles=st)


def medal_standings(doc: MedalsDoc) -> bytes:
    """The medallists of each ranking that awards medals, one table each, with what still has
    to happen before a place is decided."""
    _ = doc.words.gettext
    size = page_size(doc.header)
    margins = (48, 48, 48, 40)
    st = _styles()
    frame_w = size[0] - margins[0] - margins[1]
    story = []
    # The tiebreak column is wide only when a tiebreak decided a place; else the names have the room.
    tb_w = 120 if any(p.tiebreak for g in doc.groups for p in g.places) else 60
    widths = [44, 58, 40, frame_w - 44 - 58 - 40 - 50 - tb_w, 50, tb_w]
    for group in doc.groups:
        story.append(Paragraph(_esc(group.title), st["h2"]))
        data = [[_head(_("Place"), 9, widths[0] - 12), _head(_("Medal"), 9, widths[1] - 12),
                 _head(_("No."), 9, widths[2] - 12, "right"), _who(doc),
                 _head(_("Points") if any(p.games for p in group.places) else _("Total"), 9, widths[4] - 16,
                       "right"), _head(_("Tiebreak"), 9, widths[5] - 12)]]
        for p in group.places:
            names = _esc(p.names) + (f"<br/><font size=9>{_esc(p.games)}</font>" if p.games else "")
            data.append([doc.words.place(p.place), p.medal, str(p.number), Paragraph(names, st["medal"]),
                         str(p.total), Paragraph(_esc(p.tiebreak), st["cell"]) if p.tiebreak else ""])
        if not group.places:
            data.append(["", "", "", _("No results yet."), "", ""])
        table = LongTable(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), SANS, 10),
            ("FONT", (0, 0), (-1, 0), BOLD, 9),
            ("FONT", (0, 1), (1, -1), BOLD, 10),
            ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
            ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, GREY),
            ("ALIGN", (4, 0), (4, -1), "RIGHT"),
            ("ALIGN", (2, 0), (2, -1), "RIGHT"),
            ("RIGHTPADDING", (4, 0), (4, -1), 10),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]))
        story.append(table)
        if group.pending:
            story.append(Spacer(1, 4))
            story.append(Paragraph(_esc(group.pending), st["note"]))
    story.append(Spacer(1, 10))
    for note in doc.notes:
        story.append(Paragraph(_esc(note), st["note"]))
    title = _("Medal standings")
    return _build(doc.header, doc.words, title, f"{title} · {doc.header.date_venue}", size, margins, story)
