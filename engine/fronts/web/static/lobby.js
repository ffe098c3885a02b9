// cardrules web lobby: builds a table request (a ruleset or a house-rule file, options, seats) and shows the invite links.
"use strict";
(function () {
  const page = JSON.parse(document.body.dataset.page);
  const $ = (id) => document.getElementById(id);
  const form = $("new-table");

  function addSeat(kind) {
    const row = document.createElement("div");
    row.className = "seat";
    const number = $("seats").querySelectorAll(".seat").length + 1;
    const label = document.createElement("label");
    label.textContent = page.labels.seat.replace("{number}", number) + " ";
    const select = document.createElement("select");
    select.name = "kind";
    for (const item of page.kinds) select.add(new Option(item.name, item.kind, false, item.kind === kind));
    label.appendChild(select);
    const name = document.createElement("input");
    name.name = "name";
    name.placeholder = page.labels.name;
    name.maxLength = 200;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = page.labels.remove;
    remove.onclick = () => row.remove();
    row.append(label, name, remove);
    $("seats").appendChild(row);
  }

  function readOptions(text) {
    const options = {};
    for (const line of text.split("\n")) {
      const at = line.indexOf("=");
      if (at > 0) options[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    return options;
  }

  form.onsubmit = async (event) => {
    event.preventDefault();
    const request = {
      ruleset: form.ruleset.value,
      options: readOptions(form.options.value),
      seats: [...$("seats").querySelectorAll(".seat")].map((row) => ({
        kind: row.querySelector("select").value, name: row.querySelector("input").value,
      })),
    };
    const file = form.house.files[0];
    if (file) { request.house_rule = await file.text(); request.house_rule_name = file.name; }
    const response = await fetch("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
    });
    const answer = await response.json();
    $("problems").replaceChildren(...(answer.problems || []).map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    if (!response.ok) return;
    const list = $("link-list");
    list.replaceChildren();
    for (const link of answer.links.concat([
      { name: page.labels.spectators, url: answer.spectators }, { name: page.labels.owner, url: answer.owner },
    ])) {
      const item = document.createElement("li");
      const anchor = document.createElement("a");
      anchor.href = link.url;
      anchor.textContent = link.url;
      anchor.target = "_blank";
      item.append(link.name + ": ", anchor);
      list.appendChild(item);
    }
    $("links").hidden = false;
  };
  $("add-seat").onclick = () => addSeat("bot:heuristic");
  addSeat("human");
  addSeat("bot:heuristic");
  addSeat("bot:heuristic");
})();
