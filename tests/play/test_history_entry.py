"""The change history per table and per event: who, when, old and new values, reason."""

from django.urls import reverse

from scoring.services import Actor, hand_correct, hand_record, table_dispute


def test_table_history_shows_every_change_with_old_new_and_reason(client, setup):
    phone = Actor(label="N-S #1 (table link)")
    organizer = Actor(label="olga (organizer)", user=setup.organizer, is_organizer=True)
    one = hand_record(table=setup.t1, number=1, actor=phone, side="ns", declarer="ns", contract="7H", tricks=8)
    hand_record(table=setup.t1, number=2, actor=phone, side="ns", declarer="ew", contract="8C", tricks=5,
                penalty_kind="revoke", penalty_side="ns")
    hand_correct(hand=one, expected_version=1, actor=organizer, tricks=6, reason="N-S took 6")
    table_dispute(table=setup.t1, actor=Actor(label="E-W #2 (table link)"), reason="hand 2 revoke?")
    hand_record(table=setup.t2, number=1, actor=phone, declarer="ns", contract="6S", tricks=6)
    client.force_login(setup.scorer)
    page = client.get(reverse("scoring:table-history", args=[setup.event.slug, setup.t1.pk])).content.decode()
    assert page.count('class="change change-') == 4
    assert "7♥ by N-S, 8 tricks · N-S +200, E-W +20" in page
    assert "8♣ by E-W, 5 tricks · N-S 0, E-W +260 · Established revoke by N-S" in page
    assert '<td>tricks</td><td class="old">8</td><td class="new">6</td>' in page
    assert '<td>N-S points</td><td class="old">+200</td><td class="new">-200</td>' in page
    assert "Now: 7♥ by N-S, 6 tricks · N-S -200, E-W +40" in page
    assert "<strong>Reason:</strong> N-S took 6" in page and "olga (organizer)" in page
    assert "<strong>Reason:</strong> hand 2 revoke?" in page
    assert "6♠" not in page  # table 2's hand is not in table 1's history
    page = client.get(reverse("scoring:event-history", args=[setup.event.slug])).content.decode()
    assert page.count('class="change change-') == 5 and "6♠ by N-S" in page
    assert page.index("6♠ by N-S") < page.index("7♥ by N-S")  # newest first


def test_history_of_another_events_table_is_404(client, setup):
    client.force_login(setup.organizer)
    other_table = setup.other_event.round_set.get().tables.first()
    assert client.get(reverse("scoring:table-history", args=[setup.event.slug, other_table.pk])).status_code == 404
