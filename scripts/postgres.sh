#!/usr/bin/env bash
# Start a local PostgreSQL server for the store tests and print its URL on stdout.
#
#   export ARBITRE_TEST_PG="$(bash scripts/postgres.sh)"
#
# Idempotent: installs Debian's `postgresql` package when missing (apt-get, root or sudo),
# creates the cluster if there is none, starts it if it is down (listening on 127.0.0.1 only),
# then creates (or updates) the role and the database. Messages go to stderr, the URL alone
# to stdout. Settings: ARBITRE_PG_USER (arbitre), ARBITRE_PG_PASSWORD (arbitre),
# ARBITRE_PG_DB (arbitre_test).
set -euo pipefail

PG_USER="${ARBITRE_PG_USER:-arbitre}"
PG_PASSWORD="${ARBITRE_PG_PASSWORD:-arbitre}"
PG_DB="${ARBITRE_PG_DB:-arbitre_test}"

say() { echo "postgres.sh : $*" >&2; }
die() { say "$*"; exit 1; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || die "il faut être root (ou avoir sudo) pour installer et démarrer PostgreSQL."
  SUDO="sudo"
fi
as_postgres() { $SUDO runuser -u postgres -- "$@"; }

# 1. The package.
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  say "installation de PostgreSQL (apt)…"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q >&2
  $SUDO apt-get install -y -q postgresql >&2
fi
command -v pg_lsclusters >/dev/null 2>&1 || die "pg_lsclusters introuvable : le paquet postgresql-common est-il installé ?"

# 2. A cluster (the first one listed; created when there is none).
cluster_line() { pg_lsclusters -h 2>/dev/null | head -n 1; }
if [ -z "$(cluster_line)" ]; then
  version="$(ls /usr/lib/postgresql/ | sort -V | tail -n 1)"
  say "création du cluster $version/main…"
  $SUDO pg_createcluster "$version" main >&2
fi
read -r version name port status _ <<<"$(cluster_line)"

# 3. Running (pg_ctlcluster drops to the cluster's owner, postgres).
if [ "$status" != "online" ]; then
  say "démarrage du cluster $version/$name (port $port, 127.0.0.1)…"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start -- \
    -o "-c listen_addresses=127.0.0.1" >&2
fi
for _ in $(seq 1 60); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || die "le serveur ne répond pas sur 127.0.0.1:$port (voir /var/log/postgresql/)."

# 4. Role and database (psql variables are quoted by psql itself: :'name' and :"name").
as_postgres psql -q -v ON_ERROR_STOP=1 -p "$port" -d postgres \
  -v user="$PG_USER" -v password="$PG_PASSWORD" -v db="$PG_DB" >&2 <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
ALTER ROLE :"user" WITH LOGIN PASSWORD :'password';
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL

say "prêt : base $PG_DB sur 127.0.0.1:$port."
echo "postgresql://$PG_USER:$PG_PASSWORD@127.0.0.1:$port/$PG_DB"
