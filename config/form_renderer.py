"""Form widgets written in Python for Django's plainest widget templates (FORM_RENDERER).

Django draws every widget through its template engine: an <input> is two templates, a <select>
one and one more per option. The table's entry page, which every phone loads after every save,
has a dozen of them: about 4 of its 15 ms of CPU (README, "Speed"). This renderer writes the HTML
of Django's own `input.html` (text, hidden, number and the other <input> types that only include
it), of `select.html` with its `select_option.html` options, and of `attrs.html` in Python,
character for character as the templates do; every other template goes to Django's engine, as
the default renderer does. The project overrides none of these templates (tests/play/
test_form_renderer.py compares both renderers' output for every kind, and checks that no template
of the project shadows them).
"""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape

WIDGETS = "django/forms/widgets/"
INPUTS = frozenset(WIDGETS + name + ".html" for name in (
    "input", "text", "hidden", "number", "email", "password", "url", "tel", "search", "date", "datetime", "time",
    "color"))
SELECT = WIDGETS + "select.html"
OPTION = WIDGETS + "select_option.html"


def attrs_html(attrs: dict) -> str:
    """attrs.html: ` name="value"` for each attribute, the name alone for True, nothing for False."""
    return "".join("" if value is False else f" {conditional_escape(name)}" if value is True
                   else f' {conditional_escape(name)}="{conditional_escape(value)}"' for name, value in attrs.items())


def input_html(widget: dict) -> str:
    value = "" if widget["value"] is None else f' value="{conditional_escape(widget["value"])}"'
    return (f'<input type="{conditional_escape(widget["type"])}" name="{conditional_escape(widget["name"])}"{value}'
            f'{attrs_html(widget["attrs"])}>')


def select_html(widget: dict) -> str | None:
    """select.html, or None when an option has a template of its own (then the engine draws it)."""
    parts = [f'<select name="{conditional_escape(widget["name"])}"{attrs_html(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{conditional_escape(localize(group_name))}">')
        for option in group_choices:
            if option["template_name"] != OPTION:
                return None
            parts.append(f'\n  <option value="{conditional_escape(option["value"])}"{attrs_html(option["attrs"])}>'
                         f'{conditional_escape(localize(option["label"]))}</option>\n')  # the template's own
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


class FastWidgets(DjangoTemplates):
    """Django's template renderer, with <input> and <select> written in Python."""

    def render(self, template_name, context, request=None):
        if template_name in INPUTS:
            return input_html(context["widget"])
        if template_name == SELECT:
            drawn = select_html(context["widget"])
            if drawn is not None:
                return drawn
        return super().render(template_name, context, request=request)
