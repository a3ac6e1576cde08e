// The page's words in its language: the dictionary the server wrote into the page
// (assistant/web/i18n.py, the same one the templates use), with {values} filled in.
const node = document.getElementById("strings");
const WORDS = node ? JSON.parse(node.textContent) : {};

export function tr(key, values = {}) {
  const text = WORDS[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

// tr(key, values), trn(key, n, values): named so, not t(), because the game screen's code
// calls the turn `t`.

// A count with its noun: `${key}_1` for one, `${key}_n` for any other number ({n} is the count).
export const trn = (key, n, values = {}) => tr(`${key}_${n === 1 ? 1 : "n"}`, { n, ...values });

// "A and B and C" in the page's language.
export const andList = (items) => items.join(` ${tr("and")} `);
