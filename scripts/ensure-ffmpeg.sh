#!/usr/bin/env bash
# The call-recording journey checks the recorded file with a real media tool: Debian's ffprobe
# (package ffmpeg). Install it when it is missing and we may (root); otherwise say clearly what to
# do. Exit 0 when a usable ffprobe is there.
set -u
FFPROBE="${FFPROBE_PATH:-/usr/bin/ffprobe}"
if [ -x "$FFPROBE" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ffprobe is missing: installing Debian's ffmpeg package for the recording journey…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq ffmpeg >/dev/null; then
    [ -x "$FFPROBE" ] && exit 0
  fi
  echo "ERROR: installing ffmpeg with apt-get failed; the recording journey cannot check its file." >&2
  exit 1
fi
cat >&2 <<MSG
ERROR: the recording journey needs ffprobe at $FFPROBE, and this user cannot install it.
       Install it once as root:   sudo apt-get install -y ffmpeg
       or point FFPROBE_PATH at an existing ffprobe binary.
MSG
exit 1
