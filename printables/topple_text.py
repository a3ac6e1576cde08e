"""The Topple rules card's words, in Spanish and English, written for Tableside.

Our own text, from `shared/rules/topple.md` (the seed is a machine
translation and is not quoted).  Each language is a `RulesText` like
Bowling's: a title, labels for the drawings and blocks in reading order
(see `printables.card`).  The drawings are "levels" (the 5×5 level
map), "s1", "s2" and "s3" (one scoring rule each, with its points).

The three scoring drawings show the rules document's worked examples T2, T3
and T4 (section 10); their points are checked in
tests/printables/test_print_topple.py by a scorer written from the rule text.
"""
from __future__ import annotations

from printables.card import RulesText

# The worked examples drawn beside S1, S2 and S3.  A line is five stacks,
# bottom -> top, as colour codes (P pink, Y yellow, O orange, G green);
# `new` is the space the new piece (the last in its stack) went on.
EXAMPLE_LINE_S1 = {"spaces": ("C1", "C2", "C3", "C4", "C5"),
                   "stacks": (("P",), ("Y",), ("P",), ("P",), ("O",)), "new": 2,
                   "colour": "P", "points": 5, "sum": "3 + 2 = 5"}
EXAMPLE_LINE_S2 = {"spaces": ("C1", "C2", "C3", "C4", "C5"),
                   "stacks": (("P",), ("Y", "P"), ("P",), ("O",), ("Y",)), "new": 1,
                   "colour": "P", "points": 3, "sum": "1 + 1 + 1 = 3"}
EXAMPLE_STACK_S3 = {"space": "B3", "stack": ("P", "Y", "P", "P"), "colour": "P", "points": 3,
                    "sum": "1 + 1 + 1 = 3"}
COLOURS = ("P", "Y", "O", "G")

EN = RulesText(
    lang="en",
    title="Topple",
    subtitle="The balancing game of stacks and lines (Waddingtons 1983, Pressman) · rules card",
    footer="Tableside rules card",
    labels={
        "P": "pink", "Y": "yellow", "O": "orange", "G": "green",
        "P_letter": "P", "Y_letter": "Y", "O_letter": "O", "G_letter": "G",
        "level": "level", "spaces": "{n} spaces", "space": "1 space",
        "die1": "die 1: only C3", "die25": "die 2–5: that level", "die6": "die 6: any space",
        "new": "new", "s1": "row C completed", "s2": "added to full row C",
        "s3": "B3 had 3 pieces: count the pink", "points": "points",
        "rule": "level = 1 + steps to C3",
    },
    blocks=[
        ("h", "Components and set-up"),
        ("p", "The board, its stem and base, 48 pieces in four colours (12 each), a die and a "
              "score sheet; <b>2 to 4 players</b>. Balance the board on the stem in its base. "
              "Each player takes the 12 pieces of one colour (two colours each with two "
              "players). Agree a winning score, for example 100. Everyone rolls: the highest "
              "roll starts (ties roll again), then play passes to the left."),
        ("h", "A turn"),
        ("p", "Roll the die and place one piece of your colour on a space whose <b>level</b> "
              "is the number rolled: a <b>1</b> allows only the centre, C3, and a <b>6</b> any "
              "space. Empty or stacked, your piece goes on top, so every roll can be played. "
              "Never touch the board or the pieces on it."),
        ("diagram", "levels"),
        ("h", "Scoring"),
        ("p", "Only the piece just placed scores: on every line of five through its space "
              "(rows A–E, columns 1–5, the two long diagonals) and on its stack. Add it all up."),
        ("keep", [
            ("p", "<b>S1 Completing a line.</b> The piece goes on an empty space and fills the "
                  "line's last gap: <b>3 points</b>, plus 1 for each of the other four stacks of "
                  "the line topped by your colour."),
            ("diagram", "s1"),
        ]),
        ("keep", [
            ("p", "<b>S2 Adding to a full line.</b> The piece goes on a stack in a line that was "
                  "already full: <b>1 point for each stack</b> of the line topped by your colour, "
                  "your own stack included."),
            ("diagram", "s2"),
        ]),
        ("keep", [
            ("p", "<b>S3 Tall stack.</b> The piece goes on a stack that already had <b>3 or more "
                  "pieces</b>: 1 point for each piece of your colour in it, yours included."),
            ("diagram", "s3"),
        ]),
        ("h", "Topples"),
        ("ul", [
            "A <b>topple</b> is any piece falling off a stack or off the board, the piece being "
            "placed included. The round ends at once.",
            "Whoever caused it loses <b>10 points</b>. If it happened while placing, the player "
            "before gets <b>+3</b> (with two players, the opponent); the placement scores "
            "nothing.",
            "Causing a topple by bumping the board or the table costs −10 too, in turn or "
            "not; then nobody gets +3.",
        ]),
        ("h", "Rounds and the end"),
        ("p", "A round ends at a topple or when every piece has been placed; clear the board "
              "and play the next one. Scores carry on and may go below zero. The game ends when a "
              "round ends with somebody at or above the target (reaching it mid-round does not "
              "stop play). The <b>highest total wins</b>."),
        ("h", "Two players"),
        ("p", "Each player takes two colours and picks one every turn. A piece scores only for "
              "its own colour: a pink piece counts pink tops and pink pieces, never its "
              "player's yellow ones. Both colours make one total; −10 and +3 go to the player."),
        ("h", "Junior version"),
        ("p", "No scores: place on the level rolled. Whoever causes a topple is out and the "
              "board is cleared; the last player left wins."),
    ],
)


ES = RulesText(
    lang="es",
    title="Topple",
    subtitle="El juego de equilibrio, pilas y líneas (Waddingtons 1983, Pressman) · tarjeta de "
             "reglas",
    footer="Tarjeta de reglas de Tableside",
    labels={
        "P": "rosa", "Y": "amarillo", "O": "naranja", "G": "verde",
        "P_letter": "R", "Y_letter": "A", "O_letter": "N", "G_letter": "V",
        "level": "nivel", "spaces": "{n} casillas", "space": "1 casilla",
        "die1": "dado 1: solo C3", "die25": "dado 2–5: ese nivel",
        "die6": "dado 6: cualquier casilla",
        "new": "nueva", "s1": "fila C completada", "s2": "añadida a la fila C llena",
        "s3": "B3 ya tenía 3 piezas: cuentan las rosas", "points": "puntos",
        "rule": "nivel = 1 + pasos hasta C3",
    },
    blocks=[
        ("h", "Componentes y preparación"),
        ("p", "El tablero, su vástago y su base, 48 piezas de cuatro colores (12 de cada uno), "
              "un dado y una hoja de puntuación; <b>de 2 a 4 jugadores</b>. Equilibra el tablero "
              "sobre el vástago encajado en la base. Cada jugador toma las 12 piezas de un color "
              "(con dos jugadores, dos colores cada uno). Acordad una puntuación para ganar, por "
              "ejemplo 100. Todos tiran el dado: empieza quien saque más (los empatados vuelven "
              "a tirar) y el turno pasa a la izquierda."),
        ("h", "Un turno"),
        ("p", "Tira el dado y coloca una pieza de tu color en una casilla cuyo <b>nivel</b> sea "
              "el número sacado: con un <b>1</b> solo vale el centro, C3, y con un <b>6</b>, "
              "cualquier casilla. Vacía o con pila, tu pieza va encima, así que toda tirada se "
              "puede jugar. Nunca toques el tablero ni las piezas que hay en él."),
        ("diagram", "levels"),
        ("h", "Puntuación"),
        ("p", "Solo puntúa la pieza que acabas de colocar: en cada línea de cinco que pasa por "
              "su casilla (filas A–E, columnas 1–5, las dos diagonales largas) y en su pila. Se "
              "suma todo."),
        ("keep", [
            ("p", "<b>S1 Completar una línea.</b> La pieza va a una casilla vacía y llena el último "
                  "hueco de la línea: <b>3 puntos</b>, más 1 por cada una de las otras cuatro pilas "
                  "de la línea que tenga tu color arriba."),
            ("diagram", "s1"),
        ]),
        ("keep", [
            ("p", "<b>S2 Añadir a una línea llena.</b> La pieza va sobre una pila de una línea que "
                  "ya estaba completa: <b>1 punto por cada pila</b> de la línea con tu color arriba, "
                  "contando la tuya."),
            ("diagram", "s2"),
        ]),
        ("keep", [
            ("p", "<b>S3 Pila alta.</b> La pieza va sobre una pila que ya tenía <b>3 piezas o "
                  "más</b>: 1 punto por cada pieza de tu color en ella, contando la tuya."),
            ("diagram", "s3"),
        ]),
        ("h", "Derribos (topple)"),
        ("ul", [
            "Hay <b>derribo</b> cuando cae cualquier pieza de una pila o del tablero, también "
            "la que se está colocando. La ronda termina en ese momento.",
            "Quien lo provoca pierde <b>10 puntos</b>. Si ocurre al colocar, el jugador del "
            "turno anterior gana <b>+3</b> (con dos jugadores, el rival); esa colocación no "
            "puntúa.",
            "Quien golpea el tablero o la mesa y derriba pierde 10, sea o no su turno; nadie "
            "gana +3.",
        ]),
        ("h", "Rondas y final"),
        ("p", "Una ronda termina con un derribo o cuando se han colocado todas las piezas; se "
              "vacía el tablero y se juega otra. Los puntos se acumulan; un total puede ser "
              "negativo. La partida acaba cuando termina una ronda con alguien en la meta o por "
              "encima; llegar a ella a mitad de ronda no basta. <b>Gana el total más alto</b>."),
        ("h", "Dos jugadores"),
        ("p", "Cada jugador toma dos colores y elige uno en cada turno. Una pieza solo puntúa "
              "para su color: una pieza rosa cuenta pilas con rosa arriba y piezas rosas, nunca "
              "las amarillas de su jugador. Los dos colores suman un total; −10 y +3 son del "
              "jugador."),
        ("h", "Versión infantil"),
        ("p", "Sin puntos: coloca en el nivel que marca el dado. Quien derriba queda fuera y se "
              "vacía el tablero; gana el último que queda."),
    ],
)

TEXTS: dict[str, RulesText] = {t.lang: t for t in (ES, EN)}
LANGUAGES = tuple(TEXTS)
