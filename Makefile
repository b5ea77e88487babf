# Deckdelve. Two commands matter (see README): `make sim` and `make test`.
# Both create .venv and install the pinned requirements on first use.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ARGS ?=

.PHONY: venv sim test test-fast lint build bench playout clean

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
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

bench: $(STAMP)
	$(BIN)/python -m tools.bench

clean:
	rm -rf build .pytest_cache .ruff_cache .mypy_cache
