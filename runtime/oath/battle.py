"""The battle of a Campaign (5.5.2-5.5.5) counted on the state's fields, and the natives of battle plans (5.5.3, 7.5).

The pools and forces are worked out here over the flat state, so the kernel (campaign.py) and the natives that
card powers call give the same answer. A plan's "If you're victorious" part (5.5.8) is recorded in a field of
content/oath/state/campaign.yaml when the plan runs and carried out by campaign.py once the victory is known.
"""

from __future__ import annotations

from collections.abc import Callable

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .actions import KIND, NONE, PHASE
from .banners import DARKEST_SECRET, PEOPLES_FAVOR
from .empire import CHANCELLOR, JOINED, are_enemies, bandit_lord, bind_flat, colour, rules_site
from .numbers import rule_numbers
from .setup import Cards

BOARD = NONE
"""A place in a force: the board of the attacker, or of the defender."""
ALLY_BOARD = 512
"""A place in a force: an Ally's board is this plus the Ally's seat."""
LOSSES, SKULLS, SACRIFICED, PLAN_SACRIFICE = 1, 2, 3, 4
"""Values of `campaign_killing`: what the warbands being killed are (5.5.5-5.5.6)."""


def targeted_sites(flat: FlatState) -> list[int]:
    return [s for s in range(flat.size("site_slot")) if flat.get("campaign_target_site", s)]


def imperial_defence(flat: FlatState) -> bool:
    """5.5.1-5.5.2: an Imperial player defends; a Citizen attacked by the Chancellor is not Imperial then."""
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    if defender < 0 or colour(flat, defender) != CHANCELLOR:
        return False
    return not (attacker == CHANCELLOR and defender != CHANCELLOR)


def acting_site(flat: FlatState, player: int) -> int:
    """Where the acting player's pawn is, or where they act as if it were (Captains, Wild Allies, Small Friends)."""
    acting = flat.get("acting_site")
    return acting - 1 if acting else flat.get("pawn_site", player)


def attacker_site(flat: FlatState) -> int:
    return acting_site(flat, flat.get("campaign_attacker"))


def board_in_force(flat: FlatState) -> bool:
    """5.5.4: the defender's board warbands defend if their pawn is at the attacker's site or a targeted site."""
    pawn = flat.get("pawn_site", flat.get("campaign_defender"))
    return pawn == attacker_site(flat) or bool(flat.get("campaign_target_site", pawn))


def allies_in_force(flat: FlatState) -> list[int]:
    """5.5.4: each Ally whose pawn is at the attacker's site or a targeted site adds their board's warbands."""
    near = set(targeted_sites(flat)) | {attacker_site(flat)}
    return [ally for ally in range(flat.size("seated"))
            if flat.get("campaign_ally", ally) == JOINED and flat.get("pawn_site", ally) in near]


def _ruled_sites(flat: FlatState, player: int) -> list[int]:
    """Vow of Union: the sites whose warbands add to the attacking force (glossary Rule, 6.6.3)."""
    if not flat.get("attack_force_includes_ruled_sites"):
        return []
    return [s for s in range(flat.size("site_slot")) if flat.get("site_warbands", s, colour(flat, player))]


def force_places(flat: FlatState, player: int) -> list[int]:
    """Where the warbands of a side's force are (glossary Force, 5.5.2-5.5.4): the attacker's board (and the sites
    they rule, with Vow of Union); the defender's warbands at targeted sites, their board if it is in force, and
    each Ally's board in force; the attacker's warbands at their site too with Captains and Wild Allies. Only
    places that hold a warband."""
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    if player == attacker:
        places = _ruled_sites(flat, attacker)
        site = attacker_site(flat)
        if flat.get("attack_force_includes_site_warbands") and site not in places \
                and flat.get("site_warbands", site, colour(flat, attacker)):
            places.append(site)
        return places + ([BOARD] if flat.get("warbands", attacker) else [])
    if defender < 0:
        return []
    own = colour(flat, defender)
    places = [s for s in targeted_sites(flat) if flat.get("site_warbands", s, own)]
    if board_in_force(flat) and flat.get("warbands", defender):
        places.append(BOARD)
    return places + [ALLY_BOARD + ally for ally in allies_in_force(flat) if flat.get("warbands", ally)]


def place_cell(flat: FlatState, player: int, place: int) -> tuple[str, tuple[int, ...], int]:
    """The cell (field, index) a place of a side's force is, and the seat whose warbands they are."""
    if place == BOARD:
        return "warbands", (player,), player
    if place >= ALLY_BOARD:
        return "warbands", (place - ALLY_BOARD,), place - ALLY_BOARD
    return "site_warbands", (place, colour(flat, player)), player


def force_size(flat: FlatState, player: int) -> int:
    """The warbands in a side's force; the bandits at targeted sites when they defend (2.8.3)."""
    if player < 0:
        return _bandits_at(flat, targeted_sites(flat))
    total = crowned_bandits(flat, player)
    for place in force_places(flat, player):
        field, index, _ = place_cell(flat, player, place)
        total += flat.value(field, *index)
    return total


def _bandits_at(flat: FlatState, sites: list[int]) -> int:
    """2.8.3: one bandit at each site, more with Bandit Chief (`bandits_per_site_delta`)."""
    return len(sites) * max(0, 1 + flat.get("bandits_per_site_delta"))


def crowned_bandits(flat: FlatState, player: int) -> int:
    """7.6.5: the bandits the Bandit Crown's holder treats as warbands of their force, but at sites an enemy rules:
    at the targeted sites they defend; at their site with Captains, and at the sites they rule with Vow of Union,
    when they attack. They are in no place of the force (`force_places`): they cannot be killed or sacrificed."""
    if player < 0 or player != bandit_lord(flat):
        return 0
    if player != flat.get("campaign_attacker"):
        sites = set(targeted_sites(flat))
    else:
        sites = {attacker_site(flat)} if flat.get("attack_force_includes_site_warbands") else set()
        if flat.get("attack_force_includes_ruled_sites"):
            sites |= {s for s in range(flat.size("site_slot")) if rules_site(flat, player, s)}
    enemies = [other for other in range(flat.size("seated")) if are_enemies(flat, other, player)]
    return _bandits_at(flat, [s for s in sites if not any(rules_site(flat, enemy, s) for enemy in enemies)])


def site_relics(flat: FlatState) -> list[int]:
    """The facedown relics at targeted sites, which Relic Hunter lets the attacker target."""
    cards = Cards(flat)
    return [card for card in cards.in_zone(cards.zone("at_site")) if cards.kind_of(card) == "relic"
            and flat.get("campaign_target_site", flat.get("card_site", card)) and not flat.get("card_faceup", card)]


def target_dice(flat: FlatState) -> int:
    """5.5.2: the defense dice the declared targets add: each site's, each relic's (n for a relic at a site, Relic
    Hunter), each banner's tokens (2.5.2), two for the pawn."""
    cards = Cards(flat)
    game = flat.game
    sites, relics = game.entities("site"), game.entities("relic")
    dice = sum(sites[s].defense or 0 for s in targeted_sites(flat))
    per_relic = flat.get("campaign_relic_hunter") - 1
    if per_relic > 0:
        at_sites = cards.in_zone(cards.zone("at_site"))
        dice += per_relic * sum(flat.get("campaign_target_card", relic) for relic in at_sites)
    defender = flat.get("campaign_defender")
    if defender >= 0:
        relic_base = int(cards.base["relic"])
        dice += sum(relics[r - relic_base].defense or 0 for r in cards.in_zone(cards.zone("relics_held", defender))
                    if flat.get("campaign_target_card", r))
        dice += sum(flat.get("banner_favor" if b == PEOPLES_FAVOR else "banner_secret", b)
                    for b in (PEOPLES_FAVOR, DARKEST_SECRET)
                    if flat.get("banner_holder", b) == defender and flat.get("campaign_target_banner", b))
    if flat.get("campaign_target_pawn"):
        dice += rule_numbers(flat.game).pawn_defense_dice
    return int(dice)


def defense_dice(flat: FlatState) -> int:
    """5.5.2: the targets' dice, the title's (2.11), and the modifiers' and plans'."""
    dice = target_dice(flat)
    defender, keeper = flat.get("campaign_defender"), flat.get("oathkeeper")
    if defender >= 0 and (keeper == defender or keeper == CHANCELLOR and imperial_defence(flat)):
        title = flat.game.entities("title")[0]
        dice += title.other_side_defense if flat.get("usurper") else title.defense
    return max(0, dice + flat.get("defense_dice_delta"))


def pools(flat: FlatState) -> tuple[int, int]:
    """The attack and defense dice to roll: one attack die per warband of the attacker's force and the targets'
    dice, with what plans and modifiers added or took away; attack dice taken away that the pool does not have
    are defense dice added (5.5.3). Mounted Patrol: the attacker rolls half their pool, rounded down."""
    attack = force_size(flat, flat.get("campaign_attacker")) + flat.get("attack_dice_delta")
    rolled = max(0, attack) // 2 if flat.get("attack_pool_halved") else max(0, attack)
    return rolled, defense_dice(flat) + max(0, -attack)


def victorious(flat: FlatState, seat: int) -> bool:
    """Whether a player is on the victorious side of the Campaign just decided: the attacker, or the defender and
    their Allies (glossary You: in a Campaign, the defender's side)."""
    if seat == flat.get("campaign_attacker"):
        return flat.get("campaign_victorious") == 1
    on_defence = seat == flat.get("campaign_defender") or flat.get("campaign_ally", seat) == JOINED
    return on_defence and flat.get("campaign_victorious") == 0


def enemies(flat: FlatState, seat: int) -> list[int]:
    """The other side of the Campaign: the defender and their Allies for the attacker, else the attacker."""
    attacker = flat.get("campaign_attacker")
    if seat != attacker:
        return [attacker]
    return [p for p in range(flat.size("seated"))
            if p == flat.get("campaign_defender") or flat.get("campaign_ally", p) == JOINED]


# natives ---------------------------------------------------------------------------------------

Body = Callable[[FlatState, list[int]], int]


def _record(field: str, value: Callable[[FlatState, list[int]], int]) -> Body:
    """A native that writes an outcome for its player (the first argument) to be carried out later; none for the
    bandits (-1), who gain nothing, are never killed and use their plans as campaign.py says (5.5.3)."""
    def record(flat: FlatState, args: list[int]) -> int:
        if args[0] >= 0:
            flat.set(field, args[0], value(flat, args))
        return 0
    return record


def _plan_card(flat: FlatState, args: list[int]) -> int:
    return 1 + flat.get("campaign_plan_card")


def _gain_favor(flat: FlatState, args: list[int]) -> int:
    """The favor a victory gives a player; the bandits (-1) have no board to gain it on."""
    player, suit, n = args
    if player >= 0:
        flat.add("campaign_win_favor", player, suit, n)
    return 0


def _gain_warbands(flat: FlatState, args: list[int]) -> int:
    player, n = args
    flat.add("campaign_win_warbands", player, n)
    return 0


def _may_kill_all(flat: FlatState, args: list[int]) -> int:
    player, favor = args
    flat.set("campaign_win_kill_all", player, 1 + flat.get("campaign_plan_card"))
    flat.set("campaign_win_kill_all_favor", player, favor)
    return 0


def _victorious_now(side: int) -> Body:
    """5.5.3: the battle is over before the dice; the rest of the plans step and the rolls are skipped."""
    def decide(flat: FlatState, args: list[int]) -> int:
        flat.set("campaign_decided", side)
        return 0
    return decide


def _campaign_choosing_defender(flat: FlatState, args: list[int]) -> int:
    """5.5 from a power: once the power is settled, its user declares a defender (CAMPAIGN_DEFENDER) and campaigns
    without Supply, the hooks the power set in force."""
    flat.set("power_campaign", args[0])
    return 0


def _campaign_against(flat: FlatState, args: list[int]) -> int:
    """Sneak Attack: once the power is settled, its user may campaign without Supply against this player only."""
    flat.set("power_campaign", flat.get("effect_player"))
    flat.set("power_campaign_defender", args[0] + 1)
    return 0


def _hunt_relics(flat: FlatState, args: list[int]) -> int:
    """Relic Hunter: the attacker may now target the facedown relics at targeted sites (CAMPAIGN_SITE_RELICS),
    each adding n defense dice, and may put the relics they take on the bottom of the relic deck."""
    flat.set("campaign_relic_hunter", 1 + args[1])
    if site_relics(flat):
        flat.set("effect_return", PHASE.CAMPAIGN_SITE_RELICS)
    return 0


def _sacrifice_in_force(flat: FlatState, args: list[int]) -> int:
    """Glossary Sacrifice: up to n warbands of the player's side's force; the kernel asks where from once the
    plan has run (a KILL_AT step), so the number is known now."""
    player, n = args
    side = player if player == flat.get("campaign_attacker") else flat.get("campaign_defender")
    count = min(max(0, n), force_size(flat, side)) if side >= 0 else 0
    if count:
        flat.set("campaign_losses", count)
        flat.set("campaign_killing", PLAN_SACRIFICE)
        flat.set("campaign_kill_from", side)
        flat.set("effect_return", PHASE.CAMPAIGN_LOSSES)
    return count


def _defense_dice_now(flat: FlatState, args: list[int]) -> int:
    """The defense pool as it would be rolled now (pools): Rangers asks it during the plans."""
    return pools(flat)[1] if flat.get("campaign_attacker") >= 0 else 0


def _starting(flat: FlatState) -> bool:
    """A Campaign's optional modifiers are being chosen (7.4): it has an attacker and a defender, not yet its
    fields."""
    return flat.get("campaign_attacker") < 0 and flat.get("phase") == PHASE.MODIFIERS \
        and flat.get("action_kind") == KIND.CAMPAIGN


def _attacker(flat: FlatState, args: list[int]) -> int:
    """The attacker of the Campaign being resolved, or being started (Vow of Union asks at its start)."""
    return flat.get("current_player") if _starting(flat) else flat.get("campaign_attacker")


def _defender(flat: FlatState, args: list[int]) -> int:
    if not _starting(flat):
        return flat.get("campaign_defender")
    return -1 if flat.get("action_target") == NONE else flat.get("action_target")


def _in_campaign(count: Callable[[FlatState], int]) -> Body:
    return lambda flat, args: count(flat) if flat.get("campaign_attacker") >= 0 else 0


def _discard_instead(flat: FlatState, args: list[int]) -> int:
    """Wild Mounts: its user may keep their plans of the first suit by discarding a card of the second they rule."""
    player, kept, instead = args
    flat.set("campaign_swap_from", player, kept + 1)
    flat.set("campaign_swap_to", player, instead + 1)
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "replace_plan_discards_with_suit_card": bind_flat(_discard_instead),
    "campaign_attacker": bind_flat(_attacker),
    "campaign_defender": bind_flat(_defender),
    "campaign_defense_dice": bind_flat(_defense_dice_now),
    "campaign_attack_force": bind_flat(_in_campaign(lambda flat: force_size(flat, flat.get("campaign_attacker")))),
    "campaign_defense_force": bind_flat(_in_campaign(lambda flat: force_size(flat, flat.get("campaign_defender")))),
    "forbid_other_battle_plans": bind_flat(_record("campaign_plans_only", lambda flat, args: 1 + args[1])),
    "attacker_victorious_now": bind_flat(_victorious_now(1)),
    "defender_victorious_now": bind_flat(_victorious_now(2)),
    "sacrifice_in_force": bind_flat(_sacrifice_in_force),
    "killed_warbands_to_site": bind_flat(_record("campaign_hospital", lambda flat, args: 1 + args[1])),
    "on_victory_gain_favor": bind_flat(_gain_favor),
    "on_victory_gain_warbands": bind_flat(_gain_warbands),
    "on_victory_gain_warbands_per_enemy_kill": bind_flat(_record("campaign_win_warbands_per_kill", lambda f, a: 1)),
    "on_victory_may_become_citizen": bind_flat(_record("campaign_win_citizen", _plan_card)),
    "on_victory_may_travel_then_campaign_free": bind_flat(_record("campaign_win_travel", lambda f, a: 1)),
    "may_target_relics_at_targeted_sites": bind_flat(_hunt_relics),
    "on_victory_may_kill_enemy_force_give_favor": bind_flat(_may_kill_all),
    "on_victory_over_pawn_enemy_burns_all_favor": bind_flat(_record("campaign_win_burn_all_favor", _plan_card)),
    "on_victory_over_pawn_enemy_burns_secrets_but_one": bind_flat(_record("campaign_win_burn_secrets", lambda f, a: 1)),
    "on_victory_capture_enemy_force": bind_flat(_record("campaign_win_capture", lambda flat, args: 1 + args[1])),
    "campaign_choosing_defender": bind_flat(_campaign_choosing_defender),
    "campaign": bind_flat(_campaign_against),
}
"""The natives of battle plans; they take the place of natives.py's Campaign questions, which know neither a
Campaign's start (the modifiers of 7.4), Vow of Union nor the Allies."""


def carry_out(flat: FlatState, seat: int) -> None:
    """5.5.8: a victorious player's recorded outcomes, each once: favor from the suits' banks, warbands from their
    bank (one per enemy warband killed, Cursed Cauldron), Book Burning's secrets, and Second Wind's Travel and
    Campaign, which wait for the Campaign's end (campaign.py power_step)."""
    for suit in range(len(flat.game.entities("suit"))):
        flat.move(("bank_favor", suit), ("favor", seat), flat.get("campaign_win_favor", seat, suit))
        flat.set("campaign_win_favor", seat, suit, 0)
    gained = flat.get("campaign_win_warbands", seat)
    if flat.get("campaign_win_warbands_per_kill", seat):
        gained += sum(flat.get("campaign_killed", enemy) for enemy in enemies(flat, seat))
    flat.move(("warband_bank", colour(flat, seat)), ("warbands", seat), gained)
    flat.set("campaign_win_warbands", seat, 0)
    flat.set("campaign_win_warbands_per_kill", seat, 0)
    defender = flat.get("campaign_defender")
    if flat.get("campaign_win_burn_secrets", seat) and seat == flat.get("campaign_attacker") and defender >= 0 \
            and flat.get("campaign_target_pawn"):
        _burn_secrets_but_one(flat, defender)
    flat.set("campaign_win_burn_secrets", seat, 0)
    if flat.get("campaign_win_travel", seat):
        flat.set("power_travel", seat + 1)


def capture(flat: FlatState, victor: int) -> None:
    """Obsidian Cage: the defeated side's force left after the losses goes onto the relic, by colour, instead of
    home (5.5.8)."""
    relic = flat.get("campaign_win_capture", victor) - 1
    attacker = flat.get("campaign_attacker")
    loser = flat.get("campaign_defender") if victor == attacker else attacker
    if relic >= 0 and loser >= 0:
        for place in force_places(flat, loser):
            field, index, seat = place_cell(flat, loser, place)
            flat.move((field, *index), ("relic_warbands", relic, colour(flat, seat)), flat.value(field, *index))
    flat.set("campaign_win_capture", victor, 0)


def _burn_secrets_but_one(flat: FlatState, player: int) -> None:
    """Book Burning: every secret on the board but one, the one kept faceup if any is (docs/decisions.md)."""
    faceup, facedown = flat.get("secret", player), flat.get("secret_facedown", player)
    flat.move(("secret_facedown", player), ("shared_secret",), facedown if faceup else facedown - 1)
    flat.move(("secret", player), ("shared_secret",), faceup - 1)
