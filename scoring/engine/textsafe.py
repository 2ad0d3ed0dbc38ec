"""Two guards for text that crosses a trust boundary: numbers typed by users, cells written to CSV.

- whole_number(): the one parser for numbers that arrive as text from a request (query strings,
  form fields, URL parts). ASCII digits only and a bounded length: str.isdigit() also accepts "²"
  (which int() then refuses) and int() accepts "١٢" or "1_000", so neither alone is safe.
- spreadsheet_cell(): a text cell a spreadsheet would run as a formula (it starts with =, +, -, @,
  a tab or a carriage return) gets a leading apostrophe, the OWASP advice for CSV injection.
  Numbers are left as numbers, so a total of -40 stays a number cell.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

ASCII_DIGITS = frozenset("0123456789")
MAX_DIGITS = 9  # up to 999,999,999: more than any round, table, partnership or page the site has
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def whole_number(raw: object, *, max_digits: int = MAX_DIGITS, signed: bool = False) -> int | None:
    """The whole number written in raw (surrounding spaces allowed), or None when raw is not a
    string of 1..max_digits ASCII digits (with one leading "-" when signed)."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    negative = signed and text.startswith("-")
    if negative:
        text = text[1:]
    if not 1 <= len(text) <= max_digits or not set(text) <= ASCII_DIGITS:
        return None
    return -int(text) if negative else int(text)


def spreadsheet_cell(value: object) -> object:
    """value made safe to open in a spreadsheet: formula-like text is prefixed with "'"."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _one_line_ending(value: object) -> object:
    # The writer quotes a cell holding its line terminator ("\n") but not a bare "\r", which a
    # reader would then take for the end of the row.
    if isinstance(value, str) and "\r" in value:
        return value.replace("\r\n", "\n").replace("\r", "\n")
    return value


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """Rows as CSV text (one "\\n" per line), every cell passed through spreadsheet_cell()."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([_one_line_ending(spreadsheet_cell(cell)) for cell in row])
    return out.getvalue()
