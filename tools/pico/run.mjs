// Deckdelve on an emulated Raspberry Pi Pico (npm rp2040js, pinned in package.json): boots a
// MicroPython UF2 with our littlefs image, models the board's display (SSD1306 or SH1106, on
// I2C or SPI, on the board file's pins), drives its six buttons through a script, records
// every frame, and programs and erases the flash as the firmware asks, with the flash chip's
// timing. Driven by tools/pico/bench_pico.py, which builds the image and reads the log; run it
// through that.
//
//   node run.mjs FIRMWARE.uf2 BOOTROM.mjs FS.img SCRIPT.txt LOG.json --board BOARD.json
//                [--flash-out IMG] [--flash-log OPS.json] [--timing typical|worst]
//                [--cut CYCLE --seed N] [--xip on|off] [--xip-fill word|line]
//
// BOOTROM.mjs exports `bootromB1` (the RP2040 B1 bootrom as a Uint32Array, as in rp2040js's
// demo folder): the npm package does not ship it, so it is passed in like the firmware.
// FS.img is the rp2 port's filesystem area (it goes at flash offset FS_OFFSET).
// BOARD.json is the board file `make flash BOARD=...` copies (boards/): its display (controller,
// bus, pins, address, clock, col_offset) and its buttons (GPIO numbers, or "bootsel").
//
// SCRIPT, one step a line ('#' comments), all in emulated time:
//   label NAME     frames from here on are tagged NAME (the report groups by it)
//   press BTN      BTN (up down left right a b) goes down; it is let go 1 ms after the next
//                  frame begins (that frame reads it), then the script waits until SETTLE
//                  frames in a row redraw nothing
//   wait MS        let MS milliseconds of emulated time pass
//   probe          ask the firmware for one heap line (tools/pico/bench_main.py prints it)
//   quit           stop (also the end of the script)
// Frames are the firmware's own: MARK_PIN is high while boot.run() runs one, and REDRAWN_PIN is
// high at its end if it redrew the screen (boot.main's marker, tools/pico/bench_main.py).
//
// The flash. The rp2 port's block device (ports/rp2/rp2_flash.c) calls the pico-sdk's
// flash_range_erase/program, which run from RAM with interrupts off and call the bootrom's
// flash functions, found by code in the ROM's function table: connect_internal_flash (IF),
// flash_exit_xip (EX), flash_range_erase (RE), flash_range_program (RP), flash_flush_cache (FC),
// flash_enter_cmd_xip (CX). Each of those has a breakpoint at its entry here: the break handler
// does what the chip would (erase: a 4 KiB sector to 0xFF, or a 64 KiB block where the call
// allows; program: each page's bytes ANDed in, as NOR flash only clears bits), charges its time
// in cycles at 125 MHz (W25Q16JV datasheet: typical by default, --timing worst for the
// maximum), and returns. Between IF and the return of FC the flash is not readable (XIP is
// off): a fetch of code from flash then, or an erase or program with interrupts enabled, is an
// error in the log (the firmware would crash on a real Pico).
//   --flash-out IMG    the filesystem area as the run left it (boot it again as FS.img)
//   --flash-log OPS    every erase and page program: {kind E|P, addr, len, t0, t1, frame, label,
//                      data (hex, programs)}; t0, t1 in cycles of emulated time since power-on
//                      (the clock, time asleep included: 8 ns a cycle)
//   --cut CYCLE        a power cut at that instant of emulated time: the run stops there and
//                      --flash-out holds exactly what was programmed before it; an erase or page
//                      program under way is left partly done, as partial() makes it from --seed
//                      (tools/pico/flash_image.py rebuilds the same images offline from a flash log)
// The XIP cache (xip.mjs: what is modelled and what is not): on by default, every read of code
// or constants from flash goes through a model of the RP2040's 16 KiB two-way cache, a miss
// costing the QSPI read the SSI's registers give after boot2 (45 cycles with boot2_w25q080).
//   --xip off          no cache model: every flash read free, as rp2040js has it (the figures
//                      before the model; each frame's `miss` gives them from a run with it too)
//   --xip-fill line    a miss fetches the whole 8-byte line instead of its 4-byte half
//   --miss-profile OUT where the misses fell: {label: [[word address, misses], ...]} over the
//                      frames of each label (tools/pico/profile.py names the functions)
//   --cycle-profile OUT where the frames' cycles went: {label: [[instruction address, cycles],
//                      ...]}, each instruction's cycles, its misses included (slower to run)
//                      (each profile: from a frame's first display transfer on, under
//                      `LABEL+pushing`)
//   --read-profile OUT every read of flash, by word: {label: [[word address, reads], ...]} (the
//                      frozen bytecode's reads name the Python functions that ran)
// LOG.json: {frames: [{n, label, press, cycles, redrawn, draw, shown, flash_shown?, pushed, bytes, t0, t1, at, flash?, ram?}],
// pushes, probes, serial, error, bus, flash: {erases, programs, busy, timing, xip_off: times the
// flash was taken out of XIP, checked: instructions run meanwhile, all checked}, cut?, end};
// `press` names the button a frame read first, `cycles` are the frame's (instructions run,
// flash operations included; not the time asleep), `t0` and `t1` its start and end in emulated
// time since reset (as a flash log's: the clock, time asleep included), `at` its end rounded
// (the boot figure's), `draw` is the frame's cycles before its first display transfer, `flash` (when it wrote) {erases, programs, busy: cycles the chip was busy},
// `shown` the frame's cycles to the end of its last display transfer (the answer on screen; a
// save put off until then comes after: App.later), `flash_shown` its flash figures until then,
// `ram` (hex, 1024 bytes: the panel's 128 columns of the controller's RAM, in page order) is kept
// for every frame that pushed data. `miss` (cache model on): {cycles, draw, shown: the cycles
// of cache misses within the frame's cycles, draw and shown; misses, accesses; total: every
// miss's cycles since reset, at the frame's end}; the log's `xip`:
// {fill, miss: cycles a miss costs at the end, overhead, hits, accesses, misses, miss_cycles}.
import fs from 'fs';
import { pathToFileURL } from 'url';
import { decodeBlock } from 'uf2';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { attachXipCache, runLoop, OVERHEAD_CYCLES } from './xip.mjs';

const positional = [];
const opts = {};
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) opts[argv[i].slice(2)] = argv[++i];
    else positional.push(argv[i]);
  }
}
const [uf2File, bootromFile, fsImage, scriptFile, logFile] = positional;
if (!logFile || !opts.board) {
  console.error('usage: node run.mjs FIRMWARE.uf2 BOOTROM.mjs FS.img SCRIPT.txt LOG.json --board BOARD.json '
    + '[--flash-out IMG] [--flash-log OPS.json] [--timing typical|worst] [--cut CYCLE --seed N]');
  process.exit(2);
}
const XIP = opts.xip || 'on';
if (XIP !== 'on' && XIP !== 'off') { console.error(`run.mjs: --xip must be on or off, not ${XIP}`); process.exit(2); }
const board = JSON.parse(fs.readFileSync(opts.board, 'utf8'));
const TIMING = opts.timing || 'typical';
if (TIMING !== 'typical' && TIMING !== 'worst') {
  console.error(`run.mjs: --timing must be typical or worst, not ${TIMING}`);
  process.exit(2);
}
// The harness's pins (tools/pico/bench_main.py): free on every board in boards/.
const PROBE_PIN = 26;
const MARK_PIN = 27;
const REDRAWN_PIN = 28;
const SETTLE = 3;  // idle frames in a row that end a step
const CLOCK_HZ = 125e6;
const NS = 1e9 / CLOCK_HZ;  // 8 ns a cycle
const WALL_S = +(process.env.PICO_WALL_S || 3600);  // (a 500-action campaign on a shared machine, misses modelled: over 10 min)
const FS_OFFSET = 0xa0000;  // the rp2 port's littlefs area on a 2 MiB RPI_PICO

const { bootromB1 } = await import(pathToFileURL(bootromFile).href);
const sim = new Simulator();
const mcu = sim.rp2040;
const core = mcu.core;
mcu.loadBootrom(bootromB1);
mcu.logger = new ConsoleLogger(LogLevel.Error);
const uf2 = fs.readFileSync(uf2File);
for (let o = 0; o + 512 <= uf2.length; o += 512) {
  const { flashAddress, payload } = decodeBlock(uf2.subarray(o, o + 512));
  mcu.flash.set(payload, flashAddress - 0x10000000);
}
const xip = XIP === 'on' ? attachXipCache(mcu, { fill: opts['xip-fill'] || 'word' }) : null;
const loop = runLoop(sim, CLOCK_HZ);
const missCycles = () => (xip ? xip.missCycles : 0);
const fsBytes = fs.readFileSync(fsImage);
mcu.flash.set(fsBytes, FS_OFFSET);

const log = { frames: [], pushes: 0, probes: [], serial: '', error: null, bus: null,
  flash: { erases: 0, programs: 0, busy: 0, timing: TIMING, xip_off: 0, checked: 0 } };
const cycles = () => core.cycles;
const now = () => Math.floor(sim.clock.nanos / NS);  // emulated time, in cycles
function fail(message) { if (!log.error) log.error = message; finish(); }

// ---- the display controller: SSD1306 (128 columns of RAM) or SH1106 (132) ----
const d = board.display;
const SH1106 = d.controller === 'sh1106';
if (!SH1106 && d.controller !== 'ssd1306') { console.error(`run.mjs: no model of a ${d.controller}`); process.exit(2); }
const COLS = SH1106 ? 132 : 128;
const COL0 = d.col_offset || 0;  // the RAM column the panel's first column shows
const ram = new Uint8Array(COLS * 8);
const ctl = { mode: 2, c0: 0, c1: 127, p0: 0, p1: 7, col: 0, page: 0 };
// Commands followed by argument bytes (SSD1306 datasheet section 10; SH1106 "Commands").
const ARGS = SH1106
  ? { 0x81: 1, 0xa8: 1, 0xad: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1 }
  : { 0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1, 0x8d: 1,
    0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2 };
let cmd = [], need = 0;
function resetController() {
  Object.assign(ctl, { mode: 2, c0: 0, c1: 127, p0: 0, p1: 7, col: 0, page: 0 });
  cmd = []; need = 0;  // (the RAM keeps what it held)
}
function command(b) {
  if (need) { cmd.push(b); if (--need) return; } else { cmd = [b]; need = ARGS[b] || 0; if (need) return; }
  const [c, a, b2] = cmd;
  if (!SH1106 && c === 0x20) ctl.mode = a & 3;
  else if (!SH1106 && c === 0x21) { ctl.c0 = a & 127; ctl.c1 = b2 & 127; ctl.col = ctl.c0; }
  else if (!SH1106 && c === 0x22) { ctl.p0 = a & 7; ctl.p1 = b2 & 7; ctl.page = ctl.p0; }
  else if (c >= 0xb0 && c <= 0xb7) ctl.page = c & 7;
  else if (c < 0x10) ctl.col = (ctl.col & 0xf0) | c;
  else if (c < 0x20) ctl.col = (ctl.col & 0x0f) | ((c & (SH1106 ? 15 : 7)) << 4);
}
function data(b) {
  if (ctl.col < COLS) ram[ctl.page * COLS + ctl.col] = b;
  if (SH1106) { ctl.col++; return; }  // page addressing only: along the page (stops past 131)
  if (ctl.mode === 0) {  // horizontal: wrap within the column and page window
    if (ctl.col++ >= ctl.c1) { ctl.col = ctl.c0; if (ctl.page++ >= ctl.p1) ctl.page = ctl.p0; }
  } else ctl.col = ctl.col >= ctl.c1 ? ctl.c0 : ctl.col + 1;  // page addressing: along the page
}
function panel() {  // the panel's 128 columns of each page
  const out = new Uint8Array(1024);
  for (let p = 0; p < 8; p++) out.set(ram.subarray(p * COLS + COL0, p * COLS + COL0 + 128), p * 128);
  return Buffer.from(out).toString('hex');
}

// ---- frames: MARK_PIN high while the firmware runs one ----
let frame = null, label = '', onFrameStart = null, onFrameEnd = null;
// The profiles (--cycle-profile, --read-profile, --miss-profile): {label: Map(address -> n)},
// written at exit; a frame's label, or `LABEL+pushing` from its first display transfer on.
const frameLabel = () => (frame.firstBus === null ? frame.label : frame.label + '+pushing');
function profile(flag) {
  const byLabel = new Map();
  process.on('exit', () => {
    const out = {};
    for (const [k, words] of byLabel) out[k] = [...words.entries()];
    fs.writeFileSync(opts[flag], JSON.stringify(out));
  });
  return (at, address, n) => {
    let words = byLabel.get(at);
    if (!words) byLabel.set(at, words = new Map());
    words.set(address, (words.get(address) || 0) + n);
  };
}
if (opts['cycle-profile']) {
  const add = profile('cycle-profile');
  const execute = core.executeInstruction.bind(core);
  core.executeInstruction = () => {
    if (!frame) { execute(); return; }
    const pc = core.PC, c0 = core.cycles, at = frameLabel();  // (the instruction may end the frame)
    execute();
    add(at, pc, core.cycles - c0);
  };
}
if (xip && opts['read-profile']) {
  const add = profile('read-profile');
  xip.onAccess = (address) => { if (frame) add(frameLabel(), (address & 0xfffffc) >>> 0, 1); };
}
if (xip && opts['miss-profile']) {
  const add = profile('miss-profile');  // (the frames' misses only, as the tables count them)
  xip.onMiss = (address) => { if (frame) add(frameLabel(), (address & 0xfffffc) >>> 0, 1); };
}
const firstTransfer = () => { if (frame && frame.firstBus === null) { frame.firstBus = cycles(); frame.missAtBus = missCycles(); } };
mcu.gpio[MARK_PIN].addListener(() => {
  const pin = mcu.gpio[MARK_PIN];
  const high = pin.outputEnable && pin.outputValue;
  if (high && !frame) {
    frame = { n: log.frames.length + 1, label, start: cycles(), t0: now(), firstBus: null, bytes: 0, flash: null,
      miss0: missCycles(), misses0: xip ? xip.misses : 0, acc0: xip ? xip.accesses : 0 };
    if (onFrameStart) { const f = onFrameStart; onFrameStart = null; f(); }
  } else if (!high && frame) {
    const f = frame; frame = null;
    const r = mcu.gpio[REDRAWN_PIN];
    const rec = { n: f.n, label: f.label, press: f.press || null, cycles: cycles() - f.start, redrawn: !!(r.outputEnable && r.outputValue),
      draw: (f.firstBus === null ? cycles() : f.firstBus) - f.start, shown: (f.bytes ? f.lastPush : cycles()) - f.start,
      pushed: f.bytes > 0, bytes: f.bytes, t0: f.t0, t1: now(),
      at: Math.round(sim.clock.nanos / NS) };
    if (f.flash) rec.flash = f.flash;
    if (xip) {
      const end = missCycles() - f.miss0;
      rec.miss = { cycles: end, draw: (f.firstBus === null ? end : f.missAtBus - f.miss0),
        shown: f.bytes ? f.missAtPush - f.miss0 : end, misses: xip.misses - f.misses0, accesses: xip.accesses - f.acc0,
        total: missCycles() };
    }
    if (f.flashAtPush) rec.flash_shown = f.flashAtPush;  // (the flash's part before the push ended)
    if (f.bytes) rec.ram = panel();
    log.frames.push(rec);
    if (onFrameEnd) onFrameEnd(rec);
  }
});
function pushed(bytes) { log.pushes++; if (frame) { frame.bytes += bytes; frame.lastPush = cycles(); frame.missAtPush = missCycles(); frame.flashAtPush = frame.flash ? { ...frame.flash } : null; } }

// ---- the display's bus ----
if (d.bus === 'i2c') {
  // I2C target at the board's address, 9 bit times a byte at the board's clock, no stretching.
  // Each transfer starts with a control byte: D/C# (0x40) data or commands, Co (0x80) one byte
  // then another control byte (SSD1306 datasheet 8.1.5; SH1106 the same).
  const BIT_NS = 1e9 / (d.freq || 400000);
  log.bus = { kind: 'i2c', hz: d.freq || 400000 };
  const i2c = mcu.i2c[d.id];
  let addr = null, control = null, dataBytes = 0, pending = null;
  const i2cAlarm = sim.clock.createAlarm(() => { const f = pending; pending = null; f(); });
  const after = (bits, fn) => { pending = fn; i2cAlarm.schedule(bits * BIT_NS); };
  i2c.onStart = () => { firstTransfer(); after(1, () => i2c.completeStart()); };
  i2c.onConnect = (address) => { addr = address; control = null; dataBytes = 0; after(9, () => i2c.completeConnect(address === d.addr)); };
  i2c.onWriteByte = (v) => {
    if (addr === d.addr) {
      if (control === null) control = v;
      else {
        if (control & 0x40) { data(v); dataBytes++; } else command(v);
        if (control & 0x80) control = null;
      }
    }
    after(9, () => i2c.completeWrite(addr === d.addr));
  };
  i2c.onReadByte = () => after(9, () => i2c.completeRead(0));
  i2c.onStop = () => after(1, () => {
    if (dataBytes) pushed(dataBytes);
    dataBytes = 0; control = null; i2c.completeStop();
  });
} else if (d.bus === 'spi') {
  // 4-wire SPI: a byte is read while chip select is low, a command when D/C is low, data when
  // high; it takes 8 bit times at the clock the firmware set the SPI block to (the board asks
  // for d.freq; the RP2040's dividers give what they can). RES low resets the controller.
  const spi = mcu.spi[d.id];
  const pin = (n) => mcu.gpio[n];
  const level = (n) => pin(n).outputEnable && pin(n).outputValue;
  let dataBytes = 0, done = null;
  const spiAlarm = sim.clock.createAlarm(() => { const v = done; done = null; spi.completeTransmit(v); });
  spi.onTransmit = (v) => {
    const hz = spi.clockFrequency || d.freq;
    if (!log.bus) log.bus = { kind: 'spi', hz, asked_hz: d.freq };
    if (!level(d.cs)) {
      firstTransfer();
      if (level(d.dc)) { data(v); dataBytes++; } else command(v);
    }
    done = 0xff;  // (MISO is not wired)
    spiAlarm.schedule(8 * 1e9 / hz);
  };
  pin(d.cs).addListener(() => { if (level(d.cs) && dataBytes) { pushed(dataBytes); dataBytes = 0; } });
  if (d.res !== undefined && d.res !== null) {
    let wasLow = false;
    pin(d.res).addListener(() => {
      const low = pin(d.res).outputEnable && !pin(d.res).outputValue;
      if (low && !wasLow) resetController();
      wasLow = low;
    });
  }
} else { console.error(`run.mjs: no model of a display on ${d.bus}`); process.exit(2); }

// ---- the flash chip: the bootrom's flash functions, with breakpoints ----
// Cycles at 125 MHz (W25Q16JV datasheet rev. H, AC characteristics): page program tPP 0.4 ms
// typical, 3 ms maximum; sector erase (4 KiB) tSE 45 / 400 ms; block erase 32 KiB tBE1 120 /
// 1600 ms, 64 KiB tBE2 150 / 2000 ms. The bootrom sends the commands at clk_sys / 6 (its SSI
// baud divider), 8 bits a byte: write enable (1 byte), then the command, 3 address bytes and
// the data. Its other flash functions only set pads and the SSI up: a few hundred cycles.
const MS = CLOCK_HZ / 1000;
const CHIP = TIMING === 'worst'
  ? { page: 3 * MS, sector: 400 * MS, block32: 1600 * MS, block64: 2000 * MS }
  : { page: 0.4 * MS, sector: 45 * MS, block32: 120 * MS, block64: 150 * MS };
const SPI_BYTE = 8 * 6;  // cycles a byte on the bootrom's flash SPI
const SETUP = { IF: 200, EX: 20 * SPI_BYTE, FC: 100, CX: 200 };  // estimates: tiny next to a page
const SECTOR = 4096, PAGE = 256;
const ops = [];  // every erase and page program, in order
let xipOff = false;
const fetch = core.executeInstruction;  // (the cycle profile's, when it runs)
function fetchChecked() {  // while XIP is off: no code may run from flash
  log.flash.checked++;
  const pc = core.PC >>> 0;
  if (pc >= 0x10000000 && pc < 0x14000000) fail(`code ran from flash (0x${pc.toString(16)}) while the flash was busy (XIP off)`);
  return fetch.call(core);
}
function setXip(off) {
  if (off && !xipOff) log.flash.xip_off++;
  xipOff = off;
  core.executeInstruction = off ? fetchChecked : fetch;
}

// A power cut part-way through an operation: partial() gives what the erased sector or
// programmed page holds then, from the seed (mulberry32; tools/pico/flash_image.py has its twin).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0);
  };
}
// A page program cut: its first k bytes are written, byte k only some of its bits, the rest
// not at all. An erase cut: its first k bytes are erased, every later byte has some of its
// bits raised (a cell part-way erased reads either way). k is drawn from 0..len.
function partial(op, seed) {
  const r = rng(seed);
  const k = r() % (op.len + 1);
  const a = op.addr;
  if (op.kind === 'P') {
    for (let i = 0; i < k; i++) mcu.flash[a + i] &= op.bytes[i];
    if (k < op.len) mcu.flash[a + k] &= op.bytes[k] | (r() & 0xff);
  } else {
    mcu.flash.fill(0xff, a, a + k);
    for (let i = k; i < op.len; i++) mcu.flash[a + i] |= r() & 0xff;
  }
  return { k };
}

const CUT = opts.cut !== undefined ? +opts.cut : null;
const SEED = +(opts.seed || 0);
// Charge an operation of `cost` cycles: the core is busy polling the chip meanwhile (its cycles
// count, and the clock runs: a timer interrupt comes due and is taken after the operation).
function busy(cost) {
  core.cycles += cost;
  sim.clock.tick(cost * NS);
  loop.ahead += cost;
}
function physical(kind, addr, len, cost, bytes) {
  const t0 = now();
  const op = { kind, addr, len, t0, t1: t0 + cost, frame: frame ? frame.n : null, label, bytes };
  if (CUT !== null && CUT < op.t1) {  // the power goes during this operation
    log.cut = { at: CUT, op: ops.length, kind, addr, ...partial(op, SEED) };
    ops.push(op);
    return powerCut();
  }
  if (kind === 'P') for (let i = 0; i < len; i++) mcu.flash[addr + i] &= bytes[i];
  else mcu.flash.fill(0xff, addr, addr + len);
  ops.push(op);
  if (kind === 'P') log.flash.programs++; else log.flash.erases++;
  log.flash.busy += cost;
  if (frame) {
    const f = frame.flash || (frame.flash = { erases: 0, programs: 0, busy: 0 });
    if (kind === 'P') f.programs++; else f.erases++;
    f.busy += cost;
  }
  busy(cost);
  return true;
}
function romErase(addr, count, blockSize, blockCmd) {
  const goal = addr + count;
  while (addr < goal) {
    if (blockSize && addr % blockSize === 0 && goal - addr >= blockSize && (blockCmd === 0xd8 || blockCmd === 0x52)) {
      const cost = 5 * SPI_BYTE + (blockSize >= 65536 ? CHIP.block64 : CHIP.block32);
      if (!physical('E', addr, blockSize, cost)) return;
      addr += blockSize;
    } else {
      if (!physical('E', addr, SECTOR, 5 * SPI_BYTE + CHIP.sector)) return;
      addr += SECTOR;
    }
  }
}
function romProgram(addr, src, count) {
  const goal = addr + count;
  while (addr < goal) {
    const len = Math.min(PAGE - (addr % PAGE), goal - addr);
    const bytes = new Uint8Array(len);
    for (let i = 0; i < len; i++) bytes[i] = mcu.readUint8(src + i);
    if (!physical('P', addr, len, (5 + len) * SPI_BYTE + CHIP.page, bytes)) return;
    addr += len; src += len;
  }
}
const rom = new Uint8Array(mcu.bootrom.buffer);
const half = (a) => rom[a] | (rom[a + 1] << 8);
const HOOKS = ['IF', 'EX', 'RE', 'RP', 'FC', 'CX'];
const hookAt = new Map();  // ROM address -> function code
for (let t = half(0x14); half(t); t += 4) {
  const code = String.fromCharCode(half(t) & 0xff, half(t) >> 8);
  if (HOOKS.includes(code)) hookAt.set(half(t + 2) & ~1, code);
}
if (hookAt.size !== HOOKS.length) { console.error('run.mjs: the bootrom has not all its flash functions'); process.exit(2); }
for (const [a, code] of hookAt) {  // BKPT #n at the entry (a Thumb halfword in the ROM's words)
  const w = a >>> 2, bkpt = 0xbe00 | (HOOKS.indexOf(code) + 1);
  mcu.bootrom[w] = a & 2 ? (mcu.bootrom[w] & 0xffff) | (bkpt << 16) : (mcu.bootrom[w] & 0xffff0000) | bkpt;
}
mcu.onBreak = (n) => {
  const at = (core.PC - 2) >>> 0;
  const code = hookAt.get(at);
  if (!code || HOOKS.indexOf(code) + 1 !== n) return fail(`breakpoint ${n} at 0x${at.toString(16)}`);
  const [r0, r1, r2, r3] = core.registers;
  if (code === 'IF' || code === 'EX') setXip(true);
  if ((code === 'RE' || code === 'RP') && !core.PM) return fail(`flash ${code === 'RE' ? 'erase' : 'program'} with interrupts enabled`);
  if ((code === 'RE' || code === 'RP') && !xipOff) return fail(`flash ${code} without flash_exit_xip first`);
  core.PC = core.LR & ~1;  // return from the ROM function (before the flash work: a cut stops there)
  if (code === 'RE') romErase(r0 >>> 0, r1 >>> 0, r2 >>> 0, r3 & 0xff);
  else if (code === 'RP') romProgram(r0 >>> 0, r1 >>> 0, r2 >>> 0);
  else {
    busy(SETUP[code]);
    if (code === 'FC') { setXip(false); if (xip) xip.flush(); }
  }
};

// ---- a power cut ----
function powerCut() {
  log.cut = log.cut || { at: CUT, op: null };
  finish();
  return false;
}
if (CUT !== null) sim.clock.createAlarm(() => { if (!log.cut) powerCut(); }).schedule(CUT * NS);

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

// ---- buttons (pulled up: high = up; "bootsel" is the QSPI chip select, low when pressed) ----
const BUTTONS = {};
for (const [name, n] of Object.entries(board.buttons)) {
  BUTTONS[name] = n === 'bootsel' ? mcu.qspi[1] : mcu.gpio[n];
  if (n !== 'bootsel' && [PROBE_PIN, MARK_PIN, REDRAWN_PIN].includes(n)) {
    console.error(`run.mjs: the board's ${name} button is on GP${n}, one of the harness's pins`); process.exit(2);
  }
}
// (The QSPI chip select's pad starts with its input enabled, as on the chip: PADS_QSPI
// GPIO_QSPI_SS resets to 0x5a; rp2040js starts every pad as the GPIOs', input off.)
mcu.qspi[1].padValue = 0x5a;
for (const p of Object.values(BUTTONS)) p.setInputValue(true);
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
function release() { BUTTONS[held].setInputValue(true); held = null; settle(next); }
function next() {
  if (si >= steps.length) return finish();
  const [op, arg] = steps[si++];
  if (op === 'label') { label = arg; next(); }
  else if (op === 'wait') stepAlarm.schedule(+arg * 1e6);
  else if (op === 'press') {
    if (!(arg in BUTTONS)) return fail(`bad button ${arg}`);
    held = arg; BUTTONS[arg].setInputValue(false);
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
let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  sim.stop();
  if (/Traceback/.test(log.serial)) log.error = log.error || 'the firmware printed a traceback';
  log.end = now();
  if (xip) log.xip = { fill: xip.fill, miss: xip.cost(), overhead: OVERHEAD_CYCLES, hits: xip.hits,
    accesses: xip.accesses, misses: xip.misses, miss_cycles: xip.missCycles };
  if (opts['flash-out']) fs.writeFileSync(opts['flash-out'], mcu.flash.subarray(FS_OFFSET, FS_OFFSET + fsBytes.length));
  if (opts['flash-log']) {
    const out = ops.map((o) => ({ kind: o.kind, addr: o.addr - FS_OFFSET, len: o.len, t0: o.t0, t1: o.t1,
      frame: o.frame, label: o.label, data: o.bytes ? Buffer.from(o.bytes).toString('hex') : undefined }));
    fs.writeFileSync(opts['flash-log'], JSON.stringify({ fs_offset: FS_OFFSET, timing: TIMING, ops: out }));
  }
  fs.writeFileSync(logFile, JSON.stringify(log));
  process.exit(0);
}
setTimeout(() => fail(`no end after ${WALL_S} s of wall time (step ${si} of ${steps.length})`), WALL_S * 1000);
mcu.core.PC = 0x10000000;
sim.execute();
