"""What every printed document draws with: the fonts, the page size, a new canvas, text that
shrinks to fit its box, and the page that says there is nothing to print.

Pure drawing on a reportlab canvas: no database, no Django. Nothing carries meaning by colour
alone: everything is black on white (GREY and LIGHT only shade rules and heading rows).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from scoring.engine.vocabulary import signed
from scoring.printing.documents import DocHeader

FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
SANS = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
GREY = colors.Color(0.45, 0.45, 0.45)
LIGHT = colors.Color(0.88, 0.88, 0.88)


def register_fonts() -> None:
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(SANS, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=SANS, boldItalic=BOLD)


def page_size(header: DocHeader) -> tuple[float, float]:
    return A4 if header.page_size == "a4" else letter


def new_canvas(buf, header: DocHeader, title: str, size) -> Canvas:
    register_fonts()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(f"{header.event_name}: {title}")
    c.setAuthor(header.event_name)
    c.setCreator("Five Hundred tournaments")
    return c


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit(text: str, font: str, size: float, max_width: float, min_size: float = 6.0) -> tuple[str, float]:
    """Shrink text to fit a width; below min_size, cut it and end it with an ellipsis."""
    w = text_width(text, font, size)
    if w <= max_width:
        return text, size
    shrunk = size * max_width / w
    if shrunk >= min_size:
        return text, max(min_size, int(shrunk * 10) / 10)
    while text and text_width(text + "…", font, min_size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…", min_size


def draw_text(c: Canvas, x: float, y: float, text: str, font: str, size: float, max_width: float | None = None,
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


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """The words of text as lines no wider than width (a single long word keeps its own line)."""
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def cut(text: str, font: str, size: float, width: float) -> str:
    """text as it fits width at size: whole, or cut and ended with an ellipsis."""
    if text_width(text, font, size) <= width:
        return text
    while text and text_width(text.rstrip() + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_lines(text: str, font: str, size: float, width: float, max_lines: int, min_size: float | None = None
              ) -> tuple[list[str], float]:
    """text on at most max_lines lines no wider than width: on one line if it fits at size (or, shrunk,
    at min_size or more), else wrapped at min_size (default size), the last line cut with an ellipsis
    when the rest does not fit. A word wider than the line is cut too, so nothing leaves its box."""
    low = size if min_size is None else min_size
    one, one_size = fit(text, font, size, width, low)
    if not one.endswith("…") or text.endswith("…") or max_lines <= 1:
        return [one], one_size
    lines = wrap(text, font, low, width)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return [cut(line, font, low, width) for line in lines], low


def draw_lines(c: Canvas, x: float, y: float, lines: list[str], font: str, size: float, leading: float,
               align: str = "left") -> None:
    """Lines from baseline y downwards, leading apart."""
    for k, line in enumerate(lines):
        draw_text(c, x, y - k * leading, line, font, size, align=align)


def signed_or_blank(points: int | None) -> str:
    return "" if points is None else signed(points)


def empty_page(c: Canvas, header: DocHeader, size, message: str) -> None:
    """The one page of a document with nothing in it, saying why."""
    draw_text(c, 36, size[1] - 50, header.event_name, BOLD, 15, max_width=size[0] - 72)
    draw_text(c, 36, size[1] - 80, message, SANS, 11, max_width=size[0] - 72)
    c.showPage()
