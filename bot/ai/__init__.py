"""Computer players: a random player, a heuristic per game, and a search.

A computer seat decides from an `Observation` (its view, its legal actions,
the events it was told) and from determinizations: full states consistent
with that view, drawn by each engine's ``determinize`` module. See docs/ai.md.
"""
