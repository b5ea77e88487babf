// Drives the page in headless Chromium (Debian's /usr/bin/chromium through playwright-core)
// for tests/test_web_browser.py: loads it, presses keys as a player does, reads the canvas.
//
//   node tests/web/browser.mjs URL < script.json > result.json
//
// script: a list of steps, each one of
//   {"load": seed}         open URL?seed=seed (again: a reload; the browser's storage stays)
//   {"keys": "AAD"}        press each key (U D L R A B as the page's arrows, Z and X) and wait
//                          until the screen has settled
//   {"taps": "AAD"}        the same with the page's on-screen buttons (a mouse click each)
//   {"capture": name}      the canvas read back into a 1024-byte MONO_VLSB frame (hex)
//   {"storage": name}      the browser's storage keys of the page
//   {"screenshot": name}   click "Save a screenshot": the PNG's width and height
//   {"clear": true}        click "Clear saved data", accept the question, wait for the reload
// result: {"captures": {name: hex}, "storage": {name: [keys]}, "screenshots": {name: [w, h]},
//          "titleMs": [per load], "stepMs": [...], "paintMs": [...], "errors": [...]}
import fs from "fs";
import os from "os";
import path from "path";
import { chromium } from "playwright-core";

const KEYS = { U: "ArrowUp", D: "ArrowDown", L: "ArrowLeft", R: "ArrowRight", A: "z", B: "x" };

const base = process.argv[2];
const script = JSON.parse(fs.readFileSync(0, "utf8"));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "deckdelve-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 800, height: 900 },
  acceptDownloads: true,
});
const result = { captures: {}, storage: {}, screenshots: {}, titleMs: [], stepMs: [],
                 paintMs: [], errors: [] };
const page = context.pages()[0] || await context.newPage();
page.on("pageerror", (e) => result.errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") result.errors.push(m.text()); });

async function started() {
  await page.waitForFunction(() => window.deckdelve && window.deckdelve.titleMs !== null,
                             null, { timeout: 30000 });
  await settled(0);
}

// The screen has not changed for 5 frames, no button is held, and (after a key) at least
// 8 frames have run, so the release has passed the firmware's debounce.
async function settled(since) {
  await page.waitForFunction((since) => {
    const d = window.deckdelve;
    return d.held === 0 && d.steps - d.lastChange >= 5 && d.steps >= since + 8;
  }, since, { timeout: 15000, polling: 10 });
}

async function collectTimes() {
  const d = await page.evaluate(() => ({ step: window.deckdelve.stepMs,
                                         paint: window.deckdelve.paintMs }));
  result.stepMs.push(...d.step);
  result.paintMs.push(...d.paint);
}

async function capture() {
  return page.evaluate(() => {
    const canvas = document.getElementById("screen");
    const s = canvas.width / 128;
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const frame = new Uint8Array(1024);
    const colours = new Set();
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        // The middle of the OLED pixel's square (the grid lines are at its top-left edges).
        const i = ((y * s + (s >> 1)) * canvas.width + x * s + (s >> 1)) * 4;
        colours.add(data[i] + "," + data[i + 1] + "," + data[i + 2]);
        if (data[i] > 60) frame[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    let hex = "";
    for (const b of frame) hex += b.toString(16).padStart(2, "0");
    return { hex, scale: s, whole: Number.isInteger(s), colours: [...colours] };
  });
}

try {
  for (const step of script) {
    if ("load" in step) {
      if (result.titleMs.length) await collectTimes();
      await page.goto(base + "?seed=" + step.load);
      await started();
      result.titleMs.push(await page.evaluate(() => window.deckdelve.titleMs));
    } else if ("keys" in step) {
      for (const letter of step.keys) {
        const since = await page.evaluate(() => window.deckdelve.steps);
        await page.keyboard.press(KEYS[letter]);
        await settled(since);
      }
    } else if ("taps" in step) {
      for (const letter of step.taps) {
        const since = await page.evaluate(() => window.deckdelve.steps);
        await page.click(`#pad [data-button="${letter}"]`);
        await settled(since);
      }
    } else if ("capture" in step) {
      result.captures[step.capture] = await capture();
    } else if ("storage" in step) {
      result.storage[step.storage] = await page.evaluate(() => Object.keys(localStorage));
    } else if ("screenshot" in step) {
      const [download] = await Promise.all([page.waitForEvent("download"),
                                            page.click("#screenshot")]);
      const png = fs.readFileSync(await download.path());
      result.screenshots[step.screenshot] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    } else if ("clear" in step) {
      page.once("dialog", (dialog) => dialog.accept());
      await Promise.all([page.waitForEvent("load"), page.click("#clear")]);
      await started();
    }
  }
  await collectTimes();
} catch (error) {
  result.errors.push(String(error));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(result));
