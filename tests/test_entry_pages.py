"""The table link's entry page: choosing a side, entering hands, the preview, bad input."""

import pytest
from django.urls import reverse

from scoring.models import Hand, HandChange
from tests.entry_fixtures import hand_post, setup  # noqa: F401


def entry_url(table):
    return reverse("scoring:table-entry", args=[table.token])


def choose(client, table, side):
    return client.post(reverse("scoring:table-side", args=[table.token]), {"side": side})


def test_first_visit_asks_which_partnership_holds_the_phone(client, setup):
    page = client.get(entry_url(setup.t1)).content.decode()
    assert "Which partnership is holding this phone?" in page
    assert "Ana Ruiz (North) &amp; Bea Cruz (South)" in page
    assert "Carl Diaz (East) &amp; Dora Vega (West)" in page


def test_smoke_enter_a_hand(client, setup):
    choose(client, setup.t1, "ns")
    page = client.get(entry_url(setup.t1))
    assert page.status_code == 200, page.content.decode()[:3000]
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1))
    assert r.status_code == 302, r.content.decode()[:5000]
    hand = Hand.objects.get(table=setup.t1, number=1)
    assert (hand.ns_points, hand.ew_points) == (200, 20)
