"""The public standings in the players' words: "sat out" and "not final" instead of the tiny S and
P, medals as "Gold"/"Silver"/"Bronze", each row's rounds behind a "Rounds" tap for phones, and
the downloads as a small line at the bottom instead of buttons at the top (docs/organizer-guide.md, "Live
standings, medals and tiebreaks")."""

import re

import pytest
from django.urls import reverse

from tests.builders import four_pair_event, make_event, make_partnerships, play
from tournaments.services import round_create

pytestmark = pytest.mark.django_db


def standings(client, event) -> str:
    return client.get(reverse("scoring:standings", args=[event.slug])).content.decode()


def row_of(html: str, number: int) -> str:
    return html.split(f'id="p{number}"')[1].split("</tr>")[0]


def test_medals_are_words_and_each_row_carries_its_rounds_behind_a_tap(client):
    event, _, _ = four_pair_event()  # totals 1: 630 (230 + 400), 3: 520, 2: 260, 4: -120 (RULES.md section 5)
    html = standings(client, event)
    first, second, third = row_of(html, 1), row_of(html, 3), row_of(html, 2)
    assert '<span class="medal gold">Gold</span>' in first
    assert '<span class="medal silver">Silver</span>' in second
    assert '<span class="medal bronze">Bronze</span>' in third
    rounds = re.search(r'<details class="rounds-tap"><summary>Rounds</summary><ul>(.*?)</ul></details>', first)
    items = re.findall(r'<span class="round-name">([^<]+)</span> ?(?:<span[^>]*>)?(-?\d+)', rounds.group(1))
    assert items == [("Round 1", "230"), ("Round 2", "400"), ("Hands played", "4")]
    assert "not final" not in first  # every table confirmed


def test_sit_out_and_not_final_are_words_with_a_legend(client):
    event = make_event(rounds=3, hands_per_round=1)
    p = make_partnerships(event, 3)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2])], byes=[p[3]])
    round_create(event=event, number=2, tables=[(1, p[1], p[3])], byes=[p[2]])
    play(r1.tables.get(), [("ns", "6S", 6)], confirm=False)  # 1: +40, 2: +40, not confirmed
    html = standings(client, event)
    one = row_of(html, 1)
    assert '<td class="num round"><span title="against 2">40</span><span class="tag provisional"' in one
    assert '<span class="tag provisional phone-only">not final</span>' in one  # beside the total, for phones
    three = row_of(html, 3)
    assert '<span class="tag sitout" title="Credit: average">sat out</span>' in three
    assert "</sup>" not in html
    legend = html.split('<p class="legend">')[1].split("</p>")[0]
    assert '<span class="tag sitout">sat out</span> the pair sat out that round' in legend
    assert '<span class="tag provisional">not final</span> not all hands in' in legend


def test_downloads_are_a_small_line_below_the_table(client):
    event, _, _ = four_pair_event()
    html = standings(client, event)
    head = html.split('<div class="standings-head">')[1].split("</div>")[0]
    assert "standings.csv" not in head and "standings.json" not in head
    downloads = html.split('<p class="downloads no-print">')[1].split("</p>")[0]
    assert f'href="/events/{event.slug}/standings.csv" download>spreadsheet (CSV)</a>' in downloads
    assert f'href="/events/{event.slug}/standings.json">data (JSON)</a>' in downloads
    assert html.index('class="downloads') > html.index("</table>")
