"""Clubs (issue 26, docs/clubs.md): a club, its staff, its members and its seasons.

A club's events are tournaments.Event rows with Event.club set; a player of such an event names
the member he is through tournaments.Player.member. A season is a named set of the club's events
with its ranking rule; clubs.seasons and scoring.engine.seasons rank it.
"""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.engine.registration import search_key
from scoring.engine.vocabulary import DEFAULT_LANGUAGE, LANGUAGES

SEARCH_KEY_LENGTH = 360  # as tournaments.models.SEARCH_KEY_LENGTH: a 120-character name decomposed


class Club(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True,
                            help_text=_("The club's address name: letters, digits and dashes."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            # As Event.slug: "Pittsworth-500" and "pittsworth-500" would be two clubs that look alike.
            models.UniqueConstraint(
                Lower("slug"), name="club_slug_unique_ignoring_case",
                violation_error_message=_("The slug (address name) of another club differs from this one only in "
                                          "capitals: choose another."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club", args=[self.slug])


class ClubRole(models.Model):
    """Who runs a club: an organizer runs every event of the club (as that event's organizer would),
    a scorer scores them. Events of the club keep their own EventStaff too."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        SCORER = "scorer", _("Scorer")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="club_role_once_per_club")]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} of {self.club}"


class Member(models.Model):
    class PublicName(models.TextChoices):
        FULL = "full", _("Full name")
        INITIAL = "initial", _("First name and initial")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    number = models.PositiveIntegerField(_("member number"), validators=[MinValueValidator(1)])
    name = models.CharField(_("name"), max_length=120)
    # As Player.search_name: the name without accents, case, spaces or punctuation, for a plain LIKE.
    search_name = models.CharField(max_length=SEARCH_KEY_LENGTH, blank=True, default="", editable=False)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    language = models.CharField(_("language"), max_length=5, choices=LANGUAGES, default=DEFAULT_LANGUAGE)
    public_name = models.CharField(_("name on public pages"), max_length=10, choices=PublicName.choices,
                                   default=PublicName.FULL)
    hidden = models.BooleanField(_("hidden from public pages"), default=False,
                                 help_text=_("No public record page; public lists show no name for this member."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="member_number_unique_in_club"),
            models.CheckConstraint(condition=Q(number__gte=1), name="member_number_positive"),
            models.CheckConstraint(condition=~Q(name=""), name="member_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.name}"

    def save(self, *args, **kwargs):
        """Keep the search key in step with the name, also on save(update_fields=["name"])."""
        self.search_name = self.key_for(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields and "search_name" not in fields:
            kwargs["update_fields"] = [*fields, "search_name"]
        super().save(*args, **kwargs)

    @staticmethod
    def key_for(name: str) -> str:
        return search_key(name)[:SEARCH_KEY_LENGTH]

    @property
    def shown_name(self) -> str:
        """The name as public pages show it: full, or first name and the initial of the last word."""
        if self.public_name != self.PublicName.INITIAL:
            return self.name
        words = self.name.split()
        if len(words) < 2:
            return self.name
        return f"{' '.join(words[:-1])} {words[-1][0]}."


class Season(models.Model):
    """A named set of the club's events with a ranking rule (scoring.engine.seasons.Ranking)."""

    class By(models.TextChoices):
        PLACEMENT_POINTS = "placement_points", _("Placement points")
        TOTAL_POINTS = "total_points", _("Total points")
        GAMES_WON = "games_won", _("Games won")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    slug = models.SlugField(_("slug"), max_length=80)
    name = models.CharField(_("name"), max_length=200)
    events = models.ManyToManyField("tournaments.Event", related_name="seasons", blank=True)
    by = models.CharField(_("ranked by"), max_length=20, choices=By.choices, default=By.PLACEMENT_POINTS)
    # Points for 1st, 2nd, ... (by placement_points); a place beyond the list gets 0.
    placement_points = models.JSONField(default=list, blank=True)
    best_of = models.PositiveSmallIntegerField(_("best of"), null=True, blank=True,
                                               help_text=_("Count only each member's best events (blank: all)."))
    min_events = models.PositiveSmallIntegerField(_("minimum events"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        constraints = [
            models.UniqueConstraint("club", Lower("slug"), name="season_slug_unique_in_club"),
            models.CheckConstraint(condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="season_best_of_1"),
        ]

    def __str__(self) -> str:
        return self.name
