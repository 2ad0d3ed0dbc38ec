"""The event and who plays whom: events, players, partnerships, rounds, tables, sit-outs.

Hands and their history live in the scoring app. Nothing here computes points; the rules come
from scoring.engine.rules through Event.rules.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.engine import games as games_engine
from scoring.engine import layouts
from scoring.engine import rules as rules_engine
from scoring.engine.registration import search_key
from scoring.engine.vocabulary import (
    CONFIRMATION_CHECK_LABELS,
    DEFAULT_LANGUAGE,
    ENTRANTS_LABELS,
    LANGUAGES,
    MEDAL_SCOPE_LABELS,
    PAGE_SIZE_LABELS,
    PIN_LENGTH,
    ROUND_STATUS_LABELS,
    SIT_OUT_POLICY_LABELS,
    STAFF_ROLE_LABELS,
    members,
)
from tournaments import prepared

from .language import choices, lazy_label, round_name


def _members(labels: dict[str, str]) -> list[tuple[str, tuple[str, str]]]:
    """TextChoices members whose labels are translated when shown (tournaments.language.choices)."""
    return [(name, (value, label)) for (name, _pair), (value, label) in zip(members(labels), choices(labels),
                                                                                  strict=True)]


# Crockford's base32: no I, L, O or U, so a code read off paper is typed without confusion.
TOKEN_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TOKEN_LENGTH = 26  # 26 x 5 = 130 random bits


def new_table_token() -> str:
    """A table link's secret: 130 random bits, short enough to type from a sheet if the QR fails."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


def new_pin() -> str:
    """A partnership's confirmation PIN: PIN_LENGTH random digits, printed on its own movement card only."""
    return f"{secrets.randbelow(10 ** PIN_LENGTH):0{PIN_LENGTH}d}"


def normalize_token(typed: str) -> str:
    """Accept a code as people type it: any case, with spaces or dashes, O for 0, I or L for 1."""
    cleaned = "".join(ch for ch in typed.upper() if ch.isalnum())
    return cleaned.translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))


def format_token(token: str) -> str:
    """How the code is printed: groups of four, e.g. 7K3M-9QXA-...."""
    return "-".join(token[i : i + 4] for i in range(0, len(token), 4))


class Event(models.Model):
    SitOutPolicy = models.TextChoices("SitOutPolicy", _members(SIT_OUT_POLICY_LABELS))
    Entrants = models.TextChoices("Entrants", _members(ENTRANTS_LABELS))
    MedalScope = models.TextChoices("MedalScope", _members(MEDAL_SCOPE_LABELS))
    PageSize = models.TextChoices("PageSize", _members(PAGE_SIZE_LABELS))
    ConfirmationCheck = models.TextChoices("ConfirmationCheck", _members(CONFIRMATION_CHECK_LABELS))

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    rules_preset = models.CharField(
        max_length=30,
        choices=[(r.name, lazy_label(r.label)) for r in rules_engine.all_presets()],
        default=rules_engine.DEFAULT_PRESET,
    )
    rule_overrides = models.JSONField(default=dict, blank=True)
    # Who the event ranks (README, "Events of individuals"): partnerships, or players each for
    # himself (three-handed tables, or progressive four-handed tables with a new partner each round).
    entrants = models.CharField(max_length=12, choices=Entrants.choices, default=Entrants.PARTNERSHIPS)
    # The kind of table the event is played at, by name (scoring.engine.layouts.LAYOUTS): its seats,
    # sides, dealer, hand scoring, credit and movement. Named once here, never worked out again
    # from the entrants and the rule set (save() names the one they seat when the one named does not fit).
    layout = models.CharField(max_length=20, choices=choices(layouts.LAYOUT_LABELS), default=layouts.DEFAULT_LAYOUT)
    # Mixed table sizes, "nobody sits out" (RULES.md section 7; games events of individuals only):
    # "" for one table size; else how a table of six is seated ("three-pairs" or "two-threes", an
    # event file's six_handed), or "mixed" when the event has not said (it seats no six), and each
    # table names its own layout (Table.layout, by its number of players: layouts.mixed_layout);
    # `layout` is then that of the event's tables of four (progressive).
    mixed_sizes = models.CharField(max_length=12, blank=True, default="",
                                   choices=[(value, value) for value in ("", *layouts.MIXED_CHOICES)])

    rounds = models.PositiveSmallIntegerField(default=10)
    # None only in an event played as games: its rounds end when closed or when their games are done.
    hands_per_round = models.PositiveSmallIntegerField(default=4, null=True, blank=True)
    # How the event is played (README, "Games"): a session sums hands (McAllen A); games are played
    # to 500 under every end-of-game rule of the rule set, with these settings (None: no limit).
    format = models.CharField(max_length=10, choices=[(f, f.capitalize()) for f in rules_engine.EVENT_FORMATS],
                              default="session")
    hand_limit = models.PositiveSmallIntegerField(null=True, blank=True,
                                                  help_text=_("Hands in one game before it goes to the side ahead."))
    games_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    wins_per_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A round is a match won by the first side to this many wins."))
    rank_by = models.JSONField(default=games_engine.default_rank_by, blank=True)
    sit_out_policy = models.CharField(max_length=10, choices=SitOutPolicy.choices, default=SitOutPolicy.AVERAGE)
    sit_out_points = models.IntegerField(default=0, help_text=_("Points for a sit-out under the fixed policy."))
    confirmation_required = models.BooleanField(default=True)
    confirmation_check = models.CharField(
        max_length=10, choices=ConfirmationCheck.choices, default=ConfirmationCheck.PIN,
        help_text=_("What the opponents type at the table link to confirm. A partnership number is public, "
                    "so with it anyone who reads the movement can confirm any table."),
    )
    medal_scope = models.CharField(max_length=10, choices=MedalScope.choices, default=MedalScope.OVERALL)
    secondary_tiebreakers = models.JSONField(default=list, blank=True)
    page_size = models.CharField(max_length=10, choices=PageSize.choices, default=PageSize.LETTER)
    # The event's default language: pages for a visitor who chose none and whose browser asks for
    # none of ours, and every printed document unless a print asks for another (README, "Languages").
    language = models.CharField(max_length=5, choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                                help_text=_("The language of printed sheets, and of pages for a visitor "
                                            "whose phone asks for none of ours."))
    # On the public list of events (the home page). An unlisted event still answers at its address.
    listed = models.BooleanField(default=True, help_text=_("Show this event on the public list of events."))
    # A practice or test event: its organizers may delete it, with everything in it.
    practice = models.BooleanField(default=False,
                                   help_text=_("A practice or test event, which its organizers may delete."))
    # Bumped in the same transaction as every score write: live standings key their cache on it.
    version = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # The club that runs the event (docs/clubs.md): its organizers and scorers have the rights of the
    # event's own; None for an event of no club, which works as before.
    club = models.ForeignKey("clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="events")

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            # An event's address: "GAO-2026" and "gao-2026" would be two events that look alike on a
            # phone, a sheet and the list, so slugs are unique without regard to capitals.
            models.UniqueConstraint(
                Lower("slug"), name="event_slug_unique_ignoring_case",
                violation_error_message=_("The slug (address name) of another event differs from this one only in "
                                          "capitals: choose another."),
            ),
            models.CheckConstraint(condition=Q(rounds__gte=1) & Q(rounds__lte=30), name="event_rounds_1_30"),
            models.CheckConstraint(
                condition=(Q(hands_per_round__gte=1) & Q(hands_per_round__lte=20))
                | (Q(hands_per_round__isnull=True) & Q(format="games")),
                name="event_hands_1_20",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # Entrants or a rule set changed (or an event made with neither naming its layout): the layout
        # they seat is named, and written with them.
        if self.fit_layout() and kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "layout"}
        super().save(*args, **kwargs)


    def get_absolute_url(self) -> str:
        return reverse("tournaments:event-detail", args=[self.slug])

    @property
    def rules(self) -> rules_engine.RuleSet:
        return rules_engine.rule_set(self.rules_preset, self.rule_overrides)

    @property
    def individuals(self) -> bool:
        """Played by individuals: each Partnership row is one player (player_two is None)."""
        return self.entrants == "individuals"

    @property
    def layout_spec(self) -> layouts.Layout:
        """The event's table layout (scoring.engine.layouts): what its pages, services and files ask."""
        return layouts.layout(self.layout)

    @property
    def sizing(self) -> layouts.OneSize | layouts.MixedSizes:
        """How the event's tables are sized (layouts.event_sizing): one size, or mixed sizes."""
        return layouts.event_sizing(self.layout_spec, self.mixed_sizes)

    @property
    def six_handed(self) -> str:
        """How a table of six is seated in an event of mixed sizes ("" where it has not said): its sizing's."""
        return self.sizing.six_handed

    def fit_layout(self) -> bool:
        """Name the layout the entrants and the rule set seat, unless the one named already fits them
        (a later layout of the same entrants and table size stays chosen). True when it changed."""
        preset = rules_engine.PRESETS.get(self.rules_preset)
        current = layouts.LAYOUTS.get(self.layout)
        if preset is None or (current is not None and current.entrants == self.entrants
                              and current.rules_players == preset.players):
            return False
        try:
            self.layout = layouts.layout_for(self.entrants, preset.players).name
        except layouts.LayoutError:
            return False  # entrants and rules that seat nobody: full_clean and the services refuse them
        return True

    @property
    def plays_games(self) -> bool:
        return self.format == "games"

    @property
    def games_setup(self) -> games_engine.GamesSetup | None:
        """The games settings (scoring.engine.games), or None for a session."""
        if not self.plays_games:
            return None
        return games_engine.GamesSetup(self.hand_limit, self.games_per_round, self.wins_per_round,
                                       tuple(self.rank_by or games_engine.DEFAULT_RANK_BY))

    def bump_version(self) -> None:
        """Mark the standings stale; call inside the transaction that changed a score."""
        prepared.add_to(Event, self.pk, "version")  # Event.objects.filter(pk=...).update(version=F(...) + 1)


class EventStaff(models.Model):
    """Who may do what at one event. Superusers are organizers of every event."""

    Role = models.TextChoices("Role", _members(STAFF_ROLE_LABELS))

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="staff_once_per_event")]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} of {self.event}"


SEARCH_KEY_LENGTH = 360  # a 120-character name can grow when decomposed ("ß" -> "ss")


class Player(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    # The name without accents, case, spaces or punctuation ("O'Brien" -> "obrien"): check-in
    # search matches on it with a plain LIKE, the same on SQLite and PostgreSQL (README, "Running the day").
    search_name = models.CharField(max_length=SEARCH_KEY_LENGTH, blank=True, default="", editable=False)
    # In an event of a club, the club member this player is (docs/clubs.md); None otherwise.
    member = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="players")

    class Meta:
        ordering = ["name"]
        constraints = [models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty")]

    def __str__(self) -> str:
        return self.name

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


class Partnership(models.Model):
    """An entrant: a partnership, or in an event of individuals one player (player_two None).

    Standings, medals, tiebreaks, sit-outs, PINs and certificates read entrants through this one
    model whichever kind the event ranks (README, "Events of individuals").
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="partnerships")
    number = models.PositiveIntegerField()
    player_one = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_two = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    division = models.CharField(max_length=60, blank=True)
    checked_in = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    # The opponents' proof at the table link; shown to organizers and on its own movement card only.
    pin = models.CharField(max_length=PIN_LENGTH, default=new_pin)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="partnership_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="partnership_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.players_label}"

    @property
    def players_label(self) -> str:
        if self.player_two_id is None:
            return self.player_one.name
        return f"{self.player_one.name} & {self.player_two.name}"

    @property
    def is_individual(self) -> bool:
        return self.player_two_id is None


class Tiebreak(models.Model):
    """A tiebreak session (McAllen A) for partnerships tied on a medal place.

    In an event of individuals, `fillers` are other players who fill the seats the tied players
    cannot (two tied three-handed, two or three progressive): they play its hands, but only the
    tied players (`partnerships`) get a tiebreak total (README, "Tiebreaks of individuals")."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tiebreaks")
    sequence = models.PositiveSmallIntegerField()
    partnerships = models.ManyToManyField(Partnership, related_name="tiebreaks")
    fillers = models.ManyToManyField(Partnership, related_name="filled_tiebreaks", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sequence"]
        constraints = [models.UniqueConstraint(fields=["event", "sequence"], name="tiebreak_sequence_unique")]

    def __str__(self) -> str:
        return f"Tiebreak {self.sequence} of {self.event}"


class Round(models.Model):
    Status = models.TextChoices("Status", _members(ROUND_STATUS_LABELS))

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    tiebreak = models.ForeignKey(Tiebreak, null=True, blank=True, on_delete=models.CASCADE, related_name="rounds")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)
    # Who closed the round, and why when tables were still incomplete or unconfirmed (a forced close).
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.CharField(max_length=150, blank=True, default="")
    close_note = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["tiebreak__sequence", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], condition=Q(tiebreak__isnull=True), name="main_round_number_unique"
            ),
            models.UniqueConstraint(
                fields=["tiebreak", "number"], condition=Q(tiebreak__isnull=False), name="tiebreak_round_unique"
            ),
        ]

    def __str__(self) -> str:
        """"Round 3" / "Ronda 3" / "Ronde 3": in the reader's language, as every page names a round."""
        return round_name(self)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # Both None at a table of individuals: its players are its TableSeat rows.
    ns = models.ForeignKey(Partnership, null=True, blank=True, on_delete=models.PROTECT, related_name="tables_ns")
    ew = models.ForeignKey(Partnership, null=True, blank=True, on_delete=models.PROTECT, related_name="tables_ew")
    token = models.CharField(max_length=64, unique=True, default=new_table_token)
    # Confirmation by the other partnership (or an organizer), and disputes.
    entered_side = models.CharField(max_length=2, blank=True)  # "ns", "ew" or "" (organizer)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=150, blank=True)
    disputed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.CharField(max_length=500, blank=True)
    # The table's hands summed (how many, each side's points): kept by scoring.totals in the same
    # transaction as every hand write, so the standings read 2,500 table rows instead of grouping
    # 10,000 hands; scoring.integrity checks them against the hands.
    n_hands = models.PositiveSmallIntegerField(default=0)
    ns_points = models.IntegerField(default=0)
    ew_points = models.IntegerField(default=0)
    # At a table of three, each seat's own points summed over its hands (Hand.seat_points):
    # {"1": pts, "2": pts, "3": pts}; {} at any other table and at a table of three with no hand.
    # Kept and checked with the totals above.
    seat_totals = models.JSONField(default=dict, blank=True)
    # The table's own layout in an event of mixed table sizes (Event.mixed_sizes), by name
    # (scoring.engine.layouts.LAYOUTS); "" everywhere else: the event's (Table.layout_spec).
    layout = models.CharField(max_length=20, choices=choices(layouts.LAYOUT_LABELS), blank=True, default="")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique_in_round"),
            models.CheckConstraint(condition=~Q(ns=F("ew")), name="table_two_different_partnerships"),
        ]

    def __str__(self) -> str:
        """"Round 1, table 2" / "Ronda 1, mesa 2": the history's words for a table."""
        from django.utils.translation import gettext

        return gettext("%(round)s, table %(number)s") % {"round": self.round, "number": self.number}

    @property
    def short_code(self) -> str:
        return format_token(self.token)

    @property
    def layout_name(self) -> str:
        """The name of the layout this table is played at: its own in an event of mixed sizes, else the event's."""
        return self.layout or self.round.event.layout

    @property
    def layout_spec(self) -> layouts.Layout:
        """This table's layout (scoring.engine.layouts): what its entry, sheet and services ask."""
        return layouts.layout(self.layout_name)

    def status_for(self, hand_count: int, hands_per_round: int | None) -> str:
        """not_started, in_progress, entered, confirmed or disputed (the round dashboard's words).

        With no hands_per_round (a games event whose round ends at the bell) any hand makes it entered."""
        if self.disputed_at:
            return "disputed"
        if hand_count == 0:
            return "not_started"
        if hands_per_round is not None and hand_count < hands_per_round:
            return "in_progress"
        return "confirmed" if self.confirmed_at else "entered"

    def revoke_token(self) -> None:
        self.token = new_table_token()
        self.save(update_fields=["token"])


class TableSeat(models.Model):
    """One player's seat at a table of individuals: "N", "E", "S", "W" at a progressive
    four-handed table (N-S partners E-W for this round), "1", "2", "3" (seating order) at a
    three-handed table. A partnership event's tables have none (they use Table.ns / Table.ew)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1)
    entrant = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="table_seats")

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="table_seat_once"),
            models.UniqueConstraint(fields=["table", "entrant"], name="table_seat_entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.seat}: {self.entrant}"


class SitOut(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sit_outs")
    partnership = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="sit_outs")

    def __str__(self) -> str:
        return f"{self.partnership} sits out {self.round}"


class Seating(models.Model):
    """One row per partnership per round, at a table or sitting out.

    Written with every Table and SitOut, in the same transaction; its unique constraint is what
    stops a partnership appearing twice in one round at the database level.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seatings")
    partnership = models.ForeignKey(Partnership, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="seatings")
    sit_out = models.ForeignKey(SitOut, null=True, blank=True, on_delete=models.CASCADE, related_name="seatings")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "partnership"], name="partnership_once_per_round"),
            models.CheckConstraint(
                condition=(Q(table__isnull=False) & Q(sit_out__isnull=True))
                | (Q(table__isnull=True) & Q(sit_out__isnull=False)),
                name="seating_table_or_sit_out",
            ),
        ]

    def __str__(self) -> str:
        where = f"table {self.table.number}" if self.table_id else "sitting out"
        return f"Partnership {self.partnership.number}, {self.round}: {where}"
