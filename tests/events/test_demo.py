"""The demo event: deterministic, valid, realistic; the demo_event and setup_demo commands."""

import collections
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import eventfile
from scoring.engine import rules as rules_engine
from scoring.event_io import event_import
from scoring.models import Hand
from tournaments.demo import DIVISIONS, build_demo_event, build_demo_individuals_event
from tournaments.models import Event, EventStaff, Round, Table

MCALLEN = rules_engine.rule_set("mcallen")


def all_hands(data: dict) -> list[dict]:
    return [h for r in data["rounds"] for t in r["tables"] for h in t["hands"]]


def test_same_seed_same_file_and_another_seed_another():
    a = build_demo_event(partnerships=20, seed=11)
    assert a == build_demo_event(partnerships=20, seed=11)
    assert a != build_demo_event(partnerships=20, seed=12)


@settings(max_examples=25, deadline=None)
@given(partnerships=st.integers(2, 41), rounds=st.integers(1, 12), complete=st.booleans(), seed=st.integers(0, 10**6))
def test_every_demo_file_is_valid_with_a_proper_movement(partnerships, rounds, complete, seed):
    data = build_demo_event(partnerships=partnerships, rounds=rounds, complete=complete, seed=seed)
    assert eventfile.check(data)[0] == []
    numbers = set(range(1, partnerships + 1))
    for rnd in data["rounds"]:
        seated = [t["ns"] for t in rnd["tables"]] + [t["ew"] for t in rnd["tables"]] + rnd["byes"]
        assert sorted(seated) == sorted(numbers), "everyone plays or sits out, once"
        assert len(rnd["byes"]) == partnerships % 2
    assert len(data["rounds"]) == rounds
    names = [n for p in data["partnerships"] for n in p["players"]]
    assert len(names) == len(set(names)), "no person appears twice"


def test_byes_rotate_with_an_odd_count():
    data = build_demo_event(partnerships=11, rounds=10, seed=5)
    byes = [b for r in data["rounds"] for b in r["byes"]]
    assert len(byes) == 10 and len(set(byes)) == 10, "nobody sits out twice before everyone has sat out once"


def test_first_rounds_meet_new_opponents():
    data = build_demo_event(partnerships=12, seed=5)
    meetings = collections.Counter(
        frozenset((t["ns"], t["ew"])) for r in data["rounds"] for t in r["tables"]
    )
    assert max(meetings.values()) == 1  # 12 partnerships, 10 rounds: nobody meets twice


def test_hands_look_like_a_real_session():
    data = build_demo_event(partnerships=200, complete=True, seed=2026)
    hands = all_hands(data)
    assert len(hands) == 200 // 2 * 10 * 4
    for h in hands:
        MCALLEN.check_legal(h["contract"])
        assert 0 <= h["tricks"] <= 10
    bids = collections.Counter(rules_engine.parse_contract(h["contract"]).tricks for h in hands)
    share = {k: v / len(hands) for k, v in bids.items()}
    assert share[6] + share[7] + share[8] > 0.8, "mostly six to eight bids"
    assert share[10] < 0.06
    made = sum(h["tricks"] >= rules_engine.parse_contract(h["contract"]).tricks for h in hands) / len(hands)
    assert 0.7 < made < 0.9, "sets happen, but most contracts are made"
    slams = sum(h["tricks"] == 10 for h in hands) / len(hands)
    assert 0.005 < slams < 0.05
    penalties = [h for h in hands if "penalty" in h]
    assert 0 < len(penalties) / len(hands) < 0.03
    assert {p["penalty"]["kind"] for p in penalties} <= {"revoke", "bid_out_of_turn", "exposed_card"}
    assert abs(sum(h["declarer"] == "ns" for h in hands) / len(hands) - 0.5) < 0.05


def test_names_and_divisions_are_those_of_a_mcallen_senior_event():
    data = build_demo_event(partnerships=150, seed=2026)
    names = " ".join(n for p in data["partnerships"] for n in p["players"])
    assert re.search(r"[áéíóúñÁÉÍÓÚÑü]", names), "accented names"
    assert "'" in names, "O'Brien and friends"
    assert {p["division"] for p in data["partnerships"]} == set(DIVISIONS)
    assert any(n.split()[-1] == m.split()[-1] for p in data["partnerships"] for n, m in [p["players"]]), "couples"


def test_mid_session_shape():
    data = build_demo_event(partnerships=16, seed=9)
    parsed = eventfile.parse(data)
    statuses = [r.status for r in parsed.rounds]
    assert statuses == ["closed"] * 4 + ["open"] + ["planned"] * 5
    current = parsed.rounds[4].tables
    assert any(len(t.hands) == 4 and not t.confirmed and not t.dispute for t in current), "waiting for confirmation"
    assert any(0 < len(t.hands) < 4 for t in current), "mid-way"
    assert any(not t.hands for t in current), "not started"
    assert sum(bool(t.dispute) for t in current) == 1
    assert all(t.confirmed for r in parsed.rounds[:4] for t in r.tables)
    complete = eventfile.parse(build_demo_event(partnerships=16, seed=9, complete=True))
    assert {r.status for r in complete.rounds} == {"closed"}


def test_too_few_partnerships():
    with pytest.raises(ValueError):
        build_demo_event(partnerships=1)


@pytest.mark.django_db
def test_demo_event_command_imports_the_seeded_event():
    out = io.StringIO()
    call_command("demo_event", "--partnerships", "9", "--seed", "4", "--complete", stdout=out)
    event = Event.objects.get(slug="demo-9-4-complete")
    assert "9 partnerships, 10 rounds, 160 hands" in out.getvalue()  # 4 tables x 4 hands x 10 rounds
    assert Hand.objects.filter(table__round__event=event).count() == 160
    assert event.round_set.filter(status=Round.Status.CLOSED).count() == 10
    with pytest.raises(CommandError) as caught:
        call_command("demo_event", "--partnerships", "9", "--seed", "4", "--complete", stdout=io.StringIO())
    assert "exists already" in str(caught.value)
    call_command("demo_event", "--partnerships", "3", "--slug", "tiny", "--rounds", "3", stdout=io.StringIO())
    assert Event.objects.get(slug="tiny").rounds == 3


@pytest.mark.django_db
def test_a_complete_demo_with_a_medal_tie_plays_a_tiebreak_session():
    data = build_demo_event(partnerships=20, complete=True, seed=3)
    assert [t["partnerships"] for t in data["tiebreaks"]] == [[6, 8]]
    assert eventfile.check(data)[0] == []
    out = io.StringIO()
    event_import(data, slug="tied")
    call_command("standings", "tied", "--format", "json", stdout=out)
    rows = {r["partnership"]: r for r in json.loads(out.getvalue())["standings"]}
    assert rows[6]["total"] == rows[8]["total"]
    assert rows[6]["tiebreak_total"] is not None and rows[8]["tiebreak_total"] is not None
    # The session decided the tie: the higher tiebreak total takes 3rd place and the bronze.
    winner, loser = sorted((rows[6], rows[8]), key=lambda r: -r["tiebreak_total"])
    assert winner["tiebreak_total"] > loser["tiebreak_total"]
    assert (winner["rank"], winner["medal"], loser["rank"], loser["medal"]) == (3, "bronze", 4, None)


@pytest.mark.django_db
def test_setup_demo_is_idempotent_and_prints_the_password_once():
    first = io.StringIO()
    call_command("setup_demo", stdout=first)
    text = first.getvalue()
    event = Event.objects.get(slug="golden-age-olympics-demo")
    assert event.partnerships.count() == 12
    assert event.round_set.filter(status="open").count() == 1
    password = re.search(r"password: (\S+)", text).group(1)
    # The first login's name is random, not the well-known "organizer" (docs/operations.md, "Production").
    username = re.search(r"username: (organizer-[0-9a-z]{6})\n", text).group(1)
    user = get_user_model().objects.get(username=username)
    assert user.is_superuser and user.check_password(password)
    assert EventStaff.objects.filter(event=event, user=user, role="organizer").exists()
    tables, users = Table.objects.count(), get_user_model().objects.count()

    second = io.StringIO()
    call_command("setup_demo", stdout=second)
    assert "password:" not in second.getvalue() and password not in second.getvalue()
    assert "exists already" in second.getvalue()
    assert Event.objects.count() == 1 and Table.objects.count() == tables
    assert get_user_model().objects.count() == users
    user.refresh_from_db()
    assert user.check_password(password)


@pytest.mark.django_db
def test_setup_demo_leaves_existing_events_alone():
    call_command("demo_event", "--partnerships", "4", "--slug", "mine", "--rounds", "3", stdout=io.StringIO())
    call_command("setup_demo", stdout=io.StringIO())
    assert list(Event.objects.values_list("slug", flat=True)) == ["mine"]
    assert get_user_model().objects.filter(username__startswith="organizer-", is_superuser=True).exists()


# ---------------------------------------------------------------- events of individuals


def test_a_demo_of_individuals_is_seeded_and_valid():
    a = build_demo_individuals_event(players=10, seed=11)
    assert a == build_demo_individuals_event(players=10, seed=11)
    assert a != build_demo_individuals_event(players=10, seed=12)
    for seats in (3, 4):
        for complete in (False, True):
            data = build_demo_individuals_event(players=14, seats=seats, complete=complete, seed=7)
            assert eventfile.check(data)[0] == [], (seats, complete)


def test_a_complete_progressive_demo_seats_four_at_each_table_with_a_new_partner():
    data = build_demo_individuals_event(players=10, seats=4, rounds=6, complete=True, seed=5)
    assert data["event"]["entrants"] == "individuals" and data["event"]["rules"] == "mcallen"
    assert len(data["players"]) == 10 and len({p["name"] for p in data["players"]}) == 10
    partners = collections.Counter()
    for rnd in data["rounds"]:
        # 10 players: two tables of four, two sitting out (10 mod 4)
        assert len(rnd["tables"]) == 2 and len(rnd["byes"]) == 2
        seated = [t[k] for t in rnd["tables"] for k in "nesw"] + rnd["byes"]
        assert sorted(seated) == list(range(1, 11))
        for t in rnd["tables"]:
            partners.update([frozenset((t["n"], t["s"])), frozenset((t["e"], t["w"]))])
            assert [h["hand"] for h in t["hands"]] == [1, 2, 3, 4]
            assert all(h["declarer"] in ("ns", "ew") for h in t["hands"])
    assert max(partners.values()) == 1, "nobody partners anyone twice in 6 rounds of 10 players"
    assert len(all_hands(data)) == 6 * 2 * 4


def test_a_three_handed_demo_gives_each_seated_player_his_tricks():
    data = build_demo_individuals_event(players=7, seats=3, rounds=3, complete=True, seed=2)
    assert data["event"]["rules"] == "three-handed"
    for rnd in data["rounds"]:
        assert len(rnd["tables"]) == 2 and len(rnd["byes"]) == 1  # 7 players: two tables of three, one out
        for t in rnd["tables"]:
            for h in t["hands"]:
                assert h["declarer"] in t["seats"]
                assert sorted(h["tricks"]) == sorted(str(p) for p in t["seats"])
                assert sum(h["tricks"].values()) == 10
    assert len(all_hands(data)) == 3 * 2 * 4


def test_a_five_handed_demo_calls_a_partner_at_tables_of_five_nobody_out():
    data = build_demo_individuals_event(players=15, seats=5, rounds=3, complete=True, seed=3)
    # The file names its table size (issue 25); McAllen rules, the four-handed preset.
    assert data["event"]["players_per_table"] == 5 and data["event"]["rules"] == "mcallen"
    assert "six_handed" not in data["event"]
    assert eventfile.check(data)[0] == []
    alone = 0
    for rnd in data["rounds"]:
        # 15 players: three tables of five, nobody sits out
        assert len(rnd["tables"]) == 3 and rnd["byes"] == []
        assert sorted(p for t in rnd["tables"] for p in t["seats"]) == list(range(1, 16))
        for t in rnd["tables"]:
            assert len(t["seats"]) == 5 and [h["hand"] for h in t["hands"]] == [1, 2, 3, 4]
            for h in t["hands"]:
                assert h["declarer"] in t["seats"]
                assert h["partner"] is None or (h["partner"] in t["seats"] and h["partner"] != h["declarer"])
                alone += h["partner"] is None
                assert sorted(h["tricks"]) == sorted(str(p) for p in t["seats"])
                assert sum(h["tricks"].values()) == 10
    assert alone < 3 * 3 * 4  # mostly with a partner
    assert build_demo_individuals_event(players=15, seats=5, rounds=3, seed=3)["event"]["players_per_table"] == 5
    six = build_demo_individuals_event(players=12, seats=6, rounds=2, complete=True, seed=3, six_handed="two-threes")
    assert (six["event"]["players_per_table"], six["event"]["six_handed"]) == (6, "two-threes")
    assert eventfile.check(six)[0] == []


def test_a_mid_session_demo_of_individuals_stops_in_the_round_in_play():
    data = build_demo_individuals_event(players=40, seats=4, rounds=10, seed=9)
    parsed = eventfile.parse(data)
    assert [r.status for r in parsed.rounds[:4]] == ["closed"] * 4
    current = parsed.rounds[4].tables
    assert any(0 < len(t.hands) < 4 for t in current), "mid-way"
    assert any(not t.hands for t in current), "not started"
    assert sum(bool(t.dispute) for t in current) == 1
    assert all(not t.hands for r in parsed.rounds[5:] for t in r.tables)


def test_a_demo_of_individuals_refuses_a_wrong_size():
    with pytest.raises(ValueError):
        build_demo_individuals_event(players=2, seats=3)
    with pytest.raises(ValueError):
        build_demo_individuals_event(players=501)
    with pytest.raises(ValueError):
        build_demo_individuals_event(players=12, seats=7)
    with pytest.raises(ValueError):
        build_demo_individuals_event(players=4, seats=5)
    with pytest.raises(ValueError):  # a table of six says which teams
        build_demo_individuals_event(players=12, seats=6)


@pytest.mark.django_db
def test_demo_event_command_builds_an_event_of_individuals():
    out = io.StringIO()
    call_command("demo_event", "--players", "13", "--seats", "3", "--seed", "4", "--complete", stdout=out)
    event = Event.objects.get(slug="demo-13-three-handed-4-complete")
    # 13 players three-handed: 4 tables (one sits out) x 4 hands x 10 rounds
    assert "13 players, 10 rounds, 160 hands" in out.getvalue()
    assert event.individuals and event.partnerships.count() == 13
    assert Hand.objects.filter(table__round__event=event).count() == 160
    call_command("demo_event", "--players", "8", "--seed", "4", "--complete", "--rounds", "2", stdout=io.StringIO())
    event = Event.objects.get(slug="demo-8-progressive-4-complete")
    assert Hand.objects.filter(table__round__event=event).count() == 2 * 2 * 4
    with pytest.raises(CommandError):
        call_command("demo_event", "--players", "8", "--partnerships", "4", stdout=io.StringIO())
    with pytest.raises(CommandError) as caught:
        call_command("demo_event", "--players", "2", "--seats", "3", stdout=io.StringIO())
    assert "--players must be between 3 and 500" in str(caught.value)
    # Tables of five (issue 25): 10 players are two tables a round, nobody out; 2 rounds of 4 hands.
    out = io.StringIO()
    call_command("demo_event", "--players", "10", "--seats", "5", "--seed", "4", "--complete", "--rounds", "2",
                 stdout=out)
    event = Event.objects.get(slug="demo-10-five-handed-4-complete")
    assert event.layout == "five-handed" and "10 players, 2 rounds, 16 hands" in out.getvalue()
    assert Hand.objects.filter(table__round__event=event).count() == 2 * 2 * 4
    with pytest.raises(CommandError) as caught:
        call_command("demo_event", "--players", "12", "--seats", "6", stdout=io.StringIO())
    assert "--six-handed" in str(caught.value)
