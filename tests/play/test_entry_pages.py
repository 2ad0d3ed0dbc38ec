"""The table link's entry page: choosing a side, entering hands, the preview, corrections, bad
input, closed rounds, the code page, and the organizer's paper-sheet grid."""

import pytest
from django.urls import reverse

from scoring.models import ConfirmFailure, Hand, HandChange
from scoring.services import Actor, hand_record
from tests.builders import hand_post, prove_side

PHONE = Actor(label="N-S #1 (table link)")


def entry_url(table):
    return reverse("scoring:table-entry", args=[table.token])


def hand_url(table, number):
    return reverse("scoring:table-hand", args=[table.token, number])


def choose(client, table, side):
    """Prove the phone's side with its PIN (tests.builders.prove_side), as the side page asks."""
    prove_side(client, table, side)
    return client.get(entry_url(table))


def text(response):
    return response.content.decode()


def test_first_visit_asks_which_partnership_holds_the_phone(client, setup):
    page = text(client.get(entry_url(setup.t1)))
    assert "Which partnership is holding this phone?" in page
    assert "Ana Ruiz (North) &amp; Bea Cruz (South)" in page
    assert "Carl Diaz (East) &amp; Dora Vega (West)" in page
    assert 'name="contract"' not in page


def test_the_page_shows_seats_dealer_hands_and_running_totals(client, setup):
    hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    hand_record(table=setup.t1, number=2, actor=PHONE, side="ns", declarer="ew", contract="8C", tricks=5,
                penalty_kind="revoke", penalty_side="ns")
    choose(client, setup.t1, "ns")
    page = text(client.get(entry_url(setup.t1)))
    assert "Round 1 · Table 1" in page and setup.event.name in page
    for seat, name in (("N", "Ana Ruiz"), ("E", "Carl Diaz"), ("S", "Bea Cruz"), ("W", "Dora Vega")):
        assert f'<span class="seat-letter">{seat}</span> {name}' in page
    assert "Hand 3 <span class=\"muted\">of 4 · Bea Cruz (S) deals" in page
    assert '<dd class="total" id="total-ns">200</dd>' in page      # 200 + 0
    assert '<dd class="total" id="total-ew">280</dd>' in page      # 20 + 260
    assert "Established revoke by N-S" in page
    assert "7♥ Hearts · 200" in page


def test_a_saved_hand_stores_the_server_points(client, setup):
    choose(client, setup.t1, "ew")
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, declarer="ew", contract="8C", tricks=5,
                                                   penalty_kind="revoke", penalty_side="ns"))
    assert r.status_code == 302
    hand = Hand.objects.get()
    assert (hand.ns_points, hand.ew_points, hand.entered_by) == (0, 260, "E-W #2 on their phone")
    setup.t1.refresh_from_db()
    assert setup.t1.entered_side == "ew"


def test_a_prefilled_link_and_the_check_button_preview_without_saving(client, setup):
    choose(client, setup.t1, "ns")
    page = text(client.get(entry_url(setup.t1) + "?declarer=ns&contract=7H&tricks=8"))
    assert "<strong data-preview-ns>+200</strong>" in page and "<strong data-preview-ew>+20</strong>" in page
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, contract="8NT", tricks=7) | {"preview": "1"})
    assert "<strong data-preview-ns>-320</strong>" in text(r) and "<strong data-preview-ew>+30</strong>" in text(r)
    assert not Hand.objects.exists()


@pytest.mark.parametrize("values,message", [
    (dict(tricks=11), "Tricks must be a number from 0 to 10; 11 is not."),
    (dict(tricks="x"), "Tricks must be a number from 0 to 10; x is not."),
    (dict(contract="MIS"), "MIS is not a contract under the McAllen Golden Age Olympics rules"),
    (dict(contract="5H"), "5H is not a contract under the McAllen Golden Age Olympics rules"),
    (dict(declarer=""), "Choose the side that won the bid."),
    (dict(number=3), "Enter hand 1 before hand 3."),
    (dict(number=9), "Hand 9 is not a hand of this round (1 to 4)."),
    (dict(number=0), "Hand 0 is not a hand of this round (1 to 4)."),
    (dict(round=999999), "Table 1 is not in the round this page was opened for."),
    (dict(penalty_kind="revoke"), "Say which side revoked."),
    (dict(penalty_kind="bid_out_of_turn"), "Say which player bid out of turn."),
    (dict(note="x" * 501), "Keep the note under 500 characters"),
])
def test_bad_input_gets_a_clear_message_and_nothing_is_saved(client, setup, values, message):
    choose(client, setup.t1, "ns")
    values = dict(values)
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, values.pop("number", 1), **values))
    assert r.status_code == 400
    assert message in text(r).replace("&#x27;", "'")
    assert "Nothing was saved." in text(r)
    assert not Hand.objects.exists() and not HandChange.objects.exists()


def test_penalty_fields_left_over_from_another_choice_are_dropped(client, setup):
    choose(client, setup.t1, "ns")
    client.post(entry_url(setup.t1), hand_post(setup.t1, 1, penalty_side="ew", penalty_seat="E", note="led early",
                                               penalty_kind="exposed_card"))
    hand = Hand.objects.get()
    assert (hand.penalty_kind, hand.penalty_seat, hand.penalty_side, hand.note, hand.ns_points) == (
        "exposed_card", "E", "ew", "led early", 200)


def test_closed_round_refuses_entries_from_the_table_link(client, setup):
    choose(client, setup.t1, "ns")
    setup.round.status = "closed"
    setup.round.save()
    page = text(client.get(entry_url(setup.t1)))
    assert "Round 1 is closed" in page and 'name="contract"' not in page
    client.post(entry_url(setup.t1), hand_post(setup.t1, 1))
    assert not Hand.objects.exists()


def test_the_table_corrects_a_hand_until_the_next_one_is_entered(client, setup):
    choose(client, setup.t1, "ew")
    hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    r = client.post(hand_url(setup.t1, 1), hand_post(setup.t1, 1, tricks=6, version=1))
    assert r.status_code == 302
    assert Hand.objects.get().ns_points == -200
    hand_record(table=setup.t1, number=2, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    page = text(client.get(hand_url(setup.t1, 1)))
    assert "Only the last hand can be changed after the next one starts. If hand 1 is wrong, call the organizer." in page
    assert 'name="tricks"' not in page
    r = client.post(hand_url(setup.t1, 1), hand_post(setup.t1, 1, tricks=9, version=2))
    assert r.status_code == 400 and "Only the last hand can be changed after the next one starts." in text(r)
    assert Hand.objects.get(number=1).tricks == 6


def test_a_stale_correction_says_who_changed_it_and_writes_nothing(client, setup):
    choose(client, setup.t1, "ns")
    hand = hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    from scoring.services import hand_correct
    hand_correct(hand=hand, expected_version=1, actor=Actor(label="E-W #2 (table link)"), tricks=7)
    r = client.post(hand_url(setup.t1, 1), hand_post(setup.t1, 1, tricks=10, version=1))
    page = text(r)
    assert r.status_code == 400
    assert "This hand was changed by E-W #2 (table link) at " in page
    assert "Now stored:" in page and "7 tricks" in page
    assert Hand.objects.get().tricks == 7


def test_an_unknown_or_revoked_link_gets_a_plain_404(client, setup):
    old = setup.t1.token
    setup.t1.revoke_token()
    for token in (old, "NOT-A-TABLE", "0" * 26):
        r = client.get(reverse("scoring:table-entry", args=[token]))
        assert r.status_code == 404
        assert "This table link does not work" in text(r)
        assert "Ana Ruiz" not in text(r) and "Round" not in text(r)


def test_the_code_page_accepts_a_typed_code_in_any_case_with_dashes(client, setup):
    from tournaments.models import format_token
    typed = format_token(setup.t2.token).lower()
    r = client.post(reverse("scoring:table-code"), {"code": typed})
    assert r.status_code == 302 and r["Location"] == entry_url(setup.t2)
    r = client.post(reverse("scoring:table-code"), {"code": "ABCD-EFGH"})
    assert "A table code has 26 letters and digits; this one has 8." in text(r)
    r = client.post(reverse("scoring:table-code"), {"code": "0" * 26})
    assert "No table has this code" in text(r)


def test_a_phone_handed_over_is_proven_again_by_the_other_side(client, setup):
    """docs/trust.md 1: "not you?" forgets the proven side even after this phone saved a hand (it is
    handed over), and the other side proves itself on it with its own PIN; until then nothing goes in."""
    side_url = reverse("scoring:table-side", args=[setup.t1.token])
    choose(client, setup.t1, "ns")
    client.post(side_url, {"clear": "1"})
    assert "Which partnership is holding this phone?" in text(client.get(entry_url(setup.t1)))
    choose(client, setup.t1, "ns")
    assert client.post(entry_url(setup.t1), hand_post(setup.t1, 1)).status_code == 302
    client.post(side_url, {"clear": "1"})
    page = text(client.post(entry_url(setup.t1), hand_post(setup.t1, 2)))
    assert "Which partnership is holding this phone?" in page and 'name="contract"' not in page
    assert list(Hand.objects.filter(table=setup.t1).values_list("number", "entered_side")) == [(1, "ns")]
    # N-S's PIN does not prove E-W: the phone stays unproven.
    r = client.post(side_url, {"side": "ew", "code": setup.t1.ns.pin})
    assert r.status_code == 400 and "That is not the E-W PIN. Check your movement card." in text(r)
    choose(client, setup.t1, "ew")
    assert "This phone: <strong>E-W #2</strong>" in text(client.get(entry_url(setup.t1)))


def test_no_confirmation_step_when_the_event_does_not_ask_for_one(client, setup):
    setup.event.confirmation_required = False
    setup.event.save()
    for n in range(1, 5):
        hand_record(table=setup.t1, number=n, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    choose(client, setup.t1, "ew")
    page = text(client.get(entry_url(setup.t1)))
    assert "All 4 hands are in." in page and "Confirm the scores" not in page and "Check and confirm" not in page


# --- the organizer's paper-sheet grid ---------------------------------------------------------

def grid_data(rows, reason=""):
    data = {"hand-TOTAL_FORMS": "4", "hand-INITIAL_FORMS": "0", "hand-MIN_NUM_FORMS": "4",
            "hand-MAX_NUM_FORMS": "4", "reason": reason}
    for i, row in enumerate(rows):
        for key, value in (row or {}).items():
            data[f"hand-{i}-{key}"] = str(value)
    return data


def grid_url(setup):
    return reverse("scoring:table-manage-sheet", args=[setup.event.slug, setup.t1.pk])


def test_grid_saves_the_whole_sheet_in_one_post(client, setup):
    client.force_login(setup.organizer)
    page = text(client.get(grid_url(setup)))
    assert page.count('name="hand-') >= 4 * 7 and "Tab or Enter moves to the next box" in page
    rows = [dict(declarer="ns", contract="7h", tricks=8), dict(declarer="ew", contract="8c", tricks=5,
            penalty_kind="revoke", penalty_side="ns"), dict(declarer="ns", contract="10nt", tricks=10),
            dict(declarer="ew", contract="6s", tricks=10)]
    r = client.post(grid_url(setup), grid_data(rows))
    assert r.status_code == 302
    assert list(Hand.objects.values_list("number", "ns_points", "ew_points")) == [
        (1, 200, 20), (2, 0, 260), (3, 520, 0), (4, 0, 250)]
    assert set(HandChange.objects.values_list("by", flat=True)) == {"olga (organizer)"}


def test_grid_refuses_a_gap_or_a_bad_cell_and_saves_nothing(client, setup):
    client.force_login(setup.organizer)
    r = client.post(grid_url(setup), grid_data([dict(declarer="ns", contract="7h", tricks=8), None,
                                                dict(declarer="ns", contract="7h", tricks=8), None]))
    assert r.status_code == 400 and "Hand 2 is empty but a later hand is filled" in text(r)
    r = client.post(grid_url(setup), grid_data([dict(declarer="ns", contract="7h", tricks=8),
                                                dict(declarer="ns", contract="mis", tricks=0),
                                                dict(declarer="ns", contract="7h", tricks=14), None]))
    page = text(r).replace("&#x27;", "'")
    assert "MIS (Misère) is not a contract under McAllen Golden Age Olympics" in page and "0 to 10." in page
    r = client.post(grid_url(setup), grid_data([dict(declarer="ns", contract="7h")] + [None] * 3))
    assert "How many tricks?" in text(r)
    assert not Hand.objects.exists()


def test_grid_is_for_organizers_only(client, setup):
    client.force_login(setup.scorer)
    assert client.get(grid_url(setup)).status_code == 403


def test_the_organizer_corrects_a_locked_hand_only_with_a_reason(client, setup):
    for n in (1, 2):
        hand_record(table=setup.t1, number=n, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    client.force_login(setup.organizer)
    url = reverse("scoring:table-manage-hand", args=[setup.event.slug, setup.t1.pk, 1])
    page = text(client.get(url))
    assert "Reason for the correction" in page and 'name="tricks"' in page
    r = client.post(url, hand_post(setup.t1, 1, tricks=6, version=1))
    assert r.status_code == 400 and "Give a reason for correcting a hand after the next one was entered." in text(r)
    r = client.post(url, hand_post(setup.t1, 1, tricks=6, version=1, reason="score sheet shows 6 tricks"))
    assert r.status_code == 302
    change = HandChange.objects.get(action="update")
    assert (change.old["tricks"], change.new["tricks"], change.reason, change.by) == (
        8, 6, "score sheet shows 6 tricks", "olga (organizer)")
    assert change.by_user == setup.organizer


HUGE = "x" * 10_000
HTML = "<script>alert(1)</script>"


@pytest.mark.parametrize("values", [
    dict(note=HUGE), dict(note=HTML * 30), dict(contract=HTML), dict(contract=HUGE), dict(tricks="9" * 40),
    dict(tricks="1e9"), dict(declarer=HTML), dict(penalty_kind=HUGE), dict(penalty_seat="Q", penalty_kind="exposed_card"),
    dict(round="x" * 50), dict(number="9" * 30),
])
def test_huge_or_hostile_values_get_a_message_not_an_error(client, setup, values):
    choose(client, setup.t1, "ns")
    values = dict(values)
    data = hand_post(setup.t1, 1) | {k: str(v) for k, v in values.items()}
    r = client.post(entry_url(setup.t1), data)
    assert r.status_code == 400
    assert "Nothing was saved." in text(r) and "<script>alert" not in text(r)
    assert not Hand.objects.exists()


def test_huge_values_on_the_other_forms(client, setup):
    for n in range(1, 5):
        hand_record(table=setup.t1, number=n, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    # The side page's box takes the partnership number when the event confirms by number (the default
    # is a PIN): a huge one is refused under the box, and counts as no wrong guess.
    setup.event.confirmation_check = "number"
    setup.event.save(update_fields=["confirmation_check"])
    r = client.post(reverse("scoring:table-side", args=[setup.t1.token]), {"side": "ew", "code": "9" * 40})
    assert r.status_code == 400 and "Your partnership number" in text(r)
    assert "Ensure this value has at most 12 characters (it has 40)." in text(r)
    assert ConfirmFailure.objects.count() == 0
    choose(client, setup.t1, "ew")
    r = client.post(reverse("scoring:table-dispute", args=[setup.t1.token]), {"reason": HUGE})
    assert r.status_code == 400 and "Keep it under 500 characters." in text(r)
    r = client.post(reverse("scoring:table-code"), {"code": HUGE})
    assert r.status_code == 400 and "at most 80 characters" in text(r)
    client.force_login(setup.organizer)
    r = client.post(grid_url(setup), grid_data([dict(declarer="ns", contract=HUGE, tricks="7" * 30, note=HTML)] + [None] * 3))
    assert r.status_code == 400 and "Nothing was saved" in text(r) and "<script>alert" not in text(r)
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is None and setup.t1.disputed_at is None
    assert HandChange.objects.filter(action__in=["confirm", "dispute", "update"]).count() == 0


def test_a_confirmation_from_an_old_page_with_a_pin_box_is_one_button(client, setup):
    """A page saved before the side page proved phones still sends a PIN box with its confirmation:
    the proven phone's button is the whole confirmation, the stale box is not read (not a silent 400)."""
    for n in range(1, 5):
        hand_record(table=setup.t1, number=n, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    choose(client, setup.t1, "ew")
    r = client.post(reverse("scoring:table-confirm", args=[setup.t1.token]), {"pin": "x" * 40, "partnership": "9" * 40})
    assert r.status_code == 302
    setup.t1.refresh_from_db()
    assert setup.t1.confirmed_at is not None
    assert set(Hand.objects.filter(table=setup.t1).values_list("accepted_side", flat=True)) == {"ew"}
