"""Settings read from the environment: safe local defaults, clear errors, a clean deploy check.

Each case runs in a fresh interpreter, since settings are read once at import.
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import settings as project_settings

REPO = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),  # 67 characters
    "DJANGO_ALLOWED_HOSTS": "example.org",
    "DATABASE_URL": "postgres://fivehundred:secret@db.example.org:5432/fivehundred",
    # Behind nginx, as docs/operations.md's production section runs it (check --deploy warns when unsaid).
    "DJANGO_BEHIND_PROXY": "true",
    "DJANGO_PROXY_COUNT": "1",
}


def clean_env(**extra) -> dict:
    """The calling environment without any of the variables the settings read."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "AXES_")) and k not in ("DATABASE_URL", "SQLITE_PATH", "SITE_URL")}
    env.update(extra)
    return env


def run(args, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=REPO, env=clean_env(**env), capture_output=True, text=True,
                          timeout=60)


def settings_with(**env) -> dict:
    code = (
        "import json, config.settings as s; "
        "print(json.dumps({'DEBUG': s.DEBUG, 'ENGINE': s.DATABASES['default']['ENGINE'], "
        "'OPTIONS': s.DATABASES['default'].get('OPTIONS', {}), 'HOSTS': s.ALLOWED_HOSTS, "
        "'SECURE': [s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT], "
        "'HSTS': s.SECURE_HSTS_SECONDS, 'STATIC': s.STORAGES['staticfiles']['BACKEND']}))"
    )
    result = run(["-c", code], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_local_defaults():
    local = settings_with()
    assert local["DEBUG"] is True
    assert local["ENGINE"] == "django.db.backends.sqlite3"
    assert local["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in local["OPTIONS"]["init_command"]
    assert local["SECURE"] == [False, False, False] and local["HSTS"] == 0


def test_production_values():
    prod = settings_with(**PRODUCTION)
    assert prod["DEBUG"] is False
    assert prod["ENGINE"] == "django.db.backends.postgresql"
    assert prod["HOSTS"] == ["example.org"]
    assert prod["SECURE"] == [True, True, True] and prod["HSTS"] >= 31536000
    assert prod["STATIC"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_check_deploy_is_clean_with_production_settings():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def test_check_deploy_would_catch_a_weak_setting():
    # The same check fails when a production value is weak, so the clean run above means something.
    weak = dict(PRODUCTION, DJANGO_SECRET_KEY="short", DJANGO_HSTS_SECONDS="0")
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **weak)
    assert result.returncode != 0
    assert "security.W009" in result.stderr and "security.W004" in result.stderr


@pytest.mark.parametrize(
    "env,words",
    [
        ({"DJANGO_DEBUG": "perhaps"}, "DJANGO_DEBUG must be true or false, not 'perhaps'"),
        ({"DJANGO_DEBUG": "false"}, "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false"),
        ({"DJANGO_HSTS_SECONDS": "a year"}, "DJANGO_HSTS_SECONDS must be a whole number, not 'a year'"),
        ({"DJANGO_SECURE_SSL_REDIRECT": "2"}, "DJANGO_SECURE_SSL_REDIRECT must be true or false"),
        ({"AXES_FAILURE_LIMIT": "five"}, "AXES_FAILURE_LIMIT must be a whole number"),
        ({"DJANGO_PROXY_COUNT": "-1"}, "DJANGO_PROXY_COUNT must be 0 or more"),
        ({"DATABASE_URL": "postgres://x", "DATABASE_CONN_MAX_AGE": "forever"}, "DATABASE_CONN_MAX_AGE must be a whole number"),
        ({"DATABASE_URL": "mangodb://nowhere/db"}, "DATABASE_URL is not a database URL"),
    ],
)
def test_bad_value_names_the_variable(env, words):
    result = run(["-c", "import config.settings"], **env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and words in result.stderr, result.stderr


@pytest.mark.parametrize("raw,expected", [("1", True), ("TRUE", True), ("yes", True), ("on", True),
                                          ("0", False), ("False", False), ("no", False), ("off", False),
                                          ("", True)])
def test_env_bool(monkeypatch, raw, expected):
    monkeypatch.setenv("FH_TEST_FLAG", raw)
    assert project_settings.env_bool("FH_TEST_FLAG", True) is expected


def test_env_bool_and_int_errors(monkeypatch):
    monkeypatch.setenv("FH_TEST_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FH_TEST_FLAG must be true or false, not 'maybe'"):
        project_settings.env_bool("FH_TEST_FLAG", False)
    monkeypatch.setenv("FH_TEST_INT", "3.5")
    with pytest.raises(ImproperlyConfigured, match="FH_TEST_INT must be a whole number, not '3.5'"):
        project_settings.env_int("FH_TEST_INT", 1)
    monkeypatch.setenv("FH_TEST_INT", " 42 ")
    assert project_settings.env_int("FH_TEST_INT", 1) == 42
    monkeypatch.delenv("FH_TEST_INT")
    assert project_settings.env_int("FH_TEST_INT", 7) == 7


def test_env_list(monkeypatch):
    monkeypatch.setenv("FH_TEST_LIST", " example.org, ,www.example.org ")
    assert project_settings.env_list("FH_TEST_LIST", "") == ["example.org", "www.example.org"]
