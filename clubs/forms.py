"""The club's forms: a member, merging two members, the event import's review (docs/clubs.md)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES

from .models import Member


class MemberForm(forms.ModelForm):
    number = forms.IntegerField(label=_("Member number"), min_value=1, max_value=999_999, required=False,
                                help_text=_("Leave empty for the club's next number."))

    class Meta:
        model = Member
        fields = ["number", "name", "phone", "email", "language", "public_name", "hidden"]
        widgets = {"public_name": forms.RadioSelect}


class MergeForm(forms.Form):
    keep = forms.IntegerField(label=_("Keep member number"), min_value=1)
    gone = forms.IntegerField(label=_("Merge away member number"), min_value=1,
                              help_text=_("Every event of this member moves to the one kept; this number is deleted."))


class ClubEventFileForm(forms.Form):
    file = forms.FileField(label=_("Event file"), required=False,
                           help_text=_("A .json file saved by “Download the event file” or export_event."))
    # The file's text carried from the review page to the import, so it is read once more unchanged.
    text = forms.CharField(widget=forms.HiddenInput, required=False, max_length=MAX_EVENT_FILE_BYTES)
