"""Dependency injection by parameter name, as in cosmicpython's bootstrap: a use case names the services it
needs as keyword-only parameters (``*, uow, clock``), and the composition root passes every one whose name
it knows, so an entry point gives only the command and the person acting.

What a use case asks for is read once per function (``inspect.signature``) and kept as a plan: the names
and how to make each. Only keyword-only parameters are filled: a positional ``now`` or ``limiter`` is the
caller's to give.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Mapping
from typing import Any, Generic, TypeVar

S = TypeVar("S")
R = TypeVar("R")
Plan = tuple[tuple[str, Callable[[S], object]], ...]


def wanted(use_case: Callable[..., object], known: Collection[str]) -> tuple[str, ...]:
    """The keyword-only parameters of ``use_case`` named in ``known``, in the order it declares them."""
    parameters = inspect.signature(use_case).parameters.values()
    return tuple(p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name in known)


class GivenService(TypeError):
    """A caller passed a service the composition root passes (a second wiring, at a call site)."""

    def __init__(self, use_case: Callable[..., object], names: Collection[str]) -> None:
        name = getattr(use_case, "__qualname__", repr(use_case))
        super().__init__(f"{name} was given {', '.join(sorted(names))}: the composition root passes it, not the caller")


class Injector(Generic[S]):
    """Calls use cases with the services they name, each made by its provider from the services ``S``."""

    def __init__(self, providers: Mapping[str, Callable[[S], object]]) -> None:
        self.providers = dict(providers)
        self.names = frozenset(providers)
        self.plans: dict[Callable[..., object], Plan[S]] = {}

    def plan(self, use_case: Callable[..., object]) -> Plan[S]:
        """What ``use_case`` asks for and how each is made (read from its signature once)."""
        found = self.plans.get(use_case)
        if found is None:
            found = self.plans[use_case] = tuple((name, self.providers[name]) for name in wanted(use_case, self.names))
        return found

    def call(self, use_case: Callable[..., R], services: S, args: tuple[Any, ...], kwargs: dict[str, Any]) -> R:
        """``use_case(*args, **kwargs)`` given every service it names. ``Any`` here only: the values' types are
        the use case's parameters', which a name cannot carry to mypy; the call checks them when it runs."""
        if not self.names.isdisjoint(kwargs):
            raise GivenService(use_case, self.names.intersection(kwargs))
        for name, make in self.plan(use_case):
            kwargs[name] = make(services)
        return use_case(*args, **kwargs)
