"""Forms for the organizer's pages: event settings with rule overrides, staff, registration,
CSV import, closing a round. They check shape only; the services check meaning."""

from __future__ import annotations

import dataclasses

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import formats, layouts
from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import ENTRANTS, MAX_DIVISION, MAX_NAME

from . import language
from .models import Event, EventStaff

SETTINGS_FIELDS = ["name", "date", "venue", "entrants", "layout", "rules_preset", "format", "rounds", "hands_per_round",
                   "sit_out_policy", "sit_out_points", "confirmation_required", "confirmation_check", "medal_scope",
                   "page_size", "language"]
# An event played as games (README, "Games"): its settings, and the rules that end a game to 500,
# shown together in their own fieldset, used only when the event plays games.
GAMES_FIELDS = ["hand_limit", "games_per_round", "wins_per_round", "rank_by"]
GAME_END_RULES = ("target", "must_bid_to_win", "pegging_cap", "lose_at", "lose_at_inclusive", "win_outright_at",
                  "bidder_wins_crossing", "set_bidder_wins")
# The event form's own words for the vocabulary's entrants (ENTRANTS) and the registered formats (FORMATS).
ENTRANTS_CHOICES = list(zip(ENTRANTS, (_("Partnerships"), _("Individual players")), strict=True))
FORMAT_CHOICES = list(zip(formats.FORMATS, (
    _("A session: a fixed number of hands a round, points summed (McAllen)"),
    _("Games to 500: each game ends under the rule set's end-of-game rules (club play)")), strict=True))
DEFAULT_ENTRANTS = layouts.LAYOUTS[layouts.DEFAULT_LAYOUT].entrants
# How many sit at a table: blank, the table who plays and the rule set seat by themselves (four, or
# three under the three-handed rules); else one of the layouts they do not name by themselves (tables of
# two, five and six: scoring.engine.layouts.LAYOUTS, in its own words).
MIXED_TWO_THREES = f"{layouts.MIXED}:{layouts.SIX_HANDED[1]}"  # the "Mixed" choice seating a six as two threes
TABLE_CHOICES = [("", _("Four at a table (three under the three-handed rule set)"))] + [
    (name, language.lazy_label(lay.label)) for name, lay in layouts.LAYOUTS.items()
    if layouts.layout_for(lay.entrants, lay.rules_players) is not lay] + [
    # Mixed table sizes (Event.mixed_sizes): its tables of four progressive, a six as three teams of two or as
    # two teams of three (MIXED_SIX).
    (layouts.MIXED, _("Mixed: tables of four where it can, five or six (or one of three) for the rest, so that "
                      "nobody sits out (games to 500; a table of six as three teams of two)")),
    (MIXED_TWO_THREES,
     _("Mixed: tables of four where it can, five or six (or one of three) for the rest, so that nobody sits out "
       "(games to 500; a table of six as two teams of three)"))]
# The mixed choices above, each with how it seats a six (Event.mixed_sizes).
MIXED_SIX = {layouts.MIXED: layouts.SIX_HANDED[0], MIXED_TWO_THREES: layouts.SIX_HANDED[1]}
CHOICE_FIELDS = {"no_bid": rules_engine.NO_BID_CHOICES,
                 "defenders_on_failed_nullo": rules_engine.DEFENDERS_ON_FAILED_NULLO,
                 "double_bar_nullo_points": ("250", "500"), "open_misere_points": ("520", "500")}
RULE_TYPES = {f.name: f.type for f in dataclasses.fields(rules_engine.RuleSet)}
KEEP = ""  # every override field's blank choice: "as the preset says"
# The model's check constraints (rounds, hands) and the event file's limit (sit-out points), as
# field limits: a clear "at most 30" instead of a constraint's name, or the database's own range.
NUMBER_LIMITS = {"rounds": (1, 30), "hands_per_round": (1, 20), "sit_out_points": (-10_000, 10_000),
                 **{name: (1, games_engine.MAX_GAMES_SETTING)
                    for name in ("hand_limit", "games_per_round", "wins_per_round")}}


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads ASCII digits only (scoring.engine.textsafe.whole_number), with a
    leading minus: Django's own goes through int(), which takes "١٢" or "1_000" for numbers."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = whole_number(str(value), max_digits=60, signed=True)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def _preset_values(name: str) -> str:
    """What each preset says for one rule: shown under its field so the choice is informed."""
    parts = []
    for preset in rules_engine.all_presets():
        value = getattr(preset, name)
        if isinstance(value, bool):
            value = gettext("yes") if value else gettext("no")
        elif isinstance(value, tuple):
            value = ", ".join(value) or gettext("none")
        elif value is None:
            value = gettext("none")
        else:
            value = language.rule_choice(value)
        parts.append(f"{language.label(preset.label)}: {value}")
    return " · ".join(parts)


def _override_field(name: str, sentence: str, kind: str) -> forms.Field:
    help_text = gettext("%(sentence)s Presets — %(presets)s.") % {"sentence": language.label(sentence),
                                                                  "presets": _preset_values(name)}
    label = language.rule_label(name)
    keep = (KEEP, gettext("As the preset says"))
    if kind == "bool":
        return forms.ChoiceField(label=label, required=False, help_text=help_text,
                                 choices=[keep, ("yes", gettext("Yes")), ("no", gettext("No"))])
    if name in CHOICE_FIELDS:
        return forms.ChoiceField(label=label, required=False, help_text=help_text,
                                 choices=[keep] + [(c, language.rule_choice(c)) for c in CHOICE_FIELDS[name]])
    if name == "specials":
        return forms.CharField(label=label, required=False, max_length=60, help_text=help_text + " " + gettext(
            "Write the codes separated by commas, or “none”; leave empty for the preset's."))
    return forms.CharField(label=label, required=False, max_length=12, help_text=help_text + " " + (
        gettext("A whole number, or “none”; leave empty for the preset's.") if kind == "int | None"
        else gettext("A whole number; leave empty for the preset's.")))


# The rank-by keys as an organizer types them, in his language ("partidas, puntos"); the English
# keys (the event file's) are taken in every language.
RANK_TYPED = {"games": pgettext_lazy("a rank-by key, typed", "games"),
              "matches": pgettext_lazy("a rank-by key, typed", "matches"),
              "points": pgettext_lazy("a rank-by key, typed", "points"),
              "difference": pgettext_lazy("a rank-by key, typed", "difference")}


def rank_typed(keys) -> str:
    """"games, points" / "partidas, puntos" / "parties, points": keys as the reader types them."""
    return ", ".join(str(RANK_TYPED.get(key, key)) for key in keys)


def rank_keys_by_word() -> dict[str, str]:
    """{typed word: key}: the reader's words and the English keys."""
    words = {str(word).lower(): key for key, word in RANK_TYPED.items()}
    return {**{key: key for key in games_engine.RANK_KEYS}, **words}


def rank_help() -> str:
    words = {key: str(word) for key, word in RANK_TYPED.items()}
    return gettext("In order, separated by commas: %(games)s (games won, a draw counts half), %(matches)s (matches "
                   "won), %(points)s (the sum of the final game scores), %(difference)s (points minus the "
                   "opponents'). For example: %(example)s.") % {
                       **words, "example": rank_typed(games_engine.DEFAULT_RANK_BY)}


class EventForm(forms.ModelForm):
    """Event settings plus one field per overridable rule (blank keeps the preset's value)."""

    entrants = forms.ChoiceField(
        label=_("Who plays"), choices=ENTRANTS_CHOICES, required=False, widget=forms.RadioSelect,
        help_text=_("Individual players each play for themselves and are ranked on their own total: at tables of "
                    "three under the three-handed rule set, otherwise at tables of four with a new partner each "
                    "round. Played as a session. This cannot change once anyone is registered."))
    layout = forms.ChoiceField(
        label=_("Players at a table"), choices=TABLE_CHOICES, required=False, widget=forms.RadioSelect,
        help_text=_("Tables of two, five or six are for individual players under a rule set for four players. "
                    "This cannot change once the movement exists."))
    format = forms.ChoiceField(label=_("How the event is played"), choices=FORMAT_CHOICES, required=False,
                               help_text=_("Games to 500 need the settings under “Games to 500” below."))
    rank_by = forms.CharField(
        label=_("Rank by"), required=False, max_length=60,
        help_text="")  # in the reader's words (rank_help), set in __init__ once the language is active

    class Meta:
        model = Event
        fields = SETTINGS_FIELDS + GAMES_FIELDS[:3]
        field_classes = {name: WholeNumberField for name in NUMBER_LIMITS}
        # The model's own labels, marked here (the model keeps its English: no migration for a label).
        labels = {
            "name": _("Name"), "date": _("Date"), "venue": _("Venue"), "rules_preset": _("Rules preset"),
            "rounds": _("Rounds"), "hands_per_round": _("Hands per round"), "sit_out_policy": _("Sit out policy"),
            "sit_out_points": _("Sit out points"), "confirmation_required": _("Confirmation required"),
            "confirmation_check": _("Confirmation check"), "medal_scope": _("Medal scope"),
            "page_size": _("Page size"), "language": _("Language"),
            "hand_limit": _("Hands in one game, at most"), "games_per_round": _("Games per round"),
            "wins_per_round": _("Wins per round (a match)"),
        }
        help_texts = {
            "rounds": _("McAllen plays 10."),
            "hands_per_round": _("McAllen plays 4."),
            "sit_out_points": _("Only used when the sit-out policy is a fixed number of points."),
            "confirmation_required": _("The other partnership (or an organizer) confirms each table's scores."),
            "confirmation_check": _("A PIN is secret: each partnership's is on its own movement card (and on the "
                                    "Partnerships page). A partnership number is printed on the public movement, so "
                                    "with it anyone can confirm any table."),
            "hand_limit": _("A game with this many hands goes to the side ahead (level: a drawn game). Empty for "
                            "no limit."),
            "games_per_round": _("A table's round ends after this many games. Empty: it ends at the organizer's bell."),
            "wins_per_round": _("A round is a match won by the first side to this many wins. Empty for none."),
            "language": _("The event's own language: printed sheets, cards and results are in it, and so are its "
                          "pages for a visitor whose phone or computer asks for none of English, Spanish and French. "
                          "Everyone can still choose their own language at the top of any page."),
        }
        widgets = {"date": forms.DateInput(attrs={"type": "date"}), "confirmation_check": forms.RadioSelect}

    def __init__(self, *args, entrants_locked: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs["autofocus"] = True
        self.initial.setdefault("entrants", self.instance.entrants if self.instance.pk else DEFAULT_ENTRANTS)
        if self.instance.pk and self.instance.layout != self._seated_layout(self.instance.entrants,
                                                                            self.instance.rules_preset):
            self.initial.setdefault("layout", self.instance.layout)
        if self.instance.mixed_sizes:  # the choice that seats a six as it does ("mixed", not said: the first)
            self.initial["layout"] = next((choice for choice, six in MIXED_SIX.items()
                                           if six == self.instance.mixed_sizes), layouts.MIXED)
        if entrants_locked:  # anyone registered: the choice stays (the service refuses a change too)
            self.fields["entrants"].disabled = True
        # A form posted without the check (an older page, a script) keeps the event's current one.
        self.fields["confirmation_check"].required = False
        self.fields["language"].required = False  # the same: left out, the event keeps its language
        # A session needs hands per round; a games event may leave it open (README, "Games"): clean() checks.
        self.fields["hands_per_round"].required = False
        self.fields["hands_per_round"].help_text = _("McAllen plays 4. Games to 500 may leave it empty: the round "
                                                     "then ends at the bell or when its games are done.")
        if self.instance.pk:
            self.initial.setdefault("format", self.instance.format)
            self.initial.setdefault("rank_by", rank_typed(self.instance.rank_by or games_engine.DEFAULT_RANK_BY))
        else:
            self.initial.setdefault("format", formats.DEFAULT_FORMAT)
            self.initial.setdefault("rank_by", rank_typed(games_engine.DEFAULT_RANK_BY))
        self.fields["rank_by"].help_text = rank_help()
        for name, (low, high) in NUMBER_LIMITS.items():
            field = self.fields[name]
            field.min_value, field.max_value = low, high
            field.validators = [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update(min=low, max=high)
        current = self.instance.rule_overrides if self.instance.pk else {}
        self.override_names = list(rules_engine.OVERRIDABLE_FIELDS)
        for name, sentence in rules_engine.OVERRIDABLE_FIELDS.items():
            field = _override_field(name, sentence, RULE_TYPES[name])
            self.fields[f"rule_{name}"] = field
            if name in current:
                self.initial[f"rule_{name}"] = self._show(current[name])

    @staticmethod
    def _show(value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (list, tuple)):
            return ", ".join(value) or "none"
        return "none" if value is None else str(value)

    def override_fields(self):
        return [self[f"rule_{name}"] for name in self.override_names if name not in GAME_END_RULES]

    def game_rule_fields(self):
        return [self[f"rule_{name}"] for name in GAME_END_RULES]

    def games_fields(self):
        return [self[name] for name in GAMES_FIELDS]

    def setting_fields(self):
        return [self[name] for name in SETTINGS_FIELDS]

    def clean_format(self):
        return self.cleaned_data.get("format") or (self.instance.format if self.instance.pk else formats.DEFAULT_FORMAT)

    def clean_rank_by(self):
        raw = (self.cleaned_data.get("rank_by") or "").strip()
        if not raw:
            return list(self.instance.rank_by or games_engine.DEFAULT_RANK_BY) if self.instance.pk \
                else list(games_engine.DEFAULT_RANK_BY)
        typed = [word.strip().lower() for word in raw.split(",")]
        if any(not word for word in typed):
            raise forms.ValidationError(gettext("Separate the keys with commas, e.g. %(example)s.")
                                        % {"example": rank_typed(games_engine.DEFAULT_RANK_BY)})
        known = rank_keys_by_word()
        for word in typed:
            if word not in known:
                raise forms.ValidationError(gettext("“%(key)s” is not one of %(keys)s.")
                                            % {"key": word[:20], "keys": rank_typed(games_engine.RANK_KEYS)})
        keys = [known[word] for word in typed]
        if len(set(keys)) != len(keys):
            raise forms.ValidationError(gettext("Each key may be given once; %(keys)s repeats one.")
                                        % {"keys": ", ".join(typed)})
        return keys

    def _clean_games(self, cleaned: dict) -> None:
        """A session sums hands: the games settings are left as they were and not used. A games event
        may leave hands per round open; its settings must make a playable round."""
        if not formats.FORMATS.get(cleaned.get("format"), formats.FORMATS[formats.DEFAULT_FORMAT]).ends_games:
            if cleaned.get("hands_per_round") is None and "hands_per_round" not in self.errors:
                self.add_error("hands_per_round", gettext("A session needs the number of hands in a round."))
            for name in GAMES_FIELDS:
                self.errors.pop(name, None)  # not used in a session, so not a reason to refuse the form
                cleaned[name] = getattr(self.instance, name) if self.instance.pk else (
                    list(games_engine.DEFAULT_RANK_BY) if name == "rank_by" else None)
            return
        if any(name in self.errors for name in GAMES_FIELDS):
            return
        try:
            games_engine.GamesSetup(cleaned.get("hand_limit"), cleaned.get("games_per_round"),
                                    cleaned.get("wins_per_round"), tuple(cleaned["rank_by"]))
        except games_engine.GamesError as exc:  # the form checked each field: a combination is left
            self.add_error("rank_by" if str(exc).startswith("rank_by") else None, str(exc))

    def _parse(self, name: str, raw: str):
        kind = RULE_TYPES[name]
        if kind == "bool":
            return raw == "yes"
        if name == "specials":
            return [] if raw.strip().lower() == "none" else [c.strip().upper() for c in raw.split(",") if c.strip()]
        if kind in ("int", "int | None"):
            if kind == "int | None" and raw.strip().lower() == "none":
                return None
            number = whole_number(raw, max_digits=60, signed=True)
            if number is None:
                shown = raw if len(raw) <= 20 else raw[:20] + "…"
                raise forms.ValidationError(gettext("%(value)s is not a whole number") % {"value": repr(shown)})
            return number
        return raw

    def clean_entrants(self):
        return self.cleaned_data.get("entrants") or (self.instance.entrants if self.instance.pk else DEFAULT_ENTRANTS)

    @staticmethod
    def _seated_layout(entrants: str, preset: str | None) -> str:
        """The layout who plays and the rule set seat when the organizer chose no other ("" if none)."""
        rules = rules_engine.PRESETS.get(preset or "")
        try:
            return layouts.layout_for(entrants, rules.players).name if rules else ""
        except layouts.LayoutError:
            return ""

    def clean_confirmation_check(self):
        return self.cleaned_data.get("confirmation_check") or self.instance.confirmation_check

    def clean_language(self):
        # Left out: an event keeps its language; a new one takes the form's first value (the organizer's).
        return self.cleaned_data.get("language") or self.initial.get("language") or self.instance.language

    def clean(self):
        cleaned = super().clean()
        self._clean_games(cleaned)
        # Blank: the table who plays and the rule set seat (the service refuses a choice that does not fit).
        cleaned["layout"] = cleaned.get("layout") or self._seated_layout(cleaned.get("entrants"),
                                                                         cleaned.get("rules_preset"))
        # Mixed sizes: the tables of four's layout, each table its own; a six as chosen. An event whose file did
        # not say how to seat a six ("mixed") keeps not saying it until the other choice is made.
        cleaned["mixed_sizes"] = ""
        if cleaned["layout"] in MIXED_SIX:
            six = MIXED_SIX[cleaned["layout"]]
            kept = self.instance.mixed_sizes == layouts.MIXED and six == MIXED_SIX[layouts.MIXED]
            cleaned["layout"] = layouts.MIXED_EVENT_LAYOUT
            cleaned["mixed_sizes"] = layouts.MIXED if kept else six
        overrides = {}
        for name in self.override_names:
            raw = cleaned.get(f"rule_{name}")
            if raw in (None, KEEP):
                continue
            try:
                overrides[name] = self._parse(name, raw)
            except forms.ValidationError as exc:
                self.add_error(f"rule_{name}", exc)
        preset = cleaned.get("rules_preset")
        if preset and not self.errors:
            try:
                rules = rules_engine.rule_set(preset, overrides)
            except rules_engine.RulesError as exc:
                field, _, message = str(exc).partition(": ")
                if field in rules_engine.OVERRIDABLE_FIELDS and message:
                    self.add_error(f"rule_{field}", message)
                else:
                    self.add_error(None, str(exc))
            else:
                cleaned["rule_overrides"] = rules_engine.differences(rules)
        return cleaned

    def service_values(self) -> dict:
        values = {name: self.cleaned_data[name] for name in SETTINGS_FIELDS + GAMES_FIELDS}
        if not values["layout"]:
            del values["layout"]  # who plays and the rule set seat nobody: the service says so by its field
        values["rule_overrides"] = self.cleaned_data["rule_overrides"]
        values["mixed_sizes"] = self.cleaned_data["mixed_sizes"]
        return values


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Username"), help_text=_("The person's log-in name."))
    role = forms.ChoiceField(choices=EventStaff.Role.choices, initial=EventStaff.Role.SCORER, label=_("Role"))
    password = forms.CharField(required=False, strip=False, widget=forms.PasswordInput(render_value=False),
                               label=_("Password for a new account"),
                               help_text=_("Only for someone without an account yet: this creates it. "
                                           "Tell them the password."))
    may_create_events = forms.BooleanField(
        required=False, label=_("May create events"),
        help_text=_("Lets this person create events of their own, which appear on the public list."))

    def __init__(self, *args, can_grant: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not can_grant:  # only someone who may create events can pass that on
            del self.fields["may_create_events"]


class ListingForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ["listed", "practice"]
        labels = {"listed": _("Show on the public list of events"), "practice": _("Practice event")}


class PartnershipForm(forms.Form):
    person_fields = ("player_one", "player_two")  # the name boxes, in player order (docs/clubs.md)
    number = WholeNumberField(required=False, min_value=1, max_value=9999, label=_("Number"),
                              help_text=_("Leave empty for the next free number."))
    player_one = forms.CharField(label=_("Player 1"), max_length=MAX_NAME)
    player_two = forms.CharField(label=_("Player 2"), max_length=MAX_NAME)
    division = forms.CharField(max_length=MAX_DIVISION, required=False, label=_("Division"),
                               help_text=_("For example 70–74, or leave empty."))
    checked_in = forms.BooleanField(required=False, label=_("Here now (checked in)"))


class PlayerForm(forms.Form):
    """One player of an event of individuals."""

    person_fields = ("name",)
    number = WholeNumberField(required=False, min_value=1, max_value=9999, label=_("Number"),
                              help_text=_("Leave empty for the next free number."))
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    division = forms.CharField(max_length=MAX_DIVISION, required=False, label=_("Division"),
                               help_text=_("For example 70–74, or leave empty."))
    checked_in = forms.BooleanField(required=False, label=_("Here now (checked in)"))


class PlayerEditForm(forms.Form):
    person_fields = ("name",)
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    division = forms.CharField(max_length=MAX_DIVISION, required=False, label=_("Division"))

    @staticmethod
    def initial_for(entrant) -> dict:
        return {"name": entrant.player_one.name, "division": entrant.division}


class PartnershipEditForm(forms.Form):
    person_fields = ("player_one", "player_two")
    player_one = forms.CharField(label=_("Player 1 (North or East)"), max_length=MAX_NAME)
    player_two = forms.CharField(label=_("Player 2 (South or West)"), max_length=MAX_NAME)
    division = forms.CharField(max_length=MAX_DIVISION, required=False, label=_("Division"))

    @staticmethod
    def initial_for(entrant) -> dict:
        return {"player_one": entrant.player_one.name, "player_two": entrant.player_two.name,
                "division": entrant.division}


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label=_("File"),
                           help_text=_("A .csv file: number, player 1, player 2, division."))
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}), label=_("Or paste the lines"),
                           help_text=_("One partnership a line, e.g. 1, Ana Garza, Bob Smith, 70-74"))

    MAX_BYTES = 512 * 1024

    def __init__(self, *args, file_help: str = "", text_help: str = "", **kwargs):
        """`file_help`, `text_help`: the columns of the event's entrants (tournaments.layouts words)."""
        super().__init__(*args, **kwargs)
        if file_help:
            self.fields["file"].help_text = file_help
        if text_help:
            self.fields["text"].help_text = text_help

    def clean(self):
        cleaned = super().clean()
        upload, text = cleaned.get("file"), (cleaned.get("text") or "").strip()
        if upload and upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 512 KB: is it the right file?"))
        if not upload and len(text.encode("utf-8", "surrogatepass")) > self.MAX_BYTES:
            raise forms.ValidationError(
                _("The pasted text is larger than 512 KB: paste fewer lines, or upload the file."))
        if not upload and not text:
            raise forms.ValidationError(_("Choose a file or paste the lines."))
        cleaned["data"] = upload.read() if upload else text
        return cleaned


FLAG_LABELS = {"checked_in": _("Checked in"), "withdrawn": _("Withdrawn")}


class FlagForm(forms.Form):
    """The check-in and withdraw buttons post their field as 1 or 0; anything else is refused
    rather than read as 0 (which would quietly undo a check-in)."""

    def __init__(self, data, *, name: str):
        super().__init__(data)
        self.name = name
        self.fields[name] = forms.TypedChoiceField(choices=[("1", "yes"), ("0", "no")], coerce=lambda v: v == "1",
                                                   label=FLAG_LABELS.get(name),
                                                   error_messages={"required": _("must be 1 or 0"),
                                                                   "invalid_choice": _("must be 1 or 0")})

    @property
    def value(self) -> bool:
        return self.cleaned_data[self.name]


def offer_members(form: forms.Form, event) -> forms.Form:
    """In an event of a club, each name box picks a member (static/js/member_pick.js asks the club's
    member search as the organizer types); an event of no club keeps plain name boxes."""
    if event.club_id is None:
        return form
    url = reverse("clubs:member-search", args=[event.club.slug])
    for name in getattr(form, "person_fields", ()):
        field = form.fields[name]
        field.widget.attrs.update({"data-member-search": url, "autocomplete": "off"})
        field.help_text = _("A member number, or part of a name to pick a member; a new name adds a new member.")
    return form


def add_service_errors(form: forms.Form, error: ValidationError) -> None:
    """A service's field -> message errors onto the form: beside their field when the form has it,
    at the top of the form otherwise."""
    for field, messages in getattr(error, "message_dict", {"__all__": error.messages}).items():
        form.add_error(field if field in form.fields else None, messages)


def _field_label(form: forms.Form, field: str) -> str:
    """The field's label as the form shows it (in the active language), else its name in words."""
    return str(form[field].label) if field in form.fields else field.replace("_", " ")


def form_messages(form: forms.Form) -> list[str]:
    """A form's errors as flash messages, each naming its field by its label ("Reason: ...")."""
    return [gettext("%(field)s: %(message)s") % {"field": _field_label(form, field), "message": message}
            if field != "__all__" else message
            for field, messages in form.errors.items() for message in messages]


class _BoundedUsername:
    """Django's log-in forms set the username's max_length but never check it, so a 10,000-character
    name reached authenticate() and django-axes, whose 255-character column fails on PostgreSQL."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class LoginForm(_BoundedUsername, AuthenticationForm):
    pass


class AdminLoginForm(_BoundedUsername, AdminAuthenticationForm):
    pass


FORCE_CLOSE_LABEL = _("Close anyway, with these tables as they are")


class CloseRoundForm(forms.Form):
    force = forms.BooleanField(required=False, label=FORCE_CLOSE_LABEL)
    reason = forms.CharField(required=False, max_length=500, label=_("Reason (needed to close anyway)"))
    # Set by the "Close round anyway" button: the organizer meant to force, so a refusal says
    # which box to tick rather than repeating the list of tables not ready.
    anyway = forms.BooleanField(required=False)
