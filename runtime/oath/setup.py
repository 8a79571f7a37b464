# cython: annotation_typing=False
"""Setting up a game of Oath (the Law, section 1), on the flat state the effects run on.

A game is set up from the previous game's Chronicle (chronicle.py) or, for a first game, with what
the rulebooks leave to the Playbook (which sites are on the map, which goal reference is in play, who
is Chancellor) chosen with the state's own dice and written to `placeholders`, so a game log can say so.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..content import CompiledGame
from ..notes import KernelLine, Named
from ..state import FlatState
from .numbers import rule_numbers

if TYPE_CHECKING:
    from .chronicle_file import Chronicle

DISCARD_USUAL, DISCARD_WORLD_DECK_BOTTOM, DISCARD_ON_PILE = 0, 1, 2
"""Where a player's discards go (`discard_destination`): where the glossary's Discard says, the bottom of the world
deck (Cracked Horn), or a region's discard pile: DISCARD_ON_PILE + 2 * region, plus 1 for its bottom (Bracken)."""


def region_slots(game: CompiledGame) -> tuple[tuple[str, int], ...]:
    """The regions of the map top to bottom, in the content's order, with their site slots (2.1.1); the slot number
    of a site is its place in this order."""
    return tuple((str(region.id.name).lower(), int(region.site_slots)) for region in game.entities("region"))


def world_deck_piles(game: CompiledGame) -> tuple[tuple[int, int], ...]:
    """Rebuilding the world deck (setup box, 8.8): the denizens and the Visions of each pile, top pile first."""
    denizens, visions = (game.tables.values(f"table_world_deck_pile_{cards}") for cards in ("denizens", "visions"))
    return tuple((int(size), int(count)) for size, count in zip(denizens, visions, strict=True))


def reliquary_spaces(game: CompiledGame) -> int:
    """2.3: the Imperial Reliquary holds a relic on each of its spaces, one per modifier it reveals."""
    return len(game.entities("reliquary_modifier"))


@dataclass
class Setup:
    state: FlatState
    players: int
    placeholders: list[str] = field(default_factory=list)


class Cards:
    """Card numbers in the `card` space (a union of kinds) and moving them between zones."""

    def __init__(self, state: FlatState) -> None:
        self.state = state
        self.game = state.game
        self.base = state.game.layout.UNIONS["card"]
        self.printed_suit, self.intact_suit, self.kinds, self.indices = _card_tables(state)
        """A denizen's suit by card number (-1 for cards with none); a card shows it while it is faceup. An edifice's
        suit is on its intact side only (2.9). The kind of each card number, and its number among the entities of its
        kind."""
        self.zones = state.game.layout.ZONES
        self.player_zones = state.game.layout.PLAYER_ZONES
        self.piles, self.piles_to = _discard_piles(state.game)
        """Each region's discard pile, and the pile its discards go to (glossary Discard), as zones."""

    def of(self, kind: str, entity_id: str) -> int:
        return int(self.base[kind]) + self.game.number(kind, entity_id)

    def powers(self) -> Iterator[tuple[int, str, Any]]:
        """(card, effect key, power) of every denizen, relic, site and edifice power; an edifice's of the side it
        shows, which stays the same during a game (only the Chronicle ruins or repairs, 8.3)."""
        for kind in ("denizen", "relic", "site", "edifice"):
            for entity in self.game.entities(kind):
                name = entity.id.name.lower()
                card, holder, prefix = self.of(kind, name), entity, f"{kind}/{name}"
                if kind == "edifice":
                    side = "ruined" if self.state.get("edifice_ruined", card) else "intact"
                    holder, prefix = getattr(entity, side), f"{prefix}/{side}"
                for index, power in enumerate(holder.powers):
                    yield card, f"{prefix}/powers/{index}", power

    def all(self, kind: str) -> list[int]:
        """Every card of a kind, by number (worked out once per compiled game: the ids' enum iterates in Python)."""
        key = (self.game.layout, kind)
        if key not in _ALL_OF_KIND:
            _ALL_OF_KIND[key] = tuple(self.base[kind] + int(member) for member in self.game.enums[kind])
        return list(_ALL_OF_KIND[key])

    def kind_of(self, card: int) -> str:
        """The kind of a card number in the card union."""
        return self.kinds[card]

    def index_in_kind(self, card: int) -> int:
        """A card's number among the entities of its kind (what a power's `this` is)."""
        return self.indices[card]

    def zone(self, name: str, player: int | None = None) -> int:
        return int(self.zones[name] if player is None else self.player_zones[name] + player)

    def in_zone(self, zone: int) -> list[int]:
        """The cards in a zone, bottom first."""
        return self.state.indices_in_order("card_zone", zone, "card_order")

    def put(self, card: int, zone: int, *, faceup: bool = False, bottom: bool = False) -> None:
        """On top (or at the bottom) of a zone."""
        end = self.state.extreme_where("card_order", "card_zone", zone, card, not bottom, 0 if bottom else -1)
        order = end - 1 if bottom else end + 1
        self.state.set("card_zone", card, zone)
        self.state.set("card_order", card, order)
        self.state.set("card_faceup", card, int(faceup))
        self.state.set("card_suit", card, self._shown_suit(card))

    def _shown_suit(self, card: int) -> int:
        if not self.state.get("card_faceup", card) or self.state.get("edifice_ruined", card):
            return -1
        return self.intact_suit[card]

    def refresh_suits(self) -> None:
        """`card_suit` after card powers flipped cards: the suit a card shows, -1 when facedown or a ruin (glossary
        Match)."""
        self.state.assign_shown("card_suit", self.intact_suit, "card_faceup", "edifice_ruined", -1)

    def discard_pile(self, region: int) -> int:
        return self.piles[region]

    def discard_target(self, region: int) -> int:
        """Glossary Discard: onto the pile of the region this one discards to."""
        return self.piles_to[region]

    def capacity(self, site: int) -> int:
        """2.8.1: how many denizen and edifice cards the site holds, as printed or as a power set it."""
        changed = self.state.get("site_capacity", site)
        return changed - 1 if changed else int(self.game.entities("site")[site].capacity)

    def locked(self, card: int, player: int = -1) -> bool:
        """7.2.2: a locked card (the chain) cannot be discarded, moved or swapped once played, but in the Chronicle;
        nor can a card that acts as locked for this player (Ancient Bloodline)."""
        return bool(self.state.get("card_locked", card) or player >= 0 and self.state.get("locked_for", card) >> player & 1)

    def discard(self, seat: int, card: int) -> None:
        """Glossary Discard: onto the pile the region discards to (the card's region if it lies at a site, else
        the pawn's) or where the player chose (`discard_place`), its favor to its suit's bank, its secrets facedown
        onto the discarding player's board (the acting player's for the bandits, -1, 5.5.3). A relic goes to the
        bottom of the relic deck (the glossary speaks of denizens only). The warbands on a Vision are killed, and the
        False Prophet's ruler may have it back (`_kill_vision_warbands`)."""
        state = self.state
        self._kill_vision_warbands(card)
        discarder = seat if seat >= 0 else state.get("current_player")
        state.move(("card_secret", card), ("secret_facedown", discarder), state.get("card_secret", card))
        if self.printed_suit[card] >= 0:
            state.move(("card_favor", card), ("bank_favor", self.printed_suit[card]), state.get("card_favor", card))
        if self.kinds[card] == "relic":
            self.put(card, self.zone("relic_deck"), bottom=True)
            return
        at_site = state.get("card_zone", card) == self.zone("at_site")
        site = state.get("card_site", card) if at_site else state.get("pawn_site", seat)
        if at_site and self.printed_suit[card] >= 0:
            state.set("discarded_suit_this_turn", site, self.printed_suit[card], 1)
        pile, bottom = self.discard_place(seat, state.get("site_region", site))
        self.put(card, pile, bottom=bottom)

    def _kill_vision_warbands(self, card: int) -> None:
        """The False Prophet (SHARED_VISION_DISCARD): the warbands on a Vision being discarded are killed (glossary
        Kill: to their colour's bank); if one was of the player who rules a faceup card with that power, that player
        is to play or discard the Vision as if they had searched (`shared_vision_play`), once the step under way is
        settled (game.py Phase.SHARED_VISION_PLAY). It was faceup: everyone has seen it."""
        state = self.state
        if self.kinds[card] != "vision":
            return
        vision = self.indices[card]
        sharers = [colour for colour in range(state.size("seated")) if state.get("vision_warbands", vision, colour)]
        for colour in sharers:
            state.move(("vision_warbands", vision, colour), ("warband_bank", colour),
                       state.get("vision_warbands", vision, colour))
        sharer = next((seat for seat in sharers if any(
            state.get("card_zone", prophet) == self.zone("advisers", seat) and state.get("card_faceup", prophet)
            for prophet in cards_with_native(self.game, SHARED_VISION_DISCARD))), -1)
        if sharer < 0 or state.get("shared_vision_play"):
            return
        for player in range(state.size("seated")):
            state.set("card_seen", card, player, 1)
        state.set("shared_vision_play", card + 1)
        state.set("shared_vision_player", sharer)

    def discard_place(self, seat: int, region: int) -> tuple[int, bool]:
        """(zone, at its bottom) where a player's discard from a region goes: the destination they chose, which the
        persistent rules keep to those they allow (Bracken, Cracked Horn), else the pile the region discards to (always
        for the bandits, -1)."""
        chosen = self.state.get("discard_destination", seat) if seat >= 0 else DISCARD_USUAL
        if chosen == DISCARD_USUAL:
            return self.discard_target(region), False
        if chosen == DISCARD_WORLD_DECK_BOTTOM:
            return self.zone("world_deck"), True
        pile, bottom = divmod(chosen - DISCARD_ON_PILE, 2)
        return self.discard_pile(pile), bool(bottom)

    def arrive(self, seat: int, site: int) -> None:
        """The pawn moves to a site; a facedown site flips and its reveal prompt resolves (5.6.2): its favor and
        secrets from the shared bank, a relic from the top of the relic deck per relic icon."""
        state = self.state
        state.set("pawn_site", seat, site)
        card = int(self.base["site"]) + site
        if state.get("card_faceup", card):
            return
        state.set("card_faceup", card, 1)
        entity = self.game.entities("site")[site]
        state.add("shared_favor_drawn", state.move(("shared_favor",), ("card_favor", card), entity.start_favor))
        state.move(("shared_secret",), ("card_secret", card), entity.start_secret)
        for relic in self.in_zone(self.zone("relic_deck"))[::-1][:entity.relics]:
            self.put(relic, self.zone("at_site"))
            state.set("card_site", relic, site)

    def site_of(self, card: int) -> int | None:
        """The site a card number is (a site card), or lies at; None for a card elsewhere."""
        site_base = int(self.base["site"])
        if site_base <= card < site_base + self.state.size("site_slot"):
            return card - site_base
        return self.state.get("card_site", card) if self.state.get("card_zone", card) == self.zone("at_site") else None

    def stack(self, cards: list[int], zone: int) -> None:
        """Puts cards in a zone as a deck: the first listed ends on top."""
        for order, card in enumerate(reversed(cards)):
            self.state.set("card_zone", card, zone)
            self.state.set("card_order", card, order)
            self.state.set("card_faceup", card, 0)
            self.state.set("card_suit", card, -1)


_CARD_TABLES: dict[object, tuple[list[int], list[int], list[str], list[int]]] = {}
_WITH_NATIVE: dict[tuple[object, str], tuple[int, ...]] = {}
_PILES: dict[object, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_ALL_OF_KIND: dict[tuple[object, str], tuple[int, ...]] = {}
SHARED_VISION = "visionary_win_with_shared_vision"
SHARED_VISION_DISCARD = "play_discarded_shared_vision"
"""The False Prophet's powers that are a native alone: its ruler also has revealed the Visions their warband is on
(game.py `revealed_visions`), and plays or discards such a Vision once it is discarded (`Cards.discard`)."""


def cards_with_native(game: CompiledGame, name: str) -> tuple[int, ...]:
    """The cards (denizens, relics, sites, edifices of either side) with a power that is this native alone. Worked out
    once per compiled game."""
    if (game.layout, name) not in _WITH_NATIVE:
        base = game.layout.UNIONS["card"]
        found = []
        for kind in ("denizen", "relic", "site", "edifice"):
            for index, entity in enumerate(game.entities(kind)):
                holders = (entity.intact, entity.ruined) if kind == "edifice" else (entity,)
                if any(power.native is not None and power.native.name.lower() == name
                       for holder in holders for power in holder.powers):
                    found.append(int(base[kind]) + index)
        _WITH_NATIVE[(game.layout, name)] = tuple(found)
    return _WITH_NATIVE[(game.layout, name)]


def _card_tables(state: FlatState) -> tuple[list[int], list[int], list[str], list[int]]:
    """The denizens' suits, the same with the edifices' intact suits, each card number's kind and its number in the
    kind (`Cards`). Worked out once per compiled game: natives make a `Cards` view at every call."""
    game = state.game
    if game.layout not in _CARD_TABLES:
        union = game.layout.UNIONS["card"]
        suits = [-1] * state.size("card_zone")
        base = int(union["denizen"])
        for index, denizen in enumerate(game.entities("denizen")):
            suits[base + index] = int(denizen.suit)
        with_edifices = list(suits)
        base = int(union["edifice"])
        for index, edifice in enumerate(game.entities("edifice")):
            with_edifices[base + index] = int(edifice.suit)
        bases = sorted((int(base), str(kind)) for kind, base in union.items())
        kinds: list[str] = []
        indices: list[int] = []
        for (base, kind), (end, _) in zip(bases, [*bases[1:], (len(suits), "")], strict=True):
            kinds += [kind] * (end - base)
            indices += range(end - base)
        _CARD_TABLES[game.layout] = suits, with_edifices, kinds, indices
    return _CARD_TABLES[game.layout]


def _discard_piles(game: CompiledGame) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(`Cards.piles`, `Cards.piles_to`), worked out once per compiled game."""
    if game.layout not in _PILES:
        regions = game.entities("region")
        piles = tuple(int(game.layout.ZONES[f"discard_{str(region.id.name).lower()}"]) for region in regions)
        _PILES[game.layout] = piles, tuple(piles[int(region.discard_to)] for region in regions)
    return _PILES[game.layout]


def setup(game: CompiledGame, players: int, seed: int, chronicle: Chronicle | None = None) -> Setup:
    fewest, most = game.players or (players, players)
    if not fewest <= players <= most:
        raise ValueError(f"{game.name} is played by {fewest} to {most} players, not {players}")
    state = FlatState.empty(game, seed)
    result = Setup(state, players)
    cards = Cards(state)
    box = cards.zone("box")
    for card in range(state.size("card_zone")):
        cards.put(card, box)
    _locks(state, cards)
    _card_handles(state, seed)
    for seat in range(players):
        state.set("seated", seat, 1)
    if chronicle is None:
        _map(result, cards)
    else:
        _chronicled_world(result, cards, chronicle)
    _banks(result)
    _players(result, cards, chronicle)
    _relics(result, cards, deal=chronicle is None)
    _world_deck(result, cards, rebuild=chronicle is None)
    for region in range(state.size("region_discard_pile")):
        state.set("region_discard_pile", region, cards.discard_pile(region))
    cards.refresh_suits()
    return result


def _card_handles(state: FlatState, seed: int) -> None:
    """9.4: the moves on a card a player may not see (a relic, another's facedown adviser) name it by a handle, drawn
    for each game apart from the state's dice (whose draws the rest of the setup keeps), so that a move's number
    tells a player no more than the cards they can see."""
    cards = state.size("card_zone")
    for card, handle in enumerate(random.Random(seed).sample(range(cards), cards)):
        state.set("card_handle", card, handle)


def _locks(state: FlatState, cards: Cards) -> None:
    """7.2.2: the chain printed on a denizen or an edifice (both sides of every edifice show it)."""
    for index, denizen in enumerate(state.game.entities("denizen")):
        state.set("card_locked", int(cards.base["denizen"]) + index, int(denizen.locked))
    for index, edifice in enumerate(state.game.entities("edifice")):
        state.set("card_locked", int(cards.base["edifice"]) + index, int(edifice.intact.locked or edifice.ruined.locked))


def _place_site(state: FlatState, cards: Cards, card: int, slot: int, faceup: bool) -> int:
    regions = [region for region, count in region_slots(state.game) for _ in range(count)]
    site = card - int(cards.base["site"])
    cards.put(card, cards.zone("map"), faceup=faceup)
    state.set("site_slot", site, slot)
    state.set("site_region", site, int(state.game.enums["region"][regions[slot].upper()]))
    return site


def _map(result: Setup, cards: Cards) -> None:
    """Step 1 of a first game: sites in the slots, Cradle then Provinces then Hinterland, top to bottom; the
    edifices wait in the Archive."""
    state = result.state
    sites = state.shuffled(cards.all("site"))
    result.placeholders.append(KernelLine.of(state.game, "placeholder_random_sites"))
    slots = region_slots(state.game)
    firsts = {sum(count for _, count in slots[:i]) for i in range(len(slots))}
    for slot in range(sum(count for _, count in slots)):
        _place_site(state, cards, sites.pop(), slot, faceup=slot in firsts or slot < slots[0][1])
    for card in sites:
        cards.put(card, cards.zone("site_deck"))
    for edifice in cards.all("edifice"):
        cards.put(edifice, cards.zone("archive"))


def _chronicled_world(result: Setup, cards: Cards, chronicle: Chronicle) -> None:
    """Step 1 from a Chronicle: its sites with their cards in the slots, its decks, Archive and Dispossessed."""
    state = result.state
    for slot, saved in enumerate(chronicle.sites):
        site = _place_site(state, cards, card_of(cards, saved.site), slot, saved.faceup)
        for name in saved.cards + saved.relics:
            card = card_of(cards, name)
            cards.put(card, cards.zone("at_site"), faceup=not name.startswith("relic/"))
            state.set("card_site", card, site)
    for zone, names in (("site_deck", chronicle.site_deck), ("relic_deck", chronicle.relic_deck),
                        ("world_deck", chronicle.world_deck)):
        cards.stack([card_of(cards, name) for name in names], cards.zone(zone))
    for zone, names in (("archive", chronicle.archive), ("dispossessed", chronicle.dispossessed)):
        for name in names:
            cards.put(card_of(cards, name), cards.zone(zone))
    for name in chronicle.ruined:
        state.set("edifice_ruined", card_of(cards, name), 1)


def _banks(result: Setup) -> None:
    """Steps 2, 4-6: markers, the shared bank, the banners' first tokens, the favor banks."""
    state, game = result.state, result.state.game
    state.set("round", 1)
    state.set("visions_drawn", 0)
    state.set("shared_favor", _inventory(game, "favor_tokens"))
    state.set("shared_secret", _inventory(game, "secret_tokens"))
    for banner, entity in enumerate(game.entities("banner")):
        state.move((f"shared_{entity.token}",), (f"banner_{entity.token}", banner), entity.start_tokens)
        state.set("banner_holder", banner, -1)
    per_bank = table_row(game, "setup_favor_per_bank", result.players)
    for suit in range(state.size("bank_favor")):
        state.move(("shared_favor",), ("bank_favor", suit), per_bank)


def _players(result: Setup, cards: Cards, chronicle: Chronicle | None) -> None:
    """Steps 7-15: roles (the boards' Chronicled sides), warbands (purple ones for Citizens), starting favor and
    secrets, the Chancellor's warbands on the map (12: on the sites with a denizen or an intact edifice, not a ruin),
    the Oath, the Oathkeeper title."""
    state, game = result.state, result.state.game
    numbers = rule_numbers(game)
    result.placeholders.append(KernelLine.of(game, "placeholder_seat_roles"))
    roles = {r.id.name.lower(): r for r in game.entities("role")}
    sides = chronicle.boards if chronicle is not None else []
    for seat in range(result.players):
        role = "chancellor" if seat == 0 else sides[seat - 1] if seat - 1 < len(sides) else "exile"
        state.set("role", seat, int(game.enums["role"][role.upper()]))
        state.set("warband_bank", seat, roles["chancellor" if seat == 0 else "exile"].warbands)
        chancellor = seat == 0
        state.move(("shared_favor",), ("favor", seat),
                   numbers.chancellor_start_favor if chancellor else numbers.start_favor)
        state.move(("shared_secret",), ("secret", seat),
                   numbers.chancellor_start_secrets if chancellor else numbers.start_secrets)
        state.move(("warband_bank", 0 if role == "citizen" else seat), ("warbands", seat),
                   numbers.chancellor_board_warbands if chancellor else numbers.board_warbands)
        state.set("supply", seat, most_supply(game, "exile" if role == "exile" else "chancellor"))
    cards.put(cards.of("relic", "grand_scepter"), cards.zone("relics_held", 0), faceup=True)
    site_base = int(cards.base["site"])
    faceup = sorted((s for s in range(state.size("site_slot")) if state.get("card_zone", site_base + s) == cards.zone("map")
                     and state.get("card_faceup", site_base + s)), key=lambda s: state.get("site_slot", s))
    top_cradle = faceup[0]
    state.move(("warband_bank", 0), ("site_warbands", top_cradle, 0), numbers.top_cradle_warbands)
    for site in faceup[1:]:
        if any(state.get("card_site", c) == site and cards.kind_of(c) != "relic" and not state.get("edifice_ruined", c)
               for c in cards.in_zone(cards.zone("at_site"))):
            state.move(("warband_bank", 0), ("site_warbands", site, 0), numbers.site_warbands)
    state.set("pawn_site", 0, top_cradle)
    if chronicle is not None:
        oath = chronicle.oath
    else:
        oaths = [o.id.name.lower() for o in game.entities("oath")]
        oath = oaths[state.random(len(oaths))]
        result.placeholders.append(KernelLine.of(game, "placeholder_random_oath", oath=Named("oath", oath)))
    state.set("oath", int(game.enums["oath"][oath.upper()]))
    banner = game.get("oath", oath).chancellor_banner
    if banner is not None:
        state.set("banner_holder", int(banner), 0)
    state.set("oathkeeper", 0)
    state.set("usurper", 0)


def _relics(result: Setup, cards: Cards, *, deal: bool) -> None:
    """Steps 16-18: reveal prompts of faceup sites (their relics too in a first game; a Chronicle saved them at
    their sites), the Imperial Reliquary from the top of the relic deck, the relic deck."""
    state, game = result.state, result.state.game
    if deal:
        deck = state.shuffled([c for c in cards.all("relic") if c != cards.of("relic", "grand_scepter")])
    else:
        deck = cards.in_zone(cards.zone("relic_deck"))
    for site in game.entities("site"):
        card = cards.of("site", site.id.name.lower())
        if state.get("card_zone", card) != cards.zone("map") or not state.get("card_faceup", card):
            continue
        index = card - cards.base["site"]
        state.move(("shared_favor",), ("card_favor", card), site.start_favor)
        state.move(("shared_secret",), ("card_secret", card), site.start_secret)
        for _ in range(site.relics if deal else 0):
            relic = deck.pop()
            cards.put(relic, cards.zone("at_site"))
            state.set("card_site", relic, index)
    for space in range(reliquary_spaces(game)):
        relic = deck.pop()
        cards.put(relic, cards.zone("reliquary"))
        state.set("reliquary_space", relic, space + 1)
    cards.stack(deck, cards.zone("relic_deck"))


def _world_deck(result: Setup, cards: Cards, *, rebuild: bool) -> None:
    """Setup box (8.8, when the last Chronicle did not rebuild the world deck) and steps 19-22: the world
    deck, the discard piles, three cards for each player."""
    state = result.state
    is_vision = set(cards.all("vision"))
    if rebuild:
        denizens = state.shuffled(cards.all("denizen"))
        visions = state.shuffled(cards.all("vision"))
        deck: list[int] = []
        for size, vision_count in world_deck_piles(state.game):
            pile = [denizens.pop() for _ in range(size)] + [visions.pop() for _ in range(vision_count)]
            deck += state.shuffled(pile)
        deck += denizens
        cards.stack(deck, cards.zone("world_deck"))
    numbers = rule_numbers(state.game)
    bottom = cards.in_zone(cards.zone("world_deck"))
    for region in range(len(state.game.entities("region"))):
        for _ in range(numbers.setup_discard_pile_cards):
            cards.put(bottom.pop(0), cards.discard_pile(region))
    for seat in range(result.players):
        for _ in range(numbers.setup_draws):
            card = bottom.pop(0)
            cards.put(card, cards.zone("drawn", seat))
            state.set("card_seen", card, seat, 1)
            if card in is_vision:
                state.add("visions_drawn", 1)


def _inventory(game: CompiledGame, item_id: str) -> int:
    """How many of a component the box holds (game.yaml's inventory, carried by the manifest)."""
    return int(game.manifest["inventory"][item_id])


_MOST_SUPPLY: dict[tuple[object, str], int] = {}


def most_supply(game: CompiledGame, track: str) -> int:
    """The leftmost space of a Supply track ("exile" or "chancellor"): Supply never goes beyond it (4.3.4). Asked
    after every action: read from the tables once per compiled content."""
    found = _MOST_SUPPLY.get((game.layout, track))
    if found is None:
        found = _MOST_SUPPLY[game.layout, track] = int(max(game.tables.values(f"table_supply_refresh_{track}")))
    return found


def table_row(game: CompiledGame, table: str, key: int) -> int:
    """The value of a one-column table whose integer row keys are lower bounds (read once per compiled content: the
    Supply's refresh asks at every Rest)."""
    rows = _TABLE_ROWS.get((game.layout, table))
    if rows is None:
        keys, values = (game.tables.values(name) for name in (f"table_{table}_rows", f"table_{table}"))
        rows = _TABLE_ROWS[game.layout, table] = tuple(zip(map(int, keys), map(int, values), strict=True))
    return [value for bound, value in rows if bound <= key][-1]


_TABLE_ROWS: dict[tuple[object, str], tuple[tuple[int, int], ...]] = {}


def card_of(cards: Cards, name: str) -> int:
    kind, _, entity = name.partition("/")
    return cards.of(kind, entity)
