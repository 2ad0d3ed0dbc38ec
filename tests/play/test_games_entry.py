"""A whole round of games to 500 entered through the table phone's pages (docs/rules.md, "Games").

Wikipedia rules (2006) with hands nobody bid played at no trump (no_bid = play_no_trump): a side
wins only by making its bid (must_bid_to_win), defenders score 10 a trick, a hand nobody bid
scores 10 a trick each side and 250 for all ten (no_bid_slam). Contract values are Avondale's
(RULES.md section 2): 6♠ 40, 7♥ 200, 8NT 320, 9♥ 400. The round is two games (games_per_round).

Worked by hand (N-S v E-W, running game score after each hand):
  Game 1  hand 1  E-W 9♥ make 9      E-W +400, N-S +10 (1 trick)       10 - 400
          hand 2  nobody bid, N-S 6  N-S +60, E-W +40                   70 - 440
          hand 3  N-S 6♠ take 4      N-S -40, E-W +60 (6 tricks)        30 - 500
                  E-W reached 500 on defence: not a win (must bid to win), the game goes on
          hand 4  E-W 7♥ make 7      E-W +200, N-S +30                  60 - 700
                  E-W made their bid past 500: "Game over: E-W win 700 to 60"
  Game 2  hand 5  nobody bid, N-S 10 N-S +250 (all ten), E-W 0          250 - 0
          hand 6  N-S 8NT make 8     N-S +320, E-W +20                  570 - 20
                  "Game over: N-S win 570 to 20"; two games played: the round is done
"""

import pytest
from django.urls import reverse

from scoring.entry_data import history_rows
from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_record, table_confirm
from tests.builders import hand_post, login, make_event, make_user, prove_side, round_in_play

PHONE = Actor(label="N-S #1 on their phone")


def entry_url(table):
    return reverse("scoring:table-entry", args=[table.token])


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def games_table(db):
    event = make_event(slug="club-games", name="Club games night", rules_preset="wikipedia-2006",
                       rule_overrides={"no_bid": "play_no_trump"}, format="games", hands_per_round=None,
                       games_per_round=2)
    rnd = round_in_play(event)
    return rnd.tables.get(number=1)


def bid(table, number, declarer, contract, tricks):
    return hand_post(table, number, declarer=declarer, contract=contract, tricks=tricks)


def nobody(table, number, ns_tricks):
    return hand_post(table, number, declarer="none", contract="", tricks="", ns_tricks=ns_tricks)


def save(client, table, data):
    response = client.post(entry_url(table), data)
    assert response.status_code == 302, text(response)
    return text(client.get(entry_url(table)))


def game_line(page: str) -> str:
    start = page.index("data-game-score>")
    return page[start:page.index("</p>", start)]


def totals(page: str) -> tuple[str, str]:
    ns = page[page.index('id="total-ns">') + len('id="total-ns">'):]
    ew = page[page.index('id="total-ew">') + len('id="total-ew">'):]
    return ns[:ns.index("<")], ew[:ew.index("<")]


def test_a_round_of_two_games_through_the_phone(client, games_table):
    table = games_table
    prove_side(client, table, "ns")
    page = text(client.get(entry_url(table)))
    assert "Nobody bid" in page and 'name="ns_tricks"' in page  # the rules play a hand nobody bid
    assert "· game 1 ·" in page and totals(page) == ("0", "0")
    assert "Game 1 score. Games won: N-S 0, E-W 0." in game_line(page)
    # The preview table carries the engine's points for a hand nobody bid, by the tricks N-S took.
    assert '"nobid": [[0, 250], [10, 90], [20, 80], [30, 70], [40, 60], [50, 50], [60, 40]' in page

    page = save(client, table, bid(table, 1, "ew", "9H", 9))
    assert totals(page) == ("10", "400")
    assert 'id="confirm"' not in page  # a game in play, and a round of two games to go
    with pytest.raises(Exception) as caught:
        table_confirm(table=table, actor=Actor(label="organizer", is_organizer=True))
    assert "A game is still in play at table 1: confirm when the round's games are done." in str(caught.value)
    page = save(client, table, nobody(table, 2, 6))
    assert totals(page) == ("70", "440")
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.contract, hand.declarer, hand.ns_tricks, hand.ns_points, hand.ew_points) == ("NOBID", "", 6, 60, 40)
    assert "Nobody bid · N-S 6 tricks" in page  # in the list of hands
    page = save(client, table, bid(table, 3, "ns", "6S", 4))
    assert totals(page) == ("30", "500")  # E-W reached 500 defending: must bid to win
    assert "Game over" not in page and "· game 1 ·" in page
    page = save(client, table, bid(table, 4, "ew", "7H", 7))
    assert "Game over: E-W win 700 to 60" in page
    assert "Game 2 starts with the next hand." in page
    assert "Hand 5" in page and "· game 2 ·" in page
    assert totals(page) == ("0", "0") and "Game 2 score. Games won: N-S 0, E-W 1." in game_line(page)
    # The game's last running score stays in the list, with the game's end under it.
    assert '<span class="running">700</span>' in page and "Game 1 · Game over: E-W win 700 to 60" in page

    page = save(client, table, nobody(table, 5, 10))
    assert totals(page) == ("250", "0")  # all ten tricks of a hand nobody bid: 250 (no_bid_slam)
    assert "Game over" not in page.split('id="hands"')[0]
    page = save(client, table, bid(table, 6, "ns", "8NT", 8))
    assert "Game over: N-S win 570 to 20" in page
    assert "Round 1 is done at this table: its last game is over. No more hands are entered here." in page
    assert 'id="hand-form"' not in page
    assert "Round done. Games won: N-S 1, E-W 1." in game_line(page)
    assert 'id="confirm"' in page  # the other side checks the round's games

    # The round is done: the phone refuses hand 7, and so does the service.
    response = client.post(entry_url(table), bid(table, 7, "ns", "7H", 7))
    assert response.status_code == 400
    assert "The round is done at this table: its last game is over, so no more hands can be entered." in text(
        response)
    with pytest.raises(Exception) as caught:
        hand_record(table=table, number=7, actor=PHONE, declarer="ns", contract="7H", tricks=7)
    assert "The round is done at table 1: its last game was complete before hand 7" in str(caught.value)
    assert Hand.objects.filter(table=table).count() == 6


def test_history_shows_a_hand_nobody_bid(games_table):
    table = games_table
    hand_record(table=table, number=1, actor=PHONE, side="ns", contract="NOBID", ns_tricks=7)
    change = HandChange.objects.get(table=table)
    assert change.new["ns_tricks"] == 7 and change.new["contract"] == "NOBID"
    assert history_rows([change])[0]["summary"] == "Nobody bid · N-S 7 tricks · N-S +70, E-W +30"


def test_correcting_a_hand_to_nobody_bid_and_back(client, games_table):
    table = games_table
    prove_side(client, table, "ns")
    save(client, table, bid(table, 1, "ns", "7H", 7))
    url = reverse("scoring:table-hand", args=[table.token, 1])
    response = client.post(url, nobody(table, 1, 4) | {"version": "1"})
    assert response.status_code == 302
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.contract, hand.ns_tricks, hand.ns_points, hand.ew_points) == ("NOBID", 4, 40, 60)
    page = text(client.get(url))
    assert 'name="declarer" value="none" checked' in page and 'name="ns_tricks" value="4" checked' in page
    response = client.post(url, bid(table, 1, "ns", "7H", 8) | {"version": "2"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.contract, hand.declarer, hand.ns_tricks, hand.ns_points) == ("7H", "ns", None, 200)


def test_nobody_bid_needs_the_tricks_and_takes_no_revoke(client, games_table):
    table = games_table
    prove_side(client, table, "ns")
    response = client.post(entry_url(table), hand_post(table, 1, declarer="none", contract="", tricks=""))
    assert response.status_code == 400 and "Choose how many tricks N-S took (0 to 10)." in text(response)
    with pytest.raises(Exception) as caught:
        hand_record(table=table, number=1, actor=PHONE, contract="NOBID", ns_tricks=4, penalty_kind="revoke",
                    penalty_side="ns")
    assert "penalty_kind" in caught.value.message_dict
    assert not Hand.objects.exists()


def test_the_paper_grid_records_a_hand_nobody_bid(games_table):
    table = games_table
    event = table.round.event
    client = login(make_user("olga", event=event, role="organizer"))
    url = reverse("scoring:table-manage-sheet", args=[event.slug, table.pk])
    page = text(client.get(url))
    assert '<option value="none">Nobody bid</option>' in page
    data = {"hand-TOTAL_FORMS": "12", "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": "12",
            "hand-MAX_NUM_FORMS": "12", "reason": ""}
    rows = [("ew", "9h", "9"), ("none", "", "6")]
    for index in range(12):
        declarer, contract, tricks = rows[index] if index < len(rows) else ("", "", "")
        data.update({f"hand-{index}-declarer": declarer, f"hand-{index}-contract": contract,
                     f"hand-{index}-tricks": tricks, f"hand-{index}-penalty_kind": "", f"hand-{index}-note": ""})
    response = client.post(url, data)
    assert response.status_code == 302, text(response)
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.contract, hand.ns_tricks, hand.ns_points, hand.ew_points) == ("NOBID", 6, 60, 40)
    assert 'value="6"' in text(client.get(url))  # shown again with the tricks N-S took


def test_nobody_bid_is_refused_under_mcallen(client, setup):
    table = setup.t1
    prove_side(client, table, "ns")
    page = text(client.get(entry_url(table)))
    assert "Nobody bid" not in page and 'name="ns_tricks"' not in page
    response = client.post(entry_url(table), hand_post(table, 1, declarer="none", contract="", tricks="",
                                                       ns_tricks="6"))
    assert response.status_code == 400
    assert "Select a valid choice. none is not one of the available choices." in text(response)
    with pytest.raises(Exception) as caught:
        hand_record(table=table, number=1, actor=PHONE, contract="NOBID", ns_tricks=6)
    assert caught.value.message_dict["contract"] == [
        "Under McAllen Golden Age Olympics a hand nobody bid is not played (it is dealt again, or someone must "
        "bid), so it cannot be entered."]
    assert not Hand.objects.filter(table=table).exists()


def test_a_session_page_is_unchanged(client, setup):
    table = setup.t1
    prove_side(client, table, "ns")
    page = text(client.get(entry_url(table)))
    assert "of 4 · " in page and "Round totals after 0 of 4 hands." in page
    assert "data-game-score" not in page and "game 1" not in page


@pytest.mark.parametrize("language, words", [
    ("es", ["Fin de la partida: gana E-O, 640 a 100", "La partida 2 empieza con la próxima mano.",
            "Nadie apostó · N-S 6 bazas", "· partida 2 ·"]),
    ("fr", ["Partie terminée\u00a0: E-O l'emporte 640 à 100", "La partie 2 commence à la prochaine donne.",
            "Aucune enchère · N-S 6 levées", "· partie 2 ·"]),
])
def test_the_game_in_spanish_and_french(client, games_table, language, words):
    table = games_table
    prove_side(client, table, "ns")
    for data in (bid(table, 1, "ew", "9H", 9), nobody(table, 2, 6), bid(table, 3, "ew", "7H", 7)):
        assert client.post(entry_url(table), data).status_code == 302
    page = text(client.get(entry_url(table), HTTP_ACCEPT_LANGUAGE=language)).replace("&#x27;", "'")
    for phrase in words:
        assert phrase in page


def test_the_running_score_follows_the_490_pegging_cap(client, db):
    """Classic rules (1994): defenders' points stop at 490 (RULES.md section 4).
    E-W 9♥ make 9: 10 - 400; then N-S 6♠ make 6 three times, E-W pegging 40 each:
    50 - 440, 90 - 480, 130 - 490 (520 capped at 490: only a won bid scores past it)."""
    event = make_event(slug="club-1994", name="Club 1994", rules_preset="classic-1994", format="games",
                       hands_per_round=None)
    table = round_in_play(event).tables.get(number=1)
    prove_side(client, table, "ns")
    save(client, table, bid(table, 1, "ew", "9H", 9))
    for number in (2, 3):
        save(client, table, bid(table, number, "ns", "6S", 6))
    page = save(client, table, bid(table, 4, "ns", "6S", 6))
    assert totals(page) == ("130", "490")
    assert Hand.objects.get(table=table, number=4).ew_points == 40  # the hand keeps its own points
    assert '<span class="running">490</span>' in page and "Game over" not in page
