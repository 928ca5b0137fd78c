# syntax=docker/dockerfile:1
# SM Roadmap: one process serving the web app and the API (docs/operations.md, "Docker").
#   docker build -t sm-roadmap .
#   docker run -p 3000:3000 -v smroadmap-data:/data -e JWT_SECRET=... sm-roadmap

# --- build: every dependency (better-sqlite3 may compile), then the web app into dist/web
FROM node:20-bookworm-slim AS build
# Only needed when no prebuilt better-sqlite3 binary fits: node-gyp compiles it then.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Production dependencies only.
RUN npm prune --omit=dev --no-audit --no-fund \
 && node -e "require.resolve('nodemailer'); require('better-sqlite3'); require.resolve('tsx')"

# --- runtime: no compiler, no dev tools, a non-root user
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the app's user: the process can write only to /data (and /tmp).
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/domain ./domain
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks GET /api/health (docs/product.md#running).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs once everything is built (scripts/start.mjs): the server bundle that
# `npm run build` made (dist/server/main.mjs), in this very process (PID 1), so SIGTERM reaches it and
# requests in flight finish before it exits. tsx stays for `npm run demo` inside the container.
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
