// tarok serve: the page. Plain JavaScript, no build step. The lobby lists and creates tables;
// the table view shows what the server sends this seat and sends back the chosen action.
"use strict";

const $ = (id) => document.getElementById(id);

// Cards in the notation of the engines: T1..T21 trumps, X the skus, suit letter + rank.
const SUITS = {
  S: { sym: "♠", red: false, name: "spades" },
  H: { sym: "♥", red: true, name: "hearts" },
  R: { sym: "♦", red: true, name: "diamonds" },
  K: { sym: "♣", red: false, name: "clubs" },
};
const RANKS = { K: "king", D: "queen", C: "cavalier", Kn: "knave" };
const SKUS = { danish: "Skus", koenigrufen: "Sküs", historic: "Scus" };

let presets = [];
let state = null; // the last state from the server
let socket = null;
let where = null; // {table, seat, token}
let retry = 0;
let selected = new Set(); // cards chosen for a several-card action (the Danish skat)

function isCard(text) {
  return /^(T([1-9]|1[0-9]|2[0-2])|X|[SHRK](Kn|K|D|C|10|[1-9]))$/.test(text);
}

function cardLabel(c) {
  const family = state ? state.family : "danish";
  if (c === "X") return SKUS[family] || "Skus";
  if (c[0] === "T") return "trump " + c.slice(1);
  const s = SUITS[c[0]], r = c.slice(1);
  return (RANKS[r] || r) + " of " + s.name;
}

// A card drawn as players expect: trumps with their number, the four suits with their
// signs in red and black, the skus by its name.
function cardFace(c, el) {
  el.classList.add("card");
  el.dataset.card = c;
  el.setAttribute("aria-label", cardLabel(c));
  el.title = c;
  if (c === "X") {
    el.classList.add("skus");
    el.innerHTML = '<span class="rank">★</span><span class="suit">' + cardLabel(c) + "</span>";
  } else if (c[0] === "T") {
    el.classList.add("trump");
    el.innerHTML = '<span class="rank">' + c.slice(1) + '</span><span class="suit">trump</span>';
  } else {
    const s = SUITS[c[0]];
    el.classList.add(s.red ? "red" : "black");
    el.innerHTML = '<span class="rank">' + c.slice(1) + '</span><span class="suit">' + s.sym + "</span>";
  }
  return el;
}

function cardSpan(c) {
  return cardFace(c, document.createElement("span"));
}

function cards(text) {
  return (text || "").split(/[\s,]+/).filter(isCard);
}

// An action written for people: cards with their signs, words without the notation's marks.
function actionLabel(a) {
  return a
    .replace(/^X=(.)$/, (m, s) => SKUS[state.family] + ", naming " + (s === "T" ? "trumps" : SUITS[s].sym))
    .replace(/[:@]/g, " ")
    .replace(/\b(T\d+|X|[SHRK](?:Kn|K|D|C|10|[1-9]))\b/g, (c) => (isCard(c) ? prettyCard(c) : c))
    .replace(/-/g, " ");
}

function prettyCard(c) {
  if (c === "X") return SKUS[state.family];
  if (c[0] === "T") return "T" + c.slice(1);
  return SUITS[c[0]].sym + c.slice(1);
}

// The card a legal action plays or lays from the hand, if it is one card.
function cardOf(action) {
  if (isCard(action)) return action;
  const m = action.match(/^(?:play |discard |discard:|return )(\S+)$/);
  return m && isCard(m[1]) ? m[1] : null;
}

function name(tableSeat) {
  const s = state.seats[tableSeat];
  return s.name || "seat " + (tableSeat + 1);
}

function dealName(dealSeat) {
  return name(state.players[dealSeat]);
}

// ---- lobby -------------------------------------------------------------------------------

async function api(path, body) {
  const r = await fetch(path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

function fillPreset() {
  const p = presets.find((p) => p.id === $("preset").value);
  if (!p) return;
  $("people").innerHTML = "";
  for (let n = 1; n <= p.seats; n++) $("people").add(new Option(n === 1 ? "just me" : n + " people", n));
  $("level").innerHTML = "";
  for (const l of p.levels) $("level").add(new Option(l === "L0" ? "L0 (random)" : l + " (rule-based)", l));
  $("level").value = p.levels[p.levels.length - 1];
}

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  closeSocket();
  status("");
  if (!presets.length) {
    presets = await api("/api/presets");
    for (const p of presets) $("preset").add(new Option(p.title + " (" + p.id + ")", p.id));
    fillPreset();
  }
  $("name").value = localStorage.getItem("tarok.name") || "";
  const list = await api("/api/tables");
  const ul = $("tables");
  ul.innerHTML = "";
  if (!list.length) ul.innerHTML = "<li>No tables yet.</li>";
  for (const t of list.reverse()) {
    const li = document.createElement("li");
    const seats = t.seats.map((s) => (s.kind === "open" ? "(open)" : s.name)).join(", ");
    const a = document.createElement("a");
    a.href = "#table=" + t.id;
    a.textContent = "Table " + t.id + ": " + t.preset + ", deal " + t.deal;
    li.append(a, " — " + seats);
    ul.append(li);
  }
}

$("preset").addEventListener("change", fillPreset);

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  localStorage.setItem("tarok.name", name);
  try {
    const t = await api("/api/tables", {
      preset: $("preset").value,
      rules: $("rules").value,
      people: Number($("people").value),
      level: $("level").value,
      name,
    });
    remember(t.id, t.seat, t.token);
    location.hash = "table=" + t.id;
  } catch (err) {
    $("create-error").textContent = err.message;
  }
});

// ---- seats and tokens ----------------------------------------------------------------------

function remember(table, seat, token) {
  localStorage.setItem("tarok.seat." + table, JSON.stringify({ seat, token }));
}

function remembered(table) {
  try {
    return JSON.parse(localStorage.getItem("tarok.seat." + table)) || {};
  } catch {
    return {};
  }
}

async function takeSeat(seat) {
  const name = $("join-name").value.trim() || localStorage.getItem("tarok.name") || "";
  if (!name) {
    $("join").hidden = false;
    $("join-error").textContent = "Write your name first.";
    $("join-name").focus();
    return;
  }
  localStorage.setItem("tarok.name", name);
  try {
    const t = await api("/api/tables/" + where.table + "/seats/" + seat, { name });
    remember(t.id, t.seat, t.token);
    openTable(t.id);
  } catch (err) {
    $("join-error").textContent = err.message;
  }
}

// ---- the table ------------------------------------------------------------------------------

function status(text) {
  $("status").textContent = text;
}

function closeSocket() {
  if (socket) {
    socket.onclose = null;
    socket.close();
    socket = null;
  }
}

function openTable(id, seat, token) {
  if (seat !== undefined && token) remember(id, seat, token);
  const r = remembered(id);
  where = { table: id, seat: r.seat, token: r.token };
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("share-link").value = location.origin + "/#table=" + id;
  $("join-name").value = localStorage.getItem("tarok.name") || "";
  connect();
}

function connect() {
  closeSocket();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let url = proto + "//" + location.host + "/api/tables/" + where.table + "/ws";
  if (where.seat !== undefined && where.token) url += "?seat=" + where.seat + "&token=" + encodeURIComponent(where.token);
  url += (url.includes("?") ? "&" : "?") + "lang=" + language();
  status("connecting…");
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    status("connected");
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (socket !== ws) return;
    // A refused token (the seat is someone else's): watch instead of retrying for ever.
    if (retry > 2 && where.token) {
      where = { table: where.table };
    }
    retry++;
    const wait = Math.min(10000, 500 * 2 ** retry);
    status("connection lost; reconnecting in " + Math.round(wait / 1000) + " s…");
    setTimeout(() => socket === ws && connect(), wait);
  };
}

function send(msg) {
  $("refusal").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function act(action) {
  $("hint-text").textContent = "";
  selected.clear();
  send({ type: "act", action });
}

function receive(msg) {
  if (msg.type === "state") {
    state = msg;
    render();
  } else if (msg.type === "refused") {
    $("refusal").textContent = msg.reason + (msg.citation && !msg.reason.includes(msg.citation) ? " [" + msg.citation + "]" : "");
  } else if (msg.type === "hint") {
    $("hint-text").textContent = "Hint: " + actionLabel(msg.action) + " — " + msg.reason;
    for (const b of document.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === msg.action);
  }
}

// The family's view inside the tagged view.
function view() {
  return state.view ? state.view[state.family] : null;
}

function render() {
  const v = view();
  // For people: the title; for the browser test: the number of actions and whether it is over.
  $("table").dataset.actions = state.actions + (state.over ? " over" : "");
  $("table-title").textContent = "Table " + state.table + ": " + state.preset + ", deal " + state.deal;
  renderSeats(v);
  renderInfo(v);
  renderTricks(v);
  renderHand(v);
  renderResult();
  $("view-json").textContent = v ? JSON.stringify(v, null, 1) : "You are watching: a spectator sees no cards until the deal is over.";
  const mine = state.seat !== null && state.seat !== undefined;
  $("hint").hidden = !(mine && state.legal.length);
  $("next").hidden = !(mine && state.over);
  $("hand-area").hidden = !mine;
  const open = state.seats.some((s) => s.kind === "open");
  $("join").hidden = mine || !open;
  if (state.over) $("turn").textContent = "The deal is over.";
  else if (state.to_act === state.seat) $("turn").textContent = "Your turn.";
  else $("turn").textContent = name(state.to_act) + " is to act.";
}

function renderSeats(v) {
  const ol = $("seats");
  ol.innerHTML = "";
  const dealer = v && v.dealer !== undefined ? v.dealer : null;
  state.seats.forEach((s, t) => {
    const li = document.createElement("li");
    if (t === state.to_act) li.classList.add("to-act");
    if (t === state.seat) li.classList.add("me");
    const d = state.players.indexOf(t);
    let text = (s.kind === "open" ? "(open seat)" : s.name) + (t === state.seat ? " (you)" : "");
    if (dealer !== null && d === dealer) text += " · deals";
    if (v && v.tricks_won) text += " · tricks " + v.tricks_won[d];
    if (v && v.hand_sizes) text += " · cards " + v.hand_sizes[d];
    text += " · total " + state.totals[t];
    li.append(text);
    if (s.kind === "open" && state.seat == null) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Sit here";
      b.onclick = () => takeSeat(t);
      li.append(" ", b);
    }
    ol.append(li);
  });
}

function line(label, text) {
  const p = document.createElement("p");
  p.innerHTML = "<strong></strong> ";
  p.firstChild.textContent = label + ":";
  p.append(text);
  return p;
}

function cardLine(label, list) {
  const p = line(label, "");
  for (const c of list) p.append(cardSpan(c), " ");
  return p;
}

// What the family's view says beyond the cards: declarations, contract, talon, announcements.
function renderInfo(v) {
  const info = $("info");
  info.innerHTML = "";
  if (!v) return;
  if (v.phase) info.append(line("Phase", typeof v.phase === "string" ? v.phase : Object.keys(v.phase)[0]));
  if (state.family === "danish") {
    v.declarations.forEach((ds, d) => ds.length && info.append(line(dealName(d) + " declares", ds.join(", "))));
    if (v.own_skat) info.append(cardLine("Your skat", cards(v.own_skat)));
    if (v.skat_news) {
      const n = v.skat_news;
      let t = n.trumps_laid ? "trumps laid in the skat" + (n.trump_count !== null ? " (" + n.trump_count + ")" : "") : "no trumps laid in the skat";
      info.append(line("Skat", t));
      if (n.announced) info.append(cardLine("Announced from the skat", cards(n.announced)));
    }
    if (v.named) info.append(line("Skus named", JSON.stringify(v.named)));
  } else if (state.family === "koenigrufen") {
    if (v.contract) info.append(line("Game", v.contract + (v.declarers.length ? " by " + v.declarers.map(dealName).join(" and ") : "")));
    if (v.called_king) info.append(cardLine("Called king", [v.called_king]));
    else if (v.fourth_king) info.append(line("Called king", "the fourth king"));
    if (v.talon) v.talon.forEach((h, i) => info.append(cardLine("Talon half " + (i + 1), cards(h))));
    if (v.own_discard) info.append(cardLine("Your discard", cards(v.own_discard)));
    if (v.shown_discard) info.append(cardLine("Laid face up", cards(v.shown_discard)));
    if (v.announcements.length) info.append(line("Announced", v.announcements.map(([s, p]) => dealName(s) + ": " + p).join(", ")));
    const calls = v.log.filter(([, a]) => !(a && a.Play)).slice(-8);
    if (calls.length) info.append(line("Said", calls.map(([s, a]) => dealName(s) + " " + (a ? JSON.stringify(a).replace(/[{}"]/g, "").replace(/:/g, " ") : "(face down)")).join("; ")));
  } else {
    if (v.declarer !== null) info.append(line("Game", JSON.stringify(v.contract).replace(/"/g, "") + " by " + dealName(v.declarer)));
    if (v.called) info.append(cardLine("Called", [v.called]));
    if (v.scat) info.append(cardLine("Your Scat", cards(v.scat)));
    if (v.declared.length) info.append(line("Declared", v.declared.map((d) => dealName(d.seat) + ": " + d.honour + " " + d.value).join(", ")));
  }
}

function trickCards(el, trick) {
  el.innerHTML = "";
  if (!trick) return;
  for (const [seat, c] of trick) {
    const fig = document.createElement("figure");
    fig.append(cardSpan(c));
    const cap = document.createElement("figcaption");
    cap.textContent = dealName(seat);
    fig.append(cap);
    el.append(fig);
  }
}

// The trick on the table and the last one taken, as [deal seat, card] in play order.
function renderTricks(v) {
  let current = null, last = null;
  if (v) {
    const n = state.players.length;
    const seated = (t) => t.cards.map((c, i) => [(t.leader + i) % n, c]);
    const done = (v.tricks || []).filter((t) => t.winner !== null && t.winner !== undefined);
    if (done.length) last = seated(done[done.length - 1]);
    if (state.family === "danish") current = v.current;
    else {
      const open = (v.tricks || []).find((t) => t.winner === null || t.winner === undefined);
      if (open) current = seated(open);
    }
  }
  trickCards($("trick"), current);
  trickCards($("last-trick"), last);
}

function renderHand(v) {
  const hand = $("hand");
  hand.innerHTML = "";
  const acts = $("actions");
  acts.innerHTML = "";
  $("select-bar").hidden = true;
  if (!v) return;
  const legal = state.legal;
  const byCard = new Map();
  const several = legal.filter((a) => /^skat:/.test(a));
  const choosable = new Set(several.flatMap((a) => a.slice(5).split(",")));
  const others = [];
  for (const a of legal) {
    const c = cardOf(a);
    if (c) byCard.set(c, a);
    else if (!several.includes(a)) others.push(a);
  }
  for (const c of cards(v.hand)) {
    const b = document.createElement("button");
    b.type = "button";
    cardFace(c, b);
    if (byCard.has(c)) {
      b.classList.add("legal");
      b.dataset.action = byCard.get(c);
      b.onclick = () => act(byCard.get(c));
    } else if (choosable.has(c)) {
      b.classList.add("legal");
      b.setAttribute("aria-pressed", selected.has(c));
      b.onclick = () => {
        selected.has(c) ? selected.delete(c) : selected.add(c);
        renderHand(view());
      };
    } else {
      b.disabled = !!legal.length;
      b.setAttribute("aria-disabled", "true");
      b.classList.add("idle");
    }
    hand.append(b);
  }
  if (several.length) {
    const need = several[0].slice(5).split(",").length;
    const chosen = several.find((a) => {
      const cs = a.slice(5).split(",");
      return cs.length === selected.size && cs.every((c) => selected.has(c));
    });
    $("select-bar").hidden = false;
    $("select-text").textContent = "Choose " + need + " cards for the skat (" + selected.size + " chosen). ";
    $("select-go").disabled = !chosen;
    $("select-go").onclick = () => chosen && act(chosen);
  }
  for (const a of others) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = actionLabel(a);
    b.dataset.action = a;
    b.onclick = () => act(a);
    acts.append(b);
  }
}

function renderResult() {
  $("result").hidden = !state.over;
  if (!state.over) return;
  const body = $("settlement").tBodies[0];
  body.innerHTML = "";
  for (const l of state.settlement) {
    const tr = body.insertRow();
    for (const x of [l.from, l.to, l.amount, l.reason]) tr.insertCell().textContent = x;
  }
  const ul = $("hands");
  ul.innerHTML = "";
  state.hands.forEach((h, t) => {
    const li = document.createElement("li");
    li.append(name(t) + ": ");
    for (const c of cards(h)) li.append(cardSpan(c), " ");
    ul.append(li);
  });
}

$("hint").onclick = () => send({ type: "hint" });
$("next").onclick = () => send({ type: "next" });
$("copy").onclick = () => {
  $("share-link").select();
  navigator.clipboard && navigator.clipboard.writeText($("share-link").value);
};

// ---- routing: #table=ID[&seat=K&token=T] -----------------------------------------------------

function route() {
  const q = new URLSearchParams(location.hash.slice(1));
  const id = Number(q.get("table"));
  if (id) {
    if (q.has("token")) {
      remember(id, Number(q.get("seat")), q.get("token"));
      history.replaceState(null, "", "#table=" + id);
    }
    openTable(id);
  } else {
    showLobby().catch((e) => status(e.message));
  }
}

// The language of refusals and hints (the server's words): chosen once, else the browser's.
function language() {
  const kept = localStorage.getItem("tarok.lang");
  if (kept) return kept;
  const browser = (navigator.language || "en").slice(0, 2);
  return ["da", "de"].includes(browser) ? browser : "en";
}

$("lang").value = language();
$("lang").addEventListener("change", () => {
  localStorage.setItem("tarok.lang", $("lang").value);
  if (where) connect();
});
window.addEventListener("hashchange", route);
route();
