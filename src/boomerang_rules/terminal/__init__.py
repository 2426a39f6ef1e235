"""What the games' command-line and picture modules share: colour, prompts, wording, exit codes.

It sits below the game packages (``<game>/cli.py`` and ``<game>/picture.py`` import it) and
imports none of them, so that ``boomerang_rules.cli``, the commands, stays the top of the house:
nothing else imports it.
"""
