"""The Topple pages' words in English and Spanish, and which language a request gets.

One small dictionary per language: the templates read it through `t(key)` and
the page's script gets the same dictionary as JSON, so a word is written once
per language.  The language comes from `?lang=` (remembered in a cookie), else
the browser's Accept-Language, else English.
"""
from __future__ import annotations

from flask import request

LANGUAGES = ("en", "es")
COOKIE = "tableside_lang"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "language_name": "English",
        "title": "Topple",
        "intro": "Roll the real die, place the real piece, tap the space: Tableside does the sums.",
        "new_game": "New game", "carry_on": "Carry on", "finished": "Finished games",
        "players_legend": "Players, in seating order (clockwise)",
        "player_n": "Player {n}", "colour": "Colour", "second_colour": "Second colour (2 players)",
        "auto": "the one left",
        "pink": "pink", "yellow": "yellow", "orange": "orange", "green": "green",
        "target": "Target score", "who_starts": "Who starts round 1?",
        "first_listed": "The first player listed", "roll_off": "Roll for it (the app rolls)",
        "rules": "Rules", "options": "Rules and options",
        "rule_own_stack": "Completing a line also counts the new piece's own stack",
        "rule_tall_before": "A tall stack had 3 pieces before placing (standard)",
        "rule_tall_after": "A tall stack has 3 pieces after placing",
        "rule_may_pass": "A player may pass instead of placing",
        "rule_start_rotate": "Next round: the player left of the last starter (standard)",
        "rule_start_same": "Next round: the same starter",
        "rule_start_after_last": "Next round: the player left of the last to place",
        "rule_start_roll": "Next round: roll for it",
        "rule_tie_shared": "A tie at the end shares the win (standard)",
        "rule_tie_extra": "A tie at the end plays another round",
        "rule_junior": "Junior version: no score, whoever topples is out",
        "start": "Start the game",
        "round": "Round {n}", "turn_of": "{name}'s turn",
        "roll_prompt": "Roll the die, then tap its number", "roll_for_me": "Roll for me",
        "space_prompt": "Tap a highlighted space for a {roll}",
        "roll_first": "Tap the die's number first",
        "colour_prompt": "Which colour?",
        "best": "Best spot", "best_none": "No spot scores now",
        "best_is": "Best: {space} ({points} pts)",
        "topple": "Topple!", "who_caused": "Who caused it?", "while_placing": "While placing a piece",
        "record_topple": "Record the topple", "cancel": "Cancel",
        "undo": "Undo", "pass": "Pass",
        "scores": "Scores", "pieces_left": "Pieces left", "total": "Total",
        "round_over": "Round {n} is over", "next_starts": "Round {n}: {name} starts",
        "next_round": "Next round", "who_starts_round": "Who starts round {n}? Roll, then tap",
        "wins": "{names} wins!", "win_shared": "{names} share the win!",
        "winner_last": "Last player standing: {names}",
        "history": "What happened", "nothing_yet": "Nothing yet.",
        "pts": "{points} pts", "no_points": "0 points",
        "ev_place": "{name} placed {colour} on {space} (rolled {roll})",
        "ev_topple_placing": "{name} toppled while placing: {name} −10, {before} +3",
        "ev_topple_knock": "{name} knocked it over: {name} −10",
        "ev_topple_late": "{name}'s piece fell by itself: {name} −10, {before} +3",
        "fell_by_itself": "It fell by itself after {name}'s piece",
        "ev_topple_out": "{name} toppled and is out",
        "ev_pass": "{name} passed", "ev_start": "{name} starts round {n}",
        "ev_fix": "Score fix: {name} {points}",
        "ev_round_end": "round {n} ends",
        "S1": "{line} completed: 3 + {count} {tops}", "S1_zero": "{line} completed: 3",
        "S2": "{line} was full: {count} {tops}", "S3": "tall stack: {count} {pieces}",
        "top_1": "top", "top_n": "tops", "piece_1": "piece", "piece_n": "pieces",
        "row": "row {x}", "column": "column {x}", "diagonal": "diagonal {x}",
        "level": "level", "out": "out",
        "legend": "Numbers are levels; a disc shows the top colour and the stack's height.",
        "error_reload": "Something went wrong: reload the page.",
        "fix_title": "Fix a score (the table agreed)", "who": "Who", "fix_points": "Points",
        "fix_apply": "Apply",
        "printables": "To print", "sheet_pdf": "Score sheet (PDF)",
        "rules_pdf_in": "Rules card ({language})", "blank_pdf": "Blank sheet",
        "blank_players": "{n} players", "printables_note": "PDFs: open them, print them or share them.",
    },
    "es": {
        "language_name": "Español",
        "title": "Topple",
        "intro": "Tira el dado de verdad, pon la pieza de verdad y toca la casilla: Tableside suma.",
        "new_game": "Partida nueva", "carry_on": "Seguir jugando", "finished": "Partidas terminadas",
        "players_legend": "Jugadores, en el orden en que se sientan (sentido horario)",
        "player_n": "Jugador {n}", "colour": "Color", "second_colour": "Segundo color (2 jugadores)",
        "auto": "el que quede",
        "pink": "rosa", "yellow": "amarillo", "orange": "naranja", "green": "verde",
        "target": "Puntuación para ganar", "who_starts": "¿Quién empieza la ronda 1?",
        "first_listed": "El primer jugador de la lista", "roll_off": "Sortearlo (tira la app)",
        "rules": "Reglas", "options": "Reglas y opciones",
        "rule_own_stack": "Al completar una fila cuenta también la pila de la pieza nueva",
        "rule_tall_before": "Pila alta: tenía 3 piezas antes de poner (normal)",
        "rule_tall_after": "Pila alta: tiene 3 piezas después de poner",
        "rule_may_pass": "Se puede pasar en vez de poner",
        "rule_start_rotate": "Ronda siguiente: el de la izquierda del último que empezó (normal)",
        "rule_start_same": "Ronda siguiente: empieza el mismo",
        "rule_start_after_last": "Ronda siguiente: el de la izquierda del último que puso",
        "rule_start_roll": "Ronda siguiente: se sortea",
        "rule_tie_shared": "Un empate al final comparte la victoria (normal)",
        "rule_tie_extra": "Un empate al final juega otra ronda",
        "rule_junior": "Versión infantil: sin puntos, quien derriba queda fuera",
        "start": "Empezar la partida",
        "round": "Ronda {n}", "turn_of": "Turno de {name}",
        "roll_prompt": "Tira el dado y toca su número", "roll_for_me": "Tira por mí",
        "space_prompt": "Toca una casilla marcada para un {roll}",
        "roll_first": "Primero toca el número del dado",
        "colour_prompt": "¿Qué color?",
        "best": "Mejor casilla", "best_none": "Ninguna casilla puntúa ahora",
        "best_is": "Mejor: {space} ({points} ptos)",
        "topple": "¡Derribo!", "who_caused": "¿Quién lo causó?", "while_placing": "Al poner una pieza",
        "record_topple": "Anotar el derribo", "cancel": "Cancelar",
        "undo": "Deshacer", "pass": "Pasar",
        "scores": "Puntos", "pieces_left": "Piezas que quedan", "total": "Total",
        "round_over": "Fin de la ronda {n}", "next_starts": "Ronda {n}: empieza {name}",
        "next_round": "Siguiente ronda", "who_starts_round": "¿Quién empieza la ronda {n}? Tirad y tocad",
        "wins": "¡Gana {names}!", "win_shared": "¡Empate: ganan {names}!",
        "winner_last": "Queda en pie: {names}",
        "history": "Lo que ha pasado", "nothing_yet": "Nada todavía.",
        "pts": "{points} ptos", "no_points": "0 puntos",
        "ev_place": "{name} puso {colour} en {space} (sacó {roll})",
        "ev_topple_placing": "{name} derribó al poner: {name} −10, {before} +3",
        "ev_topple_knock": "{name} tiró piezas sin estar poniendo: {name} −10",
        "ev_topple_late": "La pieza de {name} se cayó sola: {name} −10, {before} +3",
        "fell_by_itself": "Se cayó sola tras la pieza de {name}",
        "ev_topple_out": "{name} derribó y queda fuera",
        "ev_pass": "{name} pasó", "ev_start": "{name} empieza la ronda {n}",
        "ev_fix": "Corrección: {name} {points}",
        "ev_round_end": "termina la ronda {n}",
        "S1": "{line} completada: 3 + {count} {tops}", "S1_zero": "{line} completada: 3",
        "S2": "{line} ya llena: {count} {tops}", "S3": "pila alta: {count} {pieces}",
        "top_1": "cima", "top_n": "cimas", "piece_1": "pieza", "piece_n": "piezas",
        "row": "fila {x}", "column": "columna {x}", "diagonal": "diagonal {x}",
        "level": "nivel", "out": "fuera",
        "legend": "Los números son niveles; un disco muestra el color de arriba y la altura.",
        "error_reload": "Algo ha fallado: recarga la página.",
        "fix_title": "Corregir una puntuación (acordado en la mesa)", "who": "Quién",
        "fix_points": "Puntos", "fix_apply": "Aplicar",
        "printables": "Para imprimir", "sheet_pdf": "Hoja de puntuación (PDF)",
        "rules_pdf_in": "Tarjeta de reglas ({language})",
        "blank_pdf": "Hoja en blanco", "blank_players": "{n} jugadores",
        "printables_note": "PDF: ábrelos, imprímelos o compártelos.",
    },
}


def language() -> str:
    """The request's language: ?lang=, else the cookie, else Accept-Language, else English."""
    asked = request.args.get("lang") or request.cookies.get(COOKIE)
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def translator(lang: str):
    """t(key, **values) for the templates: the word in `lang`, English when missing."""
    words = STRINGS[lang]

    def t(key: str, **values) -> str:
        text = words.get(key, STRINGS["en"].get(key, key))
        return text.format(**values) if values else text
    return t
