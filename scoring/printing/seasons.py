"""A club season's ladder as PDF (issue 26): the ranked members, those not ranked yet, and the
awards. Portrait, the header row repeated on every page, drawn like the standings list
(scoring.printing.lists). Data in (SeasonDoc), PDF bytes out; no database, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import LongTable, Paragraph, Spacer, TableStyle

from scoring.engine import seasons as seasons_engine
from scoring.engine.vocabulary import gettext_noop
from scoring.printing.base import BOLD, GREY, LIGHT, SANS, page_size, text_width
from scoring.printing.documents import DocHeader, Words
from scoring.printing.lists import _build, _esc, _head, _styles

NOT_RANKED = gettext_noop("Not ranked yet (too few events)")


@dataclass(frozen=True)
class SeasonDoc:
    """What the season PDF prints: the club and season (`header`: event_name the club's name, slug
    the season's, date_text its dates), the rule in words, the ladder and the language."""

    header: DocHeader
    season_name: str
    rule_text: str
    standings: seasons_engine.SeasonStandings
    names: dict[int, str]  # member number -> the name printed
    words: Words = Words()


def _table(doc: SeasonDoc, rows, frame_w: float, st: dict) -> LongTable:
    _ = doc.words.gettext
    fixed = [40, 34, 0, 56, 46, 58, 48, 60]
    fixed[2] = frame_w - sum(fixed)
    heads = [_("Rank"), _("No."), _("Name"), _("Events"), _("Points"), _("Games won"), _("Slams"),
             _("Misères made")]
    data = [[_head(h, 8.5, w - 10, "left" if i == 2 else "right") for i, (h, w) in enumerate(zip(heads, fixed))]]
    for row in rows:
        name = doc.names.get(row.member, row.name)
        events = str(row.events) if row.counted == row.events else f"{row.counted}/{row.events}"
        cell = Paragraph(_esc(name), st["cell"]) if text_width(name, SANS, 9) > fixed[2] - 6 else name
        data.append([row.rank_label, str(row.member), cell, events, str(row.points), str(row.games_won),
                     str(row.slams), str(row.misere_made)])
    table = LongTable(data, colWidths=fixed, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), SANS, 9),
        ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
        ("FONT", (4, 1), (4, -1), BOLD, 9.5),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, GREY),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]))
    return table


def season_standings(doc: SeasonDoc) -> bytes:
    """The season's ladder, those not ranked yet, then the awards (every member tied for the most)."""
    _ = doc.words.gettext
    size = page_size(doc.header)
    margins = (40, 40, 44, 36)
    st = _styles()
    frame_w = size[0] - margins[0] - margins[1]
    standings = doc.standings
    story = [Paragraph(_esc(doc.rule_text), st["note"]), Spacer(1, 6)]
    if standings.rows:
        story.append(_table(doc, standings.ranked, frame_w, st))
    else:
        story.append(Paragraph(_esc(_("No results yet.")), st["medal"]))
    if standings.unranked:
        story.append(Paragraph(_esc(_(NOT_RANKED)), st["h2"]))
        story.append(_table(doc, standings.unranked, frame_w, st))
    story.append(Paragraph(_esc(_("Awards")), st["h2"]))
    totals = {row.member: row for row in standings.rows}
    for award in seasons_engine.AWARDS:
        members = standings.awards[award]
        key = seasons_engine.AWARD_KEYS[award]
        if members:
            count = getattr(totals[members[0]], key)
            who = ", ".join(f"{doc.names.get(m, totals[m].name)} ({m})" for m in members)
            text = f"<b>{_esc(_(seasons_engine.AWARD_LABELS[award]))}</b> ({count}): {_esc(who)}"
        else:
            text = f"<b>{_esc(_(seasons_engine.AWARD_LABELS[award]))}</b>: {_esc(_('nobody yet'))}"
        story.append(Paragraph(text, st["medal"]))
        story.append(Spacer(1, 3))
    legend = _("“2=” a shared rank (equal points). Events: counted of played, when only the best count.")
    story += [Spacer(1, 8), Paragraph(_esc(legend), st["note"])]
    subtitle = " · ".join(p for p in (doc.season_name, doc.header.date_venue) if p)
    return _build(doc.header, doc.words, doc.season_name, subtitle, size, margins, story)
