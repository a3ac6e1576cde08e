// A hint from any photo (the /photo-hint page), and re-syncing a game's tracker from a photo
// taken mid-frame (the game page's "Photo mid-frame" panel). The server does the sums:
// POST /api/photo-hint and POST /api/games/<id>/resync-check (assistant/web/photohint.py).
import { getJSON, postForm, postJSON } from "./api.js";
import { tr, trn } from "./i18n.js";
import { PINS, countValues, rankOf, rankName } from "./cards.js";
import { photoButton, shrinkPhoto } from "./photo.js";
import { pickValue } from "./picker.js";
import { renderTable } from "./table.js";
import { el, button } from "./dom.js";

// The hint's aims, as the game page names them.
const OBJECTIVES = { game: tr("obj_game"), pins: tr("obj_pins"), strike: tr("obj_strike") };

const SIZES = [5, 3, 2];            // cards dealt to piles 1, 2, 3 (the rules')
const OBJECTIVE_KEY = "tableside.objective";

function sentence(message) {
  return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".");
}

// What the server or the solver says, in English (README: what stays English), marked so.
const english = (node) => Object.assign(node, { lang: "en" });

// The shared picker (picker.js), its "clear" button named for what it means here.
async function pickCard(heading, clearLabel, options) {
  const clear = document.getElementById("picker-clear");
  const before = clear.textContent;
  clear.textContent = clearLabel;
  try {
    return await pickValue(heading, options);
  } finally {
    clear.textContent = before;
  }
}

// The photo's reading as the table the page edits: pins {A: value | "gone"}, tops [value | "gone"].
function tableOf(reading) {
  const low = reading.low_confidence;
  const unsure = new Set();
  for (const c of reading.cards || []) {
    if (c.confidence < low && c.role === "pin") unsure.add(c.position);
    if (c.confidence < low && c.role === "pile") unsure.add(`pile${c.position}`);
  }
  const pins = {};
  for (const p of PINS) pins[p] = reading.pins[p] === null ? "gone" : reading.pins[p];
  const tops = reading.piles.map((v) => (v === null ? "gone" : v));
  // Cards read beside the layout surely enough (the discards) are named as out to begin with.
  const out = (reading.cards || []).filter((c) => c.role === "outside" && c.value !== null
    && c.confidence >= low).map((c) => c.value);
  return { pins, tops, unsure, out, overlay: reading.overlay };
}

async function recognise(file, gameId) {
  const form = new FormData();
  form.append("photo", await shrinkPhoto(file), "photo.jpg");
  if (gameId) form.append("game", gameId);
  return postForm("/api/recognize", form);
}

function drawTable(box, table, onPin, onPile, ring = null) {
  const pins = {};
  for (const p of PINS) {
    const v = table.pins[p];
    const cls = [table.unsure.has(p) ? "unsure" : "", ring && ring.pins.includes(p) ? "take" : ""].join(" ").trim();
    pins[p] = v === "gone" ? { gone: true, tappable: true } : { value: v, cls };
  }
  const piles = table.tops.map((v, i) => {
    const cls = [table.unsure.has(`pile${i + 1}`) ? "unsure" : "", ring && ring.pile === i + 1 ? "use" : ""].join(" ").trim();
    const down = table.down ? table.down[i] : undefined;
    return v === "gone" ? { top: null, tappable: true, down } : { top: v, unknown: v === null, cls, down };
  });
  renderTable(box, { pins, piles, onPin, onPile });
}

async function editPlace(table, key) {
  const isPile = key.startsWith("pile");
  const current = isPile ? table.tops[Number(key.slice(4)) - 1] : table.pins[key];
  const inSight = countValues([...Object.values(table.pins), ...table.tops].filter((v) => v !== "gone"));
  const disabled = [];
  for (let v = 0; v < 10; v += 1) if (inSight[v] >= 2 && v !== current) disabled.push(v);
  const picked = await pickCard(isPile ? tr("ph_pile_face_up", { n: key.slice(4) }) : tr("pin_plain", { pin: key }),
    isPile ? tr("ph_empty_pile") : tr("ph_removed"),
    { current: typeof current === "number" ? current : null, disabled });
  if (picked === null) return false;
  const value = picked === "clear" ? "gone" : picked;
  if (isPile) table.tops[Number(key.slice(4)) - 1] = value;
  else table.pins[key] = value;
  table.unsure.delete(key);
  return true;
}

function standingPins(table) {
  const pins = {};
  for (const p of PINS) if (table.pins[p] !== "gone") pins[p] = table.pins[p];
  return pins;
}

const topsOf = (table) => table.tops.map((v) => (v === "gone" ? null : v));

function stepper(n, value, max, onChange) {
  const row = el("div", "ph-stepper");
  const minus = button("−", "ghost ph-step", () => onChange(value - 1));
  minus.disabled = value <= 0;
  minus.setAttribute("aria-label", tr("ph_fewer", { n }));
  const plus = button("+", "ghost ph-step", () => onChange(value + 1));
  plus.disabled = value >= max;
  plus.setAttribute("aria-label", tr("ph_more", { n }));
  const count = el("output", "ph-count", String(value));
  count.id = `under-${n}`;
  row.append(el("span", "ph-pile", tr("pile_n", { n })), minus, count, plus);
  return row;
}

function outChips(values, onRemove) {
  const list = el("ul", "ph-chips");
  values.forEach((v, i) => {
    const li = el("li");
    const b = button(`${rankOf(v)} ×`, "ghost ph-chip", () => onRemove(i));
    b.setAttribute("aria-label", tr("ph_remove_out", { rank: rankName(v) }));
    li.append(b);
    list.append(li);
  });
  return list;
}

function describe(action, state) {
  if (action.action === "end_ball") return state.ball === 1 ? tr("end_ball_now") : tr("stop_frame");
  const top = state.piles[action.pile - 1].top;
  const values = action.pins.map((p) => rankOf(state.pins[p])).join(" + ");
  return tr("play_words", { pile: action.pile, top: rankOf(top), pins: action.pins.join(" + "), values });
}

// ---- the /photo-hint page -----------------------------------------------------------------
function photoHintPage(root) {
  const head = el("section", "panel ph-head");
  const errorBox = el("p", "alert");
  errorBox.setAttribute("role", "alert");
  errorBox.hidden = true;
  const stage = el("section", "ph-stage");
  const questions = el("section", "panel ph-questions");
  const bannerBox = el("div", "ph-banner");       // the best play, above the table
  bannerBox.setAttribute("aria-live", "polite");
  const hintBox = el("section", "ph-hint");       // why, and the other plays, below it
  root.replaceChildren(head, errorBox, bannerBox, stage, hintBox, questions);

  let table = null;                  // what the photo shows, corrected by taps
  let seen = null;                   // an unreadable photo's outlines
  let answers = { ball: null, down: null, out: [] };   // null: the server's default
  let reply = null;                  // the last answer of /api/photo-hint
  let asked = 0;                     // drops answers to older questions
  let objective = localStorage.getItem(OBJECTIVE_KEY) || "game";
  if (!(objective in OBJECTIVES)) objective = "game";

  const showError = (m, fromServer = false) => {
    errorBox.textContent = sentence(m);
    if (fromServer) errorBox.lang = "en";
    else errorBox.removeAttribute("lang");
    errorBox.hidden = false;
  };
  const clearError = () => { errorBox.hidden = true; };

  function renderHead() {
    head.replaceChildren(el("h1", null, tr("ph_title")));
    if (!table) head.append(el("p", "muted", tr("ph_intro")));
    const row = el("div", "actions");
    row.append(photoButton(table ? tr("ph_another_photo") : tr("ph_take_photo"), table ? "secondary" : "primary big", async (file) => {
      clearError();
      stage.replaceChildren(el("p", "reading-note", tr("reading")));
      try {
        const reading = await recognise(file, null);
        table = tableOf(reading);
        answers = { ball: null, down: null, out: table.out.slice() };
        seen = null;
      } catch (e) {
        showError(tr("ph_unreadable", { reason: e.message }));
        seen = e.body && e.body.overlay;     // the cards that were found, outlined: why
      }
      refresh();
    }));
    if (!table) {
      row.append(button(tr("ph_tap_in"), "ghost", () => {
        const pins = {};
        for (const p of PINS) pins[p] = null;
        table = { pins, tops: [null, null, null], unsure: new Set(), out: [], overlay: null };
        answers = { ball: null, down: null, out: [] };
        refresh();
      }));
    }
    head.append(row);
  }

  const unset = () => table ? [...PINS.filter((p) => table.pins[p] === null),
    ...table.tops.map((v, i) => (v === null ? `pile${i + 1}` : null)).filter(Boolean)] : [];

  function overlay(url) {
    const fig = el("figure", "overlay");
    const img = el("img");
    img.src = url;
    img.alt = tr("seen_alt");
    fig.append(img);
    fig.addEventListener("click", () => fig.classList.toggle("large"));
    return fig;
  }

  function renderStage() {
    if (!table) { stage.replaceChildren(...(seen ? [overlay(seen)] : [])); return; }
    const box = el("div", "table-box");
    const best = reply && reply.hint && reply.hint.best.action === "play" ? reply.hint.best : null;
    drawTable(box, { ...table, down: reply && !unset().length ? reply.table.down : null },
      async (p) => { if (await editPlace(table, p)) changed(); },
      async (n) => {
        if (!(await editPlace(table, `pile${n}`))) return;
        if (answers.down) answers.down[n - 1] = 0;      // an emptied pile has nothing under it
        changed();
      }, best);
    const notes = [el("p", "muted small", tr("ph_tap_to_correct"))];
    if (table.unsure.size) notes.push(el("p", "note unsure-note", trn("ph_unsure", table.unsure.size)));
    const missing = unset();
    if (missing.length) notes.push(el("p", "note clash-note", trn("ph_unset", missing.length)));
    stage.replaceChildren(box, ...notes);
    if (table.overlay) stage.append(overlay(table.overlay));
  }

  function renderQuestions() {
    questions.hidden = !table || unset().length > 0 || (!reply && answers.ball === null && answers.down === null);
    if (questions.hidden) return;
    if (!reply) {            // refused with the player's answers: offer the defaults again
      questions.replaceChildren(el("h2", null, tr("ph_questions")), button(tr("ph_reset"), "secondary ph-reset", () => {
        answers = { ball: null, down: null, out: answers.out };
        changed();
      }));
      return;
    }
    const t = reply.table;
    const assumed = (what) => (t.defaulted.includes(what) ? el("span", "ph-assumed", tr("ph_assumed")) : null);
    questions.replaceChildren(el("h2", null, tr("ph_questions")));

    const fresh = button(tr("ph_fresh"), "secondary ph-fresh", () => {
      answers = { ball: 1, down: [4, 2, 1], out: [] };
      changed();
    });
    const allTen = Object.keys(standingPins(table)).length === 10 && table.tops.every((v) => v !== "gone");
    fresh.disabled = !allTen;
    const freshRow = el("div", "actions");
    freshRow.append(fresh);
    questions.append(freshRow, el("p", "muted small", allTen ? tr("ph_fresh_help") : tr("ph_fresh_needs")));

    const ballRow = el("div", "objective ph-ball");
    ballRow.setAttribute("role", "radiogroup");
    ballRow.setAttribute("aria-label", tr("ph_which_ball"));
    for (const n of [1, 2]) {
      const b = button(tr("ph_ball", { n }), `seg${t.ball === n ? " on" : ""}`, () => {
        answers.ball = n;
        answers.down = null;           // the counts that fit the other ball
        changed();
      });
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(t.ball === n));
      ballRow.append(b);
    }
    const ballHead = el("h3", null, tr("ph_which_ball"));
    const a1 = assumed("ball");
    if (a1) ballHead.append(" ", a1);
    questions.append(ballHead, ballRow);

    const underHead = el("h3", null, tr("ph_under"));
    const a2 = assumed("down");
    if (a2) underHead.append(" ", a2);
    questions.append(underHead);
    t.down.forEach((n, i) => {
      if (t.tops[i] === null) {
        const row = el("div", "ph-stepper");
        row.append(el("span", "ph-pile", tr("pile_n", { n: i + 1 })), el("span", "muted", tr("pile_empty")));
        questions.append(row);
        return;
      }
      questions.append(stepper(i + 1, n, SIZES[i] - 1, (v) => {
        answers.down = t.down.slice();
        answers.down[i] = v;
        answers.ball = t.ball;
        changed();
      }));
    });

    const total = t.out.length + t.unknown_out;
    questions.append(el("h3", null, tr("ph_out_title", { n: total })));
    questions.append(el("p", "muted small", `${tr("ph_out_named", { k: t.out.length, n: total })} ${t.unknown_out ? tr("ph_out_help") : ""}`.trim()));
    questions.append(outChips(answers.out, (i) => { answers.out.splice(i, 1); changed(); }));
    if (t.unknown_out > 0) {
      questions.append(button(tr("ph_add_out"), "ghost ph-add-out", async () => {
        const seen = countValues([...Object.values(standingPins(table)), ...topsOf(table).filter((v) => v !== null), ...answers.out]);
        const disabled = [];
        for (let v = 0; v < 10; v += 1) if (seen[v] >= 2) disabled.push(v);
        const v = await pickCard(tr("ph_out_picker"), "", { allowClear: false, disabled });
        if (typeof v === "number") { answers.out.push(v); changed(); }
      }));
    }
  }

  function renderHint() {
    if (!reply || !table || unset().length) { bannerBox.replaceChildren(); hintBox.replaceChildren(); return; }
    const h = reply.hint;
    const state = { ball: reply.table.ball, pins: reply.table.pins, piles: reply.table.tops.map((top) => ({ top })) };
    const banner = el("section", "hint-banner");
    banner.setAttribute("aria-label", tr("ph_best_play"));
    banner.append(el("p", "hint-label", tr("ph_best_play")), el("p", "hint-main ph-best", describe(h.best, state)));
    const card = el("section", "panel hint-card");
    card.append(english(el("p", "hint-why", h.explanation)));
    if (h.estimate) {
      // the server's numbers in the page's words (its "why" is the same sentence in English)
      const est = h.estimate;
      const why = est.ways
        ? trn("ph_estimate_all", est.unknown_out, { ways: est.ways })
        : trn("ph_estimate_sampled", est.unknown_out, { ways: est.averaged });
      card.append(el("p", "note unsure-note ph-estimate", `${tr("ph_estimate")}: ${why}`));
    }
    const others = h.actions.slice(1);
    if (others.length) {
      const det = el("details", "alternatives");
      det.append(el("summary", null, tr("other_plays", { n: others.length })));
      const list = el("ol", "alt-list");
      for (const a of others.slice(0, 8)) {
        const li = el("li", "ph-alt");
        li.append(el("span", null, describe(a, state)), el("span", "alt-value", a.value.toFixed(2)));
        list.append(li);
      }
      det.append(list);
      card.append(det);
    }
    const switcher = el("div", "objective");
    switcher.setAttribute("role", "radiogroup");
    for (const [key, label] of Object.entries(OBJECTIVES)) {
      const b = button(label, `seg${key === objective ? " on" : ""}`, () => {
        objective = key;
        localStorage.setItem(OBJECTIVE_KEY, key);
        changed();
      });
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(key === objective));
      switcher.append(b);
    }
    card.append(el("p", "hint-label aim", tr("aims_for")), switcher);
    bannerBox.replaceChildren(banner);
    hintBox.replaceChildren(card);
  }

  async function ask() {
    const n = ++asked;
    const body = { pins: standingPins(table), tops: topsOf(table), out: answers.out, objective };
    if (answers.ball !== null) body.ball = answers.ball;
    if (answers.down !== null) body.down = answers.down;
    bannerBox.replaceChildren(el("p", "reading-note", tr("ph_getting")));
    try {
      const r = await postJSON("/api/photo-hint", body);
      if (n !== asked) return;
      reply = r;
      clearError();
    } catch (e) {
      if (n !== asked) return;
      reply = null;
      showError(e.message, true);
    }
    render();
  }

  function render() {
    renderHead();
    renderStage();
    renderQuestions();
    renderHint();
  }

  function changed() {
    render();
    if (table && !unset().length) ask();
  }

  const refresh = changed;
  render();
}

// ---- the game page: re-sync the tracker from a photo ---------------------------------------
function resyncPanel(root) {
  const gameId = root.dataset.gameId;
  const dialog = document.getElementById("resync-dialog");
  const body = dialog.querySelector(".ph-dialog-body");
  const errorBox = el("p", "alert");
  errorBox.setAttribute("role", "alert");
  errorBox.hidden = true;
  let table = null;
  let down = null;
  let out = null;
  let version = null;

  root.replaceChildren(el("h2", null, tr("ph_resync_title")), el("p", "muted small", tr("ph_resync_intro")), errorBox);
  const row = el("div", "actions");
  root.append(row);
  row.append(photoButton(tr("ph_resync_button"), "secondary", async (file) => {
    errorBox.hidden = true;
    const note = el("p", "reading-note", tr("reading"));
    root.append(note);
    try {
      const reading = await recognise(file, gameId);    // the tracker's prior: which places hold a card
      table = tableOf(reading);
      down = null;
      out = null;
      await check();
    } catch (e) {
      errorBox.textContent = tr("ph_unreadable", { reason: e.message });
      errorBox.hidden = false;
    } finally {
      note.remove();
    }
  }));

  async function check() {
    const game = await getJSON(`/api/games/${gameId}`);
    version = game.version;
    const ask = { pins: standingPins(table), tops: topsOf(table) };
    if (down) ask.down = down;
    if (out) ask.out = out;
    let result = null;
    let problem = null;
    try {
      result = await postJSON(`/api/games/${gameId}/resync-check`, ask);
    } catch (e) {
      problem = e.message;
    }
    show(result, problem);
  }

  function show(result, problem) {
    const box = el("div", "table-box");
    drawTable(box, { ...table, down: result ? result.action.down : null },
      async (p) => { if (await editPlace(table, p)) { out = null; await check(); } },
      async (n) => { if (await editPlace(table, `pile${n}`)) { out = null; await check(); } });
    const parts = [Object.assign(el("h2", null, tr("ph_resync_heading")), { id: "resync-heading" }), box];
    if (table.unsure.size) parts.push(el("p", "note unsure-note", trn("ph_unsure", table.unsure.size)));
    if (problem) {
      const a = english(el("p", "alert ph-problem", sentence(problem)));
      a.setAttribute("role", "alert");
      parts.push(a);
    }
    const foot = el("div", "actions");
    if (result) {
      const diffs = result.differences;
      if (!diffs.length) parts.push(el("p", "ph-same", tr("ph_resync_same")));
      else {
        parts.push(el("p", "ph-diff-head", tr("ph_resync_diffs")));
        const list = english(el("ul", "ph-diffs"));
        for (const d of diffs) list.append(el("li", null, sentence(d)));
        parts.push(list);
        parts.push(el("h3", null, tr("ph_under")));
        result.action.down.forEach((n, i) => {
          if (result.action.tops[i] === null) return;
          parts.push(stepper(i + 1, n, SIZES[i] - 1, async (v) => {
            down = result.action.down.slice();
            down[i] = v;
            out = null;
            await check();
          }));
        });
        if (result.unknown_out > 0) {
          parts.push(el("p", "note unsure-note", trn("ph_resync_unknown", result.unknown_out)));
          parts.push(button(tr("ph_resync_name_out"), "ghost ph-add-out", async () => {
            const left = countValues(result.pool);
            const disabled = [];
            for (let v = 0; v < 10; v += 1) if (!left[v]) disabled.push(v);
            const v = await pickCard(tr("ph_out_picker"), "", { allowClear: false, disabled });
            if (typeof v === "number") { out = [...result.action.out, v]; await check(); }
          }));
        }
        const ok = button(tr("ph_confirm"), "primary big ph-confirm", async () => {
          try {
            await postJSON(`/api/games/${gameId}/actions`, { ...result.action, version });
            dialog.close();
            sessionStorage.setItem("tableside.resynced", "1");
            location.reload();
          } catch (e) {
            const a = english(el("p", "alert", sentence(e.message)));
            a.setAttribute("role", "alert");
            body.append(a);
          }
        });
        ok.disabled = result.unknown_out > 0;
        foot.append(ok);
      }
    }
    foot.append(button(tr("ph_close"), "ghost", () => dialog.close()));
    parts.push(foot);
    body.replaceChildren(...parts);
    if (!dialog.open) dialog.showModal();
  }

  // Shown while a frame with real cards is in play: checked again whenever the frame screen
  // (game.js) redraws, cheaply (`?since=` answers without a replay while nothing changed).
  let seenVersion = null;
  let timer = null;
  async function follow() {
    try {
      const g = await getJSON(`/api/games/${gameId}` + (seenVersion === null ? "" : `?since=${seenVersion}`));
      if (g.changed === false) return;
      seenVersion = g.version;
      root.hidden = g.mode !== "table" || !g.turn || !["play", "reveal"].includes(g.turn.awaiting);
    } catch (e) {
      root.hidden = true;
    }
  }
  const stageBox = document.getElementById("stage");
  if (stageBox) {
    new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(follow, 250); })
      .observe(stageBox, { childList: true });
  }
  follow().then(() => {
    if (sessionStorage.getItem("tableside.resynced")) {
      sessionStorage.removeItem("tableside.resynced");
      const toast = document.getElementById("toast");
      if (toast) {
        toast.textContent = tr("ph_resynced");
        toast.hidden = false;
        setTimeout(() => { toast.hidden = true; }, 4000);
      }
    }
  });
}

const page = document.getElementById("photohint");
if (page) photoHintPage(page);
const panel = document.getElementById("resync");
if (panel) resyncPanel(panel);
