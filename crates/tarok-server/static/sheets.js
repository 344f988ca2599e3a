// tarok serve: the score sheets of an evening played with real cards (the Danish ledger, the
// Königrufen sheet, the 1829 Partie). The page only gathers what the table writes down and
// sends it; the server enters it through the ledger, which checks it, scores it and answers a
// refusal with its reason and rule. Loaded after app.js, whose $, t, api and drawChart it uses.
"use strict";

// The game's own words (skus, pagat, ultimo, Trull, Kontra, Renonce) stay as players say them.
const SHEET_WORDS = {
  en: {
    scoreSheets: "Score sheets", scoreSheetsWhy: "for an evening with real cards", backToLobby: "Back to the tables",
    newSheet: "New evening", sheetPlayers: "Players, in seating order, separated by commas", sheetSeating: "Who sits out",
    firstDealer: "Deals first", startEvening: "Start the evening", evenings: "Evenings", noEvenings: "No evenings yet.",
    allEvenings: "All evenings", nextDeal: "Next deal", undo: "Undo the last deal", dealsSoFar: "The deals",
    eveningN: "Evening {n}", nDeals: "{n} deals", closed: "closed", asUsual: "as usual for the table size",
    seatings: { three: "nobody (3 at the table)", opposite: "the dealer's opposite", "right-neighbour": "the dealer's right-hand neighbour", "skip-two": "the two not beside the dealer", hermansen: "one by turns for five deals, then the dealer's opposite (Hermansen)" },
    nextDealer: "{name} deals.", sitsOutNext: "Sitting out: {names}.", noneNext: "The evening is closed.",
    enter: "Enter the deal", dealer: "Dealer",
    outcome: "The deal", played: "played to the end", redeal: "redealt (no trumps)", annulled: "stopped for an offence",
    wonLastTrick: "Last trick won by", counts: "Counted points", ultimo: "Ultimo (last trick won by)", noUltimo: "no ultimo",
    pagatHjem: "Pagat home in tricks 1-24 by", declarations: "Declarations (several with ;)", more: "More: nolo, tout, bagud, lost ultimo, fines",
    nolo: "Nolo (no trick)", tout: "Tout (all tricks)", bagud: "Bagud: ultimo card lost in the last trick", ultimoLost: "Ultimo card lost in tricks 1-24",
    fine: "Fine", nobody: "—", kings: { S: "spades king", H: "hearts king", R: "diamonds king", K: "clubs king" },
    contract: "Game", declarer: "Declarer", partner: "Partner (held the called king)", inTalon: "— (in the talon / none)",
    result: "Result", results: { won: "won", lost: "lost", valat: "valat (all 12 tricks)", schleifen: "schleifen" },
    kontra: "Kontra on the game", noKontra: "no Kontra", premium: "Premium", announcedBy: "announced by", silent: "silent",
    madeBy: "made by the party of", failed: "failed", addPremium: "Add a premium", remove: "Remove",
    renonce: "Renonce by", noRenonce: "no Renonce", typeLine: "Or type the line (Trischaken, bei, misdeal, void)",
    partieHelp: "Each side's count (they add up to 72) or each player's score.",
    downloads: "Download: ", deals_csv: "deals (CSV)", lines_csv: "payment lines (CSV)", evening_json: "evening (JSON)", chart_svg: "chart (SVG)",
    chartSheet: "Everyone's total after each deal{cups}.", refusedPrefix: "Refused: ",
    closeEvening: "Close the evening", closeSure: "Close the evening? It then takes no more deals (Danish: the cups are shared out).",
  },
  da: {
    scoreSheets: "Regnskab", scoreSheetsWhy: "for en aften med rigtige kort", backToLobby: "Tilbage til bordene",
    newSheet: "Ny aften", sheetPlayers: "Spillerne i siddeorden, adskilt med komma", sheetSeating: "Hvem sidder over",
    firstDealer: "Giver først", startEvening: "Start aftenen", evenings: "Aftener", noEvenings: "Ingen aftener endnu.",
    allEvenings: "Alle aftener", nextDeal: "Næste spil", undo: "Fortryd sidste spil", dealsSoFar: "Spillene",
    eveningN: "Aften {n}", nDeals: "{n} spil", closed: "afsluttet", asUsual: "som sædvanligt ved bordets størrelse",
    seatings: { three: "ingen (3 ved bordet)", opposite: "giverens genbo", "right-neighbour": "giverens højre sidemand", "skip-two": "de to, der ikke sidder ved giveren", hermansen: "én på skift i fem spil, og giverens genbo (Hermansen)" },
    nextDealer: "{name} giver.", sitsOutNext: "Sidder over: {names}.", noneNext: "Aftenen er afsluttet.",
    enter: "Indfør spillet", dealer: "Giver",
    outcome: "Spillet", played: "spillet til ende", redeal: "givet om (ingen tarokker)", annulled: "standset for en forseelse",
    wonLastTrick: "Sidste stik taget af", counts: "Talte points", ultimo: "Ultimo (sidste stik taget med)", noUltimo: "ingen ultimo",
    pagatHjem: "Pagat hjem i stik 1-24 af", declarations: "Meldinger (flere med ;)", more: "Mere: nolo, tout, bagud, tabt ultimo, bøder",
    nolo: "Nolo (intet stik)", tout: "Tout (alle stik)", bagud: "Bagud: ultimokort tabt i sidste stik", ultimoLost: "Ultimokort tabt i stik 1-24",
    fine: "Bøde", nobody: "—", kings: { S: "spar konge", H: "hjerter konge", R: "ruder konge", K: "klør konge" },
    contract: "Spil", declarer: "Spilfører", partner: "Makker (havde den kaldte konge)", inTalon: "— (i talonen / ingen)",
    result: "Resultat", results: { won: "vundet", lost: "tabt", valat: "valat (alle 12 stik)", schleifen: "schleifen" },
    kontra: "Kontra på spillet", noKontra: "ingen Kontra", premium: "Præmie", announcedBy: "meldt af", silent: "stille",
    madeBy: "vundet af holdet med", failed: "tabt", addPremium: "Tilføj en præmie", remove: "Fjern",
    renonce: "Renonce af", noRenonce: "ingen Renonce", typeLine: "Eller skriv linjen (Trischaken, bei, fejlgivning, void)",
    partieHelp: "Hver sides point (de giver 72 i alt) eller hver spillers point.",
    downloads: "Hent: ", deals_csv: "spillene (CSV)", lines_csv: "betalingerne (CSV)", evening_json: "aftenen (JSON)", chart_svg: "kurven (SVG)",
    chartSheet: "Hver spillers stilling efter hvert spil{cups}.", refusedPrefix: "Afvist: ",
    closeEvening: "Afslut aftenen", closeSure: "Afslut aftenen? Den tager så ikke flere spil (kopperne deles).",
  },
  de: {
    scoreSheets: "Aufschreiben", scoreSheetsWhy: "für einen Abend mit echten Karten", backToLobby: "Zurück zu den Tischen",
    newSheet: "Neuer Abend", sheetPlayers: "Die Spieler in Sitzordnung, mit Kommas getrennt", sheetSeating: "Wer aussetzt",
    firstDealer: "Gibt zuerst", startEvening: "Abend beginnen", evenings: "Abende", noEvenings: "Noch keine Abende.",
    allEvenings: "Alle Abende", nextDeal: "Nächstes Spiel", undo: "Letztes Spiel zurücknehmen", dealsSoFar: "Die Spiele",
    eveningN: "Abend {n}", nDeals: "{n} Spiele", closed: "abgeschlossen", asUsual: "wie üblich bei der Tischgröße",
    seatings: { three: "niemand (3 am Tisch)", opposite: "das Gegenüber des Gebers", "right-neighbour": "der rechte Nachbar des Gebers", "skip-two": "die zwei, die nicht neben dem Geber sitzen", hermansen: "einer reihum für fünf Spiele, dazu das Gegenüber des Gebers (Hermansen)" },
    nextDealer: "{name} gibt.", sitsOutNext: "Setzt aus: {names}.", noneNext: "Der Abend ist abgeschlossen.",
    enter: "Spiel eintragen", dealer: "Geber",
    outcome: "Das Spiel", played: "zu Ende gespielt", redeal: "neu gegeben (kein Tarock)", annulled: "wegen eines Vergehens abgebrochen",
    wonLastTrick: "Letzten Stich machte", counts: "Gezählte Punkte", ultimo: "Ultimo (letzter Stich gemacht mit)", noUltimo: "kein Ultimo",
    pagatHjem: "Pagat heim in Stich 1-24 von", declarations: "Meldungen (mehrere mit ;)", more: "Mehr: Nolo, Tout, Bagud, verlorener Ultimo, Strafen",
    nolo: "Nolo (kein Stich)", tout: "Tout (alle Stiche)", bagud: "Bagud: Ultimokarte im letzten Stich verloren", ultimoLost: "Ultimokarte in Stich 1-24 verloren",
    fine: "Strafe", nobody: "—", kings: { S: "Pik-König", H: "Herz-König", R: "Karo-König", K: "Kreuz-König" },
    contract: "Spiel", declarer: "Spieler", partner: "Partner (hatte den gerufenen König)", inTalon: "— (im Talon / keiner)",
    result: "Ergebnis", results: { won: "gewonnen", lost: "verloren", valat: "Valat (alle 12 Stiche)", schleifen: "Schleifen" },
    kontra: "Kontra auf das Spiel", noKontra: "kein Kontra", premium: "Prämie", announcedBy: "angesagt von", silent: "still",
    madeBy: "gemacht von der Partei von", failed: "nicht gemacht", addPremium: "Prämie hinzufügen", remove: "Entfernen",
    renonce: "Renonce von", noRenonce: "keine Renonce", typeLine: "Oder die Zeile tippen (Trischaken, bei, Vergeben, void)",
    partieHelp: "Die Punkte jeder Seite (zusammen 72) oder jedes Spielers.",
    downloads: "Herunterladen: ", deals_csv: "Spiele (CSV)", lines_csv: "Zahlungen (CSV)", evening_json: "Abend (JSON)", chart_svg: "Verlauf (SVG)",
    chartSheet: "Der Stand aller nach jedem Spiel{cups}.", refusedPrefix: "Abgelehnt: ",
    closeEvening: "Abend abschließen", closeSure: "Den Abend abschließen? Danach nimmt er keine Spiele mehr an (die Töpfe werden geteilt).",
  },
};
// A word of the sheets must not replace one of the tables (it once turned "Last trick" into
// "Last trick won by", and "connection lost" into an ultimo card lost).
for (const lang of Object.keys(SHEET_WORDS)) {
  const shared = Object.keys(SHEET_WORDS[lang]).filter((k) => k in WORDS[lang]);
  if (shared.length) throw new Error("sheets.js repeats the page's words " + shared.join(", "));
  Object.assign(WORDS[lang], SHEET_WORDS[lang]);
}
translatePage();

// The presets kept on paper at a table: the Danish ledger, and the score sheets.
const SHEET_PRESETS = ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller", "at-koenigrufen-spieleversum", "dk-1829-partners", "dk-1829-en-deux"];
// The Danish seating schemes by table size (the ledger's ids; it checks the choice).
const SCHEMES = { 3: ["three"], 4: ["opposite", "right-neighbour"], 5: ["skip-two", "hermansen"] };
const ULTIMO_CARDS = ["pagat", "SK", "HK", "RK", "KK"];

let sheetView = null; // the evening on the page, as the server last sent it

// An element with attributes (`text` for its words) and children.
function make(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

// A labelled field of the entry form.
function field(label, input) {
  return make("label", {}, make("span", { text: label }), input);
}

// A select of `options` ([value, words]), the first chosen.
function choice(name, options) {
  const s = make("select", { name, "data-field": name });
  for (const [v, w] of options) s.add(new Option(w, v));
  return s;
}

function names(list, none) {
  return (none ? [["", none]] : []).concat(list.map((n) => [n, n]));
}

function hideTheRest() {
  $("lobby").hidden = true;
  $("table").hidden = true;
  $("replay").hidden = true;
  closeSocket();
  status("");
}

function routeSheets(q) {
  hideTheRest();
  const id = Number(q.get("sheet"));
  (id ? openSheet(id) : showSheets()).catch((e) => status(e.message));
}

// ---- the list and a new evening -------------------------------------------------------------

async function showSheets() {
  $("sheets").hidden = false;
  if (!presets.length) presets = await api("/api/presets");
  const sel = $("sheet-preset");
  const chosen = sel.value;
  sel.innerHTML = "";
  for (const id of SHEET_PRESETS) {
    const p = presets.find((p) => p.id === id);
    sel.add(new Option(p ? p.title + " (" + id + ")" : id, id));
  }
  if (chosen) sel.value = chosen;
  fillSheetChoices();
  const list = await api("/api/sheets");
  const ul = $("sheet-list");
  ul.innerHTML = "";
  if (!list.length) ul.append(make("li", { text: t("noEvenings") }));
  for (const e of list.reverse()) {
    const a = make("a", { href: "#sheet=" + e.id, text: t("eveningN", { n: e.id }) + ": " + e.preset });
    ul.append(make("li", {}, a, " — " + e.players.join(", ") + " — " + t("nDeals", { n: e.deals }) + (e.closed ? ", " + t("closed") : "")));
  }
}

function typedPlayers() {
  return $("sheet-players").value.split(",").map((n) => n.trim()).filter((n) => n);
}

// The seating schemes for the names typed (Danish only), and who may deal first.
function fillSheetChoices() {
  const players = typedPlayers();
  const danish = $("sheet-preset").value.startsWith("dk-") && !$("sheet-preset").value.startsWith("dk-1829");
  const seating = $("sheet-seating");
  const had = seating.value;
  seating.innerHTML = "";
  seating.add(new Option(t("asUsual"), ""));
  for (const s of SCHEMES[players.length] || []) seating.add(new Option(t("seatings")[s], s));
  if ([...seating.options].some((o) => o.value === had)) seating.value = had;
  $("sheet-seating-label").hidden = !danish;
  const first = $("sheet-first");
  const was = first.value;
  first.innerHTML = "";
  for (const n of players) first.add(new Option(n, n));
  if (players.includes(was)) first.value = was;
}

$("sheet-preset").addEventListener("change", fillSheetChoices);
$("sheet-players").addEventListener("input", fillSheetChoices);

$("sheet-new").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("sheet-new-error").textContent = "";
  const danish = !$("sheet-seating-label").hidden;
  try {
    const v = await api("/api/sheets", {
      preset: $("sheet-preset").value,
      players: typedPlayers(),
      seating: danish && $("sheet-seating").value ? $("sheet-seating").value : null,
      first_dealer: $("sheet-first").value || null,
    });
    location.hash = "sheet=" + v.id;
  } catch (err) {
    $("sheet-new-error").textContent = err.message;
  }
});

// ---- one evening ------------------------------------------------------------------------------

async function openSheet(id) {
  $("sheet").hidden = false;
  $("sheet-error").textContent = "";
  showSheet(await api("/api/sheets/" + id));
}

// Shows the evening; the entry form is built afresh (a refused entry keeps the form as typed,
// because nothing is shown again then).
function showSheet(v) {
  sheetView = v;
  const s = v.session;
  $("sheet").dataset.family = v.family;
  $("sheet").dataset.deals = s.deals.length;
  $("sheet-title").textContent = t("eveningN", { n: v.id }) + ": " + v.preset;
  const next = s.next;
  $("sheet-next").textContent = next
    ? t("nextDealer", { name: next.dealer }) + (next.sitting_out.length ? " " + t("sitsOutNext", { names: next.sitting_out.join(", ") }) : "")
    : t("noneNext");
  renderTotals(v);
  renderSheetChart(v);
  renderDeals(v);
  buildEntry(v);
  $("sheet-entry").hidden = !next;
  $("sheet-undo").disabled = !s.deals.length || s.closed;
  $("sheet-close").hidden = s.closed;
  const base = "/api/sheets/" + v.id + "/";
  const links = [["export.csv", "deals_csv"], ["export.json", "evening_json"]];
  if (v.family === "danish") links.push(["lines.csv", "lines_csv"], ["chart.svg", "chart_svg"]);
  const p = $("sheet-downloads");
  p.innerHTML = "";
  p.append(t("downloads"));
  links.forEach(([file, word], i) => p.append(i ? " · " : "", make("a", { href: base + file, download: "", text: t(word), "data-file": file })));
}

// The running totals: points (the sheets) or the ledger's balances, with the Danish cups; a
// list that wraps, so that six names and two cups fit a phone.
function renderTotals(v) {
  const rows = v.chart.rows;
  const last = rows[rows.length - 1];
  const ul = $("sheet-totals");
  ul.innerHTML = "";
  const item = (name, value, cup) =>
    ul.append(make("li", { class: cup ? "cup" : null }, make("span", { text: name }), make("strong", { text: value, "data-name": name })));
  v.chart.names.forEach((n, i) => item(n, last.totals[i]));
  if (last.cups) ["kongekop", "pagatkop"].forEach((c, i) => item(c, last.cups[i], true));
}

function renderSheetChart(v) {
  // A chart of no deal is a point: shown from the first deal on.
  const none = !v.session.deals.length;
  $("sheet-chart").closest("figure").hidden = none;
  $("sheet-legend").hidden = none;
  const series = v.chart.names.map((name, i) => ({ name, points: v.chart.rows.map((r) => r.totals[i]) }));
  const cups = v.chart.rows[0].cups;
  if (cups) ["kongekop", "pagatkop"].forEach((name, c) => series.push({ name, points: v.chart.rows.map((r) => r.cups[c]), dashed: true }));
  drawChart($("sheet-chart"), $("sheet-legend"), v.chart.rows.map((r) => r.label), series);
  $("sheet-caption").textContent = t("chartSheet", { cups: cups ? t("chartCups") : "" });
}

// Each deal: its number, dealer, each person's total after it, and what was entered.
function renderDeals(v) {
  const table = $("sheet-deals");
  table.tHead.innerHTML = "";
  table.tBodies[0].innerHTML = "";
  const hr = make("tr", {}, make("th", { text: "#" }));
  for (const n of v.chart.names) hr.append(make("th", { text: n, class: "num" }));
  table.tHead.append(hr);
  const deals = v.session.deals;
  // The chart's rows after the first (funding or the empty sheet) are the deals, in order.
  deals.forEach((d, k) => {
    const row = v.chart.rows[k + 1];
    const tr = make("tr", { "data-deal": d.number }, make("td", { text: d.number }));
    row.totals.forEach((x) => tr.append(make("td", { text: x, class: "num" })));
    table.tBodies[0].append(tr);
    const what = v.family === "danish" ? danishEntryText(d) : d.entry + (d.note && d.note !== d.entry ? " — " + d.note : "");
    table.tBodies[0].append(make("tr", { class: "entry-row" }, make("td", { colspan: v.chart.names.length + 1, text: t("dealer") + ": " + d.dealer + ". " + what })));
  });
}

// A Danish deal's entry in a few words: how it ended and the counts.
function danishEntryText(d) {
  const e = d.entry;
  const parts = [];
  if (e.outcome && e.outcome !== "played") parts.push(t(e.outcome));
  if (e.end) {
    parts.push(t("wonLastTrick") + " " + e.end.last_trick + (e.end.ultimo ? " (" + e.end.ultimo + ")" : ""));
    const counts = Object.entries(e.end.counts || {}).map(([n, c]) => n + " " + c);
    if (counts.length) parts.push(counts.join(", "));
  }
  for (const [n, list] of Object.entries(e.declarations || {})) parts.push(n + ": " + list.join("; "));
  return parts.join(" · ");
}

// ---- the entry forms ----------------------------------------------------------------------------

function buildEntry(v) {
  const form = $("sheet-entry");
  form.innerHTML = "";
  form.dataset.family = v.family;
  if (!v.session.next) return;
  if (v.family === "danish") danishForm(form, v.form);
  else if (v.family === "koenigrufen") koenigrufenForm(form, v.form);
  else partieForm(form, v.form);
  form.append(make("button", { type: "submit", id: "sheet-enter", text: t("enter") }));
}

function danishForm(form, f) {
  const people = f.playing;
  form.append(
    field(t("outcome"), choice("outcome", [["played", t("played")], ["redeal", t("redeal")], ["annulled", t("annulled")]])),
    field(t("wonLastTrick"), choice("last_trick", names(people, t("nobody")))),
  );
  const counts = make("fieldset", { class: "counts" }, make("legend", { text: t("counts") }));
  for (const n of f.counters) counts.append(field(n, make("input", { type: "number", inputmode: "numeric", min: 0, max: 78, "data-count": n })));
  form.append(counts);
  const kings = t("kings");
  form.append(
    field(t("ultimo"), choice("ultimo", [["", t("noUltimo")], ...ULTIMO_CARDS.map((c) => [c, c === "pagat" ? "pagat" : kings[c[0]]])])),
    field(t("pagatHjem"), choice("pagat_hjem", names(people, t("nobody")))),
  );
  const decl = make("fieldset", { class: "declarations" }, make("legend", { text: t("declarations") }));
  for (const n of people) decl.append(field(n, make("input", { type: "text", list: "declaration-words", autocomplete: "off", "data-declare": n })));
  const words = make("datalist", { id: "declaration-words" });
  for (const w of ["10 tarokker uden pagat", "11 tarokker med pagat", "12 tarokker med pagat", "3 matadorer", "4 matadorer", "fuldt i konger", "halvt i konger uden spar konge", "sprøjte i konger"]) words.append(make("option", { value: w }));
  decl.append(words);
  form.append(decl);
  const cardChoice = (name) => choice(name, ULTIMO_CARDS.map((c) => [c, c === "pagat" ? "pagat" : kings[c[0]]]));
  const fineChoice = choice("fine", [["", t("nobody")], ...f.fines.map((x) => [x.id, x.danish + " (" + x.id + ")"])]);
  const more = make(
    "details", { class: "more" }, make("summary", { text: t("more") }),
    field(t("nolo"), choice("nolo", names(people, t("nobody")))),
    field(t("tout"), choice("tout", names(people, t("nobody")))),
    make("fieldset", {}, make("legend", { text: t("bagud") }), choice("bagud_person", names(people, t("nobody"))), cardChoice("bagud_card")),
    make("fieldset", {}, make("legend", { text: t("ultimoLost") }), choice("lost_person", names(people, t("nobody"))), cardChoice("lost_card")),
    make("fieldset", {}, make("legend", { text: t("fine") }), choice("fine_person", names(sheetView.session.players, t("nobody"))), fineChoice),
  );
  form.append(more);
}

// The ledger's entry (`DealEntry`) from the Danish form: only what was filled in.
function danishEntry(form) {
  const val = (name) => form.querySelector(`[data-field="${name}"]`).value;
  const entry = { outcome: val("outcome") };
  const declarations = {};
  for (const input of form.querySelectorAll("[data-declare]")) {
    const list = input.value.split(";").map((s) => s.trim()).filter((s) => s);
    if (list.length) declarations[input.dataset.declare] = list;
  }
  if (Object.keys(declarations).length) entry.declarations = declarations;
  const inPlay = [];
  if (val("pagat_hjem")) inPlay.push({ kind: "pagat-hjem", person: val("pagat_hjem") });
  if (val("lost_person")) inPlay.push({ kind: "lost", person: val("lost_person"), card: val("lost_card") });
  if (inPlay.length) entry.in_play = inPlay;
  if (val("fine_person") || val("fine")) entry.fines = [{ person: val("fine_person"), fine: val("fine") }];
  const counts = {};
  for (const input of form.querySelectorAll("[data-count]")) if (input.value !== "") counts[input.dataset.count] = Number(input.value);
  const end = { last_trick: val("last_trick") || val("tout") };
  if (val("ultimo")) end.ultimo = val("ultimo");
  if (val("bagud_person")) end.bagud = [{ person: val("bagud_person"), card: val("bagud_card") }];
  if (val("nolo")) end.nolo = val("nolo");
  if (val("tout")) end.tout = val("tout");
  if (Object.keys(counts).length) end.counts = counts;
  if (Object.keys(end).some((k) => end[k])) entry.end = end;
  return entry;
}

function koenigrufenForm(form, f) {
  const people = f.playing;
  const levels = (none) => [["", none], ["kontra", "Kontra"], ["re", "Re"]];
  form.append(
    field(t("contract"), choice("contract", f.contracts.map((c) => [c.id, c.name]))),
    field(t("declarer"), choice("declarer", names(people))),
    field(t("partner"), choice("partner", names(people, t("inTalon")))),
    field(t("result"), choice("result", Object.entries(t("results")))),
    field(t("kontra"), choice("kontra", levels(t("noKontra")))),
  );
  // The commonest game first.
  form.querySelector('[data-field="contract"]').value = "rufer";
  const list = make("div", { class: "premiums", id: "sheet-premiums" });
  const add = make("button", { type: "button", id: "sheet-add-premium", text: t("addPremium") });
  add.addEventListener("click", () => {
    const row = make(
      "fieldset", { class: "premium" }, make("legend", { text: t("premium") }),
      choice("premium", f.premiums.map((p) => [p.id, p.name])),
      field(t("announcedBy"), choice("announced", names(people, t("silent")))),
      field(t("madeBy"), choice("made", names(people, t("failed")))),
      field("Kontra", choice("premium_kontra", levels(t("noKontra")))),
    );
    const remove = make("button", { type: "button", text: t("remove") });
    remove.addEventListener("click", () => row.remove());
    row.append(remove);
    list.append(row);
  });
  form.append(list, add,
    field(t("renonce"), choice("renonce", names(people, t("noRenonce")))),
    make("details", { class: "more" }, make("summary", { text: t("typeLine") }),
      make("input", { type: "text", "data-field": "text", autocomplete: "off", "aria-label": t("typeLine") })));
}

// The Königrufen form as the ledger's `SheetForm`: the fields, or the line typed instead.
function koenigrufenEntry(form) {
  const val = (name, within = form) => within.querySelector(`[data-field="${name}"]`).value;
  if (val("text").trim()) return { kind: "text", text: val("text") };
  const opt = (v) => v || null;
  return {
    kind: "koenigrufen",
    contract: val("contract"),
    declarer: val("declarer"),
    partner: opt(val("partner")),
    result: val("result"),
    kontra: opt(val("kontra")),
    renonce: opt(val("renonce")),
    premiums: [...form.querySelectorAll(".premium")].map((row) => ({
      premium: val("premium", row), announced: opt(val("announced", row)), made: opt(val("made", row)), kontra: opt(val("premium_kontra", row)),
    })),
  };
}

function partieForm(form, f) {
  form.append(make("p", { text: t("partieHelp") }));
  for (const side of f.sides) form.append(field(side.join(" + "), make("input", { type: "number", inputmode: "numeric", "data-side": side.join("+") })));
}

function partieEntry(form) {
  return { kind: "partie", numbers: [...form.querySelectorAll("[data-side]")].map((i) => Number(i.value)) };
}

$("sheet-entry").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = $("sheet-entry");
  const family = sheetView.family;
  const entry = family === "danish" ? danishEntry(form) : family === "koenigrufen" ? koenigrufenEntry(form) : partieEntry(form);
  $("sheet-error").textContent = "";
  try {
    showSheet(await api("/api/sheets/" + sheetView.id + "/deals", entry));
  } catch (err) {
    // The ledger's reason, beside the form, which keeps what was typed.
    $("sheet-error").textContent = t("refusedPrefix") + err.message;
  }
});

$("sheet-undo").addEventListener("click", async () => {
  $("sheet-error").textContent = "";
  try {
    showSheet(await api("/api/sheets/" + sheetView.id + "/undo", {}));
  } catch (err) {
    $("sheet-error").textContent = err.message;
  }
});

$("sheet-close").addEventListener("click", async () => {
  if (!confirm(t("closeSure"))) return;
  $("sheet-error").textContent = "";
  try {
    showSheet(await api("/api/sheets/" + sheetView.id + "/close", {}));
  } catch (err) {
    $("sheet-error").textContent = err.message;
  }
});

route();
