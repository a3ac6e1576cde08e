// Home page: add and remove player name fields.
const list = document.getElementById("players");
const add = document.getElementById("add-player");
const MAX = list ? Number(list.dataset.maxPlayers) : 0;   // the server's limit (store.MAX_PLAYERS)

function renumber() {
  list.querySelectorAll(".player-row").forEach((row, i) => {
    const input = row.querySelector("input");
    input.id = `player-${i + 1}`;
    input.placeholder = `Player ${i + 1}'s name`;
    row.querySelector("label").htmlFor = input.id;
    row.querySelector("label").textContent = `Player ${i + 1}`;
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
  b.setAttribute("aria-label", "Remove this player");
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
