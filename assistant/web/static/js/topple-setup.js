// Topple's setup form: the second-colour choices matter only with exactly two players,
// so they show only then (without this script they stay visible and "the one left" applies).
const form = document.getElementById("topple-new");
document.documentElement.lang = form.dataset.lang;
const names = [...form.querySelectorAll("input[name=player]")];
const seconds = [...form.querySelectorAll("select[name=colour2]")];
const note = form.querySelector(".seats .muted");

function update() {
  const filled = names.filter((n) => n.value.trim()).length;
  seconds.forEach((s, i) => { s.hidden = filled !== 2 || !names[i].value.trim(); });
  if (note) note.hidden = filled !== 2;
}

names.forEach((n) => n.addEventListener("input", update));
update();
