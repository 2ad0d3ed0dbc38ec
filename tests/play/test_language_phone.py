"""The table phone's score entry in Spanish and French (issue 13): the browser's language gives the
pages, the buttons, the form's and the services' error messages and the contracts' spoken names in
that language; English stays as it was."""

import html

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from scoring.models import ConfirmFailure
from scoring.services import Actor, hand_record, table_confirm
from tests.builders import enter_hands, hand_post, prove_side
from tournaments.language import contract_label

PHONE = Actor(label="N-S #1 (table link)")


def entry_url(table):
    return reverse("scoring:table-entry", args=[table.token])


def choose(client, table, side, language):
    """Prove the phone's side with its PIN (tests.builders.prove_side), then open the table in `language`."""
    prove_side(client, table, side)
    return client.get(entry_url(table), HTTP_ACCEPT_LANGUAGE=language)


def page(response):
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("language, words", [
    ("es", ["¿Qué pareja tiene este teléfono?", "(Norte)", "(Oeste)", "E-O · #2", "Ronda 1 · Mesa 1"]),
    ("fr", ["Quelle équipe tient ce téléphone\u00a0?", "(Nord)", "(Ouest)", "E-O · #2", "Ronde 1 · Table 1"]),
])
def test_the_side_choice_is_in_the_browsers_language(client, setup, language, words):
    text = page(client.get(entry_url(setup.t1), HTTP_ACCEPT_LANGUAGE=language))
    for word in words:
        assert word in text
    assert "Which partnership" not in text


@pytest.mark.parametrize("language, words", [
    ("es", ["Mano 1", "Guardar la mano 1", "¿Quién ganó la apuesta?", "Contrato", "Bazas de los que apostaron",
            "Penalización o nota", "Renuncio establecido (cambia la puntuación)", "7♥ corazones · 200",
            "Elija la apuesta, el contrato y las bazas para ver los puntos.", "Este teléfono:", "¿no es usted?",
            "reparte", 'aria-label="Asientos"', '<span class="seat-letter">O</span>']),
    ("fr", ["Donne 1", "Enregistrer la donne 1", "Qui a remporté l'enchère\u00a0?", "Contrat",
            "Pénalité ou note", "7♥ cœurs · 200", "Ce téléphone\u00a0:", "pas vous\u00a0?",
            '<span class="seat-letter">O</span>']),
])
def test_the_hand_form_is_in_the_browsers_language(client, setup, language, words):
    choose(client, setup.t1, "ns", language)
    text = page(client.get(entry_url(setup.t1), HTTP_ACCEPT_LANGUAGE=language))
    for word in words:
        assert word in text, word
    for english in ("Who won the bid?", "Save hand 1", "Tricks the bidders took", "Penalty or note"):
        assert english not in text


def test_a_refused_hand_says_why_in_spanish(client, setup):
    choose(client, setup.t1, "ns", "es")
    data = hand_post(setup.t1, 1)
    del data["contract"]
    r = client.post(entry_url(setup.t1), data, HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 400
    text = page(r)
    assert "No se guardó nada. Corrija lo marcado en rojo abajo, por favor." in text
    assert "Elija el contrato." in text
    assert "Choose the contract." not in text


def test_a_refused_hand_says_why_in_french(client, setup):
    choose(client, setup.t1, "ns", "fr")
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, penalty_kind="revoke"), HTTP_ACCEPT_LANGUAGE="fr")
    assert r.status_code == 400
    assert "Indiquez quelle équipe a fait la renonce." in page(r)


def test_a_saved_hand_and_the_list_of_hands_in_spanish(client, setup):
    choose(client, setup.t1, "ns", "es")
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, penalty_kind="revoke", penalty_side="ew"),
                    HTTP_ACCEPT_LANGUAGE="es", follow=True)
    text = page(r)
    assert "✓ Mano 1 anotada: 7♥ de N-S, 8 bazas · " in text  # what was saved, said in words (issue 24.1)
    assert "dio N" in text and "Renuncio establecido de E-O" in text
    assert "Mano 2" in text and "Guardar la mano 2" in text


def test_a_wrong_pin_is_refused_in_spanish_and_french(client, setup):
    """The PIN is typed once, on the side page (docs/trust.md): a wrong one is refused there in the
    phone's language and counted; the proven phone then confirms with one button, in Spanish too."""
    enter_hands(setup.t1)
    side_url = reverse("scoring:table-side", args=[setup.t1.token])
    text = page(client.get(entry_url(setup.t1), HTTP_ACCEPT_LANGUAGE="es"))
    assert "¿Qué pareja tiene este teléfono?" in text and 'name="code"' in text
    r = client.post(side_url, {"side": "ew", "code": "0000"}, HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 400
    assert "Ese no es el PIN de E-O. Revise su tarjeta de movimiento." in page(r)
    r = client.post(side_url, {"side": "ew", "code": "0000"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert r.status_code == 400
    assert "Ce n'est pas le NIP de E-O. Vérifiez votre carte de déplacement." in page(r)
    assert ConfirmFailure.objects.filter(table=setup.t1, side="ew").count() == 2
    text = page(choose(client, setup.t1, "ew", "es"))
    assert "Revise y confirme" in text and "¿Están bien las 4 manos?" in text
    assert "Confirmar los puntos" in text and "Algo está mal" in text and 'name="pin"' not in text


def test_the_services_say_their_refusals_in_spanish(setup):
    hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="7H", tricks=8)
    with translation.override("es"), pytest.raises(ValidationError) as refused:
        table_confirm(table=setup.t1, actor=Actor(label="E-W #2"), side="ew", code="")
    assert refused.value.messages == ["Solo hay 1 de 4 manos anotadas; confirme cuando estén todas."]
    with translation.override("es"), pytest.raises(ValidationError) as refused:
        hand_record(table=setup.t1, number=1, actor=PHONE, side="ns", declarer="ns", contract="8H", tricks=8)
    assert "ya está anotada; corríjala" in refused.value.messages[0]


def test_the_contracts_spoken_name_is_in_spanish(client, setup):
    choose(client, setup.t1, "ns", "es")
    text = page(client.get(entry_url(setup.t1), HTTP_ACCEPT_LANGUAGE="es"))
    assert 'aria-label="7♥ corazones · 200"' in text
    with translation.override("es"):
        assert contract_label("7H") == "7 corazones"


def test_the_code_page_and_a_missing_table_in_french(client, setup):
    text = page(client.get(reverse("scoring:table-code"), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Aller à votre table" in text and "Ouvrir la table" in text
    r = client.post(reverse("scoring:table-code"), {"code": "ABC"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Un code de table a" in page(r)
    r = client.get(reverse("scoring:table-entry", args=["ZZZZZZZZZZZZ"]), HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 404 and "Este enlace de mesa no funciona" in page(r)


def test_the_service_worker_keeps_the_words_and_says_no_connection_in_spanish(client):
    script = page(client.get(reverse("scoring:table-sw"), HTTP_ACCEPT_LANGUAGE="es"))
    assert '"/jsi18n/?v=es"' in script and "Sin conexi\\u00f3n" in script


def test_english_is_unchanged(client, setup):
    choose(client, setup.t1, "ns", "en")
    text = page(client.get(entry_url(setup.t1), HTTP_ACCEPT_LANGUAGE="en"))
    for word in ("Round 1 · Table 1", "Who won the bid?", "Save hand 1", "7♥ Hearts · 200",
                 "Choose the bid, contract and tricks to see the points.", '<span class="seat-letter">W</span>'):
        assert word in text
    data = hand_post(setup.t1, 1)
    del data["contract"]
    assert "Choose the contract." in page(client.post(entry_url(setup.t1), data, HTTP_ACCEPT_LANGUAGE="en"))
