#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests.
#
# Two ways to use it:
#
#   bash scripts/postgres-cluster.sh run <command> [args...]
#       Starts a cluster, runs the command with DATABASE_URL exported,
#       stops the cluster and removes its directory whatever happens, and
#       exits with the command's status. Example:
#         bash scripts/postgres-cluster.sh run npx vitest run
#
#   source scripts/postgres-cluster.sh
#   pg_cluster_start      # exports DATABASE_URL, PG_CLUSTER_DIR, PG_CLUSTER_PORT
#   ...
#   pg_cluster_stop       # idempotent; call it from an EXIT trap
#
# PostgreSQL refuses to run as root, so as root the cluster belongs to the
# `postgres` user (runuser); otherwise it runs as the current user. It
# listens on 127.0.0.1 only, on a free non-default port, with trust auth,
# and with durability switched off (fsync, full-page writes): the data is
# thrown away at the end anyway.

pg_cluster__bin_dir() {
  local dir
  if [[ -n "${PG_BIN_DIR:-}" ]]; then
    echo "$PG_BIN_DIR"
    return
  fi
  # Newest installed major version first.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return
    fi
  done
  return 1
}

pg_cluster__free_port() {
  node -e '
    const net = require("node:net");
    const tryPort = () => {
      const server = net.createServer();
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address();
        server.close(() => (port === 5432 ? tryPort() : console.log(port)));
      });
    };
    tryPort();
  '
}

# Runs a PostgreSQL binary as the cluster's owner.
pg_cluster__as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

pg_cluster_start() {
  local bin port dir db
  bin=$(pg_cluster__bin_dir) || {
    echo "postgres-cluster: PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin." >&2
    echo "postgres-cluster: install them with: apt-get install -y postgresql" >&2
    return 1
  }
  if [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
    echo "postgres-cluster: running as root but there is no 'postgres' user to own the cluster." >&2
    return 1
  fi
  db=${PG_CLUSTER_DB:-gavel_test}
  # Callers may run this where `set -e` does not apply: every step is checked.
  dir=$(mktemp -d "${TMPDIR:-/tmp}/gavel-pg.XXXXXX") || return 1
  export PG_CLUSTER_DIR=$dir
  export PG_CLUSTER_BIN=$bin
  if [[ $(id -u) -eq 0 ]]; then
    chown postgres: "$dir" || return 1
  fi
  chmod 700 "$dir" || return 1

  echo "postgres-cluster: initdb in $dir ($bin)"
  if ! pg_cluster__as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    echo "postgres-cluster: initdb failed" >&2
    return 1
  fi

  local attempt
  for attempt in 1 2 3; do
    port=$(pg_cluster__free_port) || return 1
    if pg_cluster__as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null; then
      break
    fi
    # Another process may have taken the port between the probe and the start.
    port=""
    echo "postgres-cluster: start attempt $attempt failed:" >&2
    tail -n 5 "$dir/server.log" >&2 || true
  done
  if [[ -z "$port" ]]; then
    echo "postgres-cluster: could not start PostgreSQL" >&2
    return 1
  fi
  export PG_CLUSTER_PORT=$port

  # pg_ctl -w already waited; make sure TCP connections are accepted too.
  local i
  for i in $(seq 1 50); do
    if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then break; fi
    sleep 0.2
  done
  if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then
    echo "postgres-cluster: server on port $port is not ready" >&2
    return 1
  fi

  "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db" || return 1
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/$db"
  echo "postgres-cluster: PostgreSQL $("$bin/pg_ctl" --version | awk '{print $3}') ready at $DATABASE_URL"
}

pg_cluster_stop() {
  local dir=${PG_CLUSTER_DIR:-}
  [[ -n "$dir" ]] || return 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    pg_cluster__as_owner "$PG_CLUSTER_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      pg_cluster__as_owner "$PG_CLUSTER_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  echo "postgres-cluster: stopped and removed $dir"
  unset PG_CLUSTER_DIR PG_CLUSTER_PORT DATABASE_URL
}

# Executed rather than sourced: `run <command...>`.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  if [[ "${1:-}" != "run" || $# -lt 2 ]]; then
    echo "usage: bash $0 run <command> [args...]" >&2
    exit 2
  fi
  shift
  trap pg_cluster_stop EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  pg_cluster_start
  status=0
  "$@" || status=$?
  exit "$status"
fi
