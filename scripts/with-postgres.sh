#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   bash scripts/with-postgres.sh <command...>
# The cluster (trust auth, 127.0.0.1 on a free port, socket in its temp folder) exists only for the
# command; TEST_DATABASE_URL points at its `postgres` database. Stopped and deleted on exit.
set -euo pipefail

find_bin() {
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then echo "$PG_BIN"; return; fi
  local dir
  for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  done
}

if [ $# -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

BIN="$(find_bin)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL server binaries not found; install the 'postgresql' package (as root)." >&2
    exit 1
  fi
  echo "with-postgres: installing PostgreSQL (apt-get)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
  [ -n "$BIN" ] || { echo "PostgreSQL installation did not provide initdb" >&2; exit 1; }
fi

# initdb refuses to run as root: the cluster belongs to the postgres user then.
if [ "$(id -u)" -eq 0 ]; then
  RUN_AS=(runuser -u postgres --)
else
  RUN_AS=()
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$TMP"; fi
chmod 700 "$TMP"
DATA="$TMP/data"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  local status=$?
  if [ -f "$DATA/postmaster.pid" ]; then
    "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${RUN_AS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$TMP/initdb.log" 2>&1 \
  || { cat "$TMP/initdb.log" >&2; exit 1; }
# Durability is pointless for a cluster deleted after the run; speed is not.
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$TMP/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$TMP -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$TMP/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2

# Not exec: the trap must run after the command to remove the cluster.
"$@"
