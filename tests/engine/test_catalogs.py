"""The translation catalogs (docs/languages.md, "Languages"): complete, compiled, and in step with the code.

Every message the code marks is in the Spanish and French catalogs, translated (no empty or fuzzy
entry), with the same placeholders as the English; the compiled .mo files in the repository are
what the .po files compile to, so a fresh clone speaks Spanish with nothing to build. After marking
a new string, `bin/messages` refreshes and compiles the catalogs; then translate what it added.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGUAGES = ("es", "fr")
DOMAINS = ("django", "djangojs")
CATALOGS = [(lang, domain) for lang in LANGUAGES for domain in DOMAINS]

pytestmark = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext (Debian's gettext)")


def po(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def msgids(path: Path) -> set[tuple[str, str]]:
    """(context, message) of every live entry, read with gettext's own msgcat into one line each."""
    text = subprocess.run(["msgcat", "--no-wrap", "--no-location", str(path)], capture_output=True, text=True,
                          check=True).stdout
    found, context = set(), ""
    for entry in text.split("\n\n"):
        lines = [line for line in entry.splitlines() if not line.startswith("#~")]
        ctx = [line for line in lines if line.startswith("msgctxt ")]
        ids = [line for line in lines if line.startswith("msgid ")]
        if ids and ids[0] != 'msgid ""':
            context = ctx[0][8:] if ctx else ""
            found.add((context, ids[0][6:]))
    return found


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_every_message_is_translated(lang, domain):
    path = po(lang, domain)
    if not path.exists():  # test_catalogs_hold_every_marked_message fails if the code marks any
        pytest.skip(f"no message is marked for {domain}")
    checked = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr  # placeholders that differ from the English, bad syntax
    stats = checked.stderr.strip()
    assert re.fullmatch(r"\d+ translated messages?\.", stats), f"{path.relative_to(ROOT)}: {stats}"
    untranslated = subprocess.run(["msgattrib", "--untranslated", "--no-obsolete", str(path)],
                                  capture_output=True, text=True, check=True).stdout
    assert "msgid" not in untranslated.replace('msgid ""\nmsgstr ""', "", 1), untranslated[:2000]


@pytest.mark.parametrize(("lang", "domain"), CATALOGS)
def test_compiled_catalogs_match_their_sources(lang, domain, tmp_path):
    path = po(lang, domain)
    if not path.exists():
        pytest.skip(f"no message is marked for {domain}")
    compiled = tmp_path / "compiled.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(path)], check=True)
    kept = path.with_suffix(".mo")
    assert kept.exists() and kept.read_bytes() == compiled.read_bytes(), (
        f"{kept.relative_to(ROOT)} is not what {path.name} compiles to: run bin/messages")


def test_catalogs_hold_every_marked_message(tmp_path):
    """makemessages run afresh on a copy of the code finds no message the catalogs lack."""
    copy = tmp_path / "tree"
    copy.mkdir()
    for name in ("manage.py", "config", "tournaments", "scoring", "clubs", "bench", "templates", "static", "locale"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "fonts"))
        else:
            shutil.copy(source, copy / name)
    for domain, extra in (("django", []), ("djangojs", ["--ignore=templates"])):
        subprocess.run([sys.executable, "manage.py", "makemessages", "-d", domain, *(f"-l{lang}" for lang in LANGUAGES),
                        "--ignore=locale", "--ignore=bench", "--no-obsolete", "-v", "0", *extra], cwd=copy, check=True,
                       env={"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin"})
    for lang, domain in CATALOGS:
        made = copy / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        fresh = msgids(made) if made.exists() else set()
        kept = msgids(po(lang, domain)) if po(lang, domain).exists() else set()
        missing, stale = sorted(fresh - kept), sorted(kept - fresh)
        assert not missing, f"{lang}/{domain}.po lacks {len(missing)} marked messages (run bin/messages): {missing[:10]}"
        assert not stale, f"{lang}/{domain}.po keeps {len(stale)} messages the code no longer has: {stale[:10]}"
