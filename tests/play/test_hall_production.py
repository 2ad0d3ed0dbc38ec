"""`bin/serve --hall` is a production server on the hall's wifi (docs/operations.md, "The hall
server and development mode"): DEBUG off, a secret key of its own kept beside the database, the
site's own plain error pages, cookies that work over plain http.

The hall's settings are read once at import, so each case runs them in a fresh interpreter with
the environment `python -m config.hall env` exports (HALL_SERVER, HALL_ADDRESS). Requests go to
Django's test client inside that interpreter: nothing leaves the machine. The server itself,
gunicorn and all, is run by tests/play/test_hall.py::test_bin_serve_hall_end_to_end.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.builders import make_event

REPO = Path(__file__).resolve().parents[2]
LAN = "192.168.1.50"
DEVELOPMENT_KEY = "local-development-only-not-secret"

# What Django's technical pages (DEBUG on) show and the site's own pages never must.
TECHNICAL = ["Traceback", "Django", "DEBUG", "URLconf", "urlpatterns", "settings", "SECRET_KEY", "HTTP_HOST",
             "OperationalError", "no such table", "site-packages", str(REPO)]


def hall_env(tmp_path: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "AXES_", "HALL_")) and k not in ("DATABASE_URL", "SQLITE_PATH", "SITE_URL")}
    return env | {"DJANGO_SETTINGS_MODULE": "config.settings", "HALL_SERVER": "true", "HALL_ADDRESS": LAN,
                  "SQLITE_PATH": str(tmp_path / "hall.sqlite3")} | extra


def python(code: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)


SETTINGS = """
import json, config.settings as s
print(json.dumps({"DEBUG": s.DEBUG, "KEY": s.SECRET_KEY, "KEY_FILE": str(s.HALL_SECRET_KEY_FILE),
                  "SECURE": [s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT],
                  "HSTS": s.SECURE_HSTS_SECONDS, "STATIC": s.STORAGES["staticfiles"]["BACKEND"],
                  "HOSTS": s.ALLOWED_HOSTS}))
"""


def hall_settings(env: dict) -> dict:
    done = python(SETTINGS, env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_hall_runs_with_debug_off_its_own_key_and_plain_http(tmp_path):
    first = hall_settings(hall_env(tmp_path))
    assert first["DEBUG"] is False
    key_file = tmp_path / "hall.sqlite3.secret-key"
    assert first["KEY_FILE"] == str(key_file)
    assert first["KEY"] == key_file.read_text().strip() and len(first["KEY"]) >= 60
    assert first["KEY"] != DEVELOPMENT_KEY
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # only this laptop's user reads it
    # Cookies come back over http://192.168...; no redirect to https, no HSTS for the phones to remember.
    assert first["SECURE"] == [False, False, False] and first["HSTS"] == 0
    assert first["STATIC"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert first["HOSTS"] == ["127.0.0.1", "localhost", "testserver", LAN]
    # The next start reads the same key (logins and table links survive a restart)...
    assert hall_settings(hall_env(tmp_path))["KEY"] == first["KEY"]
    # ...and a copy left readable by others is made private again.
    key_file.chmod(0o644)
    assert hall_settings(hall_env(tmp_path))["KEY"] == first["KEY"]
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    # Another hall (another database) has another key.
    other = tmp_path / "other"
    assert hall_settings(hall_env(other, SQLITE_PATH=str(other / "db.sqlite3")))["KEY"] not in (first["KEY"],
                                                                                                 DEVELOPMENT_KEY)
    # bin/serve without --hall (development, on 127.0.0.1) keeps DEBUG and makes no key file.
    local = tmp_path / "local"
    development = hall_env(local, SQLITE_PATH=str(local / "db.sqlite3"))
    del development["HALL_SERVER"]
    assert hall_settings(development)["DEBUG"] is True and not local.exists()


def test_the_hall_on_another_database_still_has_its_own_key(tmp_path):
    got = hall_settings(hall_env(tmp_path, DATABASE_URL="postgres://hall:pw@127.0.0.1:5432/hall",
                                 HALL_SECRET_KEY_FILE=str(tmp_path / "keys" / "hall.key")))
    assert got["DEBUG"] is False and got["KEY"] not in ("", DEVELOPMENT_KEY)
    assert got["KEY"] == (tmp_path / "keys" / "hall.key").read_text().strip()
    # A key given in the environment is used as given, and no file is made.
    given = hall_settings(hall_env(tmp_path / "given", DJANGO_SECRET_KEY="k" * 60))
    assert given["KEY"] == "k" * 60 and not (tmp_path / "given").exists()


def test_the_hall_refuses_debug_and_an_empty_key_file(tmp_path):
    debug = python(SETTINGS, hall_env(tmp_path, DJANGO_DEBUG="true"))
    assert debug.returncode != 0
    assert "DJANGO_DEBUG must not be true with bin/serve --hall (HALL_SERVER)" in debug.stderr
    (tmp_path / "hall.sqlite3.secret-key").write_text("")
    empty = python(SETTINGS, hall_env(tmp_path))
    assert empty.returncode != 0
    assert f"HALL_SECRET_KEY_FILE ({tmp_path / 'hall.sqlite3.secret-key'}): the secret key file is empty" in empty.stderr


ERROR_PAGES = """
import json, django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("collectstatic", interactive=False, verbosity=0)  # as bin/serve --hall does
phone = Client(raise_request_exception=False)
out = {}
for name, path, host, language in [
        ("bad host", "/", "evil.example:8000", "en"), ("bad host es", "/", "evil.example", "es"),
        ("not found", "/no/such/page/", "@LAN@:8000", "en"), ("not found es", "/no/such/page/", "@LAN@", "es"),
        # The database has no tables yet: the events list crashes, as a real fault would.
        ("crash", "/", "@LAN@:8000", "en"), ("crash es", "/", "@LAN@", "es")]:
    r = phone.get(path, HTTP_HOST=host, HTTP_ACCEPT_LANGUAGE=language)
    out[name] = [r.status_code, r.content.decode(), r.get("Content-Type")]
print(json.dumps(out))
""".replace("@LAN@", LAN)


def test_the_hall_answers_a_bad_host_a_missing_page_and_a_crash_with_plain_pages(tmp_path):
    done = python(ERROR_PAGES, hall_env(tmp_path))
    assert done.returncode == 0, done.stderr
    pages = json.loads(done.stdout)
    status = {name: page[0] for name, page in pages.items()}
    assert status == {"bad host": 400, "bad host es": 400, "not found": 404, "not found es": 404,
                      "crash": 500, "crash es": 500}
    for name, (_, html, content_type) in pages.items():
        assert content_type == "text/html; charset=utf-8", name
        assert html.lstrip().startswith("<!doctype html>"), name
        assert len(html) < 8000, name  # a page, not a 400 KB traceback
        leaks = [word for word in TECHNICAL if word in html]
        assert leaks == [], (name, leaks)
    assert "This address cannot be opened" in pages["bad host"][1]
    assert "Scan the QR code on the score sheet again" in pages["bad host"][1]
    assert "This page does not exist" in pages["not found"][1]
    assert "Esta página no existe" in pages["not found es"][1]
    assert "Something went wrong on the server" in pages["crash"][1]
    assert "Algo salió mal en el servidor" in pages["crash es"][1]
    # The 404 is the site's page: its header, its hashed stylesheet (collected, served by whitenoise).
    assert '<link rel="stylesheet" href="/static/css/site.' in pages["not found"][1]
    assert "/static/css/site.css\"" not in pages["not found"][1]
    # The Host asked for is not repeated back (Django's technical 400 page names it).
    assert "evil.example" not in pages["bad host"][1]


# ------------------------------------------------------------------ the same pages in this process


@pytest.mark.django_db
def test_a_bad_host_gets_the_plain_400_page(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    html = response.content.decode()
    assert "This address cannot be opened" in html and "evil.example" not in html


@pytest.mark.django_db
def test_a_page_for_staff_only_refuses_others_with_the_plain_403_page(client):
    event = make_event()
    client.force_login(get_user_model().objects.create_user("visitor"))
    response = client.get(reverse("scoring:print", args=[event.slug]))
    assert response.status_code == 403
    html = response.content.decode()
    assert "This page is not for this account" in html and "Only the organizers and scorers" in html
    assert "403 Forbidden" not in html and "You do not have that role" not in html
