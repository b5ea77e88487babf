// Drives the page in headless Chromium (Debian's /usr/bin/chromium through playwright-core)
// for tests/test_web_browser.py: loads it, presses keys as a player does, reads the canvas.
//
//   node tests/web/browser.mjs URL < script.json > result.json
//
// script: a list of steps, each one of
//   {"device": name}       a fresh browser profile, as DEVICES[name] (the first one is
//                          "test" unless the script starts with another)
//   {"clock": true}        the page's clock under the test's hand from the next load on
//   {"throttle": {"kbit_s": n, "latency_ms": n}}  the network as slow as that from now on
//   {"load": seed}         open URL?seed=seed (again: a reload; the browser's storage stays);
//                          with "progress": true, the loading's progress text is kept too
//   {"reload": true}       the browser's Reload (the page is hidden and closed first)
//   {"idle": ms}           the page's clock moves on by ms at once, then a few frames run
//   {"lit": name}          the board's contrast and whether its panel is on
//   {"keys": "AAD"}        press each key (U D L R A B as the page's arrows, Z and X) and wait
//                          until the screen has settled
//   {"press": ["Enter"]}   press these keyboard keys (their names), each settled
//   {"taps": "AAD"}        the same with the page's on-screen buttons (a tap or a click each)
//   {"capture": name}      the canvas read back into a 1024-byte MONO_VLSB frame (hex)
//   {"storage": name}      the browser's storage keys of the page
//   {"screenshot": name}   click "Save a screenshot": the PNG's width and height
//   {"download": selector, "as": name}  click it: the downloaded file (base64)
//   {"import": [name...]}  "Import saves" with those downloads, the question accepted
//   {"note": text}         write text in The Four's notebook (Enter)
//   {"journal": name}      the notebook's lines as shown, and whether it is shown
//   {"layout": name}       where the screen, the pad and the legend are, and the viewport
//   {"fullscreen": name}   click Fullscreen: the screen's scale and place
//   {"pageshot": path}     a screenshot of the page as a person sees it, to path
//   {"sent": name}         per file: the bytes it took over the network (gzip) and plain, when
//                          it was asked for and when it had come (ms from navigation)
//   {"clear": true}        click "Clear saved data", accept the question, wait for the reload
//   {"tab": name, "seed": n}  another tab of the same profile opens the page (and becomes the
//                          one the steps work on); it is not waited for: it may not start
//   {"to": name}           the steps work on that tab again ("first": the profile's first)
//   {"status": name}       the page's status line, and whether "Play here" is offered
//   {"take": true}         click "Play here" and wait for the handheld to start in this tab
//                          (or for the reload it makes, then the start)
//   {"padkeys": "AAD", "with": "Enter"}  Tab to each on-screen pad button, then that key
//   {"clicks": "A"}        element.click() on those pad buttons (what assistive technology
//                          sends), each settled
//   {"burst": {"letter": "D", "n": 30, "hz": 15}}  n touch taps on a pad button at hz a
//                          second, then settled; the presses the firmware got are counted
//   {"focus": name}        the id of the element that has the keyboard now
//   {"escape_note": text}  type text into the notebook, then Esc
//   {"scrollto": selector} scroll it into view, as a player scrolls to reach it
//   {"unfullscreen": name} leave fullscreen (as Back or Esc does): the layout after
//   {"upload": name, "files": [[name, base64]...]}  "Import saves" with these files: the
//                          question (if one comes) accepted; the question and the status
//                          line after (and the reload, if the import went in)
//   {"stored": name}       the page's storage, key -> value
//   {"worker": name}       wait for the service worker: its cache's name and files
//   {"offline": true}      the network cut off (Chromium's offline mode) from now on
//   {"manifest": name}     the web app manifest as Chromium reads it (and installability)
//   {"html": text}         show this HTML (a readout to take a pageshot of)
//   {"get": path}          ask the test's server for URL + path (from here, not the page)
//   {"waitstatus": text}   wait until the status line holds text
// result: {"captures": {name: hex}, "storage": {name: [keys]}, "screenshots": {name: [w, h]},
//          "downloads": {name: base64}, "lit": {name: [level, on]}, "journals": {name: ...},
//          "layouts": {name: ...}, "sent": {name: ...}, "titleMs": [per load],
//          "throttledMs": [per load under a throttle], "progress": a progress text seen, "stepMs": [...], "paintMs": [...],
//          "browser": version, "errors": [...]}
import fs from "fs";
import os from "os";
import path from "path";
import { chromium } from "playwright-core";

const KEYS = { U: "ArrowUp", D: "ArrowDown", L: "ArrowLeft", R: "ArrowRight", A: "z", B: "x" };
const DEVICES = {
  test: { viewport: { width: 800, height: 900 } },
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true,
           hasTouch: true },
  "phone-360": { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true,
                 hasTouch: true },
  "phone-landscape": { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3,
                       isMobile: true, hasTouch: true },
};

const base = process.argv[2];
const tabs = {};
const script = JSON.parse(fs.readFileSync(0, "utf8"));
const result = { captures: {}, storage: {}, screenshots: {}, downloads: {}, lit: {},
                 journals: {}, layouts: {}, sent: {}, statuses: {}, imports: {}, stored: {},
                 workers: {}, manifests: {}, titleMs: [], throttledMs: [],
                 stepMs: [], paintMs: [], browser: null, errors: [] };
const profiles = [];
let context = null;
let page = null;
let device = null;
let throttled = false;

async function open(name) {
  if (context) {
    await collectTimes();
    await context.close();
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "deckdelve-chromium-"));
  profiles.push(profile);
  device = DEVICES[name];
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    acceptDownloads: true,
    ...device,
  });
  page = context.pages()[0] || await context.newPage();
  watch(page);
  tabs.first = page;
  throttled = false;
}

function watch(p) {
  p.on("pageerror", (e) => result.errors.push(String(e)));
  p.on("console", (m) => { if (m.type() === "error") result.errors.push(m.text()); });
}

// Touch taps at a steady rate: touchStart and touchEnd at the button's middle.
async function burst({ letter, n, hz }) {
  const box = await page.locator(`.pad [data-button="${letter}"]`).boundingBox();
  const cdp = await context.newCDPSession(page);
  const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  const began = Date.now();
  for (let i = 0; i < n; i++) {
    const wait = began + i * 1000 / hz - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
  return (Date.now() - began) / n;
}

async function started() {
  await page.waitForFunction(() => window.deckdelve && window.deckdelve.titleMs !== null
                             && window.deckdelveBoard, null, { timeout: 60000 });
  await settled(0);
  const [ms, agent] = await page.evaluate(() => [window.deckdelve.titleMs, navigator.userAgent]);
  result.browser = "Chromium " + (agent.match(/Chrome\/([\d.]+)/) || [null, "?"])[1];
  (throttled ? result.throttledMs : result.titleMs).push(ms);
}

// The screen has not changed for 5 frames, no button is held, and (after a key) at least
// 8 frames have run, so the release has passed the firmware's debounce.
async function settled(since) {
  await page.waitForFunction((since) => {
    const d = window.deckdelve;
    return d.held === 0 && d.steps - d.lastChange >= 5 && d.steps >= since + 8;
  }, since, { timeout: 15000, polling: 10 });
}

async function steps() {
  return page.evaluate(() => window.deckdelve.steps);
}

async function collectTimes() {
  if (!page || page.isClosed()) return;
  try {
    const d = await page.evaluate(() => ({ step: window.deckdelve.stepMs,
                                           paint: window.deckdelve.paintMs }));
    result.stepMs.push(...d.step);
    result.paintMs.push(...d.paint);
  } catch {
    // (a page that never started has no times)
  }
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

async function layout() {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    };
    const shown = (el) => el.offsetParent !== null && getComputedStyle(el).visibility !== "hidden";
    return {
      viewport: [innerWidth, innerHeight],
      scrollWidth: document.documentElement.scrollWidth,
      screen: box(document.getElementById("screen")),
      buttons: Object.fromEntries([...document.querySelectorAll(".pad button")]
        .map((b) => [b.dataset.button, box(b)])),
      legend: shown(document.querySelector(".legend")),
      scale: window.deckdelve.scale,
      dpr: devicePixelRatio,
      canvas: [document.getElementById("screen").width, document.getElementById("screen").height],
      tools: Object.fromEntries([...document.querySelectorAll(".tools button, #notebook")]
        .filter((el) => !el.hidden).map((el) => [el.id, box(el)])),
      scrollY: window.scrollY,
    };
  });
}

async function download(selector) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

try {
  if (!script.length || !("device" in script[0])) await open("test");
  for (const step of script) {
    if ("device" in step) {
      await open(step.device);
    } else if ("clock" in step) {
      await page.clock.install();
    } else if ("throttle" in step) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false, latency: step.throttle.latency_ms,
        downloadThroughput: step.throttle.kbit_s * 1000 / 8,
        uploadThroughput: step.throttle.kbit_s * 1000 / 8,
      });
      throttled = true;
    } else if ("load" in step) {
      await collectTimes();
      if (step.progress) {
        await page.goto(base + "?seed=" + step.load, { waitUntil: "commit" });
        const shown = await page.waitForFunction(() => {
          const text = document.getElementById("status")?.textContent || "";
          return /^Loading… [1-9]\d* of \d+ KB$/.test(text) && text;
        }, null, { timeout: 30000, polling: 10 });
        result.progress = await shown.jsonValue();
      } else {
        await page.goto(base + "?seed=" + step.load);
      }
      await started();
    } else if ("reload" in step) {
      await collectTimes();
      await page.reload();
      await started();
    } else if ("idle" in step) {
      const since = await steps();
      await page.clock.fastForward(step.idle);
      await settled(since);
    } else if ("lit" in step) {
      result.lit[step.lit] = await page.evaluate(
        () => [window.deckdelveBoard.level(), window.deckdelveBoard.on()]);
    } else if ("keys" in step) {
      for (const letter of step.keys) {
        const since = await steps();
        await page.keyboard.press(KEYS[letter]);
        await settled(since);
      }
    } else if ("press" in step) {
      for (const key of step.press) {
        const since = await steps();
        await page.keyboard.press(key);
        await settled(since);
      }
    } else if ("taps" in step) {
      for (const letter of step.taps) {
        const since = await steps();
        const button = `.pad [data-button="${letter}"]`;
        if (device.hasTouch) await page.tap(button);
        else await page.click(button);
        await settled(since);
      }
    } else if ("capture" in step) {
      result.captures[step.capture] = await capture();
    } else if ("storage" in step) {
      result.storage[step.storage] = await page.evaluate(() => Object.keys(localStorage));
    } else if ("screenshot" in step) {
      const png = (await download("#screenshot")).bytes;
      result.screenshots[step.screenshot] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    } else if ("download" in step) {
      const file = await download(step.download);
      result.downloads[step.as] = { name: file.name, base64: file.bytes.toString("base64") };
    } else if ("import" in step) {
      const files = step.import.map((name) => ({
        name: result.downloads[name].name, mimeType: "application/octet-stream",
        buffer: Buffer.from(result.downloads[name].base64, "base64"),
      }));
      page.once("dialog", (dialog) => dialog.accept());
      await collectTimes();
      await Promise.all([page.waitForEvent("load"),
                         page.setInputFiles("#import-files", files)]);
      await started();
    } else if ("note" in step) {
      const writes = await page.evaluate(() => window.deckdelveBoard.saves.writes);
      await page.fill("#note", step.note);
      await page.press("#note", "Enter");
      await page.waitForFunction((writes) => window.deckdelveBoard.saves.writes > writes,
                                 writes, { timeout: 5000 });
      await page.waitForFunction(() => document.querySelector("#note").value === "");
    } else if ("journal" in step) {
      result.journals[step.journal] = await page.evaluate(() => ({
        shown: !document.getElementById("notebook").hidden,
        lines: [...document.querySelectorAll("#journal li")].map((li) => li.textContent),
        title: document.getElementById("notebook-title").textContent,
      }));
    } else if ("layout" in step) {
      result.layouts[step.layout] = await layout();
    } else if ("fullscreen" in step) {
      await page.click("#fullscreen");
      await page.waitForFunction(() => document.fullscreenElement !== null);
      await page.waitForTimeout(200); // the resize, then a repaint
      result.layouts[step.fullscreen] = await layout();
      result.captures[step.fullscreen] = await capture();
    } else if ("pageshot" in step) {
      await page.screenshot({ path: step.pageshot });
    } else if ("sent" in step) {
      result.sent[step.sent] = await page.evaluate(() => {
        const out = {};
        const entries = [...performance.getEntriesByType("navigation"),
                         ...performance.getEntriesByType("resource")];
        for (const e of entries) {
          const name = new URL(e.name).pathname.split("/").pop() || "index.html";
          out[name] = [e.encodedBodySize, e.decodedBodySize, e.startTime, e.responseEnd];
        }
        return out;
      });
    } else if ("eval" in step) { // (for debugging a script)
      result.evals = result.evals || [];
      result.evals.push(await page.evaluate(step.eval));
    } else if ("tab" in step) {
      page = await context.newPage();
      watch(page);
      tabs[step.tab] = page;
      await page.goto(base + "?seed=" + step.seed);
      await page.waitForFunction(() => /^Ready|another tab/.test(
        document.getElementById("status").textContent), null, { timeout: 30000 });
    } else if ("to" in step) {
      page = tabs[step.to];
      await page.bringToFront();
    } else if ("status" in step) {
      result.statuses[step.status] = await page.evaluate(() => ({
        text: document.getElementById("status").textContent,
        playHere: !document.getElementById("play-here").hidden,
        running: !!window.deckdelveBoard,
      }));
    } else if ("take" in step) {
      const reloads = page.waitForEvent("load", { timeout: 3000 }).catch(() => null);
      await page.click("#play-here");
      await reloads;
      await started();
    } else if ("padkeys" in step) {
      for (const letter of step.padkeys) {
        for (let i = 0; i < 40; i++) {
          const on = await page.evaluate(() => document.activeElement?.dataset?.button);
          if (on === letter) break;
          await page.keyboard.press("Tab");
        }
        result.focusRings = result.focusRings || [];
        result.focusRings.push(await page.evaluate(() => [document.activeElement.dataset.button,
          document.activeElement.matches(":focus-visible"),
          document.activeElement.getAttribute("aria-label")]));
        const since = await steps();
        await page.keyboard.press(step.with);
        await settled(since);
      }
    } else if ("clicks" in step) {
      for (const letter of step.clicks) {
        const since = await steps();
        await page.evaluate((l) => document.querySelector(`.pad [data-button="${l}"]`).click(),
                            letter);
        await settled(since);
      }
    } else if ("burst" in step) {
      const since = await steps();
      const before = await page.evaluate(() => window.deckdelve.presses);
      const ms = await burst(step.burst);
      await settled(since);
      const after = await page.evaluate(() => window.deckdelve.presses);
      result.bursts = result.bursts || [];
      result.bursts.push({ msEach: ms, presses: after - before });
    } else if ("focus" in step) {
      result.focus = result.focus || {};
      result.focus[step.focus] = await page.evaluate(() => document.activeElement?.id || null);
    } else if ("escape_note" in step) {
      await page.fill("#note", step.escape_note);
      await page.press("#note", "Escape");
    } else if ("scrollto" in step) {
      await page.evaluate((sel) => document.querySelector(sel).scrollIntoView(
        { block: "nearest" }), step.scrollto);
    } else if ("unfullscreen" in step) {
      // (as a phone's Back, or Esc: the button is outside the fullscreen handheld)
      await page.evaluate(() => document.exitFullscreen());
      await page.waitForFunction(() => document.fullscreenElement === null);
      await page.waitForTimeout(200);
      result.layouts[step.unfullscreen] = await layout();
    } else if ("upload" in step) {
      const files = step.files.map(([name, b64]) => ({
        name, mimeType: "application/octet-stream", buffer: Buffer.from(b64, "base64") }));
      let asked = null;
      const onDialog = (dialog) => {
        asked = dialog.message();
        dialog.accept();
      };
      page.on("dialog", onDialog);
      await collectTimes();
      const loaded = page.waitForEvent("load", { timeout: 20000 }).then(() => true);
      const refused = page.waitForFunction(() => /^Nothing imported/.test(
        document.getElementById("status").textContent), null, { timeout: 20000 })
        .then(() => false);
      await page.setInputFiles("#import-files", files);
      const reloaded = await Promise.race([loaded, refused]);
      page.off("dialog", onDialog);
      if (reloaded) await started();
      result.imports[step.upload] = { asked, reloaded,
        status: await page.evaluate(() => document.getElementById("status").textContent) };
    } else if ("stored" in step) {
      result.stored[step.stored] = await page.evaluate(() => Object.fromEntries(
        Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
    } else if ("worker" in step) {
      result.workers[step.worker] = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await new Promise((resolve) => {
          const w = registration.active;
          if (w.state === "activated") resolve();
          else w.addEventListener("statechange", () => w.state === "activated" && resolve());
        });
        const names = await caches.keys();
        const files = [];
        for (const name of names) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            files.push(new URL(request.url).pathname.split("/").pop());
          }
        }
        return { caches: names, files: files.sort(), script: registration.active.scriptURL };
      });
    } else if ("html" in step) {
      await page.setContent(step.html);
    } else if ("get" in step) {
      await fetch(base + step.get);
    } else if ("waitstatus" in step) {
      await page.waitForFunction((text) => document.getElementById("status").textContent
        .includes(text), step.waitstatus, { timeout: 20000 });
    } else if ("offline" in step) {
      await context.setOffline(true);
    } else if ("manifest" in step) {
      const cdp = await context.newCDPSession(page);
      const got = await cdp.send("Page.getAppManifest");
      let installability = null;
      try {
        installability = (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors;
      } catch (error) {
        installability = String(error);
      }
      result.manifests[step.manifest] = { url: got.url, errors: got.errors, data: got.data,
                                          parsed: got.parsed || null, installability };
    } else if ("clear" in step) {
      page.once("dialog", (dialog) => dialog.accept());
      await collectTimes();
      await Promise.all([page.waitForEvent("load"), page.click("#clear")]);
      await started();
    }
  }
  await collectTimes();
} catch (error) {
  result.errors.push(String(error.stack || error));
} finally {
  if (context) await context.close();
  for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(result));
