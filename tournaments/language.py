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

Names of people, divisions and events are never translated.
"""

from __future__ import annotations

import datetime

from django.utils import formats, timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext

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
