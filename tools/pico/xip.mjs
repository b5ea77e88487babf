// The RP2040's XIP cache, modelled for rp2040js (which serves every read of flash at once, as
// if it always hit). Code and constants run from flash through a 16 KiB two-way cache; a miss
// goes out over QSPI to the flash chip and the core waits for it. Used by run.mjs (the emulated
// Pico) and xip_selftest.mjs (its check, in `make test` through tests/test_pico_xip.py).
//
// What is modelled (RP2040 datasheet section 2.6.3, "XIP"):
// - Geometry: 16 KiB, 2 ways, 8-byte lines (1024 sets), a valid bit per 32-bit half of a line,
//   so a miss fetches one 32-bit word (the chip's designer on raspberrypi/pico-sdk#1182);
//   fill: 'line' fetches both halves on a miss instead (a parameter, for comparison).
// - Replacement: least recently used of the two ways. The datasheet names no policy; LRU is
//   our assumption.
// - The aliases of the flash (address bits 25:24): 0x10 cached and allocating, 0x11 cached, a
//   miss not allocated, 0x12 no lookup (always goes to the flash) but the line allocated,
//   0x13 bypassing the cache altogether.
// - XIP_CTRL (0x14000000): CTRL.EN (cache off: every access goes to the flash), FLUSH (a write
//   empties the cache), STAT (flush ready, FIFO empty), CTR_HIT and CTR_ACC (32-bit saturating
//   counters of hits and of all XIP accesses; a write clears one), readable by the firmware
//   as on the chip.
// - Flushed when the bootrom's flash_flush_cache runs (run.mjs calls flush() there, after an
//   erase or program: the hooked ROM function does not run its own write to FLUSH).
// - The cost of a miss: computed from the SSI's registers as boot2 leaves them (frame format,
//   instruction and address+mode lengths, wait cycles, data frame size, BAUDR), the SCK cycles
//   of one read times BAUDR, plus OVERHEAD_CYCLES for chip select and the bus: that overhead
//   is an assumption (about 5 cycles), not a measured figure. With boot2_w25q080 (quad,
//   continuous read, 32 address+mode bits, 4 wait cycles, 32 data bits, BAUDR 2):
//   (8 + 4 + 8) SCK x 2 = 40 cycles, 45 with the overhead.
// What is not: the XIP streaming FIFO, the cache used as SRAM (0x15000000), the QSPI bus shared
// with DMA reads of flash (a DMA read is charged to the core here), and the M0+'s own fetch
// timing beyond this: a cached access to the same 32-bit word as the flash access just before
// it is not a new access (the core fetches Thumb code a word at a time, two 16-bit
// instructions; it would hit anyway, so only the counters see this).
// Before boot2 has set the SSI up (SSIENR 1, BAUDR non-zero), a miss costs nothing: run.mjs
// runs boot2 from flash, where the chip's bootrom copies it to SRAM first.

export const OVERHEAD_CYCLES = 5;  // assumption: chip select and the bus, per miss
export const SIZE = 16 * 1024, WAYS = 2, LINE = 8;
const SETS = SIZE / WAYS / LINE;  // 1024
const XIP_CTRL = 0x14000000;
const SSI_BASE = 0x18000000;

// SCK cycles of one XIP read from the SSI's registers (RP2040 datasheet 4.10.13).
export function missCycles(ssi, fill = 'word') {
  const baud = ssi.baudr & 0xffff;
  if (!(ssi.ssienr & 1) || !baud) return 0;
  const frf = (ssi.crtlr0 >>> 21) & 3;  // 0 standard, 1 dual, 2 quad
  const width = [1, 2, 4, 1][frf];
  const sc = ssi.spictlr0;
  const trans = sc & 3;  // 0: instruction and address on one line; 1: address wide; 2: both
  const addrBits = ((sc >>> 2) & 15) * 4;
  const instBits = [0, 4, 8, 16][(sc >>> 8) & 3];
  const wait = (sc >>> 11) & 31;
  const dataBits = (((ssi.crtlr0 >>> 16) & 31) + 1) * (fill === 'line' ? 2 : 1);
  const sck = instBits / (trans === 2 ? width : 1) + addrBits / (trans >= 1 ? width : 1)
    + wait + dataBits / width;
  return Math.ceil(sck) * baud + OVERHEAD_CYCLES;
}

// Puts the cache between the core and the flash of an rp2040js RP2040. Returns the model: its
// counters (hits, accesses, misses, missCycles: all since power-on, never cleared by the
// firmware), flush(), and cost() (a miss now, in cycles).
export function attachXipCache(mcu, { fill = 'word' } = {}) {
  if (fill !== 'word' && fill !== 'line') throw new Error(`xip fill must be word or line, not ${fill}`);
  const core = mcu.core;
  const ssi = mcu.findPeripheral(SSI_BASE);
  const tags = new Int32Array(SETS * WAYS).fill(-1);
  const valid = new Uint8Array(SETS * WAYS);  // bit 0: the line's first word, bit 1: its second
  const older = new Uint8Array(SETS);  // the way used least recently in each set
  const FULL = 3;
  const m = { hits: 0, accesses: 0, misses: 0, missCycles: 0, fill, ctrHit: 0, ctrAcc: 0, ctrlEn: 1 };
  let lastWord = -1;
  let cost = null;  // cycles a miss costs with the SSI as it is now (null: compute again)
  m.cost = () => (cost === null ? (cost = missCycles(ssi, fill)) : cost);
  m.flush = () => { valid.fill(0); tags.fill(-1); lastWord = -1; };
  const ssiWrite = ssi.writeUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => { cost = null; ssiWrite(offset, value); };

  m.onMiss = null;  // (address) => void: a profile of where the misses fall (run.mjs --miss-profile)
  function miss(address) {
    if (m.onMiss) m.onMiss(address);
    m.misses++;
    const c = m.cost();
    m.missCycles += c;
    core.cycles += c;
  }
  // One access of the flash at bus address `address` (0x10000000-0x13ffffff).
  function access(address) {
    const alias = (address >>> 24) & 3;
    const cached = alias < 2 && m.ctrlEn;
    const word = address >>> 2;
    if (cached && word === lastWord) return;  // the word the access before read: no new access
    lastWord = cached ? word : -1;
    m.accesses++;
    if (m.ctrAcc < 0xffffffff) m.ctrAcc++;
    if (alias === 3 || !m.ctrlEn) { miss(address); return; }
    const off = address & 0xffffff;
    const set = (off >>> 3) & (SETS - 1);
    const tag = off >>> 13;
    const half = (off & 4) ? 2 : 1;
    const i0 = set * WAYS;
    let way = tags[i0] === tag ? 0 : tags[i0 + 1] === tag ? 1 : -1;
    if (alias < 2 && way >= 0 && (valid[i0 + way] & half)) {
      m.hits++;
      if (m.ctrHit < 0xffffffff) m.ctrHit++;
      older[set] = 1 - way;
      return;
    }
    miss(address);
    if (alias === 1) return;  // no allocate
    if (way < 0) {  // a new line: an empty way, or the one used least recently
      way = tags[i0] === -1 ? 0 : tags[i0 + 1] === -1 ? 1 : older[set];
      tags[i0 + way] = tag;
      valid[i0 + way] = 0;
    }
    valid[i0 + way] |= fill === 'line' ? FULL : half;
    older[set] = 1 - way;
  }
  m.access = access;
  m.onAccess = null;  // (address) => void: every read of flash (run.mjs --read-profile)

  // XIP_CTRL's registers (datasheet 2.6.4), with the atomic set/clear/xor aliases for CTRL.
  function ctrlRead(address) {
    switch (address & 0xfff) {
      case 0x00: return m.ctrlEn ? 1 : 0;
      case 0x04: return 0;  // FLUSH reads 0 once the flush is done (at once here)
      case 0x08: return 0x3;  // STAT: FLUSH_READY, FIFO_EMPTY
      case 0x0c: return m.ctrHit >>> 0;
      case 0x10: return m.ctrAcc >>> 0;
      default: return 0;
    }
  }
  function ctrlWrite(address, value) {
    const atomic = (address >>> 12) & 3;  // 0 write, 1 xor, 2 set, 3 clear
    switch (address & 0xfff) {
      case 0x00: {
        const v = value & 1;
        m.ctrlEn = atomic === 0 ? v : atomic === 1 ? m.ctrlEn ^ v : atomic === 2 ? m.ctrlEn | v : m.ctrlEn & ~v;
        return;
      }
      case 0x04: m.flush(); return;
      case 0x0c: m.ctrHit = 0; return;
      case 0x10: m.ctrAcc = 0; return;
      default:
    }
  }

  const read32 = mcu.readUint32.bind(mcu), read16 = mcu.readUint16.bind(mcu), read8 = mcu.readUint8.bind(mcu);
  const write32 = mcu.writeUint32.bind(mcu);
  mcu.readUint32 = (address) => {
    address >>>= 0;
    const top = address >>> 26;  // 4: 0x10000000-0x13ffffff (flash); 5: 0x14... (XIP_CTRL)
    if (top === 4) { if (m.onAccess) m.onAccess(address); access(address); }
    else if (top === 5 && address < XIP_CTRL + 0x4000) return ctrlRead(address);
    return read32(address);
  };
  mcu.readUint16 = (address) => {
    if ((address >>> 26) === 4) { if (m.onAccess) m.onAccess(address >>> 0); access(address >>> 0); }
    return read16(address);
  };
  mcu.readUint8 = (address) => {
    if ((address >>> 26) === 4) { if (m.onAccess) m.onAccess(address >>> 0); access(address >>> 0); }
    return read8(address);
  };
  mcu.writeUint32 = (address, value) => {
    address >>>= 0;
    if ((address >>> 26) === 5 && address < XIP_CTRL + 0x4000) { ctrlWrite(address, value); return; }
    write32(address, value);
  };
  return m;
}

// The simulator's run loop with the clock ticked by every cycle the core spent (rp2040js's own
// loop ticks by executeInstruction's return, which leaves out the cycles a miss adds), at
// `hz`. Replaces sim.execute. Returns {ahead}: cycles a hook within an instruction added to
// core.cycles and ticked the clock by itself (not to be ticked again).
export function runLoop(sim, hz) {
  const core = sim.rp2040.core, clock = sim.clock;
  const ns = 1e9 / hz;
  const loop = { ahead: 0 };
  sim.execute = function execute() {
    this.executeTimer = null;
    this.stopped = false;
    for (let i = 0; i < 1000000 && !this.stopped; i++) {
      if (core.waiting) {
        const { nanosToNextAlarm } = clock;
        clock.tick(nanosToNextAlarm);
        i += nanosToNextAlarm / ns;
      } else {
        const c0 = core.cycles;
        core.executeInstruction();
        clock.tick((core.cycles - c0 - loop.ahead) * ns);
        loop.ahead = 0;
      }
    }
    if (!this.stopped) this.executeTimer = setTimeout(() => this.execute(), 0);
  };
  return loop;
}
