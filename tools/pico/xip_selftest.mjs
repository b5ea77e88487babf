// The XIP cache model's own check (xip.mjs), run by tests/test_pico_xip.py in `make test`: code
// run on a bare rp2040js core, no firmware. Prints one JSON line of what it measured and exits
// 1 with the failed checks (0 when all hold).
//   node xip_selftest.mjs
import { Simulator } from 'rp2040js';
import { attachXipCache, OVERHEAD_CYCLES } from './xip.mjs';

const sim = new Simulator();
const mcu = sim.rp2040;
const core = mcu.core;
const xip = attachXipCache(mcu);
const failed = [];
const check = (ok, what) => { if (!ok) failed.push(what); };

// The SSI as boot2_w25q080 leaves it: quad, 32-bit frames, EEPROM read; continuous read (XIP
// command 0xa0, no instruction), 8 x 4 address+mode bits, 4 wait cycles, both on four lines;
// BAUDR 2 (pico-sdk src/rp2_common/boot_stage2/boot2_w25q080.S).
const SSI = 0x18000000;
mcu.writeUint32(SSI + 0x08, 0);
mcu.writeUint32(SSI + 0x14, 2);
mcu.writeUint32(SSI + 0x00, (2 << 21) | (31 << 16) | (3 << 8));
mcu.writeUint32(SSI + 0xf4, (0xa0 << 24) | (8 << 2) | (4 << 11) | (0 << 8) | 2);
mcu.writeUint32(SSI + 0x08, 1);
check(xip.cost() === 40 + OVERHEAD_CYCLES, `a miss costs ${xip.cost()} cycles, not 40 + ${OVERHEAD_CYCLES}`);

const put16 = (address, halves) => halves.forEach((h, i) => {
  const a = address + 2 * i;
  if (a >= 0x20000000) mcu.sram[a - 0x20000000] = h & 0xff, mcu.sram[a - 0x20000000 + 1] = h >> 8;
  else mcu.flash[a - 0x10000000] = h & 0xff, mcu.flash[a - 0x10000000 + 1] = h >> 8;
});
let stopped = false;
mcu.onBreak = () => { stopped = true; };
function call(pc, lr) {  // run from pc until a BKPT; the misses and cycles it took
  const m0 = xip.misses, c0 = core.cycles;
  core.PC = pc; core.LR = lr | 1; stopped = false;
  for (let i = 0; i < 10_000_000 && !stopped; i++) core.executeInstruction();
  check(stopped, `the code at 0x${pc.toString(16)} did not come back`);
  return { misses: xip.misses - m0, cycles: core.cycles - c0 };
}

// A loop in RAM: 1000 times round, no miss.
const RAM = 0x20000100, BACK = 0x20000000;
put16(BACK, [0xbe01]);  // bkpt #1: where the code returns to
put16(RAM, [0x4802, 0x3801, 0xd1fd, 0xbe01, 0, 0, 1000, 0]);  // ldr r0, =1000; subs; bne; bkpt
const ram = call(RAM, BACK);
check(ram.misses === 0, `a loop in RAM missed ${ram.misses} times`);

// 8 KiB of straight code in flash (NOPs, then bx lr): its first pass misses once a 4-byte word,
// its second never.
const CODE = 0x10000000, WORDS = 8 * 1024 / 4;
put16(CODE, [...Array(2 * WORDS - 1).fill(0xbf00), 0x4770]);
const first = call(CODE, BACK), second = call(CODE, BACK);
check(first.misses === WORDS, `8 KiB of code missed ${first.misses} times on its first pass, not ${WORDS}`);
check(second.misses === 0, `8 KiB of code missed ${second.misses} times on its second pass`);
check(first.cycles - second.cycles === WORDS * xip.cost(),
  `the first pass took ${first.cycles - second.cycles} cycles more, not ${WORDS} misses' worth`);

// The counters, as the firmware reads them (XIP_CTRL CTR_HIT, CTR_ACC), and cleared by a write.
const hit = mcu.readUint32(0x1400000c), acc = mcu.readUint32(0x14000010);
check(hit === WORDS && acc === 2 * WORDS, `CTR_HIT ${hit}, CTR_ACC ${acc}: not ${WORDS} hits in ${2 * WORDS} accesses`);
mcu.writeUint32(0x1400000c, 0); mcu.writeUint32(0x14000010, 0);
check(mcu.readUint32(0x1400000c) === 0 && mcu.readUint32(0x14000010) === 0, 'a write did not clear the counters');

// A 16 KiB sweep from code 16 KiB away: two ways hold both, a third line in a set evicts the
// one used least recently.
const misses = (reads) => { const m0 = xip.misses; reads(); return xip.misses - m0; };
const rd = (a) => mcu.readUint32(a);
xip.flush();
check(misses(() => { rd(0x10000000); rd(0x10004000); rd(0x10000000); rd(0x10004000); }) === 2, 'two ways do not hold two lines of a set');
check(misses(() => { rd(0x10008000); rd(0x10004000); }) === 1, 'the third line did not evict the least recently used');
check(misses(() => rd(0x10000000)) === 1, 'the least recently used line was kept');

// The aliases: 0x11 looks up but does not allocate, 0x12 allocates but does not look up, 0x13
// bypasses. (Two reads of one word in a row are one access when cached: read another between.)
xip.flush();
check(misses(() => { rd(0x11000100); rd(0x11000200); rd(0x11000100); }) === 3, '0x11 allocated');
check(misses(() => { rd(0x10000100); rd(0x11000100); }) === 1, '0x11 did not hit a line 0x10 allocated');
check(misses(() => { rd(0x12000300); rd(0x12000300); }) === 2, '0x12 looked the line up');
check(misses(() => rd(0x10000300)) === 0, '0x12 did not allocate');
check(misses(() => { rd(0x13000400); rd(0x13000400); rd(0x10000400); }) === 3, '0x13 did not bypass the cache');
// CTRL.EN off: every access goes to the flash; FLUSH empties the cache.
mcu.writeUint32(0x14000000 + 0x3000, 1);  // CTRL, clear alias: EN off
check(misses(() => { rd(0x10000100); rd(0x10000100); }) === 2, 'the cache served reads with CTRL.EN off');
mcu.writeUint32(0x14000000 + 0x2000, 1);  // EN on again
check(misses(() => rd(0x10000100)) === 0, 'CTRL.EN on again lost the cache');
mcu.writeUint32(0x14000004, 1);
check(misses(() => rd(0x10000100)) === 1, 'FLUSH left the line');

console.log(JSON.stringify({ miss_cycles: xip.cost(), ram_loop: ram, first_pass: first, second_pass: second, failed }));
process.exit(failed.length ? 1 : 0);
