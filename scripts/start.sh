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
# On the embedded database (scripts/embedded-node-flags): one V8 worker thread instead of four (the
# database's WebAssembly is compiled on them and each keeps its own malloc arena), and a JavaScript heap
# of at most 160 MB (about 60 MB is live under load; V8 otherwise lets it grow to 170 MB before it collects).
node_flags=(--enable-source-maps)
if [ -z "${DATABASE_URL:-}" ]; then read -r -a embedded_flags < scripts/embedded-node-flags; node_flags+=("${embedded_flags[@]}"); fi
exec node "${node_flags[@]}" server/dist/main.js
