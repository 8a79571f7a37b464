# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""What each major and minor action does once it is taken (5, 6): the `Handlers` part of `OathState` (game.py), its
methods written for the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notes import KernelLine
from . import advisers, banners, empire, favor, modifiers, negotiate, plays
from .actions import KIND, PHASE, Kind
from .power_tables import CONSPIRACY, POWER_STRIDE
from .turn import Turn

if TYPE_CHECKING:
    from .game import OathState

class Handlers(Turn):
    def _do_choose_adviser(self: OathState, seat: int, card: int) -> None:
        """Setup 23, in its order: the player's pawn on a faceup site (the Chancellor's is on the top Cradle site
        already), one card kept as a facedown adviser, the others discarded by the region of the player's own pawn
        (glossary Discard)."""
        if seat != 0:
            faceup = [s for s in self.sites_on_map() if self.flat.get("card_faceup", self.site_card(s))]
            self.flat.set("pawn_site", seat, faceup[self.flat.random(len(faceup))])
            self.placeholders.append(KernelLine.of(self.game, "placeholder_random_pawn", seat=seat))
        self.cards.put(card, self.cards.zone("advisers", seat))
        for other in self.cards.in_zone(self.cards.zone("drawn", seat)):
            self.cards.put(other, self.cards.discard_target(self.region_of(self.flat.get("pawn_site", seat))))
        if seat + 1 < self.players:
            self.flat.set("setup_seat", seat + 1)
        else:
            self.flat.set("phase", PHASE.ACT)
            self.flat.set("current_player", 0)

    def _do_end_turn(self: OathState, seat: int, _: int) -> None:
        """4.3: the Rest, then its "Rest:" powers (each once, 4.3.5), then the next player's turn."""
        self._rest(seat)
        self.trigger(seat, "rest")

    def _do_travel(self: OathState, seat: int, site: int) -> None:
        self.flat.add("supply", seat, -modifiers.supply_cost(self, seat, KIND.TRAVEL, site))
        self.cards.arrive(seat, site)
        self.trigger(seat, "after_travel")

    def pay_supply(self: OathState, seat: int, kind: Kind, target: int) -> None:
        self.flat.add("supply", seat, -modifiers.supply_cost(self, seat, kind, target))

    def _drawn_by_search(self: OathState) -> int:
        """5.1.2: three cards, give or take what modifiers add."""
        return max(0, self.numbers.search_draws + self.flat.get("search_draw_delta"))

    def _do_search_world(self: OathState, seat: int, _: int) -> None:
        self.pay_supply(seat, KIND.SEARCH_WORLD, 0)
        self._search(seat, KIND.SEARCH_WORLD, -1)

    def _do_search_discard(self: OathState, seat: int, region: int) -> None:
        self.pay_supply(seat, KIND.SEARCH_DISCARD, region)
        self._search(seat, KIND.SEARCH_DISCARD, region)

    def _search(self: OathState, seat: int, kind: Kind, region: int) -> None:
        """5.1.2: draw from the top of the source; a Vision drawn from the world deck stops the draw. With Truthful
        Harp everyone sees what is drawn. Modifiers that take away more draws than there are leave nothing to keep."""
        world = kind == KIND.SEARCH_WORLD and not self.flat.get("search_from_discard_bottom")
        drawn = modifiers.search_source(self, seat, kind, region)[:self._drawn_by_search()]
        if not drawn:
            self._after_decision()
            return
        self.flat.set("search_resolving", 1)
        self.flat.set("search_keeps", max(0, self.flat.get("search_plays_if_one_to_site") - 1))
        self.flat.set("search_to_site", 0)
        for card in drawn:
            self._draw(seat, card)
            if self.flat.get("search_swap_dispossessed") and self.cards.kind_of(card) == "denizen":
                self.flat.set("search_swappable", card, 1)
            if self.flat.get("search_reveal_cards"):
                for player in range(self.players):
                    self.flat.set("card_seen", card, player, 1)
            if world and card in self.visions:
                self.flat.add("visions_drawn", 1)
                break
        self.flat.set("phase", PHASE.SEARCH_KEEP)

    def _draw(self: OathState, seat: int, card: int) -> None:
        self.cards.put(card, self.cards.zone("drawn", seat))
        self.flat.set("card_seen", card, seat, 1)

    def _do_swap_drawn(self: OathState, seat: int, card: int) -> None:
        """Great Spire (8.5): the drawn denizen goes to the Dispossessed, a card drawn from there at random takes its
        place among the drawn cards, to keep or discard like the others."""
        pool = self.cards.in_zone(self.cards.zone("dispossessed"))
        other = pool[self.flat.random(len(pool))]
        self.cards.put(card, self.cards.zone("dispossessed"))
        self.flat.set("search_swappable", card, 0)
        self._draw(seat, other)

    def _do_keep(self: OathState, seat: int, card: int) -> None:
        """5.1.3: discard all the drawn cards but one; with Land Warden the player may keep another first."""
        flat = self.flat
        flat.set("search_kept", card, 1)
        if flat.get("search_keeps") and self._unkept(seat):
            flat.add("search_keeps", -1)
            return
        self._do_keep_no_more(seat, 0)

    def _unkept(self: OathState, seat: int) -> list[int]:
        return [c for c in self.cards.in_zone(self.cards.zone("drawn", seat)) if not self.flat.get("search_kept", c)]

    def _do_keep_no_more(self: OathState, seat: int, _: int) -> None:
        """The kept cards are played one after the other (SEARCH_PLAY), the others discarded."""
        flat = self.flat
        for other in self._unkept(seat):
            self.cards.discard(seat, other)
        flat.set("search_plays", len(self.cards.in_zone(self.cards.zone("drawn", seat))))
        flat.clear("search_swappable", "search_kept")
        flat.set("search_keeps", 0)
        flat.set("phase", PHASE.SEARCH_PLAY)

    def _do_play_to_site(self: OathState, seat: int, card: int) -> None:
        self._play_at(seat, card, self.flat.get("pawn_site", seat))

    def _do_play_to_other_site(self: OathState, seat: int, argument: int) -> None:
        site, card = divmod(argument, plays.SITE_STRIDE)
        self._play_at(seat, card, site)

    def _play_at(self: OathState, seat: int, card: int, site: int) -> None:
        """5.1.4.I: faceup at the site, and gain a favor from the bank of its suit (a secret instead, Book of
        Records)."""
        gains_secret = plays.rules(self, seat, card)["play_gains_secret_not_favor"]
        self.cards.put(card, self.cards.zone("at_site"), faceup=True)
        self.flat.set("card_site", card, site)
        self.flat.set("search_to_site", self.flat.get("search_to_site") or self.flat.get("search_resolving"))
        if gains_secret:
            self.flat.move(("shared_secret",), ("secret", seat), 1)
        else:
            self.flat.move(("bank_favor", self.suit_of[card]), ("favor", seat), self.numbers.play_to_site_favor)
        self._played(seat, card, site, faceup=True)

    def _played(self: OathState, seat: int, card: int, site: int, *, faceup: bool) -> None:
        """A card is played: the modifiers of a play run (homeland sites, gains for playing a suit), then the
        card's own "When Played" power (7.3), then the turn goes on."""
        for name, value in (("played_card", card), ("played_site", site), ("played_by", seat),
                            ("played_faceup", int(faceup))):
            self.flat.set(name, value)
        self.trigger(seat, "play")

    def _when_played(self: OathState, seat: int) -> None:
        card = self.flat.get("played_card")
        if self.flat.get("played_faceup") and card in self.when_played:
            self.flat.set("phase", PHASE.ACT)
            self.run_power(self.when_played[card], seat, self.index_in_kind(card), PHASE.ACT)
        else:
            self._after_decision()

    def _do_play_to_advisers(self: OathState, seat: int, card: int) -> None:
        """5.1.4.II: faceup (a Vision facedown); over the limit (advisers.py), the oldest counted adviser is
        discarded. A facedown adviser played this way (6.1) turns faceup where it is."""
        self.cards.put(card, self.cards.zone("advisers", seat), faceup=card not in self.visions)
        advisers.discard_down(self, seat, keep=card)
        self._played(seat, card, -1, faceup=card not in self.visions)

    def _do_play_facedown(self: OathState, seat: int, card: int) -> None:
        """5.1.4.II: a denizen facedown among the advisers: no suit, restriction or power while it stays so."""
        self.cards.put(card, self.cards.zone("advisers", seat), faceup=False)
        advisers.discard_down(self, seat, keep=card)
        self._played(seat, card, -1, faceup=False)

    def _do_play_vision(self: OathState, seat: int, card: int) -> None:
        """5.1.4.III-IV: an Exile reveals a Vision, discarding the one revealed before; anyone may play the
        Conspiracy faceup, whose power runs at once."""
        if card == self.conspiracy:
            self.run_power(CONSPIRACY, seat, self.index_in_kind(card), PHASE.ACT)
            return
        for previous in self.cards.in_zone(self.cards.zone("revealed_vision", seat)):
            self.cards.discard(seat, previous)
        self.cards.put(card, self.cards.zone("revealed_vision", seat), faceup=True)
        self._played(seat, card, -1, faceup=True)

    def _do_peek(self: OathState, seat: int, relic: int) -> None:
        self.flat.set("card_seen", relic, seat, 1)

    def _do_discard_first(self: OathState, seat: int, denizen: int) -> None:
        """The People's Favor (5.1.4.I): a denizen at a site of the region discarded before the play to a site."""
        self.cards.discard(seat, denizen)
        self.flat.set("phase", PHASE.PLAY_AFTER_DISCARD)

    def _do_discard_to(self: OathState, seat: int, destination: int) -> None:
        """Where the player's discards go from now on (Bracken, Cracked Horn; Cards.discard_place)."""
        self.flat.set("discard_destination", seat, destination)

    def _do_discard(self: OathState, seat: int, card: int) -> None:
        self.cards.discard(seat, card)
        if not self._search_over(seat):
            self.flat.set("phase", PHASE.ACT)

    def _search_over(self: OathState, seat: int) -> bool:
        """Once the card a Search kept is played or discarded, the powers "after searching" run (Hunting Party)."""
        if not self.flat.get("search_resolving"):
            return False
        if self.cards.in_zone(self.cards.zone("drawn", seat)):
            self.flat.set("phase", PHASE.SEARCH_PLAY)
            return True
        self.flat.set("search_resolving", 0)
        self.trigger(seat, "after_search")
        return True

    def _do_muster(self: OathState, seat: int, card: int) -> None:
        """5.2: a favor (a secret, Initiation Rite) on the card, two warbands (give or take the modifiers') from your
        bank to your board."""
        self.pay_supply(seat, KIND.MUSTER, card)
        if self.flat.get("muster_pays_secret"):
            self.flat.move(("secret", seat), ("card_secret", card), 1)
        else:
            favor.spend(self.flat, seat, ("card_favor", card), self.numbers.muster_favor)
        gained = max(0, self.numbers.muster_warbands + self.flat.get("muster_warband_delta"))
        self.flat.move(("warband_bank", empire.colour(self.flat, seat)), ("warbands", seat), gained)
        self.trigger(seat, "after_muster")

    def _do_trade_for_favor(self: OathState, seat: int, card: int) -> None:
        """5.3 (a): a secret on the card; one favor plus one per matching faceup adviser (with the modifiers')."""
        self.pay_supply(seat, KIND.TRADE_FOR_FAVOR, card)
        self.flat.move(("secret", seat), ("card_secret", card), self.numbers.trade_secret_placed)
        suit = self.suit_of[card]
        gained = 0 if self.flat.get("trade_gains_no_favor") else \
            max(0, self.numbers.trade_favor_gained + self.faceup_matching(seat, suit) + self.flat.get("trade_favor_delta"))
        self.flat.move(("bank_favor", suit), ("favor", seat), gained)
        self.trigger(seat, "after_trade")

    def _do_trade_for_secrets(self: OathState, seat: int, card: int) -> None:
        """5.3 (b): two favor on the card; a secret per matching faceup adviser (with the modifiers')."""
        self.pay_supply(seat, KIND.TRADE_FOR_SECRETS, card)
        favor.spend(self.flat, seat, ("card_favor", card), self.numbers.trade_favor_placed)
        gained = max(0, self.faceup_matching(seat, self.suit_of[card]) + self.flat.get("trade_secret_delta"))
        self.flat.move(("shared_secret",), ("secret", seat), gained)
        self.flat.move(("bank_favor", self.suit_of[card]), ("favor", seat), max(0, self.flat.get("trade_favor_delta")))
        self.trigger(seat, "after_trade")

    def _do_recover_relic(self: OathState, seat: int, relic: int) -> None:
        """5.4: 1 Supply and the site's printed cost, then the relic, faceup, near your board."""
        site = self.flat.get("pawn_site", seat)
        cost = self.game.entities("site")[site].recover_cost
        self.pay_supply(seat, KIND.RECOVER_RELIC, relic)
        if cost.place_favor:
            favor.spend(self.flat, seat, ("bank_favor", int(cost.bank)), cost.place_favor)
        favor.spend(self.flat, seat, ("shared_favor",), cost.burn_favor)
        self.flat.move(("secret", seat), ("shared_secret",), cost.burn_secret)
        self.cards.put(relic, self.cards.zone("relics_held", seat), faceup=True)
        self.flat.set("took_this_turn", relic, 1)
        self.trigger(seat, "after_recover")

    def _do_recover_banner(self: OathState, seat: int, argument: int) -> None:
        banners.recover(self, seat, argument)
        self.update_oathkeeper()
        self.trigger(seat, "after_recover")

    def _do_use_power(self: OathState, seat: int, argument: int) -> None:
        """6.2: pay the power's cost, then run its compiled effect on the state until it ends or asks."""
        index, card = divmod(argument, POWER_STRIDE)
        key, cost = self.powers[card][index]
        self.pay(seat, card, cost)
        self.run_power(key, seat, self.index_in_kind(card), PHASE.ACT)

    def _do_take_from_reliquary(self: OathState, seat: int, space: int) -> None:
        """2.3: the relic of the chosen space, faceup into the player's bank (uncovering the space's modifier for the
        Chancellor); then the turn goes where the power that allowed it was going."""
        relic = next(r for r in self.cards.in_zone(self.cards.zone("reliquary"))
                     if self.flat.get("reliquary_space", r) == space + 1)
        self.cards.put(relic, self.cards.zone("relics_held", seat), faceup=True)
        self.flat.set("took_this_turn", relic, 1)
        self.flat.set("reliquary_pick", -1)
        self.resume(self.flat.get("reliquary_pick_return"))

    def _do_choose_destination(self: OathState, seat: int, site: int) -> None:
        modifiers.travel_to(self, site)

    def _do_accept_citizenship(self: OathState, seat: int, _: int) -> None:
        empire.accept(self, seat)
        negotiate.answer_citizenship(self, accepted=True)
        self._after_decision()

    def _do_decline_citizenship(self: OathState, seat: int, _: int) -> None:
        empire.clear_offer(self.flat)
        negotiate.answer_citizenship(self, accepted=False)
        self._after_decision()

    def _do_self_exile(self: OathState, seat: int, _: int) -> None:
        empire.self_exile(self, seat)
        self.update_oathkeeper()
        self._do_end_turn(seat, 0)

    def shared_vision_due(self: OathState) -> bool:
        """Once a step is settled (`_after_decision`, a Campaign's end, any move that leaves a turn in its Act), the
        sharer of a discarded Vision the False Prophet gives back (setup.py `Cards.discard`) plays or discards it as if
        they had searched (5.1.4), before the turn goes on; True if the game now waits for them. Nothing if the Vision
        has left the discard pile or the world deck it went to."""
        pending = self.flat.get("shared_vision_play") - 1
        if pending < 0:
            return False
        zone = self.flat.get("card_zone", pending)
        discarded = {self.cards.discard_pile(region) for region in range(len(self.game.entities("region")))}
        if zone not in discarded and zone != self.cards.zone("world_deck"):
            self.flat.set("shared_vision_play", 0)
            return False
        self.flat.set("phase", PHASE.SHARED_VISION_PLAY)
        return True

    def _play_shared_vision(self: OathState, seat: int, kind: Kind, card: int) -> None:
        """The sharer plays the Vision (5.1.4.II-III, with the play's modifiers and reactions) or discards it (their
        discard, where theirs go); then the turn goes on as after any decision (`_after_decision`)."""
        self.flat.set("shared_vision_play", 0)
        if kind == KIND.DISCARD:
            self.cards.discard(seat, card)
            self._after_decision()
        else:
            self.act(seat, kind, card)
