"""entry views."""

urlpatterns = []
