"""Boomerang: Australia — the ruleset model, scoring and the engine."""
