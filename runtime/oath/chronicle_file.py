"""Reading a Chronicle file (`play --chronicle`, `simulate --chronicle`): the world a winner saved (8.7), checked
as JSON, as a Chronicle's shape and against the rules of section 8 before a game is set up from it.

Every problem names the file and its place: a line and column while the text is not JSON, then a JSON path
(`c.json: $.sites[3].cards[1]: …`). Every problem found is reported, not only the first. The numbers the rules
give (the map's slots per region, what a site holds, the Reliquary's spaces, the piles the world deck is rebuilt
in, the boards) come from the compiled content.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, Literal, get_args

from ..content import CompiledGame
from .setup import cards_with_native, region_slots, reliquary_spaces, world_deck_piles


MAX_BYTES = 1 << 20
"""A Chronicle of Oath is about 8 KB; a file a hundred times larger is not one."""
MAX_DEPTH = 16
"""A Chronicle nests four levels deep ($.sites[3].cards); deeper text is refused before it is parsed."""
MAX_SHOWN = 20
"""Problems listed at most; the rest are counted."""
KEPT_OUT = "relic/grand_scepter"
"""8.6.1: the Grand Scepter goes to the World Box; the Chancellor takes it at setup (2.4), so no Chronicle lists it."""
IGNORES_CAPACITY = "ignore_site_capacity"
"""The native of the powers that let a card lie at a site whatever its capacity (9.2 ignore)."""


class ChronicleError(ValueError):
    """A Chronicle file that cannot set up a game: each of `problems` names the file, the place and why."""

    def __init__(self, problems: list[str]) -> None:
        shown = problems[:MAX_SHOWN]
        if len(problems) > MAX_SHOWN:
            shown.append(f"… and {len(problems) - MAX_SHOWN} more problems")
        super().__init__("\n".join(shown))
        self.problems = shown


@dataclass(frozen=True)
class _NotJson:
    """A constant Python's parser accepts but JSON does not (NaN, Infinity), kept to be reported at its place."""

    text: str


@dataclass(frozen=True)
class _Number:
    """A JSON number, kept as written: no Chronicle field is a number, and converting a 5000-digit one fails."""

    text: str


class _Object(dict[str, Any]):
    """A JSON object that remembers the keys it had more than once (the parser keeps only the last)."""

    repeated: list[str]


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    made = _Object(pairs)
    made.repeated = []
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen and key not in made.repeated:
            made.repeated.append(key)
        seen.add(key)
    return made


def read_chronicle(path: Path, game: CompiledGame) -> Chronicle:
    """The Chronicle saved in `path`, checked; raises ChronicleError listing every problem."""
    data = _parse(path, _text(path))
    problems = [f"{path}: {where}: {why}" for where, why in _not_json(data, "$")]
    if problems:
        raise ChronicleError(problems)
    if not isinstance(data, dict):
        raise ChronicleError([f"{path}: $: a Chronicle is a JSON object, not {_kind(data)}"])
    shape = list(_shape_problems(data, Chronicle, "$"))
    if shape:
        raise ChronicleError([f"{path}: {where}: {why}" for where, why in shape])
    chronicle = Chronicle.from_data(data)
    problems = [f"{path}: {where}: {why}" for where, why in SectionEight(game).problems(chronicle)]
    if problems:
        raise ChronicleError(problems)
    return chronicle


def _text(path: Path) -> str:
    """The file's text: a regular file, not too large, in UTF-8."""
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ChronicleError([f"{path}: not a regular file (a Chronicle is a JSON file)"])
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise ChronicleError([f"{path}: cannot read a Chronicle: {error.strerror or error}"]) from None
    if len(raw) > MAX_BYTES:
        raise ChronicleError([f"{path}: larger than {MAX_BYTES} bytes, which no Chronicle is"])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _position(raw[:error.start].decode("utf-8", "replace"), error.start)
        raise ChronicleError([f"{path}:{line}:{column}: not UTF-8 (byte 0x{raw[error.start]:02x}); "
                              f"a Chronicle is JSON in UTF-8"]) from None


def _position(text: str, offset: int) -> tuple[int, int]:
    """Line and column (from 1) of a character offset."""
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _parse(path: Path, text: str) -> Any:
    depth = 0
    for token in _TOKENS.finditer(text):
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(token.group(), 0)
        if depth > MAX_DEPTH:
            line, column = _position(text, token.start())
            raise ChronicleError([f"{path}:{line}:{column}: nested more than {MAX_DEPTH} levels deep, "
                                  f"which no Chronicle is"])
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_NotJson, parse_int=_Number,
                          parse_float=_Number)
    except json.JSONDecodeError as error:
        raise ChronicleError([f"{path}:{error.lineno}:{error.colno}: not JSON: {error.msg}"]) from None


def _not_json(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """What Python's parser let through that JSON forbids: NaN and Infinity, a key twice in an object."""
    if isinstance(value, _NotJson):
        yield where, f"{value.text} is not JSON"
    elif isinstance(value, _Object):
        for key in value.repeated:
            yield where, f"the key {key!r} appears more than once"
        for key, item in value.items():
            yield from _not_json(item, f"{where}.{key}" if re.fullmatch(r"\w+", key) else f"{where}[{key!r}]")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _not_json(item, f"{where}[{index}]")


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, _Number):
        return "a number"
    if isinstance(value, bool):
        return "a boolean"
    return "null" if value is None else "an object"


def _shape_problems(data: dict[str, Any], model: type[Chronicle] | type[SavedSite], where: str) \
        -> Iterator[tuple[str, str]]:
    """Where a JSON object breaks the shape of `model`: a key missing or unknown, a value of the wrong type (JSON
    has no types of its own for the boards' sides or the game, so each is told as the values it may take)."""
    known = {f.name: f for f in fields(model)}
    for name in known:
        if name not in data:
            if name not in model.OPTIONAL:
                yield f"{where}.{name}", "missing"
            continue
        yield from _value_problems(data[name], model.TYPES[name], f"{where}.{name}")
    for key in data:
        if key not in known:
            yield f"{where}.{key}", f"unknown key (the keys are {', '.join(known)})"


def _value_problems(value: Any, expected: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(expected, list):
        if not isinstance(value, list):
            yield where, f"Input should be a valid list, not {_kind(value)}"
            return
        for index, item in enumerate(value):
            yield from _value_problems(item, expected[0], f"{where}[{index}]")
    elif expected is SavedSite:
        if not isinstance(value, dict):
            yield where, f"Input should be a valid dictionary or instance of SavedSite, not {_kind(value)}"
        else:
            yield from _shape_problems(value, SavedSite, where)
    elif isinstance(expected, tuple):
        if not isinstance(value, str) or value not in expected:
            choices = " or ".join(repr(choice) for choice in expected)
            yield where, f"Input should be {choices}, not {_kind(value)}"
    elif expected is bool and not isinstance(value, bool):
        yield where, f"Input should be a valid boolean, not {_kind(value)}"
    elif expected is str and not isinstance(value, str):
        yield where, f"Input should be a valid string, not {_kind(value)}"


@dataclass
class SectionEight:
    """The rules a saved world keeps (section 8 and the setup that reads it), with the content's numbers."""

    game: CompiledGame
    names: dict[str, str] = field(init=False)
    """Every card's qualified id (`denizen/alchemist`) by its lower-cased form: ids are lower case."""

    def __post_init__(self) -> None:
        self.names = {}
        for kind in self.game.layout.UNIONS["card"]:
            for entity in self.game.entities(kind):
                name = f"{kind}/{str(entity.id.name).lower()}"
                self.names[name] = name

    def problems(self, chronicle: Chronicle) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        oaths = [str(oath.id.name).lower() for oath in self.game.entities("oath")]
        if chronicle.oath not in oaths:
            found.append(("$.oath", f"unknown Oath {chronicle.oath!r} (Oaths: {', '.join(oaths)})"))
        most = (self.game.players or (1, 1))[1] - 1
        if len(chronicle.boards) > most:
            found.append(("$.boards", f"{len(chronicle.boards)} boards; {self.game.name} has {most} Exile or Citizen "
                                      f"boards (8.7.2 keeps each on its side)"))
        places = self._places(chronicle)
        cards = self._cards(places)
        if cards:  # the rules below read each card as the kind its place holds
            return found + cards
        found += self._missing(places)
        found += self._map(chronicle)
        found += self._decks(chronicle)
        found += self._ruined(chronicle)
        return found

    # where each card lies --------------------------------------------------------------------------------------

    def _places(self, chronicle: Chronicle) -> list[tuple[str, str, tuple[str, ...]]]:
        """(JSON path, card, kinds that may lie there) for every card the Chronicle lists."""
        places: list[tuple[str, str, tuple[str, ...]]] = []
        for index, saved in enumerate(chronicle.sites):
            places.append((f"$.sites[{index}].site", saved.site, ("site",)))
            places += [(f"$.sites[{index}].cards[{i}]", card, ("denizen", "edifice"))
                       for i, card in enumerate(saved.cards)]
            places += [(f"$.sites[{index}].relics[{i}]", card, ("relic",)) for i, card in enumerate(saved.relics)]
        for pile, kinds in (("site_deck", ("site",)), ("world_deck", ("denizen", "vision")), ("relic_deck", ("relic",)),
                            ("archive", ("denizen", "edifice")), ("dispossessed", ("denizen",))):
            places += [(f"$.{pile}[{i}]", card, kinds) for i, card in enumerate(getattr(chronicle, pile))]
        return places

    def _cards(self, places: list[tuple[str, str, tuple[str, ...]]]) -> list[tuple[str, str]]:
        """Known ids, each card in one place only, of a kind that may lie there."""
        found = []
        first: dict[str, str] = {}
        for where, card, kinds in places:
            if card not in self.names:
                known = self.names.get(card.lower())
                hint = f" (ids are lower case: {known!r})" if known else ""
                found.append((where, f"unknown card {card!r}{hint}"))
                continue
            if card in first:
                found.append((where, f"{card!r} is in two places: it is also at {first[card]}"))
                continue
            first[card] = where
            kind = card.partition("/")[0]
            if card == KEPT_OUT:
                found.append((where, f"{card!r} is in the World Box after a Chronicle (8.6.1), not in play"))
            elif kind not in kinds:
                found.append((where, f"{card!r} is {_a(kind)}, which cannot lie there (only {_or(kinds)})"))
        return found

    def _missing(self, places: list[tuple[str, str, tuple[str, ...]]]) -> list[tuple[str, str]]:
        """8.7 saves every card of the game but the Grand Scepter: one left out would be lost to every later game."""
        missing = sorted(set(self.names) - {card for _, card, _ in places} - {KEPT_OUT})
        if not missing:
            return []
        shown = ", ".join(missing[:10]) + (", …" if len(missing) > 10 else "")
        return [("$", f"{len(missing)} cards are nowhere: {shown} (8.7 saves every card but the Grand Scepter)")]

    # the map ---------------------------------------------------------------------------------------------------

    def _map(self, chronicle: Chronicle) -> list[tuple[str, str]]:
        """8.3.5: every slot filled, a faceup site in each region; what each site holds (2.8)."""
        slots = region_slots(self.game)
        total = sum(count for _, count in slots)
        if len(chronicle.sites) != total:
            return [("$.sites", f"the map has {total} site slots (2.1.1) and 8.3.5 fills them all; "
                                f"the Chronicle saves {len(chronicle.sites)} sites")]
        found = []
        top = 0
        for region, count in slots:
            if not any(saved.faceup for saved in chronicle.sites[top:top + count]):
                name = self.game.get("region", region).name.get(self.game.source_locale)
                found.append((f"$.sites[{top}]", f"no site of the {name} (slots {top} to {top + count - 1}) is faceup; "
                                                 f"8.3.5 flips the top one"))
            top += count
        for index, saved in enumerate(chronicle.sites):
            found += self._site(f"$.sites[{index}]", saved)
        return found

    def _site(self, where: str, saved: Any) -> list[tuple[str, str]]:
        site = self.game.get("site", saved.site.partition("/")[2])
        name = site.name.get(self.game.source_locale)
        if not saved.faceup:
            if saved.cards or saved.relics:
                return [(where, f"{name} is facedown and holds cards; a facedown site comes from the site deck "
                                f"alone (8.3.5) and its relics are placed when it is revealed (2.8.2)")]
            return []
        found = []
        ignoring = {self._name_of(card) for card in cards_with_native(self.game, IGNORES_CAPACITY)}
        counted = [card for card in saved.cards if card not in ignoring]
        if len(counted) > site.capacity:
            found.append((f"{where}.cards", f"{len(counted)} denizen and edifice cards at {name}, which holds "
                                            f"{site.capacity} (2.8.1)"))
        edifices = [card for card in saved.cards if card.startswith("edifice/")]
        if len(edifices) > 1:
            found.append((f"{where}.cards", f"{len(edifices)} edifices at {name}; 8.3.1 builds only where there "
                                            f"is none"))
        for index, card in enumerate(saved.cards):
            entity = self.game.get("denizen", card.partition("/")[2]) if card.startswith("denizen/") else None
            if entity is not None and entity.restriction == "adviser":
                found.append((f"{where}.cards[{index}]", f"{card!r} can only be an adviser (7.2.1), never at a site"))
        if len(saved.relics) > site.relics:
            found.append((f"{where}.relics", f"{len(saved.relics)} relics at {name}, which shows {site.relics} relic "
                                             f"icons (2.8.2; 8.6.2 refills up to them)"))
        return found

    def _name_of(self, card: int) -> str:
        base = self.game.layout.UNIONS["card"]
        kind = max((start, kind) for kind, start in base.items() if start <= card)[1]
        return f"{kind}/{str(self.game.entities(kind)[card - int(base[kind])].id.name).lower()}"

    # the decks -------------------------------------------------------------------------------------------------

    def _decks(self, chronicle: Chronicle) -> list[tuple[str, str]]:
        """8.8: the world deck as it is rebuilt; setup 17: the Reliquary filled from the relic deck."""
        found = []
        piles = world_deck_piles(self.game)
        denizens = sum(1 for card in chronicle.world_deck if card.startswith("denizen/"))
        wanted = sum(size for size, _ in piles)
        if denizens < wanted:
            found.append(("$.world_deck", f"{denizens} denizens; 8.8 rebuilds the world deck from at least {wanted}"))
        else:
            top = 0
            for number, (size, count) in enumerate(piles, 1):
                pile = chronicle.world_deck[top:top + size + count]
                visions = sum(1 for card in pile if card.startswith("vision/"))
                if visions != count:
                    found.append((f"$.world_deck[{top}:{top + size + count}]",
                                  f"{visions} Visions in pile {number} from the top; 8.8 shuffles {count} Visions "
                                  f"into {size} denizens"))
                top += size + count
        spaces = reliquary_spaces(self.game)
        if len(chronicle.relic_deck) < spaces:
            found.append(("$.relic_deck", f"{len(chronicle.relic_deck)} relics; setup 17 fills the Imperial "
                                          f"Reliquary's {spaces} spaces from the relic deck"))
        return found

    def _ruined(self, chronicle: Chronicle) -> list[tuple[str, str]]:
        """8.3.2, 8.3.3: a ruin lies at a site or in the Archive, once."""
        where_ok = {card for saved in chronicle.sites for card in saved.cards} | set(chronicle.archive)
        found = []
        seen: set[str] = set()
        for index, card in enumerate(chronicle.ruined):
            if not card.startswith("edifice/") or card not in where_ok:
                found.append((f"$.ruined[{index}]", f"{card!r} is not an edifice at a site or in the Archive "
                                                    f"(8.3.2, 8.3.3)"))
            elif card in seen:
                found.append((f"$.ruined[{index}]", f"{card!r} is listed twice"))
            seen.add(card)
        return found


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _or(kinds: tuple[str, ...]) -> str:
    return " or ".join(f"{kind}s" for kind in kinds)


Side = Literal["exile", "citizen"]


@dataclass
class SavedSite:
    site: str
    faceup: bool
    cards: list[str] = field(default_factory=list)
    """Denizen and edifice cards at the site, as qualified ids (`denizen/alchemist`, `edifice/...`)."""
    relics: list[str] = field(default_factory=list)

    TYPES: ClassVar[dict[str, Any]] = {"site": str, "faceup": bool, "cards": [str], "relics": [str]}
    """The JSON type of each field, for `_shape_problems`: a list as [item], the values of a Literal as a tuple."""
    OPTIONAL: ClassVar[tuple[str, ...]] = ("cards", "relics")


@dataclass(kw_only=True)
class Chronicle:
    """The world between two games (8.7): the map top to bottom, decks top first, the Archive, the boards."""
    game: Literal["oath"] = "oath"
    oath: str
    boards: list[Side]
    """The side of each Exile/Citizen board, by seat from 1 (8.7: boards keep their side)."""
    sites: list[SavedSite]
    site_deck: list[str]
    world_deck: list[str]
    relic_deck: list[str]
    archive: list[str]
    dispossessed: list[str]
    ruined: list[str] = field(default_factory=list)
    """Edifices showing their ruined side."""

    TYPES: ClassVar[dict[str, Any]] = {"game": ("oath",), "oath": str, "boards": [get_args(Side)], "sites": [SavedSite], "site_deck": [str],
             "world_deck": [str], "relic_deck": [str], "archive": [str], "dispossessed": [str], "ruined": [str]}
    OPTIONAL: ClassVar[tuple[str, ...]] = ("ruined", "game")

    @classmethod
    def load(cls, path: Path, game: CompiledGame) -> Chronicle:
        """Reads and checks a Chronicle file against the compiled game, or raises ChronicleError naming every
        problem with the file and its place (chronicle_file.py)."""
        return read_chronicle(path, game)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Chronicle:
        """A Chronicle from JSON data of the right shape (`_shape_problems` finds none)."""
        values = {key: value for key, value in data.items() if key != "sites"}
        return cls(**values, sites=[SavedSite(**site) for site in data["sites"]])

    @classmethod
    def from_json(cls, text: str) -> Chronicle:
        """A Chronicle from the JSON `to_json` wrote; raises ChronicleError when its shape is wrong."""
        data = json.loads(text)
        shape = list(_shape_problems(data, cls, "$")) if isinstance(data, dict) else [("$", "not a JSON object")]
        if shape:
            raise ChronicleError([f"{where}: {why}" for where, why in shape])
        return cls.from_data(data)

    def to_json(self, indent: int | None = None) -> str:
        """The Chronicle file's text, the game first."""
        return json.dumps(asdict(self), indent=indent, ensure_ascii=False)

    def problems(self, game: CompiledGame) -> list[tuple[str, str]]:
        """(JSON path, why) for each rule of section 8 this Chronicle breaks with the game's content."""
        return SectionEight(game).problems(self)
