# Deckdelve. Two commands matter (see README): `make sim` and `make test`.
# Both create .venv and install the pinned requirements on first use.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ARGS ?=

.PHONY: venv sim test check lint build bench bench-pico bench-device balance clean soak power-cuts

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

sim: $(STAMP)
	$(BIN)/python -m host_sim $(ARGS)

# The whole: what CI runs (.ci/run). The ten slowest tests are listed at the end (docs/TESTING.md
# says what makes them slow).
test: $(STAMP) lint
	$(BIN)/python -m pytest -q --durations=10

# The loop while working (~3 minutes on 2 cores): lint, the rules and the other shared tests under
# CPython, every screen's goldens, the layering. `make test` stays the whole.
# The two longest walks (a minute each) are left to make test: The Four's stop after every
# press, and the manners walks (one game's: pytest tests/shared/test_manners.py -k KEY).
CHECK_TESTS := tests/shared tests/test_layering.py tests/test_platform_screens.py \
	$(wildcard tests/test_*_screens.py)
CHECK_LEAVES := stop_after_any_press or manners_each_game
check: $(STAMP) lint
	$(BIN)/python -m pytest -q --durations=5 -k "not ($(CHECK_LEAVES))" $(sort $(CHECK_TESTS))

lint: $(STAMP)
	$(BIN)/ruff check firmware host_sim tools tests boards web
	$(BIN)/python -m tools.check.lint_firmware

# The long forms of the robustness checks (issue 12): 100,000 fuzzed presses a game under
# CPython, 10,000 under MicroPython, 500 games in one MicroPython process (make test runs the
# short forms).
soak: $(STAMP)
	nice -n 10 $(BIN)/python -m tools.measure.soak

build: $(STAMP)
	$(BIN)/python -m tools.ship.mpy build

# docs/BENCHMARKS.md (~15 min; ARGS=--quick: under two minutes, to build/quick/), then the
# display bus and boot figures.
bench: $(STAMP)
	$(BIN)/python -m tools.measure.bench $(ARGS)
	$(BIN)/python -m tools.measure.bench_hw

# The firmware on an emulated Pico (rp2040js, tools/pico): cycles per press, heap, and the
# wait for every kind of save with a long The Four campaign (tools/pico/pico_flash.py; ARGS="--saves
# 0" leaves them out). Needs node, npm and the MicroPython RPI_PICO image: PICO_FIRMWARE=
# path/to/RPI_PICO.uf2 (default: the one in ../shared/pico-emu/). See tools/pico/bench_pico.py.
bench-pico: $(STAMP)
	$(BIN)/python -m tools.pico.bench_pico --out docs/BENCHMARKS-pico.md $(ARGS)

# Power cuts over every kind of save the firmware makes, on the emulated Pico (both routes):
# 50 seeded instants a kind, each image loaded by the firmware's loaders, every distinct image
# booted through the menus (~8 min); the table in docs/POWER-CUTS-pico.md. make test runs the
# same cuts and boots one image a kind.
power-cuts: $(STAMP)
	nice -n 10 $(BIN)/python -m tools.pico.pico_flash cuts --boot all --out docs/POWER-CUTS-pico.md $(ARGS)

# The same tour on a real Pico flashed with `make flash`: milliseconds per frame.
bench-device: $(STAMP)
	$(BIN)/python -m tools.pico.bench_pico --device "$(if $(PORT),$(PORT),auto)"

# docs/BALANCE.md and docs/balance/*.png (long: ~20 min on 2 cores); ARGS=--quick: a sample.
balance: $(STAMP)
	nice -n 10 $(BIN)/python -m tools.measure.balance $(ARGS)

clean:
	rm -rf build .pytest_cache .ruff_cache .mypy_cache

# --- the Pico (see README "On the Pico") -------------------------------------------------------
BOARD ?=
PORT ?=
.PHONY: flash flash-dry playout-all firmware release

# build/firmware/deckdelve-<version>-<board>.uf2: MicroPython with the collection frozen in
# (tools/ship/firmware.py; about a minute the first time, cached after).
firmware: $(STAMP)
	$(BIN)/python -m tools.ship.firmware build --board "$(BOARD)"

flash: $(STAMP)
	$(BIN)/python -m tools.ship.deploy flash --board "$(BOARD)" $(if $(PORT),--port "$(PORT)")

flash-dry: $(STAMP)
	$(BIN)/python -m tools.ship.deploy flash-dry --board "$(BOARD)" $(if $(PORT),--port "$(PORT)")

# Every game's play-outs, as the issues' "done when" lines ask (CPython, then MicroPython).
playout-all: $(STAMP)
	$(BIN)/python -m tools.play.playout --game red_queen --games 1000 --seed 1
	$(BIN)/python -m tools.play.playout --game red_queen --games 50 --seed 1 --micropython
	$(BIN)/python -m tools.play.playout --game rogue_solitaire --games 1000 --seed 1
	$(BIN)/python -m tools.play.playout --game rogue_solitaire --games 1000 --seed 1 --options campaign
	$(BIN)/python -m tools.play.playout --game rogue_solitaire --games 30 --seed 1 --micropython
	$(BIN)/python -m tools.play.playout --game rogue_solitaire --games 30 --seed 1 --micropython --options campaign
	for d in easy normal hard hell; do \
	  $(BIN)/python -m tools.play.playout --game mini_rogue --games 2000 --seed 1 --options $$d || exit 1; \
	  $(BIN)/python -m tools.play.playout --game mini_rogue --games 50 --seed 1 --options $$d --micropython || exit 1; \
	done
	$(BIN)/python -m tools.play.playout --game solatro --games 2000 --seed 1
	$(BIN)/python -m tools.play.playout --game solatro --games 100 --seed 1 --micropython

# --- in the browser (see README "In the browser") ------------------------------------------------
.PHONY: web serve-web
NODE_STAMP := node_modules/.package-lock.json

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# PROJECT_URL=https://...: the page's link to the project (none without it).
web: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.ship.web build $(if $(PROJECT_URL),--project-url "$(PROJECT_URL)")

serve-web: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.ship.web serve $(if $(WEB_PORT),--port $(WEB_PORT)) $(if $(PROJECT_URL),--project-url "$(PROJECT_URL)")

# build/release/: every board's .uf2, the web player as a zip, SHA256SUMS, release notes
# (tools/ship/release.py; PROJECT_URL as for make web).
release: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.ship.release $(if $(PROJECT_URL),--project-url "$(PROJECT_URL)")
