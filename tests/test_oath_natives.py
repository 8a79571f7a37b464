"""The Oath kernel's natives, each against what its declaration in content/oath/natives/ says."""

from __future__ import annotations

from lawforge.runtime.oath import campaign
from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.power_tables import kernel_natives
from test_oath_banners import started
from test_oath_play import OATH

BOUND = kernel_natives(OATH)


def call(state: OathState, name: str, *args: int) -> int:
    return BOUND[name](state.flat.cells, list(args))


def cleared_site(state: OathState) -> int:
    """Seat 0's site, its cards put away in the box for a clean position."""
    site = state.flat.get("pawn_site", 0)
    for card in state.cards_at(site):
        state.cards.put(card, state.cards.zone("box"))
    return site


def test_rule_follows_warbands_and_advisers() -> None:
    state = started(1)
    site = state.flat.get("pawn_site", 0)
    site_card = state.site_card(site)
    adviser = state.advisers(1)[0]
    assert call(state, "player_rules", 0, site_card) == 1 and call(state, "player_rules", 1, site_card) == 0
    assert call(state, "player_rules", 1, adviser) == 1 and call(state, "player_rules", 0, adviser) == 0
    assert call(state, "ruler_of", site_card) == 0 and call(state, "ruler_of", adviser) == 1
    empty = next(s for s in state.sites_on_map() if not any(state.rules(p, s) for p in range(2)))
    assert call(state, "ruler_of", state.site_card(empty)) == -1, "bandits rule it"


def test_exiles_are_everyones_enemies() -> None:
    state = OathState(OATH, 3, 2)
    assert call(state, "is_enemy", 0, 1) == 1 and call(state, "is_enemy", 1, 2) == 1
    assert call(state, "is_enemy", 1, 1) == 0 and call(state, "is_enemy", 0, -1) == 0


def test_take_relic_and_put_on_bottom() -> None:
    state = started(3)
    relic = state.cards.in_zone(state.cards.zone("reliquary"))[0]
    call(state, "take_relic", 1, relic - state.cards.base["relic"])
    assert relic in state.cards.in_zone(state.cards.zone("relics_held", 1)) and state.flat.get("card_faceup", relic)
    deck = state.cards.zone("world_deck")
    top = state.cards.in_zone(deck)[-1]
    call(state, "put_on_bottom", top, deck)
    assert state.cards.in_zone(deck)[0] == top


def test_discard_card_sends_the_card_on_and_its_tokens_home() -> None:
    state = started(4)
    alchemist = state.cards.of("denizen", "alchemist")
    site = state.flat.get("pawn_site", 0)
    state.cards.put(alchemist, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", alchemist, site)
    state.flat.move(("shared_favor",), ("card_favor", alchemist), 2)
    state.flat.move(("shared_secret",), ("card_secret", alchemist), 1)
    arcane = int(OATH.enums["suit"]["ARCANE"])
    bank = state.flat.get("bank_favor", arcane)
    call(state, "discard_card", 1, alchemist)
    assert state.flat.get("card_zone", alchemist) == state.cards.discard_target(state.region_of(site))
    assert state.flat.get("bank_favor", arcane) == bank + 2 and state.flat.get("secret_facedown", 1) == 1


def test_campaign_natives_read_the_campaign() -> None:
    state = started(5)
    site = state.flat.get("pawn_site", 0)
    state.flat.set("pawn_site", 1, site)
    state.flat.set("current_player", 1)
    assert call(state, "campaign_attacker") == -1
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.TARGET_PAWN))
    assert call(state, "campaign_attacker") == 1 and call(state, "campaign_defender") == 0
    assert call(state, "campaign_targets_card", state.site_card(site)) == 1
    assert call(state, "campaign_targets_at_site", site) == 2, "the site and the pawn"
    assert call(state, "is_campaign_ally", 0) == 0


def at_site(state: OathState, card: int, site: int) -> None:
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)


def test_top_card_of_is_the_last_in_card_order_or_none() -> None:
    state = started(3)
    deck = state.cards.zone("relic_deck")
    assert call(state, "top_card_of", deck) == state.cards.in_zone(deck)[-1]
    assert call(state, "top_card_of", state.cards.zone("revealed_vision", 0)) == -1


def test_move_card_to_site_keeps_its_tokens_and_follows_restrictions_and_capacity() -> None:
    state = started(4)
    site = cleared_site(state)
    capacity = state.cards.capacity(site)
    alchemist, palanquin, ale = (state.cards.of("denizen", d) for d in ("alchemist", "palanquin", "around_of_ale"))
    for card in (alchemist, palanquin, ale):
        state.cards.put(card, state.cards.zone("advisers", 0), faceup=True)
    state.flat.move(("favor", 0), ("card_favor", alchemist), 1)
    call(state, "move_card_to_site", alchemist, site)
    assert state.cards_at(site) == [alchemist] and state.flat.get("card_faceup", alchemist)
    assert state.flat.get("card_favor", alchemist) == 1, "a moved card keeps what is on it"
    call(state, "move_card_to_site", palanquin, site)
    call(state, "move_card_to_site", ale, site)
    assert state.cards_at(site) == [alchemist], "an adviser-only card and a locked card stay (5.1.4, 7.2.2)"
    fillers = [c for c in state.cards.all("denizen") if state.restriction[c] is None
               and not OATH.entities("denizen")[c - state.cards.base["denizen"]].locked and c != alchemist]
    for card in fillers[:capacity - 1]:
        at_site(state, card, site)
    mover = fillers[capacity]
    state.cards.put(mover, state.cards.zone("advisers", 1), faceup=True)
    call(state, "move_card_to_site", mover, site)
    assert state.flat.get("card_zone", mover) == state.cards.zone("advisers", 1), "no room at the site (2.8.1)"
    elsewhere = next(s for s in state.sites_on_map() if s != site and not state.cards_at(s))
    call(state, "move_card_to_site", mover, elsewhere)
    assert state.cards_at(elsewhere) == [mover]


def test_homesteaders_moves_a_faceup_adviser_to_your_site() -> None:
    state = started(6)
    site = cleared_site(state)
    homesteaders = state.cards.of("denizen", "homesteaders")
    state.cards.put(homesteaders, state.cards.zone("advisers", 0), faceup=True)
    use = action(Kind.USE_POWER, homesteaders)
    assert use in state.legal_actions()
    state.apply(use)
    assert state.cards_at(site) == [homesteaders] and homesteaders not in state.advisers(0)


def test_roll_defense_total_doubles_the_shields_per_double_face_with_the_states_dice() -> None:
    state = started(7)
    twin = state.clone()
    rolled = campaign._roll(twin, "defense_die", ("shield", "double"), 6)
    assert call(state, "roll_defense_total", 6) == rolled["shield"] * 2 ** rolled["double"]
    assert state.flat.cells == twin.flat.cells, "the same dice as a Campaign's defense roll"
    assert call(state, "roll_defense_total", 0) == 0 and state.flat.cells == twin.flat.cells


def test_return_tokens_as_in_rest_keeps_the_favor_on_the_given_card() -> None:
    state = started(8)
    site = state.flat.get("pawn_site", 0)
    ale, alchemist = state.cards.of("denizen", "around_of_ale"), state.cards.of("denizen", "alchemist")
    scepter = state.cards.of("relic", "grand_scepter")
    for card in (ale, alchemist):
        at_site(state, card, site)
    state.flat.move(("shared_favor",), ("card_favor", ale), 1)
    state.flat.move(("shared_favor",), ("card_favor", alchemist), 2)
    state.flat.move(("shared_secret",), ("card_secret", alchemist), 1)
    state.flat.move(("shared_secret",), ("card_secret", scepter), 1)
    state.flat.move(("shared_secret",), ("secret_facedown", 0), 2)
    arcane = int(OATH.enums["suit"]["ARCANE"])
    bank, secrets = state.flat.get("bank_favor", arcane), state.flat.get("secret", 0)
    call(state, "return_tokens_as_in_rest", 0, ale)
    assert state.flat.get("card_favor", ale) == 1 and state.flat.get("card_favor", alchemist) == 0
    assert state.flat.get("bank_favor", arcane) == bank + 2
    assert state.flat.get("secret", 0) == secrets + 4 and state.flat.get("secret_facedown", 0) == 0
    assert state.flat.get("card_secret", scepter) == 0


def test_oracle_draws_the_vision_nearest_the_top_and_plays_it_as_if_searched() -> None:
    state = started(9)
    site = cleared_site(state)
    oracle = state.cards.of("denizen", "oracle")
    at_site(state, oracle, site)
    state.flat.move(("shared_secret",), ("secret", 0), 2)
    deck = state.cards.in_zone(state.cards.zone("world_deck"))
    vision = next(c for c in reversed(deck) if c in state.visions)
    drawn = state.flat.get("visions_drawn")
    state.apply(action(Kind.USE_POWER, oracle))
    assert state.flat.get("phase") == Phase.SEARCH_PLAY
    assert state.cards.in_zone(state.cards.zone("drawn", 0)) == [vision]
    assert state.flat.get("card_seen", vision, 0) and state.flat.get("visions_drawn") == drawn + 1
    assert action(Kind.DISCARD, vision) in state.legal_actions()
    assert action(Kind.PLAY_TO_SITE, vision) not in state.legal_actions(), "a Vision never goes to a site"


def test_play_or_discard_card_takes_the_card_into_the_players_play_step() -> None:
    state = started(10)
    conspiracy = state.cards.of("vision", "conspiracy")
    state.cards.put(conspiracy, state.cards.zone("advisers", 1))
    call(state, "play_or_discard_card", 0, conspiracy)
    assert state.cards.in_zone(state.cards.zone("drawn", 0)) == [conspiracy]
    assert state.flat.get("card_seen", conspiracy, 0) and state.flat.get("effect_return") == Phase.SEARCH_PLAY


def test_travel_reveals_a_facedown_site_and_can_travel_to_any_other_site_on_the_map() -> None:
    state = started(11)
    here = state.flat.get("pawn_site", 1)
    hidden = next(s for s in state.sites_on_map() if not state.flat.get("card_faceup", state.site_card(s)))
    off_map = next(s for s in range(len(OATH.entities("site"))) if s not in state.sites_on_map())
    assert call(state, "can_travel_to", 1, hidden) == 1
    assert call(state, "can_travel_to", 1, here) == 0 and call(state, "can_travel_to", 1, off_map) == 0
    entity = OATH.entities("site")[hidden]
    relics = state.cards.in_zone(state.cards.zone("relic_deck"))[::-1][:entity.relics]
    call(state, "travel", 1, hidden)
    card = state.site_card(hidden)
    assert state.flat.get("pawn_site", 1) == hidden and state.flat.get("card_faceup", card)
    assert state.flat.get("card_favor", card) == entity.start_favor and state.relics_at(hidden) == sorted(relics)
    call(state, "travel", 1, hidden)
    assert state.flat.get("card_favor", card) == entity.start_favor, "the reveal prompt resolves once"


def test_campaign_forces_count_board_and_targeted_site_warbands() -> None:
    state = started(5)
    site = state.flat.get("pawn_site", 0)
    assert call(state, "campaign_attack_force") == 0 and call(state, "campaign_defense_force") == 0
    state.flat.set("pawn_site", 1, site)
    state.flat.set("current_player", 1)
    state.apply(action(Kind.CAMPAIGN, 0))
    assert call(state, "campaign_attack_force") == state.flat.get("warbands", 1) == 3
    defending = state.flat.get("site_warbands", site, 0) + state.flat.get("warbands", 0)
    assert call(state, "campaign_defense_force") == defending, "the site, and the board: the pawn is there"
    state.flat.set("pawn_site", 0, next(s for s in state.sites_on_map() if s != site))
    assert call(state, "campaign_defense_force") == state.flat.get("site_warbands", site, 0)


def test_shuffle_zone_reorders_facedown_with_the_states_dice_and_nobody_knows_the_order() -> None:
    state = started(12)
    pile = state.cards.zone("dispossessed")
    cards = state.cards.all("denizen")[:8]
    for card in cards:
        state.cards.put(card, pile, faceup=True)
        state.flat.set("card_seen", card, 0, 1)
    twin = state.clone()
    call(state, "shuffle_zone", pile)
    assert state.cards.in_zone(pile) == twin.flat.shuffled(cards)[::-1], "the first of the shuffle ends on top"
    assert not any(state.flat.get("card_faceup", c) or state.flat.get("card_seen", c, 0) for c in cards)
    again = twin.clone()
    call(twin, "shuffle_zone", pile)
    call(again, "shuffle_zone", pile)
    assert twin.flat.cells == again.flat.cells, "replays shuffle alike"


def test_peek_top_cards_shows_the_top_n_to_one_player_and_moves_nothing() -> None:
    state = started(13)
    deck = state.cards.zone("world_deck")
    before = state.cards.in_zone(deck)
    call(state, "peek_top_cards", 1, deck, 3)
    assert [state.flat.get("card_seen", c, 1) for c in before[-4:]] == [0, 1, 1, 1]
    assert not any(state.flat.get("card_seen", c, 0) for c in before[-3:]) and state.cards.in_zone(deck) == before


def test_campaign_targets_pawn_and_banner_read_the_declared_targets() -> None:
    state = started(5)
    site = state.flat.get("pawn_site", 0)
    state.flat.set("pawn_site", 1, site)
    state.flat.set("current_player", 1)
    state.apply(action(Kind.CAMPAIGN, 0))
    assert call(state, "campaign_targets_pawn", 0) == 0
    state.apply(action(Kind.TARGET_PAWN))
    assert call(state, "campaign_targets_pawn", 0) == 1 and call(state, "campaign_targets_pawn", 1) == 0
    assert call(state, "campaign_targets_pawn", -1) == 0
    held = [b for b in range(2) if state.flat.get("banner_holder", b) == 0]
    for banner in held:
        assert call(state, "campaign_targets_banner", banner) == 0
        state.apply(action(Kind.TARGET_BANNER, banner))
        assert call(state, "campaign_targets_banner", banner) == 1


def test_secrets_held_even_on_cards_counts_the_current_players_secrets_on_cards() -> None:
    state = started(14)
    alchemist, scepter = state.cards.of("denizen", "alchemist"), state.cards.of("relic", "grand_scepter")
    at_site(state, alchemist, state.flat.get("pawn_site", 0))
    state.flat.move(("shared_secret",), ("card_secret", alchemist), 1)
    state.flat.move(("shared_secret",), ("card_secret", scepter), 1)
    state.flat.move(("shared_secret",), ("secret_facedown", 0), 2)
    state.flat.move(("shared_secret",), ("card_secret", state.site_card(0)), 1)
    assert call(state, "secrets_held_even_on_cards", 0) == state.flat.get("secret", 0) + 2 + 2, "not the site's"
    assert call(state, "secrets_held_even_on_cards", 1) == state.flat.get("secret", 1)


def test_recover_relic_takes_a_relic_at_a_site_without_paying() -> None:
    state = started(15)
    site = next(s for s in state.sites_on_map() if state.relics_at(s))
    relic = state.relics_at(site)[0]
    supply, favor = state.flat.get("supply", 0), state.flat.get("favor", 0)
    call(state, "recover_relic", 0, relic - state.cards.base["relic"])
    assert relic in state.cards.in_zone(state.cards.zone("relics_held", 0)) and state.flat.get("card_faceup", relic)
    assert state.flat.get("took_this_turn", relic)
    assert (state.flat.get("supply", 0), state.flat.get("favor", 0)) == (supply, favor), "nothing paid"


def test_wizard_school_gains_a_secret_then_ends_the_act_phase() -> None:
    state = started(16)
    site = cleared_site(state)
    school = state.cards.of("denizen", "wizard_school")
    at_site(state, school, site)
    call(state, "end_act_phase", 1)
    assert state.flat.get("act_phase_over") == 0, "only on the player's own turn"
    secrets = state.flat.get("secret", 0)
    state.apply(action(Kind.USE_POWER, school))
    assert state.flat.get("secret", 0) == secrets + 1
    assert state.current_player() == 1 and state.flat.get("act_phase_over") == 0, "on to the Rest and the next turn"


def test_a_citizens_defense_force_is_their_purple_warbands() -> None:
    state = started(17, players=3)
    site = state.flat.get("pawn_site", 0)
    state.flat.set("role", 2, int(OATH.enums["role"]["CITIZEN"]))
    state.flat.set("campaign_attacker", 1)
    state.flat.set("campaign_defender", 2)
    state.flat.set("campaign_target_site", site, 1)
    state.flat.set("pawn_site", 1, site)
    state.flat.set("pawn_site", 2, next(s for s in state.sites_on_map() if s != site))
    assert call(state, "campaign_defense_force") == state.flat.get("site_warbands", site, 0) == 2


def test_swap_with_dispossessed_swaps_denizens_from_the_top_skipping_visions_in_place() -> None:
    state = started(3)
    cards = state.cards
    pile, dispossessed = cards.discard_pile(0), cards.zone("dispossessed")
    for card in cards.in_zone(pile):
        cards.put(card, cards.zone("world_deck"))
    vision = next(iter(sorted(state.visions)))
    bottom, middle = cards.of("denizen", "wolves"), cards.of("denizen", "mushrooms")
    for card in (bottom, middle, vision):
        cards.put(card, pile)
    for name in ("alchemist", "fire_talkers"):
        cards.put(cards.of("denizen", name), dispossessed)
    away = cards.in_zone(dispossessed)
    call(state, "swap_with_dispossessed", 0, pile, 1)
    now = cards.in_zone(pile)
    assert now[0] == bottom and now[2] == vision and now[1] in away, "the top denizen, in its place; the Vision stays"
    assert middle in cards.in_zone(dispossessed) and len(cards.in_zone(dispossessed)) == len(away)
