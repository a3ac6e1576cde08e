// Score-only entry: each ball as the pins it took (a keypad, or a tap on the pins that
// fell), and the correction of a finished frame from the sheet. For the current ball the
// server says what is possible (turn.possible); the correction dialog offers what the ten-pin
// rules below allow, and the server checks the frame again (assistant/quick.py) either way.
import { PINS } from "./cards.js";
import { tr, trn } from "./i18n.js";
import { el, button } from "./dom.js";

const pinsWord = (n) => trn("n_pins", n);

// The rack before the next ball of a frame: pins standing, and whether it is a fresh
// rack (a full rack is fresh at a frame's start and after a strike or spare in the tenth;
// after a first ball that took no pin the ten standing pins are a spare's, not a strike's).
export function rackOf(frameNo, balls) {
  let left = 10;
  let fresh = true;
  for (const b of balls) {
    if (b === left && frameNo === 10) { left = 10; fresh = true; continue; }
    left -= b;
    fresh = false;
  }
  return { left, fresh };
}

// The marks of a frame's balls as the pad writes them: X, /, - or the digit.
export function marksOf(frameNo, balls) {
  const out = [];
  balls.forEach((b, i) => {
    const { left, fresh } = rackOf(frameNo, balls.slice(0, i));
    out.push(b === left && b > 0 ? (fresh ? "X" : "/") : b === 0 ? "-" : String(b));
  });
  return out;
}

export function frameDone(frameNo, balls) {
  if (frameNo < 10) return balls[0] === 10 || balls.length === 2;
  return balls.length === 3 || (balls.length === 2 && balls[0] + balls[1] < 10);
}

// What the keypad may offer next, by the ten-pin rules (the dialog has no server answer yet).
export function possibleNext(frameNo, balls) {
  if (frameDone(frameNo, balls)) return [];
  const { left } = rackOf(frameNo, balls);
  return Array.from({ length: left + 1 }, (_, i) => i);
}

/** A keypad: −, 1–9, X (a fresh rack's 10) and / (the rest of the rack). */
export function keypad({ possible, left, fresh, onPick }) {
  const grid = el("div", "keypad");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", tr("keys_label"));
  const key = (label, pins, enabled, name) => {
    const b = el("button", `key${label === "X" || label === "/" ? " mark" : ""}`, label);
    b.type = "button";
    b.disabled = !enabled;
    b.dataset.pins = String(pins);
    b.setAttribute("aria-label", name);
    b.addEventListener("click", () => onPick(pins));
    grid.append(b);
  };
  key("−", 0, possible.includes(0), tr("key_zero"));
  for (let d = 1; d <= 9; d++) key(String(d), d, possible.includes(d), pinsWord(d));
  key("X", 10, fresh && possible.includes(10), tr("key_strike"));
  key("/", left, !fresh && left > 0 && possible.includes(left), tr("key_spare", { pins: pinsWord(left) }));
  return grid;
}

// ---- tap the pins that fell --------------------------------------------------------------
// The pins each ball of a frame knocked down, when they were tapped: "player:frame" ->
// [letters of ball 1, of ball 2, ...], null for a ball whose pins were typed as a number.
const tapped = new Map();

function remember(key, ball, letters) {
  const balls = (tapped.get(key) || []).slice(0, ball - 1);
  while (balls.length < ball - 1) balls.push(null);
  balls.push(letters);
  tapped.set(key, balls);
}

// The pins already down before `ball` since the rack was last set up, or null if unknown.
function downBefore(key, frameNo, balls, ball) {
  let start = 0;
  for (let i = 0; i < ball - 1; i++) if (rackOf(frameNo, balls.slice(0, i)).fresh) start = i;
  const known = (tapped.get(key) || []).slice(start, ball - 1);
  if (known.length < ball - 1 - start || known.some((b) => b === null)) return null;
  return known.flat();
}

function pinPad({ key, ball, frameNo, balls, left, fresh, onEnter }) {
  const known = fresh ? [] : downBefore(key, frameNo, balls, ball);
  const down = new Set(known || []);
  const chosen = new Set();
  const box = el("div", "pin-pad");
  const tri = el("div", "felt");
  const grid = el("div", "triangle");
  const enter = button("", "primary big", () => {
    if (chosen.size > left) return;
    remember(key, ball, [...chosen]);
    onEnter(chosen.size);
  });
  const note = el("p", "muted small");
  const refresh = () => {
    enter.textContent = chosen.size === 0 ? tr("no_pin_fell") : tr("enter_pins", { pins: pinsWord(chosen.size) });
    enter.disabled = chosen.size > left;
    note.textContent = chosen.size > left ? tr("only_standing", { pins: pinsWord(left) }) :
      known || fresh ? tr("tap_fell") :
        tr("tap_fell_left", { pins: pinsWord(left) });
  };
  for (const p of PINS) {
    const gone = down.has(p);
    const b = el("button", `card pin pos-${p}${gone ? " gone" : ""}`);
    b.type = "button";
    b.append(el("span", "corner", p));
    b.setAttribute("aria-label", gone ? tr("pin_down", { pin: p }) : tr("pin_plain", { pin: p }));
    b.setAttribute("aria-pressed", "false");
    b.disabled = gone;
    b.addEventListener("click", () => {
      if (chosen.has(p)) chosen.delete(p); else chosen.add(p);
      b.classList.toggle("fell", chosen.has(p));
      b.setAttribute("aria-pressed", String(chosen.has(p)));
      refresh();
    });
    grid.append(b);
  }
  tri.append(grid);
  refresh();
  box.append(note, tri, enter);
  return box;
}

function ballWords(frameNo, ball, balls) {
  if (frameNo < 10 || ball === 1) return tr("which_ball", { n: ball });
  if (balls[0] === 10) return ball === 2 ? tr("first_bonus") : tr("second_bonus");
  return ball === 3 ? tr("bonus_ball") : tr("which_ball", { n: 2 });
}

// ---- the frame screen of a score-only game (or a card game's frame entered by pins) ------------
let pinsMode = false;           // the player's choice of entry, kept while the page is open

/** Draw the current ball's entry into `stage`. ctx: {act, undoButton}. */
export function renderQuick(stage, game, ctx) {
  const t = game.turn;
  const player = game.players[t.player];
  const frame = player.card.frames[t.frame - 1];
  const balls = t.ball > 1 && frame ? frame.rolls : [];
  const { left, fresh } = rackOf(t.frame, balls);
  const what = ballWords(t.frame, t.ball, balls);
  const panel = el("section", "panel quick");
  panel.setAttribute("aria-label", tr("enter_ball"));
  panel.append(el("h2", null, tr("how_many", { what })));
  panel.append(el("p", "muted", fresh ? tr("ten_standing") : tr("n_standing", { pins: pinsWord(left) })));
  const roll = (pins) => ctx.act({ type: "roll", pins });
  const key = `${t.player}:${t.frame}`;
  const entry = pinsMode ? pinPad({ key, ball: t.ball, frameNo: t.frame, balls, left, fresh, onEnter: roll }) :
    keypad({ possible: t.possible, left, fresh, onPick: (pins) => { remember(key, t.ball, null); roll(pins); } });
  const swap = button(pinsMode ? tr("use_keys") : tr("tap_instead"), "ghost swap", () => {
    pinsMode = !pinsMode;
    renderQuick(stage, game, ctx);
  });
  panel.append(entry, swap);
  const back = game.mode !== "score" && t.ball === 1 ?
    button(tr("back_to_cards"), "secondary", () => ctx.act({ type: "quick", on: false })) : null;
  const row = el("div", "actions");
  row.append(...[back, ctx.undoButton()].filter(Boolean));
  panel.append(row);
  if (game.mode === "score") panel.append(el("p", "muted small", tr("tap_sheet_fix")));
  stage.replaceChildren(panel);
}

// ---- correcting a finished frame -----------------------------------------------------------
let dialog = null;

function frameDialog() {
  if (dialog) return dialog;
  dialog = el("dialog", "picker frame-dialog");
  dialog.id = "frame-dialog";
  dialog.setAttribute("aria-labelledby", "frame-dialog-title");
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close("cancel"); });
  document.body.append(dialog);
  return dialog;
}

/** Ask for a finished frame's balls again; resolves to the new rolls or null. */
export function askFrame({ name, frameNo, current }) {
  const dlg = frameDialog();
  let balls = [];
  return new Promise((resolve) => {
    const draw = () => {
      const title = el("h2", null, tr("dialog_title", { name, n: frameNo }));
      title.id = "frame-dialog-title";
      const now = el("p", "muted center", tr("dialog_now", { marks: marksOf(frameNo, current).join(" ") }));
      const boxes = el("div", "new-balls");
      const count = frameNo === 10 ? 3 : 2;
      const marks = marksOf(frameNo, balls);
      for (let i = 0; i < count; i++) boxes.append(el("span", "box", marks[i] || ""));
      const done = frameDone(frameNo, balls);
      const { left, fresh } = rackOf(frameNo, balls);
      const pad = keypad({ possible: possibleNext(frameNo, balls), left, fresh,
        onPick: (pins) => { balls = [...balls, pins]; draw(); } });
      const foot = el("div", "picker-foot");
      const backspace = button(tr("back_key"), "ghost", () => { balls = balls.slice(0, -1); draw(); });
      backspace.disabled = balls.length === 0;
      const save = button(tr("save"), "primary", () => { dlg.close("save"); });
      save.disabled = !done;
      foot.append(backspace, button(tr("cancel"), "", () => dlg.close("cancel")), save);
      dlg.replaceChildren(title, now, boxes, pad, foot);
    };
    draw();
    dlg.returnValue = "";
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "save" ? balls : null), { once: true });
    dlg.showModal();
  });
}

/** Whether frame `index` (0-based) of a player's card is finished (so it can be corrected). */
export function frameFinished(card, index) {
  const f = card.frames[index];
  if (!f) return false;
  if (index === 9) return card.complete;
  return f.rolls[0] === 10 || f.rolls.length === 2;
}
