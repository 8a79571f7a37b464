"""Vindication on the shared kernel: which procedure runs each native and step, when a step can be taken, and the
kernel's hooks. The rules are in moves.py, island.py, island_powers.py, cards.py, dice.py, actions.py, abilities.py,
powers.py, treachery.py, jewels.py, guilds.py, menagerie.py, myths.py, myths_rewards.py, loot.py, ending.py and
preparation.py, the natives that only answer in queries.py, over the state of core.py, payments.py (what players
pay), decks.py (the cards) and board.py (the island); the turn is the plan tables.py builds from the content's
actions."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .abilities import Abilities
from .actions import Actions
from .cards import Cards
from .dice import Dice
from .board import VindicationBoard
from .ending import Ending
from .guilds import Guilds
from .island import Island
from .island_powers import IslandPowers
from .jewels import Jewels
from .loot import LootPowers
from .menagerie import Menagerie
from .myths import Myths
from .myths_rewards import MythsRewards
from .powers import Powers
from .preparation import Preparation
from .queries import Queries
from .treachery import Treachery

# The engine's own procedures (tables.py INTERNAL, from 100).
SETUP = cython.declare(cython.int, 100)
MOVE = cython.declare(cython.int, 101)
ACTIVATE = cython.declare(cython.int, 102)
VISIT = cython.declare(cython.int, 103)
REST = cython.declare(cython.int, 104)
REPEAT = cython.declare(cython.int, 105)
CONTROL = cython.declare(cython.int, 106)
CONVERT = cython.declare(cython.int, 107)
APTITUDE = cython.declare(cython.int, 108)
DISCARD_APTITUDE = cython.declare(cython.int, 109)
RECOVER = cython.declare(cython.int, 110)
REDEEM = cython.declare(cython.int, 111)
CHECK_END = cython.declare(cython.int, 112)
ACQUIRE = cython.declare(cython.int, 113)
RECHARGE = cython.declare(cython.int, 114)
FINAL = cython.declare(cython.int, 115)
ABILITY = cython.declare(cython.int, 116)
USE_RELIC = cython.declare(cython.int, 117)
PASSIVES = cython.declare(cython.int, 118)
REACT = cython.declare(cython.int, 119)
EXTRA_VISIT = cython.declare(cython.int, 120)
ROLL = cython.declare(cython.int, 121)
USE_TRAIT = cython.declare(cython.int, 122)
BUILD_DISCOVERED = cython.declare(cython.int, 123)
CLEAR_TREACHERY = cython.declare(cython.int, 124)
PLACE_FAVOUR = cython.declare(cython.int, 125)
USE_PET = cython.declare(cython.int, 126)
REBIND_PET = cython.declare(cython.int, 127)
PET_MARKET = cython.declare(cython.int, 128)
PROVOKE = cython.declare(cython.int, 129)
OFFER = cython.declare(cython.int, 130)
CHARGE = cython.declare(cython.int, 131)
"""Mythes et Merveilles' procedures (myths.py, myths_rewards.py)."""
SHARE_LOOT = cython.declare(cython.int, 132)
USE_TELEPORT_TOKEN = cython.declare(cython.int, 133)
USE_LOOT = cython.declare(cython.int, 134)
# The natives the engine plays (`NATIVES` names them; tables.py turns them into `impl`).
N_ACADEMY = cython.declare(cython.int, 200)
N_RECRUIT = cython.declare(cython.int, 201)
N_FIGHT = cython.declare(cython.int, 202)
N_TRAIT = cython.declare(cython.int, 203)
N_RELIC = cython.declare(cython.int, 204)
N_MOUNT = cython.declare(cython.int, 205)
N_ROLL = cython.declare(cython.int, 206)
N_GENERATE_CARD = cython.declare(cython.int, 207)
N_CHARACTER = cython.declare(cython.int, 208)
N_LAST_ROUND = cython.declare(cython.int, 220)
N_REMOVE_CARD = cython.declare(cython.int, 222)
N_DRAW_QUEST = cython.declare(cython.int, 223)
N_EXTRA_TURN = cython.declare(cython.int, 224)
N_PEEK = cython.declare(cython.int, 225)
N_ACTIVATE_MORE = cython.declare(cython.int, 226)
N_GENERATE_MORE = cython.declare(cython.int, 227)
N_REDISTRIBUTE = cython.declare(cython.int, 228)
N_GENERATE_OTHER = cython.declare(cython.int, 229)
N_TELEPORT = cython.declare(cython.int, 230)
N_SACRED_STONES = cython.declare(cython.int, 231)
N_WISH = cython.declare(cython.int, 232)
N_SWAP_PLACES = cython.declare(cython.int, 233)
N_DISCARD_TRIGGER = cython.declare(cython.int, 234)
N_TAKE_CONTROL = cython.declare(cython.int, 235)
N_LOAD_SPEED_TILE = cython.declare(cython.int, 236)
N_USE_OTHER_TRAIT = cython.declare(cython.int, 237)
N_SKIP_TURN = cython.declare(cython.int, 238)
N_ADJACENT_PLAYER = cython.declare(cython.int, 239)
N_LOSE_ATTRIBUTE = cython.declare(cython.int, 240)
N_STEAL_APTITUDE = cython.declare(cython.int, 241)
N_PUSH_PLAYER = cython.declare(cython.int, 242)
N_OTHERS_LOAD = cython.declare(cython.int, 243)
N_MOVE_CHARACTERS = cython.declare(cython.int, 244)
N_BUILD_SITE = cython.declare(cython.int, 245)
N_PLACE_TREACHERY = cython.declare(cython.int, 246)
N_GAIN_CRYSTALS = cython.declare(cython.int, 247)
N_WELD_COMPANION = cython.declare(cython.int, 248)
N_DELIVER_CRYSTALS = cython.declare(cython.int, 249)
N_BUY_IMBUED_CRYSTAL = cython.declare(cython.int, 250)
N_DIMINISH_POWER = cython.declare(cython.int, 251)
N_CRYSTAL_SUBSTITUTE = cython.declare(cython.int, 252)
N_USE_OTHER_CONVICTION = cython.declare(cython.int, 253)
N_TAME_PET = cython.declare(cython.int, 254)
N_MOVE_TRIGGER_TOKEN = cython.declare(cython.int, 255)
N_FLIP_DECK_TOP = cython.declare(cython.int, 256)
N_ACQUIRE_BLIND = cython.declare(cython.int, 257)
N_SWAP_CARD = cython.declare(cython.int, 258)
N_REPLACE_TRIGGER = cython.declare(cython.int, 259)
N_GENERATE_MISSING = cython.declare(cython.int, 270)
EXTRA_TURN = cython.declare(cython.int, 11)
EXTRA_MOVES = cython.declare(cython.int, 6)


NATIVES = {"academy_roll": 200, "recruit": 201, "fight_monster": 202, "obtain_trait": 203, "acquire_relic": 204,
           "upgrade_mount": 205, "roll_and_generate": 206, "generate_card": 207, "activate_character": 208,
           "adjacent_to": 209, "card_honour": 210, "speed_of": 211, "regions_controlled": 212,
           "companions_of_colour": 213, "has_most": 214, "wins_mastery": 215, "gained_total": 216,
           "board_colours": 217, "card_colours": 218, "trigger_tokens_left": 219, "trigger_last_round": 220,
           "counts_for_mastery": 221, "remove_card": 222, "draw_secret_quest": 223, "extra_turn": 224,
           "peek_deck": 225, "activate_companion": 226, "generate_more": 227, "redistribute_common": 228,
           "generate_other_companion": 229, "teleport": 230, "sacred_stones": 231, "take_wish": 232, "swap_places": 233,
           "discard_active_trigger": 234, "take_control": 235, "load_speed_tile": 236,
           "use_other_trait": 237, "skip_turn": 238, "adjacent_player": 239, "lose_attribute": 240,
           "steal_aptitude": 241, "push_player": 242, "others_load_companion": 243, "move_characters": 244,
           "build_site": 245, "place_treachery_cube": 246, "gain_crystals": 247, "weld_companion": 248,
           "deliver_crystals": 249, "buy_imbued_crystal": 250, "diminish_power": 251, "crystal_substitute": 252,
           "use_other_conviction": 253, "tame_pet": 254, "move_trigger_token": 255, "flip_deck_top": 256,
           "acquire_blind": 257, "swap_card": 258, "replace_active_trigger": 259, "generate_missing": 270}
"""The natives of the content this engine plays, by name; an effect calling another is not run (tables.py).
counts_for_mastery answers 0 in play: what it counts is read once, by tables.py (`card_mastery_bonus`);
crystal_substitute is the question payments.pay asks, not an effect's call."""
MOVED = cython.declare(cython.int, 0)
CONTROL_SLOT = cython.declare(cython.int, 3)
SKIPPED = cython.declare(cython.int, 44)
HONOUR_SEEN = cython.declare(cython.int, 50)
"""The turn's record: the turn skipped (the native skip_turn, Patience); the player's honour when last counted
(Persévérance, core.count_honour)."""
E_TURN_START = cython.declare(cython.int, 8)
ROUND = cython.declare(cython.int, 0)
FIRST = cython.declare(cython.int, 2)


@cython.cclass
class VindicationEngine(VindicationBoard):
    """The game in play: its rule modules, the procedures they run and the kernel's hooks."""

    def __init__(self, cells: Any, ctl: Any, plan: Any, vmframe: Any, tables: Any) -> None:
        VindicationBoard.__init__(self, cells, ctl, plan, vmframe, tables)
        self.island = Island()
        self.cards = Cards()
        self.actions = Actions()
        self.ending = Ending()
        self.preparation = Preparation()
        self.abilities = Abilities()
        self.queries = Queries()
        self.powers = Powers()
        self.island_powers = IslandPowers()
        self.jewels = Jewels()
        self.dice = Dice()
        self.treachery = Treachery()
        self.menagerie = Menagerie(tables)
        self.guilds = Guilds()
        self.myths = Myths(tables)
        self.myths_rewards = MythsRewards(tables)
        self.loot = LootPowers(tables)
        self.impl = tables.arrays["impl"]
        self.step_once = tables.arrays["step_once"]

    # --- the kernel's hooks --------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        """The setup, then the pet market of the Ménagerie (once the decks are dealt); Ronak's board first."""
        if self.ronak_cubes > 0:
            self.myths.setup(self)
        self.push(PET_MARKET, 0, 0, 0)
        self.push(SETUP, 0, 0, 0)

    def turn_started(self, seat: cython.int) -> None:
        """A new turn: nothing done yet, the rules' own costs; the first player's turn starts a round (not in
        Ronak's event, a game within the game, L3302); the traits' passive powers act, then what answers the
        turn's start (Patience)."""
        i: cython.int
        for i in range(self.turn_flags):
            self.set_turn_flag(i, 0)
        self.set_turn_flag(HONOUR_SEEN, self.score(seat))
        self.set_turn_flag(CONTROL_SLOT, -1)
        self.cells[self.o_current] = seat
        self.myths.turn_started(self, seat)
        if seat == self.game_flag(FIRST) and self.ctl_extra() == 0 and not self.myths.event_turn(self):
            self.set_game_flag(ROUND, self.game_flag(ROUND) + 1)
        self.set_game_flag(EXTRA_TURN, 0)
        self.reset_rules()
        self.menagerie.new_turn(self)
        self.guilds.turn_started(self, seat)
        self.fire(seat, E_TURN_START)
        self.push(PASSIVES, seat, 0, 0)

    def turn_ended(self, seat: cython.int) -> None:
        """Ronak's event resets once no champion is left, whichever way the last companion went (L3368)."""
        self.myths.turn_ended(self)

    def ctl_extra(self) -> cython.int:
        """1 while the turn starting is a player's extra turn (their seat again): it starts no round."""
        return self.game_flag(EXTRA_TURN)

    def next_seat(self, seat: cython.int) -> cython.int:
        """Clockwise (L223), but the same player again after a power gave them another turn, and Ronak's event's
        own order (myths.next_seat)."""
        myths: cython.int = self.myths.next_seat(self, seat)
        if self.game_flag(EXTRA_TURN):
            return seat
        if myths >= 0:
            return myths
        return (seat + 1) % self.players()

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        procedure: cython.int = self.step_field(step, 0)
        if self.turn_flag(SKIPPED):  # Patience: no action this turn (L1777)
            return procedure == CHECK_END
        allowed: cython.int = self.myths.allows(self, seat, procedure)  # Ronak's event (L3328)
        if allowed >= 0:
            return allowed == 1
        if procedure == USE_TELEPORT_TOKEN:
            return self.myths_rewards.can_use_token(self, seat)
        if procedure == USE_LOOT:
            return self.myths_rewards.can_use_loot(self, self.abilities, self.loot, seat)
        if procedure == MOVE and self.step_once[step]:  # the mandatory move, if not taken (L229)
            return self.turn_flag(MOVED) == 0 and self.island.can_move(self, seat, self.island.reach(self, seat))
        if procedure == MOVE:  # the move, or one a power added (Pierres sacrées), or the rest of a split one (Zharah)
            return (self.turn_flag(MOVED) == 0 or self.turn_flag(EXTRA_MOVES) > 0) \
                and self.island.can_move(self, seat, self.island.reach(self, seat)) \
                or self.island.split_left(self, seat) > 0 \
                and self.island.can_move(self, seat, self.island.split_left(self, seat))
        if procedure == VISIT:
            return self.island.can_visit(self, seat)
        if procedure == REST:
            return self.can_exalt(seat) and self.turn_flag(CONTROL_SLOT) < 0
        if procedure == REPEAT:
            return self.island.can_repeat(self, seat)
        if procedure == CONTROL:
            return self.island.can_control(self, seat)
        if procedure == CONVERT:
            return self.actions.any_conversion(self, seat)
        if procedure == APTITUDE:
            return self.actions.any_aptitude(self, seat)
        if procedure == DISCARD_APTITUDE:
            return self.actions.any_aptitude_held(self, seat)
        if procedure == RECOVER:
            return self.actions.recoverable(self, seat)
        if procedure == REDEEM:
            return self.actions.can_redeem(self, seat)
        if procedure == ABILITY:
            return self.abilities.can_use_ability(self, seat)
        if procedure == USE_RELIC:
            return self.abilities.can_use_relic(self, seat)
        if procedure == EXTRA_VISIT:
            return self.island_powers.can_extra_visit(self, seat)
        if procedure == USE_TRAIT:
            return self.abilities.can_use_trait(self, seat)
        if procedure == CLEAR_TREACHERY:
            return self.treachery.can_clear_treachery(self, seat)
        if procedure == USE_PET:
            return self.menagerie.can_use_pet(self, seat)
        if procedure == REBIND_PET:
            return self.menagerie.can_rebind(self, seat)
        if procedure == PLACE_FAVOUR:
            return self.guilds.can_place_favour(self, seat)
        return True

    def native_procedure(self, native: cython.int) -> cython.int:
        return native + 1

    def vm_natives(self) -> Any:
        """Every native runs as a procedure of the engine (typed, in the engine's own state)."""
        return (None,) * len(self.tables.game.layout.NATIVES)

    # --- dispatch -------------------------------------------------------------------------------------------

    def run_procedure(self, procedure: cython.int) -> None:
        if procedure < SETUP:
            self.run_native(self.impl[procedure])
        elif procedure == SETUP:
            self.preparation.setup(self)
        elif procedure == MOVE:
            self.island.move(self)
        elif procedure == ACTIVATE:
            self.actions.activate(self)
        elif procedure == VISIT:
            self.island.visit(self)
        elif procedure == REST:
            self.actions.rest(self)
        elif procedure == REPEAT:
            self.island.repeat(self)
        elif procedure == CONTROL:
            self.island.control(self)
        elif procedure == CONVERT:
            self.actions.convert(self)
        elif procedure == APTITUDE:
            self.actions.aptitude(self)
        elif procedure == DISCARD_APTITUDE:
            self.actions.discard_aptitude(self)
        elif procedure == RECOVER:
            self.actions.recover(self)
        elif procedure == REDEEM:
            self.actions.redeem(self)
        elif procedure == CHECK_END:
            self.ending.check_end(self)
        elif procedure == ACQUIRE:
            self.cards.acquire(self)
        elif procedure == RECHARGE:
            self.cards.recharge(self)
        elif procedure == FINAL:
            self.ending.final_scoring(self)
        elif procedure == ABILITY:
            self.abilities.ability(self)
        elif procedure == USE_RELIC:
            self.abilities.use_relic(self)
        elif procedure == PASSIVES:
            self.abilities.passives(self)
        elif procedure == REACT:
            self.abilities.react(self)
        elif procedure == EXTRA_VISIT:
            self.island_powers.extra_visit(self)
        elif procedure == ROLL:
            self.dice.roll_die(self)
        elif procedure == USE_TRAIT:
            self.abilities.use_trait(self)
        elif procedure == BUILD_DISCOVERED:
            self.island_powers.build_discovered(self)
        elif procedure == CLEAR_TREACHERY:
            self.treachery.clear_treachery(self)
        elif procedure == USE_PET:
            self.menagerie.use_pet(self)
        elif procedure == REBIND_PET:
            self.menagerie.rebind_pet(self)
        elif procedure == PET_MARKET:
            self.menagerie.setup(self)
        elif procedure == PLACE_FAVOUR:
            self.guilds.place_favour(self)
        elif procedure == PROVOKE:
            self.myths.provoke(self)
        elif procedure == OFFER:
            self.myths.offer(self, self.myths_rewards)
        elif procedure == CHARGE:
            self.myths.charge(self)
        elif procedure == SHARE_LOOT:
            self.myths_rewards.share_loot(self)
        elif procedure == USE_TELEPORT_TOKEN:
            self.myths_rewards.use_teleport_token(self)
        elif procedure == USE_LOOT:
            self.myths_rewards.use_loot(self, self.abilities, self.loot)
        else:
            VindicationBoard.run_procedure(self, procedure)

    def run_native(self, code: cython.int) -> None:
        """A native an effect called (args: its arguments); one that answers sets the result at once."""
        if code == N_ACADEMY:
            self.dice.academy_roll(self)
        elif code == N_RECRUIT:
            self.cards.recruit(self)
        elif code == N_FIGHT:
            self.cards.fight_monster(self)
        elif code == N_TRAIT:
            self.cards.obtain_trait(self)
        elif code == N_RELIC:
            self.cards.acquire_relic(self)
        elif code == N_MOUNT:
            self.cards.upgrade_mount(self)
        elif code == N_ROLL:
            self.dice.roll_and_generate(self)
        elif code == N_DRAW_QUEST:
            self.cards.draw_secret_quest(self)
        elif code == N_EXTRA_TURN:
            self.powers.extra_turn(self)
        elif code == N_PEEK:
            self.powers.peek_deck(self)
        elif code == N_ACTIVATE_MORE:
            self.powers.activate_companion(self)
        elif code == N_GENERATE_MORE:
            self.powers.generate_more(self)
        elif code == N_REDISTRIBUTE:
            self.powers.redistribute_common(self)
        elif code == N_GENERATE_OTHER:
            self.powers.generate_other_companion(self)
        elif code == N_TELEPORT:
            self.powers.teleport(self)
        elif code == N_SACRED_STONES:
            self.powers.sacred_stones(self)
        elif code == N_WISH:
            self.powers.take_wish(self)
        elif code == N_SWAP_PLACES:
            self.powers.swap_places(self)
        elif code == N_DISCARD_TRIGGER:
            self.powers.discard_active_trigger(self)
        elif code == N_TAKE_CONTROL:
            self.island_powers.take_control(self)
        elif code == N_LOAD_SPEED_TILE:
            self.island_powers.load_speed_tile(self)
        elif code == N_USE_OTHER_TRAIT:
            self.abilities.use_other_trait(self)
        elif code == N_LAST_ROUND:
            self.ending.trigger_last_round(self)
        elif code == N_ADJACENT_PLAYER:
            self.treachery.adjacent_player(self)
        elif code == N_LOSE_ATTRIBUTE:
            self.treachery.lose_attribute(self)
        elif code == N_STEAL_APTITUDE:
            self.treachery.steal_aptitude(self)
        elif code == N_PUSH_PLAYER:
            self.treachery.push_player(self)
        elif code == N_OTHERS_LOAD:
            self.treachery.others_load_companion(self)
        elif code == N_MOVE_CHARACTERS:
            self.treachery.move_characters(self)
        elif code == N_BUILD_SITE:
            self.island_powers.build_site(self)
        elif code == N_GAIN_CRYSTALS:
            self.jewels.gain_crystals(self)
        elif code == N_WELD_COMPANION:
            self.jewels.weld_companion(self)
        elif code == N_DELIVER_CRYSTALS:
            self.jewels.deliver_crystals(self)
        elif code == N_BUY_IMBUED_CRYSTAL:
            self.jewels.buy_imbued_crystal(self)
        elif code == N_CRYSTAL_SUBSTITUTE:
            self.jewels.crystal_substitute(self)
        elif code == N_USE_OTHER_CONVICTION:
            self.island_powers.use_other_conviction(self)
        elif code == N_TAME_PET:
            self.menagerie.tame_pet(self)
        elif code == N_MOVE_TRIGGER_TOKEN:
            self.menagerie.move_trigger_token(self)
        elif code == N_FLIP_DECK_TOP:
            self.menagerie.flip_deck_top(self)
        elif code == N_DIMINISH_POWER:
            self.guilds.diminish_power(self)
        elif code == N_GENERATE_MISSING:
            self.myths_rewards.generate_missing(self)
        elif code == N_ACQUIRE_BLIND:
            self.loot.acquire_blind(self, self.cards)
        elif code == N_SWAP_CARD:
            self.loot.swap_card(self)
        elif code == N_REPLACE_TRIGGER:
            self.loot.replace_active_trigger(self)
        elif code == N_PLACE_TREACHERY:
            self.treachery.place_treachery_cube(self)
        elif code == N_SKIP_TURN:
            self.set_turn_flag(SKIPPED, 1)
            self.done()
        elif code == N_REMOVE_CARD:  # the player's own choice: a card abandoned (L354), with the pets it masters
            self.menagerie.remove_card(self)
        else:  # a native that asks nothing (queries.py)
            self.queries.at_once(self, self.island, self.ending, code)
            self.done()
