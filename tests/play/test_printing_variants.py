"""The printed documents ask the table's adapter and the layout, never which kind of table it is
(issue 23): every registered layout names a sheet style, a sheet reader and a card style the
printing package has, and every kind of entrant and format has its words. And a games sheet of
three in Spanish or French fits its page (it ran off the page in Spanish, and its result sheet
failed to print: a column that was to give up room grew instead)."""

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.adapters import ADAPTERS
from scoring.engine.formats import FORMATS
from scoring.engine.layouts import LAYOUTS
from scoring.engine.vocabulary import ENTRANTS
from scoring.event_io import event_import
from scoring.printing import cards, data, lists, sheets
from scoring.printing.base import page_size, register_fonts
from scoring.printing.data import document
from scoring.views import printing as printing_views
from tournaments import language

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_every_layout_names_a_sheet_style_a_sheet_reader_and_a_card_style_that_exist():
    assert set(ADAPTERS) == set(LAYOUTS)
    for name, adapter in ADAPTERS.items():
        for fmt in FORMATS:  # a sheet for every format an event of this layout may play
            assert (adapter.sheet_style, fmt) in sheets.SHEET_STYLES, (name, fmt)
        assert adapter.sheet_data in data.SHEET_DATA, name
        assert adapter.card_style in cards.CARD_STYLES, name
        assert adapter.card_style in data.CARD_ROUNDS, name
    # The three kinds of table differ on paper: two sides of partnerships, two sides of players who
    # partner for a round, three players each for himself.
    assert {name: (a.sheet_style, a.sheet_data, a.card_style) for name, a in ADAPTERS.items()} == {
        "partnerships": ("sides", "partnerships", "opponents"),
        "progressive": ("sides", "partners", "partner"),
        "three-handed": ("seats", "seats", "tablemates"),
        # The tables of two, five and six (RULES.md section 7): a column of tricks and one of points a seat.
        "two-handed": ("seats-2", "seats", "tablemates"),
        "five-handed": ("seats-5", "seats", "tablemates"),
        "six-pairs": ("seats-6", "seats", "tablemates"),
        "six-threes": ("seats-6", "seats", "tablemates"),
    }


def test_a_sheet_style_draws_as_many_boxes_as_the_layout_has_sides_and_a_games_sheet_its_games():
    for adapter in ADAPTERS.values():
        session, games = (sheets.SHEET_STYLES[adapter.sheet_style, fmt] for fmt in ("session", "games"))
        # One box a side; at six, where two or three players make a team, one box a player.
        boxes = len(adapter.layout.seats) if adapter.sheet_style == "seats-6" else len(adapter.layout.sides)
        assert session.boxes == games.boxes == boxes, adapter.layout_name
        assert (session.total_label, games.total_label) == ("Round total", "Points (final game scores)")
        assert set(session.reminder) < set(games.reminder)  # the games sheet adds how to mark a game's end
        assert games.corrections_lines == 6 and session.corrections_lines == 2
    # The running game score: N-S's and E-W's columns on a partners' games sheet; a sheet of three
    # writes each player's game score beside his points.
    assert sheets.SHEET_STYLES["sides", "games"].game_columns == (7, 8)
    assert sheets.SHEET_STYLES["sides", "session"].game_columns == sheets.SHEET_STYLES["seats", "games"].game_columns == ()


def test_every_kind_of_entrant_and_every_format_has_its_printed_words():
    for table in (lists.NAMES_HEADING, lists.NOBODY, data.UNCONFIRMED, printing_views.CARDS_HELP,
                  printing_views.WALL_HELP):
        assert set(table) == set(ENTRANTS)
    assert {layout.entrants for layout in LAYOUTS.values()} <= set(ENTRANTS)
    assert set(printing_views.FORMAT_NOTES) <= set(FORMATS)
    sheets_notes, results_notes = printing_views.FORMAT_NOTES["games"](12)
    assert "each sheet has 12 rows for hands" in sheets_notes[0]
    assert "lists every game of the table" in results_notes[0]


@pytest.mark.django_db
@pytest.mark.parametrize(("code", "penalty"), [("es", "Penaliza"), ("fr", "Pénalité")])
def test_a_games_sheet_of_three_fits_its_page_in_spanish_and_french(code, penalty):
    event = event_import(json.loads((FIXTURES / "three_handed_games_event.json").read_text(encoding="utf-8")))
    register_fonts()
    for kind in ("sheets", "results"):
        with language.in_language(code):
            doc = data.sheets_doc(event, round_number=1, filled=kind == "results")
            lay = sheets._SheetLayout(page_size(doc.header), doc.hands_per_round, doc)
        widths = [width for _x, width in lay.cols]
        # Letter paper, 612 points less two margins of 36: every column inside it, none below 36,
        # the penalty column at least 60 (it was -31.7 in Spanish, 45.3 in French).
        assert lay.uw == 540
        assert sum(widths) == pytest.approx(540)
        assert min(widths) >= 36
        assert widths[-1] >= 60, widths
        text = PdfReader(io.BytesIO(document(event, kind, round_number=1, language_code=code)[2]))
        first = text.pages[0].extract_text()
        assert penalty in first
        assert "Ana Garza" in first
