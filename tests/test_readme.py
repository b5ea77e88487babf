"""The README and the docs do not rot: every command they name is there and answers --help;
every picture the README shows exists and is a current
golden screen's screenshot; every file the README or a page of docs/ links to exists (a link
is relative to the page that holds it); docs/TESTING.md names every test file; the README
stays a front door (its two commands first, the rest in docs/)."""

import os
import re

from PIL import Image

from host_sim import render
from tools.assets import screenshots

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def pages():
    """{path: text} of the README and every Markdown page under docs/."""
    found = {os.path.join(ROOT, "README.md"): readme()}
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "docs")):
        for name in sorted(names):
            if name.endswith(".md"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    found[os.path.join(folder, name)] = f.read()
    return found


def test_linked_files_exist():
    checked = 0
    for page, text in pages().items():
        for link in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if link.startswith(("http:", "https:", "mailto:")):
                continue
            assert os.path.exists(os.path.join(os.path.dirname(page), link)), (page, link)
            checked += 1
    assert checked >= 40


def test_the_readme_is_a_front_door():
    text = readme()
    lines = text.splitlines()
    # the two commands on its first screen, the README short, the rest one link away
    assert "make sim" in "\n".join(lines[:25]) and "make test" in "\n".join(lines[:25])
    assert len(lines) <= 320, "README.md is %d lines: move the detail to docs/" % len(lines)
    for page in ("ARCHITECTURE", "TESTING", "PICO", "SAVES", "WEB", "CONTRIBUTING-GAMES"):
        assert "docs/%s.md" % page in text, page


def test_the_testing_page_names_every_test_file():
    with open(os.path.join(ROOT, "docs", "TESTING.md"), encoding="utf-8") as f:
        testing = f.read()
    games = {name[len("test_"):].split("_screens")[0] for name in os.listdir(os.path.join(
        ROOT, "tests")) if name.endswith("_screens.py")}
    for name in sorted(os.listdir(os.path.join(ROOT, "tests"))):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        # a family named by its pattern ("test_<game>_screens.py") counts for its members
        family = re.sub(r"^test_(%s)_" % "|".join(sorted(games, key=len, reverse=True)),
                        "test_<game>_", name)
        family = re.sub(r"^test_hw_\w+", "test_hw_*", family)
        assert name in testing or family in testing, (
            "docs/TESTING.md does not say what tests/%s is for" % name)


def test_screenshots_match_their_golden_screens():
    for name in screenshots.SHOTS:
        shot = os.path.join(screenshots.OUT, name.replace("/", "-") + ".png")
        golden = os.path.join(screenshots.GOLDEN, name + ".png")
        want = render.to_image(render.from_image(Image.open(golden)), screenshots.SCALE)
        assert Image.open(shot).convert("RGB").tobytes() == want.tobytes(), (
            "%s is stale: run python -m tools.assets.screenshots" % shot)


PYTHON_M = r"python3? -m (tools\.[a-z_.]*[a-z_]|host_sim)\b"


def test_every_command_the_pages_name_is_there():
    # (the tools moved into packages by job, issue 37: a page that names a command moved or
    # gone fails here, with the page and the command)
    import importlib.util

    with open(os.path.join(ROOT, "Makefile")) as f:
        targets = set(re.findall(r"^([a-z][a-z-]*):", f.read(), re.M))
    for path, text in pages().items():
        page = os.path.relpath(path, ROOT)
        for module in set(re.findall(PYTHON_M, text)):
            assert importlib.util.find_spec(module) is not None, (
                "%s names python -m %s, which is no module" % (page, module))
        for target in set(re.findall(r"(?:^|`)make ([a-z][a-z-]*)", text, re.M)):
            assert target in targets, "%s names make %s, which the Makefile lacks" % (
                page, target)


def test_every_tool_the_pages_name_answers_help():
    import subprocess
    import sys

    modules = set()
    for text in pages().values():
        modules.update(re.findall(PYTHON_M, text))
    assert len(modules) > 10, modules
    for module in sorted(modules):
        r = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and r.stdout.strip(), (module, r.stderr[-300:])
