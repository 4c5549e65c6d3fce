#!/usr/bin/env bash
# The browser journeys drive Debian's Chromium headless shell (E2E_CHROMIUM_PATH; Chromium's own
# headless browser); the server tests that play recordings, and the benchmarks, drive the full
# Chromium (CHROMIUM_PATH). Each is installed from Debian when missing.
here="$(dirname "$0")"
bash "$here/ensure-debian-tool.sh" "${E2E_CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}" chromium-headless-shell E2E_CHROMIUM_PATH "the browser journeys" &&
  exec bash "$here/ensure-debian-tool.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH "the server tests of recordings"
