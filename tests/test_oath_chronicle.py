"""Writing the Chronicle (8) and setting the next game up from it: games chained through their Chronicles,
the map clean-up and slot filling, the cards added and dispossessed, the relics, and bad Chronicle files."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawforge.compiler.cli import main
from lawforge.runtime.oath.chronicle import Chronicle, ChronicleError, ChronicleWriter, card_of
from lawforge.runtime.oath.game import OathState
from test_oath_play import OATH, check_invariants


def finished(seed: int, players: int = 3, chronicle: Chronicle | None = None) -> OathState:
    state = OathState(OATH, players, seed, chronicle=chronicle)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        check_invariants(state)
    return state


def everything(chronicle: Chronicle) -> list[str]:
    lists = [chronicle.site_deck, chronicle.world_deck, chronicle.relic_deck, chronicle.archive, chronicle.dispossessed]
    return [name for names in lists for name in names] + [
        name for site in chronicle.sites for name in [site.site, *site.cards, *site.relics]]


def test_games_chain_through_their_chronicles_with_every_card_in_one_place() -> None:
    chronicle = None
    for game, players in enumerate((4, 2, 6, 3)):
        state = finished(game, players, chronicle)
        chronicle, _ = state.chronicle()
        assert chronicle.problems(OATH) == []
        chronicle = Chronicle.from_json(chronicle.to_json())
        names = everything(chronicle)
        assert len(names) == len(set(names))
        every = {f"{kind}/{e.id.name.lower()}" for kind in ("denizen", "vision", "site", "edifice", "relic")
                 for e in OATH.entities(kind)}
        assert set(names) == every - {"relic/grand_scepter"}, "8.6.1: only the Grand Scepter is in the World Box"
        assert len(chronicle.boards) == players - 1


def test_a_game_set_up_from_a_chronicle_has_its_map_oath_boards_and_decks() -> None:
    chronicle, _ = finished(1, 4).chronicle()
    chronicle = replace(chronicle, boards=["citizen", "exile", "citizen"])
    state = OathState(OATH, 4, 7, chronicle=chronicle)
    flat, cards = state.flat, state.cards
    for slot, saved in enumerate(chronicle.sites):
        site = card_of(cards, saved.site) - state.site_base
        assert flat.get("site_slot", site) == slot and bool(flat.get("card_faceup", state.site_card(site))) == saved.faceup
    assert state.game.entities("oath")[flat.get("oath")].id.name.lower() == chronicle.oath
    assert [state.role_of(seat) for seat in range(4)] == ["chancellor", "citizen", "exile", "citizen"]
    assert flat.get("warband_bank", 1) == 14 and flat.get("warbands", 1) == 3, "a Citizen's three are purple"
    reliquary = cards.in_zone(cards.zone("reliquary"))
    assert sorted(reliquary) == sorted(card_of(cards, name) for name in chronicle.relic_deck[:4]), "17: from the top"
    check_invariants(state)


def writer_after(seed: int) -> ChronicleWriter:
    """A Chronicle writer on a finished game whose winner is the Chancellor and rules no site yet."""
    state = finished(seed, 3)
    writer = ChronicleWriter(state)
    writer.flat.set("winner", 0)
    for site in writer.on_map():
        for seat in range(3):
            writer.flat.set("site_warbands", site, seat, 0)
    for card in writer.cards.in_zone(writer.zone("at_site")):
        writer.cards.put(card, writer.zone("box"))
    return writer


def test_kept_sites_are_pushed_up_and_ruined_sites_fill_the_hinterland_from_the_bottom() -> None:
    writer = writer_after(2)
    flat, cards = writer.flat, writer.cards
    slots = writer.on_map()
    ruled = [slots[2], slots[6]]
    for site in ruled:
        flat.set("site_warbands", site, 0, 1)
    ruin_site = slots[4]
    edifice = cards.all("edifice")[0]
    cards.put(edifice, writer.zone("at_site"), faceup=True)
    flat.set("card_site", edifice, ruin_site)
    writer.discard_sites()
    aside = writer.ruin_unruled()
    assert aside == [ruin_site] and flat.get("edifice_ruined", edifice) == 1, "8.3.3: the unruled edifice is ruined"
    writer.fill_slots(aside)
    after = writer.on_map()
    assert after[:2] == ruled, "steps 1-3: the kept sites pushed up, in order"
    assert after[7] == ruin_site, "step 4: the ruin into the bottom Hinterland slot"
    assert len(set(after)) == 8
    site_base = int(cards.base["site"])
    for first, last in ((0, 2), (2, 5), (5, 8)):
        assert any(flat.get("card_faceup", site_base + s) for s in after[first:last]), "step 7: a faceup site per region"


def test_the_winner_adds_three_two_and_one_cards_of_their_suit_and_the_next_two_clockwise() -> None:
    writer = writer_after(3)
    cards = writer.cards
    suits = sorted(OATH.entities("suit"), key=lambda s: s.bank_order)
    order = [int(OATH.enums["suit"][s.id.name.upper()]) for s in suits]
    deck = cards.in_zone(writer.zone("world_deck"))
    by_suit = {suit: [c for c in deck if cards.printed_suit[c] == suit] for suit in order}
    for suit in order:
        for card in by_suit[suit][:3]:
            cards.put(card, writer.zone("archive"))
    for card in writer.state.advisers(0):
        cards.put(card, writer.zone("box"))
    cards.put(by_suit[order[4]][5], writer.zone("advisers", 0), faceup=True)
    before = set(cards.in_zone(writer.zone("world_deck")))
    writer.add_to_world_deck()
    added = [c for c in cards.in_zone(writer.zone("world_deck")) if c not in before]
    assert sorted(cards.printed_suit[c] for c in added) == sorted([order[4]] * 3 + [order[5]] * 2 + [order[0]])


def test_the_grand_scepter_leaves_and_the_winners_relics_go_on_top_of_the_relic_deck() -> None:
    writer = writer_after(4)
    cards = writer.cards
    relic = cards.in_zone(writer.zone("relic_deck"))[0]
    cards.put(relic, writer.zone("relics_held", 0), faceup=True)
    writer.clean_relics()
    deck = cards.in_zone(writer.zone("relic_deck"))
    top = set(deck[-5:])
    assert relic in top and set(cards.in_zone(writer.zone("reliquary"))) <= top
    assert writer.flat.get("card_zone", cards.of("relic", "grand_scepter")) == writer.zone("box")


def test_a_vision_win_vows_the_visions_oath_and_any_other_win_a_new_one() -> None:
    state = finished(5, 3)
    chronicle, notes = state.chronicle()
    if state.victory == "visionary":
        vision = state.game.entities("vision")[state.revealed_vision(state.flat.get("winner")) or 0]
        assert chronicle.oath == state.game.entities("oath")[int(vision.oath)].id.name.lower()
    else:
        assert chronicle.oath != state.game.entities("oath")[state.flat.get("oath")].id.name.lower()
        assert any("8.1" in note for note in notes), "the winner's choice is said to be drawn at random"


def test_an_exile_winner_flips_the_citizens_and_offers_citizenship_to_others() -> None:
    state = finished(6, 4)
    writer = ChronicleWriter(state)
    exile, citizen = (int(OATH.enums["role"][r]) for r in ("EXILE", "CITIZEN"))
    writer.flat.set("winner", 1)
    writer.flat.set("role", 1, exile)
    writer.flat.set("role", 2, citizen)
    boards = writer.offer_citizenship()
    assert boards[1] == "exile", "8.2: a flipped Citizen is not offered Citizenship again"
    assert boards[0] == "exile", "the winner keeps their Exile side"


def test_an_exile_winner_may_offer_citizenship_and_the_exile_may_accept() -> None:
    """8.2: "you may offer Citizenship": the winner's choice first, then the Exile's."""
    state = finished(6, 4)
    exile = int(OATH.enums["role"]["EXILE"])
    offer = state.label("chronicle_offer", "en")
    outcomes = {}
    for offered in (False, True):
        writer = ChronicleWriter(state, decide=lambda seat, question, options, offered=offered:
                                 int(offered) if question == offer else len(options) - 1)
        writer.flat.set("winner", 1)
        for seat in range(1, 4):
            writer.flat.set("role", seat, exile)
        outcomes[offered] = writer.offer_citizenship()
    assert outcomes == {False: ["exile", "exile", "exile"], True: ["exile", "citizen", "citizen"]}


@pytest.mark.parametrize(("text", "message"), [
    ("{", r"chronicle\.json:1:2: not JSON: Expecting property name"),
    ('{"oath": "supremacy"}', r"chronicle\.json: \$\.boards: missing"),
    ("OK", r"chronicle\.json: \$\.oath: unknown Oath 'glory'"),
    ("UNKNOWN", r"chronicle\.json: \$\.world_deck\[0\]: unknown card 'denizen/dragon'"),
    ("TWICE", r"chronicle\.json: \$\.archive\[\d+\]: 'denizen/\w+' is in two places: it is also at "
              r"\$\.world_deck\[0\]"),
])
def test_a_bad_chronicle_file_is_refused_with_where_and_why(tmp_path: Path, text: str, message: str) -> None:
    good = json.loads(finished(7, 2).chronicle()[0].to_json())
    if text == "OK":
        text = json.dumps(good | {"oath": "glory"})
    elif text == "UNKNOWN":
        text = json.dumps(good | {"world_deck": ["denizen/dragon"] + good["world_deck"]})
    elif text == "TWICE":
        text = json.dumps(good | {"archive": good["archive"] + good["world_deck"][:1]})
    path = tmp_path / "chronicle.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ChronicleError, match=message):
        Chronicle.load(path, OATH)
    result = CliRunner().invoke(main, ["simulate", "oath", "--games", "1", "--chronicle", str(path)])
    assert result.exit_code == 1 and re.search(message, result.output) and "Traceback" not in result.output


def test_play_writes_a_chronicle_that_simulate_sets_games_up_from(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.json"
    played = CliRunner().invoke(main, ["play", "oath", "--players", "3", "--seed", "2", "--write-chronicle", str(path)],
                                input="1\n" * 2000)
    assert played.exit_code == 0, played.output
    assert Chronicle.load(path, OATH).problems(OATH) == []
    simulated = CliRunner().invoke(main, ["simulate", "oath", "--games", "2", "--jobs", "1", "--chronicle", str(path)])
    assert simulated.exit_code == 0 and "games_per_second" in simulated.output


def test_the_forest_temple_keeps_the_sites_with_beast_cards_and_only_flipped_edifices_cost_denizens() -> None:
    writer = writer_after(8)
    flat, cards = writer.flat, writer.cards
    slots = writer.on_map()
    temple_site, beast_site, plain_site = slots[1], slots[3], slots[5]
    flat.set("site_warbands", temple_site, 0, 1)  # the winner rules the Temple's site
    temple = cards.of("edifice", "forest_temple")
    cards.put(temple, writer.zone("at_site"), faceup=True)
    flat.set("card_site", temple, temple_site)
    beast = int(OATH.enums["suit"]["BEAST"])
    deck = cards.in_zone(writer.zone("world_deck"))
    for site, suit_test in ((beast_site, lambda s: s == beast), (plain_site, lambda s: s not in (beast, -1))):
        card = next(c for c in deck if suit_test(cards.printed_suit[c]))
        cards.put(card, writer.zone("at_site"), faceup=True)
        flat.set("card_site", card, site)
    writer.discard_sites()
    kept = writer.on_map()
    assert beast_site in kept and temple_site in kept and plain_site not in kept
    aside = writer.ruin_unruled()
    assert aside == [] and [c for c in writer.at(beast_site) if cards.kind_of(c) == "denizen"], \
        "8.3.3: no edifice flipped at the beast site, so its denizen stays"


def test_the_players_make_their_chronicle_choices_in_their_language() -> None:
    state = next(s for s in (finished(seed, 3) for seed in range(5, 40)) if s.victory != "visionary")
    asked: list[tuple[int, str, list[str]]] = []

    def last_option(seat: int, question: str, options: list[str]) -> int:
        asked.append((seat, question, options))
        return len(options) - 1

    chronicle, notes = state.chronicle(last_option, "uk")
    seat, question, options = asked[0]
    assert seat == state.flat.get("winner") and question == state.label("chronicle_vow", "uk")
    others = [oath for index, oath in enumerate(OATH.entities("oath")) if index != state.flat.get("oath")]
    assert options == [oath.name.get("uk") for oath in others]
    assert chronicle.oath == others[-1].id.name.lower(), "the Oath the winner chose"
    assert not any("8.1" in note for note in notes), "nothing drawn at random"


def test_the_winner_may_build_nothing() -> None:
    writer = writer_after(8)
    site = writer.on_map()[0]
    writer.flat.set("site_warbands", site, 0, 1)
    denizen = writer.of_kind(writer.at(site), "denizen") or [writer.cards.of("denizen", "wolves")]
    writer.cards.put(denizen[0], writer.zone("at_site"), faceup=True)
    writer.flat.set("card_site", denizen[0], site)
    before = writer.flat.copy().cells
    writer.decide = lambda seat, question, options: len(options) - 1
    writer.build_or_repair()
    assert writer.flat.cells == before
    writer.decide = lambda seat, question, options: 0
    writer.build_or_repair()
    assert writer.flat.cells != before, "the first option builds or repairs"


def test_a_chronicle_that_cannot_be_saved_after_the_game_is_printed_not_lost(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The path was writable when the game began (checked then), but the disk filled up during it."""
    import errno

    from lawforge.compiler import files

    def full(path: Path, data: bytes | str) -> None:
        raise files.WriteError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(files, "write_atomically", full)
    path = tmp_path / "chronicle.json"
    played = CliRunner().invoke(main, ["play", "oath", "--players", "2", "--seed", "3", "--write-chronicle", str(path)],
                                input="1\n" * 2000)
    assert played.exit_code == 1 and "Traceback" not in played.output
    assert f"error: cannot write {path}: No space left on device; the Chronicle follows" in played.stderr
    saved = played.stdout[played.stdout.index('{\n  "game": "oath"'):]
    assert Chronicle.from_json(saved).problems(OATH) == [] and not path.exists()
