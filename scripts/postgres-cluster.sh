#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests: `initdb` in a temporary folder, its own port on
# 127.0.0.1, trust authentication for the local superuser, nothing kept.
#
#   eval "$(scripts/postgres-cluster.sh start)"   # exports PG_CLUSTER_DIR and TEST_DATABASE_URL
#   scripts/postgres-cluster.sh halt              # stops the server, keeps its data (an outage)
#   scripts/postgres-cluster.sh resume            # starts it again on the same port
#   scripts/postgres-cluster.sh stop              # stops it and deletes the folder
#
# Needs PostgreSQL's server binaries (Debian: apt-get install postgresql). PostgreSQL refuses to
# run as root; as root the cluster runs as the `postgres` user the Debian package creates.
set -euo pipefail

bin_dir() {
  local initdb
  initdb=$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$initdb" ] || { echo "postgres-cluster: initdb not found (apt-get install postgresql)" >&2; exit 1; }
  dirname "$initdb"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cluster_dir() {
  echo "${PG_CLUSTER_DIR:?PG_CLUSTER_DIR is not set: start the cluster with eval \"\$(scripts/postgres-cluster.sh start)\"}"
}

launch() {
  local dir=$1
  as_owner "$(bin_dir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
}

halt() {
  as_owner "$(bin_dir)/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}

case "${1:-}" in
  start)
    bin=$(bin_dir)
    port=${PG_CLUSTER_PORT:-55432}
    dir=$(mktemp -d /tmp/pathforge-pg-XXXXXX)
    echo "$port" >"$dir/port"
    [ "$(id -u)" = 0 ] && chown -R postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    launch "$dir"
    echo "export PG_CLUSTER_DIR=$dir"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  halt) halt "$(cluster_dir)" ;;
  resume) launch "$(cluster_dir)" ;;
  stop)
    dir=$(cluster_dir)
    halt "$dir"
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/postgres-cluster.sh start|halt|resume|stop" >&2
    exit 2
    ;;
esac
