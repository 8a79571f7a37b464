"""Each step of Oath's setup (the Law, section 1, and its world-deck box) on worked positions: a first game of four
players with seed 7, played through step 23, and a game set up from the Chronicle of a game played from it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from lawforge.runtime import load
from lawforge.runtime.oath.chronicle import Chronicle, qualified
from lawforge.runtime.oath.game import OathState, Phase

OATH = load("oath")
PLAYERS, SEED = 4, 7
STATE = OathState(OATH, PLAYERS, SEED)
"""The worked first game as the kernel sets it up (steps 1-22): it waits for each player's step 23."""
ROLE = {name: int(OATH.enums["role"][name.upper()]) for name in ("chancellor", "exile", "citizen")}


def name(state: OathState, card: int) -> str:
    return qualified(state.cards, card)


def by_slot(state: OathState) -> list[int]:
    return sorted(state.sites_on_map(), key=lambda site: state.flat.get("site_slot", site))


def zone(state: OathState, zone_name: str, seat: int | None = None) -> list[str]:
    """The cards of a zone by name, bottom first."""
    return [name(state, card) for card in state.cards.in_zone(state.cards.zone(zone_name, seat))]


def piles(state: OathState) -> list[list[str]]:
    """The discard piles of the Cradle, the Provinces and the Hinterland, bottom first."""
    return [[name(state, card) for card in state.cards.in_zone(state.cards.discard_pile(region))] for region in range(3)]


def step_23(state: OathState) -> list[tuple[int, int, list[list[str]]]]:
    """Each player in turn keeps the first card they drew: (seat, region of their pawn, the piles after)."""
    seen = []
    while state.flat.get("phase") == Phase.SETUP:
        seat = state.current_player()
        state.apply(state.legal_actions()[0])
        seen.append((seat, state.region_of(state.flat.get("pawn_site", seat)), piles(state)))
    return seen


@pytest.fixture(scope="module")
def chronicled() -> tuple[Chronicle, OathState]:
    """The Chronicle of a game played from the worked one, changed: a denizen at the faceup Fertile Valley (slot 2), a
    ruined edifice alone at the faceup Hidden Place (slot 5), a Vision fourth from the bottom of the world deck (the
    first card the Chancellor draws, step 20); and the game of four set up from it."""
    played = OathState(OATH, PLAYERS, SEED)
    rng = random.Random(SEED)
    while not played.is_terminal():
        played.apply(rng.choice(played.legal_actions()))
    chronicle, _ = played.chronicle()
    assert [(chronicle.sites[slot].site, chronicle.sites[slot].faceup) for slot in (2, 5)] == [
        ("site/fertile_valley", True), ("site/the_hidden_place", True)]
    denizen, edifice = "denizen/wild_mounts", next(c for c in chronicle.archive if c.startswith("edifice/"))
    rest = [c for c in chronicle.world_deck if c not in (denizen, "vision/faith")]
    world = rest[:-3] + ["vision/faith"] + rest[-3:]
    sites = list(chronicle.sites)
    sites[2] = replace(sites[2], cards=[denizen])
    sites[5] = replace(sites[5], cards=[edifice])
    changed = replace(chronicle, sites=sites, world_deck=world, ruined=[edifice],
                      archive=[c for c in chronicle.archive if c != edifice])
    return changed, OathState(OATH, PLAYERS, SEED, chronicle=changed)


def test_step_1_sites_fill_the_cradle_then_the_provinces_then_the_hinterland_top_to_bottom() -> None:
    sites = by_slot(STATE)
    assert [name(STATE, STATE.site_card(site)) for site in sites] == [
        "site/river", "site/drowned_city", "site/buried_giant", "site/the_hidden_place", "site/lush_coast",
        "site/steppe", "site/deep_woods", "site/mountain"]
    assert [STATE.region_of(site) for site in sites] == [0, 0, 1, 1, 1, 2, 2, 2]
    assert [STATE.flat.get("card_faceup", STATE.site_card(site)) for site in sites] == [1, 1, 1, 0, 0, 1, 0, 0]
    assert len(zone(STATE, "site_deck")) == len(OATH.entities("site")) - 8
    assert sorted(zone(STATE, "archive")) == sorted(f"edifice/{e.id.name.lower()}" for e in OATH.entities("edifice"))


def test_step_1_from_a_chronicle_deals_its_sites_with_their_cards_to_the_slots_in_order(chronicled) -> None:
    chronicle, state = chronicled
    assert [name(state, state.site_card(site)) for site in by_slot(state)] == [s.site for s in chronicle.sites]
    assert [bool(state.flat.get("card_faceup", state.site_card(site))) for site in by_slot(state)] == [
        s.faceup for s in chronicle.sites]
    fertile_valley, hidden_place = by_slot(state)[2], by_slot(state)[5]
    assert [name(state, card) for card in state.cards_at(fertile_valley)] == ["denizen/wild_mounts"]
    ruin = state.cards_at(hidden_place)
    assert len(ruin) == 1 and state.flat.get("edifice_ruined", ruin[0]) and state.flat.get("card_suit", ruin[0]) == -1


def test_step_2_the_round_and_visions_drawn_markers_start_on_their_star_spaces() -> None:
    assert (STATE.flat.get("round"), STATE.flat.get("visions_drawn")) == (1, 0)


def test_step_3_the_goal_reference_of_a_first_game_is_drawn_and_said_to_be() -> None:
    assert STATE.flat.get("oath") == int(OATH.enums["oath"]["DEVOTION"])
    said = "the Oath of this game is drawn at random: Oath of Devotion (3: the Chronicled goal reference)"
    assert said in STATE.placeholders


def test_step_3_a_chronicled_game_plays_the_oath_its_winner_vowed(chronicled) -> None:
    chronicle, state = chronicled
    assert state.flat.get("oath") == int(OATH.enums["oath"][chronicle.oath.upper()])


def test_steps_4_to_6_the_shared_bank_the_banners_and_the_favor_banks() -> None:
    flat = STATE.flat
    assert list(flat.cells_of("bank_favor")) == [3] * 6
    peoples, darkest = (int(OATH.enums["banner"][b]) for b in ("PEOPLES_FAVOR", "DARKEST_SECRET"))
    assert (flat.get("banner_favor", peoples), flat.get("banner_secret", darkest)) == (1, 1)
    assert not flat.get("banner_mob", peoples), "the People's Favor starts on its side without the Mob"
    # 36 favor: 18 in the banks, 1 on the People's Favor, 2 + 1 + 1 + 1 on the boards; the rest in the shared bank.
    assert flat.get("shared_favor") == 36 - 18 - 1 - 5
    # 20 secrets: 1 on the Darkest Secret, 4 on the boards, 3 on the Drowned City (step 16).
    assert flat.get("shared_secret") == 20 - 1 - 4 - 3


def test_step_6_five_or_six_players_put_four_favor_in_each_bank() -> None:
    assert list(OathState(OATH, 5, SEED).flat.cells_of("bank_favor")) == [4] * 6


def test_steps_7_to_9_the_chancellor_and_the_exiles_with_their_boards_warbands_and_relics() -> None:
    flat = STATE.flat
    assert [flat.get("role", seat) for seat in range(PLAYERS)] == [ROLE["chancellor"]] + [ROLE["exile"]] * 3
    assert any("seat 1 is the Chancellor" in p for p in STATE.placeholders)
    assert zone(STATE, "relics_held", 0) == ["relic/grand_scepter"]
    on_map = [sum(flat.get("site_warbands", site, seat) for site in STATE.sites_on_map()) for seat in range(PLAYERS)]
    assert [flat.get("warbands", seat) + flat.get("warband_bank", seat) + on_map[seat] for seat in range(PLAYERS)] == [
        24, 14, 14, 14]


def test_step_9_a_chronicled_game_keeps_the_sides_of_the_boards(chronicled) -> None:
    chronicle, state = chronicled
    assert chronicle.boards == ["citizen", "exile", "citizen"]
    assert [state.flat.get("role", seat) for seat in range(PLAYERS)] == [
        ROLE["chancellor"], ROLE["citizen"], ROLE["exile"], ROLE["citizen"]]


def test_step_10_supply_markers_start_on_the_leftmost_space() -> None:
    assert [STATE.flat.get("supply", seat) for seat in range(PLAYERS)] == [6] * PLAYERS


def test_steps_11_and_12_the_chancellors_favor_secret_and_warbands() -> None:
    flat = STATE.flat
    assert (flat.get("favor", 0), flat.get("secret", 0), flat.get("warbands", 0)) == (2, 1, 3)
    river = by_slot(STATE)[0]
    assert [(site, flat.get("site_warbands", site, 0)) for site in by_slot(STATE) if flat.get("site_warbands", site, 0)] \
        == [(river, 2)], "a first game's other faceup sites hold no denizen or edifice"
    assert flat.get("warband_bank", 0) == 24 - 3 - 2


def test_step_12_a_warband_on_each_other_faceup_site_with_a_denizen_not_one_with_only_a_ruin(chronicled) -> None:
    _, state = chronicled
    sites = by_slot(state)
    warbands = {slot: state.flat.get("site_warbands", site, 0) for slot, site in enumerate(sites)
                if state.flat.get("card_faceup", state.site_card(site))}
    assert warbands == {0: 2, 2: 1, 5: 0}


def test_steps_13_and_14_the_oath_gives_the_chancellor_its_banner_and_the_oathkeeper_title() -> None:
    flat = STATE.flat
    darkest, peoples = (int(OATH.enums["banner"][b]) for b in ("DARKEST_SECRET", "PEOPLES_FAVOR"))
    assert (flat.get("banner_holder", darkest), flat.get("banner_holder", peoples)) == (0, -1), "devotion"
    assert (flat.get("oathkeeper"), flat.get("usurper")) == (0, 0)


def test_step_15_exiles_use_their_own_warbands_and_citizens_purple_ones(chronicled) -> None:
    flat = STATE.flat
    assert [(flat.get("favor", s), flat.get("secret", s), flat.get("warbands", s), flat.get("warband_bank", s))
            for s in range(1, PLAYERS)] == [(1, 1, 3, 11)] * 3
    _, state = chronicled
    flat = state.flat
    assert [flat.get("warbands", seat) for seat in range(PLAYERS)] == [3] * PLAYERS
    assert [flat.get("warband_bank", seat) for seat in (1, 2, 3)] == [14, 11, 14], "Citizens keep their colour aside"
    on_map = sum(flat.get("site_warbands", site, 0) for site in state.sites_on_map())
    assert flat.get("warband_bank", 0) == 24 - 3 - on_map - 3 - 3, "two Citizens' purple warbands"


def test_step_16_faceup_sites_get_their_reveal_prompts_facedown_ones_nothing() -> None:
    flat = STATE.flat
    at = {name(STATE, STATE.site_card(site)): sorted(name(STATE, card) for card in STATE.cards.in_zone(
        STATE.cards.zone("at_site")) if flat.get("card_site", card) == site) for site in by_slot(STATE)}
    assert at == {"site/river": [], "site/drowned_city": ["relic/ivory_eye", "relic/sticky_fire"],
                  "site/buried_giant": ["relic/dragonskin_drum"], "site/the_hidden_place": [], "site/lush_coast": [],
                  "site/steppe": ["relic/grand_mask"], "site/deep_woods": [], "site/mountain": []}
    secrets = {name(STATE, STATE.site_card(site)): flat.get("card_secret", STATE.site_card(site)) for site in by_slot(STATE)}
    assert secrets["site/drowned_city"] == 3 and sum(secrets.values()) == 3


def test_steps_17_and_18_four_relics_facedown_in_the_reliquary_the_rest_make_the_relic_deck() -> None:
    flat, cards = STATE.flat, STATE.cards
    reliquary = cards.in_zone(cards.zone("reliquary"))
    assert sorted((flat.get("reliquary_space", relic), name(STATE, relic)) for relic in reliquary) == [
        (1, "relic/whistle"), (2, "relic/ring_of_devotion"), (3, "relic/cracked_horn"), (4, "relic/map")]
    assert not any(flat.get("card_faceup", relic) for relic in reliquary)
    assert len(zone(STATE, "relic_deck")) == len(OATH.entities("relic")) - 1 - 4 - 4


def test_steps_19_to_21_one_card_in_each_discard_pile_and_three_for_each_player_from_the_bottom() -> None:
    assert piles(STATE) == [["denizen/vow_of_poverty"], ["denizen/tome_guardians"], ["denizen/rusting_ray"]]
    drawn = [zone(STATE, "drawn", seat) for seat in range(PLAYERS)]
    assert drawn == [["denizen/herald", "denizen/oracle", "denizen/beast_tamer"],
                     ["denizen/boiling_lake", "denizen/bandit_chief", "denizen/resettle"],
                     ["denizen/fae_merchant", "denizen/awaited_return", "denizen/insomnia"],
                     ["denizen/plague_engines", "denizen/sneak_attack", "denizen/relic_thief"]]
    seen = [[seat for seat in range(PLAYERS) if STATE.flat.get("card_seen", STATE.cards.of(*card.split("/")), seat)]
            for cards in drawn for card in cards]
    assert seen == [[seat] for seat in range(PLAYERS) for _ in range(3)], "each sees only their own"
    assert len(zone(STATE, "world_deck")) == len(OATH.entities("denizen")) + len(OATH.entities("vision")) - 3 - 12


def test_step_22_visions_drawn_at_setup_advance_the_marker(chronicled) -> None:
    _, state = chronicled
    assert "vision/faith" in zone(state, "drawn", 0)
    assert state.flat.get("visions_drawn") == 1


def test_the_box_a_chronicled_world_deck_is_not_rebuilt(chronicled) -> None:
    chronicle, state = chronicled
    world = zone(state, "world_deck")[::-1]
    assert world == chronicle.world_deck[:len(world)], "top first, as the Chronicle saved it"


def test_step_23_pawns_advisers_and_discards_by_each_players_own_region() -> None:
    state = OathState(OATH, PLAYERS, SEED)
    assert state.flat.get("pawn_site", 0) == by_slot(state)[0], "the Chancellor's pawn is on the top Cradle site"
    seen = step_23(state)
    assert [(seat, region) for seat, region, _ in seen] == [(0, 0), (1, 1), (2, 0), (3, 1)]
    assert seen[0][2] == [["denizen/vow_of_poverty"], ["denizen/tome_guardians", "denizen/oracle", "denizen/beast_tamer"],
                          ["denizen/rusting_ray"]], "Cradle discards to the Provinces"
    assert seen[1][2][2] == ["denizen/rusting_ray", "denizen/bandit_chief", "denizen/resettle"], \
        "seat 1's pawn is in the Provinces: its discards go to the Hinterland, not where the Chancellor's went"
    assert seen[3][2] == [["denizen/vow_of_poverty"],
                          ["denizen/tome_guardians", "denizen/oracle", "denizen/beast_tamer", "denizen/awaited_return",
                           "denizen/insomnia"],
                          ["denizen/rusting_ray", "denizen/bandit_chief", "denizen/resettle", "denizen/sneak_attack",
                           "denizen/relic_thief"]]
    assert [[(name(state, c), state.flat.get("card_faceup", c)) for c in state.advisers(seat)]
            for seat in range(PLAYERS)] == [[("denizen/herald", 0)], [("denizen/boiling_lake", 0)],
                                            [("denizen/fae_merchant", 0)], [("denizen/plague_engines", 0)]]
    assert all(state.flat.get("card_faceup", state.site_card(state.flat.get("pawn_site", seat)))
               for seat in range(PLAYERS))
    assert (state.flat.get("phase"), state.current_player()) == (Phase.ACT, 0)
