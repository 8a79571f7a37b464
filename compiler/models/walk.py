"""Walks a validated model alongside its type annotations, so stages can find references and texts
without knowing any game's models."""

from __future__ import annotations

import functools
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .common import Lowered, RefTo, Text

Loc = tuple[str | int, ...]
T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class RefSite:
    loc: Loc
    kind: str
    value: str


@dataclass(frozen=True)
class TextSite:
    loc: Loc
    text: Text


def walk(value: Any, loc: Loc = (), annotation: Any = None, metadata: tuple[Any, ...] = ()) -> Iterator[RefSite | TextSite]:
    for meta in metadata:
        if isinstance(meta, RefTo) and isinstance(value, str):
            yield RefSite(loc, meta.kind, value)
    if value is None:
        return
    if isinstance(value, Text):
        yield TextSite(loc, value)
        return
    if isinstance(value, BaseModel):
        for name, annotation_, metadata_ in linked_fields(type(value)):
            yield from walk(getattr(value, name), loc + (name,), annotation_, metadata_)
        return
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *extra = get_args(annotation)
        yield from walk(value, loc, base, tuple(extra))
    elif origin in (Union, types.UnionType):
        for arm in get_args(annotation):
            if arm is not type(None) and fits(value, arm):
                yield from walk(value, loc, arm)
                return
    elif origin is list:
        (item,) = get_args(annotation)
        for index, element in enumerate(value):
            yield from walk(element, loc + (index,), item)
    elif origin is dict:
        _, item = get_args(annotation)
        for key, element in value.items():
            yield from walk(element, loc + (key,), item)


def walk_data(data: Any, annotation: Any, loc: Loc = (), metadata: tuple[Any, ...] = ()) -> Iterator[RefSite | TextSite]:
    """Like `walk`, over the plain data of an entry that failed to validate: the references and texts of its parts
    that have the shape the model expects, so that one wrong field does not hide the mistakes of the others."""
    for meta in metadata:
        if isinstance(meta, RefTo) and isinstance(data, str):
            yield RefSite(loc, meta.kind, data)
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, Text):
        text = _valid_text(data)
        if text is not None:
            yield TextSite(loc, text)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(data, dict):
            for name, annotation_, metadata_ in linked_fields(annotation):
                key = annotation.model_fields[name].alias or name
                if key in data:
                    yield from walk_data(data[key], annotation_, loc + (key,), metadata_)
    elif origin is Annotated:
        base, *extra = get_args(annotation)
        yield from walk_data(data, base, loc, tuple(extra))
    elif origin in (Union, types.UnionType):
        arm = _arm_of(data, [a for a in get_args(annotation) if a is not type(None)])
        if arm is not None:
            yield from walk_data(data, arm, loc)
    elif origin is list and isinstance(data, list):
        (item,) = get_args(annotation)
        for index, element in enumerate(data):
            yield from walk_data(element, item, loc + (index,))
    elif origin is dict and isinstance(data, dict):
        _, item = get_args(annotation)
        for key, element in data.items():
            yield from walk_data(element, item, loc + (key,))


def _valid_text(data: Any) -> Text | None:
    from pydantic import ValidationError

    try:
        return Text.model_validate(data)
    except ValidationError:
        return None


def _arm_of(data: Any, arms: list[Any]) -> Any:
    """The union arm plain data was most likely meant for: a model sharing the most keys with a mapping, else the
    first arm of the data's shape."""
    def base(arm: Any) -> Any:
        return get_args(arm)[0] if get_origin(arm) is Annotated else arm

    if isinstance(data, dict):
        models = [a for a in arms if isinstance(base(a), type) and issubclass(base(a), BaseModel)]
        if models:
            return max(models, key=lambda a: len(set(data) & {f.alias or n for n, f in base(a).model_fields.items()}))
    shape = type(data) if type(data) in (dict, list, str) else None
    return next((a for a in arms if shape is not None and shape in (get_origin(base(a)), base(a))), None)


def fits(value: Any, annotation: Any) -> bool:
    """Whether `value` is of the union arm `annotation` (to pick the arm a validated value took)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return fits(value, get_args(annotation)[0])
    if origin is Literal:
        return value in get_args(annotation)
    if origin is list:
        (item,) = get_args(annotation)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if origin is not None:
        return isinstance(value, origin)
    return isinstance(annotation, type) and isinstance(value, annotation)


@functools.cache
def data_fields(model: type[BaseModel]) -> tuple[tuple[str, Any, tuple[Any, ...]], ...]:
    """(name, annotation, metadata) of a model's fields that hold data, not effects (cached per model)."""
    return tuple((name, info.annotation, tuple(info.metadata))
                 for name, info in model.model_fields.items() if not is_lowered(info))


@functools.cache
def linked_fields(model: type[BaseModel]) -> tuple[tuple[str, Any, tuple[Any, ...]], ...]:
    """The data fields that can hold a reference or a text somewhere inside: the only ones `walk` visits."""
    return tuple(f for f in data_fields(model) if any(isinstance(m, RefTo) for m in f[2]) or _reaches(f[1]))


def _reaches(annotation: Any, seen: frozenset[Any] = frozenset()) -> bool:
    if annotation in seen:
        return False
    if isinstance(annotation, type) and issubclass(annotation, Text):
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return any(any(isinstance(m, RefTo) for m in metadata) or _reaches(a, seen | {annotation})
                   for _, a, metadata in data_fields(annotation))
    if get_origin(annotation) is Annotated:
        base, *extra = get_args(annotation)
        return any(isinstance(m, RefTo) for m in extra) or _reaches(base, seen)
    return any(_reaches(arg, seen) for arg in get_args(annotation))


def is_lowered(info: FieldInfo) -> bool:
    """Whether a field carries the `Lowered` mark (its content becomes bytecode, not data)."""
    return any(isinstance(m, Lowered) for m in info.metadata) or _marked(info.annotation)


def _marked(annotation: Any) -> bool:
    if get_origin(annotation) is Annotated and any(isinstance(m, Lowered) for m in get_args(annotation)[1:]):
        return True
    return get_origin(annotation) in (Union, types.UnionType) and any(_marked(a) for a in get_args(annotation))


def instances(value: Any, cls: type[T], loc: Loc = ()) -> Iterator[tuple[Loc, T]]:
    """Every model of class `cls` inside a validated model, with where it is."""
    if isinstance(value, cls):
        yield loc, value
    if isinstance(value, BaseModel):
        for name in fields_holding(type(value), cls):
            yield from instances(getattr(value, name), cls, loc + (name,))
    elif isinstance(value, list):
        for index, element in enumerate(value):
            yield from instances(element, cls, loc + (index,))


@functools.cache
def fields_holding(model: type[BaseModel], cls: type) -> tuple[str, ...]:
    """The data fields of a model that can hold a `cls` somewhere inside: the only ones `instances` visits."""
    return tuple(name for name, annotation, _ in data_fields(model) if _holds(annotation, cls))


def _holds(annotation: Any, cls: type, seen: frozenset[Any] = frozenset()) -> bool:
    """Whether a value of this annotation can be or contain a `cls`; true where the annotation is not understood."""
    if annotation in seen or get_origin(annotation) is Literal:
        return False
    if isinstance(annotation, type):
        return issubclass(annotation, BaseModel) and (issubclass(annotation, cls) or any(
            _holds(a, cls, seen | {annotation}) for _, a, _ in data_fields(annotation)))
    args = get_args(annotation)
    return any(_holds(arg, cls, seen) for arg in args) if args else True
