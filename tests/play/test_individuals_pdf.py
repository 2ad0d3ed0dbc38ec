"""Every printed document of an event of individuals (docs/event-file.md, "Events of individuals"), read back
with pypdf: the three-handed sheets' three seats by name and three score columns, the progressive
sheets' four seats with this round's partners, result sheets filled from the hands, movement cards
per player, standings, wall and medal lists with one name a row, a certificate per medal-winning
player; in English, Spanish and French."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.event_io import event_import
from scoring.printing import KINDS
from scoring.printing.data import cards_doc, document, sheets_doc
from tests import builders
from tests.builders import seat_a_seventh_player

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def pages(data: bytes) -> list[str]:
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def three(db):
    return event_import(load("three_handed_event.json"))


@pytest.fixture
def progressive(db):
    data = load("progressive_event.json")
    data["event"]["language"] = "en"
    return event_import(data)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_every_kind_prints_for_both_kinds_of_individuals(three, progressive, language):
    for event in (three, progressive):
        for kind in KINDS:
            _name, mimetype, data = document(event, kind, language_code=language)
            assert mimetype == "application/pdf" and data.startswith(b"%PDF"), (event.slug, kind)
            text = " ".join(pages(data))
            assert "None" not in text, (event.slug, kind)
            if kind not in ("sheets", "results"):
                assert "&" not in text, (event.slug, kind)  # one name a row, never "X & Y"


@pytest.mark.django_db
def test_a_three_handed_score_sheet_has_three_seats_by_name_and_three_score_columns(three):
    first = pages(document(three, "sheets", round_number=2)[2])[0]
    assert "Seat 1 · Player 1" in first and "Seat 2 · Player 4" in first and "Seat 3 · Player 5" in first
    assert "Ana Garza" in first and "Joe Smith" in first and "Rosa Díaz" in first
    assert first.count("Points Seat") == 3 and first.count("Tricks Seat") == 3
    assert "Seat 1 agrees, initials" in first
    assert "defender scores 10 for each trick he took himself" in first


@pytest.mark.django_db
def test_a_three_handed_result_sheet_is_filled_from_the_hands(three):
    doc = sheets_doc(three, round_number=2, filled=True)
    table = doc.tables[0]
    assert [s.name for s in table.seats] == ["Ana Garza", "Joe Smith", "Rosa Díaz"]
    hand = table.hands[1]  # 8S by seat 1 (Ana), 7 tricks, set
    assert (hand.bidder, hand.contract, hand.tricks, hand.seat_tricks, hand.seat_points) == (
        "1", "8S", 7, (7, 2, 1), (-240, 20, 10))
    assert table.seat_totals == (-190, 210, 140)
    text = pages(document(three, "results", round_number=2)[2])[0]
    assert "240" in text and "190" in text and "210" in text and "140" in text


@pytest.mark.django_db
def test_a_progressive_sheet_names_this_rounds_partners(progressive):
    doc = sheets_doc(progressive, round_number=2, filled=True)
    table = doc.tables[0]
    assert table.ns.numbers == (1, 5) and table.ew.numbers == (2, 6)
    assert table.ns.first == "Ana Garza"
    assert (table.ns_total, table.ew_total) == (540, -180)
    text = pages(document(progressive, "results", round_number=2)[2])[0]
    assert "N-S · Players 1 & 5" in text and "E-W · Players 2 & 6" in text
    assert "540" in text and "180" in text


@pytest.mark.django_db
def test_movement_cards_are_per_player(three, progressive):
    card = next(c for c in cards_doc(three).cards if c.number == 1)
    assert [(r.table, r.direction, r.others) for r in card.rounds] == [
        (1, "1", ("2 Luis Peña", "3 Marie Tremblay")), (1, "1", ("4 Joe Smith", "5 Rosa Díaz"))]
    card = next(c for c in cards_doc(progressive).cards if c.number == 1)
    assert [(r.table, r.direction, r.partner.split(" ")[0], [o.split(" ")[0] for o in r.others])
            for r in card.rounds] == [(1, "N", "3", ["2", "4"]), (1, "N", "5", ["2", "6"])]
    text = " ".join(pages(document(three, "cards")[2]))
    assert "Player 1" in text and "Ana Garza" in text and "Playing with" in text
    text = " ".join(pages(document(progressive, "cards")[2]))
    assert "Player 8" in text and "Partner 3" in text


@pytest.mark.django_db
def test_lists_and_certificates_name_one_player_a_row(three):
    standings = " ".join(pages(document(three, "standings")[2]))
    assert "Player" in standings and "Players" not in standings
    assert "Marie Tremblay" in standings and "340" in standings
    medals = " ".join(pages(document(three, "medals")[2]))
    assert "Marie Tremblay" in medals and "Joe Smith" in medals and "Paul Roy" in medals
    certificates = pages(document(three, "certificates")[2])
    assert len(certificates) == 3
    assert "Marie Tremblay" in certificates[0] and "playing with" not in certificates[0]
    assert "Player 3" in certificates[0] and "Total 340 points" in certificates[0]
    spanish = " ".join(pages(document(three, "standings", language_code="es")[2]))
    assert "Jugador" in spanish


@pytest.mark.django_db
def test_the_pdf_view_serves_individuals(three):
    staff = builders.login(builders.make_user("olga", event=three, role="organizer"))
    for kind in KINDS:
        response = staff.get(f"/events/{three.slug}/pdf/{kind}/")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", kind


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm not installed")
@pytest.mark.django_db
def test_the_pages_render_as_images(three, progressive, tmp_path):
    for event in (three, progressive):
        for kind in ("sheets", "results", "cards", "certificates"):
            path = tmp_path / f"{event.slug}-{kind}.pdf"
            path.write_bytes(document(event, kind)[2])
            subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(path),
                            str(tmp_path / f"{event.slug}-{kind}")], check=True)
    assert len(list(tmp_path.glob("*.png"))) >= 8


def with_a_bye() -> dict:
    """The three-handed event with a seventh player (a long name): 7 sits out round 1, then takes
    6's seat in round 2 while 6 sits out."""
    return seat_a_seventh_player(load("three_handed_event.json"),
                                 "María de los Ángeles Villarreal-Zúñiga de la Garza")


@pytest.mark.django_db
def test_sit_outs_and_long_names_on_cards_and_sheets(tmp_path):
    event = event_import(with_a_bye())
    cards = {c.number: c for c in cards_doc(event).cards}
    assert [r.table for r in cards[7].rounds] == [None, 2] and [r.table for r in cards[6].rounds] == [2, None]
    text = " ".join(pages(document(event, "cards")[2]))
    assert "Sits out this round" in text and "Player 7" in text
    sheet = pages(document(event, "sheets", round_number=2)[2])[1]
    assert "Seat 3 · Player 7" in sheet and "Villarreal" in sheet
    path = tmp_path / "sheets.pdf"
    path.write_bytes(document(event, "sheets", round_number=2)[2])
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "2", "-l", "2", str(path), str(tmp_path / "s")],
                       check=True)
