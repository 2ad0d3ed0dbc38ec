"""The event file's per-kind lookups (scoring.engine.eventfile.shapes): one entry per registered
table layout and per kind of entrant, each naming the file's keys as docs/event-file.md has them,
and an imported hand scored through its layout (Layout.score) to hand-worked points."""

from __future__ import annotations

import pytest

from scoring.engine import layouts, rules
from scoring.engine.eventfile import ENTRANT_FILES, TABLE_SHAPES, HandSpec, TableSpec, table_shape
from scoring.engine.vocabulary import ENTRANTS


def test_every_layout_and_kind_of_entrant_has_its_entry():
    # A new layout (tables of two, five, six) without its file shape fails here, not on import.
    assert set(TABLE_SHAPES) == set(layouts.LAYOUTS)
    assert set(ENTRANT_FILES) == set(ENTRANTS)
    for name, shape in TABLE_SHAPES.items():
        assert shape.layout is layouts.LAYOUTS[name]
        assert shape.hands in ("sides", "players", "teams") and shape.seating in ("pair", "keyed", "listed")
        assert {"entered", "wins"} <= set(shape.words)


def test_the_keys_a_table_names_its_entrants_by():
    pair = TableSpec(number=1, ns=3, ew=7)
    four = TableSpec(number=2, ns=0, ew=0, seats=(5, 1, 8, 2))
    three = TableSpec(number=3, ns=0, ew=0, seats=(4, 9, 2))
    assert TABLE_SHAPES["partnerships"].file_places(pair) == {"ns": 3, "ew": 7}
    assert TABLE_SHAPES["progressive"].file_places(four) == {"n": 5, "e": 1, "s": 8, "w": 2}
    assert TABLE_SHAPES["three-handed"].file_places(three) == {"seats": [4, 9, 2]}
    assert TABLE_SHAPES["three-handed"].places(three) == [("seats[0]", 4), ("seats[1]", 9), ("seats[2]", 2)]
    # Each refuses the other individuals' way of seating.
    assert TABLE_SHAPES["three-handed"].foreign_keys() == ("n", "e", "s", "w")
    assert TABLE_SHAPES["progressive"].foreign_keys() == ("seats",)
    assert TABLE_SHAPES["partnerships"].foreign_keys() == ()


@pytest.mark.parametrize(("entrants", "preset", "layout"), [
    ("partnerships", "mcallen", "partnerships"),
    ("partnerships", "three-handed", "partnerships"),  # the rules' own problem says it; tables still read
    ("individuals", "mcallen", "progressive"),
    ("individuals", "three-handed", "three-handed"),
    ("individuals", "no-such-rules", None),
    ("individuals", None, None),
])
def test_the_shape_an_event_is_read_by(entrants, preset, layout):
    shape = table_shape(entrants, preset)
    assert (shape.layout.name if shape else None) == layout


def test_a_three_handed_hand_is_scored_by_its_layout_and_back():
    # Player 9 sits in seat 2 and bids 7H under three-handed rules, taking 7 tricks: 200 (made);
    # player 4 (seat 1) took 2 tricks, 20; player 2 (seat 3) 1 trick, 10.
    shape = TABLE_SHAPES["three-handed"]
    seat_of = shape.seat_of((4, 9, 2))
    assert seat_of == {4: "1", 9: "2", 2: "3"}
    hand = HandSpec(number=1, contract="7H", declarer="", tricks=7, bidder=9, player_tricks={4: 2, 9: 7, 2: 1})
    fields = shape.entry_fields(hand, seat_of)
    assert fields["declarer_seat"] == "2" and fields["seat_tricks"] == {"1": 2, "2": 7, "3": 1}
    layout = shape.layout
    columns = layout.columns(layout.score(rules.PRESETS["three-handed"], layout.entry(**fields)))
    assert columns == {"ns_points": 0, "ew_points": 0, "made": True, "seat_points": {"1": 20, "2": 200, "3": 10}}
    stored = {"contract": "7H", "declarer": "", "tricks": 7, "dealer": "2", "declarer_seat": "2",
              "seat_tricks": {"1": 2, "2": 7, "3": 1}}
    assert shape.file_fields(stored, {"1": 4, "2": 9, "3": 2}) == {
        "contract": "7H", "declarer": "", "tricks": 7, "dealer": "", "bidder": 9,
        "player_tricks": {4: 2, 9: 7, 2: 1}}


def test_a_partnership_hand_is_scored_by_its_layout():
    # E-W bid 8S under McAllen and took 7 tricks: set 240; N-S 10 a trick for their 3.
    shape = TABLE_SHAPES["partnerships"]
    hand = HandSpec(number=2, contract="8S", declarer="ew", tricks=7)
    layout = shape.layout
    columns = layout.columns(layout.score(rules.PRESETS["mcallen"], layout.entry(**shape.entry_fields(hand, {}))))
    assert columns == {"ns_points": 30, "ew_points": -240, "made": False, "seat_points": None}
    stored = {"contract": "8S", "declarer": "ew", "tricks": 7, "declarer_seat": "", "seat_tricks": None}
    assert shape.file_fields(stored, {}) == {"contract": "8S", "declarer": "ew", "tricks": 7}
