// The frame screen: deal (photo or taps), hints, tracking plays and reveals, the live sheet.
// Everything goes through the JSON API; the server replays and stores every action.
import { ApiError, getJSON, postForm, postJSON } from "./api.js";
import { PINS, VALUES, countValues, rankOf, rankName } from "./cards.js";
import { andList, tr, trn } from "./i18n.js";
import { photoButton, shrinkPhoto } from "./photo.js";
import { pickValue } from "./picker.js";
import { askFrame, renderQuick } from "./quick.js";
import { ranking, renderSheet } from "./sheet.js";
import { renderTable } from "./table.js";
import { button, el } from "./dom.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const stage = document.getElementById("stage");
const turnLine = document.getElementById("turn");
const logLine = document.getElementById("log");
const errorBox = document.getElementById("error");
const sheetBox = document.getElementById("sheet");
const toastBox = document.getElementById("toast");

const OBJECTIVES = [
  ["game", tr("obj_game")],
  ["pins", tr("obj_pins")],
  ["strike", tr("obj_strike")],
];

let game = null;
let objective = localStorage.getItem("tableside.objective") || "game";
let selection = null;            // {pile, pins: Set} — the play "I played this" records
let busy = false;
const draftKey = `tableside.draft.${gameId}`;

// ---- small DOM helpers ------------------------------------------------------------

function showError(message) {
  errorBox.textContent = message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".");
  errorBox.hidden = false;
  errorBox.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function clearError() {
  errorBox.hidden = true;
  errorBox.textContent = "";
  document.querySelectorAll(".seen-on-error").forEach((f) => f.remove());
}

// A photo that could not be read: the cards that were found, outlined, tell the player why.
function showSeen(url) {
  const fig = el("figure", "overlay seen-on-error");
  const img = el("img");
  img.src = url;
  img.alt = tr("seen_alt");
  fig.append(img, el("figcaption", null, tr("seen_caption")));
  fig.addEventListener("click", () => fig.classList.toggle("large"));
  errorBox.after(fig);
}

let toastTimer = null;
function toast(text, kind = "", ms = 2600) {
  toastBox.replaceChildren(el("span", null, text));
  toastBox.className = `toast ${kind}`.trim();
  toastBox.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastBox.hidden = true; }, ms);
}

// ---- talking to the server ----------------------------------------------------------
const hintQuery = () => `hint=1&objective=${encodeURIComponent(objective)}`;

async function load() {
  try {
    game = await getJSON(`/api/games/${gameId}?${hintQuery()}`);
    selection = null;
    render();
  } catch (e) {
    turnLine.textContent = tr("load_failed");
    showError(e.message);
  }
}

async function act(action, { quiet = false } = {}) {
  if (busy) return null;
  busy = true;
  root.classList.add("busy");
  const before = game;
  toastBox.hidden = true;           // old news once the player acts
  try {
    const next = await postJSON(`/api/games/${gameId}/actions?${hintQuery()}`,
      { ...action, version: game.version });
    clearError();
    game = next;
    selection = null;
    if (!quiet) announce(before, next, action);
    render();
    // A new step starts at the top of the table, not wherever the last button was.
    if (stage.getBoundingClientRect().top < 0) root.scrollIntoView({ block: "start" });
    return next;
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.game) {
      game = e.body.game;
      selection = null;
      render();
    }
    showError(e.message);
    return null;
  } finally {
    busy = false;
    root.classList.remove("busy");
  }
}

// ---- announcements: strikes, spares, the end of a ball, whose turn -----------------------
function marksOf(g, player) {
  return g.players[player].card.frames.map((f) => f.marks).join("");
}

function announce(before, after, action) {
  if (action.type === "undo") { toast(tr("undone")); return; }
  if (action.type === "set_frame") {
    const p = after.players[action.player];
    toast(tr("frame_fixed", { name: p.name, frame: action.frame, marks: p.card.frames[action.frame - 1].marks, total: p.card.total }), "", 3500);
    return;
  }
  if (action.type === "quick") {
    toast(action.on ? tr("quick_on") : tr("quick_off"));
    return;
  }
  if (!before.turn) return;
  const who = before.turn.player;
  const name = before.players[who].name;
  const oldMarks = marksOf(before, who);
  const newMarks = marksOf(after, who);
  const next = after.turn;
  const nextWords = next && next.player !== who ? tr("next_player", { name: next.name, frame: next.frame }) :
    next && next.bonus && (!before.turn.bonus || next.frame !== before.turn.frame) ? tr("bonus_coming") : "";
  if (action.type === "roll") { announceRoll(before, after, newMarks.slice(oldMarks.length), nextWords); return; }
  if (newMarks.length > oldMarks.length) {
    const fresh = newMarks.slice(oldMarks.length);
    if (fresh.includes("X")) { celebrate(tr("strike"), tr("strike_line", { name, next: nextWords })); return; }
    if (fresh.includes("/")) { celebrate(tr("spare"), tr("spare_line", { name, next: nextWords })); return; }
    const frames = after.players[who].card.frames;
    const last = frames[frames.length - 1];
    const pins = last ? last.rolls.reduce((a, b) => a + b, 0) : 0;
    toast(after.over ? tr("game_over_toast") : tr("frame_over", { name, pins: trn("n_pins", pins), next: nextWords }), "", 4000);
    return;
  }
  if (next && before.turn.ball === 1 && next.ball === 2 && next.player === who) {
    toast(tr("first_ball_over"), "", 4500);
  }
}

// A ball entered by pins: strikes and spares celebrated, the end of a frame said.
function announceRoll(before, after, fresh, nextWords) {
  const who = before.turn.player;
  const name = before.players[who].name;
  if (fresh.includes("X")) { celebrate(tr("strike"), tr("strike_line", { name, next: nextWords })); return; }
  if (fresh.includes("/")) { celebrate(tr("spare"), tr("spare_line", { name, next: nextWords })); return; }
  const next = after.turn;
  if (next && next.player === who && next.frame === before.turn.frame) return;
  const frame = after.players[who].card.frames[before.turn.frame - 1];
  const pins = frame.rolls.reduce((a, b) => a + b, 0);
  toast(after.over ? tr("game_over_toast") : tr("frame_over", { name, pins: trn("n_pins", pins), next: nextWords }), "", 3000);
}

function celebrate(word, line) {
  toastBox.hidden = true;
  const layer = el("div", `celebrate ${word === tr("strike") ? "strike" : "spare"}`);
  layer.setAttribute("role", "status");
  const burst = el("div", "burst");
  for (let i = 0; i < 10; i++) burst.append(el("span", `bit b${i}`));
  layer.append(burst, el("p", "big-word", word), el("p", "line", line),
    el("p", "tap", tr("tap_carry_on")));
  const close = () => layer.remove();
  layer.addEventListener("click", close);
  setTimeout(close, 3800);
  document.body.append(layer);
}

// ---- rendering ----------------------------------------------------------------------
function render() {
  renderStatus();
  renderSheet(sheetBox, game, correctFrame);
  const turn = game.turn;
  if (!turn) renderOver();
  else if (turn.awaiting === "roll") renderQuick(stage, game, { act, undoButton });
  else if (turn.awaiting === "deal") renderDeal();
  else if (turn.awaiting === "reveal") renderReveal();
  else renderPlay();
}

function renderStatus() {
  const t = game.turn;
  if (!t) {
    turnLine.replaceChildren(el("strong", null, tr("game_over")));
    logLine.textContent = "";
    return;
  }
  const parts = [el("strong", "who", t.name), el("span", "sep", "·"),
    el("span", null, t.bonus ? tr("frame_bonus") : tr("frame_n", { n: t.frame }))];
  if (t.ball) {
    parts.push(el("span", "sep", "·"), el("span", null,
      t.balls === 1 ? tr("one_ball") : tr("status_ball", { n: t.ball })));
  }
  turnLine.replaceChildren(...parts);
  const log = t.log || [];
  logLine.textContent = log.length > 1 ? log[log.length - 1] : "";
}

function actionRow(...buttons) {
  const row = el("div", "actions");
  row.append(...buttons.filter(Boolean));
  return row;
}

// A finished frame tapped on the sheet: enter its balls again (one undoable action).
async function correctFrame(player, index) {
  const p = game.players[player];
  const rolls = await askFrame({ name: p.name, frameNo: index + 1, current: p.card.frames[index].rolls });
  if (rolls) await act({ type: "set_frame", player, frame: index + 1, rolls });
}

// A card game's frame nobody tracked: enter its balls by pins instead.
function quickOnButton() {
  return button(tr("enter_by_pins"), "ghost", () => act({ type: "quick", on: true }));
}

function undoButton() {
  if (!game.actions) return null;
  return button(tr("undo_button"), "ghost undo", () => act({ type: "undo" }));
}

// ---- the deal: a photo, or tapping in the values -----------------------------------------
function emptyDraft() {
  return { pins: Object.fromEntries(PINS.map((p) => [p, null])), piles: [null, null, null],
    unsure: [], overlay: null, warnings: [], advice: [], fromPhoto: false, at: game.version };
}

function loadDraft() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(draftKey) || "null");
    if (saved && saved.at === game.version) return saved;
  } catch (e) { /* a damaged draft is just dropped */ }
  return emptyDraft();
}

function saveDraft(draft) {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify({ ...draft, overlay: null }));
  } catch (e) { /* private mode: the draft lives only on screen */ }
}

let draft = null;

function draftValues(d) {
  return [...Object.values(d.pins), ...d.piles];
}

function clashes(d) {
  const counts = countValues(draftValues(d));
  return VALUES.filter((v) => counts[v] > 2);
}

function cardKeyOf(card) {
  const pos = card.position;
  if (typeof pos === "string" && PINS.includes(pos.toUpperCase())) return `pin:${pos.toUpperCase()}`;
  const m = /([123])$/.exec(String(pos ?? ""));
  if (m && /pile|ball/i.test(`${card.role} ${pos}`)) return `pile:${m[1]}`;
  if (typeof pos === "number" && pos >= 1 && pos <= 3) return `pile:${pos}`;
  return null;
}

function applyReading(reading) {
  const d = emptyDraft();
  for (const p of PINS) {
    const v = reading.pins ? reading.pins[p] : null;
    d.pins[p] = Number.isInteger(v) ? v : null;
  }
  d.piles = [0, 1, 2].map((i) => {
    const v = reading.piles ? reading.piles[i] : null;
    return Number.isInteger(v) ? v : null;
  });
  const unsure = new Set();
  const below = reading.low_confidence;   // the recogniser's cut-off (recognizer/result.py), sent with each reading
  for (const card of reading.cards || []) {
    const key = cardKeyOf(card);
    if (key && typeof card.confidence === "number" && card.confidence < below) unsure.add(key);
  }
  d.unsure = [...unsure];
  d.overlay = reading.overlay || null;
  // what a better photo would mend is advice, shown where the player looks; the rest are
  // notes about single cards, folded away
  d.advice = reading.photo_advice || [];
  d.warnings = (reading.warnings || []).filter((w) => !d.advice.includes(w));
  d.fromPhoto = true;
  return d;
}

async function readPhoto(file) {
  clearError();
  stage.classList.add("reading");
  const note = el("p", "reading-note", tr("reading"));
  stage.prepend(note);
  try {
    const form = new FormData();
    form.append("photo", await shrinkPhoto(file), "photo.jpg");
    form.append("game", gameId);          // the server knows which cards to expect
    return await postForm("/api/recognize", form);
  } catch (e) {
    showError(tr("photo_failed", { reason: e.message }));
    if (e.body && e.body.overlay) showSeen(e.body.overlay);
    return null;
  } finally {
    stage.classList.remove("reading");
    note.remove();
  }
}

async function editDraftCard(key) {
  const [kind, which] = key.split(":");
  const current = kind === "pin" ? draft.pins[which] : draft.piles[Number(which) - 1];
  const heading = kind === "pin" ? tr("pin_plain", { pin: which }) : tr("pile_top", { n: which });
  const card = stage.querySelector(kind === "pin" ? `.pos-${which}` : `.pile-${which}`);
  if (card) card.classList.add("ask");          // which card the picker is for
  const v = await pickValue(heading, { current });
  if (card) card.classList.remove("ask");
  if (v === null) return;
  const value = v === "clear" ? null : v;
  if (kind === "pin") draft.pins[which] = value;
  else draft.piles[Number(which) - 1] = value;
  draft.unsure = draft.unsure.filter((k) => k !== key);
  saveDraft(draft);
  renderDeal();
  // Typing a whole deal in: go straight on to the next card still without a value.
  if (current === null && value !== null && !draft.fromPhoto) {
    const next = nextBlank();
    if (next) editDraftCard(next);
  }
}

// What the photo gave, in one line: how many cards are missing and how many to check.
function photoToast(d) {
  const missing = draftValues(d).filter((v) => v === null).length;
  const unsure = d.unsure.length;
  const check = unsure ? trn("ringed", unsure) : "";
  if (missing) return tr("read_some", { read: 13 - missing, check });
  return unsure ? tr("read_all_check", { check }) : tr("read_all");
}

function nextBlank() {
  for (const p of PINS) if (draft.pins[p] === null) return `pin:${p}`;
  for (let i = 0; i < 3; i++) if (draft.piles[i] === null) return `pile:${i + 1}`;
  return null;
}

function renderDeal() {
  if (!draft || draft.at !== game.version) draft = loadDraft();
  const t = game.turn;
  const bad = clashes(draft);
  const unsure = new Set(draft.unsure);
  const pins = {};
  for (const p of PINS) {
    const v = draft.pins[p];
    const cls = [unsure.has(`pin:${p}`) ? "unsure" : "", v !== null && bad.includes(v) ? "clash" : ""].join(" ").trim();
    pins[p] = { value: v, cls };
  }
  const piles = draft.piles.map((v, i) => ({
    top: v, unknown: v === null, tappable: true,
    cls: [unsure.has(`pile:${i + 1}`) ? "unsure" : "", v !== null && bad.includes(v) ? "clash" : ""].join(" ").trim(),
  }));

  const head = el("div", "panel stage-head");
  head.append(el("h2", null, t.bonus ? tr("deal_bonus", { name: t.name }) : tr("deal_frame", { frame: t.frame, name: t.name })));
  if (!draft.fromPhoto && draftValues(draft).every((v) => v === null)) {
    head.append(el("p", "muted", tr("deal_how")));
    // measured (benchmarks/recognize.py --overlap): pins overlapping more than a few mm hide pips and get misread
    head.append(el("p", "muted", tr("photo_tip")));
  }
  head.append(actionRow(
    photoButton(draft.fromPhoto ? tr("take_another") : tr("take_photo"), draft.fromPhoto ? "secondary" : "primary big", async (file) => {
      const reading = await readPhoto(file);
      if (!reading) return;
      draft = applyReading(reading);
      saveDraft(draft);
      renderDeal();
      toast(photoToast(draft), "", 4500);
    }),
  ));
  if (!draft.fromPhoto) head.append(el("p", "or", tr("or_tap")));
  for (const a of draft.advice || []) head.append(el("p", "note advice-note", `${a[0].toUpperCase()}${a.slice(1)}.`));

  const tableBox = el("div", "table-box");
  renderTable(tableBox, {
    pins, piles,
    onPin: (p) => editDraftCard(`pin:${p}`),
    onPile: (n) => editDraftCard(`pile:${n}`),
  });

  const foot = el("div", "panel stage-foot");
  const missing = draftValues(draft).filter((v) => v === null).length;
  const notes = [];
  if (draft.fromPhoto && unsure.size) notes.push(el("p", "note unsure-note", trn("unsure", unsure.size)));
  if (bad.length) notes.push(el("p", "note clash-note", tr("clash", { values: andList(bad.map((v) => tr("rank_plural", { rank: rankName(v) }))) })));
  if (missing) notes.push(el("p", "note", trn("to_set", missing)));
  if ((draft.warnings || []).length) {
    const det = el("details", "camera-notes");
    det.append(el("summary", null, tr("camera_notes", { n: draft.warnings.length })));
    for (const w of draft.warnings) det.append(el("p", "muted", w));
    notes.push(det);
  }
  foot.append(...notes);
  if (draft.overlay) {
    const fig = el("figure", "overlay");
    const img = el("img");
    img.src = draft.overlay;
    img.alt = tr("seen_alt");
    fig.append(img, el("figcaption", null, tr("seen_caption")));
    fig.addEventListener("click", () => fig.classList.toggle("large"));
    foot.append(fig);
  }
  const start = button(tr("start_frame"), "primary big", async () => {
    const action = { type: "deal", pins: { ...draft.pins }, tops: [...draft.piles] };
    const next = await act(action);
    if (next) { sessionStorage.removeItem(draftKey); draft = null; }
  });
  start.disabled = missing > 0 || bad.length > 0;
  const clearAll = draftValues(draft).some((v) => v !== null) ?
    button(tr("clear_all"), "ghost", () => { draft = emptyDraft(); saveDraft(draft); renderDeal(); }) : null;
  foot.append(actionRow(start, clearAll, undoButton()), actionRow(quickOnButton()));
  stage.replaceChildren(head, tableBox, foot);
}

// ---- playing: the hint, picking a play, ending the ball -------------------------------------
function samePlay(a, b) {
  if (!a || !b) return false;
  const pa = [...a.pins].sort().join(""), pb = [...b.pins].sort().join("");
  return a.pile === b.pile && pa === pb;
}

function describe(play, state) {
  const top = state.piles[play.pile - 1].top;
  const values = play.pins.map((p) => rankOf(state.pins[p])).join(" + ");
  return tr("play_words", { pile: play.pile, top: rankOf(top), pins: play.pins.join(" + "), values });
}

function fmtValue(v) {
  if (objective === "strike" || objective === "clear") return `${Math.round(v * 100)}%`;
  return objective === "pins" ? tr("value_pins", { v: v.toFixed(1) }) : tr("value_points", { v: v.toFixed(1) });
}

function renderPlay() {
  const t = game.turn;
  const state = t.state;
  const hint = game.hint && !game.hint.error ? game.hint : null;
  const best = hint && hint.best.action === "play" ? { pile: hint.best.pile, pins: hint.best.pins } : null;
  if (!selection) selection = best ? { pile: best.pile, pins: new Set(best.pins), fromHint: true } : { pile: null, pins: new Set() };
  const chosen = { pile: selection.pile, pins: PINS.filter((p) => selection.pins.has(p)) };
  const isBest = best && samePlay(chosen, best);

  const pins = {};
  for (const p of PINS) {
    if (p in state.pins) pins[p] = { value: state.pins[p], cls: selection.pins.has(p) ? "take" : "" };
    else pins[p] = { gone: true };
  }
  const piles = state.piles.map((pile, i) => ({
    top: pile.top, down: pile.down, cls: selection.pile === i + 1 ? "use" : "",
  }));
  const tableBox = el("div", "table-box");
  renderTable(tableBox, {
    pins, piles,
    // The first tap after a hint starts the player's own pick from scratch.
    onPin: (p) => {
      clearError();                 // a refused play's reason is old news after a new pick
      if (selection.fromHint) selection = { pile: null, pins: new Set([p]) };
      else if (selection.pins.has(p)) selection.pins.delete(p);
      else selection.pins.add(p);
      renderPlay();
    },
    onPile: (n) => {
      if (state.piles[n - 1].top === null) return;
      clearError();
      if (selection.fromHint) selection = { pile: n, pins: new Set() };
      else selection.pile = selection.pile === n ? null : n;
      renderPlay();
    },
  });

  // The hint: one line above the table, the reasons and the other plays below it.
  const banner = el("section", "hint-banner");
  banner.setAttribute("aria-label", tr("hint_aria"));
  const card = el("section", "panel hint-card");
  card.setAttribute("aria-label", tr("why_aria"));
  const endBest = hint && hint.best.action === "end_ball";
  if (hint) {
    banner.append(el("p", "hint-label", tr("hint_label", { objective: OBJECTIVES.find(([k]) => k === objective)?.[1] || objective })));
    banner.append(el("p", "hint-main", endBest ?
      (state.ball === 1 && t.balls === 2 ? tr("end_ball_now") : tr("stop_frame")) : describe(best, state)));
    if (endBest && state.ball === 1 && t.balls === 2 && Object.keys(state.pins).length === 10) {
      banner.append(el("p", "hint-reason", tr("end_reason")));
    }
    card.append(Object.assign(el("p", "hint-why", hint.explanation), { lang: "en" }));   // the solver's words
    const others = hint.actions.filter((a) => !(a.action === hint.best.action && (a.action === "end_ball" || samePlay(a, best))));
    if (others.length) {
      const det = el("details", "alternatives");
      det.append(el("summary", null, tr("other_plays", { n: others.length })));
      const list = el("ol", "alt-list");
      for (const a of others.slice(0, 8)) {
        const li = el("li");
        const label = a.action === "end_ball" ? tr("end_this_ball") : describe(a, state);
        const b = button("", "alt", () => {
          if (a.action === "end_ball") { selection = { pile: null, pins: new Set() }; renderPlay(); return; }
          selection = { pile: a.pile, pins: new Set(a.pins), fromHint: true };
          renderPlay();
          stage.scrollIntoView({ behavior: "smooth", block: "start" });
        });
        b.append(el("span", "alt-what", label), el("span", "alt-value", fmtValue(a.value)));
        li.append(b);
        list.append(li);
      }
      det.append(list);
      card.append(det);
    }
  } else {
    banner.append(el("p", "hint-label", tr("no_hint")));
    banner.append(el("p", "hint-why", game.hint && game.hint.error ? `${game.hint.error}.` : tr("no_solver")));
  }
  const switcher = el("div", "objective");
  switcher.setAttribute("role", "radiogroup");
  switcher.setAttribute("aria-label", tr("aim_aria"));
  for (const [key, label] of OBJECTIVES) {
    const b = button(label, `seg${key === objective ? " on" : ""}`, async () => {
      if (key === objective) return;
      objective = key;
      localStorage.setItem("tableside.objective", key);
      await load();
    });
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(key === objective));
    switcher.append(b);
  }
  card.append(el("p", "hint-label aim", tr("aims_for")), switcher);

  const foot = el("div", "stage-foot plain");
  let what = null;
  if (chosen.pile && chosen.pins.length) what = isBest ? null : tr("your_pick", { play: describe(chosen, state) });
  else if (chosen.pile) what = tr("pile_chosen", { n: chosen.pile });
  else if (chosen.pins.length) what = tr("pins_chosen", { pins: chosen.pins.join(" + ") });
  else if (!endBest) what = tr("how_record");
  if (what) foot.append(el("p", "selection", what));
  if (best && !isBest) {
    foot.append(button(tr("show_best"), "ghost small-button", () => {
      selection = { pile: best.pile, pins: new Set(best.pins), fromHint: true };
      renderPlay();
    }));
  }
  const played = button(tr("played_this"), endBest ? "secondary" : "primary big", () =>
    act({ type: "play", pile: chosen.pile, pins: chosen.pins }));
  played.disabled = !(chosen.pile && chosen.pins.length);
  const endLabel = state.ball === 1 && t.balls === 2 ? tr("end_this_ball") : tr("end_frame");
  const end = button(endLabel, endBest ? "primary big" : "secondary", () => act({ type: "end_ball" }));
  foot.append(actionRow(...(endBest ? [end, played] : [played, end]), undoButton()),
    actionRow(quickOnButton()));
  stage.replaceChildren(banner, tableBox, foot, card);
}

// ---- a card was turned up: what is it? -----------------------------------------------
function renderReveal() {
  const t = game.turn;
  const pending = t.pending_reveals[0];
  const table = t.table || { piles: [{}, {}, {}], out: [] };
  const pins = {};
  for (const p of PINS) pins[p] = t.standing.includes(p) ? { value: t.pin_values[p] } : { gone: true };
  const piles = table.piles.map((pile, i) => ({
    top: pile.top, down: pile.down, pending: pile.pending, cls: i + 1 === pending ? "ask" : "",
  }));
  const inSight = [...t.standing.map((p) => t.pin_values[p]),
    ...table.piles.filter((p) => !p.pending && p.top !== null).map((p) => p.top), ...table.out];
  const counts = countValues(inSight);

  const tableBox = el("div", "table-box");
  renderTable(tableBox, { pins, piles });

  const panel = el("div", "panel stage-foot reveal");
  panel.append(el("h2", null, tr("reveal_title", { n: pending })));
  if (t.pending_reveals.length > 1) {
    panel.append(el("p", "muted", trn("then_pile", t.pending_reveals.length - 1, { piles: andList(t.pending_reveals.slice(1)) })));
  }
  const grid = el("div", "values inline");
  for (const v of VALUES) {
    const b = button(rankOf(v), "value", () => act({ type: "reveal", pile: pending, value: v }));
    b.setAttribute("aria-label", tr("value_on_pile", { rank: rankName(v), n: pending }));
    if (counts[v] >= 2) {
      b.disabled = true;
      b.title = tr("both_in_sight", { rank: rankName(v) });
    }
    grid.append(b);
  }
  panel.append(grid);
  if (counts.some((c) => c >= 2)) panel.append(el("p", "muted small", tr("greyed")));
  panel.append(actionRow(
    photoButton(tr("photo_instead"), "secondary", async (file) => {
      const reading = await readPhoto(file);
      if (!reading) return;
      const v = reading.piles ? reading.piles[pending - 1] : null;
      if (!Number.isInteger(v)) {
        const advice = (reading.photo_advice || [])[0];
        showError(tr("reveal_unclear", { n: pending }) +
          (advice ? tr("next_time", { advice }) : ""));
        return;
      }
      toast(tr("photo_shows", { rank: rankName(v), n: pending }));
      await act({ type: "reveal", pile: pending, value: v });
    }),
    undoButton(),
  ));
  stage.replaceChildren(panel, tableBox);
}

// ---- the end ------------------------------------------------------------------------------
function renderOver() {
  const panel = el("section", "panel over");
  const rows = ranking(game);
  const winners = rows.filter((r) => r.winner).map((r) => r.name);
  const cup = el("img", "trophy");
  cup.src = "/static/icons/trophy.svg";
  cup.alt = "";
  panel.append(cup);
  panel.append(el("h2", null, rows.length === 1 ? tr("scored", { name: rows[0].name, total: rows[0].total }) :
    winners.length > 1 ? tr("tie", { names: andList(winners) }) : tr("wins", { name: winners[0] })));
  if (rows.length > 1) {
    const list = el("ol", "ranking");
    for (const r of rows) {
      const li = el("li", r.winner ? "winner" : "");
      li.append(el("span", "place", `${r.place}.`), el("span", "name", r.name), el("span", "total", String(r.total)));
      list.append(li);
    }
    panel.append(list);
  }
  const pdf = el("a", "button primary big", tr("download_sheet"));
  pdf.href = `/api/games/${gameId}/sheet.pdf`;
  const again = el("a", "button secondary", tr("new_game"));
  again.href = "/";
  panel.append(actionRow(pdf, again, undoButton()));
  panel.append(el("p", "muted small", tr("fix_note")));
  stage.replaceChildren(panel);
}

load();

// ---- a second phone on the same game: poll for changes while the page is visible ------
const POLL_MS = 1500;
let polling = false;
async function poll() {
  if (polling || busy || !game || document.visibilityState !== "visible"
      || document.querySelector("dialog[open]")) return;
  polling = true;
  try {
    const next = await getJSON(`/api/games/${gameId}?since=${game.version}&${hintQuery()}`);
    if (next.changed !== false && !busy && next.version !== game.version) {
      game = next;
      selection = null;
      clearError();
      render();
    }
  } catch (e) {
    /* offline for a moment: the next poll tries again */
  } finally {
    polling = false;
  }
}
setInterval(poll, POLL_MS);
document.addEventListener("visibilitychange", poll);
