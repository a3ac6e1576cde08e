// Pyramid Solitaire's play screen: draws the pyramid and the draw piles from the game JSON,
// turns taps into the engine's actions, shows the hint and the end screen.  All rules live
// on the server: a refused action comes back with the engine's reason, shown as it is.
import { getJSON, postJSON, postForm, ApiError } from "./api.js";
import { photoButton, shrinkPhoto } from "./photo.js";

const root = document.getElementById("pyr");
const gameId = root.dataset.gameId;
const mode = root.dataset.mode;
const SIZE = Number(root.dataset.size);
const API = `/api/pyramid/games/${gameId}`;
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const PLACES = [];
for (let r = 1; r <= 7; r++) for (let c = 1; c <= r; c++) PLACES.push(`${r}.${c}`);

const el = (id) => document.getElementById(id);
let game = null;          // the last game JSON
let selected = [];        // sources tapped so far ("7.1", "waste", "w2", "stock")
let hint = null;          // the hint JSON shown, if any
let dealCards = Array(SIZE).fill(null);   // a table game's deal being entered
let dealStockTop = null;
let fromPhoto = new Set();                // places of the deal filled by a photo, not by a tap
let unsure = new Set();                   // ... of those, the ones the reader was not sure of
let photoDoubt = false;                   // the reader doubts its places as a whole (places_doubtful)
let busy = false;

// ---- cards --------------------------------------------------------------------------
function rankOf(text) {
  if (!text) return "";
  const t = text.length > 1 && SUITS[text.slice(-1)] ? text.slice(0, -1) : text;
  return t === "T" ? "10" : t;
}
function suitOf(text) { return text && text.length > 1 && SUITS[text.slice(-1)] ? text.slice(-1) : ""; }
function value(text) { return RANKS.indexOf(rankOf(text)) + 1; }

function cardButton(text, source, { exposed = false, label = "" } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pcard";
  const suit = suitOf(text);
  if (suit === "h" || suit === "d") b.classList.add("red");
  b.innerHTML = "";
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = text ? rankOf(text) : "?";
  b.append(rank);
  if (suit) {
    const s = document.createElement("span");
    s.className = "suit";
    s.textContent = SUITS[suit];
    b.append(s);
  }
  b.dataset.source = source;
  b.setAttribute("aria-label", `${label || source}: ${text ? rankOf(text) : "empty"}`);
  if (!exposed) { b.disabled = true; b.classList.add("covered"); }
  if (selected.includes(source)) b.classList.add("selected");
  if (hint && hint.best && hint.best.remove && hint.best.remove.includes(source)) b.classList.add("hinted");
  return b;
}

function exposedPlaces(state) {
  const there = (i) => state.pyramid[PLACES[i]] !== null;
  const out = new Set();
  PLACES.forEach((p, i) => {
    if (!there(i)) return;
    const [r, c] = p.split(".").map(Number);
    if (r === 7) { out.add(p); return; }
    const a = PLACES.indexOf(`${r + 1}.${c}`), b = PLACES.indexOf(`${r + 1}.${c + 1}`);
    if (!there(a) && !there(b)) out.add(p);
  });
  return out;
}

// ---- drawing ----------------------------------------------------------------------------
function place(node, p) {
  const [r, c] = p.split(".").map(Number);
  node.style.setProperty("--r", r - 1);
  node.style.setProperty("--c", c - 1 + (7 - r) / 2);
}

function drawPyramid() {
  const box = el("pyr-pyramid");
  box.replaceChildren();
  const state = game.state;
  const exposed = state ? exposedPlaces(state) : new Set();
  PLACES.forEach((p, i) => {
    let node;
    if (!state) {                               // a table game's deal being entered
      node = cardButton(dealCards[i], p, { exposed: true, label: `place ${p}` });
      node.classList.add("entry");
      if (!dealCards[i]) node.classList.add("blank");
      if (unsure.has(p)) node.classList.add("unsure");
      node.addEventListener("click", () => enterDeal(i));
    } else if (state.pyramid[p] === null) {
      node = document.createElement("span");
      node.className = "pcard gap";
      node.setAttribute("aria-hidden", "true");
    } else {
      node = cardButton(state.pyramid[p], p, { exposed: exposed.has(p) && !game.over, label: `place ${p}` });
      node.addEventListener("click", () => tap(p));
    }
    place(node, p);
    box.append(node);
  });
}

function pileNode(title, text, source, count = null) {
  const wrap = document.createElement("div");
  wrap.className = "pile";
  const cap = document.createElement("span");
  cap.className = "pile-title";
  cap.textContent = title;
  let node;
  if (text) {
    node = cardButton(text, source, { exposed: !game.over, label: title });
    node.addEventListener("click", () => tap(source));
  } else {
    node = document.createElement("span");
    node.className = "pcard gap";
    node.textContent = count === null ? "" : String(count);
  }
  wrap.append(node, cap);
  return wrap;
}

function drawPiles() {
  const box = el("pyr-draws");
  box.replaceChildren();
  const state = game.state;
  box.hidden = !state && !game.rules.stock_top_available;
  if (!state) {
    if (game.rules.stock_top_available) {
      const w = document.createElement("div");
      w.className = "pile";
      const b = cardButton(dealStockTop, "stock", { exposed: true, label: "stock top" });
      b.classList.add("entry");
      if (!dealStockTop) b.classList.add("blank");
      b.addEventListener("click", async () => {
        const card = await pickCard("The face-up stock top");
        if (card) { dealStockTop = card; render(); }
      });
      const cap = document.createElement("span");
      cap.className = "pile-title";
      cap.textContent = "stock top";
      w.append(b, cap);
      box.append(w);
    }
    return;
  }
  const stock = document.createElement("div");
  stock.className = "pile";
  const back = document.createElement("span");
  back.className = "pcard back";
  back.textContent = String(state.stock);
  const cap = document.createElement("span");
  cap.className = "pile-title";
  cap.textContent = `stock${state.pass > 1 ? ` · pass ${state.pass}` : ""}`;
  stock.append(back, cap);
  box.append(stock);
  if (state.stock_top) box.append(pileNode("stock top", state.stock_top, "stock"));
  if (Array.isArray(state.waste)) {
    const w = state.waste;
    box.append(pileNode(`waste (${w.length})`, w[w.length - 1], "waste"));
  } else {
    for (const name of ["w1", "w2", "w3"]) {
      const pile = state.waste[name] || [];
      box.append(pileNode(`${name.toUpperCase()} (${pile.length})`, pile[pile.length - 1], name));
    }
  }
}

function moveWords(move) {
  if (!move) return "";
  if (move.draw) return "draw";
  if (move.recycle) return "turn the waste over";
  const cardAt = (s) => (s.includes(".") ? game.state.pyramid[s] : topOf(s));
  return "remove " + move.remove.map((s) => `${rankOf(cardAt(s))} (${s})`).join(" + ");
}

function topOf(source) {
  const st = game.state;
  if (source === "stock") return st.stock_top;
  const pile = source === "waste" ? st.waste : st.waste[source];
  return pile[pile.length - 1];
}

function percent(x) { return `${Math.round(100 * x)}\u00a0%`; }

function drawHint() {
  const box = el("pyr-hint");
  if (!hint || game.over) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren();
  const sampled = hint.method === "sampled";
  const head = document.createElement("p");
  head.className = "hint-best";
  if (hint.error || !hint.best) {
    head.textContent = hint.error ? `No hint for these rules: ${hint.error}.` : "No move is left.";
    box.append(head);
    return;
  }
  const best = hint.actions.find((a) => JSON.stringify(a.move) === JSON.stringify(hint.best)) || hint.actions[0];
  head.innerHTML = "";
  const strong = document.createElement("strong");
  strong.textContent = `Best: ${moveWords(hint.best)}`;
  if (best.win === null) {
    // chosen without a search (the only move, or one no other move can beat): say why
    head.append(strong, document.createTextNode(` — ${hint.reason}`));
  } else {
    head.append(strong, document.createTextNode(
      ` — clears the pyramid ${sampled ? "in about " : "with chance "}${percent(best.win)}` +
      `${sampled ? ` (estimate from ${hint.samples} sampled stock orders)` : " (exact)"}`));
  }
  box.append(head);
  const runner = hint.actions.find((a) => JSON.stringify(a.move) !== JSON.stringify(hint.best));
  if (runner && runner.win !== null) {
    const p = document.createElement("p");
    p.className = "small muted";
    p.textContent = `Next best: ${moveWords(runner.move)} — ${percent(runner.win)}${sampled ? " (estimate)" : ""}.`;
    box.append(p);
  }
  const did = document.createElement("button");
  did.type = "button";
  did.className = "button primary";
  did.id = "pyr-did";
  did.textContent = "I did this";
  did.addEventListener("click", () => doMove(hint.best));
  box.append(did);
}

function drawEnd() {
  const box = el("pyr-end");
  if (!game.over) { box.hidden = true; return; }
  box.hidden = false;
  const res = game.result;
  el("pyr-end-title").textContent = res.won ? "Won: the pyramid is cleared!" : "Game over: the pyramid stands";
  el("pyr-end-cards").textContent = `${res.pyramid_removed} of 28 pyramid cards removed` +
    `${res.cards_removed !== res.pyramid_removed ? ` (${res.cards_removed} cards in all)` : ""}.`;
  const rv = game.review || {};
  const line = el("pyr-end-line");
  line.replaceChildren();
  let verdict;
  if (!rv.known) verdict = "Whether the deal was winnable is unknown: not every stock card was seen.";
  else if (!rv.decided) verdict = `The solver could not decide this deal (${rv.why}).`;
  else if (rv.winnable) verdict = `The deal was winnable. The best line (${rv.moves.length} moves):`;
  else verdict = `The deal was not winnable: at best ${rv.removed} of 28 pyramid cards could go, like this:`;
  el("pyr-end-verdict").textContent = verdict;
  for (const step of rv.line || []) {
    const li = document.createElement("li");
    li.textContent = step;
    line.append(li);
  }
}

function drawStatus() {
  const s = el("pyr-status");
  if (!game.state) {
    const n = dealCards.filter(Boolean).length;
    s.textContent = fromPhoto.size
      ? `${n} of 28 entered, ${fromPhoto.size} read from the photo: check each against the table` +
        `${unsure.size ? ` (the ${unsure.size} ringed in orange above all)` : ""}; tap a place to change it.` +
        (photoDoubt ? " The pyramid may be read in the wrong places: check every place, empty ones too, " +
          "or take the photo again from straight above." : "")
      : `Deal the 28 cards, then tap each place and pick its value, or read them from a photo (${n} of 28 entered).`;
  } else if (game.over) {
    s.textContent = game.result.won ? "Cleared!" : "The game is over.";
  } else {
    const moves = game.legal_moves.filter((m) => m.remove).length;
    s.textContent = `${game.result.pyramid_removed} of 28 removed · ` +
      (selected.length ? `picked ${selected.join(" + ")}: tap its partner (tap it again to let go)`
        : moves ? "tap a King, or two cards totalling 13" : "no pair in sight: draw");
  }
}

function drawButtons() {
  const dealing = !game.state && !game.over;
  const legal = game.legal_moves || [];
  const best = hint && !game.over ? hint.best : null;
  el("pyr-draw").classList.toggle("hinted", Boolean(best && best.draw));
  el("pyr-recycle").classList.toggle("hinted", Boolean(best && best.recycle));
  el("pyr-draw").hidden = dealing || game.over;
  el("pyr-draw").disabled = !legal.some((m) => m.draw);
  el("pyr-recycle").hidden = !legal.some((m) => m.recycle);
  el("pyr-hint-button").hidden = dealing || game.over;
  el("pyr-stop").hidden = game.over || dealing;
  el("pyr-undo").disabled = !game.actions.length;
  el("pyr-photo-slot").hidden = !dealing;
  const deal = el("pyr-deal");
  deal.hidden = !dealing;
  deal.disabled = dealCards.some((c) => !c) || (game.rules.stock_top_available && !dealStockTop);
}

function render() {
  drawStatus();
  drawPyramid();
  drawPiles();
  drawHint();
  drawButtons();
  drawEnd();
}

// ---- talking to the server -----------------------------------------------------------------
function showError(message) {
  const e = el("pyr-error");
  e.textContent = message;
  e.hidden = !message;
}

async function send(url, body) {
  if (busy) return;
  busy = true;
  el("pyr").setAttribute("aria-busy", "true");   // the table is redrawn when the answer comes
  showError("");
  try {
    game = await postJSON(url, { ...body, version: game.version });
    hint = null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.game) game = e.body.game;
    showError(e.message.charAt(0).toUpperCase() + e.message.slice(1) + ".");
  } finally {
    busy = false;
    selected = [];
    render();
    el("pyr").removeAttribute("aria-busy");
  }
}

const act = (action) => send(`${API}/actions`, action);

// How many face-down cards a move turns up (the engine's moves.cards_turned).
function turns(move) {
  const st = game.state;
  if (move.draw) return Math.min(st.stock, game.rules.draw === "one" ? 1 : 3);
  if (move.remove && move.remove.includes("stock")) return Math.min(st.stock, 1);
  return 0;
}

async function reported(move) {
  // a dealt game turns its own cards; after a recycle the stock's order is known at a table too
  if (mode !== "table" || game.state.stock_order) return {};
  const n = turns(move);
  const cards = [];
  for (let k = 0; k < n; k++) {
    const title = move.draw ? (n > 1 ? `Card ${k + 1} of ${n} turned up (W${k + 1})` : "Which card came up?")
      : "The new face-up stock top";
    const card = await pickCard(title, { photo: Boolean(move.draw) && n === 1 });
    if (!card) return null;
    cards.push(card);
  }
  if (!n) return {};
  return n === 1 ? { card: cards[0] } : { cards };
}

async function doMove(move) {
  if (move.recycle) return act({ type: "recycle" });
  const extra = await reported(move);
  if (extra === null) return;                     // the picker was cancelled
  if (move.draw) return act({ type: "draw", ...extra });
  return act({ type: "remove", cards: move.remove, ...extra });
}

function tap(source) {
  if (busy || game.over) return;
  if (selected.includes(source)) {
    selected = selected.filter((s) => s !== source);
    render();
    return;
  }
  const text = source.includes(".") ? game.state.pyramid[source] : topOf(source);
  if (!selected.length && value(text) === 13) { doMove({ remove: [source] }); return; }
  selected.push(source);
  if (selected.length === 2) { doMove({ remove: [...selected] }); return; }
  render();
}

// ---- photos -------------------------------------------------------------------------------
// The reader (recognizer/pyramid_pipeline.py) is far from sure on photos it was not tuned on,
// so what it reads only fills in the screen the player checks; nothing is played from it unseen.
async function readPhoto(file) {
  const form = new FormData();
  form.append("photo", await shrinkPhoto(file), file.name || "photo.jpg");
  if (game.state) form.append("game", gameId);     // the places still holding a card: the prior
  return postForm("/api/pyramid/recognize", form);
}

const deckText = (rank) => (rank === "10" ? "T" : rank);

async function dealFromPhoto(file) {
  if (busy) return;
  busy = true;
  showError("");
  el("pyr-status").textContent = "Reading the photo…";
  try {
    const reading = await readPhoto(file);
    photoDoubt = Boolean(reading.places_doubtful);
    const doubt = new Set(reading.cards.filter((c) => c.role === "pyramid" && c.confidence < reading.low_confidence)
      .map((c) => c.position));
    let read = 0;
    PLACES.forEach((p, i) => {
      const rank = reading.pyramid[p];
      if (dealCards[i] && !fromPhoto.has(p)) return;       // a card the player tapped in stays
      fromPhoto.delete(p);
      unsure.delete(p);
      if (!rank || !RANKS.includes(rank)) { dealCards[i] = null; return; }
      dealCards[i] = deckText(rank);
      fromPhoto.add(p);
      if (doubt.has(p)) unsure.add(p);
      read++;
    });
    if (!read) showError("No pyramid card could be read in that photo: take it from above with the whole pyramid in the picture, or tap the values in.");
  } catch (e) {
    showError(e.message.charAt(0).toUpperCase() + e.message.slice(1) + ".");
  } finally {
    busy = false;
    render();
  }
}

// In the picker for a turned card: the waste's top read from a photo of the table.  One
// sure card beside the pyramid is taken; otherwise the ranks read are marked for a tap.
async function pickFromPhoto(file) {
  const note = el("pyr-picker-note");
  note.hidden = false;
  note.textContent = "Reading the photo…";
  try {
    const reading = await readPhoto(file);
    const waste = reading.cards.filter((c) => c.role === "waste" && RANKS.includes(c.rank));
    if (waste.length === 1 && waste[0].confidence >= reading.low_confidence) {
      finishPick(waste[0].rank);
      return;
    }
    const ranks = new Set(waste.map((c) => c.rank));
    el("pyr-ranks").querySelectorAll("button").forEach((b) => b.classList.toggle("suggested", ranks.has(b.dataset.rank)));
    note.textContent = waste.length
      ? `Read beside the pyramid: ${[...ranks].join(", ")} (not sure which came up): tap it.`
      : "No card beside the pyramid could be read: tap the value.";
  } catch (e) {
    note.textContent = e.message.charAt(0).toUpperCase() + e.message.slice(1) + ".";
  }
}

// ---- the card picker ---------------------------------------------------------------------
let pickResolve = null;
let pickSuit = "";

function buildPicker() {
  const ranks = el("pyr-ranks");
  for (const r of RANKS) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "value";
    b.textContent = r;
    b.dataset.rank = r;
    b.addEventListener("click", () => finishPick(r));
    ranks.append(b);
  }
  const suits = el("pyr-suits");
  for (const [s, sign] of Object.entries(SUITS)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `suit-key${s === "h" || s === "d" ? " red" : ""}`;
    b.textContent = sign;
    b.dataset.suit = s;
    b.setAttribute("aria-pressed", "false");
    b.setAttribute("aria-label", { s: "spades", h: "hearts", d: "diamonds", c: "clubs" }[s]);
    b.addEventListener("click", () => {
      pickSuit = pickSuit === s ? "" : s;
      suits.querySelectorAll("button").forEach((k) => k.setAttribute("aria-pressed", String(k.dataset.suit === pickSuit)));
    });
    suits.append(b);
  }
  el("pyr-picker-photo").append(photoButton("Read it from a photo", "secondary", pickFromPhoto));
  // a close queued by the previous pick must not cancel the next one, already open
  el("pyr-picker").addEventListener("close", () => { if (!el("pyr-picker").open) finishPick(null); });
}

function finishPick(rank) {
  const resolve = pickResolve;
  pickResolve = null;
  const dialog = el("pyr-picker");
  if (dialog.open) dialog.close();
  if (resolve) resolve(rank ? (rank === "10" ? "T" : rank) + pickSuit : null);
}

function pickCard(title, { photo = false } = {}) {
  el("pyr-picker-title").textContent = title;
  el("pyr-picker-photo").hidden = !photo;
  el("pyr-picker-note").hidden = true;
  el("pyr-ranks").querySelectorAll("button").forEach((b) => b.classList.remove("suggested"));
  pickSuit = "";
  el("pyr-suits").querySelectorAll("button").forEach((k) => k.setAttribute("aria-pressed", "false"));
  el("pyr-picker").showModal();
  return new Promise((resolve) => { pickResolve = resolve; });
}

async function enterDeal(i) {
  for (let k = i; k < SIZE; k++) {
    if (k > i && dealCards[k]) continue;
    const card = await pickCard(`Place ${PLACES[k]} (row ${PLACES[k].split(".")[0]})`);
    if (!card) break;
    dealCards[k] = card;
    fromPhoto.delete(PLACES[k]);
    unsure.delete(PLACES[k]);
    render();
  }
}

// ---- buttons -----------------------------------------------------------------------------
el("pyr-draw").addEventListener("click", () => doMove({ draw: true }));
el("pyr-recycle").addEventListener("click", () => doMove({ recycle: true }));
el("pyr-undo").addEventListener("click", () => send(`${API}/undo`, {}));
el("pyr-stop").addEventListener("click", () => {
  if (window.confirm("End this game here? It counts as lost.")) act({ type: "stop" });
});
el("pyr-deal").addEventListener("click", () => {
  const action = { type: "deal", pyramid: dealCards };
  if (game.rules.stock_top_available) action.stock_top = dealStockTop;
  act(action);
});
el("pyr-hint-button").addEventListener("click", async () => {
  if (busy) return;
  busy = true;
  const button = el("pyr-hint-button");
  button.textContent = "Thinking…";
  try {
    const g = await getJSON(`${API}?hint=1`);
    game = g;
    hint = g.hint || null;
    showError("");
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
    button.textContent = "Hint";
    render();
  }
});

buildPicker();
el("pyr-photo-slot").append(photoButton("Read the 28 from a photo", "secondary", dealFromPhoto));
getJSON(API).then((g) => { game = g; render(); }).catch((e) => {
  el("pyr-status").textContent = "";
  showError(e.message);
});
