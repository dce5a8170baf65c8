"""Request bodies and console input into the core's typed commands, through the one cattrs converter.

A command class says, field by field, how its JSON value is read (``workforce_core.commands.inputs``);
this converter builds each class's structuring function from that, with cattrs, and turns what
cattrs reports into the spec's error: ``ValidationFailed`` naming the field at fault (the first, in
the order the command declares its fields) and listing every fault in ``errors``; a key that is no
field of the command is a fault too ("not a field of this request"). The HTTP resources and the
console call ``structure`` the same way, so a bad value answers the same from both.

A field of a nested command (``Nested``, ``Items(indexed=True)``) is named by its path from the top,
``pay.pay_rate`` or ``overtime_tiers[1].after_hours``: while a nested object is structured, its path
is the context's ``_where``, and each field's reader is given the field's whole path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, TypeVar

import attrs
from cattrs import ClassValidationError
from cattrs.gen import make_dict_structure_fn, override

from workforce_adapters.json.converter import converter
from workforce_core.commands.inputs import Input, Items, Nested, input_of, must_send
from workforce_core.errors import ValidationFailed, WorkforceError

C = TypeVar("C")


def is_command(cls: Any) -> bool:
    """An attrs class with at least one field read from input."""
    return attrs.has(cls) and any(input_of(f) is not None for f in attrs.fields(cls))


_where: ContextVar[str] = ContextVar("where", default="")  # the path of the object being structured, "" or "pay."
_exact: ContextVar[bool] = ContextVar("exact", default=False)  # a request body: unknown keys are faults


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


_REQUIRED: dict[type[Any], tuple[str, ...]] = {}  # per command class, asked at every request
_KNOWN: dict[type[Any], frozenset[str]] = {}


def _required(cls: type[Any]) -> tuple[str, ...]:
    found = _REQUIRED.get(cls)
    if found is None:
        found = _REQUIRED[cls] = tuple(f.name for f in attrs.fields(cls) if must_send(f))
    return found


def structure(cls: type[C], raw: Mapping[str, Any], *, exact: bool = False) -> C:
    """``raw`` (a JSON object) as a ``cls`` command, or ``ValidationFailed`` naming the field at fault.
    A required key that is missing is read as null, so its own reader says it is required. ``exact`` (a
    request body): a key that is no field of the command, nested ones too, is a fault."""
    token = _exact.set(exact)
    try:
        return _structure(cls, raw, "")
    finally:
        _exact.reset(token)


def _fields(cls: type[Any]) -> frozenset[str]:
    found = _KNOWN.get(cls)
    if found is None:
        found = _KNOWN[cls] = frozenset(f.name for f in attrs.fields(cls) if input_of(f) is not None)
    return found


def _structure(cls: type[C], raw: Mapping[str, Any], where: str) -> C:
    given = {**dict.fromkeys(_required(cls)), **raw}
    known = _fields(cls)
    unknown = [  # after the command's own faults: the spec's order knows nothing of them
        ValidationFailed(f"{where}{key}", f"{where}{key} is not a field of this request.")
        for key in (raw if _exact.get() else ())
        if key not in known
    ]
    token = _where.set(where)
    try:
        made = converter.structure(given, cls)
    except ClassValidationError as failed:
        raise _reported([*_faults(failed, getattr(cls, "CHECK_ORDER", ())), *unknown]) from None
    finally:
        _where.reset(token)
    if unknown:
        raise _reported(unknown)
    return made


def _field_of(error: BaseException) -> str | None:
    notes = [note for note in getattr(error, "__notes__", ()) if hasattr(note, "name")]
    return notes[0].name if notes else None


def _faults(failed: ClassValidationError, order: tuple[str, ...] = ()) -> list[WorkforceError]:
    """Every fault cattrs reports, in the command's ``CHECK_ORDER`` when it has one, else in the order
    its fields are declared; a nested command's own faults in its place."""
    faults = list(failed.exceptions)
    if order:
        rank = {name: n for n, name in enumerate(order)}
        faults.sort(key=lambda error: rank.get(_field_of(error) or "", len(rank)))
    found: list[WorkforceError] = []
    for error in faults:
        if isinstance(error, ClassValidationError):
            found.extend(_faults(error))
        elif isinstance(error, WorkforceError):
            found.append(error)
        else:
            field = _field_of(error)
            found.append(ValidationFailed(field, f"{field or 'the body'} is not valid."))
    return found


def _reported(faults: Sequence[WorkforceError]) -> WorkforceError:
    """The first fault, with every body fault listed in its ``errors`` when it is a body fault."""
    first = faults[0]
    if not isinstance(first, ValidationFailed):
        return first
    return ValidationFailed.of_all([first, *(fault for fault in faults[1:] if isinstance(fault, ValidationFailed))])
