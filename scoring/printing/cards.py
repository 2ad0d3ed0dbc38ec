"""Partnership movement cards: where each partnership sits in every round, and against whom,
two cards across each page with dashed cut lines. Data in, PDF bytes out; no database, no Django.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from scoring.engine.vocabulary import SIDE_LABELS
from scoring.printing.base import BOLD, LIGHT, SANS, draw_text, empty_page, fit, new_canvas, page_size, text_width
from scoring.printing.documents import CardRound, CardsDoc, PartnershipCard, Words


def movement_cards(doc: CardsDoc) -> bytes:
    """One card per partnership, two across, as many down as fit, with dashed cut lines."""
    size = page_size(doc.header)
    w, h = size
    m = 20
    buf = io.BytesIO()
    _ = doc.words.gettext
    c = new_canvas(buf, doc.header, _("movement cards"), size)
    n_rounds = max((len(card.rounds) for card in doc.cards), default=0)
    row_h = CARD_STYLES[doc.style].row_h
    # padding, header block, table (heading row + one per round), two note lines, padding
    card_h = 10 + 60 + (n_rounds + 1) * row_h + 26
    per_col = max(1, int((h - 2 * m) // card_h))
    card_w = (w - 2 * m) / 2
    if not doc.cards:
        empty_page(c, doc.header, size, _("No partnerships to print."))
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
        draw_text(c, m - 14, h - m + 3, "✂", SANS, 10)
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_card(c: Canvas, doc: CardsDoc, card: PartnershipCard, x: float, y: float, w: float, h: float,
               row_h: float) -> None:
    _ = doc.words.gettext
    style = CARD_STYLES[doc.style]
    pad = 10
    inner = w - 2 * pad
    left = x + pad
    top = y + h - 10
    c.setFillColor(colors.black)
    # The date keeps its room at the right; the event's name has what is left, and is cut to it.
    date, date_size = fit(doc.header.date_text, SANS, 8, inner / 2, min_size=6)
    draw_text(c, left + inner, top - 9, date, SANS, date_size, align="right")
    draw_text(c, left, top - 9, doc.header.event_name, SANS, 8,
              max_width=inner - text_width(date, SANS, date_size) - 10)
    # The PIN sits on the card's own line, right of the number: the opponents type it to confirm a
    # table, so it is printed here and on nothing public (README, "The opponents' check").
    pin_width = 0.0
    if card.pin:
        pin = _("PIN %(pin)s") % {"pin": card.pin}
        pin_width = text_width(pin, BOLD, 12) + 6
        draw_text(c, left + inner, top - 27, pin, BOLD, 12, align="right")
    title = style.title(doc.words) % {"number": card.number}
    draw_text(c, left, top - 27, title, BOLD, 16, max_width=inner - 4 - pin_width)
    draw_text(c, left, top - 41, card.names, SANS, 10, max_width=inner, min_size=6.5)
    if card.division:
        draw_text(c, left, top - 52, _("Division: %(name)s") % {"name": card.division}, SANS, 8.5, max_width=inner)
    cols = [(_("Round"), 30), (_("Table"), 30), (style.seats_column(doc.words), 30),
            (style.others_column(doc.words), inner - 90)]
    ty = top - 58
    c.setFillColor(LIGHT)
    c.rect(left, ty - row_h, inner, row_h, stroke=0, fill=1)
    c.setFillColor(colors.black)
    cx = left
    for label, cw in cols:
        draw_text(c, cx + 2, ty - row_h + 4, label, BOLD, 7.5, max_width=cw - 3)
        cx += cw
    c.setLineWidth(0.4)
    for i, rnd in enumerate(card.rounds):
        yb = ty - (i + 2) * row_h
        c.line(left, yb, left + inner, yb)
        base = yb + row_h / 2 - 3
        draw_text(c, left + 3, base, rnd.round_label, BOLD, 9, max_width=30)
        if rnd.table is None:
            draw_text(c, left + 33, base, "—", SANS, 9)
            draw_text(c, left + 63, base, "—", SANS, 9)
            draw_text(c, left + 93, base, _("Sits out this round"), BOLD, 8.5, max_width=inner - 93)
            continue
        draw_text(c, left + 33, base, str(rnd.table), BOLD, 9)
        draw_text(c, left + 63, base, rnd.direction, SANS, 8.5)
        style.draw_others(c, doc.words, rnd, left, inner, base, yb)
    bottom = ty - (len(card.rounds) + 1) * row_h
    c.rect(left, bottom, inner, (len(card.rounds) + 1) * row_h, stroke=1, fill=0)
    notes_y = bottom - 10
    draw_text(c, left, notes_y, style.seat_line(doc.words), SANS, 7, max_width=inner, min_size=5.5)
    if doc.sit_out_note:
        draw_text(c, left, notes_y - 9, doc.sit_out_note, SANS, 7, max_width=inner, min_size=5.5)


# ---------------------------------------------------------------- the kinds of card


def _draw_opponents(c: Canvas, words: Words, rnd: CardRound, left: float, inner: float, base: float,
                    yb: float) -> None:
    """The opposing partnership: its number in bold, then its names."""
    number = str(rnd.opponent_number)
    draw_text(c, left + 93, base, number, BOLD, 9)
    # Long names shrink before they are cut: the bold number is what finds the table.
    names_x = left + 93 + max(18.0, text_width(number, BOLD, 9) + 4)
    draw_text(c, names_x, base, rnd.opponent_names, SANS, 8, max_width=left + inner - 1 - names_x, min_size=5.2)


def _draw_partner(c: Canvas, words: Words, rnd: CardRound, left: float, inner: float, base: float,
                  yb: float) -> None:
    """"Partner 3 Marie", below it "against 2 Luis, 4 Joe". A round at a table with no partner for the
    round (in an event of mixed sizes, a table of five or six): "Playing with", below it the others."""
    _ = words.gettext
    if rnd.partner:
        partner = _("Partner %(partner)s") % {"partner": rnd.partner}
        against = _("against %(others)s") % {"others": ", ".join(rnd.others)}
    else:
        partner, against = _("Playing with"), " · ".join(rnd.others)
    draw_text(c, left + 95, yb + 12, partner, BOLD, 8, max_width=inner - 96, min_size=5.2)
    draw_text(c, left + 95, yb + 3.5, against, SANS, 8, max_width=inner - 96, min_size=5.2)


def _draw_tablemates(c: Canvas, words: Words, rnd: CardRound, left: float, inner: float, base: float,
                     yb: float) -> None:
    """"2 Luis · 5 Rosa": the others at a table where each plays for himself."""
    draw_text(c, left + 93, base, " · ".join(rnd.others), SANS, 8, max_width=inner - 94, min_size=5.2)


@dataclass(frozen=True)
class CardStyle:
    """What differs between the cards of two kinds of table. A table layout's adapter names its
    style (scoring.adapters: TableAdapter.card_style); the card drawing asks the style."""

    row_h: float  # a round's row: two lines where the partner is named above the opponents
    title: Callable[[Words], str]  # the card's heading, with %(number)s
    seats_column: Callable[[Words], str]
    others_column: Callable[[Words], str]
    seat_line: Callable[[Words], str]  # the note under the rounds: how to sit
    draw_others: Callable  # (canvas, words, round, left, inner, baseline, row bottom): the last column


CARD_STYLES = {
    # A partnership's card: its side and the opposing partnership each round.
    "opponents": CardStyle(
        row_h=13.5,
        title=lambda words: words.gettext("Partnership %(number)s"),
        seats_column=lambda words: words.pgettext("movement card column", "Seats"),
        others_column=lambda words: words.gettext("Opponents"),
        seat_line=lambda words: words.gettext(
            "Seats %(ns)s: the first named sits North, the second South. %(ew)s: East and West.") % {
            "ns": words.gettext(SIDE_LABELS["ns"]), "ew": words.gettext(SIDE_LABELS["ew"])},
        draw_others=_draw_opponents,
    ),
    # A player's card at tables of partners for one round: his seat, his partner, his opponents.
    "partner": CardStyle(
        row_h=22.0,
        title=lambda words: words.gettext("Player %(number)s"),
        seats_column=lambda words: words.pgettext("movement card column", "Seat"),
        others_column=lambda words: words.gettext("Partner · opponents"),
        seat_line=lambda words: words.gettext("Your partner sits opposite you for this round only."),
        draw_others=_draw_partner,
    ),
    # A player's card where each plays for himself: his seat and his tablemates.
    "tablemates": CardStyle(
        row_h=13.5,
        title=lambda words: words.gettext("Player %(number)s"),
        seats_column=lambda words: words.pgettext("movement card column", "Seat"),
        others_column=lambda words: words.gettext("Playing with"),
        seat_line=lambda words: words.gettext(
            "Seats 1, 2, 3: in order to the left round the table. Each player plays for himself."),
        draw_others=_draw_tablemates,
    ),
}
