"""Action modifiers (7.4): a site's mandatory surcharge, an optional modifier the player chooses, a "cannot"
that takes an action off the legal list, and the natives that tell a modifier which action it modifies."""

from __future__ import annotations

from lawforge.runtime.effects import start
from lawforge.runtime.oath import modifiers
from lawforge.runtime.oath.actions import STRIDE, Kind, Phase, action
from lawforge.runtime.oath.empire import ruler_of
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import check_invariants
from test_oath_triggers import adviser


def put_site(state: OathState, name: str, instead_of: int) -> int:
    """This site faceup on the map, in the slot (with the cards and the Chancellor's warbands) of another site."""
    card = state.cards.of("site", name)
    site = card - state.site_base
    if state.flat.get("card_zone", card) != state.cards.zone("map"):
        state.cards.put(state.site_card(instead_of), state.cards.zone("site_deck"))
        for field in ("site_slot", "site_region"):
            state.flat.set(field, site, state.flat.get(field, instead_of))
        state.flat.move(("site_warbands", instead_of, 0), ("site_warbands", site, 0),
                        state.flat.get("site_warbands", instead_of, 0))
        for there in state.cards.in_zone(state.cards.zone("at_site")):
            if state.flat.get("card_site", there) == instead_of:
                state.flat.set("card_site", there, site)
    state.cards.put(card, state.cards.zone("map"), faceup=True)
    return site


def stand_at(state: OathState, name: str) -> int:
    """Seat 0's pawn at this site, put faceup on the map in place of seat 0's site."""
    site = put_site(state, name, state.flat.get("pawn_site", 0))
    state.flat.set("pawn_site", 0, site)
    return site


def test_a_sites_mandatory_surcharge_raises_the_travel_cost_and_what_is_legal() -> None:
    state = started(20)
    here = stand_at(state, "charming_valley")
    there = next(s for s in state.sites_on_map() if s != here)
    table = state.table_travel_cost(0, there)
    state.flat.set("supply", 0, table)
    assert action(Kind.TRAVEL, there) not in state.legal_actions(), "Charming Valley: one more Supply"
    state.flat.set("supply", 0, table + 1)
    state.apply(action(Kind.TRAVEL, there))
    assert state.flat.get("supply", 0) == 0 and state.flat.get("pawn_site", 0) == there
    check_invariants(state)


def test_an_optional_modifier_is_the_players_choice_before_the_action() -> None:
    state = started(21)
    site = state.flat.get("pawn_site", 0)
    playmates = adviser(state, "animal_playmates")
    beast = next(c for c, suit in state.suit_of.items() if suit == int(state.game.enums["suit"]["BEAST"])
                 and c != playmates and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
    state.cards.put(beast, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", beast, site)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.MUSTER, beast))
    assert state.flat.get("phase") == Phase.MODIFIERS
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, playmates), action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.USE_MODIFIER, playmates))
    assert state.legal_actions() == [action(Kind.TAKE_ACTION)], "each modifier once per action"
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("supply", 0) == 3, "Animal Playmates: no Supply spent mustering on a beast card"
    assert state.flat.get("card_favor", beast) == 1 and state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def test_declining_the_optional_modifier_pays_the_usual_cost() -> None:
    state = started(21)
    site = state.flat.get("pawn_site", 0)
    adviser(state, "animal_playmates")
    card = next(c for c, suit in state.suit_of.items() if suit == int(state.game.enums["suit"]["BEAST"])
                and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.MUSTER, card))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("supply", 0) == 2


def test_a_vow_that_forbids_campaigning_takes_every_campaign_off_the_legal_list() -> None:
    state = started(22, players=3)
    state.flat.set("supply", 0, 6)
    campaigns = [a for a in state.legal_actions() if a // STRIDE == Kind.CAMPAIGN]
    adviser(state, "vow_of_peace")
    assert campaigns and not [a for a in state.legal_actions() if a // STRIDE == Kind.CAMPAIGN]


def uncover(state: OathState, space: int) -> None:
    """The relic on this Reliquary space is taken (by seat 1)."""
    relic = next(r for r in state.cards.in_zone(state.cards.zone("reliquary"))
                 if state.flat.get("reliquary_space", r) == space + 1)
    state.cards.put(relic, state.cards.zone("relics_held", 1), faceup=True)


def test_an_uncovered_reliquary_space_gives_the_chancellor_its_modifier() -> None:
    state = started(23)
    deck = state.cards.zone("world_deck")
    for vision in state.visions:
        state.cards.put(vision, deck, bottom=True)
    state.flat.set("supply", 0, 6)
    state.apply(action(Kind.SEARCH_WORLD))
    assert len(state.cards.in_zone(state.cards.zone("drawn", 0))) == 3, "covered: a usual Search"

    state = started(23)
    for vision in state.visions:
        state.cards.put(vision, state.cards.zone("world_deck"), bottom=True)
    uncover(state, 0)
    state.flat.set("supply", 0, 6)
    state.apply(action(Kind.SEARCH_WORLD))
    assert len(state.cards.in_zone(state.cards.zone("drawn", 0))) == 5, "Greedy: two more cards"
    state.flat.set("phase", Phase.ACT)
    state.flat.set("supply", 0, 6)
    assert action(Kind.SEARCH_WORLD) in state.legal_actions()
    state.flat.set("visions_drawn", 5)
    assert state.search_cost() == 4 and action(Kind.SEARCH_WORLD) not in state.legal_actions(), \
        "Greedy: no Search that would spend more than 2 Supply"


def test_careless_gives_a_favor_more_and_a_secret_less_when_trading_for_secrets() -> None:
    state = started(24)
    uncover(state, 1)
    site = state.flat.get("pawn_site", 0)
    card = next(c for c in state.suit_of if state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    for old in state.advisers(0):
        state.cards.discard(0, old)
    for _ in range(2):
        match = next(c for c in state.suit_of if state.suit_of[c] == state.suit_of[card]
                     and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
        state.cards.put(match, state.cards.zone("advisers", 0), faceup=True)
    state.flat.move(("shared_favor",), ("favor", 0), 4)
    favor, secrets = state.flat.get("favor", 0), state.flat.get("secret", 0)
    state.flat.set("supply", 0, 6)
    state.apply(action(Kind.TRADE_FOR_SECRETS, card))
    if state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("secret", 0) == secrets + 2 - 1, "two matching advisers, one less"
    assert state.flat.get("favor", 0) == favor - 2 + 1, "two favor placed, one gained"
    check_invariants(state)


def card_at(state: OathState, name: str, site: int) -> int:
    card = state.cards.of("denizen", name)
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    return card


def test_an_optional_modifier_makes_an_action_possible_and_must_then_be_used() -> None:
    state = started(21)
    errand_boy = adviser(state, "errand_boy")
    own = state.region_of(state.flat.get("pawn_site", 0))
    other = next(r for r in range(3) if r != own)
    pile = state.cards.discard_pile(other)
    for name in ("wolves", "small_friends", "mushrooms"):
        state.cards.put(state.cards.of("denizen", name), pile)
    state.flat.set("supply", 0, 2)
    search_there = action(Kind.SEARCH_DISCARD, other)
    assert search_there in state.legal_actions(), "Errand Boy: a discard pile in another region"
    state.flat.move(("favor", 0), ("shared_favor",), 9)
    assert search_there not in state.legal_actions(), "not without the favor Errand Boy costs"
    state.flat.move(("shared_favor",), ("favor", 0), 1)
    state.apply(search_there)
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, errand_boy)], "only the modifier that allows it"
    state.apply(action(Kind.USE_MODIFIER, errand_boy))
    state.apply(action(Kind.TAKE_ACTION))
    drawn = state.cards.in_zone(state.cards.zone("drawn", 0))
    assert sorted(drawn) == sorted(state.cards.of("denizen", n) for n in ("wolves", "small_friends", "mushrooms"))
    check_invariants(state)


def test_pressgangs_musters_on_a_card_with_tokens_and_initiation_rite_places_a_secret() -> None:
    state = started(21)
    site = state.flat.get("pawn_site", 0)
    target = card_at(state, "wolves", site)
    state.flat.move(("shared_secret",), ("card_secret", target), 1)
    state.flat.set("supply", 0, 3)
    assert action(Kind.MUSTER, target) not in state.legal_actions(), "5.2: not on a card with tokens"
    adviser(state, "pressgangs")
    assert action(Kind.MUSTER, target) in state.legal_actions()
    state.cards.put(state.cards.of("denizen", "initiation_rite"), state.cards.zone("advisers", 0), faceup=True)
    state.flat.move(("secret", 0), ("shared_secret",), 9)
    assert action(Kind.MUSTER, target) not in state.legal_actions(), "Initiation Rite: a secret to place, none held"
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    favor = state.flat.get("favor", 0)
    state.apply(action(Kind.MUSTER, target))
    state.apply(action(Kind.USE_MODIFIER, state.cards.of("denizen", "pressgangs")))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("card_secret", target) == 2 and state.flat.get("favor", 0) == favor
    check_invariants(state)


def test_map_library_trades_with_a_card_at_another_site_of_the_region() -> None:
    state = started(21)
    here = state.flat.get("pawn_site", 0)
    card_at(state, "map_library", here)
    neighbour = next(s for s in state.sites_on_map() if s != here and state.region_of(s) == state.region_of(here))
    target = card_at(state, "wolves", neighbour)
    state.flat.set("supply", 0, 3)
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    assert action(Kind.TRADE_FOR_FAVOR, target) in state.legal_actions()
    state.cards.put(state.cards.of("denizen", "map_library"), state.cards.zone("world_deck"))
    assert action(Kind.TRADE_FOR_FAVOR, target) not in state.legal_actions(), "only at your site without it"


def test_mushrooms_draws_one_card_from_the_bottom_of_your_discard_pile_for_no_supply() -> None:
    state = started(21)
    here = state.flat.get("pawn_site", 0)
    card_at(state, "mushrooms", here)
    pile = state.cards.discard_pile(state.region_of(here))
    bottom = state.cards.of("denizen", "wolves")
    state.cards.put(bottom, pile, bottom=True)
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.flat.set("supply", 0, 0)
    state.apply(action(Kind.SEARCH_WORLD))
    state.apply(action(Kind.USE_MODIFIER, state.cards.of("denizen", "mushrooms")))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.cards.in_zone(state.cards.zone("drawn", 0)) == [bottom] and state.flat.get("supply", 0) == 0
    check_invariants(state)


def test_truthful_harp_draws_two_more_cards_that_everyone_sees() -> None:
    state = started(21)
    harp = state.cards.of("relic", "truthful_harp")
    state.cards.put(harp, state.cards.zone("relics_held", 0), faceup=True)
    state.flat.set("supply", 0, 6)
    state.apply(action(Kind.SEARCH_WORLD))
    state.apply(action(Kind.USE_MODIFIER, harp))
    state.apply(action(Kind.TAKE_ACTION))
    drawn = state.cards.in_zone(state.cards.zone("drawn", 0))
    assert len(drawn) == 5 or any(card in state.visions for card in drawn), "5.1.2: three, and two more"
    assert all(state.flat.get("card_seen", card, 1) for card in drawn), "revealed to every player"


def test_toll_roads_makes_its_rulers_enemies_give_a_favor_to_travel_to_the_sites_it_rules() -> None:
    state = started(21)
    flat = state.flat
    chancellors = next(s for s in state.sites_on_map() if s != flat.get("pawn_site", 1))
    flat.move(("warband_bank", 0), ("site_warbands", chancellors, 0), 1)
    card_at(state, "toll_roads", chancellors)
    flat.set("current_player", 1)
    flat.set("role", 1, int(state.game.enums["role"]["EXILE"]))
    flat.set("supply", 1, 6)
    flat.move(("favor", 1), ("shared_favor",), 9)
    travel = action(Kind.TRAVEL, chancellors)
    assert travel not in state.legal_actions(), "an enemy with no favor to give cannot travel there"
    flat.move(("shared_favor",), ("favor", 1), 1)
    favor = flat.get("favor", 0)
    state.apply(travel)
    assert flat.get("pawn_site", 1) == chancellors and flat.get("favor", 1) == 0 and flat.get("favor", 0) == favor + 1
    check_invariants(state)


def test_acting_troupe_matches_as_a_beast_or_order_card_and_master_of_disguise_as_anothers_advisers() -> None:
    state = started(24)
    site = state.flat.get("pawn_site", 0)
    wolves = card_at(state, "wolves", site)
    beast = state.suit_of[wolves]
    troupe = adviser(state, "acting_troupe")
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.flat.set("supply", 0, 6)
    favor = state.flat.get("favor", 0)
    state.apply(action(Kind.TRADE_FOR_FAVOR, wolves))
    state.apply(action(Kind.USE_MODIFIER, troupe))
    state.apply(action(Kind.ANSWER, 0))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("favor", 0) == favor + 2, "one, and one for the Troupe acting as a beast card"
    assert state.flat.get("counted_suit", troupe) == 0, "only for that action"
    other = started(24)
    site = other.flat.get("pawn_site", 0)
    wolves = card_at(other, "wolves", site)
    disguise = adviser(other, "master_of_disguise")
    for name in ("small_friends", "mushrooms"):
        other.cards.put(other.cards.of("denizen", name), other.cards.zone("advisers", 1), faceup=True)
    other.flat.move(("shared_secret",), ("secret", 0), 1)
    other.flat.set("supply", 0, 6)
    favor = other.flat.get("favor", 0)
    other.apply(action(Kind.TRADE_FOR_FAVOR, wolves))
    other.apply(action(Kind.USE_MODIFIER, disguise))
    while other.flat.get("phase") == Phase.EFFECT:
        other.apply(action(Kind.ANSWER, 1))
    other.apply(action(Kind.TAKE_ACTION))
    assert other.flat.get("favor", 0) == favor + 1 + 2, "seat 1's two beast advisers match"
    assert beast == other.suit_of[wolves]


def test_small_friends_trades_at_any_site_with_a_beast_card_as_if_the_pawn_were_there() -> None:
    state = started(24)
    here = state.flat.get("pawn_site", 0)
    far = next(s for s in state.sites_on_map() if state.region_of(s) != state.region_of(here))
    wolves = card_at(state, "wolves", far)
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.flat.set("supply", 0, 6)
    trade = action(Kind.TRADE_FOR_FAVOR, wolves)
    assert trade not in state.legal_actions()
    friends = adviser(state, "small_friends")
    assert trade in state.legal_actions(), "Small Friends: as if the pawn were at the beast card's site"
    state.apply(trade)
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, friends)]
    state.apply(action(Kind.USE_MODIFIER, friends))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("card_secret", wolves) == 1 and state.flat.get("acting_site") == 0
    check_invariants(state)


def test_land_warden_keeps_two_drawn_cards_and_one_must_go_to_a_site() -> None:
    state = started(21)
    warden = adviser(state, "land_warden")
    here = state.flat.get("pawn_site", 0)
    for card in state.cards_at(here):
        state.cards.put(card, state.cards.zone("box"))
    first, second, third = (state.cards.of("denizen", name) for name in ("wolves", "mushrooms", "small_friends"))
    for card in (third, second, first):
        state.cards.put(card, state.cards.zone("world_deck"))
    state.flat.set("supply", 0, 5)
    state.apply(action(Kind.SEARCH_WORLD))
    state.apply(action(Kind.USE_MODIFIER, warden))
    state.apply(action(Kind.TAKE_ACTION))
    state.apply(action(Kind.KEEP, first))
    assert state.flat.get("phase") == Phase.SEARCH_KEEP
    assert state.legal_actions() == [action(Kind.KEEP, second), action(Kind.KEEP, third), action(Kind.KEEP_NO_MORE)]
    state.apply(action(Kind.KEEP, second))
    assert state.flat.get("phase") == Phase.SEARCH_PLAY and state.cards.in_zone(state.cards.zone("drawn", 0)) == [first, second]
    assert state.flat.get("card_zone", third) != state.cards.zone("drawn", 0), "the third is discarded"
    state.apply(action(Kind.PLAY_TO_ADVISERS, first))
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[0])
    assert state.flat.get("phase") == Phase.SEARCH_PLAY, "the second kept card is played next"
    assert action(Kind.PLAY_TO_ADVISERS, second) not in state.legal_actions(), "one of the two must go to a site"
    state.apply(action(Kind.PLAY_TO_SITE, second))
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[0])
    assert first in state.advisers(0) and state.flat.get("card_site", second) == here
    assert state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def test_without_land_warden_a_search_keeps_one_card() -> None:
    state = started(21)
    state.flat.set("supply", 0, 5)
    for name in ("wolves", "mushrooms", "small_friends"):
        state.cards.put(state.cards.of("denizen", name), state.cards.zone("world_deck"))
    state.apply(action(Kind.SEARCH_WORLD))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    state.apply(state.legal_actions()[0])
    assert state.flat.get("phase") == Phase.SEARCH_PLAY and len(state.cards.in_zone(state.cards.zone("drawn", 0))) == 1


def test_the_grand_mask_gives_its_exile_the_cards_at_imperial_sites_in_their_turn_so_no_toll() -> None:
    state = started(21)
    flat = state.flat
    chancellors = next(s for s in state.sites_on_map() if s != flat.get("pawn_site", 1))
    flat.move(("warband_bank", 0), ("site_warbands", chancellors, 0), 1)
    toll = card_at(state, "toll_roads", chancellors)
    state.cards.put(state.cards.of("relic", "grand_mask"), state.cards.zone("relics_held", 1), faceup=True)
    flat.set("role", 1, int(state.game.enums["role"]["EXILE"]))
    flat.set("supply", 1, 6)
    flat.move(("favor", 1), ("shared_favor",), 9)
    state.legal_actions()
    assert ruler_of(flat, toll) == 0 and not state.can_use(1, toll), "not in the Chancellor's turn"
    flat.set("current_player", 1)
    travel = action(Kind.TRAVEL, chancellors)
    assert travel in state.legal_actions(), "the Exile rules Toll Roads now: no toll to pay, even with no favor"
    assert ruler_of(flat, toll) == 1 and state.can_use(1, toll) and not state.can_use(0, toll)
    assert ruler_of(flat, state.site_card(chancellors)) == 0, "the site itself stays the Empire's"
    state.apply(travel)
    assert flat.get("pawn_site", 1) == chancellors
    check_invariants(state)


def way_station_away(state: OathState) -> tuple[int, int]:
    """Way Station (no ruler: the bandits') at a site of another region than seat 0's; that site and the card."""
    here = state.flat.get("pawn_site", 0)
    there = next(s for s in state.sites_on_map() if state.region_of(s) != state.region_of(here))
    return there, card_at(state, "way_station", there)


def test_way_station_asks_a_favor_for_the_travel_the_traveller_cannot_pay_supply_for() -> None:
    state = started(21)
    flat = state.flat
    there, way_station = way_station_away(state)
    assert ruler_of(flat, way_station) < 0 and not state.can_use(0, way_station)
    flat.set("supply", 0, 0)
    travel = action(Kind.TRAVEL, there)
    favor = flat.get("favor", 0)
    flat.move(("favor", 0), ("shared_favor",), favor)
    assert travel not in state.legal_actions(), "no Supply, and no favor to give"
    flat.move(("shared_favor",), ("favor", 0), favor)
    assert travel in state.legal_actions(), "the look-ahead answers Way Station's choice: give a favor"
    state.apply(travel)
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, way_station)], "the Travel needs it"
    state.apply(action(Kind.USE_MODIFIER, way_station))
    assert flat.get("phase") == Phase.EFFECT
    assert state.legal_actions() == [action(Kind.ANSWER, 1)], "declining would leave the declared Travel unpaid"
    burned = flat.get("shared_favor")
    state.apply(action(Kind.ANSWER, 1))
    assert state.legal_actions() == [action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.TAKE_ACTION))
    assert flat.get("pawn_site", 0) == there and flat.get("supply", 0) == 0
    assert flat.get("favor", 0) == favor - 1 and flat.get("shared_favor") == burned + 1, "burned: the bandits rule it"
    check_invariants(state)


def test_way_station_offers_both_answers_when_the_traveller_can_pay_and_nothing_elsewhere() -> None:
    state = started(21)
    flat = state.flat
    there, way_station = way_station_away(state)
    cost = state.table_travel_cost(0, there)
    flat.set("supply", 0, 6)
    state.apply(action(Kind.TRAVEL, there))
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, way_station), action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.USE_MODIFIER, way_station))
    assert state.legal_actions() == [action(Kind.ANSWER, 0), action(Kind.ANSWER, 1)]
    state.apply(action(Kind.ANSWER, 0))
    state.apply(action(Kind.TAKE_ACTION))
    assert flat.get("pawn_site", 0) == there and flat.get("supply", 0) == 6 - cost, "declined: the Supply is spent"
    elsewhere = next(s for s in state.sites_on_map() if s not in (there, flat.get("pawn_site", 1)))
    flat.set("current_player", 1)
    flat.set("supply", 1, 6)
    state.apply(action(Kind.TRAVEL, elsewhere))
    assert flat.get("phase") == Phase.ACT and flat.get("pawn_site", 1) == elsewhere, "no Way Station to offer there"


def test_way_station_is_no_help_where_narrow_pass_forbids_the_travel() -> None:
    state = started(21)
    flat = state.flat
    there, _ = way_station_away(state)
    flat.set("supply", 0, 0)
    travel = action(Kind.TRAVEL, there)
    assert travel in state.legal_actions()
    neighbour = next(s for s in state.sites_on_map() if s != there and state.region_of(s) == state.region_of(there))
    put_site(state, "narrow_pass", neighbour)
    assert travel not in state.legal_actions(), "neither answer lifts Narrow Pass's \"must travel to this site\""


def test_another_players_choice_counts_only_if_every_answer_keeps_the_action_possible() -> None:
    state = started(21)
    flat = state.flat
    there, way_station = way_station_away(state)
    flat.set("supply", 0, 0)
    state.apply(action(Kind.TRAVEL, there))
    key = state.modifiers["travel"][way_station][0]
    for user, expected in ((0, True), (1, False)):
        twin = state.clone()
        frame = start(state.game, key, user, state.index_in_kind(way_station))
        assert not modifiers._run_on(twin, user, frame), "Way Station asks its user whether to give a favor"
        assert modifiers._reaches(twin, 0, frame, [modifiers.LOOKAHEAD_RUNS]) is expected


def test_a_binding_modifiers_choice_offers_only_the_answers_that_keep_the_action_possible() -> None:
    """Buried Giant may flip the traveller's only secret facedown, but The Hidden Place, travelled to, then wants
    one: "yes" would break the Travel declared (7.4), so only "no" is offered."""
    state = started(20)
    flat = state.flat
    stand_at(state, "buried_giant")
    elsewhere = next(site for site in state.sites_on_map() if site != flat.get("pawn_site", 0))
    hidden = put_site(state, "the_hidden_place", elsewhere)
    flat.move(("secret", 0), ("shared_secret",), flat.get("secret", 0))
    flat.move(("shared_secret",), ("secret", 0), 1)
    flat.set("supply", 0, 6)
    state.apply(action(Kind.TRAVEL, hidden))
    while flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert flat.get("phase") == Phase.EFFECT and state.current_player() == 0, "Buried Giant asks"
    assert state.legal_actions() == [action(Kind.ANSWER, 0)]
    state.apply(action(Kind.ANSWER, 0))
    assert flat.get("pawn_site", 0) == hidden and flat.get("secret_facedown", 0) == 1, "the Hidden Place's secret"
    check_invariants(state)
