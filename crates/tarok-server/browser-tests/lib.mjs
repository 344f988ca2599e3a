// What the browser tests share: starting `tarok serve` on a store (again on the same port after a
// kill), Chromium through playwright-core, reading the page's cards and choices from the DOM, and
// clicking a choice. The tests read only ids and data- attributes of the page, never its words,
// so that they pass in every language of the page.
//
// Needs the tarok binary (TAROK_BIN, default ../../../target/debug/tarok) and Chromium
// (CHROMIUM, default /usr/bin/chromium).
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";

export const bin = process.env.TAROK_BIN || new URL("../../../target/debug/tarok", import.meta.url).pathname;

// Starts `tarok serve` on `store` (port 0: any free port) with no pause before the computer
// players; answers { address, port, process }.
export async function startServer(store, port = 0) {
  const server = spawn(bin, ["serve", "--port", String(port), "--bot-delay", "0", "--store", store]);
  const address = await new Promise((ok, no) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[\d.]+:\d+\//);
      if (m) ok(m[0]);
    });
    server.on("exit", (c) => no(new Error("tarok serve exited with " + c)));
    setTimeout(() => no(new Error("tarok serve printed no address")), 10000);
  });
  return { address, port: Number(new URL(address).port), process: server };
}

// Kills a server at once (SIGKILL: no chance to tidy up) and waits until it is gone.
export async function killServer(server) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const gone = new Promise((ok) => server.process.on("exit", ok));
  server.process.kill("SIGKILL");
  await gone;
}

export function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
}

export function check(ok, why) {
  if (!ok) throw new Error(why);
}

// Creates a table through the lobby's API from the page (for a fixed seed, which the lobby's form
// does not offer) and opens it with the seat's token in the link, as an invitation would.
export async function openNewTable(page, address, table) {
  await page.goto(address);
  const t = await page.evaluate(async (body) => {
    const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return r.json();
  }, table);
  check(t.id, "the table was not created: " + JSON.stringify(t));
  await page.goto(address + "#table=" + t.id + "&seat=" + t.seat + "&token=" + t.token);
  await page.waitForSelector("#table:not([hidden]) #hand button.card");
  return t.id;
}

// What the page shows now: the number of actions (and whether the deal is over), the cards of
// the hand, the choices offered, the family's view as the page shows it, and the refusal.
export function read(page) {
  return page.evaluate(() => {
    const table = document.getElementById("table");
    let view = null;
    try {
      view = JSON.parse(document.getElementById("view-json").textContent);
    } catch {}
    return {
      at: table.dataset.actions || "",
      hand: [...document.querySelectorAll("#hand button.card")].map((b) => b.dataset.card),
      idle: [...document.querySelectorAll("#hand button.card.idle")].map((b) => b.dataset.card),
      choices: [...document.querySelectorAll("#hand button.legal[data-action], #actions button[data-action]")].map((b) => b.dataset.action),
      view,
      refusal: document.getElementById("refusal").textContent,
    };
  });
}

// The phase of a view, as a word (the view writes it as a word or as {Word: ...}).
export function phase(view) {
  if (!view || !view.phase) return "";
  return typeof view.phase === "string" ? view.phase : Object.keys(view.phase)[0];
}

// Every card named in a text in the engines' notation (T21, X, HK, SKn), as the page's own
// pattern reads a card.
export function cardsNamed(text) {
  const card = /^(T([1-9]|1[0-9]|2[0-2])|X|[SHRK](Kn|K|D|C|10|[1-9]))$/;
  return new Set(text.split(/[^A-Za-z0-9]+/).filter((w) => card.test(w)));
}

// The choice to click among `choices`: the first that starts with one of `prefer`, else the first.
export function pick(choices, prefer) {
  for (const p of prefer) {
    const c = choices.find((a) => a.startsWith(p));
    if (c) return c;
  }
  return choices[0];
}

// Königrufen as the server's own test plays it: "mein Vorhand", hold, the Rufer, a king, a talon
// half, the discard, the first premium offered, then "gut".
export const KOENIG_PREFER = ["vorhand", "hold", "bid:rufer", "call:", "half:", "discard:", "announce:", "gut"];

// Clicks the choice `action` and waits until the table moves on or a refusal is shown.
export async function click(page, action) {
  const before = await page.getAttribute("#table", "data-actions");
  await page.click(`[data-action="${action}"]`);
  await page.waitForFunction(
    (before) => document.getElementById("table").dataset.actions !== before || document.getElementById("refusal").textContent,
    before,
    { timeout: 10000 },
  );
  const refusal = await page.textContent("#refusal");
  check(!refusal, "a choice the page offered, " + action + ", was refused: " + refusal);
}

// Waits until the page is at a decision of its seat or the deal is over; answers read(page).
export async function untilMyTurnOrOver(page) {
  await page.waitForFunction(
    () =>
      (document.getElementById("table").dataset.actions || "").endsWith("over") ||
      document.querySelector("#hand button.legal[data-action], #actions button[data-action]"),
    null,
    { timeout: 10000 },
  );
  return read(page);
}
