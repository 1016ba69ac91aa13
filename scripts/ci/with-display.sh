#!/usr/bin/env bash
# Runs a command the way the real-OS workflow needs a window to run: on Linux under a virtual
# X display (xvfb-run) inside a private D-Bus session with an unlocked keyring
# (scripts/with-keyring.sh); on macOS and Windows, which have a desktop session, as it is.
set -euo pipefail
if [ "$(uname -s)" = Linux ]; then
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  exec xvfb-run --auto-servernum --server-args='-screen 0 1280x1024x24' \
    "$here/../with-keyring.sh" "$@"
fi
exec "$@"
