# Deckdelve. Two commands matter (see README): `make sim` and `make test`.
# Both create .venv and install the pinned requirements on first use.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ARGS ?=

.PHONY: venv sim test lint build bench balance clean

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

sim: $(STAMP)
	$(BIN)/python -m host_sim $(ARGS)

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check firmware host_sim tools tests boards
	$(BIN)/python -m tools.lint_firmware

build: $(STAMP)
	$(BIN)/python -m tools.mpy build

# docs/BENCHMARKS.md (~15 min; ARGS=--quick: under two minutes, to build/quick/), then the
# display bus and boot figures.
bench: $(STAMP)
	$(BIN)/python -m tools.bench $(ARGS)
	$(BIN)/python -m tools.bench_hw

# docs/BALANCE.md and docs/balance/*.png (long: ~20 min on 2 cores); ARGS=--quick: a sample.
balance: $(STAMP)
	nice -n 10 $(BIN)/python -m tools.balance $(ARGS)

clean:
	rm -rf build .pytest_cache .ruff_cache .mypy_cache

# --- the Pico (see README "On the Pico") -------------------------------------------------------
BOARD ?=
PORT ?=
.PHONY: flash flash-dry playout-all

flash: $(STAMP)
	$(BIN)/python -m tools.deploy flash --board "$(BOARD)" $(if $(PORT),--port "$(PORT)")

flash-dry: $(STAMP)
	$(BIN)/python -m tools.deploy flash-dry --board "$(BOARD)" $(if $(PORT),--port "$(PORT)")

# Every game's play-outs, as the issues' "done when" lines ask (CPython, then MicroPython).
playout-all: $(STAMP)
	$(BIN)/python -m tools.playout --game red_queen --games 1000 --seed 1
	$(BIN)/python -m tools.playout --game red_queen --games 50 --seed 1 --micropython
	$(BIN)/python -m tools.playout --game rogue_solitaire --games 1000 --seed 1
	$(BIN)/python -m tools.playout --game rogue_solitaire --games 1000 --seed 1 --options campaign
	$(BIN)/python -m tools.playout --game rogue_solitaire --games 30 --seed 1 --micropython
	$(BIN)/python -m tools.playout --game rogue_solitaire --games 30 --seed 1 --micropython --options campaign
	for d in easy normal hard hell; do \
	  $(BIN)/python -m tools.playout --game mini_rogue --games 2000 --seed 1 --options $$d || exit 1; \
	  $(BIN)/python -m tools.playout --game mini_rogue --games 50 --seed 1 --options $$d --micropython || exit 1; \
	done
	$(BIN)/python -m tools.playout --game solatro --games 2000 --seed 1
	$(BIN)/python -m tools.playout --game solatro --games 100 --seed 1 --micropython
