#!/usr/bin/env bash
# Prints a TEST_DATABASE_URL for the integration tests' PostgreSQL half, starting the machine's PostgreSQL cluster
# on loopback when it is installed but stopped (Debian's `postgresql` package; run as root). Prints nothing when
# there is no PostgreSQL to use. Sourced by scripts/test-all.sh and .ci/run.
set -u
if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "$TEST_DATABASE_URL"; exit 0; fi
command -v pg_ctlcluster >/dev/null 2>&1 || exit 0
[ "$(id -u)" = "0" ] || exit 0
PGVER=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
[ -n "$PGVER" ] || exit 0
pg_lsclusters -h | grep -q "^$PGVER main" || pg_createcluster "$PGVER" main >/dev/null 2>&1
pg_ctlcluster "$PGVER" main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do su postgres -c "pg_isready -q -h 127.0.0.1" && break; sleep 1; done
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_roles WHERE rolname='kubex'\" | grep -q 1 || psql -q -c \"CREATE ROLE kubex LOGIN SUPERUSER PASSWORD 'kubex'\"" >/dev/null 2>&1
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_database WHERE datname='kubex'\" | grep -q 1 || psql -q -c 'CREATE DATABASE kubex OWNER kubex'" >/dev/null 2>&1
echo "postgres://kubex:kubex@127.0.0.1:5432/kubex"
