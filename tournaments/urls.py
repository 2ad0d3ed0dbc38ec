from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.event_list, name="event-list"),
    path("events/new/", views.event_create, name="event-create"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("events/<slug:slug>/settings/", views.event_edit, name="event-edit"),
    path("events/<slug:slug>/listing/", views.event_listing, name="event-listing"),
    path("events/<slug:slug>/delete/", views.event_delete, name="event-delete"),
    path("events/<slug:slug>/staff/", views.staff, name="staff"),
    path("events/<slug:slug>/staff/<int:staff_id>/remove/", views.staff_remove, name="staff-remove"),
    path("events/<slug:slug>/partnerships/", views.partnerships, name="partnerships"),
    path("events/<slug:slug>/partnerships/import/", views.partnership_import, name="partnership-import"),
    path("events/<slug:slug>/partnerships/<int:number>/edit/", views.partnership_edit, name="partnership-edit"),
    path("events/<slug:slug>/partnerships/<int:number>/check-in/", views.partnership_check_in,
         name="partnership-check-in"),
    path("events/<slug:slug>/partnerships/<int:number>/withdraw/", views.partnership_withdraw,
         name="partnership-withdraw"),
    path("events/<slug:slug>/check-in/", views.check_in, name="check-in"),
    path("events/<slug:slug>/movement/", views.movement_page, name="movement"),
    path("events/<slug:slug>/movement/generate/", views.movement_generate, name="movement-generate"),
    path("events/<slug:slug>/rounds/", views.dashboard, name="dashboard"),
    path("events/<slug:slug>/rounds/next/", views.round_next, name="round-next"),
    path("events/<slug:slug>/rounds/<int:number>/", views.dashboard, name="round"),
    path("events/<slug:slug>/rounds/<int:number>/open/", views.round_open, name="round-open"),
    path("events/<slug:slug>/rounds/<int:number>/close/", views.round_close, name="round-close"),
    path("events/<slug:slug>/rounds/<int:number>/reopen/", views.round_reopen, name="round-reopen"),
    path("events/<slug:slug>/tables/<int:table_id>/revoke/", views.table_revoke, name="table-revoke"),
]
