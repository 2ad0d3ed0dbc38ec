from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("events/<slug:slug>/standings/", views.standings_page, name="standings"),
]
