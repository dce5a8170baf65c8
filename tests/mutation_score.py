"""`make mutation`'s score: mutants killed per module of rules/ and in all, over the mutants that are not
named equivalent in docs/mutation.md (run after `mutmut run`, from the project's root).

A mutant counts as killed when a test failed or timed out on it; one that survived or that no test reached
counts against the score. The equivalent ones, listed by their mutmut names in docs/mutation.md, are left
out of both sides; a name listed there that mutmut no longer makes is reported, so the list stays true.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

RULES = Path("mutants/src/workforce_core/rules")
EQUIVALENT_LIST = Path("docs/mutation.md")
MUTANT_NAME = re.compile(r"`(workforce_core\.rules\.[\w.]+__mutmut_\d+)`")
# mutmut's exit codes (mutmut.stats.status_by_exit_code): a failing test, an internal error or a timeout kills
KILLED = {1, 3, 24, -24, 36, 152, 255}
SURVIVED = {0}
NOT_REACHED = {5, 33}


def equivalent_mutants(text: str) -> set[str]:
    return set(MUTANT_NAME.findall(text))


def module_results(meta: Path) -> dict[str, int | None]:
    exit_codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    return exit_codes


def not_killed(module: str | None = None) -> list[str]:
    """The mutants no test killed yet (survived, not reached, not run), less the equivalent ones, of one
    module or of all: what `make mutation` runs again on a warm run, so that tests added since count."""
    equivalent = equivalent_mutants(EQUIVALENT_LIST.read_text()) if EQUIVALENT_LIST.exists() else set()
    pattern = f"{module}.py.meta" if module else "*.py.meta"
    return [
        name
        for meta in sorted(RULES.glob(pattern))
        for name, code in module_results(meta).items()
        if code not in KILLED and name not in equivalent
    ]


def modules_with_not_killed() -> list[str]:
    return [
        meta.name.removesuffix(".py.meta") for meta in sorted(RULES.glob("*.py.meta")) if not_killed(meta.name[:-8])
    ]


def main() -> int:
    if sys.argv[1:2] == ["--not-killed"]:
        print(" ".join(not_killed(sys.argv[2] if len(sys.argv) > 2 else None)))
        return 0
    if sys.argv[1:] == ["--modules-not-killed"]:
        print(" ".join(modules_with_not_killed()))
        return 0
    if not RULES.is_dir():
        print("no mutants/: run `make mutation`")
        return 1
    equivalent = equivalent_mutants(EQUIVALENT_LIST.read_text()) if EQUIVALENT_LIST.exists() else set()
    seen: set[str] = set()
    totals: Counter[str] = Counter()
    rows = []
    for meta in sorted(RULES.glob("*.py.meta")):
        counts: Counter[str] = Counter()
        for name, code in module_results(meta).items():
            seen.add(name)
            if name in equivalent:
                counts["equivalent"] += 1
            elif code in KILLED:
                counts["killed"] += 1
            elif code in SURVIVED:
                counts["survived"] += 1
            elif code in NOT_REACHED:
                counts["no tests"] += 1
            else:
                counts["other"] += 1
        totals.update(counts)
        rows.append((meta.name.removesuffix(".py.meta"), counts))
    print(f"{'module':<22}{'mutants':>8}{'equiv':>7}{'killed':>8}{'survived':>9}{'no test':>8}{'other':>6}  score")
    for module, counts in [*rows, ("ALL", totals)]:
        print(_row(module, counts))
    stale = sorted(equivalent - seen)
    for name in stale:
        print(f"docs/mutation.md names {name}, which mutmut no longer makes")
    return 1 if stale else 0


def _row(module: str, counts: Counter[str]) -> str:
    judged = counts["killed"] + counts["survived"] + counts["no tests"] + counts["other"]
    score = f"{100 * counts['killed'] / judged:6.2f}%" if judged else "     -"
    return (
        f"{module:<22}{judged + counts['equivalent']:>8}{counts['equivalent']:>7}{counts['killed']:>8}"
        f"{counts['survived']:>9}{counts['no tests']:>8}{counts['other']:>6}  {score}"
    )


if __name__ == "__main__":
    sys.exit(main())
