"""scoring.services: hands scored with RULES.md's worked values, double entries, closed rounds,
McAllen P corrections, stale edits, confirmation, disputes and the paper-sheet grid."""

import pytest
from django.core.exceptions import ValidationError

from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_correct, hand_record, table_confirm, table_dispute, table_record_sheet
from tests.builders import enter_hands

NS_PHONE = Actor(label="N-S #1 (table link)")
EW_PHONE = Actor(label="E-W #2 (table link)")
ORGANIZER = Actor(label="olga (organizer)", is_organizer=True)


# RULES.md section 5, turned into the table's two sides. (declarer, contract, tricks, penalty kind,
# penalty side, N-S points, E-W points)
WORKED = [
    ("ns", "7H", 8, "", "", 200, 20),
    ("ns", "8NT", 7, "", "", -320, 30),
    ("ew", "6S", 10, "", "", 0, 250),
    ("ew", "9H", 10, "", "", 0, 400),
    ("ns", "10NT", 10, "", "", 520, 0),
    ("ew", "7D", 9, "revoke", "ew", 10, -180),      # revoke by the bidding side
    ("ew", "8C", 5, "revoke", "ns", 0, 260),        # revoke by the defenders (the brief's example)
    ("ns", "6C", 6, "", "", 60, 40),
    ("ns", "7S", 6, "", "", -140, 40),
]


@pytest.mark.parametrize("declarer,contract,tricks,kind,side,ns,ew", WORKED)
def test_hand_record_stores_the_points_worked_by_hand(setup, declarer, contract, tricks, kind, side, ns, ew):
    hand = hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", declarer=declarer, contract=contract,
                       tricks=tricks, penalty_kind=kind, penalty_side=side)
    hand.refresh_from_db()
    assert (hand.ns_points, hand.ew_points) == (ns, ew)
    assert hand.dealer == "N"


def test_bid_out_of_turn_is_recorded_with_the_seat_and_changes_no_points(setup):
    hand = hand_record(table=setup.t1, number=1, actor=NS_PHONE, declarer="ns", contract="6C", tricks=6,
                       penalty_kind="bid_out_of_turn", penalty_seat="E")
    assert (hand.ns_points, hand.ew_points, hand.penalty_seat, hand.penalty_side) == (60, 40, "E", "ew")


def test_the_deal_rotates_left_each_hand(setup):
    dealers = [hand_record(table=setup.t1, number=n, actor=NS_PHONE, declarer="ns", contract="7H", tricks=7).dealer
               for n in (1, 2, 3, 4)]
    assert dealers == ["N", "E", "S", "W"]


@pytest.mark.parametrize("values,field", [
    (dict(tricks=11), "tricks"),
    (dict(tricks=-1), "tricks"),
    (dict(contract="11H"), "contract"),
    (dict(contract="MIS"), "contract"),  # not under the McAllen preset
    (dict(declarer="nw"), "declarer"),
    (dict(penalty_kind="revoke"), "penalty_side"),
    (dict(penalty_kind="bid_out_of_turn"), "penalty_seat"),
    (dict(penalty_kind="note"), "note"),
    (dict(penalty_kind="bid_out_of_turn", penalty_seat="N", penalty_side="ew"), "penalty_seat"),
])
def test_bad_values_name_their_field_and_store_nothing(setup, values, field):
    base = dict(declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError) as caught:
        hand_record(table=setup.t1, number=1, actor=NS_PHONE, **(base | values))
    assert field in caught.value.message_dict
    assert not Hand.objects.exists() and not HandChange.objects.exists()


@pytest.mark.parametrize("number", [0, 5, 99])
def test_hand_number_out_of_range(setup, number):
    with pytest.raises(ValidationError, match="not between 1 and 4"):
        hand_record(table=setup.t1, number=number, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)


def test_the_same_entry_twice_makes_one_hand_and_one_history_row(setup):
    first = hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    again = hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", declarer="ns", contract="7h", tricks=8)
    assert first.pk == again.pk
    assert Hand.objects.count() == 1
    assert HandChange.objects.filter(action="create").count() == 1


def test_a_different_entry_for_a_stored_hand_is_refused(setup):
    hand_record(table=setup.t1, number=1, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError, match="already entered; correct it instead"):
        hand_record(table=setup.t1, number=1, actor=EW_PHONE, declarer="ew", contract="7H", tricks=8)
    assert Hand.objects.get().declarer == "ns"


def test_closed_round_refuses_the_table_but_not_the_organizer_with_a_reason(setup):
    hand = hand_record(table=setup.t1, number=1, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)
    setup.round.status = "closed"
    setup.round.save()
    with pytest.raises(ValidationError, match="closed"):
        hand_record(table=setup.t1, number=2, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError, match="closed"):
        hand_correct(hand=hand, expected_version=1, actor=NS_PHONE, tricks=7)
    with pytest.raises(ValidationError) as caught:
        hand_correct(hand=hand, expected_version=1, actor=ORGANIZER, tricks=7)
    assert "reason" in caught.value.message_dict
    fixed = hand_correct(hand=hand, expected_version=1, actor=ORGANIZER, tricks=7, reason="sheet said 7")
    assert (fixed.ns_points, fixed.ew_points, fixed.version) == (200, 30, 2)


def test_the_table_corrects_until_the_next_hand_then_only_the_organizer_with_a_reason(setup):
    one = hand_record(table=setup.t1, number=1, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)
    one = hand_correct(hand=one, expected_version=1, actor=EW_PHONE, tricks=6)  # McAllen P: still open
    assert (one.ns_points, one.ew_points, one.version) == (-200, 40, 2)
    hand_record(table=setup.t1, number=2, actor=NS_PHONE, declarer="ew", contract="6S", tricks=6)
    with pytest.raises(ValidationError, match="only an organizer"):
        hand_correct(hand=one, expected_version=2, actor=NS_PHONE, tricks=8)
    with pytest.raises(ValidationError) as caught:
        hand_correct(hand=one, expected_version=2, actor=ORGANIZER, tricks=8)
    assert caught.value.message_dict["reason"]
    one = hand_correct(hand=one, expected_version=2, actor=ORGANIZER, tricks=8, reason="N-S took 8")
    assert (one.ns_points, one.ew_points, one.version) == (200, 20, 3)
    updates = list(HandChange.objects.filter(action="update").order_by("pk"))
    assert [(u.old["tricks"], u.new["tricks"], u.reason, u.by) for u in updates] == [
        (8, 6, "", "E-W #2 (table link)"), (6, 8, "N-S took 8", "olga (organizer)")]
    assert (updates[1].old["ns_points"], updates[1].new["ns_points"]) == (-200, 200)


def test_a_stale_edit_names_who_changed_the_hand_and_overwrites_nothing(setup):
    hand = hand_record(table=setup.t1, number=1, actor=NS_PHONE, declarer="ns", contract="7H", tricks=8)
    hand_correct(hand=hand, expected_version=1, actor=EW_PHONE, tricks=7)
    changed = r"This hand was changed by E-W #2 \(table link\) at \d{1,2}:\d\d [AP]M\."  # 9:04 PM: vocabulary.clock_text
    with pytest.raises(ValidationError, match=changed):
        hand_correct(hand=hand, expected_version=1, actor=NS_PHONE, tricks=9)
    hand.refresh_from_db()
    assert (hand.tricks, hand.version) == (7, 2)
    assert HandChange.objects.filter(action="update").count() == 1


def test_confirmation_needs_every_hand_and_the_other_side(setup):
    hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError, match="Only 1 of 4 hands"):
        table_confirm(table=setup.t1, actor=EW_PHONE, side="ew")
    for n in (2, 3, 4):
        hand_record(table=setup.t1, number=n, actor=NS_PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    setup.t1.refresh_from_db()
    # N-S wrote every hand: its own phone accepts none of them (docs/trust.md), the other side does.
    with pytest.raises(ValidationError, match="Every hand was entered on this phone, so the other side confirms"):
        table_confirm(table=setup.t1, actor=NS_PHONE, side="ns")
    assert list(Hand.objects.filter(table=setup.t1).values_list("accepted_side", flat=True)) == [""] * 4
    pin = setup.t1.ew.pin  # a caller that did not prove the side beforehand may give its PIN here
    outcome = table_confirm(table=setup.t1, actor=EW_PHONE, side="ew", code=pin)
    assert (outcome.accepted, outcome.waiting, outcome.confirmed) == ((1, 2, 3, 4), (), True)
    again = table_confirm(table=setup.t1, actor=EW_PHONE, side="ew", code=pin)  # a double tap
    assert (again.already, again.accepted) == (True, ())
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_by == "E-W #2 (table link)"
    assert set(Hand.objects.filter(table=setup.t1).values_list("accepted_side", "accepted_by")) == {
        ("ew", "E-W #2 (table link)")}
    assert HandChange.objects.filter(action="confirm").count() == 1
    assert setup.t1.status_for(4, 4) == "confirmed"


def test_a_correction_after_confirmation_reopens_it(setup):
    enter_hands(setup.t1)
    setup.t1.refresh_from_db()
    table_confirm(table=setup.t1, actor=EW_PHONE, side="ew", code=setup.t1.ew.pin)
    hand = Hand.objects.get(table=setup.t1, number=4)
    # A confirmed table is read only through its link; staff correct it, with a reason.
    with pytest.raises(ValidationError, match="confirmed, so they can no longer be changed here"):
        hand_correct(hand=hand, expected_version=1, actor=EW_PHONE, tricks=9)
    hand_correct(hand=hand, expected_version=1, actor=ORGANIZER, tricks=9, reason="E-W miscounted")
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is None


def test_dispute_needs_a_reason_and_is_logged_once(setup):
    enter_hands(setup.t1)
    with pytest.raises(ValidationError) as caught:
        table_dispute(table=setup.t1, actor=EW_PHONE, reason="  ")
    assert "reason" in caught.value.message_dict
    table_dispute(table=setup.t1, actor=EW_PHONE, reason="Hand 3 was 8 tricks")
    table_dispute(table=setup.t1, actor=EW_PHONE, reason="Hand 3 was 8 tricks")
    setup.t1.refresh_from_db()
    assert setup.t1.status_for(4, 4) == "disputed"
    assert list(HandChange.objects.filter(action="dispute").values_list("reason", flat=True)) == ["Hand 3 was 8 tricks"]
    table_confirm(table=setup.t1, actor=ORGANIZER)  # the organizer settles it as entered
    setup.t1.refresh_from_db()
    assert setup.t1.status_for(4, 4) == "confirmed"


ROW = dict(declarer="ns", contract="7H", tricks=8, penalty_kind="", penalty_side="", penalty_seat="", note="")


def test_sheet_saves_every_row_in_one_go(setup):
    rows = [ROW, ROW | dict(declarer="ew", contract="8C", tricks=5, penalty_kind="revoke", penalty_side="ns"), None, None]
    table_record_sheet(table=setup.t1, rows=rows, actor=ORGANIZER)
    assert list(Hand.objects.filter(table=setup.t1).values_list("number", "ns_points", "ew_points")) == [
        (1, 200, 20), (2, 0, 260)]


def test_sheet_with_a_gap_or_a_bad_row_saves_nothing(setup):
    with pytest.raises(ValidationError) as caught:
        table_record_sheet(table=setup.t1, rows=[ROW, None, ROW, None], actor=ORGANIZER)
    assert "hand_2" in caught.value.message_dict
    with pytest.raises(ValidationError) as caught:
        table_record_sheet(table=setup.t1, rows=[ROW, ROW, ROW | dict(tricks=12), ROW | dict(contract="MIS")],
                           actor=ORGANIZER)
    assert set(caught.value.message_dict) == {"hand_3_tricks", "hand_4_contract"}
    assert not Hand.objects.exists() and not HandChange.objects.exists()


def test_sheet_corrects_a_stored_hand_and_needs_a_reason_once_the_next_is_in(setup):
    enter_hands(setup.t1)
    stored = [ROW | {"version": 1}] * 4
    changed = [ROW | dict(tricks=6, version=1)] + stored[1:]
    with pytest.raises(ValidationError) as caught:
        table_record_sheet(table=setup.t1, rows=changed, actor=ORGANIZER)
    assert "hand_1_reason" in caught.value.message_dict
    table_record_sheet(table=setup.t1, rows=changed, actor=ORGANIZER, reason="paper sheet says 6")
    assert Hand.objects.get(table=setup.t1, number=1).ns_points == -200
    assert HandChange.objects.filter(action="update").count() == 1
    with pytest.raises(ValidationError, match="leaving its row blank"):
        table_record_sheet(table=setup.t1, rows=[None] * 4, actor=ORGANIZER)
