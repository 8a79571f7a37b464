"""The `lawforge` command line. Each command is a thin shell over one stage's entry function.

A user's mistake never ends in a traceback: a bad option or an unknown name exits 2 with one line, a file that
cannot be read or written (a full disk, a read-only folder) exits 1 with one line naming it and the reason. A
command that writes a file checks first that it can, before its long work."""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape

from . import __version__
from .diagnostics import Diagnostic, render_json, render_text, sort_diagnostics, summary
from .files import WriteError
from .translations import TranslationRecord
from .workspace import Workspace, WorkspaceError

err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


def _root_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--root DIR` on every command, also accepted before the command name."""

    @click.option("--root", "root", type=click.Path(file_okay=False, path_type=Path), default=None,
                  help="Workspace folder (holding content/, schemas/, generated/). Default: current directory.")
    @click.pass_context
    @functools.wraps(command)
    def wrapper(ctx: click.Context, root: Path | None, **kwargs: Any) -> Any:
        root = root or ctx.find_root().params.get("root")
        with _user_errors(root):
            return command(Workspace.open(root), **kwargs)

    return wrapper


@contextlib.contextmanager
def _user_errors(root: Path | None) -> Iterator[None]:
    """A problem with the workspace exits 2 with one line, a file that cannot be read or written 1."""
    try:
        yield
    except WorkspaceError as exc:
        _fail(str(exc), 2)
    except OSError as exc:
        _fail(_os_error(exc, root), 1)


def _fail(message: str, status: int) -> NoReturn:
    err.print(f"[bold red]error:[/] {escape(message)}")
    sys.exit(status)


def _shown(path: str | Path, root: Path | None) -> str:
    """A path as a user reads it: relative to the workspace when inside it."""
    absolute = Path(path).absolute()
    workspace = (root or Path.cwd()).absolute()
    return absolute.relative_to(workspace).as_posix() if absolute.is_relative_to(workspace) else str(path)


def _os_error(exc: OSError, root: Path | None) -> str:
    """One line for a file the command could not read or write: the path and the system's reason."""
    reason = exc.strerror or str(exc)
    if exc.filename is None:
        return reason
    where = _shown(exc.filename, root)
    if not isinstance(exc, WriteError):
        return f"{where}: {reason}"
    if exc.blocking is not None:
        reason = "it is not a folder" if exc.blocking == Path(exc.filename) else \
            f"{_shown(exc.blocking, root)} is not a folder"
    return f"cannot write {where}: {reason}"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Workspace folder (holding content/, schemas/, generated/). Default: current directory.")
@click.version_option(__version__, prog_name="lawforge")
def main(root: Path | None) -> None:
    """lawforge: check game content, build code and reference sheets, run the rules."""


def _print_errors(ws: Workspace, diagnostics: list[Diagnostic]) -> None:
    """The errors among the diagnostics, as `check` prints them (for commands that refuse content with errors)."""
    errors = [d for d in sort_diagnostics(diagnostics) if d.is_error]
    if errors:
        click.echo(render_text(errors, ws.root))


def _locale_of(game: str, locales: tuple[str, ...] | list[str], locale: str) -> str:
    """`locale`, or exit naming the game's locales."""
    if locale not in locales:
        _fail(f"{game} has no locale {locale!r} (locales: {', '.join(locales)})", 2)
    return locale


def _checked(ws: Workspace, game: str) -> Any:
    """The linked game, or exit with its errors: translation commands need content that checks."""
    from .frontend import check_game

    ws.select([game])
    linked, diagnostics = check_game(ws, game)
    if linked is None or any(d.is_error for d in diagnostics):
        _print_errors(ws, diagnostics)
        err.print(f"[bold red]error:[/] {game}: content has errors; fix them first (lawforge check {game})")
        sys.exit(1)
    return linked


COLOR_HELP = ("Colours: auto (on a terminal, unless the NO_COLOR environment variable is set), always or never.")


def _colour(choice: str, stream: Any) -> bool:
    """Whether to colour what goes to `stream` (--color)."""
    if choice == "auto":
        return bool(stream.isatty()) and not os.environ.get("NO_COLOR")
    return choice == "always"


@main.command()
@click.argument("targets", nargs=-1, metavar="[GAME|PATH]...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@click.option("--errors-only", "-q", is_flag=True, help="Do not list warnings (they are still counted).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors: reported as errors, so they fail the check.")
@click.option("--color", "color", type=click.Choice(["auto", "always", "never"]), default="auto", help=COLOR_HELP)
@click.option("--root", "root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Workspace folder (holding content/, schemas/, generated/). Default: the workspace holding the "
                   "PATHs, else the current directory.")
@click.pass_context
def check(ctx: click.Context, targets: tuple[str, ...], fmt: str, errors_only: bool, strict: bool, color: str,
          root: Path | None) -> None:
    """Check content: every problem at once, as path:line:col: error[code]: message.

    Each argument is a GAME, or a content file or folder of the workspace (e.g. content/oath/sites.yaml, as
    pre-commit passes them): its game is checked, and the report holds the problems of the files named and the
    errors elsewhere in their games. No argument: every game."""
    from .checkcache import check_games_cached
    from .diagnostics import as_errors
    from .targets import check_targets

    root = root or ctx.find_root().params.get("root")
    with _user_errors(root):
        chosen = check_targets(root, targets)
        # A check builds large object graphs and frees little before it exits: collecting cycles every 700
        # allocations, Python's default, costs a tenth of its time for nothing.
        gc.set_threshold(100_000, 50, 50)
        found = check_games_cached(chosen.ws, chosen.games)
    diagnostics = sort_diagnostics([d for d in (as_errors(found) if strict else found) if chosen.shows(d)])
    shown = [d for d in diagnostics if d.is_error or not errors_only]
    if fmt == "json":
        click.echo(render_json(shown))
    else:
        if shown:
            colour = _colour(color, sys.stdout)
            click.echo(render_text(shown, chosen.ws.root, colour=colour), color=colour)
        sys.stdout.flush()
        colour = _colour(color, sys.stderr)
        click.echo(summary(diagnostics, colour=colour), err=True, color=colour)
    sys.exit(1 if any(d.is_error for d in diagnostics) else 0)


def _progress(message: str) -> None:
    err.print(f"[dim]•[/] {escape(message)}")


@main.command()
@click.argument("games", nargs=-1)
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 naming each generated file that is stale or was edited by hand.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the reference sheets (default: out/ in the workspace).")
@click.option("--no-sheets", is_flag=True, help="Skip rendering the reference sheets.")
@click.option("--force", is_flag=True, help="Rebuild, and render every sheet again, even if nothing changed since the "
                                            "last build.")
@_root_option
def build(ws: Workspace, games: tuple[str, ...], check_only: bool, out_dir: Path | None, no_sheets: bool,
          force: bool) -> None:
    """Generate typed Python, the compiled tables and schemas; render the player sheets in every locale (only those
    whose HTML changed: docs/sheets.md)."""
    from .build import build_game, generate, stale_outputs
    from .effects import LoweringError
    from .extension import ExtensionBuildError
    from .sheettext import SheetError

    selected = ws.select(games)
    failed = False
    if check_only:
        for game in selected:
            try:
                generated, diagnostics = generate(ws, game)
            except LoweringError as exc:
                err.print(f"[bold red]error:[/] {game}: {escape(str(exc))}")
                sys.exit(1)
            if generated is None:
                _print_errors(ws, diagnostics)
                err.print(f"[bold red]error:[/] {game}: content has errors; fix them first (lawforge check {game})")
                failed = True
                continue
            for rel, why in stale_outputs(ws, generated):
                err.print(f"[bold red]stale:[/] {escape(rel)} ({why})")
                failed = True
        if failed:
            err.print("run `lawforge build` to regenerate")
        else:
            err.print(f"generated files are fresh ({', '.join(selected)})")
        sys.exit(1 if failed else 0)

    sheets_dir = None if no_sheets else (out_dir or ws.root / "out").resolve()
    for game in selected:
        shown = _SheetProgress(err)
        try:
            changed, diagnostics = build_game(ws, game, sheets_dir=sheets_dir, force=force, progress=_progress,
                                              on_sheet=shown)
        except (ExtensionBuildError, LoweringError, SheetError) as exc:
            err.print(f"[bold red]error:[/] {escape(str(exc))}")
            sys.exit(1)
        errors = [d for d in diagnostics if d.is_error]
        if errors:
            _print_errors(ws, errors)
            err.print(f"[bold red]error:[/] {game}: {summary(diagnostics)}; nothing was written")
            failed = True
        elif changed:
            warnings = len(diagnostics)
            note = f" ({warnings} warnings: run `lawforge check {game}` to list them)" if warnings else ""
            where = f"; {shown.summary()} in {escape(str(sheets_dir))}" if sheets_dir else ""
            err.print(f"[green]built[/] {game}{note}{where}")
    sys.exit(1 if failed else 0)


class _SheetProgress:
    """Sheet rendering as a user sees it: on a terminal a line per sheet with its time (rendering takes seconds
    each), piped only the summary; a page whose layout runs past the margin is a warning either way."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.reports: list[Any] = []

    def __call__(self, report: Any) -> None:
        self.reports.append(report)
        if self.console.is_terminal:
            how = ("unchanged since the last render" if report.cached else
                   f"rendered in {report.seconds:.1f} s ({report.parts_rendered} of {report.parts} parts)")
            self.console.print(f"[dim]•[/] {escape(report.name)}: {report.pages} pages, {how}")
        for overflow in report.overflows:
            self.console.print(f"[yellow]warning:[/] {escape(overflow.describe(report.pdf.name))}")

    def summary(self) -> str:
        """`3 sheets (1 rendered in 9.8 s, 2 unchanged)`; empty when nothing was rendered."""
        if not self.reports:
            return ""
        rendered = [r for r in self.reports if not r.cached]
        parts = [f"{len(rendered)} rendered in {sum(r.seconds for r in rendered):.1f} s"] if rendered else []
        if len(rendered) < len(self.reports):
            parts.append(f"{len(self.reports) - len(rendered)} unchanged")
        count = len(self.reports)
        return f"{count} sheet{'s' if count > 1 else ''} ({', '.join(parts)})"


@main.command()
@click.argument("game")
@click.option("--locale", "locales", multiple=True, help="Locale to render (repeatable; default: all of the game's).")
@click.option("--edition", type=click.Choice(["player", "proof"]), default="player", show_default=True,
              help="player: clean, print-ready (alphabetical lists, an index, no provenance). proof: for editors, "
                   "with statuses, notes and the appendix of incomplete data; written as GAME.LOCALE.proof.pdf.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write GAME.LOCALE.html and GAME.LOCALE.pdf into (default: out/ in the workspace).")
@click.option("--preview", is_flag=True, help="Translator preview: mark untranslated strings visibly.")
@click.option("--force", is_flag=True, help="Render again even a sheet whose HTML has not changed since its last "
                                            "render (by default its PDF is reused).")
@click.option("--png-page", type=click.IntRange(min=1), default=None, metavar="N",
              help="Instead of the HTML and PDF, write page N as a PNG picture, DIR/NAME.pN.png (one --locale; "
                   "needs the docs extra, pypdfium2).")
@_root_option
def sheets(ws: Workspace, game: str, locales: tuple[str, ...], edition: str, out_dir: Path | None, preview: bool,
           force: bool, png_page: int | None) -> None:
    """Render the reference sheets of GAME as HTML and PDF."""
    from .files import check_writable
    from .sheets import SheetError, render_sheets

    out_dir = out_dir or ws.root / "out"
    ws.select([game])
    if png_page is not None and len(locales) != 1:
        _fail("--png-page draws a page of one sheet: give exactly one --locale", 2)
    check_writable(out_dir, folder=True)
    linked = _checked(ws, game)
    for locale in locales:
        _locale_of(game, linked.game.locales, locale)
    shown = _SheetProgress(err)
    try:
        if png_page is not None:
            written = [_sheet_picture(ws, linked, locales[0], edition, out_dir.resolve(), png_page, preview, force,
                                      shown)]
        else:
            reports = render_sheets(ws, linked, locales or linked.game.locales, out_dir.resolve(),
                                    edition=edition, preview=preview, force=force,  # type: ignore[arg-type]
                                    on_sheet=shown)
            written = [path for r in reports for path in (r.html, r.pdf)]
    except SheetError as exc:
        _fail(str(exc), 1)
    if shown.reports:
        err.print(f"{game}: {shown.summary()}")
    for path in written:
        out.print(escape(str(path)))


def _console(color: str) -> Console:
    """Standard output for `--color`: auto is rich's own choice (colours on a terminal, none when piped, none with
    NO_COLOR set)."""
    if color == "auto":
        return out
    return Console(highlight=False, soft_wrap=True, force_terminal=color == "always",
                   color_system="standard" if color == "always" else None)


def _compiled(ws: Workspace, game: str, locale: str | None) -> Any:
    """The compiled content of a game of the workspace, or exit: unknown game or locale 2, not built 1."""
    from lawforge.runtime import ContentNotFound, load

    ws.select([game])
    try:
        compiled = load(game, root=ws.root)
    except ContentNotFound as exc:
        _fail(str(exc), 1)
    if locale is not None:
        _locale_of(game, compiled.locales, locale)
    return compiled


def _sheet_picture(ws: Workspace, linked: Any, locale: str, edition: str, out_dir: Path, page: int, preview: bool,
                   force: bool, shown: _SheetProgress) -> Path:
    """Writes page `page` of one sheet as DIR/NAME.pN.png; returns its path."""
    from .files import write_atomically
    from .sheetimage import ImageError, page_png
    from .sheets import render_sheet

    sheet = render_sheet(ws, linked, locale, out_dir, edition=edition, preview=preview,  # type: ignore[arg-type]
                         force=force)
    shown(sheet.report)
    try:
        png = page_png(sheet.pdf.pdf, page)
    except ImageError as exc:
        _fail(str(exc), 1)
    path = out_dir / f"{sheet.report.name}.p{page}.png"
    write_atomically(path, png)
    return path


@main.command()
@click.argument("game")
@click.argument("kind")
@click.argument("entity_id", metavar="ID")
@click.option("--locale", default=None, help="Show text in this locale only (default: every locale).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="Output format: text prints the texts as the sheets do (numbers filled in, icons and terms by "
                   "name); json is the compiled entity as it is.")
@click.option("--color", "color", type=click.Choice(["auto", "always", "never"]), default="auto", help=COLOR_HELP)
@_root_option
def show(ws: Workspace, game: str, kind: str, entity_id: str, locale: str | None, fmt: str, color: str) -> None:
    """Print one compiled entity, e.g. `lawforge show oath denizen mercenaries`."""
    import json

    from lawforge.runtime import ContentNotFound, to_plain

    from .present import Reader, entity_lines

    compiled = _compiled(ws, game, locale)
    try:
        entity = compiled.get(kind, entity_id)
    except ContentNotFound as exc:
        _fail(str(exc), 1)
    if fmt == "json":
        click.echo(json.dumps(to_plain(entity, locale, compiled.source_locale), ensure_ascii=False, indent=2))
        return
    console = _console(color)
    console.print(f"[bold]{escape(kind)} {escape(entity_id)}[/]")
    for line in entity_lines(Reader.of(compiled), entity, locale):
        console.print(line)


@main.command("list")
@click.argument("game")
@click.argument("kind")
@click.option("--locale", default=None, help="Names in this locale, sorted as it sorts them (default: the game's "
                                             "source locale).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@_root_option
def list_command(ws: Workspace, game: str, kind: str, locale: str | None, fmt: str) -> None:
    """The ids and names of one kind of GAME's entities, sorted by name as the locale sorts, e.g. `lawforge list
    oath site --locale uk`."""
    import json

    from lawforge.runtime import ContentNotFound

    from .present import Reader, listing

    compiled = _compiled(ws, game, locale)
    try:
        entities = compiled.entities(kind)
    except ContentNotFound as exc:
        _fail(str(exc), 2)
    rows = listing(Reader.of(compiled), entities, locale or compiled.source_locale)
    if fmt == "json":
        click.echo(json.dumps([{"id": row.id, "name": row.name} for row in rows], ensure_ascii=False, indent=2))
        return
    width = max((len(row.id) for row in rows), default=0)
    for row in rows:
        click.echo(f"{row.id:<{width}}  {row.name}" if row.name is not None else row.id)


@main.group()
def effects() -> None:
    """The effect language: which powers are compiled, native or still missing."""


@effects.command("status")
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@click.option("--missing", "only_missing", is_flag=True, help="List only the powers with no effect and no native.")
@_root_option
def effects_status(ws: Workspace, game: str, fmt: str, only_missing: bool) -> None:
    """Each power of GAME: compiled (an effect), native (a kernel procedure) or missing."""
    import json
    from collections import Counter

    linked = _checked(ws, game)
    units = [u for u in linked.effects.units if u.status == "missing" or not only_missing]
    if fmt == "json":
        click.echo(json.dumps([{"power": u.key, "status": u.status, "native": u.power.native} for u in units],
                              indent=2))
        return
    colour = {"compiled": "green", "native": "cyan", "missing": "yellow"}
    for unit in units:
        native = f" ({unit.power.native})" if unit.power.native else ""
        out.print(f"[{colour[unit.status]}]{unit.status:<9}[/] {unit.key}{native}")
    counts = Counter(u.status for u in linked.effects.units)
    err.print(", ".join(f"{counts[s]} {s}" for s in ("compiled", "native", "missing")))


@main.group()
def i18n() -> None:
    """Translations: coverage, gettext PO export and import, accepting updated translations."""


@i18n.command("status")
@click.argument("games", nargs=-1)
@click.option("--locale", "locales", multiple=True, help="Only this locale (repeatable; default: every locale of each game).")
@click.option("--incomplete", is_flag=True,
              help="Only what is not complete: the rows not at 100 %, then each text missing, outdated or fuzzy.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@_root_option
def i18n_status(ws: Workspace, games: tuple[str, ...], locales: tuple[str, ...], incomplete: bool, fmt: str) -> None:
    """Per game, locale and entity kind: translated, missing, outdated and fuzzy texts; the editors' texts as the kinds
    note, discrepancy and decision."""
    import json

    from .coverage import coverage
    from .coverage import incomplete as incomplete_texts
    from .status import StatusRow, status_table

    rows: list[StatusRow] = []
    for game in ws.select(games):
        linked = _checked(ws, game)
        chosen = [_locale_of(game, linked.game.locales, locale) for locale in locales] or None
        texts = incomplete_texts(linked, chosen) if incomplete else []
        for cov in coverage(linked, chosen):
            rows.append(StatusRow(game, cov.locale, cov.kind, cov.counts,
                                  [t for t in texts if t.locale == cov.locale and t.key.split("/", 1)[0] == cov.kind]))
    if fmt == "json":
        click.echo(json.dumps([row.as_json(with_texts=incomplete) for row in rows if not incomplete or not row.complete],
                              indent=2, ensure_ascii=False))
        return
    if incomplete and all(row.complete for row in rows):
        out.print("every text is translated and up to date")
        return
    for line, bold in status_table(rows, incomplete):
        out.print(f"[bold]{escape(line)}[/]" if bold else escape(line))


@i18n.command("export")
@click.argument("game")
@click.option("--locale", default=None, help="The locale to translate into (one of the game's).")
@click.option("--template", is_flag=True,
              help="Write a template (POT) instead: every source text with an empty translation, for any language.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="PO (or POT) file to write.")
@_root_option
def i18n_export(ws: Workspace, game: str, locale: str | None, template: bool, output: Path) -> None:
    """Write every text of GAME and its editors' texts (notes, discrepancies, decisions) as a gettext PO file for
    translators (Poedit, Weblate …), or a template."""
    from .files import check_writable, write_atomically
    from .po_export import export_po, export_template, last_change

    if template == (locale is not None):
        _fail("give either --locale L (a PO file of that locale) or --template (a POT file for any)", 2)
    check_writable(output)
    linked = _checked(ws, game)
    changed = last_change(ws, game)
    data = export_template(linked, changed) if locale is None else \
        export_po(linked, _locale_of(game, linked.game.locales, locale), changed)
    try:
        write_atomically(output, data)
    except OSError as exc:
        err.print(f"[bold red]error:[/] {escape(str(output))}: cannot write: {escape(exc.strerror or str(exc))}")
        sys.exit(1)
    err.print(f"wrote {escape(str(output))}")


@i18n.command("import")
@click.argument("game")
@click.argument("po_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--locale", default=None, help="The PO file's locale (default: its Language header).")
@click.option("--wait", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="Seconds to wait for another lawforge command writing this workspace.")
@_root_option
def i18n_import(ws: Workspace, game: str, po_file: Path, locale: str | None, wait: float) -> None:
    """Write the translations of a PO file into the content: all of them, or none if an entry is refused."""
    from .po_import import ImportFailed, plan_import, write_import
    from .lock import LockError, WriteError, workspace_lock
    from .pofile import PoError, read_po

    try:
        po = read_po(po_file)
        with workspace_lock(ws, wait=wait, notify=_progress) as lock:
            linked = _checked(ws, game)
            plan = plan_import(linked, po, locale)
            for refusal in plan.refused:
                err.print(f"[bold red]refused:[/] {escape(refusal)}")
            if plan.refused:
                err.print(f"nothing was imported: {len(plan.refused)} refused; fix the file and import {po_file} again")
                sys.exit(1)
            write_import(lock, linked, plan)
    except PoError as exc:
        for problem in exc.problems:
            err.print(f"[bold red]error:[/] {escape(problem)}")
        err.print(f"nothing was imported from {po_file}")
        sys.exit(1)
    except (LockError, WriteError, ImportFailed) as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}")
        sys.exit(1)
    err.print(f"imported {len(plan.changes)}, unchanged {len(plan.unchanged)}, refused 0")


@i18n.command("accept")
@click.argument("game")
@click.argument("keys", nargs=-1)
@click.option("--locale", "locales", multiple=True, help="Only these locales (default: all).")
@click.option("--wait", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="Seconds to wait for another lawforge command writing this workspace.")
@_root_option
def i18n_accept(ws: Workspace, game: str, keys: tuple[str, ...], locales: tuple[str, ...], wait: float) -> None:
    """Record translations as up to date with the current source text (after editing them in YAML)."""
    from .i18n import accept, unknown_keys
    from .lock import LockError, WriteError, workspace_lock

    try:
        with workspace_lock(ws, wait=wait, notify=_progress) as lock:
            linked = _checked(ws, game)
            chosen = [_locale_of(game, linked.game.locales, locale) for locale in locales] or list(linked.game.locales)
            unknown = unknown_keys(linked, list(keys))
            for message in unknown:
                err.print(f"[bold red]error:[/] argument KEYS: {escape(message)}")
            if unknown:
                err.print("nothing was recorded")
                sys.exit(1)
            count = accept(lock, linked, chosen, list(keys))
    except (LockError, WriteError) as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}")
        sys.exit(1)
    err.print(f"recorded {count} translations as up to date")


@i18n.command("tbx")
@click.argument("game")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="TBX file to write.")
@_root_option
def i18n_tbx(ws: Workspace, game: str, output: Path) -> None:
    """Write the glossary of GAME as TBX, for translation memories and CAT tools."""
    from .files import check_writable, write_atomically
    from .i18n import export_tbx

    check_writable(output)
    tbx = export_tbx(_checked(ws, game))
    try:
        write_atomically(output, tbx)
    except OSError as exc:
        err.print(f"[bold red]error:[/] {escape(str(output))}: cannot write: {escape(exc.strerror or str(exc))}")
        sys.exit(1)
    err.print(f"wrote {escape(str(output))}")


KERNEL_HELP = ("Rules kernel: compiled (Cython) or python, which play the same games. Default: compiled, or python "
               "with a warning when the compiled one is not built or is older than runtime/'s sources "
               "(rebuild: .venv/bin/pip install -e .); a stale one named here is an error.")
PLAYERS_HELP = "How many play (default 4); the game's content says how many it is for (Oath and Root: 2 to 6)."
FACTIONS_HELP = ("Root: the factions of the seats in order, separated by commas (default: a random viable table, "
                 "annex A).")
MODULE_HELP = ("Vindication: a module to play (repeatable; its id or its name, e.g. traitrise or Traîtrise); base is "
               "always on. Default: the base game alone.")
SETUP_HELP = "Vindication: a named setup of setups.yaml (e.g. treachery): its modules and rule options."


def _kernel(game: str, kernel: str | None) -> str:
    """The kernel form to play `game` with (`--kernel`, else the best fresh one, warning once), or exit: only some
    games can be played yet, and a named kernel must load."""
    from lawforge.runtime.games import KERNELS
    from lawforge.runtime.kernels import KernelUnavailable, choose_kernel

    playable = sorted(KERNELS)
    if game not in playable:
        _fail(f"there is no rules kernel for {game!r} yet (games that play: {', '.join(playable)})", 2)
    try:
        chosen, warning = choose_kernel(kernel)
    except KernelUnavailable as why:
        _fail(str(why), 2)
    if warning:
        err.print(f"[yellow]warning:[/] {escape(warning)}")
    return chosen


def _playable(ws: Workspace, game: str, kernel: str | None, players: int) -> tuple[Any, str]:
    """The compiled content of `game` in the workspace and the kernel to play it with, or exit: a game of the
    workspace, built, with a kernel, for this many players."""
    from lawforge.runtime import ContentNotFound, load

    ws.select([game])
    chosen = _kernel(game, kernel)
    try:
        compiled = load(game, root=ws.root)
    except ContentNotFound as exc:
        _fail(str(exc), 1)
    fewest, most = compiled.players or (players, players)
    if not fewest <= players <= most:
        _fail(f"--players {players}: {game} is played by {fewest} to {most} players", 2)
    return compiled, chosen


def _setup(game: str, compiled: Any, chronicle_path: Path | None, factions: str | None,
           modules: tuple[str, ...] = (), named_setup: str | None = None) -> dict[str, Any]:
    """How each game is set up besides players and seed, or exit: a Chronicle for Oath, the factions for Root,
    the modules or a named setup for a game that has them (Vindication)."""
    if factions is not None and game == "oath":
        _fail("--factions: Oath has no factions to choose (its roles are dealt by the rules)", 2)
    if chronicle_path is not None and game != "oath":
        _fail(f"--chronicle: only Oath keeps a Chronicle between games, not {game}", 2)
    for option, given in (("--module", modules), ("--setup", named_setup)):
        if given and "module" not in compiled.kinds:
            _fail(f"{option}: {game} has no modules or named setups to choose", 2)
    if modules and named_setup is not None:
        _fail("--module and --setup: a named setup says its modules; give one or the other", 2)
    if game == "oath":
        return {"chronicle": _chronicle(compiled, chronicle_path)}
    chosen: dict[str, Any] = {"factions": [name.strip() for name in factions.split(",")]} if factions else {}
    if modules:
        chosen["modules"] = ["base", *modules]
    if named_setup is not None:
        chosen["setup"] = named_setup
    return chosen


def _new_game(game: str, compiled: Any, kernel: str, players: int, seed: int, setup: dict[str, Any]) -> Any:
    """A new game on the shared API (runtime/games.py); a setup the rules refuse exits."""
    from lawforge.runtime.games import new_state
    from lawforge.runtime.kernel.state import SetupError

    try:
        return new_state(compiled, players, seed, kernel=kernel, **setup)
    except SetupError as why:
        _fail(str(why), 2)


def _chronicle(compiled: Any, path: Path | None) -> Any:
    """The Chronicle a game is set up from (None: a first game), or exit naming each problem of the file."""
    if path is None:
        return None
    from lawforge.runtime.oath.chronicle import Chronicle, ChronicleError

    try:
        return Chronicle.load(path, compiled)
    except ChronicleError as error:
        for problem in error.problems:
            err.print(f"[bold red]error:[/] {escape(problem)}")
        sys.exit(1)


@main.command()
@click.argument("game")
@click.option("--players", type=int, default=4, help=PLAYERS_HELP)
@click.option("--games", "count", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Game k uses seed + k.")
@click.option("--jobs", type=click.IntRange(1), default=None, help="Worker processes (default: one per core).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="Output format. JSON holds only what the seed decides, so a seed prints it the same each time; "
                   "the speed goes to standard error.")
@click.option("--chronicle", "chronicle_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Oath: set every game up from this Chronicle (written by `play --write-chronicle`).")
@click.option("--factions", default=None, help=FACTIONS_HELP)
@click.option("--module", "modules", multiple=True, help=MODULE_HELP)
@click.option("--setup", "named_setup", default=None, help=SETUP_HELP)
@click.option("--kernel", type=click.Choice(["compiled", "python"]), default=None, help=KERNEL_HELP)
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, metavar="[ADDRESS]",
              help="Play the games on a Ray cluster (HOST:PORT, ray://HOST:PORT or auto), or on a local Ray "
                   "instance when no address is given; the same seeds give the same result as local workers.")
@click.option("--checkpoint", "checkpoint_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Keep the finished games in FILE; the same command run again after an interruption resumes "
                   "from it without playing them again.")
@_root_option
def simulate(ws: Workspace, game: str, players: int, count: int, seed: int, jobs: int | None, fmt: str,
             chronicle_path: Path | None, factions: str | None, modules: tuple[str, ...], named_setup: str | None,
             kernel: str | None, ray_address: str | None, checkpoint_path: Path | None) -> None:
    """Play GAME with uniformly random legal actions to the end: wins by side and victory, length, speed."""
    import json
    import time

    from rich.progress import Progress

    from .files import check_writable
    from .simulate import Checkpoint, Settings, SimulationError, run, summarize, summary_tables

    compiled, kernel = _playable(ws, game, kernel, players)
    setup = _setup(game, compiled, chronicle_path, factions, modules, named_setup)
    first = _new_game(game, compiled, kernel, players, seed, setup)  # a refused setup fails here
    placeholders = first.placeholders
    set_up = first.kernel.setup_of(first) if hasattr(first.kernel, "setup_of") else {}
    settings = Settings(game, str(ws.root), kernel, players, seed, count, setup)
    started = time.perf_counter()
    try:
        checkpoint = None
        if checkpoint_path is not None:
            check_writable(checkpoint_path)
            checkpoint = Checkpoint.open(checkpoint_path, settings.identity(compiled.manifest["content_hash"]))
        resumed = len(checkpoint.records) if checkpoint else 0
        with Progress(console=err, transient=True, disable=fmt == "json") as progress:
            task = progress.add_task(f"{game}: {count} games", total=count)
            records = run(settings, jobs=jobs, ray_address=ray_address, checkpoint=checkpoint,
                          progress=lambda games: progress.advance(task, games))
    except SimulationError as exc:
        _fail(str(exc), 2)
    except KeyboardInterrupt:
        kept = f"; the finished games are in {checkpoint_path}: run the same command to resume" \
            if checkpoint_path else " (give --checkpoint FILE to resume a long run)"
        _fail(f"interrupted{kept}", 130)
    elapsed = time.perf_counter() - started
    summary = {"games": count, "players": players, "seed": seed, "kernel": kernel, **set_up,
               **summarize(game, records)}
    played = count - resumed
    speed = f"{played} games in {elapsed:.2f} s: {played / elapsed:.2f} games_per_second" + \
        (f" ({resumed} from the checkpoint)" if resumed else "")
    if fmt == "json":
        click.echo(json.dumps({"summary": summary, "placeholders": placeholders,
                               "games": [r.output(game) for r in records]}, indent=2,
                              ensure_ascii=False))
        err.print(speed)
        return
    for note in placeholders:
        out.print(f"[dim]placeholder: {escape(note)}[/]")
    for table in summary_tables(summary):
        out.print(table)
    out.print(speed)


@main.command()
@click.argument("game")
@click.option("--players", type=int, default=4, help=PLAYERS_HELP)
@click.option("--games", "count", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Game k uses seed + k (the baseline too).")
@click.option("--baseline", default=None, metavar="REV",
              help="Compare with the content of this git revision, on the same seeds, flagging significant "
                   "differences.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The HTML report to write (default: out/GAME.balance.LOCALE.html in the workspace).")
@click.option("--locale", default="en", show_default=True, help="Language of the report.")
@click.option("--jobs", type=click.IntRange(1), default=None, help="Worker processes (default: one per core).")
@click.option("--kernel", type=click.Choice(["compiled", "python"]), default=None, help=KERNEL_HELP)
@_root_option
def balance(ws: Workspace, game: str, players: int, count: int, seed: int, baseline: str | None,
            out_path: Path | None, locale: str, jobs: int | None, kernel: str | None) -> None:
    """Play GAME at random and write a balance report: win rates by side and seat with 95% intervals, game
    length, cards in play and their win rates, victory kinds, placeholders; with --baseline, what changed."""
    import dataclasses
    import tempfile

    from rich.progress import Progress

    from .balance import BalanceError, analyse, baseline_workspace, compare, placeholders, require_libraries
    from .balance_report import game_title, render
    from .files import check_writable, write_atomically
    from .simulate import Settings, run

    try:
        require_libraries()
    except BalanceError as exc:
        _fail(str(exc), 2)
    compiled, kernel = _playable(ws, game, kernel, players)
    _locale_of(game, compiled.locales, locale)
    out_path = out_path or ws.root / "out" / f"{game}.balance.{locale}.html"
    check_writable(out_path)
    settings = Settings(game, str(ws.root), kernel, players, seed, count)
    with tempfile.TemporaryDirectory(prefix="lawforge-baseline-") as folder, \
            Progress(console=err, transient=True) as progress:
        before_settings = None
        if baseline is not None:  # a revision that cannot be played is refused before the long work
            try:
                before_root = baseline_workspace(ws.root, baseline, game, players, Path(folder))
            except BalanceError as exc:
                _fail(str(exc), 2)
            before_settings = dataclasses.replace(settings, root=str(before_root))
        task = progress.add_task(f"{game}: {count} games", total=count * (2 if baseline else 1))
        records = run(settings, jobs=jobs, progress=lambda n: progress.advance(task, n))
        analysis = analyse(settings, records)
        compared = None
        if before_settings is not None:
            before = analyse(before_settings, run(before_settings, jobs=jobs,
                                                  progress=lambda n: progress.advance(task, n)))
            compared = (baseline or "", before, compare(analysis, before))
    report = render(analysis, placeholders(compiled, settings, records), compiled, locale,
                    game_title(ws.content / game / "game.yaml", locale) or game,
                    compared)
    write_atomically(out_path, report)
    for side in analysis.sides:
        out.print(f"{side.key:<18} {side.wins:>6} / {side.games:<6} {side.rate:6.1%}  "
                  f"[{side.low:.1%}, {side.high:.1%}]")
    if compared is not None:
        flagged = [d for d in compared[2] if d.significant]
        out.print(f"significant differences from {escape(baseline or '')}: {len(flagged)}")
    err.print(f"wrote {escape(str(out_path))}")


@main.command()
@click.argument("game")
@click.option("--players", type=int, default=4, help=PLAYERS_HELP)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--seat", type=int, default=1, show_default=True,
              help="Your seat, from 1 (Oath: the Chancellor) to the number of players; the others play at random.")
@click.option("--locale", default="en", show_default=True, help="Language of the game.")
@click.option("--factions", default=None, help=FACTIONS_HELP)
@click.option("--module", "modules", multiple=True, help=MODULE_HELP)
@click.option("--setup", "named_setup", default=None, help=SETUP_HELP)
@click.option("--chronicle", "chronicle_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Oath: set the game up from the Chronicle a previous game wrote (default: a first game).")
@click.option("--write-chronicle", "chronicle_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Oath: after the game, write its Chronicle (8) here, to set up the next game.")
@click.option("--kernel", type=click.Choice(["compiled", "python"]), default=None, help=KERNEL_HELP)
@_root_option
def play(ws: Workspace, game: str, players: int, seed: int, seat: int, locale: str, factions: str | None,
         modules: tuple[str, ...], named_setup: str | None, chronicle_path: Path | None, chronicle_out: Path | None,
         kernel: str | None) -> None:
    """Play GAME in the terminal against random opponents, whose moves are told as they play; choose your actions
    by number (type help at the prompt for the other commands: state, quit)."""
    from .files import check_writable
    from .terminal import Console, LeftTheGame, Session

    compiled, kernel = _playable(ws, game, kernel, players)
    if not 1 <= seat <= players:
        _fail(f"--seat {seat}: the seats of {players} players are 1 to {players}", 2)
    _locale_of(game, compiled.locales, locale)
    if chronicle_out is not None:
        if game != "oath":
            _fail(f"--write-chronicle: only Oath keeps a Chronicle between games, not {game}", 2)
        check_writable(chronicle_out)
    setup = _setup(game, compiled, chronicle_path, factions, modules, named_setup)
    state = _new_game(game, compiled, kernel, players, seed, setup)
    session = Session(state, seat - 1, locale, Console(write=lambda text: out.print(escape(text)), read=_read_line),
                      seed, _translations(ws, game))
    try:
        session.play()
        if chronicle_out is not None:
            _write_chronicle(ws, session, chronicle_out)
    except LeftTheGame as left:
        err.print(escape(left.message))
        sys.exit(130 if left.interrupted else 0)


def _translations(ws: Workspace, game: str) -> TranslationRecord:
    """The game's translation record (the editors' notes in each language), or exit when it is damaged."""
    from .translations import RECORD_FILE, RecordError

    path = ws.content / game / RECORD_FILE
    try:
        return TranslationRecord.load(path)
    except RecordError as exc:
        _fail(f"{_shown(path, ws.root)}: {exc}", 1)


def _read_line(prompt: str) -> str:
    """The player's answer, the prompt on standard error (standard output keeps only the game)."""
    click.echo(prompt, nl=False, err=True)
    return input()


def _write_chronicle(ws: Workspace, session: Any, path: Path) -> None:
    """Asks the player at the terminal for their Chronicle choices and saves the Chronicle; if the file cannot be
    written after all (the disk filled up during the game), it goes to standard output, so it is not lost."""
    from .files import write_atomically

    def decide(chooser: int, question: str, options: list[str]) -> int | None:
        """The person at the terminal makes their own Chronicle choices; the others' are drawn at random."""
        return session.choose(options, question) if chooser == session.seat else None

    chronicle, notes = session.state.engine.state.chronicle(decide, session.locale)
    for note in notes:
        out.print(f"[dim]placeholder: {escape(note)}[/]")
    text = chronicle.to_json(indent=2) + "\n"
    try:
        write_atomically(path, text)
    except WriteError as exc:
        err.print(f"[bold red]error:[/] {escape(_os_error(exc, ws.root))}; the Chronicle follows, save it by hand")
        click.echo(text, nl=False)
        sys.exit(1)
    err.print(f"wrote the Chronicle to {escape(str(path))}")


@main.command()
@click.argument("old")
@click.argument("new")
@click.argument("games", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              help="Output format; markdown is a changelog.")
@_root_option
def diff(ws: Workspace, old: str, new: str, games: tuple[str, ...], fmt: str) -> None:
    """What changed in each game's compiled content from OLD to NEW (git revisions, workspace folders or release
    packages), and the version bump it requires (docs/releasing.md)."""
    from .diff import RENDERERS, diff_sources
    from .snapshot import SnapshotError

    try:
        diffs = diff_sources(old, new, list(games), ws.root)
    except SnapshotError as exc:
        _fail(str(exc), 2)
    click.echo(RENDERERS[fmt](diffs, old, new), nl=False)


@main.command("release")
@click.argument("games", nargs=-1, required=True)
@click.option("--version", "version", default=None, metavar="X.Y.Z",
              help="The version to release; refused unless it is the one content/<game>/game.yaml says.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"),
              help="Where the packages, release notes and sheets go (default: dist/ in the current directory).")
@click.option("--no-sheets", is_flag=True, help="Do not render the sheets beside the packages.")
@click.option("--build-cache", "cache", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Reuse the modules compiled from the same sources, kept in DIR (.ci/setup keeps them in "
                   "build/cache); by default every module is compiled.")
@_root_option
def release_command(ws: Workspace, games: tuple[str, ...], version: str | None, out_dir: Path,
                    no_sheets: bool, cache: Path | None) -> None:
    """Check GAME… for release (no content error, generated files fresh and committed, a version the policy allows
    against the last release), write each changelog entry, build the packages into --out and the sheets beside
    them. Tags nothing (docs/releasing.md)."""
    from .packaging import PackagingError
    from .release import ReleaseRefused, release

    selected = ws.select(games)
    try:
        done = release(ws, selected, out_dir, version=version, sheets=not no_sheets, progress=_progress, cache=cache)
    except (ReleaseRefused, PackagingError) as exc:
        _fail(str(exc), 1)
    for built in done.packages:
        out.print(f"{escape(str(built.path))}  {built.size} bytes  sha256:{built.sha256}")
    for asset in done.assets:
        out.print(escape(str(asset)))
    tags = " && ".join(f"git tag {c.game}-v{c.version}" for c in done.candidates)
    err.print(f"released; commit the changelogs, publish the packages, then tag that commit: {escape(tags)}")
