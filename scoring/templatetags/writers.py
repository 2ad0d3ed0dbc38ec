"""{{ change.by|writer }}: who wrote a score, in the reader's language (tournaments.language.writer_label)."""

from django import template

from tournaments.language import writer_label

register = template.Library()
register.filter("writer", writer_label)
