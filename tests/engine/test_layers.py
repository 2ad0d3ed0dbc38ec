"""The code's map, enforced: imports run one way, from higher layers to lower ones (README, "Code layout").

Layer 0, the engine (scoring.engine): pure Python, imports nothing of Django or of the project above it.
Layer 1, the event app (tournaments): events, partnerships, rounds, movements; imports the engine.
Layer 2, play (the rest of scoring): hands, entry, standings pages, printing, event files, commands;
and the clubs (clubs: members, records, seasons), which read events through scoring.
Layer 3, the site and the benchmark (config, bench).
No module imports a higher layer, and no project import hides inside a function.
"""

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments", "clubs", "config", "bench")


def layer_of(module: str) -> int | None:
    if module == "scoring.engine" or module.startswith("scoring.engine."):
        return 0
    top = module.split(".")[0]
    return {"tournaments": 1, "scoring": 2, "clubs": 2, "config": 3, "bench": 3}.get(top)


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_files():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def imports(path: pathlib.Path):
    """(imported module, line, inside a function?) for every import of the file."""
    tree = ast.parse(path.read_text())
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside |= {id(n) for n in ast.walk(node) if n is not node}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, id(node) in inside
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            names = [f"{base}.{a.name}" for a in node.names]
            for name in names:
                yield (name if layer_of(name) is not None and _is_module(name) else base), node.lineno, id(node) in inside


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_every_module_has_a_layer():
    for path in project_files():
        assert layer_of(module_name(path)) is not None, path


def test_no_module_imports_a_higher_layer():
    upward = []
    for path in project_files():
        mine = layer_of(module_name(path))
        for imported, line, _ in imports(path):
            theirs = layer_of(imported)
            if theirs is not None and theirs > mine:
                upward.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert upward == []


def test_no_project_import_hides_in_a_function():
    hidden = [f"{path.relative_to(ROOT)}:{line} imports {imported}"
              for path in project_files() for imported, line, inside in imports(path)
              if inside and layer_of(imported) is not None]
    assert hidden == []


def test_the_engine_imports_nothing_but_the_engine_and_the_standard_library():
    outside = []
    for path in (ROOT / "scoring" / "engine").rglob("*.py"):
        for imported, line, _ in imports(path):
            top = imported.split(".")[0]
            if top in ("django", "django_tables2", "reportlab") or (layer_of(imported) not in (None, 0)):
                outside.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert outside == []


@pytest.mark.parametrize("module", sorted(module_name(p) for p in (ROOT / "scoring" / "engine").rglob("*.py")))
def test_an_engine_module_loads_without_django(module):
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
