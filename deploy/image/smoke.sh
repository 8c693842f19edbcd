#!/usr/bin/env bash
# Builds Switchyard's image, runs it on PostgreSQL, drives it with the official Node SDK and prints its size and
# idle memory with 1,000 flags. Run by hand (not by CI) as root on a machine with podman:
#   deploy/image/smoke.sh
# Environment:
#   NODE_IMAGE   the Dockerfile's base image; unset: build localhost/debian-node:20 with build-local-base.sh
#   PG_URL       a PostgreSQL server the container reaches over the host's network (postgres://postgres@127.0.0.1:5432)
#   PORT (4343), WORKERS (2), FLAGS (1000), IMAGE (localhost/switchyard:smoke), SKIP_BUILD=1 to reuse the image.
#   REPLICAS (2): containers started together on the one database (ports PORT, PORT+1, ...), as the chart's replicas
#                 are; the Node SDK on each later replica must see a change made through the first.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=engine.sh
source "$ROOT/deploy/image/engine.sh"
IMAGE=${IMAGE:-localhost/switchyard:smoke}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-4343}
WORKERS=${WORKERS:-2}
FLAGS=${FLAGS:-1000}
REPLICAS=${REPLICAS:-2}
NAME=switchyard-smoke
DB=switchyard_smoke
ADMIN='*:*.smoke-admin'
CLIENT='*:development.smoke-client'
say() { echo "[smoke] $*"; }

cd "$ROOT"
if [[ -z "${NODE_IMAGE:-}" ]]; then
  NODE_IMAGE=localhost/debian-node:20
  engine image exists "$NODE_IMAGE" || deploy/image/build-local-base.sh
fi

if [[ "${SKIP_BUILD:-}" != 1 ]]; then
  say "building $IMAGE on $NODE_IMAGE"
  started=$(date +%s)
  # --network=host: npm ci reaches the registry as this machine does, trusting the CAs this machine trusts
  # (NODE_EXTRA_CA_CERTS, mounted for the build only). The host's npm cache makes reruns cheaper.
  # --format docker keeps HEALTHCHECK, which the OCI format has no field for.
  ca=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
  ca_args=()
  if [[ -f "$ca" ]]; then ca_args=(--volume "$ca:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt); fi
  # shellcheck disable=SC2086
  engine build $ENGINE_LIMITS --format docker --network=host --volume "$HOME/.npm:/root/.npm" "${ca_args[@]}" \
    --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$IMAGE" . >/tmp/switchyard-smoke-build.log 2>&1 ||
    { tail -n 40 /tmp/switchyard-smoke-build.log >&2; exit 1; }
  say "built in $(($(date +%s) - started)) s (log: /tmp/switchyard-smoke-build.log)"
fi
size=$(engine image inspect --format '{{.Size}}' "$IMAGE")
say "image $IMAGE: $((size / 1000000)) MB ($size bytes, uncompressed)"
engine image inspect --format 'user {{.Config.User}}, cmd {{.Config.Cmd}}, healthcheck {{.Config.Healthcheck.Test}}' "$IMAGE"

say "a new database $DB on $PG_URL"
psql -q "$PG_URL/postgres" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"

names=("$NAME")
for ((i = 2; i <= REPLICAS; i++)); do names+=("$NAME-$i"); done
for name in "${names[@]}"; do engine rm -f "$name" >/dev/null 2>&1 || true; done
cleanup() {
  engine logs "$NAME" >/tmp/switchyard-smoke-container.log 2>&1 || true
  for name in "${names[@]}"; do engine rm -f "$name" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
secrets_key=$(head -c 32 /dev/urandom | base64)
urls=()
say "starting ${#names[@]} container(s) together on one database (host network, ports $PORT.., WORKERS=$WORKERS)"
for i in "${!names[@]}"; do
  port=$((PORT + i))
  urls+=("http://127.0.0.1:$port")
  # shellcheck disable=SC2086
  engine run $ENGINE_LIMITS -d --name "${names[$i]}" --network=host \
    -e PORT="$port" -e WORKERS="$WORKERS" -e DATABASE_URL="$PG_URL/$DB" -e SECRETS_KEY="$secrets_key" \
    -e INIT_ADMIN_API_TOKENS="$ADMIN" -e INIT_CLIENT_API_TOKENS="$CLIENT" \
    "$IMAGE" >/dev/null
done
started=$(date +%s%N)
for i in "${!names[@]}"; do
  until curl -fsS "${urls[$i]}/ready" >/dev/null 2>&1; do
    if [[ "$(engine inspect --format '{{.State.Running}}' "${names[$i]}")" != true ]]; then
      engine logs "${names[$i]}" | tail -n 30 >&2
      exit 1
    fi
    if (( ($(date +%s%N) - started) / 1000000000 > 120 )); then say "${names[$i]} not ready after 120 s"; exit 1; fi
    sleep 0.2
  done
done
say "${#names[@]} ready in $((($(date +%s%N) - started) / 1000000)) ms (new database: migrations included)"
engine healthcheck run "$NAME" && say "the image's HEALTHCHECK passes"
engine exec "$NAME" id

node --import tsx deploy/image/smoke-sdk.ts "http://127.0.0.1:$PORT" "$ADMIN" "$CLIENT" "$FLAGS"
if ((REPLICAS > 1)); then node --import tsx deploy/image/smoke-replicas.ts "$ADMIN" "$CLIENT" "${urls[@]}"; fi

# Idle: no requests for 20 s after the SDK left, then the resident memory of every process in the container.
sleep 20
host_pids=$(engine top "$NAME" hpid 2>/dev/null | awk 'NR > 1 { print $1 }')
total=0
for pid in $host_pids; do
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
  say "process $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline" | cut -c1-60)): $((rss / 1024)) MB resident"
  total=$((total + rss))
done
say "idle with $FLAGS flags: $((total / 1024)) MB resident over $(echo "$host_pids" | wc -w) processes (WORKERS=$WORKERS)"
engine stats --no-stream --format 'container memory (cgroup, page cache included): {{.MemUsage}}' "$NAME" || true
say "passed"
