"""Which of the firmware's functions get their frame from the heap on the Pico.

    python -m tools.measure.frames [--all] [FILE.py ...]   (default: every file of firmware/)

MicroPython runs a bytecode function with its frame (locals, the value stack, one entry per
nested try) on the C stack only when it is at most 11 words; a larger one is allocated from
the heap on every call and freed at its return (py/objfun.c: VM_MAX_STATE_ON_STACK, the same
on the Pico and the unix port). On the Pico that allocation searches the heap from its first
free block: measured on the emulated Pico, a call of a function with 12 words of frame costs
~13.8 k cycles, one with 8 words ~1.8 k. So a function called for every item of a redraw
(a glyph run, a card, a visibility test) must fit in 11 words.

The words are read from the .mpy files tools/ship/mpy.py compiles (each function's prelude holds
its n_state and n_exc_stack; an exception-stack entry is 3 words), and each function is named
from the source by the line its code starts on. Prints one line per function whose frame is
on the heap (--all: every function), as file:line name words.
"""

import ast
import os
import sys

from tools import FIRMWARE
from tools.ship import mpy

STACK_WORDS = 11  # VM_MAX_STATE_ON_STACK / sizeof(mp_uint_t)
EXC_WORDS = 3  # sizeof(mp_exc_stack_t) / sizeof(mp_uint_t): handler, sp, previous exception


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def byte(self):
        b = self.data[self.at]
        self.at += 1
        return b

    def uint(self):
        n = 0
        while True:
            b = self.byte()
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                return n

    def skip(self, n):
        self.at += n


def _signature(r):
    """n_state and n_exc_stack from a bytecode prelude's signature (py/bc.h)."""
    z = r.byte()
    s = (z >> 3) & 0xF
    e = (z >> 2) & 1
    n = 0
    while z & 0x80:
        z = r.byte()
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    return s + 1, e


def _first_line(r, n_args):
    """The source line a function's code starts on: its line-number table's first entry
    (py/bc.h: mp_bytecode_get_source_line), after its name's and arguments' qstrs."""
    size = 0
    n = 0
    while True:
        z = r.byte()
        size |= ((z & 0x7E) >> 1) << (6 * n)
        if not z & 0x80:
            break
        n += 1
    start = r.at
    for _ in range(n_args):
        r.uint()
    line = 1
    if r.at < start + size:
        c = r.byte()
        if c & 0x80:
            line += ((c << 4) & 0x700) | r.byte()
        else:
            line += c >> 5
    return line


def functions(mpy_path):
    """(first line, frame words) of every bytecode function in a .mpy file."""
    with open(mpy_path, "rb") as f:
        r = _Reader(f.read())
    if r.byte() != ord("M"):
        raise ValueError("%s: not a .mpy file" % mpy_path)
    r.skip(1)
    feature = r.byte()
    r.skip(1)
    if feature & 0x40:  # MP_NATIVE_ARCH_FLAGS_PRESENT
        r.uint()
    n_qstr = r.uint()
    n_obj = r.uint()
    for _ in range(n_qstr):
        n = r.uint()
        if not n & 1:
            r.skip((n >> 1) + 1)
    for _ in range(n_obj):
        _skip_obj(r)
    out = []
    _raw_code(r, out)
    return out


def _skip_obj(r):
    kind = r.byte()
    if kind <= 4:  # fun table, None, False, True, Ellipsis
        return
    if kind == 10:  # tuple
        for _ in range(r.uint()):
            _skip_obj(r)
        return
    n = r.uint()
    r.skip(n + (1 if kind in (5, 6) else 0))  # str and bytes end in a NUL


def _raw_code(r, out):
    kind_len = r.uint()
    kind = kind_len & 3  # 0: bytecode (native code has no heap frame)
    size = kind_len >> 3
    start = r.at
    if kind == 0:
        sub = _Reader(r.data)
        sub.at = start
        n_state, n_exc = _signature(sub)
        # (the prelude's argument count is in the signature too; the name and every
        # argument's qstr come before the line table)
        out.append((_first_line(sub, 1 + _arg_count(r.data, start)), n_state + EXC_WORDS * n_exc))
    r.at = start + size
    if kind != 0:
        _skip_native_tail(r, kind)
    if (kind_len >> 2) & 1:
        for _ in range(r.uint()):
            _raw_code(r, out)


def _arg_count(data, at):
    """Positional and keyword-only arguments, from a prelude signature (py/bc.h)."""
    r = _Reader(data)
    r.at = at
    z = r.byte()
    a = z & 3
    k = 0
    n = 0
    while z & 0x80:
        z = r.byte()
        a |= (z & 0x4) << n
        k |= ((z & 0x08) >> 3) << n
        n += 1
    return a + k


def _skip_native_tail(r, kind):
    if kind == 1:  # native Python: its prelude's offset
        r.uint()
        return
    flags = r.uint()
    if kind == 2:  # viper: rodata, bss, relocations
        rodata = r.uint() if flags & 0x20 else 0
        if flags & 0x40:
            r.uint()
        r.skip(rodata)
        if flags & 0x10:
            while True:
                op = r.byte()
                if op == 0xFF:
                    break
                if op & 1:
                    r.uint()
                op >>= 1
                if op <= 5 and op & 1:
                    r.uint()
    else:  # inline assembler: arguments and type signature
        r.uint()
        r.uint()


def names(py_path):
    """A function (line -> its qualified name) for the source file: the innermost function
    (or lambda) whose lines hold that line, else <module>. (A function's code starts on its
    first statement, after its docstring.)"""
    with open(py_path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    spans = []

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                name = prefix + getattr(child, "name", "<lambda>")
                spans.append((child.lineno, child.end_lineno, name))
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")

    def name(line):
        best = None
        for start, end, n in spans:
            if start <= line <= end and (best is None or start >= best[0]):
                best = (start, n)
        return best[1] if best else "<module>"

    return name


def report(py_paths, show_all=False):
    """Lines 'file:line name words [heap]' for the functions of these firmware sources."""
    mpy.build()
    lines = []
    for py in py_paths:
        rel = os.path.relpath(py, FIRMWARE)
        compiled = os.path.join(mpy.BUILD, rel[:-3] + ".mpy")
        if not os.path.isfile(compiled):
            continue
        named = names(py)
        for line, words in functions(compiled):
            heap = words > STACK_WORDS
            if heap or show_all:
                lines.append("%s:%d %s %d%s" % (os.path.relpath(py, mpy.ROOT), line,
                                                named(line),
                                                words, " heap" if heap else ""))
    return lines


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    show_all = "--all" in args
    paths = [a for a in args if a != "--all"]
    if not paths:
        paths = [os.path.join(folder, f) for folder, _d, files in os.walk(FIRMWARE)
                 for f in sorted(files) if f.endswith(".py")]
    for line in report([os.path.abspath(p) for p in paths], show_all):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
