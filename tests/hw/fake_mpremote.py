"""A stand-in for mpremote in the deploy tests (CPython): a "device" is a folder
(FAKE_DEVICE_DIR) whose MicroPython version is FAKE_DEVICE_VERSION ("1.24.1") and .mpy word
FAKE_DEVICE_MPY (int), running the Deckdelve firmware image FAKE_DEVICE_IMAGE (its version;
unset: plain MicroPython). Understands the commands tools/ship/deploy.py issues:
    connect PORT exec CODE | rm -r :PATH | cp -r SRC : | cp SRC :DEST | reset
and appends each command line to FAKE_DEVICE_DIR/../mpremote.log. exec of deploy's version
probe answers as the device; any other code runs under the MicroPython unix port
(FAKE_DEVICE_MICROPYTHON, its path) in the device folder, with the fake machine
(tests/hw) beside the device's files, as tools/pico/bench_pico.py --device needs. soft-reset before
another command is accepted (and does nothing)."""

import os
import shutil
import sys


def main(argv):
    root = os.environ["FAKE_DEVICE_DIR"]
    with open(os.path.join(os.path.dirname(root), "mpremote.log"), "a") as f:
        f.write(" ".join(argv) + "\n")
    if argv[:1] != ["connect"] or len(argv) < 3:
        print("fake mpremote: expected connect PORT ...", file=sys.stderr)
        return 1
    cmd = argv[2:]
    if cmd[0] == "soft-reset" and len(cmd) > 1:
        cmd = cmd[1:]
    if cmd[0] == "exec" and "DECKDELVE-PROBE" not in cmd[1]:
        import subprocess

        env = dict(os.environ)
        env["MICROPYPATH"] = ".:" + os.path.dirname(os.path.abspath(__file__))
        r = subprocess.run([os.environ["FAKE_DEVICE_MICROPYTHON"], "-X", "heapsize=1M", "-c",
                            cmd[1]], cwd=root, env=env)
        return r.returncode
    if cmd[0] == "exec":
        major, minor, micro = os.environ.get("FAKE_DEVICE_VERSION", "1.24.1").split(".")
        word = int(os.environ.get("FAKE_DEVICE_MPY", str(6 | (3 | 4 << 2) << 8)))
        has = os.path.isdir(os.path.join(root, "deckdelve"))
        image = os.environ.get("FAKE_DEVICE_IMAGE", "-")
        print("DECKDELVE-PROBE", major, minor, micro, word, has, image)
        return 0
    if cmd[0] == "rm" and cmd[1] == "-r":
        path = os.path.join(root, cmd[2].lstrip(":"))
        if not os.path.exists(path):
            print("rm: no such file", file=sys.stderr)
            return 1
        shutil.rmtree(path)
        return 0
    if cmd[0] == "cp" and cmd[1] == "-r":
        src, dest = cmd[2], cmd[3]
        assert dest == ":", dest
        shutil.copytree(src, os.path.join(root, os.path.basename(src)), dirs_exist_ok=True)
        return 0
    if cmd[0] == "cp":
        shutil.copyfile(cmd[1], os.path.join(root, cmd[2].lstrip(":")))
        return 0
    if cmd[0] == "reset":
        return 0
    print("fake mpremote: unknown command %s" % cmd, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
