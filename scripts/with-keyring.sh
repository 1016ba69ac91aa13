#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring,
# so the keytar adapter is tested against a real Secret Service. HOME and the
# XDG folders point at a temporary folder: nothing lands in the real home.
# Without dbus-run-session or gnome-keyring-daemon the command runs as it is
# (the keychain tests then report themselves skipped, with the reason).
set -euo pipefail
if [ "${DATABRIDGE_IN_KEYRING:-}" = 1 ] || ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  exec "$@"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/config" "$tmp/data" "$tmp/cache" "$tmp/runtime"
chmod 700 "$tmp/runtime"
export DATABRIDGE_KEYRING_HOME="$tmp/home"
export DATABRIDGE_IN_KEYRING=1
# The inner shell unlocks a fresh login keyring (an empty password on stdin),
# exports the daemon's variables, then runs the command.
exec env HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" \
  XDG_CACHE_HOME="$tmp/cache" XDG_RUNTIME_DIR="$tmp/runtime" \
  dbus-run-session -- bash -c '
    eval "$(printf "\n" | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
    export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
    exec "$@"
  ' bash "$@"
