"""Vindication's read-only data for the kernel, built once per compiled game: the island, the cards, the dice and
every number the rules give, as flat int32 arrays the compiled engine indexes, and the turn plan.

Nothing here is a rule number: each value comes from content/vindication (constants.yaml, tables.yaml,
regions.yaml, mounts.yaml, masteries.yaml, dice.yaml …). `NUMBERS` and `OPTIONS` fix the places the engine reads
the constants and rule options at; `CARD_KINDS` the order of the card kinds it tells apart.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

from ..content import CompiledGame
from ..kernel.plan import PlannedStep, build_plan
from ..notes import KernelLine, Named, quoted_note

NUMBERS = ("start_honour", "start_attribute_cubes", "quests_dealt", "quests_kept", "aptitudes_fewer_than_players",
           "active_triggers", "enhanced_draw_cards", "enhanced_draw_conviction", "monster_cost", "mount_cost",
           "min_move", "blocked_extra_spaces", "blocked_dilution", "trait_cost", "relic_cost", "rest_exaltations",
           "relic_charge_min", "relic_charge_max", "exhaustion_cubes", "control_honour", "region_end_honour",
           "visit_honour", "control_cost", "contested_control_cost", "death_prevention", "redemption_honour",
           "aptitude_cost", "aptitude_mastery", "aptitude_discard_cubes", "redemption_bonus", "main_action_uses",
           "aptitudes_per_turn", "relic_use_cubes")
"""Constants by the place the engine reads them at (the `C_` names of the rule modules); then `recruit_cost`,
the Auberge's price (its param n, L382)."""
OPTIONS = (("last_turn", "turn"), ("relic_charges", "printed"), ("once_per_turn", "your_turn"),
           ("academy_reroll", "if_none_after"), ("quest_ties", "nobody"))
"""Rule options by place (the `O_` names of the rule modules): 1 when the game plays the choice named here."""
LATE_MODULES = ("traitrise",)
"""Modules whose cards join their decks only once the journey cards are followed (L2920)."""
EVENTS = ("activate_character", "activate_companion", "convert_to_courage", "convert_to_sagesse",
          "convert_to_vision", "use_conviction", "gain_trait_relic_monster", "other_gains_honour", "turn_start",
          "moved_four", "defeat_or_contest", "honour_two_sources", "gain_card", "opponent_crosses", "game_end")
"""The game events a reactive power answers (compiler/models/vindication.py `Event`), by place: the `E_` names of
the rule modules. The engine announces those of ANNOUNCED; a power answering another is not run."""
ANNOUNCED = ("activate_character", "convert_to_courage", "convert_to_sagesse", "convert_to_vision",
             "gain_trait_relic_monster", "defeat_or_contest", "use_conviction", "other_gains_honour", "gain_card",
             "moved_four", "turn_start", "activate_companion", "honour_two_sources")
THRESHOLDS = {"moved_four": "m", "honour_two_sources": "m"}
"""Events a power answers only once an amount reaches one of its params (Soif d'aventure: m spaces moved in the
turn; Persévérance: honour from m sources, at most 4: core.count_honour), by that param's name: `card_event_n`."""
HOOKS = ("adren_ability", "grenn_ability", "yanos_ability", "resilience_ability", "ruak_ability", "oneth_ability",
         "strann_ability", "zharah_ability", "impunite_ability", "zharyan_ability", "brokk_ability", "ostrah_ability",
         "jaike_ability", "vaklk_ability")
"""The cards' powers the engine plays as rule hooks of its own (a power's `native:`), by place: the `H_` names of
the rule modules. The card's params n and m go with it (`card_hook_n`, `card_hook_m`); a power naming another native
is not played."""
NEEDS = 11
"""What an ability takes from its player, per holding: the 6 attributes, the 3 power spheres, its own card, honour."""
NEIGHBOUR_NATIVES = ("adjacent_player", "push_player")
"""Natives that act on a player beside one's medallion: a power calling one is offered only with such a player."""
RULE_FIELDS = (("relic_cost", "relic_cost"), ("trait_cost", "trait_cost"), ("monster_cost", "monster_cost"),
               ("aptitude_cost", "aptitude_cost"), ("contested_control_cost", "contested_control_cost"),
               ("mount_upgrade_cost", "mount_cost"), ("move_bonus", None), ("enhanced_draw_free", None),
               ("block_others_honour", None), ("extra_visits", None),
               ("die_rolls", None), ("visit_range_bonus", None), ("card_cost_delta", None))
"""The rule hooks (state fields `rule: true`) the engine reads, by place (the `R_` names of the rule modules), and
the constant each turn starts them at (None: 0). An effect that changes another one is not run."""
LOOT_NATIVES = ("acquire_blind", "swap_card", "replace_active_trigger")
"""The natives only the loot cards call (loot.py), by place: `card_loot_native` says which one a loot card's power
calls and `card_loot_arg` its number argument, so that the kernel offers the power only where it can act."""
BLIND_DECKS = ("trait", "relic")
"""The decks acquire_blind takes from, by its number argument (natives/core.yaml): their attribute's deck."""
CARD_KINDS = ("companion", "monster", "relic", "trait", "pet", "quest_card", "end_trigger", "loot", "imbued_crystal")
"""The engine's card kinds: 0 companion, 1 monster, 2 relic, 3 trait, 4 pet … (a loot card and an imbued crystal
each their own, so that neither is taken for a pet by menagerie.py)."""
DECK_OF_KIND = {"monster": "courage", "relic": "vision", "trait": "sagesse"}
"""The deck of each kind of the central board (L171): by the attribute sphere it lies beside."""
REGION_NEEDS = {"monastere": 1, "poste_de_commandement": 2, "sanctuaire": 3}
"""What a repeatable region's action needs besides its cubes to do something (core.region_possible)."""
REGION_COSTS = {"monastere": ("savoir", "n"), "poste_de_commandement": ("force", "n"),
                "sanctuaire": ("inspiration", "n")}
"""The attribute and the param a repeatable region's action costs (L412, L418, L424)."""
TURN_FLAGS = 8 + 1 + 32 + 4 + 3 + 2 + 2 + 3
"""The turn's record: moved, activated, visited, control slot, controlled, relics used, extra moves, reacted, then
the discovery queue, then the trait borrowed (Kheyra), the regions taken (Adren), the spaces moved (Soif
d'aventure), whether the turn is skipped (Patience) and what the companion activated generated (Émerveillement);
then the imbued crystals used (Joaillier), the spaces the last move left unused (Zharah), and the player's honour
when last counted, the sources that gave it and the first 3 of them (Persévérance)."""
GAME_FLAGS = 3 + 8 + 1
"""The game's record: round, last round, first player, each seat's journey colour, an extra turn to take."""
STEPS = (("deplacement", "move", "menu"), ("activation", "activate", "menu"), ("visite", "visit", "menu"),
         ("repos", "rest", "menu"), ("repeat", "repeat", "menu"), ("prise_de_controle", "control", "menu"),
         ("conversion", "convert", "menu"), ("aptitude", "aptitude", "menu"),
         ("discard_aptitude", "discard_aptitude", "menu"), ("recuperation", "recover", "menu"),
         ("ability", "ability", "menu"), ("relic", "use_relic", "menu"),
         ("redemption", "redeem", "menu"), ("extra_visit", "extra_visit", "menu"), ("trait", "use_trait", "menu"),
         ("treachery", "clear_treachery", "menu"), ("faveur_de_guilde", "place_favour", "menu"),
         ("pet", "use_pet", "menu"), ("rebind_pet", "rebind_pet", "menu"),
         ("offer", "offer", "menu"), ("teleport_token", "use_teleport_token", "menu"), ("loot", "use_loot", "menu"),
         ("charge", "charge", "once"),
         ("forced_move", "move", "once"), ("end_check", "check_end", "once"))
"""A turn (L225-233), as plan steps: the actions of actions.yaml (and the kernel's: repeating a repeatable
region's action, L330; discarding an aptitude tile, L903; the activated companion's ability, L665; a relic's
power, L725; a visit a power added, Xina L1652; a trait's power, as often as it can be paid, L699; the guild
favour token placed, Guildes L3187; a pet's power and a pet's new master, L3077-3079; Mythes et Merveilles'
offering, teleport token and loot cards, L3336, L3352, L2406), in a menu the player ends; then Ronak's charge in an
event turn (L3368), the move if the player has not moved (the only mandatory action, L229), and the end-of-game
check."""
INTERNAL = ("setup", "move", "activate", "visit", "rest", "repeat", "control", "convert", "aptitude",
            "discard_aptitude", "recover", "redeem", "check_end", "acquire", "recharge", "final_scoring", "ability",
            "use_relic", "passives", "react", "extra_visit", "roll", "use_trait", "build_discovered", "clear_treachery",
            "place_favour", "use_pet", "rebind_pet", "pet_market", "provoke", "offer", "charge", "share_loot",
            "use_teleport_token", "use_loot")
"""The engine's own procedures, numbered from 100 (engine.py names them in this order)."""
FIRST_INTERNAL = 100
FAVOURS = ("fortifier", "diplomatie", "barricade", "autorite_guilde", "allegeance", "recharge",
           "reconstruction_monument", "louange", "main_du_destin")
"""The guild favour token's placements (favour_placements.yaml, L3193-3264) by place: the `F_` names of the rule
modules (guilds.py places the token; the hand of fate is dice.py's, played as a fight's die is rolled)."""
MYTHS_CELLS = 9
"""Mythes et Merveilles' record (myths.py numbers it); a cube per space, each sphere's offerer, each seat's
teleport tokens and the order the loot is chosen in follow it (`k_ronak_spaces` …)."""
MYTHS_BONUSES = ("honour", "recover_influence", "augment_potential", "augment_influence", "teleport_token",
                 "first_loot", "clone")
"""The bonuses of the Mythes et Merveilles board's spheres (tables.yaml `myths_board`, column 3, counted from 1),
by the place myths.py reads them at."""


def ints(values: list[int]) -> array[int]:
    return array("i", values or [0])


@dataclass
class VindicationTables:
    """What every game of one compiled Vindication shares. Arrays are row-major."""

    game: CompiledGame
    code: array[int]
    data: array[int]
    numbers: dict[str, int]
    arrays: dict[str, array[int]] = field(default_factory=dict)
    plan: array[int] = field(default_factory=lambda: array("i"))
    steps: list[PlannedStep] = field(default_factory=list)
    cards: list[tuple[str, Any]] = field(default_factory=list)
    """(kind, entity) of each card of the card space, in its order."""
    regions: tuple[Any, ...] = ()
    modules: tuple[str, ...] = ()
    """The modules on (modules.yaml ids), base first."""
    _called: dict[str, frozenset[str]] | None = None
    placeholders: list[str] = field(default_factory=list)
    """What the kernel plays with that the content marks as placeholder data."""
    natives_played: frozenset[str] = frozenset()
    unplayed: list[str] = field(default_factory=list)
    """Effects that call a native the engine does not play: not run (a card's end-of-game formula, a region's
    action), said by the tests."""

    def entry(self, key: str) -> int:
        """The bytecode entry of an effect the engine can run in full, else -1 (and it is noted)."""
        from ..effects import natives_called

        if key not in self.game.layout.ENTRIES:
            return -1
        if self._called is None:
            self._called = natives_called(self.game)
        hooks = set(getattr(self.game.layout, "RULES", {}).get(key, ()))
        if not self._called[key] <= self.natives_played or not hooks <= {name for name, _ in RULE_FIELDS}:
            self.unplayed.append(key)
            return -1
        return int(self.game.layout.ENTRIES[key])

    def procedure_name(self, procedure: int) -> str:
        if procedure >= FIRST_INTERNAL:
            return INTERNAL[procedure - FIRST_INTERNAL]
        return str(self.game.layout.NATIVES[procedure - 1])


def name_of(entity: Any) -> str:
    return ref(entity.id)


def _say_if_placeholder(tables: VindicationTables, game: CompiledGame, constant: str) -> None:
    """A constant the content marks placeholder is said once a game, by its note."""
    if game.get("constant", constant).status == "placeholder":
        tables.placeholders.append(quoted_note(game, "constant", constant))


def ref(value: Any) -> str:
    """The id an entity's field names (the content's references are enums)."""
    return str(value.name.lower()) if hasattr(value, "name") else str(value)


def build_tables(game: CompiledGame, natives_played: frozenset[str], modules: tuple[str, ...],
                 preset: str | None = None) -> VindicationTables:
    """The tables for a game with these modules on (`base` first); `preset` names the base tiles the expansion
    tiles replace (region_presets.yaml; by default the standard one for their number)."""
    layout = game.layout
    fields = layout.FIELDS
    seats = dict(layout.SPACES)["player"]
    tables = VindicationTables(game, game.code, game.data, {}, natives_played=natives_played, modules=modules)
    constants = {name_of(c): c for c in game.entities("constant")}
    tables.arrays["numbers"] = ints([constants[name].value for name in NUMBERS]
                                    + [_param(game.get("region", "auberge"), "n")])
    for name in NUMBERS:
        _say_if_placeholder(tables, game, name)
    _cards(tables, game, modules)
    _island(tables, game, modules, preset)
    _board(tables, game)
    _myths(tables, game, modules)
    state_size = layout.STATE_SIZE
    n = tables.numbers
    n.update(seats=seats, cards=len(tables.cards), attributes=len(game.entities("attribute")),
             regions=len(tables.regions), mounts=len(game.entities("mount")), turn_flags=TURN_FLAGS)
    n["monument_size"] = 2 * n["attributes"] + 2
    for key, name in (("o_influence", "influence"), ("o_power", "power_cubes"), ("o_attr", "attribute_cubes"),
                      ("o_card_cubes", "card_cubes"), ("o_score", "score"), ("o_seated", "seated"),
                      ("o_current", "current_player"), ("o_side", "character_side"), ("o_mount", "mount"),
                      ("o_speed_bonus", "speed_bonus"), ("o_controlled", "controlled"), ("o_aptitudes", "aptitudes"),
                      ("o_tokens_taken", "trigger_tokens_taken"), ("o_quests_done", "quests_done"),
                      ("o_zone", "card_zone"), ("o_order", "card_order"), ("o_faceup", "card_faceup"),
                      ("o_owner", "card_owner"), ("o_seen", "card_seen")):
        n[key] = fields[name][0]
    at = state_size
    for key, size in (("k_pos", seats), ("k_slot", n["slots"]), ("k_slot_owner", n["slots"]),
                      ("k_bag", n["regions"]), ("k_token", n["trigger_tokens"]), ("k_stock", n["attributes"]),
                      ("k_gained", 4), ("k_wish", n["wishes"]), ("k_turn", TURN_FLAGS), ("k_game", GAME_FLAGS),
                      ("k_options", len(OPTIONS)), ("k_speed_cubes", seats), ("k_aside", n["regions"]),
                      ("k_treachery_card", n["cards"]), ("k_treachery_slot", n["slots"]), ("k_crystals", seats),
                      ("k_favour", seats * 3), ("k_fortified", n["slots"]),
                      ("k_monument", seats * n["monument_size"]), ("k_pet_master", n["cards"]), ("k_pets_used", 1),
                      ("k_token_shift", n["trigger_tokens"]),
                      ("k_myths", MYTHS_CELLS), ("k_ronak_spaces", n["spaces"]),
                      ("k_myths_spheres", n["myths_spheres"]), ("k_teleport_tokens", seats), ("k_loot_order", seats)):
        n[key] = at
        at += size
    n["cells"] = at
    _guilds(tables, game, modules)
    tables.arrays["rule_offset"] = ints([fields[name][0] for name, _ in RULE_FIELDS])
    tables.arrays["rule_base"] = ints([constants[base].value if base else 0 for _, base in RULE_FIELDS])
    _plan(tables, game)
    return tables


def _param(entity: Any, name: str) -> int:
    return int(dict(entity.params or {})[name])


def _cards(tables: VindicationTables, game: CompiledGame, modules: tuple[str, ...]) -> None:
    """Each card's kind, deck, colour, honour, generation, initiative and end-of-game effect."""
    attributes = [name_of(a) for a in game.entities("attribute")]
    shared = [name_of(z) for z in game.entities("zone") if not z.per_player]
    own = [name_of(z) for z in game.entities("zone") if z.per_player]
    seats = dict(game.layout.SPACES)["player"]
    zones = shared + [name for name in own for _ in range(seats)]
    honour = {}
    for table, kind in (("companion_honour", "companion"), ("trait_honour", "trait"), ("relic_honour", "relic"),
                        ("monster_honour", "monster")):
        t = game.get("table", table)
        honour.update({(kind, key): row[0] for key, row in zip(t.rows.keys, t.values)})
        tables.placeholders.append(quoted_note(game, "table", table))
    generation = game.get("table", "companion_generation")
    gen = {key: row for key, row in zip(generation.rows.keys, generation.values)}
    tables.placeholders.append(quoted_note(game, "table", "companion_generation"))
    charges = game.get("table", "relic_charges")
    charge = {key: row[0] for key, row in zip(charges.rows.keys, charges.values)}
    kinds = game.layout.SPACE_KINDS["card"] if hasattr(game.layout, "SPACE_KINDS") else \
        ("companion", "trait", "relic", "monster", "pet", "loot", "imbued_crystal", "quest_card", "end_trigger")
    for kind in kinds:
        tables.cards += [(kind, entity) for entity in game.entities(kind)]
    a: dict[str, list[int]] = {key: [] for key in (
        "card_kind", "card_deck", "card_colour", "card_honour", "card_generation", "card_initiative", "card_starter",
        "card_in_game", "card_effect", "card_mastery_bonus", "relic_charges", "quest_effect", "quest_honour",
        "card_local", "card_activated", "card_on_join", "card_passive", "card_late", "card_event",
        "card_reactive", "card_react_limit", "card_hook", "card_hook_n", "card_hook_m", "card_event_n")}
    local: dict[str, int] = {}
    for kind, card in tables.cards:
        name = name_of(card)
        engine_kind = CARD_KINDS.index(kind) if kind in CARD_KINDS else CARD_KINDS.index("pet")
        module = ref(getattr(card, "module", None) or "base")
        a["card_kind"].append(engine_kind)
        a["card_local"].append(local.get(kind, 0))
        local[kind] = local.get(kind, 0) + 1
        colour = ref(card.colour) if kind == "companion" else DECK_OF_KIND.get(kind)
        a["card_colour"].append(attributes.index(colour) if colour and module == "base" else -1)
        deck = {"quest_card": "quest_deck", "end_trigger": "trigger_deck", "pet": "expansion_stacks"}.get(
            kind, f"deck_{colour}")
        a["card_deck"].append(zones.index(deck) if deck in zones else zones.index("box"))
        a["card_in_game"].append(int(module in modules and (deck in zones)))
        a["card_late"].append(int(module in LATE_MODULES))
        reactive = [(i, power) for i, power in enumerate(getattr(card, "powers", None) or ())
                    if power.trigger in ("reactive", "passive") and power.event is not None and not power.native
                    and str(power.event) in ANNOUNCED]
        entry = tables.entry(f"{kind}/{name}/powers/{reactive[0][0]}") \
            if reactive and kind == "trait" and module in modules else -1
        a["card_event"].append(EVENTS.index(str(reactive[0][1].event)) if entry >= 0 else -1)
        a["card_reactive"].append(entry)
        a["card_react_limit"].append(_react_limit(reactive[0][1]) if entry >= 0 else 0)
        threshold = THRESHOLDS.get(str(reactive[0][1].event), "") if entry >= 0 else ""
        a["card_event_n"].append(int(dict(getattr(card, "params", None) or {}).get(threshold, 0)))
        hooks = [ref(power.native) for power in getattr(card, "powers", None) or () if ref(power.native) in HOOKS]
        a["card_hook"].append(HOOKS.index(hooks[0]) if hooks and module in modules else -1)
        a["card_hook_n"].append(int(dict(getattr(card, "params", None) or {}).get("n", 0)))
        a["card_hook_m"].append(int(dict(getattr(card, "params", None) or {}).get("m", 0)))
        a["card_honour"].append(int(honour.get((kind, name), 0)))
        a["card_generation"] += list(gen.get(name, [0, 0, 0])) if kind == "companion" else [0, 0, 0]
        a["card_initiative"].append(int(getattr(card, "initiative", 0) or 0))
        a["card_starter"].append(int(getattr(card, "starter", True) is not False))
        a["relic_charges"].append(int(charge.get(name, 0)))
        key = {"monster": f"monster/{name}/powers/0", "end_trigger": f"end_trigger/{name}/powers/0"}.get(kind, "")
        a["card_effect"].append(tables.entry(key) if key and module in modules else -1)
        for trigger, column in ((_activated(kind), "card_activated"), ("on_join", "card_on_join"),
                                ("passive", "card_passive")):
            found = [i for i, power in enumerate(getattr(card, "powers", None) or ())
                     if power.trigger == trigger and not power.native
                     and (trigger != "passive" or power.event is None)]
            a[column].append(tables.entry(f"{kind}/{name}/powers/{found[0]}")
                             if found and module in modules and (kind in ("companion", "relic", "trait", "loot")
                                                                 or trigger == "master_activated") else -1)
        bonus = _mastery_attribute(game, f"{kind}/{name}/powers/0") \
            if any(power.trigger == "mastery" for power in getattr(card, "powers", None) or ()) else -1
        a["card_mastery_bonus"].append(bonus)
        for q in range(2):
            quests = getattr(card, "quests", None) or ()
            a["quest_effect"].append(tables.entry(f"quest_card/{name}/quests/{q}/powers/0")
                                     if kind == "quest_card" and q < len(quests) else -1)
            a["quest_honour"].append(int(quests[q].honour) if kind == "quest_card" and q < len(quests) else 0)
    for key, values in a.items():
        tables.arrays[key] = ints(values)
    _prices(tables)
    tables.arrays["card_neighbour"] = ints([_needs_neighbour(tables, kind, card, index)
                                            for index, (kind, card) in enumerate(tables.cards)])
    tables.arrays["deck_zone"] = ints([zones.index(f"deck_{name}") for name in attributes])
    crystal = {ref(card.attribute): index for index, (kind, card) in enumerate(tables.cards)
               if kind == "imbued_crystal"}
    tables.arrays["crystal_card"] = ints([crystal[name] if "joaillier" in modules else -1 for name in attributes])
    _menagerie(tables, game, modules, zones)
    tables.numbers.update(zone_box=zones.index("box"), zone_party=zones.index("party"),
                          zone_quests=zones.index("quests"), zone_quest_deck=zones.index("quest_deck"),
                          zone_trigger_deck=zones.index("trigger_deck"))


def _prices(tables: VindicationTables) -> None:
    """Each card's price (`_needs`) as flat arrays: `card_needs`, `price_rows` rows of NEEDS a card (its ways of
    paying, the unused rows 0); `card_ways`, how many ways it has; `card_choice_pc`, where its effect asks which."""
    prices = [_needs(tables, kind, card, index) for index, (kind, card) in enumerate(tables.cards)]
    rows = max(len(price.ways) for price in prices)
    tables.numbers["price_rows"] = rows
    tables.arrays["card_needs"] = ints([need for price in prices
                                        for row in price.ways + [[0] * NEEDS] * (rows - len(price.ways))
                                        for need in row])
    tables.arrays["card_ways"] = ints([len(price.ways) for price in prices])
    tables.arrays["card_choice_pc"] = ints([price.choice_pc for price in prices])
    tables.arrays["choice_cards"] = array("i", [card for card, price in enumerate(prices) if price.choice_pc >= 0])


def _activated(kind: str) -> str:
    """The trigger of a card's power its holder uses on the turn it acts: a pet's, while its master is the companion
    activated (L3077); the others', when activated (L645, L725, L699)."""
    return "master_activated" if kind == "pet" else "activated"


def _menagerie(tables: VindicationTables, game: CompiledGame, modules: tuple[str, ...], zones: list[str]) -> None:
    """The Ménagerie's numbers: the pets face up in the market (0 without the module) and the influence a new
    master takes (L3064, L3079); the pets' stack."""
    market = game.get("constant", "pet_market").value if "menagerie" in modules else 0
    tables.numbers.update(pet_market=int(market), zone_pets=zones.index("expansion_stacks"),
                          pet_rebind_influence=int(game.get("constant", "pet_rebind_influence").value))
    tables.arrays["pet_needs_relic"] = ints([_needs_relic(tables, index, zones.index("party"))
                                             if kind == "pet" and tables.arrays["card_activated"][index] >= 0 else 0
                                             for index, (kind, _) in enumerate(tables.cards)])
    if market:
        tables.placeholders.append(KernelLine.of(game, "placeholder_pet_market"))
        tables.placeholders.append(KernelLine.of(game, "placeholder_pet_honour"))


def _needs_relic(tables: VindicationTables, index: int, party: int) -> int:
    """1 when the pet's power does nothing for a player who holds plenty of cubes but no relic, and something for
    one who holds them all (Cligne: an influence cube onto a relic, L2295), so the kernel offers it only with one:
    its effect run once on a scratch state each way, its choices the first, its natives answering 0."""
    from ..effects import bind_natives, empty_state, run_to_end

    game = tables.game
    fields = game.layout.FIELDS
    natives = bind_natives(game, {name: (lambda state, args: 0) for name in game.layout.NATIVES})
    pet = tables.cards[index][1]
    key = f"pet/{name_of(pet)}/powers/{[p.trigger for p in pet.powers].index('master_activated')}"
    changed = []
    for relics in (False, True):
        state = empty_state(game, 0)
        for at in (fields["attribute_cubes"][0], fields["power_cubes"][0], fields["influence"][0]):
            state[at] = 50
        for card, (other, _) in enumerate(tables.cards):
            state[fields["card_zone"][0] + card] = party if relics and other == "relic" else 0
        before = state.tolist()
        run_to_end(game, key, state, actor=0, this=tables.arrays["card_local"][index],
                   choose=lambda pending: pending.options[0], natives=natives, engine="python")
        changed.append(state.tolist() != before)
    return int(changed == [False, True])


def _react_limit(power: Any) -> int:
    """How often a turn a power answers its event: its per_turn, else once for a passive one (L699: a passive
    ability is used once a turn), else every time."""
    return int(power.per_turn or (1 if power.trigger == "passive" else 0))


def _needs_neighbour(tables: VindicationTables, kind: str, card: Any, index: int) -> int:
    """1 when the card's activated power acts on a player beside its holder (NEIGHBOUR_NATIVES)."""
    from ..effects import natives_called

    if tables.arrays["card_activated"][index] < 0:
        return 0
    powers = [i for i, power in enumerate(getattr(card, "powers", None) or ())
              if power.trigger == _activated(kind) and not power.native]
    called = natives_called(tables.game).get(f"{kind}/{name_of(card)}/powers/{powers[0]}", frozenset())
    return int(any(name in called for name in NEIGHBOUR_NATIVES))


@dataclass
class CardPrice:
    """What a card's activated power takes from its player: one need vector (NEEDS holdings) per way of paying it,
    and the program counter at which its effect asks which way (-1: one way, no such choice)."""

    ways: list[list[int]]
    choice_pc: int = -1


def _needs(tables: VindicationTables, kind: str, card: Any, index: int) -> CardPrice:
    """What the card's activated power takes from its player, holding by holding, found by running it on a scratch
    state where the player holds plenty of everything (its natives answering 0, but the player beside them another
    seat, who holds nothing; its choices the first): the content's effects pay as they go, and a cube move takes
    only what there is, so the kernel offers the power only to a player who holds what it takes. An effect that
    opens with a choice among its own options, before it takes anything (a power cube diminished from conviction or
    from influence, L523-525), is run once per option: each is a way of paying it."""
    from ..effects import bind_natives

    game = tables.game
    powers = [i for i, power in enumerate(getattr(card, "powers", None) or ())
              if power.trigger == _activated(kind) and not power.native]
    if not powers or kind not in ("companion", "relic", "trait", "pet", "loot") \
            or tables.arrays["card_activated"][index] < 0:
        return CardPrice([[0] * NEEDS])
    fields = game.layout.FIELDS
    seats = dict(game.layout.SPACES)["player"]
    holdings = [fields["attribute_cubes"][0] + a * seats for a in range(6)]
    holdings += [fields["power_cubes"][0], fields["influence"][0], fields["power_cubes"][0] + 2 * seats]
    holdings += [fields["card_cubes"][0] + index, fields["score"][0]]
    natives = bind_natives(game, {name: (lambda state, args: 0) for name in game.layout.NATIVES}
                           | {"adjacent_player": lambda state, args: 1})
    power = _PowerRun(game, f"{kind}/{name_of(card)}/powers/{powers[0]}", holdings, natives,
                      tables.arrays["card_local"][index])
    choice_pc, options = power.opening_choice()
    return CardPrice([power.taken(option) for option in options] if options else [power.taken(None)], choice_pc)


@dataclass
class _PowerRun:
    """A card's power run on a scratch state where its player holds `plenty` of each holding (by cell)."""

    game: CompiledGame
    key: str
    holdings: list[int]
    natives: tuple[Any, ...]
    this: int

    def scratch(self, plenty: int) -> array[int]:
        from ..effects import empty_state

        state = empty_state(self.game, 0)
        for at in self.holdings:
            state[at] = plenty
        return state

    def opening_choice(self) -> tuple[int, tuple[int, ...]]:
        """The program counter the effect pauses at and the options, when it opens with a choice among its own
        options (numbered from 0: a `may` offers 1 then 0) before it changes anything; else (-1, ())."""
        from ..bytecode import PC, Status, pending_choice
        from ..effects import VMS, start

        state = self.scratch(50)
        before = state.tolist()
        frame = start(self.game, self.key, actor=0, this=self.this)
        status = VMS["python"](self.game.code, state, frame, self.game.data, self.natives, 100_000)
        pending = pending_choice(frame)
        if status is not Status.PAUSED or pending is None or pending.kind != 0 or state.tolist() != before \
                or pending.options != tuple(range(len(pending.options))):
            return -1, ()
        return frame[PC], pending.options

    def taken(self, opening: int | None) -> list[int]:
        """What one run takes from each holding, the opening choice answered `opening` (None: the first option),
        every later choice the first. Run with two amounts of plenty: a price is the same however much one holds,
        "lose all" is not a price."""
        from ..effects import run_to_end

        taken = []
        for plenty in (50, 70):
            state = self.scratch(plenty)
            answers = [] if opening is None else [opening]
            run_to_end(self.game, self.key, state, actor=0, this=self.this, natives=self.natives, engine="python",
                       choose=lambda pending: answers.pop() if answers else pending.options[0])
            taken.append([max(0, plenty - state[at]) for at in self.holdings])
        return [first if first == second else 0 for first, second in zip(*taken, strict=True)]


def _mastery_attribute(game: CompiledGame, key: str) -> int:
    """The attribute a card's `mastery` power counts it for once more: counts_for_mastery's second argument,
    read by running the effect with a counts_for_mastery that notes it."""
    from ..effects import bind_natives, empty_state, run_to_end

    noted: list[int] = []

    def note(state: array[int], args: list[int]) -> int:
        noted.append(args[1])
        return 0

    run_to_end(game, key, empty_state(game, 0), actor=0, choose=lambda pending: pending.options[0],
               natives=bind_natives(game, {"counts_for_mastery": note}), engine="python")
    return noted[0] if noted else -1


def _numbered_coast(rows: list[list[int]]) -> int:
    """How many spaces the numbered coast holds: the first rows of the island table, each touching the sea (a slot
    -1), run around the island in their order (Vak'lk's coastal move, L2370)."""
    count = 0
    while count < len(rows) and -1 in rows[count][:3]:
        count += 1
    return count


def _island(tables: VindicationTables, game: CompiledGame, modules: tuple[str, ...], preset: str | None) -> None:
    """The island's spaces (tables.yaml `island`, placeholder) and the regions of the modules on, the expansion
    tiles replacing base ones as a preset says (L2939-3031); `region_effect_cost`: the cost a repeatable region's
    effect pays itself in cubes (calling no native: Monastère, Sanctuaire), which an imbued crystal may help pay."""
    from ..effects import natives_called

    island = game.get("table", "island")
    tables.placeholders.append(quoted_note(game, "table", "island"))
    rows = island.values
    tables.arrays["space_slots"] = ints([value for row in rows for value in row[:3]])
    tables.arrays["space_next"] = ints([value - 1 for row in rows for value in row[3:]])
    tables.numbers["spaces"] = len(rows)
    tables.numbers["coast"] = _numbered_coast(rows)
    tables.numbers["slots"] = 1 + max(value for row in rows for value in row[:3])
    tables.regions = game.entities("region")
    tables.numbers["sacred_stones"] = [name_of(r) for r in tables.regions].index("pierres_sacrees")
    attributes = [name_of(a) for a in game.entities("attribute")]
    count, effect, repeatable, controllable, cost_attr, cost, need = [], [], [], [], [], [], []
    for region in tables.regions:
        name = name_of(region)
        module = ref(getattr(region, "module", None) or "base")
        count.append(int(region.count or 0) if module in modules and region.island is not False else 0)
        effect.append(tables.entry(f"region/{name}/powers/0") if count[-1] else -1)
        repeatable.append(int(bool(region.repeatable)))
        controllable.append(int(region.controllable is not False))
        attribute, param = REGION_COSTS.get(name, (None, None))
        cost_attr.append(attributes.index(attribute) if attribute else -1)
        cost.append(_param(region, param) if param else 0)
        need.append(REGION_NEEDS.get(name, 0))
    _swap(tables, game, count, preset)
    site = [name_of(r) for r in tables.regions].index("site_de_construction")
    tables.numbers["site_region"] = site
    tables.numbers["construction_sites"] = 0
    tables.numbers["site_cost"] = _param(tables.regions[site], "cost")
    if "sites_de_construction" in modules:
        sites = game.get("constant", "construction_sites")
        tables.numbers["construction_sites"] = count[site] = int(sites.value)
        effect[site] = tables.entry(f"region/{name_of(tables.regions[site])}/powers/0")
        _say_if_placeholder(tables, game, "construction_sites")
    tables.numbers["crystal_tokens"] = int(game.manifest["inventory"]["crystal_tokens"]) if "joaillier" in modules \
        else 0
    tables.numbers["crystal_procedure"] = list(game.layout.NATIVES).index("crystal_substitute") + 1
    called = natives_called(game)
    effect_cost = [cost[i] if effect[i] >= 0 and not called[f"region/{name_of(region)}/powers/0"] else 0
                   for i, region in enumerate(tables.regions)]
    for key, values in (("region_count", count), ("region_effect", effect), ("region_repeatable", repeatable),
                        ("region_controllable", controllable), ("region_cost_attr", cost_attr),
                        ("region_cost", cost), ("region_need", need), ("region_effect_cost", effect_cost)):
        tables.arrays[key] = ints(values)


def _swap(tables: VindicationTables, game: CompiledGame, count: list[int], preset: str | None) -> None:
    """Takes out the base tiles the expansion tiles replace: the named preset, else the standard (or only) one for
    their number; of a preset's alternatives, the first (the players' choice, L2981: a ruling)."""
    names = [name_of(region) for region in tables.regions]
    extra = sum(n for region, n in zip(tables.regions, count) if ref(region.module or "base") != "base")
    if extra == 0 and preset is None:
        return
    presets = {name_of(p): p for p in game.entities("region_preset")}
    if preset is None:
        fitting = [p for p in presets.values() if p.expansion_tiles == extra and p.option in ("standard", "only")]
        if not fitting:
            raise ValueError(f"no region preset swaps {extra} expansion tiles (region_presets.yaml)")
        chosen = fitting[0]
    else:
        chosen = presets[preset]
    for removal in chosen.remove[0]:
        count[names.index(ref(removal.region))] -= removal.n
    tables.placeholders.append(KernelLine.of(game, "placeholder_region_preset",
                                             preset=Named("region_preset", name_of(chosen))))


def _board(tables: VindicationTables, game: CompiledGame) -> None:
    """Mounts, masteries, the character's generation, conversion recipes, journeys, dice, trigger tokens."""
    attributes = [name_of(a) for a in game.entities("attribute")]
    mounts = sorted(game.entities("mount"), key=lambda m: m.level)
    tables.arrays["mount_speed"] = ints([m.speed for m in mounts])
    tables.arrays["mount_honour"] = ints([m.honour for m in mounts])
    masteries = {ref(m.attribute): m for m in game.entities("mastery")}
    tables.arrays["mastery_honour"] = ints([masteries[name].honour for name in attributes])
    tables.placeholders += [quoted_note(game, "mastery", name_of(m)) for m in masteries.values()
                            if m.status == "placeholder"]
    character = game.get("table", "character_generation")
    tables.arrays["character_generation"] = ints([value for row in character.values for value in row])
    tables.placeholders.append(quoted_note(game, "table", "character_generation"))
    tables.arrays["recipe"] = ints([value for a in game.entities("attribute")
                                    for value in ([attributes.index(ref(x)) for x in a.recipe] if a.recipe
                                                  else [-1, -1])])
    journeys = game.entities("journey")
    tables.arrays["journey_space"] = ints([j.start_space - 1 for j in journeys])
    tables.arrays["journey_colour"] = ints([attributes.index(ref(j.colour)) for j in journeys])
    tables.placeholders.append(quoted_note(game, "journey", name_of(journeys[0]), about="placeholder_journeys"))
    outcomes = ("epuisement", "mort", "rate")
    monster = game.get("die", "monster_die")
    tables.arrays["monster_die"] = ints([outcomes.index(ref(f.symbols[0])) for f in monster.faces
                                         for _ in range(f.count)])
    white = game.get("die", "attribute_die")
    tables.arrays["attribute_die"] = ints([f.value for f in white.faces for _ in range(f.count)])
    tables.placeholders += [quoted_note(game, "die", name_of(d)) for d in (monster, white)]
    spheres = sorted(game.entities("power_sphere"), key=lambda s: s.order)
    tables.arrays["start_cubes"] = ints([s.start_cubes for s in spheres])
    wishes = game.get("table", "wish_tokens")
    tables.arrays["wish_reward"] = ints([value for row in wishes.values for value in row])
    tables.numbers["wishes"] = len(wishes.values)
    tables.numbers["wishes_shown"] = _param(game.get("region", "puits_aux_souhaits"), "m")
    tables.numbers["wishing_well"] = [name_of(r) for r in tables.regions].index("puits_aux_souhaits")
    if tables.arrays["region_count"][[name_of(r) for r in tables.regions].index("puits_aux_souhaits")]:
        tables.placeholders.append(quoted_note(game, "table", "wish_tokens"))
    constants = {name_of(c): c.value for c in game.entities("constant")}
    tokens = sorted(value for name, value in constants.items() if name.startswith("trigger_token_"))
    tables.arrays["trigger_space"] = ints(tokens)
    tables.numbers["trigger_tokens"] = len(tokens)


def _guilds(tables: VindicationTables, game: CompiledGame, modules: tuple[str, ...]) -> None:
    """Guildes et Monuments (L3157-3264): which favour placements are played (all with the module), their
    param n (the honour or cubes they give), and the monument's places (a player's monument: a cube of each
    attribute, a tile of each aptitude, the conviction cube, whether it is rebuilt: `monument_size` cells)."""
    placements = {name_of(p): p for p in game.entities("favour_placement")}
    on = "guildes" in modules
    tables.arrays["favour_on"] = ints([int(on) for _ in FAVOURS])
    tables.arrays["favour_n"] = ints([int(dict(placements[name].params or {}).get("n", 0)) for name in FAVOURS])
    constants = {name_of(c): c for c in game.entities("constant")}
    for name in ("monument_attribute_slots", "monument_aptitude_slots", "monument_conviction_slots"):
        tables.numbers[name] = int(constants[name].value)
        if on:
            _say_if_placeholder(tables, game, name)


def _plan(tables: VindicationTables, game: CompiledGame) -> None:
    """One role, one phase: the steps of STEPS; the visit and the rest share budget 0 (one or the other, L229)."""
    uses = tables.arrays["numbers"][NUMBERS.index("main_action_uses")]
    favours = int(game.get("constant", "favour_placements_per_turn").value)
    per_turn = {"ability": uses, "activation": uses, "visite": uses, "repos": uses,
                "prise_de_controle": uses, "aptitude": tables.arrays["numbers"][NUMBERS.index("aptitudes_per_turn")],
                "redemption": uses,
                "faveur_de_guilde": favours}
    steps = [PlannedStep(key=f"action/{key}", role=0, phase=0,
                         procedure=FIRST_INTERNAL + INTERNAL.index(procedure), mode=mode,
                         per_turn=per_turn.get(key, 0), budget=0 if key in ("visite", "repos") else -1)
             for key, procedure, mode in STEPS]
    tables.plan, tables.steps = build_plan(1, 1, steps, [[uses]])
    tables.arrays["step_once"] = ints([int(step.mode == "once") for step in tables.steps])
    tables.numbers["favour_step"] = [step.key for step in tables.steps].index("action/faveur_de_guilde")
    tables.numbers["favour_per_turn"] = favours


def _myths(tables: VindicationTables, game: CompiledGame, modules: tuple[str, ...]) -> None:
    """Mythes et Merveilles (L3266-3391): the board's spheres for the game's player count (tables.yaml
    `myths_board`, placeholder: which attribute each takes and its bonus), the numbers of the event, the loot
    cards and Tuuk-Tuuk's visit."""
    on = "mythes" in modules
    constants = {name_of(c): c for c in game.entities("constant")}
    n = tables.numbers
    board = game.get("table", "myths_board")
    attributes = len(game.entities("attribute"))
    rows = board.values if on else []
    tables.arrays["myths_side"] = ints([row[0] for row in rows])
    tables.arrays["myths_accepts"] = ints([row[1] - 1 for row in rows])
    tables.arrays["myths_bonus"] = ints([row[2] - 1 for row in rows])
    tables.arrays["myths_amount"] = ints([row[3] for row in rows])
    n["myths_spheres"] = len(rows)
    n["myths_conviction"] = attributes
    for name in ("ronak_cubes", "ronak_slot", "ronak_exaltations", "loot_extra", "myths_board_blue_players"):
        n[name] = int(constants[name].value) if on else 0
        if on:
            _say_if_placeholder(tables, game, name)
    names = [name_of(r) for r in tables.regions]
    n["tuuk_region"] = names.index("tuuk_tuuk")
    n["zone_loot"] = [name_of(z) for z in game.entities("zone") if not z.per_player].index("expansion_stacks")
    tables.arrays["card_loot"] = ints([int(on and kind == "loot") for kind, _ in tables.cards])
    powers = [_loot_native(tables, index) if kind == "loot" else (-1, 0)
              for index, (kind, _) in enumerate(tables.cards)]
    tables.arrays["card_loot_native"] = ints([native for native, _ in powers])
    tables.arrays["card_loot_arg"] = ints([arg for _, arg in powers])
    attribute_names = [name_of(a) for a in game.entities("attribute")]
    tables.arrays["blind_deck"] = ints([attribute_names.index(DECK_OF_KIND[kind]) for kind in BLIND_DECKS])
    if on:
        tables.arrays["region_effect"][n["tuuk_region"]] = tables.entry("region/tuuk_tuuk/powers/0")
        tables.placeholders.append(quoted_note(game, "table", "myths_board"))


def _loot_native(tables: VindicationTables, index: int) -> tuple[int, int]:
    """Which of LOOT_NATIVES a loot card's activated power calls (its place, or -1) and that call's number
    argument (0 without one), noted by running the effect once with natives that note their calls."""
    from ..effects import bind_natives, empty_state, run_to_end

    if tables.arrays["card_activated"][index] < 0:
        return -1, 0
    game = tables.game
    card = tables.cards[index][1]
    noted: list[tuple[int, int]] = []

    def note(name: str) -> Any:
        def called(state: array[int], args: list[int]) -> int:
            noted.append((LOOT_NATIVES.index(name), args[1] if len(args) > 1 else 0))
            return 0
        return called

    natives = bind_natives(game, {name: (lambda state, args: 0) for name in game.layout.NATIVES}
                           | {name: note(name) for name in LOOT_NATIVES})
    power = [p.trigger for p in card.powers].index("activated")
    state = empty_state(game, 0)
    for at in (game.layout.FIELDS["power_cubes"][0], game.layout.FIELDS["influence"][0]):
        state[at] = 50
    run_to_end(game, f"loot/{name_of(card)}/powers/{power}", state, actor=0,
               this=tables.arrays["card_local"][index], choose=lambda pending: pending.options[0], natives=natives,
               engine="python")
    return noted[0] if noted else (-1, 0)
