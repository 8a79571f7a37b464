"""The flat state's accessors and typed scans, in both forms (the `.py` as it is and its Cython build): cells of no
index, one or two, with the errors of a wrong index; the cards of a zone in their order, whatever the order numbers
(negative below the first card put at the bottom)."""

from __future__ import annotations

import importlib
import itertools
from array import array

import pytest

from lawforge.runtime import load
from lawforge.runtime.bytecode import VMError
from lawforge.runtime.vm_py import next_random

FORMS = ["lawforge.runtime.state", "lawforge.runtime._compiled.state"]


@pytest.fixture(scope="module")
def oath():
    return load("oath")


@pytest.mark.parametrize("form", FORMS)
def test_get_set_and_add_reach_the_cell_of_no_index_one_or_two(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    flat_state.set("phase", -1)
    flat_state.set("card_zone", 4, -1)
    flat_state.set("site_warbands", 2, 3, 7)
    flat_state.add("site_warbands", 2, 3, -2)
    flat_state.add("supply", 1, 5)
    flat_state.add("phase", 3)
    assert (flat_state.get("phase"), flat_state.get("card_zone", 4), flat_state.get("site_warbands", 2, 3)) \
        == (2, -1, 5)
    assert flat_state.get("supply", 1) == 5
    assert flat_state.get("card_zone", 3) == flat_state.get("site_warbands", 3, 2) == 0
    with pytest.raises(IndexError, match=r"card_zone: index -1 of axis 0 is outside 0\.\.\d+"):
        flat_state.get("card_zone", -1)
    with pytest.raises(IndexError, match="site_warbands: index 99 of axis 1 is outside"):
        flat_state.set("site_warbands", 0, 99, 1)
    with pytest.raises(IndexError, match="field 'site_warbands' takes 2 index"):
        flat_state.add("site_warbands", 0, 1)
    with pytest.raises(IndexError, match="field 'phase' takes 0 index"):
        flat_state.get("phase", 0)


@pytest.mark.parametrize("form", FORMS)
def test_value_reads_a_cell_at_indices_given_as_a_sequence(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    flat_state.set("site_warbands", 2, 3, 7)
    flat_state.set("warbands", 1, 4)
    assert flat_state.value("site_warbands", *(2, 3)) == 7 and flat_state.value("warbands", *(1,)) == 4
    with pytest.raises(IndexError, match="field 'site_warbands' takes 2 index"):
        flat_state.value("site_warbands", 2)


@pytest.mark.parametrize("form", FORMS)
def test_indices_in_order_sorts_by_order_then_index(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    orders = {5: 3, 9: -2, 2: 3, 40: 0, 7: -7, 11: 2**31 - 1, 12: 1 - 2**31}
    for card, order in orders.items():
        flat_state.set("card_zone", card, 77)
        flat_state.set("card_order", card, order)
    assert flat_state.indices_in_order("card_zone", 77, "card_order") == [12, 7, 9, 40, 2, 5, 11]
    assert flat_state.indices_in_order("card_zone", 76, "card_order") == []


@pytest.mark.parametrize("form", FORMS)
def test_indices_in_order_sorts_a_long_zone_with_ties_and_negative_orders(oath, form: str) -> None:
    """More cards than the first gap of the compiled form's Shell sort, in every order: as Python's sort puts them."""
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    cards = range(0, flat_state.size("card_zone"), 2)
    orders = {card: (card * 7919) % 23 - 11 for card in cards}
    for card, order in orders.items():
        flat_state.set("card_zone", card, 5)
        flat_state.set("card_order", card, order)
    assert len(orders) > 57
    assert flat_state.indices_in_order("card_zone", 5, "card_order") == sorted(orders, key=lambda c: (orders[c], c))


@pytest.mark.parametrize("form", FORMS)
def test_nonzero_finds_the_cells_not_zero_in_order(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    flat_state.set("card_favor", 30, 2)
    flat_state.set("card_favor", 4, -1)
    assert flat_state.nonzero("card_favor") == [4, 30]
    with pytest.raises(IndexError, match="site_warbands is not a field with one index"):
        flat_state.nonzero("site_warbands")


@pytest.mark.parametrize("form", FORMS)
def test_restore_puts_the_saved_cells_back_into_the_same_array(oath, form: str) -> None:
    """A look-ahead runs on the state itself: every holder of its cells sees them restored."""
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    cells = flat_state.cells
    flat_state.set("supply", 2, 4)
    saved = flat_state.save()
    flat_state.set("supply", 2, 9)
    flat_state.set("card_zone", 7, 3)
    flat_state.restore(saved)
    assert flat_state.cells is cells and flat_state.get("supply", 2) == 4 and flat_state.get("card_zone", 7) == 0
    assert cells == saved and cells is not saved


@pytest.mark.parametrize("form", FORMS)
def test_the_states_dice_roll_as_the_effect_vms_do(oath, form: str) -> None:
    """The compiled form rolls in C; both must draw the numbers of vm_py.next_random (the effect VMs' xorshift32)."""
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    reference = array("i", flat_state.cells[:1])
    for seed in (1, -1, 2**31 - 1, -2**31, 0x2545F491):
        flat_state.cells[0] = reference[0] = seed
        for n in (1, 2, 6, 7, 1000, 2**31 - 1):
            assert flat_state.random(n) == next_random(reference, n)
            assert flat_state.cells[0] == reference[0]
    with pytest.raises(VMError, match=r"cannot roll a number in \[0, 0\)"):
        flat_state.random(0)


@pytest.mark.parametrize("form", FORMS)
def test_indices_in_order_refuses_fields_of_other_shapes(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    with pytest.raises(IndexError, match="is not a field with one index like card_zone"):
        flat_state.indices_in_order("card_zone", 0, "supply")


@pytest.mark.parametrize("form", FORMS)
def test_assign_shown_keeps_a_value_where_shown_and_not_hidden(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    size = flat_state.size("card_suit")
    suits = [index % 6 for index in range(size)]
    for card in (3, 4, 10):
        flat_state.set("card_faceup", card, 1)
    flat_state.set("edifice_ruined", 4, 1)
    flat_state.assign_shown("card_suit", suits, "card_faceup", "edifice_ruined", -1)
    shown = {card: suit for card, suit in enumerate(flat_state.slice("card_suit")) if suit != -1}
    assert shown == {3: 3, 10: 4}
    with pytest.raises(IndexError, match="not of one index and one extent"):
        flat_state.assign_shown("card_suit", suits[:-1], "card_faceup", "edifice_ruined", -1)


def zoned(oath, form: str):
    """Cards 2, 8, 11 and 30 in zones 5, 6, 7 and 6, card 30 alone faceup."""
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    for card, zone in {2: 5, 8: 6, 11: 7, 30: 6}.items():
        flat_state.set("card_zone", card, zone)
    flat_state.set("card_faceup", 30, 1)
    return flat_state


@pytest.mark.parametrize("form", FORMS)
def test_indices_among_finds_any_of_the_values_and_only_flagged_ones(oath, form: str) -> None:
    flat_state = zoned(oath, form)
    assert flat_state.indices_among("card_zone", [6, 7]) == [8, 11, 30]
    assert flat_state.indices_among("card_zone", [6, 7], "card_faceup") == [30]
    assert flat_state.indices_among("card_zone", []) == []
    assert flat_state.indices_among("card_zone", [-1, 7]) == [11]
    assert len(flat_state.indices_among("card_zone", [0])) == flat_state.size("card_zone") - 4
    with pytest.raises(IndexError, match="not a field with one index, or supply not one with the same"):
        flat_state.indices_among("card_zone", [6], "supply")
    with pytest.raises(ValueError, match="indices_among seeks values below 64, not 64"):
        flat_state.indices_among("card_zone", [6, 64])
    flat_state.set("card_zone", 3, 63)
    assert flat_state.indices_among("card_zone", [63, 7]) == [3, 11]


@pytest.mark.parametrize("form", FORMS)
def test_mark_among_marks_what_indices_among_finds_and_leaves_other_marks(oath, form: str) -> None:
    flat_state = zoned(oath, form)
    marks = bytearray(flat_state.size("card_zone"))
    marks[40] = 1
    flat_state.mark_among("card_zone", [5], marks)
    flat_state.mark_among("card_zone", [6, 7], marks, "card_faceup")
    assert [card for card, mark in enumerate(marks) if mark] == [2, 30, 40]
    with pytest.raises(ValueError, match=r"card_zone has \d+ indices, the marks 3"):
        flat_state.mark_among("card_zone", [5], bytearray(3))


@pytest.mark.parametrize("form", FORMS)
def test_clear_sets_every_cell_of_the_fields_and_no_other(oath, form: str) -> None:
    flat_state = importlib.import_module(form).FlatState.empty(oath, 1)
    flat_state.set("card_zone", 3, 9)
    flat_state.set("card_faceup", 3, 1)
    flat_state.set("supply", 2, 4)
    flat_state.clear("card_zone")
    assert set(flat_state.slice("card_zone")) == {0}
    assert flat_state.get("card_faceup", 3) == 1
    flat_state.clear("card_faceup", "supply")
    assert set(flat_state.slice("card_faceup")) == set(flat_state.slice("supply")) == {0}


@pytest.mark.parametrize("form", FORMS)
def test_a_field_named_by_a_string_built_at_run_time_or_sharing_a_slot_reaches_its_own_cells(oath, form: str) -> None:
    module = importlib.import_module(form)
    flat_state = module.FlatState.empty(oath, 1)
    built = "".join(["card_", "zone"])
    assert built is not "card_zone"  # noqa: F632 (two string objects of one name, on purpose)
    flat_state.set(built, 7, 3)
    assert flat_state.get("card_zone", 7) == flat_state.get(built, 7) == 3
    assert flat_state.size(built) == flat_state.size("card_zone")
    count = 64
    mask = len(module.FieldTable({f"f{n}": (n, (), -1) for n in range(count)}).names) - 1
    first = "field_0"
    second = next(f"field_{n}" for n in itertools.count(1) if hash(f"field_{n}") & mask == hash(first) & mask)
    names = [first, second, *(f"other_{n}" for n in range(count - 2))]  # two of them with one home slot
    fields = {name: (n, (), -1) for n, name in enumerate(names)}
    table = module.FieldTable(fields)
    for name in (second, first, *names):
        assert table.shapes[table.slot(name)] == fields[name][0]  # the offset: each name its own slot
    assert table.slot(first) != table.slot(second)
    assert sorted(name for name in table.names if name is not None) == sorted(names)
    with pytest.raises(KeyError, match="nowhere"):
        table.slot("nowhere")


@pytest.mark.parametrize("form", FORMS)
def test_each_form_finds_a_fields_shape_its_fastest_way(oath, form: str) -> None:
    """Compiled, in the field table's slots (a field takes one when first asked for); as Python, in a dictionary."""
    module = importlib.import_module(form)
    module.FlatState.empty(oath, 1).get("winner")
    assert ("winner" in module._table(oath).names) is form.endswith("_compiled.state")


@pytest.mark.parametrize("form", FORMS)
def test_a_last_view_is_made_once_for_the_same_cells_and_anew_for_other_cells(oath, form: str) -> None:
    module = importlib.import_module(form)
    made: list[object] = []

    def make(cells):
        made.append(cells)
        return module.FlatState(oath, cells)

    views = module.LastView(make)
    first, second = module.FlatState.empty(oath, 1).cells, module.FlatState.empty(oath, 2).cells
    assert views.of(first) is views.of(first)
    views.of(second).set("phase", 3)
    assert views.of(first).get("phase") == 0 and module.FlatState(oath, second).get("phase") == 3
    assert [cells is first for cells in made] == [True, False, True]
