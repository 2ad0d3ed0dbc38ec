"""Requests as production answers them, without a network: Django's test client, made to look like a
phone behind the TLS proxy of docs/operations.md "Production"; and plain_get, one HTTP/1.1 GET over
asyncio's streams to a real server on 127.0.0.1 (the load figure's client and the hall storm's pollers).

Every request is secure (HTTPS, and the X-Forwarded-Proto header the proxy adds), goes to a host
the settings allow, and posts with the CSRF cookie and an Origin header, so DEBUG=false with its
HTTPS redirect, allowed hosts and CSRF checks answers as it does for a phone. An answer other than
the expected status is Unmeasurable, naming the URL and the status. Touches no database itself.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

from django.conf import settings
from django.test import Client
from django.urls import NoReverseMatch, reverse

from bench.core import Unmeasurable


def url_for(name: str, *args) -> str:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        raise Unmeasurable(f"no URL named {name}") from None


def allowed_host() -> str:
    """A host name DJANGO_ALLOWED_HOSTS accepts (a sub-domain for a ".example.org" entry)."""
    for host in settings.ALLOWED_HOSTS:
        if host == "*":
            return "testserver"
        return f"bench{host}" if host.startswith(".") else host
    return "localhost"  # Django accepts it when ALLOWED_HOSTS is empty and DEBUG is on


class PhoneClient:
    """A browser on HTTPS: GET and POST through the whole middleware stack, checking each status."""

    def __init__(self) -> None:
        self.host = allowed_host()
        self.client = Client(enforce_csrf_checks=True, HTTP_HOST=self.host, HTTP_X_FORWARDED_PROTO="https")

    def get(self, url: str, expect: int = 200, **headers):
        response = self.client.get(url, secure=True, **headers)
        return self._checked("GET", url, response, expect)

    def post(self, url: str, data: dict, expect: int = 302):
        token = self.client.cookies.get(settings.CSRF_COOKIE_NAME)
        if token is None:
            raise Unmeasurable(f"POST {url}: no CSRF cookie; GET the page with the form first")
        # Encoded as a phone sends it (an HTML form, and static/js/entry.js and offline.js): urlencoded, not the
        # test client's multipart.
        body = urlencode({**data, "csrfmiddlewaretoken": token.value}, doseq=True)
        response = self.client.post(url, body, content_type="application/x-www-form-urlencoded", secure=True,
                                    HTTP_ORIGIN=f"https://{self.host}")
        return self._checked("POST", url, response, expect)

    @staticmethod
    def _checked(method: str, url: str, response, expect: int):
        if response.status_code != expect:
            where = f" to {response['Location']}" if response.has_header("Location") else ""
            raise Unmeasurable(f"{method} {url} answered {response.status_code}{where}, not {expect}")
        return response


async def plain_get(base: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One GET on a connection of its own, as gunicorn's sync workers close each: a few lines of
    HTTP/1.1 over asyncio's streams, so that thousands of them cost the client little CPU on the
    cores the server needs (a full HTTP client took twice as much: docs/performance.md). `base` is
    "http://127.0.0.1:PORT". Returns the status, the headers (names in lower case) and the body as
    sent (gzipped when asked for); a body shorter than its Content-Length raises ValueError."""
    host, port = base.split("//", 1)[1].split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}",
                 *(f"{name}: {value}" for name, value in (headers or {}).items()), "Connection: close"]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = await reader.read()  # to the end: the server closes the connection
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    head_lines = head.decode("latin-1").split("\r\n")
    status = int(head_lines[0].split()[1])
    answered = {name.strip().lower(): value.strip()
                for name, _, value in (line.partition(":") for line in head_lines[1:])}
    if "content-length" in answered and int(answered["content-length"]) != len(body):
        raise ValueError(f"{len(body)} bytes of a {answered['content-length']}-byte answer")
    return status, answered, body
