"""docs/embedding.md runs: its Python blocks are executed in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "embedding.md"


def test_the_embedding_guide_runs_as_written() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 8
    namespace: dict[str, object] = {"__name__": "embedding_doc"}
    for number, block in enumerate(blocks, start=1):
        exec(compile(block, f"{DOC.name} block {number}", "exec"), namespace)
    assert namespace["names"] == ["worker.created", "clock_in"]
