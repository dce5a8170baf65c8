"""A client's pay codes as a pay file uses them: by element for a package, and as the references shown."""

from __future__ import annotations

from collections.abc import Mapping

from workforce_core.model.pay_codes import PAYROLL_PACKAGES, PayCode


def codes_by_element(codes: list[PayCode], package: str) -> dict[str, PayCode]:
    return {code.element: code for code in codes if code.package == package}


def shown_refs(codes: list[PayCode]) -> Mapping[str, str]:
    """The code ``pkg_a_ref`` shows per element: the element's code in the first package (in
    PAYROLL_PACKAGES order) that maps it; an element no package maps keeps its own name."""
    refs: dict[str, str] = {}
    for package in PAYROLL_PACKAGES:
        for element, code in codes_by_element(codes, package).items():
            refs.setdefault(element, code.code)
    return refs
