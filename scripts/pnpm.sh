#!/usr/bin/env bash
# Runs the pnpm version pinned in package.json without a global install or corepack. It is installed
# once into a cache folder of its own and run from there: `npx pnpm@…` asks the registry on every call
# (about 9 s a call on a cold network path, against a fraction of a second from the cache).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(node -p "require('$root/package.json').packageManager.split('@')[1]")"
cache="${REGISTRY_PNPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/registry-pnpm}"
home="$cache/$version"
entry="$home/node_modules/pnpm/bin/pnpm.cjs"
if [ ! -f "$entry" ]; then
  mkdir -p "$cache"
  staging="$(mktemp -d "$cache/.installing-XXXXXX")"
  if ! npm install --prefix "$staging" --no-save --no-audit --no-fund --loglevel=error "pnpm@$version" >&2; then
    rm -rf "$staging"
    # The registry could not be reached for the cache: npx may still have this version.
    exec npx --yes "pnpm@$version" "$@"
  fi
  # Two first runs at once: the one that moves its copy in first wins, the other drops its own.
  mv -T "$staging" "$home" 2>/dev/null || rm -rf "$staging"
fi
exec node "$entry" "$@"
