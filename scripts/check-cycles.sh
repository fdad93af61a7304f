#!/usr/bin/env bash
# Fails on an import cycle (type imports included) reachable from the server, the local ledger, the
# shell or a remote.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/pnpm.sh exec dpdm --no-warning --no-tree --exit-code circular:1 \
  server/src/main.ts packages/local-ledger/src/cli.ts shell/src/index.ts mfe-*/src/index.ts
