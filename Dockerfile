# syntax=docker/dockerfile:1

# ---- build: full dependencies (dev included), compile better-sqlite3, build the app ----
FROM node:20-bookworm-slim AS build
# better-sqlite3 is compiled from source (no prebuilt download), so node-gyp needs a toolchain.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Compile native addons against the headers the node image ships in /usr/local/include/node,
# instead of node-gyp downloading them from nodejs.org (unreachable here).
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# Dependencies first, so the layer is reused until package*.json changes.
COPY package.json package-lock.json ./
# patches/ holds changes to dependencies that npm ci applies, or fails (postinstall: patch-package,
# docs/upstream-patches.md).
COPY patches ./patches
# scripts/complete-lockfile.mjs keeps the lock complete for every platform, so npm ci works.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime: production node_modules + build output only, no toolchain ----
FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (libvips's, the HEIC and PDF
# decoders' workers) an arena of its own and keeps what they freed; two arenas halve the peak
# memory of a burst of phone photos (docs/performance.md#media).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# ffprobe and ffmpeg read videos' durations and make their posters (docs/operations.md, "Video
# posters and durations"); Debian's package, nothing downloaded at build time besides it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
USER node
VOLUME /data
EXPOSE 3000
# Liveness: /api/status (a database round trip), or /health on a ROLE=web host.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "const p=process.env.ROLE==='web'?'/health':'/api/status';fetch('http://127.0.0.1:'+(process.env.PORT||3000)+p).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (server.ts drains and exits 0). A young
# generation of up to 32 MB per semi-space: a page's garbage dies young (ADR 051).
CMD ["node", "--max-semi-space-size=32", "build/host/server.js"]
