#!/usr/bin/env bash
# npm run bench: install what is missing (dependencies, Debian's chromium for the page figures), then
# run the benchmarks; arguments go to the bench (`npm run bench -- --scale=none`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/pnpm.sh install --prefer-offline
# Without chromium the page figures are left out, the rest still runs.
bash scripts/ensure-chromium.sh || echo "chromium is missing: the page figures will be left out" >&2
exec bash scripts/pnpm.sh --filter bench run bench "$@"
