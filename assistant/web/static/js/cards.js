// Card values as the game counts them: 1 is the Ace, 0 is the 10.
import { tr } from "./i18n.js";

export const PINS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
export const ROWS = [["A", "B", "C", "D"], ["E", "F", "G"], ["H", "I"], ["J"]];
// Picker order: as people count, A 2 3 … 9 10.
export const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];

export function rankOf(value) {
  if (value === null || value === undefined) return "?";
  if (value === 1) return "A";
  if (value === 0) return "10";
  return String(value);
}

export function rankName(value) {
  if (value === 1) return tr("ace");
  if (value === 0) return "10";
  return String(value);
}

// How many of each value are in sight (the deck has two of each).
export function countValues(values) {
  const counts = new Array(10).fill(0);
  for (const v of values) if (v !== null && v !== undefined) counts[v] += 1;
  return counts;
}

export const playLabel = (play, pileTop) =>
  `pile ${play.pile}'s ${rankOf(pileTop)} takes ${play.pins.join(" + ")}`;
