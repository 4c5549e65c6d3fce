#!/usr/bin/env bash
# The browser tests drive Debian's Chromium.
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH "the browser tests"
