"""The Oath kernel's move vocabulary: the kinds of moves and the phases, and the error of a move not allowed; one of
each for both kernels (the compiled kernel shares this module, runtime/kernels.py PURE). An action is kind * STRIDE +
an argument (a card, site or seat; actions.py)."""

from __future__ import annotations

from enum import IntEnum

STRIDE = 8192
NONE = STRIDE - 1
"""The argument meaning "no card or site": the bandits as a defender, a player's board as a place."""


class Kind(IntEnum):
    END_TURN = 0
    TRAVEL = 1
    SEARCH_WORLD = 2
    SEARCH_DISCARD = 3
    KEEP = 4
    PLAY_TO_SITE = 5
    PLAY_TO_ADVISERS = 6
    DISCARD = 7
    MUSTER = 8
    TRADE_FOR_FAVOR = 9
    TRADE_FOR_SECRETS = 10
    WARBAND_TO_SITE = 11
    WARBAND_TO_BOARD = 12
    CHOOSE_ADVISER = 13
    USE_POWER = 14
    ANSWER = 15
    RECOVER_RELIC = 16
    CAMPAIGN = 17
    TARGET_SITE = 18
    TARGET_RELIC = 19
    TARGET_PAWN = 20
    FIGHT = 21
    SACRIFICE = 22
    KILL_AT = 23
    OCCUPY = 24
    DONE = 25
    BANISH_TO = 26
    BURN_HALF_FAVOR = 27
    RECOVER_BANNER = 28
    TARGET_BANNER = 29
    PLAY_VISION = 30
    PEEK = 31
    USE_PLAN = 32
    ACCEPT_CITIZENSHIP = 33
    DECLINE_CITIZENSHIP = 34
    SELF_EXILE = 35
    OFFER_ALLY = 36
    ACCEPT_ALLY = 37
    GIVE_TITLE = 38
    USE_MODIFIER = 39
    TAKE_ACTION = 40
    PLAY_FACEDOWN = 41
    PLAY_TO_OTHER_SITE = 42
    TAKE_FROM_RELIQUARY = 43
    """The argument is a Reliquary space, not a relic: the player does not know which relic lies there."""
    CAMPAIGN_FROM_POWER = 44
    """A Campaign a power allows, against this defender (argument as CAMPAIGN's), without Supply."""
    CHOOSE_DESTINATION = 45
    """Shrouded Wood: the ruler chooses where the traveller goes (argument: the site)."""
    KILL_ALL = 50
    """Sticky Fire: the victor has the defeated enemy kill all of their force (argument: the card)."""
    BECOME_CITIZEN = 51
    """Martial Culture: the victorious Exile becomes a Citizen after the Campaign (argument: the card)."""
    BURN_ALL_FAVOR = 52
    """Slander: the banished defender burns all their favor, not half (argument: the card)."""
    DISCARD_TO = 55
    """Where the cards the player discards go from now on, as a persistent rule lets them choose (Bracken, Cracked
    Horn; argument: the destination, setup.py DISCARD_*)."""
    DISCARD_FIRST = 56
    """The People's Favor: before playing to a site, discard a denizen at a site of the player's region (argument:
    that denizen); the play to a site follows (Phase.PLAY_AFTER_DISCARD)."""
    NEGOTIATE_WITH = 60
    """A binding exchange (negotiate.py): the proposer chooses the other party (argument: the seat)."""
    GIVE_FAVOR = 61
    """One more favor in the offer, given by this party (argument: the seat)."""
    GIVE_SECRET = 62
    """One more secret in the offer, given by this party (argument: the seat)."""
    GIVE_CARD = 63
    """An adviser, relic or ruled site in the offer, given by the party who has it (argument: the card)."""
    PROPOSE_EXCHANGE = 64
    ACCEPT_EXCHANGE = 65
    DECLINE_EXCHANGE = 66
    END_NEGOTIATION = 67
    """The proposer lets the negotiation be, with no exchange."""
    GIVE_BANNER = 78
    """A banner in the offer, given by the party who holds it (argument: the banner; a Citizenship offer, 6.6.1)."""
    PROMISE_TRUCE = 77
    """In the offer, this party's binding promise not to campaign against the other one until the end of the next
    round (argument: the promising party; The Tribunal, 7.6.3)."""
    LET_PEEK = 79
    """The Grand Scepter's holder lets the Exile they offer Citizenship to peek at a relic in the Imperial Reliquary
    (6.6.1; argument: the relic)."""
    REROLL = 68
    """Jinx: the roller rerolls all the dice they just rolled (argument: the card whose cost they pay)."""
    SWAP_DRAWN = 69
    KEEP_NO_MORE = 71
    """Land Warden: the Search keeps the cards kept so far and discards the others."""
    DISCARD_INSTEAD = 70
    """Wild Mounts: this card the player rules is discarded instead of their battle plans of a suit."""
    GIVE_WARBAND = 72
    """6.5: a warband from the player's board to the board of this Imperial player at their site (argument: the seat),
    with their permission."""
    TAKE_WARBAND = 73
    """6.5: a warband to the player's board from the board of this Imperial player at their site (argument: the seat),
    with their permission."""
    GRANT_WARBAND_MOVE = 74
    """The player asked lets the warband move asked by this player (argument: the seat) be made, for the rest of
    the turn (warbands.py)."""
    REFUSE_WARBAND_MOVE = 75
    """The player asked forbids it for the rest of the turn (argument: the seat)."""
    RELIC_TO_DECK = 80
    """Relic Hunter: a relic the attacker just took goes to the bottom of the relic deck (argument: the relic)."""
    """Great Spire: a denizen the Search drew changes places with a random card from the Dispossessed."""


class Phase(IntEnum):
    SETUP = 0
    ACT = 1
    SEARCH_KEEP = 2
    SEARCH_PLAY = 3
    OVER = 4
    EFFECT = 5
    """A card's power is paused for its user's choice: the legal actions answer it."""
    CAMPAIGN_TARGETS = 6
    CAMPAIGN_SACRIFICE = 7
    CAMPAIGN_LOSSES = 8
    CAMPAIGN_OCCUPY = 9
    CAMPAIGN_BANISH = 10
    CAMPAIGN_PLANS = 11
    CITIZENSHIP = 12
    """An Exile answers the Citizenship offer just made to them (6.6.1)."""
    CAMPAIGN_ALLIES = 13
    """Citizens offer to defend as Allies and the defender lets them (5.5.2)."""
    TRIGGERED = 14
    """Powers that fire on their own are resolved one after the other (the Rest's, the end of the Wake's, after
    an action, in a defence); what comes next depends on which (power_tables.py TRIGGERED)."""
    MODIFIERS = 15
    """The player taking a major action chooses the optional modifiers to use before it (7.4, modifiers.py)."""
    RELIQUARY_PICK = 16
    """A player picks a Reliquary space whose relic they take unseen (natives.take_reliquary_relic_unseen)."""
    CAMPAIGN_DEFENDER = 17
    """A power that allows a Campaign is settled: its user declares the defender (campaign.py)."""
    TRAVEL_DESTINATION = 18
    """Another player chooses the destination of the Travel being taken (Shrouded Wood; modifiers.py)."""
    NEGOTIATE = 19
    """A power allows a binding exchange: the proposer makes an offer (negotiate.py)."""
    CAMPAIGN_KILL_ALL = 20
    """The victor decides whether the defeated enemy kills all of their force (5.5.6; Sticky Fire)."""
    CAMPAIGN_BECOME_CITIZEN = 21
    """After the Campaign, a victorious Exile decides whether to become a Citizen (5.5.8; Martial Culture)."""
    NEGOTIATE_ANSWER = 22
    """The other party accepts or declines the offer."""
    CAMPAIGN_REROLL = 26
    CAMPAIGN_DISCARD_INSTEAD = 27
    """A player about to discard battle plans of a suit may discard a card they rule instead (Wild Mounts)."""
    """The player who just rolled a Campaign's attack or defense dice decides whether to reroll them (Jinx)."""
    CAMPAIGN_TRAVEL = 32
    """After the Campaign, its victor may travel for no Supply (TRAVEL), then may campaign for none (Second Wind)."""
    CAMPAIGN_SITE_RELICS = 33
    """The attacker may target the facedown relics at targeted sites too (TARGET_RELIC; Relic Hunter)."""
    CAMPAIGN_RETURN_RELICS = 34
    """The victorious attacker may put the relics they took on the bottom of the relic deck (Relic Hunter)."""
    WARBAND_PERMISSION = 35
    """A player asks another for permission to move warbands (6.5): the Chancellor for a Citizen's pick-up, an
    Imperial player for a give or take; the player asked grants or refuses it (warbands.py)."""
    PLAY_AFTER_DISCARD = 23
    """The People's Favor's first discard is made: the player plays the card they searched (else a facedown adviser,
    6.1) to a site (plays.py)."""
    SHARED_VISION_PLAY = 30
    """A Vision with the False Prophet's warband on it was discarded: the warband's player, who rules the False
    Prophet, plays or discards it as if they had searched (5.1.4), out of their turn if need be (handlers.py)."""


class IllegalAction(ValueError):
    """An action that is not among `legal_actions()`: the state is left as it was."""
