"""The firmware build's compilers (tools/ship/toolchain.py, issue 32).

- The preflight passes on this machine (after installing what is missing, as the build does).
- Told that a package is missing (a PATH without the ARM compilers, or compilers that cannot
  see newlib's or libstdc++'s headers), the preflight names exactly that package and the
  command that installs the list, in one line.
- The workflows and the docs name the packages tools/ship/toolchain.py lists, and nothing else:
  one list, not three copies that drift.
"""

import os
import re
import shutil
import subprocess
import sys

import outside
import pytest

from tools import ROOT
from tools.ship import inputs, toolchain

WORKFLOWS = os.path.join(ROOT, ".github", "workflows")
# Every arm-none-eabi package Debian has for the build, for spotting one named outside the list.
ARM_PACKAGE = re.compile(r"\b(?:gcc-arm-none-eabi|lib[\w+.-]*-arm-none-eabi[\w+.-]*|"
                         r"binutils-arm-none-eabi)\b")


@pytest.fixture(scope="module")
def compilers():
    """The toolchain installed (or the test skipped with the command, never under CI=true)."""
    return outside.need(inputs.toolchain)


def test_the_preflight_passes_here(compilers):
    assert toolchain.preflight() == []
    assert compilers and os.path.basename(compilers) == "arm-none-eabi-gcc"


def _bin_with(tmp_path, names, wrappers=()):
    """A folder for PATH holding links to these commands only, and wrappers: {name: extra
    flags} that run the real command with those flags added."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in names:
        os.symlink(shutil.which(name), folder / name)
    for name, flags in dict(wrappers).items():
        script = folder / name
        script.write_text('#!/bin/sh\nexec %s %s "$@"\n' % (shutil.which(name), flags))
        script.chmod(0o755)
    return dict(os.environ, PATH=str(folder))


HOST = ("cc", "c++", "make", "cmake", "as", "ld")


def _host_and(*names):
    return [n for n in HOST + names if shutil.which(n)]


def test_a_path_without_the_arm_compilers_names_gcc_arm_none_eabi(compilers, tmp_path):
    missing = toolchain.preflight(_bin_with(tmp_path, _host_and()))
    assert [name for name, _why in missing] == ["gcc-arm-none-eabi"]


def test_compilers_without_libstdcxx_name_libstdcxx(compilers, tmp_path):
    # pico-sdk's new_delete.cpp stopped every fresh build at "cstdlib: No such file": the C++
    # library is a package of its own.
    env = _bin_with(tmp_path, _host_and("arm-none-eabi-gcc"), {"arm-none-eabi-g++": "-nostdinc++"})
    missing = toolchain.preflight(env)
    assert [name for name, _why in missing] == ["libstdc++-arm-none-eabi-newlib"]
    assert "cstdlib" in missing[0][1]


def test_a_c_compiler_without_newlib_names_newlib(compilers, tmp_path):
    # (an empty include folder in place of the system's: what gcc sees without newlib)
    empty = tmp_path / "include"
    empty.mkdir()
    env = _bin_with(tmp_path, _host_and("arm-none-eabi-g++"),
                    {"arm-none-eabi-gcc": "-nostdinc -isystem %s" % empty})
    missing = toolchain.preflight(env)
    assert [name for name, _why in missing] == ["libnewlib-arm-none-eabi"]


def test_no_cmake_and_no_make_name_their_packages(compilers, tmp_path):
    env = _bin_with(tmp_path, [n for n in _host_and("arm-none-eabi-gcc", "arm-none-eabi-g++")
                               if n not in ("cmake", "make")])
    assert [name for name, _why in toolchain.preflight(env)] == ["build-essential", "cmake"]


def test_missing_is_one_line_with_the_package_and_the_command(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # nothing at all
    r = subprocess.run([sys.executable, "-m", "tools.ship.toolchain", "check"], cwd=ROOT, env=dict(
        env, PATH=str(tmp_path)), capture_output=True, text=True, timeout=60)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 1 and len(lines) == 1, r.stderr
    assert "gcc-arm-none-eabi" in lines[0] and toolchain.APT_INSTALL in lines[0]
    missing = toolchain.preflight(env)
    assert {name for name, _why in missing} == {"gcc-arm-none-eabi", "build-essential", "cmake"}


def test_a_bad_word_is_one_line_and_exit_2():
    r = subprocess.run([sys.executable, "-m", "tools.ship.toolchain", "bogus"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = subprocess.run([sys.executable, "-m", "tools.ship.toolchain", "packages"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.split() == list(toolchain.NAMES)


def test_the_list_has_the_cxx_library():
    assert "libstdc++-arm-none-eabi-newlib" in toolchain.NAMES
    assert len(set(toolchain.NAMES)) == len(toolchain.NAMES)


def _workflows():
    return {name: open(os.path.join(WORKFLOWS, name)).read()
            for name in sorted(os.listdir(WORKFLOWS)) if name.endswith((".yml", ".yaml"))}


def test_the_workflows_take_the_one_list():
    flows = _workflows()
    assert {"ci.yml", "release.yml"} <= set(flows)
    for name, text in flows.items():
        # the packages come from tools/ship/toolchain.py, never typed in the workflow
        assert ARM_PACKAGE.findall(text) == [], name
        for package in ("build-essential", "cmake"):
            assert not re.search(r"apt-get install[^\n]*\b%s\b" % package, text), name
        assert "python3 -m tools.ship.toolchain install" in text, name
    ci = flows["ci.yml"]
    assert re.search(r"^on:\n  push:\n  pull_request:", ci, re.M)
    assert 'CI: "true"' in ci and re.search(r"^\s+- run: make test$", ci, re.M)
    assert re.search(r"^\s+- run: make release$", flows["release.yml"], re.M)


def test_the_docs_name_the_list_and_nothing_else():
    # the README says how to put the image on a Pico; building it is in docs/PICO.md
    text = ""
    for page in ("README.md", os.path.join("docs", "PICO.md"), os.path.join("docs", "TESTING.md")):
        with open(os.path.join(ROOT, page)) as f:
            text += f.read()
    named = re.findall(r"Debian's\s+`([^`]+)`", text)
    assert [n.split() for n in named] == [list(toolchain.NAMES)]
    assert sorted(set(ARM_PACKAGE.findall(text))) == sorted(
        n for n in toolchain.NAMES if "arm-none-eabi" in n)
