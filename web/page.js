// The page: the canvas is the OLED, the keyboard and the touch buttons are the six buttons,
// WebAudio is the buzzer, localStorage is the flash. The firmware itself runs in board.js.
import { loadMicroPython } from "./micropython.mjs";
import { BUTTONS, HEIGHT, WIDTH, startBoard } from "./board.js";

const FRAME_MS = 20; // the handheld's pace: at most 50 frames a second (deckdelve/boot.py)
// A tap shorter than this still reaches the firmware as a press: it reads the buttons once a
// frame and ignores a change within 25 ms of the last one (its debounce).
const MIN_HOLD_MS = 50;
// A tab hidden for days must not overflow the firmware's tick arithmetic (2**29 ms); an hour
// is longer than the longest sleep setting's dimming and switching off (2 x 5 min).
const MAX_ELAPSED_MS = 3600000;
// The simulator's keys (host_sim/__main__.py).
const KEYS = {
  ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R",
  w: "U", s: "D", a: "L", d: "R", z: "A", j: "A", x: "B", k: "B",
};
// The OLED look of host_sim/render.py: pale blue-white pixels, a dark line between them.
const LIT = [210, 235, 255];
const DARK = [8, 10, 14];
const GRID = "rgb(20, 24, 30)";

const canvas = document.getElementById("screen");
const status = document.getElementById("status");
const stats = {
  seed: 0,
  steps: 0, // frames run
  lastChange: 0, // the step that last changed the screen
  held: 0, // the buttons the last step saw
  titleMs: null, // from the start of navigation to the title on the canvas
  stepMs: [], // the last 500 steps' cost (firmware frame + storage sync), in ms
  paintMs: [], // the last 500 repaints' cost
};
window.deckdelve = stats; // read by tests/test_web_browser.py

function chooseSeed() {
  const asked = new URLSearchParams(location.search).get("seed");
  if (asked !== null && /^\d+$/.test(asked) && Number(asked) < 2 ** 30) return Number(asked);
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
}

// -- buttons ------------------------------------------------------------------------------------
const physical = new Map(); // source (a key name or a pointer id) -> bit
const downAt = new Array(6).fill(-1e9);
// Presses no frame has seen yet: a busy machine can leave more than MIN_HOLD_MS between two
// frames, and a tap made and lifted in that gap must still reach the firmware.
let unseen = 0;

function press(source, letter) {
  const bit = BUTTONS[letter];
  physical.set(source, bit);
  downAt[Math.log2(bit)] = performance.now();
  unseen |= bit;
  wakeAudio();
}

function release(source) {
  physical.delete(source);
}

function heldMask(now) {
  let mask = unseen;
  for (const bit of physical.values()) mask |= bit;
  for (let i = 0; i < 6; i++) if (now - downAt[i] < MIN_HOLD_MS) mask |= 1 << i;
  return mask;
}

function keyLetter(event) {
  return KEYS[event.key] || KEYS[event.key.toLowerCase()];
}

addEventListener("keydown", (event) => {
  const letter = keyLetter(event);
  if (!letter || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault(); // arrows must not scroll the page
  if (!event.repeat) press("key:" + event.code, letter); // the firmware repeats by itself
});
addEventListener("keyup", (event) => release("key:" + event.code));
addEventListener("blur", () => physical.clear());

for (const button of document.querySelectorAll("#pad button")) {
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
let scale = 4;
let grid = null; // the lines between pixels, drawn once per scale

function rgba([r, g, b]) {
  return (255 << 24 | b << 16 | g << 8 | r) >>> 0; // ImageData is RGBA, little-endian words
}

function fitScale() {
  // The largest whole number of device pixels per OLED pixel that fits: square, crisp pixels.
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(document.querySelector("main").clientWidth - 32, 1000);
  const s = Math.max(1, Math.min(12, Math.floor((room * dpr) / WIDTH),
                                 Math.floor((innerHeight * 0.5 * dpr) / HEIGHT)));
  if (s === scale && grid) return;
  scale = s;
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
      const held = heldMask(now);
      unseen = 0;
      const began = performance.now();
      // The firmware's clock moves by the real time since its last frame (a hidden tab
      // counts: the handheld would have dimmed and slept meanwhile), in whole milliseconds
      // between rounded timestamps, so that rounding errors never add up.
      const result = board.step(held, Math.min(Math.max(0, Math.round(now) - lastStep),
                                               MAX_ELAPSED_MS));
      keep(stats.stepMs, performance.now() - began);
      lastStep = Math.round(now);
      stats.steps++;
      stats.held = held;
      if (result === -1) {
        location.reload(); // the handheld's restart after an error
        return;
      }
      if (board.saves.error && !status.dataset.full) {
        status.dataset.full = "1";
        status.textContent = "The browser's storage refused a save (" + board.saves.error
          + "): this visit's saves may not be kept.";
      }
      if (result !== changes) {
        changes = result;
        stats.lastChange = stats.steps;
        paint(board);
        if (stats.titleMs === null) stats.titleMs = performance.now();
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function main() {
  fitScale();
  stats.seed = chooseSeed();
  let board;
  try {
    const pack = await fetch("firmware.pack").then((r) => {
      if (!r.ok) throw new Error("firmware.pack: " + r.status);
      return r.arrayBuffer();
    });
    board = await startBoard({ loadMicroPython, pack: new Uint8Array(pack),
                               storage: localStorage, seed: stats.seed, audio });
  } catch (error) {
    status.textContent = "Could not start: " + error.message;
    throw error;
  }
  status.textContent = "Seed " + stats.seed + " · saves kept in this browser";
  addEventListener("resize", () => {
    fitScale();
    paint(board);
  });
  document.getElementById("screenshot").addEventListener("click", () => {
    canvas.toBlob((blob) => {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "deckdelve.png";
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
  });
  document.getElementById("clear").addEventListener("click", () => {
    if (!confirm("Delete every saved run, score, achievement and setting kept in this "
                 + "browser? This cannot be undone.")) return;
    stopped = true; // no frame may write them back
    board.saves.clear();
    location.reload();
  });
  run(board);
}

main();
