"""The game's one vocabulary: sides, seats, penalties, statuses, choices, limits and the small
formatting helpers every page, sheet, file and service uses.

Pure Python, no Django. Every other module imports these names instead of typing its own copy;
model choices, form choices, event-file checks and printed labels are all built from here.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Marks an English label for the translation catalogs without translating it here.

    The engine has no Django, so its labels stay English in these tables; `makemessages` finds
    them by this name (one of the keywords it looks for), and the pages, forms and printed
    documents translate each label when they show it (`gettext(label)` in the Django layers).
    """
    return message


class Message(str):
    """A problem in English (the string itself) that keeps its marked template and values, so the
    Django layers can show it in the reader's language: `template % params` is the English text;
    a value that is itself a Message ("player 1") is translated too. The registration CSV and the
    event-file checks report their problems this way; management commands print the English."""

    template: str
    params: dict

    def __new__(cls, template: str, **params):
        text = super().__new__(cls, template % params if params else template)
        text.template, text.params = template, params
        return text

    def in_language(self, translate) -> str:
        """The message through `translate` (gettext): the template translated, then filled in."""
        values = {k: v.in_language(translate) if isinstance(v, Message) else v for k, v in self.params.items()}
        text = translate(self.template)
        return text % values if values else text


def in_language(message: str, translate) -> str:
    """Any problem text through `translate`: a Message is translated, a plain string kept."""
    return message.in_language(translate) if isinstance(message, Message) else message


# ---------------------------------------------------------------- languages

# The site's languages, each named in its own language (a name a reader of it can find).
LANGUAGES = (("en", "English"), ("es", "Español"), ("fr", "Français"))
LANGUAGE_CODES = tuple(code for code, _ in LANGUAGES)
DEFAULT_LANGUAGE = "en"  # version 1 event files and new events, unless the organizer chooses

# The suit letters of a contract as each language's printed sheet names the suits (by suit code,
# scoring.engine.rules.SUITS): Picas, Tréboles, Diamantes, Corazones, Sin triunfo; Pique, Trèfle,
# Carreau, Cœur, Sans atout. C is clubs in English and hearts in Spanish and French: the organizer's
# grid reads the event's letters only (rules.parse_typed_contract), never another language's.
SUIT_LETTERS = {
    "en": {"S": "S", "C": "C", "D": "D", "H": "H", "NT": "NT"},
    "es": {"S": "P", "C": "T", "D": "D", "H": "C", "NT": "ST"},
    "fr": {"S": "P", "C": "T", "D": "K", "H": "C", "NT": "SA"},
}
# The suit symbols, the same in every language (a phone's keyboard may add an emoji selector, dropped).
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

# ---------------------------------------------------------------- sides and seats

SIDES = ("ns", "ew")
SIDE_LABELS = {"ns": gettext_noop("N-S"), "ew": gettext_noop("E-W")}
# Clockwise, starting North: the deal passes to the dealer's left each hand (RULES.md, McAllen).
SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {
    "N": gettext_noop("North"),
    "E": gettext_noop("East"),
    "S": gettext_noop("South"),
    "W": gettext_noop("West"),
}
SIDE_OF_SEAT = {"N": "ns", "S": "ns", "E": "ew", "W": "ew"}
# The contract written for a hand nobody bid, played at no trump where the rules allow it
# (rules.score_no_bid_hand; RULES.md section 2, "No bid").
NOBID = "NOBID"

# ---------------------------------------------------------------- penalties

PENALTY_KINDS = ("revoke", "bid_out_of_turn", "exposed_card", "note")
# Only an established revoke changes the score (McAllen O); the rest are recorded (McAllen L-N).
SCORING_PENALTIES = frozenset({"revoke"})
PENALTY_WORDS = {
    "revoke": gettext_noop("Revoke"),
    "bid_out_of_turn": gettext_noop("Bid out of turn"),
    "exposed_card": gettext_noop("Exposed card"),
    "note": gettext_noop("Note"),
}
PENALTY_LABELS = {"revoke": gettext_noop("Established revoke"), "bid_out_of_turn": gettext_noop("Bid out of turn"),
                  "exposed_card": gettext_noop("Exposed card"), "note": gettext_noop("Note")}
# What the entry form offers: whether a penalty changes the score is said in the label.
PENALTY_FORM_LABELS = {
    "": gettext_noop("No penalty"),
    "revoke": gettext_noop("Established revoke (changes the score)"),
    "bid_out_of_turn": gettext_noop("Bid out of turn (recorded)"),
    "exposed_card": gettext_noop("Exposed card (recorded)"),
    "note": gettext_noop("Note only"),
}

# What a hand records beyond its number and dealer: compared field by field to tell an edit from a repeat.
HAND_FIELDS = ("declarer", "contract", "tricks", "penalty_kind", "penalty_side", "penalty_seat", "note")

# What a row of a table's history records (scoring.models.HandChange), as the history page names it.
HAND_CHANGE_LABELS = {
    "create": gettext_noop("Entered"),
    "update": gettext_noop("Corrected"),
    "delete": gettext_noop("Deleted"),
    "confirm": gettext_noop("Confirmed"),
    "dispute": gettext_noop("Disputed"),
    "import": gettext_noop("Imported"),
}

# ---------------------------------------------------------------- rounds and tables

ROUND_PLANNED, ROUND_OPEN, ROUND_CLOSED = "planned", "open", "closed"
ROUND_STATUSES = (ROUND_PLANNED, ROUND_OPEN, ROUND_CLOSED)
ROUND_STATUS_LABELS = {
    "planned": gettext_noop("Planned"),
    "open": gettext_noop("In play"),
    "closed": gettext_noop("Closed"),
}
# A table's state in a round, as the organizer's dashboard names it and as the public pages say it.
TABLE_STATUS_LABELS = {
    "not_started": gettext_noop("Not started"),
    "in_progress": gettext_noop("In progress"),
    "entered": gettext_noop("Entered"),
    "confirmed": gettext_noop("Confirmed"),
    "disputed": gettext_noop("Disputed"),
}
TABLE_STATUS_PUBLIC = {
    "not_started": gettext_noop("not started"),
    "in_progress": gettext_noop("hands still to come"),
    "entered": gettext_noop("not confirmed yet"),
    "confirmed": gettext_noop("confirmed"),
    "disputed": gettext_noop("disputed"),
}

# ---------------------------------------------------------------- event choices

STAFF_ROLE_LABELS = {"organizer": gettext_noop("Organizer"), "scorer": gettext_noop("Scorer")}

SIT_OUT_POLICIES = {
    "average": gettext_noop("average of own completed rounds"),
    "zero": gettext_noop("zero points"),
    "fixed": gettext_noop("fixed points"),
}
SIT_OUT_POLICY_LABELS = {"average": gettext_noop("Average of own played rounds"), "zero": gettext_noop("Zero points"),
                         "fixed": gettext_noop("A fixed number of points")}
# Who an event ranks (README, "Events of individuals"): fixed partnerships, or players each for himself.
ENTRANTS = ("partnerships", "individuals")
ENTRANTS_LABELS = {"partnerships": gettext_noop("Partnerships"), "individuals": gettext_noop("Individuals")}
# The seats of a three-handed table, in seating order (a table of individuals' TableSeat.seat).
THREE_SEATS = ("1", "2", "3")
MEDAL_SCOPES = ("overall", "division", "both")
MEDAL_SCOPE_LABELS = {
    "overall": gettext_noop("Overall only"),
    "division": gettext_noop("Per division only"),
    "both": gettext_noop("Overall and per division"),
}
MEDALS = ("gold", "silver", "bronze")
# The medals in words (never letters: "S" read as both Silver and sit-out): the standings' column,
# the medal list and the certificate's heading.
MEDAL_WORDS = {"gold": gettext_noop("Gold"), "silver": gettext_noop("Silver"), "bronze": gettext_noop("Bronze")}
MEDAL_TITLES = {"gold": gettext_noop("Gold medal"), "silver": gettext_noop("Silver medal"),
                "bronze": gettext_noop("Bronze medal")}
PAGE_SIZES = ("letter", "a4")
PAGE_SIZE_LABELS = {"letter": gettext_noop("US Letter"), "a4": gettext_noop("A4")}
# How the opponents prove, at the table link, that they are the ones confirming (README, "Confirmation").
CONFIRMATION_CHECKS = ("pin", "number")
CONFIRMATION_CHECK_LABELS = {
    "pin": gettext_noop("The opponents type their secret PIN (from their movement card)"),
    "number": gettext_noop("The opponents type their partnership number (no secret: anyone can)"),
}

# ---------------------------------------------------------------- limits (the database's column sizes)

MAX_NAME = 120  # a player's name
MAX_DIVISION = 60
MAX_EVENT_TEXT = 200  # an event's name and venue
MAX_NOTE = 500  # notes, dispute reasons, close notes
MAX_ACTOR = 150  # who entered, confirmed or closed (a label), and a username (Django's own limit)
MAX_PARTNERSHIP_NUMBER = 9999
MAX_EVENT_FILE_BYTES = 20 * 1024 * 1024  # an event file; the 500-partnership event with its history is far smaller
MAX_PROBLEMS = 200  # problems listed for one file; the rest are counted
MAX_ROUNDS = 30  # rounds of one event (the event form and event files)
MAX_HANDS_PER_ROUND = 20
MAX_PARTNERSHIPS = 500  # the largest event a movement is planned for
MAX_INDIVIDUALS = 500  # the largest event of individuals a movement is planned for
MAX_MOVEMENT_ROUNDS = 60  # a movement may be previewed further than an event's rounds
# What a phone's queued save with its own id was.
CLIENT_SAVE_KINDS = {"hand": gettext_noop("Hand"), "confirm": gettext_noop("Confirmation")}
MAX_CLIENT_ID = 64  # a phone's id for one save (a UUID is 36 characters)
PIN_LENGTH = 4  # a partnership's confirmation PIN: digits
PIN_WRONG_LIMIT = 5  # wrong PINs at one table within PIN_WINDOW_MINUTES lock its link's confirmation
PIN_WINDOW_MINUTES = 10


# ---------------------------------------------------------------- formatting helpers


def dealer_for(hand_number: int, first_dealer: str = "N") -> str:
    """Each player deals once a round: the deal rotates one seat to the left each hand."""
    start = SEATS.index(first_dealer)
    return SEATS[(start + hand_number - 1) % 4]


def is_pin(text: object) -> bool:
    """A partnership PIN as stored and typed: exactly PIN_LENGTH ASCII digits ("0042" is one)."""
    return isinstance(text, str) and len(text) == PIN_LENGTH and text.isascii() and text.isdigit()


def signed(points: int) -> str:
    """+200, -180, 0: how pages and sheets show one hand's points (static/js/entry.js does the same)."""
    return f"+{points}" if points > 0 else str(points)


# The event's one clock style (English, US): "9:04 PM" on the phones, the standings, the organizer's
# pages and every printed sheet. The standings' live "Updated" line says it the same way
# (static/js/live.js, "en-US").
def clock_text(moment, *, seconds: bool = False) -> str:
    """9:04 PM, 12:30 AM (9:04:07 PM with seconds) for a time or datetime already in the event's zone."""
    hour = moment.hour % 12 or 12
    text = f"{hour}:{moment.minute:02d}" + (f":{moment.second:02d}" if seconds else "")
    return f"{text} {'AM' if moment.hour < 12 else 'PM'}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 22nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def choices(labels: dict[str, str]) -> list[tuple[str, str]]:
    """(value, label) pairs for a model or form field, in the vocabulary's order."""
    return list(labels.items())


def members(labels: dict[str, str]) -> list[tuple[str, tuple[str, str]]]:
    """Enum members for Django's TextChoices functional API: ("FIXED", ("fixed", "A fixed number of points"))."""
    return [(value.upper() or "NONE", (value, label)) for value, label in labels.items()]
