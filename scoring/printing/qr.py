"""QR codes on a reportlab canvas: encoded by segno, drawn as filled rectangles.

segno (a maintained, pure-Python QR encoder) gives the module matrix through its public API;
this module picks the mask and draws the dark modules, one rectangle per run of dark modules in
a row. No database, no Django, and nothing of reportlab's own QR code is used.

The mask is chosen here rather than by segno for speed: segno lays out and scores all eight masks
at about 5 ms a code, 12 s over the 2,500 sheets of a 500-partnership event. A mask only XORs the
data modules with a fixed pattern and writes its number into the format information, so for one
version and error level `symbol(mask k) XOR symbol(mask 0)` is the same for every content. Each
code is therefore encoded once (mask 0), the other seven symbols are that one XOR a difference
worked out once per version, and the symbol with the lowest penalty under the standard's four
rules is kept: exactly what segno.make(content, mask=k) gives for that k (a test checks).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import segno
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

ERROR_LEVEL = "M"  # survives a coffee ring
QUIET_ZONE = 4  # modules of white around the symbol, as the standard asks
MASKS = range(8)

_BITS = bytes.maketrans(b"\x00\x01", b"01")
_DARK_RUN = re.compile(rb"1+")
# Rule 3's finder-like pattern, dark 1:1:3:1:1 with four light modules before or after it
_FINDER_LIKE = ("00001011101", "10111010000")


def _encode(content: str, mask: int, version: int | None = None) -> segno.QRCode:
    # micro=False: phone cameras and zbar read only full-size QR codes; boost_error=False keeps
    # the error level (and so the format information) the same for every code of a version.
    return segno.make(content, error=ERROR_LEVEL, version=version, mask=mask, micro=False, boost_error=False)


def _symbol_int(code: segno.QRCode) -> tuple[int, int]:
    """(n, the n x n symbol as one int): row after row, the top-left module the highest bit, 1 dark."""
    matrix = code.matrix
    return len(matrix), int(b"".join(matrix).translate(_BITS), 2)


@lru_cache(maxsize=64)
def _masks(n: int) -> dict[str, int]:
    """Bit masks for an n x n symbol held as one int (see _symbol_int)."""
    all_rows = (1 << n * n) - 1
    row_ones = all_rows // ((1 << n) - 1)  # bit 0 of every row: the rightmost column
    return {
        "all": all_rows,
        "not_first_col": all_rows ^ (row_ones << (n - 1)),  # module and its left neighbour in one row
        "not_first_row": (1 << n * (n - 1)) - 1,  # module and the one above it
        "fits_5_across": sum(((1 << (n - 4)) - 1) << (r * n) for r in range(n)),  # 4 more to the left
        "fits_5_down": (1 << n * (n - 4)) - 1,  # 4 more above
        "fits_11_across": sum(((1 << max(0, n - 10)) - 1) << (r * n) for r in range(n)),
        "fits_11_down": (1 << n * max(0, n - 10)) - 1,
    }


def _runs_of_five(same: int, step: int, fits: int) -> int:
    """Rule 1 along one direction: `same` has a bit where a module equals its neighbour `step`
    bits higher. A run of L >= 5 modules has L - 4 starts of five in a row and scores L - 2."""
    five = same & (same >> step) & (same >> 2 * step) & (same >> 3 * step) & fits
    return five.bit_count() + 2 * (five & ~(five >> step)).bit_count()


def _finder_like(dark: int, light: int, step: int, fits: int) -> int:
    """Rule 3 along one direction: the modules where either 11-module pattern ends."""
    found = 0
    for pattern in _FINDER_LIKE:
        hit = fits
        for k, colour in enumerate(reversed(pattern)):
            hit &= (dark if colour == "1" else light) >> (k * step)
        found += hit.bit_count()
    return found


def mask_penalty(symbol: int, n: int) -> int:
    """The QR standard's four mask penalty rules (ISO 18004 7.8.3) for an n x n symbol held as one
    int, row after row, the top-left module the highest bit, 1 dark. Done with whole-symbol bit
    operations (a neighbour across is one bit away, the one above n bits), so the eight masks of a
    code cost a fraction of a millisecond together."""
    m = _masks(n)
    light = ~symbol & m["all"]
    same_across = ~(symbol ^ (symbol >> 1)) & m["not_first_col"]
    same_down = ~(symbol ^ (symbol >> n)) & m["not_first_row"]
    score = _runs_of_five(same_across, 1, m["fits_5_across"]) + _runs_of_five(same_down, n, m["fits_5_down"])
    # rule 2: 2x2 blocks of one colour: the module equals the ones to its left, above, above-left
    score += 3 * (same_down & (same_down >> 1) & same_across).bit_count()
    score += 40 * (_finder_like(symbol, light, 1, m["fits_11_across"])
                   + _finder_like(symbol, light, n, m["fits_11_down"]))
    dark = symbol.bit_count()  # rule 4: balance of dark and light
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)


@cache
def _mask_changes(version: int) -> tuple[int, ...]:
    """For each mask k, the modules in which a symbol of this version with mask k differs from
    the same content with mask 0. The same for any content (see above)."""
    _, first = _symbol_int(_encode("0", 0, version))
    return tuple(first ^ _symbol_int(_encode("0", mask, version))[1] for mask in MASKS)


def qr_symbol(content: str) -> tuple[int, int]:
    """(n, the QR symbol for content as one int, see _symbol_int): error level M, the mask with
    the lowest penalty; no quiet zone."""
    code = _encode(content, 0)
    n, symbol = _symbol_int(code)
    return n, min((symbol ^ change for change in _mask_changes(code.version)),
                  key=lambda masked: mask_penalty(masked, n))


def qr_runs(content: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """(module count, dark runs as (row, first column, length)) of content's QR symbol."""
    n, symbol = qr_symbol(content)
    bits = format(symbol, f"0{n * n}b").encode()
    runs = []
    for r in range(n):
        for m in _DARK_RUN.finditer(bits, r * n, r * n + n):
            runs.append((r, m.start() - r * n, m.end() - m.start()))
    return n, tuple(runs)


@lru_cache(maxsize=8192)
def _qr_path(content: str) -> tuple[int, str]:
    """The dark runs as PDF path operators in module units (one `re` per run). Cached: a table's
    code only changes when its token is revoked, and 2,500 sheets would otherwise format some
    700,000 rectangles."""
    count, runs = qr_runs(content)
    # 1.04 modules tall, so no white seams show between rows when printed
    ops = " ".join(f"{col} {r} {length} 1.04 re" for r, col, length in runs)
    return count, ops + " f"


def clear_cache() -> None:
    """Forget every code drawn so far (the benchmark times encoding as a fresh process pays it)."""
    _qr_path.cache_clear()


def draw_qr(c: Canvas, content: str, x: float, y: float, size: float) -> None:
    """The QR code with its quiet zone, as one filled path in the square (x, y, size)."""
    count, ops = _qr_path(content)
    box = size / (count + 2 * QUIET_ZONE)
    c.saveState()
    c.setFillColor(colors.black)
    # Module units, row 0 at the top: (col, row) is the module's top-left corner.
    c.transform(box, 0, 0, -box, x + QUIET_ZONE * box, y + size - QUIET_ZONE * box)
    c.addLiteral(ops)
    c.restoreState()
