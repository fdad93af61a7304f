#!/usr/bin/env bash
# npm start: install what is missing, build the shell and the remotes, serve everything on one port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pnpm() { bash scripts/pnpm.sh "$@"; }

echo "Installing dependencies…"
pnpm install --prefer-offline
echo "Building the server, the shell and the remotes…"
pnpm -r --workspace-concurrency=2 run build
echo "Starting the server…"
# On the embedded database, one V8 worker thread instead of four: the database's WebAssembly is compiled
# on them and each keeps its own malloc arena (about 50 MB less resident memory, same throughput).
node_flags=(--enable-source-maps)
if [ -z "${DATABASE_URL:-}" ]; then node_flags+=(--v8-pool-size=1); fi
exec node "${node_flags[@]}" server/dist/main.js
