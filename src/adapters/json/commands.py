"""Request bodies and console input into the core's typed commands: the one cattrs converter.

A command class says, field by field, how its JSON value is read (``workforce_core.commands.inputs``);
this converter builds each class's structuring function from that, with cattrs, and turns what
cattrs reports into the spec's error: ``ValidationFailed`` naming the field at fault (the first, in
the order the command declares its fields). The HTTP resources and the console call ``structure``
the same way, so a bad value answers the same from both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
from cattrs import ClassValidationError, Converter
from cattrs.gen import make_dict_structure_fn, override

from workforce_core.commands.inputs import Input, Items, input_of, must_send
from workforce_core.errors import ValidationFailed, WorkforceError

C = TypeVar("C")

converter = Converter(detailed_validation=True, forbid_extra_keys=False)


def is_command(cls: Any) -> bool:
    """An attrs class with at least one field read from input."""
    return attrs.has(cls) and any(input_of(f) is not None for f in attrs.fields(cls))


def _hook(kind: Input, field: str) -> Callable[[Any, Any], Any]:
    if isinstance(kind, Items):

        def nested(value: Any, _: Any) -> tuple[Any, ...]:
            try:
                return tuple(structure(kind.of, item) for item in kind.read(value, field))
            except WorkforceError as error:  # a fault inside one item is this field's
                raise ValidationFailed(field, error.message) from None

        return nested
    return lambda value, _: kind.read(value, field)


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
    given = {**dict.fromkeys(_required(cls)), **raw}
    try:
        return converter.structure(given, cls)
    except ClassValidationError as failed:
        raise _first_fault(failed) from None


def _first_fault(failed: ClassValidationError) -> WorkforceError:
    error = failed.exceptions[0]
    if isinstance(error, WorkforceError):
        return error
    if isinstance(error, ClassValidationError):
        return _first_fault(error)
    notes = [note for note in getattr(error, "__notes__", ()) if hasattr(note, "name")]
    field = notes[0].name if notes else None
    return ValidationFailed(field, f"{field or 'the body'} is not valid.")
