#!/usr/bin/env bash
# A throw-away Redis for tests: its own port on 127.0.0.1, nothing written to disk, in a temporary
# folder. The same shape as scripts/postgres-cluster.sh:
#
#   eval "$(scripts/redis-server.sh start)"   # exports REDIS_TEST_DIR and TEST_REDIS_URL
#   scripts/redis-server.sh halt              # stops the server (an outage)
#   scripts/redis-server.sh resume            # starts it again on the same port (empty)
#   scripts/redis-server.sh stop              # stops it and deletes the folder
#
# Needs Redis's server (Debian: apt-get install redis-server).
set -euo pipefail

server_dir() {
  echo "${REDIS_TEST_DIR:?REDIS_TEST_DIR is not set: start the server with eval \"\$(scripts/redis-server.sh start)\"}"
}

launch() {
  local dir=$1 port
  port=$(cat "$dir/port")
  command -v redis-server >/dev/null || { echo "redis-server: not found (apt-get install redis-server)" >&2; exit 1; }
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
  for _ in $(seq 100); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  cat "$dir/redis.log" >&2
  exit 1
}

halt() {
  local dir=$1
  redis-cli -p "$(cat "$dir/port")" shutdown nosave >/dev/null 2>&1 || true
  for _ in $(seq 100); do
    [ -e "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null || return 0
    sleep 0.05
  done
}

case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/pathforge-redis-XXXXXX)
    echo "${REDIS_TEST_PORT:-56379}" >"$dir/port"
    launch "$dir"
    echo "export REDIS_TEST_DIR=$dir"
    echo "export TEST_REDIS_URL=redis://127.0.0.1:$(cat "$dir/port")"
    ;;
  halt) halt "$(server_dir)" ;;
  resume) launch "$(server_dir)" ;;
  stop)
    dir=$(server_dir)
    halt "$dir"
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/redis-server.sh start|halt|resume|stop" >&2
    exit 2
    ;;
esac
