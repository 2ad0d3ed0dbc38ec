"""The public pages of an event of individuals (docs/event-file.md, "Events of individuals"): the standings
page, its live fragment, the projector, the medals page and a player's own page show one name a
row, "Player" for "Players", the hand-worked points of tests/play/test_individuals_event.py, medals
to players, and each round's table, seat, partner (progressive) or tablemates (three-handed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scoring.event_io import event_import
from tests.builders import seat_a_seventh_player

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def load(name: str) -> dict:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["event"]["language"] = "en"
    return data


def text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def three(db):
    return event_import(load("three_handed_event.json"))


@pytest.fixture
def progressive(db):
    return event_import(load("progressive_event.json"))


@pytest.mark.django_db
def test_the_standings_of_a_three_handed_event_name_one_player_a_row(three, client):
    page = client.get(f"/events/{three.slug}/standings/").content.decode()
    table = page.split("<table", 1)[1].split("</table>", 1)[0]
    assert ">Player<" in table and ">Players<" not in table and "&amp;" not in table
    words = text(client.get(f"/events/{three.slug}/standings/"))
    assert re.search(r"1 Gold 3 Marie Tremblay .* 340 270 70 6 2 Silver 4 Joe Smith", words)
    assert re.search(r"4 1 Ana Garza .* 70-74 150 340 -190 6", words)
    live = text(client.get(f"/events/{three.slug}/standings/live/"))
    assert "Marie Tremblay" in live and "340" in live and "Players" not in live
    assert "the player sat out that round" in live


@pytest.mark.django_db
def test_the_projector_and_medals_of_individuals(three, progressive, client):
    rows = text(client.get(f"/events/{three.slug}/projector/live/"))
    assert "Player" in rows and "Players" not in rows
    assert "Marie Tremblay" in rows and "Joe Smith" in rows and "340" in rows and "290" in rows
    medals = client.get(f"/events/{three.slug}/medals/").content.decode()
    assert ">Player<" in medals
    gold = medals.split('class="medal-gold"', 1)[1].split("</tr>", 1)[0]
    assert "Marie Tremblay" in gold and "340" in gold
    assert "Joe Smith" in medals.split('class="medal-silver"', 1)[1].split("</tr>", 1)[0]
    assert "Paul Roy" in medals.split('class="medal-bronze"', 1)[1].split("</tr>", 1)[0]
    medals = text(client.get(f"/events/{progressive.slug}/medals/"))
    assert "Ana Garza" in medals and "770" in medals and "660" in medals
    assert "on 580: 3 Marie Tremblay; 8 Sam O" in medals  # players 3 and 8: a tie is listed, never guessed


@pytest.mark.django_db
def test_a_three_handed_players_page_lists_his_tables_seats_and_tablemates(three, client):
    page = text(client.get(f"/events/{three.slug}/partnerships/1/"))
    assert "Player 1: Ana Garza" in page and "Partnership" not in page
    assert "Playing with" in page
    assert re.search(r"1 1 1 2 Luis Peña; 3 Marie Tremblay 340", page)
    assert re.search(r"2 1 1 4 Joe Smith; 5 Rosa Díaz -190", page)
    # Hand by hand: round 2, hand 2, 8S by Ana herself, 7 tricks, set: -240.
    assert "Round 2: table 1, seat 1" in page
    assert re.search(r"2 8S Ana Garza 7 -240", page)


@pytest.mark.django_db
def test_a_progressive_players_page_lists_his_partner_and_opponents(progressive, client):
    page = text(client.get(f"/events/{progressive.slug}/partnerships/1/"))
    assert "Player 1: Ana Garza" in page
    assert "Partner" in page and "Opponents" in page
    rounds = page.split("Round by round", 1)[1].split("Hand by hand", 1)[0]
    assert re.search(r"1 1 N 3 \S.* 2 .*; 4 .* 230", rounds)
    assert re.search(r"2 1 N 5 \S.* 2 .*; 6 .* 540", rounds)
    assert "770" in page


@pytest.mark.django_db
@pytest.mark.parametrize("language, player", [("es", "Jugador"), ("fr", "Joueur")])
def test_the_pages_of_individuals_in_spanish_and_french(three, client, language, player):
    client.cookies["fh_language"] = language
    assert f">{player}<" in client.get(f"/events/{three.slug}/standings/").content.decode()
    assert f">{player}<" in client.get(f"/events/{three.slug}/medals/").content.decode()
    assert re.search(rf"{player} 1 ?: Ana Garza", text(client.get(f"/events/{three.slug}/partnerships/1/")))


@pytest.mark.django_db
def test_a_players_page_shows_his_sit_out(client):
    data = seat_a_seventh_player(load("three_handed_event.json"), "Lena Ortiz")
    event = event_import(data)
    page = text(client.get(f"/events/{event.slug}/partnerships/7/"))
    rounds = page.split("Round by round", 1)[1].split("Hand by hand", 1)[0]
    assert re.search(r"1 – – Sits out -230 sat out", rounds)  # average of his own completed round
    assert re.search(r"2 2 3 2 Luis Peña; 3 Marie Tremblay -230", rounds)
