# syntax=docker/dockerfile:1
# Switchyard's image: the bundled server, the built admin UI and the one-file edge, on a Node.js runtime.
#   docker build -t switchyard .
#   docker build --build-arg NODE_IMAGE=localhost/debian-node:20 -t switchyard .   # a base image built elsewhere
# NODE_IMAGE is any Debian-based image with Node.js 20.19 or later (npm in the build stage).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# A CA bundle for npm's TLS where a proxy re-signs the registry's certificate (deploy/image/smoke.sh passes the
# build machine's, mounted); unset elsewhere. Build arguments stay out of the final image.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /src
COPY . .
# The server, the admin UI and the packages they bundle; the docs site's dependencies stay out.
RUN npm ci --no-audit --no-fund --include-workspace-root \
      -w @switchyard/server -w @switchyard/admin \
      -w @switchyard/access -w @switchyard/evaluation -w @switchyard/rules -w @switchyard/compression \
 && node apps/server/scripts/build.mjs \
 && node -e "import('./apps/admin/scripts/build-inputs.mjs').then((m) => process.exit(m.buildAdminUiUnlessCurrent() ? 0 : 1))" \
 && npx tsx apps/server/scripts/build-edge.ts

# Only the server's runtime dependencies: the bundle imports them from node_modules, the workspace packages are inside it.
FROM ${NODE_IMAGE} AS runtime-deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
# Every workspace's manifest must be there for npm ci to accept the lock file; only the server's are installed.
COPY . .
RUN npm ci --no-audit --no-fund --omit=dev -w @switchyard/server && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=4242
# A user of its own, by number, so Kubernetes' runAsNonRoot can check it.
RUN groupadd --system --gid 10001 switchyard \
 && useradd --system --uid 10001 --gid switchyard --home-dir /app --shell /usr/sbin/nologin switchyard \
 && mkdir -p /data && chown switchyard:switchyard /data
WORKDIR /app
COPY --from=runtime-deps /app/package.json ./
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/admin/dist apps/admin/dist
USER 10001:10001
# The embedded database (when DATABASE_URL is unset) lives here: mount a volume.
VOLUME ["/data"]
EXPOSE 4242
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const base = (process.env.BASE_URI_PATH ?? '').replace(/^\\/+|\\/+$/g, ''); fetch(`http://127.0.0.1:${process.env.PORT}${base ? '/' + base : ''}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The V8 settings of apps/server/scripts/node-flags.mjs (a test keeps them equal). The edge is the same image:
#   command: node apps/server/dist/switchyard-edge.mjs   (UPSTREAM_URL, TOKENS; port 3063)
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.mjs"]
