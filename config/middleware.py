"""Security plumbing for every request: the Content Security Policy and the client's address.

Everything the site serves comes from itself: no inline script or style, no third-party hosts.
Django 5.2 has no CSP middleware of its own (6.0 adds one), so this small one sets the header. It
sits first in MIDDLEWARE so that static files, CSRF failures and login lockouts carry it too.

client_ip() is the address django-axes keys login failures on (with the username). Behind a
reverse proxy every request comes from the proxy, so DJANGO_PROXY_COUNT says how many proxies
append to X-Forwarded-For; with none (the default) the header is ignored, since anyone can send it.
"""

import re

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

from scoring.engine.vocabulary import LANGUAGE_CODES
from scoring.views.standings import projector_fragment, standings_fragment
from tournaments.selectors import event_language

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


def client_ip(request) -> str | None:
    """The client's address: REMOTE_ADDR, or the entry the last trusted proxy added."""
    proxies = getattr(settings, "PROXY_COUNT", 0)
    if proxies:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


class LanguageMiddleware:
    """Chooses each request's language (README, "Languages"), in this order:

    1. the person's own choice: the switcher on every page sets a cookie on that device (Django's
       set_language view), so a table's phone keeps its language for the whole event;
    2. the browser's language, when it is one of ours (Accept-Language, e.g. "es-US" for Spanish);
    3. the default language of the event the page belongs to (by its slug or table link), set by
       the organizer; on pages of no event, English.

    Django's LocaleMiddleware does 1 and 2 but falls back on one site-wide language, so the third
    step needs the view's arguments: it is taken in process_view, before the view renders.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = self.chosen(request)
        request.language_chosen = language is not None
        translation.activate(language or settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()
        try:
            response = self.get_response(request)
        finally:
            # The thread goes back to the site's language: a worker's next job (a command, a
            # signal, a test) must not inherit this visitor's.
            translation.deactivate()
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.language_chosen or getattr(view_func, "language_from_view", False):
            return None
        language = event_language(slug=view_kwargs.get("slug"), token=view_kwargs.get("token"))
        if language in LANGUAGE_CODES:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return None

    @staticmethod
    def chosen(request) -> str | None:
        """The person's choice, else the browser's language if it is one of ours; None for neither."""
        cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        if cookie in LANGUAGE_CODES:
            return cookie
        return browser_language(request.headers.get("Accept-Language", ""))


def browser_language(header: str) -> str | None:
    """The first of our languages an Accept-Language header asks for, by its weights; or None.

    "es-US,es;q=0.9,en;q=0.8" is Spanish; "de-DE,de;q=0.9" is none of ours; a weight of 0 refuses.
    """
    asked = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        primary = tag.strip().split("-")[0].lower()
        if quality > 0 and primary in LANGUAGE_CODES:
            asked.append((-quality, position, primary))
    return min(asked)[2] if asked else None


# The two live fragments' addresses (scoring/views/standings.py urlpatterns; a slug is [-a-zA-Z0-9_]+).
LIVE_POLL = re.compile(r"^/events/(?P<slug>[-a-zA-Z0-9_]+)/(?P<page>standings|projector)/live/$")


class LivePollMiddleware:
    """The live standings' polls, answered without the layers only pages and forms need.

    A thousand phones poll every five seconds (README, "Speed"): two hundred polls a second, most of
    a hall's requests. A poll reads no session, user, form or message and sets no cookie; its
    fragment is the same for every viewer (it is shared through the cache). So right after the
    language is chosen, this calls the fragment's own view and returns, skipping the URL
    resolver and the CommonMiddleware, CSRF, authentication, messages, framing and lockout layers
    (about half of a poll's cost in Django). The layers above it still run: the CSP, compression,
    the security headers and the language; the host is checked against ALLOWED_HOSTS here, as
    CommonMiddleware does. Everything else goes down the whole stack as before.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.views = {"standings": standings_fragment, "projector": projector_fragment}

    def __call__(self, request):
        found = LIVE_POLL.match(request.path_info) if request.method in ("GET", "HEAD") else None
        if found is None:
            return self.get_response(request)
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it for every other request
        response = self.views[found["page"]](request, found["slug"])
        response.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)  # as every page has
        response.headers.setdefault("Content-Length", str(len(response.content)))
        return response
