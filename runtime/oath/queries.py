# cython: annotation_typing=False
# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""What the state says: whose decision it is, who rules what, what a player can pay, goals and titles: the `Queries`
part of `OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..bytecode import CHOOSER, PAUSED, STATUS
from . import advisers, banners, campaign, costs, empire, negotiate, warbands
from .actions import PHASE
from .power_tables import TRIGGERED, PowerTables
from .setup import SHARED_VISION, most_supply

if TYPE_CHECKING:
    from .game import OathState

SEAT_FIELDS: dict[int, str] = {
    PHASE.SETUP: "setup_seat", PHASE.CITIZENSHIP: "citizenship_offer", PHASE.RELIQUARY_PICK: "reliquary_pick",
    PHASE.SHARED_VISION_PLAY: "shared_vision_player", PHASE.TRIGGERED: "trigger_seat", PHASE.MODIFIERS: "trigger_seat"}
"""The field naming who decides, in the phases where one does."""


class Queries(PowerTables):
    def current_player(self: OathState) -> int:
        phase = self.flat.get("phase")
        if self.flat.get("title_candidates") and phase != PHASE.OVER:
            return self.flat.get("oathkeeper")
        if phase == PHASE.ACT:
            return self.flat.get("current_player")
        field = SEAT_FIELDS.get(phase)
        if field is not None:
            return self.flat.get(field)
        if phase == PHASE.EFFECT:
            return self._answering()
        if phase == PHASE.TRAVEL_DESTINATION:
            return self.flat.get("travel_chooser") - 1
        if phase == PHASE.WARBAND_PERMISSION:
            return warbands.deciding_player(self.flat)
        if phase in (PHASE.NEGOTIATE, PHASE.NEGOTIATE_ANSWER):
            return negotiate.current_player(self.flat)
        if phase in campaign.PHASES:
            return campaign.deciding_player(self)
        return self.flat.get("current_player")

    def _answering(self: OathState) -> int:
        """Who answers the choice a paused power asks: the player its `by:` names (Shrouded Wood's ruler, Revelation's
        players), else its user."""
        frame = self.frame
        if frame is not None and frame[STATUS] == PAUSED and frame[CHOOSER] >= 0:
            return frame[CHOOSER]
        return self.flat.get("effect_player")

    def is_terminal(self: OathState) -> bool:
        return self.flat.get("phase") == PHASE.OVER

    def returns(self: OathState) -> list[float]:
        winner = self.flat.get("winner")
        return [1.0 if seat == winner else 0.0 for seat in range(self.players)]

    def site_card(self: OathState, site: int) -> int:
        return self.site_base + site

    def region_of(self: OathState, site: int) -> int:
        return self.flat.get("site_region", site)

    def sites_on_map(self: OathState) -> list[int]:
        return [c - self.site_base for c in self.cards.in_zone(self.cards.zone("map"))]

    def cards_at(self: OathState, site: int) -> list[int]:
        """The denizen and edifice cards at a site (what its capacity counts, 2.8.1)."""
        return [c for c in self.cards.in_zone(self.cards.zone("at_site"))
                if self.flat.get("card_site", c) == site and c in self.suit_of]

    def rules(self: OathState, seat: int, site: int) -> bool:
        """Glossary Rule, with 6.6.3: every Imperial player rules every site with purple warbands."""
        return empire.rules_site(self.flat, seat, site)

    def bandits_rule(self: OathState, site: int) -> bool:
        """Glossary Rule: bandits rule the sites where no player has warbands (empire.py)."""
        return empire.bandits_rule(self.flat, site)

    def advisers(self: OathState, seat: int) -> list[int]:
        return self.cards.in_zone(self.cards.zone("advisers", seat))

    def faceup_matching(self: OathState, seat: int, suit: int) -> int:
        """Glossary Match: the player's faceup advisers of the suit (another player's, Master of Disguise); an adviser
        acting as another suit (Acting Troupe) or as several (Marriage) counts so."""
        flat = self.flat
        owner = flat.get("advisers_of") - 1 if flat.get("advisers_of") else seat
        count = 0
        for card in self.advisers(owner):
            shown = flat.get("counted_suit", card) - 1 if flat.get("counted_suit", card) else flat.get("card_suit", card)
            if shown == suit:
                count += max(1, flat.get("adviser_weight", card))
        return count

    def search_cost(self: OathState) -> int:
        values = self.game.tables.values("table_search_cost_world_deck")
        return int(values[min(self.flat.get("visions_drawn"), len(values) - 1)])

    def table_travel_cost(self: OathState, seat: int, site: int) -> int:
        here = self.flat.get("pawn_site", seat)
        return int(self.game.tables.table_travel_cost(self.region_of(here), self.region_of(site)))

    def relics_at(self: OathState, site: int) -> list[int]:
        """Facedown relics at a site (5.4.1: what Recover can target there)."""
        return [c for c in self.cards.in_zone(self.cards.zone("at_site"))
                if self.flat.get("card_site", c) == site and c not in self.suit_of and not self.flat.get("card_faceup", c)]

    def _can_pay_recovery(self: OathState, seat: int, site: int) -> bool:
        cost = self.game.entities("site")[site].recover_cost
        return cost is not None and self.affords(seat, cost)

    def affords(self: OathState, seat: int, cost: Any) -> bool:
        return costs.affords(self.flat, seat, cost)

    def can_pay(self: OathState, seat: int, card: int, cost: Any) -> bool:
        return costs.can_pay(self.flat, seat, card, cost)

    def can_use(self: OathState, seat: int, card: int) -> bool:
        """7.1.1: a faceup adviser of theirs, a relic they hold, a site they rule or their pawn is at, a faceup
        card at such a site (or that they rule there by the Grand Mask, empire.masked)."""
        zone, zones = self.flat.get("card_zone", card), self.zone_ids
        advisers = zones["advisers"] + seat
        if zone in (advisers, zones["at_site"]) and not self.flat.get("card_faceup", card):
            return False
        if zone in (advisers, zones["relics_held"] + seat):
            return True
        if zone == zones["map"]:
            site = card - self.site_base
        elif zone == zones["at_site"]:
            site = self.flat.get("card_site", card)
        else:
            return False
        ruler = empire.masked(self.flat, card)
        rules = self.rules(seat, site) if ruler < 0 else seat == ruler
        return rules or self.flat.get("pawn_site", seat) == site

    def _modifying_an_action(self: OathState) -> bool:
        """Whether the paused power is a modifier of the action being taken: an optional one in use, or one that
        binds the player (7.4), whose answers must not break the action declared."""
        returning = self.flat.get("effect_return")
        return returning == PHASE.MODIFIERS or (
            returning == PHASE.TRIGGERED and TRIGGERED[self.flat.get("trigger_timing")] in self.modifiers)

    def index_in_kind(self: OathState, card: int) -> int:
        """A card's number among the entities of its kind (what a power's `this` is)."""
        return self.cards.index_in_kind(card)

    def most_supply(self: OathState, seat: int) -> int:
        """The leftmost space of a player's Supply track: Supply never goes beyond it (4.3.4)."""
        return most_supply(self.game, "exile" if self.is_exile(seat) else "chancellor")

    def _supply_table(self: OathState, seat: int) -> str:
        """Exiles have their board's track; Citizens match the Chancellor's (Empire summary, 4.3.3)."""
        role = "exile" if self.is_exile(seat) else "chancellor"
        return f"supply_refresh_{role}"

    def _banner_goal_holder(self: OathState, oath: int) -> int | None:
        """For the Oaths whose goal is to hold a banner: who holds it (-1: nobody); None for the others."""
        name = self.oath_names[oath]
        if name not in ("people", "devotion"):
            return None
        return self.flat.get("banner_holder", banners.PEOPLES_FAVOR if name == "people" else banners.DARKEST_SECRET)

    def _goal_counts(self: OathState, oath: int) -> list[int]:
        """For the Oaths of "most": sites ruled (Supremacy: the Empire's count for the Chancellor, 2.11) or
        relics and banners held (Protection), per seat."""
        if self.oath_names[oath] == "supremacy":
            sites = self.sites_on_map()
            return [0 if self.flat.get("role", seat) == self.role_ids["citizen"]
                    else sum(self.rules(seat, site) for site in sites) for seat in range(self.players)]
        return [self.relics_and_banners(seat) for seat in range(self.players)]

    def relics_and_banners(self: OathState, seat: int) -> int:
        return len(self.cards.in_zone(self.cards.zone("relics_held", seat))) + len(banners.held_by(self, seat))

    def meets_goal(self: OathState, seat: int, oath: int) -> bool:
        """A Vision's goal is its Oath's (3.2): hold the banner, or have strictly the most (a tie is not the most)."""
        owner = self._banner_goal_holder(oath)
        if owner is not None:
            return owner == seat
        counts = self._goal_counts(oath)
        return all(counts[seat] > n for other, n in enumerate(counts) if other != seat)

    def revealed_vision(self: OathState, seat: int) -> int | None:
        """The Vision an Exile has revealed on their own board (its number in the vision kind), if any."""
        cards = self.cards.in_zone(self.cards.zone("revealed_vision", seat))
        return cards[-1] - int(self.cards.base["vision"]) if cards else None

    def revealed_visions(self: OathState, seat: int) -> list[int]:
        """Every Vision the player has revealed (numbers in the vision kind): their own, and, while they rule a faceup
        False Prophet (SHARED_VISION), each revealed Vision with a warband of theirs on it ("you now also have it
        revealed")."""
        own = self.revealed_vision(seat)
        visions = [] if own is None else [own]
        advisers = self.cards.zone("advisers", seat)
        if any(self.flat.get("card_zone", card) == advisers and self.flat.get("card_faceup", card)
               for card in self.static_powers[SHARED_VISION]):
            base = int(self.cards.base["vision"])
            revealed = {self.cards.zone("revealed_vision", other) for other in range(self.players)}
            visions += [vision for vision in range(len(self.game.entities("vision"))) if vision not in visions
                        and self.flat.get("vision_warbands", vision, seat)
                        and self.flat.get("card_zone", base + vision) in revealed]
        return visions

    def winning_vision(self: OathState, seat: int) -> int | None:
        """3.2: the first, in the Visions' order (3.4.3), of the player's revealed Visions whose goal is met, once at
        least three Visions have been drawn; None if none is."""
        if self.flat.get("visions_drawn") < self.numbers.visions_needed:
            return None
        entities = self.game.entities("vision")
        met = [vision for vision in self.revealed_visions(seat)
               if entities[vision].oath is not None and self.meets_goal(seat, int(entities[vision].oath))]
        return min(met, key=lambda vision: entities[vision].tiebreak or 0, default=None)

    def visionary(self: OathState, seat: int) -> bool:
        """3.2: a revealed Vision (their own or one the False Prophet shares) whose goal is met, once at least three
        Visions have been drawn."""
        return self.winning_vision(seat) is not None

    def is_exile(self: OathState, seat: int) -> bool:
        return self.flat.get("role", seat) == self.role_ids["exile"]

    def role_of(self: OathState, seat: int) -> str:
        return next(name for name, number in self.role_ids.items() if number == self.flat.get("role", seat))
