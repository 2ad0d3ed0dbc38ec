"""Event files through the web: an organizer who may create events imports one, and an event's
organizer downloads its file (README, "Event files").

The import does what `manage.py import_event FILE [--slug SLUG]` does (scoring.event_io.event_import,
one transaction: a file with any problem writes nothing), and lists every problem in the reader's
language: each is a vocabulary Message, its template translated and its values filled in; the place
("rounds[1].tables[0]") names the file's JSON keys and is kept as it is. The download is what
`manage.py export_event SLUG` prints.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import event_io
from scoring.engine import eventfile
from scoring.engine.eventfile import EventFileError
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES, STAFF_ROLE_LABELS, in_language
from tournaments import language
from tournaments.permissions import organizer_required
from tournaments.views import CREATE_EVENTS


class EventFileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Event file"),
                           help_text=gettext_lazy("A .json file saved by “Download the event file” or export_event."))
    slug = forms.CharField(label=gettext_lazy("Address name (slug)"), required=False, max_length=80,
                           help_text=gettext_lazy("Leave empty to use the file’s own, or one made from its name."))


def _read(upload) -> object:
    """The upload's JSON; a file over the limit is refused before it is read."""
    if upload.size > MAX_EVENT_FILE_BYTES:
        raise EventFileError([eventfile.too_big(upload.size, upload.name)])
    return eventfile.read(upload.read(), upload.name)


@login_required
def event_import(request):
    if not request.user.has_perm(CREATE_EVENTS):
        return render(request, "tournaments/event_create_refused.html", status=403)
    posted = request.method == "POST"
    form = EventFileForm(request.POST if posted else None, request.FILES if posted else None)
    problems: list[str] = []
    if posted and form.is_valid():
        try:
            event = event_io.event_import(_read(form.cleaned_data["file"]), slug=form.cleaned_data["slug"] or None,
                                           by=request.user)
        except EventFileError as exc:
            problems = [in_language(problem, language.label) for problem in exc.problems]
        else:
            messages.success(request, _("%(name)s was imported from the event file.") % {"name": event.name})
            for name in event.accounts_created:
                messages.warning(request, _("The account %(name)s was created from the file without a password: "
                                            "an administrator sets one before it can log in.") % {"name": name})
            for name, role in event.staff_not_granted:  # only an administrator's import grants roles
                messages.warning(request, _("The file names %(name)s (%(role)s): not granted. Add them on the "
                                            "event's Staff page if they should help.")
                                 % {"name": name, "role": _(STAFF_ROLE_LABELS[role])})
            return redirect(event.get_absolute_url())
    return render(request, "scoring/event_import.html", {"form": form, "problems": problems})


@organizer_required
def event_file(request, event):
    response = HttpResponse(eventfile.to_text(event_io.event_export(event)),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response


urlpatterns = [
    path("events/new/import/", event_import, name="event-import"),
    path("events/<slug:slug>/event-file.json", event_file, name="event-file"),
]
