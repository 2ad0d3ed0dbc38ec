"""The clubs in Django's admin: where a superuser makes a club and gives its roles (docs/clubs.md)."""

from django.contrib import admin

from .models import Club, ClubRole, Member, Season


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 1


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubRoleInline]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["club", "number", "name", "public_name", "hidden"]
    list_filter = ["club", "hidden"]
    search_fields = ["name", "search_name"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["club", "name", "slug", "by"]
    list_filter = ["club"]
    filter_horizontal = ["events"]
