// cardrules web table: shows the frames the server draws for this page's seat, and sends what its player types.
// The seat and its token come from the link's #fragment; every word shown comes from the server.
"use strict";
(function () {
  const page = JSON.parse(document.body.dataset.page);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const seat = fragment.has("seat") ? Number(fragment.get("seat")) : null;
  const token = fragment.get("token");
  // The owner's token (from the owner's link) closes the table; it too stays in the fragment.
  const owner = fragment.get("owner");
  const $ = (id) => document.getElementById(id);
  let socket = null, retry = 500, lastColumns = 0, question = null, closed = false;

  function columns() {
    // How many cells of the monospace table view fit the page (the server draws the table at that width).
    const probe = document.createElement("span");
    probe.textContent = "0".repeat(10);
    $("view").appendChild(probe);
    const cell = probe.getBoundingClientRect().width / 10 || 8;
    probe.remove();
    return Math.max(40, Math.min(160, Math.floor(($("view").clientWidth - 16) / cell)));
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${page.table}`);
    socket.onopen = () => {
      retry = 500;
      lastColumns = columns();
      const hello = { type: "hello", columns: lastColumns };
      if (seat !== null) { hello.seat = seat; hello.token = token; }
      const chosen = localStorage.getItem("cardrules-language");
      if (chosen) hello.language = chosen;
      send(hello);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "frame") show(message);
      else if (message.type === "error") notice(message.message);
    };
    socket.onclose = () => {
      if (closed) return;  // the table is closed: nothing to come back to
      if (page.labels) notice(page.labels.offline);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  function notice(text) {
    $("notice").textContent = text;
    $("notice").hidden = !text;
  }

  function lines(element, texts, tag) {
    element.replaceChildren(...texts.map((text) => {
      const line = document.createElement(tag);
      const choice = /^\s+(\d+)\.\s/.exec(text);
      line.textContent = text;
      if (choice && tag === "div") {
        // A numbered choice: clicking it (or Enter on it) answers its number.
        line.className = "choice";
        line.tabIndex = 0;
        line.onclick = () => answer(choice[1]);
        line.onkeydown = (event) => { if (event.key === "Enter") answer(choice[1]); };
      }
      return line;
    }));
  }

  function answer(text) {
    send({ type: "line", text: text, question: question });
    $("line").value = "";
  }

  function show(frame) {
    page.labels = frame.labels;
    closed = frame.closed;
    notice(seat === null && !closed ? frame.labels.spectator : "");
    lines($("notices"), frame.notices, "li");
    $("notices").hidden = frame.notices.length === 0;
    $("back").textContent = frame.labels.back;
    $("back").hidden = seat === null || !frame.away.includes(seat);
    $("close").textContent = frame.labels.close;
    $("close").hidden = !owner || closed;
    document.documentElement.lang = frame.language;
    $("status").textContent = frame.status;
    $("language-label").firstElementChild.textContent = frame.labels.language;
    const select = $("language");
    select.replaceChildren(...frame.languages.map((item) => new Option(item.name, item.code, false, item.code === frame.language)));
    $("view").innerHTML = frame.view;  // drawn and escaped on the server (rich's HTML export)
    $("story-heading").textContent = frame.labels.story;
    lines($("story"), frame.story.slice().reverse(), "li");
    const asked = frame.prompt !== null && !closed;
    question = frame.question;
    $("answer").dataset.question = asked ? String(frame.question) : "";
    $("prompt-section").hidden = seat === null || (!asked && frame.said.length === 0);
    lines($("said"), frame.said, "div");
    $("said").scrollTop = $("said").scrollHeight;
    $("prompt").textContent = asked ? frame.prompt : "";
    $("answer").hidden = !asked;
    $("send").textContent = frame.labels.send;
    $("line").placeholder = frame.labels.type_here;
    if (asked && document.activeElement !== $("line")) $("line").focus();
    $("result-section").hidden = !frame.finished;
    $("result-heading").textContent = frame.labels.result;
    $("result").textContent = frame.result.join("\n");
    $("download").textContent = frame.labels.download;
    $("download").href = `/api/tables/${page.table}/log`;
  }

  $("answer").onsubmit = (event) => { event.preventDefault(); answer($("line").value); };
  $("back").onclick = () => send({ type: "back" });
  $("close").onclick = async () => {
    if (!confirm(page.labels.close_confirm)) return;
    const response = await fetch(`/api/tables/${page.table}/close?lang=${encodeURIComponent(document.documentElement.lang)}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: owner }),
    });
    // Closed: every page (this one too) is sent its last frame; refused: the server says why, in this page's words.
    if (!response.ok) notice((await response.json()).problems.join(" "));
  };
  $("language").onchange = () => {
    localStorage.setItem("cardrules-language", $("language").value);
    send({ type: "language", language: $("language").value });
  };
  window.addEventListener("resize", () => {
    const now = columns();
    if (now !== lastColumns) { lastColumns = now; send({ type: "columns", columns: now }); }
  });
  connect();
})();
