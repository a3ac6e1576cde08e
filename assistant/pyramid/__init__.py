"""Pyramid Solitaire (seed 004): 28 cards in a pyramid, pairs totalling 13 leave, a King alone.

The specification is `shared/rules/pyramid-solitaire.md`.  The package has Bowling's rooms:
`rules` (the switches and presets), `positions` (the pyramid as masks), `state` (the public
state JSON), `moves` (legality, apply, the end of a game), `game` (the action log), `deck`
(deck text), `policies` (the naive player) and `cli` (`tableside pyramid ...`).
"""
