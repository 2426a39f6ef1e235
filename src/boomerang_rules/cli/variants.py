"""``boomerang-rules variants``: the shipped rulesets and variants, and what they resolve to."""

from __future__ import annotations

import json

import click

from .common import load_rules_or_exit


@click.group(invoke_without_command=True, short_help="List the shipped rulesets and variants.")
@click.pass_context
def variants(ctx: click.Context) -> None:
    """List the shipped rulesets and variants: id, game, name and description.

    A variant is a small file of changes to another ruleset; pick one with --rules ID on the
    commands that play or score.
    """
    if ctx.invoked_subcommand is not None:
        return
    from ..core.loading import list_rules

    infos = list_rules()
    width = max(len(i.id) for i in infos)
    game_width = max(len(i.game) for i in infos)
    for info in infos:
        base = f" (extends {info.extends})" if info.extends else ""
        click.echo(f"{info.id:<{width}}  {info.game:<{game_width}}  {info.name}{base}")
        if info.description:
            click.echo(f"{'':<{width}}  {'':<{game_width}}  {info.description}")


@variants.command()
@click.argument("rules_name", metavar="ID|PATH")
def show(rules_name: str) -> None:
    """Print the complete ruleset that ID (or a variant file) resolves to, as JSON."""
    from ..core.loading import rules_data

    rules = load_rules_or_exit(rules_name, "show")
    click.echo(json.dumps(rules_data(rules), indent=2, ensure_ascii=False))
