"""printing views."""

urlpatterns = []
