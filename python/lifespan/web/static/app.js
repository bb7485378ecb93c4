// The lifespan web table's page script (docs/web.md): the new-game form, and a seat's table,
// which fetches its view from the HTTP API with the seat's token and refetches on each
// server-sent event. No framework, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// --- new game ------------------------------------------------------------------------

async function showCreate() {
  $("create").hidden = false;
  const setup = await api("GET", "/api/setup");
  const select = $("game-name");
  for (const name of Object.keys(setup.games)) select.append(el("option", { value: name }, name.replaceAll("_", " ")));
  const fill = () => {
    const info = setup.games[select.value];
    $("players").value = info.parameters.players;
    $("expansions-box").hidden = !info.expansions;
    $("expansions").replaceChildren(...(info.expansions || []).map((e) =>
      el("label", { class: "inline" }, el("input", { type: "checkbox", value: e, class: "expansion" }), " " + e.replaceAll("_", " "))));
    $("parameters").replaceChildren(...Object.entries(info.parameters)
      .filter(([key]) => key !== "players" && key !== "expansions")
      .map(([key, value]) => el("label", {}, key + " ", el("input", { "data-key": key, value: String(value), "data-default": String(value) }))));
    seatRows();
  };
  const seatRows = () => {
    const count = Math.max(1, Math.min(8, Number($("players").value) || 1));
    const old = [...document.querySelectorAll(".seat-spec")].map((s) => s.value);
    $("seats").replaceChildren(...Array.from({ length: count }, (_, i) =>
      el("div", { class: "seat-row" }, "Seat " + i + " ",
        el("input", { class: "seat-spec", list: "seat-kinds", value: old[i] || (i === 0 ? "human" : "random"), "aria-label": "seat " + i }))));
    if (!$("seat-kinds")) document.body.append(el("datalist", { id: "seat-kinds" },
      ...["human", "random", "mcts", "mcts:iterations=2000"].map((k) => el("option", { value: k }))));
  };
  select.addEventListener("change", fill);
  $("players").addEventListener("change", seatRows);
  fill();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const parameters = {};
    for (const input of document.querySelectorAll("#parameters input")) {
      if (input.value === input.dataset.default) continue;
      const raw = input.value.trim();
      parameters[input.dataset.key] = /^-?\d+$/.test(raw) ? Number(raw) : raw === "true" ? true : raw === "false" ? false : raw;
    }
    const expansions = [...document.querySelectorAll(".expansion:checked")].map((e) => e.value);
    if (expansions.length) parameters.expansions = expansions;
    try {
      const made = await api("POST", "/api/games", {
        game: select.value, players: Number($("players").value), parameters,
        seats: [...document.querySelectorAll(".seat-spec")].map((s) => s.value.trim()),
        hotseat: $("hotseat").checked,
      });
      const seen = new Set();
      $("link-list").replaceChildren(...made.seats.filter((s) => s.link && !seen.has(s.token) && seen.add(s.token)).map((s) => {
        const url = location.origin + s.link;
        return el("li", {}, (made.hotseat ? "Human seats: " : "Seat " + s.seat + ": "), el("a", { href: url, class: "seat-link" }, url));
      }));
      $("links").hidden = false;
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
}

// --- the table -----------------------------------------------------------------------

const table = { id: null, token: null, view: null, cards: new Map(), logShown: 0 };

function showCard(id) {
  const card = table.cards.get(id);
  if (!card) return;
  $("card-text").textContent = card.text.join("\n");
  $("card-modal").showModal();
}

function chip(item) {
  if (item.card === null || item.card === undefined) return el("span", { class: "chip" }, item.text);
  const card = table.cards.get(item.card);
  // Time of Your Life's own hand lists card numbers: show each card's name with it.
  const text = /^\d+$/.test(item.text) && card ? item.text + " " + card.name : item.text;
  return el("span", { class: "chip card", "data-card": String(item.card), role: "button", tabindex: "0",
                      onclick: () => showCard(item.card) }, text);
}

function lifeCard(item) {
  const card = table.cards.get(item.card);
  if (!card) return chip(item);
  const edge = (side, icons) => icons.map((icon) => el("span", { class: "edge " + side + " " + icon, title: side + " edge: " + icon }, icon[0].toUpperCase()));
  return el("div", { class: "life card", "data-card": String(item.card), role: "button", tabindex: "0", onclick: () => showCard(item.card) },
    ...edge("left", card.left), ...edge("right", card.right),
    el("div", { class: "age" }, "age " + card.age), el("div", {}, card.name), el("div", { class: "traits" }, card.traits.join(" ")),
    // what the position adds to the printed card (a Trait token placed on it, say)
    el("div", { class: "marks" }, item.text.replace(/^\d+ /, "").replace(card.name, "").trim()));
}

function line(row) {
  const node = el("div", { class: "row" });
  if (row.label) node.append(el("span", { class: "label" }, row.label + ":"));
  if (row.label === "timeline" && row.items.length) {
    node.append(el("div", { class: "timeline" }, ...row.items.map(lifeCard)));
  } else if (row.items.length) {
    node.append(...row.items.map(chip));
  } else {
    node.append(row.text);
  }
  if (row.note) node.append(el("span", { class: "note" }, "(" + row.note + ")"));
  return node;
}

function seatBlock(block, view) {
  const me = block.seat === view.seat;
  const node = el("div", { class: "seat" + (me ? " me" : ""), "data-seat": String(block.seat) }, el("h3", {}, block.title + (me ? " — you" : "")));
  const stress = /Stress (\d+)\/(\d+)/.exec(block.title);
  if (stress) {
    const bar = el("div", { class: "track", title: "Stress " + stress[1] + " of " + stress[2] }, el("div"));
    bar.firstChild.style.width = (100 * Number(stress[1]) / Number(stress[2])) + "%";
    node.append(bar);
  }
  node.append(...block.lines.map(line));
  return node;
}

function render(view) {
  table.view = view;
  $("heading").textContent = view.position.heading;
  const mover = view.to_move === null ? null : view.seats[view.to_move];
  $("status").textContent = view.terminal ? "Game over." : view.your_turn
    ? "Your turn (seat " + view.seat + ")." : "Seat " + view.to_move + " (" + mover.spec + ") is to move…";
  $("status").className = view.your_turn ? "turn" : "";
  $("board").replaceChildren(...view.position.board.filter((r) => !r.text.startsWith("Seen by")).map(line));
  $("players-area").replaceChildren(...view.position.seats.map((b) => seatBlock(b, view)));
  const groups = new Map();
  for (const move of view.moves) {
    if (!groups.has(move.kind)) groups.set(move.kind, []);
    groups.get(move.kind).push(move);
  }
  $("moves").replaceChildren(...[...groups].map(([kind, moves]) => el("div", { class: "group" },
    el("h4", {}, kind + " (" + moves.length + ")"),
    ...moves.map((move) => el("button", { class: "move", type: "button", "data-id": String(move.id), onclick: () => play(move.id) },
      move.text + (move.extra ? " " + move.extra : ""), move.effect ? el("span", { class: "effect" }, move.effect) : "")))));
  const humans = view.undo.needed.length;
  $("undo-button").disabled = !view.undo.possible || view.undo.votes.includes(view.seat);
  $("undo-button").textContent = humans > 1 ? "Undo (" + view.undo.votes.length + "/" + humans + " agree)" : "Undo";
  $("hint-button").disabled = !view.hints.allowed || !view.your_turn;
  const agreed = view.hints.agreed.includes(view.seat);
  $("hints-agree").hidden = humans < 2;
  $("hints-agree").textContent = agreed ? "Withdraw hint consent" : "Agree to hints";
  $("assist-note").textContent = humans > 1 ? "Hints: " + view.hints.agreed.length + "/" + humans + " agree" : "";
  const log = $("log");
  if (view.log.length < table.logShown) { log.replaceChildren(); table.logShown = 0; }
  for (const old of log.querySelectorAll(".fresh")) old.classList.remove("fresh");
  for (const event of view.log.slice(table.logShown)) log.append(el("li", { class: event.kind + " fresh" }, event.text));
  table.logShown = view.log.length;
  log.scrollTop = log.scrollHeight;
  $("end-screen").hidden = !view.terminal;
  if (view.terminal) {
    const won = view.winners.map((s) => "seat " + s).join(", ") || "nobody (the solo game is lost)";
    $("end-screen").replaceChildren(el("h2", {}, "Winner: " + won), el("p", {}, "Final scores: " + view.final.join(", ")),
      ...Object.entries(view.scores).map(([seat, parts]) => el("div", { class: "breakdown", "data-seat": seat },
        el("h3", {}, "Seat " + seat + " (" + view.seats[seat].spec + "): " + view.final[seat]),
        el("ul", {}, ...parts.map((p) => el("li", {}, (p.points > 0 ? "+" : "") + p.points + "  " + p.text))))));
  }
}

function showError(message) {
  $("status").textContent = message;
  $("status").className = "error";
}

async function refresh() {
  try {
    render(await api("GET", "/api/games/" + table.id, null, table.token));
  } catch (error) { showError(error.message); }
}

async function play(action) {
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
  try {
    render(await api("POST", "/api/games/" + table.id + "/moves", { action, ply: table.view.ply }, table.token));
  } catch (error) { showError(error.message); await refresh(); }
}

async function listen() {
  // Server-sent events read with fetch, so that the token travels in a header, not the URL.
  for (;;) {
    try {
      const response = await fetch("/api/games/" + table.id + "/events", { headers: { Authorization: "Bearer " + table.token } });
      if (!response.ok) throw new Error("events: " + response.status);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split("\n").find((l) => l.startsWith("data: "));
          if (data) await refresh();  // a move or a vote: fetch the new view
        }
      }
    } catch (error) { /* the server went away: try again shortly */ }
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

async function showTable(id) {
  $("table").hidden = false;
  const params = new URLSearchParams(location.hash.slice(1));
  table.id = id;
  table.token = params.get("token");
  if (!table.token) { showError("This link holds no seat token: ask for your private link."); return; }
  $("card-modal").addEventListener("click", (e) => { if (e.target === $("card-modal")) $("card-modal").close(); });
  $("undo-button").addEventListener("click", async () => {
    try { render(await api("POST", "/api/games/" + id + "/undo", {}, table.token)); } catch (e) { showError(e.message); }
  });
  $("hints-agree").addEventListener("click", async () => {
    try { render(await api("POST", "/api/games/" + id + "/hints", { hints: !table.view.hints.agreed.includes(table.view.seat) }, table.token)); }
    catch (e) { showError(e.message); }
  });
  $("hint-button").addEventListener("click", async () => {
    $("hint-list").replaceChildren(el("li", {}, "searching…"));
    try {
      const hint = await api("POST", "/api/games/" + id + "/hint", {}, table.token);
      $("hint-list").replaceChildren(...hint.moves.map((m) => el("li", {}, m.text + " — win " + Math.round(100 * m.win) + "%, visits " + Math.round(100 * m.visits) + "%")));
    } catch (e) { $("hint-list").replaceChildren(); showError(e.message); }
  });
  try {
    for (const card of await api("GET", "/api/games/" + id + "/cards", null, table.token)) table.cards.set(card.id, card);
  } catch (error) { showError(error.message); return; }
  await refresh();
  listen();
}

const match = /^\/play\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
if (match) showTable(match[1]); else showCreate();
