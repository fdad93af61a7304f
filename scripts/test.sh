#!/usr/bin/env bash
# npm test: install, build, type-check, lint, unit + integration tests, browser tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pnpm() { bash scripts/pnpm.sh "$@"; }
started=$SECONDS
step() {
  printf '\n== %s (at %ss)\n' "$1" "$((SECONDS - started))"
}

step "Installing dependencies"
if [ -n "${CI:-}" ]; then pnpm install --frozen-lockfile; else pnpm install; fi

step "Building the shell and the remotes"
pnpm -r --workspace-concurrency=2 run build

step "Type-checking"
pnpm exec tsc -p tsconfig.json --noEmit

step "Linting"
pnpm exec eslint . --max-warnings=0
pnpm exec prettier --check . --log-level warn
bash scripts/check-cycles.sh

step "Unit and integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
# The several-server test (on PostgreSQL) puts nginx in front of two servers.
if [ -n "${TEST_DATABASE_URL:-}" ]; then bash scripts/ensure-nginx.sh; fi
pnpm exec vitest run

step "Browser tests"
bash scripts/ensure-chromium.sh
(cd e2e && bash ../scripts/pnpm.sh exec playwright test)

printf '\nAll tests passed in %ss.\n' "$((SECONDS - started))"
