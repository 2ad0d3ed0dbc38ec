"""The event app's side of each table layout (tournaments.layouts) and the engine answers the
event app asks instead of which layout it is (players_per_entrant, table_storage, stored,
sides_text): every layout has one, each says every sentence, and the answers are the hand-worked ones."""

import pytest
from django.utils import translation

from scoring.engine import layouts as engine_layouts
from scoring.engine.layouts import LAYOUTS
from tournaments import layouts
from tournaments.services import TABLE_STORAGES


def test_every_engine_layout_has_a_table_kind_and_a_storage():
    assert set(layouts.TABLE_KINDS) == set(LAYOUTS)
    for name, layout in LAYOUTS.items():
        assert layout.table_storage in TABLE_STORAGES, name


def test_every_kind_says_every_sentence():
    keys = {frozenset(kind.words) for kind in layouts.TABLE_KINDS.values()}
    assert len(keys) == 1


@pytest.mark.parametrize("name, per_entrant, storage, places", [
    ("partnerships", 2, "sides", ("ns", "ew")),
    ("progressive", 1, "seats", ("N", "E", "S", "W")),
    ("three-handed", 1, "seats", ("1", "2", "3")),
])
def test_who_an_entrant_is_and_how_tables_are_stored(name, per_entrant, storage, places):
    layout = LAYOUTS[name]
    assert layout.players_per_entrant == per_entrant
    assert layout.table_storage == storage
    assert layout.places == places


class _Event:
    def __init__(self, layout):
        self.layout = layout
        self.mixed_sizes = ""


@pytest.mark.parametrize("name, expected", [
    ("partnerships", "Partnership 7 withdrawn."),
    ("progressive", "Player 7 withdrawn."),
    ("three-handed", "Player 7 withdrawn."),
])
def test_say_fills_the_layouts_sentence(name, expected):
    with translation.override("en"):
        assert layouts.say(_Event(name), "withdrawn", number=7) == expected


def test_say_in_spanish_and_a_plural():
    with translation.override("es"):
        assert layouts.say(_Event("partnerships"), "entrants") == "Parejas"
    with translation.override("en"):
        assert layouts.say(_Event("three-handed"), "imported", count=1) == "1 player imported."
        assert layouts.say(_Event("partnerships"), "imported", count=3) == "3 partnerships imported."


def test_say_html_escapes_the_names_and_keeps_the_sentences_markup():
    with translation.override("en"):
        html = layouts.say_html(_Event("partnerships"), "changed", number=4, players="Ana <b> & Bob")
    assert html == "<strong>Partnership 4</strong> (Ana &lt;b&gt; &amp; Bob)"


def test_the_check_in_pages_seating_note():
    with translation.override("en"):
        partnerships = layouts.TABLE_KINDS["partnerships"].seating_note
        assert partnerships(6) == ""
        assert partnerships(7) == "With an odd number, one partnership sits out each round."
        assert layouts.TABLE_KINDS["three-handed"].seating_note(9).startswith("Tables of three, each for himself")


def test_a_stored_hand_read_back_gives_the_same_played_hand_as_its_columns():
    # RULES.md: 7 hearts made with 8 tricks by N-S is 200 to N-S, E-W 20 (two tricks).
    partners = LAYOUTS["partnerships"]
    result = partners.stored(declarer="ns", ns_points=200, ew_points=20, made=True)
    assert result.sides == {"ns": 200, "ew": 20} and result.seats["W"] == 20 and result.declarer == "ns"
    assert partners.played(3, result) == engine_layouts.PlayedHand(3, 0, (200, 20), True)
    nobody = partners.stored(declarer="", ns_points=60, ew_points=40, made=False)
    assert partners.played(4, nobody).declarer is None
    three = LAYOUTS["three-handed"]
    result = three.stored(declarer_seat="2", seat_points={"1": 30, "2": -100, "3": 50}, made=False)
    assert three.played(1, result) == engine_layouts.PlayedHand(1, 1, (30, -100, 50), False)
    assert three.columns(result)["seat_points"] == {"1": 30, "2": -100, "3": 50}


def test_who_plays_at_a_table_as_text():
    assert LAYOUTS["partnerships"].sides_text({"ns": 3, "ew": 7}) == ("3", "7")
    assert LAYOUTS["progressive"].sides_text({"N": 3, "E": 2, "S": 7, "W": 9}) == ("3 & 7", "2 & 9")
    assert LAYOUTS["three-handed"].sides_text({"1": 3, "2": 7, "3": 2}) == ("3", "7 v 2")
    assert LAYOUTS["three-handed"].sides_text({}) == ("", "")


def test_every_format_has_its_facts_on_the_event_page():
    from scoring.engine.formats import FORMATS
    assert set(layouts.FORMAT_FACTS) == set(FORMATS)


def test_every_storage_has_its_schedule_text_and_every_layout_of_players_its_demo():
    from tournaments.demo import DEMO_LAYOUTS
    from tournaments.management.commands.movement import SCHEDULE_TEXT
    assert {layout.table_storage for layout in LAYOUTS.values()} <= set(SCHEDULE_TEXT)
    assert set(DEMO_LAYOUTS) == {name for name, layout in LAYOUTS.items() if layout.players_per_entrant == 1}


def test_every_kinds_partials_exist():
    from django.template.loader import get_template
    for kind in layouts.TABLE_KINDS.values():
        for name in (kind.import_example, kind.dashboard_players, kind.dashboard_games):
            get_template(name)
    for name in layouts.FORMAT_FACTS.values():
        get_template(name)
