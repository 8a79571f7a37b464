"""The effect language's tree: what a card's `effect:` list parses into.

An effect is a list of statements; each statement is a one-key mapping, `{verb: arguments}`.
Arguments are expressions: a number, `true`/`false`, a name (`you`, `this`, a bound variable,
`$param`), an entity literal (`{suit: arcane}`), or a one-key mapping naming an operator
(`{count: …}`, `{half: …}`, `{choose: …}`). Parsing is pydantic's: unknown verbs, unknown keys and
wrong argument shapes are reported with positions like every other content error. Types (which
expression is a number, a site, a set of players) are the checker's job (`check.py`).
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Union

from pydantic import ConfigDict, Discriminator, Field, StrictBool, StrictInt, StrictStr, Tag
from typing_extensions import TypeAliasType

from ..models.common import INT32_MAX, INT32_MIN, Id, StrictModel

EXPRESSION_OPERATORS: dict[str, str] = {
    "add": "sum of the operands",
    "sub": "first operand minus the second",
    "mul": "product of the operands",
    "div": "first operand divided by the second, rounded down",
    "half": "half, rounded down",
    "min": "smallest operand",
    "max": "largest operand",
    "eq": "true if equal (numbers or entities)",
    "ne": "true if different",
    "lt": "true if the first is smaller",
    "le": "true if the first is smaller or equal",
    "gt": "true if the first is larger",
    "ge": "true if the first is larger or equal",
    "not": "true if the operand is false",
    "all": "true if every operand is true",
    "any": "true if some operand is true",
    "count": "how many entities a set holds",
    "amount": "how many of a resource a holder has",
    "field": "a value of the game state",
    "table": "a value of a rule table",
    "roll": "roll dice: the total of their values, or how many faces show a symbol",
    "native": "the result of a procedure of the game's kernel",
    "choose": "an entity a player picks from a set",
    "every": "the set of all entities of a space",
    "where": "the entities of a set that pass a test",
    "zone_of": "a player's own zone, e.g. their advisers",
}


def _shape(value: Any) -> str | None:
    """Which union member a raw value is: its type for scalars, its one key for mappings."""
    if isinstance(value, bool):
        return "<bool>"
    if isinstance(value, int):
        return "<int>"
    if isinstance(value, str):
        return "<name>"
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in EXPRESSION_OPERATORS else "<literal>"
    return None


class Node(StrictModel):
    """Builds its validator only when first used on its own: the effect unions are built once, inside
    the content models that hold effects, instead of once per node class (a fourfold faster import)."""

    model_config = ConfigDict(**StrictModel.model_config, defer_build=True)


# Expressions ---------------------------------------------------------------------------------

class Operands(Node):
    """Operators over a list: `{add: [1, $n]}`."""


class ResourceAt(Node):
    what: Id = Field(description="A resource (a glossary term the game's state holds), e.g. favor")
    at: Expr = Field(description="The holder: a player, a site, a card, a suit's bank …")
    owner: Expr | None = Field(default=None, description="Whose pieces, where a holder keeps them per player")


class FieldAt(Node):
    name: Id = Field(description="A field of the game's state (state.yaml)")
    at: list[Expr] = Field(default_factory=list, description="One index per axis of the field")


class TableAt(Node):
    name: Id = Field(description="A rule table (tables.yaml)")
    at: list[Expr] = Field(min_length=1, description="Row (and column) keys")


class Roll(Node):
    die: Id
    n: Expr = 1
    symbol: Id | None = Field(default=None, description="Count this symbol instead of adding face values")


class NativeCall(Node):
    name: Id = Field(description="A native procedure declared in natives/")
    args: list[Expr] = Field(default_factory=list)


class Choose(Node):
    from_: Expr = Field(alias="from", description="A set to pick one entity from")
    by: Expr = Field(default="you", description="The player who picks")


class Where(Node):
    in_: Expr = Field(alias="in")
    as_: Id = Field(alias="as", description="Name of each entity inside `test`")
    test: Expr


class ZoneOf(Node):
    zone: Id = Field(description="A zone with `per_player: true`")
    player: Expr = "you"


LIST_OPERATORS = ("add", "sub", "mul", "div", "min", "max", "eq", "ne", "lt", "le", "gt", "ge", "all", "any")


def _op(name: str, body: Any, prefix: str = "Op") -> Any:
    """A one-key mapping model, `{name: body}`, tagged `name` in its union."""
    return Annotated[type(f"{prefix}_{name}", (Node,), {"__annotations__": {name: body},
                                                        "__module__": __name__}), Tag(name)]


Expr = TypeAliasType("Expr", Annotated[
    Union[
        Annotated[StrictBool, Tag("<bool>")],
        Annotated[StrictInt, Field(ge=INT32_MIN, le=INT32_MAX), Tag("<int>")],
        Annotated[StrictStr, Tag("<name>")],
        Annotated[dict[StrictStr, Any], Tag("<literal>")],
        *(_op(name, Annotated[list["Expr"], Field(min_length=1)]) for name in LIST_OPERATORS),
        _op("half", "Expr"),
        _op("not", "Expr"),
        _op("count", "Expr"),
        _op("every", Id),
        _op("amount", ResourceAt),
        _op("field", FieldAt),
        _op("table", TableAt),
        _op("roll", Roll),
        _op("native", NativeCall),
        _op("choose", Choose),
        _op("where", Where),
        _op("zone_of", ZoneOf),
    ],
    Discriminator(_shape, custom_error_type="unknown-operator",
                  custom_error_message="not an expression"),
])
"""A number, boolean, name, entity literal or operator; the checker gives it a type."""


# Statements ----------------------------------------------------------------------------------

class Transfer(Node):
    """Moves `n` of a resource between two holders, as many as there are (component limits)."""

    what: Id
    n: Expr = 1
    from_: Expr | None = Field(default=None, alias="from")
    to: Expr | None = None
    on: Expr | None = None
    owner: Expr | None = None


class SetField(Node):
    field: Id
    at: list[Expr] = Field(default_factory=list)
    to: Expr


class AddField(Node):
    field: Id
    at: list[Expr] = Field(default_factory=list)
    n: Expr


class Draw(Node):
    n: Expr = 1
    from_: Expr = Field(alias="from", description="A zone")
    to: Expr = Field(description="A zone")
    bottom: bool = Field(default=False, description="Draw from the bottom instead of the top")


class CardTo(Node):
    card: Expr
    to: Expr = Field(description="A zone")


class CardOnly(Node):
    card: Expr


class Peek(Node):
    card: Expr
    by: Expr = "you"


class Score(Node):
    n: Expr
    who: Expr = "you"


class If(Node):
    cond: Expr
    then: list[Statement]
    else_: list[Statement] = Field(default_factory=list, alias="else")


class ForEach(Node):
    as_: Id = Field(alias="as")
    in_: Expr = Field(alias="in")
    do: list[Statement] = Field(min_length=1)


class Repeat(Node):
    n: Expr
    do: list[Statement] = Field(min_length=1)


class Let(Node):
    name: Id
    be: Expr


class ChooseOne(Node):
    """A player picks one of several effects: "gain a favor or a secret"."""

    by: Expr = "you"
    options: list[list[Statement]] = Field(min_length=2)


class May(Node):
    """An optional part (7.1.3): the player decides whether to do it."""

    by: Expr = "you"
    do: list[Statement] = Field(min_length=1)


class Modify(Node):
    """A rule modifier: adds to (or sets) a rule hook the kernel reads, e.g. travel cost +1."""

    rule: Id = Field(description="A field of the game's state marked as a rule hook")
    by: Expr | None = None
    set: Expr | None = None


STATEMENT_VERBS: dict[str, tuple[type[Node], str]] = {
    "gain": (Transfer, "put a resource on your board (or `to`) from its source"),
    "pay": (Transfer, "spend a resource from your board (or `from`) to its sink (or `to`)"),
    "place": (Transfer, "put a resource from your board on a holder (`on`)"),
    "take": (Transfer, "move a resource from a holder (`from`) to your board"),
    "give": (Transfer, "move a resource from your board to another holder (`to`)"),
    "burn": (Transfer, "return a resource to the shared bank"),
    "move": (Transfer, "move a resource between any two holders"),
    "kill": (Transfer, "return pieces from a holder to their owner's bank"),
    "set": (SetField, "set a field of the state"),
    "add": (AddField, "add to a field of the state"),
    "draw": (Draw, "move cards from the top of one zone to another"),
    "discard": (CardTo, "move a card to a zone"),
    "flip": (CardOnly, "turn a card over"),
    "reveal": (CardOnly, "show a card to every player"),
    "peek": (Peek, "let a player see a card"),
    "score": (Score, "add to a player's score"),
    "if": (If, "do `then` if the condition holds, else `else`"),
    "for_each": (ForEach, "do something for each entity of a set"),
    "repeat": (Repeat, "do something n times"),
    "let": (Let, "name a value (e.g. a chosen site) for the statements after it"),
    "choose": (ChooseOne, "a player picks one of several effects"),
    "may": (May, "an optional part"),
    "modify": (Modify, "change a rule hook"),
    "native": (NativeCall, "call a procedure of the game's kernel"),
}
"""Every verb: its argument model and what it does (docs/effects.md is written from this)."""


def _statement_shape(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in STATEMENT_VERBS else None
    return None


Statement = TypeAliasType("Statement", Annotated[
    Union[tuple(_op(verb, model, "Do") for verb, (model, _) in STATEMENT_VERBS.items())],  # type: ignore[misc]
    Discriminator(_statement_shape, custom_error_type="unknown-verb", custom_error_message="not a statement"),
])



def verb_of(statement: Node) -> str:
    """The verb of a parsed statement (the name of its one field)."""
    return _only_field(type(statement))


@functools.cache
def _only_field(model: type[Node]) -> str:
    return next(iter(model.model_fields))


def body_of(node: Node) -> Any:
    """The argument of a one-key node: a statement's arguments, an operator's operand(s)."""
    return getattr(node, verb_of(node))
