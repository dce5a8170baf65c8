# workforce: `make run` serves the demo on SQLite; `make test` runs lint and every test.
VENV ?= .venv
BIN := $(VENV)/bin
DB ?= sqlite:///./workforce.db
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run receiver test lint unit contract bench mutation clean

$(BIN)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(BIN)/.dev: $(BIN)/.installed
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

# the demo's webhook receiver (`make receiver`) on 127.0.0.1:8443, with a self-signed certificate the
# server trusts (SSL_CERT_FILE), on a network trusted for webhooks on any port
RECEIVER_CERT := .workforce/receiver.pem
RECEIVER_KEY := .workforce/receiver-key.pem
DEMO_WEBHOOKS := SSL_CERT_FILE=$(RECEIVER_CERT) WORKFORCE_WEBHOOK_TRUSTED_NETWORKS=127.0.0.1/32

run: $(BIN)/.installed $(RECEIVER_CERT)
	$(BIN)/workforce --db $(DB) db upgrade
	$(BIN)/workforce --db $(DB) demo --if-empty --keys-file .workforce/demo-keys.json --url http://$(HOST):$(PORT)
	$(DEMO_WEBHOOKS) $(BIN)/workforce --db $(DB) serve --host $(HOST) --port $(PORT)

receiver: $(BIN)/.installed $(RECEIVER_CERT)
	$(BIN)/workforce webhooks receive --cert $(RECEIVER_CERT) --key $(RECEIVER_KEY) --keys-file .workforce/demo-keys.json

$(RECEIVER_CERT):
	mkdir -p .workforce
	openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
		-keyout $(RECEIVER_KEY) -out $@ 2>/dev/null

# mypy sees each package under its import name (the folders are src/adapters and src/entrypoints)
build/mypy-path:
	mkdir -p build/mypy-path
	ln -sfn ../../src/adapters build/mypy-path/workforce_adapters
	ln -sfn ../../src/entrypoints build/mypy-path/workforce_entrypoints

lint: $(BIN)/.dev build/mypy-path
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest -n 2 $(PYTEST_ARGS)

unit: $(BIN)/.dev
	$(BIN)/pytest tests/unit $(PYTEST_ARGS)

contract: $(BIN)/.dev
	$(BIN)/pytest tests/contract $(PYTEST_ARGS)

# BENCH=benchmarks/test_bench_side_by_side.py runs one file (all of benchmarks/ by default);
# the HTTP side-by-side runs are loaded by wrk (Debian's package), installed here when missing
BENCH ?= benchmarks
bench: $(BIN)/.dev
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	$(BIN)/pytest $(BENCH) --benchmark-only $(PYTEST_ARGS)

# `make mutation`: mutmut over src/workforce_core/rules with the unit tests ([tool.mutmut] in pyproject.toml),
# niced, two children; not part of `make test`: a cold run takes over an hour on a busy 2-core machine.
# mutmut keeps its results in mutants/ and tests only new or changed mutants; on a warm run the mutants not
# killed yet are tried again, module by module, so tests added since count.
# MUTANTS='workforce_core.rules.geofence*' runs one module's. The score leaves out the equivalent mutants
# docs/mutation.md lists.
MUTANTS ?=
MUTMUT := HYPOTHESIS_PROFILE=mutation nice -n 19 $(BIN)/mutmut run --max-children 2
mutation: $(BIN)/.dev
	@warm=$$([ -d mutants ] && echo yes); $(MUTMUT) $(MUTANTS) && \
	if [ -n "$$warm" ] && [ -z "$(MUTANTS)" ]; then \
		for module in $$($(BIN)/python -m tests.mutation_score --modules-not-killed); do \
			$(MUTMUT) $$($(BIN)/python -m tests.mutation_score --not-killed $$module) || echo "mutmut failed on $$module"; \
		done; \
	fi
	$(BIN)/python -m tests.mutation_score

clean:
	rm -rf mutants $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build *.egg-info
