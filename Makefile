# ContactsCore: the few commands a newcomer needs. Each target installs what a fresh Debian
# machine lacks (through apt as root; otherwise it prints the command to run).

SWIFT ?= swift
FIXTURE ?= .build/fixtures/demo
DEMO_CONTACTS ?= 200000
DEMO_USERS ?= 20000
QUICK ?=
# Where `make install` puts the release `contacts` (in $(PREFIX)/bin); DESTDIR stages it.
PREFIX ?= /usr/local
APT_PACKAGES = libxxhash-dev libsqlite3-dev libicu-dev libphonenumber-dev libmicrohttpd-dev libssl-dev pkg-config postgresql libpq-dev wrk redis-server redis-tools curl

.PHONY: setup build test pg-test lint demo bench docs format clean install client-example client-docs deploy-local

setup:
	@./scripts/setup.sh $(APT_PACKAGES)
	@python3 -c 'import prometheus_client' 2>/dev/null || python3 -m pip install -q -r scripts/test-requirements.txt

build: setup
	$(SWIFT) build -Xswiftc -warnings-as-errors

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Benchmarks

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks

test: setup lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$(SWIFT) test --scratch-path .build/tsan --sanitize=thread --filter 'EngineConcurrencyTests|BinaryReaderTests|HugePagesTests|ArrayFillingCapacityTests'
	$(MAKE) bench QUICK=1
	$(MAKE) install PREFIX=$(CURDIR)/.build/install-check
	$(CURDIR)/.build/install-check/bin/contacts --version
	$(MAKE) docs
	$(MAKE) client-docs

# The tests with a throwaway PostgreSQL cluster of their own (initdb in a temporary directory,
# run as the postgres user when root, on a free port, stopped and removed even when the tests
# fail; the exit status is the tests'). `make test` starts one too when none is given, but CI
# wraps it the same way: scripts/pg/with-cluster.sh make test.
pg-test: setup
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	./scripts/pg/with-cluster.sh $(SWIFT) test --skip-build

# A local deployment of several engines on one PostgreSQL store (PROTOCOL §8): a primary with a
# synchronous standby and three engines on ports 8081-8083; prints how to call them; Ctrl-C
# (or scripts/deploy/local.sh stop) stops it all.
deploy-local: setup
	$(SWIFT) build -c release --product contacts
	./scripts/deploy/local.sh start

demo: setup
	$(SWIFT) build -c release --product contacts
	@test -f $(FIXTURE)/contacts.jsonl || .build/release/contacts generate --contacts $(DEMO_CONTACTS) --users $(DEMO_USERS) --seed 1 --out $(FIXTURE)
	.build/release/contacts demo --fixture $(FIXTURE)

# The installed binary finds the Swift runtime in the toolchain that built it (its RUNPATH).
install: setup
	$(SWIFT) build -c release --product contacts
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/contacts $(DESTDIR)$(PREFIX)/bin/contacts
	@echo "installed $(DESTDIR)$(PREFIX)/bin/contacts"

bench: setup
	$(SWIFT) build -c release --product ContactsBenchmarks
	$(SWIFT) build -c release --product contacts
	.build/release/ContactsBenchmarks $(if $(QUICK),--quick) --json .build/benchmarks.json

docs: setup
	$(SWIFT) build --target ContactsCore -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
	docc convert Sources/ContactsCore/ContactsCore.docc --additional-symbol-graph-dir .build/symbol-graphs \
		--fallback-display-name ContactsCore --fallback-bundle-identifier org.contactscore.ContactsCore \
		--transform-for-static-hosting --warnings-as-errors --output-path .build/docs
	@echo "docs: open .build/docs/index.html (static site)"

# The Swift client (PROTOCOL §9): its example (the SDK's samples) against a fresh local server,
# and its DocC catalog ("Using the client").
client-example: setup
	$(SWIFT) build --product contacts
	$(SWIFT) build --product ContactsClientExample
	./scripts/client/run-example.sh .build/debug

client-docs: setup
	$(SWIFT) build --target ContactsClient -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/client-symbol-graphs
	docc convert Sources/ContactsClient/ContactsClient.docc --additional-symbol-graph-dir .build/client-symbol-graphs \
		--fallback-display-name ContactsClient --fallback-bundle-identifier org.contactscore.ContactsClient \
		--transform-for-static-hosting --warnings-as-errors --output-path .build/client-docs
	@echo "client docs: open .build/client-docs/index.html (static site)"

clean:
	rm -rf .build
