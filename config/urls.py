from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_safe

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
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]

handler400 = errors.bad_request  # a form too big to read gets a page saying what to do (config/errors.py)
