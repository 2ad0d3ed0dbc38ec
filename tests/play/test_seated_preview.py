"""The live preview at tables of two, five and six (issue 25): the table the phone's page carries
(scoring.previews.preview_seated_table) gives every player the points the server stores for the
hand (Layout.score), whoever bid, whoever was called, however the others' tricks fell; and the
entry page carries it. static/js/seats.js reads it: the bidding side's points for the bidder and
his partner (or his team), each other side its points by its own tricks."""

import html
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import layouts
from scoring.engine import rules as rules_engine
from scoring.event_io import event_import
from scoring.previews import preview_seated_table
from tests.builders import prove_side
from tests.conformance.samples import sample
from tournaments.models import Table

SEATED = ("two-handed", "five-handed", "six-pairs", "six-threes")
RULES = [
    rules_engine.rule_set("wikipedia-2006"),
    rules_engine.rule_set("official-team"),
    rules_engine.rule_set("wikipedia-2006", {"five_handed_misere": True}),
]


def looked_up(table, layout, contract, bidder, partner, tricks):
    """What static/js/seats.js shows: {seat: points} and made, from the table alone."""
    bidding = layout.side_of[bidder]
    side_tricks = tricks.get(bidding, 0) + (tricks.get(partner, 0) if partner else 0)
    made, side_points, by_own = table["points"][contract][side_tricks]
    seats = {}
    for seat in layout.seats:
        side = layout.side_of[seat]
        seats[seat] = side_points if side == bidding or seat == partner else by_own[tricks[side]]
    return made, seats


def hands(layout):
    """A legal hand at this layout: the contract's index, the bidder, the partner, tricks by side."""
    partner = st.sampled_from(("", *layout.seats)) if layout.calls_partner else st.just("")
    cuts = st.lists(st.integers(0, 10), min_size=len(layout.sides) - 1, max_size=len(layout.sides) - 1)

    def by_side(points):
        edges = [0, *sorted(points), 10]
        return dict(zip(layout.sides, [b - a for a, b in zip(edges, edges[1:], strict=False)], strict=True))

    return st.tuples(st.integers(0, 40), st.sampled_from(layout.seats), partner, cuts.map(by_side))


@pytest.mark.parametrize("name", SEATED)
@pytest.mark.parametrize("rules", RULES, ids=["wikipedia", "official", "misere-at-five"])
def test_the_preview_table_gives_every_player_the_points_the_server_scores(name, rules):
    layout = layouts.layout(name)
    table = preview_seated_table(name, rules)
    contracts = [c.code for c in rules.legal_contracts()]
    assert set(table["points"]) == set(contracts)

    @settings(max_examples=300, deadline=None)
    @given(hands(layout))
    def check(hand):
        index, bidder, partner, tricks = hand
        if partner == bidder:
            partner = ""
        contract = contracts[index % len(contracts)]
        try:
            result = layout.score(rules, layout.entry(contract=contract, declarer_seat=bidder,
                                                      seat_tricks=tricks, partner_seat=partner))
        except rules_engine.RulesError:
            return  # a hand the server refuses (a misère at five with the field off): no preview either
        assert looked_up(table, layout, contract, bidder, partner, tricks) == (result.made, result.seats)

    check()


def test_hand_worked_values():
    """RULES.md section 7, worked by hand (Avondale values: 7H 200, 8S 240, 6C 60)."""
    rules = rules_engine.rule_set("wikipedia-2006")
    five = preview_seated_table("five-handed", rules)["points"]
    # 7H made with 8 tricks between bidder and partner: each 200; a player with 2 tricks 20.
    assert five["7H"][8][:2] == [True, 200] and five["7H"][8][2][2] == 20
    # Set with 6: each -200; a player who took 3 of the other 4, 30.
    assert five["7H"][6][:2] == [False, -200] and five["7H"][6][2][3] == 30
    pairs = preview_seated_table("six-pairs", rules)["points"]
    # Three teams of two: 8S set with 7 tricks: the bidders -240, a team with 2 tricks 20, with 1 10.
    assert pairs["8S"][7][:2] == [False, -240] and pairs["8S"][7][2][2] == 20 and pairs["8S"][7][2][1] == 10
    threes = preview_seated_table("six-threes", rules)["points"]
    # Two teams of three, as four-handed partnerships: 6C made with 6, the others 4 tricks, 40.
    assert threes["6C"][6][:2] == [True, 60] and threes["6C"][6][2][4] == 40
    assert threes["6C"][6][2][3] is None  # the other team took all four left: no other count
    two = preview_seated_table("two-handed", rules)["points"]
    assert two["7H"][10][:2] == [True, 250]  # all ten: the slam, 250 for a contract under 250


@pytest.mark.django_db
@pytest.mark.parametrize("name", SEATED)
def test_the_entry_page_carries_its_layouts_table(client, name):
    """The phone's page of each layout's conformance sample carries that layout's table, as JSON."""
    table = _round_two_table(name)
    prove_side(client, table, "1")
    page = client.get(f"/t/{table.token}/").content.decode()
    found = re.search(r'<script id="seats-score-table" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page carries no seats-score-table"
    assert json.loads(found.group(1)) == json.loads(json.dumps(preview_seated_table(name, table.round.event.rules)))
    assert 'id="seats-preview"' in page
    # What the rows under the side's tricks ask fits the table: no partner at two or six.
    assert HINTS[name] in html.unescape(page)
    assert sum(hint in html.unescape(page) for hint in set(HINTS.values())) == 1


HINTS = {"two-handed": "The other side's tricks: what the bidder's side did not take.",
         "six-threes": "The other side's tricks: what the bidder's side did not take.",
         "five-handed": "The others' tricks (with a partner, his own too); the last one is worked out.",
         "six-pairs": "The other teams' tricks; the last one is worked out."}


def _round_two_table(name):
    event = event_import(sample(name).event_file("session", f"preview-{name}"))
    return Table.objects.get(round__event=event, round__number=2, number=1)
