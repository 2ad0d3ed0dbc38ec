"""An event played as games on the public pages, the round dashboard and the CSV: games won, lost
and drawn, the points and their difference, with hand-worked values; and an event whose rounds have
no hands_per_round reads well everywhere (no "None")."""

import re

import pytest
from django.urls import reverse

from scoring.event_io import event_import
from tests import builders
from tests.builders import GAMES_WORKED_HANDS, games_event_file

# Round 1, Wikipedia rules, hand limit 4, worked by hand (tests/play/test_games_event.py):
# table 1 (1 v 2): 10H N-S made 500-0 (game 1 to N-S); then NOBID 60-40, 7S E-W 90-180, 6C N-S set 30-230,
#   6S E-W 70-270 at the hand limit (game 2 to E-W). 1: won 1 lost 1, points 570, difference +300.
# table 2 (3 v 4): NOBID, E-W all ten: 0-250; the bell: game 1 to E-W. 4: won 1, points 250.
WORKED = GAMES_WORKED_HANDS  # tests/builders.py, worked hand by hand above


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def games_event(db):
    return event_import(games_event_file(WORKED, rounds=1))


@pytest.mark.django_db
def test_standings_page_and_live_fragment_show_games_and_points(client, games_event):
    for name in ("scoring:standings", "scoring:standings-fragment"):
        page = client.get(reverse(name, args=[games_event.slug]))
        html = page.content.decode()
        assert page.status_code == 200
        assert "Ranked by games won, then points" in html
        for header in (">Won<", ">Lost<", ">Drawn<", ">Points<", ">Diff.<"):
            assert header in html
        assert ">Matches<" not in html  # no wins_per_round, not ranked by matches
        row = re.search(r'<tr class="[^"]*" id="p1">(.*?)</tr>', html).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        # rank, number, players, won, lost, drawn, points, difference
        assert [re.sub(r"<[^>]+>", "", c) for c in cells[3:8]] == ["1", "1", "0", "570", "300"]


@pytest.mark.django_db
def test_projector_medals_and_csv_show_games(client, games_event):
    projector = text(client.get(reverse("scoring:projector", args=[games_event.slug])))
    assert "Won Lost Drawn Points Diff." in projector
    assert "1 Gold 1 Player 1a & Player 1b 1 1 0 570 300 570" in projector.replace("&amp;", "&")
    medals = client.get(reverse("scoring:medals", args=[games_event.slug])).content.decode()
    assert "Ranked by games won, then points" in medals and ">Points<" in medals
    csv = client.get(reverse("scoring:standings-csv", args=[games_event.slug])).content.decode()
    assert csv.splitlines()[0].split(",")[7:12] == ["games_won", "games_lost", "games_drawn", "matches_won",
                                                    "difference"]
    assert csv.splitlines()[1].startswith("1,no,1,Player 1a,Player 1b,,570,1,1,0,0,300,")


@pytest.mark.django_db
def test_partnership_page_shows_each_game(client, games_event):
    page = text(client.get(reverse("scoring:partnership", args=[games_event.slug, 1])))
    assert "Games won 1, lost 1, drawn 0" in page
    assert "Points 570" in page and "Point difference 300" in page
    assert "Game Hands Us Them Result 1 1 500 0 won 2 2–5 70 270 lost" in page
    assert "No bid" in page and "NOBID" not in page
    other = text(client.get(reverse("scoring:partnership", args=[games_event.slug, 4])))
    assert "1 1 250 0 won" in other  # sitting E-W: its own score first


@pytest.mark.django_db
def test_dashboard_shows_games_per_table(games_event):
    client = builders.login(builders.make_user("olga", event=games_event, role="organizer"))
    page = text(client.get(reverse("tournaments:round", args=[games_event.slug, 1])))
    assert "2 games finished: N-S 1, E-W 1" in page
    assert "1 game finished: N-S 0, E-W 1" in page
    assert "5 hands" in page and "None" not in page


@pytest.mark.django_db
def test_the_game_in_play_shows_on_the_dashboard(db):
    data = games_event_file({(1, 1): [{"hand": 1, "contract": "7S", "declarer": "ns", "tricks": 7}]}, rounds=1)
    data["rounds"][0]["status"] = "open"
    event = event_import(data)
    client = builders.login(builders.make_user("olga", event=event, role="organizer"))
    page = text(client.get(reverse("tournaments:round", args=[event.slug, 1])))
    # 7S made by N-S: +140; E-W took 3 tricks: +30 (Wikipedia: the defenders score 10 a trick).
    assert "1 hand 0 games finished · Game 1 in play: N-S 140, E-W 30" in page


@pytest.mark.django_db
def test_every_page_of_an_event_without_hands_per_round_reads_well(games_event):
    assert games_event.hands_per_round is None
    client = builders.login(builders.make_user("olga", event=games_event, role="organizer"))
    slug = games_event.slug
    urls = [reverse(name, args=[slug]) for name in (
        "scoring:standings", "scoring:standings-fragment", "scoring:projector", "scoring:projector-fragment",
        "scoring:medals", "scoring:standings-csv", "scoring:standings-json", "tournaments:dashboard",
        "tournaments:event-detail", "scoring:tiebreaks", "scoring:print")]
    urls += [reverse("scoring:partnership", args=[slug, n]) for n in (1, 4)]
    urls.append(reverse("tournaments:round", args=[slug, 1]))
    for url in urls:
        page = client.get(url)
        assert page.status_code == 200, url
        assert not re.search(r"\bNone\b(?! yet)", page.content.decode()), url
    detail = text(client.get(reverse("tournaments:event-detail", args=[slug])))
    assert "1 rounds of games, each until the round is closed or its games are done" in detail


@pytest.mark.django_db
def test_print_page_says_what_a_games_sheet_holds(games_event):
    client = builders.login(builders.make_user("olga", event=games_event, role="organizer"))
    page = text(client.get(reverse("scoring:print", args=[games_event.slug])))
    assert "This event is played as games: each sheet has 12 rows for hands" in page
    assert "each result sheet lists every game of the table and who won it" in page


@pytest.mark.django_db
def test_finding_a_pair_says_its_games(client, games_event):
    page = text(client.get(reverse("scoring:standings", args=[games_event.slug]) + "?find=2&per_page=2"))
    assert "No. 2 Player 2a & Player 2b: rank 2, games won 1, lost 1, drawn 0, points 270." in page.replace(
        "&amp;", "&")


@pytest.mark.django_db
def test_games_words_in_spanish_and_french(client, games_event):
    url = reverse("scoring:standings", args=[games_event.slug])
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Clasificación por partidas ganadas, luego puntos" in spanish
    assert ">Ganadas<" in spanish and ">Puntos<" in spanish
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr-CA").content.decode()
    assert "Classement par parties gagnées, puis points" in french
    assert ">Gagnées<" in french and ">Nulles<" in french
    partnership = text(client.get(reverse("scoring:partnership", args=[games_event.slug, 1]),
                                  HTTP_ACCEPT_LANGUAGE="es"))
    assert "Partida Manos Nosotros Ellos Resultado 1 1 500 0 ganado" in partnership


@pytest.mark.django_db
def test_dashboard_and_partnership_page_say_who_won_the_match(db):
    # wins_per_round 1: table 1's match goes to N-S with game 1 (10H made, 500-0); its later hands are refused
    # by the event file, so the table has one hand.
    data = games_event_file({(1, 1): WORKED[(1, 1)][:1]}, rounds=1,
                            games={"hand_limit": 4, "games_per_round": None, "wins_per_round": 1,
                                   "rank_by": ["matches", "games", "points"]})
    event = event_import(data)
    client = builders.login(builders.make_user("olga", event=event, role="organizer"))
    page = text(client.get(reverse("tournaments:round", args=[event.slug, 1])))
    assert "1 game finished: N-S 1, E-W 0 · match to N-S" in page
    standings = client.get(reverse("scoring:standings", args=[event.slug])).content.decode()
    assert ">Matches<" in standings and "Ranked by matches won, then games won, then points" in standings
    partnership = text(client.get(reverse("scoring:partnership", args=[event.slug, 1])))
    assert "Matches won 1" in partnership and "won 1, lost 0, drawn 0 · match won" in partnership
