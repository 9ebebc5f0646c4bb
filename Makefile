# Scout — the two set-up commands are `make run` and `make test`; both install what they need.
SWIFT ?= swift
LISTEN ?= 127.0.0.1:8080

# Debian packages: to build, to test, to benchmark.
BUILD_PACKAGES := pkg-config libmecab-dev mecab-ipadic-utf8 libcurl4-openssl-dev ca-certificates libmicrohttpd-dev libsqlite3-dev libpq-dev libxml2-dev libstb-dev libhiredis-dev zlib1g-dev
TEST_PACKAGES := $(BUILD_PACKAGES) postgresql tmux chromium chromium-driver python3-selenium fonts-dejavu-core fiu-utils redis-server nginx-light
# The soaks also load the server with wrk and attack it with slowhttptest (slowloris).
SOAK_PACKAGES := $(TEST_PACKAGES) wrk slowhttptest
# import-scale also times SQLite's own bulk loader, the sqlite3 shell (psql comes with postgresql).
BENCH_PACKAGES := $(BUILD_PACKAGES) postgresql redis-server curl wrk nginx-light sqlite3
# `make fleet`: Redis, PostgreSQL, three instances and nginx in front, on 127.0.0.1.
FLEET_PACKAGES := $(BUILD_PACKAGES) postgresql redis-server curl nginx-light
# PyPI packages, in .build/venv (Debian's Python, its own packages visible; scripts/venv.sh):
# tantivy for the relevance benchmark, axe-selenium-python for the accessibility audits,
# schemathesis for the API's conformance to its OpenAPI document (pinned: a new release brings
# new checks and phases, which should arrive in a commit of their own, not in someone's test run).
VENV_PACKAGES := tantivy axe-selenium-python schemathesis==4.32.5

.PHONY: run build test lint format doc-examples bench bench-scale soak sanitize fuzz fleet clean deps-build deps-test deps-bench venv

run: deps-build
	$(SWIFT) build -c release --product scout
	.build/release/scout serve --listen $(LISTEN)

build: deps-build
	$(SWIFT) build

test: deps-test venv
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/test-in-parallel.sh

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Plugins Examples Fuzz
	@scripts/install-deps.sh python3
	python3 scripts/check-portability.py
	python3 scripts/check-vacuous-tests.py
	python3 scripts/doc-examples.py --check

# The doc comments' examples as test code (Tests/DocExampleTests/Generated), after editing them.
doc-examples:
	python3 scripts/doc-examples.py

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests Plugins Examples Fuzz

bench: deps-bench venv
	$(SWIFT) build -c release
	scripts/bench.sh

# The scale benchmarks at ten million books (issue #37), SQLite and PostgreSQL: import until
# searchable, relations and search p99, against tantivy's indexing and search of the same books.
# Needs about 80 GB free in the temporary folder (TMPDIR), 63 GB with SCOUT_BENCH_STORES=postgresql;
# import-scale checks before it starts.
bench-scale: deps-bench venv
	$(SWIFT) build -c release
	SCOUT_BENCH_IMPORT_BOOKS=10000000 SCOUT_BENCH_SERVE_BOOKS=10000000 scripts/bench.sh import-scale serve-start

soak:
	@scripts/install-deps.sh $(SOAK_PACKAGES)
	SWIFT=$(SWIFT) scripts/soak.sh

sanitize: deps-test
	scripts/sanitize.sh

fuzz: deps-test
	scripts/fuzz.sh

fleet:
	@scripts/install-deps.sh $(FLEET_PACKAGES)
	$(SWIFT) build -c release --product scout
	SCOUT_FLEET_BINARY=.build/release/scout scripts/fleet.sh

clean:
	rm -rf .build .build-*

deps-build:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

deps-test:
	@scripts/install-deps.sh $(TEST_PACKAGES)

deps-bench:
	@scripts/install-deps.sh $(BENCH_PACKAGES)

venv:
	@scripts/venv.sh $(VENV_PACKAGES)
