"""Security plumbing for every request: the Content Security Policy and the client's address.

Everything the site serves comes from itself: no inline script or style, no third-party hosts.
Django 5.2 has no CSP middleware of its own (6.0 adds one), so this small one sets the header. It
sits first in MIDDLEWARE so that static files, CSRF failures and login lockouts carry it too.

client_ip() is the address django-axes keys login failures on (with the username). Behind a
reverse proxy every request comes from the proxy, so DJANGO_PROXY_COUNT says how many proxies
append to X-Forwarded-For; with none (the default) the header is ignored, since anyone can send it.
"""

from django.conf import settings

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
