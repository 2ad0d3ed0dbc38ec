"""Printed documents as PDF: score sheets, result sheets, movement cards, standings, medals,
certificates.

Plain data in, bytes out (pretix's renderer contract): every function here takes the frozen
dataclasses below and returns PDF bytes, and `render()` adds a file name and mimetype. Nothing
here queries the database or imports Django; scoring.print_data reads the ORM and builds these
dataclasses, so the same code runs in a view, a management command, a test or a benchmark.

Sheets are drawn with the low-level canvas: the parts every sheet shares (grid, headings, the
contract value table) are drawn once into a PDF form and placed on each page, so 2,500 sheets
cost little more than their names, numbers and QR codes. Nothing carries meaning by colour alone:
everything is black on white, marks are words or symbols.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.barcode.qrencoder import QRUtil
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from scoring.engine.vocabulary import ordinal, signed
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Spacer, TableStyle

FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"
SANS = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
MIMETYPE = "application/pdf"
KINDS = ("sheets", "results", "cards", "standings", "medals", "certificates")
GREY = colors.Color(0.45, 0.45, 0.45)
LIGHT = colors.Color(0.88, 0.88, 0.88)


def _register_fonts() -> None:
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(SANS, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=SANS, boldItalic=BOLD)


# --------------------------------------------------------------------------------------------
# Input data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DocHeader:
    """What every document prints at the top, and the paper it is printed on."""

    event_name: str
    slug: str
    date_text: str
    venue: str = ""
    page_size: str = "letter"  # "letter" or "a4"

    @property
    def date_venue(self) -> str:
        return f"{self.date_text} · {self.venue}" if self.venue else self.date_text


@dataclass(frozen=True)
class ContractValue:
    code: str  # 7H, 10NT, MIS
    label: str  # "7 Hearts", "Misère"
    value: int
    tricks: int | None = None  # None for misère / nullo
    suit: str | None = None


@dataclass(frozen=True)
class SheetSide:
    """One partnership at a table: N-S seats player one at N and player two at S (E and W)."""

    side: str  # "ns" or "ew"
    number: int
    first: str  # the player at N (or E)
    second: str  # the player at S (or W)

    @property
    def label(self) -> str:
        return "N-S" if self.side == "ns" else "E-W"

    @property
    def seats(self) -> tuple[str, str]:
        return ("N", "S") if self.side == "ns" else ("E", "W")


@dataclass(frozen=True)
class SheetHand:
    """One row of a sheet. Blank sheets give only number and dealer."""

    number: int
    dealer: str  # N, E, S or W
    declarer: str = ""  # "ns", "ew" or "" when not entered
    contract: str = ""
    tricks: int | None = None
    ns_points: int | None = None
    ew_points: int | None = None
    penalty: str = ""  # as printed: "Revoke by E-W", "Bid out of turn: W", a note
    corrected: bool = False


@dataclass(frozen=True)
class Correction:
    hand_number: int
    when: str
    by: str
    before: str
    after: str
    reason: str = ""


@dataclass(frozen=True)
class SheetTable:
    round_label: str  # "Round 3", "Tiebreak 1 · Round 1"
    number: int
    ns: SheetSide
    ew: SheetSide
    hands: tuple[SheetHand, ...]
    entry_url: str = ""
    short_code: str = ""
    ns_total: int | None = None
    ew_total: int | None = None
    status: str = ""  # result sheets: "Confirmed by ...", "Not confirmed", "DISPUTED: ..."
    corrections: tuple[Correction, ...] = ()

    def dealer_name(self, seat: str) -> str:
        return {"N": self.ns.first, "S": self.ns.second, "E": self.ew.first, "W": self.ew.second}[seat]


@dataclass(frozen=True)
class SheetsDoc:
    header: DocHeader
    rules_label: str
    contract_values: tuple[ContractValue, ...]
    hands_per_round: int
    tables: tuple[SheetTable, ...]
    filled: bool = False  # True: result sheets, filled from the entered hands
    title: str = ""  # "Round 3" or "All rounds": used in the file name


@dataclass(frozen=True)
class CardRound:
    round_label: str  # "1", "TB1-1"
    table: int | None  # None: sits out
    direction: str = ""  # "N-S" or "E-W"
    seats: str = ""  # "N María · S José"
    opponent_number: int | None = None
    opponent_names: str = ""


@dataclass(frozen=True)
class PartnershipCard:
    number: int
    names: str
    division: str
    rounds: tuple[CardRound, ...]
    pin: str = ""  # the partnership's secret confirmation PIN (not drawn yet)


@dataclass(frozen=True)
class CardsDoc:
    header: DocHeader
    cards: tuple[PartnershipCard, ...]
    sit_out_note: str = ""


@dataclass(frozen=True)
class RoundCell:
    points: int | None  # None: not played yet
    sat_out: bool = False
    provisional: bool = False


@dataclass(frozen=True)
class StandingRow:
    rank: int | None  # None for a withdrawn partnership
    tied: bool
    number: int
    names: str
    division: str
    total: int
    rounds: tuple[RoundCell, ...]
    hands: int = 0
    provisional: bool = False
    tiebreak_total: int | None = None
    note: str = ""  # which rule ordered this row, a withdrawal
    withdrawn: bool = False  # results kept, not ranked: the rank reads "WD"

    @property
    def rank_text(self) -> str:
        if self.withdrawn:
            return "WD"
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class StandingsDoc:
    header: DocHeader
    round_labels: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    progress: str = ""
    sit_out_note: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class MedalPlace:
    place: int
    medal: str  # Gold, Silver, Bronze
    number: int
    players: tuple[str, str]
    total: int
    tiebreak: str = ""  # "Tiebreak 1: 420 (decided 2nd place)" when a tiebreak decided it

    @property
    def names(self) -> str:
        return " & ".join(self.players)


@dataclass(frozen=True)
class MedalGroup:
    title: str  # a division's name, or "Overall"
    places: tuple[MedalPlace, ...]
    pending: str = ""  # "2nd place is tied (3, 7): a tiebreak session will decide it"


@dataclass(frozen=True)
class MedalsDoc:
    header: DocHeader
    groups: tuple[MedalGroup, ...]
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def page_size(header: DocHeader) -> tuple[float, float]:
    return A4 if header.page_size == "a4" else letter


def _new_canvas(buf, header: DocHeader, title: str, size) -> Canvas:
    _register_fonts()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(f"{header.event_name}: {title}")
    c.setAuthor(header.event_name)
    c.setCreator("Five Hundred tournaments")
    return c


def _width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit(text: str, font: str, size: float, max_width: float, min_size: float = 6.0) -> tuple[str, float]:
    """Shrink text to fit a width; below min_size, cut it and end it with an ellipsis."""
    w = _width(text, font, size)
    if w <= max_width:
        return text, size
    shrunk = size * max_width / w
    if shrunk >= min_size:
        return text, max(min_size, int(shrunk * 10) / 10)
    while text and _width(text + "…", font, min_size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…", min_size


def _text(c: Canvas, x: float, y: float, text: str, font: str, size: float, max_width: float | None = None,
          align: str = "left", min_size: float = 6.0) -> None:
    if max_width is not None:
        text, size = fit(text, font, size, max_width, min_size)
    c.setFont(font, size)
    if align == "center":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _signed(points: int | None) -> str:
    return "" if points is None else signed(points)


_BITS = bytes.maketrans(b"\x00\x01", b"01")
_RUN5 = re.compile(rb"0{5,}|1{5,}")
_DARK_RUN = re.compile(rb"1+")


def mask_penalty(rows: list[int], cols: list[int], n: int) -> int:
    """The QR standard's four mask penalty rules (ISO 18004 7.8.3) for an n x n symbol given as
    one int per row and one per column (bit n-1 is column / row 0). Done on ints and bytes so
    that the eight masks cost well under a millisecond together: reportlab's own scorer took
    3.6 ms of its 5 ms per code, 9 s over 2,500 sheets."""
    width = f"0{n}b"
    text = b"|".join([format(v, width).encode() for v in rows] + [format(v, width).encode() for v in cols])
    # one regex pass over every row and column ("|" ends a run)
    runs = _RUN5.findall(text)
    score = sum(map(len, runs)) - 2 * len(runs)  # rule 1: 3 + (length - 5) for each run
    # rule 3: finder-like 1:1:3:1:1 with four light modules before or after (neither pattern can
    # overlap itself, so count() finds every occurrence)
    score += 40 * (text.count(b"00001011101") + text.count(b"10111010000"))
    full = (1 << n) - 1
    pair = full >> 1
    for a, b in zip(rows, rows[1:]):  # rule 2: 2x2 blocks of one colour
        same_rows = ~(a ^ b) & full
        same_cols = ~(a ^ (a >> 1)) & pair
        score += 3 * (same_rows & (same_rows >> 1) & same_cols).bit_count()
    dark = sum(v.bit_count() for v in rows)  # rule 4: balance of dark and light
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)


def _columns(rows: list[int], n: int) -> list[int]:
    lines = [format(v, f"0{n}b").encode() for v in rows]
    return [int(bytes(col), 2) for col in zip(*lines)]


# Per QR version: the data module positions, and for each mask the modules it flips, as row ints
# and column ints. They depend only on the version, so each is worked out once.
_VERSION_DATA: dict[int, tuple[list, tuple, tuple]] = {}


def _version_data(qr) -> tuple[list, tuple, tuple]:
    if qr.version not in _VERSION_DATA:
        n = qr.version * 4 + 17
        qr.moduleCount = n
        positions = list(qr.dataPosIterator())
        rows_by_mask, cols_by_mask = [], []
        for mask in range(8):
            flip = QRUtil.getMask(mask)
            rows = [0] * n
            for col, row in positions:
                if flip(row, col):
                    rows[row] |= 1 << (n - 1 - col)
            rows_by_mask.append(tuple(rows))
            cols_by_mask.append(tuple(_columns(rows, n)))
        _VERSION_DATA[qr.version] = (positions, tuple(rows_by_mask), tuple(cols_by_mask))
    return _VERSION_DATA[qr.version]


# The Reed-Solomon generator polynomial depends only on the number of error correction
# codewords, yet reportlab rebuilds it for every block of every code (a third of its time).
# It is a pure function whose result is never modified, so memoising it changes no output.
if not hasattr(QRUtil.getErrorCorrectPolynomial, "cache_info"):
    QRUtil.getErrorCorrectPolynomial = staticmethod(lru_cache(maxsize=None)(QRUtil.getErrorCorrectPolynomial))


@lru_cache(maxsize=8192)
def qr_runs(url: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """(module count, dark runs as (row, first column, length)) for a URL, encoded by reportlab's
    QR encoder (QrCodeWidget) at error level M, which survives a coffee ring.

    reportlab lays out and scores all eight masks to pick one, at 5 ms a code. Here the data is
    laid out once (mask 0) and each other mask is that layout XOR the modules the two masks flip,
    which gives the same symbol as reportlab's make() for the same chosen mask (a test checks).
    Cached: a table's QR only changes when its token is revoked."""
    qr = QrCodeWidget(url, barLevel="M").qr
    qr.version = qr.calculate_version()
    positions, flip_rows, flip_cols = _version_data(qr)
    qr._dataPosList = positions  # reportlab's own per-instance cache of the same list
    qr.makeImpl(True, 0)
    n = qr.moduleCount
    base = [int(bytes(row).translate(_BITS), 2) for row in qr.modules]
    base_cols = _columns(base, n)
    best = None
    for mask in range(8):
        rows = [b ^ f0 ^ fk for b, f0, fk in zip(base, flip_rows[0], flip_rows[mask])]
        cols = [b ^ f0 ^ fk for b, f0, fk in zip(base_cols, flip_cols[0], flip_cols[mask])]
        score = mask_penalty(rows, cols, n)
        if best is None or score < best[0]:
            best = (score, mask, rows)
    _, mask, rows = best
    qr.modules = [[bit == 49 for bit in format(v, f"0{n}b").encode()] for v in rows]
    qr.setupTypeInfo(False, mask)
    if qr.version >= 7:
        qr.setupTypeNumber(False)
    runs = []
    for r, row in enumerate(qr.modules):
        for m in _DARK_RUN.finditer(bytes(row).translate(_BITS)):
            runs.append((r, m.start(), m.end() - m.start()))
    return n, tuple(runs)


@lru_cache(maxsize=8192)
def _qr_path(url: str) -> tuple[int, str]:
    """The QR's dark runs as PDF path operators in module units (one `re` per run), cached with
    the code itself: 2,500 sheets would otherwise format some 700,000 rectangles."""
    count, runs = qr_runs(url)
    # 1.04 modules tall, so no white seams show between rows when printed
    ops = " ".join(f"{col} {r} {length} 1.04 re" for r, col, length in runs)
    return count, ops + " f"


def draw_qr(c: Canvas, url: str, x: float, y: float, size: float) -> None:
    """The QR code with its quiet zone of four modules, as one filled path."""
    count, ops = _qr_path(url)
    box = size / (count + 8)
    c.saveState()
    c.setFillColor(colors.black)
    # Module units, row 0 at the top: (col, row) is the module's top-left corner.
    c.transform(box, 0, 0, -box, x + 4 * box, y + size - 4 * box)
    c.addLiteral(ops)
    c.restoreState()


# --------------------------------------------------------------------------------------------
# 1 and 2: score sheets and result sheets
# --------------------------------------------------------------------------------------------


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
            _text(c, cx, lay.grid_top - 11, a, BOLD, 9, align="center")
            _text(c, cx, lay.grid_top - 21, b, SANS, 7.5, align="center")
        else:
            _text(c, cx, lay.grid_top - 16, a, BOLD, 9, align="center")
    # Round total row
    c.setLineWidth(1.2)
    c.rect(lay.left, lay.total_bottom, lay.uw, lay.rows_bottom - lay.total_bottom)
    tx, _ = lay.cols[5]
    c.line(tx, lay.total_bottom, tx, lay.rows_bottom)
    for x, _ in lay.cols[6:]:
        c.line(x, lay.total_bottom, x, lay.rows_bottom)
    _text(c, tx - 8, lay.total_bottom + 10, "Round total", BOLD, 11, align="right")
    if not doc.filled:
        # Blank sheets: each side circles the declaring side.
        size = min(9.0, lay.row_h * 0.45)
        cx = lay.cell_center(2)
        for i in range(lay.hands):
            y = lay.row_baseline(i, size)
            _text(c, cx - 17, y, "N-S", SANS, size, align="center")
            _text(c, cx + 17, y, "E-W", SANS, size, align="center")
    # Initials
    y = lay.total_bottom - 40
    box_w = (lay.uw - 12) / 2
    c.setLineWidth(0.8)
    for i, label in enumerate(("N-S agree, initials", "E-W agree, initials")):
        x = lay.left + i * (box_w + 12)
        c.rect(x, y, box_w, 30)
        _text(c, x + 6, y + 19, label, SANS, 8)
    # Rules reminder and value table
    if not lay.compact:
        _text(c, lay.left, lay.foot_top - 3, "Tricks: the tricks won by the declaring side (0 to 10).",
              SANS, 8, max_width=lay.uw, min_size=5.5)
        _text(c, lay.left, lay.foot_top - 13,
              "Suit and no-trump contracts: made scores + the value (all ten tricks: at least 250); set scores − "
              "the value. The defenders score 10 for each trick they win.", SANS, 8, max_width=lay.uw, min_size=5.5)
    grid, specials = _value_grid(doc.contract_values)
    _text(c, lay.left, lay.foot_top - 30, f"Contract values ({doc.rules_label})", BOLD, 9, max_width=lay.uw)
    heads = ["Tricks", "♠ Spades", "♣ Clubs", "♦ Diamonds", "♥ Hearts", "No Trump"]
    vw = lay.uw / len(heads)
    rh = 13
    top = lay.foot_top - 36
    c.setFillColor(LIGHT)
    c.rect(lay.left, top - rh, lay.uw, rh, stroke=0, fill=1)
    c.setFillColor(colors.black)
    for i, h in enumerate(heads):
        _text(c, lay.left + vw * i + vw / 2, top - rh + 3.5, h, BOLD, 8, align="center")
    for r, (tricks, vals) in enumerate(grid, start=1):
        y = top - (r + 1) * rh + 3.5
        _text(c, lay.left + vw / 2, y, str(tricks), BOLD, 8, align="center")
        for i, v in enumerate(vals, start=1):
            _text(c, lay.left + vw * i + vw / 2, y, "" if v is None else str(v), SANS, 8, align="center")
    n = len(grid) + 1
    c.setLineWidth(0.5)
    c.rect(lay.left, top - n * rh, lay.uw, n * rh)
    for i in range(1, len(heads)):
        c.line(lay.left + vw * i, top - n * rh, lay.left + vw * i, top)
    for r in range(1, n):
        c.line(lay.left, top - r * rh, lay.right, top - r * rh)
    if specials:
        line = "Also: " + " · ".join(f"{s.label} ({s.code}) {s.value}" for s in specials)
        _text(c, lay.left, top - n * rh - 11, line, SANS, 8, max_width=lay.uw)


def _draw_sheet(c: Canvas, doc: SheetsDoc, t: SheetTable, lay: _SheetLayout, form: str) -> None:
    c.doForm(form)
    h = doc.header
    c.setFillColor(colors.black)
    text_w = lay.uw - lay.QR - 14
    _text(c, lay.left, lay.top - 10, "RESULT SHEET" if doc.filled else "SCORE SHEET", BOLD, 9)
    _text(c, lay.left, lay.top - 30, h.event_name, BOLD, 15, max_width=text_w, min_size=8)
    _text(c, lay.left, lay.top - 45, h.date_venue, SANS, 9.5, max_width=text_w, min_size=6)
    _text(c, lay.left, lay.top - 80, f"{t.round_label} · Table {t.number}", BOLD, 24, max_width=text_w, min_size=12)
    qx = lay.right - lay.QR
    if doc.filled:
        # No QR on a result sheet: it is posted on the wall, and the code would let anyone edit.
        _text(c, lay.right, lay.top - 10, "Filled from the entered hands", SANS, 8, align="right")
        _text(c, lay.left, lay.top - 102, t.status, BOLD, 10, max_width=lay.uw, min_size=6)
    elif t.entry_url:
        draw_qr(c, t.entry_url, qx, lay.top - lay.QR, lay.QR)
        code = t.short_code
        cut = code.find("-", len(code) // 2 - 3)
        lines = [code[:cut + 1], code[cut + 1:]] if 0 < cut < len(code) - 1 else [code]
        for i, line in enumerate(lines):
            _text(c, qx + lay.QR / 2, lay.top - lay.QR - 9 - i * 10, line, BOLD, 8.5, align="center")
        _text(c, lay.left, lay.top - 100,
              "Enter scores: scan the QR code, or type the table code under it.", SANS, 8.5, max_width=text_w)
    # Partnerships by seat
    half = (lay.uw - 12) / 2
    for i, side in enumerate((t.ns, t.ew)):
        x = lay.left + i * (half + 12) + 8
        top = lay.parts_top
        _text(c, x, top - 15, f"{side.label}  ·  Partnership {side.number}", BOLD, 12, max_width=half - 16)
        for j, (seat, name) in enumerate(zip(side.seats, (side.first, side.second))):
            y = top - 35 - j * 19
            _text(c, x, y, seat, BOLD, 12)
            _text(c, x + 18, y, name, SANS, 12, max_width=half - 34, min_size=7)
    # Hands
    size = min(11.0, lay.row_h * 0.5)
    small = min(7.5, lay.row_h * 0.34)
    for i, hand in enumerate(t.hands[: lay.hands]):
        y = lay.row_baseline(i, size)
        two_line = lay.row_h >= 24
        mark = " †" if hand.corrected else ""
        _text(c, lay.cell_center(0), y, f"{hand.number}{mark}", BOLD, size, align="center")
        dx, dw = lay.cols[1]
        name = t.dealer_name(hand.dealer)
        if two_line:
            lines = _wrap(name, SANS, small, dw - 9)
            if len(lines) > 2 or lay.row_h < 30:
                lines = [" ".join(lines)]
            _text(c, dx + 5, y + 4 + (4 if len(lines) > 1 else 0), hand.dealer, BOLD, size)
            for k, line in enumerate(lines):
                _text(c, dx + 5, y - 7 + (4 if len(lines) > 1 else 0) - k * (small + 1), line, SANS, small,
                      max_width=dw - 9, min_size=5)
        else:
            _text(c, dx + 4, y, hand.dealer, BOLD, size)
            _text(c, dx + 7 + size, y, name, SANS, small, max_width=dw - 11 - size, min_size=5)
        if not doc.filled or not hand.declarer:
            continue
        _text(c, lay.cell_center(2), y, "N-S" if hand.declarer == "ns" else "E-W", BOLD, size, align="center")
        _text(c, lay.cell_center(3), y, hand.contract, BOLD, size, align="center")
        _text(c, lay.cell_center(4), y, "" if hand.tricks is None else str(hand.tricks), SANS, size, align="center")
        for col, pts in ((5, hand.ns_points), (6, hand.ew_points)):
            x, wd = lay.cols[col]
            _text(c, x + wd - 6, y, _signed(pts), SANS, size, align="right")
        px, pw = lay.cols[7]
        penalty = hand.penalty + ("; corrected" if hand.corrected else "")
        _text(c, px + 4, y, penalty.lstrip("; "), SANS, small, max_width=pw - 8, min_size=5)
    if doc.filled:
        for col, pts in ((5, t.ns_total), (6, t.ew_total)):
            x, wd = lay.cols[col]
            _text(c, x + wd - 6, lay.total_bottom + 9, _signed(pts), BOLD, 12, align="right")
    # Partnership numbers in the totals row, so a total cannot be read against the wrong pair
    for col, side in ((5, t.ns), (6, t.ew)):
        x, wd = lay.cols[col]
        _text(c, x + 3, lay.total_bottom + 19, f"#{side.number}", SANS, 6.5)
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
            _text(c, lay.left, y - k * 9, line, SANS, 7.5, max_width=lay.uw, min_size=5.5)


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if line and _width(candidate, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def score_sheets(doc: SheetsDoc) -> bytes:
    """Blank score sheets (or, with doc.filled, result sheets): one page per table."""
    size = page_size(doc.header)
    buf = io.BytesIO()
    c = _new_canvas(buf, doc.header, "result sheets" if doc.filled else "score sheets", size)
    lay = _SheetLayout(size, doc.hands_per_round)
    c.beginForm("sheet")
    _draw_sheet_static(c, doc, lay)
    c.endForm()
    if not doc.tables:
        _empty_page(c, doc.header, size, "No tables to print: create the round's tables first.")
    for t in doc.tables:
        _draw_sheet(c, doc, t, lay, "sheet")
        c.showPage()
    c.save()
    return buf.getvalue()


def _empty_page(c: Canvas, header: DocHeader, size, message: str) -> None:
    _text(c, 36, size[1] - 50, header.event_name, BOLD, 15, max_width=size[0] - 72)
    _text(c, 36, size[1] - 80, message, SANS, 11, max_width=size[0] - 72)
    c.showPage()


# --------------------------------------------------------------------------------------------
# 3: partnership movement cards
# --------------------------------------------------------------------------------------------


def movement_cards(doc: CardsDoc) -> bytes:
    """One card per partnership, two across, as many down as fit, with dashed cut lines."""
    size = page_size(doc.header)
    w, h = size
    m = 20
    buf = io.BytesIO()
    c = _new_canvas(buf, doc.header, "movement cards", size)
    n_rounds = max((len(card.rounds) for card in doc.cards), default=0)
    row_h = 13.5
    # padding, header block, table (heading row + one per round), two note lines, padding
    card_h = 10 + 60 + (n_rounds + 1) * row_h + 26
    per_col = max(1, int((h - 2 * m) // card_h))
    card_w = (w - 2 * m) / 2
    if not doc.cards:
        _empty_page(c, doc.header, size, "No partnerships to print.")
    per_page = per_col * 2
    for start in range(0, len(doc.cards), per_page):
        chunk = doc.cards[start:start + per_page]
        for i, card in enumerate(chunk):
            col, row = i % 2, i // 2
            x = m + col * card_w
            y = h - m - (row + 1) * card_h
            _draw_card(c, doc, card, x, y, card_w, card_h, row_h)
        rows_used = (len(chunk) + 1) // 2
        c.setDash(4, 3)
        c.setLineWidth(0.5)
        c.setStrokeColor(colors.black)
        for r in range(rows_used + 1):
            yy = h - m - r * card_h
            c.line(m - 12, yy, w - m + 12, yy)
        c.line(w / 2, h - m + 12, w / 2, h - m - rows_used * card_h - 12)
        c.setDash()
        _text(c, m - 14, h - m + 3, "✂", SANS, 10)
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_card(c: Canvas, doc: CardsDoc, card: PartnershipCard, x: float, y: float, w: float, h: float,
               row_h: float) -> None:
    pad = 10
    inner = w - 2 * pad
    left = x + pad
    top = y + h - 10
    c.setFillColor(colors.black)
    _text(c, left, top - 9, doc.header.event_name, SANS, 8, max_width=inner - 60)
    _text(c, left + inner, top - 9, doc.header.date_text, SANS, 8, align="right")
    _text(c, left, top - 27, f"Partnership {card.number}", BOLD, 16, max_width=inner - 4)
    _text(c, left, top - 41, card.names, SANS, 10, max_width=inner, min_size=6.5)
    if card.division:
        _text(c, left, top - 52, f"Division: {card.division}", SANS, 8.5, max_width=inner)
    cols = [("Round", 30), ("Table", 30), ("Seats", 30), ("Opponents", inner - 90)]
    ty = top - 58
    c.setFillColor(LIGHT)
    c.rect(left, ty - row_h, inner, row_h, stroke=0, fill=1)
    c.setFillColor(colors.black)
    cx = left
    for label, cw in cols:
        _text(c, cx + 2, ty - row_h + 4, label, BOLD, 7.5, max_width=cw - 3)
        cx += cw
    c.setLineWidth(0.4)
    for i, rnd in enumerate(card.rounds):
        yb = ty - (i + 2) * row_h
        c.line(left, yb, left + inner, yb)
        base = yb + 4
        _text(c, left + 3, base, rnd.round_label, BOLD, 9, max_width=30)
        if rnd.table is None:
            _text(c, left + 33, base, "—", SANS, 9)
            _text(c, left + 63, base, "—", SANS, 9)
            _text(c, left + 93, base, "Sits out this round", BOLD, 8.5, max_width=inner - 93)
            continue
        _text(c, left + 33, base, str(rnd.table), BOLD, 9)
        _text(c, left + 63, base, rnd.direction, SANS, 8.5)
        _text(c, left + 93, base, str(rnd.opponent_number), BOLD, 9)
        # Long names shrink before they are cut: the bold number is what finds the table.
        _text(c, left + 114, base, rnd.opponent_names, SANS, 8, max_width=inner - 115, min_size=5.2)
    bottom = ty - (len(card.rounds) + 1) * row_h
    c.rect(left, bottom, inner, (len(card.rounds) + 1) * row_h, stroke=1, fill=0)
    notes_y = bottom - 10
    seat_line = "Seats N-S: the first named sits North, the second South. E-W: East and West."
    _text(c, left, notes_y, seat_line, SANS, 7, max_width=inner, min_size=5.5)
    if doc.sit_out_note:
        _text(c, left, notes_y - 9, doc.sit_out_note, SANS, 7, max_width=inner, min_size=5.5)


# --------------------------------------------------------------------------------------------
# 4: standings
# --------------------------------------------------------------------------------------------


def _page_decorator(header: DocHeader, title: str):
    def draw(c: Canvas, doc) -> None:
        w, h = doc.pagesize
        c.saveState()
        _text(c, doc.leftMargin, h - 28, f"{header.event_name} · {title}", BOLD, 9,
              max_width=w - doc.leftMargin - doc.rightMargin - 80)
        _text(c, w - doc.rightMargin, h - 28, header.date_venue, SANS, 8, align="right", max_width=200)
        _text(c, w - doc.rightMargin, 20, f"Page {c.getPageNumber()}", SANS, 8, align="right")
        c.restoreState()

    return draw


def _styles():
    _register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20, spaceAfter=2),
        "sub": ParagraphStyle("sub", fontName=SANS, fontSize=9.5, leading=12, spaceAfter=6),
        "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4),
        "cell": ParagraphStyle("cell", fontName=SANS, fontSize=8, leading=9.5),
        "note": ParagraphStyle("note", fontName=SANS, fontSize=8, leading=10),
        "medal": ParagraphStyle("medal", fontName=SANS, fontSize=10, leading=12),
    }


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _round_cell(cell: RoundCell) -> str:
    if cell.points is None:
        return "·"
    text = _signed(cell.points) if cell.points < 0 else str(cell.points)
    if cell.sat_out:
        text = f"({text})"
    if cell.provisional:
        text += "*"
    return text


def standings(doc: StandingsDoc) -> bytes:
    """Every partnership's rank, names, division, total and round points, landscape, with the
    header row repeated on every page."""
    size = landscape(page_size(doc.header))
    st = _styles()
    buf = io.BytesIO()
    frame_w = size[0] - 72
    template = SimpleDocTemplate(buf, pagesize=size, leftMargin=36, rightMargin=36, topMargin=40, bottomMargin=36,
                                 title=f"{doc.header.event_name}: standings", author=doc.header.event_name)
    story = [Paragraph(_esc(doc.header.event_name), st["title"]),
             Paragraph(_esc(" · ".join(p for p in ("Standings", doc.header.date_venue, doc.progress) if p)), st["sub"])]
    n = len(doc.round_labels)
    has_div = any(r.division for r in doc.rows)
    has_tb = any(r.tiebreak_total is not None for r in doc.rows)
    fixed = {"rank": 34, "no": 30, "div": 62 if has_div else 0, "total": 50, "hands": 40, "tb": 54 if has_tb else 0}
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
        round_heads, round_widths = (["Round by round"], [spare - names_w]) if n else ([], [])
        names_w = spare - sum(round_widths)
    head = ["Rank", "No.", "Players"] + (["Division"] if has_div else []) + round_heads + \
        ["Total"] + (["Tiebreak"] if has_tb else []) + ["Hands"]
    widths = [fixed["rank"], fixed["no"], names_w] + ([fixed["div"]] if has_div else []) + round_widths + \
        [fixed["total"]] + ([fixed["tb"]] if has_tb else []) + [fixed["hands"]]
    data = [head]
    cell = st["cell"]
    name_room = names_w - 6
    div_room = fixed["div"] - 6
    for r in doc.rows:
        names = r.names + (f" — {r.note}" if r.note else "")
        # Paragraphs wrap but are slow: use one only where the text would not fit on one line.
        name_cell = Paragraph(_esc(names), cell) if _width(names, SANS, 8) > name_room else names
        row = [r.rank_text, str(r.number), name_cell]
        if has_div:
            row.append(Paragraph(_esc(r.division), cell) if _width(r.division, SANS, 8) > div_room else r.division)
        if per_round:
            row += [_round_cell(x) for x in r.rounds]
        elif n:
            row.append(Paragraph("  ".join(f"<b>{label.lstrip('R')}:</b>\u00a0{_round_cell(x)}"
                                           for label, x in zip(doc.round_labels, r.rounds)), st["cell"]))
        row.append(_signed(r.total) if r.total < 0 else str(r.total) + ("*" if r.provisional else ""))
        if has_tb:
            row.append("" if r.tiebreak_total is None else str(r.tiebreak_total))
        row.append(str(r.hands))
        data.append(row)
    if not doc.rows:
        data.append(["", "", "No partnerships yet."] + [""] * (len(head) - 3))
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
    legend = ["“2=” a shared rank (equal totals).", "(120) a sit-out round, scored by the event's sit-out rule.",
              "* provisional: not yet confirmed by the opponents.", "· not played yet."]
    if any(r.withdrawn for r in doc.rows):
        legend.append("WD withdrawn: results kept (opponents keep their points), not ranked, no medal.")
    if doc.sit_out_note:
        legend.append(doc.sit_out_note)
    story.append(Spacer(1, 8))
    story.append(Paragraph(_esc("  ".join(legend)), st["note"]))
    for note in doc.notes:
        story.append(Paragraph(_esc(note), st["note"]))
    deco = _page_decorator(doc.header, "Standings")
    template.build(story, onFirstPage=deco, onLaterPages=deco)
    return buf.getvalue()


# --------------------------------------------------------------------------------------------
# 5 and 6: medal standings and certificates
# --------------------------------------------------------------------------------------------


def medal_standings(doc: MedalsDoc) -> bytes:
    size = page_size(doc.header)
    st = _styles()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=size, leftMargin=48, rightMargin=48, topMargin=48, bottomMargin=40,
                                 title=f"{doc.header.event_name}: medal standings", author=doc.header.event_name)
    frame_w = size[0] - 96
    story = [Paragraph(_esc(doc.header.event_name), st["title"]),
             Paragraph(_esc(f"Medal standings · {doc.header.date_venue}"), st["sub"])]
    widths = [44, 58, 40, frame_w - 44 - 58 - 40 - 50 - 120, 50, 120]
    for group in doc.groups:
        story.append(Paragraph(_esc(group.title), st["h2"]))
        data = [["Place", "Medal", "No.", "Players", "Total", "Tiebreak"]]
        for p in group.places:
            data.append([ordinal(p.place), p.medal, str(p.number), Paragraph(_esc(p.names), st["medal"]),
                         str(p.total), Paragraph(_esc(p.tiebreak), st["cell"]) if p.tiebreak else ""])
        if not group.places:
            data.append(["", "", "", "No results yet.", "", ""])
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
    deco = _page_decorator(doc.header, "Medal standings")
    template.build(story, onFirstPage=deco, onLaterPages=deco)
    return buf.getvalue()


def certificates(doc: MedalsDoc) -> bytes:
    """One landscape page per medal-winning player."""
    size = landscape(page_size(doc.header))
    w, h = size
    buf = io.BytesIO()
    c = _new_canvas(buf, doc.header, "medal certificates", size)
    pages = 0
    for group in doc.groups:
        for place in group.places:
            for i, player in enumerate(place.players):
                partner = place.players[1 - i] if len(place.players) == 2 else ""
                _draw_certificate(c, doc.header, group.title, place, player, partner, w, h)
                c.showPage()
                pages += 1
    if not pages:
        _empty_page(c, doc.header, size, "No medals decided yet.")
    c.save()
    return buf.getvalue()


def _draw_certificate(c: Canvas, header: DocHeader, division: str, place: MedalPlace, player: str, partner: str,
                      w: float, h: float) -> None:
    c.setStrokeColor(colors.black)
    c.setLineWidth(3)
    c.rect(30, 30, w - 60, h - 60)
    c.setLineWidth(0.8)
    c.rect(38, 38, w - 76, h - 76)
    cx = w / 2
    inner = w - 140
    c.setFillColor(colors.black)
    _text(c, cx, h - 100, header.event_name, BOLD, 22, max_width=inner, align="center", min_size=11)
    _text(c, cx, h - 150, f"{place.medal} medal", BOLD, 34, align="center")
    _text(c, cx, h - 180, f"{ordinal(place.place)} place", SANS, 18, align="center")
    _text(c, cx, h - 214, "awarded to", SANS, 12, align="center")
    _text(c, cx, h - 262, player, BOLD, 32, max_width=inner, align="center", min_size=12)
    c.setLineWidth(0.6)
    c.line(cx - inner / 2 + 40, h - 274, cx + inner / 2 - 40, h - 274)
    if partner:
        _text(c, cx, h - 300, f"playing with {partner} · Partnership {place.number}", SANS, 13, max_width=inner,
              align="center", min_size=8)
    scope = "Overall, all divisions" if division == "Overall" else division
    _text(c, cx, h - 330, scope, SANS, 14, max_width=inner, align="center", min_size=8)
    _text(c, cx, h - 352, f"Total {place.total} points" + (f" · {place.tiebreak}" if place.tiebreak else ""),
          SANS, 11, max_width=inner, align="center", min_size=7)
    _text(c, cx, 80, header.date_venue, SANS, 12, max_width=inner, align="center", min_size=7)
    for x in (cx - 220, cx + 60):
        c.line(x, 120, x + 160, 120)
    _text(c, cx - 140, 108, "Organizer", SANS, 9, align="center")
    _text(c, cx + 140, 108, "Tournament director", SANS, 9, align="center")


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def render(kind: str, doc) -> tuple[str, str, bytes]:
    """(file name, mimetype, bytes) for one of KINDS, pretix-style."""
    builders = {
        "sheets": score_sheets,
        "results": score_sheets,
        "cards": movement_cards,
        "standings": standings,
        "medals": medal_standings,
        "certificates": certificates,
    }
    if kind not in builders:
        raise ValueError(f"{kind!r} is not a document kind (one of {', '.join(KINDS)})")
    suffix = ""
    if kind in ("sheets", "results") and doc.title:
        suffix = "-" + doc.title.lower().replace(" ", "-")
    return f"{doc.header.slug}-{kind}{suffix}.pdf", MIMETYPE, builders[kind](doc)
