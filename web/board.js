// The JavaScript half of the web board (the Python half is webboard.py): MicroPython compiled
// to WebAssembly, the firmware's .mpy files in its filesystem, the player's files kept in the
// browser's storage, and one step() per frame. No DOM here: the page (page.js) and the Node
// test (tests/web/frames.mjs) both use it.

export const WIDTH = 128;
export const HEIGHT = 64;
export const BUTTONS = { U: 1, D: 2, L: 4, R: 8, A: 16, B: 32 }; // deckdelve.buttons bits
export const DATA_DIR = "/data"; // every file the firmware writes is below it
const STORE_PREFIX = "deckdelve:"; // storage keys: prefix + path in the MicroPython filesystem

// The firmware pack made by tools/web.py: a 4-byte little-endian length, a JSON index of
// [path, size] pairs, then the files' bytes one after the other.
export function unpack(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const indexLength = view.getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + indexLength)));
  const files = [];
  let at = 4 + indexLength;
  for (const [path, size] of index) {
    files.push([path, bytes.subarray(at, at + size)]);
    at += size;
  }
  return files;
}

function mkdirs(FS, path) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
  }
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

// Copies of the files below DATA_DIR kept in `storage` (localStorage, or anything with its
// getItem/setItem/removeItem/key/length). sync() runs after every frame: what the firmware
// wrote, renamed or removed in that frame reaches the storage in the same frame, so the
// browser keeps what flash would keep, at the same points.
export class Saves {
  constructor(FS, storage) {
    this.FS = FS;
    this.storage = storage;
    this.seen = new Map(); // path -> "inode size mtime" as last copied
    this.error = null; // the last refusal of the storage (quota exceeded...), if any
  }

  keys() {
    const keys = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key.startsWith(STORE_PREFIX + DATA_DIR + "/")) keys.push(key);
    }
    return keys;
  }

  // Before the firmware starts: the stored files back into the filesystem.
  restore() {
    if (!this.FS.analyzePath(DATA_DIR).exists) this.FS.mkdir(DATA_DIR);
    for (const key of this.keys()) {
      const path = key.slice(STORE_PREFIX.length);
      mkdirs(this.FS, path);
      this.FS.writeFile(path, fromBase64(this.storage.getItem(key)));
    }
    this.scan(new Map()); // what is there now is what the storage holds
  }

  scan(into) {
    const walk = (dir) => {
      for (const name of this.FS.readdir(dir)) {
        if (name === "." || name === "..") continue;
        const path = dir + "/" + name;
        const st = this.FS.stat(path);
        if (this.FS.isDir(st.mode)) walk(path);
        else into.set(path, st.ino + " " + st.size + " " + st.mtime.getTime());
      }
    };
    if (this.FS.analyzePath(DATA_DIR).exists) walk(DATA_DIR);
    return into;
  }

  // Copies changed files to the storage and forgets removed ones; returns how many changed.
  sync() {
    const now = this.scan(new Map());
    let changed = 0;
    for (const [path, stamp] of now) {
      if (this.seen.get(path) !== stamp) {
        try {
          this.storage.setItem(STORE_PREFIX + path, toBase64(this.FS.readFile(path)));
        } catch (error) { // full (a quota) or switched off: the game goes on, the page says so
          this.error = error.name || String(error);
          now.set(path, "not kept"); // tried again next frame; an older copy stays
          continue;
        }
        changed++;
      }
    }
    for (const path of this.seen.keys()) {
      if (!now.has(path)) {
        this.storage.removeItem(STORE_PREFIX + path);
        changed++;
      }
    }
    this.seen = now;
    return changed;
  }

  // Everything the firmware ever wrote, gone (the page then reloads).
  clear() {
    for (const key of this.keys()) this.storage.removeItem(key);
  }
}

// Starts MicroPython with the firmware and the stored files, and the web board on it.
// loadMicroPython: the package's export; pack: the bytes of firmware.pack; storage: see Saves;
// seed: the first game's deal; audio: {freq(hz), duty_u16(duty)} or null for silence.
export async function startBoard({ loadMicroPython, pack, storage, seed, audio = null,
                                   stdout = console.log, stderr = console.error }) {
  const mp = await loadMicroPython({ stdout, stderr });
  const FS = mp.FS;
  for (const [path, bytes] of unpack(pack)) {
    mkdirs(FS, path);
    FS.writeFile(path, bytes);
  }
  const saves = new Saves(FS, storage);
  saves.restore();
  mp.runPython("import sys\nsys.path.insert(0, '/')");
  const board = mp.pyimport("webboard").start(seed, audio);
  const step = board.step;
  const display = board.display;
  const address = display.address;
  if (address % 4) throw new Error("the frame buffer is not word-aligned: " + address);
  const getValue = mp._module.getValue;
  const words = new Int32Array(WIDTH * HEIGHT / 32);
  const frame = new Uint8Array(words.buffer);
  return {
    mp,
    saves,
    // One frame: held = the buttons' bits, elapsedMs since the last step (an integer).
    // Returns the display's change count, or -1 when the player asked to restart.
    step(held, elapsedMs) {
      const changes = step(held, elapsedMs);
      saves.sync();
      return changes;
    },
    // The 1024-byte MONO_VLSB frame, copied out of the WebAssembly memory 4 bytes at a time
    // (the package exports no view of that memory; this costs a few microseconds).
    frame() {
      for (let i = 0; i < words.length; i++) words[i] = getValue(address + 4 * i, "i32");
      return frame;
    },
    level: () => display.level, // the contrast, 0..255
    on: () => display.on,
  };
}
