from django.contrib import admin

from .models import Event, EventStaff, Partnership, Player, Round, Seating, SitOut, Table, TableSeat, Tiebreak


class EventStaffInline(admin.TabularInline):
    model = EventStaff
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "rules_preset", "rounds", "hands_per_round"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventStaffInline]


@admin.register(EventStaff)
class EventStaffAdmin(admin.ModelAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["role"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "event"]
    search_fields = ["name"]
    list_filter = ["event"]


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    list_display = ["number", "event", "player_one", "player_two", "division", "checked_in", "withdrawn"]
    list_filter = ["event", "division", "checked_in", "withdrawn"]
    search_fields = ["player_one__name", "player_two__name"]
    list_select_related = ["event", "player_one", "player_two"]


@admin.register(Tiebreak)
class TiebreakAdmin(admin.ModelAdmin):
    list_display = ["event", "sequence", "created_at"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "tiebreak", "status"]
    list_filter = ["event", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "ns", "ew", "confirmed_at", "disputed_at"]
    list_filter = ["round__event"]
    list_select_related = ["round", "ns", "ew"]
    readonly_fields = ["token"]


@admin.register(TableSeat)
class TableSeatAdmin(admin.ModelAdmin):
    list_display = ["table", "seat", "entrant"]
    list_filter = ["table__round__event"]
    list_select_related = ["table__round", "entrant__player_one"]


@admin.register(SitOut)
class SitOutAdmin(admin.ModelAdmin):
    list_display = ["round", "partnership"]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["round", "partnership", "table", "sit_out"]
