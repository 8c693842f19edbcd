#!/usr/bin/env bash
# Builds a Node.js base image for the Dockerfile's NODE_IMAGE from Debian's packages alone, for machines that reach
# Debian's package mirror but no image registry:
#   1. debootstrap a Debian bookworm root filesystem (variant minbase) from the mirror apt already uses;
#   2. import it as localhost/debian-bookworm:minbase;
#   3. add this machine's Node.js (>= 20.19, with npm) in a build stage: localhost/debian-node:20.
# Then:  podman build --build-arg NODE_IMAGE=localhost/debian-node:20 -t switchyard .
# Elsewhere the Dockerfile's default, node:20-bookworm-slim, needs none of this.
#
# Needs root, debootstrap and podman (apt-get install -y podman buildah debootstrap). Environment:
#   ENGINE (podman) and its options (engine.sh), WORK (/var/tmp/switchyard-image), MIRROR (the first deb.debian.org-style URI apt uses),
#   BASE_TAG (localhost/debian-bookworm:minbase), NODE_TAG (localhost/debian-node:20).
set -euo pipefail

WORK=${WORK:-/var/tmp/switchyard-image}
BASE_TAG=${BASE_TAG:-localhost/debian-bookworm:minbase}
NODE_TAG=${NODE_TAG:-localhost/debian-node:20}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=engine.sh
source "$HERE/engine.sh"

if [[ -z "${MIRROR:-}" ]]; then
  # The first Debian (not security) URI of apt's own sources, deb822 or one-line format.
  MIRROR=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null |
    grep -v security | grep -oE 'https?://[^ ]+' | head -n1 || true)
fi
: "${MIRROR:?no Debian mirror found in /etc/apt/sources.list*: set MIRROR}"

node_bin=$(command -v node)
node_version=$("$node_bin" -p 'process.versions.node')
if ! "$node_bin" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
  echo "Node.js $node_version at $node_bin is older than 20.19" >&2
  exit 1
fi
npm_dir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)

mkdir -p "$WORK"
rootfs="$WORK/rootfs"
if [[ ! -x "$rootfs/bin/sh" ]]; then
  echo "[base] debootstrap bookworm (minbase) from $MIRROR into $rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 20 "$WORK/debootstrap.log" >&2; exit 1; }
fi

echo "[base] importing $rootfs as $BASE_TAG"
# Package lists and caches stay out of the image.
tar --numeric-owner -C "$rootfs" \
  --exclude=./var/cache/apt/archives --exclude=./var/lib/apt/lists --exclude=./proc --exclude=./sys --exclude=./dev \
  -cf - . | engine import --change 'CMD ["/bin/bash"]' - "$BASE_TAG" >/dev/null

echo "[base] adding Node.js $node_version ($node_bin) and npm ($npm_dir): $NODE_TAG"
context="$WORK/node-context"
rm -rf "$context" && mkdir -p "$context"
cp "$node_bin" "$context/node"
cp -a "$npm_dir" "$context/npm"
# shellcheck disable=SC2086
engine build $ENGINE_LIMITS --format docker --build-arg "BASE_IMAGE=$BASE_TAG" -f "$HERE/node-base.Containerfile" -t "$NODE_TAG" "$context"
# shellcheck disable=SC2086
engine run --rm $ENGINE_LIMITS --network=none "$NODE_TAG" node -p '`node ${process.version}, npm ` + require("/usr/local/lib/node_modules/npm/package.json").version'
