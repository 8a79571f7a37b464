# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""The legal moves of a position, as the kernel works them out and as players see them: the `Moves` part of `OathState`
(game.py), its methods written for the whole state."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from ..bytecode import pending_choice
from . import banners, campaign, empire, modifiers, negotiate, persistent, plays, warbands
from .actions import KIND, NONE, PHASE, STRIDE, IllegalAction, Kind, action, kind_of
from .power_tables import POWER_STRIDE
from .queries import Queries

if TYPE_CHECKING:
    from .game import OathState

TO_SITE_OR_DISCARD = frozenset({KIND.PLAY_TO_SITE, KIND.PLAY_TO_OTHER_SITE, KIND.DISCARD_FIRST, KIND.DISCARD,
                                KIND.DISCARD_TO})
"""The moves left for a Search's second kept card when the first did not go to a site (Land Warden)."""

HANDLED_MOVES = frozenset({KIND.RECOVER_RELIC, KIND.PEEK, KIND.TARGET_RELIC, KIND.LET_PEEK, KIND.ACCEPT_CITIZENSHIP,
                           KIND.GIVE_CARD})
"""Moves on a card that may be facedown (a relic, an adviser in an exchange): players see its handle (`card_handle`)
as their argument, the kernel its card."""


def draw(rng: Random, n: int) -> int:
    """`rng.randrange(n)`, the same number (CPython's `Random._randbelow`: the fewest bits that hold n - 1, drawn
    again while too large), as a C call compiled instead of two Python frames: a playout draws at every step."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


class Moves(Queries):
    def legal_actions(self: OathState) -> list[int]:
        """Worked out once per position, so that an agent's look and apply()'s check cost one: the persistent rules
        refreshed first leave the cells as they were when refreshed again."""
        if self.known_moves is None or self.known_moves[0] != self._position():
            candidates, known = self._work_out_moves()
            seat = self.current_player()
            moves = [self._public(move) for move in candidates if self._allowed(seat, move, known)]
            self.known_moves = (self._position(), moves)
        return list(self.known_moves[1])

    def random_move(self: OathState, rng: Random) -> int:
        """A uniformly random legal move, as `rng.choice(legal_actions())` would be but for the draws: in the Act
        phase, only the candidates drawn are put to the modifiers' look-ahead (the costliest check), each that fails
        dropped before the next draw, which is uniform over the legal ones all the same. The draws never depend on
        what `legal_actions()` has worked out already, so a game of random moves is the same with or without it."""
        candidates, known = self._work_out_moves()
        seat = self.current_player()
        while candidates:
            drawn = draw(rng, len(candidates))
            move = candidates[drawn]
            if self._allowed(seat, move, known):
                return self._public(move)
            candidates[drawn] = candidates[len(candidates) - 1]
            candidates.pop()
        raise IllegalAction("no legal move in this position")

    def _allowed(self: OathState, seat: int, move: int, known: modifiers.Ahead | None) -> bool:
        """Whether a candidate move survives the look-ahead of the modifiers that bind its player (`known`: the
        position's `modifiers.Ahead`; None where no candidate needs it)."""
        return known is None or kind_of(move) not in modifiers.TIMING_OF or modifiers.allowed(self, seat, move, known)

    def _public(self: OathState, move: int) -> int:
        """A move as players see it: one on a card that may be facedown, or an answer that picks a relic, names the
        card's handle, not its number (9.4)."""
        kind, argument = move // STRIDE, move % STRIDE
        if kind in HANDLED_MOVES:
            return kind * STRIDE + self.flat.get("card_handle", argument)
        if kind == KIND.ANSWER and self._choosing_relics():
            return action(KIND.ANSWER, self.flat.get("card_handle", self.relic_base + argument))
        return move

    def _internal(self: OathState, move: int) -> int:
        """A move as the kernel carries it out: a handle back to its card, or to the relic's number among the relics
        for an answer (none for a handle no card has)."""
        kind, argument = move // STRIDE, move % STRIDE
        if kind in HANDLED_MOVES:
            return kind * STRIDE + self.card_of_handle.get(argument, NONE)
        if kind == KIND.ANSWER and self._choosing_relics():
            return action(KIND.ANSWER, self.card_of_handle.get(argument, self.relic_base + NONE) - self.relic_base)
        return move

    def _choosing_relics(self: OathState) -> bool:
        """Whether a power waits for a choice among relics."""
        pending = pending_choice(self.frame) if self.frame is not None else None
        return pending is not None and pending.kind > 0 and self.game.layout.SPACES[pending.kind - 1][0] == "relic"

    def card_move(self: OathState, kind: Kind, card: int) -> int:
        """The move of this kind on this card, as `legal_actions()` lists it."""
        return self._public(action(kind, card))

    def _position(self: OathState) -> bytes:
        return self.flat.cells.tobytes() + (self.frame.tobytes() if self.frame is not None else b"")

    def _work_out_moves(self: OathState) -> tuple[list[int], modifiers.Ahead | None]:
        """The candidate moves, and, in the Act phase, what checking them against the modifiers needs (`_allowed`);
        every other phase's candidates are its legal moves."""
        playing = persistent.refresh(self)
        moves = self._decision_moves()
        if moves is not None:
            return moves, None
        return self._act_actions(self.current_player(), playing)

    def _decision_moves(self: OathState) -> list[int] | None:
        """The answers to the decision pending; None if none is: the player picks an action of their turn."""
        phase = self.flat.get("phase")
        if phase == PHASE.OVER:
            return []
        candidates = self.flat.get("title_candidates")
        if candidates:
            return [action(KIND.GIVE_TITLE, other) for other in range(self.players) if candidates >> other & 1]
        if phase == PHASE.ACT:
            return None
        seat = self.current_player()
        if phase == PHASE.SETUP:
            return [action(KIND.CHOOSE_ADVISER, c) for c in self._drawn(seat)]
        if phase == PHASE.SEARCH_KEEP:
            drawn = self._drawn(seat)
            unkept = self._unkept(seat)
            out = [action(KIND.KEEP, c) for c in unkept] + persistent.discard_choices(self, seat)
            if len(unkept) < len(drawn):
                out.append(action(KIND.KEEP_NO_MORE))
            if self.cards.in_zone(self.cards.zone("dispossessed")):
                out += [action(KIND.SWAP_DRAWN, c) for c in drawn if self.flat.get("search_swappable", c)]
            return out
        if phase == PHASE.SEARCH_PLAY:
            return self._searched_plays(seat, self._drawn(seat))
        if phase == PHASE.SHARED_VISION_PLAY:
            return self._play_actions(seat, self.flat.get("shared_vision_play") - 1)
        if phase == PHASE.CITIZENSHIP:
            return [action(KIND.ACCEPT_CITIZENSHIP, self.flat.get("citizenship_relic")), action(KIND.DECLINE_CITIZENSHIP)]
        if phase == PHASE.MODIFIERS:
            return modifiers.legal_actions(self)
        if phase == PHASE.RELIQUARY_PICK:
            return sorted(action(KIND.TAKE_FROM_RELIQUARY, self.flat.get("reliquary_space", relic) - 1)
                          for relic in self.cards.in_zone(self.cards.zone("reliquary")))
        if phase == PHASE.TRAVEL_DESTINATION:
            return modifiers.destinations(self)
        if phase == PHASE.WARBAND_PERMISSION:
            return warbands.answer_moves(self.flat)
        if phase in (PHASE.NEGOTIATE, PHASE.NEGOTIATE_ANSWER):
            return negotiate.legal_actions(self)
        if phase == PHASE.EFFECT:
            assert self.frame is not None
            pending = pending_choice(self.frame)
            assert pending is not None
            options = sorted(set(pending.options))
            if self._modifying_an_action():
                options = modifiers.answers(self, options)
            return [action(KIND.ANSWER, option) for option in options]
        if phase == PHASE.PLAY_AFTER_DISCARD:
            return plays.plays_to_sites(self, seat, self._drawn(seat))
        if phase in campaign.PHASES:
            return campaign.legal_actions(self)
        return None

    def _drawn(self: OathState, seat: int) -> list[int]:
        """The cards the player drew and has not played yet (a Search's, the setup's advisers to choose from)."""
        return self.cards.in_zone(self.cards.zone("drawn", seat))

    def _searched_plays(self: OathState, seat: int, drawn: list[int]) -> list[int]:
        """5.1.4 for each card the Search kept, in turn; of two kept (Land Warden), the last goes to a site or is
        discarded if the first did not go to one."""
        out = self._play_actions(seat, drawn[0])
        if self.flat.get("search_plays") > 1 and len(drawn) == 1 and not self.flat.get("search_to_site"):
            out = [chosen for chosen in out if kind_of(chosen) in TO_SITE_OR_DISCARD]
        return out

    def _play_actions(self: OathState, seat: int, card: int, *, searched: bool = True) -> list[int]:
        out, faceup_allowed = plays.play_actions(self, seat, card, searched=searched)
        if not faceup_allowed:
            return sorted(out)
        if card == self.conspiracy and self.conspiracy_runs \
                or card in self.visions and card != self.conspiracy and self.is_exile(seat):
            forbidden = self.flat.get("visions_forbidden", seat)
            if forbidden < (persistent.ALL_VISIONS if card == self.conspiracy else persistent.REVEALED_VISIONS):
                out.append(action(KIND.PLAY_VISION, card))
        return sorted(out)

    def _act_actions(self: OathState, seat: int, playing: bytearray) -> tuple[list[int], modifiers.Ahead]:
        """The actions of a turn, and what `_allowed` needs to check those that modifiers may forbid (`playing`: the
        cards in play)."""
        supply = self.flat.get("supply", seat)
        site = self.flat.get("pawn_site", seat)
        out = [action(KIND.END_TURN)]
        out += [action(KIND.TRAVEL, other) for other in self.sites_on_map() if other != site]
        out.append(action(KIND.SEARCH_WORLD))
        out += [action(KIND.SEARCH_DISCARD, region) for region in range(len(self.cards.piles))]
        known = modifiers.Ahead(self, seat, playing)
        # A trade modifier may reach a card anywhere (Small Friends); else at most the region (Map Library).
        anywhere = known["trade"][2]
        region = self.region_of(site)
        map_zone, at_site = self.zone_ids["map"], self.zone_ids["at_site"]
        for card in self.cards.in_zone(at_site):
            where = self.flat.get("card_site", card)
            if self.flat.get("card_suit", card) >= 0 and (anywhere or self.region_of(where) == region):
                out += [action(KIND.MUSTER, card)] if where == site else []
                out += [action(KIND.TRADE_FOR_FAVOR, card), action(KIND.TRADE_FOR_SECRETS, card)]
        if supply >= self.base_cost[KIND.CAMPAIGN]:
            out += [action(KIND.CAMPAIGN, defender) for defender in campaign.defenders(self, seat)]
        out += warbands.moves(self, seat, site)
        if empire.can_self_exile(self, seat):
            out.append(action(KIND.SELF_EXILE))
        if supply >= self.base_cost[KIND.RECOVER_RELIC]:
            out += [action(KIND.RECOVER_RELIC, relic) for relic in self.relics_at(site)
                    if self._can_pay_recovery(seat, site) and not self.cards.locked(relic, seat)]
            out += banners.recover_actions(self, seat, widened=known["recover"][2])
        out += self._minor_actions(seat, site)
        reachable = [c for c in self.cards_at(site) if self.flat.get("card_faceup", c)]
        reachable += [c for c in self.advisers(seat) if self.flat.get("card_faceup", c)]
        reachable += self.cards.in_zone(self.cards.zone("relics_held", seat))
        reachable += [card for card in self.site_actions if self.flat.get("card_zone", card) == map_zone
                      and self.flat.get("card_faceup", card)
                      and (card == self.site_card(site) or self.rules(seat, card - self.site_base))]
        out += [action(KIND.USE_POWER, index * POWER_STRIDE + card) for card in sorted(set(reachable))
                for index, (_, cost) in enumerate(self.powers.get(card, ()))
                if self.can_pay(seat, card, cost) and not self.flat.get("use_forbidden", card)]
        return sorted(set(out)), known

    def _minor_actions(self: OathState, seat: int, site: int) -> list[int]:
        """6.1: a facedown adviser played (or discarded) as if searched; it cannot go back among the advisers
        facedown. 6.3: peek at a facedown relic at your site. 6.4: the Grand Scepter's holder peeks at the
        Reliquary (not on the turn it was taken). Where the cards they discard go, as a persistent rule lets them
        choose (Bracken, Cracked Horn)."""
        out = []
        for card in self.advisers(seat):
            if not self.flat.get("card_faceup", card):
                out += self._play_actions(seat, card, searched=False)
        relics = self.relics_at(site)
        if self.flat.get("card_zone", self.scepter) == self.cards.zone("relics_held", seat) \
                and not self.flat.get("took_this_turn", self.scepter):
            relics += self.cards.in_zone(self.cards.zone("reliquary"))
        out += [action(KIND.PEEK, relic) for relic in relics if not self.flat.get("card_seen", relic, seat)]
        return out + persistent.discard_choices(self, seat)
