"""The exported JSON Schemas are what an editor sees: they must accept the content and reject bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from ruamel.yaml import YAML

from conftest import FIXTURES, REPO

CONTENT_FILES = sorted(p for p in (REPO / "content").rglob("*.yaml"))


def _schema_of(file: Path) -> dict[str, object]:
    modeline = file.read_text(encoding="utf-8").splitlines()[0]
    target = (file.parent / modeline.split("$schema=", 1)[1]).resolve()
    schema: dict[str, object] = json.loads(target.read_text(encoding="utf-8"))
    return schema


def test_schemas_are_draft07() -> None:
    for path in sorted((REPO / "schemas").rglob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#", path
        assert "$defs" not in json.dumps(schema), f"{path}: draft-07 editors expect 'definitions'"
        Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("file", CONTENT_FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_content_validates_against_its_schema(file: Path) -> None:
    data = YAML(typ="safe").load(file.read_text(encoding="utf-8"))
    errors = [e.message for e in Draft7Validator(_schema_of(file)).iter_errors(data)]
    assert errors == []


def test_schema_rejects_unknown_key_and_wrong_type() -> None:
    schema = _schema_of(REPO / "content/oath/suits.yaml")
    data = YAML(typ="safe").load((FIXTURES / "bad/unknown_key.yaml").read_text(encoding="utf-8"))
    assert any("bank_ordre" in e.message for e in Draft7Validator(schema).iter_errors(data))
    data = YAML(typ="safe").load((FIXTURES / "bad/wrong_type_int.yaml").read_text(encoding="utf-8"))
    assert any("is not of type 'integer'" in e.message for e in Draft7Validator(schema).iter_errors(data))


def test_references_are_enums_of_the_games_ids_so_editors_complete_them() -> None:
    schema = _schema_of(REPO / "content/oath/regions.yaml")
    region = schema["definitions"]["Region"]["properties"]  # type: ignore[index]
    assert region["discard_to"]["enum"] == ["cradle", "hinterland", "provinces"]
    source = schema["definitions"]["Source"]["properties"]  # type: ignore[index]
    assert source["doc"]["enum"] == ["lecodex", "ref_cards", "s0", "s3"]
    data = YAML(typ="safe").load((FIXTURES / "checkloop/wrong_type_and_misspelt_reference.yaml").read_text("utf-8"))
    assert any(e.message == "'cradel' is not one of ['cradle', 'hinterland', 'provinces']"
               for e in Draft7Validator(schema).iter_errors(data))
