"""The printed documents of an event played as games, read back with pypdf: the score sheet's running
game score columns and room for several games, the result sheet's running scores and each game's
winner, and the games columns of the standings, wall and medal standings."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from scoring.event_io import event_import
from scoring.printing.data import GAMES_SHEET_ROWS, document, sheets_doc
from tests.builders import GAMES_WORKED_HANDS, games_event_file

# Round 1, Wikipedia rules, hand limit 4, worked by hand (tests/play/test_games_event.py):
# table 1 (1 v 2): 1: 10H N-S made +500: game 1 to N-S 500-0. Game 2: 2: NOBID 6 tricks 60-40; 3: 7S E-W made
#   90-180; 4: 6C N-S set 30-230; 5: 6S E-W made 70-270, the fourth hand: E-W win 270 to 70.
#   Points: N-S 570, E-W 270.
# table 2 (3 v 4): 1: NOBID, E-W all ten 0-250; the bell: E-W win 250 to 0.
WORKED = GAMES_WORKED_HANDS  # tests/builders.py, worked hand by hand above


def pages(data: bytes) -> list[str]:
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def games_event(db):
    return event_import(games_event_file(WORKED, rounds=1))


@pytest.mark.django_db
def test_score_sheet_has_running_score_columns_and_room_for_several_games(games_event):
    doc = sheets_doc(games_event, round_number=1)
    assert doc.format == "games" and doc.hands_per_round == GAMES_SHEET_ROWS  # no hands_per_round, no games_per_round
    first = pages(document(games_event, "sheets", round_number=1)[2])[0]
    assert "N-S game E-W game" in first
    assert "When a game ends, draw a line under its last hand" in first
    assert "Points (final game scores)" in first
    assert all(f" {n} " in first for n in range(1, GAMES_SHEET_ROWS + 1))


@pytest.mark.django_db
def test_sheet_rows_are_hand_limit_times_games_per_round_when_set(db):
    data = games_event_file(WORKED, rounds=1, games={"hand_limit": 3, "games_per_round": 3, "wins_per_round": None,
                                                     "rank_by": ["games", "points"]})
    data["rounds"][0]["tables"][0]["hands"] = WORKED[(1, 1)][:4]  # the third game would start at hand 5
    event = event_import(data)
    assert sheets_doc(event, round_number=1).hands_per_round == 9


@pytest.mark.django_db
def test_result_sheet_has_running_scores_and_each_game_with_its_winner(games_event):
    doc = sheets_doc(games_event, round_number=1, filled=True)
    table = doc.tables[0]
    running = [(h.number, h.game_ns, h.game_ew, h.game_end) for h in table.hands if h.contract]
    assert running == [(1, 500, 0, True), (2, 60, 40, False), (3, 90, 180, False), (4, 30, 230, False),
                       (5, 70, 270, True)]
    assert (table.ns_total, table.ew_total) == (570, 270)
    first, second = pages(document(games_event, "results", round_number=1)[2])
    assert "Game 1 (hands 1): N-S win 500 to 0" in first
    assert "Game 2 (hands 2–5): E-W win 270 to 70" in first
    assert "Games won: N-S 1, E-W 1" in first
    assert "No bid" in first and "NOBID" not in first
    for line in ("1 N Player 1a N-S 10H 10 +500 0 500 0", "5 N Player 1a E-W 6S 6 +40 +40 70 270"):
        assert line in first
    assert "+570 +270" in first
    assert "Game 1 (hands 1): E-W win 250 to 0" in second


@pytest.mark.django_db
def test_standings_wall_and_medals_carry_the_games_columns(games_event):
    standings = pages(document(games_event, "standings")[2])[0]
    assert "Points" in standings and "Won Lost Drawn Diff." in standings
    assert "Ranked by games won, then points" in standings
    assert "Player 1a & Player 1b 570 570 5 1 1 0 300" in standings  # round 1, points, hands, games
    wall = pages(document(games_event, "wall")[2])[0]
    assert "Won–lost–drawn" in wall and "Player 1a & Player 1b 570 1–1–0" in wall
    medals = pages(document(games_event, "medals")[2])[0]
    assert "Games won 1, lost 1, drawn 0" in medals and "Ranked by games won, then points" in medals


@pytest.mark.django_db
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_sheets_and_results_rasterize(games_event, tmp_path):
    for kind in ("sheets", "results"):
        path = tmp_path / f"{kind}.pdf"
        path.write_bytes(document(games_event, kind, round_number=1)[2])
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(path), str(tmp_path / kind)],
                       check=True)
        assert (tmp_path / f"{kind}-1.png").stat().st_size > 10_000
