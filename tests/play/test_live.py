"""Public standings pages: page, live fragment with ETag / 304, projector, JSON, CSV, partnership
and medal pages, and their query counts at two event sizes."""

import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.engine import standings as S
from scoring.selectors import event_standings
from scoring.services import Actor, hand_correct, hand_record
from tests.builders import SCORER, bulk_event, four_pair_event, make_event, make_partnerships, play
from tournaments.services import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()
    yield
    cache.clear()


def url(name, event, *args):
    return reverse(f"scoring:{name}", args=[event.slug, *args])


def test_standings_page_shows_ranks_rounds_medals_and_progress(client):
    event, _, _ = four_pair_event()
    html = client.get(url("standings", event)).content.decode()
    assert "All 2 rounds complete" in html
    assert "Ana1 Peña" in html and "O&#x27;Brien" in html
    assert '<span class="medal gold">Gold</span>' in html
    for points in ("630", "520", "-120", "-300", "560"):
        assert f">{points}<" in html
    assert 'data-live-url="/events/gao-2026/standings/live/"' in html
    assert "js/live.js" in html and "<script>" not in html  # no inline script: the CSP forbids it


def test_page_marks_sit_outs_provisional_scores_ties_and_progress(client):
    event = make_event(rounds=3, hands_per_round=1)
    p = make_partnerships(event, 3)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2])], byes=[p[3]])
    round_create(event=event, number=2, tables=[(1, p[1], p[3])], byes=[p[2]])
    play(r1.tables.get(), [("ns", "6S", 6)], confirm=False)  # 1: +40, 2: +40: a tie, not confirmed
    html = client.get(url("standings", event)).content.decode()
    assert "Round 1 of 3: 1 of 1 tables in" in html
    assert '<span class="tag provisional" title="Not all hands in or not confirmed yet">not final</span>' in html
    assert '<span class="tag sitout" title="Credit: average">sat out</span>' in html
    assert 'class="tied-mark"' in html
    assert "Tied on a medal place so far" in html


def test_live_fragment_answers_304_with_one_query_until_a_score_changes(client, django_assert_num_queries):
    event = make_event(rounds=1, hands_per_round=2)
    p = make_partnerships(event, 2)
    table = round_create(event=event, number=1, tables=[(1, p[1], p[2])]).tables.get()
    live = url("standings-fragment", event)
    first = client.get(live)
    assert first.status_code == 200 and "Not started yet" in first.content.decode()
    etag = first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(live, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)  # +200 / +20
    changed = client.get(live, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    html = changed.content.decode()
    assert "Round 1 of 1: 0 of 1 tables in" in html and ">200<" in html and ">20<" in html


def test_live_fragment_is_cached_per_version(client, django_assert_max_num_queries):
    event, _, _ = four_pair_event()
    live = url("standings-fragment", event)
    client.get(live)
    with django_assert_max_num_queries(1):  # another phone, same version: cache, no standings queries
        second = client.get(live)
    assert second.status_code == 200 and ">630<" in second.content.decode()


def test_unknown_event_fragment_is_404(client, db):
    assert client.get("/events/nope/standings/live/").status_code == 404


def test_projector_pages_and_pins_leaders(client):
    event, _, _ = four_pair_event()
    html = client.get(url("projector", event)).content.decode()
    assert 'class="projector-board"' in html and "js/projector.js" in html
    leaders = html.split('<tbody class="leaders">')[1].split("</tbody>")[0]
    assert leaders.count("<tr") == 3 and "Ana1 Peña" in leaders
    frag = client.get(url("projector-fragment", event))
    assert client.get(url("projector-fragment", event), HTTP_IF_NONE_MATCH=frag["ETag"]).status_code == 304


def test_json_download_is_as_json(client):
    event, _, _ = four_pair_event()
    data = json.loads(client.get(url("standings-json", event)).content)
    assert data == S.as_json(event_standings(event), event.slug)
    assert [(r["partnership"], r["rank"], r["total"], r["medal"]) for r in data["standings"]] == [
        (1, 1, 630, "gold"), (3, 2, 520, "silver"), (2, 3, 260, "bronze"), (4, 4, -120, None)]
    assert data["standings"][0]["rounds"][1] == {"round": 2, "points": 400, "sit_out": False,
                                                 "provisional": False, "hands": 2, "credit": None}


def test_csv_download(client):
    event, _, _ = four_pair_event()
    response = client.get(url("standings-csv", event))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[1].startswith("1,no,1,Ana1 Peña,Luis1 O'Brien,,630,230,400,")


def test_partnership_page_lists_hands(client):
    event, _, _ = four_pair_event()
    html = client.get(url("partnership", event, 4)).content.decode()
    assert "Partnership 4" in html and "Round 1: table 2" in html
    assert "Established revoke by us" in html and "-180" in html
    assert client.get(url("partnership", event, 99)).status_code == 404


def test_medals_page(client):
    event, _, _ = four_pair_event(venue="Lark Community Center")
    html = client.get(url("medals", event)).content.decode()
    assert "Lark Community Center" in html and "Thursday, May 14, 2026" in html
    gold = html.split('<tr class="medal-gold">')[1].split("</tr>")[0]
    assert "Ana1 Peña" in gold and ">630<" in gold


@pytest.mark.parametrize("size", [8, 41])
def test_page_query_counts_do_not_grow_with_the_event(size, client, django_assert_max_num_queries):
    event = bulk_event(f"size{size}", size, 4)
    for name in ("standings", "standings-fragment", "projector", "standings-json", "standings-csv", "medals"):
        cache.clear()
        with django_assert_max_num_queries(8):
            response = client.get(url(name, event))
        assert response.status_code == 200, name
    with django_assert_max_num_queries(12):
        assert client.get(url("partnership", event, 3)).status_code == 200


def test_columns_sort_and_rank_order_is_the_default(client):
    event, _, _ = four_pair_event()

    def numbers(path, sort=""):
        html = client.get(path, {"sort": sort} if sort else {}).content.decode()
        return [int(chunk.split('"', 1)[0]) for chunk in html.split('id="p')[1:]]

    page = url("standings", event)
    assert numbers(page) == [1, 3, 2, 4]
    assert numbers(page, "-rank") == [4, 2, 3, 1]
    assert numbers(page, "r1") == [2, 4, 1, 3]  # round 1: -300, -180, 230, 260
    assert numbers(page, "-r2") == [2, 1, 3, 4]  # round 2: 560, 400, 260, 60
    assert numbers(page, "number") == [1, 2, 3, 4]
    assert numbers(url("standings-fragment", event), "r1") == [2, 4, 1, 3]  # the live fragment keeps the sort


def test_page_says_which_rule_ordered_rows(client):
    """One hand a round (RULES.md values):
    R1 2 v 4: 7H by 4, 8 tricks: 4 +200, 2 +20.   1 v 5: 10NT by 5, 10 tricks: 5 +520, 1 0.
              3 v 6: 10NT by 3, 10 tricks: 3 +520, 6 0.
    R2 2 v 6: 7H by 2, 8 tricks: 2 +200, 6 +20.   4 v 5: 7H by 5, 8 tricks: 5 +200, 4 +20.
              1 v 3: 9H by 1, 10 tricks: 1 +400, 3 0.
    Totals 5: 720, 3: 520, 1: 400, 2: 220, 4: 220, 6: 20. 2 and 4 tie for 4th (no medal);
    head to head 4 took 200 from their meeting, 2 took 20, so 4 is 4th and 2 is 5th."""
    event = make_event(rounds=2, hands_per_round=1, secondary_tiebreakers=["head_to_head"])
    p = make_partnerships(event, 6)
    r1 = round_create(event=event, number=1, tables=[(1, p[2], p[4]), (2, p[1], p[5]), (3, p[3], p[6])])
    r2 = round_create(event=event, number=2, tables=[(1, p[2], p[6]), (2, p[5], p[4]), (3, p[1], p[3])])
    t = {(r.number, tb.number): tb for r in (r1, r2) for tb in r.tables.all()}
    play(t[1, 1], [("ew", "7H", 8)])
    play(t[1, 2], [("ew", "10NT", 10)])
    play(t[1, 3], [("ns", "10NT", 10)])
    play(t[2, 1], [("ns", "7H", 8)])
    play(t[2, 2], [("ns", "7H", 8)])
    play(t[2, 3], [("ns", "9H", 10)])
    standings = event_standings(event)
    assert [(r.number, r.rank, r.total, r.decided_by) for r in standings.rows] == [
        (5, 1, 720, "total"), (3, 2, 520, "total"), (1, 3, 400, "total"),
        (4, 4, 220, "head_to_head"), (2, 5, 220, "head_to_head"), (6, 6, 20, "total")]
    html = client.get(url("standings", event)).content.decode()
    assert "Ordered by" in html and html.count(">Head-to-head points<") == 2
    assert "ties on places without a medal are ordered by: Head-to-head points" in html


def test_an_empty_event_still_renders_everywhere(client):
    event = make_event()
    for name in ("standings", "standings-fragment", "projector", "medals", "standings-csv"):
        assert client.get(url(name, event)).status_code == 200, name
    assert json.loads(client.get(url("standings-json", event)).content) == {"event": event.slug, "standings": []}
    assert "No partnerships yet." in client.get(url("standings", event)).content.decode()
    assert "Not started yet" in S.as_text(event_standings(event), "Empty")


def test_division_view_ranks_within_the_division(client):
    """four_pair_event totals 1: 630, 3: 520, 2: 260, 4: -120; divisions A = {1, 2}, B = {3, 4}."""
    event, p, _ = four_pair_event(medal_scope="division")
    for n, division in ((1, "A"), (2, "A"), (3, "B"), (4, "B")):
        p[n].division = division
        p[n].save()
    html = client.get(url("standings", event), {"division": "B"}).content.decode()
    assert "Division B" in html and 'aria-current="page">B<' in html
    table = html.split('<table')[1]
    assert [int(c.split('"', 1)[0]) for c in table.split('id="p')[1:]] == [3, 4]
    assert '<td class="rank">1 <span class="medal gold">Gold</span></td>' in table
    assert 'data-live-url="/events/gao-2026/standings/live/?division=B"' in html
    live = client.get(url("standings-fragment", event) + "?division=B&sort=-total").content.decode()
    assert [int(c.split('"', 1)[0]) for c in live.split('id="p')[1:]] == [3, 4]


@pytest.fixture
def three_a_page(monkeypatch):
    """Pages of three rows, so a four-pair event has two pages (the site shows 100 a page)."""
    from scoring.tables import StandingsTable

    monkeypatch.setattr(StandingsTable, "per_page_size", 3)


def table_numbers(html):
    return [int(c.split('"', 1)[0]) for c in html.split("<table")[1].split('id="p')[1:]]


def test_the_page_shows_a_hundred_rows_a_page():
    from scoring.tables import StandingsTable

    assert StandingsTable.per_page_size == 100


def test_pages_follow_the_sort_and_show_all_is_one_tap_away(client, three_a_page):
    """four_pair_event in rank order is 1, 3, 2, 4; by round 1 (-300, -180, 230, 260) it is 2, 4, 1, 3."""
    event, _, _ = four_pair_event()
    page = url("standings", event)
    first = client.get(page).content.decode()
    assert table_numbers(first) == [1, 3, 2]
    assert "Rows 1–3 of 4 · page 1 of 2" in first
    assert 'href="?page=2"' in first and 'href="?per_page=all">Show all 4<' in first
    second = client.get(page, {"page": 2}).content.decode()
    assert table_numbers(second) == [4] and "Rows 4–4 of 4 · page 2 of 2" in second
    assert 'rel="prev"' in second and 'rel="next"' not in second
    assert table_numbers(client.get(page, {"sort": "r1"}).content.decode()) == [2, 4, 1]
    by_round = client.get(page, {"sort": "r1", "page": 2}).content.decode()
    assert table_numbers(by_round) == [3]
    assert 'href="?sort=r1&amp;page=1"' in by_round
    # A new sort starts again at the first page.
    assert 'href="?sort=-r1"' in by_round and 'href="?sort=number"' in by_round
    everyone = client.get(page, {"sort": "r1", "per_page": "all"}).content.decode()
    assert table_numbers(everyone) == [2, 4, 1, 3]
    assert "All 4 rows" in everyone and 'href="?sort=r1">Show 3 a page<' in everyone


def test_page_numbers_out_of_range_show_the_nearest_page(client, three_a_page):
    event, _, _ = four_pair_event()
    for asked, shown in (("9", [4]), ("0", [1, 3, 2]), ("-2", [1, 3, 2]), ("two", [1, 3, 2]), ("", [1, 3, 2])):
        response = client.get(url("standings", event), {"page": asked})
        assert response.status_code == 200 and table_numbers(response.content.decode()) == shown, asked


def test_the_live_fragment_keeps_the_viewers_page_sort_and_marks(client, three_a_page):
    event, _, _ = four_pair_event()
    html = client.get(url("standings", event), {"sort": "-total", "page": 2}).content.decode()
    assert 'data-live-url="/events/gao-2026/standings/live/?sort=-total&amp;page=2"' in html
    live = client.get(url("standings-fragment", event), {"sort": "-total", "page": 2}).content.decode()
    assert table_numbers(live) == [4] and "Rows 4–4 of 4 · page 2 of 2" in live
    first = client.get(url("standings-fragment", event), {"sort": "-total"}).content.decode()
    assert '<td class="rank">1 <span class="medal gold">Gold</span></td>' in first
    assert "All 2 rounds complete" in first


def test_a_tie_on_the_second_page_keeps_its_marks(client, three_a_page):
    """One hand: 1 v 2 7H by 1, 8 tricks: 200 / 20; 3 v 4 9H by 3, 10 tricks: 400 / 0; 5 v 6 6S by 5,
    6 tricks, not confirmed: 40 / 40. Order 3, 1, 5, 6, 2, 4: 5 and 6 share 3rd, 6 is on page 2."""
    event = make_event(rounds=3, hands_per_round=1)
    p = make_partnerships(event, 6)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4]), (3, p[5], p[6])])
    t1, t2, t3 = r1.tables.order_by("number")
    play(t1, [("ns", "7H", 8)])
    play(t2, [("ns", "9H", 10)])
    play(t3, [("ns", "6S", 6)], confirm=False)
    html = client.get(url("standings", event), {"page": 2}).content.decode()
    assert table_numbers(html) == [6, 2, 4]
    row = html.split('id="p6"')[1].split("</tr>")[0]
    assert '<td class="rank">3<span class="tied-mark" title="Shared place">=</span></td>' in row
    assert 'title="Not all hands in or not confirmed yet">not final</span>' in row
    assert "Tied on a medal place so far" in html and "Round 1 of 3: 3 of 3 tables in" in html


@pytest.mark.parametrize("size", [8, 41])
def test_paged_and_full_views_cost_the_same_queries_at_any_size(size, client, three_a_page,
                                                               django_assert_max_num_queries):
    event = bulk_event(f"pages{size}", size, 4)
    last_of_d1 = {8: 1, 41: 3}[size]  # D1 holds the odd numbers: 4 of 8, 21 of 41
    for query, rows in (({"page": 2, "sort": "-r2"}, 3), ({"page": 9, "division": "D1"}, last_of_d1),
                        ({"per_page": "all"}, size)):
        for name in ("standings", "standings-fragment"):
            cache.clear()
            with django_assert_max_num_queries(8):
                response = client.get(url(name, event), query)
            assert response.status_code == 200 and len(table_numbers(response.content.decode())) == rows, (name, query)


@pytest.mark.parametrize("per_page", [1, 3])
def test_the_pages_together_hold_every_row_once_in_the_sorted_order(client, monkeypatch, per_page):
    from scoring.tables import StandingsTable

    monkeypatch.setattr(StandingsTable, "per_page_size", per_page)
    event, _, _ = four_pair_event()
    page = url("standings", event)
    for sort in ("", "-rank", "number", "-players", "total", "r1", "-r2", "hands"):
        everyone = table_numbers(client.get(page, {"sort": sort, "per_page": "all"}).content.decode())
        pages = [table_numbers(client.get(page, {"sort": sort, "page": n}).content.decode())
                 for n in range(1, -(-4 // per_page) + 1)]
        assert sorted(everyone) == [1, 2, 3, 4], sort
        assert [n for rows in pages for n in rows] == everyone, sort


def test_find_a_pair_shows_its_page_in_the_viewers_sort_and_marks_its_row(client, three_a_page):
    """four_pair_event totals 1: 630, 3: 520, 2: 260, 4: -120."""
    event, _, _ = four_pair_event()
    page = url("standings", event)
    html = client.get(page, {"find": "4"}).content.decode()
    assert table_numbers(html) == [4] and "page 2 of 2" in html
    assert '<tr class="found" id="p4">' in html
    assert "No. 4 Ana4 Peña &amp; Luis4 O&#x27;Brien: rank 4, total -120." in html and 'href="#p4"' in html
    assert 'href="?page=1"' in html  # paging on lets go of the pair
    lowest_first = client.get(page, {"find": "4", "sort": "total"}).content.decode()
    assert table_numbers(lowest_first) == [4, 2, 3] and "page 1 of 2" in lowest_first
    live = client.get(url("standings-fragment", event), {"find": "4"}).content.decode()
    assert table_numbers(live) == [4] and '<tr class="found" id="p4">' in live


def test_find_an_unknown_pair_says_so_and_ignores_what_is_not_a_number(client, three_a_page):
    event, p, _ = four_pair_event()
    html = client.get(url("standings", event), {"find": "99", "page": "2"}).content.decode()
    assert "There is no pair No. 99." in html and table_numbers(html) == [4]
    odd = client.get(url("standings", event), {"find": "<b>1</b>"}).content.decode()
    assert "<b>1</b>" not in odd and "find-missing" not in odd and "found" not in odd
    assert table_numbers(odd) == [1, 3, 2]
    for n, division in ((1, "A"), (2, "A"), (3, "B"), (4, "B")):
        p[n].division = division
        p[n].save()
    html = client.get(url("standings", event), {"find": "1", "division": "B"}).content.decode()
    assert "There is no pair No. 1 in division B." in html


def test_the_find_box_appears_once_a_phone_screen_is_not_enough(client):
    small = make_event(slug="small")
    make_partnerships(small, 12)
    assert 'name="find"' not in client.get(url("standings", small)).content.decode()
    big = make_event(slug="big")
    make_partnerships(big, 13)
    html = client.get(url("standings", big), {"sort": '-total"><script>', "find": "13"}).content.decode()
    assert '<label for="find-pair">Find pair No.</label>' in html
    assert '<input type="hidden" name="sort" value="-total&quot;&gt;&lt;script&gt;">' in html
    assert '<tr class="tied found" id="p13">' in html  # nobody has played: all share 1st


def test_rows_written_before_are_reused_only_while_their_line_language_and_columns_stay(client):
    """The live page keeps each row's HTML by its standings line (scoring.tables): a changed score,
    another language or another column set writes the row again (four_pair_event's totals)."""
    event, p, t = four_pair_event()
    page = client.get(url("standings", event)).content.decode()
    assert '<td class="num total">630</td>' in page
    spanish = client.get(url("standings", event), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'class="medal gold">Oro</span>' in spanish and ">Gold<" not in spanish
    # Pair 1's second-round 9H made with 10 tricks (+400) was in fact set with 8 (-400; pair 3 +20
    # for its two tricks): pair 1 630 -> -170, last; pair 3 520 -> 540, first.
    hand = t[2, 1].hands.get(number=1)
    hand_correct(hand=hand, expected_version=hand.version, actor=Actor("Organizer", is_organizer=True),
                 reason="wrong tricks", declarer="ns", contract="9H", tricks=8)
    again = client.get(url("standings", event)).content.decode()
    assert '<td class="num total">630</td>' not in again
    # (the corrected table waits for a new confirmation: its two totals are marked not final)
    assert '<td class="num total">-170<span' in again and '<td class="num total">540<span' in again
    assert again.index('id="p3"') < again.index('id="p2"') < again.index('id="p4"') < again.index('id="p1"')
    by_total = client.get(url("standings", event) + "?sort=-total").content.decode()
    assert by_total.index('id="p3"') < by_total.index('id="p1"')


def test_the_polls_fast_lane_keeps_every_header_a_page_has_and_its_answers(client, db):
    """config.middleware.LivePollMiddleware answers the live polls without the page-only layers:
    the answers and the security headers stay what the whole stack gave."""
    event, _, _ = four_pair_event()
    for name in ("standings-fragment", "projector-fragment"):
        response = client.get(url(name, event), HTTP_ACCEPT_LANGUAGE="fr")
        assert response.status_code == 200
        assert response["Content-Security-Policy"].startswith("default-src 'self'")
        assert response["X-Content-Type-Options"] == "nosniff" and response["X-Frame-Options"] == "DENY"
        assert response["Content-Language"] == "fr" and "Accept-Language" in response["Vary"]
        assert response["Content-Length"] == str(len(response.content))
        assert response["ETag"].endswith('-fr"') and response["Cache-Control"] == "no-cache"
        again = client.get(url(name, event), HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304
    assert client.get("/events/no-such-event/standings/live/").status_code == 404
    assert client.get(url("standings-fragment", event), HTTP_HOST="not-allowed.example").status_code == 400
