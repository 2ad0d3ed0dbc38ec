"""The organizer's paper-sheet grid reads contracts in the event's language (issue 24): the suit
letters its printed sheet names (Spanish P, T, D, C, ST; French P, T, K, C, SA; English S, C, D, H,
NT), the symbols ♠♣♦♥ in every language, and never another language's letter as some other suit."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from scoring.forms import typed_contract
from scoring.models import Hand
from scoring.previews import grid_typing
from scoring.services import hand_record
from tests.builders import prove_side
from tests.play.test_entry_pages import PHONE, grid_data, grid_url, text


def save_sheet(client, setup, language, rows):
    setup.event.language = language
    setup.event.save()
    client.force_login(setup.organizer)
    client.cookies["fh_language"] = "en"  # the organizer reads English; the event's sheets are in `language`
    return client.post(grid_url(setup), grid_data(rows))


# 7 tricks made on a 7-bid score the contract (McAllen, RULES.md): 7♠ 140, 7♣ 160, 7♦ 180, 7♥ 200;
# 8♠ 240; 6NT 120.
@pytest.mark.parametrize("language, typed, stored, points", [
    ("es", "7c", "7H", 200), ("es", "7t", "7C", 160), ("es", "6st", "6NT", 120), ("es", "8p", "8S", 240),
    ("es", "7d", "7D", 180),
    ("fr", "7k", "7D", 180), ("fr", "6sa", "6NT", 120), ("fr", "7c", "7H", 200), ("fr", "7t", "7C", 160),
    ("en", "7c", "7C", 160), ("en", "7h", "7H", 200), ("en", "6nt", "6NT", 120),
    ("es", "7♥", "7H", 200), ("fr", "7♠", "7S", 140), ("en", "7♦", "7D", 180), ("es", "7♣️", "7C", 160),
])
def test_a_contract_typed_in_the_events_letters_is_stored_as_that_suit(client, setup, language, typed, stored,
                                                                      points):
    made = int(stored[:-2] if stored.endswith("NT") else stored[:-1])
    r = save_sheet(client, setup, language, [dict(declarer="ns", contract=typed, tricks=made)] + [None] * 3)
    assert r.status_code == 302, text(r)
    assert list(Hand.objects.values_list("contract", "ns_points", "ew_points")) == [(stored, points, 10 - made and
                                                                                     (10 - made) * 10)]


@pytest.mark.parametrize("language, typed, letters", [
    ("es", "7h", "P, T, D, C or ST"), ("es", "7s", "P, T, D, C or ST"), ("es", "10nt", "P, T, D, C or ST"),
    ("fr", "7d", "P, T, K, C or SA"), ("fr", "7h", "P, T, K, C or SA"), ("en", "7p", "S, C, D, H or NT"),
    ("en", "7t", "S, C, D, H or NT"),
])
def test_a_letter_of_another_language_is_refused_naming_the_letters_to_use(client, setup, language, typed,
                                                                          letters):
    r = save_sheet(client, setup, language, [dict(declarer="ns", contract=typed, tricks=7)] + [None] * 3)
    page = text(r)
    assert r.status_code == 400 and f"“{typed}” is not a contract: type 6 to 10 and {letters}" in page
    assert not Hand.objects.exists()


def test_the_hint_gives_examples_in_the_events_letters(setup):
    with pytest.raises(ValidationError) as caught:
        typed_contract(setup.event.rules, "7h", "es")
    assert "(e.g. 7C, 10ST)" in caught.value.messages[0]
    assert typed_contract(setup.event.rules, " 10 ST ", "es") == "10NT"


def test_a_stored_hand_shows_in_the_events_letters_and_saves_again_unchanged(client, setup):
    hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    hand_record(table=setup.t1, number=2, actor=PHONE, side="ns", declarer="ew", contract="6NT", tricks=6)
    setup.event.language = "es"
    setup.event.save()
    client.force_login(setup.organizer)
    client.cookies["fh_language"] = "en"
    page = text(client.get(grid_url(setup)))
    assert 'name="hand-0-contract" value="7C"' in page and 'name="hand-1-contract" value="6ST"' in page
    assert "7c, 10st, 6p (suits P, T, D, C, ST, or ♠ ♣ ♦ ♥)" in page
    # The suggestions and the live echo's table (entry.js reads "grid-typing") use the event's letters.
    assert '<option value="7C">7 Hearts · 200</option>' in page and '<option value="7H">' not in page
    assert '<script id="grid-typing" type="application/json">' in page and 'data-row-words' in page
    rows = [dict(declarer="ns", contract="7C", tricks=8, version=1),
            dict(declarer="ew", contract="6ST", tricks=6, version=1), None, None]
    r = client.post(grid_url(setup), grid_data(rows, reason="typed from the signed sheet"))
    assert r.status_code == 302, text(r)
    # Read back as they were stored: nothing changed, so no version moved.
    assert list(Hand.objects.order_by("number").values_list("contract", "ns_points", "ew_points", "version")) == [
        ("7H", 200, 20, 1), ("6NT", 40, 120, 1)]


def test_the_grid_echo_reads_what_the_server_reads(setup):
    """The live echo's table (previews.grid_typing) maps each way of typing to the stored code and
    says it in words; its suggestion list offers the event's letters."""
    with translation.override("es"):
        spanish = grid_typing(setup.event.rules, "es")
    assert '"7C": "7H"' in spanish["script"] and '"7T": "7C"' in spanish["script"]
    assert '"6ST": "6NT"' in spanish["script"] and '"7\\u2665": "7H"' in spanish["script"]
    assert '"7H"' not in spanish["script"].split('"words"')[0].replace('": "7H"', "")  # no "7H" typed key
    assert ("7C", "7 corazones · 200") in spanish["contracts"]
    english = grid_typing(setup.event.rules, "en")
    assert '"7C": "7C"' in english["script"] and ("7H", "7 Hearts · 200") in english["contracts"]


@pytest.mark.parametrize("language, words", [("es", "ST"), ("fr", "SA"), ("en", "NT")])
def test_the_phone_says_no_trump_as_the_events_printed_sheet(client, setup, language, words):
    # The contract buttons and the list of hands name no-trump with the letters the paper grid reads
    # (Sin triunfo, Sans atout): "8ST", never the English "8NT" on a Spanish phone.
    setup.event.language = language
    setup.event.save()
    hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="8NT", tricks=8)
    prove_side(client, setup.t1, "ns")
    page = text(client.get(reverse("scoring:table-entry", args=[setup.t1.token])))
    assert f"<b class=\"\">8{words}</b>" in page  # the 8 no-trump button
    assert page.count(f"8{words}") >= 2  # and hand 1 in the list
    if words != "NT":
        assert ">8NT<" not in page and "8NT " not in page
