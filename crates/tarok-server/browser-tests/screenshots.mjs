// Takes the screenshots of docs/screenshots/ (not a test: run it by hand after a change to the
// page, and look at them): the lobby, a Danish table of three and of five (with the evening's
// chart after a few deals), a Königrufen table and a replay of one, and a spectator, at
// 1280×800 and 390×844.
//
// Run: TAROK_BIN=… node screenshots.mjs [folder] (default ../../../docs/screenshots).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KOENIG_PREFER, click, killServer, launch, openNewTable, pick, startServer, untilMyTurnOrOver } from "./lib.mjs";

const out = process.argv[2] || new URL("../../../docs/screenshots", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "tarok-shots-"));
const server = await startServer(join(dir, "t.sqlite"));
const browser = await launch();
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// A page of its own context (its own seat tokens) in `lang`, at `size`.
async function newPage(size, lang = "en") {
  const context = await browser.newContext({ viewport: size });
  await context.addInitScript((lang) => localStorage.setItem("tarok.lang", lang), lang);
  return context.newPage();
}

// Clicks the page's choices `n` times (or to the end of the deal).
async function play(page, n) {
  for (let i = 0; i < n; i++) {
    const s = await untilMyTurnOrOver(page);
    if (s.at.endsWith("over")) return;
    await click(page, pick(s.choices, KOENIG_PREFER));
  }
}

async function shot(page, name) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, name + ".png"), fullPage: /evening|replay/.test(name) });
  console.log("wrote " + join(out, name + ".png"));
}

try {
  for (const [size, tag] of [[WIDE, "1280"], [PHONE, "390"]]) {
    const lobby = await newPage(size);
    await lobby.goto(server.address);
    await lobby.waitForSelector("#lobby:not([hidden]) #tables li");
    await lobby.fill("#name", "Ida");
    await lobby.selectOption("#size", "4");
    await shot(lobby, "lobby-" + tag);

    // Each game in English, and in its players' language at one size.
    for (const [preset, name, seed, clicks, other] of [
      ["dk-dtf-2011", "dk", 7, 6, tag === "390" && "da"],
      ["at-koenigrufen-spieleversum", "kr", 3, 12, tag === "1280" && "de"],
    ]) {
      for (const lang of other ? ["en", other] : ["en"]) {
        const page = await newPage(size, lang);
        await openNewTable(page, server.address, { preset, people: 1, level: "L1", seed, name: "Ida" });
        await play(page, clicks);
        await shot(page, name + "-" + tag + (lang === "en" ? "" : "-" + lang));
      }
    }

    // A Danish evening at five: three deals, then the table with its chart.
    const five = await newPage(size, tag === "390" ? "da" : "en");
    const id = await openNewTable(five, server.address, { preset: "dk-dtf-2011", seats: 5, people: 1, level: "L1", seed: 4, name: "Ida" });
    for (let deal = 0; deal < 3; deal++) {
      await play(five, 100);
      if (deal < 2) {
        await five.click("#next");
        await five.waitForFunction((d) => document.getElementById("table-title").textContent.endsWith(" " + d), deal + 2);
      }
    }
    await shot(five, "dk5-evening-" + tag + (tag === "390" ? "-da" : ""));

    // A finished Königrufen deal's replay, a few tricks in: the talon, the announcements.
    const kr = await newPage(size);
    const kid = await openNewTable(kr, server.address, { preset: "at-koenigrufen-spieleversum", people: 1, level: "L1", seed: 3, name: "Ida" });
    await play(kr, 200);
    await kr.goto(server.address + "#table=" + kid + "&replay=1");
    await kr.waitForFunction(() => document.getElementById("replay").dataset.steps);
    for (let k = 0; k < 30; k++) await kr.keyboard.press("ArrowRight");
    await shot(kr, "replay-kr-" + tag);

    const watcher = await newPage(size);
    await watcher.goto(server.address + "#table=" + id);
    await watcher.waitForSelector("#watching:not([hidden])");
    await shot(watcher, "spectator-" + tag);
  }
} finally {
  await browser.close();
  await killServer(server);
  rmSync(dir, { recursive: true, force: true });
}
