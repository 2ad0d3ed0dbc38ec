"""Forms for the organizer's standings pages: a tiebreak session, and the medal settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_PARTNERSHIP_NUMBER, MEDAL_SCOPE_LABELS
from tournaments import language
from tournaments.forms import WholeNumberField

TABLE_MAX = 999
TIEBREAKER_CHOICES = [("", _("— none —")), *language.choices(standings_engine.SECONDARY_TIEBREAKERS)]


class TiebreakForm(forms.Form):
    """A tiebreak session among tied partnerships: the automatic layout, or the organizer's own tables.
    Each layout's adapter names its form (adapter.tiebreak_form): players' is PlayersTiebreakForm."""

    partnerships = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, label=_("Tied partnerships who play"),
        error_messages={"required": _("Tick the tied partnerships.")},
    )
    hands = WholeNumberField(min_value=1, max_value=200, label=_("Hands each meeting"))
    layout = forms.ChoiceField(
        choices=[("auto", _("Automatic: two play each other; three or more play a round robin")),
                 ("tables", _("I set the tables myself (below)"))],
        widget=forms.RadioSelect, initial="auto", label=_("Tables"),
    )
    tables = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}), label=_("Your tables"),
        help_text=_("One table a line: table number, N-S partnership, E-W partnership. Example: 1 3 7"),
    )

    def __init__(self, *args, choices: list[tuple[int, str]], hands_per_round: int | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["partnerships"].choices = choices
        self.fields["hands"].initial = hands_per_round
        # Games with no hands per round play the tiebreak's rounds once, to their games' end: no count to ask.
        self.fields["hands"].required = hands_per_round is not None

    def clean_tables(self) -> list[tuple[int, int, int]]:
        parsed = []
        for line_no, line in enumerate(self.cleaned_data["tables"].splitlines(), start=1):
            parts = line.replace(",", " ").replace("v", " ").split()
            if not parts:
                continue
            # A long bound, so that an over-large number gets the range message below.
            numbers = [whole_number(p, max_digits=60) for p in parts]
            if len(numbers) != 3 or None in numbers:
                raise forms.ValidationError(gettext("Line %(line)s: write three numbers, e.g. 1 3 7 (table, N-S, E-W).")
                                            % {"line": line_no})
            table, ns, ew = numbers
            # Checked here: a number past the database's range would fail when the table is stored.
            if not 1 <= table <= TABLE_MAX:
                shown = parts[0] if len(parts[0]) <= 6 else parts[0][:6] + "…"
                raise forms.ValidationError(gettext("Line %(line)s: table %(table)s is not between 1 and %(max)s.")
                                            % {"line": line_no, "table": shown, "max": TABLE_MAX})
            if not (1 <= ns <= MAX_PARTNERSHIP_NUMBER and 1 <= ew <= MAX_PARTNERSHIP_NUMBER):
                raise forms.ValidationError(
                    gettext("Line %(line)s: a partnership number is not between 1 and %(max)s.")
                    % {"line": line_no, "max": MAX_PARTNERSHIP_NUMBER})
            parsed.append((table, ns, ew))
        return parsed

    def clean(self):
        data = super().clean()
        if data.get("layout") == "tables" and not data.get("tables") and "tables" not in self.errors:
            self.add_error("tables", gettext("Write your tables, or choose the automatic layout."))
        return data


class PlayersTiebreakForm(forms.Form):
    """A tiebreak session among tied players: their tables are planned for them (scoring.tiebreaks),
    with fillers where they cannot fill a table themselves."""

    partnerships = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, label=_("Tied players who play"),
        error_messages={"required": _("Tick the tied players.")},
    )
    hands = WholeNumberField(min_value=1, max_value=200, label=_("Hands in each pass through the tiebreak's rounds"))
    fillers = forms.CharField(
        required=False, max_length=200, label=_("Fillers: player numbers"),
        help_text=_("Only when two tied players play three-handed, or two or three progressive: other players "
                    "who fill the empty seats. They play the hands, but their tiebreak points count for nobody. "
                    "Leave it empty and the site picks the players present closest below the tied place."),
    )

    def __init__(self, *args, choices: list[tuple[int, str]], hands_per_round: int | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["partnerships"].choices = choices
        self.fields["hands"].initial = hands_per_round
        # Games with no hands per round play the tiebreak's rounds once, to their games' end: no count to ask.
        self.fields["hands"].required = hands_per_round is not None

    def clean_fillers(self) -> list[int]:
        numbers = []
        for part in self.cleaned_data["fillers"].replace(",", " ").split():
            number = whole_number(part, max_digits=60)
            if number is None or not 1 <= number <= MAX_PARTNERSHIP_NUMBER:
                shown = part if len(part) <= 6 else part[:6] + "…"
                raise forms.ValidationError(gettext("%(value)s is not a player number.") % {"value": shown})
            numbers.append(number)
        return numbers


class MedalSettingsForm(forms.Form):
    medal_scope = forms.ChoiceField(
        choices=language.choices(MEDAL_SCOPE_LABELS), widget=forms.RadioSelect, label=_("Medals"),
    )
    tiebreaker_1 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label=_("First tiebreaker"))
    tiebreaker_2 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label=_("Second tiebreaker"))
    tiebreaker_3 = forms.ChoiceField(choices=TIEBREAKER_CHOICES, required=False, label=_("Third tiebreaker"))

    @classmethod
    def for_event(cls, event, data=None):
        initial = {"medal_scope": event.medal_scope}
        for i, name in enumerate((event.secondary_tiebreakers or [])[:3], start=1):
            initial[f"tiebreaker_{i}"] = name
        return cls(data, initial=initial)

    def chosen_tiebreakers(self) -> list[str]:
        return [self.cleaned_data[f"tiebreaker_{i}"] for i in (1, 2, 3) if self.cleaned_data.get(f"tiebreaker_{i}")]
