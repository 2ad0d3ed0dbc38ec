"""Issue 23's "done" line: few lines outside the layout and format modules branch on the kind.

A new kind of table or event is put in one place (scoring/engine/layouts.py, scoring/engine/formats.py,
scoring/adapters/, tournaments/layouts.py); the other layers ask the variant for a value or behaviour,
never which variant it is. This test counts the lines that still ask which variant it is:

- Python: an ``if``/``elif``/``while`` line, a conditional expression or a comprehension's ``if``
  mentioning ``individuals``, ``plays_games``, ``three_handed``, ``is_individual``, ``each_for_himself``,
  ``players == 3``, a ``format ==``/``layout ==`` comparison, ``.ns_id is None``, ``three`` or
  ``setup.games``, or a local name assigned one of those (``games = standings.setup.games``);
- templates: an ``{% if %}``/``{% elif %}`` mentioning the same, ``.games`` of the sheet, event or
  standings, or ``three``.

The counted lines are printed when the budget is exceeded.
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The target: 15 Python lines and 15 template lines in the whole project.
PYTHON_BUDGET = 15
TEMPLATE_BUDGET = 15

EXEMPT = (
    "scoring/engine/layouts.py",
    "scoring/engine/formats.py",
    "scoring/adapters/",
    "tournaments/layouts.py",
)
SKIPPED_DIRS = {".venv", "tests", "migrations", "node_modules", ".git", "__pycache__", "staticfiles"}

# ``movement_individuals`` is a module's name; ``format == "json"`` an output's, not an event's format.
KIND = re.compile(
    r"(?<!movement_)individuals|plays_games|three_handed|is_individual|each_for_himself"
    r"|players\s*[!=]=\s*3|format\s*[!=]=\s*[\"'](?:games|session)|layout\s*[!=]="
    r"|\.ns_id\s+is\s+None|\bthree\b|\bsetup\.games\b"
)
# A local name that holds the kind (``games = standings.setup.games``) branches as the kind does.
ALIAS_SOURCE = KIND
STRING = re.compile(r"(['\"]).*?\1")  # words in a string (a label) name no kind
# ``.games`` of the setup, sheet, event or standings (a game's record, ``rec.games``, is data, not the kind).
TEMPLATE_KIND = re.compile(KIND.pattern + r"|(?:sheet|event|standings)\.games\b|three")
TEMPLATE_IF = re.compile(r"\{%-?\s*(?:if|elif)\b(.*?)-?%\}")


def _files(pattern):
    for path in sorted(ROOT.rglob(pattern)):
        relative = path.relative_to(ROOT)
        if SKIPPED_DIRS.intersection(relative.parts[:-1]):
            continue
        name = relative.as_posix()
        if name.startswith(EXEMPT):
            continue
        yield name, path


def _branch_tests(tree):
    """Each condition of an if/elif/while, a conditional expression or a comprehension's if."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs


def _aliases(tree, source):
    """The local names assigned the kind itself (``games = standings.setup.games``), not a value chosen by it."""
    return {
        target.id for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Attribute, ast.Name, ast.Compare, ast.UnaryOp))
        and ALIAS_SOURCE.search(STRING.sub("", ast.get_source_segment(source, node.value) or ""))
        for target in node.targets if isinstance(target, ast.Name)
    }


def python_branches():
    found = []
    for name, path in _files("*.py"):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source, filename=name)
        aliases = _aliases(tree, source)
        kind = re.compile(KIND.pattern + "".join(rf"|\b{alias}\b" for alias in sorted(aliases)))
        numbers = sorted({
            test.lineno for test in _branch_tests(tree) if kind.search(ast.get_source_segment(source, test) or "")
        })
        found += [f"{name}:{number}: {lines[number - 1].strip()}" for number in numbers]
    return found


def template_branches():
    found = []
    for name, path in _files("*.html"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if any(TEMPLATE_KIND.search(condition) for condition in TEMPLATE_IF.findall(line)):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_the_counter_sees_a_branch_on_the_kind():
    source = "x = 1 if event.individuals else 2\nif setup.format == 'games':\n    pass\ngames = s.setup.games\n"
    tree = ast.parse(source)
    tests = [ast.unparse(test) for test in _branch_tests(tree)]
    assert [bool(KIND.search(text)) for text in tests] == [True, True]
    assert _aliases(tree, source) == {"games"}
    line = "{% if setup.games %}<td>{% elif table.three %}{% endif %}"
    assert [bool(TEMPLATE_KIND.search(c)) for c in TEMPLATE_IF.findall(line)] == [True, True]


def test_python_branches_on_the_kind_stay_within_budget():
    found = python_branches()
    assert len(found) <= PYTHON_BUDGET, "\n".join([f"{len(found)} Python lines branch on the kind:", *found])


def test_template_branches_on_the_kind_stay_within_budget():
    found = template_branches()
    assert len(found) <= TEMPLATE_BUDGET, "\n".join([f"{len(found)} template lines branch on the kind:", *found])


def test_every_part_a_format_draws_has_its_template():
    from scoring.adapters.formats import FORMAT_ADAPTERS, NOTHING, PARTS

    drawn = {name: [key for key in PARTS if adapter.part(key) != NOTHING] for name, adapter in FORMAT_ADAPTERS.items()}
    assert drawn["session"] == ["hand_progress", "projector_heads", "medals_heads", "total_word"]
    assert drawn["games"] == list(PARTS)
    for adapter in FORMAT_ADAPTERS.values():
        assert all((ROOT / "templates" / adapter.part(key)).is_file() for key in PARTS), adapter.name
