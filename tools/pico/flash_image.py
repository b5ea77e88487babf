"""The emulated Pico's flash as images a cut can leave: an image mounted as the rp2 port mounts
it (littlefs, the port's geometry) and its files read; the images rebuilt offline from the
emulator's log of erases and page programs, with NOR semantics, an operation cut part-way left
part done from a seed (tools/pico/pico_flash.py's power cuts)."""

import json


# The rp2 port's littlefs on a 2 MiB RPI_PICO (pico_emu.build_image makes it the same way)
GEOMETRY = dict(block_size=4096, block_count=352, read_size=32, prog_size=256, cache_size=1024,
                lookahead_size=32, block_cycles=100)

def mount(image):
    """littlefs-python over the image's bytes (a copy)."""
    from littlefs import LittleFS

    fs = LittleFS(mount=False, **GEOMETRY)
    fs.context.buffer = bytearray(image)
    fs.mount()
    return fs


def data_files(image):
    """{name: bytes} of the image's data folder."""
    fs = mount(image)
    out = {}
    try:
        names = fs.listdir("/data")
    except Exception:  # noqa: BLE001 - littlefs-python raises its own errors
        return out
    for name in names:
        try:
            with fs.open("/data/" + name, "rb") as f:
                out[name] = f.read()
        except Exception:  # noqa: BLE001 - a folder: listed with no bytes
            out[name] = None
    return out


def rng(seed):
    """mulberry32, as tools/pico/run.mjs draws a cut operation's partial state."""
    a = seed & 0xFFFFFFFF

    def nxt():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) & 0xFFFFFFFF

    return nxt


def apply(img, op):
    a, n = op["addr"], op["len"]
    if op["kind"] == "E":
        img[a:a + n] = b"\xff" * n
    else:
        data = bytes.fromhex(op["data"])
        img[a:a + n] = bytes(x & y for x, y in zip(img[a:a + n], data))


def partial(img, op, seed):
    """An operation cut part-way (run.mjs's partial()): a page program's first k bytes written,
    byte k in part; an erase's first k bytes erased, every later byte with bits raised."""
    r = rng(seed)
    a, n = op["addr"], op["len"]
    k = r() % (n + 1)
    if op["kind"] == "P":
        data = bytes.fromhex(op["data"])
        for i in range(k):
            img[a + i] &= data[i]
        if k < n:
            img[a + k] &= data[k] | (r() & 0xFF)
    else:
        img[a:a + k] = b"\xff" * k
        for i in range(k, n):
            img[a + i] |= r() & 0xFF


def rebuild(base, ops, cut=None, seed=0):
    """The image at instant cut (None: after every operation): the operations that ended by
    then applied, the one under way then left part done (from seed)."""
    img = bytearray(base)
    for op in ops:
        if cut is not None and op["t1"] > cut:
            if op["t0"] <= cut:
                partial(img, op, seed)
            break
        apply(img, op)
    return img


def canonical(files):
    """The data folder as the firmware reads it, {name: value}: a checked file's kind,
    version and payload (its JSON parsed; a run's meta parsed and its actions in hex), where
    the interpreters' bytes may differ (dict order) but the contents may not; other files as
    bytes."""
    from deckdelve.store import checksum

    out = {}
    for name, content in files.items():
        if content and content.startswith(b"DECKDELVE "):
            head, _nl, payload = content.partition(b"\n")
            kind, version, length, total = head.decode().split(" ")[1:]
            ok = int(length) == len(payload) and checksum(payload) == int(total)
            if kind == "run":
                meta, _nl, log = payload.partition(b"\n")
                value = [json.loads(meta), log.hex()]
            else:
                value = json.loads(payload)
            out[name] = [kind, version, ok, value]
        else:
            out[name] = content
    return out


