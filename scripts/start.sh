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
exec node --enable-source-maps server/dist/main.js
