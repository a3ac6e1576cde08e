"""Pyramid Solitaire (seed 004): 28 cards in a pyramid, pairs totalling 13 leave, a King alone.

The specification is `shared/rules/pyramid-solitaire.md`; `rules` holds its switches.
"""
