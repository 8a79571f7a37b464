"""The balance report as one self-contained HTML page: plots drawn by matplotlib as inline SVG, inline CSS, no
request to anywhere, every word in the report's locale.

The report's own words are in templates/balance.labels.yaml (en, fr, uk); the game's names (factions, roles, cards,
victories) come from its compiled content, in the same locale; numbers are written the locale's way (Babel).
"""

from __future__ import annotations

import functools
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .balance import ALPHA, Analysis, Difference, Rate

LABELS = Path(__file__).with_name("templates") / "balance.labels.yaml"
SIDE_KINDS = {"root": "faction", "oath": "role"}
CARD_KINDS = ("card", "denizen", "edifice", "relic", "vision", "site")
"""The entity kinds a played card's id is looked up in, in this order."""
MOST_CARDS = 30
"""The cards plotted: the most played; the table lists them all."""
HISTOGRAM_BINS = 40


@functools.cache
def labels() -> dict[str, dict[str, str]]:
    """Label id → locale → text."""
    from ruamel.yaml import YAML

    loaded: dict[str, dict[str, str]] = YAML(typ="safe").load(LABELS.read_text(encoding="utf-8"))
    return loaded


def game_title(game_yaml: Path, locale: str) -> str | None:
    """The game's name in `locale` as its content gives it (game.yaml), if it does."""
    from ruamel.yaml import YAML

    try:
        name = YAML(typ="safe").load(game_yaml.read_text(encoding="utf-8")).get("name", {})
    except (OSError, AttributeError):
        return None
    return str(name[locale]) if isinstance(name, dict) and locale in name else None


@dataclass(frozen=True)
class Words:
    """The report's words and the game's names in one locale."""

    compiled: Any
    locale: str

    def __call__(self, label: str, **values: object) -> str:
        return labels()[label][self.locale].format(**values)

    def _entity_name(self, kinds: tuple[str, ...], entity_id: str) -> str | None:
        for kind in kinds:
            if kind not in self.compiled.kinds:
                continue
            entity = _find(self.compiled, kind, entity_id)
            if entity is not None:
                name = getattr(entity, "name", None) or getattr(getattr(entity, "intact", None), "name", None)
                if name is not None:
                    return str(name.get(self.locale, self.compiled.source_locale))
        return None

    def side(self, side: str) -> str:
        return self._entity_name((SIDE_KINDS.get(self.compiled.name, "faction"),), side) or side

    def card(self, card: str) -> str:
        return self._entity_name(CARD_KINDS, card) or card

    def victory(self, kind: str) -> str:
        """A victory kind in the game's own words: its `won_by_KIND` label, else its glossary term."""
        if not kind:
            return self("no_victory")
        if _find(self.compiled, "label", f"won_by_{kind}") is not None:
            return str(self.compiled.label(f"won_by_{kind}", self.locale))
        return self._entity_name(("term",), kind) or kind

    def percent(self, value: float, digits: int = 1) -> str:
        from babel.numbers import format_percent

        return str(format_percent(value, "#,##0" + ("." + "0" * digits if digits else "") + "%", locale=self.locale))

    def number(self, value: float) -> str:
        from babel.numbers import format_decimal

        return str(format_decimal(round(value, 2), locale=self.locale))


def _find(compiled: Any, kind: str, entity_id: str) -> Any:
    from lawforge.runtime import ContentNotFound

    try:
        return compiled.get(kind, entity_id)
    except (ContentNotFound, KeyError):
        return None


def _figure(height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(7.5, height), layout="constrained")


def _svg(figure: Any, name: str) -> str:
    """The figure as an inline SVG element; `name` salts its ids, so that two plots on the page share none."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": name, "svg.fonttype": "path"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]


def _percent_axis(axis: Any, words: Words) -> None:
    from matplotlib.ticker import FuncFormatter, MultipleLocator

    axis.set_major_locator(MultipleLocator(0.25))
    axis.set_major_formatter(FuncFormatter(lambda value, _: words.percent(value, digits=0)))


def rates_plot(rates: list[Rate], names: Callable[[str], str], words: Words, name: str) -> str:
    """Horizontal bars of win rates with their 95% intervals as error bars."""
    figure = _figure(0.9 + 0.36 * len(rates))
    axes = figure.subplots()
    shown = list(reversed(rates))
    values = [r.rate for r in shown]
    errors = [[r.rate - r.low for r in shown], [r.high - r.rate for r in shown]]
    axes.barh([names(r.key) for r in shown], values, xerr=errors, color="#4a7fb5", ecolor="#222", capsize=3)
    axes.set_xlim(0, 1)
    axes.set_xlabel(words("win_rate"))
    _percent_axis(axes.xaxis, words)
    axes.grid(axis="x", alpha=0.3)
    return _svg(figure, name)


def length_plot(analysis: Analysis, words: Words, unit: str) -> str:
    """A histogram of game lengths."""
    figure = _figure(3.0)
    axes = figure.subplots()
    low, high = min(analysis.lengths), max(analysis.lengths)
    axes.hist(analysis.lengths, bins=min(HISTOGRAM_BINS, high - low + 1), range=(low - 0.5, high + 0.5),
              color="#6a9f58", edgecolor="white")
    axes.set_xlabel(words(unit))
    axes.set_ylabel(words("games"))
    axes.grid(axis="y", alpha=0.3)
    return _svg(figure, "length")


def cards_plot(analysis: Analysis, words: Words) -> str:
    """For the most played cards: in how many games a player had each, and those players' win rate."""
    cards = list(reversed(analysis.cards[:MOST_CARDS]))
    figure = _figure(1.0 + 0.3 * len(cards))
    played, won = figure.subplots(1, 2, sharey=True)
    names = [words.card(card.key) for card in cards]
    played.barh(names, [card.games for card in cards], color="#b58a4a")
    played.set_xlabel(words("times_played"))
    won.barh(names, [card.rate for card in cards], color="#4a7fb5", ecolor="#222", capsize=2,
             xerr=[[c.rate - c.low for c in cards], [c.high - c.rate for c in cards]])
    won.set_xlim(0, 1)
    won.set_xlabel(words("win_rate"))
    _percent_axis(won.xaxis, words)
    for axes in (played, won):
        axes.grid(axis="x", alpha=0.3)
    return _svg(figure, "cards")


def victories_plot(analysis: Analysis, words: Words) -> str:
    figure = _figure(0.9 + 0.4 * len(analysis.victories))
    axes = figure.subplots()
    kinds = list(analysis.victories)
    axes.barh([words.victory(kind) for kind in kinds], [analysis.victories[kind] for kind in kinds], color="#8a5ab5")
    axes.set_xlabel(words("games"))
    axes.grid(axis="x", alpha=0.3)
    return _svg(figure, "victories")


CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2rem auto; max-width: 60rem; color: #1d1d1d;
       line-height: 1.45; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
.placeholders { background: #fff4d6; border: 1px solid #d9a400; padding: .6rem 1rem; border-radius: 4px; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: .9rem; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
th, td { border-bottom: 1px solid #ddd; padding: .2rem .7rem; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.significant td { background: #fde2e2; font-weight: bold; }
"""


NUMERIC = ' class="n"'


def _table(headers: list[str], rows: list[list[str]], numeric_from: int = 1,
           marked: list[bool] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = []
    for index, row in enumerate(rows):
        cells = "".join(f"<td{NUMERIC if i >= numeric_from else ''}>{html.escape(cell)}</td>"
                        for i, cell in enumerate(row))
        mark = ' class="significant"' if marked and marked[index] else ""
        body.append(f"<tr{mark}>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _rate_rows(rates: list[Rate], names: Callable[[str], str], words: Words) -> list[list[str]]:
    return [[names(r.key), str(r.games), str(r.wins), words.percent(r.rate),
             f"{words.percent(r.low)} – {words.percent(r.high)}"] for r in rates]


def render(analysis: Analysis, placeholders: list[str], compiled: Any, locale: str, title: str,
           baseline: tuple[str, Analysis, list[Difference]] | None = None) -> str:
    """The whole report as one HTML page in `locale`; `title` is the game's name in it."""
    words = Words(compiled, locale)
    settings = analysis.settings
    side_label = "win_rate_by_role" if settings.game == "oath" else "win_rate_by_faction"
    unit = "length_rounds" if settings.game == "oath" else "length_turns"
    rate_headers = ["", words("games_played"), words("wins"), words("win_rate"), words("interval")]
    mean, median, low, high = analysis.length_summary()
    run = words("run", games=settings.games, players=settings.players, first=settings.seed,
                last=settings.seed + settings.games - 1, kernel=words(f"kernel_{settings.kernel}"))
    parts = [
        f"<h1>{html.escape(words('title', game=title))}</h1>",
        f"<p>{html.escape(run)}</p>",
        f"<p class=\"note\">{html.escape(words('random_play'))}</p>",
    ]
    if placeholders:
        items = "".join(f"<li>{html.escape(text)}</li>" for text in placeholders)
        parts.append(f"<div class=\"placeholders\" role=\"note\"><strong>{html.escape(words('placeholders'))}</strong>"
                     f"<ul>{items}</ul></div>")
    if baseline is not None:
        parts.append(_baseline_section(baseline, words, unit))
    parts += [
        f"<h2>{html.escape(words(side_label))}</h2>",
        _figure_html(rates_plot(analysis.sides, words.side, words, "sides"), words("interval_note")),
        _table([words("role" if settings.game == "oath" else "faction"), *rate_headers[1:]],
               _rate_rows(analysis.sides, words.side, words)),
        f"<h2>{html.escape(words('win_rate_by_seat'))}</h2>",
        _figure_html(rates_plot(analysis.seats, lambda s: words("seat", seat=int(s) + 1), words, "seats"),
                     words("interval_note")),
        f"<h2>{html.escape(words('game_length'))}</h2>",
        _figure_html(length_plot(analysis, words, unit),
                     words("length_summary", mean=words.number(mean), median=words.number(median), low=low,
                           high=high, unfinished=analysis.unfinished)),
        f"<h2>{html.escape(words('victory_kinds'))}</h2>",
        _figure_html(victories_plot(analysis, words), ""),
    ]
    if analysis.cards:
        parts += [f"<h2>{html.escape(words('cards_played'))}</h2>",
                  _figure_html(cards_plot(analysis, words), words("cards_note")),
                  _table([words("card"), words("times_played"), *rate_headers[2:]],
                         _rate_rows(analysis.cards, words.card, words))]
    heading = html.escape(words("title", game=title))
    return (f"<!DOCTYPE html>\n<html lang=\"{locale}\"><head><meta charset=\"utf-8\"><title>{heading}</title>"
            f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>\n")


def _figure_html(svg: str, caption: str) -> str:
    note = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return f"<figure>{svg}{note}</figure>"


def _baseline_section(baseline: tuple[str, Analysis, list[Difference]], words: Words, unit: str) -> str:
    name, _, differences = baseline
    rows, marked = [], []
    for difference in differences:
        if difference.measure == "side":
            measure = f"{words('win_rate')}: {words.side(difference.key)}"
            now, before = words.percent(difference.now), words.percent(difference.before)
        elif difference.measure == "length":
            measure = f"{words('mean_length')} ({words(unit).lower()})"
            now, before = words.number(difference.now), words.number(difference.before)
        else:
            measure = f"{words('victory_mix')} ({words.victory(difference.key)})"
            now, before = words.percent(difference.now), words.percent(difference.before)
        verdict = words("significant") if difference.significant else words("not_significant")
        rows.append([measure, now, before, words.number(difference.adjusted), verdict])
        marked.append(difference.significant)
    flagged = sum(marked)
    return (f"<h2>{html.escape(words('baseline', baseline=name))}</h2>"
            f"<p class=\"note\">{html.escape(words('baseline_method', baseline=name, alpha=words.number(ALPHA)))}</p>"
            f"<p><strong>{html.escape(words('baseline_flagged', count=flagged))}</strong></p>"
            + _table([words("measure"), words("current"), words("before"), words("p_value"), ""], rows,
                     marked=marked))
