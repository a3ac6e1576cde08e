"""Synthetic table photos and the rank templates' builder, for development only.

`render` (Bowling tables) and `render_pyramid` (pyramid deals) make photos with full truth
from Debian's SVG card decks (`decks`); `templates` rebuilds the corner-index atlas the
recogniser ships in recognizer/data.  Nothing in assistant/, recognizer/ or printables/
imports this package (tests/architecture checks it), so the installed app needs neither it
nor the decks.
"""
