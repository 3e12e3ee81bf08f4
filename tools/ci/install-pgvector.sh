#!/usr/bin/env bash
# Builds and installs pgvector for the system PostgreSQL when its `vector` extension is missing.
# Debian bookworm ships no pgvector for PostgreSQL 15, so we build Debian trixie's source package (about 25 s).
set -euo pipefail

pg_major=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
pg_config="/usr/lib/postgresql/${pg_major}/bin/pg_config"
[ -x "$pg_config" ] || { echo "install-pgvector: no pg_config for PostgreSQL ${pg_major:-?}" >&2; exit 1; }

if [ -f "$("$pg_config" --sharedir)/extension/vector.control" ]; then
  echo "install-pgvector: vector already installed for PostgreSQL ${pg_major}"
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s "postgresql-server-dev-${pg_major}" >/dev/null 2>&1 || ! command -v dpkg-source >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq "postgresql-server-dev-${pg_major}" dpkg-dev build-essential >/dev/null
fi

# A private apt configuration that only knows trixie's source index, so the system's lists are untouched.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
echo "deb-src http://deb.debian.org/debian trixie main" > "$work/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=-"
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Get::List-Cleanup=0" -o "APT::Sandbox::User=root")
apt-get "${apt_opts[@]}" update -qq
(cd "$work" && apt-get "${apt_opts[@]}" source -qq pgvector >/dev/null)
src=$(find "$work" -maxdepth 1 -type d -name 'pgvector-*' | head -n1)
[ -n "$src" ] || { echo "install-pgvector: source package not unpacked" >&2; exit 1; }

make -C "$src" -s PG_CONFIG="$pg_config" OPTFLAGS="" >/dev/null
make -C "$src" -s PG_CONFIG="$pg_config" OPTFLAGS="" install >/dev/null
echo "install-pgvector: installed $(basename "$src") for PostgreSQL ${pg_major}"
