"""django-tables2 tables for the event pages: one class per table, fed a list by the view.

The movement grid and the round dashboard are not here: their columns are the rounds and their
cells carry buttons, which read better as plain templates (templates/tournaments/_*.html).
"""

import django_tables2 as tables
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from .models import EventStaff, Partnership


class PartnershipTable(tables.Table):
    """The public list of who plays."""

    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    players = tables.Column(accessor="players_label", verbose_name=_("Players"), orderable=False)
    division = tables.Column(verbose_name=_("Division"))
    state = tables.Column(empty_values=(), verbose_name=_("Status"), orderable=False)

    class Meta:
        model = Partnership
        fields = ["number", "players", "division", "state"]
        orderable = False
        attrs = {"class": "partnerships"}

    def render_state(self, record):
        return gettext_now("withdrawn") if record.withdrawn else ""


class StaffTable(tables.Table):
    user = tables.Column(accessor="user__username", verbose_name=_("User"))
    role = tables.Column(verbose_name=_("Role"))
    remove = tables.TemplateColumn(template_name="tournaments/_staff_remove.html", verbose_name=_("Action"),
                                    orderable=False)

    class Meta:
        model = EventStaff
        fields = ["user", "role", "remove"]
        orderable = False
