#!/usr/bin/env bash
# Browser tests run in Debian's chromium; install it when missing and we are allowed to.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Browser tests need Debian's chromium at /usr/bin/chromium." >&2
  echo "Install it as root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing chromium from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
