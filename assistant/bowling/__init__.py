"""Sid Sackson's Bowling Solitaire: the whole game model (cards, pins, rules, state, frame,
game, scoring, solver, objectives, the printed mat's geometry)."""
