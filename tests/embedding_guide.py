"""Runs docs/embedding.md as a reader would: its Python blocks in order, in one namespace.

Imported by the source-tree test, and run as a script by the packaging test with the interpreter of a
fresh virtual environment where only the built wheel is installed (``python -I embedding_guide.py DOC``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any


def run(doc: Path) -> dict[str, Any]:
    """Executes every ``python`` block of ``doc``; returns the namespace they left."""
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 9, f"only {len(blocks)} blocks found in {doc}"
    namespace: dict[str, Any] = {"__name__": "embedding_doc"}
    for number, block in enumerate(blocks, start=1):
        exec(compile(block, f"{doc.name} block {number}", "exec"), namespace)
    return namespace


if __name__ == "__main__":
    import workforce_core

    left = run(Path(sys.argv[1]))
    print(json.dumps({"names": left["names"], "core": workforce_core.__file__, "blocks_ran": True}))
