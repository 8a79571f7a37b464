"""Vindication through the shared API: the modules and rule options a game is set up with, the journey cards
dealt (where each medallion starts and who goes first, L147, L223), making the engine, describing actions, what
each seat sees, the result and the placeholders the game plays with."""

from __future__ import annotations

import importlib
import random
import unicodedata
from array import array
from typing import Any

from ..bytecode import FRAME_SIZE, new_state
from ..content import CompiledGame
from ..kernel.layout import LAYOUT
from ..kernel.observe import mask_hidden
from ..kernel.state import GameState, SetupError
from ..notes import Chosen, KernelLine, Named, QuotedNote
from .describe import describe, label_text, seat_name
from .tables import OPTIONS, VindicationTables, build_tables, ref

ENGINES = {"compiled": "lawforge.runtime._compiled.vindication.engine",
           "python": "lawforge.runtime.vindication.engine"}
PLAYED_MODULES = ("base", "traitrise", "temple_en_ruines", "pierres_sacrees", "puits_aux_souhaits",
                  "sites_de_construction", "guildes", "joaillier", "menagerie", "mythes")
"""The modules the engine plays; the others' regions and cards need natives it does not play yet."""
GAME_FLAGS_FIRST = 2
"""Where the first player and then each seat's journey colour go in the game's record (ending.py, preparation.py)."""


class ModuleError(SetupError):
    """A module, setup or rule option the game cannot be set up with."""


def _folded(name: str) -> str:
    """A name as a player may type it: case, accents and the kind of apostrophe aside."""
    plain = unicodedata.normalize("NFKD", name.replace("\u2019", "'")).casefold()
    return "".join(c for c in plain if not unicodedata.combining(c)).strip()


def _named(name: str, entities: tuple[Any, ...]) -> str | None:
    """The id of the entity `name` names: its id, or its name in any locale; a French name "Extension X" answers
    to X too."""
    wanted = _folded(name)
    for entity in entities:
        names = {ref(entity.id)} | {str(entity.name.get(locale)) for locale in entity.name.locales}
        folded = {_folded(n) for n in names}
        folded |= {n.removeprefix("extension ") for n in folded}
        if wanted in folded:
            return ref(entity.id)
    return None


class VindicationKernel:
    """Vindication's part of the shared API, for one compiled game and one engine form (compiled or python)."""

    def __init__(self, game: CompiledGame, kernel: str = "compiled") -> None:
        module = importlib.import_module(ENGINES[kernel])
        self.game = game
        self.kernel = kernel
        self.action_range = range(int(game.layout.STATE_SIZE))
        """Every action is in it: a step of the turn's menu, an index or a count within the state's cells."""
        self.engine_class = module.VindicationEngine
        self.natives = dict(module.NATIVES)
        self._tables: dict[tuple[str, ...], VindicationTables] = {}
        self.presets = {ref(s.id): ref(s.preset) if s.preset is not None else None
                        for s in game.entities("setup")}

    def tables(self, modules: tuple[str, ...], preset: str | None = None) -> VindicationTables:
        """The tables of a set of modules (and the preset of the tiles they swap), made once."""
        key = (*modules, preset or "")
        if key not in self._tables:
            try:
                tables = build_tables(self.game, frozenset(self.natives), modules, preset)
            except ValueError as why:
                raise ModuleError(str(why)) from None
            tables.arrays["impl"] = array("i", [0] + [self.natives.get(name, 0) for name in self.game.layout.NATIVES])
            self._tables[key] = tables
        return self._tables[key]

    def modules_of(self, setup: str | None, modules: list[str] | None) -> tuple[str, ...]:
        """The modules a named setup (setups.yaml) or a list switches on, each named by its id or by its name in
        any locale (case and accents aside); refused if the engine cannot play one."""
        module_ids = [ref(m.id) for m in self.game.entities("module")]
        if setup is not None:
            setups = {ref(s.id): s for s in self.game.entities("setup")}
            chosen_setup = _named(setup, self.game.entities("setup"))
            if chosen_setup is None:
                raise ModuleError(f"unknown setup {setup!r}: choose one of {', '.join(setups)}")
            modules = [ref(m) for m in setups[chosen_setup].modules]
            unplayed = [m for m in modules if m not in PLAYED_MODULES]
            if unplayed:
                raise ModuleError(f"setup {chosen_setup}: the kernel does not play the module "
                                  f"{', '.join(unplayed)} yet (setups it plays: {', '.join(self.played_setups())})")
        chosen = []
        for name in modules or ["base"]:
            found = _named(name, self.game.entities("module"))
            if found is None:
                raise ModuleError(f"unknown module {name!r}: the modules are {', '.join(module_ids)}")
            chosen.append(found)
        unplayed = [m for m in chosen if m not in PLAYED_MODULES]
        if unplayed:
            raise ModuleError(f"the kernel does not play the module {', '.join(unplayed)} yet "
                              f"(modules it plays: {', '.join(PLAYED_MODULES)})")
        if "base" not in chosen:
            raise ModuleError("every setup plays the base game: add the module base")
        return tuple(sorted(set(chosen), key=module_ids.index))

    def setup_options(self, setup: str | None) -> dict[str, str]:
        """The rule options a named setup chooses (setups.yaml `options`); those given to new_state win."""
        if setup is None:
            return {}
        return {ref(c.option): str(c.choice) for c in self.game.get("setup", setup).options or []}

    def played_setups(self) -> list[str]:
        """The named setups whose modules the engine plays."""
        return [ref(s.id) for s in self.game.entities("setup")
                if all(ref(m) in PLAYED_MODULES for m in s.modules)]

    def setup_of(self, state: GameState) -> dict[str, Any]:
        """What a game was set up with, for simulate's record: the modules on."""
        return {"modules": list(state.engine.tables.modules)}

    def rule_options(self, options: dict[str, str] | None) -> list[int]:
        """1 for each rule option of tables.OPTIONS set to the choice named there, 0 for its other choice."""
        known = {str(o.id.name.lower()): o for o in self.game.entities("rule_option")}
        chosen = {name: str(option.default) for name, option in known.items()}
        for name, choice in (options or {}).items():
            if name not in known:
                raise ModuleError(f"unknown rule option {name!r}: the options are {', '.join(known)}")
            if choice not in [str(c) for c in known[name].choices]:
                raise ModuleError(f"rule option {name}: choose one of {', '.join(map(str, known[name].choices))}")
            chosen[name] = choice
        return [int(chosen[name] == choice) for name, choice in OPTIONS]

    def new_engine(self, players: int, seed: int, setup: str | None = None, modules: list[str] | None = None,
                   options: dict[str, str] | None = None) -> Any:
        modules_on = self.modules_of(setup, modules)
        named = _named(setup, self.game.entities("setup")) if setup is not None else None
        tables = self.tables(modules_on, self.presets.get(named or ""))
        n = tables.numbers
        cells = new_state(self.game.layout.STATE_SIZE, seed)
        cells.extend([0] * (n["cells"] - len(cells)))
        for i in range(n["slots"]):
            cells[n["k_slot"] + i] = -1
            cells[n["k_slot_owner"] + i] = -1
        for i in range(n["cards"]):
            cells[self.game.layout.FIELDS["card_owner"][0] + i] = -1
        for i, value in enumerate(self.rule_options({**self.setup_options(named), **(options or {})})):
            cells[n["k_options"] + i] = value
        journeys = random.Random(seed).sample(range(len(tables.arrays["journey_space"])), players)
        for seat, journey in enumerate(journeys):
            cells[n["k_pos"] + seat] = tables.arrays["journey_space"][journey]
            cells[n["k_game"] + GAME_FLAGS_FIRST + 1 + seat] = tables.arrays["journey_colour"][journey]
        for seat in range(players, n["seats"]):
            cells[n["k_pos"] + seat] = -1
        first = min(range(players), key=lambda s: cells[n["k_pos"] + s])
        cells[n["k_game"] + GAME_FLAGS_FIRST] = first
        ctl = array("i", bytes(4 * LAYOUT["ctl_size"]))
        vmframe = array("i", bytes(4 * FRAME_SIZE * LAYOUT["effect_levels"]))
        engine = self.engine_class(cells, ctl, tables.plan, vmframe, tables)
        engine.start(players, first)
        return engine

    def describe(self, state: GameState, action: int, locale: str) -> str:
        return describe(self, state, action, locale)

    def mask(self, state: GameState, seat: int, cells: array[int]) -> int:
        """The content's hidden fields, and the cards the seat has not seen: the other players' secret quests
        and the decks' order (L175, L336)."""
        masked = mask_hidden(self.game, seat, cells)
        fields = self.game.layout.FIELDS
        tables = state.engine.tables
        seen = fields["card_seen"][0]
        faceup = fields["card_faceup"][0]
        seats = tables.numbers["seats"]
        for card in range(tables.numbers["cards"]):
            if cells[faceup + card] == 0 and cells[seen + card * seats + seat] == 0:
                for name in ("card_zone", "card_order", "card_owner"):
                    cells[fields[name][0] + card] = -1
                masked += 3
        return masked

    def placeholders(self, state: GameState) -> list[str]:
        """The placeholder data of the tables, and the rulings the game plays by: each rule option of
        options.yaml marked placeholder, with the choice this game made."""
        tables = state.engine.tables
        cells = state.engine.arrays()[0]
        chosen = {name: cells[tables.numbers["k_options"] + i] for i, (name, _) in enumerate(OPTIONS)}
        notes = list(tables.placeholders)
        named = dict(OPTIONS)
        for option in self.game.entities("rule_option"):
            name = ref(option.id)
            if option.status == "placeholder":
                others = [str(c) for c in option.choices if str(c) != named[name]]
                value = named[name] if chosen[name] else others[0]
                subject = KernelLine.of(self.game, "placeholder_rule_option", option=Named("rule_option", name),
                                        choice=Chosen("rule_option", name, value))
                notes.append(QuotedNote(subject, option.note, f"note/rule_option/{name}"))
        return notes

    def label(self, label: str, locale: str) -> str:
        return label_text(self.game, locale)(label)

    def summary(self, state: GameState, locale: str) -> str:
        """Whose decision it is, then each seat's honour, power cubes and attributes."""
        text = label_text(self.game, locale)
        engine = state.engine
        n = engine.tables.numbers
        cells = engine.arrays()[0]
        seat = state.current_player()
        lines = [text("turn_summary", turn=str(engine.turn()), player=seat_name(self.game, seat, locale))]
        for other in range(state.players):
            attrs = " ".join(str(cells[n["o_attr"] + a * n["seats"] + other]) for a in range(n["attributes"]))
            lines.append("  " + text("seat_line", player=seat_name(self.game, other, locale),
                                     honour=str(cells[n["o_score"] + other]),
                                     potential=str(cells[n["o_power"] + other]),
                                     influence=str(cells[n["o_influence"] + other]),
                                     conviction=str(cells[n["o_power"] + 2 * n["seats"] + other]),
                                     attributes=attrs))
        return "\n".join(lines)

    def seat_name(self, state: GameState, seat: int, locale: str) -> str:
        """"Player 2": the characters are alike at the start, so a seat is its number from 1."""
        return seat_name(self.game, seat, locale)

    def player_view(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The cards of the seat's party (companions, traits, relics, monsters…)."""
        text = label_text(self.game, locale)
        tables = state.engine.tables
        fields = self.game.layout.FIELDS
        cells = state.engine.arrays()[0]
        party = tables.numbers["zone_party"] + seat
        lines = [text("play_party")] + [
            f"  {self.game.name_of(entity, locale)}" for card, (_, entity) in enumerate(tables.cards)
            if cells[fields["card_zone"][0] + card] == party and cells[fields["card_owner"][0] + card] == seat]
        if len(lines) == 1:
            lines.append("  " + text("play_none"))
        return lines

    def verdict(self, state: GameState, locale: str) -> str:
        text = label_text(self.game, locale)
        record = self.result(state)
        if record["winner"] < 0:
            return text("no_winner")
        return text("game_won", player=seat_name(self.game, record["winner"], locale),
                    honour=str(record["scores"][record["winner"]]))

    def result(self, state: GameState) -> dict[str, Any]:
        engine = state.engine
        n = engine.tables.numbers
        cells = engine.arrays()[0]
        winner = engine.winner()
        return {
            "winner": winner,
            "winners": [seat for seat in range(state.players) if engine.won(seat)],
            "victory": "honour" if engine.over() and winner >= 0 else None,
            "turns": engine.turn(),
            "scores": [cells[n["o_score"] + seat] for seat in range(state.players)],
            "factions": [f"seat {seat + 1}" for seat in range(state.players)],
        }
