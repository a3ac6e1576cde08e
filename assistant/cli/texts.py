"""The terminal games' help texts: shown by `--help` and by each game's own "help"
command, so the parser (light) and the game loop (heavy) read one text."""

BOWLING_PLAY_HELP = ('Type a play as PILE PINS, e.g. "1 FH" (pile 1 takes F and H). Other commands: '
                     '"end" (end this ball), "hint", "undo", "sheet", "help", "quit".')

PYRAMID_PLAY_HELP = ('Type the cards to remove by place or pile: "7.1 7.3" (a pair), "7.5" (a King), '
                     '"7.2 waste" (with the waste top; w1 w2 w3 with three piles, "stock" for a face-up '
                     'stock top). Other commands: "d" or "draw", "recycle", "moves", "undo", "help", "quit".')

TOPPLE_PLAY_HELP = ('Each turn type the roll and the space, e.g. "4 D1" (with two colours each add the '
                    'colour: "4 D1 pink"). Other commands: "topple", "fell" (a piece fell by itself after the last '
                    'placement: rule B5), "undo", "board", "totals", "pass" (if allowed), "start NAME" (who starts this round), "fix NAME POINTS", '
                    '"help", "quit".')
