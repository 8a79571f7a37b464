"""Every rule number the Oath kernel plays by comes from the compiled content: a copy of the workspace whose
content/oath gives other numbers, rebuilt once, plays by those numbers (DESIGN: no rule number in kernel code).

The copy is loaded in a child process (its generated package has the same name as this repository's); `facts` works
out, on one compiled game, what each number decides, and runs on both sides."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conftest import copy_workspace, unoptimised_compiler

CONSTANTS = {"chancellor_start_favor": 5, "chancellor_start_secrets": 2, "start_favor": 2, "start_secrets": 3,
             "chancellor_board_warbands": 5, "board_warbands": 4, "top_cradle_warbands": 4, "site_warbands": 2,
             "setup_discard_pile_cards": 2, "setup_draws": 4, "last_round": 2, "visions_needed": 0,
             "search_discard_cost": 1, "search_draws": 2, "play_to_site_favor": 2, "adviser_limit": 2,
             "muster_favor": 2, "muster_warbands": 4, "trade_secret_placed": 2, "trade_favor_gained": 3,
             "trade_favor_placed": 3, "pawn_defense_dice": 3, "chronicle_heal_cards": 4, "dispossessed_cards": 2}
"""The constants the copy changes, to values the Law never gives."""
COSTS = {"muster": 2, "trade": 2, "recover": 2, "campaign": 3}
"""Fixed action costs the copy changes (actions.yaml supply_min and supply_max)."""
CRADLE_SLOTS = 3
ADDED_CARDS = [2, 1, 3]
"""The copy's chronicle_added_cards table (8.4): cards of the winner's suit, then of the next two clockwise."""
PLAYERS, SEED = 3, 0
"""The table every fact is worked out at: the Chancellor (seat 0) can play a card to their site, then muster and
trade on it, in their first turn."""


def _changed(root: Path) -> None:
    oath = root / "content" / "oath"

    def edit(name: str, entity: str, field: str, value: int) -> None:
        path = oath / name
        text = path.read_text(encoding="utf-8")
        pattern = rf"(- id: {entity}\n(?:  .*\n)*?  {field}: )\d+"
        changed, count = re.subn(pattern, rf"\g<1>{value}", text, count=1)
        assert count == 1, (name, entity, field)
        path.write_text(changed, encoding="utf-8")

    for constant, value in CONSTANTS.items():
        edit("constants.yaml", constant, "value", value)
    for name, cost in COSTS.items():
        edit("actions.yaml", name, "supply_min", cost)
        edit("actions.yaml", name, "supply_max", cost)
    edit("regions.yaml", "cradle", "site_slots", CRADLE_SLOTS)
    tables = oath / "tables.yaml"
    text = tables.read_text(encoding="utf-8")
    law = "- id: chronicle_added_cards\n"
    head, _, tail = text.partition(law)
    rows = "".join(f"    - [{n}]\n" for n in ADDED_CARDS)
    tables.write_text(head + law + tail.replace("    - [3]\n    - [2]\n    - [1]\n", rows, 1), encoding="utf-8")


def facts(game: Any) -> dict[str, Any]:
    """What the numbers decide, on one compiled game: the setup, the first turn's actions, a short game's end and
    its Chronicle, and a game set up from that Chronicle."""
    from lawforge.runtime.oath import battle
    from lawforge.runtime.oath.actions import STRIDE
    from lawforge.runtime.oath.advisers import limit_of
    from lawforge.runtime.oath.chronicle import ChronicleWriter
    from lawforge.runtime.oath.game import Kind, OathState, Phase

    def set_up(chronicle: Any = None) -> OathState:
        state = OathState(game, PLAYERS, SEED, engine="python", chronicle=chronicle)
        while state.flat.get("phase") == Phase.SETUP:
            state.apply(state.legal_actions()[0])
        return state

    def moves(state: OathState, kind: Kind) -> list[int]:
        return [move for move in state.legal_actions() if move // STRIDE == kind]

    def played_to_site() -> tuple[OathState, int, int]:
        """The Chancellor's facedown adviser played to their site: the state, the card, the favor it gave."""
        state = set_up()
        before = state.flat.get("favor", 0)
        move = moves(state, Kind.PLAY_TO_SITE)[0]
        state.apply(move)
        return state, move % STRIDE, state.flat.get("favor", 0) - before

    fresh = OathState(game, PLAYERS, SEED, engine="python")
    drawn = [len(fresh.cards.in_zone(fresh.cards.zone("drawn", seat))) for seat in range(PLAYERS)]
    state = set_up()
    flat = state.flat
    cradle = int(game.enums["region"]["CRADLE"])
    out: dict[str, Any] = {
        "cradle_sites": sum(flat.get("site_region", site) == cradle for site in state.sites_on_map()),
        "favor": [flat.get("favor", seat) for seat in range(PLAYERS)],
        "secrets": [flat.get("secret", seat) for seat in range(PLAYERS)],
        "board_warbands": [flat.get("warbands", seat) for seat in range(PLAYERS)],
        "top_cradle_warbands": flat.get("site_warbands", flat.get("pawn_site", 0), 0),
        "discard_piles": [len(fresh.cards.in_zone(fresh.cards.discard_pile(region)))
                          for region in range(len(game.entities("region")))],
        "drawn": drawn,
        "adviser_limit": limit_of(state, 1)[0],
    }
    flat.set("campaign_target_pawn", 1)
    out["pawn_dice"] = battle.target_dice(flat)
    flat.set("campaign_target_pawn", 0)

    search = set_up()
    supply = search.flat.get("supply", 0)
    search.apply(moves(search, Kind.SEARCH_DISCARD)[0])
    out["search_discard_paid"] = supply - search.flat.get("supply", 0)
    search = set_up()
    pile = search.cards.discard_pile(search.region_of(search.flat.get("pawn_site", 0)))
    for card in search.cards.in_zone(search.cards.zone("world_deck"))[:5]:
        search.cards.put(card, pile)
    search.apply(moves(search, Kind.SEARCH_DISCARD)[0])
    out["search_drawn"] = len(search.cards.in_zone(search.cards.zone("drawn", 0)))

    muster, card, out["play_favor"] = played_to_site()
    supply, warbands = muster.flat.get("supply", 0), muster.flat.get("warbands", 0)
    muster.apply(moves(muster, Kind.MUSTER)[0])
    out["muster"] = {"paid": supply - muster.flat.get("supply", 0), "gained": muster.flat.get("warbands", 0) - warbands,
                     "placed": muster.flat.get("card_favor", card)}
    trade, card, _ = played_to_site()
    trade.flat.move(("shared_favor",), ("bank_favor", trade.suit_of[card]), 6)
    supply, favor = trade.flat.get("supply", 0), trade.flat.get("favor", 0)
    trade.apply(moves(trade, Kind.TRADE_FOR_FAVOR)[0])
    out["trade_for_favor"] = {"paid": supply - trade.flat.get("supply", 0), "placed": trade.flat.get("card_secret", card),
                              "gained": trade.flat.get("favor", 0) - favor}
    trade, card, _ = played_to_site()
    trade.apply(moves(trade, Kind.TRADE_FOR_SECRETS)[0])
    out["trade_for_secrets_placed"] = trade.flat.get("card_favor", card)

    recover = set_up()
    supply = recover.flat.get("supply", 0)
    recover.apply(moves(recover, Kind.RECOVER_BANNER)[0])
    out["recover_paid"] = supply - recover.flat.get("supply", 0)

    campaign = set_up()
    seats = range(PLAYERS)
    empty = [site for site in campaign.sites_on_map() if campaign.flat.get("card_faceup", campaign.site_card(site))
             and not any(campaign.flat.get("site_warbands", site, seat) for seat in seats)
             and all(campaign.flat.get("pawn_site", seat) != site for seat in seats)]
    campaign.flat.set("pawn_site", 0, empty[0])
    out["campaign_allowed_at"] = []
    for supply in range(1, 5):
        campaign.flat.set("supply", 0, supply)
        if moves(campaign, Kind.CAMPAIGN):
            out["campaign_allowed_at"].append(supply)
    campaign.apply(moves(campaign, Kind.CAMPAIGN)[0])
    out["campaign_paid"] = 4 - campaign.flat.get("supply", 0)

    visionary = set_up()
    faith, darkest = visionary.cards.of("vision", "faith"), int(game.enums["banner"]["DARKEST_SECRET"])
    visionary.cards.put(faith, visionary.cards.zone("revealed_vision", 1), faceup=True)
    visionary.flat.set("banner_holder", darkest, 1)
    out["vision_wins_with_no_vision_drawn"] = visionary.winning_vision(1) is not None

    played = set_up()
    rng_moves = 0
    while not played.is_terminal():
        legal = played.legal_actions()
        played.apply(legal[rng_moves % len(legal)])
        rng_moves += 7
    out["final_round"] = played.flat.get("round")
    chronicle, _ = played.chronicle()
    out["added"], out["healed"] = added_to_world_deck(ChronicleWriter(played))
    out["dispossessed"] = len(chronicle.dispossessed)
    world = [name for name in chronicle.world_deck if name.startswith("denizen/")]
    sites = [replace(site, cards=[*site.cards, world.pop()]) if site.faceup and not site.cards else site
             for site in chronicle.sites]
    kept = set(world)
    again = set_up(replace(chronicle, sites=sites, world_deck=[name for name in chronicle.world_deck
                                                              if name in kept or not name.startswith("denizen/")]))
    faceup = sorted((site for site in again.sites_on_map() if again.flat.get("card_faceup", again.site_card(site))),
                    key=lambda site: again.flat.get("site_slot", site))
    with_cards = [site for site in faceup[1:] if again.cards_at(site)]
    out["site_warbands"] = sorted({again.flat.get("site_warbands", site, 0) for site in with_cards})
    return out


def added_to_world_deck(writer: Any) -> tuple[list[int], int]:
    """8.4 on a Chronicle writer whose winner has one faceup adviser: the cards added of the adviser's suit and the
    next two clockwise when the Archive holds three of each suit, and the cards added when it holds none and the
    Dispossessed hold seven of each."""
    cards, flat, game = writer.cards, writer.flat, writer.state.game
    cycle = [int(game.enums["suit"][s.id.name.upper()]) for s in sorted(game.entities("suit"), key=lambda s: s.bank_order)]
    winner = flat.get("winner")
    for card in writer.advisers(winner) + cards.in_zone(writer.zone("archive")) + cards.in_zone(writer.zone("dispossessed")):
        cards.put(card, writer.zone("box"))
    deck = cards.in_zone(writer.zone("world_deck"))
    by_suit = {suit: [c for c in deck if cards.printed_suit[c] == suit] for suit in cycle}
    cards.put(by_suit[cycle[0]][-1], writer.zone("advisers", winner), faceup=True)
    for suit in cycle:
        for card in by_suit[suit][:3]:
            cards.put(card, writer.zone("archive"))
    before = set(cards.in_zone(writer.zone("world_deck")))
    writer.add_to_world_deck()
    added = [cards.printed_suit[c] for c in cards.in_zone(writer.zone("world_deck")) if c not in before]
    counts = [added.count(suit) for suit in cycle[:3]]
    for card in cards.in_zone(writer.zone("archive")):
        cards.put(card, writer.zone("box"))
    for suit in cycle:
        for card in by_suit[suit][3:10]:
            cards.put(card, writer.zone("dispossessed"))
    before = set(cards.in_zone(writer.zone("world_deck")))
    writer.add_to_world_deck()
    return counts, sum(c not in before for c in cards.in_zone(writer.zone("world_deck")))


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = copy_workspace(tmp_path_factory.mktemp("numbers"))
    _changed(root)
    built = subprocess.run([sys.executable, "-m", "lawforge.compiler", "build", "oath", "--no-sheets", "--root",
                            str(root)], capture_output=True, text=True, env=unoptimised_compiler(root.parent))
    assert built.returncode == 0, built.stdout + built.stderr
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from lawforge.runtime import load;"
            "from test_oath_content_numbers import facts;"
            "print(json.dumps(facts(load('oath', root=sys.argv[2]))))")
    played = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), str(root)],
                            capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    return dict(json.loads(played.stdout))


@pytest.fixture(scope="module")
def law() -> dict[str, Any]:
    from lawforge.runtime import load
    return facts(load("oath"))


def test_the_map_has_as_many_cradle_sites_as_the_content_gives_slots(changed: dict[str, Any],
                                                                     law: dict[str, Any]) -> None:
    assert (law["cradle_sites"], changed["cradle_sites"]) == (2, CRADLE_SLOTS)


def test_starting_favor_secrets_and_warbands_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert law["favor"] == [2, 1, 1] and law["secrets"] == [1, 1, 1] and law["board_warbands"] == [3, 3, 3]
    others = PLAYERS - 1
    assert changed["favor"] == [CONSTANTS["chancellor_start_favor"]] + [CONSTANTS["start_favor"]] * others
    assert changed["secrets"] == [CONSTANTS["chancellor_start_secrets"]] + [CONSTANTS["start_secrets"]] * others
    assert changed["board_warbands"] == [CONSTANTS["chancellor_board_warbands"]] + [CONSTANTS["board_warbands"]] * others


def test_the_chancellors_warbands_on_the_map_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert (law["top_cradle_warbands"], changed["top_cradle_warbands"]) == (2, CONSTANTS["top_cradle_warbands"])
    assert law["site_warbands"] == [1] and changed["site_warbands"] == [CONSTANTS["site_warbands"]], \
        "the Chronicle's next game has faceup sites with cards beside the top Cradle site"


def test_the_setup_cards_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert law["discard_piles"] == [1, 1, 1] and law["drawn"] == [3] * PLAYERS
    assert changed["discard_piles"] == [CONSTANTS["setup_discard_pile_cards"]] * 3
    assert changed["drawn"] == [CONSTANTS["setup_draws"]] * PLAYERS


def test_search_costs_and_draws_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert (law["search_discard_paid"], changed["search_discard_paid"]) == (2, CONSTANTS["search_discard_cost"])
    assert (law["search_drawn"], changed["search_drawn"]) == (3, CONSTANTS["search_draws"])
    assert (law["play_favor"], changed["play_favor"]) == (1, CONSTANTS["play_to_site_favor"])


def test_muster_follows_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert law["muster"] == {"paid": 1, "gained": 2, "placed": 1}
    assert changed["muster"] == {"paid": COSTS["muster"], "gained": CONSTANTS["muster_warbands"],
                                 "placed": CONSTANTS["muster_favor"]}


def test_trade_follows_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert law["trade_for_favor"] == {"paid": 1, "placed": 1, "gained": 1} and law["trade_for_secrets_placed"] == 2
    assert changed["trade_for_favor"] == {"paid": COSTS["trade"], "placed": CONSTANTS["trade_secret_placed"],
                                          "gained": CONSTANTS["trade_favor_gained"]}
    assert changed["trade_for_secrets_placed"] == CONSTANTS["trade_favor_placed"]


def test_one_campaign_cost_decides_both_whether_a_campaign_is_allowed_and_what_it_charges(
        changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert (law["campaign_allowed_at"], law["campaign_paid"]) == ([2, 3, 4], 2)
    cost = COSTS["campaign"]
    assert changed["campaign_allowed_at"] == list(range(cost, 5)) and changed["campaign_paid"] == cost


def test_adviser_limit_pawn_dice_and_visions_needed_follow_the_content(changed: dict[str, Any],
                                                                        law: dict[str, Any]) -> None:
    assert (law["adviser_limit"], changed["adviser_limit"]) == (3, CONSTANTS["adviser_limit"])
    assert (law["pawn_dice"], changed["pawn_dice"]) == (2, CONSTANTS["pawn_defense_dice"])
    assert not law["vision_wins_with_no_vision_drawn"] and changed["vision_wins_with_no_vision_drawn"]


def test_the_last_round_and_the_dispossessed_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert law["final_round"] > CONSTANTS["last_round"] and changed["final_round"] == CONSTANTS["last_round"]
    assert (law["dispossessed"], changed["dispossessed"]) == (6, CONSTANTS["dispossessed_cards"])


def test_the_chronicles_added_and_healing_cards_follow_the_content(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert (law["added"], law["healed"]) == ([3, 2, 1], 6)
    assert (changed["added"], changed["healed"]) == (ADDED_CARDS, CONSTANTS["chronicle_heal_cards"])


def test_recover_costs_what_the_content_says(changed: dict[str, Any], law: dict[str, Any]) -> None:
    assert (law["recover_paid"], changed["recover_paid"]) == (1, COSTS["recover"])
