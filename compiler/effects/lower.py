"""Lowers a type-checked effect to flat int32 bytecode for the VMs (runtime/bytecode.py).

Entities are numbers: an entity's index in its space (an entity of a member kind used where its
union is expected gets the member's offset added). Fields are addressed as offset + row-major
index. Sets never exist at run time: a set expression becomes a loop that runs the code which
consumes it once per element. Locals 0 and 1 hold the acting player and the card (`you`, `this`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from lawforge.runtime.bytecode import LOCALS, Op

from . import LoweringError
from .check import NUMBER, Checked, Type
from .layout import FieldLayout, Layout
from .nodes import (AddField, CardOnly, CardTo, ChooseOne, Draw, ForEach, If, Let, May, Modify, NativeCall, Node,
                    Peek, Repeat, Score, SetField, Transfer, body_of, verb_of)

NO_TABLE_ROW = 2
"""FAIL code: a rule table has no row for the value."""


@dataclass(frozen=True)
class TableRef:
    offset: int
    """Where the table starts in the game's constant tables."""
    extents: tuple[int, ...]
    keys: tuple[tuple[int, ...] | None, ...]
    """Per axis: the integer keys (None for an axis of entity ids, indexed directly)."""
    lower_bounds: tuple[bool, ...]


@dataclass(frozen=True)
class DieRef:
    faces: int
    offsets: dict[str, int]
    """'value' and each symbol → where its per-face table starts."""


@dataclass(frozen=True)
class Constants:
    """What the lowerer needs of the game's constant tables."""

    tables: dict[str, TableRef]
    dice: dict[str, DieRef]


class _Lowerer:
    def __init__(self, layout: Layout, checked: Checked, constants: Constants, this: str | None,
                 params: dict[str, int]) -> None:
        self.layout = layout
        self.types = checked.types
        self.constants = constants
        self.params = params
        self.code: list[int] = []
        self.scopes: list[dict[str, tuple[int, Type]]] = [{"you": (0, Type("entity", "player"))}]
        if this is not None:
            self.scopes[0]["this"] = (1, Type("entity", this))
        self.next_local = 2
        self.spaces = list(layout.spaces)

    # emitting ----------------------------------------------------------------------------------

    def emit(self, *words: int) -> int:
        self.code.extend(int(w) for w in words)
        return len(self.code) - 1

    def here(self) -> int:
        return len(self.code)

    def jump(self, op: Op) -> int:
        """Emits a jump with a hole; returns the hole to `patch`."""
        return self.emit(op, -1)

    def patch(self, hole: int, target: int | None = None) -> None:
        self.code[hole] = self.here() if target is None else target

    def local(self) -> int:
        if self.next_local >= LOCALS:
            raise LoweringError(f"the effect needs more than {LOCALS} locals; split it")
        self.next_local += 1
        return self.next_local - 1

    def increment(self, slot: int, by: int = 1) -> None:
        self.emit(Op.LOCAL, slot, Op.PUSH, by, Op.ADD, Op.SET_LOCAL, slot)

    def loop(self, count: Callable[[], None], body: Callable[[int], None]) -> None:
        """for i in range(count): body(i). The count is worked out once, before the first pass."""
        i, limit = self.local(), self.local()
        count()
        self.emit(Op.SET_LOCAL, limit, Op.PUSH, 0, Op.SET_LOCAL, i)
        top = self.here()
        self.emit(Op.LOCAL, i, Op.LOCAL, limit, Op.LT)
        done = self.jump(Op.JUMP_IF_ZERO)
        body(i)
        self.increment(i)
        self.emit(Op.JUMP, top)
        self.patch(done)

    # types -------------------------------------------------------------------------------------

    def type_of(self, node: Any) -> Type:
        if isinstance(node, str) and not node.startswith("$"):
            if node in self.layout.selectors:  # variables never take a selector's name (the checker sees to it)
                return self.type_of(self.layout.selectors[node].is_)
            return self.lookup(node)[1]
        if isinstance(node, (bool, int, str)):
            return NUMBER
        return self.types[id(node)]

    def lookup(self, name: str) -> tuple[int, Type]:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        raise KeyError(name)  # the checker has rejected unknown names

    def bind(self, name: str, slot: int, type_: Type) -> None:
        self.scopes[-1][name] = (slot, type_)

    # expressions -------------------------------------------------------------------------------

    def value(self, node: Any, space: str | None = None) -> None:
        """Pushes the value of an expression; an entity is numbered within `space` if given."""
        self._value(node)
        found = self.type_of(node)
        if space is not None and found.kind == "entity" and found.space not in (None, space):
            offset = self.layout.upcast(found.space, space)
            if offset:
                self.emit(Op.PUSH, offset, Op.ADD)

    def _value(self, node: Any) -> None:
        if isinstance(node, bool):
            self.emit(Op.PUSH, int(node))
        elif isinstance(node, int):
            self.emit(Op.PUSH, node)
        elif isinstance(node, str):
            if node.startswith("$"):
                self.emit(Op.PUSH, self.params[node[1:]])
            elif node in self.layout.selectors:
                self._value(self.layout.selectors[node].is_)
            else:
                self.emit(Op.LOCAL, self.lookup(node)[0])
        elif isinstance(node, dict):
            ((space, entity_id),) = node.items()
            self.emit(Op.PUSH, self.layout.spaces[space].ids.index(entity_id))
        else:
            self.operator(verb_of(node), body_of(node), node)

    def operator(self, op: str, body: Any, node: Node) -> None:
        simple = {"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL, "div": Op.DIV, "min": Op.MIN, "max": Op.MAX,
                  "lt": Op.LT, "le": Op.LE, "gt": Op.GT, "ge": Op.GE, "all": Op.MIN, "any": Op.MAX}
        if op in simple:
            for index, operand in enumerate(body):
                self.value(operand)
                if op in ("all", "any"):
                    self.emit(Op.NOT, Op.NOT)
                if index:
                    self.emit(simple[op])
        elif op in ("eq", "ne"):
            a, b = (self.type_of(operand) for operand in body)
            common = None
            if a.kind == "entity" and b.kind == "entity" and a.space and b.space:
                common = b.space if self.layout.within(a.space, b.space) else a.space
            self.value(body[0], common)
            self.value(body[1], common)
            self.emit(Op.EQ if op == "eq" else Op.NE)
        elif op == "not":
            self.value(body)
            self.emit(Op.NOT)
        elif op == "half":
            self.value(body)
            self.emit(Op.PUSH, 2, Op.DIV)
        elif op == "count":
            counter = self.local()
            self.emit(Op.PUSH, 0, Op.SET_LOCAL, counter)
            self.each(body, lambda element: self.increment(counter))
            self.emit(Op.LOCAL, counter)
        elif op == "amount":
            self.holding_address(body.what, body.at, body.owner)
            self.emit(Op.LOAD)
        elif op == "field":
            self.field_address(self.layout.fields[body.name], body.at)
            self.emit(Op.LOAD)
        elif op == "table":
            self.table(body.name, body.at)
        elif op == "roll":
            self.roll(body.die, body.n, body.symbol)
        elif op == "native":
            self.native(body)
        elif op == "choose":
            self.choose_entity(body.from_, body.by, self.type_of(node))
        elif op == "zone_of":
            self.emit(Op.PUSH, self.layout.spaces["zone"].members[body.zone])
            self.value(body.player, "player")
            self.emit(Op.ADD)

    def element_type(self, set_node: Any) -> Type:
        return Type("entity", self.type_of(set_node).space)

    def each(self, set_node: Any, body: Callable[[int], None]) -> None:
        """Runs `body(slot)` once per element of a set, with the element's index in `slot`."""
        if isinstance(set_node, str):
            self.each(self.layout.selectors[set_node].is_, body)
            return
        op, inner = verb_of(set_node), body_of(set_node)
        if op == "every":
            self.loop(lambda: self.emit(Op.PUSH, self.layout.spaces[inner].size), body)
            return
        element = self.element_type(inner.in_)

        def filtered(slot: int) -> None:
            self.scopes.append({inner.as_: (slot, element)})
            self.value(inner.test)
            self.scopes.pop()
            skip = self.jump(Op.JUMP_IF_ZERO)
            body(slot)
            self.patch(skip)

        self.each(inner.in_, filtered)

    def choose_entity(self, source: Any, by: Any, chosen: Type) -> None:
        counter = self.local()
        self.emit(Op.PUSH, 0, Op.SET_LOCAL, counter)

        def offer(slot: int) -> None:
            self.emit(Op.LOCAL, slot)
            self.increment(counter)

        self.each(source, offer)
        self.emit(Op.LOCAL, counter)
        empty = self.jump(Op.JUMP_IF_ZERO)
        self.emit(Op.LOCAL, counter)
        self.value(by, "player")
        self.emit(Op.CHOOSE, self.spaces.index(str(chosen.space)) + 1)
        done = self.jump(Op.JUMP)
        self.patch(empty)
        self.emit(Op.HALT)  # nothing to choose from: the effect ends here, having done what it could (7.1.3)
        self.patch(done)

    def table(self, name: str, keys: list[Any]) -> None:
        ref = self.constants.tables[name]
        self.row_major(ref.offset, ref.extents,
                       lambda axis: self.table_row(keys[axis], ref.keys[axis], ref.lower_bounds[axis]))
        self.emit(Op.TABLE)

    def row_major(self, offset: int, extents: tuple[int, ...], push_index: Callable[[int], None]) -> None:
        """Pushes offset + the row-major position of the indexes `push_index(axis)` pushes, each checked against
        its axis (a "nobody" of -1 would otherwise reach into the row before)."""
        self.emit(Op.PUSH, offset)
        for axis in range(len(extents)):
            push_index(axis)
            self.emit(Op.INDEX, extents[axis])
            stride = 1
            for extent in extents[axis + 1:]:
                stride *= extent
            if stride != 1:
                self.emit(Op.PUSH, stride, Op.MUL)
            self.emit(Op.ADD)

    def table_row(self, key: Any, keys: tuple[int, ...] | None, lower_bounds: bool) -> None:
        """Pushes the row index of `key`: its entity index, or where it falls among integer keys."""
        if keys is None:
            self.value(key)
            return
        slot = self.local()
        self.value(key)
        self.emit(Op.SET_LOCAL, slot, Op.PUSH, 0)
        if lower_bounds:  # the row of v is how many lower bounds after the first are <= v
            for bound in keys[1:]:
                self.emit(Op.LOCAL, slot, Op.PUSH, bound, Op.GE, Op.ADD)
            self.emit(Op.LOCAL, slot, Op.PUSH, keys[0], Op.LT)
        else:  # exact keys: sum of row * (v == key), and a check that some key matched
            for row, exact in enumerate(keys):
                self.emit(Op.LOCAL, slot, Op.PUSH, exact, Op.EQ, Op.PUSH, row, Op.MUL, Op.ADD)
            self.emit(Op.PUSH, 1)
            for exact in keys:
                self.emit(Op.LOCAL, slot, Op.PUSH, exact, Op.NE, Op.MIN)
        fine = self.jump(Op.JUMP_IF_ZERO)
        self.emit(Op.FAIL, NO_TABLE_ROW)
        self.patch(fine)

    def roll(self, die: str, n: Any, symbol: str | None) -> None:
        ref = self.constants.dice[die]
        total = self.local()
        self.emit(Op.PUSH, 0, Op.SET_LOCAL, total)

        def one(slot: int) -> None:
            self.emit(Op.PUSH, ref.offsets[symbol or "value"], Op.PUSH, ref.faces, Op.RANDOM, Op.ADD, Op.TABLE,
                      Op.LOCAL, total, Op.ADD, Op.SET_LOCAL, total)

        self.loop(lambda: self.value(n), one)
        self.emit(Op.LOCAL, total)

    def native(self, call: NativeCall) -> None:
        index, native = self.layout.natives[call.name]
        for param, arg in zip(native.args, call.args, strict=True):
            self.value(arg, None if param in ("number", "bool") else param)
        self.emit(Op.NATIVE, index, len(call.args))

    # addresses ---------------------------------------------------------------------------------

    def field_address(self, layout: FieldLayout, indexes: list[Any]) -> None:
        self.row_major(layout.offset, layout.extents[:len(indexes)],
                       lambda axis: self.value(indexes[axis], layout.axes[axis]))

    def holding_address(self, resource: str, holder: Any, owner: Any | None) -> None:
        """A holder's holding of a resource: a player's board, or the holding of the holder's space (kept
        per owner when `owner` is given, like warbands at a site)."""
        space = str(self.type_of(holder).space)
        if space == "player":
            self.field_address(self.layout.fields[self.layout.resources[resource].board], [holder])
            return
        layout = self.layout.holding(resource, space, owned=owner is not None)
        assert layout is not None  # the checker has made sure
        self.field_address(layout, [holder] if owner is None else [holder, owner])

    def default_address(self, field_id: str, player: Any) -> None:
        """A resource's default holding: shared, or the one of `player`."""
        layout = self.layout.fields[field_id]
        self.field_address(layout, [player] if layout.axes else [])

    # statements --------------------------------------------------------------------------------

    def statements(self, statements: list[Node]) -> None:
        """A block: its `let` names and locals live until its end; a statement's temporaries, until its own."""
        self.scopes.append({})
        block_start = self.next_local
        for statement in statements:
            mark = self.next_local
            verb = verb_of(statement)
            self.statement(verb, body_of(statement))
            if verb != "let":
                self.next_local = mark
        self.next_local = block_start
        self.scopes.pop()

    def statement(self, verb: str, body: Any) -> None:
        if isinstance(body, Transfer):
            self.transfer(verb, body)
        elif isinstance(body, SetField):
            layout = self.layout.fields[body.field]
            self.field_address(layout, body.at)
            self.value(body.to, layout.spec.value)
            self.emit(Op.STORE)
        elif isinstance(body, AddField):
            self.add_to(self.layout.fields[body.field], body.at, body.n)
        elif isinstance(body, Score):
            self.add_to(self.layout.fields["score"], [body.who], body.n)
        elif isinstance(body, If):
            self.value(body.cond)
            otherwise = self.jump(Op.JUMP_IF_ZERO)
            self.statements(body.then)
            if body.else_:
                done = self.jump(Op.JUMP)
                self.patch(otherwise)
                self.statements(body.else_)
                self.patch(done)
            else:
                self.patch(otherwise)
        elif isinstance(body, ForEach):
            element = self.element_type(body.in_)

            def each(slot: int) -> None:
                self.scopes.append({body.as_: (slot, element)})
                self.statements(body.do)
                self.scopes.pop()

            self.each(body.in_, each)
        elif isinstance(body, Repeat):
            self.loop(lambda: self.value(body.n), lambda slot: self.statements(body.do))
        elif isinstance(body, Let):
            mark = self.next_local
            self.value(body.be)
            self.next_local = mark  # the value's temporaries are done with; only the name stays
            slot = self.local()
            self.emit(Op.SET_LOCAL, slot)
            self.bind(body.name, slot, self.type_of(body.be))
        elif isinstance(body, ChooseOne):
            self.choose_option(body)
        elif isinstance(body, May):
            self.emit(Op.PUSH, 1, Op.PUSH, 0, Op.PUSH, 2)
            self.value(body.by, "player")
            self.emit(Op.CHOOSE, 0)
            skip = self.jump(Op.JUMP_IF_ZERO)
            self.statements(body.do)
            self.patch(skip)
        elif isinstance(body, Modify):
            self.modify(body)
        elif isinstance(body, NativeCall):
            self.native(body)
            self.emit(Op.POP)
        elif isinstance(body, (Draw, CardTo, CardOnly, Peek)):
            self.card_statement(verb, body)

    def add_to(self, layout: FieldLayout, indexes: list[Any], n: Any) -> None:
        self.field_address(layout, indexes)
        self.emit(Op.DUP, Op.LOAD)
        self.value(n)
        self.emit(Op.ADD, Op.STORE)

    def transfer(self, verb: str, body: Transfer) -> None:
        resource = self.layout.resources[body.what]
        you = "you"
        source = body.from_
        target = body.to if body.to is not None else body.on
        if source is not None:
            self.holding_address(body.what, source, body.owner)
        elif verb == "gain":  # from the source kept per player: the owner's, else the receiver's
            assert resource.source is not None
            self.default_address(resource.source, body.owner or (target if target is not None else you))
        else:
            self.holding_address(body.what, you, None)
        if verb == "kill":  # back to the owner's bank; from a player's board, that player owns them
            assert resource.bank is not None
            owner = body.owner
            if owner is None:
                owner = source if source is not None and self.type_of(source).space == "player" else you
            self.default_address(resource.bank, owner)
        elif target is not None:
            self.holding_address(body.what, target, body.owner)
        elif verb in ("pay", "burn"):
            assert resource.sink is not None
            self.default_address(resource.sink, you)
        else:
            self.holding_address(body.what, you, None)
        self.value(body.n)
        self.emit(Op.MOVE, Op.POP)

    def choose_option(self, body: ChooseOne) -> None:
        for index in range(len(body.options)):
            self.emit(Op.PUSH, index)
        self.emit(Op.PUSH, len(body.options))
        self.value(body.by, "player")
        self.emit(Op.CHOOSE, 0)
        picked = self.local()
        self.emit(Op.SET_LOCAL, picked)
        ends = []
        for index, option in enumerate(body.options):
            self.emit(Op.LOCAL, picked, Op.PUSH, index, Op.EQ)
            other = self.jump(Op.JUMP_IF_ZERO)
            self.statements(option)
            ends.append(self.jump(Op.JUMP))
            self.patch(other)
        for end in ends:
            self.patch(end)

    def modify(self, body: Modify) -> None:
        layout = self.layout.fields[body.rule]
        self.field_address(layout, [])
        if body.by is not None:
            self.emit(Op.DUP, Op.LOAD)
            self.value(body.by)
            self.emit(Op.ADD)
        else:
            self.value(body.set)
        self.emit(Op.STORE)

    # cards -------------------------------------------------------------------------------------

    def card_statement(self, verb: str, body: Any) -> None:
        cards = self.layout.cards
        assert cards is not None
        space = cards.space
        if verb == "flip":
            self.field_address(self.layout.fields[cards.faceup], [body.card])
            self.emit(Op.DUP, Op.LOAD, Op.NOT, Op.STORE)
        elif verb == "peek":
            self.field_address(self.layout.fields[cards.seen], [body.card, body.by])
            self.emit(Op.PUSH, 1, Op.STORE)
        elif verb == "reveal":
            card = self.local()
            self.value(body.card, space)
            self.emit(Op.SET_LOCAL, card)
            seen = self.layout.fields[cards.seen]

            def show(player: int) -> None:
                self.emit(Op.PUSH, seen.offset, Op.LOCAL, card, Op.PUSH, seen.extents[1], Op.MUL, Op.ADD,
                          Op.LOCAL, player, Op.ADD, Op.PUSH, 1, Op.STORE)

            self.loop(lambda: self.emit(Op.PUSH, self.layout.spaces["player"].size), show)
        elif verb == "discard":
            card, zone = self.local(), self.local()
            self.value(body.card, space)
            self.emit(Op.SET_LOCAL, card)
            self.value(body.to, "zone")
            self.emit(Op.SET_LOCAL, zone)
            self.put_on_top(card, zone)
        elif verb == "draw":
            self.draw(body)

    def card_cell(self, field_id: str, card_slot: int) -> None:
        """Pushes the address of a [card] field's cell for the card in a local."""
        layout = self.layout.fields[field_id]
        self.emit(Op.PUSH, layout.offset, Op.LOCAL, card_slot, Op.ADD)

    def put_on_top(self, card: int, zone: int) -> None:
        cards = self.layout.cards
        assert cards is not None
        top = self.local()
        self.emit(Op.PUSH, 0, Op.SET_LOCAL, top)

        def higher(slot: int) -> None:  # top = max(top, order + 1) over the cards in the zone
            self.card_cell(cards.zone, slot)
            self.emit(Op.LOAD, Op.LOCAL, zone, Op.EQ)
            other = self.jump(Op.JUMP_IF_ZERO)
            self.card_cell(cards.order, slot)
            self.emit(Op.LOAD, Op.PUSH, 1, Op.ADD, Op.LOCAL, top, Op.MAX, Op.SET_LOCAL, top)
            self.patch(other)

        self.loop(lambda: self.emit(Op.PUSH, self.layout.spaces[cards.space].size), higher)
        self.card_cell(cards.zone, card)
        self.emit(Op.LOCAL, zone, Op.STORE)
        self.card_cell(cards.order, card)
        self.emit(Op.LOCAL, top, Op.STORE)

    def draw(self, body: Draw) -> None:
        cards = self.layout.cards
        assert cards is not None
        source, target, best, best_order, order = (self.local() for _ in range(5))
        self.value(body.from_, "zone")
        self.emit(Op.SET_LOCAL, source)
        self.value(body.to, "zone")
        self.emit(Op.SET_LOCAL, target)

        def one(_: int) -> None:
            self.emit(Op.PUSH, -1, Op.SET_LOCAL, best)

            def better(slot: int) -> None:  # the top card: largest order (smallest from the bottom)
                self.card_cell(cards.zone, slot)
                self.emit(Op.LOAD, Op.LOCAL, source, Op.EQ)
                other = self.jump(Op.JUMP_IF_ZERO)
                self.card_cell(cards.order, slot)
                self.emit(Op.LOAD, *((Op.NEG,) if body.bottom else ()), Op.SET_LOCAL, order)
                self.emit(Op.LOCAL, best, Op.PUSH, 0, Op.LT, Op.LOCAL, order, Op.LOCAL, best_order, Op.GT, Op.MAX)
                keep = self.jump(Op.JUMP_IF_ZERO)
                self.emit(Op.LOCAL, slot, Op.SET_LOCAL, best, Op.LOCAL, order, Op.SET_LOCAL, best_order)
                self.patch(keep)
                self.patch(other)

            self.loop(lambda: self.emit(Op.PUSH, self.layout.spaces[cards.space].size), better)
            self.emit(Op.LOCAL, best, Op.PUSH, 0, Op.LT, Op.NOT)
            empty = self.jump(Op.JUMP_IF_ZERO)  # an empty zone: draw nothing more (7.1.3)
            self.put_on_top(best, target)
            self.patch(empty)

        self.loop(lambda: self.value(body.n), one)


def lower_effect(layout: Layout, statements: list[Node], checked: Checked, constants: Constants,
                 this: str | None, params: dict[str, int]) -> list[int]:
    """The bytecode of one effect, ending in HALT; jump targets are relative to its start."""
    lowerer = _Lowerer(layout, checked, constants, this, params)
    lowerer.statements(statements)
    lowerer.emit(Op.HALT)
    return lowerer.code


def rules_modified(node: object) -> set[str]:
    """The rule hooks an effect's `modify` statements write: a kernel honours a power only if it reads them all."""
    if isinstance(node, Modify):
        return {node.rule}
    if isinstance(node, list):
        return set().union(*(rules_modified(item) for item in node))
    if isinstance(node, BaseModel):
        return set().union(*(rules_modified(getattr(node, name)) for name in type(node).model_fields))
    return set()


def relocate(code: list[int], base: int) -> list[int]:
    """The same code placed at `base` in a larger program: jump targets shift by `base`."""
    from lawforge.runtime.bytecode import ARITY

    out = list(code)
    pc = 0
    while pc < len(out):
        op = Op(out[pc])
        if op in (Op.JUMP, Op.JUMP_IF_ZERO):
            out[pc + 1] += base
        pc += 1 + ARITY.get(op, 0)
    return out
