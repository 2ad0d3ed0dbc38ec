"""Guessing one account's password from many phones (docs/operations.md, "Login limits").

Four wrong passwords from each of thirty addresses stay under the limit per username and address
(5) and under the limit per address (50), yet they are 120 guesses at one account: the limit per
username across addresses (AXES_USERNAME_FAILURE_LIMIT, 30) pauses that name everywhere, the
owner's good password included, while other names still log in.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from config.login_limits import group_limits

PASSWORD = "correct horse battery"


@pytest.fixture
def accounts(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # counting, not hashing
    make = get_user_model().objects.create_user
    return {name: make(name, f"{name}@example.org", PASSWORD) for name in ("organizer-k3v9qa", "sam")}


def attempt(username: str, password: str, ip: str):
    response = Client().post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)
    logged_in = response.status_code == 302 and "_auth_user_id" in response.client.session
    return logged_in, response


def address(n: int) -> str:
    return f"198.51.100.{n}"


def test_the_three_limits_in_the_order_of_the_lockout_parameters(settings):
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"], "ip_address", "username"]
    assert group_limits() == [5, 50, 30]


def test_120_guesses_from_30_addresses_lock_the_account_everywhere(accounts):
    codes = []
    for n in range(1, 31):
        for _ in range(4):
            codes.append(attempt("organizer-k3v9qa", "guess", address(n))[1].status_code)
    # The thirtieth wrong password (the 2nd from the 8th address) pauses the name; the rest are refused
    # unread.
    assert codes == [200] * 29 + [429] * 91
    # The organizer, on her own phone (an address that never typed a wrong password), with the right
    # password: the locked-out page, not a log-in.
    logged_in, response = attempt("organizer-k3v9qa", PASSWORD, "192.0.2.10")
    assert not logged_in and response.status_code == 429
    page = response.content.decode()
    assert "Too many wrong passwords" in page and "<strong>organizer-k3v9qa</strong>" in page
    assert "paused for 15 minutes. Even the right password is refused until then." in page
    # Other names log in, from the same addresses too.
    assert attempt("sam", PASSWORD, address(30))[0] and attempt("sam", PASSWORD, "192.0.2.10")[0]
    # Another organizer clears the lock (admin, or this command): she is in again.
    call_command("axes_reset_username", "organizer-k3v9qa", verbosity=0)
    assert attempt("organizer-k3v9qa", PASSWORD, "192.0.2.10")[0]


def test_the_owners_good_login_wipes_only_her_own_addresss_count(accounts):
    for n in range(1, 8):  # 28 wrong passwords from 7 addresses, 2 short of the limit
        for _ in range(4):
            attempt("organizer-k3v9qa", "guess", address(n))
    assert attempt("organizer-k3v9qa", PASSWORD, "192.0.2.10")[0]  # her phone: nothing to wipe there
    assert [attempt("organizer-k3v9qa", "guess", address(8))[1].status_code for _ in range(2)] == [200, 429]


def test_a_bad_username_limit_names_the_variable(monkeypatch):
    import subprocess
    import sys

    from django.conf import settings

    done = subprocess.run([sys.executable, "-c", "import config.settings"], cwd=settings.BASE_DIR,
                          env={"PATH": "/usr/bin:/bin", "AXES_USERNAME_FAILURE_LIMIT": "3"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "AXES_FAILURE_LIMIT (5) must be at least 1 and at most AXES_USERNAME_FAILURE_LIMIT (3)" in done.stderr
