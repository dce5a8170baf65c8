"""Request bodies and console input into the core's typed commands: the one cattrs converter.

A command class says, field by field, how its JSON value is read (``workforce_core.commands.inputs``);
this converter builds each class's structuring function from that, with cattrs, and turns what
cattrs reports into the spec's error: ``ValidationFailed`` naming the field at fault (the first, in
the order the command declares its fields). The HTTP resources and the console call ``structure``
the same way, so a bad value answers the same from both.

A field of a nested command (``Nested``, ``Items(indexed=True)``) is named by its path from the top,
``pay.pay_rate`` or ``overtime_tiers[1].after_hours``: while a nested object is structured, its path
is the context's ``_where``, and each field's reader is given the field's whole path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any, TypeVar

import attrs
from cattrs import ClassValidationError, Converter
from cattrs.gen import make_dict_structure_fn, override

from workforce_core.commands.inputs import Input, Items, Nested, input_of, must_send
from workforce_core.errors import ValidationFailed, WorkforceError

C = TypeVar("C")

converter = Converter(detailed_validation=True, forbid_extra_keys=False)


def is_command(cls: Any) -> bool:
    """An attrs class with at least one field read from input."""
    return attrs.has(cls) and any(input_of(f) is not None for f in attrs.fields(cls))


_where: ContextVar[str] = ContextVar("where", default="")  # the path of the object being structured, "" or "pay."


def _hook(kind: Input, name: str) -> Callable[[Any, Any], Any]:
    if isinstance(kind, Nested):
        return lambda value, _: _nested(kind.of, {} if value is None else value, _where.get() + name)
    if isinstance(kind, Items):

        def items(value: Any, _: Any) -> tuple[Any, ...]:
            field = _where.get() + name
            if kind.indexed:
                return tuple(_nested(kind.of, item, f"{field}[{n}]") for n, item in enumerate(kind.read(value, field)))
            try:
                return tuple(structure(kind.of, item) for item in kind.read(value, field))
            except WorkforceError as error:  # a fault inside one item is this field's
                raise ValidationFailed(field, error.message) from None

        return items
    return lambda value, _: kind.read(value, _where.get() + name)


def _nested(cls: type[C], value: Any, path: str) -> C:
    """``value`` as a ``cls`` command whose fields are named from ``path``."""
    if not isinstance(value, dict):
        raise ValidationFailed(path, f"{path} must be an object.")
    return _structure(cls, value, f"{path}.")


def _structuring(cls: type[Any]) -> Callable[[Mapping[str, Any], Any], Any]:
    overrides: dict[str, Any] = {
        f.name: override(struct_hook=_hook(kind, f.name)) for f in attrs.fields(cls) if (kind := input_of(f))
    }
    return make_dict_structure_fn(cls, converter, **overrides)


converter.register_structure_hook_factory(is_command, _structuring)


def _required(cls: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls) if must_send(f))


def structure(cls: type[C], raw: Mapping[str, Any]) -> C:
    """``raw`` (a JSON object) as a ``cls`` command, or ``ValidationFailed`` naming the field at fault.
    A required key that is missing is read as null, so its own reader says it is required."""
    return _structure(cls, raw, "")


def _structure(cls: type[C], raw: Mapping[str, Any], where: str) -> C:
    given = {**dict.fromkeys(_required(cls)), **raw}
    token = _where.set(where)
    try:
        return converter.structure(given, cls)
    except ClassValidationError as failed:
        raise _first_fault(failed, getattr(cls, "CHECK_ORDER", ())) from None
    finally:
        _where.reset(token)


def _field_of(error: BaseException) -> str | None:
    notes = [note for note in getattr(error, "__notes__", ()) if hasattr(note, "name")]
    return notes[0].name if notes else None


def _first_fault(failed: ClassValidationError, order: tuple[str, ...] = ()) -> WorkforceError:
    """The fault to name: the first in the command's ``CHECK_ORDER`` when it has one, else in the
    order its fields are declared (cattrs reports every field's fault)."""
    faults = list(failed.exceptions)
    if order:
        rank = {name: n for n, name in enumerate(order)}
        faults.sort(key=lambda error: rank.get(_field_of(error) or "", len(rank)))
    error = faults[0]
    if isinstance(error, WorkforceError):
        return error
    if isinstance(error, ClassValidationError):
        return _first_fault(error)
    field = _field_of(error)
    return ValidationFailed(field, f"{field or 'the body'} is not valid.")
