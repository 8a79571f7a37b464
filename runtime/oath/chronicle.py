"""Writing the Chronicle (8) after a game, and the saved world it gives the next game's setup.

The winner's steps run in the Law's order on a copy of the final state. What the Law leaves to the
winner's (or another player's) choice is theirs through a `Decide` callback (the terminal player's prompt);
without one, or for a seat the callback leaves to chance, it is drawn with the state's dice and listed in
`notes`, like the setup's placeholders. The result is a `Chronicle`: the map with its sites' cards, the decks, the
Archive and the boards' sides, by entity id, saved as JSON.

Powers whose timing is `chronicle` (the Forest Temple's) run in the map clean-up. Not yet: edifice powers
in play (an edifice at a site is kept and saved, but the kernel does not play its other powers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .chronicle_file import Chronicle, ChronicleError, SavedSite, Side
from .empire import bind_flat, colour, rules_site
from .setup import Cards, card_of, region_slots, world_deck_piles

if TYPE_CHECKING:
    from .game import OathState

__all__ = ["Chronicle", "ChronicleError", "ChronicleWriter", "Decide", "SavedSite", "write_chronicle"]


class Decide(Protocol):
    """A player's choice in the Chronicle: the seat choosing, the question and the options, in the locale the
    writer was given; returns the index of the option chosen, or None to leave it to chance."""

    def __call__(self, seat: int, question: str, options: list[str]) -> int | None: ...


def qualified(cards: Cards, card: int) -> str:
    kind = cards.kind_of(card)
    return f"{kind}/{cards.game.entities(kind)[card - int(cards.base[kind])].id.name.lower()}"


class ChronicleTable:
    """The copy of the final state the Chronicle is written on, what the writer asks of it, and the choices it
    leaves to the players."""

    def __init__(self, state: OathState, decide: Decide | None = None, locale: str = "en") -> None:
        if not state.is_terminal():
            raise ValueError("the Chronicle is written after the game ends")
        self.state = state
        self.decide = decide
        self.locale = locale
        self.flat: FlatState = state.flat.copy()
        self.cards = Cards(self.flat)
        self.notes: list[str] = []
        self.sites = {s.id.name.lower(): s for s in state.game.entities("site")}

    @property
    def winner(self) -> int:
        return self.flat.get("winner")

    def choose(self, seat: int, question: str, options: list[str], what: str) -> int:
        """A choice the Law leaves to a player (`question`, a label): the index of the option they choose, or one
        drawn with the state's dice and noted (`what`) if nobody decides it."""
        picked = self.decide(seat, self.said(question), options) if self.decide else None
        if picked is None:
            self.notes.append(f"{what} is drawn at random (the player chooses)")
            return self.flat.random(len(options))
        if not 0 <= picked < len(options):
            raise ValueError(f"option {picked} of {len(options)} chosen for {what}")
        return picked

    def said(self, label: str) -> str:
        return self.state.label(label, self.locale)

    def named(self, kind: str, index: int) -> str:
        return self.state.entity_name(kind, index, self.locale)

    def named_card(self, card: int) -> str:
        return self.state.card_name(card, self.locale)

    def zone(self, name: str, player: int | None = None) -> int:
        return self.cards.zone(name, player)

    def on_map(self) -> list[int]:
        """The sites on the map, top slot first."""
        sites = [c - int(self.cards.base["site"]) for c in self.cards.in_zone(self.zone("map"))]
        return sorted(sites, key=lambda s: self.flat.get("site_slot", s))

    def at(self, site: int) -> list[int]:
        return [c for c in self.cards.in_zone(self.zone("at_site")) if self.flat.get("card_site", c) == site]

    def advisers(self, seat: int) -> list[int]:
        return self.cards.in_zone(self.zone("advisers", seat))

    def of_kind(self, cards: list[int], kind: str) -> list[int]:
        return [c for c in cards if self.cards.kind_of(c) == kind]

    def ruled(self, site: int) -> bool:
        return rules_site(self.flat, self.winner, site)

    def imperial_winner(self) -> bool:
        return self.flat.get("role", self.winner) != self.state.role_ids["exile"]

    def intact_edifices(self, site: int) -> list[int]:
        return [c for c in self.of_kind(self.at(site), "edifice") if not self.flat.get("edifice_ruined", c)]

    def ruins(self, site: int) -> list[int]:
        return [c for c in self.of_kind(self.at(site), "edifice") if self.flat.get("edifice_ruined", c)]

    def discard_denizen(self, card: int, region: int) -> None:
        """8.3.2 "to any discard pile": the pile of the site's own region is taken."""
        self.cards.put(card, self.cards.discard_pile(region))



class ChronicleWriter(ChronicleTable):
    """The winner writes the Chronicle (8.1-8.8) on a copy of the final state, step by step in the Law's order."""

    def write(self) -> Chronicle:
        oath = self.vow()
        boards = self.offer_citizenship()
        self.build_or_repair()
        self.discard_sites()
        aside = self.ruin_unruled()
        self.fill_slots(aside)
        self.add_to_world_deck()
        self.dispossess()
        self.clean_relics()
        self.rebuild_world_deck()
        return self.save(oath, boards)

    def vow(self) -> str:
        """8.1: a win by a Vision alone vows its Oath; otherwise any goal reference but the current one."""
        oaths = self.state.game.entities("oath")
        if self.state.victory == "visionary":
            vision = self.state.winning_vision(self.winner)
            assert vision is not None
            return str(oaths[int(self.state.game.entities("vision")[vision].oath)].id.name).lower()
        others = [i for i in range(len(oaths)) if i != self.flat.get("oath")]
        chosen = self.choose(self.winner, "chronicle_vow", [self.named("oath", i) for i in others],
                             "the Oath the winner vows (8.1)")
        return str(oaths[others[chosen]].id.name).lower()

    def offer_citizenship(self) -> list[Side]:
        """8.2: an Exile winner flips every Citizen to Exile, then may offer Citizenship to each other Exile (the
        winner's choice, then the Exile's); an acceptor's warbands at each site they rule become one of the
        winner's."""
        roles = self.state.role_ids
        if not self.imperial_winner():
            flipped = [s for s in range(self.state.players) if self.flat.get("role", s) == roles["citizen"]]
            for seat in flipped:
                self.flat.set("role", seat, roles["exile"])
            for seat in range(1, self.state.players):
                if seat in flipped or seat == self.winner:
                    continue
                offers = [f"{self.said(word)}: {self.said('seat')} {seat + 1}" for word in ("do_not_offer", "offer")]
                if not self.choose(self.winner, "chronicle_offer", offers,
                                   f"whether the winner offers seat {seat + 1} Citizenship (8.2)"):
                    continue
                answers = [self.said("decline"), self.said("accept")]
                if self.choose(seat, "chronicle_citizenship", answers, f"whether seat {seat + 1} accepts Citizenship (8.2)"):
                    self.flat.set("role", seat, roles["citizen"])
                    for site in self.on_map():
                        if self.flat.get("site_warbands", site, seat):
                            self.flat.set("site_warbands", site, seat, 0)
                            self.flat.set("site_warbands", site, colour(self.flat, self.winner), 1)
        sides: list[Side] = ["citizen" if self.flat.get("role", s) == roles["citizen"] else "exile"
                             for s in range(1, self.state.players)]
        return sides

    def build_or_repair(self) -> None:
        """8.3.1: a Chancellor or Citizen winner may build (a denizen at a ruled site without an edifice gives way
        to the intact edifice of its suit from the Archive, and goes to the world deck) or repair a ruin."""
        if not self.imperial_winner():
            return
        archive = self.of_kind(self.cards.in_zone(self.zone("archive")), "edifice")
        edifice_of = {int(self.state.game.entities("edifice")[c - int(self.cards.base["edifice"])].suit): c
                      for c in archive}
        options: list[tuple[int, int]] = []
        for site in self.on_map():
            if not self.ruled(site):
                continue
            cards = self.at(site)
            options += [(ruin, -1) for ruin in self.ruins(site)]
            if not self.of_kind(cards, "edifice"):
                options += [(denizen, edifice_of[self.cards.printed_suit[denizen]])
                            for denizen in self.of_kind(cards, "denizen")
                            if self.cards.printed_suit[denizen] in edifice_of]
        if not options:
            return
        words = [f"{self.said('chronicle_repair')} {self.named_card(card)}" if edifice < 0 else
                 f"{self.named_card(edifice)} {self.said('chronicle_in_place_of')} {self.named_card(card)}"
                 for card, edifice in options] + [self.said("chronicle_build_nothing")]
        chosen = self.choose(self.winner, "chronicle_build", words, "what the winner builds or repairs (8.3.1)")
        if chosen == len(options):
            return
        card, edifice = options[chosen]
        if edifice < 0:
            self.flat.set("edifice_ruined", card, 0)
            return
        site = self.flat.get("card_site", card)
        self.cards.put(card, self.zone("world_deck"))
        self.cards.put(edifice, self.zone("at_site"), faceup=True)
        self.flat.set("card_site", edifice, site)

    def discard_sites(self) -> None:
        """8.3.2: sites the winner neither rules nor holds an intact edifice at go to the site deck, shuffled;
        their denizens to a discard pile, relics to the relic deck, ruins to the Archive."""
        kept_suits = self.kept_suits()
        for site in self.on_map():
            if self.ruled(site) or self.intact_edifices(site) or any(
                    self.cards.printed_suit[card] in kept_suits for card in self.at(site)):
                continue
            region = self.flat.get("site_region", site)
            for card in self.at(site):
                kind = self.cards.kind_of(card)
                if kind == "denizen":
                    self.discard_denizen(card, region)
                elif kind == "relic":
                    self.cards.put(card, self.zone("relic_deck"))
                else:
                    self.cards.put(card, self.zone("archive"))
            self.cards.put(int(self.cards.base["site"]) + site, self.zone("site_deck"))
        deck = self.cards.in_zone(self.zone("site_deck"))
        self.cards.stack(self.flat.shuffled(deck), self.zone("site_deck"))

    def kept_suits(self) -> set[int]:
        """8.3.2 with the powers that act in the Chronicle (an intact edifice's, the Forest Temple's): the suits
        whose cards keep their site on the map."""
        self.flat.clear("chronicle_keep_suit")
        game = self.state.game
        for site in self.on_map():
            for edifice in self.intact_edifices(site):
                entity = game.entities("edifice")[edifice - int(self.cards.base["edifice"])]
                for index, power in enumerate(entity.intact.powers):
                    key = f"edifice/{entity.id.name.lower()}/intact/powers/{index}"
                    if power.timing == "chronicle" and key in game.layout.ENTRIES:
                        self.state.run_quietly(key, self.winner, edifice - int(self.cards.base["edifice"]), self.flat)
        return {suit for suit, keep in enumerate(self.flat.cells_of("chronicle_keep_suit")) if keep}

    def ruin_unruled(self) -> list[int]:
        """8.3.3: intact edifices at sites the winner does not rule are ruined and the denizens where one was are
        discarded; the sites with ruins are set aside, top Cradle site first, faceup as they were (8.3.5 moves them
        back with their cards)."""
        aside = []
        for site in self.on_map():
            flipped = [] if self.ruled(site) else self.intact_edifices(site)
            for edifice in flipped:
                self.flat.set("edifice_ruined", edifice, 1)
            for denizen in self.of_kind(self.at(site), "denizen") if flipped else []:
                self.discard_denizen(denizen, self.flat.get("site_region", site))
            if self.ruins(site):
                aside.append(site)
                card = int(self.cards.base["site"]) + site
                self.cards.put(card, self.zone("box"), faceup=bool(self.flat.get("card_faceup", card)))
        return aside

    def fill_slots(self, aside: list[int]) -> None:
        """8.3.5: the remaining sites pushed up slot by slot (steps 1-3), the ruined sites into the Hinterland
        from the bottom up, then the Provinces (4-5), the site deck facedown into what is left (6), and the
        top site of a region with none faceup flipped (7)."""
        slots_of = region_slots(self.state.game)
        regions = [region for region, count in slots_of for _ in range(count)]
        slots: list[int] = self.on_map() + [-1] * (len(regions) - len(self.on_map()))
        bottom_up = list(reversed(aside))
        for region in ("hinterland", "provinces"):
            for slot in reversed(range(len(slots))):
                if regions[slot] == region and slots[slot] < 0 and bottom_up:
                    slots[slot] = bottom_up.pop(0)
        deck = self.cards.in_zone(self.zone("site_deck"))
        site_base = int(self.cards.base["site"])
        for slot, site in enumerate(slots):
            if site < 0:
                slots[slot] = deck.pop() - site_base
                self.flat.set("card_faceup", site_base + slots[slot], 0)
        for slot, site in enumerate(slots):
            self.flat.set("site_slot", site, slot)
            self.flat.set("site_region", site, int(self.state.game.enums["region"][regions[slot].upper()]))
            self.cards.put(site_base + site, self.zone("map"), faceup=bool(self.flat.get("card_faceup", site_base + site)))
        for region, _ in slots_of:
            mine = [s for slot, s in enumerate(slots) if regions[slot] == region]
            if not any(self.flat.get("card_faceup", site_base + s) for s in mine):
                self.flat.set("card_faceup", site_base + mine[0], 1)

    def add_to_world_deck(self) -> None:
        """8.4: cards at random from the Archive (3, 2 and 1 in the Law) of the winner's most common adviser suit
        and the next suits clockwise; if the Archive lacks them, heal it instead: six cards (in the Law) of the
        largest Dispossessed stack to the world deck, the Dispossessed back to the Archive."""
        printed = self.cards.printed_suit
        suits = [printed[c] for c in self.advisers(self.winner) if printed[c] >= 0]
        counts = {suit: suits.count(suit) for suit in set(suits)}
        top = [s for s, n in counts.items() if n == max(counts.values())] or list(range(len(self.state.game.entities("suit"))))
        tied = sorted(top)
        if len(tied) > 1:
            tied = [tied[self.choose(self.winner, "chronicle_suit", [self.named("suit", s) for s in tied],
                                     "the winner's suit among the tied ones (8.4)")]]
        suit = tied[0]
        cycle = sorted(range(len(self.state.game.entities("suit"))),
                       key=lambda s: self.state.game.entities("suit")[s].bank_order)
        archive = [c for c in self.cards.in_zone(self.zone("archive")) if printed[c] >= 0]
        wanted = [(cycle[(cycle.index(suit) + step) % len(cycle)], n)
                  for step, n in enumerate(self.state.numbers.chronicle_added_cards)]
        stacks = {s: [c for c in archive if printed[c] == s] for s, _ in wanted}
        if all(len(stacks[s]) >= n for s, n in wanted):
            for s, n in wanted:
                for card in self.flat.shuffled(stacks[s])[:n]:
                    self.cards.put(card, self.zone("world_deck"))
            return
        dispossessed = self.cards.in_zone(self.zone("dispossessed"))
        by_suit = {s: [c for c in dispossessed if printed[c] == s] for s in {printed[c] for c in dispossessed}}
        if by_suit:
            largest = max(len(stack) for stack in by_suit.values())
            heal = min(s for s, stack in by_suit.items() if len(stack) == largest)
            for card in self.flat.shuffled(by_suit[heal])[:self.state.numbers.chronicle_heal_cards]:
                self.cards.put(card, self.zone("world_deck"))
        for card in self.cards.in_zone(self.zone("dispossessed")):
            self.cards.put(card, self.zone("archive"))

    def dispossess(self) -> None:
        """8.5: the Visions set aside, the discard piles and the losers' advisers shuffled, six of them (in the Law)
        to the Dispossessed unseen; the rest stay among the denizens the world deck is rebuilt from."""
        piles = [self.cards.discard_pile(r) for r in range(len(self.state.game.entities("region")))]
        pool = [c for pile in piles for c in self.cards.in_zone(pile)]
        pool += [c for seat in range(self.state.players) if seat != self.winner for c in self.advisers(seat)]
        pool = [c for c in pool if self.cards.kind_of(c) == "denizen"]
        for card in self.flat.shuffled(pool)[:self.state.numbers.dispossessed_cards]:
            self.cards.put(card, self.zone("dispossessed"))

    def clean_relics(self) -> None:
        """8.6: the Grand Scepter to the World Box, the losers' relics shuffled into the relic deck, each faceup
        site refilled to its relic count, then the winner's and the Reliquary's relics shuffled on top."""
        self.cards.put(self.cards.of("relic", "grand_scepter"), self.zone("box"))
        deck = self.cards.in_zone(self.zone("relic_deck"))
        deck += [c for seat in range(self.state.players) if seat != self.winner
                 for c in self.cards.in_zone(self.zone("relics_held", seat))]
        self.cards.stack(self.flat.shuffled(deck), self.zone("relic_deck"))
        for site in self.on_map():
            card = int(self.cards.base["site"]) + site
            if not self.flat.get("card_faceup", card):
                continue
            wanted = self.sites[qualified(self.cards, card).partition("/")[2]].relics
            for _ in range(wanted - len(self.of_kind(self.at(site), "relic"))):
                relics = self.cards.in_zone(self.zone("relic_deck"))
                if relics:
                    self.cards.put(relics[-1], self.zone("at_site"))
                    self.flat.set("card_site", relics[-1], site)
        kept = self.cards.in_zone(self.zone("relics_held", self.winner)) + self.cards.in_zone(self.zone("reliquary"))
        for relic in self.flat.shuffled(kept):
            self.cards.put(relic, self.zone("relic_deck"))

    def rebuild_world_deck(self) -> None:
        """8.8: every remaining denizen shuffled; the piles of tables.yaml's world_deck_pile_* (10 with 2 Visions on
        15 with 3 in the Law) on the rest."""
        kept = {self.zone("at_site"), self.zone("archive"), self.zone("dispossessed"), self.zone("box")}
        denizens = self.flat.shuffled([c for c in self.cards.all("denizen") if self.flat.get("card_zone", c) not in kept])
        visions = self.flat.shuffled(self.cards.all("vision"))
        deck: list[int] = []
        for size, count in world_deck_piles(self.state.game):
            pile = [denizens.pop() for _ in range(min(size, len(denizens)))] + [visions.pop() for _ in range(count)]
            deck += self.flat.shuffled(pile)
        self.cards.stack(deck + denizens, self.zone("world_deck"))

    def save(self, oath: str, boards: list[Side]) -> Chronicle:
        """8.7: the map and what lies at each site, the decks top first, the Archive."""
        def names(zone: str) -> list[str]:
            return [qualified(self.cards, c) for c in reversed(self.cards.in_zone(self.zone(zone)))]
        saved = []
        for site in self.on_map():
            card = int(self.cards.base["site"]) + site
            here = self.at(site)
            saved.append(SavedSite(site=qualified(self.cards, card), faceup=bool(self.flat.get("card_faceup", card)),
                                   cards=[qualified(self.cards, c) for c in here if self.cards.kind_of(c) != "relic"],
                                   relics=[qualified(self.cards, c) for c in self.of_kind(here, "relic")]))
        ruined = [qualified(self.cards, c) for c in self.cards.all("edifice") if self.flat.get("edifice_ruined", c)
                  and self.flat.get("card_zone", c) in (self.zone("at_site"), self.zone("archive"))]
        return Chronicle(oath=oath, boards=boards, sites=saved, site_deck=names("site_deck"),
                         world_deck=names("world_deck"), relic_deck=names("relic_deck"), archive=names("archive"),
                         dispossessed=names("dispossessed"), ruined=ruined)


def write_chronicle(state: OathState, decide: Decide | None = None, locale: str = "en") -> tuple[Chronicle, list[str]]:
    """The Chronicle of a finished game and the notes of the choices drawn at random."""
    writer = ChronicleWriter(state, decide, locale)
    chronicle = writer.write()
    return chronicle, writer.notes



def _keep_sites_with_suit(flat: FlatState, args: list[int]) -> int:
    flat.set("chronicle_keep_suit", args[0], 1)
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "chronicle_keep_sites_with_suit": bind_flat(_keep_sites_with_suit),
}
"""The natives of powers that act while the Chronicle is written."""
