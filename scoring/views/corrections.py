"""The organizer's corrections that remove hands (scoring.corrections): deleting a hand, with a
reason and a confirmation page, and the list of hands a games correction removes, shown on the
hand's correction page (scoring.views.entry.hand_edit) before the organizer confirms it.

Organizer only: not on a table link, not for a scorer. The views validate the form and call the
service; they compute nothing and write nothing to the ORM themselves.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext, gettext_lazy

from scoring import corrections
from scoring.models import Hand
from tournaments.forms import add_service_errors
from tournaments.permissions import organizer_required

from .cuts import hand_line, moves_text
from .entry import _manage, by_staff


class HandDeleteForm(forms.Form):
    """The reason (required by the service, which names the field) and the version the page showed."""

    reason = forms.CharField(label=gettext_lazy("Why is this hand deleted?"), required=False,
                             max_length=corrections.MAX_REASON,
                             widget=forms.Textarea(attrs={"rows": 2, "maxlength": corrections.MAX_REASON}))
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)


def hand_delete(request, access, number):
    """Delete one hand: the page shows it and what follows (later hands move up, totals and standings
    change, the table's confirmation is cleared), asks the reason and the confirmation."""
    sheet = access.sheet()
    hand = get_object_or_404(Hand, table=access.table, number=number)
    form = HandDeleteForm(request.POST or None, initial={"version": hand.version})
    if request.method == "POST" and form.is_valid():
        try:
            corrections.hand_delete(hand=hand, actor=access.actor, reason=form.cleaned_data["reason"],
                                    expected_version=form.cleaned_data["version"])
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, gettext("Hand %(number)s deleted.") % {"number": number})
            return redirect(access.url("entry"))
    numbers = [row.hand.number for row in sheet.rows]
    return render(request, "scoring/hand_delete.html", {
        "access": access, "sheet": sheet, "event": access.event, "hand": hand, "form": form,
        "line": hand_line(sheet, hand), "moves": moves_text(numbers, [number]),
        "back": access.url("hand", number),
    }, status=400 if form.is_bound and form.errors else 200)


urlpatterns = [
    path(_manage + "hands/<int:number>/delete/", by_staff(hand_delete, check=organizer_required),
         name="table-manage-hand-delete"),
]
