"""Action modifiers (7.4): powers that change a major action, run at its start for the player taking it.

A major action chosen with its target (TRAVEL to a site, MUSTER on a card, ...) begins: the kernel notes
what it is (`action_kind`, `action_target`, which the natives travel_destination, muster_card and the like
read), runs the mandatory modifiers that bind the player (on cards they can use, 7.1.1, and the `anyone`
ones on any card in play), lets them use optional ones (USE_MODIFIER, each once, paying its cost), and then
takes the action, reading the rule hooks the modifiers set. Which actions are legal is worked out the same
way ahead, on the state itself with its cells restored after: a mandatory "cannot" makes an action illegal, a
mandatory surcharge makes it dearer.

An optional modifier may make possible an action that is not otherwise (Errand Boy: another region's discard
pile; Pressgangs: a card with tokens; Mushrooms: no Supply; Way Station: no Supply for a favor given): such an
action is offered when one of the player's optional modifiers, tried ahead, makes it possible, and once it is
chosen the player must use one that does before taking it. A modifier that asks a choice is tried ahead answer by
answer (`_reaches`, at most LOOKAHEAD_RUNS runs), and once used its user is offered only the answers that keep the
action possible (`answers`). A banner's own Recover rule (the Darkest Secret's) is applied where its Recover is
listed (banners.py).

A modifier may ignore the powers of a site for the rest of the action (9.2 ignore: the coasts, Buried Giant and
Shrouded Wood ignore Narrow Pass and The Hidden Place when travelling from them; Portal and Forest Paths the sites
at both ends). The mandatory ones run before the other binding modifiers; the optional ones are offered before
any binding modifier runs (`modifiers_first`); a site's ignored powers then do not run.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped]

from ..bytecode import PAUSED, pending_choice, provide_choice
from ..content import CompiledGame
from ..notes import KernelLine, Named
from ..state import FlatState
from ..vm_py import Native
from .actions import KIND, KINDS, PHASE, STRIDE, Kind, action, kind_of
from . import banners, favor
from .banners import BANNER_STRIDE
from .battle import acting_site
from .empire import CHANCELLOR, are_enemies, bind_flat, mark, ruler_of
from .numbers import RuleNumbers
from .power_code import STEP_LIMIT, start_power
from .setup import Cards

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

TIMING_OF = {KIND.SEARCH_WORLD: "search", KIND.SEARCH_DISCARD: "search", KIND.MUSTER: "muster",
             KIND.TRADE_FOR_FAVOR: "trade", KIND.TRADE_FOR_SECRETS: "trade", KIND.TRAVEL: "travel",
             KIND.RECOVER_RELIC: "recover", KIND.RECOVER_BANNER: "recover", KIND.CAMPAIGN: "campaign"}
"""The major actions modifiers change, by the `timing` of their modifiers."""
ACTION_HOOKS = ("action_forbidden", "action_supply_free", "travel_free", "travel_cost_base", "travel_cost_delta",
                "search_draw_delta", "search_cost_cap", "search_discard_any_region", "search_from_discard_bottom",
                "muster_warband_delta", "muster_pays_secret", "muster_on_occupied_card", "trade_favor_delta",
                "trade_secret_delta", "trade_gains_no_favor", "trade_any_site_in_region", "search_reveal_cards",
                "recover_turns_mob", "search_swap_dispossessed", "search_plays_if_one_to_site")
"""The rule hooks of the action being taken that the kernel reads; they last one action."""
LOOKAHEAD_RUNS = 32
"""The most runs of a power (one per answer tried) a look-ahead spends on the choices of one optional modifier:
enough for every answer of the content's (Master of Disguise: five other players), a bound on a power whose choices
multiply."""


def base_costs(numbers: RuleNumbers) -> dict[Kind, int]:
    """The Supply each major action costs before its modifiers (5.1-5.5), from the content: a Search of the world
    deck costs by the Visions drawn instead, a Travel by the regions."""
    return {KIND.SEARCH_DISCARD: numbers.search_discard_cost, KIND.MUSTER: numbers.muster_cost,
            KIND.TRADE_FOR_FAVOR: numbers.trade_cost, KIND.TRADE_FOR_SECRETS: numbers.trade_cost,
            KIND.RECOVER_RELIC: numbers.recover_cost, KIND.RECOVER_BANNER: numbers.recover_cost,
            KIND.CAMPAIGN: numbers.campaign_cost}


def action_modifiers(game: Any, cards: Cards, runnable: frozenset[str]) -> dict[str, dict[int, tuple[str, Any, bool, bool]]]:
    """Timing → card → (effect key, cost, mandatory, binds anyone) of each runnable action modifier of a
    denizen, relic, site or edifice."""
    found: dict[str, dict[int, tuple[str, Any, bool, bool]]] = {timing: {} for timing in set(TIMING_OF.values())}
    for card, key, power in cards.powers():
        if power.kind == "modifier" and power.timing in found and key in runnable:
            found[power.timing][card] = (key, power.cost, power.mandatory, power.applies_to == "anyone")
    return found


def in_play(state: OathState, card: int) -> bool:
    """A card whose powers can bind players: a site on the map, a faceup card at a site or among advisers, a held
    relic."""
    zone = state.flat.get("card_zone", card)
    if zone in state.zones_in_play_faceup:
        return bool(state.flat.get("card_faceup", card))
    return zone in state.zones_in_play


def in_play_cards(state: OathState) -> bytearray:
    """Every card in play (`in_play`, by the same zones), marked by its number (a byte each), found by a scan of the
    zones that hold them."""
    flat = state.flat
    playing = bytearray(flat.size("card_zone"))
    flat.mark_among("card_zone", state.zones_in_play, playing)
    flat.mark_among("card_zone", state.zones_in_play_faceup, playing, "card_faceup")
    return playing


def binding(state: OathState, seat: int, timing: str, playing: bytearray | None = None) -> list[int]:
    """The mandatory modifiers of a timing that bind the player now (`playing`: the cards in play, if known), those
    that ignore site powers first."""
    playing = in_play_cards(state) if playing is None else playing
    return [card for card, (_, _, mandatory, anyone) in state.modifiers[timing].items()
            if mandatory and playing[card] and (anyone or state.can_use(seat, card))]


def ignored(state: OathState, card: int) -> bool:
    """A site whose powers a modifier of the action being taken ignores (9.2)."""
    site = card - state.site_base
    return 0 <= site < state.flat.size("site_powers_ignored") and bool(state.flat.get("site_powers_ignored", site))


def uncovered(state: OathState, seat: int, timing: str) -> list[int]:
    """2.3: the Reliquary spaces whose relic is gone, with a modifier of this timing: the Chancellor's,
    mandatory."""
    spaces = state.reliquary_modifiers.get(timing)
    if seat != CHANCELLOR or not spaces:
        return []
    covered = {state.flat.get("reliquary_space", relic) - 1 for relic in state.cards.in_zone(state.cards.zone("reliquary"))}
    return [space for space in spaces if space not in covered]


def _run_reliquary(state: OathState, seat: int, timing: str) -> None:
    """The uncovered Reliquary modifiers ask nothing and only set rule hooks: they run at once, before the
    cards' ones."""
    for space in uncovered(state, seat, timing):
        state.run_quietly(state.reliquary_modifiers[timing][space], seat, space)


def optional(state: OathState, seat: int) -> list[int]:
    """The optional modifiers the player can use on the action being taken: not used yet, cost affordable."""
    return optional_of(state, seat, TIMING_OF[KINDS[state.flat.get("action_kind")]])


def optional_of(state: OathState, seat: int, timing: str, playing: bytearray | None = None) -> list[int]:
    """The optional modifiers of a timing the player could use: on cards they can use, or that anyone taking the
    action may use (Way Station; `_enables` offers those only where they change something)."""
    playing = in_play_cards(state) if playing is None else playing
    return sorted(card for card, (_, cost, mandatory, anyone) in state.modifiers[timing].items()
                  if not mandatory and playing[card] and not state.flat.get("modifier_used", card)
                  and (anyone or state.can_use(seat, card)) and state.can_pay(seat, card, cost))


def _clear_action(flat: FlatState) -> None:
    """What the modifiers of an action set lasts that action: its hooks, the suits cards act as, whose advisers
    the player acts as if they had, the sites whose powers they ignore, who chooses a Travel's destination."""
    flat.reset(ACTION_HOOKS + ("advisers_of", "acting_site", "travel_chooser", "modifiers_first"))
    flat.clear("counted_suit", "site_powers_ignored")


def begin(state: OathState, seat: int, chosen: int, binds: list[int] | None = None, *, reliquary: bool = True) -> None:
    """The action starts: its hooks cleared, what it is noted (the Travel a victory allows is this one and costs no
    Supply, Second Wind), the Reliquary's modifiers run (unless the caller knows none is uncovered), the cards'
    binding modifiers queued (`binds`, when the caller knows them)."""
    flat = state.flat
    _clear_action(flat)
    flat.clear("modifier_used")
    kind = kind_of(chosen)
    flat.set("action_kind", int(kind))
    flat.set("action_target", chosen % STRIDE)
    if kind == KIND.TRAVEL and flat.get("power_travel") == seat + 1:
        flat.set("power_travel", 0)
        flat.set("travel_free", 1)
    if reliquary:
        _run_reliquary(state, seat, TIMING_OF[kind])
    for card in binding(state, seat, TIMING_OF[kind]) if binds is None else binds:
        flat.set("power_queued", card, 1)


def ignoring_first(state: OathState, seat: int) -> list[int]:
    """The optional modifiers that ignore site powers, worth offering before the binding modifiers: the player can
    use one and a site's modifier binds them."""
    timing = TIMING_OF[KINDS[state.flat.get("action_kind")]]
    queued = [card for card in state.modifiers[timing] if state.flat.get("power_queued", card)]
    if not any(0 <= card - state.site_base < state.flat.size("site_powers_ignored") for card in queued):
        return []
    return [card for card in optional(state, seat) if card in state.ignorers]


def after_binding(state: OathState) -> None:
    """Once the binding modifiers ran: the optional ones, if any, else the action itself."""
    seat = state.flat.get("trigger_seat")
    if any(_enables(state, seat, card, unknown=True) for card in optional(state, seat)):
        state.flat.set("phase", PHASE.MODIFIERS)
    else:
        take(state, seat)


def legal_actions(state: OathState) -> list[int]:
    """The optional modifiers after which the action is still possible (Mushrooms cannot draw from an empty pile),
    then going on if it is possible now; while it is not, only those that make it possible (one of them was found
    when it was offered), or, if a choice left it impossible (another player's, or one the look-ahead could not
    judge), going on, which cancels it."""
    seat, flat = state.current_player(), state.flat
    kind, target = KINDS[flat.get("action_kind")], flat.get("action_target")
    if flat.get("modifiers_first"):
        first = [action(KIND.USE_MODIFIER, card) for card in ignoring_first(state, seat)]
        return first + [action(KIND.TAKE_ACTION)] if _goes_on(state, seat) or not first else first
    if possible(state, seat, kind, target):
        return [action(KIND.USE_MODIFIER, card) for card in optional(state, seat)
                if _enables(state, seat, card, unknown=True)] + [action(KIND.TAKE_ACTION)]
    enabling = [action(KIND.USE_MODIFIER, card) for card in optional(state, seat)
                if _enables(state, seat, card, unknown=False)]
    return enabling or [action(KIND.TAKE_ACTION)]


def use(state: OathState, seat: int, card: int) -> None:
    timing = TIMING_OF[KINDS[state.flat.get("action_kind")]]
    key, cost, _, _ = state.modifiers[timing][card]
    state.flat.set("modifier_used", card, 1)
    state.pay(seat, card, cost)
    state.run_power(key, seat, state.index_in_kind(card), PHASE.MODIFIERS)


def take(state: OathState, seat: int) -> None:
    """The action itself, with what the modifiers changed; one a choice left impossible (a binding modifier's
    "cannot" the legality check stopped short of, another player's answer) is cancelled. A Travel whose destination
    another player chooses (Shrouded Wood) waits for their choice."""
    flat = state.flat
    flat.set("phase", PHASE.ACT)
    kind, target = KINDS[flat.get("action_kind")], flat.get("action_target")
    if not possible(state, seat, kind, target):
        state.placeholders.append(KernelLine.of(state.game, "placeholder_cancelled_action",
                                                action=Named("action", TIMING_OF[kind])))
        return
    if kind == KIND.TRAVEL and flat.get("travel_chooser"):
        flat.set("phase", PHASE.TRAVEL_DESTINATION)
        return
    state.act(seat, kind, target)
    _clear_action(flat)


def destinations(state: OathState) -> list[int]:
    """Shrouded Wood: the sites the traveller could travel to under the action's rules, for the chooser."""
    seat = state.flat.get("trigger_seat")
    here = state.flat.get("pawn_site", seat)
    return [action(KIND.CHOOSE_DESTINATION, site) for site in state.sites_on_map()
            if site != here and possible(state, seat, KIND.TRAVEL, site)]


def travel_to(state: OathState, site: int) -> None:
    """The chooser's destination: the traveller travels there."""
    state.flat.set("phase", PHASE.ACT)
    state.act(state.flat.get("trigger_seat"), KIND.TRAVEL, site)
    _clear_action(state.flat)


def redirected_by(state: OathState, seat: int, flat: FlatState) -> int:
    """Shrouded Wood: the player who chooses where this player goes if they travel from their site in `flat` now,
    "even if another player is making you travel" (a banishment, a power); -1: nobody does. Each Travel modifier that
    can say so runs for them on a copy of the state, as in their own Travel."""
    for card, key in state.redirectors.items():
        probe = flat.copy()
        probe.set("travel_chooser", 0)
        state.run_quietly(key, seat, state.index_in_kind(card), probe)
        if probe.get("travel_chooser"):
            return probe.get("travel_chooser") - 1
    return -1


def _travel_destination_chooser(state: OathState) -> Native:
    """The native for powers that make a player travel: who chooses where they go, the player who redirects them
    (redirected_by) or else the player themself. It runs the state's powers, on the cells it is handed."""
    def call(cells: array[int], args: list[int]) -> int:
        chooser = redirected_by(state, args[0], FlatState(state.game, cells))
        return args[0] if chooser < 0 else chooser
    return call


def supply_cost(state: OathState, seat: int, kind: Kind, target: int) -> int:
    """The Supply an action costs with what its modifiers set: nothing if made free (7.6.2), or for the Travel a
    victory allows (Second Wind); a Travel's cost replaced or raised (5.6); a Search of the world deck by the Visions
    drawn (5.1.1)."""
    flat = state.flat
    free_travel = flat.get("travel_free") or flat.get("power_travel") == seat + 1
    if flat.get("action_supply_free") or kind == KIND.TRAVEL and free_travel:
        return 0
    if kind == KIND.TRAVEL:
        base = flat.get("travel_cost_base") or state.table_travel_cost(seat, target)
        return max(0, base + flat.get("travel_cost_delta"))
    return state.base_cost[kind] if kind in state.base_cost else state.search_cost()


def possible(state: OathState, seat: int, kind: Kind, target: int) -> bool:
    """Whether the action can be taken under the rule hooks as they are now: not forbidden (9.2 cannot), its Supply
    affordable (within a cap), and what it places and targets allowed."""
    flat = state.flat
    cost = supply_cost(state, seat, kind, target)
    cap = flat.get("search_cost_cap")
    if flat.get("action_forbidden") or cost > flat.get("supply", seat) or 0 < cap < cost:
        return False
    check = _TARGETS.get(kind)
    return check is None or check(state, seat, target)


def _card_here(state: OathState, seat: int, card: int, *, region_wide: bool) -> bool:
    """5.2-5.3: a faceup card with a suit (not a ruin) and no tokens, at the player's site (or where they act as if
    their pawn were, Small Friends; any site of their region for Map Library)."""
    flat = state.flat
    site, here = flat.get("card_site", card), flat.get("pawn_site", seat)
    near = site in (here, acting_site(flat, seat)) or region_wide and state.region_of(site) == state.region_of(here)
    return near and flat.get("card_suit", card) >= 0 and not flat.get("card_favor", card) and not flat.get("card_secret", card)


def _muster_target(state: OathState, seat: int, card: int) -> bool:
    """5.2: a favor placed (a secret, Initiation Rite) on an empty card (any card at your site, Pressgangs)."""
    flat = state.flat
    paid = ("secret", 1) if flat.get("muster_pays_secret") else ("favor", state.numbers.muster_favor)
    if favor.purse(flat, seat, paid[0]) < paid[1]:
        return False
    if flat.get("muster_on_occupied_card"):
        return flat.get("card_site", card) == flat.get("pawn_site", seat) and flat.get("card_suit", card) >= 0
    return _card_here(state, seat, card, region_wide=False)


def _trade_target(placed: str, number: str) -> Callable[[OathState, int, int], bool]:
    """5.3: enough tokens to place (the rule number `number` of numbers.py) on an empty card at your site."""
    def check(state: OathState, seat: int, card: int) -> bool:
        region_wide = bool(state.flat.get("trade_any_site_in_region"))
        count = getattr(state.numbers, number)
        return favor.purse(state.flat, seat, placed) >= count and _card_here(state, seat, card, region_wide=region_wide)
    return check


def search_source(state: OathState, seat: int, kind: Kind, region: int) -> list[int]:
    """5.1.2: the cards a Search draws from, top first: the world deck or the chosen region's discard pile; the
    bottom of the player's region's pile for Mushrooms."""
    cards, flat = state.cards, state.flat
    own = state.region_of(flat.get("pawn_site", seat))
    if flat.get("search_from_discard_bottom"):
        return cards.in_zone(cards.discard_pile(own))
    if kind == KIND.SEARCH_WORLD:
        return cards.in_zone(cards.zone("world_deck"))[::-1]
    return cards.in_zone(cards.discard_pile(region))[::-1]


def _search_discard_target(state: OathState, seat: int, region: int) -> bool:
    """5.1.2: a pile with cards; another region's discard pile only with Errand Boy or Observatory."""
    own = state.region_of(state.flat.get("pawn_site", seat))
    if region != own and not state.flat.get("search_discard_any_region"):
        return False
    return bool(search_source(state, seat, KIND.SEARCH_DISCARD, region))


_TARGETS: dict[Kind, Callable[[OathState, int, int], bool]] = {
    KIND.MUSTER: _muster_target,
    KIND.TRADE_FOR_FAVOR: _trade_target("secret", "trade_secret_placed"),
    KIND.TRADE_FOR_SECRETS: _trade_target("favor", "trade_favor_placed"),
    KIND.SEARCH_WORLD: lambda state, seat, _: bool(search_source(state, seat, KIND.SEARCH_WORLD, -1)),
    KIND.SEARCH_DISCARD: _search_discard_target,
    KIND.RECOVER_BANNER: banners.affordable,
}


class Ahead:
    """For each timing, what a legality check needs to know once per position: the modifiers that bind the player,
    whether an uncovered Reliquary modifier does, whether they have optional ones. Worked out for a timing when first
    asked: a random move asks only its own."""

    def __init__(self, state: OathState, seat: int, playing: bytearray | None = None) -> None:
        """`playing`: the cards in play, if known."""
        self.state, self.seat = state, seat
        self.playing = playing
        self.known: dict[str, tuple[list[int], bool, bool]] = {}

    def __getitem__(self, timing: str) -> tuple[list[int], bool, bool]:
        found = self.known.get(timing)
        if found is None:
            if self.playing is None:
                self.playing = in_play_cards(self.state)
            state, seat = self.state, self.seat
            found = (binding(state, seat, timing, self.playing), bool(uncovered(state, seat, timing)),
                     bool(optional_of(state, seat, timing, self.playing)))
            self.known[timing] = found
        return found


def allowed(state: OathState, seat: int, chosen: int, known: Ahead) -> bool:
    """Whether the player can take this action once the modifiers that bind them ran (a modifier that asks a choice
    stops the run there), or with one of their optional modifiers. Tried on the state itself, its cells restored."""
    kind, target = kind_of(chosen), chosen % STRIDE
    cards, reliquary, optionals = known[TIMING_OF[kind]]
    if not cards and not reliquary:
        if possible(state, seat, kind, target):
            return True
        if not optionals:
            return False
    saved = state.flat.save()
    try:
        begin(state, seat, chosen, cards, reliquary=reliquary)
        _run_binding(state, seat)
        if possible(state, seat, kind, target):
            return True
        if not optionals:
            return False
        if any(_enables(state, seat, card, unknown=False) for card in optional(state, seat)):
            return True
        state.flat.restore(saved)
        begin(state, seat, chosen, cards, reliquary=reliquary)
        return any(_ignoring_enables(state, seat, card) for card in optional(state, seat) if card in state.ignorers)
    finally:
        state.flat.restore(saved)


def _goes_on(state: OathState, seat: int) -> bool:
    """Whether, without a modifier that ignores site powers, the action is still possible after the binding
    modifiers (and the optional ones): what going on from `modifiers_first` is worth."""
    saved = state.flat.save()
    try:
        if not _run_binding(state, seat):
            return True
        kind, target = KINDS[state.flat.get("action_kind")], state.flat.get("action_target")
        return possible(state, seat, kind, target) or any(
            _enables(state, seat, card, unknown=False) for card in optional(state, seat))
    finally:
        state.flat.restore(saved)


def _ignoring_enables(state: OathState, seat: int, card: int) -> bool:
    """Whether using this modifier that ignores site powers, before the binding modifiers, makes the action
    possible (a choice on the way counts as possible)."""
    saved = state.flat.save()
    try:
        kind, target = KINDS[state.flat.get("action_kind")], state.flat.get("action_target")
        key, cost, _, _ = state.modifiers[TIMING_OF[kind]][card]
        state.pay(seat, card, cost)
        if not state.run_quietly(key, seat, state.index_in_kind(card)) or not _run_binding(state, seat):
            return True
        return possible(state, seat, kind, target)
    finally:
        state.flat.restore(saved)


def _enables(state: OathState, seat: int, card: int, *, unknown: bool) -> bool:
    """Whether the action being taken is possible after using this optional modifier (paying its cost), for some
    answers of the player's to the choices it asks (`_reaches`); `unknown` if the look-ahead ran out of runs. A
    modifier on a card they cannot use (one anyone may use) counts only if it changes something: Way Station is no
    modifier of a Travel elsewhere."""
    flat = state.flat
    saved = flat.save()
    try:
        kind, target = KINDS[flat.get("action_kind")], flat.get("action_target")
        key, cost, _, _ = state.modifiers[TIMING_OF[kind]][card]
        state.pay(seat, card, cost)
        flat.set("effect_player", seat)
        before = None if state.can_use(seat, card) else flat.save()
        frame = start_power(state.game, key, seat, state.index_in_kind(card))
        if _run_on(state, seat, frame):
            return (before is None or flat.cells != before) and possible(state, seat, kind, target)
        reached = _reaches(state, seat, frame, [LOOKAHEAD_RUNS])
        return unknown if reached is None else reached
    finally:
        flat.restore(saved)


def answers(state: OathState, options: list[int]) -> list[int]:
    """The answers offered to a choice a modifier of the action asks its user, optional or binding (7.4: a modifier
    does not break the action declared): those after which, the binding modifiers still queued run too, the action
    can still be taken, as far as the look-ahead can tell; all of them if none can, if another player chooses, or
    before the binding modifiers ran (`modifiers_first`)."""
    assert state.frame is not None
    seat, pending = state.flat.get("effect_player"), pending_choice(state.frame)
    if pending is None or pending.chooser != seat or state.flat.get("modifiers_first"):
        return options
    runs_left = [LOOKAHEAD_RUNS]
    keeping = [option for option in options
               if _answer_reaches(state, seat, state.frame, option, runs_left) is not False]
    return keeping or options


def _reaches(state: OathState, seat: int, frame: array[int], runs_left: list[int]) -> bool | None:
    """Whether the power paused here can end with the action possible: for some answer of the player's to
    each choice they make, and for every answer of another player's, who need not help them. None if the runs left
    (a one-cell counter shared by the whole look-ahead) ran out before it could tell."""
    pending = pending_choice(frame)
    assert pending is not None
    mine, undecided = pending.chooser == seat, False
    for option in sorted(set(pending.options)):
        reached = _answer_reaches(state, seat, frame, option, runs_left)
        if reached is None:
            undecided = True
        elif reached == mine:
            return mine
    return None if undecided else not mine


def _answer_reaches(state: OathState, seat: int, frame: array[int], option: int, runs_left: list[int]) -> bool | None:
    """`_reaches` after this answer to the pending choice, on a copy of the frame, the state's cells restored."""
    if runs_left[0] <= 0:
        return None
    runs_left[0] -= 1
    saved = state.flat.save()
    try:
        paused = array("i", frame)
        provide_choice(paused, option)
        if not _run_on(state, seat, paused):
            return _reaches(state, seat, paused, runs_left)
        if not _run_binding(state, seat):
            return None
        return possible(state, seat, KINDS[state.flat.get("action_kind")], state.flat.get("action_target"))
    finally:
        state.flat.restore(saved)


def _run_on(state: OathState, seat: int, frame: array[int]) -> bool:
    """Runs a look-ahead's power on the state, for its user, until it ends (True) or asks (False)."""

    state.flat.set("effect_player", seat)
    return state.run_vm(state.game.code, state.flat.cells, frame, state.game.data, state.natives,
                        STEP_LIMIT) is not PAUSED


def _run_binding(state: OathState, seat: int) -> bool:
    """Runs the queued binding modifiers quietly, in order, skipping the ignored sites'; False if one stopped to ask
    a choice (the rest are not run)."""
    timing = TIMING_OF[KINDS[state.flat.get("action_kind")]]
    for card in [card for card in state.modifiers[timing] if state.flat.get("power_queued", card)]:
        if not state.flat.get("power_queued", card):
            continue
        state.flat.set("power_queued", card, 0)
        if not ignored(state, card) and not state.run_quietly(state.modifiers[timing][card][0], seat,
                                                             state.index_in_kind(card)):
            return False
    return True


# natives: what the action being taken is ------------------------------------------------------

def _target_if(*kinds: Kind) -> Callable[[FlatState, list[int]], int]:
    def native(flat: FlatState, args: list[int]) -> int:
        return flat.get("action_target") if flat.get("action_kind") in kinds else -1
    return native


def _is(kind: Kind) -> Callable[[FlatState, list[int]], int]:
    return lambda flat, args: int(flat.get("action_kind") == kind)


def _recover_target_banner(flat: FlatState, args: list[int]) -> int:
    return flat.get("action_target") // BANNER_STRIDE if flat.get("action_kind") == KIND.RECOVER_BANNER else -1


def _recovered_relic(flat: FlatState, args: list[int]) -> int:
    if flat.get("action_kind") != KIND.RECOVER_RELIC:
        return -1
    return flat.get("action_target") - int(Cards(flat).base["relic"])


def _recover_tokens_paid(flat: FlatState, args: list[int]) -> int:
    return flat.get("action_target") % BANNER_STRIDE // banners.SUITS if flat.get("action_kind") == KIND.RECOVER_BANNER else 0


def _search_deck(flat: FlatState, args: list[int]) -> int:
    """5.1.2: the world deck, or the discard pile of the region chosen."""
    cards = Cards(flat)
    kind = flat.get("action_kind")
    if kind == KIND.SEARCH_WORLD:
        return cards.zone("world_deck")
    if kind == KIND.SEARCH_DISCARD:
        return cards.discard_pile(flat.get("action_target"))
    return -1


_TOLLED = {"SEARCH": (KIND.SEARCH_WORLD, KIND.SEARCH_DISCARD), "TRADE": (KIND.TRADE_FOR_FAVOR, KIND.TRADE_FOR_SECRETS),
           "TRAVEL": (KIND.TRAVEL,)}


def _site_concerned(flat: FlatState, action_name: str) -> int:
    """The site whose ruler a tolled action concerns: a Search's site, a traded card's site, a Travel's destination."""
    kind, target = flat.get("action_kind"), flat.get("action_target")
    if kind not in _TOLLED.get(action_name, ()):
        return -1
    if kind == KIND.TRAVEL:
        return target
    if kind in (KIND.TRADE_FOR_FAVOR, KIND.TRADE_FOR_SECRETS):
        return flat.get("card_site", target)
    return flat.get("pawn_site", flat.get("effect_player"))


def _enemy_action_toll(flat: FlatState, args: list[int]) -> int:
    """Forced Labor, Toll Roads, Curfew (9.2 cannot ... unless): an enemy of the card's ruler gives them one favor
    before an action that concerns a site they rule (the Chancellor speaks for purple sites), or burns it where
    bandits rule it; without a favor, the action cannot be taken."""
    card, action_id = args
    actor = flat.get("effect_player")
    site = _site_concerned(flat, flat.game.enums["action"](action_id).name)
    ruler = ruler_of(flat, card)
    ruled = site >= 0 and ruler_of(flat, int(Cards(flat).base["site"]) + site) == ruler
    if not ruled or ruler >= 0 and not are_enemies(flat, actor, ruler):
        return 0
    if favor.usable(flat, actor) < 1:
        flat.set("action_forbidden", 1)
    else:
        favor.spend(flat, actor, ("favor", ruler) if ruler >= 0 else ("shared_favor",), 1)
    return 0


def _counts_as_suit(flat: FlatState, args: list[int]) -> int:
    """Acting Troupe: for this action the card matches as the suit (glossary Match, act as if)."""
    card, suit = args
    flat.set("counted_suit", card, suit + 1)
    return 0


def _act_as_if_pawn_at(flat: FlatState, args: list[int]) -> int:
    """Captains, Wild Allies, Small Friends: for this action (or the power's Campaign) the player acts as if their
    pawn were at the site (battle.acting_site)."""
    flat.set("acting_site", args[1] + 1)
    return 0


def _advisers_of(flat: FlatState, args: list[int]) -> int:
    """Master of Disguise: for this action the player counts another player's advisers instead of theirs."""
    flat.set("advisers_of", args[1] + 1)
    return 0


def _destination_chosen_by(flat: FlatState, args: list[int]) -> int:
    if args[0] >= 0:
        flat.set("travel_chooser", args[0] + 1)
    return 0


def _field(name: str) -> Callable[[FlatState, list[int]], int]:
    return lambda flat, args: flat.get(name)


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "played_card": bind_flat(_field("played_card")),
    "played_to_site": bind_flat(_field("played_site")),
    "played_card_by": bind_flat(_field("played_by")),
    "played_faceup": bind_flat(_field("played_faceup")),
    "travel_destination": bind_flat(_target_if(KIND.TRAVEL)),
    "muster_card": bind_flat(_target_if(KIND.MUSTER)),
    "trade_card": bind_flat(_target_if(KIND.TRADE_FOR_FAVOR, KIND.TRADE_FOR_SECRETS)),
    "trade_for_secrets": bind_flat(_is(KIND.TRADE_FOR_SECRETS)),
    "recover_targets_relic": bind_flat(_is(KIND.RECOVER_RELIC)),
    "recovered_relic": bind_flat(_recovered_relic),
    "recover_target_banner": bind_flat(_recover_target_banner),
    "recover_tokens_paid": bind_flat(_recover_tokens_paid),
    "search_deck": bind_flat(_search_deck),
    "enemy_action_toll": bind_flat(_enemy_action_toll),
    "card_counts_as_suit": bind_flat(_counts_as_suit),
    "act_as_if_pawn_at": bind_flat(_act_as_if_pawn_at),
    "act_as_if_advisers_of": bind_flat(_advisers_of),
    "ignore_site_powers": mark("site_powers_ignored"),
    "travel_destination_chosen_by": bind_flat(_destination_chosen_by),
}
"""Natives that tell a modifier which action it modifies (fields `action_kind`, `action_target`) or which play
(`played_card` and the like)."""
STATE_NATIVES: dict[str, Callable[[OathState], Native]] = {"travel_destination_chooser": _travel_destination_chooser}
"""Natives that run powers of the kernel (its VM, its tables of who plays what), bound to an OathState by power_tables.py."""
