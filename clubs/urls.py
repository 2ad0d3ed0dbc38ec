"""The clubs' pages (issue 26). Each views module keeps its own urlpatterns beside its views; they
all share this namespace. The season pages: clubs/season_views.py; the
club, its members and records, the import: clubs/views.py."""

from clubs import season_views, views

app_name = "clubs"

urlpatterns = [*season_views.urlpatterns, *views.urlpatterns]
