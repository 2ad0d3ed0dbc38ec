"""Which address printed QR codes, table links and the projector's code point at.

settings.SITE_URL when it is set (production, `bin/serve --hall`); otherwise the address the
organizer's browser is using for this request (its host has already passed ALLOWED_HOSTS); with no
request at all (the `pdf` command) LOCAL_SITE_URL, which only this computer can open. It also says,
in plain words, when an address is one a phone cannot reach. Reads settings and the request;
touches nothing else.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _

# What plain `bin/serve` listens on: the no-request fallback.
LOCAL_SITE_URL = "http://127.0.0.1:8000"


def site_url(request: HttpRequest | None = None) -> str:
    """scheme://host[:port] with no trailing slash, for building absolute links."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if request is not None:
        # get_host() is the Host header already checked against ALLOWED_HOSTS; scheme honours
        # SECURE_PROXY_SSL_HEADER behind a TLS proxy.
        return f"{request.scheme}://{request.get_host()}"
    return LOCAL_SITE_URL


def source(request: HttpRequest | None = None) -> str:
    """Why site_url() chose its address, for the Print page and the pdf command."""
    if settings.SITE_URL:
        return _("the SITE_URL setting")
    if request is not None:
        return _("the address this browser is using")
    return _("SITE_URL is not set, so the local default")


def unreachable_reason(url: str) -> str:
    """Plain words when a phone cannot open url (it names this computer), else ""."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return _this_device(f"“{host}”")
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return ""
    if ip.is_loopback:
        return _this_device(host)
    if ip.is_unspecified:
        return _("%(host)s is not an address a phone can open.") % {"host": host}
    return ""


def _this_device(host: str) -> str:
    return _("%(host)s means “this device”: on a phone it is the phone itself, not this computer.") % {"host": host}


def short(url: str) -> str:
    """The address as a person types it: no http://, no trailing slash."""
    parts = urlsplit(url)
    return (parts.netloc + parts.path).rstrip("/") + (f"?{parts.query}" if parts.query else "")
