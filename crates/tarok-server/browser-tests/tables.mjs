// Tables in Chromium against `tarok serve`, six cases (the first four Königrufen):
//
// 1. koenigrufen: one person and three computer players; the person clicks through the bidding,
//    the king call, the talon, the discard, the announcements and the card play to the
//    settlement, and decides in each of those phases.
// 2. four people: four browser contexts take the four seats of one table (no computer players)
//    and play a deal by clicking. At every action each page's hand is its own (the four hands
//    are disjoint and are, at the end, the hands as dealt of their seats), only the seat to act
//    is offered choices, and no page names anywhere in its HTML a card still held by another
//    seat, except the cards the rules make public (the talon shown, a discard laid face up, a
//    king named by a call); a fifth page watches without a seat and is shown the trick and the
//    cards played (the public view), and no card any seat still holds.
// 3. refusal: a card the page does not offer (it does not follow suit) is sent through the
//    page's own WebSocket; the server's reason appears on the page and nothing changes.
// 4. reconnect: the page's socket is closed from inside the page, and later the server is
//    killed and started again on the same store and port; each time the page reconnects to its
//    seat by itself, shows the same hand at the same action, and plays on to the settlement.
// 5. replay: a Danish table of computer players finishes its deal; the lobby links to its
//    replay and so does the finished deal's result; the replay shows all three hands (the whole
//    pack at the start), steps on with → to the settlement, a card fewer in one hand at each
//    card played, and back with ←; the cups, the skat and the public view are shown; the table shows the evening's chart (a
//    line for each seat and each cup) and links to the ledger's CSV. A table of 1829's
//    replay names what its dealer laid the Scat.
// 6. skat: a Danish dealer's hint at the skat (Ida deals the second deal) chooses the advised
//    three cards on the hand, and "Lay them" lays them.
// 7. layout: at 390, 1000 and 1280 px nothing on the lobby (with its form) or on a Danish table of
//    five is wider than the page.
//
// Run: node tables.mjs [case...] (all cases when none is named).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  KOENIG_PREFER, check, click, cardsNamed, killServer, launch, openNewTable, phase, pick, read, startServer, untilMyTurnOrOver,
} from "./lib.mjs";

const PRESET = "at-koenigrufen-spieleversum";

// Plays the page's decisions by clicking until the deal is over; answers the phases decided in
// and the number of clicks. `stop(state)` may end it early (before a decision).
async function playOut(page, { stop } = {}) {
  const phases = [];
  for (let step = 0; step < 200; step++) {
    const s = await untilMyTurnOrOver(page);
    if (s.at.endsWith("over") || (stop && stop(s))) return { phases, state: s };
    phases.push(phase(s.view));
    await click(page, pick(s.choices, KOENIG_PREFER));
  }
  throw new Error("no end after 200 decisions");
}

async function settlementShown(page) {
  await page.waitForSelector("#result:not([hidden])");
  const lines = await page.locator("#settlement tbody tr").count();
  check(lines > 0, "no settlement lines");
  return lines;
}

// Creates a table of computer players, which finish its first deal; answers its id and the
// lobby's link to that deal's replay, once the lobby shows it.
async function finishedTable(page, body) {
  const t = await page.evaluate(async (body) => {
    const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return r.json();
  }, body);
  check(t.id, "the table was not created: " + JSON.stringify(t));
  const link = `#tables a.replay[href="#table=${t.id}&replay=1"]`;
  for (let i = 0; i < 50 && !(await page.$(link)); i++) {
    await page.waitForTimeout(100);
    await page.evaluate(() => showLobby());
  }
  return { id: t.id, link };
}

const cases = {
  async koenigrufen({ browser, address }) {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Seed 3: seat 0 is vorhand and keeps the Rufer against the computer players.
    await openNewTable(page, address, { preset: PRESET, people: 1, level: "L1", seed: 3, name: "Ida" });
    const { phases } = await playOut(page);
    for (const p of ["Bidding", "KingCall", "Talon", "Discard", "Announcements", "Play"]) {
      check(phases.includes(p), "no decision in " + p + ": " + phases.join(" "));
    }
    // The game is named by the server's words (the view's data says "PiccoloOuvert").
    const game = await page.evaluate(() => ({
      words: state.view_words.game,
      shown: [...document.querySelectorAll("#info p")].map((p) => p.textContent).find((l) => l.startsWith(t("game") + ":")),
    }));
    check(game.words && game.shown && game.shown.startsWith("Game: " + game.words + " "), "the game: " + JSON.stringify(game));
    // The last eight calls are said, after a mark where earlier ones are left out.
    const said = await page.evaluate(() => ({
      calls: state.view_words.said,
      shown: [...document.querySelectorAll("#info p")].map((p) => p.textContent).find((l) => l.startsWith(t("said") + ":")),
    }));
    const tail = said.calls.slice(-8).join("; ");
    check(said.calls.length > 8 && said.shown === "Said: …; " + tail, "the calls: " + JSON.stringify(said));
    const lines = await settlementShown(page);
    check(!errors.length, "errors on the page: " + errors.join("; "));
    return phases.length + " clicks in " + [...new Set(phases)].join(", ") + "; " + lines + " settlement lines";
  },

  async "four people"({ browser, address }) {
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await (await browser.newContext()).newPage());
    const errors = [];
    for (const p of pages) p.on("pageerror", (e) => errors.push(e.message));
    const id = await openNewTable(pages[0], address, { preset: PRESET, people: 4, seed: 5, name: "Ida" });
    for (let i = 1; i < 4; i++) {
      const p = pages[i];
      await p.goto(address + "#table=" + id);
      await p.waitForSelector("#table:not([hidden]) #seats li button");
      // A spectator's page names no card at all.
      const named = cardsNamed(await p.content());
      check(named.size === 0, "a spectator is shown " + [...named].join(" "));
      await p.fill("#join-name", "Person " + i);
      await p.click(`#seats li:nth-child(${i + 1}) button`);
      await p.waitForSelector("#hand button.card");
    }
    const watcher = await (await browser.newContext()).newPage();
    watcher.on("pageerror", (e) => errors.push(e.message));
    await watcher.goto(address + "#table=" + id);
    await watcher.waitForSelector("#table:not([hidden]) #watching:not([hidden])");
    let watched = 0;
    let first = null;
    let actions = 0;
    const phases = new Set();
    for (let step = 0; step < 200; step++) {
      // All four pages and the spectator's at the same action (the page that clicked is at
      // the newest already, so the others catch up to it).
      let at = null;
      for (let tries = 0; at === null; tries++) {
        const all = await Promise.all([...pages, watcher].map((p) => p.getAttribute("#table", "data-actions")));
        if (all.every((a) => a === all[0])) at = all[0];
        else if (tries > 200) throw new Error("the pages stay at " + all.join(", "));
        else await new Promise((ok) => setTimeout(ok, 50));
      }
      const seen = await Promise.all(pages.map(read));
      const html = await Promise.all(pages.map((p) => p.content()));
      if (!first) {
        first = seen.map((s) => s.hand);
        check(first.every((h) => h.length === 12), "hands of " + first.map((h) => h.length).join(", ") + " cards");
      }
      const held = seen.map((s) => new Set(s.hand));
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const both = [...held[i]].filter((c) => held[j].has(c));
          check(!both.length, `seats ${i} and ${j} both show ${both.join(" ")}`);
        }
      }
      if (at.endsWith("over")) break;
      for (let i = 0; i < 4; i++) {
        const v = seen[i].view;
        if (v.open_hands) continue;
        const shown = cardsNamed(html[i]);
        const open = publicCards(v, seen[i].choices);
        const others = [...held.keys()].filter((j) => j !== i).flatMap((j) => [...held[j]]);
        const leak = others.filter((c) => shown.has(c) && !open.has(c));
        check(!leak.length, `after ${at} actions the page of seat ${i} names ${leak.join(" ")}, held by another seat`);
      }
      // The spectator: no hand, no choices, no card a seat holds but the public ones; the
      // cards played are shown.
      const w = await read(watcher);
      check(w.view && !w.hand.length && !w.choices.length, "the spectator has a hand or choices: " + JSON.stringify(w));
      if (!w.view.open_hands) {
        const shown = cardsNamed(await watcher.content());
        const open = publicCards(w.view, []);
        const leak = [...held].flatMap((h) => [...h]).filter((c) => shown.has(c) && !open.has(c));
        check(!leak.length, `after ${at} actions the spectator's page names ${leak.join(" ")}, held by a seat`);
        watched = Math.max(watched, shown.size);
      }
      const toAct = seen.map((s, i) => (s.choices.length ? i : -1)).filter((i) => i >= 0);
      check(toAct.length === 1, "choices offered to seats " + JSON.stringify(toAct) + " at " + at);
      phases.add(phase(seen[toAct[0]].view));
      await click(pages[toAct[0]], pick(seen[toAct[0]].choices, KOENIG_PREFER));
      actions++;
    }
    // The hands each page showed at the start are the hands as dealt of its seat.
    for (const p of pages) {
      await settlementShown(p);
      const dealt = await p.evaluate(() => [...document.querySelectorAll("#hands li")].map((li) => [...li.querySelectorAll("[data-card]")].map((c) => c.dataset.card)));
      for (let t = 0; t < 4; t++) {
        check(JSON.stringify([...dealt[t]].sort()) === JSON.stringify([...first[t]].sort()), `seat ${t} was shown ${first[t]} but was dealt ${dealt[t]}`);
      }
    }
    check(watched > 4, "the spectator was shown no cards played");
    check(!errors.length, "errors on the pages: " + errors.join("; "));
    return actions + " clicks by four people in " + [...phases].join(", ") + ", each page and a spectator's checked at every action";
  },

  async refusal({ browser, address }) {
    const page = await browser.newPage();
    const refusals = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => {
      const m = JSON.parse(f.payload);
      if (m.type === "refused") refusals.push(m);
    }));
    await openNewTable(page, address, { preset: PRESET, people: 1, level: "L1", seed: 3, name: "Ida" });
    // Play on until, in the card play, a card of the hand is not offered (it does not follow suit).
    const { state } = await playOut(page, { stop: (s) => phase(s.view) === "Play" && s.idle.length > 0 });
    check(!state.at.endsWith("over"), "every card of the hand was always playable");
    const card = state.idle[0];
    await page.evaluate((card) => socket.send(JSON.stringify({ type: "act", action: card })), card);
    await page.waitForFunction(() => document.getElementById("refusal").textContent, null, { timeout: 10000 });
    const shown = await page.textContent("#refusal");
    check(refusals.length === 1, "refusals received: " + JSON.stringify(refusals));
    check(shown.includes(refusals[0].reason), `the page shows "${shown}", the server said "${refusals[0].reason}"`);
    check(refusals[0].citation, "no rule cited: " + JSON.stringify(refusals[0]));
    const after = await read(page);
    check(after.at === state.at && after.hand.includes(card), "the refused card changed the table");
    // The page plays on with a card it offers.
    await click(page, after.choices[0]);
    return `${card} refused: "${shown}"`;
  },

  async reconnect({ browser, address, store, server, restart }) {
    const page = await browser.newPage();
    let sockets = 0;
    page.on("websocket", () => sockets++);
    await openNewTable(page, address, { preset: PRESET, people: 1, level: "L1", seed: 8, name: "Ida" });
    let decisions = 0;
    const { state: before } = await playOut(page, { stop: () => decisions++ === 3 });
    // The socket closes under the page (a dropped connection).
    const open = sockets;
    await page.evaluate(() => socket.close());
    await waitFor(() => sockets > open, 10000, "the page opened no new socket after its socket closed");
    const again = await untilMyTurnOrOver(page);
    check(again.at === before.at && again.hand.join() === before.hand.join(), `after the socket closed the page shows ${again.at} ${again.hand} instead of ${before.at} ${before.hand}`);
    await click(page, pick(again.choices, KOENIG_PREFER));
    // The server is killed and started again on the same store and port.
    const mid = await untilMyTurnOrOver(page);
    const n = sockets;
    await killServer(server);
    await restart();
    await waitFor(() => sockets > n, 15000, "the page opened no new socket after the server came back");
    await page.waitForFunction(() => document.querySelector("#hand button.legal[data-action], #actions button[data-action]"), null, { timeout: 10000 });
    const back = await read(page);
    check(back.at === mid.at && back.hand.join() === mid.hand.join(), `after the restart the page shows ${back.at} ${back.hand} instead of ${mid.at} ${mid.hand}`);
    const { phases } = await playOut(page);
    await settlementShown(page);
    return `same hand after a closed socket and after a killed server; ${phases.length} more clicks to the settlement`;
  },

  async replay({ browser, address }) {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(address);
    const t = await finishedTable(page, { preset: "dk-dtf-2011", people: 0, level: "L1", seed: 12 });
    await page.click(t.link);
    await page.waitForFunction(() => document.getElementById("replay").dataset.steps, null, { timeout: 10000 });
    const read = () =>
      page.evaluate(() => ({
        step: Number(document.getElementById("replay").dataset.step),
        steps: Number(document.getElementById("replay").dataset.steps),
        hands: [...document.querySelectorAll("#replay-hands li")].map((li) => [...li.querySelectorAll("[data-card]")].map((c) => c.dataset.card)),
        trick: document.querySelectorAll("#replay-trick [data-card]").length,
        settled: !document.getElementById("replay-result").hidden && document.querySelectorAll("#replay-settlement tbody tr").length,
        cups: document.querySelector("#replay-cups [data-before]") !== null,
        skat: document.querySelectorAll("#replay-laid [data-card]").length,
        info: document.querySelectorAll("#replay-phase p").length,
      }));
    let s = await read();
    check(s.step === 0 && s.steps > 30, "the replay opens at step " + s.step + " of " + s.steps);
    check(s.hands.length === 3 && new Set(s.hands.flat()).size === 78, "the hands at the start: " + s.hands.map((h) => h.length).join(", "));
    check(s.cups, "no cups shown");
    check(s.skat === 3 && s.info > 0, `the skat shows ${s.skat} cards, the public view ${s.info} lines`);
    let tricks = 0;
    for (let k = 1; k < s.steps; k++) {
      const before = s;
      await page.keyboard.press("ArrowRight");
      s = await read();
      check(s.step === k, "→ went to step " + s.step + " instead of " + k);
      const held = s.hands.flat().length;
      check(held <= before.hands.flat().length, "cards came back at step " + k);
      if (s.trick) tricks++;
      check(!s.settled === (k < s.steps - 1), "the settlement at step " + k + " of " + s.steps);
    }
    check(tricks > 10, "a trick shown at only " + tricks + " steps");
    await page.keyboard.press("ArrowRight");
    check((await read()).step === s.steps - 1, "→ went past the end");
    for (let k = 0; k < 3; k++) await page.keyboard.press("ArrowLeft");
    s = await read();
    check(s.step === s.steps - 4 && !s.settled, "← went to step " + s.step);
    await page.click("#replay-prev");
    check((await read()).step === s.steps - 5, "◀ did not step back");
    // The finished deal's result links to the same replay.
    await page.goto(address + "#table=" + t.id);
    await page.waitForSelector("#result:not([hidden]) #replay-link");
    // The evening's chart: a line for each seat and each cup, and the ledger to download.
    await page.waitForSelector("#ledger:not([hidden]) #ledger-chart polyline");
    const chart = await page.evaluate(async () => ({
      lines: [...document.querySelectorAll("#ledger-chart polyline")].map((l) => l.dataset.name),
      points: document.querySelector("#ledger-chart polyline").getAttribute("points").split(" ").length,
      csv: await (await fetch(document.getElementById("ledger-csv").href)).text(),
    }));
    check(chart.lines.length === 5 && chart.lines.includes("kongekop") && chart.points === 2, "the chart: " + JSON.stringify(chart));
    check(chart.csv.startsWith('"deal",') && chart.csv.trim().split("\n").length === 2, "the CSV: " + chart.csv);
    await page.click("#replay-link");
    await page.waitForFunction(() => !document.getElementById("replay").hidden && document.getElementById("replay").dataset.step === "0", null, { timeout: 10000 });
    check((await page.textContent("#replay-laid")).startsWith("Skat"), "the Danish skat is not named so");
    // A deal of 1829 lays its Scat, and the replay calls it that (it said "Skat").
    await page.click((await finishedTable(page, { preset: "dk-1829-three", people: 0, level: "L1", seed: 12 })).link);
    // The Danish replay's steps are still on the page until the new deal arrives.
    await page.waitForFunction(() => document.getElementById("replay-title").textContent.includes("dk-1829-three"), null, { timeout: 10000 });
    const scat = await page.textContent("#replay-laid");
    check(scat.startsWith("Scat"), "the 1829 replay names what the dealer laid: " + scat);
    check(!errors.length, "errors on the page: " + errors.join("; "));
    return `${s.steps - 1} actions stepped through with →, back with ← and ◀; ${tricks} steps with a trick; the evening's chart of ${chart.lines.length} lines; an 1829 replay with its Scat`;
  },

  async skat({ browser, address }) {
    // The last table seat deals first, so Ida (seat 0) deals the second deal. At its skat she
    // asks for a hint: the advised three cards are chosen on the hand, and "Lay them" lays them.
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await openNewTable(page, address, { preset: "dk-dtf-2011", people: 1, level: "L1", seed: 3, name: "Ida" });
    await playOut(page);
    await page.click("#next");
    await page.waitForSelector("#select-bar:not([hidden])", { timeout: 10000 });
    check(await page.isDisabled("#select-go"), "the skat can be laid before three cards are chosen");
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("hint-text").textContent, null, { timeout: 20000 });
    const chosen = await page.evaluate(() => [...document.querySelectorAll("#hand button[aria-pressed=true]")].map((b) => b.dataset.card));
    const hint = await page.textContent("#hint-text");
    check(chosen.length === 3 && !(await page.isDisabled("#select-go")), `the hint ${hint} chose ${chosen}`);
    const before = await page.getAttribute("#table", "data-actions");
    await page.click("#select-go");
    await page.waitForFunction((before) => document.getElementById("table").dataset.actions !== before, before, { timeout: 10000 });
    const hand = (await read(page)).hand;
    check(hand.length === 25 && chosen.every((c) => !hand.includes(c)), `after the skat the hand is ${hand}`);
    check(!errors.length, "errors on the page: " + errors.join("; "));
    return `the hint chose ${chosen.join(" ")} (${hint}), and they were laid`;
  },

  async layout({ browser, address }) {
    // Nothing is wider than the page: the lobby with its form, and a table, at a phone's width,
    // a small laptop's and a wide screen's.
    const page = await browser.newPage();
    const id = await openNewTable(page, address, { preset: "dk-dtf-2011", seats: 5, people: 1, level: "L1", seed: 4, name: "Ida" });
    const widths = [390, 1000, 1280];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      for (const where of ["#", "#table=" + id]) {
        await page.goto(address + where);
        await page.waitForSelector(where === "#" ? "#lobby:not([hidden]) #tables li" : "#table:not([hidden]) #seats li");
        const wide = await page.evaluate(() => {
          const over = [...document.querySelectorAll("main *")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1);
          return { page: document.documentElement.scrollWidth, over: over.slice(0, 5).map((e) => e.tagName + "#" + e.id) };
        });
        check(wide.page <= width && !wide.over.length, `at ${width} px ${where} is ${wide.page} px wide: ${wide.over.join(", ")}`);
      }
    }
    return "no overflow at " + widths.join(", ") + " px";
  },
};

// The cards a seat's view makes public: the talon halves once shown, a discard laid face up,
// the called king, and a king named by a call (in the log, or among the seat's choices).
function publicCards(view, choices) {
  const open = new Set();
  for (const half of view.talon || []) for (const c of cardsNamed(half)) open.add(c);
  for (const c of cardsNamed(view.shown_discard || "")) open.add(c);
  if (view.called_king) open.add(view.called_king);
  for (const [, a] of view.log || []) {
    if (a && (a.CallKing || a.UltimoKing)) for (const c of cardsNamed(JSON.stringify(a))) open.add(c);
  }
  for (const a of choices) if (/^(call|ultimo):/.test(a)) for (const c of cardsNamed(a)) open.add(c);
  return open;
}

async function waitFor(cond, ms, why) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(why);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

const chosen = process.argv.slice(2);
const browser = await launch();
let failed = 0;
try {
  for (const [name, run] of Object.entries(cases)) {
    if (chosen.length && !chosen.includes(name)) continue;
    const dir = mkdtempSync(join(tmpdir(), "tarok-serve-"));
    const store = join(dir, "t.sqlite");
    const ctx = { browser, store, server: await startServer(store) };
    ctx.address = ctx.server.address;
    ctx.restart = async () => {
      ctx.server = await startServer(store, ctx.server.port);
    };
    const started = Date.now();
    try {
      const said = await run(ctx);
      console.log(`ok: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${said}`);
    } catch (e) {
      failed++;
      console.error(`FAIL: ${name}: ${e.stack || e}`);
    } finally {
      for (const c of browser.contexts()) await c.close();
      await killServer(ctx.server);
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
