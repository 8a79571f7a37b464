# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""Moves, choices and results in words of a locale, from the content's labels and names: the `Describe` part of
`OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from ..bytecode import PC, PendingChoice, pending_choice
from . import banners, campaign, plays
from .actions import NONE, STRIDE, Kind
from .power_tables import POWER_STRIDE
from .setup import DISCARD_ON_PILE, DISCARD_USUAL

if TYPE_CHECKING:
    from .game import OathState

_EFFECT_STARTS: dict[object, list[tuple[int, str]]] = {}

NAMED_SPACES = frozenset({"suit", "region", "site", "denizen", "edifice", "vision", "banner", "oath",
                          "title", "role"})
"""The kinds of entity a power's choice may offer that have names to show."""


class Describe:
    def describe(self: OathState, chosen: int, locale: str = "en") -> str:
        """A move in words of the chosen language: its label from the content, then what it acts on."""
        chosen = self._internal(chosen)
        kind, argument = Kind(chosen // STRIDE), chosen % STRIDE
        label = self.label(f"move_{kind.name.lower()}", locale)
        if kind == Kind.SEARCH_DISCARD:
            return f"{label}: {self.entity_name('region', argument, locale)}"
        if kind in (Kind.END_TURN, Kind.SEARCH_WORLD, Kind.KEEP_NO_MORE, Kind.TARGET_PAWN, Kind.FIGHT,
                    Kind.SACRIFICE, Kind.DONE, Kind.BURN_HALF_FAVOR, Kind.DECLINE_CITIZENSHIP, Kind.SELF_EXILE, Kind.TAKE_ACTION,
                    Kind.PROPOSE_EXCHANGE, Kind.ACCEPT_EXCHANGE, Kind.DECLINE_EXCHANGE, Kind.END_NEGOTIATION):
            return label
        if kind in (Kind.CAMPAIGN, Kind.CAMPAIGN_FROM_POWER):
            return f"{label} {self.label('the_bandits', locale) if argument == NONE else self._seat(argument, locale)}"
        if kind in (Kind.TARGET_BANNER, Kind.GIVE_BANNER):
            return f"{label} {self.entity_name('banner', argument, locale)}"
        if kind == Kind.RECOVER_BANNER:
            banner, rest = divmod(argument, banners.BANNER_STRIDE)
            amount, suit = divmod(rest, banners.SUITS)
            token = self._term("favor" if banner == banners.PEOPLES_FAVOR else "secret", locale)
            text = f"{label} {self.entity_name('banner', banner, locale)}: {amount} {token}"
            if banner == banners.PEOPLES_FAVOR:
                text += f"; {self.label('old_favor_first_to', locale)} {self.entity_name('suit', suit, locale)}"
            return text
        if kind == Kind.KILL_AT:
            if argument == NONE:
                return f"{label} {self.label('their_board', locale)}"
            if argument >= campaign.ALLY_BOARD:
                return f"{label} {self.label('their_board', locale)}: {self._seat(argument - campaign.ALLY_BOARD, locale)}"
            return f"{label} {self.label('at_site', locale)} {self.entity_name('site', argument, locale)}"
        if kind in (Kind.OFFER_ALLY, Kind.ACCEPT_ALLY, Kind.GIVE_TITLE, Kind.NEGOTIATE_WITH, Kind.GIVE_FAVOR,
                    Kind.GIVE_SECRET, Kind.PROMISE_TRUCE, Kind.GIVE_WARBAND, Kind.TAKE_WARBAND, Kind.GRANT_WARBAND_MOVE,
                    Kind.REFUSE_WARBAND_MOVE):
            return f"{label} {self._seat(argument, locale)}"
        if kind in (Kind.TRAVEL, Kind.CHOOSE_DESTINATION, Kind.WARBAND_TO_SITE, Kind.WARBAND_TO_BOARD, Kind.TARGET_SITE, Kind.OCCUPY,
                    Kind.BANISH_TO):
            return f"{label} {self.entity_name('site', argument, locale)}"
        if kind == Kind.TAKE_FROM_RELIQUARY:
            return f"{label} {argument + 1}"
        if kind == Kind.DISCARD_TO:
            return f"{label} {self._destination(argument, locale)}"
        if kind == Kind.PLAY_TO_OTHER_SITE:
            site, card = divmod(argument, plays.SITE_STRIDE)
            return f"{label} {self._shown_name(card, locale)}: {self.entity_name('site', site, locale)}"
        if kind == Kind.ANSWER:
            pending = pending_choice(self.frame) if self.frame is not None else None
            if pending is None:
                return f"{label} {argument}"
            return f"{self._asking_power(locale)}: {label} {self._answer(pending, argument, locale)}"
        if kind == Kind.USE_POWER:
            index, card = divmod(argument, POWER_STRIDE)
            several = len(self.powers[card]) > 1
            return f"{label} {self.card_name(card, locale)}" + (f" ({index + 1})" if several else "")
        return f"{label} {self._shown_name(argument, locale)}"

    def _asking_power(self: OathState, locale: str) -> str:
        """The name of the card whose power asks the pending choice: the effect whose code the paused frame is in
        (the compiler lays each effect's code out in one piece, from its entry)."""
        assert self.frame is not None
        if self.game.layout not in _EFFECT_STARTS:
            _EFFECT_STARTS[self.game.layout] = sorted((pc, key) for key, pc in self.game.layout.ENTRIES.items())
        starts = _EFFECT_STARTS[self.game.layout]
        key = starts[bisect_right(starts, (self.frame[PC], "\uffff")) - 1][1]
        kind, name = key.split("/")[:2]
        return self.entity_name(kind, int(self.game.enums[kind][name.upper()]), locale)

    def _answer(self: OathState, pending: PendingChoice, value: int, locale: str) -> str:
        """An answer to a power's choice, named by what the choice offers: a player, a card, another entity; a
        `may` (whose options the compiler lays out as 1, to do it, then 0) yes or no; else the option's number."""
        space = self.game.layout.SPACES[pending.kind - 1][0] if pending.kind else None
        if space == "player":
            return self._seat(value, locale)
        if space == "card":
            return self._shown_name(value, locale)
        if space == "relic":
            return self._shown_name(self.relic_base + value, locale)
        if space in NAMED_SPACES:
            return self.entity_name(space, value, locale)
        if pending.options == (1, 0):
            return self.label("answer_yes" if value else "answer_no", locale)
        return str(value + 1)

    def label(self: OathState, label_id: str, locale: str) -> str:
        """A word of the runtime in the chosen language (content/oath/labels.yaml)."""
        return self.game.label(label_id, locale)

    def entity_name(self: OathState, kind: str, index: int, locale: str) -> str:
        entity = self.game.entities(kind)[index]
        if kind == "edifice":
            ruined = self.flat.get("edifice_ruined", int(self.cards.base[kind]) + index)
            entity = entity.ruined if ruined else entity.intact
        return str(entity.name.get(locale, self.game.source_locale))

    def _destination(self: OathState, destination: int, locale: str) -> str:
        """Where a player's discards go (setup.py DISCARD_*), in words."""
        if destination < DISCARD_ON_PILE:
            return self.label("discard_where_usual" if destination == DISCARD_USUAL else "discard_on_world_deck_bottom",
                              locale)
        region, bottom = divmod(destination - DISCARD_ON_PILE, 2)
        place = self.label("discard_on_pile_bottom" if bottom else "discard_on_pile_top", locale)
        return f"{place} {self.entity_name('region', region, locale)}"

    def _term(self: OathState, term_id: str, locale: str) -> str:
        return str(self.game.get("term", term_id).name.get(locale, self.game.source_locale))

    def _shown_name(self: OathState, card: int, locale: str) -> str:
        """A card's name as the player to move may see it: a facedown card they have not seen is only that (9.4)."""
        flat = self.flat
        if not 0 <= card < flat.size("card_zone") or flat.get("card_faceup", card) \
                or flat.get("card_seen", card, self.current_player()):
            return self.card_name(card, locale)
        zone = flat.get("card_zone", card)
        if zone == self.cards.zone("reliquary"):
            return f"{self.label('unseen_in_reliquary', locale)} {flat.get('reliquary_space', card)}"
        if zone == self.zone_ids["at_site"]:
            site = self.entity_name("site", flat.get("card_site", card), locale)
            return f"{self.label('unseen_at_site', locale)} {site}"
        return self.label("unseen_card", locale)

    def card_name(self: OathState, card: int, locale: str) -> str:
        if not 0 <= card < self.flat.size("card_zone"):
            return str(card)
        return self.entity_name(self.cards.kind_of(card), self.index_in_kind(card), locale)

    def _seat(self: OathState, seat: int, locale: str) -> str:
        return f"{self.label('seat', locale)} {seat} ({self.entity_name('role', self.flat.get('role', seat), locale)})"

    def verdict(self: OathState, locale: str = "en") -> str:
        """Who won and how, once the game is over."""
        winner = self.flat.get("winner")
        how = self._term(self.victory or "", locale)
        return f"{self.label('game_over', locale)} {self._seat(winner, locale)} — {how}"

    def summary(self: OathState, locale: str = "en") -> str:
        """A few lines a player needs to decide: round, whose turn, each seat's board and site."""
        lines = [f"{self._term('round', locale)} {self.flat.get('round')}: "
                 f"{self.label('seat', locale)} {self.current_player()} {self.label('to_act', locale)}"]
        counts = (("supply", "supply"), ("favor", "favor"), ("secret", "secret"), ("warband", "warbands"))
        for seat in range(self.players):
            board = ", ".join(f"{self._term(term, locale)} {self.flat.get(field, seat)}" for term, field in counts)
            site = self.entity_name("site", self.flat.get("pawn_site", seat), locale)
            lines.append(f"  {self._seat(seat, locale)}: {board}; {self.label('at_site', locale)} {site}")
        return "\n".join(lines)
