"""scoring.engine.eventfile as a package: the one table of optional keys drives the checker, the
writer and the dataclasses' defaults; reading turns bytes into JSON with a message naming the file.

Pure: no database.
"""

import dataclasses

import pytest

from scoring.engine import eventfile
from scoring.engine.eventfile import keys, spec

KEYS_OF = {"event": keys.EVENT_KEYS, "partnership": keys.PARTNERSHIP_KEYS, "round": keys.ROUND_KEYS,
           "table": keys.TABLE_KEYS, "hand": keys.HAND_KEYS, "change": keys.CHANGE_KEYS, "staff": keys.STAFF_KEYS}
SPEC_OF = {"event": spec.EventSpec, "partnership": spec.PartnershipSpec, "round": spec.RoundSpec,
           "table": spec.TableSpec, "hand": spec.HandSpec, "change": spec.ChangeSpec, "staff": spec.StaffSpec}


def test_every_optional_key_is_an_allowed_key_and_a_spec_field():
    for kind, rows in keys.OPTIONAL.items():
        fields = {f.name for f in dataclasses.fields(SPEC_OF[kind])}
        for row in rows:
            assert row.key in KEYS_OF[kind], (kind, row.key)
            assert row.key in fields, (kind, row.key)


def test_the_dataclasses_take_their_plain_defaults_from_the_table():
    plain = {(kind, row.key): row.default for kind, rows in keys.OPTIONAL.items() for row in rows
             if not isinstance(row.default, keys.Derived)}
    assert plain[("event", "sit_out_policy")] == "average" and plain[("event", "page_size")] == "letter"
    made = {
        "event": spec.EventSpec(name="x", date=None, rules="mcallen", rounds=1, hands_per_round=1),
        "partnership": spec.PartnershipSpec(number=1, players=("a", "b")),
        "round": spec.RoundSpec(number=1),
        "table": spec.TableSpec(number=1, ns=1, ew=2),
        "change": spec.ChangeSpec(action="create", by="x", at=None),
        "hand": spec.HandSpec(number=1, contract="7H", declarer="ns", tricks=7),
    }
    for (kind, key), default in plain.items():
        assert getattr(made[kind], key) == default, (kind, key)


def test_an_optional_key_is_checked_through_its_row():
    data = {"format": "500-event/1",
            "event": {"name": "T", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 1,
                      "page_size": "a3", "medal_scope": "all"},
            "partnerships": [{"number": 1, "players": ["A", "B"], "checked_in": "yes"}], "rounds": []}
    assert eventfile.check(data)[0] == [
        'event.medal_scope: "all" is not a medal scope (overall, division, both)',
        'event.page_size: "a3" is not a page size (letter, a4)',
        'partnerships[0].checked_in: expected true or false, got text "yes"',
    ]


@pytest.mark.parametrize("raw, message", [
    (b"\xef\xbb\xbf{\"format\": 1}", None),
    (b"{", "x.json: not valid JSON: line 1 column 2: Expecting property name enclosed in double quotes"),
    (b"\xff", "x.json: not UTF-8 text (byte 1 cannot be read)"),
])
def test_reading_names_the_file(raw, message):
    if message is None:
        assert eventfile.read(raw, "x.json") == {"format": 1}
        assert eventfile.detect_format({"format": "500-event/1"}) == "500-event/1"
        assert eventfile.detect_format([1]) is None
        return
    with pytest.raises(eventfile.EventFileError) as caught:
        eventfile.read(raw, "x.json")
    assert caught.value.problems == [message]


def test_the_text_is_canonical_and_reads_back():
    data = {"format": "500-event/1",
            "event": {"name": "Peña", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 1},
            "partnerships": [], "rounds": []}
    text = eventfile.to_text(eventfile.parse(data))
    assert "Peña" in text and text.endswith("}\n") and text.startswith('{\n  "format": "500-event/1",\n')
    assert eventfile.to_text(eventfile.read(text.encode())) == text
