// The two DOM builders every screen uses: one home, imported by each script.

// A new element with a class and its text (none when text is undefined or null).
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// A plain button (never a form submit) that calls onClick; `extra` sets more properties.
export function button(label, cls, onClick, extra = {}) {
  const b = el("button", `button ${cls || ""}`.trim(), label);
  b.type = "button";
  b.addEventListener("click", onClick);
  Object.assign(b, extra);
  return b;
}
