from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.event_list, name="event-list"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
]
