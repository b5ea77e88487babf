// Plays seeded frames through the web board under Node, with the same WebAssembly MicroPython
// and the same files the page loads (build/web/), for tests/test_web_node.py to compare with
// the simulator.
//
//   node tests/web/frames.mjs SITE_DIR < spec.json > result.json
//
// spec:   {"seed": N, "steps": [held mask per frame...], "elapsed": ms per frame (or a list:
//          the ms before each step),
//          "storage": {key: value} (the browser's storage to start from),
//          "python": code run in the page's MicroPython before the first step (optional),
//          "quota": characters the storage takes before it refuses a write (optional),
//          "calls": [{"after": i, "call": name, "arg": value}...] the board's methods
//                   (suspend, resume, campaign, journal, note) called after step i (-1:
//                   before the first) (optional),
//          "importZip": base64 of a zip given to "Import saves" before the first step
//                   (optional), "exportZip": true to export the saves after the last}
// result: {"frames": [hex of the 1024-byte frame after each step...], "returns": [what
//          each step returned...],
//          "settled": hex after the screen stopped changing (at most 120 more frames),
//          "sounds": [[method, value]...] the buzzer's calls, "storage": {key: value} after,
//          "storageError": the name of the storage's last refusal, or null,
//          "calls": [what each call returned...], "imported": importFiles' answer,
//          "lit": [the contrast, the panel on] after the last step,
//          "zip": base64 of the exported zip}
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

class MemoryStorage {
  constructor(items, quota) {
    this.items = new Map(Object.entries(items || {}));
    this.quota = quota ?? Infinity; // characters, as a browser's storage limit
  }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) {
    let used = String(v).length;
    for (const [key, value] of this.items) if (key !== k) used += value.length;
    if (used > this.quota) {
      const error = new Error("the quota is " + this.quota);
      error.name = "QuotaExceededError";
      throw error;
    }
    this.items.set(k, String(v));
  }
  removeItem(k) { this.items.delete(k); }
}

const hex = (bytes) => Buffer.from(bytes).toString("hex");

const site = process.argv[2];
if (!site || !fs.existsSync(path.join(site, "board.js"))) {
  process.stderr.write("usage: node tests/web/frames.mjs SITE_DIR < spec.json (no board.js in "
                       + site + ")\n");
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(0, "utf8"));
const url = (name) => pathToFileURL(path.resolve(site, name)).href;
const { loadMicroPython } = await import(url("micropython.mjs"));
const { startBoard, unzip } = await import(url("board.js"));

const sounds = [];
const audio = {
  freq: (hz) => sounds.push(["freq", hz]),
  duty_u16: (duty) => sounds.push(["duty_u16", duty]),
};
const storage = new MemoryStorage(spec.storage, spec.quota);
const board = await startBoard({
  loadMicroPython,
  pack: new Uint8Array(fs.readFileSync(path.join(site, "firmware.pack"))),
  storage,
  seed: spec.seed,
  audio,
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
if (spec.python) board.mp.runPython(spec.python);
let imported = null;
if (spec.importZip) {
  imported = board.importFiles(await unzip(new Uint8Array(Buffer.from(spec.importZip, "base64"))));
}
const calls = [];
const callsAfter = (i) => {
  for (const c of spec.calls || []) if (c.after === i) calls.push(board[c.call](c.arg));
};
const frames = [];
const returns = [];
let changes = 0;
callsAfter(-1);
for (const [i, held] of spec.steps.entries()) {
  changes = board.step(held, Array.isArray(spec.elapsed) ? spec.elapsed[i] : spec.elapsed);
  returns.push(changes);
  frames.push(hex(board.frame()));
  callsAfter(i);
}
const lit = [board.level(), board.on()];
for (let i = 0; i < 120; i++) {
  const now = board.step(0, 20);
  if (now === changes) break;
  changes = now;
}
process.stdout.write(JSON.stringify({
  frames,
  returns,
  settled: hex(board.frame()),
  sounds,
  storage: Object.fromEntries(storage.items),
  storageError: board.saves.error,
  calls,
  imported,
  lit,
  zip: spec.exportZip ? Buffer.from(board.exportZip()).toString("base64") : null,
}));
