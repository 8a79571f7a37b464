"""Vindication's Mythes et Merveilles expansion (L3266-3391) in worked positions on the Python form of the engine:
Ronak provoked and awake, an event turn and its offering, Ronak's defeat and the loot shared, the event's reset,
Tuuk-Tuuk's visit and a teleport token."""

from __future__ import annotations

from typing import Any

from lawforge.runtime import load
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel.engine import COUNT, KIND
from lawforge.runtime.kernel.state import GameState

GAME = load("vindication")
INSPIRATION, SAVOIR, FORCE, COURAGE, SAGESSE, VISION = range(6)
INFLUENCE, CONVICTION = 1, 2
STOP = 1000
PHASE, ON_RONAK, SESTRA = 0, 1, 2
DORMANT, AWAKE, DEFEATED = 0, 1, 2
HONOUR, CLONE = 0, 6


def myths_game(players: int = 2, seed: int = 1) -> GameState:
    """A game with Mythes et Merveilles past its setup, at the first player's turn."""
    state = new_state(GAME, players, seed, kernel="python", setup="myths")
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    return state


def reoffer(state: GameState) -> None:
    """The turn's menu offered again, as it stands after a test changed the position."""
    e = state.engine
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()


def step(state: GameState, key: str) -> int:
    return next(i for i, s in enumerate(state.engine.tables.steps) if s.key == f"action/{key}")


def around_ronak(e: Any) -> list[int]:
    return [s for s in range(e.nspaces) if e.myths.touches_ronak(e, s)]


def flag(e: Any, i: int) -> int:
    return int(e.myths.flag(e, i))


def end_move_on(state: GameState, seat: int, space: int) -> None:
    """The seat's medallion one space from `space`, then a move of one space onto it, stopped there."""
    e = state.engine
    start = next(s for s in range(e.nspaces) if space in [e.space_next[s * 3 + i] for i in range(3)]
                 and not e.occupied(s, seat) and s not in around_ronak(e))
    e.cells[e.k_pos + seat] = start
    reoffer(state)
    state.apply(step(state, "deplacement"))
    state.apply(space)
    if STOP in state.legal_actions():
        state.apply(STOP)


def wake_ronak(state: GameState) -> int:
    """The current player ends a move on the last treachery cube around Ronak; returns that player."""
    e = state.engine
    me = state.current_player()
    last = around_ronak(e)[0]
    for space in around_ronak(e):
        e.cells[e.myths.space_at(e, space)] = int(space == last)
    e.myths.set_flag(e, ON_RONAK, e.ronak_cubes - 1)
    end_move_on(state, me, last)
    return me


def to_event_turn(state: GameState) -> None:
    """Nobody augments as Ronak appears, and the player who woke him ends their turn."""
    e = state.engine
    end = len(e.tables.steps)
    while not e.myths.event_turn(e):
        state.apply(0 if e.decision()[0] == 17 else end if end in state.legal_actions() else state.legal_actions()[0])


def take_cube(e: Any, seat: int) -> None:
    """A cube of the seat's Power board (potential first) to put elsewhere, so that its 21 cubes stay 21."""
    e.add_sphere(next(sphere for sphere in (0, INFLUENCE, CONVICTION) if e.sphere(sphere, seat) > 0), seat, -1)


def spheres_in_play(e: Any) -> list[int]:
    return [s for s in range(e.myths.spheres) if e.myths.in_play(e, s)]


def test_ronak_waits_in_the_centre_and_a_move_ending_on_a_treachery_cube_puts_it_on_him() -> None:
    """L3273-3281: 18 region tiles and Ronak in the centre, a treachery cube on each of the 6 spaces around him,
    whose slot no visit reaches; L3294: a move that ends on a cube puts it on Ronak."""
    state = myths_game()
    e = state.engine
    around = around_ronak(e)
    assert len(around) == 6 and all(e.cells[e.myths.space_at(e, s)] == 1 for s in around)
    assert e.slot_region(e.ronak_slot) == e.tuuk_region and flag(e, ON_RONAK) == 0
    assert e.bag_left() + sum(int(e.slot_region(s) >= 0) for s in range(e.nslots)) == 19
    me = state.current_player()
    end_move_on(state, me, around[0])
    assert e.cells[e.myths.space_at(e, around[0])] == 0 and flag(e, ON_RONAK) == 1 and flag(e, PHASE) == DORMANT
    assert not e.island.visitable(e, me, e.ronak_slot)


def test_the_last_cube_wakes_ronak_sestra_goes_to_the_next_player_and_everyone_may_augment_three() -> None:
    """L3296-3310: Ronak appears; the next player takes Sestra; each player, from them on, may augment up to 3
    influence cubes to conviction; the player who woke him ends their turn as usual (L3298)."""
    state = myths_game()
    e = state.engine
    other = 1 - state.current_player()
    me = wake_ronak(state)
    assert flag(e, PHASE) == AWAKE and flag(e, SESTRA) == other
    assert state.current_player() == other and state.legal_actions() == [0, 1, 2, 3]
    assert state.describe(3, "en") == "Augment 3 Influence cubes to Conviction as Ronak appears"
    assert state.describe(1, "fr") == "Exalter 1 cube Influence en Conviction à l'apparition de Ronak"
    conviction = e.sphere(CONVICTION, other)
    state.apply(3)
    assert e.sphere(CONVICTION, other) == conviction + 3 and state.current_player() == me
    state.apply(0)
    assert state.current_player() == me and step(state, "activation") in state.legal_actions()
    assert e.cubes_of(me) == e.cubes_of(other) == 21


def test_an_event_turn_offers_activation_conversion_and_the_offering_then_ronak_charges() -> None:
    """L3312-3318: the champion of lowest initiative plays first; L3328-3368: no move nor visit, an attribute
    cube offered onto an empty sphere for its bonus (the Courage ring's 2 honour, L3336), then the charge: the
    white die's attribute generated whatever the black die says."""
    state = myths_game()
    e = state.engine
    wake_ronak(state)
    to_event_turn(state)
    first = min(range(2), key=lambda s: e.card_initiative[e.champion(s)])
    assert state.current_player() == first and e.myths.event_turn(e)
    offered = {e.tables.steps[a].key for a in state.legal_actions() if a < len(e.tables.steps)}
    assert "action/deplacement" not in offered and "action/visite" not in offered and "action/activation" in offered
    courage = next(s for s in spheres_in_play(e) if e.myths.accepts[s] == COURAGE and e.myths.bonus[s] == HONOUR)
    e.cells[e.o_attr + COURAGE * e.seats + first] += 1
    take_cube(e, first)
    reoffer(state)
    state.apply(step(state, "offer"))
    assert state.describe(courage, "en") == "Offer one Courage cube to the fight for: 2 honour"
    assert state.describe(courage, "uk") == "Віддати в бій кубик «Відвага» за: честь (2)"
    score = e.score(first)
    state.apply(courage)
    teleport = next(s for s in spheres_in_play(e) if e.myths.bonus[s] == 4)
    e.cells[e.myths.sphere_at(e, teleport)] = 2 - first  # the other player's cube
    take_cube(e, 1 - first)
    for a in range(6):  # every sphere offered now, clones included, is said in each locale
        e.cells[e.o_attr + a * e.seats + first] += 1
        take_cube(e, first)
    reoffer(state)
    state.apply(step(state, "offer"))
    for locale in ("en", "fr", "uk"):
        said = [state.describe(sphere, locale) for sphere in state.legal_actions()]
        assert len(said) == len(spheres_in_play(e)) - 2 and not any("{" in text for text in said)
    clone = next(s for s in state.legal_actions() if e.myths.bonus[s] == CLONE)
    assert state.describe(clone, "fr").endswith("pour : l'effet d'une sphère qui n'est plus disponible")
    state.apply(clone)
    assert sorted(state.legal_actions()) == sorted([courage, teleport])
    assert state.describe(courage, "en") == "Clone a sphere already taken: 2 honour"
    assert state.describe(teleport, "uk") == "Повторити вже зайняту сферу: жетони телепортації (1)"
    state.apply(courage)
    assert e.score(first) == score + 4 and e.cells[e.myths.sphere_at(e, courage)] == first + 1
    assert e.cubes_of(first) == 21
    e.add_sphere(INFLUENCE, first, e.sphere(CONVICTION, first))
    e.add_sphere(CONVICTION, first, -e.sphere(CONVICTION, first))  # no conviction: a death is not prevented
    champion, attributes = e.champion(first), sum(e.attr(a, first) for a in range(6))
    cubes = e.card_cubes(champion)
    state.apply(len(e.tables.steps))  # the menu ends: Ronak's charge, then the next champion's turn
    assert state.current_player() == 1 - first and sum(e.attr(a, first) for a in range(6)) == attributes + 1
    assert e.card_cubes(champion) > cubes or not e.owns(first, champion) or e.card_cubes(champion) == cubes
    assert e.cubes_of(first) == 21


def test_ronak_defeated_turns_his_tile_shares_the_loot_and_the_game_goes_on_from_sestra() -> None:
    """L3372-3391: the last sphere taken defeats Ronak; players + 2 loot cards face up, chosen from the highest
    initiative of any companion down; the others back in the box; Sestra's holder plays next, the first player
    from then on; Tuuk-Tuuk may be visited for a cube of an attribute one has none of (L3380-3382)."""
    state = myths_game()
    e = state.engine
    wake_ronak(state)
    to_event_turn(state)
    me = state.current_player()
    spheres = spheres_in_play(e)
    last = next(s for s in spheres if e.myths.bonus[s] == HONOUR and e.myths.accepts[s] == COURAGE)
    for sphere in spheres:
        if sphere != last:
            e.cells[e.myths.sphere_at(e, sphere)] = me + 1
            take_cube(e, me)
    e.cells[e.o_attr + COURAGE * e.seats + me] += 1
    take_cube(e, me)
    reoffer(state)
    state.apply(step(state, "offer"))  # the one sphere left, taken without asking
    assert flag(e, PHASE) == DEFEATED and e.cells[e.myths.sphere_at(e, last)] == me + 1
    order = sorted(range(2), key=lambda s: -max(e.card_initiative[c] for c in range(e.ncards)
                                               if e.card_kind[c] == 0 and e.owns(s, c)))
    shown = state.legal_actions()
    assert state.current_player() == order[0] and len(shown) == 2 + 2
    assert state.describe(shown[0], "fr").startswith("Prendre la carte Butin ")
    state.apply(shown[0])
    assert state.current_player() == order[1] and shown[0] not in state.legal_actions()
    state.apply(state.legal_actions()[0])
    loot = [c for c in range(e.ncards) if e.myths_rewards.card_loot[c]]
    assert sum(1 for c in loot if e.zone(c) == e.zone_box) == len(loot) - 2
    assert all(any(e.owns(s, c) for c in loot) for s in range(2)) and e.cubes_of(me) == 21
    while state.current_player() == me:
        state.apply(state.legal_actions()[-1])
    assert state.current_player() == flag(e, SESTRA) == e.game_flag(2)
    visitor = state.current_player()
    around = around_ronak(e)[0]
    e.cells[e.k_pos + visitor] = around
    for a in range(6):
        e.spend(visitor, a, e.attr(a, visitor))
    e.generate(visitor, SAGESSE, 1)
    reoffer(state)
    assert e.island.visitable(e, visitor, e.ronak_slot)
    state.apply(step(state, "visite"))
    if e.decision()[0] == 11:  # the slot visited, when more than one is beside
        state.apply(e.ronak_slot)
    assert sorted(state.legal_actions()) == [INSPIRATION, SAVOIR, FORCE, COURAGE, VISION]
    assert state.describe(VISION, "en") == "Generate a Vision cube"
    state.apply(VISION)
    assert e.attr(VISION, visitor) == 1 and e.cubes_of(visitor) == 21


def test_with_every_companion_dead_the_event_resets() -> None:
    """L3368: Ronak has won: the board's cubes back to their players' influence, the treachery cubes back around
    him where nobody stands, the others left on him; the game goes on from Sestra's holder."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    taken = spheres_in_play(e)[:3]
    for sphere in taken:
        e.cells[e.myths.sphere_at(e, sphere)] = me + 1
        take_cube(e, me)
    for card in range(e.ncards):
        for seat in range(2):
            if e.card_kind[card] == 0 and e.owns(seat, card):
                e.lose_card(seat, card)
    influence = e.influence(me)
    woke = wake_ronak(state)
    assert woke == me and state.current_player() == 1 - me and e.decision()[0] == 17
    while e.decision()[0] == 17:  # nobody augments
        state.apply(0)
    assert flag(e, PHASE) == DORMANT and all(e.cells[e.myths.sphere_at(e, s)] == 0 for s in taken)
    assert e.influence(me) == influence + len(taken) and e.cubes_of(me) == 21
    free = [s for s in around_ronak(e) if not e.occupied(s, -1)]
    assert all(e.cells[e.myths.space_at(e, s)] == 1 for s in free)
    assert flag(e, ON_RONAK) == e.ronak_cubes - len(free)


def test_a_teleport_token_takes_the_medallion_to_any_free_space_once() -> None:
    """L3352: a token from the board, used once to teleport to any unoccupied space."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    assert step(state, "teleport_token") not in state.legal_actions()
    e.cells[e.myths_rewards.k_tokens + me] = 1
    reoffer(state)
    state.apply(step(state, "teleport_token"))
    free = [s for s in range(e.nspaces) if not e.occupied(s, -1)]
    assert sorted(state.legal_actions()) == free
    assert state.describe(free[-1], "en") == f"Teleport to space {free[-1] + 1}"
    state.apply(free[-1])
    assert e.pos(me) == free[-1] and e.cells[e.myths_rewards.k_tokens + me] == 0
    assert step(state, "teleport_token") not in state.legal_actions()


def test_a_loot_card_diminishes_a_power_cube_for_its_power_once_a_turn() -> None:
    """L2406-2412: the Amulette iridescente antique, once a turn, for 1 diminished power cube (conviction to
    influence, or influence to potential): 1 attribute cube of one's choice."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    amulet = loot_card(e, "amulette")
    assert step(state, "loot") not in state.legal_actions()
    e.gain_card(me, amulet)
    reoffer(state)
    assert state.describe(step(state, "loot"), "uk") == "Використати карту здобичі"
    state.apply(step(state, "loot"))  # the amulet, the one loot card usable, taken without asking
    conviction, influence = e.sphere(CONVICTION, me), e.influence(me)
    state.apply(0)  # conviction diminished to influence
    assert e.sphere(CONVICTION, me) == conviction - 1 and e.influence(me) == influence + 1
    vision = e.attr(VISION, me)
    assert VISION in state.legal_actions()
    state.apply(VISION)
    assert e.attr(VISION, me) == vision + 1 and e.cubes_of(me) == 21
    assert step(state, "loot") not in state.legal_actions()


def loot_card(e: Any, name: str) -> int:
    return next(c for c, (kind, card) in enumerate(e.tables.cards) if kind == "loot" and card.id.name.lower() == name)


def holding_loot(state: GameState, name: str) -> int:
    """The loot card joins the current player's party; returns it."""
    e = state.engine
    card = loot_card(e, name)
    e.gain_card(state.current_player(), card)
    reoffer(state)
    return card


def use_loot(state: GameState) -> None:
    """The one loot card held used, its power cube diminished from conviction."""
    state.apply(step(state, "loot"))
    state.apply(0)


def test_every_loot_cards_power_plays_with_every_module_on() -> None:
    """L2404-2520: every loot card's power is run; with every module on, every effect is run."""
    state = new_state(GAME, 3, 1, kernel="python", setup="everything")
    tables = state.engine.tables
    assert all(tables.arrays["card_activated"][c] >= 0 for c, (kind, _) in enumerate(tables.cards) if kind == "loot")
    assert tables.unplayed == []


def test_the_banner_acquires_the_top_face_down_trait_and_leaves_the_game() -> None:
    """L2434-2438: the Étrange étendard out of the game, the top face-down trait acquired, its honour gained; not
    offered once no face-down trait is left."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    banner = holding_loot(state, "etendard")
    deck = e.deck_zone[SAGESSE]
    trait = e.top_facedown(deck)
    score = e.score(me)
    use_loot(state)
    assert e.owns(me, trait) and e.zone(banner) == e.zone_box and e.score(me) == score + e.card_honour[trait]
    e.gain_card(me, banner)
    for card in range(e.ncards):
        if e.zone(card) == deck and e.cells[e.o_faceup + card] == 0:
            e.put(card, e.zone_box, -1)
    reoffer(state)
    assert step(state, "loot") not in state.legal_actions()


def test_unknown_magic_acquires_the_top_face_down_relic_uncharged() -> None:
    """L2454-2458: Magie inconnue out of the game, the top face-down relic acquired with its honour, no influence
    cube on it."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    magic = holding_loot(state, "magie_inconnue")
    relic = e.top_facedown(e.deck_zone[VISION])
    influence, score = e.influence(me), e.score(me)
    use_loot(state)
    assert e.owns(me, relic) and e.zone(magic) == e.zone_box and e.card_cubes(relic) == 0
    assert e.score(me) == score + e.card_honour[relic] and e.influence(me) == influence + 1  # the cube diminished


def test_the_spear_exchanges_a_relic_for_one_of_the_board_its_cubes_moving_over_no_honour_changing() -> None:
    """L2444-2448: a relic held for the face-up relic or the top face-down one; the old one to the box, its
    influence cubes onto the new one, no honour lost or gained."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    holding_loot(state, "lance")
    deck = e.deck_zone[VISION]
    mine = e.top_facedown(deck)
    e.gain_card(me, mine)
    e.cells[e.o_card_cubes + mine] = 2
    e.add_sphere(INFLUENCE, me, -2)
    reoffer(state)
    faceup, score = e.top_faceup(deck), e.score(me)
    use_loot(state)  # the one relic held, taken without asking
    assert sorted(state.legal_actions()) == [faceup, STOP]
    assert state.describe(STOP, "en") == "Draw the top face-down card blind"
    assert state.describe(faceup, "fr") == f"Prendre {GAME.name_of(e.tables.cards[faceup][1], 'fr')}"
    state.apply(faceup)
    assert e.owns(me, faceup) and e.zone(mine) == e.zone_box and e.card_cubes(faceup) == 2
    assert e.card_cubes(mine) == 0 and e.score(me) == score and e.cubes_of(me) == 21
    assert e.top_faceup(deck) >= 0


def test_the_powder_exchanges_a_companion_for_a_face_up_one_of_the_board() -> None:
    """L2494-2498: one of the player's companions (none under a treachery cube: a ruling) for a face-up companion
    of the board; the old one to the box, its influence cubes onto the new one, no honour lost or gained."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    holding_loot(state, "poudre")
    mine = next(c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c))
    second = next(c for c in range(e.ncards) if e.card_kind[c] == 0 and e.zone(c) == e.deck_zone[INSPIRATION]
                  and e.cells[e.o_faceup + c] == 0)
    e.gain_card(me, second)
    e.cells[e.k_treachery_card + second] = 1
    e.cells[e.o_card_cubes + mine] += 1
    e.add_sphere(INFLUENCE, me, -1)
    reoffer(state)
    board = sorted(e.top_faceup(e.deck_zone[a]) for a in range(3))
    cubes, score = e.card_cubes(mine), e.score(me)
    use_loot(state)  # the companion free of a treachery cube, taken without asking
    assert sorted(state.legal_actions()) == board
    state.apply(board[0])
    assert e.owns(me, board[0]) and e.zone(mine) == e.zone_box and e.card_cubes(board[0]) == cubes
    assert e.score(me) == score and e.cubes_of(me) == 21


def test_the_sceptre_swaps_an_aptitude_tile_for_another_left_on_the_board() -> None:
    """L2504-2508: an aptitude tile held back to its place on the board, another attribute's taken."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    holding_loot(state, "sceptre_veilleur")
    assert step(state, "loot") not in state.legal_actions()  # no tile to give
    e.cells[e.k_stock + INSPIRATION] -= 1
    e.cells[e.o_aptitudes + INSPIRATION * e.seats + me] = 1
    e.cells[e.k_stock + SAVOIR] = 0
    reoffer(state)
    use_loot(state)  # the inspiration tile, the one held, given without asking
    assert sorted(state.legal_actions()) == [FORCE, COURAGE, SAGESSE, VISION]
    assert state.describe(VISION, "en") == "Take the Vision aptitude tile"
    stock = e.cells[e.k_stock + VISION]
    state.apply(VISION)
    assert e.cells[e.o_aptitudes + INSPIRATION * e.seats + me] == 0
    assert e.cells[e.o_aptitudes + VISION * e.seats + me] == 1 and e.cells[e.k_stock + VISION] == stock - 1


def test_the_feather_replaces_an_active_trigger_card_with_the_top_of_the_deck() -> None:
    """L2484-2488: an active end-game trigger card of the player's choice to the box, the top card of the trigger
    deck face up in its place."""
    state = myths_game()
    e = state.engine
    holding_loot(state, "plume")
    active = [c for c in range(e.ncards) if e.zone(c) == e.zone_trigger_deck and e.cells[e.o_faceup + c] == 1]
    top = e.top_facedown(e.zone_trigger_deck)
    use_loot(state)
    assert sorted(state.legal_actions()) == sorted(active) and len(active) == 2
    assert state.describe(active[0], "uk").startswith("Замінити карту завершення гри «")
    state.apply(active[0])
    assert e.zone(active[0]) == e.zone_box and e.cells[e.o_faceup + top] == 1 and e.zone(top) == e.zone_trigger_deck


def test_the_ring_takes_one_cube_off_the_next_card_gained_this_turn_only() -> None:
    """L2418-2420: after the Anneau d'ambition aveugle, the next card gained this turn costs 1 cube less (a trait:
    1 wisdom instead of 2); the card after it costs its full price."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    holding_loot(state, "anneau")
    use_loot(state)
    slot = next(s for s in range(e.nslots) if e.adjacent_slot(me, s) and s != e.ronak_slot)
    e.cells[e.k_slot + slot] = int(GAME.get("region", "tombeau_des_anciens").id)
    e.cells[e.o_attr + SAGESSE * e.seats + me] += 1 - e.attr(SAGESSE, me)
    e.add_sphere(INFLUENCE, me, 21 - e.cubes_of(me))
    reoffer(state)
    state.apply(step(state, "visite"))
    if slot in state.legal_actions():
        state.apply(slot)
    trait = e.top_faceup(e.deck_zone[SAGESSE])
    state.apply(0)  # the face-up trait
    assert e.owns(me, trait) and e.attr(SAGESSE, me) == 0
    assert e.card_cost(2) == 2  # spent by the card gained


def ring_used_beside(modules: list[str], attributes: dict[int, int], crystals: int = 0) -> tuple[GameState, int]:
    """A first turn: the Anneau used, the player holding these attribute cubes (the rest back to influence) and
    crystals, then visiting the region of the first of `modules` (put on an adjacent space); the state and the
    player."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "mythes", *modules])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    e = state.engine
    me = state.current_player()
    holding_loot(state, "anneau")
    use_loot(state)
    slot = next(s for s in range(e.nslots) if e.adjacent_slot(me, s) and s != e.ronak_slot)
    e.cells[e.k_slot + slot] = int(GAME.get("region", modules[0]).id)
    for attribute, n in attributes.items():
        e.add_sphere(INFLUENCE, me, e.attr(attribute, me) - n)
        e.cells[e.o_attr + attribute * e.seats + me] = n
    if crystals:
        e.cells[e.k_crystals + me] = crystals
    reoffer(state)
    state.apply(step(state, "visite"))
    if slot in state.legal_actions():
        state.apply(slot)
    return state, me


def test_the_ring_takes_a_cube_of_the_players_choice_off_a_pets_price() -> None:
    """L2420 with the Ménagerie (L3070): the next card is a pet, whose price is a cube of each of inspiration,
    knowledge and strength; the player chooses the attribute that pays one cube less."""
    state, me = ring_used_beside(["menagerie"], {INSPIRATION: 1, SAVOIR: 1, FORCE: 1})
    e = state.engine
    pet = next(c for c in state.legal_actions() if c != STOP)
    state.apply(pet)
    assert sorted(state.legal_actions()) == [INSPIRATION, SAVOIR, FORCE]
    assert state.describe(FORCE, "en") == "Pay one Strength cube less"
    state.apply(FORCE)
    assert e.owns(me, pet) and [e.attr(a, me) for a in (INSPIRATION, SAVOIR, FORCE)] == [0, 0, 1]
    assert e.card_cost(1) == 1 and e.cubes_of(me) == 21


def test_the_ring_takes_a_cube_off_an_imbued_crystal_card_and_only_off_the_first() -> None:
    """L2420 with Joaillier (L3049): the next card is an imbued crystal card, 2 cubes of its attribute instead of 3;
    the one after it costs its 3."""
    state, me = ring_used_beside(["joaillier"], {a: 2 if a in (SAVOIR, VISION) else 0 for a in range(6)},
                                 crystals=2)
    e = state.engine
    while sorted(state.legal_actions()) != [SAVOIR, VISION, STOP]:  # nothing welded, nothing delivered
        state.apply(0)
    state.apply(VISION)
    assert e.attr(VISION, me) == 0 and e.owns(me, e.tables.arrays["crystal_card"][VISION])
    assert state.decision_kind() == 1 and e.cubes_of(me) == 21  # the turn's menu: the next card costs 3 knowledge



LOOT_USED = 8
"""Mythes et Merveilles' record (myths_rewards.py): the loot cards used this turn, by bit."""


def power_board(e: Any, seat: int, influence: int, conviction: int) -> list[int]:
    """The seat's power cubes laid out anew, as many as before, the rest in potential; and the loot cards unused this
    turn. Returns the layout: [potential, influence, conviction]."""
    total = sum(e.sphere(sphere, seat) for sphere in (0, INFLUENCE, CONVICTION))
    for sphere, n in ((0, total - influence - conviction), (INFLUENCE, influence), (CONVICTION, conviction)):
        e.add_sphere(sphere, seat, n - e.sphere(sphere, seat))
    e.cells[e.k_myths + LOOT_USED] = 0
    return spheres(e, seat)


def spheres(e: Any, seat: int) -> list[int]:
    return [e.sphere(sphere, seat) for sphere in (0, INFLUENCE, CONVICTION)]


def test_a_power_cube_is_diminished_from_conviction_or_from_influence_whichever_the_player_holds() -> None:
    """L523-525, L2406: diminishing a power cube moves it one level left, conviction to influence or influence to
    potential. A player with influence and no conviction is offered the Amulette and pays from influence; one with
    conviction alone pays from conviction (that needs nothing else); the payment offers only the ways the player can
    pay, both when both can; one who can pay neither way is not offered the power (the amulet's attribute cube comes
    from influence too: diminished from influence, it takes two cubes there)."""
    state = myths_game()
    e = state.engine
    me = state.current_player()
    holding_loot(state, "amulette")
    potential, influence, conviction = power_board(e, me, 2, 0)
    reoffer(state)
    state.apply(step(state, "loot"))  # the payment has one answer left, taken without asking
    assert spheres(e, me) == [potential + 1, influence - 1, 0]
    vision = e.attr(VISION, me)
    state.apply(VISION)
    assert e.attr(VISION, me) == vision + 1
    potential, influence, conviction = power_board(e, me, 0, 1)
    reoffer(state)
    state.apply(step(state, "loot"))
    assert spheres(e, me) == [potential, 1, 0]
    state.apply(VISION)
    potential, influence, conviction = power_board(e, me, 1, 1)  # from influence, it would be one cube short
    reoffer(state)
    state.apply(step(state, "loot"))
    assert spheres(e, me) == [potential, 2, 0]
    state.apply(VISION)
    potential, influence, conviction = power_board(e, me, 2, 1)
    reoffer(state)
    state.apply(step(state, "loot"))
    assert state.legal_actions() == [0, 1]  # the player's choice
    state.apply(1)
    assert spheres(e, me) == [potential + 1, influence - 1, conviction]
    state.apply(VISION)
    for influence, conviction in ((1, 0), (0, 0)):
        power_board(e, me, influence, conviction)
        reoffer(state)
        assert step(state, "loot") not in state.legal_actions()
