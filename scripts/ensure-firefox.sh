#!/usr/bin/env bash
# The Firefox journeys drive Debian's Firefox ESR (puppeteer-core over WebDriver BiDi, decision 037).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${FIREFOX_PATH:-/usr/bin/firefox-esr}" firefox-esr FIREFOX_PATH "the Firefox journeys"
