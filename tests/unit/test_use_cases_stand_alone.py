"""Use cases do not call use cases: no module of ``workforce_core.services`` imports another one (a
step they share lives in ``workforce_core.steps``, a side effect of a write in ``workforce_core.handlers``),
and no step or handler imports a use case. Read from the import graph (grimp, as import-linter reads it).
"""

from __future__ import annotations

import grimp

SERVICES = "workforce_core.services"


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("workforce_core")


def _imports_between_use_cases(graph: grimp.ImportGraph) -> list[str]:
    modules = sorted(m for m in graph.find_descendants(SERVICES) if not graph.find_children(m))
    found = []
    for module in modules:
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported.startswith(SERVICES + ".") and imported != module and not graph.find_children(imported):
                found.append(f"{module} -> {imported}")
    return found


def test_no_use_case_module_imports_another() -> None:
    graph = _graph()
    assert len([m for m in graph.find_descendants(SERVICES) if not graph.find_children(m)]) > 40  # the check sees them
    assert _imports_between_use_cases(graph) == []


def test_the_check_finds_an_import_between_use_cases() -> None:
    graph = _graph()
    graph.add_import(
        importer="workforce_core.services.kiosks",
        imported="workforce_core.services.clocking",
        line_number=1,
        line_contents="",
    )
    assert _imports_between_use_cases(graph) == ["workforce_core.services.kiosks -> workforce_core.services.clocking"]


def test_steps_and_handlers_never_call_a_use_case() -> None:
    graph = _graph()
    for package in ("workforce_core.steps", "workforce_core.handlers"):
        chains = graph.find_shortest_chains(importer=package, imported=SERVICES)
        assert chains == set(), f"{package} reaches a use case: {chains}"
