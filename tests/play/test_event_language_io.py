"""The event's default language through event files (docs/languages.md, "Languages"): import and export keep it."""

import json
import pathlib

import pytest
from django.core.management import call_command

from scoring.event_io import event_export, event_import
from tournaments.models import Event

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


def small(**event) -> dict:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["event"].update(event)
    return data


@pytest.mark.django_db
def test_a_file_without_a_language_makes_an_english_event():
    assert event_import(small()).language == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_language_survives_import_and_export(language):
    event = event_import(small(language=language))
    assert Event.objects.get(pk=event.pk).language == language
    assert event_export(event)["event"]["language"] == language


@pytest.mark.django_db
def test_the_commands_round_trip_the_language(tmp_path, capsys):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(small(language="es"), ensure_ascii=False), encoding="utf-8")
    call_command("import_event", str(source))
    capsys.readouterr()
    call_command("export_event", "trio")
    assert json.loads(capsys.readouterr().out)["event"]["language"] == "es"
