"""A label's message (runtime/messages.py) checked against what the game declares: each plural has exactly the CLDR
categories of its locale, and each `{name:form}` asks for a form the label filling `name` declares in that locale."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lawforge.runtime.messages import Argument, MessageError, Plural, arguments, parts


@dataclass(frozen=True)
class MessageProblem:
    code: str
    message: str
    token: str
    loc: tuple[str, ...] = ()
    """Where in the entity, for a problem of a label's forms: ("forms", locale, form)."""


def message_problems(template: str, locale: str, categories: tuple[str, ...] | None, owner: Any,
                     labels: Mapping[str, Any]) -> list[MessageProblem]:
    """What is wrong with a template that parses; `categories` are the locale's CLDR plural categories (None when
    CLDR does not know the locale: reported in game.yaml), `owner` the entity the text belongs to."""
    problems = []
    for part in parts(template):
        if isinstance(part, Plural) and categories is not None:
            written = [category for category, _branch in part.branches]
            lacking = sorted(set(categories) - set(written))
            extra = sorted(set(written) - set(categories))
            if lacking or extra:
                said = ([f"lacks {', '.join(lacking)}"] if lacking else []) + (
                    [f"has {', '.join(extra)}, which {locale!r} does not use"] if extra else [])
                problems.append(MessageProblem("plural-forms", f"{{{part.name}, plural}} {' and '.join(said)} "
                                               f"(CLDR categories of {locale!r}: {', '.join(categories)})",
                                               template[part.offset:part.offset + len(part.name) + 1]))
        if isinstance(part, Argument) and part.form is not None:
            token = f"{{{part.name}:{part.form}}}"
            fillers = dict(getattr(owner, "arg_labels", None) or {}).get(part.name)
            if not fillers:
                problems.append(MessageProblem("unknown-form", f"{token} asks for a form, but {part.name!r} is "
                                               "filled with no label that declares forms (the label's `arg_labels`)",
                                               token))
                continue
            for filler in fillers:
                label = labels.get(str(filler))
                declared = dict(getattr(label, "forms", None) or {}).get(locale) or {}
                if label is not None and part.form not in declared:
                    known = ", ".join(sorted(declared)) or "none"
                    problems.append(MessageProblem("unknown-form", f"label {str(filler)!r} declares no "
                                                   f"{part.form!r} form in {locale!r} (its forms there: {known})",
                                                   token))
    return problems


def form_problems(label: Any) -> list[MessageProblem]:
    """What is wrong with a label's `forms`: each is a message with no argument the label's `args` do not list."""
    problems = []
    declared = set(label.args)
    for locale, by_form in label.forms.items():
        for form, template in by_form.items():
            loc = ("forms", locale, form)
            try:
                unknown = sorted(set(arguments(template)) - declared)
            except MessageError as error:
                problems.append(MessageProblem("bad-placeholder", f"malformed placeholder in the {form!r} form: "
                                               f"{error.reason}", error.token, loc))
                continue
            if unknown:
                problems.append(MessageProblem("unknown-param", f"{{{unknown[0]}}} is no argument of {label.id!r} "
                                               f"(args: {', '.join(sorted(declared)) or 'none'})",
                                               "{" + unknown[0], loc))
    return problems
