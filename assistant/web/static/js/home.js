// Home page: add and remove player name fields.
import { del, postJSON } from "./api.js";
import { tr } from "./i18n.js";
const list = document.getElementById("players");
const add = document.getElementById("add-player");
const MAX = list ? Number(list.dataset.maxPlayers) : 0;   // the server's limit (store.MAX_PLAYERS)

function renumber() {
  list.querySelectorAll(".player-row").forEach((row, i) => {
    const input = row.querySelector("input");
    input.id = `player-${i + 1}`;
    input.placeholder = tr("player_name_n", { n: i + 1 });
    row.querySelector("label").htmlFor = input.id;
    row.querySelector("label").textContent = tr("player_n", { n: i + 1 });
    const remove = row.querySelector(".remove");
    if (remove) remove.hidden = list.children.length === 1;
  });
  add.hidden = list.children.length >= MAX;
}

function withRemove(row) {
  if (row.querySelector(".remove")) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "remove";
  b.setAttribute("aria-label", tr("remove_player"));
  b.textContent = "×";
  b.addEventListener("click", () => { row.remove(); renumber(); });
  row.append(b);
}

if (list && add) {
  list.querySelectorAll(".player-row").forEach(withRemove);
  add.addEventListener("click", () => {
    const row = list.querySelector(".player-row").cloneNode(true);
    const input = row.querySelector("input");
    input.value = "";
    input.required = false;
    row.querySelector(".remove")?.remove();
    withRemove(row);
    list.append(row);
    renumber();
    input.focus();
  });
  renumber();
}

// Delete a game (the server keeps it), with an Undo toast that restores it.
const toast = document.getElementById("toast");
let toastTimer = 0;
let lastDeleted = null;     // {id, row, list}

function showToast(text) {
  document.getElementById("toast-text").textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; lastDeleted = null; }, 8000);
}

document.querySelectorAll(".delete-game").forEach((button) => {
  button.addEventListener("click", async () => {
    const row = button.closest("li");
    try {
      await del(`/api/games/${button.dataset.gameId}`);
    } catch (e) {
      showToast(tr("delete_failed", { reason: e.message }));
      return;
    }
    lastDeleted = { id: button.dataset.gameId, row, next: row.nextSibling, list: row.parentNode };
    row.remove();
    showToast(tr("deleted"));
  });
});

document.getElementById("toast-undo")?.addEventListener("click", async () => {
  if (!lastDeleted) return;
  const { id, row, next, list: parent } = lastDeleted;
  try {
    await postJSON(`/api/games/${id}/restore`);
  } catch (e) {
    showToast(tr("restore_failed", { reason: e.message }));
    return;
  }
  parent.insertBefore(row, next);
  lastDeleted = null;
  toast.hidden = true;
});
