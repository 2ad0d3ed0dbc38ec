"""The site's own answers to bad requests (handler400 in config/urls.py).

Every other 400 (a Host header the site does not answer to, a request it cannot read) gets
templates/400.html, plain and translated, from Django's bad_request view; 403, 404 and 500 get
templates/403.html, 404.html and 500.html from Django's own handlers. With DEBUG off (production
and `bin/serve --hall`) none of them shows settings, paths, URL patterns or a traceback.

A form bigger than Django's DATA_UPLOAD_MAX_MEMORY_SIZE (a huge paste into the partnership import,
say) is refused while the request is read, before any view runs; instead of a bare "Bad Request"
the sender gets a page saying what happened and what to do. Reads nothing, writes nothing.
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults

from tournaments import language


def bad_request(request, exception=None):
    if isinstance(exception, RequestDataTooBig):
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024)
        size = int(megabytes) if megabytes == int(megabytes) else megabytes
        limit = _("%(size)s MB") % {"size": language.number(size)}
        return render(request, "400_too_big.html", {"limit": limit}, status=413)
    return defaults.bad_request(request, exception)
