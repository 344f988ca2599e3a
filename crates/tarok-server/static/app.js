// tarok serve: the page. Plain JavaScript, no build step. The lobby lists and creates tables;
// the table view shows what the server sends this seat and sends back the chosen action.
"use strict";

const $ = (id) => document.getElementById(id);

// Cards in the notation of the engines: T1..T21 trumps, X the skus, suit letter + rank.
const SUITS = {
  S: { sym: "♠", red: false },
  H: { sym: "♥", red: true },
  R: { sym: "♦", red: true },
  K: { sym: "♣", red: false },
};
const SKUS = { danish: "Skus", koenigrufen: "Sküs", historic: "Scus" };

// The page's words in English, Danish and German; the game's own words (skus, pagat, Trull)
// stay as the players say them. The server sends the actions, refusals, hints and the
// settlement's reasons in the chosen language itself.
const WORDS = {
  en: {
    language: "Language", newTable: "New table", game: "Game", people: "People at the table",
    computers: "Computer players", yourName: "Your name", houseRules: "House rules", houseRulesHow: "(name=value, see tarok rules PRESET)", optional: "optional",
    create: "Create table and sit down", tables: "Tables", invite: "Invite:", copy: "Copy",
    trick: "Trick", lastTrick: "Last trick", yourHand: "Your hand", layThem: "Lay them",
    hint: "Hint", next: "Next deal", settlement: "Settlement", from: "From", to: "To",
    points: "Points", why: "Why", handsDealt: "Hands as dealt",
    viewDetails: "Everything your seat knows (the view)",
    justMe: "just me", nPeople: "{n} people", random: "random", ruleBased: "rule-based", searches: "searches",
    noTables: "No tables yet.", open: "(open)", openSeat: "(open seat)", tableN: "Table {n}",
    deal: "deal", writeName: "Write your name first.", connecting: "connecting…",
    connected: "connected", lost: "connection lost; reconnecting in {n} s…",
    spectator: "You are watching: you see what everyone at the table sees, no hand.",
    over: "The deal is over.", yourTurn: "Your turn.", toAct: "{name} is to act.",
    you: "(you)", deals: "deals", tricks: "tricks", cards: "cards", total: "total",
    sitHere: "Sit here", phase: "Phase", declares: "{name} declares", yourSkat: "Your skat",
    skat: "Skat", trumpsLaid: "trumps laid in the skat", noTrumpsLaid: "no trumps laid in the skat",
    fromSkat: "Announced from the skat", skusNamed: "Skus named", by: "by",
    calledKing: "Called king", fourthKing: "the fourth king", talonHalf: "Talon half {n}",
    yourDiscard: "Your discard", faceUp: "Laid face up", announced: "Announced", said: "Said",
    called: "Called", yourScat: "Your Scat", declared: "Declared",
    chooseSkat: "Choose {n} cards for the skat ({k} chosen). ", hintIs: "Hint",
    trump: "trump", seat: "seat {n}", rulesLink: "the rule", rules: "Rules",
    suits: { S: "spades", H: "hearts", R: "diamonds", K: "clubs" },
    ranks: { K: "king", D: "queen", C: "cavalier", Kn: "knave" },
    cardName: "{rank} of {suit}",
    replayDeal: "Replay this deal", backToTable: "Back to the table", replayKeys: "(← and → step too)",
    hands: "Hands", replayTitle: "Table {n}: {preset}, deal {d}, replay", stepOf: "Step {k} of {n}",
    dealtStart: "The cards are dealt.", prevStep: "One step back", nextStep: "One step on",
    replays: "replays", cups: "Cups", cupsAfter: "after the deal",
    noAnte: "no ante: the deal before was redealt",
    tableSize: "Table size", nSeats: "{n} at the table", nSeatsOut: "{n} at the table, {k} sitting out each deal",
    sitsOut: "sits out", youSitOut: "You sit this deal out.",
    leave: "Leave the table", back: "Take my seat back", away: "away, the computer plays",
    youLeft: "You left the table: a computer player plays your seat until you take it back.",
    evening: "The evening", downloadCsv: "Download CSV", downloadJson: "Download JSON", chartCaption: "Everyone's total after each deal{cups}.", chartCups: "; the cups dashed",
    taken: "taken", discard: "Discard",
  },
  da: {
    language: "Sprog", newTable: "Nyt bord", game: "Spil", people: "Personer ved bordet",
    computers: "Computerspillere", yourName: "Dit navn", houseRules: "Husregler", houseRulesHow: "(navn=værdi, se tarok rules PRESET)", optional: "valgfrit",
    create: "Opret bordet og sæt dig", tables: "Borde", invite: "Inviter:", copy: "Kopiér",
    trick: "Stik", lastTrick: "Sidste stik", yourHand: "Din hånd", layThem: "Læg dem",
    hint: "Råd", next: "Næste spil", settlement: "Afregning", from: "Fra", to: "Til",
    points: "Point", why: "Hvorfor", handsDealt: "Hænderne som de blev givet",
    viewDetails: "Alt hvad din plads ved",
    justMe: "kun mig", nPeople: "{n} personer", random: "tilfældig", ruleBased: "regelbaseret", searches: "søger",
    noTables: "Ingen borde endnu.", open: "(ledig)", openSeat: "(ledig plads)", tableN: "Bord {n}",
    deal: "spil", writeName: "Skriv dit navn først.", connecting: "forbinder…",
    connected: "forbundet", lost: "forbindelsen er tabt; prøver igen om {n} s…",
    spectator: "Du ser på: du ser hvad alle ved bordet ser, ingen hånd.",
    over: "Spillet er slut.", yourTurn: "Din tur.", toAct: "Det er {name}s tur.",
    you: "(dig)", deals: "giver", tricks: "stik", cards: "kort", total: "i alt",
    sitHere: "Sæt dig her", phase: "Fase", declares: "{name} melder", yourSkat: "Din skat",
    skat: "Skat", trumpsLaid: "der er lagt tarokker i skatten",
    noTrumpsLaid: "der er ikke lagt tarokker i skatten",
    fromSkat: "Meldt fra skatten", skusNamed: "Skus navngivet", by: "af",
    calledKing: "Kaldt konge", fourthKing: "den fjerde konge", talonHalf: "Talonhalvdel {n}",
    yourDiscard: "Dit læg", faceUp: "Lagt med billedsiden op", announced: "Meldt", said: "Sagt",
    called: "Kaldt", yourScat: "Din Scat", declared: "Meldt",
    chooseSkat: "Vælg {n} kort til skatten ({k} valgt). ", hintIs: "Råd",
    trump: "tarok", seat: "plads {n}", rulesLink: "reglen", rules: "Regler",
    suits: { S: "spar", H: "hjerter", R: "ruder", K: "klør" },
    ranks: { K: "konge", D: "dame", C: "cavaller", Kn: "knægt" },
    cardName: "{suit} {rank}",
    replayDeal: "Genafspil spillet", backToTable: "Tilbage til bordet", replayKeys: "(← og → bladrer også)",
    hands: "Hænder", replayTitle: "Bord {n}: {preset}, spil {d}, genafspilning", stepOf: "Trin {k} af {n}",
    dealtStart: "Kortene er givet.", prevStep: "Et trin tilbage", nextStep: "Et trin frem",
    replays: "genafspil", cups: "Kopper", cupsAfter: "efter spillet",
    noAnte: "intet indskud: spillet før blev givet om",
    tableSize: "Bordets størrelse", nSeats: "{n} ved bordet", nSeatsOut: "{n} ved bordet, {k} sidder over hvert spil",
    sitsOut: "sidder over", youSitOut: "Du sidder over i dette spil.",
    leave: "Forlad bordet", back: "Tag min plads igen", away: "gået, computeren spiller",
    youLeft: "Du har forladt bordet: en computerspiller spiller din plads, til du tager den igen.",
    evening: "Aftenen", downloadCsv: "Hent CSV", downloadJson: "Hent JSON", chartCaption: "Hver spillers stilling efter hvert spil{cups}.", chartCups: "; kopperne stiplet",
    taken: "taget", discard: "Læg",
  },
  de: {
    language: "Sprache", newTable: "Neuer Tisch", game: "Spiel", people: "Personen am Tisch",
    computers: "Computerspieler", yourName: "Dein Name", houseRules: "Hausregeln", houseRulesHow: "(Name=Wert, siehe tarok rules PRESET)", optional: "optional",
    create: "Tisch anlegen und Platz nehmen", tables: "Tische", invite: "Einladen:", copy: "Kopieren",
    trick: "Stich", lastTrick: "Letzter Stich", yourHand: "Deine Karten", layThem: "Ablegen",
    hint: "Tipp", next: "Nächstes Spiel", settlement: "Abrechnung", from: "Von", to: "An",
    points: "Punkte", why: "Warum", handsDealt: "Die Karten, wie sie gegeben wurden",
    viewDetails: "Alles, was dein Platz weiß",
    justMe: "nur ich", nPeople: "{n} Personen", random: "zufällig", ruleBased: "regelbasiert", searches: "sucht",
    noTables: "Noch keine Tische.", open: "(frei)", openSeat: "(freier Platz)", tableN: "Tisch {n}",
    deal: "Spiel", writeName: "Bitte zuerst den Namen eingeben.", connecting: "verbinde…",
    connected: "verbunden", lost: "Verbindung verloren; neuer Versuch in {n} s…",
    spectator: "Du schaust zu: du siehst, was alle am Tisch sehen, keine Karten auf der Hand.",
    over: "Das Spiel ist aus.", yourTurn: "Du bist dran.", toAct: "{name} ist dran.",
    you: "(du)", deals: "gibt", tricks: "Stiche", cards: "Karten", total: "gesamt",
    sitHere: "Hier Platz nehmen", phase: "Phase", declares: "{name} meldet", yourSkat: "Dein Skat",
    skat: "Skat", trumpsLaid: "Tarock im Skat", noTrumpsLaid: "kein Tarock im Skat",
    fromSkat: "Aus dem Skat angesagt", skusNamed: "Skus benannt", by: "von",
    calledKing: "Gerufener König", fourthKing: "der vierte König", talonHalf: "Talonhälfte {n}",
    yourDiscard: "Deine Ablage", faceUp: "Offen abgelegt", announced: "Angesagt", said: "Gesagt",
    called: "Gerufen", yourScat: "Dein Scat", declared: "Gemeldet",
    chooseSkat: "Wähle {n} Karten für den Skat ({k} gewählt). ", hintIs: "Tipp",
    trump: "Tarock", seat: "Platz {n}", rulesLink: "die Regel", rules: "Regeln",
    suits: { S: "Pik", H: "Herz", R: "Karo", K: "Kreuz" },
    ranks: { K: "König", D: "Dame", C: "Reiter", Kn: "Bube" },
    cardName: "{suit}-{rank}",
    replayDeal: "Dieses Spiel nachspielen", backToTable: "Zurück zum Tisch", replayKeys: "(auch mit ← und →)",
    hands: "Karten", replayTitle: "Tisch {n}: {preset}, Spiel {d}, Wiederholung", stepOf: "Schritt {k} von {n}",
    dealtStart: "Die Karten sind gegeben.", prevStep: "Einen Schritt zurück", nextStep: "Einen Schritt weiter",
    replays: "Wiederholungen", cups: "Töpfe", cupsAfter: "nach dem Spiel",
    noAnte: "kein Einsatz: das Spiel davor wurde neu gegeben",
    tableSize: "Tischgröße", nSeats: "{n} am Tisch", nSeatsOut: "{n} am Tisch, {k} setzen jedes Spiel aus",
    sitsOut: "setzt aus", youSitOut: "Du setzt dieses Spiel aus.",
    leave: "Tisch verlassen", back: "Platz wieder einnehmen", away: "weg, der Computer spielt",
    youLeft: "Du hast den Tisch verlassen: ein Computerspieler spielt deinen Platz, bis du ihn wieder einnimmst.",
    evening: "Der Abend", downloadCsv: "CSV herunterladen", downloadJson: "JSON herunterladen", chartCaption: "Der Stand aller nach jedem Spiel{cups}.", chartCups: "; die Töpfe gestrichelt",
    taken: "genommen", discard: "Ablage",
  },
};

// A word of the page in the chosen language, with {name} places filled from `fill`.
function t(key, fill) {
  const words = WORDS[language()] || WORDS.en;
  let w = words[key] !== undefined ? words[key] : WORDS.en[key];
  if (typeof w === "string" && fill) for (const [k, v] of Object.entries(fill)) w = w.replace("{" + k + "}", v);
  return w;
}

// The words of the page's fixed parts (marked data-t in index.html).
function translatePage() {
  document.documentElement.lang = language();
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
}

let presets = [];
let state = null; // the last state from the server
let socket = null;
let where = null; // {table, seat, token}
let retry = 0;
let selected = new Set(); // cards chosen for a several-card action (the Danish skat)
let replay = null; // {data, at}: the finished deal being stepped through, and its step

function isCard(text) {
  return /^(T([1-9]|1[0-9]|2[0-2])|X|[SHRK](Kn|K|D|C|10|[1-9]))$/.test(text);
}

// The family of the table or the replay on the page.
function family() {
  return state ? state.family : replay ? replay.data.family : "danish";
}

function cardLabel(c) {
  if (c === "X") return SKUS[family()] || "Skus";
  if (c[0] === "T") return t("trump") + " " + c.slice(1);
  const r = c.slice(1);
  return t("cardName", { rank: t("ranks")[r] || r, suit: t("suits")[c[0]] });
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
    el.innerHTML = '<span class="rank">' + c.slice(1) + '</span><span class="suit">' + t("trump") + "</span>";
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
    .replace(/^X=(.)$/, (m, s) => SKUS[family()] + ", naming " + (s === "T" ? "trumps" : SUITS[s].sym))
    .replace(/[:@]/g, " ")
    .replace(/\b(T\d+|X|[SHRK](?:Kn|K|D|C|10|[1-9]))\b/g, (c) => (isCard(c) ? prettyCard(c) : c))
    .replace(/-/g, " ");
}

function prettyCard(c) {
  if (c === "X") return SKUS[family()];
  if (c[0] === "T") return "T" + c.slice(1);
  return SUITS[c[0]].sym + c.slice(1);
}

// An action in words: the server's words in the chosen language for a legal action, else (an
// action no longer legal) the notation made readable.
function words(a) {
  const i = state.legal.indexOf(a);
  if (i < 0 || !state.legal_words) return actionLabel(a);
  return state.legal_words[i];
}

// The card a legal action plays or lays from the hand, if it is one card.
function cardOf(action) {
  if (isCard(action)) return action;
  const m = action.match(/^(?:play |discard |discard:|return )(\S+)$/);
  return m && isCard(m[1]) ? m[1] : null;
}

function name(tableSeat) {
  const s = state.seats[tableSeat];
  return s.name || t("seat", { n: tableSeat + 1 });
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

// The form's choices for the chosen preset: the table sizes it is played at (beyond a deal's
// seats, some sit each deal out), the people among them, the computer players' levels.
function fillPreset() {
  const p = presets.find((p) => p.id === $("preset").value);
  if (!p) return;
  const size = Number($("size").value);
  $("size").innerHTML = "";
  for (const n of p.sizes) {
    const k = n - p.seats;
    $("size").add(new Option(k ? t("nSeatsOut", { n, k }) : t("nSeats", { n }), n));
  }
  if (p.sizes.includes(size)) $("size").value = size;
  fillPeople();
  $("level").innerHTML = "";
  const kind = { L0: "random", L1: "ruleBased", L2: "searches" };
  for (const l of p.levels) $("level").add(new Option(l + " (" + t(kind[l]) + ")", l));
  $("level").value = p.levels[p.levels.length - 1];
}

// How many of the table's seats are kept for people.
function fillPeople() {
  const people = $("people").value;
  $("people").innerHTML = "";
  for (let n = 1; n <= Number($("size").value); n++) $("people").add(new Option(n === 1 ? t("justMe") : t("nPeople", { n }), n));
  if (people && people <= Number($("size").value)) $("people").value = people;
}

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("replay").hidden = true;
  closeSocket();
  status("");
  if (!presets.length) {
    presets = await api("/api/presets");
    for (const p of presets) $("preset").add(new Option("", p.id));
    titlePresets();
    fillPreset();
  }
  $("name").value = localStorage.getItem("tarok.name") || "";
  const list = await api("/api/tables");
  const ul = $("tables");
  ul.innerHTML = "";
  if (!list.length) ul.innerHTML = "<li>" + t("noTables") + "</li>";
  for (const tb of list.reverse()) {
    const li = document.createElement("li");
    const seats = tb.seats.map((s) => (s.kind === "open" ? t("open") : s.name)).join(", ");
    const a = document.createElement("a");
    a.href = "#table=" + tb.id;
    a.textContent = t("tableN", { n: tb.id }) + ": " + tb.preset + ", " + t("deal") + " " + tb.deal;
    li.append(a, " — " + seats);
    if (tb.finished) {
      li.append(" — " + t("replays") + ":");
      for (let d = Math.max(1, tb.finished - 4); d <= tb.finished; d++) {
        const r = document.createElement("a");
        r.href = "#table=" + tb.id + "&replay=" + d;
        r.className = "replay";
        r.textContent = d;
        li.append(" ", r);
      }
    }
    ul.append(li);
  }
}

// The presets' titles in the page's language.
function titlePresets() {
  for (const o of $("preset").options) {
    const p = presets.find((p) => p.id === o.value);
    o.textContent = (p.titles[language()] || p.title) + " (" + p.id + ")";
  }
}

$("preset").addEventListener("change", fillPreset);
$("size").addEventListener("change", fillPeople);

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  localStorage.setItem("tarok.name", name);
  try {
    const made = await api("/api/tables", {
      preset: $("preset").value,
      rules: $("rules").value,
      seats: Number($("size").value),
      people: Number($("people").value),
      level: $("level").value,
      name,
    });
    remember(made.id, made.seat, made.token);
    location.hash = "table=" + made.id;
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
    $("join-error").textContent = t("writeName");
    $("join-name").focus();
    return;
  }
  localStorage.setItem("tarok.name", name);
  try {
    const taken = await api("/api/tables/" + where.table + "/seats/" + seat, { name });
    remember(taken.id, taken.seat, taken.token);
    openTable(taken.id);
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
  $("replay").hidden = true;
  $("table").hidden = false;
  replay = null;
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
  status(t("connecting"));
  const ws = new WebSocket(url);
  socket = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
    retry = 0;
    status(t("connected"));
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = async () => {
    if (socket !== ws) return;
    // A seat refused again and again while the server answers (its token is not this
    // browser's): watch instead of retrying for ever. A server that is down keeps the seat.
    if (!opened && retry > 2 && where.token) {
      const up = await fetch("/api/tables").then((r) => r.ok, () => false);
      if (up && socket === ws) where = { table: where.table };
    }
    if (socket !== ws) return;
    retry++;
    const wait = Math.min(10000, 500 * 2 ** retry);
    status(t("lost", { n: Math.round(wait / 1000) }));
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
    if (msg.guide) {
      const a = document.createElement("a");
      a.href = msg.guide;
      a.target = "_blank";
      a.textContent = t("rulesLink");
      $("refusal").append(" ", a);
    }
  } else if (msg.type === "hint") {
    $("hint-text").textContent = t("hintIs") + ": " + words(msg.action) + " — " + msg.reason;
    for (const b of document.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === msg.action);
    // An advised skat is chosen on the hand, so "Lay them" takes it, as Enter does on the terminal.
    if (/^skat:/.test(msg.action)) {
      selected = new Set(msg.action.slice(5).split(","));
      renderHand(view());
    }
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
  $("table-title").textContent = t("tableN", { n: state.table }) + ": " + state.preset + ", " + t("deal") + " " + state.deal;
  renderSeats(v);
  renderInfo($("info"), v, state.view_words, state.family, dealName);
  renderCups($("cups"), state.cups);
  // The 1829 Partie (the partners' game, en deux), in the server's words.
  $("partie").textContent = state.partie || "";
  renderTricks(v);
  renderHand(v);
  renderResult();
  renderLedger();
  const mine = state.seat !== null && state.seat !== undefined;
  const out = mine && state.sitting_out.includes(state.seat);
  $("view-json").textContent = JSON.stringify(v, null, 1);
  $("watching").hidden = mine;
  $("watching").textContent = t("spectator");
  $("hint").hidden = !(mine && state.legal.length);
  $("next").hidden = !(mine && state.over);
  const kind = mine ? state.seats[state.seat].kind : null;
  $("leave").hidden = kind !== "human";
  $("back").hidden = kind !== "away";
  $("hand-area").hidden = !mine || out;
  const open = state.seats.some((s) => s.kind === "open");
  $("join").hidden = mine || !open;
  if (state.over) $("turn").textContent = t("over");
  else if (kind === "away") $("turn").textContent = t("youLeft");
  else if (out) $("turn").textContent = t("youSitOut") + " " + t("toAct", { name: name(state.to_act) });
  else if (state.to_act === state.seat) $("turn").textContent = t("yourTurn");
  else $("turn").textContent = t("toAct", { name: name(state.to_act) });
}

function renderSeats(v) {
  const ol = $("seats");
  ol.innerHTML = "";
  const dealer = v && v.dealer !== undefined ? v.dealer : null;
  state.seats.forEach((s, ts) => {
    const li = document.createElement("li");
    if (ts === state.to_act) li.classList.add("to-act");
    if (ts === state.seat) li.classList.add("me");
    const d = state.players.indexOf(ts);
    let text = (s.kind === "open" ? t("openSeat") : s.name) + (ts === state.seat ? " " + t("you") : "");
    if (s.kind === "away") text += " (" + t("away") + ")";
    if (state.sitting_out.includes(ts)) text += " · " + t("sitsOut");
    if (dealer !== null && d === dealer) text += " · " + t("deals");
    if (v && v.tricks_won && d >= 0) text += " · " + t("tricks") + " " + v.tricks_won[d];
    if (v && v.hand_sizes && d >= 0) text += " · " + t("cards") + " " + v.hand_sizes[d];
    text += " · " + t("total") + " " + state.totals[ts];
    li.append(text);
    if (s.kind === "open" && state.seat == null) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("sitHere");
      b.onclick = () => takeSeat(ts);
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

// What the family's view says beyond the cards: declarations, contract, talon, announcements;
// `w` is what the server says of it in words, `dealName` names a deal seat (at the table, or in
// a replay).
function renderInfo(info, v, w, family, dealName) {
  info.innerHTML = "";
  if (!v) return;
  info.append(line(t("phase"), w.phase));
  if (family === "danish") {
    v.declarations.forEach((ds, d) => ds.length && info.append(line(t("declares", { name: dealName(d) }), ds.join(", "))));
    if (v.own_skat) info.append(cardLine(t("yourSkat"), cards(v.own_skat)));
    if (v.skat_news) {
      const n = v.skat_news;
      const laid = n.trumps_laid ? t("trumpsLaid") + (n.trump_count !== null ? " (" + n.trump_count + ")" : "") : t("noTrumpsLaid");
      info.append(line(t("skat"), laid));
      if (n.announced) info.append(cardLine(t("fromSkat"), cards(n.announced)));
    }
    if (w.skus_named) info.append(line(t("skusNamed"), w.skus_named));
  } else if (family === "koenigrufen") {
    if (w.game) info.append(line(t("game"), w.game + (v.declarers.length ? " " + t("by") + " " + v.declarers.map(dealName).join(", ") : "")));
    if (v.called_king) info.append(cardLine(t("calledKing"), [v.called_king]));
    else if (v.fourth_king) info.append(line(t("calledKing"), t("fourthKing")));
    if (v.talon) v.talon.forEach((h, i) => info.append(cardLine(t("talonHalf", { n: i + 1 }), cards(h))));
    if (v.own_discard) info.append(cardLine(t("yourDiscard"), cards(v.own_discard)));
    if (v.shown_discard) info.append(cardLine(t("faceUp"), cards(v.shown_discard)));
    if (w.announced.length) info.append(line(t("announced"), w.announced.join(", ")));
    // The last eight calls, and a mark where earlier ones are left out.
    if (w.said.length) info.append(line(t("said"), (w.said.length > 8 ? "…; " : "") + w.said.slice(-8).join("; ")));
  } else {
    if (w.game && v.declarer !== null) info.append(line(t("game"), w.game + " " + t("by") + " " + dealName(v.declarer)));
    if (v.called) info.append(cardLine(t("called"), [v.called]));
    if (v.scat) info.append(cardLine(t("yourScat"), cards(v.scat)));
    if (w.declared.length) info.append(line(t("declared"), w.declared.join(", ")));
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
    const seated = (tr) => tr.cards.map((c, i) => [(tr.leader + i) % n, c]);
    const done = (v.tricks || []).filter((tr) => tr.winner !== null && tr.winner !== undefined);
    if (done.length) last = seated(done[done.length - 1]);
    if (state.family === "danish") current = v.current;
    else {
      const open = (v.tricks || []).find((tr) => tr.winner === null || tr.winner === undefined);
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
    $("select-text").textContent = t("chooseSkat", { n: need, k: selected.size });
    $("select-go").disabled = !chosen;
    $("select-go").onclick = () => chosen && act(chosen);
  }
  for (const a of others) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = words(a);
    b.dataset.action = a;
    b.onclick = () => act(a);
    acts.append(b);
  }
}

// A Danish deal's cups: before it, after it once it is over, and whether the ante was paid.
function renderCups(el, cups) {
  el.innerHTML = "";
  if (!cups) return;
  let text = "kongekop " + cups.before[0] + " · pagatkop " + cups.before[1];
  if (cups.after) text += " → " + t("cupsAfter") + ": kongekop " + cups.after[0] + " · pagatkop " + cups.after[1];
  if (!cups.ante) text += " (" + t("noAnte") + ")";
  const p = line(t("cups"), text);
  p.dataset.before = cups.before.join(" ");
  p.dataset.after = cups.after ? cups.after.join(" ") : "";
  el.append(p);
}

function settlementRows(body, lines) {
  body.innerHTML = "";
  for (const l of lines) {
    const tr = body.insertRow();
    for (const x of [l.from, l.to, l.amount, l.reason]) tr.insertCell().textContent = x;
  }
}

// The evening so far: everyone's running total after each finished deal, drawn as lines (and
// the Danish cups, dashed), with the ledger to download. Fetched again when a deal finishes.
let ledgerOf = null;
async function renderLedger() {
  const finished = state.deal - 1 + (state.over ? 1 : 0);
  $("ledger").hidden = finished < 1;
  const key = state.table + ":" + finished + ":" + language();
  if (finished < 1 || ledgerOf === key) return;
  ledgerOf = key;
  const base = "/api/tables/" + state.table + "/ledger";
  $("ledger-csv").href = base + ".csv";
  $("ledger-json").href = base + ".json";
  try {
    drawLedger(await api(base + ".json"));
  } catch (err) {
    ledgerOf = null;
    $("ledger-caption").textContent = err.message;
  }
}

const LINE_COLOURS = ["#1565c0", "#c0182b", "#2e7d32", "#6a1b9a", "#e65100", "#00838f"];

function drawLedger(l) {
  const series = l.names.map((name, ts) => ({ name, points: [0, ...l.deals.map((d) => d.totals[ts])] }));
  const cups = l.deals.length && l.deals[0].cups;
  if (cups) {
    ["kongekop", "pagatkop"].forEach((name, c) =>
      series.push({ name, points: [l.deals[0].cups.before[c], ...l.deals.map((d) => d.cups.after[c])], dashed: true }));
  }
  drawChart($("ledger-chart"), $("ledger-legend"), ["", ...l.deals.map((d) => d.deal)], series);
  $("ledger-caption").textContent = t("chartCaption", { cups: cups ? t("chartCups") : "" });
}

// A line for each series over the points `labels` name (the first, before any deal, unnamed),
// with its last value in the legend. Persons take the colours in turn; dashed lines (the
// cups) are grey and ochre.
function drawChart(svg, legend, labels, series) {
  const W = 600, H = 220, left = 48, right = 12, top = 10, bottom = 24;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.innerHTML = "";
  let person = 0, cup = 0;
  for (const s of series) s.colour = s.dashed ? ["#555", "#8a6d00"][cup++ % 2] : LINE_COLOURS[person++ % LINE_COLOURS.length];
  const steps = labels.length - 1;
  const all = series.flatMap((s) => s.points);
  const lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  const x = (i) => left + (i * (W - left - right)) / Math.max(1, steps);
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo || 1);
  const el = (tag, attrs, text) => {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  el("line", { x1: left, x2: W - right, y1: y(0), y2: y(0), class: "axis" });
  for (const v of new Set([lo, 0, hi])) el("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, v);
  const every = Math.ceil(steps / 12);
  labels.forEach((label, i) => i > 0 && i % every === 0 && el("text", { x: x(i), y: H - 6, "text-anchor": "middle", class: "tick" }, label));
  for (const s of series) {
    const line = el("polyline", { points: s.points.map((v, i) => x(i) + "," + y(v)).join(" "), stroke: s.colour, fill: "none", "stroke-width": 2.5 });
    if (s.dashed) line.setAttribute("stroke-dasharray", "6 4");
    line.dataset.name = s.name;
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = s.name + ": " + s.points[s.points.length - 1];
    line.append(title);
  }
  legend.innerHTML = "";
  for (const s of series) {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch" + (s.dashed ? " dashed" : "");
    sw.style.borderColor = s.colour;
    li.append(sw, s.name + ": " + s.points[s.points.length - 1]);
    legend.append(li);
  }
}

function renderResult() {
  $("result").hidden = !state.over;
  if (!state.over) return;
  $("replay-link").href = "#table=" + state.table + "&replay=" + state.deal;
  settlementRows($("settlement").tBodies[0], state.settlement);
  const ul = $("hands");
  ul.innerHTML = "";
  state.hands.forEach((h, ts) => {
    if (!h) return; // sat the deal out
    const li = document.createElement("li");
    li.append(name(ts) + ": ");
    for (const c of cards(h)) li.append(cardSpan(c), " ");
    ul.append(li);
  });
}

$("hint").onclick = () => send({ type: "hint" });
$("next").onclick = () => send({ type: "next" });
$("leave").onclick = () => send({ type: "leave" });
$("back").onclick = () => send({ type: "back" });
$("copy").onclick = () => {
  $("share-link").select();
  navigator.clipboard && navigator.clipboard.writeText($("share-link").value);
};

// ---- the replay of a finished deal: #table=ID&replay=N ------------------------------------------

async function openReplay(id, n) {
  closeSocket();
  state = null;
  where = null;
  $("lobby").hidden = true;
  $("table").hidden = true;
  $("replay").hidden = false;
  $("replay-back").href = "#table=" + id;
  status("");
  try {
    const data = await api("/api/tables/" + id + "/deals/" + n + "?lang=" + language());
    const at = replay && replay.data.table === id && replay.data.deal === n ? replay.at : 0;
    replay = { data, at: Math.min(at, data.steps.length - 1) };
    renderReplay();
  } catch (err) {
    replay = null;
    $("replay-title").textContent = t("tableN", { n: id });
    $("replay-step").textContent = "";
    $("replay-log").textContent = err.message;
    for (const el of ["replay-hands", "replay-trick", "replay-last-trick", "replay-cups"]) $(el).innerHTML = "";
    $("replay-result").hidden = true;
  }
}

function replayTrick(el, trick) {
  el.innerHTML = "";
  for (const [ts, c] of trick) {
    const fig = document.createElement("figure");
    fig.append(cardSpan(c));
    const cap = document.createElement("figcaption");
    cap.textContent = replay.data.names[ts];
    fig.append(cap);
    el.append(fig);
  }
}

function renderReplay() {
  const d = replay.data;
  const s = d.steps[replay.at];
  const last = replay.at === d.steps.length - 1;
  // For people: the step; for the browser test: the step and how many there are.
  $("replay").dataset.step = replay.at;
  $("replay").dataset.steps = d.steps.length;
  $("replay-title").textContent = t("replayTitle", { n: d.table, preset: d.preset, d: d.deal });
  $("replay-step").textContent = t("stepOf", { k: replay.at, n: d.steps.length - 1 });
  $("replay-prev").disabled = replay.at === 0;
  $("replay-next").disabled = last;
  $("replay-prev").setAttribute("aria-label", t("prevStep"));
  $("replay-prev").title = t("prevStep");
  $("replay-next").setAttribute("aria-label", t("nextStep"));
  $("replay-next").title = t("nextStep");
  $("replay-log").textContent = replay.at === 0 ? t("dealtStart") : s.log;
  // The talon is shown with what the deal laid aside, at every step.
  const v = { ...s.view[d.family], talon: null };
  renderInfo($("replay-phase"), v, s.view_words, d.family, (ds) => d.names[d.players[ds]]);
  renderLaid($("replay-laid"), d.laid, d.family);
  renderCups($("replay-cups"), d.cups && !last ? { ...d.cups, after: null } : d.cups);
  replayTrick($("replay-trick"), s.trick);
  replayTrick($("replay-last-trick"), s.last_trick);
  const ul = $("replay-hands");
  ul.innerHTML = "";
  s.hands.forEach((h, ts) => {
    const li = document.createElement("li");
    if (ts === s.to_act) li.classList.add("to-act");
    li.dataset.seat = ts;
    li.append(d.names[ts] + ": ");
    for (const c of cards(h)) li.append(cardSpan(c), " ");
    ul.append(li);
  });
  $("replay-result").hidden = !last;
  if (last) settlementRows($("replay-settlement").tBodies[0], d.settlement);
}

// What the deal laid aside: public once it is over, so shown at every step, as the hands are.
function renderLaid(el, laid, family) {
  el.innerHTML = "";
  // The games of 1829 call it the Scat, as the book does (002 L139).
  if (laid.skat) el.append(cardLine(family === "historic" ? "Scat" : t("skat"), cards(laid.skat)));
  if (laid.talon) {
    laid.talon.forEach((h, i) => el.append(cardLine(t("talonHalf", { n: i + 1 }) + (laid.half_taken === i ? " (" + t("taken") + ")" : ""), cards(h))));
  }
  if (laid.discard) el.append(cardLine(t("discard"), cards(laid.discard)));
}

function stepReplay(by) {
  if (!replay) return;
  const at = Math.max(0, Math.min(replay.data.steps.length - 1, replay.at + by));
  if (at !== replay.at) {
    replay.at = at;
    renderReplay();
  }
}

$("replay-prev").onclick = () => stepReplay(-1);
$("replay-next").onclick = () => stepReplay(1);
document.addEventListener("keydown", (e) => {
  if ($("replay").hidden || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
  if (e.key === "ArrowLeft") stepReplay(-1);
  else if (e.key === "ArrowRight") stepReplay(1);
  else return;
  e.preventDefault();
});

// ---- routing: #table=ID[&seat=K&token=T], #table=ID&replay=N, #sheets, #sheet=ID (sheets.js) ----

function route() {
  const q = new URLSearchParams(location.hash.slice(1));
  const id = Number(q.get("table"));
  $("sheets").hidden = true;
  $("sheet").hidden = true;
  if (q.has("sheets") || q.has("sheet")) {
    routeSheets(q);
  } else if (id && q.has("replay")) {
    openReplay(id, Number(q.get("replay")));
  } else if (id) {
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
translatePage();
$("lang").addEventListener("change", () => {
  localStorage.setItem("tarok.lang", $("lang").value);
  translatePage();
  titlePresets();
  fillPreset();
  if (!$("replay").hidden || !$("sheets").hidden || !$("sheet").hidden) route();
  else if (where && !$("table").hidden) connect();
  else showLobby().catch((e) => status(e.message));
});
window.addEventListener("hashchange", route);
// sheets.js, loaded after this script, routes the page once it is ready.
