"""Each views module keeps its own urlpatterns beside its views; they all share this namespace."""

from .views import corrections, entry, importing, printing, standings

app_name = "scoring"

urlpatterns = [*standings.urlpatterns, *entry.urlpatterns, *printing.urlpatterns, *importing.urlpatterns,
               *corrections.urlpatterns]
