"""The rules card's words, one entry per language, written for Tableside.

Each language is a `RulesText`: a title, labels for the diagrams and a list
of blocks in reading order.  A block is (kind, content):

- ("h", heading)            a section heading
- ("p", paragraph)          ReportLab paragraph markup (<b>, <i>)
- ("ul", [items])           a bulleted list
- ("ol", [items])           a numbered list
- ("diagram", name)         one of the drawings: "deal", "example", "adjacency", "pad", "tenth"

The worked examples are checked against the rules engine and the scorer in
tests/printables/test_print_rules.py, so the numbers here must stay true.
"""
from __future__ import annotations

from printables.card import RulesText

# The worked example shared by every language: pin values by letter and the
# three face-up pile tops (10 counts as 0; the card still shows "10").
EXAMPLE_PINS = {"A": 2, "B": 7, "C": 1, "D": 8, "E": 5, "F": 9, "G": 3, "H": 4, "I": 3, "J": 6}
EXAMPLE_TOPS = {"1": 7, "2": 9, "3": 0}
EXAMPLE_TAKE = ("H", "I")                 # the group highlighted in the drawing
EXAMPLE_ROLLS = (10, 7, 3, 9, 0, 10, 0, 8)  # the scoring example: X, 7/, 9-, X, -8
EXAMPLE_TOTALS = (20, 39, 48, 66, 74)
# A finished game whose last three frames illustrate the tenth-frame bonus balls.
EXAMPLE_GAME = (9, 0, 7, 2, 10, 8, 1, 6, 3, 7, 2, 9, 0, 8, 1, 10, 10, 7, 3)
EXAMPLE_GAME_SHOWN = (7, 10)              # frames 8..10 (slice of the pad)
EXAMPLE_GAME_TOTAL = 129




EN = RulesText(
    lang="en",
    title="Bowling Solitaire",
    subtitle="Sid Sackson’s card game of ten‑pin bowling (1969) · rules card",
    footer="Tableside rules card",
    labels={
        "pile": "pile {n}", "cards": "{n} cards", "back": "back row", "head": "head pin",
        "you": "you sit here", "frame": "Frame", "take": "taken",
        "adjacent": "18 touching pairs",
    },
    blocks=[
        ("h", "What you need"),
        ("p", "Twenty cards: Ace to 10 in two suits (two red or two black suits read best), a "
              "pencil and a score pad. Only the number counts: <b>Ace is 1</b>, 2 to 9 count as "
              "printed and <b>10 counts as 0</b>. Suits never matter."),
        ("h", "The deal"),
        ("p", "Every frame starts from a full shuffle of all 20 cards. Lay ten of them face up "
              "as the <b>pins</b>: a triangle of four rows, the back row A–D farthest from you "
              "and the head pin J nearest. Deal the other ten face down into three "
              "<b>ball piles</b> of 5, 3 and 2 cards, then turn up the top card of each pile."),
        ("diagram", "deal"),
        ("h", "Taking pins"),
        ("p", "Pick the face‑up top card of any pile: that is your <b>ball card</b>. It takes "
              "either <b>one pin of the same value</b>, or <b>two or three pins that touch one "
              "another</b> and whose values add up to a number ending in the ball card’s value. "
              "A 6 takes a 6, or touching 2 + 4, 1 + 2 + 3, 7 + 9 (16) or 8 + 8 + 0 (16)."),
        ("p", "Put the ball card and the pins it took aside, face up, where you can still read "
              "them, and turn up the next card of that pile."),
        ("diagram", "example"),
        ("p", "<b>Example.</b> The pile tops are 7, 9 and 10. On the first play of the frame "
              "the 7 may take H + I (4 + 3 = 7), E + F + G (5 + 9 + 3 = 17) or E + F + I (17). "
              "It may not take the lone 7 at B (back row), nor G + H: they add up to 7 but do "
              "not touch. The 9 may not take F alone, but E + H (5 + 4) is fine; the 10 "
              "takes H + J (4 + 6) or G + H + I (3 + 4 + 3)."),
        ("h", "Which pins touch"),
        ("p", "Two pins touch when they are neighbours in the triangle, side by side in a row "
              "or diagonally between rows. These 18 pairs, and no others:"),
        ("diagram", "adjacency"),
        ("h", "Where a play may start"),
        ("ul", [
            "The <b>first play</b> of a frame may not take any back‑row pin (A, B, C, D) and "
            "may not take F by itself. F together with other pins is allowed.",
            "Every <b>later play</b> must take at least one pin next to a place emptied earlier "
            "in this frame. After E and H are gone, C + G is not allowed, but F + C + G is.",
        ]),
        ("h", "First ball, second ball"),
        ("p", "<b>First ball:</b> play ball cards one after another. Taking all ten pins is a "
              "<b>strike</b> and the frame is over. Otherwise the first ball ends when no "
              "face‑up card can make a play, or earlier if you choose to stop and keep "
              "cards for the spare."),
        ("p", "<b>Between the balls:</b> discard the face‑up top card of every pile that still "
              "has one, unused, and turn up the next card of each. An empty pile stays empty."),
        ("p", "<b>Second ball:</b> play on by the same rules; the touching rule still counts "
              "every pin taken in this frame. Taking all the remaining pins is a <b>spare</b>. "
              "Each ball scores the pins it took."),
        ("h", "Scoring"),
        ("p", "Score exactly as in ten‑pin bowling, over ten frames. An <b>open frame</b> scores "
              "its pins. A <b>spare</b> scores 10 plus the pins of the next ball, a "
              "<b>strike</b> 10 plus the pins of the next two balls. On the pad, write "
              "<b>X</b> for a strike (in the right‑hand box), <b>/</b> for a spare, <b>–</b> for "
              "a ball that took no pin, otherwise the number of pins; write a frame’s "
              "running total once its bonus balls are known."),
        ("diagram", "pad"),
        ("p", "Frame 1: 10 + 7 + 3 = 20. Frame 2: 10 + 9 = 19, total 39. Frame 3: 9, total 48. "
              "Frame 4: 10 + 0 + 8 = 18, total 66. Frame 5: 8, total 74."),
        ("h", "The tenth frame"),
        ("p", "A strike in the tenth earns <b>two bonus balls</b>, a spare <b>one</b>. They are "
              "played with the cards: shuffle all 20, deal a fresh frame, and its first ball "
              "is the bonus ball. After a tenth‑frame strike, if that bonus ball is a strike "
              "too, shuffle and deal again for the second one; if not, the second bonus ball "
              "is the second ball of the same deal (discard the tops, turn up, play on). "
              "Bonus balls count only toward the tenth frame."),
        ("diagram", "tenth"),
        ("p", "The last three frames of a finished game. Frame 9: 10 + 10 + 7 = 27. Frame 10: a "
              "strike, then bonus balls of 7 and 3; the 7 was no strike, so the 3 was the second "
              "ball of that same deal: 10 + 7 + 3 = 20. Final score 129."),
        ("h", "Winning"),
        ("p", "Alone, aim for the perfect game: twelve strikes, 300 points. With friends, each "
              "player plays a whole frame in turn; the most pins after ten frames wins."),
        ("h", "A frame at a glance"),
        ("ol", [
            "Shuffle all 20. Ten pins face up, piles of 5, 3 and 2 face down, tops turned up.",
            "First ball: play ball cards. The first play avoids the back row and F alone; "
            "every later play touches an emptied place.",
            "All ten down: strike. Write X and start the next frame.",
            "Stuck, or stopping by choice: discard every face‑up top, turn up the next cards.",
            "Second ball: play on. All down: spare, write /.",
            "Write the marks and every total now known, then shuffle for the next frame.",
        ]),
        ("h", "Tips"),
        ("ul", [
            "Everything out of play stays face up: before a play, work out which values are "
            "still hidden in the piles.",
            "Do not take a pin if that strands another one that nothing left in the piles can "
            "take; stopping the first ball early can save the spare.",
            "An opening through the middle (F with H or I) leaves later plays the most "
            "neighbours to reach.",
        ]),
    ],
)


ES = RulesText(
    lang="es",
    title="Bolos solitario",
    subtitle="El juego de cartas de Sid Sackson que imita los bolos (1969) · tarjeta de reglas",
    footer="Tarjeta de reglas de Tableside",
    labels={
        "pile": "pila {n}", "cards": "{n} cartas", "back": "fila del fondo", "head": "bolo delantero",
        "you": "aquí te sientas", "frame": "Cuadro", "take": "derribados",
        "adjacent": "18 parejas vecinas",
    },
    blocks=[
        ("h", "Qué necesitas"),
        ("p", "Veinte cartas: del as al 10 de dos palos (dos palos rojos o dos negros se leen "
              "mejor), un lápiz y una hoja de puntuación. Solo cuenta el número: <b>el as vale "
              "1</b>, del 2 al 9 valen lo que marcan y <b>el 10 vale 0</b>. El palo no importa "
              "nunca."),
        ("h", "Cómo se reparte"),
        ("p", "Cada cuadro empieza barajando las 20 cartas. Coloca diez boca arriba como "
              "<b>bolos</b>: un triángulo de cuatro filas, con la fila del fondo A–D lo más "
              "lejos de ti y el bolo delantero J lo más cerca. Reparte las otras diez boca "
              "abajo en tres <b>pilas de bolas</b> de 5, 3 y 2 cartas y da la vuelta a la carta "
              "de arriba de cada pila."),
        ("diagram", "deal"),
        ("h", "Cómo se derriban bolos"),
        ("p", "Elige la carta descubierta de cualquier pila: esa es tu <b>carta de bola</b>. "
              "Derriba <b>un bolo del mismo valor</b>, o bien <b>dos o tres bolos que se tocan "
              "entre sí</b> y cuya suma termina en el valor de la carta de bola. Un 6 derriba "
              "un 6, o también 2 + 4, 1 + 2 + 3, 7 + 9 (16) u 8 + 8 + 0 (16), si se tocan."),
        ("p", "Aparta la carta de bola y los bolos derribados boca arriba, donde aún puedas "
              "leerlos, y descubre la carta siguiente de esa pila."),
        ("diagram", "example"),
        ("p", "<b>Ejemplo.</b> Las cartas descubiertas son 7, 9 y 10. En la primera jugada del "
              "cuadro, el 7 puede derribar H + I (4 + 3 = 7), E + F + G (5 + 9 + 3 = 17) o "
              "E + F + I (17). No puede llevarse el 7 solitario de B (fila del fondo) ni G + H: "
              "suman 7, pero no se tocan. ¿Y el 9? No puede derribar F solo, pero E + H (5 + 4) "
              "sí vale; el 10 derriba H + J (4 + 6) o G + H + I (3 + 4 + 3)."),
        ("h", "Qué bolos se tocan"),
        ("p", "Dos bolos se tocan cuando son vecinos en el triángulo: uno al lado del otro en "
              "la misma fila o en diagonal entre dos filas. Son estas 18 parejas y ninguna más:"),
        ("diagram", "adjacency"),
        ("h", "Dónde puede empezar una jugada"),
        ("ul", [
            "La <b>primera jugada</b> de un cuadro no puede derribar ningún bolo de la fila del "
            "fondo (A, B, C, D) ni derribar F solo. F junto con otros bolos sí está permitido.",
            "Cada <b>jugada posterior</b> debe derribar al menos un bolo vecino de un hueco "
            "abierto antes en este cuadro. Si ya cayeron E y H, C + G no vale, pero F + C + G sí.",
        ]),
        ("h", "Primera y segunda bola"),
        ("p", "<b>Primera bola:</b> juega cartas de bola una tras otra. Si derribas los diez "
              "bolos, es un <b>pleno</b> (strike) y el cuadro termina. Si no, la primera bola "
              "acaba cuando ninguna carta descubierta sirve, o antes si decides parar para "
              "guardar cartas para el semipleno."),
        ("p", "<b>Entre las dos bolas:</b> descarta sin usarla la carta descubierta de cada "
              "pila que aún tenga una y da la vuelta a la siguiente. Una pila vacía sigue vacía."),
        ("p", "<b>Segunda bola:</b> sigue con las mismas reglas; la regla de los vecinos cuenta "
              "todos los bolos derribados en el cuadro. Si derribas todos los que quedaban, es "
              "un <b>semipleno</b> (spare). Cada bola suma los bolos que derribó."),
        ("h", "Puntuación"),
        ("p", "Se puntúa igual que en los bolos de diez, durante diez cuadros. Un <b>cuadro "
              "abierto</b> vale sus bolos. Un <b>semipleno</b> vale 10 más los bolos de la bola "
              "siguiente; un <b>pleno</b>, 10 más los bolos de las dos bolas siguientes. En la "
              "hoja se anota <b>X</b> para el pleno (en la casilla derecha), <b>/</b> para el "
              "semipleno, <b>–</b> para una bola sin bolos y, si no, el número de bolos; el "
              "total acumulado de un cuadro se escribe cuando se conocen sus bolas de premio."),
        ("diagram", "pad"),
        ("p", "Cuadro 1: 10 + 7 + 3 = 20. Cuadro 2: 10 + 9 = 19, total 39. Cuadro 3: 9, total "
              "48. Cuadro 4: 10 + 0 + 8 = 18, total 66. Cuadro 5: 8, total 74."),
        ("h", "El décimo cuadro"),
        ("p", "Un pleno en el décimo da <b>dos bolas de premio</b>; un semipleno, <b>una</b>. "
              "Se juegan con las cartas: baraja las 20, reparte un cuadro nuevo y su primera "
              "bola es la bola de premio. Tras un pleno en el décimo, si esa bola de premio "
              "también es pleno, baraja y reparte otra vez para la segunda; si no, la segunda "
              "bola de premio es la segunda bola del mismo reparto (descarta, descubre y "
              "sigue). Las bolas de premio solo cuentan para el décimo cuadro."),
        ("diagram", "tenth"),
        ("p", "Los tres últimos cuadros de una partida terminada. Cuadro 9: 10 + 10 + 7 = 27. "
              "Cuadro 10: un pleno y luego bolas de premio de 7 y 3; el 7 no fue pleno, así que "
              "el 3 fue la segunda bola del mismo reparto: 10 + 7 + 3 = 20. Total final: 129."),
        ("h", "¿Quién gana?"),
        ("p", "En solitario, busca la partida perfecta: ¡doce plenos, 300 puntos! Entre "
              "varios, cada jugador juega un cuadro entero por turno; gana quien más bolos "
              "sume tras diez cuadros."),
        ("h", "Un cuadro de un vistazo"),
        ("ol", [
            "Baraja las 20. Diez bolos boca arriba, pilas de 5, 3 y 2 boca abajo, con la carta "
            "de arriba descubierta.",
            "Primera bola: juega cartas de bola. La primera jugada evita la fila del fondo y F "
            "solo; cada jugada posterior toca un hueco.",
            "¿Caen los diez? Pleno: anota X y pasa al cuadro siguiente.",
            "Sin jugada posible, o si decides parar: descarta cada carta descubierta y "
            "descubre las siguientes.",
            "Segunda bola: sigue jugando. ¿Caen todos? Semipleno: anota /.",
            "Anota las marcas y todos los totales ya conocidos; baraja para el cuadro siguiente.",
        ]),
        ("h", "Consejos"),
        ("ul", [
            "Todo lo que sale del juego queda boca arriba: antes de jugar, calcula qué valores "
            "siguen ocultos en las pilas.",
            "No derribes un bolo si eso deja aislado otro que ninguna carta de las pilas puede "
            "llevarse; parar antes la primera bola puede salvar el semipleno.",
            "Abrir por el centro (F con H o con I) deja a las jugadas siguientes más vecinos "
            "a su alcance.",
        ]),
    ],
)


DE = RulesText(
    lang="de",
    title="Bowling‑Solitaire",
    subtitle="Sid Sacksons Kartenspiel nach dem Zehn‑Pin‑Bowling (1969) · Regelkarte",
    footer="Tableside‑Regelkarte",
    labels={
        "pile": "Stapel {n}", "cards": "{n} Karten", "back": "hintere Reihe", "head": "Kopf‑Pin",
        "you": "hier sitzt du", "frame": "Frame", "take": "abgeräumt",
        "adjacent": "18 benachbarte Paare",
    },
    blocks=[
        ("h", "Was du brauchst"),
        ("p", "Zwanzig Karten: Ass bis 10 in zwei Farben (zwei rote oder zwei schwarze lesen "
              "sich am besten), einen Stift und einen Spielblock. Nur die Zahl zählt: <b>das Ass "
              "ist 1</b>, 2 bis 9 zählen wie aufgedruckt, <b>die 10 zählt 0</b>. Die Farbe "
              "spielt nie eine Rolle."),
        ("h", "Das Auslegen"),
        ("p", "Jeder Frame beginnt damit, dass alle 20 Karten gemischt werden. Lege zehn "
              "davon offen als <b>Pins</b> aus: ein Dreieck aus vier Reihen, die hintere Reihe "
              "A–D am weitesten von dir weg, der Kopf‑Pin J am nächsten. Die übrigen zehn "
              "kommen verdeckt auf drei <b>Kugelstapel</b> zu 5, 3 und 2 Karten; dann wird die "
              "oberste Karte jedes Stapels aufgedeckt."),
        ("diagram", "deal"),
        ("h", "Pins abräumen"),
        ("p", "Nimm die offene oberste Karte eines beliebigen Stapels: das ist deine "
              "<b>Kugelkarte</b>. Sie räumt entweder <b>einen Pin gleichen Werts</b> ab oder "
              "<b>zwei bzw. drei Pins, die einander berühren</b> und deren Summe auf den Wert "
              "der Kugelkarte endet. Eine 6 räumt eine 6 ab, oder berührende 2 + 4, 1 + 2 + 3, "
              "7 + 9 (16) bzw. 8 + 8 + 0 (16)."),
        ("p", "Leg Kugelkarte und abgeräumte Pins offen und gut lesbar beiseite und deck die "
              "nächste Karte dieses Stapels auf."),
        ("diagram", "example"),
        ("p", "<b>Beispiel.</b> Offen liegen 7, 9 und 10. Im ersten Zug des Frames darf die 7 "
              "H + I (4 + 3 = 7), E + F + G (5 + 9 + 3 = 17) oder E + F + I (17) abräumen. Die "
              "einzelne 7 auf B (hintere Reihe) darf sie nicht nehmen, G + H auch nicht: Die "
              "Summe ist 7, aber die beiden berühren sich nicht. Die 9 darf F nicht allein "
              "nehmen, E + H (5 + 4) aber schon; die 10 räumt H + J (4 + 6) oder G + H + I "
              "(3 + 4 + 3) ab."),
        ("h", "Welche Pins sich berühren"),
        ("p", "Zwei Pins berühren sich, wenn sie im Dreieck Nachbarn sind: nebeneinander in "
              "einer Reihe oder schräg zwischen zwei Reihen. Genau diese 18 Paare, sonst keine:"),
        ("diagram", "adjacency"),
        ("h", "Wo ein Zug ansetzen darf"),
        ("ul", [
            "Der <b>erste Zug</b> eines Frames darf keinen Pin der hinteren Reihe (A, B, C, D) "
            "abräumen und F nicht allein nehmen. F zusammen mit anderen Pins ist erlaubt.",
            "Jeder <b>spätere Zug</b> muss mindestens einen Pin neben einer Lücke abräumen, die "
            "in diesem Frame schon entstanden ist. Sind E und H weg, ist C + G nicht erlaubt, "
            "F + C + G aber schon.",
        ]),
        ("h", "Erste und zweite Kugel"),
        ("p", "<b>Erste Kugel:</b> Spiel Kugelkarten nacheinander aus. Fallen alle zehn Pins, "
              "ist das ein <b>Strike</b> und der Frame ist vorbei. Sonst endet die erste Kugel, "
              "wenn keine offene Karte mehr passt – oder früher, wenn du aufhörst, um Karten "
              "für den Spare aufzuheben."),
        ("p", "<b>Zwischen den Kugeln:</b> Wirf die offene oberste Karte jedes Stapels, der "
              "noch eine hat, ungenutzt ab und deck jeweils die nächste auf. Ein leerer Stapel "
              "bleibt leer."),
        ("p", "<b>Zweite Kugel:</b> Spiel nach denselben Regeln weiter; für die "
              "Nachbarschaftsregel zählen alle Pins, die in diesem Frame gefallen sind. Fallen "
              "alle übrigen Pins, ist das ein <b>Spare</b>. Jede Kugel zählt die Pins, die sie "
              "abgeräumt hat."),
        ("h", "Wertung"),
        ("p", "Gezählt wird genau wie beim Zehn‑Pin‑Bowling, über zehn Frames. Ein <b>offener "
              "Frame</b> zählt seine Pins. Ein <b>Spare</b> zählt 10 plus die Pins der nächsten "
              "Kugel, ein <b>Strike</b> 10 plus die Pins der nächsten beiden Kugeln. Auf dem "
              "Block steht <b>X</b> für einen Strike (im rechten Kästchen), <b>/</b> für einen "
              "Spare, <b>–</b> für eine Kugel ohne Pin, sonst die Zahl der Pins; die "
              "Zwischensumme eines Frames wird eingetragen, sobald seine Bonuskugeln "
              "feststehen."),
        ("diagram", "pad"),
        ("p", "Frame 1: 10 + 7 + 3 = 20. Frame 2: 10 + 9 = 19, Summe 39. Frame 3: 9, Summe 48. "
              "Frame 4: 10 + 0 + 8 = 18, Summe 66. Frame 5: 8, Summe 74."),
        ("h", "Der zehnte Frame"),
        ("p", "Ein Strike im zehnten Frame bringt <b>zwei Bonuskugeln</b>, ein Spare <b>eine</b>. "
              "Sie werden mit den Karten gespielt: alle 20 mischen, einen frischen Frame "
              "auslegen, und dessen erste Kugel ist die Bonuskugel. Nach einem Strike im "
              "zehnten gilt: Ist diese Bonuskugel wieder ein Strike, wird für die zweite neu "
              "gemischt und ausgelegt; sonst ist die zweite Bonuskugel die zweite Kugel "
              "desselben Auslegens (abwerfen, aufdecken, weiterspielen). Bonuskugeln zählen "
              "nur für den zehnten Frame."),
        ("diagram", "tenth"),
        ("p", "Die letzten drei Frames eines fertigen Spiels. Frame 9: 10 + 10 + 7 = 27. "
              "Frame 10: ein Strike, dann Bonuskugeln mit 7 und 3; die 7 war kein Strike, also "
              "war die 3 die zweite Kugel desselben Auslegens: 10 + 7 + 3 = 20. Endstand 129."),
        ("h", "Wer gewinnt?"),
        ("p", "Allein jagst du das perfekte Spiel: zwölf Strikes, 300 Punkte. Zu mehreren spielt "
              "jeder reihum einen ganzen Frame; wer nach zehn Frames die meisten Pins hat, "
              "gewinnt."),
        ("h", "Ein Frame auf einen Blick"),
        ("ol", [
            "Alle 20 mischen. Zehn Pins offen, Stapel zu 5, 3 und 2 verdeckt, oberste Karten "
            "aufgedeckt.",
            "Erste Kugel: Kugelkarten spielen. Der erste Zug meidet die hintere Reihe und F "
            "allein; jeder spätere Zug grenzt an eine Lücke.",
            "Alle zehn gefallen: Strike. X eintragen, nächster Frame.",
            "Kein Zug mehr oder freiwilliger Schluss: jede offene oberste Karte abwerfen, die "
            "nächsten aufdecken.",
            "Zweite Kugel: weiterspielen. Alle gefallen: Spare, / eintragen.",
            "Zeichen und alle jetzt bekannten Summen eintragen, dann für den nächsten Frame "
            "mischen.",
        ]),
        ("h", "Tipps"),
        ("ul", [
            "Alles, was aus dem Spiel ist, bleibt offen liegen: Überlege vor jedem Zug, welche "
            "Werte noch verdeckt in den Stapeln stecken.",
            "Räum keinen Pin ab, wenn dadurch ein anderer isoliert wird, den keine Karte aus "
            "den Stapeln mehr nehmen kann; die erste Kugel früher zu beenden, rettet oft den "
            "Spare.",
            "Eine Öffnung durch die Mitte (F mit H oder I) lässt späteren Zügen die meisten "
            "Nachbarn offen und damit den größten Spielraum.",
        ]),
    ],
)

TEXTS: dict[str, RulesText] = {t.lang: t for t in (EN, ES, DE)}
LANGUAGES = tuple(TEXTS)
