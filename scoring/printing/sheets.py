"""Score sheets and result sheets: one page per table, data in, PDF bytes out.

A score sheet is blank, with the table's QR code and short code for entering the hands; a result
sheet is filled from the entered hands, with the totals, the confirmation status and the
corrections, and has no code (it is posted on the wall). Drawn with the low-level canvas: the
parts every sheet shares (grid, headings, the contract value table) are drawn once into a PDF
form and placed on each page, so 2,500 sheets cost little more than their names, numbers and QR
codes. No database, no Django: scoring.printing.data builds the SheetsDoc.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from scoring.engine.vocabulary import SIDE_LABELS
from scoring.printing.base import BOLD, LIGHT, SANS, draw_text, empty_page, new_canvas, page_size, signed_or_blank, wrap
from scoring.printing.documents import ContractValue, SheetsDoc, SheetTable
from scoring.printing.qr import draw_qr


class _SheetLayout:
    """Where everything on a sheet goes, for one page size and number of hands."""

    MARGIN = 36
    QR = 96

    def __init__(self, size, hands: int):
        self.w, self.h = size
        m = self.MARGIN
        self.left, self.right = m, self.w - m
        self.uw = self.right - self.left
        self.top = self.h - m
        self.parts_top = self.top - 128
        self.parts_h = 66
        self.grid_top = self.parts_top - self.parts_h - 14
        self.head_h = 26
        # The foot (rules reminder and contract values) sits below foot_top. Above it, below the
        # hands: the total row (28), initials (12 + 30) and room for two correction lines (30).
        self.foot_top = m + 196
        room = self.grid_top - self.head_h - 28 - 42 - 30 - self.foot_top
        # Many hands a round (up to 20): drop the rules reminder and the correction room
        # rather than shrink the rows below 12 points.
        self.compact = hands * 12 > room
        if self.compact:
            self.foot_top = m + 172
            room = self.grid_top - self.head_h - 28 - 42 - self.foot_top
        self.row_h = max(12.0, min(44.0, room / max(1, hands)))
        self.hands = hands
        self.rows_bottom = self.grid_top - self.head_h - hands * self.row_h
        self.total_bottom = self.rows_bottom - 28
        widths = [34, 96, 70, 62, 46, 64, 64]
        widths.append(self.uw - sum(widths))
        self.cols = []
        x = self.left
        for wd in widths:
            self.cols.append((x, wd))
            x += wd

    def cell_center(self, col: int) -> float:
        x, wd = self.cols[col]
        return x + wd / 2

    def row_baseline(self, index: int, size: float) -> float:
        """Baseline for text vertically centred in hand row `index` (0-based)."""
        top = self.grid_top - self.head_h - index * self.row_h
        return top - self.row_h / 2 - size * 0.35


def _value_grid(values: tuple[ContractValue, ...]):
    suits = ("S", "C", "D", "H", "NT")
    rows = {}
    specials = []
    for v in values:
        if v.tricks is None:
            specials.append(v)
        else:
            rows.setdefault(v.tricks, {})[v.suit] = v.value
    grid = [(t, [rows[t].get(s) for s in suits]) for t in sorted(rows)]
    return grid, specials


def _draw_sheet_static(c: Canvas, doc: SheetsDoc, lay: _SheetLayout) -> None:
    """Everything that is the same on every sheet of this document: drawn once, as a PDF form."""
    c.setStrokeColor(colors.black)
    c.setFillColor(colors.black)
    # Partnership boxes
    half = (lay.uw - 12) / 2
    c.setLineWidth(1)
    for i in range(2):
        c.rect(lay.left + i * (half + 12), lay.parts_top - lay.parts_h, half, lay.parts_h)
    # Hand grid
    headings = [("Hand", ""), ("Dealer", ""), ("Declarer", ""), ("Contract", ""), ("Tricks", "won"),
                ("N-S", "points"), ("E-W", "points"), ("Penalty / note", "")]
    bottom = lay.rows_bottom
    c.setLineWidth(1.2)
    c.rect(lay.left, bottom, lay.uw, lay.grid_top - bottom)
    c.setFillColor(LIGHT)
    c.rect(lay.left, lay.grid_top - lay.head_h, lay.uw, lay.head_h, stroke=0, fill=1)
    c.setFillColor(colors.black)
    c.setLineWidth(0.6)
    for x, _ in lay.cols[1:]:
        c.line(x, bottom, x, lay.grid_top)
    for i in range(lay.hands + 1):
        y = lay.grid_top - lay.head_h - i * lay.row_h
        c.line(lay.left, y, lay.right, y)
    for col, (a, b) in enumerate(headings):
        cx = lay.cell_center(col)
        if b:
            draw_text(c, cx, lay.grid_top - 11, a, BOLD, 9, align="center")
            draw_text(c, cx, lay.grid_top - 21, b, SANS, 7.5, align="center")
        else:
            draw_text(c, cx, lay.grid_top - 16, a, BOLD, 9, align="center")
    # Round total row
    c.setLineWidth(1.2)
    c.rect(lay.left, lay.total_bottom, lay.uw, lay.rows_bottom - lay.total_bottom)
    tx, _ = lay.cols[5]
    c.line(tx, lay.total_bottom, tx, lay.rows_bottom)
    for x, _ in lay.cols[6:]:
        c.line(x, lay.total_bottom, x, lay.rows_bottom)
    draw_text(c, tx - 8, lay.total_bottom + 10, "Round total", BOLD, 11, align="right")
    if not doc.filled:
        # Blank sheets: each side circles the declaring side.
        size = min(9.0, lay.row_h * 0.45)
        cx = lay.cell_center(2)
        for i in range(lay.hands):
            y = lay.row_baseline(i, size)
            draw_text(c, cx - 17, y, "N-S", SANS, size, align="center")
            draw_text(c, cx + 17, y, "E-W", SANS, size, align="center")
    # Initials
    y = lay.total_bottom - 40
    box_w = (lay.uw - 12) / 2
    c.setLineWidth(0.8)
    for i, label in enumerate(("N-S agree, initials", "E-W agree, initials")):
        x = lay.left + i * (box_w + 12)
        c.rect(x, y, box_w, 30)
        draw_text(c, x + 6, y + 19, label, SANS, 8)
    # Rules reminder and value table
    if not lay.compact:
        draw_text(c, lay.left, lay.foot_top - 3, "Tricks: the tricks won by the declaring side (0 to 10).",
                  SANS, 8, max_width=lay.uw, min_size=5.5)
        draw_text(c, lay.left, lay.foot_top - 13,
                  "Suit and no-trump contracts: made scores + the value (all ten tricks: at least 250); set scores − "
                  "the value. The defenders score 10 for each trick they win.", SANS, 8, max_width=lay.uw, min_size=5.5)
    grid, specials = _value_grid(doc.contract_values)
    draw_text(c, lay.left, lay.foot_top - 30, f"Contract values ({doc.rules_label})", BOLD, 9, max_width=lay.uw)
    heads = ["Tricks", "♠ Spades", "♣ Clubs", "♦ Diamonds", "♥ Hearts", "No Trump"]
    vw = lay.uw / len(heads)
    rh = 13
    top = lay.foot_top - 36
    c.setFillColor(LIGHT)
    c.rect(lay.left, top - rh, lay.uw, rh, stroke=0, fill=1)
    c.setFillColor(colors.black)
    for i, h in enumerate(heads):
        draw_text(c, lay.left + vw * i + vw / 2, top - rh + 3.5, h, BOLD, 8, align="center")
    for r, (tricks, vals) in enumerate(grid, start=1):
        y = top - (r + 1) * rh + 3.5
        draw_text(c, lay.left + vw / 2, y, str(tricks), BOLD, 8, align="center")
        for i, v in enumerate(vals, start=1):
            draw_text(c, lay.left + vw * i + vw / 2, y, "" if v is None else str(v), SANS, 8, align="center")
    n = len(grid) + 1
    c.setLineWidth(0.5)
    c.rect(lay.left, top - n * rh, lay.uw, n * rh)
    for i in range(1, len(heads)):
        c.line(lay.left + vw * i, top - n * rh, lay.left + vw * i, top)
    for r in range(1, n):
        c.line(lay.left, top - r * rh, lay.right, top - r * rh)
    if specials:
        line = "Also: " + " · ".join(f"{s.label} ({s.code}) {s.value}" for s in specials)
        draw_text(c, lay.left, top - n * rh - 11, line, SANS, 8, max_width=lay.uw)


def _draw_sheet(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout, form: str) -> None:
    c.doForm(form)
    h = doc.header
    c.setFillColor(colors.black)
    text_w = lay.uw - lay.QR - 14
    draw_text(c, lay.left, lay.top - 10, "RESULT SHEET" if doc.filled else "SCORE SHEET", BOLD, 9)
    draw_text(c, lay.left, lay.top - 30, h.event_name, BOLD, 15, max_width=text_w, min_size=8)
    draw_text(c, lay.left, lay.top - 45, h.date_venue, SANS, 9.5, max_width=text_w, min_size=6)
    draw_text(c, lay.left, lay.top - 80, f"{t.round_label} · Table {t.number}", BOLD, 24, max_width=text_w, min_size=12)
    qx = lay.right - lay.QR
    if doc.filled:
        # No QR on a result sheet: it is posted on the wall, and the code would let anyone edit.
        draw_text(c, lay.right, lay.top - 10, "Filled from the entered hands", SANS, 8, align="right")
        draw_text(c, lay.left, lay.top - 102, t.status, BOLD, 10, max_width=lay.uw, min_size=6)
    elif t.entry_url:
        draw_qr(c, t.entry_url, qx, lay.top - lay.QR, lay.QR)
        code = t.short_code
        cut = code.find("-", len(code) // 2 - 3)
        lines = [code[:cut + 1], code[cut + 1:]] if 0 < cut < len(code) - 1 else [code]
        for i, line in enumerate(lines):
            draw_text(c, qx + lay.QR / 2, lay.top - lay.QR - 9 - i * 10, line, BOLD, 8.5, align="center")
        draw_text(c, lay.left, lay.top - 100,
                  "Enter scores: scan the QR code, or type the table code under it.", SANS, 8.5, max_width=text_w)
    # Partnerships by seat
    half = (lay.uw - 12) / 2
    for i, side in enumerate((t.ns, t.ew)):
        x = lay.left + i * (half + 12) + 8
        top = lay.parts_top
        draw_text(c, x, top - 15, f"{side.label}  ·  Partnership {side.number}", BOLD, 12, max_width=half - 16)
        for j, (seat, name) in enumerate(zip(side.seats, (side.first, side.second), strict=True)):
            y = top - 35 - j * 19
            draw_text(c, x, y, seat, BOLD, 12)
            draw_text(c, x + 18, y, name, SANS, 12, max_width=half - 34, min_size=7)
    # Hands
    size = min(11.0, lay.row_h * 0.5)
    small = min(7.5, lay.row_h * 0.34)
    for i, hand in enumerate(t.hands[: lay.hands]):
        y = lay.row_baseline(i, size)
        two_line = lay.row_h >= 24
        mark = " †" if hand.corrected else ""
        draw_text(c, lay.cell_center(0), y, f"{hand.number}{mark}", BOLD, size, align="center")
        dx, dw = lay.cols[1]
        name = t.dealer_name(hand.dealer)
        if two_line:
            lines = wrap(name, SANS, small, dw - 9)
            if len(lines) > 2 or lay.row_h < 30:
                lines = [" ".join(lines)]
            draw_text(c, dx + 5, y + 4 + (4 if len(lines) > 1 else 0), hand.dealer, BOLD, size)
            for k, line in enumerate(lines):
                draw_text(c, dx + 5, y - 7 + (4 if len(lines) > 1 else 0) - k * (small + 1), line, SANS, small,
                          max_width=dw - 9, min_size=5)
        else:
            draw_text(c, dx + 4, y, hand.dealer, BOLD, size)
            draw_text(c, dx + 7 + size, y, name, SANS, small, max_width=dw - 11 - size, min_size=5)
        if not doc.filled or not hand.declarer:
            continue
        draw_text(c, lay.cell_center(2), y, SIDE_LABELS[hand.declarer], BOLD, size, align="center")
        draw_text(c, lay.cell_center(3), y, hand.contract, BOLD, size, align="center")
        draw_text(c, lay.cell_center(4), y, "" if hand.tricks is None else str(hand.tricks), SANS, size, align="center")
        for col, pts in ((5, hand.ns_points), (6, hand.ew_points)):
            x, wd = lay.cols[col]
            draw_text(c, x + wd - 6, y, signed_or_blank(pts), SANS, size, align="right")
        px, pw = lay.cols[7]
        penalty = hand.penalty + ("; corrected" if hand.corrected else "")
        draw_text(c, px + 4, y, penalty.lstrip("; "), SANS, small, max_width=pw - 8, min_size=5)
    if doc.filled:
        for col, pts in ((5, t.ns_total), (6, t.ew_total)):
            x, wd = lay.cols[col]
            draw_text(c, x + wd - 6, lay.total_bottom + 9, signed_or_blank(pts), BOLD, 12, align="right")
    # Partnership numbers in the totals row, so a total cannot be read against the wrong pair
    for col, side in ((5, t.ns), (6, t.ew)):
        x, wd = lay.cols[col]
        draw_text(c, x + 3, lay.total_bottom + 19, f"#{side.number}", SANS, 6.5)
    if t.corrections:
        y = lay.total_bottom - 52
        # the lowest baseline that clears the foot's first line of text
        floor = lay.foot_top + 8 if not lay.compact else lay.foot_top - 18
        limit = max(0, int((y - floor) // 9) + 1)
        shown = t.corrections[:limit]
        for k, fix in enumerate(shown):
            line = f"† Hand {fix.hand_number} corrected {fix.when} by {fix.by}: {fix.before} → {fix.after}"
            if fix.reason:
                line += f" ({fix.reason})"
            if k == limit - 1 and len(t.corrections) > limit:
                line = f"† … and {len(t.corrections) - limit + 1} more corrections: see the table's history"
            draw_text(c, lay.left, y - k * 9, line, SANS, 7.5, max_width=lay.uw, min_size=5.5)


def score_sheets(doc: SheetsDoc) -> bytes:
    """Blank score sheets (or, with doc.filled, result sheets): one page per table."""
    size = page_size(doc.header)
    buf = io.BytesIO()
    c = new_canvas(buf, doc.header, "result sheets" if doc.filled else "score sheets", size)
    lay = _SheetLayout(size, doc.hands_per_round)
    c.beginForm("sheet")
    _draw_sheet_static(c, doc, lay)
    c.endForm()
    if not doc.tables:
        empty_page(c, doc.header, size, "No tables to print: create the round's tables first.")
    for t in doc.tables:
        _draw_sheet(c, doc, t, lay, "sheet")
        c.showPage()
    c.save()
    return buf.getvalue()
