from django.contrib import admin

from .models import Hand, HandChange


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "declarer", "contract", "tricks", "penalty_kind", "ns_points", "ew_points"]
    list_filter = ["table__round__event", "penalty_kind"]
    list_select_related = ["table__round"]

    # Hands change only through scoring.services, which re-scores them and writes the history in
    # one transaction; the admin shows them but does not edit them behind the history's back.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "table", "hand_number", "action", "by", "reason"]
    list_filter = ["event", "action"]

    # The history is append-only: nobody edits or deletes it, not even through the admin, and
    # rows are written only by the services, in the transaction of the change they describe.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
