"""Login throttling, the Content Security Policy and CSRF, across the whole URL map."""

import re
from pathlib import Path

import pytest
from django.test import Client, RequestFactory, override_settings
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from config.middleware import POLICY, client_ip
from tests.builders import make_partnerships, make_user
from tournaments.services import round_create

REPO = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    # A real hasher costs ~0.3 s a login; these tests are about counting logins, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def users(db):
    return {name: make_user(name, password=PASSWORD) for name in ("alice", "bob")}


def login(client, username, password, ip="192.0.2.10", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip, **extra)


def logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


# --- django-axes: lock on username and address together ----------------------------------

def test_five_bad_passwords_lock_that_username_from_that_address(client, users):
    for attempt in range(1, 5):
        response = login(client, "alice", "wrong")
        assert response.status_code == 200, attempt  # the form again, with its error
    locked = login(client, "alice", "wrong")
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    assert "Content-Security-Policy" in locked.headers
    # Now even the right password is refused for alice from this address...
    again = login(Client(), "alice", PASSWORD)
    assert again.status_code == 429 and "_auth_user_id" not in again.client.session
    # ...while bob, in the same hall behind the same address, logs in,
    assert logged_in(login(Client(), "bob", PASSWORD))
    # and alice from another address is not locked.
    assert logged_in(login(Client(), "alice", PASSWORD, ip="198.51.100.7"))


def test_the_reset_command_unlocks_a_username(client, users):
    from django.core.management import call_command

    for _ in range(5):
        login(client, "alice", "wrong")
    assert login(Client(), "alice", PASSWORD).status_code == 429
    call_command("axes_reset_username", "alice", verbosity=0)
    assert logged_in(login(Client(), "alice", PASSWORD))


def test_a_good_login_resets_the_count(client, users):
    for _ in range(4):
        login(client, "alice", "wrong")
    assert logged_in(login(Client(), "alice", PASSWORD))
    for _ in range(4):
        assert login(Client(), "alice", "wrong").status_code == 200
    assert logged_in(login(Client(), "alice", PASSWORD))


def test_bad_passwords_for_unknown_names_do_not_lock_real_ones(client, users):
    for name in ("admin", "root", "organizer", "test", "alicia", "ALICE"):
        for _ in range(5):
            login(client, name, "guess")
    assert logged_in(login(Client(), "alice", PASSWORD))


@override_settings(PROXY_COUNT=1)
def test_behind_one_proxy_the_forwarded_address_is_the_key(client, users):
    hall_a = {"HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    hall_b = {"HTTP_X_FORWARDED_FOR": "203.0.113.99"}
    for _ in range(5):
        login(client, "alice", "wrong", ip="127.0.0.1", **hall_a)
    assert login(Client(), "alice", PASSWORD, ip="127.0.0.1", **hall_a).status_code == 429
    assert logged_in(login(Client(), "alice", PASSWORD, ip="127.0.0.1", **hall_b))


@pytest.mark.parametrize(
    "proxies,forwarded,expected",
    [
        (0, "1.2.3.4", "127.0.0.1"),  # no proxy: the header is the client's own claim, ignored
        (1, "1.2.3.4, 203.0.113.5", "203.0.113.5"),  # the proxy appended the real address last
        (2, "1.2.3.4, 203.0.113.5, 10.0.0.2", "203.0.113.5"),
        (2, "10.0.0.2", "127.0.0.1"),  # fewer entries than proxies: fall back
        (1, "", "127.0.0.1"),
    ],
)
def test_client_ip(proxies, forwarded, expected):
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(PROXY_COUNT=proxies):
        assert client_ip(request) == expected


# --- every URL: a CSP header on GET, and a POST without a CSRF token refused ----------------

@pytest.fixture
def site(event, users, superuser):
    p = make_partnerships(event, 2, names=[("Ana Garza", "Luis Peña"), ("Rosa Zúñiga", "Pat O'Brien")])
    table = round_create(event=event, number=1, tables=[(1, p[1], p[2])]).tables.get()
    return {"event": event, "table": table, "boss": superuser}


def _patterns(resolver, namespace=""):
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            if item.namespace == "admin":
                continue  # the admin's own views; its login and index are checked below
            inner = f"{namespace}{item.namespace}:" if item.namespace else namespace
            yield from _patterns(item, inner)
        elif isinstance(item, URLPattern) and item.name:
            yield namespace + item.name, list(item.pattern.converters)


def site_urls(site) -> list[str]:
    values = {"slug": site["event"].slug, "token": site["table"].token, "table_id": site["table"].pk}
    urls = ["/admin/", "/admin/login/", "/no-such-page/"]
    for name, params in _patterns(get_resolver()):
        try:
            urls.append(reverse(name, kwargs={p: values.get(p, 1) for p in params}))
        except NoReverseMatch:
            urls.append(None)
    return urls


def test_the_url_walk_reaches_the_site(site):
    urls = site_urls(site)
    assert None not in urls
    assert reverse("tournaments:event-detail", args=[site["event"].slug]) in urls
    assert reverse("login") in urls and len(urls) > 10


def test_every_response_has_the_content_security_policy(site):
    client = Client(raise_request_exception=False)
    client.force_login(site["boss"])
    anonymous = Client(raise_request_exception=False)
    for url in site_urls(site):
        for who in (client, anonymous):
            response = who.get(url)
            assert response.headers.get("Content-Security-Policy") == POLICY, (url, response.status_code)
    assert "script-src 'self';" in POLICY and "'unsafe-inline'" not in POLICY


def test_every_url_refuses_a_post_without_a_csrf_token(site):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(site["boss"])
    for url in site_urls(site) + [reverse("logout")]:
        if url == "/no-such-page/":
            continue
        response = client.post(url, {"name": "x"})
        assert response.status_code == 403, (url, response.status_code)
        # The plain words of templates/403_csrf.html, not Django's technical page.
        assert "Nothing was saved." in response.content.decode(), url


def test_a_post_with_the_token_gets_through(users):
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("login"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD,
                                              "csrfmiddlewaretoken": token}, REMOTE_ADDR="192.0.2.1")
    assert logged_in(response)


def test_every_post_form_in_the_templates_carries_a_csrf_token():
    forms = 0
    for path in sorted((REPO / "templates").rglob("*.html")):
        text = path.read_text()
        for form in re.finditer(r"<form\b[^>]*>.*?</form>", text, re.S | re.I):
            opening = form.group(0).split(">", 1)[0]
            if re.search(r"method\s*=\s*[\"']?post", opening, re.I):
                forms += 1
                assert "{% csrf_token %}" in form.group(0), f"{path.relative_to(REPO)}: {opening}>"
    assert forms >= 2


def test_no_template_has_inline_script_or_style():
    # The policy forbids them, so a browser would silently ignore them: catch them here instead.
    for path in sorted((REPO / "templates").rglob("*.html")):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", text, re.I), path
        assert not re.search(r"\sstyle\s*=", text, re.I), path
        assert not re.search(r"\son[a-z]+\s*=\s*[\"']", text, re.I), path
