"""Type-checks an effect: every expression gets a type, every name and verb must make sense.

Types are numbers, booleans, entities of a space (a site, a player, a card) and sets of entities.
Errors carry the location inside the effect (a loc path, as pydantic's), which the caller turns
into file, line and column. The result maps each expression node to its type for the lowerer.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .layout import FieldLayout, Layout
from .nodes import (EXPRESSION_OPERATORS, AddField, CardOnly, CardTo, Choose, ChooseOne, Draw, ForEach, If, Let,
                    May, Modify, NativeCall, Node, Peek, Repeat, ResourceAt, Roll, Score, SetField, TableAt, Transfer,
                    Where, body_of, verb_of)

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Type:
    kind: str
    """number, bool, entity or set."""
    space: str | None = None

    def __str__(self) -> str:
        if self.kind == "entity":
            return f"a {self.space}"
        if self.kind == "set":
            return f"a set of {self.space}s"
        return {"number": "a number", "bool": "true or false"}[self.kind]


NUMBER = Type("number")
BOOL = Type("bool")
ARITHMETIC = ("add", "sub", "mul", "div", "min", "max")
COMPARISON = ("lt", "le", "gt", "ge")


@dataclass(frozen=True)
class Problem:
    loc: Loc
    code: str
    message: str
    hint: str | None = None


@dataclass(frozen=True)
class EffectContext:
    """What an effect may name besides the state: its card's space and numeric parameters."""

    this: str | None
    params: dict[str, int]
    dice: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each die and the symbols its faces show."""
    tables: dict[str, int] = field(default_factory=dict)
    """Each rule table and how many keys (axes) it takes."""
    selectors: dict[str, Type | None] = field(default_factory=dict)
    """The types of the game's selectors (from `check_selectors`; None where a selector is broken)."""
    unsure: dict[str, frozenset[str] | None] = field(default_factory=dict)
    """Per space with entries that failed to validate: their ids (which a literal may still name), or None when a
    file of the space did not load, so that no id of it can be judged."""


@dataclass
class Checked:
    types: dict[int, Type] = field(default_factory=dict)
    """id(expression node or entity literal) → its type."""
    problems: list[Problem] = field(default_factory=list)


class _Checker:
    def __init__(self, layout: Layout, context: EffectContext) -> None:
        self.layout = layout
        self.context = context
        self.result = Checked()
        self.scopes: list[dict[str, Type]] = [{"you": Type("entity", "player")}]
        if context.this is not None:
            self.scopes[0]["this"] = Type("entity", context.this)
        self.selector_types: dict[str, Type | None] = {}
        self.expanding: list[str] = []
        """Selectors being checked, innermost last: their problems belong to them."""
        self.selector_problems: list[tuple[str, Problem]] = []

    # reporting ---------------------------------------------------------------------------------

    def problem(self, loc: Loc, code: str, message: str, choices: Any = (), hint: str | None = None) -> None:
        if hint is None and choices:
            word = message.split("'")[1] if "'" in message else ""
            close = difflib.get_close_matches(word, list(choices), n=1)
            hint = f"did you mean {close[0]!r}?" if close else None
        if self.expanding:
            self.selector_problems.append((self.expanding[-1], Problem(loc, code, message, hint)))
        else:
            self.result.problems.append(Problem(loc, code, message, hint))

    def binding(self, name: str, loc: Loc) -> str:
        """A name a statement binds: it must not hide `you`, `this` or a selector."""
        if name in ("you", "this") or name in self.layout.selectors:
            self.problem(loc, "name-taken", f"{name!r} already names {'a selector' if name in self.layout.selectors else 'a player or card'}; choose another name")
        return name

    def expect(self, got: Type | None, want: str, loc: Loc, what: str) -> None:
        """`want`: number, bool, entity (any), set (any), or a space name (an entity of it)."""
        if got is None:
            return
        if want in ("number", "bool", "entity", "set"):
            ok = got.kind == want or (want == "number" and got.kind == "bool")
        else:
            ok = got.kind == "entity" and got.space is not None and self.layout.within(got.space, want)
        if not ok:
            wanted = {"number": "a number", "bool": "true or false", "entity": "an entity",
                      "set": "a set"}.get(want, f"a {want}")
            self.problem(loc, "wrong-type", f"{what} must be {wanted}, not {got}")

    # statements --------------------------------------------------------------------------------

    def statements(self, statements: list[Node], loc: Loc) -> None:
        self.scopes.append({})
        for index, statement in enumerate(statements):
            verb = verb_of(statement)
            self.statement(verb, body_of(statement), loc + (index, verb))
        self.scopes.pop()

    def statement(self, verb: str, body: Any, loc: Loc) -> None:
        if isinstance(body, Transfer):
            self.transfer(verb, body, loc)
        elif isinstance(body, (SetField, AddField)):
            layout = self.field(body.field, body.at, loc)
            value = self.expr(body.to if isinstance(body, SetField) else body.n, loc + ("to" if verb == "set" else "n",))
            want = "number" if layout is None or layout.spec.value is None or verb == "add" else layout.spec.value
            self.expect(value, want, loc + ("to" if verb == "set" else "n",), f"the value of {body.field!r}")
        elif isinstance(body, Draw):
            self.cards(loc)
            self.expect(self.expr(body.n, loc + ("n",)), "number", loc + ("n",), "n")
            for key, value in (("from", body.from_), ("to", body.to)):
                self.expect(self.expr(value, loc + (key,)), "zone", loc + (key,), f"`{key}`")
        elif isinstance(body, (CardTo, CardOnly, Peek)):
            space = self.cards(loc)
            if space is not None:
                self.expect(self.expr(body.card, loc + ("card",)), space, loc + ("card",), "`card`")
            if isinstance(body, CardTo):
                self.expect(self.expr(body.to, loc + ("to",)), "zone", loc + ("to",), "`to`")
            if isinstance(body, Peek):
                self.expect(self.expr(body.by, loc + ("by",)), "player", loc + ("by",), "`by`")
        elif isinstance(body, Score):
            if "score" not in self.layout.fields:
                self.problem(loc, "unknown-field", "the game's state has no 'score' field to score into")
            self.expect(self.expr(body.n, loc + ("n",)), "number", loc + ("n",), "n")
            self.expect(self.expr(body.who, loc + ("who",)), "player", loc + ("who",), "`who`")
        elif isinstance(body, If):
            self.expect(self.expr(body.cond, loc + ("cond",)), "bool", loc + ("cond",), "the condition")
            self.statements(body.then, loc + ("then",))
            self.statements(body.else_, loc + ("else",))
        elif isinstance(body, ForEach):
            element = self.expr(body.in_, loc + ("in",))
            self.expect(element, "set", loc + ("in",), "`in`")
            self.scopes.append({self.binding(body.as_, loc + ("as",)): Type("entity", element.space if element else None)})
            self.statements(body.do, loc + ("do",))
            self.scopes.pop()
        elif isinstance(body, Repeat):
            self.expect(self.expr(body.n, loc + ("n",)), "number", loc + ("n",), "n")
            self.statements(body.do, loc + ("do",))
        elif isinstance(body, Let):
            value = self.expr(body.be, loc + ("be",))
            if value is not None and value.kind == "set":
                self.problem(loc + ("be",), "wrong-type", "`let` names one value, not a set: declare a selector")
            elif value is not None:
                self.scopes[-1][self.binding(body.name, loc + ("name",))] = value
        elif isinstance(body, ChooseOne):
            self.expect(self.expr(body.by, loc + ("by",)), "player", loc + ("by",), "`by`")
            for index, option in enumerate(body.options):
                self.statements(option, loc + ("options", index))
        elif isinstance(body, May):
            self.expect(self.expr(body.by, loc + ("by",)), "player", loc + ("by",), "`by`")
            self.statements(body.do, loc + ("do",))
        elif isinstance(body, Modify):
            self.modify(body, loc)
        elif isinstance(body, NativeCall):
            self.native(body, loc, statement=True)

    def transfer(self, verb: str, body: Transfer, loc: Loc) -> None:
        if body.what not in self.layout.resources:
            self.problem(loc + ("what",), "unknown-resource", f"no resource {body.what!r}", self.layout.resources)
            return
        self.expect(self.expr(body.n, loc + ("n",)), "number", loc + ("n",), "n")
        owner = self.expr(body.owner, loc + ("owner",)) if body.owner is not None else None
        self.expect(owner, "player", loc + ("owner",), "`owner`")
        needed = {"gain": (), "pay": (), "place": ("on",), "take": ("from",), "give": ("to",), "burn": (),
                  "move": ("from", "to"), "kill": ("from",)}[verb]
        for key, value in (("from", body.from_), ("to", body.to), ("on", body.on)):
            if value is None:
                if key in needed:
                    self.problem(loc, "missing-key", f"`{verb}` needs `{key}`")
                continue
            holder = self.expr(value, loc + (key,))
            self.expect(holder, "entity", loc + (key,), f"`{key}`")
            if holder is not None and holder.kind == "entity" and holder.space is not None:
                owned = body.owner is not None and holder.space != "player"
                if self.layout.holding(body.what, holder.space, owned=owned) is None:
                    self.problem(loc + (key,), "no-holding",
                                 f"a {holder.space} holds no {body.what!r}{' per player' if owned else ''}")
        resource = self.layout.resources[body.what]
        if verb == "gain" and body.from_ is None and resource.source is None:
            self.problem(loc, "missing-key", f"`gain` of {body.what!r} needs `from`: it has no default source")
        if verb in ("pay", "burn") and body.to is None and resource.sink is None:
            self.problem(loc, "missing-key", f"`{verb}` of {body.what!r} needs `to`: it has no default sink")
        if verb == "kill" and resource.bank is None:
            self.problem(loc, "no-holding", f"{body.what!r} has no bank to return killed pieces to")

    def modify(self, body: Modify, loc: Loc) -> None:
        layout = self.layout.fields.get(body.rule)
        if layout is None or not layout.spec.rule:
            hooks = [f for f, lay in self.layout.fields.items() if lay.spec.rule]
            self.problem(loc + ("rule",), "unknown-rule", f"no rule hook {body.rule!r}", hooks)
        if (body.by is None) == (body.set is None):
            self.problem(loc, "missing-key", "`modify` takes exactly one of `by` and `set`")
        for key, value in (("by", body.by), ("set", body.set)):
            if value is not None:
                self.expect(self.expr(value, loc + (key,)), "number", loc + (key,), f"`{key}`")

    def cards(self, loc: Loc) -> str | None:
        cards = self.layout.cards
        if cards is None:
            self.problem(loc, "no-cards", "the game declares no `cards:` in game.yaml, so cards cannot move")
            return None
        return cards.space

    # expressions -------------------------------------------------------------------------------

    def expr(self, node: Any, loc: Loc) -> Type | None:
        """The type of an expression; recorded for nodes and literals (names are resolved again by the
        lowerer, numbers are numbers)."""
        found = self._expr(node, loc)
        if found is not None and isinstance(node, (BaseModel, dict)):
            self.result.types[id(node)] = found
        return found

    def _expr(self, node: Any, loc: Loc) -> Type | None:
        if isinstance(node, bool):
            return BOOL
        if isinstance(node, int):
            return NUMBER
        if isinstance(node, str):
            return self.name(node, loc)
        if isinstance(node, dict):
            return self.literal(node, loc)
        op = verb_of(node)
        body = body_of(node)
        inner = loc + (op,)
        if op in ARITHMETIC or op in COMPARISON:
            for index, operand in enumerate(body):
                self.expect(self.expr(operand, inner + (index,)), "number", inner + (index,), f"`{op}` operands")
            if op in COMPARISON and len(body) != 2:
                self.problem(inner, "wrong-arity", f"`{op}` compares exactly two values")
            return NUMBER if op in ARITHMETIC else BOOL
        if op in ("eq", "ne"):
            types = [self.expr(operand, inner + (i,)) for i, operand in enumerate(body)]
            if len(body) != 2:
                self.problem(inner, "wrong-arity", f"`{op}` compares exactly two values")
            elif None not in types and not self.comparable(types[0], types[1]):  # type: ignore[arg-type]
                self.problem(inner, "wrong-type", f"`{op}` cannot compare {types[0]} with {types[1]}")
            return BOOL
        if op in ("all", "any"):
            for index, operand in enumerate(body):
                self.expect(self.expr(operand, inner + (index,)), "bool", inner + (index,), f"`{op}` operands")
            return BOOL
        if op == "not":
            self.expect(self.expr(body, inner), "bool", inner, "`not`")
            return BOOL
        if op == "half":
            self.expect(self.expr(body, inner), "number", inner, "`half`")
            return NUMBER
        if op == "count":
            self.expect(self.expr(body, inner), "set", inner, "`count`")
            return NUMBER
        if op == "every":
            if body not in self.layout.spaces:
                self.problem(inner, "unknown-space", f"no space {body!r}", self.layout.spaces)
                return None
            return Type("set", body)
        if op == "where":
            return self.where(body, inner)
        if op == "choose":
            return self.choose(body, inner)
        if op == "amount":
            return self.amount(body, inner)
        if op == "field":
            layout = self.field(body.name, body.at, inner)
            if layout is None:
                return None
            return Type("entity", layout.spec.value) if layout.spec.value else NUMBER
        if op == "table":
            return self.table(body, inner)
        if op == "roll":
            return self.roll(body, inner)
        if op == "native":
            return self.native(body, inner, statement=False)
        if op == "zone_of":
            if body.zone not in self.layout.spaces["zone"].members:
                self.problem(inner + ("zone",), "unknown-zone", f"no per-player zone {body.zone!r}",
                             self.layout.spaces["zone"].members)
            self.expect(self.expr(body.player, inner + ("player",)), "player", inner + ("player",), "`player`")
            return Type("entity", "zone")
        return None

    def comparable(self, a: Type, b: Type) -> bool:
        if a.kind in ("number", "bool") and b.kind in ("number", "bool"):
            return True
        if a.kind == b.kind == "entity" and a.space and b.space:
            return self.layout.within(a.space, b.space) or self.layout.within(b.space, a.space)
        return False

    def name(self, name: str, loc: Loc) -> Type | None:
        if name.startswith("$"):
            if name[1:] not in self.context.params:
                self.problem(loc, "unknown-param", f"no parameter {name[1:]!r} (declare it in the card's `params`)",
                             self.context.params)
                return None
            return NUMBER
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name in self.layout.selectors:
            return self.selector(name, loc)
        known = [n for scope in self.scopes for n in scope] + list(self.layout.selectors)
        self.problem(loc, "unknown-name", f"nothing is named {name!r} here", known,
                     hint=None if known else "names are: you, this, $param, and variables bound by let/for_each")
        return None

    def selector(self, name: str, loc: Loc) -> Type | None:
        """A selector's type; its expression is checked once, where only `you` is known, and its
        problems are reported at the selector (see `check_selectors`)."""
        if name in self.context.selectors:
            return self.context.selectors[name]
        if name in self.selector_types:
            if name in self.expanding:
                self.problem(loc, "recursive-selector", f"selector {name!r} refers to itself")
            return self.selector_types[name]
        self.selector_types[name] = None
        self.expanding.append(name)
        outer, self.scopes = self.scopes, [{"you": Type("entity", "player")}]
        found = self.expr(self.layout.selectors[name].is_, ())
        self.scopes = outer
        self.expanding.pop()
        self.selector_types[name] = found
        return found

    def literal(self, node: dict[str, Any], loc: Loc) -> Type | None:
        ((space, value),) = node.items()
        if space not in self.layout.spaces:
            self.problem(loc + (space,), "unknown-operator", f"{space!r} is no operator and no space",
                         [*self.layout.spaces, *EXPRESSION_OPERATORS])
            return None
        ids = self.layout.spaces[space].ids
        if isinstance(value, str) and value not in ids and space in self.context.unsure:
            unsure = self.context.unsure[space]
            if unsure is None or value in unsure:
                return Type("entity", space)
        if not isinstance(value, str) or value not in ids:
            self.problem(loc + (space,), "dangling-reference", f"no {space} with id {value!r}", ids)
            return None
        return Type("entity", space)

    def field(self, name: str, at: list[Any], loc: Loc) -> FieldLayout | None:
        layout = self.layout.fields.get(name)
        if layout is None:
            self.problem(loc, "unknown-field", f"no field {name!r} in the game's state", self.layout.fields)
            for index, index_expr in enumerate(at):
                self.expr(index_expr, loc + ("at", index))
            return None
        if len(at) != len(layout.axes):
            self.problem(loc, "wrong-arity", f"field {name!r} takes {len(layout.axes)} index(es) "
                         f"({', '.join(layout.axes) or 'none'}), not {len(at)}")
        for index, (axis, index_expr) in enumerate(zip(layout.axes, at, strict=False)):
            self.expect(self.expr(index_expr, loc + ("at", index)), axis, loc + ("at", index), f"index {index + 1}")
        return layout

    def amount(self, body: ResourceAt, loc: Loc) -> Type | None:
        if body.what not in self.layout.resources:
            self.problem(loc + ("what",), "unknown-resource", f"no resource {body.what!r}", self.layout.resources)
            return None
        holder = self.expr(body.at, loc + ("at",))
        self.expect(holder, "entity", loc + ("at",), "`at`")
        if body.owner is not None:
            self.expect(self.expr(body.owner, loc + ("owner",)), "player", loc + ("owner",), "`owner`")
        if holder is not None and holder.space is not None and holder.kind == "entity":
            if self.layout.holding(body.what, holder.space, owned=body.owner is not None) is None:
                self.problem(loc + ("at",), "no-holding", f"a {holder.space} holds no {body.what!r}")
        return NUMBER

    def table(self, body: TableAt, loc: Loc) -> Type | None:
        if body.name not in self.context.tables:
            self.problem(loc + ("name",), "unknown-table", f"no rule table {body.name!r}", self.context.tables)
            return None
        if len(body.at) != self.context.tables[body.name]:
            self.problem(loc + ("at",), "wrong-arity",
                         f"table {body.name!r} takes {self.context.tables[body.name]} key(s), not {len(body.at)}")
        for index, key in enumerate(body.at):
            self.expr(key, loc + ("at", index))
        return NUMBER

    def roll(self, body: Roll, loc: Loc) -> Type | None:
        if body.die not in self.context.dice:
            self.problem(loc + ("die",), "unknown-die", f"no die {body.die!r}", self.context.dice)
            return None
        self.expect(self.expr(body.n, loc + ("n",)), "number", loc + ("n",), "n")
        if body.symbol is not None and body.symbol not in self.context.dice[body.die]:
            self.problem(loc + ("symbol",), "unknown-symbol", f"die {body.die!r} shows no {body.symbol!r}",
                         self.context.dice[body.die])
        return NUMBER

    def native(self, body: NativeCall, loc: Loc, *, statement: bool) -> Type | None:
        found = self.layout.natives.get(body.name)
        if found is None:
            self.problem(loc + ("name",), "unknown-native", f"no native {body.name!r} (declare it in natives/)",
                         self.layout.natives)
            for index, arg in enumerate(body.args):
                self.expr(arg, loc + ("args", index))
            return None
        native = found[1]
        if len(body.args) != len(native.args):
            self.problem(loc + ("args",), "wrong-arity",
                         f"native {body.name!r} takes {len(native.args)} argument(s), not {len(body.args)}")
        for index, (param, arg) in enumerate(zip(native.args, body.args, strict=False)):
            self.expect(self.expr(arg, loc + ("args", index)), param, loc + ("args", index), f"argument {index + 1}")
        if native.returns is None:
            if not statement:
                self.problem(loc, "wrong-type", f"native {body.name!r} returns nothing; it is a statement")
            return None
        return Type("entity", native.returns) if native.returns not in ("number", "bool") else Type(native.returns)

    def where(self, body: Where, loc: Loc) -> Type | None:
        source = self.expr(body.in_, loc + ("in",))
        self.expect(source, "set", loc + ("in",), "`in`")
        if source is None or source.kind != "set":
            return None
        self.scopes.append({self.binding(body.as_, loc + ("as",)): Type("entity", source.space)})
        self.expect(self.expr(body.test, loc + ("test",)), "bool", loc + ("test",), "`test`")
        self.scopes.pop()
        return source

    def choose(self, body: Choose, loc: Loc) -> Type | None:
        source = self.expr(body.from_, loc + ("from",))
        self.expect(source, "set", loc + ("from",), "`from`")
        self.expect(self.expr(body.by, loc + ("by",)), "player", loc + ("by",), "`by`")
        return Type("entity", source.space) if source is not None and source.kind == "set" else None


def check_effect(layout: Layout, statements: list[Node], context: EffectContext,
                 on_problem: Callable[[Problem], None] | None = None) -> Checked:
    checker = _Checker(layout, context)
    checker.statements(statements, ())
    if on_problem is not None:
        for problem in checker.result.problems:
            on_problem(problem)
    return checker.result


def check_selectors(layout: Layout, context: EffectContext,
                    on_problem: Callable[[str, Problem], None]) -> tuple[dict[str, Type | None], Checked]:
    """Types of all selectors (and of the expressions inside them, for the lowerer); problems are
    reported with the selector's id, located inside its `is`."""
    checker = _Checker(layout, context)
    for name in layout.selectors:
        checker.selector(name, ())
    for name, problem in checker.selector_problems:
        on_problem(name, problem)
    return dict(checker.selector_types), checker.result
