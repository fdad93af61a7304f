#!/usr/bin/env bash
# The several-server test puts Debian's nginx in front of two servers; install it when missing and we
# are allowed to. Installing must not start Debian's own nginx service (it would take port 80).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The several-server test needs Debian's nginx." >&2
  echo "Install it as root: apt-get update && apt-get install -y nginx" >&2
  exit 1
fi
echo "Installing nginx from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
policy=/usr/sbin/policy-rc.d
own_policy=false
if [ ! -e "$policy" ]; then
  # Debian's way to tell a package's scripts not to start its service.
  printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && own_policy=true
fi
trap '[ "$own_policy" = true ] && rm -f "$policy"' EXIT
apt-get update -qq
apt-get install -y -qq --no-install-recommends nginx >/dev/null
/usr/sbin/nginx -v
