"""``boomerang-rules variants``: the shipped rulesets and variants, and what they resolve to."""

from __future__ import annotations

import json
import textwrap

import click

from .common import load_rules_or_exit

LISTING_WIDTH = 80
"""The listing's width, as every command's output and help keep to."""
INDENT = "    "


@click.group(invoke_without_command=True, short_help="List the shipped rulesets and variants.")
@click.pass_context
def variants(ctx: click.Context) -> None:
    """List the shipped rulesets and variants: id and game, then name and description.

    A variant is a small file of changes to another ruleset; pick one with --rules ID on the
    commands that play or score.

    \b
    Examples:
      boomerang-rules variants
      boomerang-rules variants show sea-salt-paper-extra-salt
      boomerang-rules variants show my-variant.json

    Exit status: 0 listed or shown, 1 the variant file is invalid, 2 usage or I/O error (no such
    ruleset or file).
    """
    if ctx.invoked_subcommand is not None:
        return
    from ..core.loading import list_rules

    infos = list_rules()
    width = max(len(i.id) for i in infos)
    for info in infos:  # in 80 columns: the id and game, then the name and description below, indented
        base = f" (extends {info.extends})" if info.extends else ""
        click.echo(f"{info.id:<{width}}  {info.game}")
        for text in (f"{info.name}{base}", info.description):
            if text:
                click.echo(textwrap.fill(text, LISTING_WIDTH, initial_indent=INDENT, subsequent_indent=INDENT,
                                         break_on_hyphens=False))


@variants.command()
@click.argument("rules_name", metavar="ID|PATH")
def show(rules_name: str) -> None:
    """Print the complete ruleset that ID (or a variant file) resolves to, as JSON.

    Its names' bidirectional controls are escaped, as every command escapes them on a terminal.

    Exit status: 0 shown, 1 the file is invalid, 2 usage or I/O error (no such ruleset or file).
    """
    from ..core.display import escaped_json
    from ..core.loading import rules_data

    rules = load_rules_or_exit(rules_name, "show")
    click.echo(escaped_json(json.dumps(rules_data(rules), indent=2, ensure_ascii=False)))
