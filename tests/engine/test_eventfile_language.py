"""The event file's `event.language` (docs/languages.md, "Languages"): the event's default language.

A version 1 file without it is English; "es" and "fr" are kept; anything else is a problem that
names its place; the writer always writes it, and a written file reads back to the same language.
"""

import json
import pathlib

import pytest

from scoring.engine.eventfile import check, parse, to_dict

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


def base() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_a_version_1_file_without_a_language_is_english():
    data = base()
    assert "language" not in data["event"]
    assert parse(data).event.language == "en"


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_each_of_our_languages_is_kept_and_written_back(language):
    data = base()
    data["event"]["language"] = language
    spec = parse(data)
    assert spec.event.language == language
    written = to_dict(spec)
    assert written["event"]["language"] == language
    assert parse(written).event.language == language


@pytest.mark.parametrize("value", ["de", "ES", "", "español", 1, None])
def test_another_language_is_a_problem_naming_the_key(value):
    data = base()
    data["event"]["language"] = value
    problems = check(data)[0]
    assert len(problems) == 1
    assert problems[0].startswith("event.language")
    assert problems[0].endswith("is not a language (en, es, fr)")
