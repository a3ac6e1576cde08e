// The game page's "Players, export and share" panel: rename a player (a plain update, not an
// undoable action), and share the sheet through the phone's share sheet where it has one.
import { getJSON, patchJSON } from "./api.js";
import { andList, tr } from "./i18n.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const error = document.getElementById("manage-error");

document.querySelectorAll("form.rename").forEach((form) => {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await patchJSON(`/api/games/${gameId}/players/${form.dataset.player}`,
        { name: form.elements.name.value });
      location.reload();       // the sheet, the turn line and the title all carry the name
    } catch (e) {
      error.textContent = tr("rename_failed", { reason: e.message });
      error.hidden = false;
    }
  });
});

// A text summary of the game: each player's total, whose turn or who won.
export function summary(game) {
  const lines = game.players.map((p) => `${p.name}: ${p.card.total}`);
  const head = game.over
    ? tr("summary_won", { names: andList(game.winners) })
    : tr("summary_frame", { frame: game.turn ? game.turn.frame : "?" });
  return [head, ...lines].join("\n");
}

const share = document.getElementById("share");
if (share && navigator.share) {
  share.hidden = false;
  share.addEventListener("click", async () => {
    try {
      const game = await getJSON(`/api/games/${gameId}`);
      const data = { title: tr("share_title"), text: summary(game) };
      if (navigator.canShare) {
        const pdf = await fetch(document.getElementById("sheet-pdf").href);
        if (pdf.ok) {
          const file = new File([await pdf.blob()], "score-sheet.pdf", { type: "application/pdf" });
          if (navigator.canShare({ files: [file] })) data.files = [file];
        }
      }
      await navigator.share(data);
    } catch (e) {
      if (e.name !== "AbortError") {
        error.textContent = tr("share_failed", { reason: e.message });
        error.hidden = false;
      }
    }
  });
}
