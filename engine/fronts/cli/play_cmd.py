"""``cardrules play``: a game in the terminal, or narrated when nobody is at the keyboard.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.play_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import ascii_option, exits_on_bad_input, given_rulesets, lang_option, option_overrides


# TRANSLATORS: --help of the play command; stdin is the standard input (keep it or use the usual term).
@click.command(help=_("Play a game in the terminal (with no terminal on stdin, bots play it and it is narrated)."))
@click.option(
    "-r",
    "--ruleset",
    "ruleset_name",
    metavar="RULESET",
    shell_complete=completion.rulesets,
    callback=given_rulesets,
    # TRANSLATORS: --help of play -r; keep GAME/EDITION and YAML as they are.
    help=_("Ruleset name (GAME/EDITION) or a house-rule YAML file; default: the edition for your language."),
)
@click.option(
    "--players",
    "players_spec",
    metavar="SPEC",
    # TRANSLATORS: --help of play --players; keep bot:KIND as it is (typed as is, e.g. bot:heuristic).
    help=_("Comma-separated seats: a name for a human, bot:KIND for a bot. Default: you and three bots."),
)
# TRANSLATORS: --help of play --seed.
@click.option("--seed", type=int, metavar="N", help=_("Random seed for the deal and the bots."))
@click.option(
    "--log",
    "log_file",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    # TRANSLATORS: --help of play --log; FILE is the option's value (keep it).
    help=_(
        "Save the game log to FILE as the game goes: after every move of a human, at least "
        "every half second while bots play."
    ),
)
@click.option(
    "--resume",
    "resume_file",
    metavar="FILE",
    shell_complete=completion.files,
    # TRANSLATORS: --help of play --resume; FILE is the option's value (keep it).
    help=_("Continue the game saved in FILE."),
)
# TRANSLATORS: --help of play --force; keep --log and FILE as they are.
@click.option("--force", is_flag=True, help=_("Let --log replace a game already saved in its FILE."))
@option_overrides
@lang_option
@ascii_option
@exits_on_bad_input
def command(
    ruleset_name: str | None,
    players_spec: str | None,
    seed: int | None,
    log_file: str | None,
    resume_file: str | None,
    force: bool,
    options: dict[str, str],
) -> None:
    """Play (or resume) a game; stopping at a prompt saves it."""
    from engine.fronts.cli import play_run  # lazy: the command loads the engine only when it runs

    play_run.run_command(
        ruleset_name=ruleset_name,
        players_spec=players_spec,
        seed=seed,
        log_file=log_file,
        resume_file=resume_file,
        force=force,
        options=options,
    )
