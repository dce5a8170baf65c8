"""One cattrs converter: the JSON edge's commands and event data share ``workforce_adapters.json.converter``,
and no other module of the product makes a converter of its own."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import workforce_adapters
import workforce_core
import workforce_entrypoints
from workforce_adapters.json import commands
from workforce_adapters.json.converter import converter

PACKAGES = {
    m.__name__: Path(str(m.__file__)).parent for m in [workforce_core, workforce_adapters, workforce_entrypoints]
}


def _makers(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in ("Converter", "GenConverter")
    ]


def test_only_the_json_converter_module_makes_a_converter() -> None:
    made = {
        f"{name}/{path.relative_to(root)}": lines
        for name, root in PACKAGES.items()
        for path in root.rglob("*.py")
        if (lines := _makers(path))
    }
    assert made == {"workforce_adapters/json/converter.py": [9]}


def test_commands_and_event_data_use_the_one_converter() -> None:
    assert getattr(commands, "converter") is converter  # noqa: B009 (not re-exported, looked up on purpose)
    codec = importlib.import_module("workforce_adapters.json.event_codec")  # the package re-exports its instance
    assert getattr(codec, "converter") is converter  # noqa: B009
