// The page: the canvas is the OLED, the keyboard and the touch buttons are the six buttons,
// WebAudio is the buzzer, localStorage is the flash. The firmware itself runs in board.js.
// Around it: the loading (everything at once, with progress), the page hidden or closed (the
// run saved as the Pico saves it when its screen sleeps), fullscreen, the saves exported and
// imported, and The Four's notebook.
import { BUTTONS, HEIGHT, WIDTH, startBoard, unzip } from "./board.js";

const FRAME_MS = 20; // the handheld's pace: at most 50 frames a second (deckdelve/boot.py)
// Every press reaches the firmware, however short and however fast they come: the firmware
// reads the buttons once a frame and ignores a change within 25 ms of the last one (its
// debounce), so each press is held for at least TAP_FRAMES frames and follows a release of
// at least as many (two frames are 33 ms or more at the browser's 60 Hz); presses made
// faster than that wait their turn (a queue), none merges with the next.
const TAP_FRAMES = 2;
// A tab hidden for days must not overflow the firmware's tick arithmetic (2**29 ms).
const MAX_ELAPSED_MS = 3600000;
// The keys: arrows move; the letters A and B are the buttons A and B (the screens say
// "PRESS A": the key with that letter must press it, so WASD is not offered: its A would
// move left); Z/X and J/K (the simulator's), Enter and Space (A) and Esc (B) as well.
const KEYS = {
  ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R",
  a: "A", z: "A", j: "A", b: "B", x: "B", k: "B",
  Enter: "A", " ": "A", Escape: "B",
};
// The OLED look of host_sim/render.py: pale blue-white pixels, a dark line between them.
const LIT = [210, 235, 255];
const DARK = [8, 10, 14];
const GRID = "rgb(20, 24, 30)";
const MAX_SCALE = 40; // device pixels per OLED pixel: a 4K screen in fullscreen is 30
// The layouts of index.html's style, for the screen's size: the pad beside the screen (a
// phone on its side), the notebook beside the handheld (a wide window).
const SIDE_LAYOUT = "(orientation: landscape) and (max-height: 560px)";
const NOTEBOOK_BESIDE = "(min-width: 980px)";
const BEZEL = 2 * 14 + 2; // the bezel's padding and border around the canvas, in CSS pixels

const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const status = $("status");
const handheld = $("handheld");
const notebook = $("notebook");
const stats = {
  seed: 0,
  steps: 0, // frames run
  lastChange: 0, // the step that last changed the screen
  held: 0, // the buttons the last step saw
  titleMs: null, // from the start of navigation to the title on the canvas
  stepMs: [], // the last 500 steps' cost (firmware frame + storage sync), in ms
  paintMs: [], // the last 500 repaints' cost
  scale: 0, // device pixels per OLED pixel now
  offline: false, // this version's files are kept by the service worker
  presses: 0, // presses given to the firmware
};
window.deckdelve = stats; // read by tests/test_web_browser.py

function chooseSeed() {
  const asked = new URLSearchParams(location.search).get("seed");
  if (asked !== null && /^\d+$/.test(asked) && Number(asked) < 2 ** 30) return Number(asked);
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
}

function say(text) {
  status.textContent = text;
}

// -- buttons ------------------------------------------------------------------------------------
const physical = new Map(); // source (a key name or a pointer id) -> bit, while held
const queued = new Array(6).fill(0); // presses not yet given to the firmware, per button
const downLeft = new Array(6).fill(0); // frames a started press is still held for
const upFor = new Array(6).fill(TAP_FRAMES); // frames each button has been up

function press(source, letter) {
  const bit = BUTTONS[letter];
  physical.set(source, bit);
  queued[Math.log2(bit)]++;
  wakeAudio();
}

function release(source) {
  physical.delete(source);
}

// A press with nothing held: a key or a pad button worked by the keyboard or a screen
// reader (a click without a pointer).
function tap(letter) {
  queued[Math.log2(BUTTONS[letter])]++;
  wakeAudio();
}

// The buttons this frame holds: each queued press in turn (down TAP_FRAMES frames after at
// least TAP_FRAMES up), and a button still held once its press has begun.
function heldMask() {
  let holding = 0;
  for (const bit of physical.values()) holding |= bit;
  let mask = 0;
  for (let i = 0; i < 6; i++) {
    let down = false;
    if (downLeft[i] > 0) {
      downLeft[i]--;
      down = true;
    } else if (queued[i] > 0) {
      if (upFor[i] >= TAP_FRAMES) {
        queued[i]--;
        downLeft[i] = TAP_FRAMES - 1;
        down = true;
      }
    } else {
      down = (holding & (1 << i)) !== 0;
    }
    if (down) {
      if (upFor[i] > 0) stats.presses++;
      mask |= 1 << i;
      upFor[i] = 0;
    } else {
      upFor[i]++;
    }
  }
  return mask;
}

function keyLetter(event) {
  return KEYS[event.key] || KEYS[event.key.toLowerCase()];
}

// Keys typed into the notebook, or that work a page control the keyboard has focused (Tab),
// are theirs, not the handheld's.
function forThePage(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest("textarea, input, select, [contenteditable]")) return true;
  return (event.key === "Enter" || event.key === " ")
    && target.closest("button, a, summary") !== null;
}

addEventListener("keydown", (event) => {
  const letter = keyLetter(event);
  if (!letter || event.ctrlKey || event.metaKey || event.altKey || forThePage(event)) return;
  event.preventDefault(); // arrows must not scroll the page, nor Space
  if (!event.repeat) press("key:" + event.code, letter); // the firmware repeats by itself
});
addEventListener("keyup", (event) => release("key:" + event.code));
addEventListener("blur", () => physical.clear()); // (queued presses still go in)
// A page button clicked or tapped does not keep the keyboard's focus: Space and Enter then
// go on pressing A, never that button again (a button reached with Tab keeps it).
document.addEventListener("click", (event) => {
  const control = event.target instanceof Element && event.target.closest("button, summary");
  if (control && event.detail > 0) control.blur();
});

for (const button of document.querySelectorAll(".pad button")) {
  const letter = button.dataset.button;
  const up = (event) => {
    release("pointer:" + event.pointerId);
    button.classList.remove("down");
  };
  button.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    button.setPointerCapture(event.pointerId);
    press("pointer:" + event.pointerId, letter);
    button.classList.add("down");
  });
  button.addEventListener("pointerup", up);
  button.addEventListener("pointercancel", up);
  button.addEventListener("lostpointercapture", up);
  button.addEventListener("contextmenu", (event) => event.preventDefault());
  // Enter or Space on a pad button reached with Tab, or a screen reader's activation: a
  // click with no pointer behind it (a pointer's press went in at pointerdown).
  button.addEventListener("click", (event) => {
    if (event.detail === 0) tap(letter);
  });
}

// -- the buzzer: a square wave, on while the firmware's PWM duty is not 0 ----------------------
let audioContext = null;
let oscillator = null;
let gain = null;

function wakeAudio() {
  // Browsers start sound only after a gesture: the first key or touch makes the context.
  if (audioContext || !window.AudioContext) return;
  audioContext = new AudioContext();
  oscillator = audioContext.createOscillator();
  oscillator.type = "square";
  gain = audioContext.createGain();
  gain.gain.value = 0;
  oscillator.connect(gain).connect(audioContext.destination);
  oscillator.start();
}

const audio = {
  freq(hz) {
    if (oscillator) oscillator.frequency.setValueAtTime(hz, audioContext.currentTime);
  },
  duty_u16(duty) {
    if (gain) gain.gain.setValueAtTime(duty ? 0.04 : 0, audioContext.currentTime);
  },
};

// -- the screen ---------------------------------------------------------------------------------
const small = document.createElement("canvas"); // 128x64, one canvas pixel an OLED pixel
small.width = WIDTH;
small.height = HEIGHT;
const smallContext = small.getContext("2d");
const image = smallContext.createImageData(WIDTH, HEIGHT);
const pixels = new Uint32Array(image.data.buffer);
const context = canvas.getContext("2d");
let grid = null; // the lines between pixels, drawn once per scale

function rgba([r, g, b]) {
  return (255 << 24 | b << 16 | g << 8 | r) >>> 0; // ImageData is RGBA, little-endian words
}

// The room the canvas has, in CSS pixels, in the layout the style chose.
// The height of the tools' row and the status line, which a phone on its side shows in the
// first view, under the handheld (index.html's --tools).
function toolsHeight() {
  const tools = document.querySelector(".tools");
  const height = Math.ceil(tools.getBoundingClientRect().height + status.getBoundingClientRect()
    .height + 8);
  document.documentElement.style.setProperty("--tools", height + "px");
  return height;
}

function room() {
  const full = document.fullscreenElement === handheld;
  const padShown = $("dpad").offsetParent !== null;
  const areas = getComputedStyle(handheld).gridTemplateAreas;
  if (areas.includes("dpad screen ab")) { // the pad at the sides
    const pads = padShown ? $("dpad").offsetWidth + $("ab").getBoundingClientRect().width : 0;
    const gaps = padShown ? 2 * parseFloat(getComputedStyle(handheld).columnGap) : 0;
    // (a phone on its side: the tools' row and the status line under it, in view too)
    const below = full ? 0 : toolsHeight();
    return [innerWidth - pads - gaps - BEZEL - 16, innerHeight - below - BEZEL - 16];
  }
  const padHeight = padShown ? $("dpad").offsetHeight + 10 : 0;
  if (full) return [innerWidth - BEZEL - 16, innerHeight - padHeight - BEZEL - 24];
  const main = document.querySelector("main");
  const style = getComputedStyle(main);
  let width = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  if (!notebook.hidden && matchMedia(NOTEBOOK_BESIDE).matches) {
    width -= notebook.offsetWidth + 24;
  }
  // Upright, the screen takes at most half the window's height, so that the pad fits too.
  return [width - BEZEL, innerHeight * 0.5];
}

function fitScale() {
  // The largest whole number of device pixels per OLED pixel that fits: square, crisp pixels.
  const dpr = window.devicePixelRatio || 1;
  const [width, height] = room();
  const s = Math.max(1, Math.min(MAX_SCALE, Math.floor((width * dpr) / WIDTH),
                                 Math.floor((height * dpr) / HEIGHT)));
  if (s === stats.scale && grid) return false;
  stats.scale = s;
  canvas.width = WIDTH * s;
  canvas.height = HEIGHT * s;
  canvas.style.width = WIDTH * s / dpr + "px";
  canvas.style.height = HEIGHT * s / dpr + "px";
  grid = document.createElement("canvas");
  grid.width = canvas.width;
  grid.height = canvas.height;
  if (s >= 3) {
    const g = grid.getContext("2d");
    g.fillStyle = GRID;
    for (let x = 0; x < WIDTH; x++) g.fillRect(x * s, 0, 1, canvas.height);
    for (let y = 0; y < HEIGHT; y++) g.fillRect(0, y * s, canvas.width, 1);
  }
  return true;
}

function paint(board) {
  const began = performance.now();
  const frame = board.frame();
  // A real panel at its lowest contrast is dim, not dark; switched off it shows nothing.
  const share = board.on() ? 0.45 + 0.55 * board.level() / 255 : 0;
  const lit = rgba(LIT.map((c, i) => Math.round(DARK[i] + (c - DARK[i]) * share)));
  const dark = rgba(DARK);
  for (let page = 0; page < HEIGHT / 8; page++) {
    for (let x = 0; x < WIDTH; x++) {
      const byte = frame[page * WIDTH + x];
      for (let bit = 0; bit < 8; bit++) {
        pixels[(page * 8 + bit) * WIDTH + x] = byte & (1 << bit) ? lit : dark;
      }
    }
  }
  smallContext.putImageData(image, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(small, 0, 0, canvas.width, canvas.height);
  context.drawImage(grid, 0, 0);
  keep(stats.paintMs, performance.now() - began);
}

function keep(list, ms) {
  list.push(ms);
  if (list.length > 500) list.shift();
}

// -- downloads ----------------------------------------------------------------------------------
function offer(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

// -- The Four's notebook: the campaign's journal beside the screen, and the player's lines -----
const notes = { open: null, writes: -1 }; // the campaign shown ("key slot label"), saves seen

// Typographic marks and accents as the journal's printable ASCII (webboard.note_lines makes
// "?" of anything else).
function asJournalText(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'").replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-").replace(/\u2026/g, "...")
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, " ");
}

// A journal line: its turn, whether it is the player's own, its words. The turn is the
// firmware's "T:<n> " (board.turnMark, from webboard.py, which a test ties to the lines The
// Four writes); the player's lines add " > " (board.noteMark). A note written by an older
// page ("T<n> > ") is still a note. null: a line without a turn.
function journalLine(board, line) {
  const mark = board.turnMark;
  let at = 0;
  if (line.startsWith(mark)) at = mark.length;
  else if (!/^T\d+ > /.test(line)) return null;
  else at = 1;
  const digits = /^\d+/.exec(line.slice(at));
  if (!digits) return null;
  const rest = line.slice(at + digits[0].length);
  const note = rest.startsWith(board.noteMark);
  if (!note && !rest.startsWith(" ")) return null;
  return { turn: Number(digits[0]), note, text: rest.slice(note ? board.noteMark.length : 1) };
}

function isNote(board, line) {
  const parsed = journalLine(board, line);
  return parsed !== null && parsed.note;
}

function showNotebook(board) {
  const campaign = board.campaign();
  const shown = campaign && campaign.key + " " + campaign.slot + " " + campaign.label;
  if (shown === notes.open && board.saves.writes === notes.writes) return;
  const opened = (shown === null) !== (notes.open === null);
  notes.open = shown;
  notes.writes = board.saves.writes;
  notebook.hidden = campaign === null;
  $("to-journal").hidden = campaign === null || !matchMedia(SIDE_LAYOUT).matches;
  document.body.classList.toggle("writing", campaign !== null);
  if (campaign !== null) {
    $("notebook-title").textContent = campaign.title + ": journal of campaign "
      + (campaign.slot + 1);
    $("notebook-label").textContent = campaign.label;
    const list = $("journal");
    list.replaceChildren(...board.journal().map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      if (isNote(board, line)) item.className = "mine";
      return item;
    }));
  }
  if (opened && fitScale()) paint(board);
}

function story(board, markdown) {
  const campaign = board.campaign();
  const lines = board.journal().reverse(); // oldest first, as tools/play/journal.py prints
  if (!markdown) return lines.join("\n") + "\n";
  const escape = (s) => s.replace(/([\\`*_[\]<>#|])/g, "\\$1");
  const out = ["# " + campaign.title + ": campaign " + (campaign.slot + 1), "",
               "*" + escape(campaign.label) + "*, from Deckdelve, " + today()];
  let turn = null;
  let quoting = false;
  for (const line of lines) {
    const parsed = journalLine(board, line) || { turn, note: false, text: line };
    if (parsed.turn !== turn) {
      turn = parsed.turn;
      out.push("", "## Turn " + turn, "");
      quoting = false;
    }
    if (parsed.note) {
      if (!quoting) out.push("");
      out.push("> " + escape(parsed.text));
      quoting = true;
    } else {
      if (quoting) out.push("");
      out.push("- " + escape(parsed.text));
      quoting = false;
    }
  }
  return out.join("\n") + "\n";
}

function setUpNotebook(board) {
  const note = $("note");
  note.maxLength = board.noteMax;
  const write = () => {
    const text = asJournalText(note.value).trim();
    if (!text) return;
    const n = board.note(text);
    if (n < 0) {
      say("Not written: the campaign could not be saved (the screen says why).");
      return;
    }
    note.value = "";
    say("Written into the journal (" + n + (n === 1 ? " line)." : " lines).")
        + " The keys play the game again.");
    showNotebook(board);
    note.blur(); // the keys go back to the game
  };
  $("note-form").addEventListener("submit", (event) => {
    event.preventDefault();
    write();
  });
  note.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      write();
    } else if (event.key === "Escape" && !event.isComposing) {
      event.preventDefault(); // Esc leaves the box (what is typed stays), not a B press
      note.blur();
    }
  });
  const download = (markdown) => {
    const campaign = board.campaign();
    if (campaign === null) return;
    const name = "deckdelve-" + campaign.key + "-" + (campaign.slot + 1) + "-" + today()
      + (markdown ? ".md" : ".txt");
    offer(new Blob([story(board, markdown)],
                   { type: (markdown ? "text/markdown" : "text/plain") + ";charset=utf-8" }),
          name);
  };
  // A phone on its side: the notebook is under the handheld's view; this goes there.
  $("to-journal").addEventListener("click", () => notebook.scrollIntoView({ block: "start" }));
  $("story-text").addEventListener("click", () => download(false));
  $("story-markdown").addEventListener("click", () => download(true));
}

// The Settings screen offers Sleep, which the page does not apply (it never goes dark: see
// webboard.py); while that screen is shown, the status line says so.
const SLEEP_NOTE = "Sleep after… is the Pico's setting (kept for it, in an export too): this "
  + "page never dims or switches off its screen; hidden or closed, it saves as the Pico does "
  + "when it sleeps.";
let before = null; // the status line before the Settings screen

function explainSettings(board) {
  const shown = board.screen() === "Settings";
  if (shown && before === null) {
    before = status.textContent;
    say(SLEEP_NOTE);
  } else if (!shown && before !== null) {
    if (status.textContent === SLEEP_NOTE) say(before);
    before = null;
  }
}

// -- the frame loop -----------------------------------------------------------------------------
let stopped = false;

function run(board) {
  let changes = -2;
  let previous = performance.now();
  let lastStep = Math.round(previous);
  let owed = FRAME_MS; // the first frame at once
  const frame = (now) => {
    if (stopped) return;
    owed = Math.min(owed + now - previous, 2 * FRAME_MS);
    previous = now;
    if (owed >= FRAME_MS) {
      owed -= FRAME_MS;
      const held = heldMask();
      const began = performance.now();
      // The firmware's clock moves by the real time since its last frame, in whole
      // milliseconds between rounded timestamps, so that rounding errors never add up.
      const result = board.step(held, Math.min(Math.max(0, Math.round(now) - lastStep),
                                               MAX_ELAPSED_MS));
      keep(stats.stepMs, performance.now() - began);
      lastStep = Math.round(now);
      stats.steps++;
      stats.held = held;
      if (result === -1) {
        stopped = true;
        location.reload(); // the handheld's restart after an error
        return;
      }
      if (board.saves.error && !status.dataset.full) {
        status.dataset.full = "1";
        say("The browser's storage refused a save (" + board.saves.error
            + "): this visit's saves may not be kept.");
      }
      if (result !== changes) {
        changes = result;
        stats.lastChange = stats.steps;
        paint(board);
        if (stats.titleMs === null) stats.titleMs = performance.now();
        showNotebook(board);
        explainSettings(board);
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// -- loading: every file at once, with progress -------------------------------------------------
function expectedBytes() {
  try {
    return JSON.parse(document.querySelector('meta[name="deckdelve-bytes"]').content);
  } catch {
    return {}; // (the page as a source file, not built: progress without totals)
  }
}

async function load() {
  const sizes = expectedBytes();
  const names = ["micropython.mjs", "micropython.wasm", "firmware.pack"];
  const total = names.reduce((n, name) => n + (sizes[name] || 0), 0);
  let got = 0;
  const bar = document.querySelector("#progress span");
  const progress = (n) => {
    got += n;
    if (!total) return;
    bar.style.width = Math.min(100, 100 * got / total) + "%";
    if (document.body.classList.contains("elsewhere")) return; // (its words stay)
    say("Loading… " + Math.round(got / 1000) + " of " + Math.round(total / 1000) + " KB");
  };
  const fetchBytes = async (name) => {
    const response = await fetch(name);
    if (!response.ok) throw new Error(name + ": " + response.status);
    const chunks = [];
    let length = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
      progress(value.length);
    }
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  };
  const [module, wasm, pack] = await Promise.all([
    import("./micropython.mjs").then((m) => {
      progress(sizes["micropython.mjs"] || 0);
      return m;
    }),
    fetchBytes("micropython.wasm"),
    fetchBytes("firmware.pack"),
  ]);
  const url = URL.createObjectURL(new Blob([wasm], { type: "application/wasm" }));
  const loadMicroPython = (options) => module.loadMicroPython({ ...options, url });
  return { loadMicroPython, pack };
}

// -- saves: export, import, clear ---------------------------------------------------------------
async function readImport(fileList) {
  const files = [];
  for (const file of fileList) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (/\.zip$/i.test(file.name)) files.push(...await unzip(bytes));
    else files.push([file.name, bytes]);
  }
  return files;
}

function setUpSaves(board) {
  $("export").addEventListener("click", () => {
    offer(new Blob([board.exportZip()], { type: "application/zip" }),
          "deckdelve-saves-" + today() + ".zip");
    say("Saves exported: the zip's data folder holds the files a Pico keeps in /data."
        + (board.playing() ? " The game in progress is not in it: Save and quit puts it there."
          : ""));
  });
  const picker = $("import-files");
  $("import").addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    let files;
    try {
      files = await readImport(picker.files);
    } catch (error) {
      say("Nothing imported: " + error.message + ".");
      return;
    } finally {
      picker.value = "";
    }
    if (!files.length) return;
    // Every file checked first (the zip's CRC-32, then the firmware's own loaders, as at
    // power-on): nothing is replaced until the player has seen what goes in and what not.
    const { taken, refused } = board.checkImport(files);
    const leftOut = refused.length ? "Left out: " + refused.map(([name, why]) => name + " ("
      + why + ")").join("; ") + "." : "";
    if (!taken.length) {
      say("Nothing imported. " + leftOut);
      return;
    }
    if (!confirm("Import " + taken.map(([name]) => name).join(", ") + "?\n\nThey replace the "
                 + "files of the same name kept in this browser (a campaign's files as a "
                 + "whole). The handheld then restarts with them." + (leftOut ? "\n\n"
                 + leftOut + " Nothing of these replaces what is kept." : ""))) {
      say("Nothing imported.");
      return;
    }
    board.suspend(); // the game in progress, as at a reload
    stopped = true; // no frame may write over what comes in
    try {
      board.putImport(taken);
    } catch (error) {
      sessionStorage.setItem("deckdelve:said", "The browser's storage refused the import ("
                             + (error.name || error) + "): some files may not be there.");
      location.reload();
      return;
    }
    sessionStorage.setItem("deckdelve:said", ("Imported " + taken.map(([name]) => name)
      .join(", ") + ". " + leftOut).trim());
    location.reload();
  });
  $("clear").addEventListener("click", () => {
    if (!confirm("Delete every saved run, campaign, score, achievement and setting kept in "
                 + "this browser? This cannot be undone (Export saves keeps a copy).")) return;
    stopped = true; // no frame may write them back
    board.saves.clear();
    location.reload();
  });
}

// -- the page hidden or closed: saved as the Pico saves when its screen sleeps ----------------
function setUpLeaving(board) {
  document.addEventListener("visibilitychange", () => {
    if (stopped) return;
    if (document.visibilityState === "hidden") board.suspend();
    else board.resume();
  });
  addEventListener("pagehide", () => {
    if (!stopped) board.suspend();
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted && !stopped) board.resume(); // back from the browser's page cache
  });
}

function setUpFullscreen(board) {
  const button = $("fullscreen");
  if (!document.fullscreenEnabled) return; // (an iPhone: no fullscreen for a page's parts)
  button.hidden = false;
  let scrolledTo = 0; // where the page was before fullscreen: it goes back there after
  button.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else {
      scrolledTo = scrollY;
      handheld.requestFullscreen().catch((error) => say("No fullscreen: " + error.message));
    }
  });
  document.addEventListener("fullscreenchange", () => {
    button.textContent = document.fullscreenElement ? "Leave fullscreen" : "Fullscreen";
    fitScale();
    paint(board);
    if (!document.fullscreenElement) scrollTo(0, scrolledTo);
  });
}

// -- one tab at a time ---------------------------------------------------------------------------
// Two tabs of one browser share its storage: each would write its own copy of the saves over
// the other's. So the handheld runs in one tab only, the holder of a Web Lock; another tab
// says the game is open elsewhere and offers to play here: the holder is then asked (a
// BroadcastChannel message) to save as at a page hidden, stop and let go, and only then does
// this tab read the storage and start. A holder that does not answer (frozen) loses the lock
// after TAKE_OVER_MS all the same.
const LOCK = "deckdelve-handheld";
const TAKE_OVER_MS = 3000;
const TAKE_FLAG = "deckdelve:take"; // sessionStorage: a reload that is to take over at once
const channel = window.BroadcastChannel ? new BroadcastChannel("deckdelve") : null;
let letGo = null; // ends this tab's hold of the lock
let onTakenOver = null; // what the holder does when another tab takes over

function hold(options) {
  return new Promise((granted, refused) => {
    navigator.locks.request(LOCK, options, (lock) => {
      if (!lock) {
        granted(false);
        return undefined;
      }
      granted(true);
      return new Promise((resolve) => { letGo = resolve; });
    }).catch((error) => {
      if (error.name === "AbortError" && onTakenOver) onTakenOver(false); // stolen
      else refused(error);
    });
  });
}

async function takeOver() {
  channel?.postMessage("take");
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(), TAKE_OVER_MS);
  try {
    await hold({ signal: waited.signal });
  } catch {
    await hold({ steal: true });
  } finally {
    clearTimeout(timer);
  }
}

function showElsewhere(text, onPlayHere) {
  document.body.classList.add("elsewhere");
  for (const control of document.querySelectorAll(".tools button:not(#play-here), #note-form button, #note")) {
    control.disabled = true;
  }
  const button = $("play-here");
  button.hidden = false;
  button.onclick = onPlayHere;
  say(text);
}

// Resolves once this tab may start the handheld.
async function claim() {
  if (!navigator.locks) return; // (a browser without Web Locks: as before)
  if (sessionStorage.getItem(TAKE_FLAG)) {
    sessionStorage.removeItem(TAKE_FLAG);
    await takeOver();
  } else if (!(await hold({ ifAvailable: true }))) {
    await new Promise((resolve) => {
      showElsewhere("Deckdelve is open in another tab of this browser: one tab plays at a "
                    + "time, so that neither overwrites the other's saves.", async () => {
        $("play-here").disabled = true;
        say("Taking over: the other tab saves and stops…");
        await takeOver();
        resolve();
      });
    });
    document.body.classList.remove("elsewhere");
    $("play-here").hidden = true;
    for (const control of document.querySelectorAll("button, #note")) control.disabled = false;
    say("Loading…");
  }
}

// The holder's side: another tab takes over.
function giveWay(board) {
  onTakenOver = (asked) => {
    if (stopped) return;
    if (asked) board.suspend(); // saved as at a page hidden, before the other tab reads
    stopped = true;
    board.saves.stop();
    if (letGo) letGo();
    showElsewhere("Deckdelve is now played in another tab: this one stopped after saving. "
                  + "Play here to take it back.", () => {
      sessionStorage.setItem(TAKE_FLAG, "1");
      location.reload();
    });
  };
  if (channel) channel.onmessage = (event) => { if (event.data === "take") onTakenOver(true); };
}

// -- installed, offline: the service worker (sw.js, written by tools/ship/web.py) ---------------------
// It keeps this version's files (every one, checked against the build's hashes) and serves
// them, network or not. A new version is fetched whole beside the old one and used from the
// next start: the page says so; a page is never served half old, half new files.
// (from the first moment: a navigation looks for a new version at once, and it may be in
// before the handheld has started)
const servedBy = navigator.serviceWorker ? navigator.serviceWorker.controller : null;
const NEW_VERSION = "A new version of Deckdelve is ready: it starts next time (or reload now; "
  + "saves are kept).";
let newVersion = false;
stats.offline = servedBy !== null;
if (navigator.serviceWorker) {
  // A new version's worker takes over from the one that served this page once it has all
  // of its files (sw.js: skipWaiting): the next start is that version's.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    stats.offline = true;
    if (servedBy === null) return; // (the first visit's worker: no news)
    newVersion = true;
    if (window.deckdelveBoard) say(NEW_VERSION);
  });
}

function setUpOffline() {
  if (!navigator.serviceWorker || location.protocol === "file:") return;
  if (newVersion) say(NEW_VERSION);
  navigator.serviceWorker.register("sw.js")
    .catch((error) => console.warn("no offline copy: " + error.message));
}

async function main() {
  if ("scrollRestoration" in history) history.scrollRestoration = "manual"; // the handheld first
  fitScale();
  stats.seed = chooseSeed();
  $("seed").textContent = stats.seed;
  $("seed-link").href = "?seed=" + stats.seed;
  let board;
  try {
    const loading = load(); // (the files come while this tab waits for its turn)
    await claim();
    const { loadMicroPython, pack } = await loading;
    board = await startBoard({ loadMicroPython, pack, storage: localStorage, seed: stats.seed,
                               audio });
  } catch (error) {
    say("Could not start: " + error.message);
    throw error;
  }
  $("progress").hidden = true;
  say(sessionStorage.getItem("deckdelve:said")
      || "Ready. Saved runs, campaigns and scores stay in this browser.");
  sessionStorage.removeItem("deckdelve:said");
  addEventListener("resize", () => {
    fitScale();
    paint(board);
  });
  $("screenshot").addEventListener("click", () => {
    canvas.toBlob((blob) => offer(blob, "deckdelve.png"));
  });
  setUpSaves(board);
  setUpNotebook(board);
  setUpLeaving(board);
  setUpFullscreen(board);
  giveWay(board);
  setUpOffline();
  window.deckdelveBoard = board; // for tests/test_web_browser.py
  run(board);
}

main();
