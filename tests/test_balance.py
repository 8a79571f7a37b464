"""`lawforge balance`: the report's figures, its words in every locale, the comparison with a baseline revision, and
the page itself opened in Chromium (plots drawn, no console error, no request to anywhere)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from conftest import REPO, run
from lawforge.compiler.balance import ALPHA, Analysis, analyse, compare, rate
from lawforge.compiler.balance_report import labels
from lawforge.compiler.simulate import GameRecord, Settings

CHROMIUM = Path("/usr/bin/chromium")


def test_every_label_is_in_every_locale_with_the_same_placeholders() -> None:
    for label, texts in labels().items():
        assert set(texts) == {"en", "fr", "uk"}, label
        fields = {locale: {f for _, f, _, _ in string.Formatter().parse(text) if f} for locale, text in texts.items()}
        assert fields["fr"] == fields["en"] == fields["uk"], label
        assert texts["uk"] != texts["en"] or label == "kernel_python", label


def test_a_win_rate_has_its_wilson_interval() -> None:
    found = rate("x", 30, 100)
    assert found.rate == 0.3
    assert found.low == pytest.approx(0.2189, abs=1e-4) and found.high == pytest.approx(0.3958, abs=1e-4)


def records(wins_of_a: int, games: int, seed: int = 0) -> list[GameRecord]:
    """Two-seat games where side `a` wins the first `wins_of_a` and `b` the rest."""
    return [GameRecord(seed + k, ["a", "b"], [0] if k < wins_of_a else [1], "points", 10 + k % 5, 100,
                       {"sword": [0]} if k % 2 else {}) for k in range(games)]


def test_analysis_counts_sides_seats_cards_and_lengths() -> None:
    found = analyse(Settings("root", str(REPO), "compiled", 2, 0, 10), records(7, 10))
    assert [(r.key, r.wins, r.games) for r in found.sides] == [("a", 7, 10), ("b", 3, 10)]
    assert [(r.key, r.wins) for r in found.seats] == [("0", 7), ("1", 3)]
    assert [(r.key, r.wins, r.games) for r in found.cards] == [("sword", 3, 5)]
    assert found.victories == {"points": 10} and found.unfinished == 0


def analysis(wins_of_a: int, games: int) -> Analysis:
    return analyse(Settings("root", str(REPO), "compiled", 2, 0, games), records(wins_of_a, games))


def test_a_large_change_of_win_rate_is_flagged_and_no_change_is_not() -> None:
    changed = {(d.measure, d.key): d for d in compare(analysis(350, 500), analysis(250, 500))}
    assert changed["side", "a"].significant and changed["side", "a"].adjusted < ALPHA
    assert changed["side", "a"].now == 0.7 and changed["side", "a"].before == 0.5
    assert not changed["length", ""].significant
    same = compare(analysis(250, 500), analysis(250, 500))
    assert not any(d.significant for d in same)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One report in Ukrainian of Root at 3 players, compared with the workspace's own HEAD."""
    out = tmp_path_factory.mktemp("balance") / "root.uk.html"
    done = run("balance", "root", "--players", "3", "--games", "40", "--seed", "3", "--locale", "uk",
               "--baseline", "HEAD", "--out", str(out), "--jobs", "2", "--root", str(REPO))
    assert done.exit_code == 0, done.output
    assert "significant differences from HEAD: 0" in done.stdout
    return out


def test_the_report_is_in_the_locale_and_says_what_it_played(report: Path) -> None:
    page = report.read_text(encoding="utf-8")
    assert '<html lang="uk">' in page
    assert "Частка перемог за фракціями" in page and "Тривалість партій" in page and "Маркіза де Кет" in page
    assert "Порівняння з HEAD" in page and "точний тест Фішера" in page
    assert "заповнювачами" in page and "setup order of the factions" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "a request to somewhere"


def test_a_report_in_french_and_one_line_for_an_unknown_locale_or_revision(tmp_path: Path) -> None:
    out = tmp_path / "oath.fr.html"
    done = run("balance", "oath", "--players", "2", "--games", "6", "--locale", "fr", "--out", str(out),
               "--jobs", "1", "--root", str(REPO))
    assert done.exit_code == 0, done.output
    assert "Taux de victoire par rôle" in out.read_text(encoding="utf-8")
    for args, said in ((["--locale", "de"], "oath has no locale 'de'"),
                       (["--baseline", "no-such-rev"], "--baseline no-such-rev: not a git revision")):
        wrong = run("balance", "oath", "--players", "2", "--games", "2", "--out", str(out), *args, "--root", str(REPO))
        assert wrong.exit_code == 2 and said in wrong.stderr, wrong.output
        assert len(wrong.stderr.strip().splitlines()) == 1


def test_the_report_renders_in_chromium_without_errors(report: Path) -> None:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    requests: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: requests.append(request.url))
        page.goto(report.as_uri())
        figures = page.locator("figure svg")
        sizes = [figures.nth(k).bounding_box() for k in range(figures.count())]
        heading = page.locator("h1").inner_text()
        browser.close()
    assert errors == []
    assert requests == [report.as_uri()]
    assert len(sizes) >= 5, "sides, seats, length, victories and cards"
    assert all(box is not None and box["width"] > 100 and box["height"] > 50 for box in sizes)
    assert heading.startswith("Звіт про баланс")


def test_balance_without_its_libraries_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else find_spec(name, *a))
    done = run("balance", "root", "--games", "2", "--out", str(tmp_path / "r.html"), "--root", str(REPO))
    assert done.exit_code == 2 and "balance needs scipy: install them with pip install 'lawforge[balance]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "r.html").exists()


def test_a_baseline_the_kernel_cannot_play_is_refused(tmp_path: Path) -> None:
    """A revision whose generated content no longer fits today's kernel (here: a file changed after the build)."""
    import shutil
    import subprocess

    from lawforge.compiler.balance import BalanceError, baseline_workspace

    repo = tmp_path / "repo"
    shutil.copytree(REPO / "generated" / "root", repo / "generated" / "root")
    effects = repo / "generated" / "root" / "effects.py"
    effects.write_text(effects.read_text(encoding="utf-8").replace("'play_area'", "'area'"), encoding="utf-8")
    for command in (["init", "-q"], ["add", "generated"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(repo), *command], check=True)
    with pytest.raises(BalanceError, match=r"--baseline HEAD: today's kernel cannot play the content of root there"):
        baseline_workspace(repo, "HEAD", "root", 2, tmp_path / "baseline")
    assert (tmp_path / "baseline" / "generated" / "root" / "effects.py").read_text() == effects.read_text()


@pytest.mark.parametrize(("game", "kinds"), [("root", ("card",)), ("oath", ("denizen", "edifice", "relic", "vision"))])
def test_the_result_names_the_cards_each_seat_has_in_play(game: str, kinds: tuple[str, ...]) -> None:
    from lawforge.runtime import load
    from lawforge.runtime.games import new_state

    compiled = load(game, root=REPO)
    ids = {entity.id.name.lower() for kind in kinds for entity in compiled.entities(kind)}
    seen = 0
    for seed in range(6):
        state = new_state(compiled, 3, seed)
        state.playout(seed)
        played = state.result()["played"]
        assert set(played) <= ids
        assert all(seats == sorted(set(seats)) and set(seats) <= {0, 1, 2} for seats in played.values())
        seen += sum(map(len, played.values()))
    assert seen > 6
