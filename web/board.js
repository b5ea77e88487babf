// The JavaScript half of the web board (the Python half is webboard.py): MicroPython compiled
// to WebAssembly, the firmware's .mpy files in its filesystem, the player's files kept in the
// browser's storage, and one step() per frame; the saves as a zip of the Pico's data folder
// (export) and back (import). No DOM here: the page (page.js) and the Node test
// (tests/web/frames.mjs) both use it.

export const WIDTH = 128;
export const HEIGHT = 64;
export const BUTTONS = { U: 1, D: 2, L: 4, R: 8, A: 16, B: 32 }; // deckdelve.buttons bits
export const DATA_DIR = "/data"; // every file the firmware writes is below it
const STORE_PREFIX = "deckdelve:"; // storage keys: prefix + path in the MicroPython filesystem
const IMPORT_DIR = "/import"; // the scratch folder where an import is checked (never kept)
let imports = 0;

// The firmware pack made by tools/ship/web.py: a 4-byte little-endian length, a JSON index of
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

function removeTree(FS, dir) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = dir + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) removeTree(FS, path);
    else FS.unlink(path);
  }
  FS.rmdir(dir);
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
    this.writes = 0; // files copied or removed so far (the page's notebook reads again)
    this.stopped = false;
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
    this.seen = this.scan(new Map()); // what is there now is what the storage holds
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

  // Never again to the storage: another tab plays now (the page's one tab at a time).
  stop() {
    this.stopped = true;
  }

  // Copies changed files to the storage and forgets removed ones; returns how many changed.
  sync() {
    if (this.stopped) return 0;
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
    this.writes += changed;
    return changed;
  }

  // Everything the firmware ever wrote, gone (the page then reloads).
  clear() {
    for (const key of this.keys()) this.storage.removeItem(key);
  }

  // The data folder's files now, as the Pico keeps them: [[name, bytes]] (no ".tmp": a write
  // is never half done between two frames, but a name is a name).
  files() {
    const out = [];
    for (const path of [...this.scan(new Map()).keys()].sort()) {
      const name = path.slice(DATA_DIR.length + 1);
      if (!name.includes("/") && !name.endsWith(".tmp")) out.push([name, this.FS.readFile(path)]);
    }
    return out;
  }

  // Imported files into the storage, for the firmware to find (and check) at its next start.
  // Files that share a name up to its last dot are one thing (a campaign's snapshot and its
  // journal files): an imported one replaces every kept file of its set, so that a journal
  // is never left beside another campaign's snapshot. Throws when the storage refuses.
  put(files, kept) {
    const stem = (name) => {
      const dot = name.lastIndexOf(".");
      return dot > 0 ? name.slice(0, dot) : name;
    };
    const stems = new Set(files.map(([name]) => stem(name)));
    for (const key of this.keys()) {
      const name = key.slice(STORE_PREFIX.length + DATA_DIR.length + 1);
      if (stems.has(stem(name)) && kept(name)) this.storage.removeItem(key);
    }
    for (const [name, bytes] of files) {
      this.storage.setItem(STORE_PREFIX + DATA_DIR + "/" + name, toBase64(bytes));
    }
  }
}

// -- zip files: the saves as one download, and back -----------------------------------------
const CRC_TABLE = new Int32Array(256).map((_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});

function crc32(bytes) {
  let c = -1;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

// A zip of [[name, bytes]], stored (not compressed: the files are small, and any unzip tool
// opens it). Dates are left at 1980-01-01: the same files give the same zip.
export function zip(files) {
  const encoder = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const [name, bytes] of files) {
    const nameBytes = encoder.encode(name);
    const head = new DataView(new ArrayBuffer(30));
    const crc = crc32(bytes);
    head.setUint32(0, 0x04034b50, true);
    head.setUint16(4, 20, true); // version needed: 2.0
    head.setUint16(12, 0x21, true); // date: 1980-01-01
    head.setUint32(14, crc, true);
    head.setUint32(18, bytes.length, true);
    head.setUint32(22, bytes.length, true);
    head.setUint16(26, nameBytes.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(14, 0x21, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, bytes.length, true);
    entry.setUint32(24, bytes.length, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(head.buffer), nameBytes, bytes);
    central.push(new Uint8Array(entry.buffer), nameBytes);
    offset += 30 + nameBytes.length + bytes.length;
  }
  const size = central.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// The files of a zip, [[name, bytes, why]]: stored or deflated (what zip tools write), read
// through its central directory; why is null, or what is wrong with that file (its bytes do
// not match the zip's CRC-32: damaged). Throws Error with a plain message for a file that is
// not a zip, or a zip too damaged to read at all (cut short, ...).
export async function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = () => new Error("a damaged zip file (cut short, or changed after it was made)");
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) {
    // A zip starts with a file's local header: without its end, it was cut short.
    if (bytes.length >= 4 && view.getUint32(0, true) === 0x04034b50) throw damaged();
    throw new Error("not a zip file");
  }
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw damaged();
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    at += 46 + skip;
    if (name.endsWith("/")) continue; // a folder
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw damaged();
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) throw damaged();
    const data = bytes.subarray(start, start + compressed);
    let plain;
    if (method === 0) {
      plain = data;
    } else if (method === 8) {
      try {
        const stream = new Blob([data]).stream()
          .pipeThrough(new DecompressionStream("deflate-raw"));
        plain = new Uint8Array(await new Response(stream).arrayBuffer());
      } catch {
        files.push([name, new Uint8Array(0), "damaged in the zip (it does not unpack)"]);
        continue;
      }
    } else {
      throw new Error(name + " is compressed in a way this page does not read");
    }
    files.push([name, plain, crc32(plain) === crc ? null
      : "damaged in the zip (its CRC-32 does not match)"]);
  }
  return files;
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
  const webboard = mp.pyimport("webboard");
  const board = webboard.start(seed, audio);
  const step = board.step;
  const kept = webboard.kept_limit;
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
    // The page hidden or closing, and shown again (webboard.py): a run saved where its
    // rules allow, in the storage at once; and dropped again.
    suspend() {
      board.suspend();
      saves.sync();
    },
    resume() {
      board.resume();
      saves.sync();
    },
    // The campaign being played, {key, slot, title, label}, or null.
    campaign() {
      const found = board.campaign();
      if (found === null) return null;
      const [key, slot, title, label] = found.split("\t");
      return { key, slot: Number(slot), title, label };
    },
    noteMax: webboard.NOTE_MAX, // characters of a note
    screen: () => board.screen(), // the screen on top, by its class's name
    // The key of a game in progress whose run is only in RAM, or null.
    playing: () => board.playing(),
    // Its journal, newest line first ([] when none is open).
    journal() {
      const text = board.journal();
      return text ? text.split("\n") : [];
    },
    // The player's words into it: the number of journal lines written, 0 for none, -1 when
    // no campaign is open or the save failed (the screen says why).
    note(text) {
      const n = board.note(text);
      saves.sync();
      return n;
    },
    // The data folder as a zip: "data/<name>" for each file, the folder the Pico keeps.
    exportZip() {
      saves.sync();
      return zip(saves.files().map(([name, bytes]) => ["data/" + name, bytes]));
    },
    // Files to import ([[name, bytes, why]], a folder in the name ignored; why: null, or
    // why the file is damaged already): checked as a whole before anything is replaced.
    // Those the firmware keeps, within its size limits, that pass its own checks as at
    // power-on (webboard.check_import, on copies in a scratch folder) are `taken`; the rest,
    // and the whole of a campaign with any of them, are `refused`, with why.
    // Returns {taken: [[name, bytes]], refused: [[name, why]]}; nothing is written.
    checkImport(files) {
      const taken = [];
      const refused = [];
      const seen = new Set();
      for (const [path, bytes, damage] of files) {
        const name = path.split("/").pop();
        const limit = kept(name);
        if (!limit) refused.push([name, "not a save Deckdelve reads"]);
        else if (damage) refused.push([name, damage]);
        else if (bytes.length > limit) refused.push([name, "too large: " + bytes.length + " bytes"]);
        else if (seen.has(name)) refused.push([name, "twice in the import"]);
        else {
          seen.add(name);
          taken.push([name, bytes]);
        }
      }
      const scratch = IMPORT_DIR + "/" + (imports++);
      mkdirs(FS, scratch + "/");
      for (const [name, bytes] of taken) FS.writeFile(scratch + "/" + name, bytes);
      const left = webboard.check_import(scratch);
      removeTree(FS, scratch);
      const why = new Map(left ? left.split("\n").map((line) => line.split("\t")) : []);
      // A campaign's files go in together or not at all: one refused before the check
      // keeps the rest of its set out too.
      const stem = (name) => name.slice(0, name.lastIndexOf("."));
      for (const [name, because] of refused) {
        if (!kept(name) || !/\.(sav|j[01])$/.test(name)) continue;
        for (const [other] of taken) {
          if (stem(other) === stem(name)) {
            why.set(other, "its campaign's " + name + " is left out: " + because);
          }
        }
      }
      return {
        taken: taken.filter(([name]) => !why.has(name)),
        refused: [...refused, ...taken.filter(([name]) => why.has(name))
          .map(([name]) => [name, why.get(name)])],
      };
    },
    // The files checkImport took into the storage, for the firmware to find at its next
    // start (where it checks them again, as at every power-on). An imported file replaces
    // every kept file of its set (a campaign's snapshot and journal files as one). Throws
    // when the storage refuses them (nothing then changes but what was written).
    putImport(taken) {
      saves.put(taken, kept);
    },
    // Both at once: {taken: [names], refused: [[name, why]]}.
    importFiles(files) {
      const { taken, refused } = this.checkImport(files);
      this.putImport(taken);
      return { taken: taken.map(([name]) => name), refused };
    },
    turnMark: webboard.TURN_MARK, // a journal line's turn: "T:<n> " (webboard.py)
    noteMark: webboard.NOTE_MARK, // after it, the player's own line: " > "
  };
}
