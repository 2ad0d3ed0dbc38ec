"""Printed documents: every PDF is opened with pypdf and its text checked against a hand-worked event.

The event (built through round_create, hand_record, hand_correct and tiebreak_create): five
partnerships, two rounds of two hands, sit-outs worth a fixed 90 points, no confirmation needed.

  Round 1  table 1: 1 (N-S) v 2   7H by N-S, 8 tricks (first entered as 7, corrected): +200 / +20
                                   8NT by E-W, 7 tricks: +30 / -320          -> 1: 230, 2: -300
           table 2: 3 (N-S) v 4   6S by N-S, 10 tricks (slam): +250 / 0
                                   7D by E-W, 9 tricks, E-W revoked: +10 / -180 -> 3: 260, 4: -180
           5 sits out (90)
  Round 2  table 1: 5 (N-S) v 1   9H by N-S, 10 tricks: +400 / 0
                                   8C by E-W, 5 tricks, N-S revoked: 0 / +260 -> 5: 400, 1: 260
           table 2: 2 (N-S) v 3   10NT by E-W, 10 tricks: 0 / +520
                                   6C by N-S, 6 tricks: +60 / +40          -> 2: 60, 3: 560
           4 sits out (90)
  Totals: 3: 820; 1: 490; 5: 490 (tied for 2nd); 4: -90; 2: -240.
  Tiebreak 1 (1 v 5): 7S by N-S, 7 tricks (+140 / +30); 6NT by N-S, 6 tricks (+120 / +40).
"""

from __future__ import annotations

import ast
import datetime
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
import segno
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from pypdf import PdfReader

from scoring import site_address
from scoring.printing import KINDS, base, qr
from scoring.printing.data import document, sheets_doc
from scoring.printing.documents import (
    ContractValue,
    DocHeader,
    RoundCell,
    SheetHand,
    SheetsDoc,
    SheetSide,
    SheetTable,
    StandingRow,
    StandingsDoc,
)
from scoring.printing.lists import standings
from scoring.printing.sheets import score_sheets
from scoring.services import Actor, hand_correct, hand_record
from scoring.tiebreaks import tiebreak_create
from tests.builders import bulk_event, make_event, make_partnerships, play
from tournaments.models import Event, Partnership, Round, format_token
from tournaments.services import round_create

ORGANIZER = Actor("Organizer Ana", is_organizer=True)
NAMES = {
    1: ("María de los Ángeles Zúñiga-Hernández", "José Peña", "70-74"),
    2: ("Nélida O'Brien", "Zoë Ñúñez", "75+"),
    3: ("Ana Li", "Bob Smith", "70-74"),
    4: ("Carmen Sáenz", "Raúl Ibáñez", "75+"),
    5: ("Dolores Treviño", "Earl Walker", "70-74"),
}


def text_of(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def event(db):
    """The event of the module docstring (the conftest's scorer and outsider attach to it)."""
    return make_event(name="Golden Age Olympics: Five Hundred", venue="Lark Community Center, McAllen", rounds=2,
                      hands_per_round=2, sit_out_policy="fixed", sit_out_points=90, confirmation_required=False)


def build_event(event):
    """The partnerships, rounds and hands of the module docstring, through the real services."""
    p = make_partnerships(event, len(NAMES), names=[NAMES[n] for n in sorted(NAMES)])
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])], byes=[p[5]], status="open")
    r2 = round_create(event=event, number=2, tables=[(1, p[5], p[1]), (2, p[2], p[3])], byes=[p[4]], status="open")
    t11, t12 = r1.tables.order_by("number")
    t21, t22 = r2.tables.order_by("number")
    first = hand_record(table=t11, number=1, actor=ORGANIZER, declarer="ns", contract="7H", tricks=7)
    hand_correct(hand=first, expected_version=first.version, actor=ORGANIZER, reason="misread the tricks", tricks=8)
    hand_record(table=t11, number=2, actor=ORGANIZER, declarer="ew", contract="8NT", tricks=7)
    play(t12, [("ns", "6S", 10), ("ew", "7D", 9, "revoke", "ew")], confirm=False, actor=ORGANIZER)
    play(t21, [("ns", "9H", 10), ("ew", "8C", 5, "revoke", "ns")], confirm=False, actor=ORGANIZER)
    play(t22, [("ew", "10NT", 10), ("ns", "6C", 6)], confirm=False, actor=ORGANIZER)
    event.refresh_from_db()
    return event, p


@pytest.fixture
def gao(event):
    return build_event(event)


def break_tie(event, p):
    tiebreak = tiebreak_create(event=event, partnerships=[p[1], p[5]])
    table = Round.objects.get(tiebreak=tiebreak).tables.get()
    play(table, [("ns", "7S", 7), ("ns", "6NT", 6)], confirm=False, actor=ORGANIZER)
    return table


# ------------------------------------------------------------------ score sheets


def test_score_sheets_print_each_table_with_players_by_seat_dealers_and_codes(gao):
    event, p = gao
    name, mimetype, data = document(event, "sheets", round_number=1)
    assert (name, mimetype) == ("gao-2026-sheets-round-1.pdf", "application/pdf")
    pages = text_of(data)
    assert len(pages) == 2
    first = pages[0]
    assert "Round 1 · Table 1" in first
    assert "N-S · Partnership 1" in squash(first) and "E-W · Partnership 2" in squash(first)
    # player one sits N (or E), player two S (or W); accents come back unchanged
    assert re.search(r"N\s*María de los Ángeles Zúñiga-Hernández", first)
    assert re.search(r"S\s*José Peña", first)
    assert re.search(r"E\s*Nélida O'Brien", first)
    assert re.search(r"W\s*Zoë Ñúñez", first)
    # hand 1 dealt by N, hand 2 by E (the deal passes to the left)
    assert re.search(r"1\s*N\s*María de los Ángeles", first)
    assert re.search(r"2\s*E\s*Nélida O'Brien", first)
    table = event.round_set.get(number=1).tables.get(number=1)
    code = format_token(table.token)
    assert code.replace("-", "") == table.token
    assert code in re.sub(r"\s+", "", first)
    # the contract value table, McAllen preset: 6S 40 ... 10NT 520
    for value in ("40", "120", "140", "220", "420", "440", "520"):
        assert re.search(rf"\b{value}\b", first)
    assert "Golden Age Olympics: Five Hundred" in first
    assert "Thursday, May 14, 2026 · Lark Community Center, McAllen" in first


def test_sheet_entry_url_is_the_table_entry_page_on_site_url(gao):
    event, _ = gao
    doc = sheets_doc(event, round_number=2)
    table = event.round_set.get(number=2).tables.get(number=1)
    sheet = doc.tables[0]
    assert sheet.entry_url == f"{site_address.site_url()}/t/{table.token}/"
    assert sheet.entry_url == site_address.site_url() + reverse("scoring:table-entry", args=[table.token])
    assert (sheet.ns.number, sheet.ew.number) == (5, 1)


def test_all_rounds_in_one_pdf_including_tiebreak_sessions(gao):
    event, p = gao
    break_tie(event, p)
    pages = text_of(document(event, "sheets")[2])
    assert len(pages) == 5
    assert [re.search(r"(Tiebreak 1 · )?Round \d · Table \d", t).group(0) for t in pages] == [
        "Round 1 · Table 1", "Round 1 · Table 2", "Round 2 · Table 1", "Round 2 · Table 2",
        "Tiebreak 1 · Round 1 · Table 1",
    ]
    only = text_of(document(event, "sheets", tiebreak=1)[2])
    assert len(only) == 1 and "Tiebreak 1 · Round 1 · Table 1" in only[0]


def test_sheets_qr_code_decodes_to_the_entry_url(gao, tmp_path):
    """Optional: needs zbarimg (Debian zbar-tools) and pdftoppm; skipped where they are missing."""
    if not (shutil.which("zbarimg") and shutil.which("pdftoppm")):
        pytest.skip("zbarimg or pdftoppm not installed")
    event, _ = gao
    out = tmp_path / "s.pdf"
    out.write_bytes(document(event, "sheets", round_number=1)[2])
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p*.png"))
    found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True).stdout.strip()
    table = event.round_set.get(number=1).tables.get(number=1)
    assert found == f"{site_address.site_url()}/t/{table.token}/"


def test_round_that_does_not_exist_is_refused_with_the_field_named(gao):
    event, _ = gao
    with pytest.raises(Exception) as caught:
        document(event, "sheets", round_number=7)
    assert caught.value.message_dict == {"round": ["round 7 does not exist (this event has rounds 1 to 2)"]}


def test_page_size_follows_the_event(gao):
    event, _ = gao
    page = PdfReader(io.BytesIO(document(event, "sheets", round_number=1)[2])).pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (612, 792)  # US Letter
    event.page_size = "a4"
    event.save()
    for kind in ("sheets", "cards", "medals"):
        page = PdfReader(io.BytesIO(document(event, kind)[2])).pages[0]
        assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842), kind
    page = PdfReader(io.BytesIO(document(event, "standings")[2])).pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (842, 595)  # landscape A4


# ------------------------------------------------------------------ result sheets


def test_result_sheet_is_filled_from_the_hands_with_totals_and_corrections(gao):
    event, _ = gao
    pages = text_of(document(event, "results", round_number=1)[2])
    first, second = (squash(t) for t in pages)
    assert "RESULT SHEET" in first
    # 7H made with 8 tricks: +200 to N-S, +20 to the defenders; 8NT set by one: -320, +30
    # (the dealer's name is cut to fit its column; it is printed in full in the seats box)
    assert re.search(r"1 † N María de los Ángeles Zúñiga-\S* N-S 7H 8 \+200 \+20 corrected 2 E Nélida O'Brien "
                     r"E-W 8NT 7 \+30 -320 \+230 -300 #1 #2", first)
    assert "† Hand 1 corrected" in first
    assert "by Organizer Ana: 7H by N-S, 7 tricks → 7H by N-S, 8 tricks (misread the tricks)" in first
    assert "Entered (this event does not ask for confirmation)" in first
    # the slam and the declarer's revoke at table 2
    assert re.search(r"N-S 6S 10 \+250 0", second)
    assert re.search(r"E-W 7D 9 \+10 -180 Revoke by E-W", second)
    assert "Revoke by E-W +260 -180 #3 #4" in second
    assert "†" not in second
    # a posted result sheet must not carry the table's entry code
    table = event.round_set.get(number=1).tables.get(number=1)
    assert format_token(table.token)[:9] not in re.sub(r"\s+", "", first)


def test_result_sheet_says_which_tables_are_incomplete_or_disputed(gao):
    event, p = gao
    table = break_tie(event, p)
    table.hands.filter(number=2).delete()
    table.disputed_at = datetime.datetime(2026, 5, 14, 15, tzinfo=datetime.UTC)
    table.dispute_reason = "hand 1 was 7S, not 6S"
    table.save()
    text = squash(text_of(document(event, "results", tiebreak=1)[2])[0])
    assert "DISPUTED: hand 1 was 7S, not 6S" in text
    table.disputed_at = None
    table.save()
    text = squash(text_of(document(event, "results", tiebreak=1)[2])[0])
    assert "Incomplete: 1 of 2 hands entered" in text


# ------------------------------------------------------------------ movement cards


def test_movement_cards_list_table_direction_opponents_and_sit_outs(gao):
    event, _ = gao
    pages = text_of(document(event, "cards")[2])
    assert len(pages) == 1  # five cards fit on one page
    text = squash(pages[0])
    for n in range(1, 6):
        assert f"Partnership {n}" in text
    # partnership 1: round 1 table 1 N-S against 2; round 2 table 1 E-W against 5
    card1 = text[text.index("Partnership 1"):text.index("Partnership 2")]
    assert "1 1 N-S 2 Nélida O'Brien & Zoë Ñúñez" in card1
    assert "2 1 E-W 5 Dolores Treviño & Earl Walker" in card1
    card5 = text[text.index("Partnership 5"):]
    assert "1 — — Sits out this round" in card5
    assert "2 1 N-S 1 María de los Ángeles Zúñiga-Hernández & José Peña" in card5
    assert "A sit-out round scores 90 points." in text


def test_withdrawn_partnerships_get_no_card(gao):
    event, p = gao
    Partnership.objects.filter(pk=p[4].pk).update(withdrawn=True)
    text = squash(text_of(document(event, "cards")[2])[0])
    assert "Partnership 4" not in text and "Partnership 5" in text


# ------------------------------------------------------------------ standings


def test_standings_pdf_ranks_with_round_points_sit_outs_and_ties(gao):
    event, _ = gao
    name, _, data = document(event, "standings")
    assert name == "gao-2026-standings.pdf"
    text = squash(text_of(data)[0])
    assert "Rank No. Players Division R1 R2 Total Hands" in text
    assert "1 3 Ana Li & Bob Smith 70-74 260 560 820 4" in text
    # equal totals share a rank, marked "2="; sit-out rounds in brackets (fixed 90 points)
    assert "2= 1 María de los Ángeles Zúñiga-Hernández & José Peña 70-74 230 260 490 4" in text
    assert "2= 5 Dolores Treviño & Earl Walker 70-74 (90) 400 490 2" in text
    assert "4 4 Carmen Sáenz & Raúl Ibáñez 75+ -180 (90) -90 2" in text
    assert "5 2 Nélida O'Brien & Zoë Ñúñez 75+ -300 60 -240 4" in text
    assert "Tied for 2nd and 3rd on 490" in text


def test_standings_after_the_tiebreak_show_its_total(gao):
    event, p = gao
    break_tie(event, p)
    text = squash(text_of(document(event, "standings")[2])[0])
    assert "Tiebreak" in text
    assert re.search(r"\b2 1 María de los Ángeles Zúñiga-Hernández & José Peña — placed by tiebreak session 1 "
                     r"70-74 230 260 490 260 4", text)
    assert re.search(r"\b3 5 Dolores Treviño & Earl Walker — placed by tiebreak session 1 "
                     r"70-74 \(90\) 400 490 70 2", text)


def test_long_standings_break_across_pages_and_repeat_the_header():
    rows = tuple(
        StandingRow(rank=i, tied=False, number=i, names=f"Nélida Peña {i} & José Zúñiga {i}", division="70-74",
                        total=5000 - i, rounds=tuple(RoundCell(100 + r) for r in range(10)), hands=40)
        for i in range(1, 201)
    )
    header = DocHeader("Long event", "long", "Thursday, May 14, 2026", "McAllen")
    data = standings(StandingsDoc(header, tuple(f"R{n}" for n in range(1, 11)), rows))
    pages = text_of(data)
    assert len(pages) >= 4
    for page in pages:
        assert "Rank No. Players Division R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 Total Hands" in squash(page)
    everything = squash(" ".join(pages))
    for i in (1, 57, 200):
        assert f"{i} {i} Nélida Peña {i} & José Zúñiga {i}" in everything


# ------------------------------------------------------------------ medals and certificates


def test_medals_wait_for_the_tiebreak_and_then_name_it(gao):
    event, p = gao
    text = squash(text_of(document(event, "medals")[2])[0])
    assert "Medal standings · Thursday, May 14, 2026 · Lark Community Center, McAllen" in text
    assert "1st Gold 3 Ana Li & Bob Smith 820" in text
    assert "Silver" not in text
    assert "2nd and 3rd place tied on 490" in text
    break_tie(event, p)
    text = squash(text_of(document(event, "medals")[2])[0])
    assert "1st Gold 3 Ana Li & Bob Smith 820" in text
    assert ("2nd Silver 1 María de los Ángeles Zúñiga-Hernández & José Peña 490 "
            "Tiebreak session 1: 260 points, which decided 2nd place") in text
    assert ("3rd Bronze 5 Dolores Treviño & Earl Walker 490 "
            "Tiebreak session 1: 70 points, which decided 3rd place") in text


def test_medals_per_division(gao):
    event, p = gao
    event.medal_scope = "division"
    event.save()
    break_tie(event, p)
    text = squash(text_of(document(event, "medals")[2])[0])
    assert "Division 70-74" in text and "Division 75+" in text
    assert "Overall" not in text
    assert "1st Gold 3 Ana Li & Bob Smith 820" in text
    assert "1st Gold 4 Carmen Sáenz & Raúl Ibáñez -90" in text
    assert "2nd Silver 2 Nélida O'Brien & Zoë Ñúñez -240" in text


def test_one_certificate_per_medal_winning_player(gao):
    event, p = gao
    break_tie(event, p)
    pages = [squash(t) for t in text_of(document(event, "certificates")[2])]
    assert len(pages) == 6  # three medal places, two players each
    players = [re.search(r"awarded to (.+?) playing with", t).group(1) for t in pages]
    assert players == ["Ana Li", "Bob Smith", "María de los Ángeles Zúñiga-Hernández", "José Peña",
                       "Dolores Treviño", "Earl Walker"]
    assert "Silver medal 2nd place" in pages[2]
    assert "Golden Age Olympics: Five Hundred" in pages[2]
    assert "Thursday, May 14, 2026" in pages[2]
    assert "Overall, all divisions" in pages[2]
    assert "playing with José Peña · Partnership 1" in pages[2]


def test_certificates_before_any_medal_is_decided_say_so(gao):
    event, _ = gao
    Round.objects.filter(event=event, number=2).delete()
    pages = text_of(document(event, "certificates")[2])
    assert len(pages) == 1 and "No medals decided yet." in pages[0]


# ------------------------------------------------------------------ drawing helpers and purity


PRINTING = Path(settings.BASE_DIR) / "scoring" / "printing"
DRAWING_MODULES = sorted(f"scoring.printing.{p.stem}".removesuffix(".__init__") for p in PRINTING.glob("*.py")
                         if p.stem != "data")


def test_printing_modules_but_the_data_reader_import_nothing_from_django():
    assert "scoring.printing.sheets" in DRAWING_MODULES and "scoring.printing" in DRAWING_MODULES
    for module in DRAWING_MODULES:
        path = PRINTING / ("__init__.py" if module == "scoring.printing" else module.rsplit(".", 1)[1] + ".py")
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
        assert not [m for m in imported if m.split(".")[0] in ("django", "tournaments") or m.endswith("models")], module
    check = (f"import sys, {', '.join(DRAWING_MODULES)}; bad = [m for m in sys.modules if m.startswith('django')]; "
             "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", check], cwd=settings.BASE_DIR, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@hsettings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzÁÉÍÑÓÚáéíñóúü &'-", min_size=1, max_size=80),
       st.floats(min_value=20, max_value=400))
def test_fit_never_exceeds_the_width(text, width):
    out, size = base.fit(text, base.SANS, 12, width, min_size=6)
    base.register_fonts()
    assert size >= 6
    assert base.text_width(out, base.SANS, size) <= width + 0.01
    if out == text:
        assert size <= 12
    else:
        assert out.endswith("…") and size == 6


def _segno_symbol(data: str, mask: int) -> list[list[bool]]:
    code = segno.make(data, error="m", mask=mask, micro=False, boost_error=False)
    return [[bool(module) for module in row] for row in code.matrix]


def _as_int(matrix: list[list[bool]]) -> int:
    return int("".join("1" if module else "0" for row in matrix for module in row), 2)


@hsettings(max_examples=25, deadline=None)
@given(st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZ/:.abc", min_size=1, max_size=120))
def test_qr_symbol_is_segnos_own_for_the_mask_with_the_lowest_penalty(data):
    n, runs = qr.qr_runs(data)
    mine = [[False] * n for _ in range(n)]
    for r, c, length in runs:
        for k in range(length):
            mine[r][c + k] = True
    symbols = [_segno_symbol(data, mask) for mask in range(8)]
    assert mine in symbols
    penalties = [qr.mask_penalty(_as_int(symbol), n) for symbol in symbols]
    assert qr.mask_penalty(_as_int(mine), n) == min(penalties)


def plain_penalty(m: list[list[int]]) -> int:
    """The four mask penalty rules of ISO 18004 7.8.3, read off the matrix one module at a time."""
    n = len(m)
    score = 0
    for line in m + [list(col) for col in zip(*m, strict=True)]:
        run = 1
        for a, b in zip(line, line[1:], strict=False):
            if a == b:
                run += 1
            else:
                score += run - 2 if run >= 5 else 0  # rule 1: 3 for five in a row, 1 more each
                run = 1
        score += run - 2 if run >= 5 else 0
        text = "".join(map(str, line))
        score += 40 * sum(text[i:i + 11] in ("00001011101", "10111010000") for i in range(n - 10))  # rule 3
    score += 3 * sum(m[i][j] == m[i + 1][j] == m[i][j + 1] == m[i + 1][j + 1]  # rule 2
                     for i in range(n - 1) for j in range(n - 1))
    dark = sum(map(sum, m))
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)  # rule 4


def test_mask_penalty_counts_the_standard_rules():
    # 5x5 all dark: rule 1: 5 rows + 5 columns, each a run of 5 -> 3 each = 30; rule 2: 16 blocks
    # x 3 = 48; rule 3: none; rule 4: 100% dark -> 10 * (50 // 5) = 100.
    assert qr.mask_penalty((1 << 25) - 1, 5) == 30 + 48 + 100
    # 11x11, one finder-like row 00001011101 on light: rule 3 once (40); the other rows light.
    rows = ["00001011101"] + ["0" * 11] * 10
    assert plain_penalty([[int(b) for b in row] for row in rows]) == qr.mask_penalty(int("".join(rows), 2), 11)


@hsettings(max_examples=60, deadline=None)
@given(st.integers(min_value=5, max_value=25).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, 1), min_size=n, max_size=n), min_size=n, max_size=n)))
def test_mask_penalty_agrees_with_a_plain_reading_of_the_rules(m):
    n = len(m)
    assert qr.mask_penalty(int("".join(str(b) for row in m for b in row), 2), n) == plain_penalty(m)


# ------------------------------------------------------------------ views and command


@pytest.fixture
def users(gao, scorer, outsider):
    """A scorer of this event, and a scorer of another event (no role at this one)."""
    return scorer, outsider


@pytest.mark.parametrize("kind", ["sheets", "results", "cards", "certificates"])
def test_staff_documents_need_a_role_at_the_event(client, gao, users, kind):
    event, _ = gao
    scorer, other = users
    url = reverse("scoring:pdf", args=[event.slug, kind])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(other)
    assert client.get(url).status_code == 403
    client.force_login(scorer)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith(f'inline; filename="gao-2026-{kind}')
    assert response.content.startswith(b"%PDF")


@pytest.mark.parametrize("kind", ["standings", "medals"])
def test_standings_and_medals_are_public(client, gao, kind):
    event, _ = gao
    response = client.get(reverse("scoring:pdf", args=[event.slug, kind]))
    assert response.status_code == 200
    assert "Ana Li & Bob Smith" in squash(text_of(response.content)[0])


def test_public_standings_pdf_is_fresh_after_a_score_changes(client, gao):
    event, p = gao
    url = reverse("scoring:pdf", args=[event.slug, "standings"])
    assert "2= 1 María" in squash(text_of(client.get(url).content)[0])
    break_tie(event, p)
    fresh = squash(text_of(client.get(url).content)[0])
    assert "2 1 María de los Ángeles Zúñiga-Hernández & José Peña — placed by tiebreak" in fresh


def test_round_parameter_and_bad_input(client, gao, users):
    event, _ = gao
    client.force_login(users[0])
    url = reverse("scoring:pdf", args=[event.slug, "sheets"])
    assert len(text_of(client.get(url + "?round=2").content)) == 2
    bad = client.get(url + "?round=two")
    assert bad.status_code == 400 and "round: 'two' is not a round number" in bad.content.decode()
    missing = client.get(url + "?round=9")
    assert missing.status_code == 400 and "round 9 does not exist" in missing.content.decode()
    assert client.get(reverse("scoring:pdf", args=[event.slug, "posters"])).status_code == 404


def test_print_page_links_every_document(client, gao, users):
    event, _ = gao
    client.force_login(users[0])
    page = client.get(reverse("scoring:print", args=[event.slug])).content.decode()
    for kind in KINDS:
        assert reverse("scoring:pdf", args=[event.slug, kind]) in page
    assert reverse("scoring:pdf", args=[event.slug, "sheets"]) + "?round=2" in page


def test_command_writes_the_pdf(gao, tmp_path):
    event, _ = gao
    out = tmp_path / "sheets.pdf"
    call_command("pdf", event.slug, "--kind", "sheets", "--round", "1", "-o", str(out), stdout=io.StringIO())
    assert len(PdfReader(str(out)).pages) == 2
    call_command("pdf", event.slug, "--kind", "standings", "-o", str(tmp_path), stdout=io.StringIO())
    assert (tmp_path / "gao-2026-standings.pdf").exists()
    with pytest.raises(CommandError, match="no event with the slug 'nope'"):
        call_command("pdf", "nope", "--kind", "sheets", "-o", str(out))
    with pytest.raises(CommandError, match="--round: round 5 does not exist"):
        call_command("pdf", event.slug, "--kind", "results", "--round", "5", "-o", str(out))
    with pytest.raises(CommandError, match="apply to sheets and results"):
        call_command("pdf", event.slug, "--kind", "cards", "--round", "1", "-o", str(out))
    assert not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize("kind", KINDS)
def test_each_document_costs_the_same_number_of_queries_at_any_size(gao, kind):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext


    small, _ = gao
    big = bulk_event("big-event", 16, 4)
    counts = []
    for event in (small, big):
        event = Event.objects.get(pk=event.pk)
        with CaptureQueriesContext(connection) as queries:
            document(event, kind)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[0] <= 8


def test_thirty_rounds_share_one_column_and_keep_the_names():
    rows = tuple(
        StandingRow(rank=i, tied=False, number=i, names=f"María de los Ángeles Zúñiga-Hernández {i} & José Peña",
                        division="70-74", total=3000 - i,
                        rounds=tuple(RoundCell(100 + r, sat_out=r == 3) for r in range(30)), hands=120)
        for i in range(1, 4)
    )
    header = DocHeader("Long session", "long", "Thursday, May 14, 2026")
    text = squash(text_of(standings(StandingsDoc(header, tuple(f"R{n}" for n in range(1, 31)), rows)))[0])
    assert "Rank No. Players Division Round by round Total Hands" in text
    assert "María de los Ángeles Zúñiga-Hernández 2 & José Peña" in text
    assert "1: 100 2: 101 3: 102 4: (103) 5: 104" in text and "30: 129" in text
    assert "2998" in text


def test_a_sheet_for_twenty_hands_keeps_every_row_and_the_value_table():
    side = SheetSide("ns", 500, "Nélida O'Brien", "José Peña")
    other = SheetSide("ew", 2, "Ana Li", "Bob Smith")
    hands = tuple(SheetHand(n, "NESW"[(n - 1) % 4], "ns", "7H", 8, 200, 20) for n in range(1, 21))
    table = SheetTable("Round 1", 1, side, other, hands, ns_total=4000, ew_total=400, status="Confirmed")
    header = DocHeader("Event", "e", "Thursday, May 14, 2026")
    values = (ContractValue("6S", "6 Spades", 40, 6, "S"), ContractValue("10NT", "10 No Trump", 520, 10, "NT"))
    text = squash(text_of(score_sheets(SheetsDoc(header, "McAllen", values, 20, (table,), filled=True)))[0])
    assert text.count("N-S 7H 8 +200 +20") == 20
    assert "+4000 +400" in text and "Contract values (McAllen)" in text


def test_the_wall_standings_are_public_and_on_the_print_page(client, gao, organizer):
    event, _ = gao
    response = client.get(reverse("scoring:pdf", args=[event.slug, "wall"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'inline; filename="gao-2026-wall.pdf"'
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "1 3 Ana Li & Bob Smith 70-74 820" in text
    assert "2= 5 Dolores Treviño & Earl Walker 70-74 490" in text
    client.force_login(organizer)
    page = client.get(reverse("scoring:print", args=[event.slug])).content.decode()
    wall = reverse("scoring:pdf", args=[event.slug, "wall"])
    assert f'class="button primary" href="{wall}">Standings for the wall' in page
