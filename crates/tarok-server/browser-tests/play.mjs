// Plays a whole Danish deal in Chromium against `tarok serve`, by clicking and by keyboard, on a
// phone-sized screen: the lobby creates the table, the legal cards are clicked (every third one
// chosen with Tab focus and Enter), and the settlement is shown at the end.
//
// Needs the tarok binary (TAROK_BIN, default ../../../target/debug/tarok) and Chromium
// (CHROMIUM, default /usr/bin/chromium).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, startServer } from "./lib.mjs";

const keep = process.env.KEEP_SCREENSHOT;
const dir = mkdtempSync(join(tmpdir(), "tarok-serve-"));
const { address, process: server } = await startServer(join(dir, "t.sqlite"));
const fail = (why) => {
  console.error("FAIL: " + why);
  server.kill();
  process.exit(1);
};

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(address);
  await page.waitForSelector("#preset option[value='dk-dtf-2011']", { state: "attached" });
  await page.selectOption("#preset", "dk-dtf-2011");
  await page.selectOption("#people", "1");
  await page.selectOption("#level", "L1");
  await page.fill("#name", "Ida");
  await page.click("#create button[type=submit]");
  await page.waitForSelector("#table:not([hidden]) #hand");
  // The score sheets' words once replaced the table's ("Last trick won by").
  const heading = await page.textContent("#table h3[data-t=lastTrick]");
  if (heading !== "Last trick") fail('the last trick\'s heading reads "' + heading + '"');

  let moves = 0;
  for (let step = 0; step < 200; step++) {
    const state = await page.waitForFunction(() => {
      const t = document.getElementById("table").dataset.actions || "";
      const mine = document.querySelector("#hand button.card.legal, #actions button");
      return (t.endsWith("over") || mine) && t;
    }, null, { timeout: 10000 });
    const at = await state.jsonValue();
    if (at.endsWith("over")) break;
    const card = page.locator("#hand button.card.legal").first();
    const target = (await card.count()) ? card : page.locator("#actions button").first();
    if (moves % 3 === 2) {
      await target.focus();
      await page.keyboard.press("Enter");
    } else {
      await target.click();
    }
    if (keep && moves === 6) await page.screenshot({ path: join(dir, "mid.png"), fullPage: true });
    moves++;
    await page.waitForFunction((at) => document.getElementById("table").dataset.actions !== at || document.getElementById("refusal").textContent, at, { timeout: 10000 });
    const refusal = await page.textContent("#refusal");
    if (refusal) fail("a legal card was refused: " + refusal);
  }
  await page.waitForSelector("#result:not([hidden])");
  const lines = await page.locator("#settlement tbody tr").count();
  if (lines === 0) fail("no settlement lines");
  if (moves < 20) fail("only " + moves + " moves were made");
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) console.log(await page.evaluate(() => [...document.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth).map((e) => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right)).join("\n")));
  if (wide > 0) fail("the page is " + wide + " px wider than a phone's screen");
  if (errors.length) fail("errors on the page: " + errors.join("; "));
  await page.screenshot({ path: join(dir, "end.png"), fullPage: true });
  console.log("ok: a Danish deal played in Chromium with " + moves + " clicks and keys, " + lines + " settlement lines");
} finally {
  await browser.close();
  server.kill();
  if (!keep) rmSync(dir, { recursive: true, force: true });
  else console.log("screenshot: " + join(dir, "end.png"));
}
