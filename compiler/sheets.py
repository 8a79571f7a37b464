"""Reference sheets: linked content → HTML (Jinja2) → PDF (WeasyPrint), one pair per locale."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from .files import check_all_writable, write_atomically
from .link import PLACEHOLDER, LinkedGame
from .markup import BOLD, ITALIC, TERM
from .models.common import Text
from .workspace import Workspace

TEMPLATES = Path(__file__).parent / "templates"


class SheetError(Exception):
    pass


class _Localizer:
    """The template's view of the text: everything in one locale, falling back to the source."""

    def __init__(self, linked: LinkedGame, locale: str, preview: bool) -> None:
        self.linked = linked
        self.locale = locale
        self.source = linked.game.source_locale
        self.preview = preview
        self.terms = {t.id: t for t in linked.entities.get("term", ())}
        self.params = {id(e.text): dict(getattr(e.owner, "params", None) or {}) for e in linked.texts}
        """The numbers each text's {placeholders} print (its card's params)."""
        self.outdated = {id(e.text) for e in linked.texts if e.text.get(locale) is not None and e.text.get(self.source)
                         and linked.translations.state(e.key, locale, e.text.get(self.source) or "", True)
                         in ("outdated", "fuzzy")}
        self.labels = {label.id: label for label in linked.entities.get("label", ())}

    def plain(self, text: Text | None) -> str:
        if text is None:
            return ""
        return text.get(self.locale) or text.get(self.source) or ""

    def term_name(self, term_id: str) -> str:
        term = self.terms.get(term_id)
        return self.plain(term.name) if term is not None else term_id  # type: ignore[attr-defined]

    def render(self, text: Text | None) -> Markup:
        """Escaped HTML with numbers for {placeholders}, [term] references, **bold** and _italic_; marks a
        missing translation, and in a preview an outdated one."""
        if text is None:
            return Markup("")
        value = text.get(self.locale)
        missing = value is None
        value = value if value is not None else (text.get(self.source) or "")
        numbers = self.params.get(id(text), {})
        value = PLACEHOLDER.sub(lambda m: str(numbers.get(m.group(1), m.group(0))), value)
        html = str(escape(value))
        html = TERM.sub(lambda m: f'<span class="term">{escape(self.term_name(m.group(1)))}</span>', html)
        html = BOLD.sub(r"<strong>\1</strong>", html)
        html = ITALIC.sub(r"<em>\1</em>", html)
        if missing and self.locale != self.source:
            css = "untranslated preview" if self.preview else "untranslated"
            return Markup(f'<span class="{css}" lang="{self.source}">{html}</span>')
        if self.preview and id(text) in self.outdated:
            return Markup(f'<span class="outdated preview">{html}</span>')
        return Markup(html)

    def count(self, label_id: str, n: int) -> str:
        """A plural label for the number n, by the CLDR rules of the sheet's language."""
        from babel import Locale

        label = self.labels.get(label_id)
        plural = getattr(label, "plural", None)
        if plural is None:
            raise SheetError(f"the sheet template counts with label {label_id!r}, which content/{self.linked.name}/labels.yaml lacks or gives no plural")
        locale = self.locale if plural.forms(self.locale) else self.source
        forms = plural.forms(locale) or {}
        category = Locale.parse(locale).plural_form(n)
        return (forms.get(category) or forms.get("other", "")).replace("{count}", str(n))

    def label(self, label_id: str) -> str:
        label = self.labels.get(label_id)
        if label is None:
            raise SheetError(f"the sheet template uses label {label_id!r}, which content/{self.linked.name}/labels.yaml lacks")
        return self.plain(label.text)  # type: ignore[attr-defined]


def render_html(linked: LinkedGame, locale: str, *, preview: bool = False) -> str:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    loc = _Localizer(linked, locale, preview)
    env.filters["t"] = loc.render
    env.filters["plain"] = loc.plain
    env.globals["label"] = loc.label
    env.globals["count"] = loc.count
    env.globals["term"] = loc.term_name
    template = env.get_template(f"{linked.game.ruleset}.html.j2")
    context: dict[str, Any] = {
        "game": linked.game,
        "locale": locale,
        "preview": preview,
        "e": {kind: entities for kind, entities in linked.entities.items()},
        "by_id": {kind: linked.by_id(kind) for kind in linked.entities},
        "incomplete": linked.incomplete,
        "missing": linked.missing_translations,
    }
    return template.render(**context)


def render_pdf(html: str, base: Path) -> bytes:
    from weasyprint import HTML

    pdf: bytes = HTML(string=html, base_url=str(base)).write_pdf()
    return pdf


def render_sheets(ws: Workspace, linked: LinkedGame, locales: Iterable[str], out_dir: Path, *,
                  preview: bool = False, progress: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Writes OUT/GAME.LOCALE.html and .pdf for each locale; returns the paths written.

    Every locale is rendered before anything is written, so a failure leaves no partial set."""
    rendered: dict[Path, str | bytes] = {}
    for locale in locales:
        progress(f"{linked.name}: rendering the {locale} sheets")
        html = render_html(linked, locale, preview=preview)
        rendered[out_dir / f"{linked.name}.{locale}.html"] = html
        rendered[out_dir / f"{linked.name}.{locale}.pdf"] = render_pdf(html, TEMPLATES)
    check_all_writable(list(rendered))
    for path, data in rendered.items():
        write_atomically(path, data)
    return list(rendered)
