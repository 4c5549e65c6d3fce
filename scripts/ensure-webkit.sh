#!/usr/bin/env bash
# The WebKit journeys drive Debian's WebKitGTK MiniBrowser through WebKitWebDriver under xvfb-run
# (decision 037); each is installed like Chromium when missing.
here="$(dirname "$0")"
bash "$here/ensure-debian-tool.sh" "${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}" webkit2gtk-driver WEBKIT_DRIVER_PATH "the WebKit journeys" &&
  exec bash "$here/ensure-debian-tool.sh" /usr/bin/xvfb-run xvfb XVFB_RUN "the WebKit journeys"
