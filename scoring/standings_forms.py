"""Forms for the organizer's standings pages: a tiebreak session, and the medal settings."""

from __future__ import annotations

from django import forms

from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_PARTNERSHIP_NUMBER
from tournaments.forms import WholeNumberField

TABLE_MAX = 999
TIEBREAKER_CHOICES = [("", "— none —"), *standings_engine.SECONDARY_TIEBREAKERS.items()]


class TiebreakForm(forms.Form):
    partnerships = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, label="Tied partnerships who play",
        error_messages={"required": "Tick the tied partnerships."},
    )
    hands = WholeNumberField(min_value=1, max_value=200, label="Hands each meeting")
    layout = forms.ChoiceField(
        choices=[("auto", "Automatic: two play each other; three or more play a round robin"),
                 ("tables", "I set the tables myself (below)")],
        widget=forms.RadioSelect, initial="auto", label="Tables",
    )
    tables = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}), label="Your tables",
        help_text="One table a line: table number, N-S partnership, E-W partnership. Example: 1 3 7",
    )

    def __init__(self, *args, choices: list[tuple[int, str]], hands_per_round: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["partnerships"].choices = choices
        self.fields["hands"].initial = hands_per_round

    def clean_tables(self) -> list[tuple[int, int, int]]:
        parsed = []
        for line_no, line in enumerate(self.cleaned_data["tables"].splitlines(), start=1):
            parts = line.replace(",", " ").replace("v", " ").split()
            if not parts:
                continue
            # A long bound, so that an over-large number gets the range message below.
            numbers = [whole_number(p, max_digits=60) for p in parts]
            if len(numbers) != 3 or None in numbers:
                raise forms.ValidationError(f"Line {line_no}: write three numbers, e.g. 1 3 7 (table, N-S, E-W).")
            table, ns, ew = numbers
            # Checked here: a number past the database's range would fail when the table is stored.
            if not 1 <= table <= TABLE_MAX:
                shown = parts[0] if len(parts[0]) <= 6 else parts[0][:6] + "…"
                raise forms.ValidationError(f"Line {line_no}: table {shown} is not between 1 and {TABLE_MAX}.")
            if not (1 <= ns <= MAX_PARTNERSHIP_NUMBER and 1 <= ew <= MAX_PARTNERSHIP_NUMBER):
                raise forms.ValidationError(
                    f"Line {line_no}: a partnership number is not between 1 and {MAX_PARTNERSHIP_NUMBER}.")
            parsed.append((table, ns, ew))
        return parsed

    def clean(self):
        data = super().clean()
        if data.get("layout") == "tables" and not data.get("tables") and "tables" not in self.errors:
            self.add_error("tables", "Write your tables, or choose the automatic layout.")
        return data


class MedalSettingsForm(forms.Form):
    medal_scope = forms.ChoiceField(
        choices=[("overall", "Overall only"), ("division", "Per division only"), ("both", "Overall and per division")],
        widget=forms.RadioSelect, label="Medals",
    )
    tiebreaker_1 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label="First tiebreaker")
    tiebreaker_2 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label="Second tiebreaker")
    tiebreaker_3 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label="Third tiebreaker")

    @classmethod
    def for_event(cls, event, data=None):
        initial = {"medal_scope": event.medal_scope}
        for i, name in enumerate((event.secondary_tiebreakers or [])[:3], start=1):
            initial[f"tiebreaker_{i}"] = name
        return cls(data, initial=initial)

    def chosen_tiebreakers(self) -> list[str]:
        return [self.cleaned_data[f"tiebreaker_{i}"] for i in (1, 2, 3) if self.cleaned_data.get(f"tiebreaker_{i}")]
