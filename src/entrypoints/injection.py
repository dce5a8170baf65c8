"""Dependency injection by parameter name, as in cosmicpython's bootstrap: a use case names the services it
needs as keyword-only parameters (``*, uow, clock``), and the composition root passes every one whose name
it knows, so an entry point gives only the command and the person acting.

The names a use case asks for are read once per function (``inspect.signature``, cached). Only keyword-only
parameters are filled: a positional ``now`` or ``limiter`` is the caller's to give.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection
from functools import cache
from typing import Any


@cache
def wanted(use_case: Callable[..., object], known: frozenset[str]) -> tuple[str, ...]:
    """The keyword-only parameters of ``use_case`` named in ``known``, in the order it declares them."""
    parameters = inspect.signature(use_case).parameters.values()
    return tuple(p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name in known)


class GivenService(TypeError):
    """A caller passed a service the composition root passes (a second wiring, at a call site)."""

    def __init__(self, use_case: Callable[..., object], names: Collection[str]) -> None:
        name = getattr(use_case, "__qualname__", repr(use_case))
        super().__init__(f"{name} was given {', '.join(sorted(names))}: the composition root passes it, not the caller")


def injected(
    use_case: Callable[..., object], known: frozenset[str], kwargs: dict[str, Any], provide: Callable[[str], object]
) -> dict[str, Any]:
    """``kwargs`` with every service ``use_case`` asks for, each made by ``provide(name)`` (``Any`` here only:
    the values' types are the use case's own parameters', which a name cannot carry to mypy)."""
    given = kwargs.keys() & known
    if given:
        raise GivenService(use_case, given)
    for name in wanted(use_case, known):
        kwargs[name] = provide(name)
    return kwargs
