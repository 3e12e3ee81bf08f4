#!/usr/bin/env bash
# Installs (when absent) and (re)starts the PostgreSQL and RabbitMQ servers the infrastructure tests use,
# then waits until both answer. Idempotent: safe on a machine where they already run.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
here=$(cd "$(dirname "$0")" && pwd)

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  apt-get install -y -qq "$@" >/dev/null
}

# PostgreSQL
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then apt_install postgresql; fi
pg_major=$(ls /etc/postgresql | sort -V | tail -n1)
pg_ctlcluster --skip-systemctl-redirect "$pg_major" main start 2>/dev/null || true
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
pg_isready -h 127.0.0.1 -p 5432 || { echo "start-services: PostgreSQL did not come up" >&2; exit 1; }
"$here/install-pgvector.sh"

# Tests connect as postgres over TCP to the `test` database; create it when a fresh cluster lacks it.
psql_admin() { psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt "$@" 2>/dev/null || su postgres -c "psql -v ON_ERROR_STOP=1 -qAt $(printf '%q ' "$@")"; }
if ! psql_admin -d postgres -c "select 1 from pg_database where datname='test'" | grep -q 1; then
  psql_admin -d postgres -c "create database test"
fi

# RabbitMQ
if ! command -v rabbitmq-server >/dev/null; then apt_install rabbitmq-server; fi
if ! rabbitmqctl -q status >/dev/null 2>&1; then
  rabbitmq-server -detached
fi
for _ in $(seq 1 60); do rabbitmqctl -q await_startup >/dev/null 2>&1 && break; sleep 1; done
rabbitmqctl -q await_startup || { echo "start-services: RabbitMQ did not come up" >&2; exit 1; }
echo "start-services: PostgreSQL ${pg_major} and RabbitMQ are up"
