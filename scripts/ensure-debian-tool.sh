#!/usr/bin/env bash
# Makes sure a tool the tests drive is there: installs its Debian package when it is missing and we
# may (root), otherwise says clearly what to do. Exit 0 when a usable binary is there.
#   ensure-debian-tool.sh BINARY PACKAGE PATH_VARIABLE "WHO NEEDS IT"
set -u
BINARY="$1"
PACKAGE="$2"
PATH_VARIABLE="$3"
NEEDED_BY="$4"
NAME="$(basename "$BINARY")"
if [ -x "$BINARY" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "$NAME is missing: installing Debian's $PACKAGE package for $NEEDED_BY…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq "$PACKAGE" >/dev/null; then
    [ -x "$BINARY" ] && exit 0
  fi
  echo "ERROR: installing $PACKAGE with apt-get failed; $NEEDED_BY cannot run." >&2
  exit 1
fi
cat >&2 <<MSG
ERROR: $NEEDED_BY need $NAME at $BINARY, and this user cannot install it.
       Install it once as root:   sudo apt-get install -y $PACKAGE
       or point $PATH_VARIABLE at an existing $NAME binary.
MSG
exit 1
