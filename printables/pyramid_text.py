"""The Pyramid Solitaire rules card's words, in Basque, English and Spanish.

Our own text, from `shared/rules/pyramid-solitaire.md`; the seed (Basque, a
machine translation) is not quoted.  The Basque keeps to plain words and
short sentences: karta (card), errenkada (row), agerian (exposed, the
seed's own word), ateratzeko pila (the stock, the pile one draws from; the
seed's garbled "zozketa" meant this), hondakin-pila (the waste), kendu
(remove), ahoz gora / ahoz behera (face up / down).

Each language is a `RulesText` (see `printables.card`).  The drawings
are "pyramid", "pairs", "stock" and "three".  The last paragraph lists the
default switches, phrased here per language but taken from
`assistant.pyramid.rules.Rules()`, so the card follows the engine's defaults.
"""
from __future__ import annotations

from assistant.pyramid.rules import Rules
from printables.card import RulesText

# How each switch value reads, per language; `defaults_line` picks the
# defaults' values.  waste_pairs matters only with three waste piles.
SWITCH_WORDS: dict[str, dict[tuple[str, object], str]] = {
    "en": {
        ("draw", "one"): "one card per draw", ("draw", "three_piles"): "three waste piles",
        ("stock_top_available", False): "only the waste top is exposed",
        ("stock_top_available", True): "the stock's next card is exposed too",
        ("passes", 1): "one pass, no redeal", ("passes", 3): "three passes",
        ("passes", None): "unlimited passes",
        ("goal", "pyramid"): "goal: clear the pyramid", ("goal", "all52"): "goal: all 52 cards",
        ("end", "play_out"): "play on after the stock runs out",
        ("end", "at_empty_stock"): "the game ends when the stock runs out",
        ("overlap_pairs", False): "no pair with a card still covering it",
        ("overlap_pairs", True): "a card may pair with the card covering it",
        ("waste_pairs", True): "two waste tops may pair",
        ("waste_pairs", False): "two waste tops never pair",
    },
    "es": {
        ("draw", "one"): "una carta por robo", ("draw", "three_piles"): "tres pilas de descarte",
        ("stock_top_available", False): "solo está libre la carta de arriba del descarte",
        ("stock_top_available", True): "la siguiente carta del mazo también está libre",
        ("passes", 1): "una sola pasada, sin volver a repartir", ("passes", 3): "tres pasadas",
        ("passes", None): "pasadas sin límite",
        ("goal", "pyramid"): "objetivo: vaciar la pirámide",
        ("goal", "all52"): "objetivo: las 52 cartas",
        ("end", "play_out"): "se sigue jugando cuando el mazo se acaba",
        ("end", "at_empty_stock"): "la partida acaba al agotarse el mazo",
        ("overlap_pairs", False): "ninguna carta forma pareja con la que aún la cubre",
        ("overlap_pairs", True): "una carta puede formar pareja con la que la cubre",
        ("waste_pairs", True): "dos cartas de arriba del descarte pueden sumar 13",
        ("waste_pairs", False): "dos cartas de arriba del descarte nunca forman pareja",
    },
    "eu": {
        ("draw", "one"): "karta bat aldi bakoitzean", ("draw", "three_piles"): "hiru hondakin-pila",
        ("stock_top_available", False): "hondakin-pilaren goiko karta bakarrik dago agerian",
        ("stock_top_available", True): "ateratzeko pilaren hurrengo karta ere agerian dago",
        ("passes", 1): "pasaldi bakarra, berriz banatu gabe", ("passes", 3): "hiru pasaldi",
        ("passes", None): "pasaldi mugagabeak",
        ("goal", "pyramid"): "helburua: piramidea hustea", ("goal", "all52"): "helburua: 52 kartak",
        ("end", "play_out"): "pila agortuta ere, jokatzen jarraitu",
        ("end", "at_empty_stock"): "jokoa amaitzen da pila agortzean",
        ("overlap_pairs", False): "karta batek ez du bikoterik egiten oraindik gainean duen kartarekin",
        ("overlap_pairs", True): "karta batek gainean duen kartarekin bikotea egin dezake",
        ("waste_pairs", True): "hondakin-pilen goiko bi kartek bikotea egin dezakete",
        ("waste_pairs", False): "hondakin-pilen goiko bi kartek ez dute bikoterik egiten",
    },
}
SWITCH_ORDER = ("draw", "stock_top_available", "passes", "goal", "end", "overlap_pairs",
                "waste_pairs")


def defaults_line(lang: str, rules: Rules = Rules()) -> str:
    """The rule set in one line, "a · b · c", in the card's language."""
    words = SWITCH_WORDS[lang]
    parts = [words[(name, getattr(rules, name))] for name in SWITCH_ORDER
             if name != "waste_pairs" or rules.draw == "three_piles"]
    line = " · ".join(parts) + "."
    return line[0].upper() + line[1:]


EN = RulesText(
    lang="en",
    title="Pyramid Solitaire",
    subtitle="Also called Solitaire 13 · one player, one deck · rules card",
    footer="Tableside rules card",
    labels={
        "row": "row {n}", "start": "exposed at the start", "covered": "3.2 lies under 4.2 and 4.3",
        "stock": "stock", "down": "24 face down", "waste": "waste", "top": "only the top card is exposed",
        "turn": "turn one", "pile": "W{n}", "draw3": "each draw: one card on each pile",
        "king": "K alone: 13",
    },
    blocks=[
        ("h", "What you need"),
        ("p", "One player and a standard deck of 52 cards. Only the values count: <b>A = 1</b>, "
              "2 to 10 as printed, <b>J = 11, Q = 12, K = 13</b>. Suits never matter."),
        ("h", "The deal"),
        ("p", "Shuffle. Deal <b>28 cards face up</b> in a pyramid of seven rows: 1 card at the "
              "apex, then 2, 3 and so on down to 7. Each row overlaps the row above it, so every "
              "card outside row 7 is partly covered by the two cards below it. The other "
              "<b>24 cards</b> go face down as the <b>stock</b>; the <b>waste</b> pile starts "
              "empty."),
        ("keep", [
            ("diagram", "pyramid"),
            ("p", "Places are named row.column: 1.1 is the apex, 7.1 to 7.7 the bottom row."),
        ]),
        ("h", "Exposed cards"),
        ("p", "A pyramid card is <b>exposed</b> when no card covers it: it lies in row 7, or "
              "both cards covering it have gone. At the start only the seven cards of row 7 "
              "are exposed. Of the stock's cards, only the top card of the waste is exposed."),
        ("h", "Removing cards"),
        ("p", "Remove an exposed <b>King on its own</b>, or <b>two exposed cards that add up to "
              "13</b>: two pyramid cards, or a pyramid card and the waste top. Removed cards "
              "leave the game. Two cards of the same value never pair."),
        ("diagram", "pairs"),
        ("p", "Removing is always optional: keeping a pair for later can be the better play."),
        ("h", "Stock and waste"),
        ("p", "At any time, even when a pair is possible, turn the top card of the stock face "
              "up onto the waste, where it covers the card before. When the waste top is "
              "removed, the card beneath it is exposed again. You go through the stock "
              "<b>once</b>: there is no redeal."),
        ("diagram", "stock"),
        ("h", "The end"),
        ("p", "You <b>win</b> when all 28 pyramid cards are gone; cards left in the stock or the "
              "waste do not matter. Otherwise the game ends when the stock is empty and no "
              "removal is left (or you stop)."),
        ("h", "Draw option: three waste piles"),
        ("keep", [
            ("p", "Instead of one card at a time, turn <b>three</b>. The first three go side by "
                  "side as three waste piles, W1, W2 and W3. Every later draw turns three more "
                  "and puts one on each pile, always in the same order. The top card of each "
                  "pile is exposed, so up to three stock cards can be used, and two of them may "
                  "pair with each other. Still one pass: 8 draws of three."),
            ("diagram", "three"),
        ]),
        ("h", "Tableside’s default rules"),
        ("p", defaults_line("en")),
    ],
)


ES = RulesText(
    lang="es",
    title="Solitario pirámide",
    subtitle="También llamado Solitario 13 · un jugador, una baraja · tarjeta de reglas",
    footer="Tarjeta de reglas de Tableside",
    labels={
        "row": "fila {n}", "start": "libres al empezar", "covered": "3.2 queda bajo 4.2 y 4.3",
        "stock": "mazo", "down": "24 boca abajo", "waste": "descarte",
        "top": "solo está libre la de arriba", "turn": "vuelve una", "pile": "D{n}",
        "draw3": "cada robo: una carta en cada pila",
        "king": "rey solo: 13",
    },
    blocks=[
        ("h", "Qué se necesita"),
        ("p", "Un jugador y una baraja francesa de 52 cartas. Solo cuenta el valor: <b>A = 1</b>, "
              "del 2 al 10 lo que marcan, <b>J = 11, Q = 12, K = 13</b>. El palo no importa "
              "nunca."),
        ("h", "El reparto"),
        ("p", "Baraja. Reparte <b>28 cartas boca arriba</b> en una pirámide de siete filas: 1 "
              "carta en la cima, después 2, 3 y así hasta 7. Cada fila tapa en parte la de "
              "encima, de modo que toda carta fuera de la fila 7 queda medio cubierta por las "
              "dos cartas de debajo. Las otras <b>24 cartas</b> forman el <b>mazo</b>, boca "
              "abajo; el <b>descarte</b> empieza vacío."),
        ("keep", [
            ("diagram", "pyramid"),
            ("p", "Cada sitio se nombra fila.columna: 1.1 es la cima, de 7.1 a 7.7 la fila de "
                  "abajo."),
        ]),
        ("h", "Cartas libres"),
        ("p", "Una carta de la pirámide está <b>libre</b> cuando ninguna carta la cubre: está en "
              "la fila 7 o ya se retiraron las dos cartas que la cubrían. Al empezar solo están "
              "libres las siete cartas de la fila 7. Del mazo, solo está libre la carta de "
              "arriba del descarte."),
        ("h", "Retirar cartas"),
        ("p", "Retira un <b>rey libre solo</b>, o <b>dos cartas libres que sumen 13</b>: dos de "
              "la pirámide, o una de la pirámide y la de arriba del descarte. Las cartas "
              "retiradas salen del juego. Dos cartas del mismo valor nunca forman pareja."),
        ("diagram", "pairs"),
        ("p", "Retirar es siempre opcional: guardar una pareja para más tarde puede ser la mejor "
              "jugada."),
        ("h", "Mazo y descarte"),
        ("p", "En cualquier momento, aunque haya una pareja posible, vuelve la carta de arriba "
              "del mazo y ponla boca arriba sobre el descarte, tapando la anterior. Al retirar la "
              "carta de arriba del descarte, la de debajo vuelve a estar libre. El mazo se "
              "recorre <b>una sola vez</b>: no se vuelve a repartir."),
        ("diagram", "stock"),
        ("h", "Fin de la partida"),
        ("p", "<b>Ganas</b> cuando retiras las 28 cartas de la pirámide; las que queden en el "
              "mazo o en el descarte no importan. Si no, la partida acaba cuando el mazo está "
              "vacío y no queda nada que retirar (o decides parar)."),
        ("h", "Opción de robo: tres pilas de descarte"),
        ("keep", [
            ("p", "En lugar de una carta cada vez, vuelve <b>tres</b>. Las tres primeras se "
                  "ponen una al lado de otra como tres pilas de descarte: D1, D2 y D3. Cada robo "
                  "siguiente vuelve tres cartas más y pone una en cada pila, siempre en el mismo "
                  "orden. La carta de arriba de cada pila está libre, así que se pueden usar "
                  "hasta tres cartas del mazo, y dos de ellas pueden formar pareja entre sí. "
                  "Sigue habiendo una sola pasada: 8 robos de tres."),
            ("diagram", "three"),
        ]),
        ("h", "Reglas por defecto de Tableside"),
        ("p", defaults_line("es")),
    ],
)


EU = RulesText(
    lang="eu",
    title="Piramide bakarkakoa",
    subtitle="Solitaire 13 ere deitzen zaio · jokalari bat, sorta bat · arau-orria",
    footer="Tableside-ren arau-orria",
    labels={
        "row": "{n}. errenkada", "start": "hasieran agerian",
        "covered": "3.2 karta 4.2 eta 4.3 kartek estaltzen dute",
        "stock": "ateratzeko pila", "down": "24 ahoz behera", "waste": "hondakin-pila",
        "top": "goiko karta bakarrik dago agerian", "turn": "atera bat", "pile": "H{n}",
        "draw3": "aldi bakoitzean: karta bat pila bakoitzean",
        "king": "K bakarrik: 13",
    },
    blocks=[
        ("h", "Zer behar da"),
        ("p", "Jokalari bat eta 52 kartako sorta arrunt bat. Balioa bakarrik da garrantzitsua: "
              "<b>A = 1</b>, 2tik 10era kartak duen zenbakia, <b>J = 11, Q = 12, K = 13</b>. "
              "Paloak ez du inoiz axola."),
        ("h", "Banaketa"),
        ("p", "Nahastu kartak. Banatu <b>28 karta ahoz gora</b>, zazpi errenkadako piramide "
              "batean: goian bat, gero bi, eta horrela zazpira arte. Errenkada bakoitzak goikoa "
              "estaltzen du zati batean: 7. errenkadatik kanpoko karta bakoitza azpiko bi kartek "
              "estaltzen dute. Gainerako <b>24 kartak</b> ahoz behera geratzen dira: hori da "
              "<b>ateratzeko pila</b>. <b>Hondakin-pila</b> hutsik hasten da."),
        ("keep", [
            ("diagram", "pyramid"),
            ("p", "Leku bakoitzak izen bat du, errenkada.zutabea: 1.1 gailurra da, eta 7.1etik "
                  "7.7ra beheko errenkada."),
        ]),
        ("h", "Agerian dauden kartak"),
        ("p", "Piramideko karta bat <b>agerian</b> dago beste kartarik gainean ez duenean: 7. "
              "errenkadan dago, edo estaltzen zuten bi kartak kenduta daude. Hasieran 7. "
              "errenkadako zazpi kartak bakarrik daude agerian. Ateratzeko pilaren kartetatik, "
              "hondakin-pilaren goiko karta bakarrik dago agerian."),
        ("h", "Kartak kentzea"),
        ("p", "Kendu agerian dagoen <b>K bat bakarrik</b>, edo <b>13 batzen duten bi karta</b>, "
              "biak agerian: piramideko bi karta, edo piramideko bat eta hondakin-pilaren "
              "goikoa. Kendutako kartak jokotik kanpo geratzen dira. Balio bereko bi kartek ez "
              "dute inoiz bikoterik egiten."),
        ("diagram", "pairs"),
        ("p", "Kentzea beti da hautazkoa: batzuetan hobe da bikote bat gerorako gordetzea."),
        ("h", "Ateratzeko pila eta hondakin-pila"),
        ("p", "Edozein unetan, bikote bat egin badaiteke ere, hartu ateratzeko pilaren goiko "
              "karta eta jarri ahoz gora hondakin-pilaren gainean. Aurreko karta estaltzen du. "
              "Hondakin-pilaren goiko karta kentzen duzunean, azpikoa agerian geratzen da "
              "berriro. Ateratzeko pila <b>behin bakarrik</b> igarotzen da: ez da berriz "
              "banatzen."),
        ("diagram", "stock"),
        ("h", "Jokoaren amaiera"),
        ("p", "<b>Irabazi</b> egiten duzu piramideko 28 kartak kentzen dituzunean. Ateratzeko "
              "pilan edo hondakin-pilan geratzen diren kartek ez dute axola. Bestela, jokoa "
              "amaitzen da ateratzeko pila hutsik dagoenean eta kentzeko ezer geratzen ez denean "
              "(edo zuk jokatzeari uzten diozunean)."),
        ("h", "Aukera: hiru hondakin-pila"),
        ("keep", [
            ("p", "Aldi bakoitzean karta bat atera beharrean, atera <b>hiru</b>. Lehen hirurak "
                  "bata bestearen ondoan jartzen dira, hiru hondakin-pila bereizi gisa: H1, H2 "
                  "eta H3. Hurrengo aldi bakoitzean, atera beste hiru eta jarri bana pila "
                  "bakoitzean, beti ordena berean. Pila bakoitzaren goiko karta agerian dago. "
                  "Beraz, gehienez hiru karta erabil daitezke, eta horietako bik elkarrekin "
                  "bikotea egin dezakete. Hala ere, pila behin bakarrik igarotzen da: hiruko 8 "
                  "aldi."),
            ("diagram", "three"),
        ]),
        ("h", "Tableside-ren arau lehenetsiak"),
        ("p", defaults_line("eu")),
    ],
)

TEXTS: dict[str, RulesText] = {t.lang: t for t in (EU, EN, ES)}
LANGUAGES = tuple(TEXTS)
