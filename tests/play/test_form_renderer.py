"""The widgets written in Python (config.form_renderer.FastWidgets, the site's FORM_RENDERER) are
character for character what Django's own templates draw: hidden, text, number and email inputs
(with a value, none, errors, required, maxlength), selects (chosen option, groups, escaping), for
any text a person may type (hypothesis); widgets it does not write go to Django's templates; and
no template of the project shadows the ones it replaces."""

from __future__ import annotations

from pathlib import Path

from django import forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates, get_default_renderer
from hypothesis import given
from hypothesis import strategies as st

from config.form_renderer import INPUTS, OPTION, SELECT, FastWidgets

FAST, DJANGO = FastWidgets(), DjangoTemplates()


class Sample(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput)
    note = forms.CharField(max_length=500, required=False)
    name = forms.CharField()
    count = forms.IntegerField(required=False)
    email = forms.EmailField(required=False)
    kind = forms.ChoiceField(choices=[("", "No penalty"), ("revoke", "Revoke"), ("note", 'A "note" & <more>')],
                             required=False)
    seat = forms.ChoiceField(choices=[("Sides", [("ns", "N-S"), ("ew", "E-W")]), ("x", "Other")])
    comment = forms.CharField(widget=forms.Textarea, required=False)
    flag = forms.BooleanField(required=False)


def both(data=None, initial=None) -> list[tuple[str, str, str]]:
    """Each field of Sample drawn by both renderers: (field, FastWidgets', Django's)."""
    fast = Sample(data, initial=initial, renderer=FAST)
    django = Sample(data, initial=initial, renderer=DJANGO)
    return [(name, str(fast[name]), str(django[name])) for name in fast.fields]


def test_the_site_draws_its_forms_with_the_python_widgets():
    assert settings.FORM_RENDERER == "config.form_renderer.FastWidgets"
    assert isinstance(get_default_renderer(), FastWidgets)


def test_unbound_and_initial_forms_are_drawn_alike():
    for name, fast, django in both() + both(initial={"number": 3, "kind": "revoke", "seat": "ew", "note": "x"}):
        assert fast == django, name
    drawn = dict((name, fast) for name, fast, _ in both(initial={"number": 3, "kind": "revoke"}))
    assert drawn["number"] == '<input type="hidden" name="number" value="3" id="id_number">'
    assert '<option value="revoke" selected>Revoke</option>' in drawn["kind"]
    assert '<option value="note">A &quot;note&quot; &amp; &lt;more&gt;</option>' in drawn["kind"]
    assert '<optgroup label="Sides">' in drawn["seat"]


def test_a_bound_form_with_errors_is_drawn_alike():
    data = {"number": "x", "note": "n" * 501, "name": "", "count": "many", "email": "no", "kind": "bogus",
            "seat": "ns", "comment": "<b>hi</b>", "flag": "on"}
    rows = both(data)
    for name, fast, django in rows:
        assert fast == django, name
    drawn = {name: fast for name, fast, _ in rows}
    assert 'aria-invalid="true"' in drawn["name"] and " required" in drawn["name"]
    assert 'maxlength="500"' in drawn["note"]


@given(value=st.text(max_size=40), label=st.text(max_size=40))
def test_any_typed_text_is_escaped_alike(value, label):
    class Typed(forms.Form):
        text = forms.CharField(required=False)
        hidden = forms.CharField(widget=forms.HiddenInput, required=False)
        choice = forms.ChoiceField(choices=[(value, label), ("other", "Other")], required=False)

    data = {"text": value, "hidden": value, "choice": value}
    for form_data in (data, None):
        fast, django = Typed(form_data, renderer=FAST), Typed(form_data, renderer=DJANGO)
        for name in fast.fields:
            assert str(fast[name]) == str(django[name]), name


def test_no_template_of_the_project_shadows_the_widgets_it_writes():
    root = Path(settings.BASE_DIR)
    written = {*INPUTS, SELECT, OPTION, "django/forms/widgets/attrs.html"}
    ours = {str(path.relative_to(folder)) for folder in [root / "templates", *root.glob("*/templates")]
            for path in folder.rglob("*.html")}
    assert not written & ours
