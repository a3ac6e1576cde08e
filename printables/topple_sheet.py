"""The Topple score sheet: a row per round, a running total per player.

Each player has a block of columns: the round's points (one column per
colour when two players play two colours each), the topple column (−10 for
causing one, +3 for the player before) and the running total.  The sheet is
printed blank (2–4 players, names optional) or filled from plain data, so it
does not depend on the Topple engine; the engine, the CLI and the web app
hand it the same shape:

    players: [{"name": "Ann", "colours": ["pink", "yellow"]},
              {"name": "Ben", "colours": ["orange", "green"]}]
        seating order; two colours each with two players, one each with 3 or 4
    rounds:  [{"points": {"Ann": {"pink": 5, "yellow": 0}, "Ben": {"orange": 3}},
               "topples": {"Ben": -10, "Ann": 3}}, ...]
        the rounds played, in order; a player or colour left out scored 0;
        "topples" is each player's net topple points in the round (optional)
    target:  the winning score agreed before play (a positive whole number)

A round's score is its points plus its topples; the total runs on from round
to round.  The game is over once a listed round ends with a total at or above
the target, and the highest total wins (equal highest totals share the win).
"""
from __future__ import annotations

from typing import BinaryIO, Sequence

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Table, TableStyle

from printables.card import check_lang
from printables.fonts import register_fonts, wrap_words
from printables.grid import _fit_text
from printables.paper import (Output, PrintError, canvas_maker, paper_for, paper_size,
                               render_bytes, write_pdf)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_NAME = 40
MARGIN_MM = 12.0
HEADER_MM = 22.0
FOOTER_MM = 8.0
ROUND_W_MM = 16.0
ROW_H_MM = 11.0
HEAD_H_MM = 7.5
BLANK_ROUNDS = 18

LINE = Color(0.15, 0.15, 0.15)
SOFT = Color(0.40, 0.40, 0.42)
HEADER_FILL = Color(0.92, 0.92, 0.92)
TOTAL_FILL = Color(0.96, 0.97, 0.99)

LABELS = {
    "en": {"title": "Topple · score sheet", "round": "Round", "points": "points",
           "topple": "topple", "total": "total", "colour": "colour {n}", "target": "Target",
           "date": "Date", "player": "Player {n}", "winner": "Winner: {names} ({score})",
           "tie": "Shared win: {names} ({score})", "playing": "Game in progress",
           "and": "and",
           "legend": "Round score = points + topples. S1 completing a line: 3 + 1 per other stack "
                     "topped by your colour · S2 adding to a full line: 1 per stack topped by your "
                     "colour · S3 a stack that had 3+: 1 per piece of your colour · topple −10, "
                     "+3 to the player before"},
    "es": {"title": "Topple · hoja de puntuación", "round": "Ronda", "points": "puntos",
           "topple": "derribo", "total": "total", "colour": "color {n}", "target": "Meta",
           "date": "Fecha", "player": "Jugador {n}", "winner": "Gana: {names} ({score})",
           "tie": "Empate: {names} ({score})", "playing": "Partida en curso", "and": "y",
           "legend": "Puntos de la ronda = puntos + derribos. S1 completar una línea: 3 + 1 por "
                     "otra pila con tu color arriba · S2 añadir a una línea llena: 1 por pila con "
                     "tu color arriba · S3 pila que ya tenía 3+: 1 por pieza de tu color · "
                     "derribo −10, +3 al jugador anterior"},
}


# --- checking the data --------------------------------------------------------

def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PrintError(f"{what} must be a whole number (got {value!r})")
    return value


def parse_players(players) -> list[dict]:
    """Clean names and colours; 2–4 players, two colours each for two players, one otherwise."""
    if not isinstance(players, (list, tuple)):
        raise PrintError("players must be a list of {\"name\", \"colours\"}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PrintError(f"Topple is for {MIN_PLAYERS} to {MAX_PLAYERS} players (got {len(players)})")
    per_player = 2 if len(players) == 2 else 1
    clean, seen_names, seen_colours = [], set(), set()
    for n, p in enumerate(players, start=1):
        if not isinstance(p, dict):
            raise PrintError(f"player {n} is not an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise PrintError(f"player {n} has no name")
        name = " ".join(name.split())[:MAX_NAME]
        if name in seen_names:
            raise PrintError(f"two players are called {name!r}")
        colours = p.get("colours")
        if (not isinstance(colours, (list, tuple)) or len(colours) != per_player
                or not all(isinstance(c, str) and c.strip() for c in colours)):
            raise PrintError(f"{name} needs {per_player} colour{'s' if per_player > 1 else ''} "
                             f"with {len(players)} players")
        colours = [c.strip() for c in colours]
        for c in colours:
            if c in seen_colours:
                raise PrintError(f"colour {c!r} is given twice")
            seen_colours.add(c)
        seen_names.add(name)
        clean.append({"name": name, "colours": colours})
    return clean


def parse_rounds(rounds, players: list[dict]) -> list[dict]:
    """Every round as {"points": {name: {colour: int}}, "topples": {name: int}}, zeros filled in."""
    if not isinstance(rounds, (list, tuple)):
        raise PrintError("rounds must be a list")
    colours_of = {p["name"]: p["colours"] for p in players}
    clean = []
    for n, r in enumerate(rounds, start=1):
        if not isinstance(r, dict):
            raise PrintError(f"round {n} is not an object")
        points = r.get("points") or {}
        topples = r.get("topples") or {}
        if not isinstance(points, dict) or not isinstance(topples, dict):
            raise PrintError(f"round {n}: \"points\" and \"topples\" must be objects")
        row = {"points": {p: {c: 0 for c in cs} for p, cs in colours_of.items()},
               "topples": {p: 0 for p in colours_of}}
        for name, by_colour in points.items():
            if name not in colours_of:
                raise PrintError(f"round {n}: {name!r} is not playing")
            if not isinstance(by_colour, dict):
                raise PrintError(f"round {n}: points of {name} must be {{colour: points}}")
            for colour, value in by_colour.items():
                if colour not in colours_of[name]:
                    raise PrintError(f"round {n}: {colour!r} is not a colour of {name}")
                row["points"][name][colour] = _whole(value, f"round {n}: {name}'s {colour} points")
        for name, value in topples.items():
            if name not in colours_of:
                raise PrintError(f"round {n}: {name!r} is not playing")
            row["topples"][name] = _whole(value, f"round {n}: {name}'s topple points")
        clean.append(row)
    return clean


def running_totals(players: list[dict], rounds: list[dict]) -> list[dict[str, int]]:
    """Each player's total after each round."""
    totals = {p["name"]: 0 for p in players}
    out = []
    for r in rounds:
        for name in totals:
            totals[name] += sum(r["points"][name].values()) + r["topples"][name]
        out.append(dict(totals))
    return out


def result(players: list[dict], rounds: list[dict], target: int) -> tuple[list[str], int] | None:
    """(winners, score) once a round has ended with someone at or above the target, else None."""
    if not rounds:
        return None
    final = running_totals(players, rounds)[-1]
    best = max(final.values())
    if best < target:
        return None
    return [p["name"] for p in players if final[p["name"]] == best], best


# --- the page -----------------------------------------------------------------

def _columns(players: list[dict], two_colours: bool) -> list[tuple[int, str]]:
    """(player index, kind) per column after the round column; kind: a colour, "points",
    "topple" or "total"."""
    cols = []
    for i, p in enumerate(players):
        kinds = list(p["colours"]) if two_colours else ["points"]
        cols += [(i, k) for k in kinds] + [(i, "topple"), (i, "total")]
    return cols


def _signed(value: int) -> str:
    return "" if value == 0 else (f"+{value}" if value > 0 else f"\u2212{-value}")


def _table(players: list[dict], rounds: list[dict] | None, lang: str, width_mm: float,
           blank_rounds: int) -> Table:
    regular, bold = register_fonts()
    lab = LABELS[lang]
    two = len(players) == 2
    cols = _columns(players, two)
    per_player = len(cols) // len(players)
    sub_w = (width_mm - ROUND_W_MM) / len(cols)
    name_w = sub_w * per_player * mm - 4
    head = [lab["round"]]
    sub = [""]
    name_sizes = []
    for p in players:
        name, size = _fit_text(p["name"], bold, 10, name_w) if p["name"] else ("", 10)
        head += [name] + [""] * (per_player - 1)
        name_sizes.append(size)
    for i, kind in cols:
        if kind in ("topple", "total"):
            sub.append(lab[kind])
        elif kind == "points":
            sub.append(lab["points"])
        else:
            sub.append(_fit_text(kind, regular, 7.5, sub_w * mm - 2)[0])
    body = []
    if rounds is None:
        body = [[str(n)] + [""] * len(cols) for n in range(1, blank_rounds + 1)]
    else:
        totals = running_totals(players, rounds)
        for n, (r, after) in enumerate(zip(rounds, totals), start=1):
            row = [str(n)]
            for i, kind in cols:
                name = players[i]["name"]
                if kind == "topple":
                    row.append(_signed(r["topples"][name]))
                elif kind == "total":
                    row.append(str(after[name]).replace("-", "\u2212"))
                elif kind == "points":
                    row.append(str(sum(r["points"][name].values())))
                else:
                    row.append(str(r["points"][name][kind]))
            body.append(row)
    data = [head, sub] + body
    table = Table(data, colWidths=[ROUND_W_MM * mm] + [sub_w * mm] * len(cols),
                  rowHeights=[HEAD_H_MM * mm, HEAD_H_MM * mm] + [ROW_H_MM * mm] * len(body),
                  repeatRows=2, hAlign="LEFT")
    style = [
        ("FONT", (0, 0), (-1, -1), regular, 11),
        ("FONT", (0, 0), (-1, 0), bold, 10),
        ("FONT", (0, 1), (-1, 1), regular, 7.5),
        ("TEXTCOLOR", (0, 1), (-1, 1), SOFT),
        ("FONT", (0, 2), (0, -1), bold, 10),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (-1, 1), HEADER_FILL),
        ("SPAN", (0, 0), (0, 1)),
        ("GRID", (0, 0), (-1, -1), 0.4, LINE),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2), ("TOPPADDING", (0, 0), (-1, -1), 1),
    ]
    for i in range(len(players)):
        first = 1 + i * per_player
        last = first + per_player - 1
        style += [("SPAN", (first, 0), (last, 0)),
                  ("FONT", (first, 0), (first, 0), bold, name_sizes[i]),
                  ("BACKGROUND", (last, 2), (last, -1), TOTAL_FILL),
                  ("FONT", (last, 2), (last, -1), bold, 11),
                  ("LINEBEFORE", (first, 0), (first, -1), 1.4, LINE)]
    style.append(("LINEAFTER", (-1, 0), (-1, -1), 1.4, LINE))
    table.setStyle(TableStyle(style))
    return table


def _render(out: BinaryIO, players: list[dict], rounds: list[dict] | None, target: int | None,
            lang: str, paper: str) -> None:
    regular, bold = register_fonts()
    lab = LABELS[lang]
    page_w, page_h = paper_size(paper)
    width_mm = page_w / mm - 2 * MARGIN_MM
    body_h = page_h / mm - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM
    blank_rounds = min(BLANK_ROUNDS, int((body_h - 2 * HEAD_H_MM - 1) // ROW_H_MM))
    outcome = None if rounds is None or target is None else result(players, rounds, target)
    if outcome:
        names, score = outcome
        joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {lab['and']} {names[-1]}"
        verdict = lab["winner" if len(names) == 1 else "tie"].format(names=joined, score=score)
    elif rounds is not None:
        verdict = lab["playing"]
    else:
        verdict = ""

    def page(canvas, doc):
        canvas.saveState()
        top = page_h - MARGIN_MM * mm
        canvas.setFont(bold, 17)
        canvas.drawString(MARGIN_MM * mm, top - 7 * mm, lab["title"])
        canvas.setFont(bold, 12)
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 7 * mm, verdict)
        canvas.setFont(regular, 9)
        canvas.setFillColor(SOFT)
        canvas.drawString(MARGIN_MM * mm, top - 14 * mm,
                          f"{lab['target']}: {target if target is not None else '________'}")
        canvas.drawString(MARGIN_MM * mm + 40 * mm, top - 14 * mm, f"{lab['date']}: ______________")
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 14 * mm, f"Tableside · {doc.page}")
        canvas.setFont(regular, 6.8)
        lines = wrap_words(lab["legend"], regular, 6.8, page_w - 2 * MARGIN_MM * mm)[:2]
        for k, line in enumerate(lines):          # the scoring reminder under the table
            canvas.drawString(MARGIN_MM * mm, MARGIN_MM * mm + (len(lines) - 1 - k) * 8.3, line)
        canvas.restoreState()

    frame = Frame(MARGIN_MM * mm, (MARGIN_MM + FOOTER_MM) * mm, width_mm * mm, body_h * mm,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="sheet")
    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=lab["title"], author="Tableside",
                          lang=lang, leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([PageTemplate(id="sheet", frames=[frame], onPage=page)])
    doc.build([_table(players, rounds, lang, width_mm, blank_rounds)], canvasmaker=canvas_maker())


# --- public builders ------------------------------------------------------------

def _options(lang: str, paper: str | None) -> tuple[str, str]:
    lang = check_lang(lang, LABELS)
    return lang, paper_for(lang, paper)


def _target(target) -> int:
    target = _whole(target, "target")
    if target < 1:
        raise PrintError(f"target must be at least 1 (got {target})")
    return target


def topple_sheet(players: list[dict], rounds: list[dict], target: int, out: Output, *,
                 lang: str = "en", paper: str | None = None) -> Output:
    """Write the filled sheet (data shape in the module docstring) to a path, atomically, or
    to a binary file object; return it."""
    lang, paper = _options(lang, paper)
    players = parse_players(players)
    rounds = parse_rounds(rounds, players)
    target = _target(target)
    return write_pdf(lambda buf: _render(buf, players, rounds, target, lang, paper), out)


def topple_sheet_bytes(players: list[dict], rounds: list[dict], target: int, *,
                       lang: str = "en", paper: str | None = None) -> bytes:
    lang, paper = _options(lang, paper)
    players = parse_players(players)
    rounds = parse_rounds(rounds, players)
    target = _target(target)
    return render_bytes(lambda buf: _render(buf, players, rounds, target, lang, paper))


def blank_topple_sheet(out: Output, *, players: int = 2, names: Sequence[str] = (),
                       target: int | None = None, lang: str = "en",
                       paper: str | None = None) -> Output:
    """Write a blank sheet for `players` players (names optional) to a path or file object."""
    lang, paper = _options(lang, paper)
    rows = _blank_rows(players, names, lang)
    target = None if target is None else _target(target)
    return write_pdf(lambda buf: _render(buf, rows, None, target, lang, paper), out)


def blank_topple_sheet_bytes(*, players: int = 2, names: Sequence[str] = (),
                             target: int | None = None, lang: str = "en",
                             paper: str | None = None) -> bytes:
    lang, paper = _options(lang, paper)
    rows = _blank_rows(players, names, lang)
    target = None if target is None else _target(target)
    return render_bytes(lambda buf: _render(buf, rows, None, target, lang, paper))


def _blank_rows(count, names: Sequence[str], lang: str) -> list[dict]:
    """Players for a blank sheet: names where given; colour columns labelled "colour 1/2" to
    be filled in at the table."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise PrintError(f"players must be a whole number (got {count!r})")
    names = [" ".join(str(n).split())[:MAX_NAME] for n in names]
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PrintError(f"Topple is for {MIN_PLAYERS} to {MAX_PLAYERS} players (got {count})")
    if names and len(names) != count:
        raise PrintError(f"{len(names)} names given for {count} players")
    colour = LABELS[lang]["colour"]
    per_player = 2 if count == 2 else 1
    return [{"name": names[i] if names else "",
             "colours": [colour.format(n=k) for k in range(1, per_player + 1)]}
            for i in range(count)]
