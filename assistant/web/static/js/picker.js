// The value picker: a modal sheet of ten big buttons, A 2 3 … 9 10.
import { VALUES, rankOf, rankName } from "./cards.js";

const dialog = document.getElementById("picker");
const title = document.getElementById("picker-title");
const grid = document.getElementById("picker-values");
const clear = document.getElementById("picker-clear");

/** Ask for a card value. Resolves to 0..9, "clear", or null (cancelled). */
export function pickValue(heading, { current = null, allowClear = true, disabled = [] } = {}) {
  title.textContent = heading;
  clear.hidden = !allowClear;
  grid.replaceChildren(...VALUES.map((v) => {
    const b = document.createElement("button");
    b.className = `value${v === current ? " current" : ""}`;
    b.value = String(v);
    b.textContent = rankOf(v);
    b.disabled = disabled.includes(v);
    b.setAttribute("aria-label", rankName(v));
    return b;
  }));
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const r = dialog.returnValue;
      if (r === "clear") resolve("clear");
      else if (/^[0-9]$/.test(r)) resolve(Number(r));
      else resolve(null);
    }, { once: true });
    dialog.showModal();
    const focus = grid.querySelector(".current") || grid.querySelector("button:not([disabled])");
    if (focus) focus.focus();
  });
}

// A tap on the dimmed backdrop cancels.
dialog.addEventListener("click", (e) => {
  if (e.target === dialog) dialog.close("cancel");
});
