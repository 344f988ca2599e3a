// The score sheets on a phone (390×844, touch), in Chromium against `tarok serve`:
//
// 1. From the lobby to the score sheets, a new Danish evening (dk-moeller, four at the table,
//    the dealer's opposite sitting out); a deal entered by tapping and typing in the form; the
//    totals, the cups and the chart show it (the same amounts `tarok session` gives for it).
// 2. An impossible deal (counts of more than 78): the ledger's reason is shown beside the form,
//    what was typed is still there, and nothing is entered. Undo takes the deal back.
// 3. A Königrufen sheet: a Rufer with a partner, Kontra and an announced Pagat entered through
//    the form's select boxes; the totals show it.
// At every step nothing is wider than the screen (document.documentElement.scrollWidth ≤ 390).
// With SCREENSHOTS=FOLDER it saves both evenings and the refusal there (docs/screenshots/ has
// them); look at them after a change to the page.
//
// Run: TAROK_BIN=… node sheets.mjs, or SCREENSHOTS=../../../docs/screenshots TAROK_BIN=… node sheets.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { check, killServer, launch, startServer } from "./lib.mjs";

const WIDTH = 390;
const shots = process.env.SCREENSHOTS ? process.env.SCREENSHOTS.replace(/\/?$/, "/") : null;

async function noOverflow(page, where) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  check(w <= WIDTH, `${where}: the page is ${w} px wide on a ${WIDTH} px screen`);
}

// The number shown in the totals for `name` (a person or a cup).
async function total(page, name) {
  return Number(await page.locator(`#sheet-totals [data-name="${name}"]`).textContent());
}

async function deals(page) {
  return Number(await page.getAttribute("#sheet", "data-deals"));
}

async function newEvening(page, preset, players, seating) {
  await page.goto(page.address + "#sheets");
  await page.waitForSelector("#sheets:not([hidden]) #sheet-preset option", { state: "attached" });
  await page.selectOption("#sheet-preset", preset);
  await page.tap("#sheet-players");
  await page.fill("#sheet-players", players);
  if (seating) await page.selectOption("#sheet-seating", seating);
  await page.tap("#sheet-new button[type=submit]");
  await page.waitForSelector("#sheet:not([hidden]) #sheet-enter");
}

async function danish(page) {
  await page.goto(page.address);
  await page.waitForSelector("#lobby:not([hidden])");
  await page.tap("#sheets-link");
  await page.waitForSelector("#sheets:not([hidden])");
  await noOverflow(page, "the list of evenings");
  await newEvening(page, "dk-moeller", "Anna, Bent, Carl, Dorte", "opposite");
  check((await page.getAttribute("#sheet", "data-family")) === "danish", "a Danish ledger");
  check((await total(page, "Anna")) === -40 && (await total(page, "kongekop")) === 80, "the funding is paid");
  await noOverflow(page, "a new Danish evening");

  // Anna deals, Bent is forhånd and does not count, Dorte mellemhånd, Carl sits out: Bent
  // takes the last trick with the pagat, Anna and Dorte count 26 each.
  const form = "#sheet-entry";
  await page.selectOption(`${form} [data-field=last_trick]`, "Bent");
  await page.selectOption(`${form} [data-field=ultimo]`, "pagat");
  await page.tap(`${form} [data-count=Anna]`);
  await page.fill(`${form} [data-count=Anna]`, "26");
  await page.tap(`${form} [data-count=Dorte]`);
  await page.fill(`${form} [data-count=Dorte]`, "26");
  await page.tap("#sheet-enter");
  await page.waitForSelector('#sheet[data-deals="1"]');
  const got = [];
  for (const n of ["Anna", "Bent", "Carl", "Dorte", "kongekop", "pagatkop"]) got.push(await total(page, n));
  check(JSON.stringify(got) === JSON.stringify([-115, 115, -60, -105, 85, 80]), "the totals after the deal: " + got);
  const lines = await page.$$eval("#sheet-chart polyline", (ls) => ls.map((l) => [l.dataset.name, l.getAttribute("points").split(" ").length]));
  check(lines.length === 6 && lines.every(([, n]) => n === 2), "the chart has a line for each person and cup, funding and one deal: " + JSON.stringify(lines));
  check((await page.locator("#sheet-deals tr[data-deal]").count()) === 1, "the deal is in the table of deals");
  await noOverflow(page, "after a Danish deal");
  await page.screenshot({ path: shots + "sheets-phone-danish.png", fullPage: true });

  // An impossible deal: Bent deals now; the counters' counts add up to more than 78.
  const counters = await page.$$eval(`${form} [data-count]`, (is) => is.map((i) => i.dataset.count));
  const playing = await page.$$eval(`${form} [data-field=last_trick] option`, (os) => os.map((o) => o.value).filter((v) => v));
  await page.selectOption(`${form} [data-field=last_trick]`, playing[0]);
  await page.fill(`${form} [data-count="${counters[0]}"]`, "50");
  await page.fill(`${form} [data-count="${counters[1]}"]`, "40");
  await page.tap("#sheet-enter");
  await page.waitForFunction(() => document.getElementById("sheet-error").textContent.length > 0);
  const refusal = await page.textContent("#sheet-error");
  check(refusal.includes("78"), "the ledger's reason is shown: " + refusal);
  check((await page.inputValue(`${form} [data-count="${counters[0]}"]`)) === "50", "the form keeps what was typed");
  check((await page.inputValue(`${form} [data-field=last_trick]`)) === playing[0], "the form keeps what was chosen");
  check((await deals(page)) === 1 && (await total(page, "Anna")) === -115, "a refused deal enters nothing");
  await noOverflow(page, "with a refusal");
  await page.locator("#sheet-enter").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots + "sheets-phone-refusal.png" });

  // The downloads are there; Undo takes the deal back.
  const csv = await page.evaluate(async () => (await fetch(document.querySelector('#sheet-downloads a[data-file="export.csv"]').href)).text());
  check(csv.includes("-115,115,-60,-105"), "the CSV download has the deal: " + csv);
  await page.tap("#sheet-undo");
  await page.waitForSelector('#sheet[data-deals="0"]');
  check((await total(page, "Anna")) === -40, "undo leaves the funding alone");
}

async function koenigrufen(page) {
  await newEvening(page, "at-koenigrufen-spieleversum", "Anna, Bent, Carl, Dorte");
  check((await page.getAttribute("#sheet", "data-family")) === "koenigrufen", "a Königrufen sheet");
  const form = "#sheet-entry";
  await page.selectOption(`${form} [data-field=contract]`, "rufer");
  await page.selectOption(`${form} [data-field=declarer]`, "Bent");
  await page.selectOption(`${form} [data-field=partner]`, "Dorte");
  await page.selectOption(`${form} [data-field=result]`, "won");
  await page.selectOption(`${form} [data-field=kontra]`, "kontra");
  await page.tap("#sheet-add-premium");
  const row = `${form} .premium`;
  await page.selectOption(`${row} [data-field=premium]`, "pagat");
  await page.selectOption(`${row} [data-field=announced]`, "Bent");
  await page.selectOption(`${row} [data-field=made]`, "Bent");
  await page.selectOption(`${row} [data-field=premium_kontra]`, "kontra");
  await noOverflow(page, "the Königrufen form");
  await page.tap("#sheet-enter");
  await page.waitForSelector('#sheet[data-deals="1"]');
  const got = [];
  for (const n of ["Anna", "Bent", "Carl", "Dorte"]) got.push(await total(page, n));
  check(JSON.stringify(got) === JSON.stringify([-6, 6, -6, 6]), "the Königrufen totals: " + got);
  check((await page.$$eval("#sheet-chart polyline", (ls) => ls.length)) === 4, "a line for each player");
  await noOverflow(page, "after a Königrufen deal");
  await page.screenshot({ path: shots + "sheets-phone-koenigrufen.png", fullPage: true });
}

const dir = mkdtempSync(join(tmpdir(), "tarok-sheets-"));
const server = await startServer(join(dir, "serve.sqlite"));
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.address = server.address;
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (o) => shots && screenshot(o);
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await danish(page);
  console.log("ok: a Danish deal entered on a phone, a refusal with its reason, undo");
  await koenigrufen(page);
  console.log("ok: a Königrufen deal entered on a phone");
} finally {
  await browser.close();
  await killServer(server);
  rmSync(dir, { recursive: true, force: true });
}
