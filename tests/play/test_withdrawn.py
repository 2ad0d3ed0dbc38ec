"""Withdrawn partnerships in the standings: their results stay on record (their opponents keep
their points) but they are listed after every finisher as "WD", never ranked, tied or given a
medal, and never make a medal place tied. Pure engine first, then the database, pages and files.

Every expected number below is worked by hand in the docstring or comment beside it.
"""

import csv
import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scoring.engine import standings as S
from scoring.integrity import event_check, totals_from_scratch
from scoring.printing.data import document, medals_doc
from scoring.selectors import event_standings
from tests.builders import four_pair_event, make_event, make_partnerships, page_text, play
from tournaments.models import Partnership, Tiebreak
from tournaments.services import partnership_withdraw, round_create


def entrant(number, division="", withdrawn=False):
    return S.Entrant(id=number, number=number, players=(f"P{number}a", f"P{number}b"), division=division,
                     withdrawn=withdrawn)


def table(rnd, ns, ew, ns_points, ew_points, *, hands=4, final=True):
    return S.TableResult(rnd, ns, ew, ns_points, ew_points, hands, final)


def one_round(totals, *, withdrawn=(), divisions=None, sessions=(), **setup):
    """Each partnership's whole total in round 1, paired off in number order (even count)."""
    numbers = sorted(totals)
    tables = [table(1, a, b, totals[a], totals[b]) for a, b in zip(numbers[::2], numbers[1::2])]
    ents = [entrant(n, (divisions or {}).get(n, ""), n in withdrawn) for n in numbers]
    return S.compute(setup=S.Setup(rounds=1, **setup), entrants=ents, tables=tables, tiebreaks=sessions,
                     rounds_created=[1])


def summary(rows):
    return [(r.number, r.rank, r.tied, r.medal, r.rank_label) for r in rows]


# ---------------------------------------------------------------- the pure engine


def test_withdrawn_pair_with_the_highest_total_is_listed_last_and_the_others_take_the_medals():
    """Two rounds, 4 pairs, sit-outs credited at the average of the pair's own complete rounds.
    R1: 1 v 2 -> 1: 150, 2: 520; 3 v 4 -> 3: 260, 4: -100. Pair 2 withdraws.
    R2 (re-planned without 2): 1 v 3 -> 1: 120, 3: 40; 4 sits out, credited its R1 average: -100.
    Totals: 2: 520 (withdrawn), 3: 300, 1: 270, 4: -200."""
    tables = [table(1, 1, 2, 150, 520), table(1, 3, 4, 260, -100), table(2, 1, 3, 120, 40)]
    st_ = S.compute(setup=S.Setup(rounds=2), entrants=[entrant(1), entrant(2, withdrawn=True), entrant(3), entrant(4)],
                    tables=tables, sit_outs=[(2, 4)], rounds_created=[1, 2])
    assert st_.progress.complete
    assert [(r.number, r.total) for r in st_.rows] == [(3, 300), (1, 270), (4, -200), (2, 520)]
    assert summary(st_.rows) == [
        (3, 1, False, "gold", "1"), (1, 2, False, "silver", "2"), (4, 3, False, "bronze", "3"),
        (2, None, False, None, "WD"),
    ]
    wd = st_.rows[-1]
    assert wd.withdrawn and wd.decided_by == "withdrawn" and wd.decided_label == "Withdrawn (not ranked)"
    # Its results stay: its own round 1, and its opponent's 150 in round 1.
    assert [c.points for c in wd.rounds] == [520, None]
    assert [c.points for c in st_.rows[1].rounds] == [150, 120]
    assert [c.opponent for c in st_.rows[1].rounds] == [2, 3]
    assert st_.overall.ties == () and st_.has_withdrawn and st_.withdrawn_rows == (wd,)
    assert [r.number for r in st_.overall.medallists] == [3, 1, 4]


def test_a_tie_between_a_withdrawn_pair_and_a_finisher_is_no_tie():
    # Without the withdrawal, 2 and 3 would share 2nd on 300: no silver or bronze.
    before = one_round({1: 400, 2: 300, 3: 300, 4: 100})
    assert summary(before.rows)[1:3] == [(2, 2, True, None, "2="), (3, 2, True, None, "2=")]
    st_ = one_round({1: 400, 2: 300, 3: 300, 4: 100}, withdrawn={3})
    assert summary(st_.rows) == [
        (1, 1, False, "gold", "1"), (2, 2, False, "silver", "2"), (4, 3, False, "bronze", "3"),
        (3, None, False, None, "WD"),
    ]
    assert st_.overall.ties == ()


def test_a_withdrawn_pair_never_makes_third_and_fourth_tied():
    # 3 and 4 both on 300 would tie for 3rd and 4th (no bronze); 4 is withdrawn, so 3 takes bronze.
    st_ = one_round({1: 500, 2: 400, 3: 300, 4: 300}, withdrawn={4})
    assert summary(st_.rows) == [
        (1, 1, False, "gold", "1"), (2, 2, False, "silver", "2"), (3, 3, False, "bronze", "3"),
        (4, None, False, None, "WD"),
    ]
    assert S.as_text(st_, "t").count("Tied for") == 0


def test_withdrawn_pairs_are_ordered_by_total_then_number_and_never_tied_with_each_other():
    st_ = one_round({1: 100, 2: 600, 3: 600, 4: 200, 5: 700, 6: 0}, withdrawn={2, 3, 5})
    assert summary(st_.rows) == [
        (4, 1, False, "gold", "1"), (1, 2, False, "silver", "2"), (6, 3, False, "bronze", "3"),
        (5, None, False, None, "WD"), (2, None, False, None, "WD"), (3, None, False, None, "WD"),
    ]


def test_a_tiebreak_session_orders_the_finishers_it_covers_without_the_withdrawn_pair():
    """1: 500; 2, 3 and 4 on 300; 4 withdrawn. Session 1 was played by 2 and 3 only (2: 80, 3: 120):
    it covers the finishers' tied block {2, 3}, so 3 is 2nd and 2 is 3rd. With 4 not withdrawn the
    block {2, 3, 4} is not covered and nobody would be ordered."""
    session = S.TiebreakSession(1, frozenset({2, 3}), (table(1, 2, 3, 80, 120),))
    totals = {1: 500, 2: 300, 3: 300, 4: 300}
    still_tied = one_round(totals, sessions=[session])
    assert [(r.number, r.rank, r.tied) for r in still_tied.rows] == [(1, 1, False), (2, 2, True), (3, 2, True),
                                                                      (4, 2, True)]
    st_ = one_round(totals, withdrawn={4}, sessions=[session])
    assert summary(st_.rows) == [
        (1, 1, False, "gold", "1"), (3, 2, False, "silver", "2"), (2, 3, False, "bronze", "3"),
        (4, None, False, None, "WD"),
    ]
    assert [r.decided_by for r in st_.rows] == ["total", "tiebreak 1", "tiebreak 1", "withdrawn"]


def test_head_to_head_among_finishers_ignores_the_withdrawn_pairs_results():
    """Secondary tiebreakers order only places without a medal: 6 pairs, 1-3 distinct, 4 and 5 on
    100, 6 withdrawn also on 100 (it played 5 in round 1: 5 got 100 there, 6 got 100).
    Round 1: 1 v 2 (600 / 500), 3 v 4 (400 / 100), 5 v 6 (100 / 100). Head-to-head between 4 and 5
    (the block without 6) finds no table between them: 0 each, so they share 4th."""
    tables = [table(1, 1, 2, 600, 500), table(1, 3, 4, 400, 100), table(1, 5, 6, 100, 100)]
    ents = [entrant(n, withdrawn=n == 6) for n in range(1, 7)]
    st_ = S.compute(setup=S.Setup(rounds=1, secondary_tiebreakers=("head_to_head",)), entrants=ents, tables=tables,
                    rounds_created=[1])
    assert [(r.number, r.rank, r.tied, r.decided_by) for r in st_.rows] == [
        (1, 1, False, "total"), (2, 2, False, "total"), (3, 3, False, "total"),
        (4, 4, True, "shared"), (5, 4, True, "shared"), (6, None, False, "withdrawn"),
    ]


def test_division_medals_skip_the_withdrawn_pair():
    """Medals per division only. Division A: 1 (500, withdrawn), 2 (400), 3 and 4 (300 each);
    division B: 5 (200), 6 (100). In A, 2 is 1st with gold, 3 and 4 share 2nd (a medal tie over
    2nd and 3rd, so no silver or bronze yet) and 1, the top score, is WD with no medal."""
    divisions = {1: "A", 2: "A", 3: "A", 4: "A", 5: "B", 6: "B"}
    st_ = one_round({1: 500, 2: 400, 3: 300, 4: 300, 5: 200, 6: 100}, withdrawn={1}, divisions=divisions,
                    medal_scope="division")
    a, b = st_.divisions
    assert summary(a.rows) == [(2, 1, False, "gold", "1"), (3, 2, True, None, "2="), (4, 2, True, None, "2="),
                               (1, None, False, None, "WD")]
    assert [(t.places, t.partnerships) for t in a.ties] == [((2, 3), (3, 4))]
    assert summary(b.rows) == [(5, 1, False, "gold", "1"), (6, 2, False, "silver", "2")]
    overall = {r.number: r for r in st_.rows}
    assert (overall[1].rank, overall[1].division_rank, overall[1].medal, overall[1].division_medal) == (
        None, None, None, None)
    assert st_.rows[-1].number == 1
    assert (overall[2].division_rank, overall[2].medal) == (1, "gold")


def test_both_scopes_withdrawn_pair_never_medals_overall_or_in_its_division():
    divisions = {1: "A", 2: "A", 3: "B", 4: "B"}
    st_ = one_round({1: 900, 2: 100, 3: 300, 4: 200}, withdrawn={1}, divisions=divisions, medal_scope="both")
    assert summary(st_.rows) == [(3, 1, False, "gold", "1"), (4, 2, False, "silver", "2"),
                                 (2, 3, False, "bronze", "3"), (1, None, False, None, "WD")]
    a = st_.divisions[0]
    assert summary(a.rows) == [(2, 1, False, "gold", "1"), (1, None, False, None, "WD")]
    assert all(not row.withdrawn or row.medal is None for r in st_.medal_rankings for row in r.medallists)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.booleans()), min_size=1, max_size=6).map(lambda x: x + x[::-1]),
       st.sampled_from(("overall", "division", "both")))
def test_finishers_rank_exactly_as_if_the_withdrawn_pairs_were_not_ranked_at_all(pairs, scope):
    """Property: the finishers' ranks, ties and medals equal those of the same event with the
    withdrawn entrants left out of the ranking; the withdrawn come last, by total, unranked."""
    totals = {n: 100 * points for n, (points, _) in enumerate(pairs, start=1)}
    gone = {n for n, (_, w) in enumerate(pairs, start=1) if w}
    divisions = {n: "AB"[n % 2] for n in totals}
    numbers = sorted(totals)
    tables = [table(1, a, b, totals[a], totals[b]) for a, b in zip(numbers[::2], numbers[1::2])]
    setup = S.Setup(rounds=1, medal_scope=scope)
    full = S.compute(setup=setup, entrants=[entrant(n, divisions[n], n in gone) for n in numbers], tables=tables,
                     rounds_created=[1])
    alone = S.compute(setup=setup, entrants=[entrant(n, divisions[n]) for n in numbers if n not in gone],
                      tables=tables, rounds_created=[1])

    def key(rows):
        return [(r.number, r.rank, r.tied, r.medal, r.division_rank, r.division_medal) for r in rows]

    finishers = [r for r in full.rows if not r.withdrawn]
    assert key(finishers) == key(alone.rows)
    tail = full.rows[len(finishers):]
    assert [r.number for r in tail] == sorted(gone, key=lambda n: (-totals[n], n))
    assert all(r.rank is None and not r.tied and r.medal is None and r.rank_label == "WD" for r in tail)
    assert [(t.places, t.partnerships) for _, t in full.medal_ties] == [
        (t.places, t.partnerships) for _, t in alone.medal_ties]


def test_json_csv_and_text_show_the_withdrawal():
    st_ = one_round({1: 400, 2: 300, 3: 300, 4: 100}, withdrawn={3})
    data = S.as_json(st_, "gao-2026")
    assert [(r["partnership"], r["rank"], r["tied"], r["medal"], r["withdrawn"]) for r in data["standings"]] == [
        (1, 1, False, "gold", False), (2, 2, False, "silver", False), (4, 3, False, "bronze", False),
        (3, None, False, None, True),
    ]
    assert all(set(r) == {"rank", "tied", "partnership", "players", "division", "total", "rounds",
                          "tiebreak_total", "medal", "withdrawn"} for r in data["standings"])
    assert json.loads(json.dumps(data))["standings"][3]["rank"] is None

    rows = list(csv.DictReader(io.StringIO(S.as_csv(st_))))
    assert [(r["rank"], r["partnership"], r["total"], r["medal"], r["decided_by"]) for r in rows] == [
        ("1", "1", "400", "gold", "total"), ("2", "2", "300", "silver", "total"), ("3", "4", "100", "bronze", "total"),
        ("WD", "3", "300", "", "withdrawn"),
    ]

    text = S.as_text(st_, "GAO")
    lines = text.splitlines()
    assert re.match(r"^\s*WD\s+3\s+P3a & P3b\s+300\s+300\s+4\s*$", lines[-3])
    assert "WD withdrawn (not ranked, no medal)" in text
    assert "WD" not in S.as_text(one_round({1: 400, 2: 300}), "GAO")  # no legend entry without a withdrawal


# ---------------------------------------------------------------- the database, pages and files


def text_of(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def highest_withdrawn(db):
    """four_pair_event (tests/builders.py): totals 1: 630, 3: 520, 2: 260, 4: -120, every table
    confirmed. Pair 1, the leader, withdraws."""
    event, p, _ = four_pair_event()
    partnership_withdraw(partnership=p[1])
    event.refresh_from_db()
    return event, p


def mid_event(db):
    """Pair 3 withdraws after round 1; round 2 is played without it (sit-outs at the average).
    R1 T1 1 v 2: 7H by 1, 8 tricks: 1 +200, 2 +20; 8NT by 2, 7 tricks: 2 -320, 1 +30 -> 1: 230, 2: -300
    R1 T2 3 v 4: 6S by 3, 10 tricks: 3 +250; 7D by 4, 9 tricks, revoke by 4: 4 -180, 3 +10 -> 3: 260, 4: -180
    R2 T1 1 v 4: 9H by 1, 10 tricks: 1 +400; 8C by 4, 5 tricks, revoke by 1: 4 +260, 1 0 -> 1: 400, 4: 260
    R2: 2 sits out, credited its own R1 average: -300.
    Totals: 1: 630, 3: 260 (withdrawn), 4: 80, 2: -600."""
    event = make_event(rounds=2, hands_per_round=2)
    p = make_partnerships(event, 4)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    t11, t12 = r1.tables.order_by("number")
    play(t11, [("ns", "7H", 8), ("ew", "8NT", 7)])
    play(t12, [("ns", "6S", 10), ("ew", "7D", 9, "revoke", "ew")])
    Partnership.objects.filter(pk=p[3].pk).update(withdrawn=True)
    r2 = round_create(event=event, number=2, tables=[(1, p[1], p[4])], byes=[p[2]])
    play(r2.tables.get(), [("ns", "9H", 10), ("ew", "8C", 5, "revoke", "ns")])
    event.refresh_from_db()
    return event, p


def test_selector_passes_the_withdrawal_and_the_leader_is_listed_last(highest_withdrawn):
    event, _ = highest_withdrawn
    standings = event_standings(event)
    assert [(r.number, r.rank, r.total, r.medal, r.withdrawn) for r in standings.rows] == [
        (3, 1, 520, "gold", False), (2, 2, 260, "silver", False), (4, 3, -120, "bronze", False),
        (1, None, 630, None, True),
    ]


def test_mid_event_withdrawal_keeps_its_opponents_points(db):
    event, _ = mid_event(db)
    standings = event_standings(event)
    assert [(r.number, r.rank_label, r.total, [c.points for c in r.rounds], r.medal) for r in standings.rows] == [
        (1, "1", 630, [230, 400], "gold"), (4, "2", 80, [-180, 260], "silver"), (2, "3", -600, [-300, -300], "bronze"),
        (3, "WD", 260, [260, None], None),
    ]
    assert event_check(event) == []
    call_command("check_event", event.slug)  # raises CommandError on any difference


def test_check_event_stays_clean_and_catches_a_withdrawn_row_given_a_place(highest_withdrawn, monkeypatch):
    from dataclasses import replace

    from scoring import selectors

    event, _ = highest_withdrawn
    assert event_check(event) == []
    real = selectors.event_standings

    def ranked_as_usual(event):
        standings = real(event)
        leader = replace(standings.rows[-1], rank=1, withdrawn=False, medal="gold")
        return replace(standings, rows=(leader, *standings.rows[:-1]))

    monkeypatch.setattr(selectors, "event_standings", ranked_as_usual)
    found = {(d.place, d.field, d.stored, d.recomputed) for d in event_check(event)}
    assert found == {
        ("partnership 1", "withdrawn", False, True),
        ("partnership 1", "rank", 1, None),
        ("partnership 1", "medal", "gold", None),
        ("partnership 3", "order", "after 1", "before 1"),
    }


def test_integrity_recomputation_marks_the_withdrawn():
    result = totals_from_scratch(partnerships=[1, 2], tables=[{"round": 1, "ns": 1, "ew": 2, "hands": [(200, 20)]}],
                                 byes=[], policy="zero", withdrawn={2})
    assert (result[1]["total"], result[1]["withdrawn"], result[2]["total"], result[2]["withdrawn"]) == (
        200, False, 20, True)


def test_query_count_stays_five_with_a_withdrawn_pair(highest_withdrawn, django_assert_max_num_queries):
    event, _ = highest_withdrawn
    Tiebreak.objects.create(event=event, sequence=1)
    with django_assert_max_num_queries(5):
        event_standings(event)


def test_json_and_csv_downloads(highest_withdrawn, client):
    event, _ = highest_withdrawn
    data = client.get(reverse("scoring:standings-json", args=[event.slug])).json()
    assert [(r["partnership"], r["rank"], r["withdrawn"]) for r in data["standings"]] == [
        (3, 1, False), (2, 2, False), (4, 3, False), (1, None, True)]
    body = client.get(reverse("scoring:standings-csv", args=[event.slug])).content.decode()
    assert body.splitlines()[-1].startswith("WD,no,1,")


def _page_rows(html: str) -> list[tuple[str, str]]:
    """(number, rank cell text) of each standings row, in page order."""
    rows = re.findall(r'<tr class="[^"]*" id="p(\d+)"><td class="rank">(.*?)</td>', html)
    return [(n, re.sub(r"<[^>]+>", "", cell).split()[0]) for n, cell in rows]


def test_standings_page_shows_wd_with_a_legend_and_keeps_it_last_when_sorted_by_rank(highest_withdrawn, client):
    event, _ = highest_withdrawn
    url = reverse("scoring:standings", args=[event.slug])
    html = client.get(url).content.decode()
    assert _page_rows(html) == [("3", "1"), ("2", "2"), ("4", "3"), ("1", "WD")]
    assert "withdrawn: results kept, not ranked, no medal" in html
    assert 'class="withdrawn" id="p1"' in html
    assert _page_rows(client.get(url + "?sort=-rank").content.decode()) == [
        ("4", "3"), ("2", "2"), ("3", "1"), ("1", "WD")]
    # Other columns sort the withdrawn pair with everyone: by total it is first.
    assert _page_rows(client.get(url + "?sort=-total").content.decode())[0] == ("1", "WD")
    found = client.get(url + "?find=1").content.decode()
    assert "No. 1 Ana1 Peña &amp; Luis1 O&#x27;Brien: rank WD (withdrawn), total 630." in found


def test_pages_without_a_withdrawal_have_no_wd_legend(db, client):
    event, _, _ = four_pair_event()
    html = page_text(client.get(reverse("scoring:standings", args=[event.slug])))
    assert "WD" not in html


def test_projector_partnership_and_medal_pages(highest_withdrawn, client):
    event, _ = highest_withdrawn
    projector = client.get(reverse("scoring:projector", args=[event.slug])).content.decode()
    assert re.search(r'<tr class=" withdrawn">\s*<td class="num">WD</td>\s*<td class="num">1</td>', projector)
    assert "WD withdrawn: results kept, not ranked" in projector
    page = client.get(reverse("scoring:partnership", args=[event.slug, 1])).content.decode()
    assert "WD</abbr>: withdrawn. Its results stay on record" in page and 'class="medal' not in page
    medals = client.get(reverse("scoring:medals", args=[event.slug])).content.decode()
    assert re.findall(r'<tr class="medal-(\w+)"><td>.*?</td><td class="num[^"]*">(\d+)</td>', medals) == [
        ("gold", "3"), ("silver", "2"), ("bronze", "4")]
    assert "not eligible for a medal: 1 Ana1 Peña" in medals


def test_standings_pdf_shows_wd_and_the_legend(highest_withdrawn):
    event, _ = highest_withdrawn
    text = text_of(document(event, "standings")[2])
    assert "WD 1 Ana1 Peña & Luis1 O'Brien — withdrawn 230 400 630 4" in text
    assert "1 3 Ana3 Peña & Luis3 O'Brien 260 260 520 4" in text
    assert "WD withdrawn: results kept (opponents keep their points), not ranked, no medal." in text


def test_medal_pdfs_and_certificates_leave_the_withdrawn_out(highest_withdrawn):
    event, _ = highest_withdrawn
    doc = medals_doc(event)
    assert [(p.place, p.medal, p.number) for g in doc.groups for p in g.places] == [
        (1, "Gold", 3), (2, "Silver", 2), (3, "Bronze", 4)]
    medals = text_of(document(event, "medals")[2])
    certificates = text_of(document(event, "certificates")[2])
    assert "Ana3 Peña" in medals and "Ana3 Peña" in certificates
    assert "Ana1 Peña" not in medals and "Ana1 Peña" not in certificates


def test_a_tiebreak_between_withdrawn_pairs_is_refused_by_name(highest_withdrawn):
    from django.core.exceptions import ValidationError

    from scoring.tiebreaks import tiebreak_create

    event, p = highest_withdrawn
    partnership_withdraw(partnership=p[3])
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[p[1], p[3]])
    assert err.value.message_dict == {"partnerships": [
        "These partnerships are not tied with each other (1 is withdrawn on 630; 3 is withdrawn on 520)."]}
