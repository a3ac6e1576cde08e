// A bowling score sheet for every player, from the game JSON's score cards.
import { tr } from "./i18n.js";
import { frameFinished } from "./quick.js";
import { el } from "./dom.js";

// The ball boxes of one frame: a strike in frames 1-9 sits in the second box.
export function ballBoxes(index, marks) {
  const chars = Array.from(marks || "");
  if (index === 9) return [0, 1, 2].map((i) => chars[i] || "");
  if (chars[0] === "X") return ["", "X"];
  return [chars[0] || "", chars[1] || ""];
}

// onFrame(player, frameIndex), when given, makes every finished frame a button (to correct it).
export function renderSheet(container, game, onFrame = null) {
  const wrap = document.createDocumentFragment();
  const turn = game.turn;
  game.players.forEach((player, pi) => {
    const current = turn && turn.player === pi;
    const winner = game.over && game.winners.includes(player.name);
    const block = el("div", `sheet-player${current ? " current" : ""}${winner ? " winner" : ""}`);
    const head = el("div", "sheet-head");
    const name = el("span", "sheet-name", player.name);
    if (current) name.dataset.now = tr("now_playing");   // shown by app.css
    if (winner) name.setAttribute("aria-label", tr("sheet_winner", { name: player.name }));
    head.append(name);
    head.append(el("span", "sheet-total", String(player.card.total)));
    block.append(head);
    const frames = el("ol", "frames");
    for (let i = 0; i < 10; i++) {
      const f = player.card.frames[i];
      const isNow = current && turn.frame === i + 1;
      const li = el("li", `frame${i === 9 ? " tenth" : ""}${isNow ? " now" : ""}`);
      li.append(el("span", "fno", String(i + 1)));
      const balls = el("span", "balls");
      for (const mark of ballBoxes(i, f ? f.marks : "")) {
        balls.append(el("span", `box${mark === "X" || mark === "/" ? " mark" : ""}`, mark));
      }
      li.append(balls);
      li.append(el("span", "run", f && f.total !== null ? String(f.total) : ""));
      const words = f ? `${f.marks || tr("no_balls")}${f.total !== null ? tr("frame_total", { total: f.total }) : ""}` : tr("not_played");
      li.setAttribute("aria-label", tr("frame_label", { n: i + 1, words }));
      if (onFrame && frameFinished(player.card, i)) {
        li.classList.add("fixable");
        li.tabIndex = 0;
        li.setAttribute("role", "button");
        li.setAttribute("aria-label", tr("frame_fix_label", { name: player.name, n: i + 1, words }));
        li.addEventListener("click", () => onFrame(pi, i));
        li.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onFrame(pi, i); }
        });
      }
      frames.append(li);
    }
    block.append(frames);
    wrap.append(block);
  });
  container.replaceChildren(wrap);
}

// Final ranking: [{name, total, place, winner}] best first (ties share a place).
export function ranking(game) {
  const rows = game.players.map((p) => ({ name: p.name, total: p.card.total }));
  rows.sort((a, b) => b.total - a.total);
  let place = 0;
  rows.forEach((r, i) => {
    if (i === 0 || r.total !== rows[i - 1].total) place = i + 1;
    r.place = place;
    r.winner = game.winners.includes(r.name);
  });
  return rows;
}
