// Deckdelve on an emulated Raspberry Pi Pico (npm rp2040js, pinned in package.json): boots a
// MicroPython UF2 with our littlefs image, models an SSD1306 on I2C0 (address 0x3C, 400 kHz
// bit times), drives the six buttons through a script and records every frame. Driven by
// tools/bench_pico.py, which builds the image and reads the log; run it through that.
//
//   node run.mjs FIRMWARE.uf2 BOOTROM.mjs FS.img SCRIPT.txt LOG.json
//
// BOOTROM.mjs exports `bootromB1` (the RP2040 B1 bootrom as a Uint32Array, as in rp2040js's
// demo folder): the npm package does not ship it, so it is passed in like the firmware.
// SCRIPT, one step a line ('#' comments), all in emulated time:
//   label NAME     frames from here on are tagged NAME (the report groups by it)
//   press BTN      BTN (up down left right a b) goes down; it is let go 1 ms after the next
//                  frame begins (that frame reads it), then the script waits until SETTLE
//                  frames in a row redraw nothing
//   wait MS        let MS milliseconds of emulated time pass
//   probe          ask the firmware for one heap line (tools/pico/bench_main.py prints it)
//   quit           stop (also the end of the script)
// Frames are the firmware's own: GP3 is high while boot.run() runs one, and GP6 is high at
// its end if it redrew the screen (boot.main's marker, tools/pico/bench_main.py).
// LOG.json: {frames: [{n, label, press, end, cycles, redrawn, draw, pushed, bytes, ram?}], pushes,
// probes, serial, error}; `press` names the button a frame read first, `at` is the time since
// reset at the frame's end (in cycles at 125 MHz: it counts time asleep too, `cycles` does not), `draw` is the frame's cycles before its first I2C transfer, `ram` (hex, 1024
// bytes, the controller's RAM in page order) is kept for every frame that pushed data.
import fs from 'fs';
import { pathToFileURL } from 'url';
import { decodeBlock } from 'uf2';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const [uf2File, bootromFile, fsImage, scriptFile, logFile] = process.argv.slice(2);
if (!logFile) {
  console.error('usage: node run.mjs FIRMWARE.uf2 BOOTROM.mjs FS.img SCRIPT.txt LOG.json');
  process.exit(2);
}
const PINS = { up: 10, down: 11, left: 12, right: 13, a: 14, b: 15 };  // boards/ssd1306-i2c.json
const MARK_PIN = 3;
const REDRAWN_PIN = 6;
const PROBE_PIN = 2;
const SETTLE = 3;  // idle frames in a row that end a step
const BIT_NS = 2500;  // 400 kHz I2C: one bit time
const WALL_S = +(process.env.PICO_WALL_S || 600);
const FS_OFFSET = 0xa0000;  // the rp2 port's littlefs area on a 2 MiB RPI_PICO

const { bootromB1 } = await import(pathToFileURL(bootromFile).href);
const sim = new Simulator();
const mcu = sim.rp2040;
mcu.loadBootrom(bootromB1);
mcu.logger = new ConsoleLogger(LogLevel.Error);
const uf2 = fs.readFileSync(uf2File);
for (let o = 0; o + 512 <= uf2.length; o += 512) {
  const { flashAddress, payload } = decodeBlock(uf2.subarray(o, o + 512));
  mcu.flash.set(payload, flashAddress - 0x10000000);
}
mcu.flash.set(fs.readFileSync(fsImage), FS_OFFSET);

const log = { frames: [], pushes: 0, probes: [], serial: '', error: null };
const cycles = () => mcu.core.cycles;

// ---- SSD1306 (and the SH1106's page-addressing commands): the controller RAM ----
const ram = new Uint8Array(1024);
const ctl = { mode: 2, c0: 0, c1: 127, p0: 0, p1: 7, col: 0, page: 0 };
const ARGS = { 0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1, 0x8d: 1, 0xad: 1 };
let cmd = [], need = 0;
function command(b) {
  if (need) { cmd.push(b); if (--need) return; } else { cmd = [b]; need = ARGS[b] || 0; if (need) return; }
  const [c, a, b2] = cmd;
  if (c === 0x20) ctl.mode = a & 3;
  else if (c === 0x21) { ctl.c0 = a & 127; ctl.c1 = b2 & 127; ctl.col = ctl.c0; }
  else if (c === 0x22) { ctl.p0 = a & 7; ctl.p1 = b2 & 7; ctl.page = ctl.p0; }
  else if (c >= 0xb0 && c <= 0xb7) ctl.page = c & 7;
  else if (c < 0x10) ctl.col = (ctl.col & 0xf0) | c;
  else if (c < 0x20) ctl.col = (ctl.col & 0x0f) | ((c & 7) << 4);
}
function data(b) {
  ram[ctl.page * 128 + ctl.col] = b;
  if (ctl.mode === 0) {  // horizontal: wrap within the column and page window
    if (ctl.col++ >= ctl.c1) { ctl.col = ctl.c0; if (ctl.page++ >= ctl.p1) ctl.page = ctl.p0; }
  } else ctl.col = (ctl.col + 1) & 127;  // page addressing: along the page
}

// ---- frames: GP3 high while the firmware runs one ----
let frame = null, label = '', onFrameStart = null, onFrameEnd = null;
mcu.gpio[MARK_PIN].addListener(() => {
  const pin = mcu.gpio[MARK_PIN];
  const high = pin.outputEnable && pin.outputValue;
  if (high && !frame) {
    frame = { n: log.frames.length + 1, label, start: cycles(), firstI2C: null, bytes: 0 };
    if (onFrameStart) { const f = onFrameStart; onFrameStart = null; f(); }
  } else if (!high && frame) {
    const f = frame; frame = null;
    const r = mcu.gpio[REDRAWN_PIN];
    const rec = { n: f.n, label: f.label, press: f.press || null, at: Math.round(sim.clock.nanos / 8), cycles: cycles() - f.start, redrawn: !!(r.outputEnable && r.outputValue),
      draw: (f.firstI2C === null ? cycles() : f.firstI2C) - f.start, pushed: f.bytes > 0, bytes: f.bytes };
    if (f.bytes) rec.ram = Buffer.from(ram).toString('hex');
    log.frames.push(rec);
    if (onFrameEnd) onFrameEnd(rec);
  }
});

// ---- I2C0 target at 0x3C, 9 bit times a byte ----
const i2c = mcu.i2c[0];
let addr = null, control = null, first = false, dataBytes = 0, pending = null;
const i2cAlarm = sim.clock.createAlarm(() => { const f = pending; pending = null; f(); });
const after = (bits, fn) => { pending = fn; i2cAlarm.schedule(bits * BIT_NS); };
i2c.onStart = () => { if (frame && frame.firstI2C === null) frame.firstI2C = cycles(); after(1, () => i2c.completeStart()); };
i2c.onConnect = (address) => { addr = address; first = true; dataBytes = 0; after(9, () => i2c.completeConnect(address === 0x3c)); };
i2c.onWriteByte = (v) => {
  if (addr === 0x3c) {
    if (first) { control = v; first = false; } else if (control & 0x40) { data(v); dataBytes++; } else command(v);
  }
  after(9, () => i2c.completeWrite(addr === 0x3c));
};
i2c.onReadByte = () => after(9, () => i2c.completeRead(0));
i2c.onStop = () => after(1, () => {
  if (dataBytes) { log.pushes++; if (frame) frame.bytes += dataBytes; }
  dataBytes = 0; control = null; i2c.completeStop();
});

// ---- USB CDC: the console; reads are held until there is data (the stock model polls) ----
const cdc = new USBCDC(mcu.usbCtrl);
let heldRead = null;
const read = mcu.usbCtrl.onEndpointRead;
mcu.usbCtrl.onEndpointRead = (ep, size) => {
  if (ep === cdc.outEndpoint && cdc.txFIFO.itemCount === 0) { heldRead = size; return; }
  read(ep, size);
};
const sendByte = cdc.sendSerialByte.bind(cdc);
cdc.sendSerialByte = (b) => { sendByte(b); if (heldRead !== null) { const s = heldRead; heldRead = null; read(cdc.outEndpoint, s); } };
let line = '', onProbe = null;
cdc.onSerialData = (value) => {
  const s = Buffer.from(value).toString('latin1');
  log.serial += s; line += s;
  let i;
  while ((i = line.indexOf('\n')) >= 0) {
    const text = line.slice(0, i).trim(); line = line.slice(i + 1);
    if (text.startsWith('PROBE') && onProbe) { const f = onProbe; onProbe = null; f(text); }
  }
};
let started = false;
cdc.onDeviceConnected = () => { if (!started) { started = true; next(); } };

// ---- buttons (pulled up: high = up), the probe request pin, the script ----
for (const n of Object.values(PINS)) mcu.gpio[n].setInputValue(true);
mcu.gpio[PROBE_PIN].setInputValue(true);
const steps = fs.readFileSync(scriptFile, 'utf8').split('\n')
  .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => l.split(/\s+/));
let si = 0;
// A wait ends at the end of a frame, as every other step does (settle): a press made while
// a frame runs could be read by that frame, before the frame it is credited to.
const stepAlarm = sim.clock.createAlarm(() => {
  onFrameEnd = () => { onFrameEnd = null; next(); };
});
const releaseAlarm = sim.clock.createAlarm(() => release());
let held = null, idleRun = 0;

function settle(then) {
  idleRun = 0;
  onFrameEnd = (rec) => {
    idleRun = rec.redrawn || rec.pushed ? 0 : idleRun + 1;
    if (idleRun >= SETTLE) { onFrameEnd = null; then(); }
  };
}
function release() { mcu.gpio[PINS[held]].setInputValue(true); held = null; settle(next); }
function next() {
  if (si >= steps.length) return finish();
  const [op, arg] = steps[si++];
  if (op === 'label') { label = arg; next(); }
  else if (op === 'wait') stepAlarm.schedule(+arg * 1e6);
  else if (op === 'press') {
    if (!(arg in PINS)) return fail(`bad button ${arg}`);
    held = arg; mcu.gpio[PINS[arg]].setInputValue(false);
    onFrameStart = () => { frame.press = arg; releaseAlarm.schedule(1e6); };
  } else if (op === 'probe') {
    mcu.gpio[PROBE_PIN].setInputValue(false);
    onProbe = (text) => {
      mcu.gpio[PROBE_PIN].setInputValue(true);
      log.probes.push({ label, line: text, frame: log.frames.length });
      settle(next);
    };
  } else if (op === 'quit') finish();
  else fail(`unknown script step ${op}`);
}
function fail(message) { log.error = message; finish(); }
function finish() {
  sim.stop();
  if (/Traceback/.test(log.serial)) log.error = log.error || 'the firmware printed a traceback';
  fs.writeFileSync(logFile, JSON.stringify(log));
  process.exit(0);
}
setTimeout(() => fail(`no end after ${WALL_S} s of wall time (step ${si} of ${steps.length})`), WALL_S * 1000);
mcu.core.PC = 0x10000000;
sim.execute();
