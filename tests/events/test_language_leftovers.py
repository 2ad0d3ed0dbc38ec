"""The organizer's last English words in Spanish and French (docs/languages.md, "Languages"): the rule
sentences and labels on the event form, the warning on withdrawing a partnership still at a table,
the field a flashed form error names, the movement grid's cells and the dealer's seat letter.
"""

import re

import pytest
from django.contrib.messages import get_messages
from django.db.models import Q
from django.urls import reverse
from django.utils import translation

from scoring.engine.rules import OVERRIDABLE_FIELDS
from scoring.engine.vocabulary import dealer_for
from tests import builders
from tournaments import language, services
from tournaments.models import Table

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def english_afterwards():
    """The middleware leaves the last request's language active in this thread: put English back."""
    yield
    translation.activate("en")


def flashed(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def in_play(event):
    """Four partnerships checked in, the movement made and round 1 in play."""
    event.rounds, event.hands_per_round = 3, 4
    event.save()
    builders.register(event, range(1, 5))
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    return event


# --- the event form: rule sentences, rule labels, preset labels ---------------------------------

@pytest.mark.django_db
def test_the_event_form_gives_the_rule_sentences_in_spanish_naming_the_choices_as_offered(newcomer_client):
    newcomer_client.cookies["fh_language"] = "es"
    html = newcomer_client.get(reverse("tournaments:event-create")).content.decode()
    # The choices in the words the form's lists offer them, no codes (must_bid, per_trick) left in the sentence.
    assert ("Cuando todos pasan: alguien debe apostar (McAllen G: una mano siempre tiene contrato), se reparte de "
            "nuevo o se juega a sin triunfo") in html
    assert "Oponentes de una miseria o un nulo: 10 por baza que ganó el declarante (si fracasa" in html
    for code in ("must_bid", "play_no_trump", "per_trick", "own_tricks"):
        assert f"{code} (" not in html and f"{code}," not in html
    assert OVERRIDABLE_FIELDS["no_bid"] not in html  # the English sentence is gone
    assert ">Permitir apuestas de seis<" in html and ">Penalización por renuncio<" in html
    assert "Reglas clásicas (1994)" in html and "McAllen Golden Age Olympics" in html  # a name stays
    for name in OVERRIDABLE_FIELDS:
        assert f'name="rule_{name}"' in html


@pytest.mark.django_db
def test_the_event_form_labels_its_rules_in_french(newcomer_client):
    newcomer_client.cookies["fh_language"] = "fr"
    html = newcomer_client.get(reverse("tournaments:event-create")).content.decode()
    assert f"Quand tous passent{NBSP}: quelqu&#x27;un doit enchérir" in html
    assert ">Pénalité de renonce<" in html and "Règles de Wikipedia (2006)" in html


# --- withdrawing a partnership that still has a table -------------------------------------------

@pytest.mark.django_db
def test_the_warning_on_withdrawing_a_partnership_at_a_table_is_in_french(in_play, organizer_client):
    table = Table.objects.get(Q(ns__number=4) | Q(ew__number=4), round__event=in_play, round__number=1)
    organizer_client.cookies["fh_language"] = "fr"
    response = organizer_client.post(reverse("tournaments:partnership-withdraw", args=[in_play.slug, 4]),
                                     {"withdrawn": "1"})
    assert (f"La ronde 1 est déjà en jeu et garde l'équipe 4 à la table {table.number}{NBSP}; si elle est partie, "
            "fermez cette ronde avec un motif quand les autres tables auront terminé.") in flashed(response)


# --- a flashed form error names its field by its label -------------------------------------------

@pytest.mark.django_db
def test_a_flashed_error_names_the_field_by_its_spanish_label(event, organizer_client):
    services.partnership_register(event=event, number=1, player_one="A", player_two="B")
    organizer_client.cookies["fh_language"] = "es"
    response = organizer_client.post(reverse("tournaments:partnership-check-in", args=[event.slug, 1]),
                                     {"checked_in": "maybe"})
    messages = flashed(response)
    assert any(m.startswith("Llegada registrada: ") for m in messages), messages
    assert not any("checked in" in m for m in messages)


@pytest.mark.django_db
def test_a_flashed_error_names_the_field_by_its_french_label(in_play, organizer_client):
    organizer_client.cookies["fh_language"] = "fr"
    response = organizer_client.post(reverse("tournaments:round-close", args=[in_play.slug, 1]),
                                     {"force": "on", "reason": "x" * 600})
    assert (f"Raison (nécessaire pour fermer quand même){NBSP}: Assurez-vous que cette valeur comporte au plus 500 "
            "caractères (actuellement 600).") in flashed(response)


# --- the movement grid ------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_movement_grid_is_in_spanish(event, organizer_client):
    builders.register(event, range(1, 6))  # five: one sits out each round
    services.movement_generate(event=event)
    organizer_client.cookies["fh_language"] = "es"
    html = organizer_client.get(reverse("tournaments:movement", args=[event.slug])).content.decode()
    grid = html[html.index('class="movement-grid"'):]
    assert re.search(r"Mesa 1 · N-S contra \d", grid) and re.search(r"Mesa 1 · E-O contra \d", grid)
    assert '<td class="bye">descansa</td>' in grid
    assert " NS v " not in grid and " EW v " not in grid and "sits out" not in grid


@pytest.mark.django_db
def test_the_movement_grid_keeps_its_english_short_forms(event, organizer_client):
    builders.register(event, range(1, 6))
    services.movement_generate(event=event)
    html = organizer_client.get(reverse("tournaments:movement", args=[event.slug])).content.decode()
    assert re.search(r"T1 NS v \d", html) and re.search(r"T1 EW v \d", html)
    assert '<td class="bye">sits out</td>' in html


# --- the dealer's seat letter -----------------------------------------------------------------

def test_one_seat_letter_mapping_west_is_o_in_spanish_and_french():
    assert [language.seat_letter(s) for s in "NESW"] == ["N", "E", "S", "W"]
    for code in ("es", "fr"):
        with language.in_language(code):
            assert [language.seat_letter(s) for s in "NESW"] == ["N", "E", "S", "O"]


@pytest.mark.django_db
def test_the_partnership_page_shows_the_west_dealer_as_o_in_spanish(in_play, anonymous):
    table = builders.tables_of(in_play)[0]
    builders.play(table, [("ns", "7H", 8)] * 4)
    assert dealer_for(4) == "W"
    anonymous.cookies["fh_language"] = "es"
    html = anonymous.get(reverse("scoring:partnership", args=[in_play.slug, table.ns.number])).content.decode()
    dealers = re.findall(r'<td class="num">(\d) <span class="muted" title="[^"]*">(\w)</span>', html)
    assert dealers == [("1", "N"), ("2", "E"), ("3", "S"), ("4", "O")]
