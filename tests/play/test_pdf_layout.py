"""Printed layout: for every document kind, at US Letter and A4, with the longest names the forms
accept (120 characters, accented) and the largest event (500 partnerships, 10 rounds), no two
words' boxes overlap and no word leaves the page; nothing a player reads on a score sheet is
below 10 points; the wall standings print names and totals at 18 points or more.

Word boxes come from pdfplumber (page.extract_words). The words are taken in drawing order
(use_text_flow), so a string printed over another one starts a word of its own instead of being
merged into it. For speed only the first pages of the large event are drawn; the layout (table and
partnership numbers up to 250 and 500, ten rounds, four hands a round) is the large event's.
"""

from __future__ import annotations

import dataclasses
import io

import pdfplumber
import pytest
from django.db import transaction
from reportlab.lib.pagesizes import letter

from scoring.engine.vocabulary import MAX_DIVISION, MAX_EVENT_TEXT, MAX_NAME
from scoring.printing import BUILDERS, KINDS, base
from scoring.printing.data import cards_doc, medals_doc, sheets_doc, standings_doc
from scoring.printing.documents import Correction, SheetHand
from tests.builders import bulk_event
from tournaments.models import Event, Partnership, Player

TOLERANCE = 0.5  # points two boxes may share: touching words, rounding
PAGES = ("letter", "a4")
# The large event is built once for the module: the mark makes pytest-django create the test
# database for it.
pytestmark = pytest.mark.django_db


def long_text(seed: str, length: int) -> str:
    """`length` characters of accented words, different for each seed."""
    words = ("Guadalupe María de los Ángeles Zúñiga-Peña Nélida Ñúñez O'Brien Treviño Ibáñez Sáenz "
             "Zoë Çelik Ølstad Ávila Íñiguez Úrsula Éloïse Hernández").split()
    text, i = seed, 0
    while len(text) < length:
        text += " " + words[i % len(words)]
        i += 1
    return text[:length].rstrip()


def words(page) -> list[dict]:
    return page.extract_words(x_tolerance=1.5, y_tolerance=1, use_text_flow=True, extra_attrs=["size"])


def layout_problems(data: bytes) -> list[str]:
    """Every pair of overlapping word boxes and every word off the page, by page number."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            boxes = words(page)
            for w in boxes:
                if w["x0"] < 0 or w["top"] < 0 or w["x1"] > page.width or w["bottom"] > page.height:
                    found.append(f"page {number}: {w['text']!r} leaves the page")
            boxes.sort(key=lambda w: w["x0"])
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    if b["x0"] >= a["x1"] - TOLERANCE:
                        break
                    dx = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
                    dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                    if dx > TOLERANCE and dy > TOLERANCE:
                        found.append(f"page {number}: {a['text']!r} ({a['size']:.1f} pt) overlaps "
                                     f"{b['text']!r} ({b['size']:.1f} pt) by {dx:.1f} x {dy:.1f}")
    return found


def sizes(data: bytes) -> list[tuple[str, float]]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(w["text"], round(w["size"], 2)) for page in pdf.pages for w in words(page)]


@pytest.fixture(scope="module")
def large(django_db_setup, django_db_blocker):
    """The documents of a complete 500-partnership event whose every name, division, event name and
    venue is as long as the forms allow (built in bulk, then read back through scoring.printing.data)."""
    # Built inside a transaction that is rolled back: the documents are plain data and outlive it.
    with django_db_blocker.unblock(), transaction.atomic():
        event = bulk_event("layout-500", 500, 10, divisions=2)
        Event.objects.filter(pk=event.pk).update(
            name=long_text("Golden Age Olympics", MAX_EVENT_TEXT), venue=long_text("Lark Center", MAX_EVENT_TEXT),
            medal_scope="both")
        players = list(Player.objects.filter(event=event))
        for i, player in enumerate(players):
            player.name = long_text(f"{i} Guadalupe", MAX_NAME)
        Player.objects.bulk_update(players, ["name"])
        for d in (0, 1):
            Partnership.objects.filter(event=event, division=f"D{d}").update(
                division=long_text(f"Division {d} Ángeles", MAX_DIVISION))
        event = Event.objects.get(pk=event.pk)
        docs = {
            "sheets": sheets_doc(event, round_number=1),
            "results": sheets_doc(event, round_number=10, filled=True),
            "cards": cards_doc(event),
            "standings": standings_doc(event),
            "medals": medals_doc(event),
        }
        transaction.set_rollback(True)
    docs["wall"] = docs["standings"]
    docs["certificates"] = docs["medals"]
    first_last = lambda items, n: items[:n] + items[-1:]  # noqa: E731
    long_note = long_text("Bid out of turn: W, then a revoke by E-W", 200)
    fixes = tuple(Correction(1, "14:0" + str(k), long_text("Organizer", 150), long_text("7H by N-S", 60),
                             long_text("8H by N-S", 60), long_text("misread", 200)) for k in range(4))
    results = docs["results"]
    filled = [dataclasses.replace(t, corrections=fixes, status=long_text("DISPUTED: ", 500),
                                  hands=(dataclasses.replace(t.hands[0], penalty=long_note, corrected=True),
                                         *t.hands[1:]))
              for t in first_last(results.tables, 2)]
    docs["results"] = dataclasses.replace(results, tables=tuple(filled))
    docs["sheets"] = dataclasses.replace(docs["sheets"], tables=first_last(docs["sheets"].tables, 2))
    docs["cards"] = dataclasses.replace(docs["cards"], cards=first_last(docs["cards"].cards, 12))
    rows = docs["standings"].rows
    docs["standings"] = dataclasses.replace(docs["standings"], rows=first_last(rows, 40))
    docs["wall"] = dataclasses.replace(docs["wall"], rows=first_last(rows, 24))
    return docs


def on_paper(doc, paper: str):
    return dataclasses.replace(doc, header=dataclasses.replace(doc.header, page_size=paper))


def test_the_check_finds_an_overlap_and_a_word_off_the_page():
    base.register_fonts()
    buf = io.BytesIO()
    c = base.Canvas(buf, pagesize=letter)
    base.draw_text(c, 40, 700, "Golden Age Olympics: Five Hundred", base.SANS, 8)
    base.draw_text(c, 200, 700, "Thursday, May 14, 2026", base.SANS, 8, align="right")
    base.draw_text(c, 40, 600, "Beside", base.SANS, 10)
    base.draw_text(c, 40 + base.text_width("Beside", base.SANS, 10), 600, "abutting", base.SANS, 10)
    base.draw_text(c, 600, 500, "Zúñiga-Peña", base.SANS, 10)
    c.showPage()
    c.save()
    problems = layout_problems(buf.getvalue())
    assert "page 1: 'Olympics:' (8.0 pt) overlaps 'Thursday,' (8.0 pt) by 25.5 x 8.0" in problems
    assert "page 1: 'Zúñiga-Peña' leaves the page" in problems
    # words that only touch (a string drawn right after another) are no problem
    assert not [p for p in problems if "Beside" in p or "abutting" in p]


@pytest.mark.parametrize("paper", PAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_no_words_overlap_or_leave_the_page(large, kind, paper):
    data = BUILDERS[kind](on_paper(large[kind], paper))
    assert layout_problems(data) == []


@pytest.mark.parametrize("paper", PAGES)
@pytest.mark.parametrize("hands", [1, 13, 20])
def test_sheets_for_any_number_of_hands_fit_one_page_each(large, hands, paper):
    for kind in ("sheets", "results"):
        doc = large[kind]
        tables = tuple(dataclasses.replace(t, hands=tuple(
            SheetHand(n, "NESW"[(n - 1) % 4], *(("ns", "10NT", 10, 520, 0, "Revoke by E-W") if doc.filled else ()))
            for n in range(1, hands + 1))) for t in doc.tables)
        data = BUILDERS[kind](on_paper(dataclasses.replace(doc, hands_per_round=hands, tables=tables), paper))
        assert layout_problems(data) == [], (kind, hands)
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            assert len(pdf.pages) == len(tables)
            if hands == 20 and doc.filled:
                assert pdf.pages[0].extract_text().count("10NT") == 20


@pytest.mark.parametrize("kind", ["sheets", "results"])
def test_nothing_on_a_score_sheet_is_below_ten_points(large, kind):
    for paper in PAGES:
        small = [(text, size) for text, size in sizes(BUILDERS[kind](on_paper(large[kind], paper))) if size < 10]
        assert small == [], (kind, paper)


def test_wall_standings_print_names_and_totals_at_eighteen_points(large):
    doc = large["wall"]
    data = BUILDERS["wall"](doc)
    found = sizes(data)
    top = doc.rows[0]
    assert (str(top.total), 18.0) in found
    assert (top.names.split()[1], 18.0) in found  # the names, not cut
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) >= 3  # 25 rows of two long names each
        for page in pdf.pages:
            assert "Rank No. Players Division Total" in page.extract_text()
