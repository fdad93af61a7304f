#!/usr/bin/env bash
# Runs the pnpm version pinned in package.json without a global install or corepack.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(node -p "require('$root/package.json').packageManager.split('@')[1]")"
exec npx --yes "pnpm@$version" "$@"
