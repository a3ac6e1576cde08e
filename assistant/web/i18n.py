"""The pages' words in several languages, and which language a request gets.

A `Catalog` is one dictionary per language: templates read it through `t(key)`
and each page's script gets the same dictionary as JSON (`static/js/i18n.js`),
so a word is written once per language.  The language comes from `?lang=`
(remembered in a cookie, shared by every game's pages), else the browser's
Accept-Language, else English.  Each area has its own catalog: Bowling's
(`bowling_words.py`: English, Spanish, German, the rules cards' languages),
Topple's (`topple_words.py`: English, Spanish); pages without one (Pyramid)
stay English.  The page chrome of `base.html` (`CHROME`) is in every catalog.
"""
from __future__ import annotations

from flask import Flask, current_app, request

COOKIE = "tableside_lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
DEFAULT = "en"

# Each language named in itself, as the switcher and the print page show it.
NAMES = {"en": "English", "es": "Español", "de": "Deutsch"}

# The words base.html, the switcher and the error page use, in every language we have.
CHROME: dict[str, dict[str, str]] = {
    "en": {
        "home_label": "Tableside home", "nav_print": "Print", "language": "Language",
        "error_back": "Back to the games",
        "error_400": "That request didn't make sense to us.",
        "error_404": "We couldn't find that page or game.",
        "error_405": "That isn't something this page can do.",
        "error_409": "The game changed on another screen.",
        "error_413": "That photo is too big (the limit is 25 MB).",
        "error_500": "Something went wrong on our side.",
        "error_503": "Tableside is busy.",
        "error_other": "Something went wrong.",
        "error_note": "The reason is given in English.",
        "net_unreachable": "can't reach Tableside: is the computer still on and on the same Wi-Fi?",
        "net_too_big": "that photo is too big to send (at most 25 MB)",
        "net_status": "the server answered {status}",
    },
    "es": {
        "home_label": "Inicio de Tableside", "nav_print": "Imprimir", "language": "Idioma",
        "error_back": "Volver a las partidas",
        "error_400": "No hemos entendido esa petición.",
        "error_404": "No encontramos esa página o partida.",
        "error_405": "Esta página no puede hacer eso.",
        "error_409": "La partida ha cambiado en otra pantalla.",
        "error_413": "Esa foto es demasiado grande (el límite es 25 MB).",
        "error_500": "Algo ha fallado por nuestra parte.",
        "error_503": "Tableside está ocupado.",
        "error_other": "Algo ha fallado.",
        "error_note": "El motivo aparece en inglés.",
        "net_unreachable": "no se puede contactar con Tableside: ¿sigue encendido el ordenador y en la misma wifi?",
        "net_too_big": "esa foto es demasiado grande para enviarla (25 MB como máximo)",
        "net_status": "el servidor respondió {status}",
    },
    "de": {
        "home_label": "Tableside-Startseite", "nav_print": "Drucken", "language": "Sprache",
        "error_back": "Zurück zu den Spielen",
        "error_400": "Mit dieser Anfrage können wir nichts anfangen.",
        "error_404": "Diese Seite oder dieses Spiel gibt es nicht.",
        "error_405": "Das kann diese Seite nicht.",
        "error_409": "Das Spiel wurde auf einem anderen Bildschirm geändert.",
        "error_413": "Das Foto ist zu groß (höchstens 25 MB).",
        "error_500": "Bei uns ist etwas schiefgegangen.",
        "error_503": "Tableside ist gerade beschäftigt.",
        "error_other": "Etwas ist schiefgegangen.",
        "error_note": "Der Grund wird auf Englisch angegeben.",
        "net_unreachable": "Tableside ist nicht erreichbar: Läuft der Computer noch, und ist er im selben WLAN?",
        "net_too_big": "das Foto ist zu groß zum Senden (höchstens 25 MB)",
        "net_status": "der Server antwortete mit {status}",
    },
}


class Catalog:
    """One area's words: {language: {key: text}}, the first language the fallback."""

    def __init__(self, strings: dict[str, dict[str, str]]):
        self.strings = {lang: {**CHROME[lang], **words} for lang, words in strings.items()}
        self.languages = tuple(strings)

    def language(self) -> str:
        """The request's language: ?lang=, else the cookie, else Accept-Language, else English."""
        for asked in (request.args.get("lang"), request.cookies.get(COOKIE)):
            if asked in self.languages:
                return asked
        return request.accept_languages.best_match(self.languages) or self.languages[0]

    def translator(self, lang: str):
        """t(key, **values): the word in `lang` with {values} filled in."""
        words, fallback = self.strings[lang], self.strings[self.languages[0]]

        def t(key: str, **values) -> str:
            text = words.get(key) or fallback.get(key, key)   # tests check every key is in each
            return text.format(**values) if values else text
        return t

    def context(self) -> dict:
        """What every template gets: lang, t, the dictionary (for the script), the switcher's
        languages (`page_languages`: a view's own `languages` must not hide it)."""
        lang = self.language()
        return {"lang": lang, "t": self.translator(lang), "strings": self.strings[lang],
                "page_languages": [(code, NAMES[code]) for code in self.languages]}


ENGLISH_ONLY = Catalog({"en": {}})


def catalog_for(blueprint: str | None) -> Catalog:
    """The catalog of the blueprint serving this request (the app's default for the rest)."""
    by_blueprint = current_app.extensions["i18n"]
    return by_blueprint.get(blueprint, by_blueprint[None])


def current() -> dict:
    """This request's language and translator, for views that put words together in Python."""
    return catalog_for(request.blueprint).context()


def init_app(app: Flask, default: Catalog, by_blueprint: dict[str, Catalog]) -> None:
    """Give every template its catalog's words, and remember a chosen ?lang= in a cookie."""
    app.extensions["i18n"] = {None: default, **by_blueprint}

    @app.context_processor
    def words():
        return current()

    @app.after_request
    def remember(response):
        asked = request.args.get("lang")
        if asked in NAMES and response.mimetype == "text/html":
            response.set_cookie(COOKIE, asked, max_age=COOKIE_MAX_AGE, samesite="Lax",
                                httponly=True)
        return response
