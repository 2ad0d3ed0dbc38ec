from django.contrib import admin

from .models import ClientSave, ConfirmFailure, Hand, HandChange


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never written. Hands change only through scoring.services, which re-scores them and
    writes the history in one transaction; the history itself is append-only and written only
    there, in the transaction of the change it describes."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "declarer", "contract", "tricks", "penalty_kind", "ns_points", "ew_points"]
    list_filter = ["table__round__event", "penalty_kind"]
    list_select_related = ["table__round"]


@admin.register(HandChange)
class HandChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "table", "hand_number", "action", "by", "reason"]
    list_filter = ["event", "action"]


@admin.register(ConfirmFailure)
class ConfirmFailureAdmin(ReadOnlyAdmin):
    """Wrong confirmation codes; deleting a table's rows lifts its guess lock at once."""

    list_display = ["at", "table", "side"]
    list_filter = ["table__round__event"]
    list_select_related = ["table__round"]

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser


@admin.register(ClientSave)
class ClientSaveAdmin(ReadOnlyAdmin):
    """Saves a phone sent with its own id: each id is taken once (README, "When the wifi drops")."""

    list_display = ["at", "table", "kind", "hand_number", "client_id"]
    list_filter = ["kind", "table__round__event"]
    list_select_related = ["table__round"]
