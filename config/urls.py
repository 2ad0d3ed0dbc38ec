from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config import errors
from tournaments.forms import AdminLoginForm, LoginForm

admin.site.login_form = AdminLoginForm  # both log-in forms refuse an over-long username before authenticating

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]

handler400 = errors.bad_request  # a form too big to read gets a page saying what to do (config/errors.py)
