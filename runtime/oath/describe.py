# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""Moves, choices and results in words of a locale, from the content's labels and names: the `Describe` part of
`OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from ..bytecode import PC, PendingChoice, pending_choice
from ..messages import Phrase, Value
from . import banners, campaign, plays
from .actions import KIND, NONE, STRIDE, Kind
from .power_tables import POWER_STRIDE
from .rounds import Rounds
from .setup import DISCARD_ON_PILE, DISCARD_USUAL

if TYPE_CHECKING:
    from .game import OathState

_EFFECT_STARTS: dict[object, list[tuple[int, str]]] = {}

NAMED_SPACES = frozenset({"suit", "region", "site", "denizen", "edifice", "vision", "banner", "oath",
                          "title", "role"})
"""The kinds of entity a power's choice may offer that have names to show."""


PLAIN_MOVES = frozenset({KIND.END_TURN, KIND.SEARCH_WORLD, KIND.KEEP_NO_MORE, KIND.TARGET_PAWN, KIND.FIGHT,
                         KIND.SACRIFICE, KIND.DONE, KIND.BURN_HALF_FAVOR, KIND.DECLINE_CITIZENSHIP, KIND.SELF_EXILE,
                         KIND.TAKE_ACTION, KIND.PROPOSE_EXCHANGE, KIND.ACCEPT_EXCHANGE, KIND.DECLINE_EXCHANGE,
                         KIND.END_NEGOTIATION})
"""Moves whose message has no argument."""
SEAT_MOVES = frozenset({KIND.CAMPAIGN, KIND.CAMPAIGN_FROM_POWER, KIND.OFFER_ALLY, KIND.ACCEPT_ALLY, KIND.GIVE_TITLE,
                        KIND.NEGOTIATE_WITH, KIND.GIVE_FAVOR, KIND.GIVE_SECRET, KIND.PROMISE_TRUCE, KIND.GIVE_WARBAND,
                        KIND.TAKE_WARBAND, KIND.GRANT_WARBAND_MOVE, KIND.REFUSE_WARBAND_MOVE})
"""Moves whose argument is a seat: their message's {seat} is the `seat_player` label, with its forms."""
SITE_MOVES = frozenset({KIND.TRAVEL, KIND.CHOOSE_DESTINATION, KIND.WARBAND_TO_SITE, KIND.WARBAND_TO_BOARD,
                        KIND.TARGET_SITE, KIND.OCCUPY, KIND.BANISH_TO})
"""Moves whose argument is a site."""


class Describe(Rounds):
    def describe(self: OathState, chosen: int, locale: str = "en") -> str:
        """A move in words of the chosen language: the message of its kind (`move_<kind>` in content/oath/labels.yaml)
        with what it acts on as the message's arguments."""
        chosen = self._internal(chosen)
        kind, argument = Kind(chosen // STRIDE), chosen % STRIDE
        message_id = f"move_{kind.name.lower()}"
        say = self._say
        if kind == KIND.SEARCH_DISCARD:
            return say(message_id, locale, region=self.entity_name("region", argument, locale))
        if kind in SEAT_MOVES:
            if argument == NONE and kind in (KIND.CAMPAIGN, KIND.CAMPAIGN_FROM_POWER):
                return say(f"{message_id}_bandits", locale)
            return say(message_id, locale, seat=self._seat(argument, locale))
        if kind in SITE_MOVES:
            return say(message_id, locale, site=self.entity_name("site", argument, locale))
        if kind in (KIND.TARGET_BANNER, KIND.GIVE_BANNER):
            return say(message_id, locale, banner=self.entity_name("banner", argument, locale))
        if kind == KIND.RECOVER_BANNER:
            banner, rest = divmod(argument, banners.BANNER_STRIDE)
            amount, suit = divmod(rest, banners.SUITS)
            name = self.entity_name("banner", banner, locale)
            if banner == banners.PEOPLES_FAVOR:
                return say("move_recover_peoples_favor", locale, banner=name, amount=amount,
                           suit=self.entity_name("suit", suit, locale))
            return say(message_id, locale, banner=name, amount=amount)
        if kind == KIND.KILL_AT:
            if argument == NONE:
                return say(message_id, locale)
            if argument >= campaign.ALLY_BOARD:
                return say("move_kill_at_ally", locale, seat=self._seat(argument - campaign.ALLY_BOARD, locale))
            return say("move_kill_at_site", locale, site=self.entity_name("site", argument, locale))
        if kind == KIND.TAKE_FROM_RELIQUARY:
            return say(message_id, locale, space=argument + 1)
        if kind == KIND.DISCARD_TO:
            return say(message_id, locale, destination=self._destination(argument, locale))
        if kind == KIND.PLAY_TO_OTHER_SITE:
            site, card = divmod(argument, plays.SITE_STRIDE)
            return say(message_id, locale, card=self._shown_name(card, locale),
                       site=self.entity_name("site", site, locale))
        if kind == KIND.ANSWER:
            pending = pending_choice(self.frame) if self.frame is not None else None
            if pending is None:
                return say("move_answer_option", locale, option=argument)
            return say(message_id, locale, power=self._asking_power(locale),
                       answer=self._answer(pending, argument, locale))
        if kind == KIND.USE_POWER:
            index, card = divmod(argument, POWER_STRIDE)
            named = self._named_card(card, self.card_name(card, locale), locale)
            if len(self.powers[card]) > 1:
                return say("move_use_power_numbered", locale, card=named, index=index + 1)
            return say(message_id, locale, card=named)
        if kind in PLAIN_MOVES:
            return say(message_id, locale)
        return say(message_id, locale, card=self._shown_name(argument, locale))

    def _say(self: OathState, message_id: str, locale: str, **args: Value) -> str:
        """A message of content/oath/labels.yaml with its arguments, as plain text."""
        return str(self.game.message(message_id, locale, **args))

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
            return str(self._seat(value, locale))
        if space == "card":
            return str(self._shown_name(value, locale))
        if space == "relic":
            return str(self._shown_name(self.relic_base + value, locale))
        if space in NAMED_SPACES:
            return self.entity_name(space, value, locale)
        if pending.options == (1, 0):
            return self.label("answer_yes" if value else "answer_no", locale)
        return self._say("answer_option", locale, option=value + 1)

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
        return self._say("discard_on_pile_bottom" if bottom else "discard_on_pile_top", locale,
                         region=self.entity_name("region", region, locale))

    def _term(self: OathState, term_id: str, locale: str) -> str:
        return str(self.game.get("term", term_id).name.get(locale, self.game.source_locale))

    def _shown_name(self: OathState, card: int, locale: str) -> Phrase:
        """A card as the player to move may see it, in words with their grammatical forms: its name, or for a facedown
        card they have not seen only that, and where it lies (9.4)."""
        flat = self.flat
        if not 0 <= card < flat.size("card_zone") or flat.get("card_faceup", card) \
                or flat.get("card_seen", card, self.current_player()):
            return self._named_card(card, self.card_name(card, locale), locale)
        zone = flat.get("card_zone", card)
        if zone == self.cards.zone("reliquary"):
            return self.game.message("unseen_in_reliquary", locale, space=flat.get("reliquary_space", card))
        if zone == self.zone_ids["at_site"]:
            return self.game.message("unseen_at_site", locale,
                                     site=self.entity_name("site", flat.get("card_site", card), locale))
        return self.game.message("unseen_card", locale)

    def _named_card(self: OathState, card: int, name: str, locale: str) -> Phrase:
        """A card by its name, as a relic or another card ("la Relique …", "карту «…»")."""
        relic = 0 <= card < self.flat.size("card_zone") and self.cards.kind_of(card) == "relic"
        return self.game.message("relic_named" if relic else "card_named", locale, name=name)

    def card_name(self: OathState, card: int, locale: str) -> str:
        if not 0 <= card < self.flat.size("card_zone"):
            return str(card)
        return self.entity_name(self.cards.kind_of(card), self.index_in_kind(card), locale)

    def _seat(self: OathState, seat: int, locale: str) -> Phrase:
        """A player by seat (counted from 1, as players count them) and role, with the grammatical forms messages ask
        of it (`seat_player`)."""
        return self.game.message("seat_player", locale, seat=seat + 1,
                                 role=self.entity_name("role", self.flat.get("role", seat), locale))

    def verdict(self: OathState, locale: str = "en") -> str:
        """Who won and how, once the game is over."""
        return self._say("game_over", locale, seat=self._seat(self.flat.get("winner"), locale),
                         victory=self._term(self.victory or "", locale))

    def summary(self: OathState, locale: str = "en") -> str:
        """A few lines a player needs to decide: round, whose turn, each seat's board and site."""
        lines = [self._say("summary_turn", locale, number=self.flat.get("round"), seat=self.current_player() + 1)]
        counts = (("supply", "supply"), ("favor", "favor"), ("secret", "secret"), ("warband", "warbands"))
        for seat in range(self.players):
            board = ", ".join(f"{self._term(term, locale)} {self.flat.get(field, seat)}" for term, field in counts)
            site = self.entity_name("site", self.flat.get("pawn_site", seat), locale)
            lines.append("  " + self._say("summary_seat", locale, seat=self._seat(seat, locale), board=board, site=site))
        return "\n".join(lines)
