"""Time the benchmarks' reference loop (tools/mp/bench_ref.py) on the emulated Pico.

    python -m tools.pico.bench_pico_ref [--kit ../shared/pico-emu]

Runs the kit's boot.sh (stock MicroPython v1.28.0 for the RPI_PICO on rp2040js, 125 MHz) on a
throw-away copy of the checkout whose main.py is the reference loop, and prints one JSON line:
the loop's times in emulated microseconds and their median. tools/measure/bench.py keeps the
median as
PICO_REF_US; run this again if the loop changes. Needs node and npm (the kit installs its
runner on first use). The kit itself is used where it is, never copied into the project.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from tools import ROOT
# The kit sits in shared/ beside the checkout (../shared); a work tree is one folder deeper.
KIT = next((k for k in (os.path.join(ROOT, "..", "shared", "pico-emu"),
                        os.path.join(ROOT, "..", "..", "shared", "pico-emu"))
            if os.path.isdir(k)), os.path.join(ROOT, "..", "shared", "pico-emu"))
KIT = os.path.normpath(KIT)
REPEATS = 9

MAIN = """
# main.py of the reference-loop run on the emulated Pico (made by tools/pico/bench_pico_ref.py)
time.sleep_ms(1500)  # the host's USB console connects first
print("REF", time_us(%d))
"""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico.bench_pico_ref",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--kit", default=KIT, help="the pico-emu kit folder (default %(default)s)")
    args = ap.parse_args(argv)
    boot = os.path.join(args.kit, "boot.sh")
    if not os.path.exists(boot):
        print("no emulator kit at %s" % args.kit, file=sys.stderr)
        return 2
    for tool in ("node", "npm", "git"):
        if not shutil.which(tool):
            print("%s not found: the emulated Pico needs it" % tool, file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory() as tmp:
        proj = os.path.join(tmp, "proj")
        os.makedirs(proj)
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout.split(b"\0")
        for f in files:
            if f:
                rel = f.decode()
                os.makedirs(os.path.dirname(os.path.join(proj, rel)) or proj, exist_ok=True)
                shutil.copyfile(os.path.join(ROOT, rel), os.path.join(proj, rel))
        with open(os.path.join(ROOT, "tools", "mp", "bench_ref.py")) as f:
            loop = f.read()
        with open(os.path.join(proj, "firmware", "main.py"), "w") as f:
            f.write(loop + MAIN % REPEATS)
        subprocess.run(["git", "init", "-q"], cwd=proj, check=True)
        subprocess.run(["git", "add", "-A"], cwd=proj, check=True)
        os.symlink(os.path.join(ROOT, ".venv"), os.path.join(proj, ".venv"))
        script = os.path.join(tmp, "script.txt")
        with open(script, "w") as f:
            f.write("wait 6000\nquit\n")
        env = dict(os.environ)
        env.setdefault("PICO_EMU_WORK", os.path.join(tempfile.gettempdir(), "pico-emu-bench"))
        r = subprocess.run(["bash", boot, script, os.path.join(tmp, "out")], cwd=proj,
                           capture_output=True, text=True, env=env, timeout=1200)
    m = re.search(r"REF \[([0-9, ]+)\]", r.stdout)
    if not m:
        print("the emulated Pico printed no reference times (exit %d): %s" % (
            r.returncode, (r.stdout + r.stderr)[-300:].replace("\n", " ")), file=sys.stderr)
        return 1
    times = [int(x) for x in m.group(1).split(",")]
    print(json.dumps({"loop": "tools/mp/bench_ref.py", "us": times,
                      "median_us": statistics.median(times)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
