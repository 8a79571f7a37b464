"""Issue 22, complete PO files: every string (labels that count as plural entries), CLDR's Plural-Forms, a real
Project-Id-Version and the date the content last changed, a template (POT), and the round trip of plural forms."""

from __future__ import annotations

import gettext
import io
import json
import os
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import polib
import pytest
from babel import Locale
from babel.messages.pofile import read_po

from conftest import REPO, run

from lawforge.compiler.cldr import categories, plural_forms

LABELS = """\
# yaml-language-server: $schema=../../schemas/mini/label.schema.json
- id: cards_count
  plural:
    en: {one: "{count} card", other: "{count} cards"}
    fr: {one: "{count} carte", many: "{count} de cartes", other: "{count} cartes"}
    uk: {one: "{count} карта", few: "{count} карти", many: "{count} карт", other: "{count} карти"}
"""


@pytest.fixture(scope="module")
def oath_uk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This repository's Oath texts exported for Ukrainian translators."""
    path = tmp_path_factory.mktemp("po") / "oath.uk.po"
    result = run("i18n", "export", "oath", "--locale", "uk", "-o", str(path), "--root", str(REPO))
    assert result.exit_code == 0, result.output
    return path


def _export(root: Path, *args: str) -> str:
    out = root.parent / "export.po"
    result = run("i18n", "export", "mini", *args, "-o", str(out), "--root", str(root))
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def test_the_export_carries_the_labels_that_count_with_cldr_forms(oath_uk: Path) -> None:
    po = polib.pofile(str(oath_uk))
    plural = {entry.msgctxt: entry for entry in po if entry.msgid_plural}
    assert set(plural) == {"label/cards_count/plural", "label/strings_missing/plural"}
    cards = plural["label/cards_count/plural"]
    assert (cards.msgid, cards.msgid_plural) == ("{count} card", "{count} cards")
    assert cards.msgstr_plural == {0: "{count} карта", 1: "{count} карти", 2: "{count} карт", 3: "{count} карти"}
    assert po.metadata["Plural-Forms"].startswith("nplurals=4; plural=")
    babel = read_po(io.BytesIO(oath_uk.read_bytes()))
    assert babel.num_plurals == 4
    assert [len(m.string) for m in babel if m.pluralizable] == [4, 4]


def test_the_header_names_the_game_its_version_and_a_real_date(oath_uk: Path) -> None:
    po = polib.pofile(str(oath_uk))
    version = json.loads((REPO / "generated/oath/MANIFEST.json").read_text())["version"]
    assert po.metadata["Project-Id-Version"] == f"lawforge oath {version}"
    assert po.metadata["Language"] == "uk"
    header = oath_uk.read_text(encoding="utf-8").split("\n\n", 1)[0]
    for placeholder in ("VERSION", "EMAIL@ADDRESS", "2020-", "YEAR-MO-DA", "Babel"):
        assert placeholder not in header
    assert po.metadata["PO-Revision-Date"] == po.metadata["POT-Creation-Date"]
    assert datetime.strptime(po.metadata["PO-Revision-Date"], "%Y-%m-%d %H:%M%z").year >= 2025


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_accepts_the_export(oath_uk: Path) -> None:
    done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(oath_uk)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.parametrize("locale", ["en", "fr", "uk", "de", "pl", "ar", "ru", "cy", "ja", "pt_BR", "lt", "sr_Latn"])
def test_plural_forms_pick_the_cldr_category_of_every_count(locale: str) -> None:
    header = plural_forms(locale)
    nplurals, expression = header.split("; plural=")
    order = categories(locale)
    assert nplurals == f"nplurals={len(order)}"
    index_of = gettext.c2py(expression.rstrip(";"))
    cldr = Locale.parse(locale).plural_form
    assert [order[index_of(n)] for n in range(2000)] == [cldr(n) for n in range(2000)]


def test_plural_forms_round_trip_through_a_po_editor(mini: Path) -> None:
    labels = mini / "content/mini/labels.yaml"
    labels.write_text(LABELS.replace('    uk: {one: "{count} карта", few: "{count} карти", many: "{count} карт", '
                                     'other: "{count} карти"}\n',
                                     '    uk:\n      one: "{count} карта"\n      few: "{count} карти"\n'
                                     '      many: "{count} карт"\n      other: "{count} карти"\n'), encoding="utf-8")
    po_path = mini.parent / "uk.po"
    po_path.write_text(_export(mini, "--locale", "uk"), encoding="utf-8")
    po = polib.pofile(str(po_path))
    entry = po.find("label/cards_count/plural", by="msgctxt")
    assert entry is not None
    assert entry.msgstr_plural == {0: "{count} карта", 1: "{count} карти", 2: "{count} карт", 3: "{count} карти"}
    entry.msgstr_plural = {0: "{count} картка", 1: "{count} картки", 2: "{count} карток", 3: "{count} картки"}
    po.save()
    result = run("i18n", "import", "mini", str(po_path), "--root", str(mini))
    assert result.exit_code == 0 and "imported 1," in result.output, result.output
    assert labels.read_text(encoding="utf-8").endswith(
        '    uk:\n      one: "{count} картка"\n      few: "{count} картки"\n      many: "{count} карток"\n'
        '      other: "{count} картки"\n')
    again = polib.pofile(_export(mini, "--locale", "uk")).find("label/cards_count/plural", by="msgctxt")
    assert again is not None and again.msgstr_plural[2] == "{count} карток" and not again.fuzzy


def test_a_changed_source_makes_a_plural_outdated_then_fuzzy(mini: Path) -> None:
    labels = mini / "content/mini/labels.yaml"
    labels.write_text(LABELS, encoding="utf-8")
    assert run("i18n", "accept", "mini", "label/cards_count/plural", "--root", str(mini)).exit_code == 0
    labels.write_text(LABELS.replace('other: "{count} cards"', 'other: "{count} playing cards"'), encoding="utf-8")
    status = json.loads(run("i18n", "status", "mini", "--format", "json", "--root", str(mini)).output)
    assert {(row["locale"], row["outdated"]) for row in status if row["kind"] == "label"} == {
        ("en", 0), ("fr", 1), ("uk", 1)}
    entry = polib.pofile(_export(mini, "--locale", "fr")).find("label/cards_count/plural", by="msgctxt")
    assert entry is not None and entry.fuzzy
    assert (entry.previous_msgid, entry.previous_msgid_plural) == ("{count} card", "{count} cards")


def test_the_template_has_every_msgid_and_no_translation(mini: Path) -> None:
    (mini / "content/mini/labels.yaml").write_text(LABELS, encoding="utf-8")
    text = _export(mini, "--template")
    pot = polib.pofile(text)
    assert pot.metadata["Language"] == "" and pot.metadata["Plural-Forms"] == "nplurals=INTEGER; plural=EXPRESSION;"
    assert pot.metadata["Project-Id-Version"] == "lawforge mini 0.0.0"
    assert text.split('msgid ""', 1)[0].endswith("#, fuzzy\n")  # xgettext marks a template's header so
    assert all(entry.msgstr == "" for entry in pot if not entry.msgid_plural)
    plural = pot.find("label/cards_count/plural", by="msgctxt")
    assert plural is not None and plural.msgstr_plural == {0: "", 1: ""}
    assert len(pot) == len(polib.pofile(_export(mini, "--locale", "fr")))


def _header_date(root: Path) -> str:
    return polib.pofile(_export(root, "--locale", "fr")).metadata["PO-Revision-Date"]


def test_the_date_is_the_last_change_of_the_content(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = [path for path in (mini / "content/mini").iterdir()]
    for number, path in enumerate(files):
        os.utime(path, (1_700_000_000 + number, 1_700_000_000 + number))
    newest = datetime.fromtimestamp(1_700_000_000 + len(files) - 1, timezone.utc).strftime("%Y-%m-%d %H:%M+0000")
    assert _header_date(mini) == newest == _header_date(mini)

    git = ["git", "-C", str(mini), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "content"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "content"], check=True,
                   env={**os.environ, "GIT_COMMITTER_DATE": "2024-03-01T10:20:00+00:00"})
    assert _header_date(mini) == "2024-03-01 10:20+0000"  # committed: the commit's date, whatever the files' times
    regions = mini / "content/mini/regions.yaml"
    regions.write_text(regions.read_text(encoding="utf-8").replace("uk: Центр", "uk: Колиска"), encoding="utf-8")
    os.utime(regions, (1_800_000_000, 1_800_000_000))
    assert _header_date(mini) == "2027-01-15 08:00+0000"  # changed since: the change's time

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")
    assert _header_date(mini) == "2020-09-13 12:26+0000"
