"""The site's words and numbers in the reader's language (README, "Languages").

The one place where the Django layers turn the engine's English vocabulary, contracts, times,
dates and places into the active language. The engine marks its labels with `gettext_noop` and
stays free of Django; everything shown to a person goes through one of these.

- `label(text)`: a vocabulary label ("Revoke", "N-S") translated now; `lazy_label` for module-level
  use (model and form choices).
- `choices(labels)`: (value, lazy label) pairs for a model or form field.
- `contract_label(contract)`: "7 Hearts" / "7 corazones" / "7 cœurs"; the notation (7♥, 10NT, MIS)
  is never translated, only its spoken name.
- `clock(moment)`, `day(date)`, `place(n)`, `number(x)`: a time ("9:04 PM", "21:04", "21 h 04"),
  a date ("May 14, 2026", "14 de mayo de 2026", "14 mai 2026"), a place ("1st", "1.º", "1er")
  and a number in the active language's own format (config/formats/ holds the formats).
- `in_language(code)`: a context manager for a document printed in another language.
- `rule_label(name)`: an overridable rule's name as a label ("Allow six bids"); the rule sentences
  and preset labels are engine vocabulary, shown through `label`.
- `seat_letter(seat)`: N, E, S, W; W is O (Oeste, Ouest) in Spanish and French. The printed sheets
  and the partnership page both use it.

Names of people, divisions and events are never translated.
"""

from __future__ import annotations

import datetime

from django.utils import formats, timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy

from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import LANGUAGE_CODES, ordinal


def label(text: str) -> str:
    """A label from the engine's vocabulary, in the active language."""
    return gettext(text) if text else text


lazy_label = lazy(label, str)


def choices(labels: dict[str, str]) -> list[tuple[str, str]]:
    """(value, label) pairs for a model or form field, each label translated when shown."""
    return [(value, lazy_label(text)) for value, text in labels.items()]


def contract_label(contract: rules_engine.Contract | str) -> str:
    if isinstance(contract, str):
        contract = rules_engine.parse_contract(contract)
    return contract.label_in(gettext)


# The rules an event may change (scoring.engine.rules.OVERRIDABLE_FIELDS), named as the form labels them.
RULE_LABELS = {
    "allow_six_bids": gettext_noop("Allow six bids"),
    "specials": gettext_noop("Specials"),
    "no_bid": gettext_noop("No bid"),
    "defenders_on_failed_nullo": gettext_noop("Defenders on failed nullo"),
    "double_bar_nullo_points": gettext_noop("Double bar nullo points"),
    "open_misere_points": gettext_noop("Open misère points"),
    "open_misere_below_10nt": gettext_noop("Open misère below 10NT"),
    "eight_spades_beats_misere": gettext_noop("Eight spades beats misère"),
    "no_bid_slam": gettext_noop("No bid slam"),
    "defenders_slam": gettext_noop("Defenders slam"),
    "revoke_penalty": gettext_noop("Revoke penalty"),
    "target": gettext_noop("Target"),
    "must_bid_to_win": gettext_noop("Must bid to win"),
    "pegging_cap": gettext_noop("Pegging cap"),
    "lose_at": gettext_noop("Lose at"),
    "lose_at_inclusive": gettext_noop("Lose at inclusive"),
    "win_outright_at": gettext_noop("Win outright at"),
    "bidder_wins_crossing": gettext_noop("Bidder wins crossing"),
    "five_handed_misere": gettext_noop("Misère at a table of five"),
    "five_handed_alone": gettext_noop("Bidder alone at five when the called card is not out"),
    "set_bidder_wins": gettext_noop("A set bidder at 500 wins"),
}


def rule_label(name: str) -> str:
    """An overridable rule's name in the active language ("Allow six bids")."""
    return label(RULE_LABELS.get(name) or name.replace("_", " ").capitalize())


def round_label(number: int, tiebreak: int | None = None) -> str:
    """"Round 3", or "Tiebreak 1, round 2" for round 2 of tiebreak 1, in the reader's language: the one way
    the site names a round (pages, messages, sheets, history)."""
    if tiebreak:
        return gettext("Tiebreak %(sequence)s, round %(number)s") % {"sequence": tiebreak, "number": number}
    return gettext("Round %(number)s") % {"number": number}


def round_name(rnd) -> str:
    """A Round row's name (round_label)."""
    return round_label(rnd.number, rnd.tiebreak.sequence if rnd.tiebreak_id else None)


def seat_letter(seat: str) -> str:
    """A seat's letter in the active language: N, E, S, W; W is O in Spanish and French."""
    letters = {"N": pgettext("seat letter", "N"), "E": pgettext("seat letter", "E"),
               "S": pgettext("seat letter", "S"), "W": pgettext("seat letter", "W")}
    return letters.get(seat, seat)


def clock(moment: datetime.datetime | datetime.time | None, *, seconds: bool = False) -> str:
    """A stored time in the event's zone, in the active language's clock style."""
    if not moment:
        return ""
    if isinstance(moment, datetime.datetime) and timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return formats.time_format(moment, "TIME_SECONDS_FORMAT" if seconds else "TIME_FORMAT")


def day(date: datetime.date | None) -> str:
    """A date written out: May 14, 2026 / 14 de mayo de 2026 / 14 mai 2026."""
    return formats.date_format(date, "DATE_FORMAT") if date else ""


def place(n: int) -> str:
    """A finishing place: 1st, 2nd / 1.º, 2.º / 1er, 2e."""
    language = translation.get_language() or "en"
    if language.startswith("es"):
        return f"{n}.º"
    if language.startswith("fr"):
        return "1er" if n == 1 else f"{n}e"
    return ordinal(n)


def number(value, decimals: int | None = None) -> str:
    """A number with the active language's decimal mark: 12.5 / 12,5."""
    return formats.number_format(value, decimals)


def language_from_view(view):
    """Marks a view that settles the event's default language itself, from a query it makes anyway
    (the live polls: config.middleware.LanguageMiddleware then skips its own look-up)."""
    view.language_from_view = True
    return view


def use_event_language(request, code: str | None) -> None:
    """In a view marked language_from_view: the event's language, unless the person or browser chose."""
    if not getattr(request, "language_chosen", True) and code in LANGUAGE_CODES:
        translation.activate(code)
        request.LANGUAGE_CODE = code


def in_language(code: str | None):
    """Renders (a printed document, a mail) in `code`; an unknown or empty code keeps the active one."""
    return translation.override(code if code in LANGUAGE_CODES else translation.get_language())


# Who wrote a score, as stored (HandChange.by, Hand.entered_by...): a staff member is "olga (organizer)",
# a hand an event file brought is "event file" (scoring.engine.eventfile.keys.IMPORTED_BY); both are
# kept in English and put in the reader's language when shown (a player's own label is his words).
WRITER_ROLES = {"organizer": pgettext_lazy("who wrote a score", "organizer"),
                "scorer": pgettext_lazy("who wrote a score", "scorer")}
WRITER_WORDS = {"event file": pgettext_lazy("who wrote a score", "event file")}


def writer_label(label: str) -> str:
    """A stored writer's label in the reader's language: "olga (organizer)" -> "olga (organizador)"."""
    label = str(label or "")
    if label in WRITER_WORDS:
        return str(WRITER_WORDS[label])
    for role, word in WRITER_ROLES.items():
        if label.endswith(f" ({role})"):
            return f"{label[:-len(role) - 3]} ({word})"
    return label


# The values a rule with named choices takes (scoring.engine.rules.NO_BID_CHOICES,
# DEFENDERS_ON_FAILED_NULLO), as the event form offers them; the codes stay the event file's.
RULE_CHOICE_WORDS = {
    "must_bid": pgettext_lazy("rule choice: when everyone passes", "someone must bid"),
    "redeal": pgettext_lazy("rule choice: when everyone passes", "deal again"),
    "play_no_trump": pgettext_lazy("rule choice: when everyone passes", "play it at no trump"),
    "per_trick": pgettext_lazy("rule choice: opponents of a failed misère or nullo", "10 a trick the bidder won"),
    "none": pgettext_lazy("rule choice: opponents of a failed misère or nullo", "nothing"),
    "own_tricks": pgettext_lazy("rule choice: opponents of a failed misère or nullo", "10 a trick they won"),
}


def rule_choice(value) -> str:
    """A rule's named choice in the reader's words ("must_bid" -> "alguien debe apostar"); other values as they are."""
    return str(RULE_CHOICE_WORDS.get(value, value))
