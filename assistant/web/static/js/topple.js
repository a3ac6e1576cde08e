// Topple's turn screen: die, board, topple dialog, scores. The server's Game is the truth;
// this script only draws its JSON and sends one event per tap (with "version", so a double tap
// or a second phone is refused instead of recorded twice).
import { getJSON, postJSON } from "./api.js";
import { el } from "./dom.js";

const root = document.getElementById("topple");
const gameId = root.dataset.gameId;
const T = JSON.parse(document.getElementById("strings").textContent);
// The boxed set's colours (translated) and a few more a home-made set might use.
const KNOWN = ["pink", "yellow", "orange", "green", "red", "blue", "purple", "white", "black"];
const $ = (id) => document.getElementById(id);
document.documentElement.lang = root.dataset.lang;   // base.html says "en"; screen readers need this

let game = null;        // the server's view
let roll = null;        // the die the player tapped or the app rolled
let colour = null;      // two-player games: the colour chosen for this turn
let best = null;        // the best option for this roll, when asked
let summarySeen = -1;   // events count at which the round summary was dismissed
let busy = false;

const fmt = (key, values = {}) =>
  (T[key] || key).replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
const colourName = (c) => T[c] || c;
const colourClass = (c) => "pc-" + (KNOWN.includes(c.toLowerCase()) ? c.toLowerCase() : "other");

function swatch(c) {
  const s = el("span", "swatch " + colourClass(c));
  s.title = colourName(c);
  return s;
}

function showError(message) {
  $("tp-error").textContent = message;
  $("tp-error").hidden = false;
}

function hideError() { $("tp-error").hidden = true; }

// ---- words ---------------------------------------------------------------------------

function lineName(line) {
  const [kind, ...rest] = line.split(" ");
  return fmt(kind, { x: rest.join(" ") });
}

function partText(p) {
  const tops = T[p.count === 1 ? "top_1" : "top_n"];
  if (p.rule === "S1") {
    return fmt(p.count ? "S1" : "S1_zero", { line: lineName(p.line), count: p.count, tops });
  }
  if (p.rule === "S2") return fmt("S2", { line: lineName(p.line), count: p.count, tops });
  return fmt("S3", { count: p.count, pieces: T[p.count === 1 ? "piece_1" : "piece_n"] });
}

function describe(entry) {
  const ev = entry.event || {};
  const name = entry.player;
  let text;
  if (entry.kind === "place") {
    text = fmt("ev_place", { name, colour: colourName(entry.colour),
                             space: String(ev.space).toUpperCase(), roll: ev.roll });
    if (!game.rules.junior) {
      const pts = entry.score.points;
      text += ": " + (pts ? `+${pts} (${entry.score.parts.map(partText).join("; ")})` : T.no_points);
    }
  } else if (entry.kind === "topple") {
    const before = Object.keys(entry.changes).find((n) => n !== name);
    text = game.rules.junior ? fmt("ev_topple_out", { name })
      : ev.late_fall ? fmt("ev_topple_late", { name, before })
        : before ? fmt("ev_topple_placing", { name, before }) : fmt("ev_topple_knock", { name });
  } else if (entry.kind === "pass") {
    text = fmt("ev_pass", { name });
  } else if (entry.kind === "start") {
    text = fmt("ev_start", { name, n: entry.round });
  } else {
    const pts = entry.changes[name];
    text = fmt("ev_fix", { name, points: pts > 0 ? `+${pts}` : pts });
  }
  if (entry.ended_round) text += " · " + fmt("ev_round_end", { n: entry.round });
  return text;
}

// ---- drawing ---------------------------------------------------------------------------

function render() {
  hideError();
  const over = game.over;
  const last = game.history[game.history.length - 1];
  const roundJustEnded = !over && last && last.ended_round && summarySeen !== game.events;
  const awaitingStart = !over && game.awaiting === "start";
  const playing = !over && !roundJustEnded && !awaitingStart;
  renderStatus(last);
  renderSummary(over, roundJustEnded, awaitingStart);
  $("tp-play").hidden = !playing;
  $("tp-topple").hidden = !playing;
  $("tp-pass").hidden = !(playing && game.rules.may_pass);
  $("tp-undo").disabled = game.events === 0;
  $("tp-fix-box").hidden = over || game.rules.junior;
  $("tp-sheet-box").hidden = game.rules.junior;        // the junior version keeps no score
  if (playing) {
    renderDice();
    renderColours();
    renderBoard();
  }
  renderScores();
  renderHistory();
}

function renderStatus(last) {
  const turn = $("tp-turn");
  turn.replaceChildren();
  if (game.over) {
    turn.append(el("span", "tp-round", fmt("round", { n: game.round })));
  } else if (game.turn) {
    turn.append(el("span", "tp-round", fmt("round", { n: game.round })), " ");
    game.turn.colours.forEach((c) => turn.append(swatch(c)));
    turn.append(el("strong", "", " " + fmt("turn_of", { name: game.turn.name })));
  } else {
    turn.append(el("span", "tp-round", fmt("round", { n: game.round })));
  }
  const lastLine = $("tp-last");
  lastLine.hidden = !last && !best;
  if (best) {
    lastLine.textContent = fmt("best_is", { space: best.space, points: best.points }) +
      (best.parts.length ? " · " + best.parts.map(partText).join("; ") : "");
  } else if (last) {
    lastLine.textContent = describe(last);
  }
}

function winnersText() {
  const names = game.winners.join(" & ");
  if (game.rules.junior) return fmt("winner_last", { names });
  return fmt(game.winners.length > 1 ? "win_shared" : "wins", { names });
}

function totalsTable() {
  const table = el("table", "tp-scores");
  const sorted = [...game.players].sort((a, b) => game.totals[b.name] - game.totals[a.name]);
  for (const p of sorted) {
    const tr = el("tr", game.winners.includes(p.name) ? "winner" : "");
    const th = el("th");
    p.colours.forEach((c) => th.append(swatch(c)));
    th.append(" " + p.name);
    tr.append(th, el("td", "num", game.rules.junior ? "" : String(game.totals[p.name])));
    table.append(tr);
  }
  return table;
}

function sheetLink(id) {
  // The same download link as the score table's (the server wrote its URL, language included).
  const link = $("tp-sheet").cloneNode(true);
  link.id = id;
  link.classList.add("wide");
  const row = el("p", "tp-links");
  row.append(link);
  return row;
}

function renderSummary(over, roundJustEnded, awaitingStart) {
  const box = $("tp-summary");
  box.replaceChildren();
  box.hidden = !(over || roundJustEnded || awaitingStart);
  box.classList.toggle("won", over);
  if (over) {
    const trophy = el("img", "trophy");
    trophy.src = "/static/icons/trophy.svg";
    trophy.alt = "";
    box.append(trophy, el("h2", "", winnersText()), totalsTable());
    if (!game.rules.junior) box.append(sheetLink("tp-sheet-final"));
    const again = el("a", "button primary big wide", T.new_game);
    again.href = "/topple";
    box.append(again);
    return;
  }
  if (roundJustEnded) {
    const previous = game.rounds[game.rounds.length - 1];
    box.append(el("h2", "", fmt("round_over", { n: previous.round })), totalsTable());
    if (game.turn) box.append(el("p", "", fmt("next_starts", { n: game.round, name: game.turn.name })));
    const next = el("button", "button primary big wide", T.next_round);
    next.type = "button";
    next.id = "tp-next-round";
    next.addEventListener("click", () => { summarySeen = game.events; render(); });
    box.append(next);
    return;
  }
  if (awaitingStart) {
    box.append(el("h2", "", fmt("who_starts_round", { n: game.round })));
    const row = el("div", "tp-who");
    for (const p of game.players) {
      if (game.out.includes(p.name)) continue;
      const b = el("button", "button secondary", p.name);
      b.type = "button";
      b.addEventListener("click", () => send({ event: { start: p.name } }));
      row.append(b);
    }
    box.append(row);
  }
}

function renderDice() {
  for (const b of $("tp-dice").querySelectorAll(".die")) {
    const on = Number(b.dataset.roll) === roll;
    b.classList.toggle("selected", on);
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
  $("tp-prompt").textContent = roll ? fmt("space_prompt", { roll }) : T.roll_prompt;
}

function renderColours() {
  const box = $("tp-colours");
  const mine = game.turn ? game.turn.colours : [];
  box.hidden = mine.length < 2;
  box.replaceChildren();
  if (mine.length < 2) { colour = null; return; }
  const usable = mine.filter((c) => game.pieces_left[c] > 0);
  if (!usable.includes(colour)) colour = usable.includes(game.turn.colour) ? game.turn.colour : usable[0];
  for (const c of mine) {
    const b = el("button", "button colour-choice" + (c === colour ? " selected" : ""));
    b.type = "button";
    b.append(swatch(c), " " + colourName(c) + ` (${game.pieces_left[c]})`);
    b.disabled = game.pieces_left[c] <= 0;
    b.setAttribute("aria-pressed", c === colour ? "true" : "false");
    b.addEventListener("click", () => { colour = c; best = null; render(); });
    box.append(b);
  }
}

function renderBoard() {
  const board = $("tp-board");
  board.replaceChildren();
  const legal = new Set(roll ? game.legal[String(roll)] : []);
  const levels = game.rules.levels;
  for (const space of Object.keys(game.board)) {
    const stack = game.board[space];
    const b = el("button", `space lv${levels[space]}`);
    b.type = "button";
    b.dataset.space = space;
    if (roll) b.classList.add(legal.has(space) ? "legal" : "dim");
    if (best && best.space === space) b.classList.add("best");
    b.append(el("span", "lv", String(levels[space])));
    let label = `${space}, ${T.level} ${levels[space]}`;
    if (stack.length) {
      const top = stack[stack.length - 1];
      b.append(el("span", "disc " + colourClass(top), String(stack.length)));
      label += `, ${stack.length} × ${colourName(top)}`;
    }
    b.setAttribute("aria-label", label);
    b.addEventListener("click", () => tapSpace(space, legal));
    board.append(b);
  }
}

function renderScores() {
  const table = $("tp-scores");
  table.replaceChildren();
  const current = game.turn && !game.over ? game.turn.name : null;
  for (const p of game.players) {
    const out = game.out.includes(p.name);
    const tr = el("tr", (p.name === current ? "current" : "") + (out ? " out" : ""));
    const th = el("th");
    p.colours.forEach((c) => th.append(swatch(c)));
    th.append(" " + p.name + (out ? ` (${T.out})` : ""));
    if (p.colours.length > 1 && !game.rules.junior) {     // B9: one total, per-colour breakdown
      const parts = p.colours.map((c) => `${colourName(c)} ${game.by_colour[c]}`).join(" · ");
      th.append(el("span", "breakdown", parts));
    }
    tr.append(th, el("td", "num", game.rules.junior ? "" : String(game.totals[p.name])));
    table.append(tr);
  }
  const pieces = $("tp-pieces");
  pieces.replaceChildren();
  pieces.hidden = game.over;
  pieces.previousElementSibling.hidden = game.over;
  for (const p of game.players) {
    if (game.out.includes(p.name)) continue;
    for (const c of p.colours) {
      const chip = el("span", "chip");
      chip.append(swatch(c), ` ${colourName(c)} ${game.pieces_left[c]}`);
      pieces.append(chip);
    }
  }
}

function renderHistory() {
  const list = $("tp-history");
  list.replaceChildren();
  if (!game.history.length) list.append(el("li", "muted", T.nothing_yet));
  for (const entry of [...game.history].reverse()) list.append(el("li", "", describe(entry)));
}

// ---- taps --------------------------------------------------------------------------------

async function send(body) {
  if (busy) return;
  busy = true;
  try {
    game = await postJSON(`/api/topple/games/${gameId}/events`, { ...body, version: game.version });
    roll = null;
    best = null;
    render();
  } catch (e) {
    if (e.status === 409 && e.body && e.body.game) { game = e.body.game; render(); }
    showError(e.message);
  } finally {
    busy = false;
  }
}

function tapSpace(space, legal) {
  if (!roll) { showError(T.roll_first); return; }
  if (!legal.has(space)) { showError(fmt("space_prompt", { roll })); return; }
  const event = { roll, space };
  if (colour) event.colour = colour;
  send({ event });
}

function setRoll(n) {
  roll = n;
  best = null;
  render();
}

async function askBest() {
  if (!roll) { showError(T.roll_first); return; }
  try {
    const answer = await getJSON(`/api/topple/games/${gameId}/best?roll=${roll}`);
    best = answer.options[0] || null;
    if (best && colour) colour = best.colour;      // the advice includes the colour to place
    render();
    if (!best) { $("tp-last").hidden = false; $("tp-last").textContent = T.best_none; }
  } catch (e) {
    showError(e.message);
  }
}

function openTopple() {
  const dialog = $("tp-dialog");
  const who = $("tp-who");
  who.replaceChildren();
  const current = game.turn ? game.turn.name : null;
  for (const p of game.players) {
    if (game.out.includes(p.name)) continue;
    const label = el("label", "choice");
    const input = el("input");
    input.type = "radio";
    input.name = "tp-causer";
    input.value = p.name;
    input.checked = p.name === (current || game.players[0].name);
    input.addEventListener("change", () => { $("tp-placing").checked = p.name === current; });
    label.append(input, " " + p.name);
    who.append(label);
  }
  $("tp-placing").checked = Boolean(current);
  const late = $("tp-late");                 // B5: it fell by itself after the last piece
  late.hidden = !game.last_placer;
  late.textContent = fmt("fell_by_itself", { name: game.last_placer });
  dialog.showModal();
}

function closeTopple() {
  const dialog = $("tp-dialog");
  if (dialog.returnValue === "late") {
    send({ event: { topple: game.last_placer, late_fall: true } });
    return;
  }
  if (dialog.returnValue !== "ok") return;
  const picked = dialog.querySelector("input[name=tp-causer]:checked");
  if (!picked) return;
  send({ event: { topple: picked.value, while_placing: $("tp-placing").checked } });
}

$("tp-dice").addEventListener("click", (e) => {
  const b = e.target.closest(".die");
  if (b) setRoll(Number(b.dataset.roll));
});
$("tp-roll").addEventListener("click", () => {
  const r = new Uint8Array(1);
  do { crypto.getRandomValues(r); } while (r[0] >= 252);      // 252 = 6 * 42: no bias
  setRoll((r[0] % 6) + 1);
});
$("tp-best").addEventListener("click", askBest);
$("tp-topple").addEventListener("click", openTopple);
$("tp-dialog").addEventListener("close", closeTopple);
$("tp-pass").addEventListener("click", () => send({ event: { pass: true } }));
$("tp-fix").addEventListener("submit", (e) => {
  e.preventDefault();
  const points = Number($("tp-fix-points").value);
  if (!Number.isInteger(points) || points === 0) return;
  $("tp-fix-points").value = "";
  send({ event: { fix: $("tp-fix-who").value, points } });
});
$("tp-undo").addEventListener("click", () => { summarySeen = -1; send({ undo: true }); });

getJSON(`/api/topple/games/${gameId}`).then((g) => {
  game = g;
  const last = g.history[g.history.length - 1];
  if (last && last.ended_round) summarySeen = g.events;     // a reload skips an old summary
  render();
}).catch((e) => showError(e.message || T.error_reload));
