from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.cache import cache_page
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

from config import errors
from tournaments.forms import AdminLoginForm, LoginForm

admin.site.login_form = AdminLoginForm  # both log-in forms refuse an over-long username before authenticating

FAVICON = (settings.BASE_DIR / "static" / "favicon.ico").read_bytes()


@require_safe
def favicon(request):
    """/favicon.ico: browsers ask for it on every page whatever the <link> says; answer, not 404."""
    response = HttpResponse(FAVICON, content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    # The language switcher posts here (Django's set_language: a cookie on this device).
    path("i18n/", include("django.conf.urls.i18n")),
    # The scripts' strings in the page's language; the ?v= in the page's link is the language,
    # so a phone's cache keeps one copy per language (README, "Languages").
    path("jsi18n/", cache_page(60 * 60)(JavaScriptCatalog.as_view()), name="javascript-catalog"),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Scoring first: the live polls and the table phones are most of a hall's requests, and Django
    # tries the patterns in order (no path is in both).
    path("", include("scoring.urls")),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
]

handler400 = errors.bad_request  # a form too big to read gets a page saying what to do (config/errors.py)
