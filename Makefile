# Academy: the front door. `make dev` serves everything; `make test` checks everything.
# Build caches live outside the clone ($(CACHE)), so fresh clones and CI re-runs reuse them.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

CACHE ?= $(HOME)/.cache/academy
export CARGO_TARGET_DIR ?= $(CACHE)/target
VENV := $(CACHE)/venv
export MOTO_SERVER := $(VENV)/bin/moto_server
# The local Stripe API (PyPI localstripe) for the Rust payments tests, and the python that has it and stripe-python
# (infra/scripts/localstripe_server.py, infra/scripts/stripe_params.py).
export LOCALSTRIPE := $(VENV)/bin/localstripe
export STRIPE_PYTHON := $(VENV)/bin/python
NPM_CACHE := $(CACHE)/npm
ACADEMY := $(CARGO_TARGET_DIR)/debug/academy
PORT ?= 8080
LAMBDAS := health courses outline batches videos lecture send-email mailer geo chat me staff-enquiries staff-enrolments staff-reports staff-audit staff-lectures certificates staff-certificates transcode demo staff-demo demo-reminder sessions staff-sessions assignments staff-assignments payments payments-webhook staff-payments payments-renewals
HAS_SITE := $(wildcard site/package.json)
# The LOCAL ONLY OpenID provider (infra/oidc) that `make dev` and the browser tests sign in against.
OIDC_PORT ?= 9400
OIDC_DEV_ISSUER := http://127.0.0.1:$(OIDC_PORT)
# The browser tests get their own provider on a free port, known before the site is built.
OIDC_TEST_PORT := $(shell python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# `make dev`'s LOCAL Stripe (localstripe on its default port; nothing reaches Stripe): its API, its Stripe.js
# stand-in, and the webhook it signs with a fixed local secret to the server's /api/payments/stripe/webhook.
STRIPE_DEV_PORT ?= 8420
STRIPE_DEV := http://127.0.0.1:$(STRIPE_DEV_PORT)

.PHONY: help dev academy test build build-api test-build-api build-site openapi build-lambdas bench bench-site bench-api bench-lambdas bench-video \
        test-rust fuzz-api test-site site-checks test-e2e checks-api test-oidc lint-rust lint-infra test-infra check-references tools python-tools node-tools oidc-tools \
        bench-video-tools browser ffmpeg poppler debian-tools test-build clean \
        deploy deploy-site

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | column -t -s $$'\t'

dev: export OIDC_ISSUER := $(OIDC_DEV_ISSUER)
dev: export ACADEMY_STAFF_EMAILS ?= staff@example.com
dev: export ACADEMY_SITE_URL ?= http://localhost:$(PORT)
dev: export ACADEMY_STRIPE_API_BASE := $(STRIPE_DEV)
dev: export ACADEMY_STRIPE_SECRET_KEY := sk_test_local
dev: export ACADEMY_STRIPE_WEBHOOK_SECRET := whsec_local_academy
dev: export ACADEMY_STRIPE_PUBLISHABLE_KEY := pk_test_local
dev: export ACADEMY_STRIPE_JS_URL := $(STRIPE_DEV)/js.stripe.com/v3/
dev: export ACADEMY_PAY_BANK ?= Account title: Academy Training (demo); Bank: Demo Bank; IBAN: PK00DEMO0000000000000000
dev: export ACADEMY_PAY_JAZZCASH ?= Account title: Academy Training (demo); JazzCash account: 0000 0000000 (demo)
dev: export ACADEMY_PAY_EASYPAISA ?= Account title: Academy Training (demo); Easypaisa account: 0000 0000000 (demo)
dev: build python-tools oidc-tools ffmpeg ## Install what is missing, build, and serve the whole product (with the local OpenID provider and a local Stripe) on http://localhost:$(PORT); staff@example.com signs in as staff.
	@mkdir -p var; \
	$(STRIPE_PYTHON) infra/scripts/localstripe_server.py --port $(STRIPE_DEV_PORT) --state var/localstripe.pickle --validate \
	  --webhook http://127.0.0.1:$(PORT)/api/payments/stripe/webhook --secret "$$ACADEMY_STRIPE_WEBHOOK_SECRET" & stripe=$$!; \
	OIDC_PORT=$(OIDC_PORT) node infra/oidc/server.mjs & oidc=$$!; \
	trap 'kill $$stripe $$oidc 2>/dev/null; wait $$stripe $$oidc 2>/dev/null' EXIT; \
	until curl -sf -o /dev/null $(STRIPE_DEV)/js.stripe.com/v3/; do \
	  kill -0 $$stripe 2>/dev/null || { echo "make dev: localstripe stopped (see above; is port $(STRIPE_DEV_PORT) taken?)"; exit 1; }; sleep 0.2; \
	done; \
	ACADEMY_CSP_CONNECT="$(OIDC_DEV_ISSUER) $(STRIPE_DEV)" ACADEMY_OIDC_ISSUER=$(OIDC_DEV_ISSUER) ACADEMY_OIDC_CLIENT_ID=academy-local \
	  $(ACADEMY) serve --port $(PORT) --site site/build/client & server=$$!; \
	trap 'kill $$server $$stripe $$oidc 2>/dev/null; wait $$server $$stripe $$oidc 2>/dev/null' EXIT; \
	until curl -sf -o /dev/null http://127.0.0.1:$(PORT)/api/health; do \
	  kill -0 $$server 2>/dev/null || { echo "make dev: academy serve stopped (see above)"; exit 1; }; sleep 0.5; \
	done; \
	printf '\nAcademy is running (Ctrl-C stops it):\n'; \
	printf '  %-14s %s\n' \
	  site "$(ACADEMY_SITE_URL)/" \
	  "staff console" "$(ACADEMY_SITE_URL)/staff  (sign in as $(ACADEMY_STAFF_EMAILS))" \
	  sign-in "$(OIDC_DEV_ISSUER)  (the LOCAL ONLY provider: any e-mail signs in)" \
	  payments "$(STRIPE_DEV)  (localstripe, the LOCAL Stripe: card 4242 4242 4242 4242, declined 4000 0000 0000 0002; its events signed to /api/payments/stripe/webhook)" \
	  mail "var/outbox/  (one .eml per message)" \
	  certificates "var/certificates/" \
	  "the CLI" 'make academy ARGS="grant --batch 665f1c2a9b3e4d0012a1c002"  (README: Operating)'; \
	echo; wait $$server

academy: build-api ## Run the `academy` command on make dev's store: make academy ARGS="grant --batch ID" (README: Operating).
	@$(ACADEMY) $(ARGS)

# make test builds the workspace's crates without incremental state: a run mostly builds them afresh (a new clone's
# path, CI), where that state is only written, never read (measured on the own crates from scratch: clippy 55-61 →
# 50 s, the test build 152 → 123 s). After a plain `cargo test` in place, make test rebuilds the own crates once
# (about 2 minutes), as the setting differs.
test: export CARGO_INCREMENTAL := 0
# make test lints while it builds: clippy's driver compiles the workspace's own crates for the tests (its lints, then
# the code, warnings denied), as `cargo clippy` does for its check build. So every dependency is compiled once, for the
# tests, rather than checked for clippy and then built again (from nothing, back to back: 552 → 403 s).
# `make lint-rust` stays plain clippy. Every cargo under make test sees the same driver, so nothing is built twice.
# By name: rustup's proxy runs the toolchain's driver, and nothing is looked up when the Makefile is read.
test: export RUSTC_WORKSPACE_WRAPPER := clippy-driver
test: export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
test: ## Every check: references, format, clippy, Rust tests (moto), contract fuzzing, template lints, template and deploy-script tests (moto), the local OpenID provider's tests, site tests.
	@# First what is missing is installed while the Rust code is linted and built: the installs wait on the network
	@# and the disk, the build on the CPU (on a cold machine the installs are hidden behind the build: 4.6 minutes
	@# for the lint-while-building test build, 629 s for the whole run, on 2026-12-03; README: The two commands).
	$(MAKE) --no-print-directory -j5 --output-sync=target debian-tools tools node-tools oidc-tools test-build
	@# Once everything is built, the checks that leave a core idle run side by side (the Rust tests wait on moto,
	@# which answers one request at a time); each one's output is printed whole when it ends. The browser tests
	@# keep both cores busy on their own, so they run after. `-o test-build-api`: built above already (a second cargo
	@# would wait for the lock the running tests hold).
	$(MAKE) --no-print-directory -j3 --output-sync=target -o test-build-api OIDC_TEST_PORT=$(OIDC_TEST_PORT) test-rust checks-api site-checks
	$(MAKE) --no-print-directory -o test-build-api OIDC_TEST_PORT=$(OIDC_TEST_PORT) test-e2e
	@echo "make test: all checks passed"

# Debian's packages one after another (dpkg installs one at a time), each only when missing.
debian-tools:
	$(MAKE) --no-print-directory ffmpeg
	$(MAKE) --no-print-directory poppler
	$(MAKE) --no-print-directory browser

# The Rust side of make test's first step: references, format, then the test build with clippy's lints (see `test`).
# Outside the -j5 jobserver (MAKEFLAGS unset), so cargo runs a compiler on each core rather than waiting for the
# installs' job slots. Last, the one binary the tests do not build (hello-world: a test = false bin, no integration
# tests), as its empty test harness with the same features as above, so that it is linted too.
test-build: check-references
	@command -v "$${RUSTC_WORKSPACE_WRAPPER:-clippy-driver}" >/dev/null || { echo "make test: clippy-driver not found (rustup component add clippy)"; exit 1; }
	cargo fmt --all --check
	env -u MAKEFLAGS -u MFLAGS $(MAKE) --no-print-directory test-build-api
	env -u MAKEFLAGS -u MFLAGS cargo test --workspace --no-run --quiet --bin hello-world

# The checks around the API beside the Rust tests: contract fuzzing, the template's lints and tests, the provider's.
checks-api: fuzz-api lint-infra test-infra test-oidc

check-references: ## Every repository path and docs/…#anchor named in code, comments and docs exists; no file names a tracker item ("Issue NN").
	python3 infra/scripts/check_references.py

build: build-api build-site ## Build the API server and the site.

build-api:
	cargo build --workspace --quiet

# What make test's servers run: the binaries as `cargo test` builds them (with the tests' dev-dependency features),
# so after test-rust nothing is built again; `cargo build` would build the workspace a second time (about 90 s).
test-build-api:
	cargo test --workspace --no-run --quiet

# ---- tools ---------------------------------------------------------------

tools: python-tools

# Lecture recordings are transcoded locally by ffmpeg (functions/core/src/media/ffmpeg.rs), and the
# Rust tests run it; Debian's build has libx264 and AAC.
ffmpeg:
	@command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null; }

# The certificate tests read a PDF back with poppler (pdftotext, pdfinfo, pdffonts) and render it
# (pdftoppm) to decode its QR code (functions/core/tests/certificates.rs).
poppler:
	@command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; }

python-tools: $(VENV)/.installed
$(VENV)/.installed: infra/requirements.txt
	test -x $(VENV)/bin/pip || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r infra/requirements.txt
	touch $@

bench-video-tools: infra/bench/video/node_modules/.installed
infra/bench/video/node_modules/.installed: infra/bench/video/package-lock.json
	cd infra/bench/video && npm ci --cache $(NPM_CACHE) --prefer-offline --no-audit --no-fund
	touch $@

ifneq ($(HAS_SITE),)
node-tools: site/node_modules/.installed
site/node_modules/.installed: site/package-lock.json
	cd site && npm ci --cache $(NPM_CACHE) --prefer-offline --no-audit --no-fund
	touch $@

oidc-tools: infra/oidc/node_modules/.installed
infra/oidc/node_modules/.installed: infra/oidc/package-lock.json
	cd infra/oidc && npm ci --cache $(NPM_CACHE) --prefer-offline --no-audit --no-fund
	touch $@

# Debian's Chromium: the full browser for Lighthouse and the video bench, its headless build (the same version) for
# the browser tests (site/e2e/support.mjs); openssl makes the live classes test its meeting server's certificate.
browser:
	@command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null && command -v openssl >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell openssl >/dev/null; }
endif

# ---- Rust ----------------------------------------------------------------

lint-rust:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --quiet -- -D warnings

# The Rust tests wait on moto, which answers one request at a time, so they run as two processes side by side, each
# test binary starting a moto of its own: one runs the tests whose names hold one of RUST_SECOND, the other the rest.
RUST_SECOND := staff:: demo:: lectures:: certificates::
test-rust: python-tools oidc-tools ffmpeg poppler ## Rust tests; the DynamoDB and S3 paths run against a real moto server, sign-in against the local OpenID provider, payments against localstripe.
	@second=$$(mktemp); cargo test --workspace -- $(RUST_SECOND) >"$$second" 2>&1 & pid=$$!; \
	cargo test --workspace -- $(foreach m,$(RUST_SECOND),--skip $(m)); first=$$?; \
	wait $$pid; rest=$$?; echo "---- the tests matching $(RUST_SECOND):"; cat "$$second"; rm -f "$$second"; \
	[ $$first -eq 0 ] && [ $$rest -eq 0 ]

fuzz-api: python-tools oidc-tools test-build-api ## Contract fuzzing: schemathesis, every operation and check, >= 1,000 cases against `academy serve` on a fresh store, signed in.
	OIDC_PORT=$(OIDC_TEST_PORT) infra/scripts/with-server.sh $(ACADEMY) infra/scripts/fuzz-api.sh $(VENV)/bin/schemathesis

openapi: ## Regenerate functions/openapi.json from the Rust types.
	cargo run --quiet --bin academy -- openapi > functions/openapi.json

build-lambdas: ## Cross-build every Lambda for arm64 into $(CARGO_TARGET_DIR)/lambda/<name>/bootstrap.
	test -x $(VENV)/bin/cargo-lambda || $(VENV)/bin/pip install --quiet -r infra/requirements.txt -r infra/requirements-build.txt
	PATH="$(VENV)/bin:$$PATH" cargo lambda build --release --arm64 --package academy-lambdas
	@ls -l $(foreach l,$(LAMBDAS),$(CARGO_TARGET_DIR)/lambda/$(l)/bootstrap)

lint-infra: python-tools ## cfn-lint and `sam validate --lint` on the SAM template.
	$(VENV)/bin/cfn-lint template.yaml
	SAM_CLI_TELEMETRY=0 $(VENV)/bin/sam validate --lint --template template.yaml

test-infra: python-tools ## The deploy scripts' tests, against a moto server of their own.
	$(VENV)/bin/pytest -q infra/tests

test-oidc: oidc-tools ## The local OpenID provider's tests: its tokens' e-mail and staff group, its userinfo endpoint.
	node --test infra/oidc/

# ---- deploy (AWS credentials from the usual AWS_PROFILE / AWS_ACCESS_KEY_ID environment) -----

deploy: python-tools node-tools ## Deploy the stack (sam), then build the site for it and upload it. STACK=, REGION=, DEPLOY_ARGS= optional.
	VENV=$(VENV) infra/scripts/deploy.sh

deploy-site: python-tools ## Upload site/build/client to SITE_BUCKET (changed files only) and invalidate DISTRIBUTION_ID's changed pages.
	$(VENV)/bin/python infra/scripts/deploy_site.py

# ---- site ----------------------------------------------------------------

ifneq ($(HAS_SITE),)
# Quiet: warnings and errors only. React Router prints a line per pre-rendered page, and its config loader starts Vite
# with an option Vite 8 deprecates (`envFile`, warned once per start: site/vite.config.ts drops the rest), so those
# two are filtered here; everything else still shows.
build-site: node-tools
	@echo "building the site into site/build/client"
	@cd site && OIDC_ISSUER=$${OIDC_ISSUER:-$(OIDC_DEV_ISSUER)} npm run --silent build -- --logLevel warn 2>&1 \
	  | { grep -v -e '^Prerender (' -e 'The `envFile` option is deprecated' -e '^vite v[0-9.]* building' -e '^$$' || true; }

test-site: site-checks test-e2e ## Typecheck, component tests, ESLint (layers, cycles, hooks), then browser tests against `academy serve` + the local OpenID provider.

site-checks: node-tools
	cd site && npm run typecheck
	cd site && npm test
	cd site && npm run lint
	node --test infra/cdn/

test-e2e: node-tools python-tools oidc-tools browser test-build-api
	cd site && OIDC_ISSUER=http://127.0.0.1:$(OIDC_TEST_PORT) npm run build
	OIDC_PORT=$(OIDC_TEST_PORT) infra/scripts/e2e.sh $(ACADEMY)

# With the local OpenID provider: the bench issues a certificate through the staff API to measure /verify/{id}.
bench-site: node-tools python-tools oidc-tools browser build-api ## JavaScript budgets (fails when exceeded) and Lighthouse (mobile, median of 3) on every public route → docs/benchmarks/site.md.
	cd site && OIDC_ISSUER=http://127.0.0.1:$(OIDC_TEST_PORT) npm run build
	OIDC_PORT=$(OIDC_TEST_PORT) infra/scripts/with-server.sh $(ACADEMY) bash -c 'cd site && npm run bench'
else
build-site test-site site-checks test-e2e bench-site:
	@echo "no site/ yet: skipping $@"
endif

bench-api: python-tools oidc-tools build-site ## wrk against the API on loopback, a 2-hour lecture's playlists, and 300 signed-in students opening their lectures at once → docs/benchmarks/api.md.
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	cargo build --profile bench-server --bin academy
	OIDC_PORT=$(OIDC_TEST_PORT) infra/scripts/with-server.sh $(CARGO_TARGET_DIR)/bench-server/academy infra/scripts/bench-api.sh

bench-lambdas: python-tools ## Cold starts (init, first answer, memory) and sizes of the Lambdas against a hello-world, on moto → docs/benchmarks/lambdas.md.
	cargo build --release --package academy-lambdas --package academy-hello-world
	cargo build --bin academy
	$(VENV)/bin/python infra/scripts/bench_lambdas.py --academy $(ACADEMY) \
	  $(foreach l,$(LAMBDAS) hello-world,$(CARGO_TARGET_DIR)/release/$(l))
	@cat docs/benchmarks/lambdas.md

.PHONY: bench-enquiries
bench-enquiries: ## 1,000 enquiries at once from 1,000 clients (SQLite + outbox, optimised build): p50/p99 → docs/benchmarks/enquiries.md.
	cargo test --profile bench-server -p academy-core --test main -- --ignored --exact faults::bench_enquiries --nocapture

bench-video: ffmpeg browser bench-video-tools node-tools oidc-tools python-tools build-api ## A 2-minute 1080p clip uploaded through the staff API, transcoded by `academy serve`'s worker and played by a signed-in student on /recorded-lectures in Chromium at 1.6 Mbps / 150 ms and 0.8 Mbps / 300 ms (first frame from the click, stalls; fails when a target is missed); then today's stand-in (its own page and ladder) → docs/benchmarks/video.md.
	cd site && OIDC_ISSUER=http://127.0.0.1:$(OIDC_TEST_PORT) npm run --silent build -- --logLevel warn >/dev/null
	ACADEMY_UPLOAD_PART_BYTES=8388608 OIDC_PORT=$(OIDC_TEST_PORT) BENCH_VIDEO_CACHE=$(CACHE)/bench-video \
	  infra/scripts/with-server.sh $(ACADEMY) node infra/bench/video/bench.mjs

bench: bench-site bench-api bench-enquiries bench-video ## Every benchmark (bench-lambdas separately: a release cross build takes many minutes).

clean: ## Remove local data (the build caches under $(CACHE) stay).
	rm -rf var site/build
