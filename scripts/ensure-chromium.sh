#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when it is missing and we may (root);
# otherwise say clearly what to do. Exit 0 when a usable chromium is there.
set -u
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq chromium >/dev/null; then
    [ -x "$CHROMIUM" ] && exit 0
  fi
  echo "ERROR: installing chromium with apt-get failed; the browser tests cannot run." >&2
  exit 1
fi
cat >&2 <<MSG
ERROR: the browser tests need Chromium at $CHROMIUM, and this user cannot install it.
       Install it once as root:   sudo apt-get install -y chromium
       or point CHROMIUM_PATH at an existing Chromium binary.
MSG
exit 1
