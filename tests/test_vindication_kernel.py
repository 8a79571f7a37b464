"""Vindication on the shared kernel: random games at every player count with invariants at every step, replays,
illegal actions, both forms in lock step, what a seat sees, the setup and the modules and rule options."""

from __future__ import annotations

import random

import pytest

from lawforge.runtime import load
from lawforge.runtime.games import new_state, replay
from lawforge.runtime.kernel.engine import COUNT, KIND
from lawforge.runtime.kernel.layout import LAYOUT
from lawforge.runtime.kernel.state import GameState, IllegalAction, SetupError
from lawforge.runtime.vindication import kernel as vindication_kernel

GAME = load("vindication")
CUBES = 21
"""Each player's cubes (L3419: 21 per colour); none ever leaves the game (L529-533)."""


def field(state: GameState, name: str, *index: int) -> int:
    offset, extents, _ = GAME.layout.FIELDS[name]
    for axis, i in enumerate(index):
        stride = 1
        for extent in extents[axis + 1:]:
            stride *= extent
        offset += i * stride
    return int(state.engine.arrays()[0][offset])


def check_invariants(state: GameState) -> None:
    """Cubes conserved and never negative, honour and the aptitude stacks within their bounds, never stuck."""
    n = state.engine.tables.numbers
    cells = state.engine.arrays()[0]
    for seat in range(state.players):
        assert state.engine.cubes_of(seat) == CUBES, f"seat {seat} has {state.engine.cubes_of(seat)} cubes"
        for sphere in range(3):
            assert cells[n["o_power"] + sphere * n["seats"] + seat] >= 0 or sphere == 1
        assert field(state, "influence", seat) >= 0
        for a in range(n["attributes"]):
            assert field(state, "attribute_cubes", a, seat) >= 0
            assert field(state, "aptitudes", a, seat) >= 0
    for a in range(n["attributes"]):
        assert 0 <= cells[n["k_stock"] + a] <= state.players
    for card in range(n["cards"]):
        assert field(state, "card_cubes", card) >= 0
    if not state.is_terminal():
        assert state.legal_actions(), "a player is stuck"


def random_game(players: int, seed: int, kernel: str = "compiled", check: bool = True, **options: object) -> GameState:
    state = new_state(GAME, players, seed, kernel=kernel, **options)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal():
            return state
        if check:
            check_invariants(state)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{players} players, seed {seed}: the game did not end")


@pytest.mark.parametrize(("players", "setup", "seeds"), [(2, None, 2), (3, None, 2), (4, None, 2), (5, None, 2),
                                                     (3, "everything", 3)])
def test_random_games_end_with_invariants_at_every_step(players: int, setup: str | None, seeds: int) -> None:
    """The base game at every count, and every module at once (the setup `everything`: Traîtrise, Joaillier,
    Ménagerie, Pierres sacrées, Temple en ruines, Puits aux souhaits, Sites de construction, Guildes et Monuments,
    Mythes et Merveilles) on a few seeds: the cubes conserved (a monument's, the Myths board's and a new master's
    influence cube counted), the pets where the rules put them, Ronak's 6 treachery cubes around him or on him."""
    for seed in range(seeds):
        if setup is None:
            state = random_game(players, seed)
        else:
            state = new_state(GAME, players, seed, setup=setup)
            n = state.engine.tables.numbers
            rng = random.Random(seed)
            while not state.is_terminal():
                check_invariants(state)
                check_pets(state)
                cells = state.engine.arrays()[0]
                around = sum(cells[n["k_ronak_spaces"] + space] for space in range(n["spaces"]))
                assert around + cells[n["k_myths"] + 1] == n["ronak_cubes"] == 6
                state.apply(rng.choice(state.legal_actions()))
            assert len(state.engine.tables.modules) == len(GAME.entities("module")) == 10
        check_invariants(state)
        record = state.result()
        assert record["turns"] >= players
        assert state.returns().count(1.0) == (1 if record["winner"] >= 0 else 0)


def test_many_playouts_end() -> None:
    """The compiled playout: every game at every count ends, and its scores are the content's honour."""
    for players in (2, 3, 4, 5):
        for seed in range(10):
            state = new_state(GAME, players, seed)
            taken = state.playout(seed + 1, max_actions=200_000)
            assert state.is_terminal(), (players, seed, taken)


def test_replay_gives_the_same_state_on_either_form() -> None:
    state = random_game(3, 7, check=False)
    assert replay(state).state_hash() == state.state_hash()
    assert replay(state, kernel="python").state_hash() == state.state_hash()


def test_compiled_and_python_forms_play_in_lock_step() -> None:
    for players, seed in ((2, 3), (4, 5)):
        compiled = new_state(GAME, players, seed)
        python = new_state(GAME, players, seed, kernel="python")
        rng = random.Random(seed)
        while not compiled.is_terminal():
            assert compiled.state_hash() == python.state_hash()
            assert compiled.legal_actions() == python.legal_actions()
            action = rng.choice(compiled.legal_actions())
            compiled.apply(action)
            python.apply(action)
        assert python.is_terminal() and compiled.result() == python.result()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = new_state(GAME, 3, 2)
    before = state.state_hash()
    wrong = max(state.legal_actions()) + 1
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply(wrong)
    assert state.state_hash() == before and state.history == []


def test_every_option_is_described_in_each_locale() -> None:
    state = new_state(GAME, 4, 11)
    rng = random.Random(11)
    seen = 0
    while not state.is_terminal() and seen < 400:
        for action in state.legal_actions():
            words = {locale: state.describe(action, locale) for locale in ("en", "fr", "uk")}
            assert all(words.values()) and not any(w.startswith(("Option", "Варіант")) for w in words.values())
            assert len(set(words.values())) > 1 or words["en"][0].isdigit()
        state.apply(rng.choice(state.legal_actions()))
        seen += 1


def test_a_seat_sees_its_quest_and_not_the_others() -> None:
    state = new_state(GAME, 3, 4)
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    quests = state.engine.tables.numbers["zone_quests"]
    fields = GAME.layout.FIELDS
    for seat in range(3):
        seen = state.observation(seat).cells
        mine = [c for c in range(state.engine.tables.numbers["cards"])
                if seen[fields["card_zone"][0] + c] == quests + seat]
        theirs = [c for c in range(state.engine.tables.numbers["cards"])
                  if seen[fields["card_zone"][0] + c] in (quests + (seat + 1) % 3, quests + (seat + 2) % 3)]
        assert len(mine) == 1 and theirs == []


def test_setups_modules_and_rule_options() -> None:
    assert new_state(GAME, 2, 1, setup="first_game").legal_actions()
    assert new_state(GAME, 2, 1, setup="jeweller").engine.tables.modules == ("base", "joaillier")
    assert new_state(GAME, 2, 1, setup="guilds").engine.tables.modules == ("base", "guildes")
    assert new_state(GAME, 2, 1, setup="myths").engine.tables.modules == ("base", "mythes")
    with pytest.raises(SetupError, match="unknown module"):
        new_state(GAME, 2, 1, modules=["base", "dragons"])
    with pytest.raises(SetupError, match="rule option last_turn"):
        new_state(GAME, 2, 1, options={"last_turn": "never"})
    for name, choice in (("last_turn", "turn"), ("relic_charges", "printed"), ("academy_reroll", "if_none_after"),
                         ("quest_ties", "nobody"), ("once_per_turn", "your_turn")):
        state = random_game(3, 5, check=False, options={name: choice})
        assert state.is_terminal() and replay(state).state_hash() == state.state_hash()


def test_treachery_cards_join_the_decks_after_the_starting_companions() -> None:
    """L2920: shuffled in once the journey cards are followed, so never a starting companion; no mastery (L2930)."""
    tables = new_state(GAME, 2, 1, setup="treachery").engine.tables
    late = [i for i, flag in enumerate(tables.arrays["card_late"]) if flag]
    assert len(late) == 15 and all(tables.arrays["card_colour"][i] == -1 for i in late)
    for seed in range(4):
        state = new_state(GAME, 4, seed, setup="treachery")
        zones = [field(state, "card_zone", i) for i in late]
        assert all(zone not in range(state.engine.tables.numbers["zone_party"],
                                     state.engine.tables.numbers["zone_party"] + 4) for zone in zones)
        assert all(zone != state.engine.tables.numbers["zone_box"] for zone in zones)
        state.playout(seed + 1)
        assert state.is_terminal()
    assert random_game(3, 2, setup="treachery").is_terminal()


def test_the_temple_ruins_replace_the_academy_and_give_more_secret_quests() -> None:
    """Temple en ruines (L3099): 1 tile swapped for the Academy or an Inn (swap_1, L2981); a visit draws 2 quests
    and keeps 1; the bag still holds 19 tiles."""
    state = new_state(GAME, 3, 5, modules=["base", "temple_en_ruines"])
    names = (r.id.name.lower() for r in GAME.entities("region"))
    counts = dict(zip(names, state.engine.tables.arrays["region_count"], strict=True))
    assert counts["temple_en_ruines"] == 1 and counts["academie"] == 0 and sum(counts.values()) == 19
    assert new_state(GAME, 3, 5).engine.tables.arrays["region_count"][0] == 1
    held = 0
    for seed in range(6):
        state = new_state(GAME, 3, seed, modules=["base", "temple_en_ruines"])
        state.playout(seed + 1)
        assert state.is_terminal()
        quests = state.engine.tables.numbers["zone_quests"]
        held = max(held, *(sum(field(state, "card_zone", c) == quests + seat
                               for c in range(state.engine.tables.numbers["cards"])) for seat in range(3)))
    assert held >= 2


def test_the_game_says_the_placeholders_it_plays_with() -> None:
    notes = new_state(GAME, 2, 1).placeholders
    assert any(note.startswith("Island spaces: ") for note in notes)
    assert any(note.startswith("Companion honour: ") for note in notes)
    assert any(note.startswith("Honour bonus for finding redemption: ") for note in notes)


def test_expansion_tiles_together_swap_three_base_tiles() -> None:
    """Three expansion tiles (Temple en ruines, 2 Pierres sacrées) replace 1 Holy Spire, 1 Fort and 1 Library
    (swap_3_standard, L2991); games with them and the Traîtrise cards end."""
    modules = ["base", "traitrise", "temple_en_ruines", "pierres_sacrees"]
    state = new_state(GAME, 4, 3, modules=modules)
    names = (r.id.name.lower() for r in GAME.entities("region"))
    counts = dict(zip(names, state.engine.tables.arrays["region_count"], strict=True))
    assert (counts["fleche_sacree"], counts["fort"], counts["bibliotheque"]) == (1, 1, 1)
    assert counts["pierres_sacrees"] == 2 and sum(counts.values()) == 19
    for players in (2, 5):
        assert random_game(players, 8, modules=modules).is_terminal()
    state = new_state(GAME, 3, 4, modules=[*modules, "puits_aux_souhaits"])  # 4 tiles: swap_4_standard (L3005)
    counts = dict(zip((r.id.name.lower() for r in GAME.entities("region")),
                      state.engine.tables.arrays["region_count"], strict=True))
    assert counts["puits_aux_souhaits"] == 1 and counts["academie"] == 0 and sum(counts.values()) == 19
    assert random_game(4, 9, modules=[*modules, "puits_aux_souhaits"]).is_terminal()


def test_the_rulings_of_the_rule_options_are_said_with_the_choice_played() -> None:
    last_turn = "rule option “Last turn”: a player’s turn or a round"
    default = [note for note in new_state(GAME, 2, 1).placeholders if note.startswith(last_turn)]
    chosen = [note for note in new_state(GAME, 2, 1, options={"last_turn": "turn"}).placeholders
              if note.startswith(last_turn)]
    assert default[0].startswith(f"{last_turn} (this game: round): ")
    assert chosen[0].startswith(f"{last_turn} (this game: turn): ")


def test_modules_and_setups_are_named_by_id_or_by_name_in_any_locale() -> None:
    """A module answers to its id and its names, case and accents aside; a French "Extension X" to X too."""
    kernel = new_state(GAME, 2, 1).kernel
    for name in ("traitrise", "Traîtrise", "TRAITRISE", "Extension Traîtrise", "Treachery expansion",
                 "доповнення «зрада»"):
        assert kernel.modules_of(None, ["base", name]) == ("base", "traitrise"), name
    assert kernel.modules_of(None, ["Jeu de base", "Puits aux souhaits"]) == ("base", "puits_aux_souhaits")
    assert kernel.modules_of("Avec Traîtrise", None) == ("base", "traitrise")
    assert kernel.modules_of(None, ["base", "Guildes et Monuments"]) == ("base", "guildes")
    assert kernel.modules_of("З «Гільдіями та монументами»", None) == ("base", "guildes")
    assert new_state(GAME, 2, 1, setup="Première partie").engine.tables.modules == ("base",)
    with pytest.raises(SetupError, match=r"^unknown setup 'dragons': choose one of first_game, treachery, "):
        new_state(GAME, 2, 1, setup="dragons")
    with pytest.raises(SetupError, match=r"^unknown module 'dragons': the modules are base, "):
        new_state(GAME, 2, 1, modules=["base", "dragons"])
    assert set(kernel.played_setups()) == {"first_game", "treachery", "jeweller", "guilds", "myths", "everything"}
    with pytest.raises(SetupError, match="every setup plays the base game"):
        new_state(GAME, 2, 1, modules=["traitrise"])


def test_a_module_the_kernel_does_not_play_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module plays; were one not (PLAYED_MODULES without mythes), it and the setups needing it are refused,
    naming those that play."""
    monkeypatch.setattr(vindication_kernel, "PLAYED_MODULES",
                        tuple(m for m in vindication_kernel.PLAYED_MODULES if m != "mythes"))
    with pytest.raises(SetupError, match=r"^the kernel does not play the module mythes yet \(modules it plays: base,"):
        new_state(GAME, 2, 1, modules=["base", "Mythes et Merveilles"])
    with pytest.raises(SetupError, match=r"setup myths: .* mythes .*"
                                         r"\(setups it plays: first_game, treachery, jeweller, guilds\)$"):
        new_state(GAME, 2, 1, setup="Avec Mythes et Merveilles")


def test_a_named_setup_plays_its_rule_options_unless_new_state_is_given_others() -> None:
    """setups.yaml's `options` are the setup's defaults (first_game has none: options.yaml's defaults)."""
    kernel = new_state(GAME, 2, 1).kernel
    assert kernel.setup_options("everything") == {"last_turn": "round"}
    assert kernel.setup_options("first_game") == {} and kernel.setup_options(None) == {}


POWERS = (("companion", "zinh"), ("companion", "xina"), ("companion", "ganok"), ("companion", "kheyra"),
          ("relic", "masque"), ("relic", "canons"), ("relic", "voleur_d_etoiles"), ("relic", "tome"),
          ("trait", "devotion"), ("trait", "autorite"), ("trait", "vaillance"), ("companion", "adren"),
          ("companion", "grenn"), ("companion", "yanos"), ("trait", "resilience"), ("trait", "humilite"),
          ("trait", "preparation"), ("trait", "soif_d_aventure"), ("trait", "patience"), ("trait", "emerveillement"),
          ("companion", "ruak"), ("companion", "oneth"))
"""Cards whose powers the engine plays through its own procedures, dealt around the table below."""
TREACHERY = (("companion", "feth"), ("companion", "kuvot"), ("companion", "toule"), ("companion", "vrix"),
             ("trait", "avarice"), ("trait", "hybris"), ("trait", "tromperie"), ("companion", "xina"))
"""Traîtrise's cards whose powers the engine plays (and Xina, whose added visits meet the pushed players)."""
CURSED = (("relic", "toxine"), ("relic", "bottes"), ("trait", "avarice"), ("companion", "langue_fourchue"),
          ("companion", "sept_plumes"), ("companion", "sidney"), ("companion", "zula"))
"""Traîtrise's cursed relics and treachery cubes the engine plays."""
CRYSTALS = (("imbued_crystal", "cristal_savoir"), ("imbued_crystal", "cristal_courage"),
            ("imbued_crystal", "cristal_force"), ("imbued_crystal", "cristal_inspiration"),
            ("imbued_crystal", "cristal_sagesse"), ("imbued_crystal", "cristal_vision"),
            ("companion", "adren"), ("relic", "tome"))
"""Joaillier's imbued crystals (each standing in for a cube of its attribute, L1829-1873), with cards whose powers
cost cubes."""
HOOKED = (("companion", "zharah"), ("companion", "zharyan"), ("trait", "impunite"), ("relic", "siphon"),
          ("companion", "langue_fourchue"), ("relic", "toxine"), ("companion", "xina"), ("trait", "perseverance"))
"""The powers played last (a split move, yellow companions shielded, control doubled, another's conviction, honour
from two sources), with the powers they change."""
LOOT = (("loot", "anneau"), ("loot", "etendard"), ("loot", "lance"), ("loot", "magie_inconnue"), ("loot", "plume"),
        ("loot", "poudre"), ("loot", "sceptre_veilleur"), ("relic", "miroir"), ("relic", "tome"))
"""The loot cards played last (L2418-2508), and relics for the Lance to exchange (seed 17: each of their natives
acts in the game)."""


@pytest.mark.parametrize(("players", "seed", "modules", "powers"), [
    (2, 1, ["base"], POWERS), (3, 2, ["base"], POWERS), (2, 3, ["base", "traitrise"], TREACHERY),
    (3, 7, ["base", "traitrise"], TREACHERY), (2, 9, ["base", "traitrise"], CURSED),
    (2, 11, ["base", "joaillier"], CRYSTALS), (3, 12, ["base", "joaillier"], CRYSTALS),
    (3, 13, ["base", "traitrise"], HOOKED), (2, 17, ["base", "mythes"], LOOT)])
def test_the_cards_powers_play_in_lock_step_when_the_players_hold_them(
        players: int, seed: int, modules: list[str], powers: tuple[tuple[str, str], ...]) -> None:
    """Both forms from the same position, where the players hold the cards of POWERS, TREACHERY, CURSED, CRYSTALS,
    HOOKED or LOOT (the companions and relics with cubes to spend), to the end of a random game: the same legal
    actions and states, invariants at every step."""
    python = new_state(GAME, players, seed, kernel="python", modules=modules)
    compiled = new_state(GAME, players, seed, modules=modules)
    while python.engine.turn() == 0:
        action = python.legal_actions()[0]
        python.apply(action)
        compiled.apply(action)
    e = python.engine
    for i, (kind, name) in enumerate(powers):
        card = next(c for c, (k, entity) in enumerate(e.tables.cards)
                    if k == kind and entity.id.name.lower() == name)
        seat = i % players
        e.gain_card(seat, card)
        cubes = min(2, e.influence(seat)) if kind in ("companion", "relic") else 0
        e.add_sphere(1, seat, -cubes)
        e.cells[e.o_card_cubes + card] += cubes
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()
    for mine, theirs in zip(compiled.engine.arrays(), e.arrays(), strict=True):
        mine[:] = theirs
    rng = random.Random(seed)
    while not compiled.is_terminal():
        assert compiled.state_hash() == python.state_hash()
        assert compiled.legal_actions() == python.legal_actions()
        assert all(a in compiled.kernel.action_range for a in compiled.legal_actions())  # OpenSpiel's actions
        check_invariants(python)
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
    assert python.is_terminal() and compiled.result() == python.result()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_construction_sites_end_with_invariants_at_every_step(players: int) -> None:
    """Sites de construction (L3123-3153) at every player count: the tiles set aside and the sites in the bag
    keep 19 tiles; games end, the cubes conserved (a built region's control cube included)."""
    state = random_game(players, players, modules=["base", "sites_de_construction"])
    tables = state.engine.tables
    assert tables.modules == ("base", "sites_de_construction") and state.is_terminal()
    assert any(note.startswith("Construction sites in the bag: ") for note in state.placeholders)
    if players == 3:  # the Python form, replaying the compiled game, comes to the same state
        assert replay(state, kernel="python").state_hash() == state.state_hash()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_the_guilds_end_with_invariants_at_every_step(players: int) -> None:
    """Guildes et Monuments (L3157-3264) at every player count, its named setup: the favour token placed each turn
    it can be, games end, the cubes conserved (a monument's included); the placeholders said."""
    state = random_game(players, players, setup="guilds")
    tables = state.engine.tables
    cells = state.engine.arrays()[0]
    assert tables.modules == ("base", "guildes") and state.is_terminal()
    assert any(note.startswith("Attribute cube places on a monument (Guilds): ") for note in state.placeholders)
    assert any(cells[tables.numbers["k_favour"] + seat * 3] for seat in range(players)), "no favour token placed"


def test_the_guilds_play_in_lock_step_on_both_forms() -> None:
    compiled = new_state(GAME, 2, 4, setup="guilds")
    python = new_state(GAME, 2, 4, setup="guilds", kernel="python")
    rng = random.Random(4)
    while not compiled.is_terminal():
        assert compiled.legal_actions() == python.legal_actions()
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
    assert compiled.state_hash() == python.state_hash() and compiled.result() == python.result()


def test_strann_passing_through_a_player_plays_alike_on_both_forms() -> None:
    """Strann (moves.oppress, L2698), too rare in random games, from one worked position on both forms."""
    python = new_state(GAME, 2, 1, kernel="python", modules=["base", "traitrise"])
    compiled = new_state(GAME, 2, 1, modules=["base", "traitrise"])
    while python.engine.turn() == 0:
        action = python.legal_actions()[0]
        python.apply(action)
        compiled.apply(action)
    e = python.engine
    me, other = python.current_player(), 1 - python.current_player()
    e.cells[e.k_pos + other] = next(s for s in (e.space_next[e.pos(me) * 3 + i] for i in range(3)) if s >= 0)
    strann = next(c for c, (_, entity) in enumerate(e.tables.cards) if entity.id.name.lower() == "strann")
    e.gain_card(me, strann)
    e.cells[e.o_speed_bonus + me] = 5
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()
    for mine, theirs in zip(compiled.engine.arrays(), e.arrays(), strict=True):
        mine[:] = theirs
    steps = [s.key for s in e.tables.steps]
    conviction = e.sphere(2, me)
    for action in (steps.index("action/activation"), strann + 1, steps.index("action/deplacement"), e.pos(other)):
        assert action in python.legal_actions()
        python.apply(action)
        compiled.apply(action)
        assert compiled.state_hash() == python.state_hash()
    assert e.sphere(2, me) == conviction + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 10])
def test_games_with_the_jewelcrafters_crystals_end_with_invariants_at_every_step(players: int, seed: int) -> None:
    """Joaillier (L3039-3057), its imbued crystals standing in for cubes: games end at every count, the cubes
    conserved (welding moves a companion's cubes back to influence), the crystals held never negative nor more
    than the 20 of the supply (L3534)."""
    state = new_state(GAME, players, players + seed, modules=["base", "joaillier"])
    n = state.engine.tables.numbers
    rng = random.Random(players + seed)
    held = [0] * players
    while not state.is_terminal():
        check_invariants(state)
        held = [state.engine.arrays()[0][n["k_crystals"] + seat] for seat in range(players)]
        assert min(held) >= 0 and sum(held) <= n["crystal_tokens"] == 20
        state.apply(rng.choice(state.legal_actions()))
    if (players, seed) == (4, 0):  # the Python form, replaying the compiled game, comes to the same state
        assert sum(held) > 0
        assert replay(state, kernel="python").state_hash() == state.state_hash()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_myths_and_wonders_end_with_invariants_at_every_step(players: int) -> None:
    """Mythes et Merveilles (L3266-3391) at every player count, by its named setup: games end, the cubes
    conserved (those offered on the board's spheres counted), Ronak's treachery cubes never more than 6."""
    state = new_state(GAME, players, players, setup="myths")
    n = state.engine.tables.numbers
    rng = random.Random(players)
    while not state.is_terminal():
        check_invariants(state)
        cells = state.engine.arrays()[0]
        around = sum(cells[n["k_ronak_spaces"] + space] for space in range(n["spaces"]))
        assert around + cells[n["k_myths"] + 1] == n["ronak_cubes"] == 6
        state.apply(rng.choice(state.legal_actions()))
    assert state.engine.tables.modules == ("base", "mythes")
    assert any(note.startswith("Myths and Wonders board: ") for note in state.placeholders)


def test_myths_and_wonders_plays_in_lock_step_on_both_forms() -> None:
    """A seed where Ronak wakes twice, his event reset in between (every companion dead): both forms alike."""
    for players, seed in ((3, 2),):
        compiled = new_state(GAME, players, seed, setup="myths")
        python = new_state(GAME, players, seed, kernel="python", setup="myths")
        rng = random.Random(seed)
        woke = 0
        while not compiled.is_terminal():
            assert compiled.state_hash() == python.state_hash()
            assert compiled.legal_actions() == python.legal_actions()
            action = rng.choice(compiled.legal_actions())
            before = python.engine.myths.flag(python.engine, 0)
            compiled.apply(action)
            python.apply(action)
            woke += int(before == 0 and python.engine.myths.flag(python.engine, 0) == 1)
        assert python.is_terminal() and compiled.result() == python.result() and woke == 2


PETS = ("brokk", "claude", "cligne", "ghak", "jaike_et_zoba", "kajek", "ketena", "ostrah", "shonah", "slyrk", "twerbs",
        "vaklk", "vosh", "yiqua", "zea")
"""The 15 pets (L2279-2400)."""


def check_pets(state: GameState) -> int:
    """The market shows at most its 3 pets (L3064); a pet is the market's, the deck's, a player's, bound to one of
    that player's companions or, only once that companion has left them, to none (L3075, L3080), or out of the game
    (a card a power removes). Returns how many pets the players hold."""
    n, kinds = state.engine.tables.numbers, state.engine.tables.arrays["card_kind"]
    cells = state.engine.arrays()[0]
    pets = [c for c, (kind, _) in enumerate(state.engine.tables.cards) if kind == "pet"]
    shown = [c for c in pets if cells[n["o_zone"] + c] == n["zone_pets"] and cells[n["o_faceup"] + c]]
    assert len(shown) <= n["pet_market"] == 3
    held = 0
    for pet in pets:
        master = cells[n["k_pet_master"] + pet] - 1
        if cells[n["o_zone"] + pet] not in (n["zone_pets"], n["zone_box"]):
            assert cells[n["o_owner"] + pet] >= 0
            assert cells[n["o_zone"] + pet] == n["zone_party"] + cells[n["o_owner"] + pet]
            assert master < 0 or kinds[master] == 0
            held += 1
    return held


@pytest.mark.parametrize(("players", "seed"), [(2, 20), (3, 24), (4, 7), (5, 11)])
def test_games_with_the_menagerie_end_with_invariants_at_every_step(players: int, seed: int) -> None:
    """Ménagerie (L3058-3081): games end at every count, the cubes conserved (a new master's influence cube
    included), the pets where the rules put them; in these games the players tame several."""
    state = new_state(GAME, players, seed, modules=["base", "menagerie"])
    rng = random.Random(seed)
    most = 0
    while not state.is_terminal():
        check_invariants(state)
        most = max(most, check_pets(state))
        state.apply(rng.choice(state.legal_actions()))
    assert most >= 4
    assert any(note.startswith("pet market:") for note in state.placeholders)


@pytest.mark.parametrize(("players", "seed"), [(2, 4)])
def test_the_pets_powers_play_in_lock_step_when_the_players_hold_them(players: int, seed: int) -> None:
    """Both forms from the same position, where the players hold the pets of PETS bound to their starting
    companion, to the end of a random game where they use a pet's power whenever they may: the same legal actions
    and states, invariants at every step."""
    python = new_state(GAME, players, seed, kernel="python", modules=["base", "menagerie"])
    compiled = new_state(GAME, players, seed, modules=["base", "menagerie"])
    while python.engine.turn() == 0:
        action = python.legal_actions()[0]
        python.apply(action)
        compiled.apply(action)
    e = python.engine
    for i, name in enumerate(PETS):
        pet = next(c for c, (k, entity) in enumerate(e.tables.cards) if k == "pet" and entity.id.name.lower() == name)
        seat = i % players
        e.gain_card(seat, pet)
        e.cells[e.tables.numbers["k_pet_master"] + pet] = 1 + next(c for c in range(e.ncards) if e.card_kind[c] == 0
                                                      and e.owns(seat, c))
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()
    for mine, theirs in zip(compiled.engine.arrays(), e.arrays(), strict=True):
        mine[:] = theirs
    pet_step = [s.key for s in e.tables.steps].index("action/pet")
    used = 0
    rng = random.Random(seed)
    k_used = e.tables.numbers["k_pets_used"]
    while not compiled.is_terminal():
        assert compiled.state_hash() == python.state_hash()
        assert compiled.legal_actions() == python.legal_actions()
        check_invariants(python)
        check_pets(python)
        legal = compiled.legal_actions()
        menu = python.engine.decision()[0] == LAYOUT["menu"]
        action = pet_step if menu and pet_step in legal else rng.choice(legal)
        compiled.apply(action)
        python.apply(action)
        used |= python.engine.cells[k_used]
    assert python.is_terminal() and compiled.result() == python.result()
    assert bin(used).count("1") >= 10  # of the 11 powers used while their master is activated (not Vak'lk's)


@pytest.mark.parametrize(("module", "block"), [("guildes", "k_favour"), ("joaillier", "k_crystals")])
def test_the_menagerie_plays_with_the_guilds_or_the_jeweller_in_lock_step(module: str, block: str) -> None:
    """The Ménagerie with Guildes et Monuments or with Joaillier, 3 players (their procedures, natives and cells
    numbered apart): both forms take the same actions to the same end, the cubes conserved (a monument's and a new
    master's influence cube included), the pets where the rules put them; favour tokens are placed (or crystals
    gained) by two players or more, and pets tamed."""
    modules = ["base", module, "menagerie"]
    compiled = new_state(GAME, 3, 24, modules=modules)
    python = new_state(GAME, 3, 24, kernel="python", modules=modules)
    n = compiled.engine.tables.numbers
    step = 3 if block == "k_favour" else 1
    rng = random.Random(24)
    holders = tamed = 0
    while not compiled.is_terminal():
        assert compiled.legal_actions() == python.legal_actions()
        check_invariants(python)
        tamed = max(tamed, check_pets(python))
        cells = python.engine.arrays()[0]
        holders = max(holders, sum(cells[n[block] + seat * step] > 0 for seat in range(3)))
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
    assert python.is_terminal() and compiled.result() == python.result()
    assert sorted(compiled.engine.tables.modules) == sorted(modules)
    assert holders >= 2 and tamed >= 2, (holders, tamed)


def test_the_numbered_coast_is_the_island_tables_first_rows_touching_the_sea() -> None:
    """Vak'lk's coastal move (moves.next_space) runs around the numbered coastal spaces: the island table's first
    rows, each touching the sea (a slot -1), up to the first inland one: 1-30 on the content's table."""
    from lawforge.runtime.vindication.tables import _numbered_coast

    rows = [list(row) for row in GAME.get("table", "island").values]
    assert _numbered_coast(rows) == 30
    rows[5][:3] = [1, 2, 3]  # space 6 inland: the numbered coast ends before it
    assert _numbered_coast(rows) == 5
