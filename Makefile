# Island: `make run` opens the REPL, `make test` runs the tests. Both install what is
# missing first (libedit-dev, through apt-get, when the machine lacks it).
SWIFT ?= swift
CONFIG ?= debug

.PHONY: run test build release lint format deps bench fuzz clean

deps:
	@bash .ci/deps

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release

run: build
	@$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/island

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The benchmarks (Benchmarks/, a package of its own): release builds, then the table per
# workload (`make bench BENCH_FLAGS=--quick` for 100k-event journals). orjson, which the
# table compares against, is installed from PyPI when python3 lacks it (here only, not in
# CI). The benchmark package's build plan is dropped first: it does not notice files added.
BENCH_FLAGS ?=
bench: deps
	@python3 -c 'import orjson' 2>/dev/null || python3 -m pip install --quiet orjson \
	  || echo "make bench: no orjson (pip install orjson); its column stays empty"
	$(SWIFT) build -c release --product island
	cd Benchmarks && rm -f .build/release.yaml && $(SWIFT) build -c release \
	  && .build/release/island-bench --island ../.build/release/island $(BENCH_FLAGS)

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
