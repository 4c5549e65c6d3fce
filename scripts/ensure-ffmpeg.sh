#!/usr/bin/env bash
# The call-recording journey checks the recorded file with a real media tool: Debian's ffprobe
# (package ffmpeg).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${FFPROBE_PATH:-/usr/bin/ffprobe}" ffmpeg FFPROBE_PATH "the recording journey"
