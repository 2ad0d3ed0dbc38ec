"""Events of individuals played as games to 500 (docs/event-file.md, "Events of individuals"): a three-handed
and a progressive four-handed games event imported from their files (tests/fixtures), and the standings
worked by hand. The backup round trip, the integrity check and every page and PDF of each layout played
as games are tests/conformance's.
"""

import io
import json
import re
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from pypdf import PdfReader

from scoring.event_io import event_import
from scoring.models import Hand
from scoring.printing.data import document
from scoring.services import Actor, hand_record
from tests import builders
from tournaments.models import Partnership, Round, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def three_handed_games() -> dict:
    return json.loads((FIXTURES / "three_handed_games_event.json").read_text(encoding="utf-8"))


def progressive_games() -> dict:
    return json.loads((FIXTURES / "progressive_games_event.json").read_text(encoding="utf-8"))


def standings(slug: str) -> list[dict]:
    out = io.StringIO()
    call_command("standings", slug, "--format", "json", stdout=out)
    return json.loads(out.getvalue())["standings"]


GAMES_KEYS = ("games_won", "games_lost", "games_drawn", "matches_won", "difference", "total")

# tests/fixtures/three_handed_games_event.json, three-handed rules (target 500, no must-bid), hand limit 4,
# games per round 2, ranked by games then points. Each hand: the bidder scores the contract, each
# defender 10 a trick he took himself (RULES.md section 6).
# Round 1 (closed), table 1 (players 1, 2, 3):
#   1: 10NT by 1, 10 tricks: 520-0-0: 1 reaches 500, wins game 1.
#   2: 9NT by 3, 9 tricks, 2 took 1: 0-10-420.
#   3: 10C by 2, all ten: +460: 0-470-420.
#   4: 7S by 3, 7 tricks, 2 took 3: 0-500-560: 2 pegs to 500 in the deal the bidder 3 goes out:
#      the bidder wins game 2 ("If another player goes out (500) in the same deal as the bidder, the
#      bidder wins"). Two games: the round is done. Points 520, 500, 560.
# Round 1, table 2 (4, 5, 6):
#   1: 7H by 4, 7 (5 took 2, 6 took 1): 200-20-10.  2: 8S by 5, 8 (1, 1): 210-260-20.
#   3: 6NT by 6, 6 (2, 2): 230-280-140.  4: 6C by 4, 7 (2, 1): 290-300-150: the fourth hand (hand
#   limit): 5 ahead wins game 1.  5: 7C by 6, 8 (1, 1): 10-10-160, the round closed: 6 ahead wins
#   game 2. Points 300, 310, 310.
# Round 2 (open), table 1 (1, 4, 5): 8H by 1, 8 (1, 1): 300-10-10, a game in play (points, no result).
# Round 2, table 2 (2, 3, 6): 10NT by 2, all ten: 520-0-0, 2 wins game 1; 6S by 3, 6 (2, 2): 20-40-20 in play.
# Difference: a player's points at a table minus each opponent's, summed (2 x own - the other two):
#   1: (1040 - 1060) + (600 - 20) = 560      2: (1000 - 1080) + (1080 - 60) = 940
#   3: (1120 - 1020) + (80 - 560) = -380     4: (600 - 620) + (20 - 310) = -310
#   5: (620 - 610) + (20 - 310) = -280       6: (620 - 610) + (40 - 580) = -530
THREE_HANDED_GAMES = {  # player: (won, lost, drawn, matches, difference, points)
    1: (1, 1, 0, 0, 560, 820), 2: (1, 2, 0, 0, 940, 1040), 3: (1, 2, 0, 0, -380, 600),
    4: (0, 2, 0, 0, -310, 310), 5: (1, 1, 0, 0, -280, 320), 6: (1, 2, 0, 0, -530, 330),
}

# tests/fixtures/progressive_games_event.json, Wikipedia rules (a made bid must reach 500), hand
# limit 3, one game a round, ranked by games, then difference, then points; each player is credited
# his side's game.
# Round 1, table 1 (1 & 3 N-S v 2 & 4): 10H by N-S, all ten: 500-0, N-S win.
# Round 1, table 2 (5 & 7 v 6 & 8): 7H N-S 8: 200-20; 8S E-W 7, set: 30 / -240 -> 230-(-220);
#   6NT N-S 6: 120-40 -> 350-(-180): the hand limit, N-S ahead win.
# Round 2, table 1 (1 & 2 v 5 & 6): 9NT E-W 9: 10-420; 7C E-W 7: 30-160 -> 40-580, E-W made their bid past 500: win.
# Round 2, table 2 (3 & 4 v 7 & 8): 6S N-S 6: 40-40; 6C E-W 6: 40-60; 7D N-S 7: 180-30 -> 260-130, N-S win.
PROGRESSIVE_GAMES = {
    1: (1, 1, 0, 0, 500 - 540, 540), 2: (0, 2, 0, 0, -500 - 540, 40), 3: (2, 0, 0, 0, 500 + 130, 760),
    4: (1, 1, 0, 0, -500 + 130, 260), 5: (2, 0, 0, 0, 530 + 540, 930), 6: (1, 1, 0, 0, -530 + 540, 400),
    7: (1, 1, 0, 0, 530 - 130, 480), 8: (0, 2, 0, 0, -530 - 130, -50),
}


@pytest.mark.django_db
@pytest.mark.parametrize("make, expected, order", [
    # games (a win 2) then points: one win each for 2 (1040), 1 (820), 3 (600), 6 (330), 5 (320); 4 none.
    (three_handed_games, THREE_HANDED_GAMES, [2, 1, 3, 6, 5, 4]),
    # two wins: 5 (+1070), 3 (+630); one: 7 (+400), 6 (+10), 1 (-40), 4 (-370); none: 8 (-660), 2 (-1040).
    (progressive_games, PROGRESSIVE_GAMES, [5, 3, 7, 6, 1, 4, 8, 2]),
])
def test_standings_json_of_a_games_event_of_individuals(make, expected, order):
    event = event_import(make())
    rows = standings(event.slug)
    assert [r["player"] for r in rows] == order and [r["rank"] for r in rows] == list(range(1, len(order) + 1))
    for row in rows:
        assert {"player", "name", *GAMES_KEYS} <= set(row) and "partnership" not in row and "players" not in row
        assert tuple(row[k] for k in GAMES_KEYS) == expected[row["player"]], row["player"]
    assert rows[0]["name"] == {2: "Luis Peña", 5: "Rosa Díaz"}[order[0]]


def _cells(html: str, number: int) -> list[str]:
    """The text of the cells of the standings row with id p<number>."""
    row = html.split(f'id="p{number}"', 1)[1].split("</tr>", 1)[0]
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


@pytest.mark.django_db
def test_standings_page_shows_each_players_games(client):
    event = event_import(three_handed_games())
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    head = page.split("<thead", 1)[1].split("</thead>", 1)[0]
    assert all(word in head for word in ("Won", "Lost", "Drawn", "Points", "Diff."))
    cells = _cells(page, 2)  # player 2, first: won 1, lost 2, drawn 0, points 1040, difference 940
    assert cells[:2] == ["1", "2"] and cells[2].startswith("Luis Peña")
    # division, won, lost, drawn, points (round 2 not final), difference, then the rounds and hands
    assert cells[3:] == ["", "1", "2", "0", "1040not final", "940", "500", "540 not final", "6"]
    assert "Ranked by games won" in page


@pytest.mark.django_db
def test_a_players_page_shows_his_games_round_by_round(client):
    event = event_import(three_handed_games())
    page = client.get(f"/events/{event.slug}/partnerships/2/").content.decode()
    record = page.split('class="games-record">', 1)[1].split("</dd>", 1)[0]
    assert record == "won 1, lost 2, drawn 0"
    assert "<dt>Point difference</dt><dd>940</dd>" in page
    rounds = page.split('class="rounds-summary player-rounds"', 1)[1].split("</table>", 1)[0]
    # Round 1: lost both games (1 and then 3 won them); round 2: won game 1, game 2 in play.
    assert re.findall(r'<td class="round-games">(.*?)</td>', rounds) == ["won 0, lost 2, drawn 0",
                                                                       "won 1, lost 0, drawn 0"]
    progressive_event = event_import(progressive_games())
    page = client.get(f"/events/{progressive_event.slug}/partnerships/5/").content.decode()
    rounds = page.split('class="rounds-summary player-rounds"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r'<td class="round-games">(.*?)</td>', rounds) == ["won 1, lost 0, drawn 0"] * 2


@pytest.mark.django_db
def test_the_standings_pdf_prints_each_players_games():
    event = event_import(three_handed_games())
    text = pages(document(event, "standings")[2])[0]
    assert "Won Lost Drawn Diff." in text and "Ranked by games won, then points" in text
    # Rank, number, name, rounds 500 and 540 (provisional), points 1040, hands 6, won 1, lost 2, drawn 0, diff 940.
    assert "1 2 Luis Peña 500 540* 1040* 6 1 2 0 940 2 1 Ana Garza 70-74 520 300* 820* 5 1 1 0 560" in text
    # The progressive event is complete: its medal list prints the gold player's games (5: won both).
    medals = pages(document(event_import(progressive_games()), "medals")[2])[0]
    assert "Rosa Díaz" in medals and "Games won 2, lost 0, drawn 0" in medals


def pages(data: bytes) -> list[str]:
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


# --- the phone at a table of three in a games event ------------------------------------------------

@pytest.fixture
def three_table(db):
    """The three-handed games event with round 1 open and no hand yet at its table 1 (Ana Garza seat 1,
    Luis Peña 2, Marie Tremblay 3); PINs 1111, 2222, 3333."""
    data = three_handed_games()
    data["rounds"][0]["tables"][0]["hands"] = []
    data["rounds"][0]["tables"][0]["confirmed"] = False
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    Round.objects.filter(event=event, number=2).update(status="planned")
    for number in (1, 2, 3):
        Partnership.objects.filter(event=event, number=number).update(pin=str(number) * 4)
    return event, Table.objects.get(round__event=event, round__number=1, number=1)


def _hand(table, number, bidder, contract, tricks, defenders, save=True):
    data = {"number": number, "round": table.round_id, "declarer_seat": bidder, "contract": contract,
            "tricks": tricks, ("save" if save else "preview"): "1"}
    data.update({f"seat_{seat}": value for seat, value in defenders.items()})
    return data


def test_the_phone_at_a_table_of_three_keeps_the_game_score(client, three_table):
    event, table = three_table
    entry = f"/t/{table.token}/"
    builders.prove_side(client, table, "1")  # Ana, with her PIN
    page = client.get(entry).content.decode()
    assert "Hand 1 <span class=\"muted\">· game 1 · Ana Garza deals</span>" in page and "Game 1: each player's score in this game." in page
    # Hand 1: Ana 10NT, all ten: 520, she reaches 500 and wins game 1; the totals are game 2's, 0-0-0.
    assert client.post(entry, _hand(table, 1, "1", "10NT", 10, {"2": 0})).status_code == 302
    page = client.get(entry).content.decode()
    assert "Game over: Ana Garza wins with 520" in page and "Game 2 starts with the next hand." in page
    assert 'id="total-1">0<' in page and "Hand 2 <span class=\"muted\">· game 2 · Luis Peña deals</span>" in page
    # Hand 2: Marie 9NT with 9, Luis 1: 0-10-420. Hand 3: Luis 10C, all ten (460): 0-470-420.
    assert client.post(entry, _hand(table, 2, "3", "9NT", 9, {"1": 0})).status_code == 302
    assert client.post(entry, _hand(table, 3, "2", "10C", 10, {"1": 0})).status_code == 302
    page = client.get(entry).content.decode()
    assert 'id="total-1">0<' in page and 'id="total-2">470<' in page and 'id="total-3">420<' in page
    # The server's preview of hand 4 adds to the game's scores: Marie 7S with 7, Luis 3.
    page = client.post(entry, _hand(table, 4, "3", "7S", 7, {"1": 0}, save=False)).content.decode()
    assert "Marie Tremblay (bidder): 7 tricks, +140 → 560" in page and "Luis Peña: 3 tricks, +30 → 500" in page
    # Saved: Luis pegs to 500 in the deal Marie goes out; the bidder wins. Two games: the round is done.
    assert client.post(entry, _hand(table, 4, "3", "7S", 7, {"1": 0})).status_code == 302
    page = client.get(entry).content.decode()
    assert "Game over: Marie Tremblay wins with 560" in page
    assert "Round 1 is done at this table: its last game is over." in page and 'name="save"' not in page
    r = client.post(entry, _hand(table, 5, "1", "6S", 6, {"2": 2}))
    assert r.status_code == 400 and not Hand.objects.filter(table=table, number=5).exists()
    with pytest.raises(ValidationError, match="its last game was complete before hand 5"):
        hand_record(table=table, number=5, actor=Actor(label="test", is_organizer=True), declarer_seat="1",
                    contract="6S", seat_tricks={"1": 6, "2": 2, "3": 2})
    # Ana entered every hand: another player accepts them once the round's games are done. Marie proves
    # herself with her PIN on the same phone and confirms with the button.
    assert "Now another player checks" in page and "Confirm the scores" not in page
    client.post(f"{entry}side/", {"side": "1", "clear": "1"})
    assert client.post(f"{entry}side/", {"side": "3", "code": "1111"}).status_code == 400  # Ana's PIN is not Marie's
    builders.prove_side(client, table, "3")
    assert "Confirm the scores" in client.get(entry).content.decode()
    assert client.post(f"{entry}confirm/").status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None and "Marie Tremblay" in table.confirmed_by
    rows = {r["player"]: r for r in standings(event.slug)}
    assert (rows[3]["games_won"], rows[1]["games_won"], rows[2]["games_lost"]) == (1, 1, 2)


@pytest.mark.django_db
def test_result_sheets_list_each_game_and_who_won_it():
    event = event_import(three_handed_games())
    first, second = pages(document(event, "results", round_number=1)[2])
    # Table 1 (worked above): Ana wins game 1 at hand 1, Marie game 2 (hands 2–4) as the bidder.
    assert "Game 1 (hands 1): Ana Garza wins; Ana Garza 520, Luis Peña 0, Marie Tremblay 0" in first
    assert "Game 2 (hands 2–4): Marie Tremblay wins; Ana Garza 0, Luis Peña 500, Marie Tremblay 560" in first
    assert "Games won: Ana Garza 1, Luis Peña 0, Marie Tremblay 1" in first
    assert "Points (final game scores)" in first and "+520 #1 +500 #2 +560 #3" in first
    # Table 2: game 1 to Rosa (ahead after the hand limit), game 2 to Paul at the bell; hand 5 printed.
    assert "Game 1 (hands 1–4): Rosa Díaz wins; Joe Smith 290, Rosa Díaz 300, Paul Roy 150" in second
    assert "Game 2 (hands 5): Paul Roy wins; Joe Smith 10, Rosa Díaz 10, Paul Roy 160" in second
    # Round 2 is open: the game still in play says so.
    text = pages(document(event, "results", round_number=2)[2])[0]
    assert "Game 1 (hands 1): in play; Ana Garza 300, Joe Smith 10, Rosa Díaz 10" in text
    progressive_event = event_import(progressive_games())
    text = pages(document(progressive_event, "results", round_number=1)[2])[1]
    assert "Game 1 (hands 1–3): N-S win 350 to -180" in text and "Games won: N-S 1, E-W 0" in text


@pytest.mark.django_db
def test_the_dashboard_shows_each_players_games_at_a_table_of_three(client):
    event = event_import(three_handed_games())
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", staff.get(f"/events/{event.slug}/rounds/1/").content.decode()))
    assert "2 games finished: Ana Garza 1, Luis Peña 0, Marie Tremblay 1" in page
    assert "2 games finished: Joe Smith 0, Rosa Díaz 1, Paul Roy 1" in page and "N-S" not in page
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", staff.get(f"/events/{event.slug}/rounds/2/").content.decode()))
    assert "0 games finished: Ana Garza 0, Joe Smith 0, Rosa Díaz 0 · Game 1 in play: Ana Garza 300, Joe Smith 10, " \
           "Rosa Díaz 10" in page
    assert "1 game finished: Luis Peña 1, Marie Tremblay 0, Paul Roy 0 · Game 2 in play: Luis Peña 20, " \
           "Marie Tremblay 40, Paul Roy 20" in page


def test_the_phone_at_a_progressive_table_shows_each_players_game_score(client, db):
    # Round 2, table 1 of the progressive games fixture (Ana N, Rosa E, Luis S, Paul W), hands cleared.
    data = progressive_games()
    data["rounds"][1]["tables"][0].update(hands=[], confirmed=False)
    data["rounds"][1]["status"] = "open"
    event = event_import(data)
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    entry = f"/t/{table.token}/"
    builders.prove_side(client, table, "ns")  # Ana (N), with her PIN, for N-S
    # 9NT by E-W with 9: 10-420; the players show their side's game score.
    assert client.post(entry, {"number": 1, "round": table.round_id, "declarer": "ew", "contract": "9NT",
                               "tricks": 9, "save": "1"}).status_code == 302
    page = client.get(entry).content.decode()
    assert 'id="total-N">10<' in page and 'id="total-S">10<' in page and 'id="total-E">420<' in page
    # 7C by E-W with 7: E-W 580, a made bid past 500 (Wikipedia): game over; the next hand would be late.
    assert client.post(entry, {"number": 2, "round": table.round_id, "declarer": "ew", "contract": "7C",
                               "tricks": 7, "save": "1"}).status_code == 302
    page = client.get(entry).content.decode()
    assert "Game over: E-W win 580 to 40" in page and "is done at this table" in page
    assert 'id="total-W">0<' in page  # no game in play: 0 to 0
    rows = {r["player"]: r for r in standings(event.slug)}
    assert (rows[5]["games_won"], rows[6]["games_won"], rows[1]["games_lost"], rows[2]["games_lost"]) == (2, 1, 1, 2)


@pytest.mark.django_db
def test_blank_three_handed_games_sheets_say_how_to_keep_the_game_score():
    event = event_import(three_handed_games())
    text = pages(document(event, "sheets", round_number=1)[2])[0]
    assert "Games to 500: write each player's score in the game beside his points." in text
    assert "Tricks: each player's own tricks; the three add up to 10." in text
    progressive_text = pages(document(event_import(progressive_games()), "sheets", round_number=1)[2])[0]
    assert "Game score: each side's running score in the game, after each hand." in progressive_text
