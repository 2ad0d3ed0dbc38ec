"""A hall server in one command (docs/operations.md, "Running the day on a laptop").

`bin/serve --hall` finds the laptop's address by reading its interface list, accepts it as a host
and points the printed QR codes at it; the Print page says where the codes point and warns when
a phone cannot reach it; the projector shows a QR code of the public standings. Every request
here goes to the test client or to 127.0.0.1 with the hall's Host header: nothing leaves the
loopback range.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import socket
import stat
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import RequestFactory, override_settings
from django.urls import reverse

from config import hall
from scoring import site_address
from scoring.event_io import event_import
from scoring.printing import data as print_data
from tests.builders import run
from tournaments.demo import build_demo_event
from tournaments.models import EventStaff

REPO = Path(__file__).resolve().parents[2]
LAN = "192.168.1.50"
HALL_HOST = f"{LAN}:8123"

IP_ADDR = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
2: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\  valid_lft forever preferred_lft forever
3: br-5f2a9c    inet 172.18.0.1/16 brd 172.18.255.255 scope global br-5f2a9c\\ valid_lft forever preferred_lft forever
4: wlp2s0    inet 192.168.1.50/24 brd 192.168.1.255 scope global dynamic wlp2s0\\ valid_lft 86155sec
4: wlp2s0    inet6 fe80::1c2b:3ff:fe4a:5b6c/64 scope link\\       valid_lft forever preferred_lft forever
5: tailscale0    inet 100.101.102.103/32 scope global tailscale0\\       valid_lft forever preferred_lft forever
"""

IFCONFIG_MAC = """\
lo0: flags=8049<UP,LOOPBACK,RUNNING,MULTICAST> mtu 16384
\tinet 127.0.0.1 netmask 0xff000000
en0: flags=8863<UP,BROADCAST,SMART,RUNNING,SIMPLEX,MULTICAST> mtu 1500
\tinet6 fe80::10e1:8c1b:2b0d:7a1%en0 prefixlen 64 secured scopeid 0x6
\tinet 10.0.0.23 netmask 0xffffff00 broadcast 10.0.0.255
utun3: flags=8051<UP,POINTOPOINT,RUNNING,MULTICAST> mtu 1380
\tinet 10.8.0.2 --> 10.8.0.1 netmask 0xffffff00
"""


# ------------------------------------------------------------------ finding the laptop's address


def test_lan_address_is_read_from_ip_addr_skipping_loopback_containers_and_vpn():
    assert hall.address_from_ip(IP_ADDR) == LAN
    # the plain `ip -o addr` listing (IPv6 lines too) and the wifi listed before the containers
    assert hall.address_from_ip("3: eth0    inet 10.1.2.3/24 scope global eth0\n" + IP_ADDR) == "10.1.2.3"


def test_no_lan_address_when_only_loopback_link_local_or_containers():
    only_local = "\n".join(line for line in IP_ADDR.splitlines() if "wlp2s0" not in line and "tailscale" not in line)
    assert hall.address_from_ip(only_local) is None
    assert hall.address_from_ip("2: eth0    inet 169.254.10.20/16 scope link eth0") is None  # no DHCP answer
    assert hall.address_from_ip("") is None


def test_a_public_address_is_used_only_when_no_private_one_exists():
    public = "2: eth0    inet 151.101.1.69/24 scope global eth0"
    assert hall.address_from_ip(public) == "151.101.1.69"
    assert hall.address_from_ip(public + "\n3: wlan0    inet 192.168.43.7/24 scope global wlan0") == "192.168.43.7"


def test_lan_address_from_hostname_and_ifconfig():
    assert hall.address_from_hostname("127.0.1.1 192.168.1.50 fd00::2 ") == LAN
    assert hall.address_from_ifconfig(IFCONFIG_MAC) == "10.0.0.23"


def test_hall_env_with_an_address_given():
    env = hall.hall_env(8123, environ={"HALL_ADDRESS": LAN})
    assert env["HALL_ADDRESS"] == LAN
    assert env["SITE_URL"] == "http://192.168.1.50:8123"
    assert env["PORT"] == "8123"
    assert env["HOST"] in ("::", "0.0.0.0")
    # what the organizer set is kept
    kept = hall.hall_env(8123, environ={"HALL_ADDRESS": LAN, "SITE_URL": "http://scores.lan", "HOST": "127.0.0.1"})
    assert (kept["SITE_URL"], kept["HOST"]) == ("http://scores.lan", "127.0.0.1")


def run_hall(*args, path_dir: Path | None = None, **env) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("HALL_ADDRESS", "SITE_URL", "HOST", "PORT")}
    if path_dir:
        base["PATH"] = f"{path_dir}{os.pathsep}{base['PATH']}"
    return subprocess.run([sys.executable, "-m", "config.hall", *args], cwd=REPO, env=base | env,
                          capture_output=True, text=True, timeout=60)


def test_serve_hall_exports_read_the_interface_list(tmp_path):
    """`python -m config.hall env PORT` (what bin/serve --hall evaluates) with a stand-in `ip`."""
    fake_ip = tmp_path / "ip"
    fake_ip.write_text(f"#!/bin/sh\ncat <<'EOF'\n{IP_ADDR}EOF\n")
    fake_ip.chmod(0o755)
    done = run_hall("env", "8123", path_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    exports = dict(re.findall(r"^export (\w+)=(\S+)$", done.stdout, re.M))
    assert exports["HALL_ADDRESS"] == LAN
    assert exports["SITE_URL"] == "http://192.168.1.50:8123"
    assert exports["PORT"] == "8123"
    assert exports["HOST"] in ("::", "0.0.0.0")


def test_serve_hall_without_any_address_says_what_to_do(tmp_path):
    for tool in ("ip", "hostname", "ifconfig"):
        stub = tmp_path / tool
        stub.write_text("#!/bin/sh\nexit 0\n")
        stub.chmod(0o755)
    done = run_hall("env", "8123", path_dir=tmp_path)
    assert done.returncode != 0
    assert "found no network address" in done.stderr and "HALL_ADDRESS" in done.stderr


def test_banner_shows_the_address_in_a_box():
    done = run_hall("banner", SITE_URL="http://192.168.1.50:8123", PORT="8123")
    lines = done.stdout.splitlines()
    assert "PHONES OPEN THIS ADDRESS:" in done.stdout and "http://192.168.1.50:8123" in done.stdout
    assert lines[0] == lines[-1] == "=" * len(lines[0])
    assert all(line.startswith("||") and line.endswith("||") and len(line) == len(lines[0]) for line in lines[1:-1])


def test_the_hall_address_is_an_allowed_host_and_site_url_is_checked():
    code = "import json, config.settings as s; print(json.dumps([s.ALLOWED_HOSTS, s.SITE_URL]))"
    base = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOWED_HOSTS", "SITE_URL", "HALL_ADDRESS")}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env=base | {"HALL_ADDRESS": LAN, "SITE_URL": "http://192.168.1.50:8123/"})
    hosts, site_url = json.loads(done.stdout)
    assert hosts == ["127.0.0.1", "localhost", "testserver", LAN]
    assert site_url == "http://192.168.1.50:8123"
    bad = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                         env=base | {"SITE_URL": "192.168.1.50:8123"})
    assert bad.returncode != 0
    assert "SITE_URL must start with http:// or https://, not '192.168.1.50:8123'" in bad.stderr


# ------------------------------------------------------------------ which address the codes point at


def test_site_url_follows_the_request_unless_site_url_is_set():
    request = RequestFactory().get("/", HTTP_HOST=HALL_HOST)
    with override_settings(ALLOWED_HOSTS=[LAN], SITE_URL=""):
        assert site_address.site_url(request) == "http://192.168.1.50:8123"
        assert site_address.site_url() == site_address.LOCAL_SITE_URL == "http://127.0.0.1:8000"
    with override_settings(ALLOWED_HOSTS=[LAN], SITE_URL="https://scores.example.org"):
        assert site_address.site_url(request) == "https://scores.example.org"
        assert site_address.source(request) == "the SITE_URL setting"


@pytest.mark.parametrize("url, words", [
    ("http://127.0.0.1:8000", "127.0.0.1 means “this device”"),
    ("http://127.0.1.1:8000", "127.0.1.1 means “this device”"),
    ("http://[::1]:8000", "::1 means “this device”"),
    ("http://localhost:8000", "“localhost” means “this device”"),
    ("http://hall.localhost", "“hall.localhost” means “this device”"),
    ("http://0.0.0.0:8000", "0.0.0.0 is not an address a phone can open"),
    ("http://192.168.1.50:8123", ""),
    ("https://scores.example.org", ""),
])
def test_unreachable_addresses_are_named_in_plain_words(url, words):
    reason = site_address.unreachable_reason(url)
    assert reason.startswith(words) if words else reason == ""


@pytest.fixture
def hall_event(db, client):
    event = event_import(build_demo_event(partnerships=4, rounds=2, seed=7, slug="hall-day"))
    organizer = get_user_model().objects.create_user("olga")
    EventStaff.objects.create(event=event, user=organizer, role="organizer")
    client.force_login(organizer)
    return event


def print_page(client, event, host: str) -> str:
    response = client.get(reverse("scoring:print", args=[event.slug]), HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


@override_settings(SITE_URL="")
@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000"])
def test_print_page_warns_when_phones_cannot_reach_the_codes(hall_event, client, host):
    html = print_page(client, hall_event, host)
    assert f'<strong class="codes-url">http://{host}</strong> (the address this browser is using)' in html
    assert "Phones cannot open this address." in html
    assert "means “this device”: on a phone it is the phone itself, not this computer." in html


@override_settings(SITE_URL="")
def test_print_page_shows_a_lan_address_without_a_warning(hall_event, client):
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, LAN]):
        html = print_page(client, hall_event, HALL_HOST)
    assert '<strong class="codes-url">http://192.168.1.50:8123</strong> (the address this browser is using)' in html
    assert "Phones cannot open" not in html


@override_settings(SITE_URL="https://scores.example.org")
def test_print_page_follows_site_url_over_the_request(hall_event, client):
    html = print_page(client, hall_event, "127.0.0.1:8000")
    assert '<strong class="codes-url">https://scores.example.org</strong> (the SITE_URL setting)' in html
    assert "Phones cannot open" not in html
    sheet = print_data.sheets_doc(hall_event, round_number=1, site_url=site_address.site_url()).tables[0]
    assert sheet.entry_url.startswith("https://scores.example.org/t/")


def decode_qr(png: Path) -> str:
    done = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
    return done.stdout.strip()


def pdf_first_page_qr(data: bytes, tmp_path: Path) -> str:
    if not (shutil.which("zbarimg") and shutil.which("pdftoppm")):
        pytest.skip("zbarimg or pdftoppm not installed (Debian zbar-tools, poppler-utils)")
    (tmp_path / "s.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(tmp_path / "s.pdf"),
                    str(tmp_path / "p")], check=True)
    return decode_qr(next(tmp_path.glob("p*.png")))


@override_settings(SITE_URL="")
def test_sheet_printed_at_the_hall_address_decodes_to_it_and_that_url_answers(hall_event, client, tmp_path):
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, LAN]):
        response = client.get(reverse("scoring:pdf", args=[hall_event.slug, "sheets"]) + "?round=1",
                              HTTP_HOST=HALL_HOST)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        found = pdf_first_page_qr(response.content, tmp_path)
        table = hall_event.round_set.get(number=1, tiebreak__isnull=True).tables.get(number=1)
        assert found == f"http://192.168.1.50:8123/t/{table.token}/"
        client.logout()  # a phone: no login, only the code
        parts = urllib.parse.urlsplit(found)
        page = client.get(parts.path, HTTP_HOST=parts.netloc)
    assert page.status_code == 200
    assert "Table 1" in page.content.decode()


def test_pdf_command_says_which_address_the_codes_carry(hall_event, tmp_path, capsys):
    with override_settings(SITE_URL=""):
        _, err = run("pdf", hall_event.slug, "--kind", "sheets", "--round", "1", "-o", str(tmp_path / "a.pdf"))
    assert err.strip() == (
        "QR codes point at http://127.0.0.1:8000 (SITE_URL is not set, so the local default). 127.0.0.1 means "
        "“this device”: on a phone it is the phone itself, not this computer. Set SITE_URL=http://ADDRESS:PORT "
        "to the address phones open.")
    with override_settings(SITE_URL="http://192.168.1.50:8123"):
        _, err = run("pdf", hall_event.slug, "--kind", "sheets", "--round", "1", "-o", str(tmp_path / "b.pdf"))
    assert err.strip() == "QR codes point at http://192.168.1.50:8123 (the SITE_URL setting)."
    _, err = run("pdf", hall_event.slug, "--kind", "standings", "-o", str(tmp_path / "c.pdf"))
    assert err == ""  # no QR codes on the standings


# ------------------------------------------------------------------ the projector's code


def svg_to_png(svg: str, path: Path, scale: int = 8) -> Path:
    """Rasterise segno's inline SVG (one path of unit-high horizontal strokes) to a PNG for zbarimg."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    d = re.search(r'<path class="qrline" stroke="#000" d="([^"]+)"', svg).group(1)
    dark = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", d):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for col in range(int(x), int(x + float(a))):
                dark[int(y)][col] = True
            x += float(a)
    raw = b"".join(b"\x00" + bytes(0 if dark[r // scale][c // scale] else 255 for c in range(size * scale))
                   for r in range(size * scale))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size * scale, size * scale, 8, 0, 0, 0, 0)  # 8-bit greyscale
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
                     + chunk(b"IEND", b""))
    return path


@override_settings(SITE_URL="")
def test_projector_shows_a_qr_code_of_the_public_standings(hall_event, client, tmp_path):
    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg not installed (Debian zbar-tools)")
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, LAN]):
        html = client.get(reverse("scoring:projector", args=[hall_event.slug]), HTTP_HOST=HALL_HOST).content.decode()
        assert '<p class="phone-address"><span class="phone-host">192.168.1.50:8123</span><span class="phone-path">/events/hall-day/standings</span></p>' in html
        svg = re.search(r'<div class="phone-qr">(<svg.*?</svg>)</div>', html, re.S).group(1)
        found = decode_qr(svg_to_png(svg, tmp_path / "projector.png"))
        assert found == "http://192.168.1.50:8123/events/hall-day/standings/"
        client.logout()
        assert client.get(urllib.parse.urlsplit(found).path, HTTP_HOST=HALL_HOST).status_code == 200


@override_settings(SITE_URL="")
def test_projector_shows_no_code_a_phone_cannot_open(hall_event, client):
    url = reverse("scoring:projector", args=[hall_event.slug])
    html = client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "projector-phone" not in html and "<svg" not in html
    with override_settings(SITE_URL="http://192.168.1.50:8123"):
        html = client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert '<p class="phone-address"><span class="phone-host">192.168.1.50:8123</span><span class="phone-path">/events/hall-day/standings</span></p>' in html


# ------------------------------------------------------------------ the real thing: bin/serve --hall


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_bin_serve_hall_end_to_end(tmp_path):
    """bin/serve --hall on a fresh SQLite file, listening on 127.0.0.1 only (HOST), as the laptop
    192.168.1.50: log in, print round 1's sheets through the Host the phones use, decode the QR
    code, and open that URL, every request sent to 127.0.0.1 with the hall's Host header."""
    if not (shutil.which("zbarimg") and shutil.which("pdftoppm")):
        pytest.skip("zbarimg or pdftoppm not installed (Debian zbar-tools, poppler-utils)")
    port = free_port()
    host = f"{LAN}:{port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")
           and k not in ("DATABASE_URL", "SITE_URL", "HALL_ADDRESS")}
    env |= {"HOST": "127.0.0.1", "PORT": str(port), "HALL_ADDRESS": LAN, "HALL_WORKERS": "1",
            "SQLITE_PATH": str(tmp_path / "hall.sqlite3")}
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen([str(REPO / "bin" / "serve"), "--hall"], cwd=REPO, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

        def get(path: str, data: dict | None = None):
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host},
                                             data=urllib.parse.urlencode(data).encode() if data else None)
            return opener.open(request, timeout=30)

        for _ in range(240):
            if "PHONES OPEN THIS ADDRESS" in log.read_text():
                try:
                    get("/").close()
                    break
                except OSError:
                    pass
            assert server.poll() is None, log.read_text()
            time.sleep(0.5)
        text = log.read_text()
        assert f"http://{host}" in text
        username = re.search(r"username: (\S+)", text).group(1)
        password = re.search(r"password: (\S+)", text).group(1)
        login = get("/accounts/login/").read().decode()
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login).group(1)
        get("/accounts/login/", {"csrfmiddlewaretoken": csrf, "username": username, "password": password}).close()
        menu = get("/events/golden-age-olympics-demo/print/").read().decode()
        assert f'<strong class="codes-url">http://{host}</strong>' in menu and "Phones cannot open" not in menu
        found = pdf_first_page_qr(get("/events/golden-age-olympics-demo/pdf/sheets/?round=1").read(), tmp_path)
        assert re.fullmatch(rf"http://{re.escape(host)}/t/[A-Z0-9]+/", found), found
        phone = urllib.request.Request(f"http://127.0.0.1:{port}{urllib.parse.urlsplit(found).path}",
                                       headers={"Host": host})
        with urllib.request.urlopen(phone, timeout=30) as answer:
            assert answer.status == 200 and "Table" in answer.read().decode()
            assert "Strict-Transport-Security" not in answer.headers  # no https for phones to remember

        # A production server (docs/operations.md, "The hall server and development mode"): its own
        # secret key beside the database, only for this user; cookies without the Secure flag, so
        # the phones send them back over plain http (the login above needed them).
        key_file = tmp_path / "hall.sqlite3.secret-key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600 and len(key_file.read_text().strip()) >= 60
        assert {cookie.name: cookie.secure for cookie in jar if cookie.name in ("csrftoken", "sessionid")} == {
            "csrftoken": False, "sessionid": False}

        def refused(path: str, host_header: str) -> tuple[int, str]:
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host_header})
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(request, timeout=30)
            return answer.value.code, answer.value.read().decode()

        technical = ["Traceback", "Django", "DEBUG", "URLconf", "HTTP_HOST", "settings", str(REPO)]
        code, page = refused("/", "evil.example")  # a Host the hall does not answer to
        assert code == 400 and "This address cannot be opened" in page
        assert [word for word in technical + ["evil.example"] if word in page] == []
        code, page = refused("/no/such/page/", host)
        assert code == 404 and "This page does not exist" in page
        assert [word for word in technical if word in page] == []
        # whitenoise serves the collected, hashed stylesheet the pages name, cached for good.
        sheet = re.search(r'<link rel="stylesheet" href="(/static/css/site\.[0-9a-f]{12}\.css)">', page).group(1)
        with get(sheet) as answer:
            assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/css")
            assert "immutable" in answer.headers["Cache-Control"]
        assert "Traceback" not in log.read_text()
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
