"""Topple: the rules engine and scorekeeper for the balancing-tower game played at a real table.

Modules flow one way: `board` (spaces, levels, lines) -> `rules` (the switches)
-> `scoring` (what one placement scores) -> `game` (the action log) -> `cli`.
Tableside only keeps score; the physical board does the balancing.
"""
