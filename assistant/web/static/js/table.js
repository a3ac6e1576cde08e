// The cards on the table: the triangle of ten pins and the three ball piles, as buttons.
import { PINS, rankOf, rankName } from "./cards.js";
import { tr } from "./i18n.js";
import { el } from "./dom.js";

function cardButton({ corner, value, classes, label, onTap }) {
  const b = el("button", `card ${classes || ""}`.trim());
  b.type = "button";
  b.append(el("span", "corner", corner), el("span", "rank", value === undefined ? "" : rankOf(value)));
  b.setAttribute("aria-label", label);
  if (classes && classes.includes("use")) b.dataset.badge = tr("ball_badge");   // shown by app.css
  if (onTap) b.addEventListener("click", onTap);
  else b.disabled = true;
  return b;
}

/**
 * Draw the table into `container`.
 *  pins:  {A: {value, gone, cls}} for every pin (value null = not known yet)
 *  piles: [{top, down, pending, cls}] x3
 *  onPin(letter), onPile(number 1..3): tap handlers (omit for a read-only table)
 */
export function renderTable(container, { pins, piles, onPin, onPile, caption }) {
  const felt = el("div", "felt");
  const tri = el("div", "triangle");
  for (const p of PINS) {
    const pin = pins[p] || { gone: true };
    const classes = ["pin", `pos-${p}`];
    if (pin.gone) classes.push("gone");
    else if (pin.value === null || pin.value === undefined) classes.push("unknown");
    if (pin.cls) classes.push(pin.cls);
    const label = pin.gone ? tr("pin_taken", { pin: p }) :
      tr("pin_label", { pin: p, what: pin.value === null || pin.value === undefined ? tr("not_set") : rankName(pin.value) });
    tri.append(cardButton({
      corner: p, value: pin.gone ? undefined : pin.value, classes: classes.join(" "), label,
      onTap: onPin && !(pin.gone && !pin.tappable) ? () => onPin(p) : null,
    }));
  }
  felt.append(tri);
  const row = el("div", "piles");
  piles.forEach((pile, i) => {
    const n = i + 1;
    const slot = el("div", "pile-slot");
    const empty = !pile.pending && (pile.top === null || pile.top === undefined) && !pile.unknown;
    const classes = ["pile", `pile-${n}`];
    if (empty) classes.push("gone");
    if (pile.pending || pile.unknown) classes.push("unknown");
    if (pile.pending) classes.push("pending");
    if (pile.cls) classes.push(pile.cls);
    const what = pile.pending ? tr("pile_pending") :
      empty ? tr("pile_empty") : pile.unknown ? tr("not_set") : rankName(pile.top);
    slot.append(cardButton({
      corner: tr("pile_n", { n }), value: empty ? undefined : (pile.pending ? null : pile.top),
      classes: classes.join(" "), label: tr("pile_label", { n, what }),
      onTap: onPile && !(empty && !pile.tappable) ? () => onPile(n) : null,
    }));
    const under = pile.down === undefined ? "" :
      pile.down === 0 ? (empty ? tr("pile_empty") : tr("last_card")) : tr("n_under", { n: pile.down });
    slot.append(el("span", "under", under));
    row.append(slot);
  });
  felt.append(row);
  if (caption) felt.append(el("p", "felt-caption", caption));
  container.replaceChildren(felt);
  return felt;
}
