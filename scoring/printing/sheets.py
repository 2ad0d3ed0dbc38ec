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
from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from scoring.engine.rules import SUIT_NAMES
from scoring.engine.vocabulary import SIDE_LABELS, SIDES, THREE_SEATS, gettext_noop
from scoring.printing.base import (
    BOLD,
    LIGHT,
    SANS,
    cut,
    draw_lines,
    draw_text,
    empty_page,
    fit_lines,
    new_canvas,
    page_size,
    signed_or_blank,
    text_width,
    wrap,
)
from scoring.printing.documents import ContractValue, SheetsDoc, SheetTable, Words
from scoring.printing.qr import draw_qr

# The smallest type anything on a sheet is printed in: players read the sheet at the table.
MIN_TYPE = 10.0
LEADING = 12.0


class _SheetLayout:
    """Where everything on a sheet goes, for one page size, number of hands and contract value table.

    From the top: the heading (event, round and table, the code for score entry) beside the QR code,
    the two partnership boxes, the hand grid, the total row, the initials boxes, room for corrections
    (result sheets), and at the foot the rules reminder and the contract values, laid out from the
    page's bottom margin upwards so that nothing below the grid can run into it.
    """

    MARGIN = 36
    QR = 96

    def __init__(self, size, hands: int, doc: SheetsDoc):
        self.w, self.h = size
        m = self.MARGIN
        self.left, self.right = m, self.w - m
        self.uw = self.right - self.left
        self.top = self.h - m
        self.parts_top = self.top - 124
        self.parts_h = 84
        self.grid_top = self.parts_top - self.parts_h - 10
        self.head_h = 28
        self.total_h = 34
        # The foot, bottom up: the "Also:" line(s), the value table, its title, the rules reminder.
        grid, specials = _value_grid(doc.contract_values)
        _ = doc.words.gettext
        self.also = wrap(_also_line(specials, _), SANS, MIN_TYPE, self.uw) if specials else []
        self.value_rh = 14.0
        self.value_bottom = m + 2 + len(self.also) * LEADING
        self.value_top = self.value_bottom + (len(grid) + 1) * self.value_rh
        self.value_title = self.value_top + 5
        self.style = style = SHEET_STYLES[doc.style, doc.format]
        reminder = style.reminder
        self.reminder = [line for text in reminder for line in wrap(_(text), SANS, MIN_TYPE, self.uw)]
        reminder_h = 6 + len(self.reminder) * LEADING
        below_rows = self.total_h + 42 + 8  # the total row, the initials boxes, a gap
        corrections_h = style.corrections_lines * LEADING + 6  # a games sheet also lists its games
        room = self.grid_top - self.head_h - below_rows - corrections_h - (self.value_title + 12 + reminder_h)
        # Many hands a round (up to 20): drop the rules reminder and the correction room rather
        # than make the rows too low for 10-point type.
        self.compact = hands * 16 > room
        if self.compact:
            # A games sheet keeps how to mark a game's end, and room to list its games.
            self.reminder = [line for text in style.compact_reminder for line in wrap(_(text), SANS, MIN_TYPE, self.uw)]
            reminder_h = 6 + len(self.reminder) * LEADING
            room = (self.grid_top - self.head_h - below_rows - corrections_h * style.compact_keeps_corrections
                    - (self.value_title + 12 + (reminder_h if self.reminder else 0)))
        self.foot_top = self.value_title + 12 + (reminder_h if self.reminder else 0)
        self.row_h = max(13.0, min(44.0, room / max(1, hands)))
        self.hands = hands
        self.rows_bottom = self.grid_top - self.head_h - hands * self.row_h
        self.total_bottom = self.rows_bottom - self.total_h
        # Each column at least as wide as its heading (Spanish and French words are longer); the
        # dealer's names give up the room first, then the penalty column, never below its floor.
        self.headings = style.headings(doc.words)
        bases = style.bases
        # A seat column is as wide as its first line ("Tricks" / "Points"): "Seat 1" below may shrink.
        sized = [heading[:1] if col in style.first_line_only else heading
                 for col, heading in enumerate(self.headings)]
        widths = [max(base, max(text_width(line, BOLD, MIN_TYPE) for line in heading if line) + 6)
                  for base, heading in zip(bases, sized, strict=False)]
        # The penalty column's floor: on a games sheet, at least its heading's longest word.
        longest = max(text_width(word, BOLD, MIN_TYPE) for word in self.headings[-1][0].split())
        floor = style.penalty_floor(longest)
        over = sum(widths) + floor - self.uw
        if over > 0:
            widths[1] = max(style.dealer_least(self.headings), widths[1] - over)
        # Still too wide (a games sheet): the number columns give up what their headings do not need.
        for index in style.give_up:
            over = sum(widths) + floor - self.uw
            if over <= 0:
                break
            # Sized as above (a seat column on its first line): a column only ever gives room up.
            need = max(text_width(line, BOLD, MIN_TYPE) for line in sized[index] if line) + 6
            widths[index] = min(widths[index], max(need, 36.0, widths[index] - over))
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


REMINDER = (
    gettext_noop("Tricks: the tricks won by the declaring side (0 to 10)."),
    gettext_noop("Suit and no-trump contracts: made scores + the value (all ten tricks: at least 250); set scores "
                 "− the value. The defenders score 10 for each trick they win."),
)


GAMES_REMINDER = (
    gettext_noop("Game score: each side's running score in the game, after each hand. When a game ends, draw a "
                 "line under its last hand: the next hand starts the next game at 0 to 0."),
)


THREE_REMINDER = (
    gettext_noop("Tricks: each player's own tricks; the three add up to 10."),
    gettext_noop("The bidder scores the contract: made + the value (all ten tricks: at least 250), set − the "
                 "value. Each defender scores 10 for each trick he took himself."),
)

SEATED_REMINDER = (
    gettext_noop("Tricks: each player's own tricks (at six, his team's); they add up to 10. At five, circle the "
                 "bidder's partner's seat."),
    gettext_noop("The bidder (at five with his partner; at six his team) scores the contract: made + the value "
                 "(all ten tricks: at least 250), set − the value. Each other player (or team) scores 10 for "
                 "each trick he took."),
)

THREE_GAMES_REMINDER = (
    gettext_noop("Games to 500: write each player's score in the game beside his points. When a game ends, draw "
                 "a line under its last hand: the next hand starts the next game at 0 for everyone."),
)


def _seat_name(words: Words, seat: str) -> str:
    return words.gettext("Seat %(seat)s") % {"seat": seat}


def _three_headings(words: Words, seats: tuple[str, ...] = THREE_SEATS) -> list[tuple[str, str]]:
    """A sheet by seat's columns (three-handed; two, five and six with `seats`): each seat's tricks,
    then each seat's points."""
    _ = words.gettext
    return [(_("Hand"), ""), (_("Dealer"), ""), (_("Declarer"), ""), (_("Contract"), ""),
            *((_("Tricks"), _seat_name(words, seat)) for seat in seats),
            *((_("Points"), _seat_name(words, seat)) for seat in seats), (_("Penalty / note"), "")]


def _narrow_headings(words: Words, seats: tuple[str, ...]) -> list[tuple[str, str]]:
    """A sheet of five or six seats: each seat's tricks and points columns headed by its number."""
    _ = words.gettext
    return [(_("Hand"), ""), (_("Dealer"), ""), (_("Declarer"), ""), (_("Contract"), ""),
            *((seat, _("Tricks")) for seat in seats), *((seat, _("Points")) for seat in seats),
            (_("Penalty / note"), "")]


def _headings(words: Words) -> list[tuple[str, str]]:
    """The hand grid's column headings, (first line, second line)."""
    _ = words.gettext
    return [(_("Hand"), ""), (_("Dealer"), ""), (_("Declarer"), ""), (_("Contract"), ""),
            (_("Tricks"), _("won")), (_(SIDE_LABELS["ns"]), _("points")), (_(SIDE_LABELS["ew"]), _("points")),
            (_("Penalty / note"), "")]


def _games_headings(words: Words) -> list[tuple[str, str]]:
    """A games event's sheet adds the running game score of each side before the penalty column."""
    _ = words.gettext
    headings = _headings(words)
    return [*headings[:-1], (_(SIDE_LABELS["ns"]), _("game")), (_(SIDE_LABELS["ew"]), _("game")), headings[-1]]


def _capital(word: str) -> str:
    """A suit's name as a column heading: the catalogs write "corazones", "sans-atout" for use mid-sentence."""
    return word[:1].upper() + word[1:]


def _also_line(specials, _) -> str:
    return _("Also: %(contracts)s") % {"contracts": " · ".join(f"{s.label} ({s.code}) {s.value}" for s in specials)}


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
    _ = doc.words.gettext
    c.setStrokeColor(colors.black)
    c.setFillColor(colors.black)
    # One box a side (partnerships) or a seat (each for himself)
    style = lay.style
    boxes = style.boxes
    part_w = (lay.uw - 12 * (boxes - 1)) / boxes
    c.setLineWidth(1)
    for i in range(boxes):
        c.rect(lay.left + i * (part_w + 12), lay.parts_top - lay.parts_h, part_w, lay.parts_h)
    # Hand grid
    headings = lay.headings
    bottom = lay.rows_bottom
    c.setLineWidth(1.2)
    c.rect(lay.left, bottom, lay.uw, lay.grid_top - bottom)
    c.setFillColor(LIGHT)
    c.rect(lay.left, lay.grid_top - lay.head_h, lay.uw, lay.head_h, stroke=0, fill=1)
    c.setFillColor(colors.black)
    c.setLineWidth(0.6)
    for x, _w in lay.cols[1:]:
        c.line(x, bottom, x, lay.grid_top)
    for i in range(lay.hands + 1):
        y = lay.grid_top - lay.head_h - i * lay.row_h
        c.line(lay.left, y, lay.right, y)
    for col, (a, b) in enumerate(headings):
        cx = lay.cell_center(col)
        room = lay.cols[col][1] - 4
        if b:
            draw_text(c, cx, lay.grid_top - 12, a, BOLD, MIN_TYPE, align="center", max_width=room, min_size=MIN_TYPE)
            draw_text(c, cx, lay.grid_top - 24, b, SANS, MIN_TYPE, align="center", max_width=room,
                      min_size=style.second_line_min)
        else:
            # A heading too long for its column at 10 points takes two lines.
            lines, _size = fit_lines(a, BOLD, MIN_TYPE, room, 2)
            draw_lines(c, cx, lay.grid_top - (18 if len(lines) == 1 else 12), lines, BOLD, MIN_TYPE, 12, align="center")
    # Round total row
    c.setLineWidth(1.2)
    c.rect(lay.left, lay.total_bottom, lay.uw, lay.rows_bottom - lay.total_bottom)
    first_points = style.first_points
    tx, _w = lay.cols[first_points]
    c.line(tx, lay.total_bottom, tx, lay.rows_bottom)
    for x, _w in lay.cols[first_points + 1:]:
        c.line(x, lay.total_bottom, x, lay.rows_bottom)
    draw_text(c, tx - 8, lay.total_bottom + 12, _(style.total_label),
              BOLD, 11, align="right", max_width=tx - lay.left - 12)
    thick = style.thick_columns  # sets of columns apart: the points, the running game score
    if thick:
        c.setLineWidth(1.6)
        for col in thick:
            x, _w = lay.cols[col]
            c.line(x, bottom, x, lay.grid_top)
    if not doc.filled:
        # Blank sheets: circle the declaring side (or the bidder's seat).
        cx = lay.cell_center(2)
        marks = style.declarer_marks(doc.words)
        for i in range(lay.hands):
            y = lay.row_baseline(i, MIN_TYPE)
            for dx, mark in marks:
                draw_text(c, cx + dx, y, mark, SANS, MIN_TYPE, align="center")
    # Initials: one box a side (or a seat)
    y = lay.total_bottom - 40
    box_w = (lay.uw - 12 * (boxes - 1)) / boxes
    c.setLineWidth(0.8)
    for i, label in enumerate(style.agreeing(doc.words)):
        x = lay.left + i * (box_w + 12)
        c.rect(x, y, box_w, 30)
        draw_text(c, x + 6, y + 18, label, SANS, MIN_TYPE, max_width=box_w - 12, min_size=MIN_TYPE)
    # Rules reminder and value table
    y = lay.foot_top - 10
    for line in lay.reminder:
        draw_text(c, lay.left, y, line, SANS, MIN_TYPE)
        y -= LEADING
    grid, _specials = _value_grid(doc.contract_values)
    draw_text(c, lay.left, lay.value_title, _("Contract values (%(rules)s)") % {"rules": doc.rules_label}, BOLD,
              MIN_TYPE, max_width=lay.uw, min_size=MIN_TYPE)
    heads = [_("Tricks")] + [f"{mark} {_capital(_(SUIT_NAMES[suit]))}" for mark, suit in
                             (("♠", "S"), ("♣", "C"), ("♦", "D"), ("♥", "H"))] + [_capital(_(SUIT_NAMES["NT"]))]
    vw = lay.uw / len(heads)
    rh = lay.value_rh
    top = lay.value_top
    c.setFillColor(LIGHT)
    c.rect(lay.left, top - rh, lay.uw, rh, stroke=0, fill=1)
    c.setFillColor(colors.black)
    for i, h in enumerate(heads):
        draw_text(c, lay.left + vw * i + vw / 2, top - rh + 4, h, BOLD, MIN_TYPE, align="center", max_width=vw - 4,
                  min_size=MIN_TYPE)
    for r, (tricks, vals) in enumerate(grid, start=1):
        y = top - (r + 1) * rh + 4
        draw_text(c, lay.left + vw / 2, y, str(tricks), BOLD, MIN_TYPE, align="center")
        for i, v in enumerate(vals, start=1):
            draw_text(c, lay.left + vw * i + vw / 2, y, "" if v is None else str(v), SANS, MIN_TYPE, align="center")
    n = len(grid) + 1
    c.setLineWidth(0.5)
    c.rect(lay.left, top - n * rh, lay.uw, n * rh)
    for i in range(1, len(heads)):
        c.line(lay.left + vw * i, top - n * rh, lay.left + vw * i, top)
    for r in range(1, n):
        c.line(lay.left, top - r * rh, lay.right, top - r * rh)
    for k, line in enumerate(lay.also):
        draw_text(c, lay.left, lay.value_bottom - 10 - k * LEADING, line, SANS, MIN_TYPE)


def _draw_sheet(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout, form: str) -> None:
    c.doForm(form)
    _ = doc.words.gettext
    h = doc.header
    c.setFillColor(colors.black)
    text_w = lay.uw - lay.QR - 14
    draw_text(c, lay.left, lay.top - 10, _("RESULT SHEET") if doc.filled else _("SCORE SHEET"), BOLD, MIN_TYPE,
              max_width=text_w / 2, min_size=MIN_TYPE)
    draw_text(c, lay.left, lay.top - 30, h.event_name, BOLD, 15, max_width=text_w, min_size=MIN_TYPE)
    draw_text(c, lay.left, lay.top - 46, h.date_venue, SANS, MIN_TYPE, max_width=text_w, min_size=MIN_TYPE)
    heading = _("%(round)s · Table %(number)s") % {"round": t.round_label, "number": t.number}
    draw_text(c, lay.left, lay.top - 76, heading, BOLD, 24, max_width=text_w, min_size=12)
    qx = lay.right - lay.QR
    if doc.filled:
        # No QR on a result sheet: it is posted on the wall, and the code would let anyone edit.
        draw_text(c, lay.right, lay.top - 10, _("Filled from the entered hands"), SANS, MIN_TYPE, align="right",
                  max_width=lay.uw / 2 - 8, min_size=MIN_TYPE)
        lines, _size = fit_lines(t.status, BOLD, MIN_TYPE, lay.uw, 2)
        draw_lines(c, lay.left, lay.top - 96, lines, BOLD, MIN_TYPE, LEADING)
    elif t.entry_url:
        draw_qr(c, t.entry_url, qx, lay.top - lay.QR, lay.QR)
        draw_text(c, lay.left, lay.top - 96, _("Enter scores: scan the QR code, or type this table code:"), SANS,
                  MIN_TYPE, max_width=text_w, min_size=MIN_TYPE)
        draw_text(c, lay.left, lay.top - 113, t.short_code, BOLD, 12, max_width=text_w, min_size=MIN_TYPE)
    lay.style.draw(c, doc, t, lay)
    _draw_corrections(c, doc, t, lay)


def _draw_three_handed(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout) -> None:
    """A three-handed sheet's seats, hands and totals: each seat's tricks and points."""
    _ = doc.words.gettext
    count = max(len(t.seats), 1)
    part_w = (lay.uw - 12 * (count - 1)) / count
    for i, seat in enumerate(t.seats):
        x = lay.left + i * (part_w + 12) + 8
        top = lay.parts_top
        draw_text(c, x, top - 15, _("%(seat)s  ·  Player %(number)s") % {"seat": _seat_name(doc.words, seat.seat),
                                                                        "number": seat.number},
                  BOLD, 12, max_width=part_w - 16, min_size=MIN_TYPE)
        lines, size = fit_lines(seat.name, SANS, 14, part_w - 16, 2, min_size=MIN_TYPE)
        draw_lines(c, x, top - 38, lines, SANS, size, 15)
    size = 11.0 if lay.row_h >= 22 else MIN_TYPE
    two_line = lay.row_h >= 26
    dx, dw = lay.cols[1]
    px, pw = lay.cols[-1]  # the penalty / note column, the last
    for i, hand in enumerate(t.hands[: lay.hands]):
        y = lay.row_baseline(i, size)
        mark = " †" if hand.corrected else ""
        draw_text(c, lay.cell_center(0), y, f"{hand.number}{mark}", BOLD, size, align="center")
        draw_text(c, dx + 5, y, hand.dealer, BOLD, size)
        name_x = dx + 5 + text_width("3", BOLD, size) + 5
        if dx + dw - 4 - name_x >= 24:  # the dealer's name where the column has room for it
            lines, _size = fit_lines(t.dealer_name(hand.dealer), SANS, MIN_TYPE, dx + dw - 4 - name_x,
                                     2 if two_line else 1)
            draw_lines(c, name_x, y + (6 if len(lines) > 1 else 0), lines, SANS, MIN_TYPE, LEADING)
        if not doc.filled or not hand.contract:
            continue
        # At five, the bidder and the partner he called: "1 + 3".
        bidders = f"{hand.bidder} + {hand.partner}" if hand.partner else hand.bidder
        draw_text(c, lay.cell_center(2), y, bidders, BOLD, size, align="center")
        draw_text(c, lay.cell_center(3), y, hand.contract, BOLD, size, align="center")
        for k, tricks in enumerate(hand.seat_tricks):
            draw_text(c, lay.cell_center(4 + k), y, str(tricks), BOLD if t.seats[k].seat == hand.bidder else SANS,
                      size, align="center")
        for k, pts in enumerate(hand.seat_points):
            x, wd = lay.cols[4 + count + k]
            draw_text(c, x + wd - 4, y, signed_or_blank(pts), SANS, size, align="right", max_width=wd - 6,
                      min_size=MIN_TYPE)
        if hand.game_end:  # a games event: a thick line under the last hand of each game
            _game_end_line(c, lay, i)
        penalty = (hand.penalty + ("; " + _("corrected") if hand.corrected else "")).lstrip("; ")
        lines, _size = fit_lines(penalty, SANS, MIN_TYPE, pw - 8, 2 if two_line else 1)
        draw_lines(c, px + 4, y + (6 if len(lines) > 1 else 0), lines, SANS, MIN_TYPE, LEADING)
    for k, seat in enumerate(t.seats):
        x, wd = lay.cols[4 + count + k]
        if doc.filled and k < len(t.seat_totals):
            # Five or six narrow columns: the total shrinks to fit (never below the least type).
            draw_text(c, x + wd - 3, lay.total_bottom + 7, signed_or_blank(t.seat_totals[k]), BOLD, 12, align="right",
                      max_width=wd - 4, min_size=MIN_TYPE)
        draw_text(c, x + 3, lay.total_bottom + 23, f"#{seat.number}", SANS, MIN_TYPE)


def _side_heading(words: Words, side) -> str:
    _ = words.gettext
    if side.numbers:  # a progressive table: this round's partners, each his own number
        return _("%(side)s  ·  Players %(numbers)s") % {"side": _(side.label),
                                                       "numbers": " & ".join(map(str, side.numbers))}
    return _("%(side)s  ·  Partnership %(number)s") % {"side": _(side.label), "number": side.number}


def _draw_four_handed(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout) -> None:
    _ = doc.words.gettext
    # Partnerships by seat: a name that does not fit on one line at 10 points takes two.
    half = (lay.uw - 12) / 2
    for i, side in enumerate((t.ns, t.ew)):
        x = lay.left + i * (half + 12) + 8
        top = lay.parts_top
        draw_text(c, x, top - 15, _side_heading(doc.words, side), BOLD, 12, max_width=half - 16, min_size=MIN_TYPE)
        for j, (seat, name) in enumerate(zip(side.seats, (side.first, side.second), strict=True)):
            y = top - 33 - j * 26
            draw_text(c, x, y, doc.words.seat(seat), BOLD, 12)
            lines, size = fit_lines(name, SANS, 12, half - 34, 2, min_size=MIN_TYPE)
            draw_lines(c, x + 18, y, lines, SANS, size, 11)
    # Hands
    size = 11.0 if lay.row_h >= 22 else MIN_TYPE
    two_line = lay.row_h >= 26
    dx, dw = lay.cols[1]
    px, pw = lay.cols[-1]  # the penalty / note column, the last
    for i, hand in enumerate(t.hands[: lay.hands]):
        y = lay.row_baseline(i, size)
        mark = " †" if hand.corrected else ""
        draw_text(c, lay.cell_center(0), y, f"{hand.number}{mark}", BOLD, size, align="center")
        name = t.dealer_name(hand.dealer)
        draw_text(c, dx + 5, y, doc.words.seat(hand.dealer), BOLD, size)
        name_x = dx + 5 + text_width("W", BOLD, size) + 5
        lines, _size = fit_lines(name, SANS, MIN_TYPE, dx + dw - 4 - name_x, 2 if two_line else 1)
        lift = 6 if len(lines) > 1 else 0
        draw_lines(c, name_x, y + lift, lines, SANS, MIN_TYPE, LEADING)
        if not doc.filled or not hand.contract:
            continue
        if hand.declarer:
            draw_text(c, lay.cell_center(2), y, _(SIDE_LABELS[hand.declarer]), BOLD, size, align="center")
            draw_text(c, lay.cell_center(3), y, hand.contract, BOLD, size, align="center")
        else:  # nobody bid: "No bid" across the declarer and contract columns
            x, _w = lay.cols[2]
            cx, cw = lay.cols[3]
            draw_text(c, (x + cx + cw) / 2, y, hand.contract, BOLD, size, align="center", max_width=cx + cw - x - 4,
                      min_size=MIN_TYPE)
        draw_text(c, lay.cell_center(4), y, "" if hand.tricks is None else str(hand.tricks), SANS, size, align="center")
        for col, pts in ((5, hand.ns_points), (6, hand.ew_points)):
            x, wd = lay.cols[col]
            draw_text(c, x + wd - 4, y, signed_or_blank(pts), SANS, size, align="right", max_width=wd - 6,
                      min_size=MIN_TYPE)
        # A games event: the running game score after the hand's points, a thick line under a game's last hand.
        for col, pts in zip(lay.style.game_columns, (hand.game_ns, hand.game_ew), strict=False):
            x, wd = lay.cols[col]
            draw_text(c, x + wd - 6, y, "" if pts is None else str(pts), BOLD if hand.game_end else SANS, size,
                      align="right")
        if hand.game_end:
            _game_end_line(c, lay, i)
        penalty = (hand.penalty + ("; " + _("corrected") if hand.corrected else "")).lstrip("; ")
        lines, _size = fit_lines(penalty, SANS, MIN_TYPE, pw - 8, 2 if two_line else 1)
        draw_lines(c, px + 4, y + (6 if len(lines) > 1 else 0), lines, SANS, MIN_TYPE, LEADING)
    if doc.filled:
        for col, pts in ((5, t.ns_total), (6, t.ew_total)):
            x, wd = lay.cols[col]
            draw_text(c, x + wd - 6, lay.total_bottom + 7, signed_or_blank(pts), BOLD, 12, align="right")
    # Partnership numbers in the totals row, so a total cannot be read against the wrong pair
    for col, side in ((5, t.ns), (6, t.ew)):
        x, wd = lay.cols[col]
        numbers = " ".join(f"#{n}" for n in side.numbers) if side.numbers else f"#{side.number}"
        draw_text(c, x + 3, lay.total_bottom + 23, numbers, SANS, MIN_TYPE, max_width=wd - 4, min_size=7)


def _draw_corrections(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout) -> None:
    _ = doc.words.gettext
    ngettext = doc.words.ngettext
    if t.corrections or t.games:
        # Each game (a games event), then each correction on up to two lines, as many as fit above
        # the foot; the last line that fits says how many more there are when they do not all fit.
        y = lay.total_bottom - 54
        floor = lay.foot_top + 4  # the lowest baseline whose line clears the foot
        lines = [fit_lines(line, BOLD if k == len(t.games) - 1 else SANS, MIN_TYPE, lay.uw, 1)[0]
                 for k, line in enumerate(t.games)]
        for fix in t.corrections:
            line = "† " + _("Hand %(number)s corrected %(when)s by %(who)s: %(before)s → %(after)s") % {
                "number": fix.hand_number, "when": fix.when, "who": fix.by, "before": fix.before, "after": fix.after}
            if fix.reason:
                line += f" ({fix.reason})"
            lines.append(fit_lines(line, SANS, MIN_TYPE, lay.uw, 2)[0])
        room = max(0, int((y - floor) // LEADING) + 1)
        printed = 0
        for k, fix_lines in enumerate(lines):
            rest = len(lines) - k
            if printed + len(fix_lines) > room or (rest > 1 and printed + len(fix_lines) == room):
                if printed < room:
                    more = "† " + ngettext("… and %(count)s more correction: see the table's history",
                                           "… and %(count)s more corrections: see the table's history",
                                           rest) % {"count": rest}
                    draw_text(c, lay.left, y - printed * LEADING, cut(more, SANS, MIN_TYPE, lay.uw), SANS, MIN_TYPE)
                break
            draw_lines(c, lay.left, y - printed * LEADING, fix_lines, SANS, MIN_TYPE, LEADING)
            printed += len(fix_lines)


def score_sheets(doc: SheetsDoc) -> bytes:
    """Blank score sheets (or, with doc.filled, result sheets): one page per table."""
    size = page_size(doc.header)
    buf = io.BytesIO()
    _ = doc.words.gettext
    c = new_canvas(buf, doc.header, _("result sheets") if doc.filled else _("score sheets"), size)
    # One layout and one drawn form per sheet style: the document's, and in an event of mixed table
    # sizes each other style a table names (SheetTable.style).
    styled = {}
    for style in dict.fromkeys([doc.style, *(t.style for t in doc.tables if t.style)]):
        styled_doc = replace(doc, style=style)
        lay = _SheetLayout(size, doc.hands_per_round, styled_doc)
        c.beginForm(f"sheet-{style}")
        _draw_sheet_static(c, styled_doc, lay)
        c.endForm()
        styled[style] = (styled_doc, lay)
    if not doc.tables:
        empty_page(c, doc.header, size, _("No tables to print: create the round's tables first."))
    for t in doc.tables:
        styled_doc, lay = styled[t.style or doc.style]
        _draw_sheet(c, styled_doc, t, lay, f"sheet-{t.style or doc.style}")
        c.showPage()
    c.save()
    return buf.getvalue()


def _game_end_line(c, lay, row: int) -> None:
    """A thick line under grid row `row` (0 first): the last hand of a game on a result sheet."""
    bottom_y = lay.grid_top - lay.head_h - (row + 1) * lay.row_h
    c.setLineWidth(2.4)
    c.line(lay.left, bottom_y, lay.right, bottom_y)
    c.setLineWidth(0.6)


# ---------------------------------------------------------------- the kinds of sheet


@dataclass(frozen=True)
class SheetStyle:
    """What differs between the sheets of two kinds of table and two formats. A table layout's
    adapter names its style (scoring.adapters: TableAdapter.sheet_style), the event its format;
    the drawing above asks the style, never which kind of table or event it is."""

    boxes: int  # the name boxes across the top, and the initials boxes: one a side, or one a seat
    reminder: tuple[str, ...]  # the rules reminder (msgids)
    headings: Callable[[Words], list[tuple[str, str]]]  # the grid's headings, (first line, second line)
    bases: tuple[float, ...]  # each column's least width but the last (the penalty / note)
    penalty_floor: Callable[[float], float]  # (its heading's longest word) -> the penalty column's least width
    dealer_least: Callable[[list], float]  # (headings) -> the least the dealer column gives up to
    first_points: int  # the first points column: the total row's cells start there
    thick_columns: tuple[int, ...]  # columns set apart by a thick line
    declarer_marks: Callable[[Words], tuple[tuple[float, str], ...]]  # blank sheets: (offset, mark) to circle
    agreeing: Callable[[Words], list[str]]  # the initials boxes' labels
    draw: Callable  # (canvas, doc, table, layout): the table's names, hands and totals
    total_label: str = gettext_noop("Round total")  # the total row's words
    first_line_only: tuple[int, ...] = ()  # columns sized on their heading's first line only
    second_line_min: float = MIN_TYPE  # the least type of a heading's second line
    corrections_lines: int = 2  # room kept under the grid for corrections (and a games sheet's games)
    compact_reminder: tuple[str, ...] = ()  # what is left of the reminder when many hands need the room
    compact_keeps_corrections: bool = False  # many hands: keep the room under the grid (a games sheet's games)
    give_up: tuple[int, ...] = ()  # still too wide: the columns that give up room, in turn, down to their headings
    game_columns: tuple[int, ...] = ()  # the running game score's columns (N-S, E-W) of a games sheet


def _games_floor(longest: float) -> float:
    """A games sheet's penalty column: at least its heading's longest word."""
    return max(70.0, longest + 8)


_SIDES = SheetStyle(  # two sides of partners, N-S and E-W: the declaring side's tricks, each side's points
    boxes=2, reminder=REMINDER, headings=_headings, bases=(36, 120, 60, 58, 42, 54, 54),
    penalty_floor=lambda longest: 90, dealer_least=lambda headings: 96.0, first_points=5, thick_columns=(),
    declarer_marks=lambda words: ((-15, words.gettext(SIDE_LABELS["ns"])), (15, words.gettext(SIDE_LABELS["ew"]))),
    agreeing=lambda words: [words.gettext("%(side)s agree, initials") % {"side": words.gettext(SIDE_LABELS[side])}
                            for side in SIDES],
    draw=_draw_four_handed,
)
_SEATS = SheetStyle(  # each seat for himself (three-handed): each seat's tricks, then each seat's points
    boxes=len(THREE_SEATS), reminder=THREE_REMINDER, headings=_three_headings,
    bases=(30, 70, 52, 56, 36, 36, 36, 50, 50, 50), penalty_floor=lambda longest: 60,
    dealer_least=lambda headings: text_width(headings[1][0], BOLD, MIN_TYPE) + 6, first_points=7, thick_columns=(7,),
    declarer_marks=lambda words: tuple(((k - 1) * 14, seat) for k, seat in enumerate(THREE_SEATS)),
    agreeing=lambda words: [words.gettext("%(seat)s agrees, initials") % {"seat": _seat_name(words, seat)}
                            for seat in THREE_SEATS],
    draw=_draw_three_handed, first_line_only=tuple(range(4, 10)), second_line_min=7,
)


def _seated_style(count: int) -> SheetStyle:
    """The sheet of a table of `count` players at numbered seats (two, five, six; RULES.md section 7):
    the table of three's, a tricks and a points column per seat."""
    seats = tuple(str(n) for n in range(1, count + 1))
    # Five or six of each still fit a portrait page: their columns are headed by the seat's number over
    # "Tricks" / "Points" (sized on the number; the word below may shrink).
    tricks, points = (16, 42) if count > 4 else (36, 44)
    headings = _narrow_headings if count > 4 else _three_headings
    return replace(
        _SEATS, boxes=count, reminder=SEATED_REMINDER, headings=lambda words: headings(words, seats),
        bases=(22, 40, 40, 40, *(tricks,) * count, *(points,) * count), first_points=4 + count,
        thick_columns=(4 + count,), declarer_marks=lambda words: tuple(((k - (count - 1) / 2) * 14, seat)
                                                                       for k, seat in enumerate(seats)),
        agreeing=lambda words: [words.gettext("%(seat)s agrees, initials") % {"seat": _seat_name(words, seat)}
                                for seat in seats],
        first_line_only=tuple(range(4, 4 + 2 * count)), give_up=tuple(range(4, 4 + 2 * count)) + (2, 3, 1))


# What a games event's sheet adds (scoring.engine.formats "games"): how to mark a game's end, room
# to list the games, the final game scores as the points, a penalty column at least its longest word.
_GAMES = {"total_label": gettext_noop("Points (final game scores)"), "corrections_lines": 6,
          "compact_keeps_corrections": True, "penalty_floor": _games_floor}

# By (TableAdapter.sheet_style, Event.format).
SHEET_STYLES = {
    ("sides", "session"): _SIDES,
    ("sides", "games"): replace(
        _SIDES, **_GAMES, reminder=REMINDER + GAMES_REMINDER, compact_reminder=GAMES_REMINDER,
        headings=_games_headings, bases=(30, 96, 52, 52, 38, 46, 46, 46, 46),
        dealer_least=lambda headings: 72.0, thick_columns=(7, 9), give_up=(5, 6, 7, 8, 2, 3, 4), game_columns=(7, 8)),
    ("seats", "session"): _SEATS,
    ("seats", "games"): replace(
        _SEATS, **_GAMES, reminder=THREE_REMINDER + THREE_GAMES_REMINDER, compact_reminder=THREE_GAMES_REMINDER,
        give_up=(5, 6, 7, 8, 2, 3, 4, 9)),
    # The tables of two, five and six (scoring.adapters.seated: "seats-<players>").
    **{(f"seats-{count}", "session"): _seated_style(count) for count in (2, 5, 6)},
    **{(f"seats-{count}", "games"): replace(_seated_style(count), **_GAMES,
                                            reminder=SEATED_REMINDER + THREE_GAMES_REMINDER,
                                            compact_reminder=THREE_GAMES_REMINDER)
       for count in (2, 5, 6)},
}
